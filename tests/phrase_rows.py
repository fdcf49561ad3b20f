"""The rows of a phrase file (web/phrases.py) as written, for tests that read each phrase."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml


GAP_WORD = "aylin"
"""The word a test puts in a phrase's gap (``*``: any one word), a name as players put one."""


def rows(path: Path) -> list[tuple[str, str, str]]:
    """(key, language, phrase) for every phrase of the file, a gap filled with ``GAP_WORD``."""
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [(key, lang, phrase.replace("*", GAP_WORD)) for key, by_lang in data.items()
            for lang, phrases in by_lang.items() for phrase in phrases]


def each_phrase(path: Path, key: str = "facet") -> pytest.MarkDecorator:
    """Parametrize a test with every phrase of the file: ``key`` (its check or facet),
    ``lang`` and ``phrase``."""
    found = rows(path)
    return pytest.mark.parametrize((key, "lang", "phrase"), found,
                                   ids=[f"{k}-{lang}-{p}" for k, lang, p in found])


def check_written(lang: str, phrase: str) -> None:
    """A phrase is under one of the three languages, and written as it is compared."""
    from web.phrases import fold

    assert lang in ("tr", "de", "en"), f"{phrase}: no language {lang}"
    assert fold(phrase) == phrase, f"{phrase}: write phrases folded: lowercase, no accents " \
                                   "or Turkish letters"
