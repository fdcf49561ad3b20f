"""Two tiles asked about as a pair in a search question: read (the tiles named, the okeys
and fake jokers named by their word), ruled on by the pair check in each variant, its rules
put first, and shown on the results page as the meld ruling is."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from rules_data.search import SearchIndex
from web.front_door import CheckLink, check_links
from web.question_leads import led_search, read_question
from web.tile_questions import pair_asked


@pytest.mark.parametrize(("query", "tiles", "indicator"), [
    ("okey ile sarı 4 çift olur mu", "Y4 R2", "R1"),
    ("ist Joker und gelb 4 ein Paar", "Y4 R2", "R1"),
    ("is okey + yellow 4 a pair", "Y4 R2", "R1"),
    ("iki sahte okey çift sayılır mı", "F F", "R1"),
    ("are both fake jokers a pair", "F F", "R1"),
    ("zwei Joker ein Paar?", "R2 R2", "R1"),
    ("is R7 R7 a pair", "R7 R7", None),
    ("iki kırmızı 7 çift mi", "R7 R7", None),
    ("siyah 9 kırmızı 9 çift mi", "K9 R9", None),
    ("101 okeyde R7 ile okey çift olur mu", "R7 R2", "R1"),  # 101 okeyde: the game
    ("is okey and R2 a pair", "R2 R4", "R3"),  # R1 would make R2 the okey
    ("gösterge sarı 3, okey ile mavi 4 çift mi", "B4 Y4", "Y3"),
])
def test_two_tiles_asked_about_as_a_pair_are_read(query: str, tiles: str,
                                                  indicator: str | None) -> None:
    """An okey named by its word is the okey of the indicator named, else of one apart from
    the tiles named, so that they are read as the faces they show."""
    read = pair_asked(query)
    assert read is not None
    assert " ".join(map(str, read[0])) == tiles
    assert (str(read[1]) if read[1] else None) == indicator


@pytest.mark.parametrize("query", [
    "R7 R7",  # no word for a pair
    "is a joker and R7 R8 a pair",  # three tiles
    "ein paar Fragen zum Joker",  # German "a few", and one tile
    "can the okey make a pair in 101",  # no tile besides the okey
    "normal okey çift ile bitmek",  # the game's name, and no tile
    "x" * 5000,
])
def test_a_question_naming_no_two_tiles_as_a_pair_is_no_pair_question(query: str) -> None:
    assert pair_asked(query) is None


@pytest.mark.parametrize(("query", "lang", "in_101", "plain", "first"), [
    ("okey ile sarı 4 çift olur mu", "tr", "invalid", "valid", "506"),
    ("ist Joker und gelb 4 ein Paar", "de", "invalid", "valid", "506"),
    ("is okey + yellow 4 a pair", "en", "invalid", "valid", "506"),
    ("are both fake jokers a pair", "en", "valid", "valid", "303"),
    ("K9 R9 çift mi", "tr", "invalid", "invalid", "506"),
])
def test_a_pair_question_gets_each_variants_ruling_and_its_rule_first(
        search_index: SearchIndex, query: str, lang: str, in_101: str, plain: str,
        first: str) -> None:
    """506 says what a pair is, and whether an okey completes one is each variant's house
    rule: the ruling differs by variant, and a rule it rests on answers first (the fake
    jokers' own, 303, for two of them)."""
    reading = read_question(query)
    assert reading.check == "pair"
    verdicts = {variant: checked[0].verdict.value for variant, checked in reading.melds
                if not isinstance(checked, Exception)}
    assert verdicts == {"101": in_101, "plain": plain}
    found = led_search(lambda lead: search_index.search(query, lang, lead=lead), query)
    assert found.hits[0].id == first
    assert first in {rule for _, checked in reading.melds for rule in checked[0].rules}


def test_the_results_page_shows_the_pair_rulings_and_the_okey_it_took(
        client: FlaskClient) -> None:
    page = client.get("/en/search", query_string={"q": "is okey + yellow 4 a pair"})
    html = page.get_data(as_text=True)
    assert re.search(r"The referee on Y4 R2, with R1 as the indicator, so R2 is the joker", html)
    assert re.findall(r'data-variant="(\w+)" data-verdict="(\w+)"', html) == [
        ("101", "invalid"), ("plain", "valid")]
    assert "/en/referee/pair?variant=plain&amp;tiles=Y4+R2&amp;indicator=R1#ruling" in html


def test_a_pair_question_links_to_the_pair_check_on_its_tiles() -> None:
    links = check_links("is okey + yellow 4 a pair")
    assert links[0] == CheckLink("pair", "is okey yellow 4 a pair",
                                 (("tiles", "Y4 R2"), ("indicator", "R1")))
    assert [link.check for link in links].count("pair") == 1
