"""A round as the table enters it must be one that can have happened: someone finished or the
deck ran out, every 101 player who opened and did not finish says what was left, and no sum is
more than a rack can hold. Checked when a round is entered, never when stored rounds are
scored again, so a sheet kept before these checks still opens."""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from flask_babel import gettext, ngettext

from web.errors import InputError
from web.i18n import current_language
from web.sheet.scoring import RoundEntry

MAX_RACK = 22
"""Tiles a player can hold when a round ends (the first player starts with 22)."""
MAX_RACK_VALUE = 8 * 13 + 8 * 12 + 6 * 11
"""The most a rack can count: the 22 highest tiles (a fake joker counts as the okey, at most 13)."""


def check_complete(entry: RoundEntry, names: Sequence[str], variant: str) -> None:
    """Refuse a round that is missing a winner, a player's tiles left, or holds an impossible
    sum, naming the players (``names``) and the field.

    :raises InputError: ``no_winner``, ``missing_left`` or ``impossible_sum``.
    """
    if entry.finish == "cancelled":
        return  # nobody finished and nobody scores (503)
    if entry.finish != "deck_out" and entry.winner is None:
        raise InputError("no_winner", gettext(
            "Say who finished the round, or that the deck ran out."), field="winner")
    if variant != "101" or len(entry.players) != len(names):
        return  # plain Okey counts only the finish; a short list is the referee's to refuse
    winner = entry.winner
    if winner is not None and winner < len(names) and entry.players[winner].opened is None:
        return  # the referee says that the winner must have opened
    missing = [i for i, player in enumerate(entry.players)
               if i != winner and player.opened is not None
               and player.remaining_value is None and not player.remaining]
    if missing:
        who = format_list([names[i] for i in missing], locale=current_language())
        raise InputError("missing_left", ngettext(
            "Give what %(names)s had left: the sum of the tiles, or the tiles.",
            "Give what %(names)s had left: the sum of each one's tiles, or the tiles.",
            len(missing), names=who), field=f"players.{missing[0]}.remaining_value")
    for i, player in enumerate(entry.players):
        if (player.remaining_value or 0) > MAX_RACK_VALUE:
            raise InputError("impossible_sum", gettext(
                "%(name)s cannot have %(sum)s left: a rack counts at most %(most)s.",
                name=names[i], sum=player.remaining_value, most=MAX_RACK_VALUE),
                field=f"players.{i}.remaining_value")
        if len(player.remaining) > MAX_RACK:
            raise InputError("impossible_sum", gettext(
                "%(name)s cannot have %(count)s tiles left: a rack holds at most %(most)s.",
                name=names[i], count=len(player.remaining), most=MAX_RACK),
                field=f"players.{i}.remaining")
