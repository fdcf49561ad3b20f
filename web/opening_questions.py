"""An opening that fell short, told in a question, and the referee's opening ruling on it:
the search puts the rules that ruling rests on first, as it does a meld ruling's for tiles.

>>> read_short_opening("nur 90 Punkte ausgelegt, was nun")
'melds'
>>> read_short_opening("only had four pairs when I opened")
'pairs'
>>> read_short_opening("how many points do I need to open") is None
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from referee.checks import OPENING_PAIRS
from referee.options import Rules
from rules_data.search import PAIR_WORDS, Lead, number_of
from web import phrases
from web.question_rulings import beyond, kept_per_query, lead_of, rule_on

PHRASES_FILE = Path(__file__).with_name("opening_questions.yaml")

Laid = Literal["melds", "pairs"]
"""What a short opening laid down: melds worth too little, or too few pairs."""

MELDS = ["R10 R11 R12", "Y10 Y11 Y12", "B10 B11 B12"]
"""Melds worth 99: short of 101 by one K10 K11 K12 (``OPENS_WITH``)."""
OPENS_WITH = "K10 K11 K12"
_POINTS = re.compile(r"(?<!\d)([1-9]\d?|100)(?!\d)")
"""A number of points under 101, as digits."""


@kept_per_query(None)
def read_short_opening(query: str) -> Laid | None:
    """What a question tells an opening laid short with: melds (a shortfall said, or a
    number of points under 101 beside laying down), or pairs (a number under five before the
    word for pairs); None when it tells none, or asks how much opening needs and tells no
    shortfall (``Beim Rommé … mit 40 rauskommen, wieviel braucht man bei 101``)."""
    folded = phrases.fold(query)
    told = phrases.told_folded(folded, phrases.facets(PHRASES_FILE))
    if "laid_down" not in told or "asks_needed" in told and "short" not in told:
        return None
    if "pairs" in told and _few_pairs(folded):
        return "pairs"
    points = [int(n) for n in _POINTS.findall(folded)]
    return "melds" if "short" in told or any(n >= 20 for n in points) else None


@kept_per_query(False)
def asks_to_open(query: str) -> bool:
    """Whether a question asks if what it names opens (``bunlarla açabilir miyim``,
    ``reicht das zum Rauslegen``, ``can I open``).

    >>> asks_to_open("R7 R8 R9 K10 K11 K12 … bunlarla açabilir miyim"), asks_to_open("R7 R8 R9")
    (True, False)
    """
    return "asks_open" in phrases.told(query, phrases.facets(PHRASES_FILE))


def _few_pairs(folded: str) -> bool:
    """Whether a number under five comes right before a word for pairs (``dört çift``,
    ``vier Paare``, ``vier Pärchen``, ``4 pairs``) in a folded question."""
    words = folded.split()
    return any((count := number_of(word)) is not None and count < OPENING_PAIRS
               and after.startswith(PAIR_WORDS)
               for word, after in zip(words, words[1:]))


def opening_body(laid: Laid, enough: bool) -> dict[str, Any]:
    """An opening request in 101 Okey: the melds worth 99 (with ``OPENS_WITH``, 132), or four
    pairs (five); the indicator K1 makes none of them the okey."""
    if laid == "pairs":
        return {"variant": "101", "indicator": "K1",
                "pairs": [f"R{n} R{n}" for n in range(2, 7 if enough else 6)]}
    return {"variant": "101", "indicator": "K1",
            "melds": [*MELDS, OPENS_WITH] if enough else MELDS}


def opening_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules the referee's ruling on a short opening rests on, when the question tells
    one, beyond those of an opening that is enough (401, 501): the penalty (701)."""
    laid = read_short_opening(query)
    return _short_lead(laid, table) if laid is not None else ()


@lru_cache(maxsize=64)
def _short_lead(laid: Laid, table: Rules | None) -> Lead:
    """:func:`opening_lead` for what was laid, kept per table."""
    short = rule_on("opening", [("101", opening_body(laid, enough=False))], table)
    enough = rule_on("opening", [("101", opening_body(laid, enough=True))], table)
    return beyond(lead_of(short), lead_of(enough))
