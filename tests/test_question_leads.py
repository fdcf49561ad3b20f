"""What a question tells, read by each of the referee's readers (web/question_leads.py):
searched as the API searches, the rule the ruling rests on comes first."""

from __future__ import annotations

import pytest

from rules_data.search import SearchIndex
from web.question_leads import led_search


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
])
def test_a_told_question_finds_its_rule_first(search_index: SearchIndex, lang: str,
                                              query: str, rule: str) -> None:
    found = led_search(lambda lead: search_index.search(query, lang, lead=lead), query)
    assert found.hits[0].id == rule
