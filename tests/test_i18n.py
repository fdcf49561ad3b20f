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


def _reason_calls() -> list[tuple[str, str, set[str] | None]]:
    """Every ``reason(Code.X, …, name=…)`` the engine writes: where, the code, and the value
    names it gives (None where ``**values`` hides them)."""
    import ast

    found: list[tuple[str, str, set[str] | None]] = []
    for path in sorted((ROOT / "referee").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "reason" and node.args):
                continue
            first = node.args[0]
            codes = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            names = {k.arg for k in node.keywords if k.arg is not None}
            hidden = any(k.arg is None for k in node.keywords)
            for code in codes:  # a code held in a variable (``kind``) is not read here
                if isinstance(code, ast.Attribute):
                    found.append((f"{path.name}:{node.lineno}", code.attr,
                                  None if hidden else names))
    return found


def test_every_reason_the_engine_writes_has_the_values_its_message_names() -> None:
    """A message naming a value its reason does not carry fails when it is shown (a 500 on
    the round API once: ``points`` against ``penalty``), so each call is read here."""
    import re

    calls = _reason_calls()
    assert len(calls) > 80
    given_always = {"tiles", "tile", "other", "rule"}
    wrong = []
    for where, name, names in calls:
        code = Code[name]
        if names is None or code in COUNTED:
            if code in COUNTED and names is not None and "count" not in names:
                wrong.append((where, name, {"count"}))
            continue
        template = MESSAGES[code]._args[0]  # the msgid; every catalog keeps its names
        missing = set(re.findall(r"%\((\w+)\)s", template)) - names - given_always
        if missing:
            wrong.append((where, name, missing))
    assert wrong == []
