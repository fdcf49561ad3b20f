"""An opening that fell short, told in a search question: read (each phrase of
web/opening_questions.yaml), ruled on by the opening check, and its rule put first."""

from __future__ import annotations

import pytest

from tests.phrase_rows import check_written, each_phrase
from web.opening_questions import PHRASES_FILE, opening_lead, read_short_opening
from web.question_leads import referee_lead

BESIDE = {"laid_down": "zu wenig", "short": "ausgelegt", "pairs": "4 {phrase} ausgelegt"}
"""What each facet's phrase is read beside, to tell a short opening."""


@each_phrase(PHRASES_FILE)
def test_every_phrase_is_read_as_what_it_tells(facet: str, lang: str, phrase: str) -> None:
    check_written(lang, phrase)
    if facet == "pairs":
        assert read_short_opening(f"Also... {BESIDE['pairs'].format(phrase=phrase)}?") == "pairs"
    else:
        assert read_short_opening(f"Also... {phrase.upper()} {BESIDE[facet]}?") == "melds"
        assert read_short_opening(f"Also... {phrase.upper()}?") is None


@pytest.mark.parametrize(("query", "laid"), [
    ("nur 90 Punkte ausgelegt, was nun", "melds"),
    ("laid down only 90 points what now", "melds"),
    ("90 ile açtım ceza var mı", "melds"),
    ("101'e ulaşmadan açtım", "melds"),
    ("only had four pairs when I opened", "pairs"),
    ("dört çift ile açtım", "pairs"),
    # no shortfall told: how much opens, or an opening of 101 or more
    ("how many points do I need to open", None), ("101 ile açtım", None),
    ("opened with pairs", None), ("mit 5 Paaren ausgelegt", None), ("x" * 5000, None),
])
def test_a_question_tells_a_short_opening(query: str, laid: str | None) -> None:
    assert read_short_opening(query) == laid


@pytest.mark.parametrize("query", ["nur 90 Punkte ausgelegt", "only had four pairs when I opened"])
def test_the_ruling_on_a_short_opening_cites_its_penalty(query: str) -> None:
    """Beyond the opening rule (401, 501): 101 and the tiles back (701)."""
    assert opening_lead(query) == referee_lead(query) == (("101", ("701",)),)
