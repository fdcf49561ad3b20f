"""Hakem's referee: an Okey rules engine that rules on table disputes and cites the rules.

Tile notation
=============
Every tile is written as a colour letter and a number, and a fake joker as ``F``:

====== ========= ========= =========
letter colour    Turkish   German
====== ========= ========= =========
``R``  red       kırmızı   rot
``Y``  yellow    sarı      gelb
``B``  blue      mavi      blau
``K``  black     siyah     schwarz
``F``  fake joker (sahte okey, falscher Joker): no colour, no number
====== ========= ========= =========

Numbers run from 1 to 13: ``R7`` is the red 7, ``K13`` the black 13. A list of tiles is
written with spaces or commas: ``"R7 R8 R9"``. The parser also takes lowercase and colour
words in the three languages (``"rot 7"``, ``"kırmızı 7"``, ``"red 7"``, ``"sahte okey"``).

>>> Tile.parse("R7")
Tile.parse('R7')
>>> str(Tile.parse("kırmızı 7"))
'R7'
>>> [str(t) for t in parse_tiles("K12, K13 k1 F")]
['K12', 'K13', 'K1', 'F']

The engine is a plain library: it never imports Flask. Checks return frozen
:class:`Ruling` values that carry reason codes and rule ids, never sentences; the app turns
the codes into text in the player's language.
"""

from referee.checks import (
    check_best_opening,
    check_discard,
    check_meld,
    check_okey,
    check_opening,
    check_pair,
    check_pickup,
    check_winning_hand,
)
from referee.errors import NotationError, OkeyError, OptionError, RuleViolation
from referee.options import Rules, Variant
from referee.rulings import Reason, Ruling, Verdict
from referee.scoring import Finish, Opened, Penalty, PlayerRound, check_score
from referee.tiles import Color, Tile, parse_tiles

__all__ = [
    "Color",
    "Finish",
    "NotationError",
    "OkeyError",
    "Opened",
    "OptionError",
    "Penalty",
    "PlayerRound",
    "Reason",
    "RuleViolation",
    "Rules",
    "Ruling",
    "Tile",
    "Variant",
    "Verdict",
    "check_best_opening",
    "check_discard",
    "check_meld",
    "check_okey",
    "check_opening",
    "check_pair",
    "check_pickup",
    "check_score",
    "check_winning_hand",
    "parse_tiles",
]
