"""A failed pickup told in a search question: read (each phrase of
web/pickup_questions.yaml), ruled on by the pickup check, and its rules put first."""

from __future__ import annotations

import pytest

from referee.options import Rules
from tests.phrase_rows import check_written, each_phrase
from web.pickup_questions import CANNOT_OPEN, OPENS, PHRASES_FILE, failed_pickup, pickup_lead
from web.question_leads import referee_lead
from web.question_rulings import lead_of, rule_on

OTHER = {"took_discard": "yandan aldı", "could_not_use": "açamadı"}
"""A phrase of each facet, to read the other beside."""


@each_phrase(PHRASES_FILE)
def test_every_phrase_is_read_as_what_it_tells(facet: str, lang: str, phrase: str) -> None:
    check_written(lang, phrase)
    other = next(text for name, text in OTHER.items() if name != facet)
    assert failed_pickup(f"Also... {phrase.upper()}XY, {other}?")
    assert not failed_pickup(f"Also... {phrase.upper()}XY?")


@pytest.mark.parametrize("query", [
    "can I take the discard before opening", "yandan alabilir miyim", "açamadım",
    "Abwurf nehmen", "x" * 5000,
])
def test_a_question_that_tells_no_failed_pickup_brings_no_ruling(query: str) -> None:
    assert not failed_pickup(query) and pickup_lead(query) == ()


def test_the_racks_are_what_they_say() -> None:
    """No discard opens the first (Y3 does not); R9 opens the second."""
    failed = rule_on("pickup", [("101", {"variant": "101", "indicator": "K1", "tile": "Y3",
                                         "rack": CANNOT_OPEN})], None)
    opened = rule_on("pickup", [("101", {"variant": "101", "indicator": "K1", "tile": "R9",
                                         "rack": OPENS})], None)
    assert lead_of(failed) == (("101", ("406", "705")),)
    assert lead_of(opened) == (("101", ("406", "401")),)


@pytest.mark.parametrize(("choice", "rule"), [("penalty", "705"), ("no_penalty", "708")])
def test_the_table_house_rule_decides_the_rule_that_leads(choice: str, rule: str) -> None:
    table = Rules.preset("101").with_options({"failed_pickup": choice})
    assert referee_lead("she took my discard and can't open", table) == (("101", (rule,)),)


@pytest.mark.parametrize("query", [
    "Abwurf aufgenommen, aber zu wenig Punkte zum Auslegen",
    "yandan aldığım taş işime yaramadı",
    "picked up the discard but not enough points to open",
    # the 101 not reached, told as such
    "took the discard and turns out I can't reach 101, now what",
    "hab den Abwurf genommen und komme nicht auf 101", "yandan aldım ama 101 yapamadım",
    "Lena nimmt den Stein von links, kann dann doch nicht auslegen und legt ihn wieder hin",
    # the tile taken named between the words that tell the taking
    "yandan sarı 9 aldım ama 101'e yetmedi, geri koydum",
])
def test_a_pickup_told_with_a_shortfall_is_a_failed_pickup(query: str) -> None:
    """Too few points to open with the discard taken is a failed pickup (705), not an
    opening short of 101 (701): nothing was laid down."""
    assert referee_lead(query) == (("101", ("705",)),)
