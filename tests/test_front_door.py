"""The search box as a way into the referee: tiles read from a query, and the questions
that link to a check (each phrase of web/check_links.yaml searched and found)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.phrase_rows import check_written, each_phrase
from web.front_door import LINKS_FILE, check_links
from rules_data.search import SearchIndex
from web.question_leads import Reading, led_search, read_question, referee_lead
from web.tile_questions import PHRASES_FILE, meld_asked, pairs_in_query, tiles_in_query


@pytest.mark.parametrize(("query", "tiles"), [
    ("R12 R13 R1", "R12 R13 R1"),
    ("r12 r13 r1", "R12 R13 R1"),
    ("R12,R13,R1", "R12 R13 R1"),
    ("kırmızı 12 13 1", "R12 R13 R1"),
    ("KIRMIZI 12 13 1", "R12 R13 R1"),
    ("kirmizi 12 13 1", "R12 R13 R1"),
    ("rot 12 13 1", "R12 R13 R1"),
    ("red 12 13 1", "R12 R13 R1"),
    ("is R12 R13 R1 a run in plain okey?", "R12 R13 R1"),
    ("mavi 5 sarı 5 siyah 5", "B5 Y5 K5"),
    # colours named one after another share the number after them
    ("kırmızı mavi siyah 5 per mi", "R5 B5 K5"), ("red, blue and black 9 a set?", "R9 B9 K9"),
    ("schwarz, rot, blau, gelb 7 als Gruppe", "K7 R7 B7 Y7"),
    ("R5 Y5 B5 K5", "R5 Y5 B5 K5"),
    ("is 13-1-2 a run?", "R13 R1 R2"),
    # three numbers or more in a row, without a colour, are one colour's as with dashes
    ("12 13 1", "R12 R13 R1"), ("can a run go twelve thirteen one", "R12 R13 R1"),
    ("on üç bir iki seri mi", "R13 R1 R2"),
    # a German colour with its adjective's ending, a number with an ending typed onto it
    ("die rote 12, die rote 13 und die rote 1", "R12 R13 R1"),
    ("rot 7 8 9er", "R7 R8 R9"), ("mavi 10u mavi 11i mavi 12yi", "B10 B11 B12"),
    # a colour typed with two letters swapped
    ("balck 7 red 7 red 7, is that a set", "K7 R7 R7"),
    ("mavi 10 kimrizi 10 mavi 10", "B10 R10 B10"),
    # a long colour name a letter off, before a number
    ("blck 6 red 6 black 6 - valid set?", "K6 R6 K6"), ("yelow 3 4 5", "Y3 Y4 Y5"),
    ("kirmzi 7 8 9", "R7 R8 R9"), ("siyh 4 5 6 per mi", "K4 K5 K6"),
    ("schwaz 5 6 7", "K5 K6 K7"),
    # a colour's numbers told with "and", tiles joined by dashes or typed onto their colour,
    # a colour named after numbers named alone
    ("the blue 5 6 and 7", "B5 B6 B7"), ("kirmizi 7 8 ve 9", "R7 R8 R9"),
    ("rot 7 und 8 und 9", "R7 R8 R9"), ("R7-R8-R9", "R7 R8 R9"),
    ("blue5 blue6 blue7", "B5 B6 B7"), ("mavi12 mavi13 mavi1", "B12 B13 B1"),
    ("12 13 1 in yellow", "Y12 Y13 Y1"), ("7-8-9 in black", "K7 K8 K9"),
    # a count after "and" counts the next tile; dashed numbers after a colour are its
    ("2 tane kırmızı 7 ve 1 mavi 7", "R7 R7 B7"), ("red 7 and 2 blue 7s", "R7 B7 B7"),
    ("mavi 11-12-13", "B11 B12 B13"),
    # a number word after its colour, alone or as a plural
    ("two red sevens and a blue seven", "R7 R7 B7"),
    ("a blue seven, a red seven and a black seven", "B7 R7 K7"),
    ("zwei rote Siebener und eine blaue Sieben", "R7 R7 B7"),
    # a count names a tile that often; before a number alone, a group of other colours
    ("two red 7s and a black 7", "R7 R7 K7"), ("iki tane kırmızı 7 bir siyah 7", "R7 R7 K7"),
    ("zwei Stück rot 5 und blau 5", "R5 R5 B5"), ("2x R7 R8", "R7 R7 R8"),
    ("vier Dreizehner, wie viele Punkte", "R13 Y13 B13 K13"),
    ("dört tane 13 kaç puan", "R13 Y13 B13 K13"), ("three 7s a set?", "R7 Y7 B7"),
    ("13 13 13 per mi", "R13 Y13 B13"),
    # a count before a run counts no run
    ("3 red 7 8 9", "R7 R8 R9"), ("2 3 4", "R2 R3 R4"),
    ("kirmizi 4 sari 9 siyah 9 kaldi", "R4 Y9 K9"),
    # F beside a tile in the notation is the fake joker
    ("K3 F K5 seri mi", "K3 F K5"), ("is r7 r8 f a run", "R7 R8 F"),
    ("plan F: red 7 8 9", "R7 R8 R9"),  # with no tile in the notation beside it, a letter
    # Turkish colour letters (mavi, kırmızı, siyah) where one the notation lacks is written
    ("m10 k10 m10 set mi", "B10 R10 B10"), ("s12 s13 s1 seri mi", "K12 K13 K1"),
    ("k7 k8 k9", "K7 K8 K9"),
    # a number before a word for tiles counts them; right after its colour it is a tile
    ("mavi 5 6 7 üç taş seri mi", "B5 B6 B7"), ("red 7 8 9, three tiles, a run?", "R7 R8 R9"),
    ("schwarz 4 5 6 drei Steine", "K4 K5 K6"), ("mavi yedi taşı sarı yedi siyah yedi", "B7 Y7 K7"),
    # a count after a comma counts the next tile, not the colour before; one after a tile
    # (x2) names it that often; a count parts a colour from the numbers after it
    ("2 mavi 7, 2 sarı 1, siyah 13", "B7 B7 Y1 Y1 K13"),
    ("yellow 10 x2 plus black 10, is that a set", "Y10 Y10 K10"),
    ("blau 10 11 12, vier 8er", "B10 B11 B12 R8 Y8 B8 K8"),
    ("black 4,5,6", "K4 K5 K6"), ("12, 13, 1 in yellow", "Y12 Y13 Y1"),
    # a range stressed, or with its colour said again before the last number
    ("can a run go red 1 all the way to red 5", "R1 R2 R3 R4 R5"),
    ("rot 3 bis rot 6", "R3 R4 R5 R6"), ("mavi 2den mavi 5e kadar", "B2 B3 B4 B5"),
    ("red 3-6 and blue 9-12", "R3 R4 R5 R6 B9 B10 B11 B12"), ("mavi 12-13-1", "B12 B13 B1"),
])
def test_tiles_are_read_from_what_players_type(query: str, tiles: str) -> None:
    assert " ".join(str(t) for t in tiles_in_query(query)) == tiles


@pytest.mark.parametrize("query", [
    "okey discard penalty", "101 puan", "el açmak için kaç puan", "R12 R13", "rot",
    "2 oyuncu 4 oyuncu 3 tur", "Joker abwerfen Strafe", "5 mi 7 mi", "21 22 taş",
    "12 13 ve 1", "1st 2nd 3rd round", "back 2 back 5 back 9",
    # a word a letter off a colour name that is a word itself, or not before a number
    "blank 6 and 7", "go back 6 8", "blck tiles",
    # a number word that is also a common word, after a colour: a red tile
    "kırmızı bir taş attı", "rot ein Stein",
    # pairs ask no meld question; two of a number alone could be any colours
    "zwei schwarze 9en, zwei rote 3en und zwei gelbe 12en, darf ich damit raus",
    "two red 7s two blue 9s", "iki tane 7 iki tane 8",
    "R12 R13 R1" + " " * 200,  # longer than a search takes (its answers are kept)
])
def test_words_and_numbers_alone_are_not_tiles(query: str) -> None:
    assert tiles_in_query(query) == ()


@pytest.mark.parametrize(("query", "tiles", "indicator"), [
    # an okey named by its word is one of the tiles, read with an indicator apart from them
    ("kırmızı 7 okey kırmızı 9 seri olur mu", "R7 R9 R2", "R1"),
    ("ist rot 5 Joker rot 7 eine Reihe", "R5 R7 R2", "R1"),
    ("blue 11 12 okey is that a run", "B11 B12 R2", "R1"),
    ("gösterge sarı 3, mavi 5 okey mavi 7 seri mi", "B5 B7 Y4", "Y3"),
    ("gösterge K4, elimde K3 F K5 var bu seri olur mu", "K3 F K5", "K4"),
    # two tiles and an okey are a meld asked about, a word for one said or not
    ("rot 7, Joker, rot 9, wie viel zählt das?", "R7 R9 R2", "R1"),
    # okeys in a row are each an okey: the second names no tile after it as the okey
    ("Indicator red 4. I have blue 6, joker, joker, blue 9. Is that a run?", "B6 B9 R5 R5", "R4"),
    ("gösterge sarı 2, kırmızı 1 okey okey kırmızı 4 seri mi", "R1 R4 Y3 Y3", "Y2"),
    # the fake joker named by its picture is one
    ("indicator B10, Emre put down Y11, R11 and the clover tile as a set", "Y11 R11 F", "B10"),
    ("Anzeiger schwarz 3, den Smiley an rot 6 7 anlegen, eine Reihe?", "R6 R7 F", "K3"),
    # two tiles are too few for a meld, which the meld check says (403)
    ("is red 7 red 8 a run", "R7 R8", None), ("K5 K6 seri mi", "K5 K6", None),
])
def test_tiles_asked_about_as_a_meld_with_an_okey_or_too_few_are_read(
        query: str, tiles: str, indicator: str | None) -> None:
    asked = meld_asked(query)
    assert asked is not None
    assert " ".join(map(str, asked[0])) == tiles
    assert (str(asked[1]) if asked[1] else None) == indicator


@pytest.mark.parametrize("query", [
    "are there two red 7s in the set",  # two of one tile: the tile set asked about
    "red 7 and red 8 on the table",  # no word for a meld
    "okey ile seri yapılır mı", "in okey is R7 a run",  # one tile
    "the okey tile and the smileys, are they a meld",  # jokers alone: what they are is asked
])
def test_a_question_naming_no_meld_of_tiles_is_no_meld_question(query: str) -> None:
    assert meld_asked(query) is None


@pytest.mark.parametrize(("query", "tiles", "lead"), [
    # okeys named by their word among three tiles or more are in the meld ruled on
    ("indicator Y8, Mike has K3 okey K5 K6 okey, is that one run", "K3 K5 K6 Y9 Y9", "402"),
    # a joker said to be missing is none: ohne Joker, with no joker, okeysiz, okey olmadan
    ("Serkan hat gelb 4 5 7 ohne Joker ausgelegt, gilt das", "Y4 Y5 Y7", "404"),
    ("sari 4 5 7 okeysiz seri mi", "Y4 Y5 Y7", "404"),
    ("sari 4 5 7 okey olmadan seri mi", "Y4 Y5 Y7", "404"),
    ("sari 4 5 7, arada 6 yok okey de yok, seri sayilmaz mi", "Y4 Y5 Y7", "404"),
])
def test_the_okeys_a_question_names_are_ruled_on_with_its_tiles(query: str, tiles: str,
                                                                 lead: str) -> None:
    reading = read_question(query)
    assert " ".join(map(str, reading.tiles)) == tiles
    assert reading.lead[0][1][0] == lead


def test_an_okey_named_in_a_meld_is_ruled_on_as_a_joker() -> None:
    """Red 7, okey, red 9: a run in both variants, the okey standing for red 8 (301)."""
    reading = read_question("kirmizi 7 okey kirmizi 9 seri olur mu")
    assert reading.indicator is not None and str(reading.indicator) == "R1"
    for variant, checked in reading.melds:
        assert not isinstance(checked, Exception)
        assert checked[0].result["valid"] is True
        assert checked[0].rules[:2] == ("402", "301"), variant


@pytest.mark.parametrize(("query", "tiles", "indicator"), [
    ("gösterge sarı 3, mavi 5 mavi 6 mavi 7 seri mi", "B5 B6 B7", "Y3"),
    ("Anzeiger rot 4, ist rot 5 6 7 eine Reihe", "R5 R6 R7", "R4"),
])
def test_the_indicator_named_is_no_tile_of_the_meld(query: str, tiles: str,
                                                    indicator: str) -> None:
    """Read with the meld, the indicator made it a run of yellow 3 and blue 5 6 7: no meld."""
    reading = read_question(query)
    assert " ".join(map(str, reading.tiles)) == tiles
    assert str(reading.indicator) == indicator
    assert all(checked[0].result["valid"] for _, checked in reading.melds
               if not isinstance(checked, Exception))


@pytest.mark.parametrize(("query", "tiles", "indicator"), [
    ("Joker ist rot 5, geht blau 6 Joker blau 8 als Reihe?", "B6 B8 R5", "R4"),
    ("okey kirmizi 5, siyah 11 12 okey seri sayilir mi", "K11 K12 R5", "R4"),
    ("the okey is K1, is R12 R13 okey a run", "R12 R13 K1", "K13"),
])
def test_the_okey_named_is_read_as_its_indicator_and_no_tile(query: str, tiles: str,
                                                             indicator: str) -> None:
    """``Joker ist rot 5`` names the okey (so the indicator is the one below it, 13 below 1),
    and the word for the okey among the tiles is that tile: blue 6, okey, blue 8 is a run.
    Read as tiles, red 5 blue 6 blue 8 was ruled no meld."""
    reading = read_question(query)
    assert " ".join(map(str, reading.tiles)) == tiles
    assert str(reading.indicator) == indicator
    for _, checked in reading.melds:
        assert not isinstance(checked, Exception)
        assert checked[0].result["valid"] and "301" in checked[0].rules


@each_phrase(PHRASES_FILE)
def test_tiles_said_to_lie_on_the_table_are_no_meld_asked_about(facet: str, lang: str,
                                                                phrase: str) -> None:
    """``black 2 3 4 is on the table, can i add black 5`` asks about adding to a meld laid
    down (405): ruled on as a meld, the tiles led with the rule on what a meld is (402)."""
    check_written(lang, phrase)
    assert read_question("K2 K3 K4, can I add K5 and K6").tiles
    assert read_question(f"K2 K3 K4 {phrase.upper()}, can I add K5 and K6") == Reading()
    assert read_question("B7 okey B9, a run? may I swap it for B8").tiles
    assert read_question(f"B7 okey B9 {phrase}, a run? may I swap it for B8") == Reading()


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "My cousin has blue 3, joker, blue 5 down and I have the blue 4. "
           "Can I take the joker?"),
    ("tr", "mavi 3 okey mavi 5 var, bende mavi 4 var, okeyi alabilir miyim"),
    ("de", "blau 3, Joker, blau 5 und ich hab die blau 4, darf ich den Joker nehmen"),
])
def test_tiles_whose_joker_a_player_takes_are_no_meld_asked_about(
        search_index: SearchIndex, lang: str, query: str) -> None:
    """Taking a meld's joker for the tile it stands for (302) tells that the meld lies on the
    table: the question asks about the swap, and no ruling on the tiles as a meld leads
    with the rule on what a meld is (402). The tile set (102), which names colours and
    numbers, may still come before the swap rule."""
    assert read_question(query) == Reading()
    found = led_search(lambda lead: search_index.search(query, lang, lead=lead), query)
    assert "302" in [hit.id for hit in found.hits[:2]]
    assert "402" not in [hit.id for hit in found.hits[:2]]


@pytest.mark.parametrize("query", [
    "is red 7 red 8 a run", "can I put down just red 7 and red 8 as a row",
    "ist rot 7 rot 8 eine Straße", "kırmızı 7 kırmızı 8 dizi olur mu",
])
def test_two_tiles_asked_about_as_a_meld_are_too_few(query: str) -> None:
    """A meld told by any of its words (run, row, Straße, dizi) asks whether two tiles make
    one: too few (403)."""
    assert referee_lead(query) == (("101", ("403",)), ("plain", ("403",)))


@pytest.mark.parametrize(("query", "pairs"), [
    ("R7 R7 B9 B9 K1 K1", "R7 B9 K1"),
    ("zwei schwarze 9en, zwei rote 3en und zwei gelbe 12en", "K9 R3 Y12"),
    # a count in words beside a digit stays a count: no red 2 in ``rote 7, zwei blaue 9``
    ("ich habe zwei rote 7, zwei blaue 9, zwei schwarze 1", "R7 B9 K1"),
    ("iki kırmızı 7 iki mavi 9 iki siyah 1 ile açabilir miyim", "R7 B9 K1"),
    ("two red 7s two blue 9s and two black 1s", "R7 B9 K1"),
])
def test_pairs_are_read_from_what_players_type(query: str, pairs: str) -> None:
    found = pairs_in_query(query)
    assert all(a == b for a, b in found)
    assert " ".join(str(a) for a, _ in found) == pairs


@pytest.mark.parametrize(("query", "lead"), [
    ("R7 R7 B9 B9 K1 K1 Y5 Y5 R2 R2 can I open", (("101", ("501",)),)),
    ("R7 R7 B9 B9 K1 K1 Y5 Y5 is that enough", (("101", ("501", "701")),)),
    # the indicator the check takes is none of the tiles: R1 and R2 are named twice already
    ("R1 R1 R2 R2 R3 R3 R5 R5 R6 R6", (("101", ("501",)),)),
])
def test_pairs_named_bring_the_opening_ruling_on_them(query: str, lead: object) -> None:
    """Five pairs open in 101 Okey (501); four are too few, and opening short costs 101."""
    assert referee_lead(query) == lead




@each_phrase(LINKS_FILE, "check")
def test_every_phrase_links_to_its_check(check: str, lang: str, phrase: str) -> None:
    check_written(lang, phrase)
    found = [link.check for link in check_links(f"bitte {phrase} jetzt")]
    assert check in found


@pytest.mark.parametrize(("query", "check"), [
    ("yandan alabilir miyim", "pickup"), ("Atılan taşı alabilir miyim?", "pickup"),
    ("Darf ich den abgeworfenen Stein nehmen?", "pickup"), ("can I take the discard", "pickup"),
    ("İŞLEK Mİ", "discard"), ("how many points does everyone get", "score"),
    # a question that tells how a round ended, a discard, a failed pickup or a short opening:
    # the check that rules on it
    ("burak okeyle bitti, ben açmıştım, kaç yazılır", "score"),
    ("ich hatte mit Paaren ausgelegt, jemand anders wurde fertig", "score"),
    ("kimse açmamışken okeyi attım", "discard"),
    ("she took my discard and can't open", "pickup"),
    ("nur 90 Punkte ausgelegt", "opening"),
])
def test_questions_as_typed_link_to_the_check(query: str, check: str) -> None:
    assert [link.check for link in check_links(query)] == [check]


@pytest.mark.parametrize("query", ["okey", "penalty for the indicator", "çift açmak"])
def test_plain_rule_searches_link_to_no_check(query: str) -> None:
    assert check_links(query) == []


def listed_rules(page: str, lang: str) -> list[str]:
    """The ids of the rules a results page lists, in order."""
    return re.findall(rf'class="title" href="/{lang}/rules/(\d+)"', page)


def check_hrefs(page: str) -> list[str]:
    """Where a results page's check links go, unescaped."""
    return [href.replace("&amp;", "&")
            for href in re.findall(r'class="check-link" href="([^"]+)"', page)]


