"""The score sheet's round form read on the server, for a phone whose script did not run.

The page's script sends the round to the JSON API; without it the browser posts the same form
here. :func:`entry_body` builds the body the script would have sent, so both paths meet in
:func:`web.sheet.scoring.read_entry` and are refused or scored alike.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext
from werkzeug.datastructures import MultiDict

from web.validation import whole_number

NOBODY = ("deck_out", "cancelled")
"""Finishes with no winner: the deck ran out, or all four opened with pairs (503)."""

MAX_SUM = 2000
"""The highest "sum left" the form takes; the referee's own checks refuse what cannot be."""


def entry_body(form: MultiDict[str, str], players: int, variant: str) -> dict[str, Any]:
    """The round as the page's script builds it from the same fields (see ``payload()`` in
    static/sheet.js): the winner and the finish, and in 101 each player's end of round."""
    finish = form.get("finish") or None
    nobody = finish in NOBODY
    raw_winner = form.get("winner")
    winner = None if nobody or raw_winner is None else whole_number(
        raw_winner, "winner", lazy_gettext("Who finished"), 0, players - 1)
    body: dict[str, Any] = {"finish": finish, "winner": winner,
                            "okey_discard": not nobody and bool(form.get("okey_discard"))}
    if variant != "101" or finish == "cancelled":
        return body
    body["players"] = [_player(form, i, winner, finish) for i in range(players)]
    indicator = form.get("indicator", "").strip()
    if indicator:
        body["indicator"] = indicator
    if form.get("risk_round"):
        body["risk_round"] = True
    return body


def _player(form: MultiDict[str, str], i: int, winner: int | None,
            finish: str | None) -> dict[str, Any]:
    """One player's entry: how they opened, what they had left (a sum or the tiles; the
    winner has nothing left) and their penalties."""
    opened = form.get(f"p{i}_opened") or None
    if i == winner and not opened:
        opened = "pairs" if finish == "pairs" else "melds"
    entry: dict[str, Any] = {"opened": opened, "penalties": form.getlist(f"p{i}_penalties")}
    if i != winner:
        tiles = form.get(f"p{i}_remaining", "").strip()
        total = form.get(f"p{i}_value", "").strip()
        if total:
            entry["remaining_value"] = whole_number(
                total, f"p{i}_value", lazy_gettext("Sum left"), 0, MAX_SUM)
        elif tiles:
            entry["remaining"] = tiles
    return entry
