"""The referee's reason codes in words: one gettext message per :class:`referee.rulings.Code`.

The engine returns codes and the tiles they concern; this table turns them into sentences
in the player's language. A test checks that every code has a message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext
from flask_babel.speaklater import LazyString

from referee.checks import TileCountError
from referee.errors import OkeyError
from referee.rulings import Code, Reason, Ruling
from web.responses import jsonable

_ = lazy_gettext

MESSAGES: dict[Code, LazyString] = {
    Code.OKEY_FROM_INDICATOR: _("The indicator is %(tile)s, so the okey is %(other)s: one up, in the same colour."),
    Code.OKEY_WRAPS_TO_ONE: _("After 13 comes 1: the indicator %(tile)s makes %(other)s the okey."),
    Code.FAKE_INDICATOR_REDRAW: _("The indicator is a fake joker: turn up the next tile instead."),
    Code.FAKE_INDICATOR_JOKERS: _("The indicator is a fake joker: this round the fake jokers themselves are the jokers."),
    Code.FAKE_INDICATOR_RISK: _("The indicator is a fake joker: this is a risk round, and every score doubles."),
    Code.MELD_SET: _("%(tiles)s is a set: one number in different colours, worth %(value)s."),
    Code.MELD_RUN: _("%(tiles)s is a run: consecutive numbers in one colour, worth %(value)s."),
    Code.JOKER_STANDS_FOR: _("The okey %(tile)s stands for %(other)s."),
    Code.FAKE_STANDS_FOR: _("The fake joker stands for %(other)s, the okey's own colour and number."),
    Code.TOO_FEW_TILES: _("%(tiles)s: a meld needs at least 3 tiles."),
    Code.SET_TOO_LARGE: _("%(tiles)s: a set has at most 4 tiles."),
    Code.SET_REPEATS_COLOUR: _("%(tiles)s: a set may not repeat a colour."),
    Code.MIXED: _("%(tiles)s is neither a set (one number) nor a run (one colour)."),
    Code.RUN_GAP: _("%(tiles)s: a run needs consecutive numbers without a gap."),
    Code.RUN_DUPLICATE: _("%(tiles)s: a run may not repeat a number."),
    Code.RUN_TOO_LONG: _("%(tiles)s: a run has at most 13 tiles."),
    Code.WRAPS_13_1: _("%(tiles)s: under these rules a run may not go on from 13 to 1."),
    Code.RUN_PAST_ONE: _("%(tiles)s: here 1 may follow 13 as the highest tile, but a run may not go on past that 1."),
    Code.PAST_ONE_LISTED: _("A run from 13 on past 1 (13-1-2) is among the invalid melds in both variants."),
    Code.ONE_AFTER_THIRTEEN: _("%(tiles)s: here 1 may follow 13 as the highest tile."),
    Code.MELD_VALUE: _("A meld's value is the sum of its numbers; a joker counts as the "
                       "tile it stands for."),
    Code.OPENING_REACHES: _("The melds are worth %(value)s: enough to open (%(needed)s)."),
    Code.OPENING_SHORT: _("The melds are worth %(value)s, short of %(needed)s."),
    Code.OPENING_SHORT_PENALTY: _("Laying down short costs %(penalty)s points, and the tiles go back."),
    Code.OPENING_INVALID_MELD: _("Meld %(index)s (%(tiles)s) is not a valid meld."),
    Code.NOT_A_PAIR: _("%(tiles)s is not a pair: a pair is two identical tiles, or, under these rules, a tile and an okey."),
    Code.PAIR_SAME: _("%(tiles)s is a pair: two tiles of the same number and colour."),
    Code.PAIR_JOKER: _("The okey %(tile)s and %(other)s are a pair: under these rules an okey completes a pair."),
    Code.PAIR_OPENS_101: _("In 101 Okey a player may open with at least five pairs instead of 101 points."),
    Code.PAIR_WINS_PLAIN: _("In plain Okey seven pairs are a winning hand."),
    Code.NOT_A_PAIR_NO_JOKER: _("%(tiles)s is not a pair: a pair is two identical tiles, and under these rules an okey does not complete one."),
    Code.BEST_OPENING: _("The best melds in this rack are worth %(value)s."),
    Code.KEEPS_DISCARD: _("All 22 tiles would fit into melds, worth %(value)s, but every turn ends with a discard: the best that keeps a tile back is worth %(kept)s."),
    Code.CAN_OPEN_MELDS: _("%(value)s reaches 101: you can open."),
    Code.WINNING_PAIRS: _("Seven pairs: a winning hand."),
    Code.ISLEK_PENALTY: _("Discarding %(tile)s, a tile that is işlek (playable), costs %(penalty)s points."),
    Code.ISLEK_EXTENDS: _("%(tile)s can be added to meld %(meld)s on the table."),
    Code.ISLEK_REPLACES_JOKER: _("%(tile)s could take the place of the okey %(other)s in meld %(meld)s, and this table counts that as işlek too (house rule: a tile that could replace a joker on the table)."),
    Code.NOT_ISLEK: _("%(tile)s fits no meld on the table: no penalty."),
    Code.ISLEK_LAST_TILE_EXEMPT: _("%(tile)s is the finishing player's last tile: no penalty."),
    Code.ISLEK_LAST_TILE_PENALISED: _("Under these rules even a finishing player's last tile costs %(penalty)s when it is işlek."),
    Code.OKEY_DISCARD_FINISH: _("Discarding the okey %(tile)s to finish is an okey finish: the scores double."),
    Code.OKEY_DISCARD_FORBIDDEN: _("The okey %(tile)s may be discarded only to finish."),
    Code.OKEY_DISCARD_PENALTY: _("No meld is on the table yet: discarding the okey costs %(penalty)s points."),
    Code.OKEY_DISCARD_NO_PENALTY: _("Under these rules discarding the okey here is not penalised."),
    Code.PICKUP_OPENED: _("You have opened: you may take %(tile)s."),
    Code.PICKUP_OPENS: _("With %(tile)s you can open now: take it, and open with it at once."),
    Code.PICKUP_CANNOT_OPEN: _("%(tile)s does not let you open now (best %(value)s): you may not take it."),
    Code.PICKUP_FITS_NO_MELD: _("%(tile)s fits no meld with your tiles: before opening you may not take it."),
    Code.PICKUP_MUST_USE: _("Take %(tile)s only to lay it down this turn, on a meld on the table or in a new meld; give the table to check whether it fits."),
    Code.PICKUP_LAY_OFF: _("%(tile)s can be added to table meld %(meld)s."),
    Code.PICKUP_SWAP_OKEY: _("%(tile)s can take the place of the okey %(other)s in table meld %(meld)s."),
    Code.PICKUP_NEW_MELD: _("%(tile)s makes a new meld with tiles of your rack: %(meld)s."),
    Code.PICKUP_NO_USE: _("%(tile)s fits no meld on the table and makes none with your tiles: you may take it only to use it this turn."),
    Code.PICKUP_NO_USE_TABLE: _("%(tile)s fits no meld on the table: you may take it only to lay it down this turn, so only if it makes a new meld with your tiles (give your rack to check)."),
    Code.PICKUP_PENALTY: _("Taking %(tile)s and putting it back costs %(penalty)s points."),
    Code.PICKUP_NO_PENALTY: _("Under these rules %(tile)s goes back and you draw instead, with no penalty."),
    Code.SCORE_WINNER: _("The winner scores %(points)s."),
    Code.SCORE_REMAINING: _("Tiles left on the rack count %(points)s."),
    Code.SCORE_NOT_OPENED: _("Never opened: %(points)s."),
    Code.SCORE_PAIR_OPENER_DOUBLE: _("Opened with pairs and did not finish: pays double, another %(points)s."),
    Code.SCORE_DOUBLED_OKEY: _("Finished by discarding the okey: every score doubles."),
    Code.SCORE_DOUBLED_PAIRS: _("Finished with pairs: every score doubles."),
    Code.SCORE_DOUBLED_RISK: _("Risk round: every score doubles."),
    Code.SCORE_DOUBLINGS_STACK: _("The doublings stack: everything counts ×%(factor)s."),
    Code.PENALTIES_FLAT: _("A 101 penalty is not doubled: under these rules it stays 101 however the round's scores multiply."),
    Code.PENALTIES_DOUBLED: _("A 101 penalty doubles with the round: under these rules it counts ×%(factor)s too."),
    Code.SCORE_ELDEN: _("Finished in one go (elden bitme): %(points)s."),
    Code.PENALTY_OPENING_SHORT: _("Penalty for laying down short of 101: %(points)s."),
    Code.PENALTY_ISLEK: _("Penalty for discarding a playable (işlek) tile: %(points)s."),
    Code.PENALTY_OKEY_DISCARD: _("Penalty for discarding the okey: %(points)s."),
    Code.PENALTY_TAKE_BACK: _("Penalty for taking back tiles laid on the table: %(points)s."),
    Code.PENALTY_FAILED_PICKUP: _("Penalty for putting back a taken discard: %(points)s."),
    Code.PENALTY_OKEY_IN_HAND: _("Penalty for an okey left in hand: %(points)s."),
    Code.PENALTY_WAIVED: _("This table's rules waive that penalty (rule %(rule)s)."),
    Code.TOURNAMENT_LOSS: _("Every other player's count changes by %(points)s."),
    Code.TOURNAMENT_NO_POINTS: _("Nobody won the round: no count changes."),
    Code.TOURNAMENT_OVER: _("A count has reached 0: the game is over."),
    Code.ROUND_WON: _("The winner adds one round won."),
    Code.OKEY_IN_HAND_INSTEAD: _("The okeys left in hand count 101 instead of their face, once: %(points)s."),
    Code.OKEY_IN_HAND_NOT_OPENED: _("A player who never opened pays the 202 only, okeys in hand included."),
    Code.ROUND_CANCELLED: _("All four players opened with pairs: the round is cancelled and dealt again, and nobody scores."),
    Code.PAIRS_FINISH_TEN_PAIRS: _("Under these rules laying ten pairs at once is a pairs finish, without having opened with pairs."),
    Code.PAIRS_OPENER_FINISHED: _("The winner opened with pairs: under these rules their finish is a pairs finish."),
    Code.FAKE_LAST_DISCARD: _("A fake joker discarded last is not an okey finish: the round is scored as a normal finish."),
    Code.ISLEK_SWAP_NOT_COUNTED: _("Under these rules a tile that could take the place of a table okey is not işlek for that."),
    Code.MOVE_ROUND_OVER: _("The round is over: no more moves."),
    Code.MOVE_OUT_OF_TURN: _("It is player %(turn)s's turn, not player %(player)s's."),
    Code.MOVE_OUT_OF_PHASE: _("Not now: a turn starts with drawing a tile or taking the discard, once; laying down and discarding come after that."),
    Code.MOVE_DRAW: _("The player draws a tile from the deck."),
    Code.MOVE_DECK_EMPTY: _("The deck is empty: the round ends without a winner, and everyone pays."),
    Code.MOVE_NO_DISCARD: _("There is no discard to take."),
    Code.MOVE_NOT_THE_DISCARD: _("%(tile)s is not the discard: the discard is %(other)s."),
    Code.MOVE_TAKE_OPENED: _("The player has opened and takes %(tile)s: it must be used on the table this turn."),
    Code.MOVE_TAKE_MUST_OPEN: _("The player takes %(tile)s: they must open this turn and use it in the opening."),
    Code.MOVE_PAIRS_NO_MELDS: _("A player who opened with pairs may not lay down a meld this round, only add to melds on the table."),
    Code.MOVE_ALREADY_OPENED: _("This player has already opened."),
    Code.MOVE_NOT_ON_RACK: _("%(tiles)s: not on this player's rack."),
    Code.MOVE_BAD_MELD: _("Every meld laid down must be a valid meld."),
    Code.MOVE_MELDS_LAID: _("The player, who has opened, lays down more melds."),
    Code.MOVE_OPENING_SHORT: _("The opening falls short: the tiles go back and %(penalty)s penalty points are written down. The opening is one event; it cannot be completed in a later turn."),
    Code.MOVE_TAKEN_NOT_USED: _("The taken discard %(tile)s was not used this turn."),
    Code.MOVE_TAKEN_GOES_BACK: _("%(tile)s goes back on the discard pile: draw from the deck instead."),
    Code.MOVE_KEEPS_NO_DISCARD: _("Every turn ends with a discard: keep a tile on the rack to discard."),
    Code.MOVE_OPENED: _("The player opens with melds."),
    Code.MOVE_OPENED_PAIRS: _("The player opens with pairs."),
    Code.MOVE_LAY_OFF_NOT_OPENED: _("%(tile)s: a player who has not opened may not add to melds on the table."),
    Code.MOVE_DOES_NOT_FIT: _("%(tile)s does not fit table meld %(meld)s."),
    Code.MOVE_LAID_OFF: _("%(tile)s is added to table meld %(meld)s."),
    Code.MOVE_SWAP_NOT_OPENED: _("%(tile)s: only a player who has opened may swap out a joker on the table."),
    Code.MOVE_SWAPPED: _("%(tile)s takes the place of the joker %(other)s in table meld %(meld)s; the joker goes to the player's rack."),
    Code.MOVE_NO_OKEY_FOR: _("No joker in table meld %(meld)s stands for %(tile)s."),
    Code.MOVE_NOT_ADDED: _("%(tile)s was not added to table meld %(meld)s this turn, so it cannot be taken back."),
    Code.MOVE_TAKE_BACK_LAST: _("%(tile)s was the last tile added: it may be taken back."),
    Code.MOVE_TAKE_BACK_PENALTY: _("%(tile)s was not the last tile added: taking it back costs %(penalty)s points."),
    Code.MOVE_CANNOT_FINISH: _("The player cannot finish: tiles would remain on the rack, or the player has not opened."),
    Code.MOVE_LAST_TILE_IS_FINISH: _("That was the last tile: discarding it is a finish."),
    Code.MOVE_DISCARD_PENALISED: _("The discard %(tile)s costs %(penalty)s points."),
    Code.MOVE_FINISHED: _("The player finishes by discarding %(tile)s."),
    Code.MOVE_DISCARDED: _("The player discards %(tile)s."),
}

# Reasons that carry a count are worded in the plural forms of each language.
COUNTED: dict[Code, Callable[[int, dict[str, Any]], str]] = {
    Code.PAIRS_ENOUGH: lambda n, p: ngettext("%(count)s pair: enough to open with pairs (%(needed)s).", "%(count)s pairs: enough to open with pairs (%(needed)s).", n, **p),
    Code.PAIRS_TOO_FEW: lambda n, p: ngettext("%(count)s pair: opening with pairs needs %(needed)s.", "%(count)s pairs: opening with pairs needs %(needed)s.", n, **p),
    Code.CAN_OPEN_PAIRS: lambda n, p: ngettext("%(count)s pair: you can open with pairs.", "%(count)s pairs: you can open with pairs.", n, **p),
    Code.CANNOT_OPEN: lambda n, p: ngettext("Not enough to open: %(value)s in melds and %(count)s pair.", "Not enough to open: %(value)s in melds and %(count)s pairs.", n, **p),
    Code.WINNING_MELDS: lambda n, p: ngettext("All 14 tiles go into %(count)s meld: a winning hand.", "All 14 tiles go into %(count)s melds: a winning hand.", n, **p),
    Code.NOT_WINNING: lambda n, p: ngettext("%(count)s tile fits no meld: %(tiles)s.", "%(count)s tiles fit no meld: %(tiles)s.", n, **p),
    Code.MOVE_DECK_NOT_EMPTY: lambda n, p: ngettext("The deck still holds %(count)s tile: the round goes on.", "The deck still holds %(count)s tiles: the round goes on.", n, **p),
    Code.PARTIAL_RACK: lambda n, p: ngettext("This answer is for the %(count)s tile given, not a whole rack of 21 or 22: the rest of the rack may do better.", "This answer is for the %(count)s tiles given, not a whole rack of 21 or 22: the rest of the rack may do better.", n, **p),
    Code.NOT_SEVEN_PAIRS: lambda n, p: gettext("Not a single pair: seven are needed.") if n == 0 else ngettext("Only %(count)s pair: seven are needed.", "Only %(count)s pairs: seven are needed.", n, **p),
}


def explain(item: Reason) -> str:
    """One reason as a sentence in the current locale (a count in its plural form)."""
    params: dict[str, Any] = item.params()
    counted = COUNTED.get(item.code)
    if counted is not None:
        return counted(int(params.get("count", 0)), params)
    return str(MESSAGES[item.code]) % params if params else str(MESSAGES[item.code])


def explain_all(result: Ruling) -> list[dict[str, Any]]:
    """Every reason of a ruling: its code, rule and sentence."""
    return [{"code": str(r.code), "rule": r.rule, "text": explain(r)} for r in result.reasons]


VERDICTS: dict[str, LazyString] = {
    "valid": _("Valid"),
    "invalid": _("Not valid"),
    "allowed": _("Allowed"),
    "not_allowed": _("Not allowed"),
    "penalty": _("Penalty"),
    "no_penalty": _("No penalty"),
    "redraw": _("Turn up another tile"),
    "ruled": _("Ruling"),
}
"""Each verdict in a few words (translated when read: one look-up per ruling)."""


def verdict_text(result: Ruling) -> str:
    """The verdict in a few words, in the current locale."""
    return str(VERDICTS[result.verdict.value])


ERRORS: dict[str, LazyString] = {
    "bad_tile": _("%(subject)s is not a tile: write R, Y, B or K and 1 to 13 (R7), or F for a fake joker."),
    "too_many_copies": _("%(subject)s appears more than twice: a set has only two of each tile, and the indicator counts as one."),
    "too_many_fakes": _("There are only two fake jokers (F), and an indicator F counts as one."),
    "fake_indicator": _("A fake joker has no tile above it."),
    "redraw": _("The indicator is a fake joker and this table turns up another tile: give the new indicator."),
    "tile_count": _("Wrong number of tiles: %(subject)s."),
    "melds_or_pairs": _("Give either melds or pairs, not both and not neither."),
    "bad_table_meld": _("A table meld is not a valid meld: %(subject)s."),
    "not_in_variant": _("This check does not apply to the chosen variant (%(subject)s)."),
    "bad_variant": _("Unknown variant %(subject)s: use 101 or plain."),
    "unknown_option": _("Unknown house rule %(subject)s."),
    "unknown_choice": _("Unknown choice for a house rule: %(subject)s."),
    "option_not_in_variant": _("%(subject)s is not a house rule of this variant."),
    "player_count": _("A round has 2 to 4 players, not %(subject)s."),
    "bad_winner": _("The winner must be one of the players (counting from 0), not %(subject)s."),
    "winner_not_opened": _("The winner (player %(subject)s) must have opened."),
    "winner_deck_out": _("When the deck runs out nobody finishes: leave the winner empty."),
    "winner_cancelled": _("Nobody finishes a cancelled round: leave the winner empty."),
    "pairs_finish_without_pairs": _("A pairs finish needs a winner who opened with pairs."),
    "elden_others_opened": _("Elden bitme means nobody else had opened, but player %(subject)s had."),
    "standings_count": _("Give one standing per player."),
    "negative_value": _("A rack's value cannot be negative."),
    "indicator_needed": _("Give the indicator: what the fake joker %(subject)s stands for depends on it."),
    "impossible": _("This cannot happen with a real set of tiles: %(subject)s."),
    "bad_option": _("Unknown option: %(subject)s."),
    "missing_field": _("This ruling needs a field that was left out: %(subject)s."),
    "bad_player": _("There is no player %(subject)s at this table (players count from 0)."),
    "bad_meld_index": _("There is no table meld %(subject)s (table melds count from 0)."),
    "round_not_over": _("The round has not ended, so it cannot be scored yet."),
}


def error_text(code: str, subject: str = "") -> str:
    """An input error from the engine, in the current locale, naming what was wrong."""
    message = ERRORS.get(code)
    if message is None:
        return str(gettext("Invalid input: %(subject)s", subject=subject))
    return str(message) % {"subject": subject}


def okey_error_text(error: OkeyError) -> str:
    """An engine error in words; one that carries data (a tile count) is worded from it."""
    if isinstance(error, TileCountError) and len(error.allowed) > 2:
        return str(gettext("Wrong number of tiles: %(count)s, where %(low)s to %(high)s are needed.",
                           count=error.count, low=error.allowed[0], high=error.allowed[-1]))
    if isinstance(error, TileCountError):
        return str(gettext("Wrong number of tiles: %(count)s, where %(expected)s are needed.",
                           count=error.count, expected=or_list([str(n) for n in error.allowed])))
    return error_text(error.code, error.subject)


def or_list(items: Sequence[str]) -> str:
    """``a, b or c`` in the current locale."""
    if len(items) < 2:
        return "".join(items)
    return str(gettext("%(items)s or %(last)s", items=", ".join(items[:-1]), last=items[-1]))


def ruling_json(result: Ruling, variant: str, applied: dict[str, str]) -> dict[str, Any]:
    """A ruling with the case file's ``expect`` names, its rules, explanation and options."""
    return {
        "check": result.check, "variant": variant, "verdict": result.verdict.value,
        "verdict_text": verdict_text(result),
        **{str(key): jsonable(value) for key, value in result.result.items()},
        "rules": list(result.rules), "explanation": explain_all(result),
        "options": dict(result.options), "table_options": applied,
    }