def test_the_results_page_rules_on_typed_tiles_in_both_variants(client: FlaskClient) -> None:
    page = client.get("/en/search?q=R12+R13+R1").get_data(as_text=True)
    assert 'data-variant="101" data-verdict="invalid"' in page
    assert 'data-variant="plain" data-verdict="valid"' in page
    assert "/en/referee/meld?variant=plain&amp;tiles=R12+R13+R1" in page


@pytest.mark.parametrize("lang", ["tr", "de", "en"])
def test_the_results_page_rules_on_a_hand_asked_whether_it_wins(client: FlaskClient,
                                                                lang: str) -> None:
    """A hand named tile by tile and asked whether it wins gets the winning-hand check's
    card, in plain Okey, with its link to that check on the same hand."""
    query = ("plain okey: R3 R4 R5 R6 B9 B10 B11 B12 K7 B7 R7 Y12 K12 B12 and a spare Y2, "
             "did I win")
    page = client.get(f"/{lang}/search", query_string={"q": query}).get_data(as_text=True)
    assert 'data-variant="plain" data-verdict="valid"' in page
    assert f"/{lang}/referee/winning-hand?variant=plain&amp;tiles=R3+R4+R5+R6" in page


@pytest.mark.parametrize(("lang", "query"), [
    ("tr", "gösterge olarak yonca çıktı, ne yapıyoruz"),
    ("de", "Anzeiger ist der falsche Joker, was jetzt"),
    ("en", "the indicator turned out to be the smiley, what now"),
])
def test_the_fake_joker_turned_up_links_to_the_okey_check_on_it(client: FlaskClient,
                                                                 lang: str, query: str) -> None:
    """The fake joker named as the indicator: the results page offers the okey check on it,
    which says what the table's house rule does (203)."""
    page = client.get(f"/{lang}/search", query_string={"q": query}).get_data(as_text=True)
    assert check_hrefs(page)[0] == f"/{lang}/referee/okey?indicator=F#ruling"
    assert listed_rules(page, lang)[0] == "203"


