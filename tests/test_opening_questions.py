"""An opening that fell short, told in a search question: read (each phrase of
web/opening_questions.yaml), ruled on by the opening check, and its rule put first."""

from __future__ import annotations

import pytest

from tests.phrase_rows import check_written, each_phrase
from web.opening_questions import PHRASES_FILE, asks_to_open, opening_lead, read_short_opening
from web.question_leads import referee_lead

BESIDE = {"laid_down": "zu wenig", "short": "ausgelegt", "pairs": "4 {phrase} ausgelegt"}
"""What each facet's phrase is read beside, to tell a short opening."""


@each_phrase(PHRASES_FILE)
def test_every_phrase_is_read_as_what_it_tells(facet: str, lang: str, phrase: str) -> None:
    check_written(lang, phrase)
    if facet == "asks_open":  # beside tiles: the best opening of them rules (401)
        question = f"R7 R8 R9 K10 K11 K12 … {phrase.upper()}?"
        assert asks_to_open(question) and not asks_to_open("R7 R8 R9 K10 K11 K12")
        assert read_short_opening(question) is None
        assert referee_lead(question) == (("101", ("401",)),)
    elif facet == "pairs":
        assert read_short_opening(f"Also... {BESIDE['pairs'].format(phrase=phrase)}?") == "pairs"
    elif facet == "asks_needed":  # its numbers are a guess or another game's: no shortfall
        assert read_short_opening(f"Rommé: mit 40 ausgelegt. {phrase.upper()}?") is None
        assert read_short_opening(f"mit 40 ausgelegt, zu wenig. {phrase.upper()}?") == "melds"
    else:
        assert read_short_opening(f"Also... {phrase.upper()} {BESIDE[facet]}?") == "melds"
        assert read_short_opening(f"Also... {phrase.upper()}?") is None


@pytest.mark.parametrize(("query", "laid"), [
    ("nur 90 Punkte ausgelegt, was nun", "melds"),
    ("laid down only 90 points what now", "melds"),
    # put down, with the tiles between the words
    ("my uncle put his tiles down with 95 points, whats the rule", "melds"),
    ("Ali put down three melds that came to 98", "melds"),
    ("Julia hat mit 96 alles hingelegt", "melds"),
    ("90 ile açtım ceza var mı", "melds"),
    ("101'e ulaşmadan açtım", "melds"),
    ("only had four pairs when I opened", "pairs"),
    ("dört çift ile açtım", "pairs"),
    ("Deniz 4 çiftle açmaya kalktı, beşinci çift yok dedik", "pairs"),
    ("he tried to open with 4 pairs", "pairs"),
    ("nur vier Pärchen ausgelegt, was nun", "pairs"),
    # no shortfall told: how much opens, or an opening of 101 or more
    ("how many points do I need to open", None), ("101 ile açtım", None),
    ("Beim Rommé muss man mit 40 Punkten rauskommen, wieviel braucht man bei 101 zum Auslegen",
     None),
    ("opened with pairs", None), ("mit 5 Paaren ausgelegt", None), ("x" * 5000, None),
])
def test_a_question_tells_a_short_opening(query: str, laid: str | None) -> None:
    assert read_short_opening(query) == laid


@pytest.mark.parametrize("query", ["nur 90 Punkte ausgelegt", "only had four pairs when I opened",
                                   "3 çift açtı sayılır mı",
                                   "4 çift açıp masaya koydum, ceza yazılır mı"])
def test_the_ruling_on_a_short_opening_cites_its_penalty(query: str) -> None:
    """Beyond the opening rule (401, 501): 101 and the tiles back (701). ``sayılır mı``
    asks whether the opening counts, not what is written: no round's end is told. Too few
    pairs come before what is written (``ceza yazılır mı``), which the score reader would
    read as a pairs player's finish (603)."""
    assert opening_lead(query) == referee_lead(query) == (("101", ("701",)),)


@pytest.mark.parametrize(("lang", "query"), [
    ("tr", "siyah 1den 13e kadar tek seri dizdim, açabilir miyim"),
    ("de", "schwarz 1 bis 13 in einer Reihe, darf ich damit raus"),
    ("en", "black 1 to 13 in one run, can i open"),
])
def test_tiles_asked_to_open_with_get_the_best_opening_ruling(lang: str, query: str) -> None:
    """A run from 1 to 13 is worth 91: the best opening of it is short of 101, and the
    opening rule (401) answers; the meld ruling alone would call it a valid run."""
    assert referee_lead(query) == (("101", ("401",)),)
