"""What a question tells, read by each of the referee's readers (web/question_leads.py):
searched as the API searches, the rule the ruling rests on comes first."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules_data.search import SearchIndex
from rules_data.search.ranking import LEAD_FLOOR
from web.discard_questions import read_discard
from web.opening_questions import read_short_opening
from web.pickup_questions import failed_pickup
from referee.tiles import Tile
from web.question_leads import led_search, read_question, referee_lead
from web.score_questions import read_situation
from web.tile_questions import named_indicator, named_tiles


@pytest.mark.parametrize(("lang", "query", "rule"), [
    # how a round ended (web/score_questions.py)
    ("tr", "ali okeyle bitti, ben açmıştım, bana kaç yazılır", "602"),
    ("tr", "çift açmıştım ama elimi başkası bitirdi bana kaç yazılır", "505"),
    ("de", "ich hatte mit Paaren ausgelegt, jemand anders wurde fertig, was schreibe ich",
     "505"),
    ("de", "zählt es doppelt wenn einer mit dem falschen Joker fertig wird", "803"),
    ("en", "someone went out in one go and none of us had opened, what do we score", "604"),
    ("en", "she finished with pairs, what do the rest of us get", "603"),
    # a discard (web/discard_questions.py)
    ("tr", "daha kimse el açmadan okeyi yere attım, ne olacak", "703"),
    ("de", "darf ich den Joker einfach so abwerfen", "703"),
    ("en", "my last tile couldve gone on a meld but i was finishing, is that a penalty", "707"),
    # a failed pickup (web/pickup_questions.py)
    ("en", "she took my discard and can't open", "705"),
    ("tr", "yandan aldı ama açamadı", "705"),
    ("de", "sie hat meinen Abwurf genommen und kann nicht auslegen", "705"),
    # a short opening (web/opening_questions.py)
    ("en", "laid down only 90 points what now", "701"),
    ("de", "muss ich die Steine zurücknehmen wenn ich zu wenig ausgelegt habe", "701"),
    ("tr", "95 ile açtım, ne olacak", "701"),
    # told with a typo: read as mended
    ("de", "darf man den Jokr einfach abwerfen", "703"),
    # the indicator named, and which tile is the okey asked (web/tile_questions.py)
    ("en", "indicator yellow 12 whats the okey", "203"),
    ("tr", "gösterge kırmızı 13 ise okey hangisi", "801"),
    ("en", "indicater blue 9 so okey is blue 10 right", "203"),
])
def test_a_told_question_finds_its_rule_first(search_index: SearchIndex, lang: str,
                                              query: str, rule: str) -> None:
    found = led_search(lambda lead: search_index.search(query, lang, lead=lead), query)
    assert found.hits[0].id == rule


def test_a_ruled_rule_is_never_far_below_the_best(search_index: SearchIndex) -> None:
    """The best rule a ruling rests on scores at least ``LEAD_FLOOR`` of the best rule's
    score, however few of the question's words it holds: ``went out … do i still get my -101``
    holds the words of the normal finish (601) and the deck running out (605, on ``run``),
    and 707 rules on the case."""
    query = "went out on a tile that fit someones run, do i still get my -101"
    found = led_search(lambda lead: search_index.search(query, "en", lead=lead), query).hits
    ruled = next(hit for hit in found if hit.id == "707")
    assert found.index(ruled) < 3
    assert ruled.score >= LEAD_FLOOR * found[0].score - 1e-3


def test_tiles_named_before_the_okey_are_ruled_with_it() -> None:
    """The okey named after the tiles (``… when the okey is blue 3``): they are the meld,
    ruled with that okey's indicator; the fake joker stands for blue 3 only, so the run
    breaks (404) on the fake joker's rule (303)."""
    query = "is black 11, smiley, black 13 a run when the okey is blue 3"
    assert referee_lead(query) == (("101", ("404", "303")), ("plain", ("404", "303")))


@pytest.mark.parametrize("query", [
    "einfaches Okey: R12 R13 R1, geht das", "düz okey K12 K13 K1 seri mi",
    "plain okey R12 R13 R1 ok?",
])
def test_the_name_of_plain_okey_names_no_okey(query: str) -> None:
    """``Okey`` in plain Okey's name is the game, not the okey tile: the tiles after it are
    the meld, ruled in plain Okey by its rule on 13-1 (407)."""
    assert dict(referee_lead(query))["plain"] == ("402", "407")


@pytest.mark.parametrize("query", [
    "the dealer turned up a blue 13 as indicator, which tile is the okey",
    "eine gelbe 13 als Anzeigr aufgedeckt, welcher Stein ist in dieser Runde der Joker",
    "sarı 13 gösterge olarak açıldı, okey hangisi",
])
def test_the_indicator_named_after_its_tile_is_ruled_on(query: str) -> None:
    """A tile just before the word for the indicator is the indicator (its word typed short
    too): a 13, whose okey is the 1 of its colour (801)."""
    assert referee_lead(query) == (("101", ("203", "801")), ("plain", ("203", "801")))