def test_impossible_tiles_are_answered_with_the_reason(client: FlaskClient) -> None:
    page = client.get("/de/search?q=R7+R7+R7").get_data(as_text=True)
    assert "R7" in page and 'class="ruling compact error"' in page


def test_a_search_counts_its_results(client: FlaskClient) -> None:
    page = client.get("/en/search?q=okey").get_data(as_text=True)
    assert "rules found" in page


@pytest.mark.parametrize(("lang", "query", "first"), [
    ("tr", "mavi 10 kirmizi 10 mavi 10 per sayilir mi", "404"),
    ("en", "blue 10 red 10 blue 10 valid set?", "404"),
    ("de", "beim einfachen Okey 12 13 1 erlaubt", "407"),
    # tiles named in passing: the question's words still decide
    ("tr", "çift açtım sonra kırmızı 4 5 6 geldi yere koyabilir miyim", "502"),
])
def test_the_referees_ruling_on_named_tiles_leads_the_search(client: FlaskClient, lang: str,
                                                              query: str, first: str) -> None:
    found = client.get("/api/v1/search", query_string={"q": query, "lang": lang}).get_json()
    assert found["results"][0]["id"] == first


def test_a_story_naming_tiles_is_led_by_what_it_tells_on_the_page_too(
        client: FlaskClient) -> None:
    """The results page ranks a story that names tiles as the API does, by the round's end
    it tells (505, the pairs player who did not finish), and shows no meld ruling on the
    hand left over; tiles named alone get one."""
    query = "my brother finished and i had opened with pairs, i have K4 R2 Y9 left, what do i write"
    found = client.get("/api/v1/search", query_string={"q": query, "lang": "en"}).get_json()
    assert found["results"][0]["id"] == "505"
    page = client.get("/en/search", query_string={"q": query}).get_data(as_text=True)
    assert "data-verdict" not in page
    assert 'data-verdict="invalid"' in client.get("/en/search?q=K4+R2+Y9").get_data(as_text=True)
    assert listed_rules(page, "en")[0] == "505"


