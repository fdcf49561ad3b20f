"""The rows of a phrase file (web/phrases.py) as written, for tests that read each phrase."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


def rows(path: Path) -> list[tuple[str, str, str]]:
    """(key, language, phrase) for every phrase of the file."""
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [(key, lang, phrase) for key, by_lang in data.items()
            for lang, phrases in by_lang.items() for phrase in phrases]


def check_written(lang: str, phrase: str) -> None:
    """A phrase is under one of the three languages, and written as it is compared."""
    from web.phrases import fold

    assert lang in ("tr", "de", "en")
    assert fold(phrase) == phrase, "write phrases folded: lowercase, no accents or Turkish letters"
