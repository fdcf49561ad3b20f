"""The variants comparison (rules_data/variants.yaml): loaded, complete, and checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from rules_data import rulebook
from rules_data.loader import DATA_DIR, RuleDataError, load

TOPICS = {"players", "tiles_dealt", "who_starts", "opening", "melds", "one_after_thirteen",
          "pairs", "finishing", "discarding_the_okey", "penalties", "scoring", "game_end"}
"""The points issue 5 names; the file may hold more."""


def test_the_shipped_comparison_covers_every_point_in_three_languages() -> None:
    rows = rulebook().variants
    assert TOPICS <= {row.id for row in rows}
    for row in rows:
        for variant in ("101", "plain"):
            cell = row.cell(variant)
            assert all(cell.text[lang].strip() for lang in ("tr", "de", "en"))
            assert all(rule_id in rulebook() for rule_id in cell.rules)


def test_a_cell_cites_a_rule_of_its_variant() -> None:
    book = rulebook()
    for row in book.variants:
        for variant in ("101", "plain"):
            cited = [book.rule(r) for r in row.cell(variant).rules]
            assert any(variant in rule.variants for rule in cited), (row.id, variant)


@pytest.fixture()
def data_copy(tmp_path: Path) -> Path:
    """A private copy of the rule book's data to break."""
    root = tmp_path / "rules_data"
    shutil.copytree(DATA_DIR, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return root


def edit_variants(root: Path, change: object) -> None:
    path = root / "variants.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_the_copy_loads(data_copy: Path) -> None:
    assert load(data_copy).variants == rulebook().variants


def test_an_unknown_rule_id_fails_naming_the_file_and_row(data_copy: Path) -> None:
    edit_variants(data_copy, lambda d: d["rows"][0]["plain"]["rules"].append("999"))
    with pytest.raises(RuleDataError) as error:
        load(data_copy)
    (problem,) = error.value.problems
    assert problem.file == "variants.yaml"
    assert "999" in problem.message and "players" in problem.message


def test_a_missing_translation_fails_naming_the_file(data_copy: Path) -> None:
    edit_variants(data_copy, lambda d: d["rows"][1]["101"]["text"].pop("de"))
    with pytest.raises(RuleDataError) as error:
        load(data_copy)
    assert [p.file for p in error.value.problems] == ["variants.yaml"]
    assert "missing translation" in str(error.value) and "'tiles_dealt'" in str(error.value)


def test_a_duplicate_row_fails(data_copy: Path) -> None:
    edit_variants(data_copy, lambda d: d["rows"].append(d["rows"][0]))
    with pytest.raises(RuleDataError) as error:
        load(data_copy)
    assert "variants.yaml" in str(error.value) and "duplicate row" in str(error.value)


def test_a_cell_without_rules_fails(data_copy: Path) -> None:
    edit_variants(data_copy, lambda d: d["rows"][2]["101"].update(rules=[]))
    with pytest.raises(RuleDataError) as error:
        load(data_copy)
    assert "variants.yaml" in str(error.value)
