"""The rule book: complete in three languages, links and ids intact, and bad data refused
with a message naming the file and the rule."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rules_data import LANGS, RuleDataError, load, rulebook
from rules_data.loader import DATA_DIR
from rules_data.schema import LINK

TABLE_IDS = {"101", "102", "103", "104", "105", "201", "202", "203", "204", "205", "301", "302",
             "401", "402", "403", "404", "405", "406", "501", "502", "503", "601", "602", "603",
             "604", "605", "606", "701", "702", "703", "704", "705", "706", "801", "802"}
BAD = Path(__file__).parent / "fixtures" / "bad_rules"
KNOWN_DISAGREEMENTS = {"play_direction", "fake_indicator", "wrap_13_1", "failed_pickup",
                       "elden_scoring", "pair_opener_double", "islek_last_tile",
                       "okey_in_hand", "okey_discard", "fake_joker_role", "plain_match",
                       "flat_penalties_double", "player_count", "starting_player"}


def test_every_table_rule_is_there() -> None:
    assert TABLE_IDS <= set(rulebook().rules)
    assert len(TABLE_IDS) == 35


SEED_TABLE = Path(__file__).parent / "fixtures" / "seed_table.tsv"
"""The seed table's rows, copied into the repository so that a bare clone runs the suite."""


def test_the_table_ids_match_the_seed_table() -> None:
    ids = set(re.findall(r"^([1-8]0[1-9])\t", SEED_TABLE.read_text(encoding="utf-8"),
                         re.MULTILINE))
    assert ids == TABLE_IDS


def test_every_field_in_every_language() -> None:
    for rule in rulebook():
        for lang in LANGS:
            assert rule.title[lang].strip() and rule.body[lang].strip(), (rule.id, lang)
            assert rule.keywords[lang], (rule.id, lang)
        category = rulebook().category_of(rule)
        assert all(category.subcategories[rule.subcategory][lang] for lang in LANGS)


def test_links_related_and_counterparts_resolve() -> None:
    book = rulebook()
    for rule in book:
        for target in (*rule.links(), *rule.related):
            assert target in book and target != rule.id, (rule.id, target)
        if rule.counterpart:
            other = book.rule(rule.counterpart)
            assert other.counterpart == rule.id or rule.id in other.related
            assert set(other.variants) != set(rule.variants)
    for term in book.glossary:
        assert all(r in book for r in term.rules) and term.rules


def test_ids_sit_in_their_category_hundred() -> None:
    book = rulebook()
    for rule in book:
        assert int(rule.id) // 100 == book.category_of(rule).hundred, rule.id


def test_every_known_disagreement_is_a_house_rule_with_sources_and_defaults() -> None:
    book = rulebook()
    assert KNOWN_DISAGREEMENTS <= set(book.house_rules)
    for option, (house, rule_id) in book.house_rules.items():
        rule = book.rule(rule_id)
        assert house.default is not None
        for variant in rule.variants:
            assert house.default.get(variant) in house.choice_ids, (option, variant)
        sources = {ref.doc for choice in house.choices for ref in choice.sources}
        assert len(sources) >= 2, option


def test_turkish_table_words_are_given_in_parentheses() -> None:
    words = ("okey", "gösterge", "ıstaka", "per", "işlek", "el açmak", "çifte gitmek",
             "elden bitmek")
    text = {lang: " ".join(rule.body[lang] for rule in rulebook()) for lang in ("de", "en")}
    for lang, body in text.items():
        for word in words:
            if word in body:
                assert f"({word}" in body, (lang, word)


def copy_of_the_data(tmp_path: Path) -> Path:
    """The shipped rule data copied under ``tmp_path``, to be spoilt by a test."""
    root = tmp_path / "rules_data"
    shutil.copytree(DATA_DIR, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return root


@pytest.mark.parametrize(("case", "rule", "says"), [
    ("missing_translation", "890", "de"),
    ("unknown_related", "891", "999"),
    ("duplicate_id", "101", "duplicate"),
    ("dangling_link", "892", "998"),
    ("bad_id", None, "89x"),
    ("house_rule_without_default", "893", "default"),
    ("duplicate_key", None, "variants"),
    ("empty_reading", "894", "reading"),
])
def test_bad_data_fails_naming_file_and_rule(tmp_path: Path, case: str, rule: str | None,
                                             says: str) -> None:
    root = copy_of_the_data(tmp_path)
    shutil.copy(BAD / f"{case}.yaml", root / "rules" / "9_bad.yaml")
    with pytest.raises(RuleDataError) as error:
        load(root)
    problems = [p for p in error.value.problems if p.file.endswith("9_bad.yaml")]
    assert problems, str(error.value)
    assert any(says in p.message or says in str(p) for p in problems), str(error.value)
    if rule is not None:
        assert any(p.rule == rule for p in problems), str(error.value)


def test_the_shipped_data_loads_without_problems() -> None:
    book = load(DATA_DIR)
    assert len(book.rules) >= 56 and book.content_hash == rulebook().content_hash
    assert not any(LINK.search(t.term["en"]) for t in book.glossary)


@pytest.mark.parametrize(("asked", "says"), [
    ('"999": {tr: [a], de: [b], en: [c]}\n', "does not exist"),
    ('"101": {tr: [a], de: [b]}\n', "en"),
    ('"101": {tr: [a], de: [b], en: []}\n', "en"),
])
def test_bad_questions_of_players_fail_naming_the_file(tmp_path: Path, asked: str,
                                                       says: str) -> None:
    root = copy_of_the_data(tmp_path)
    (root / "asked.yaml").write_text("rules:\n  " + asked, encoding="utf-8")
    with pytest.raises(RuleDataError) as error:
        load(root)
    assert any(p.file == "asked.yaml" and says in str(p) for p in error.value.problems), \
        str(error.value)


def test_every_rule_has_players_questions_in_every_language() -> None:
    """Search finds a rule by how players ask about it (asked.yaml); a rule without them is
    found by its own words only, which players seldom use."""
    book = rulebook()
    assert set(book.asked) == set(book.rules)
    for rule_id, asked in book.asked.items():
        for lang in LANGS:
            assert len(asked[lang]) >= 8, (rule_id, lang)