@pytest.mark.parametrize(("lang", "query"), [
    ("de", "schwarz 1 bis 13 in einer Reihe, darf ich damit raus"),
    ("en", "K12 K13 K1 is that a run"),
    ("tr", "biri bitti ben açmıştım elimde siyah 13 mavi 13 kırmızı 1 var kaç yazılır"),
    # the okey asked of a named indicator comes before the tiles named after it
    ("tr", "gösterge sarı 12, okey hangisi: sarı 13 mü sarı 11 mi sarı 1 mi"),
])
def test_the_results_page_ranks_tile_questions_as_the_api_does(client: FlaskClient, lang: str,
                                                                query: str) -> None:
    """The page rules on the tiles once for its cards and its lead; the order is the API's,
    whichever ruling leads (the best opening, the meld, the round's end)."""
    found = client.get("/api/v1/search", query_string={"q": query, "lang": lang}).get_json()
    page = client.get(f"/{lang}/search", query_string={"q": query}).get_data(as_text=True)
    listed = listed_rules(page, lang)
    assert listed[:10] == [hit["id"] for hit in found["results"]][:10]


@pytest.mark.parametrize(("lang", "query", "verdict", "rule"), [
    ("de", "Auf dem Tisch liegt blau 10 11 12, ich werf blau 9 ab – kostet das was?",
     "penalty", "702"),
    ("en", "indicator yellow 3 and he threw a yellow 4 as his last tile", "allowed", "602"),
    ("tr", "yerde kırmızı 7 8 9 var, mavi 2 attım ceza var mı", None, None),
])
def test_a_discard_shown_by_tiles_links_to_its_ruling(client: FlaskClient, lang: str, query: str,
                                                      verdict: str | None,
                                                      rule: str | None) -> None:
    """The check link of a discard a question shows with its tiles opens the discard check
    on that very discard, ruled; a discard the tiles do not show playable links to none."""
    page = client.get(f"/{lang}/search", query_string={"q": query}).get_data(as_text=True)
    links = check_hrefs(page)
    if verdict is None:
        assert not any("tile=" in href for href in links)
        return
    (link,) = [href for href in links if "/referee/discard?" in href]
    ruled = client.get(link).get_data(as_text=True)
    assert f'data-verdict="{verdict}"' in ruled and f"/{lang}/rules/{rule}" in ruled


