"""A discard told in a search question: read (each phrase of web/discard_questions.yaml),
ruled on by the discard check, and its rules put first."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from rules_data.search import Lead, Results, SearchIndex
from tests.phrase_rows import check_written, each_phrase
from web.discard_questions import PHRASES_FILE, Discard, discard_lead, read_discard
from web.question_leads import led_search, referee_lead

TILES = {"okey": "okeyi attım", "playable": "a playable tile"}
"""A phrase of each tile facet, to read the other facets beside."""


@each_phrase(PHRASES_FILE)
def test_every_phrase_is_read_as_what_it_tells(facet: str, lang: str, phrase: str) -> None:
    check_written(lang, phrase)
    question = f"Also... {phrase.upper()}XY?"
    if facet in TILES:
        found = read_discard(question)
        assert found is not None and found.tile == facet
    elif facet == "fake":  # thrown as the last tile: no joker finish; in play, no case
        assert read_discard(f"{question} als letzter Stein abgeworfen") == Discard("fake", True)
        assert read_discard(f"{question} abgeworfen") is None
    elif facet == "thrown":  # beside tiles that show the discard playable
        assert read_discard(f"R7 R8 R9 … {question} R10") == Discard("playable")
        assert read_discard(f"R7 R8 R9 … {question} B2") is None
    else:
        found = read_discard(f"{TILES['playable']}, {question}")
        assert found is not None and found.finishing == (facet == "finishing")


@pytest.mark.parametrize(("query", "discard"), [
    ("kimse açmamışken okeyi attım", Discard("okey")),
    # a word between the okey and the throw
    ("okeyi yanlışlıkla yere attım, daha kimse el açmamıştı", Discard("okey")),
    ("dann wirft Mehmet den Joker einfach ab", Discard("okey")),
    ("darf man den Joker einfach abwerfen", Discard("okey")),
    ("darf man den Joker einfach wegwerfen", Discard("okey")),
    ("can you discard the joker without finishing", Discard("okey")),
    ("Jokerabwurf zum Schluss", Discard("okey", finishing=True)),
    ("throwing a tile someone could lay off", Discard("playable")),
    ("işlek taş atarak bitirdim, ceza var mı", Discard("playable", finishing=True)),
    ("mein letzter Stein war anlegbar", Discard("playable", finishing=True)),
])
def test_a_question_tells_the_discard(query: str, discard: Discard) -> None:
    assert read_discard(query) == discard


@pytest.mark.parametrize(("query", "discard"), [
    ("yerde kirmizi 10 siyah 10 mavi 10 var, sari 10u attim 101 mi yazilir",
     Discard("playable")),
    ("rot 7 8 9 lag aus und er hat die rote 10 abgeworfen", Discard("playable")),
    ("Auf dem Tisch liegt blau 10 11 12, ich werf blau 9 ab – kostet das was?",
     Discard("playable")),
    ("blue 4 5 6 was down and i threw blue 3, penalty?", Discard("playable")),
    # the tile thrown told first, the meld after it
    ("yengem mavi 6 attı yerde mavi 3 4 5 duruyordu ceza yazılır mı", Discard("playable")),
    ("she threw blue 7 while blue 4 5 6 was down", Discard("playable")),
    # a last tile that could have been laid off, told in the passive (707)
    ("son taşım yerdeki pere işleniyordu ama bitirirken attım, 101 yazılır mı",
     Discard("playable", finishing=True)),
    # the fake joker thrown last: no joker finish (803)
    ("Smiley als letzter Stein abgeworfen, zählt das als Jokerabwurf", Discard("fake", True)),
    ("zählt der falsche Joker als Jokerabwurf, wenn ich damit ende", Discard("fake", True)),
    ("threw the fake joker as my last tile, is it a joker finish", Discard("fake", True)),
    # the okey of the indicator thrown, not named elsewhere in the question
    ("indicator black 9, Oguz throws a black 10 by mistake", Discard("okey")),
    ("gösterge kırmızı 4. Sonra taş attı. Sahte okey burda kırmızı 5 mi sayılır", None),
    # a finish with a tile beside a meld said to lie on the table, not one left in a hand
    ("went out with B13 while B10 B11 B12 was on the table, still a 101 penalty?",
     Discard("playable", finishing=True)),
    ("he went out and I still had red 7 8 9 10 in my hand, what do I write", None),
    # a finish a turn later: the tile thrown was no finishing discard
    ("red 7 8 9 was down, she threw a red 6 and went out the turn after", Discard("playable")),
    ("yerde kirmizi 7 8 9 vardi, kirmizi 6 atti, bir tur sonra bitirdi", Discard("playable")),
    ("ali bitti, elimde kırmızı 7 8 9 10 kaldı kaç yazarım", None),
    # a tile thrown beside a meld that holds the okey named by its word
    ("Auf dem Tisch liegt B4 Joker B6, ich werf die blaue 5 ab", Discard("playable")),
    ("yerde kırmızı 7 okey kırmızı 9 var, kırmızı 8 attım", Discard("playable")),
    ("red 7 joker red 9 was on the table and she threw blue 8", None),
    # the tile thrown fits no meld named, or too few tiles are named
    ("blue 4 5 6 was down and i threw red 3, penalty?", None),
    ("i threw red 3 and blue 5", None),
    # tiles named without a discard told: a meld question
    ("blue 4 5 6 3", None),
    # the indicator named, and after it the okey it makes, thrown
    ("indicator yellow 3 and he threw a yellow 4 as his last tile, what do we write",
     Discard("okey", finishing=True)),
    ("gösterge mavi 5 iken mavi 6 atmak yasak mı", Discard("okey")),
    ("Anzeiger R13, ich habe R1 abgeworfen", Discard("okey")),
    ("indicator yellow 3 and he threw a yellow 5", None),
])
def test_tiles_named_beside_a_discard_show_what_was_thrown(query: str,
                                                           discard: Discard | None) -> None:
    """The last tile named is the one thrown, or else the first, the others a meld on the
    table: the referee's discard check says whether it could have been laid off. A tile named after the
    indicator that is its okey is the okey thrown."""
    assert read_discard(query) == discard


@pytest.mark.parametrize("query", ["okey nedir", "discard pile", "Abwurf nehmen", "x" * 5000])
def test_a_question_that_tells_no_discard_brings_no_ruling(query: str) -> None:
    assert read_discard(query) is None and discard_lead(query) == ()


@pytest.mark.parametrize(("query", "lead"), [
    ("okeyi attım", (("101", ("703",)),)),
    ("Selim chucked the joker away before anyone had laid anything down", (("101", ("703",)),)),
    ("threw a tile someone could lay off", (("101", ("702",)),)),
    # the finisher's exemption, not the penalty it exempts from
    ("my last tile could have been laid off", (("101", ("707",)),)),
    # told as the round's end: the score ruling on the joker finish
    ("the joker as my last tile", (("101", ("602",)), ("plain", ("608",)))),
    # the tiles told, ruled on as told: the tile thrown could take the joker's place (302)
    ("Auf dem Tisch liegt B4 Joker B6, ich werf die blaue 5 ab – gibts Strafe?",
     (("101", ("702", "302")),)),
    # the okey named with the round between (this round, bu el, in dieser Runde), then thrown
    ("Joker this round is black 6. Kemal discarded a black 6 before anybody had laid down",
     (("101", ("703",)),)),
    ("okey bu el siyah 6, kemal siyah 6 atti", (("101", ("703",)),)),
    ("der Joker in dieser Runde ist schwarz 6, er hat schwarz 6 abgeworfen",
     (("101", ("703",)),)),
    # a playable tile told as what could have been (hätte angelegt werden können, gepasst)
    ("mein letzter Stein hätte irgendwo angelegt werden können, krieg ich trotzdem 101",
     (("101", ("707",)),)),
    ("ich hab nen Stein weggeworfen der bei jemandem dran gepasst hätte", (("101", ("702",)),)),
])
def test_the_discard_ruling_cites_the_rules_of_the_case(query: str, lead: object) -> None:
    assert referee_lead(query) == lead


def test_a_discard_told_without_a_round_end_comes_before_what_is_written() -> None:
    """``ceza yazılır mı`` asks what is written for the okey thrown (703), not for a round
    that nobody is said to have finished."""
    assert referee_lead("Ayşe gösterge mavi 5 iken mavi 6 attı, daha kimse açmamıştı, ceza "
                        "yazılır mı") == (("101", ("703",)),)


def test_a_told_round_end_comes_before_its_discard() -> None:
    """``okeyle bitti``: the score ruling on the joker finish, not the discard one."""
    assert referee_lead("okeyi attım ve okeyle bitti, kaç yazılır") == (
        ("101", ("602",)), ("plain", ("608",)))



def test_a_typo_does_not_hide_the_discard_told(search_index: SearchIndex) -> None:
    """``Jokr`` is read as the speller mends it: the search as typed brings no lead, the
    search led by what the mended query tells does."""
    query = "darf man den Jokr einfach abwerfen"
    assert referee_lead(query) == ()
    asked: list[object] = []

    def search(lead: Lead) -> Results:
        asked.append(lead)
        return search_index.search(query, "de", lead=lead)

    found = led_search(search, query)
    assert found.mended == "darf man den joker einfach abwerfen"
    assert asked == [(), (("101", ("703",)),)]
    assert found.hits[0].id == "703"


def test_a_suggested_query_is_led_by_what_it_tells_mended(search_index: SearchIndex) -> None:
    """``falshen Joker`` as typed is no fake joker, and the typed question tells a joker finish
    (602); the search suggests the mended query and shows its results, so the mended
    question's ruling leads: the fake joker thrown last is no joker finish (803)."""
    query = "mit dem falshen Joker als letztem Stein fertig, zählt das als Jokerabwurf"
    assert referee_lead(query) == (("101", ("602",)), ("plain", ("608",)))
    found = led_search(lambda lead: search_index.search(query, "de", lead=lead), query)
    assert found.status == "suggested"
    assert found.hits[0].id == "803"


def test_a_query_as_typed_is_searched_once(search_index: SearchIndex) -> None:
    asked: list[object] = []

    def search(lead: Lead) -> Results:
        asked.append(lead)
        return search_index.search("okey nedir", "tr", lead=lead)

    assert led_search(search, "okey nedir").mended is None and asked == [()]


def test_the_api_reads_what_a_mistyped_question_tells(client: FlaskClient) -> None:
    found = client.get("/api/v1/search?q=darf+man+den+Jokr+einfach+abwerfen&lang=de").get_json()
    assert found["results"][0]["id"] == "703"