@pytest.mark.parametrize(("query", "indicator"), [
    ("gösterge 13 değil mavi 12 çıktı, okey hangi taş oluyor", "B12"),
    ("Anzieger ist keine 13 sondern gelb 12, welcher Stein ist dann Joker", "Y12"),
    ("indicater isnt a 13, its blue 5. which tile is the joker", "B5"),
])
def test_the_indicator_named_after_what_it_is_not(query: str, indicator: str) -> None:
    """A number ruled out after the word for the indicator (``13 değil``, ``keine 13``) is
    not the indicator; the tile named after it is, and the okey check rules on it (203)."""
    reading = named_indicator(query)
    assert reading is not None and str(reading[0]) == indicator
    assert referee_lead(query) == (("101", ("203",)), ("plain", ("203",)))


@pytest.mark.parametrize("query", [
    "gösterge olarak yonca çıktı, ne yapıyoruz", "the indicator turned out to be the smiley",
    "Anzeiger ist der falsche Joker, was jetzt", "gösterge F B10 okey okey seri mi",
    # named just before the word for it, with as
    "Smiley als Anzeiger beim einfachen Okey, sind die falschen Joker dann selbst die Joker?",
    "a fake joker as indicator in plain okey, now what",
])
def test_the_fake_joker_turned_up_as_indicator_is_ruled_on(query: str) -> None:
    """The fake joker named as the indicator asks the okey check on it, a house rule of
    203, whether or not the okey is asked for."""
    assert referee_lead(query) == (("101", ("203",)), ("plain", ("203",)))


@pytest.mark.parametrize("query", [
    "falscher Joker als Anzeiger aufgedeckt, werden dann alle Punkte verdoppelt?",
    "gösterge olarak sahte okey çıktı, puanlar katlanır mı",
    "the indicator was the smiley, do the scores double",
])
def test_the_fake_indicator_asked_about_points_asks_no_okey_check(query: str) -> None:
    """Points asked about beside the fake joker turned up are the risk round's question
    (611): the okey check on the fake joker does not lead it."""
    assert referee_lead(query) == ()


@pytest.mark.parametrize("query", [
    "plain okey hand: black 7 blue 7 red 7, yellow 12 black 12 blue 12, red 3-6, blue 9-12 "
    "+ a spare yellow 2, did I win",
    "düz okeyde elim siyah7 mavi7 kırmızı7, sarı12 siyah12 mavi12, k3 4 5 6, m9 10 11 12 ve "
    "fazladan sarı 2, bittim mi",
])
def test_a_hand_asked_whether_it_wins_is_ruled_on_as_a_hand(query: str) -> None:
    """Fourteen tiles, or fifteen with the one to discard, asked whether they win: the
    winning-hand check of plain Okey on the fourteen that win (607, and its melds' 402)."""
    reading = read_question(query)
    assert reading.check == "winning-hand" and len(reading.tiles) == 14
    assert Tile.parse("Y2") not in reading.tiles
    assert reading.lead == (("plain", ("607", "402")),)


def test_a_ruling_of_the_other_variant_alone_leads_nothing(search_index: SearchIndex) -> None:
    """The discard, pickup and opening checks rule in 101 Okey only: where the question
    names plain Okey (``düz okeyde …``), their rules answer another game and lead nothing."""
    lead = (("101", ("708",)),)

    def found(query: str, given: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> list[str]:
        return [hit.id for hit in search_index.search(query, "tr", lead=given).hits]

    plain, either = "düz okeyde yandan aldım açamadım, ne olur", "yandan aldım açamadım, ne olur"
    assert found(plain, lead) == found(plain)
    assert found(either, lead) != found(either)


@pytest.mark.parametrize("reader", [named_tiles, read_situation, read_discard, failed_pickup,
                                    read_short_opening])
def test_a_query_longer_than_a_search_takes_is_neither_read_nor_kept(
        reader: Callable[[str], object]) -> None:
    """Every search asks each reader, whose answers are kept per query: a flood of long
    queries must not fill those caches with their text. (Emptied first: a full cache, after
    the other tests' queries, would not grow by the short one either.)"""
    reader.cache_clear()  # type: ignore[attr-defined]
    before = reader.cache_info().currsize  # type: ignore[attr-defined]
    for n in range(3):
        assert reader(f"okeyle bitti R7 R8 R9 {n} " + "x" * 5000) in (None, (), False)
    assert reader.cache_info().currsize == before  # type: ignore[attr-defined]
    reader(f"okeyle bitti {before}")
    assert reader.cache_info().currsize == before + 1  # type: ignore[attr-defined]