@pytest.mark.parametrize(("lang", "query", "okey"), [
    ("en", "indicator yellow 12 whats the okey", "Y13"),
    ("de", "Anzeiger schwarz 13, welcher ist der Joker", "K1"),
])
def test_the_okey_asked_of_a_named_indicator_links_to_its_ruling(client: FlaskClient,
                                                                lang: str, query: str,
                                                                okey: str) -> None:
    page = client.get(f"/{lang}/search", query_string={"q": query}).get_data(as_text=True)
    (link,) = [href for href in check_hrefs(page) if "/referee/okey?" in href]
    ruled = client.get(link).get_data(as_text=True)
    assert 'data-verdict="' in ruled and okey in ruled and f"/{lang}/rules/203" in ruled


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "black 1 to 13 in one run, can i open"),
    ("tr", "siyah 1den 13e kadar tek seri dizdim, açabilir miyim"),
])
def test_tiles_asked_to_open_with_link_to_their_best_opening(client: FlaskClient, lang: str,
                                                            query: str) -> None:
    """The check link of tiles a question asks to open with opens the best-opening check
    on them: a run from 1 to 13 is worth 91, short of 101 (401)."""
    page = client.get(f"/{lang}/search", query_string={"q": query}).get_data(as_text=True)
    links = check_hrefs(page)
    assert links and "/referee/best-opening?" in links[0]
    ruled = client.get(links[0]).get_data(as_text=True)
    assert 'data-verdict="invalid"' in ruled and f"/{lang}/rules/401" in ruled and "91" in ruled


