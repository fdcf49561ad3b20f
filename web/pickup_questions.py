"""A failed pickup told in a question, and the referee's pickup ruling on it: the search puts
the rules that ruling rests on first, as it does a meld ruling's for tiles.

"She took my discard and can't open": a player who takes the previous player's discard
before opening must open with it at once (406); one who cannot is penalised, or not, as
the table's house rule says (705, 708). The phrases that tell it are data
(``pickup_questions.yaml``).

>>> failed_pickup("she took my discard and can't open")
True
>>> failed_pickup("can I take the discard before opening")
False
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from referee.options import Rules
from rules_data.search import Lead
from web import phrases
from web.question_rulings import beyond, kept_per_query, lead_of, rule_on

PHRASES_FILE = Path(__file__).with_name("pickup_questions.yaml")

CANNOT_OPEN = "R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B4 B7 B10 B13 K2 K5 K8"
"""A rack of 21 that no discard opens: no two tiles of it meet in a meld or a pair."""
OPENS = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 B10 B11 B12 B13 K10 K11 K12 K13 R1 Y3 B5 K7 R4"
"""A rack of 21 that R9 opens with, in four runs worth 185."""


@kept_per_query(False)
def failed_pickup(query: str) -> bool:
    """Whether a question tells of a discard taken that could not be opened with or used."""
    return phrases.told(query, phrases.facets(PHRASES_FILE)) >= {"took_discard",
                                                                 "could_not_use"}


def pickup_body(rack: str, tile: str) -> dict[str, Any]:
    """A pickup request in 101 Okey, the variant with the rule, for a player who has not
    opened (the indicator K1 makes none of these tiles the okey)."""
    return {"variant": "101", "indicator": "K1", "tile": tile, "rack": rack}


def pickup_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules the referee's ruling on a failed pickup rests on, when the question tells
    one, beyond those of a pickup that opens (406): the penalty or the house rule that
    waives it (705, 708); none otherwise."""
    return _failed_lead(table) if failed_pickup(query) else ()


@lru_cache(maxsize=64)
def _failed_lead(table: Rules | None) -> Lead:
    """:func:`pickup_lead` under a table's rules, kept."""
    failed = rule_on("pickup", [("101", pickup_body(CANNOT_OPEN, "Y3"))], table)
    opened = rule_on("pickup", [("101", pickup_body(OPENS, "R9"))], table)
    return beyond(lead_of(failed), lead_of(opened))
