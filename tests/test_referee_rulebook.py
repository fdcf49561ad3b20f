"""The engine and the rule book agree: options, choices, defaults and every cited rule id."""

import re
from pathlib import Path

import pytest

import referee
from referee import Rules, Variant
from referee.rulings import Code
from rules_data import rulebook

ENGINE = Path(referee.__file__).parent


def test_options_match_the_rule_books_house_rules() -> None:
    book = rulebook()
    assert set(Rules.option_names()) == set(book.house_rules)
    for option in Rules.option_names():
        enum_values = {member.value for member in Rules.option_type(option)}
        assert enum_values == set(book.house_rule(option).choice_ids), option


@pytest.mark.parametrize("variant", list(Variant))
def test_presets_take_the_rule_books_defaults(variant: Variant) -> None:
    book = rulebook()
    rules = Rules.preset(variant)
    for option, choice in rules.applied().items():
        house = book.house_rule(option)
        assert house.default is not None
        assert house.default.get(variant.value) == choice
    assert rules.changed() == {}


def test_every_rule_id_the_engine_cites_exists() -> None:
    book = rulebook()
    cited = set()
    for path in ENGINE.glob("*.py"):
        cited |= set(re.findall(r'"([1-9][0-9]{2})"', path.read_text(encoding="utf-8")))
    assert len(cited) > 30
    missing = sorted(rule for rule in cited if rule not in book)
    assert missing == []


def test_reason_codes_are_unique() -> None:
    assert len({c.value for c in Code}) == len(Code)