def test_tiles_asked_to_open_with_get_their_best_opening(client: FlaskClient) -> None:
    """Tiles asked to open with are no one meld: the card says what their best opening is
    worth (401), where the meld check said "neither a set nor a run" of all of them."""
    query = "R10 R11 R12 R13 K10 Y10 B10 B11 B12 B13 bunlarla açabilir miyim"
    reading = read_question(query)
    assert reading.check == "best-opening" and reading.lead == (("101", ("401",)),)
    page = client.get("/tr/search", query_string={"q": query}).get_data(as_text=True)
    assert re.findall(r'data-variant="(\w+)" data-verdict="(\w+)"', page) == [("101", "valid")]
    card = page.split('data-variant="101"')[1].split("</div>")[0]
    assert "112" in card and "/referee/best-opening?variant=101&amp;indicator=R1" in card


@pytest.mark.parametrize(("query", "melds", "verdicts"), [
    # parted as the question parts them: the runs the aunt laid, not the sets of the same
    # tiles that are worth as much
    ("meine Tante legt schwarz 11 12 13, rot 11 12 13 und gelb 11 12 13 raus, gilt das?",
     ["K11 K12 K13", "R11 R12 R13", "Y11 Y12 Y13"], ["valid"] * 3),
    ("R3 R4 R6, B7 K7 Y7 gültig?", ["R3 R4 R6", "B7 K7 Y7"], ["invalid", "valid"]),
    # not parted: as their best opening lays them all
    ("R3 R4 R5 B7 K7 Y7 valid?", ["R3 R4 R5", "Y7 B7 K7"], ["valid"] * 2),
])
def test_several_melds_named_get_a_ruling_each(client: FlaskClient, query: str,
                                               melds: list[str], verdicts: list[str]) -> None:
    """Several melds named in a row are no one meld: each gets the meld ruling in both
    variants, and its card opens the meld check on its own tiles."""
    reading = read_question(query)
    assert [" ".join(map(str, group)) for group in reading.groups[::2]] == melds
    page = client.get("/de/search", query_string={"q": query}).get_data(as_text=True)
    found = re.findall(r'data-variant="(\w+)" data-verdict="(\w+)"', page)
    assert found == [(variant, verdict) for verdict in verdicts for variant in ("101", "plain")]
    for meld in melds:
        assert f"/de/referee/meld?variant=plain&amp;tiles={meld.replace(' ', '+')}" in page


def test_tiles_that_make_no_melds_still_get_the_meld_ruling() -> None:
    reading = read_question("R1 R5 K9 Y2 B7 is this a meld")
    assert reading.check == "meld" and reading.lead == (("101", ("404",)), ("plain", ("404",)))


def test_tiles_alone_find_the_rules_of_their_ruling(client: FlaskClient) -> None:
    """``K12 K13 K1`` holds no word of the rule book: the ruling's rules answer it (101 Okey
    refuses it by 404, plain Okey allows it by 402 and 407)."""
    found = client.get("/api/v1/search", query_string={"q": "K12 K13 K1", "lang": "en"}).get_json()
    assert found["status"] == "matched"
    assert [hit["id"] for hit in found["results"]] == ["404", "402", "407"]
    page = client.get("/en/search?q=K12+K13+K1").get_data(as_text=True)
    assert 'href="/en/rules/407"' in page
