"""The UI catalogs: complete, not fuzzy, in step with the code and templates, and consistent."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from referee.rulings import Code
from web.reasons import COUNTED, MESSAGES

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "translations"
LANGS = ("tr", "de", "en")


def catalog(lang: str) -> Catalog:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def msgids(cat: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """What the code and templates ask for now, extracted afresh."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract",
                    "-F", "translations/babel.cfg", "-k", "lazy_gettext", "--no-location",
                    "-o", str(pot), "."], cwd=ROOT, check=True)
    with pot.open("rb") as fh:
        return msgids(read_po(fh))


def test_template_is_up_to_date(extracted: set[str]) -> None:
    with (TRANSLATIONS / "messages.pot").open("rb") as fh:
        committed = msgids(read_po(fh))
    assert extracted - committed == set(), "run pybabel extract: new strings are missing"
    assert committed - extracted == set(), "run pybabel extract: old strings are still there"


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete_and_current(lang: str, extracted: set[str]) -> None:
    cat = catalog(lang)
    assert msgids(cat) == extracted, "run pybabel update"
    untranslated = [m.id for m in cat if m.id and not (m.string if isinstance(m.string, str)
                                                       else all(m.string))]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []
    problems = [(m.id, [str(e) for e in errors]) for m, errors in cat.check()]
    assert problems == []


@pytest.mark.parametrize("lang", ("tr", "de"))
def test_translations_are_not_just_copies(lang: str) -> None:
    cat = catalog(lang)
    same = [m.id for m in cat if m.id and m.string == m.id and len(str(m.id)) > 12]
    assert len(same) <= 3, same


def test_every_reason_code_has_a_message() -> None:
    assert set(MESSAGES) | set(COUNTED) == set(Code)
    assert not set(MESSAGES) & set(COUNTED)
