"""What a check returns: a frozen ruling of verdict, reason codes, cited rules and results.

Reasons are codes with the tiles and numbers they concern, never sentences: the app words
them in the player's language. Every code is a member of :class:`Code`, so the app can
test that each one has a message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import Any


class Verdict(Enum):
    """The answer to the question a check asks."""

    VALID = "valid"
    INVALID = "invalid"
    ALLOWED = "allowed"
    NOT_ALLOWED = "not_allowed"
    PENALTY = "penalty"
    NO_PENALTY = "no_penalty"
    REDRAW = "redraw"
    RULED = "ruled"


class Code(StrEnum):
    """Every reason the referee gives."""

    # okey
    OKEY_FROM_INDICATOR = "okey_from_indicator"
    OKEY_WRAPS_TO_ONE = "okey_wraps_to_one"
    FAKE_INDICATOR_REDRAW = "fake_indicator_redraw"
    FAKE_INDICATOR_JOKERS = "fake_indicator_jokers"
    FAKE_INDICATOR_RISK = "fake_indicator_risk"
    # melds
    MELD_SET = "meld_set"
    MELD_RUN = "meld_run"
    JOKER_STANDS_FOR = "joker_stands_for"
    FAKE_STANDS_FOR = "fake_stands_for"
    TOO_FEW_TILES = "too_few_tiles"
    SET_TOO_LARGE = "set_too_large"
    SET_REPEATS_COLOUR = "set_repeats_colour"
    MIXED = "mixed"
    RUN_GAP = "run_gap"
    RUN_DUPLICATE = "run_duplicate"
    RUN_TOO_LONG = "run_too_long"
    WRAPS_13_1 = "wraps_13_1"
    RUN_PAST_ONE = "run_past_one"
    PAST_ONE_LISTED = "past_one_listed"
    ONE_AFTER_THIRTEEN = "one_after_thirteen"
    MELD_VALUE = "meld_value"
    # opening
    OPENING_REACHES = "opening_reaches"
    OPENING_SHORT = "opening_short"
    OPENING_SHORT_PENALTY = "opening_short_penalty"
    OPENING_INVALID_MELD = "opening_invalid_meld"
    PAIRS_ENOUGH = "pairs_enough"
    PAIRS_TOO_FEW = "pairs_too_few"
    NOT_A_PAIR = "not_a_pair"
    NOT_A_PAIR_NO_JOKER = "not_a_pair_no_joker"
    # pair
    PAIR_SAME = "pair_same"
    PAIR_JOKER = "pair_joker"
    PAIR_OPENS_101 = "pair_opens_101"
    PAIR_WINS_PLAIN = "pair_wins_plain"
    BEST_OPENING = "best_opening"
    CAN_OPEN_MELDS = "can_open_melds"
    CAN_OPEN_PAIRS = "can_open_pairs"
    CANNOT_OPEN = "cannot_open"
    PARTIAL_RACK = "partial_rack"
    KEEPS_DISCARD = "keeps_discard"
    # winning hand
    WINNING_MELDS = "winning_melds"
    WINNING_PAIRS = "winning_pairs"
    NOT_WINNING = "not_winning"
    NOT_SEVEN_PAIRS = "not_seven_pairs"
    # discard
    ISLEK_PENALTY = "islek_penalty"
    ISLEK_EXTENDS = "islek_extends"
    ISLEK_REPLACES_JOKER = "islek_replaces_joker"
    NOT_ISLEK = "not_islek"
    ISLEK_LAST_TILE_EXEMPT = "islek_last_tile_exempt"
    ISLEK_LAST_TILE_PENALISED = "islek_last_tile_penalised"
    OKEY_DISCARD_FINISH = "okey_discard_finish"
    OKEY_DISCARD_FORBIDDEN = "okey_discard_forbidden"
    OKEY_DISCARD_PENALTY = "okey_discard_penalty"
    OKEY_DISCARD_NO_PENALTY = "okey_discard_no_penalty"
    # pickup
    PICKUP_OPENED = "pickup_opened"
    PICKUP_OPENS = "pickup_opens"
    PICKUP_CANNOT_OPEN = "pickup_cannot_open"
    PICKUP_PENALTY = "pickup_penalty"
    PICKUP_NO_PENALTY = "pickup_no_penalty"
    # scoring
    SCORE_WINNER = "score_winner"
    SCORE_REMAINING = "score_remaining"
    SCORE_NOT_OPENED = "score_not_opened"
    SCORE_PAIR_OPENER_DOUBLE = "score_pair_opener_double"
    SCORE_DOUBLED_OKEY = "score_doubled_okey"
    SCORE_DOUBLED_PAIRS = "score_doubled_pairs"
    SCORE_DOUBLED_RISK = "score_doubled_risk"
    SCORE_DOUBLINGS_STACK = "score_doublings_stack"
    PENALTIES_FLAT = "penalties_flat"
    PENALTIES_DOUBLED = "penalties_doubled"
    SCORE_ELDEN = "score_elden"
    PENALTY_OPENING_SHORT = "penalty_opening_short"
    PENALTY_ISLEK = "penalty_islek"
    PENALTY_OKEY_DISCARD = "penalty_okey_discard"
    PENALTY_TAKE_BACK = "penalty_take_back"
    PENALTY_FAILED_PICKUP = "penalty_failed_pickup"
    PENALTY_OKEY_IN_HAND = "penalty_okey_in_hand"
    PENALTY_WAIVED = "penalty_waived"
    OKEY_IN_HAND_INSTEAD = "okey_in_hand_instead"
    OKEY_IN_HAND_NOT_OPENED = "okey_in_hand_not_opened"
    ROUND_CANCELLED = "round_cancelled"
    PAIRS_FINISH_TEN_PAIRS = "pairs_finish_ten_pairs"
    PAIRS_OPENER_FINISHED = "pairs_opener_finished"
    FAKE_LAST_DISCARD = "fake_last_discard"
    PICKUP_FITS_NO_MELD = "pickup_fits_no_meld"
    PICKUP_MUST_USE = "pickup_must_use"
    PICKUP_LAY_OFF = "pickup_lay_off"
    PICKUP_SWAP_OKEY = "pickup_swap_okey"
    PICKUP_NEW_MELD = "pickup_new_meld"
    PICKUP_NO_USE = "pickup_no_use"
    PICKUP_NO_USE_TABLE = "pickup_no_use_table"
    ISLEK_SWAP_NOT_COUNTED = "islek_swap_not_counted"
    TOURNAMENT_LOSS = "tournament_loss"
    TOURNAMENT_NO_POINTS = "tournament_no_points"
    TOURNAMENT_OVER = "tournament_over"
    ROUND_WON = "round_won"
    # moves in a round (referee/round.py)
    MOVE_ROUND_OVER = "move_round_over"
    MOVE_OUT_OF_TURN = "move_out_of_turn"
    MOVE_OUT_OF_PHASE = "move_out_of_phase"
    MOVE_DRAW = "move_draw"
    MOVE_DECK_EMPTY = "move_deck_empty"
    MOVE_DECK_NOT_EMPTY = "move_deck_not_empty"
    MOVE_NO_DISCARD = "move_no_discard"
    MOVE_NOT_THE_DISCARD = "move_not_the_discard"
    MOVE_TAKE_OPENED = "move_take_opened"
    MOVE_TAKE_MUST_OPEN = "move_take_must_open"
    MOVE_PAIRS_NO_MELDS = "move_pairs_no_melds"
    MOVE_ALREADY_OPENED = "move_already_opened"
    MOVE_NOT_ON_RACK = "move_not_on_rack"
    MOVE_BAD_MELD = "move_bad_meld"
    MOVE_MELDS_LAID = "move_melds_laid"
    MOVE_OPENING_SHORT = "move_opening_short"
    MOVE_TAKEN_NOT_USED = "move_taken_not_used"
    MOVE_TAKEN_GOES_BACK = "move_taken_goes_back"
    MOVE_KEEPS_NO_DISCARD = "move_keeps_no_discard"
    MOVE_OPENED = "move_opened"
    MOVE_OPENED_PAIRS = "move_opened_pairs"
    MOVE_LAY_OFF_NOT_OPENED = "move_lay_off_not_opened"
    MOVE_DOES_NOT_FIT = "move_does_not_fit"
    MOVE_LAID_OFF = "move_laid_off"
    MOVE_SWAP_NOT_OPENED = "move_swap_not_opened"
    MOVE_SWAPPED = "move_swapped"
    MOVE_NO_OKEY_FOR = "move_no_okey_for"
    MOVE_NOT_ADDED = "move_not_added"
    MOVE_TAKE_BACK_LAST = "move_take_back_last"
    MOVE_TAKE_BACK_PENALTY = "move_take_back_penalty"
    MOVE_CANNOT_FINISH = "move_cannot_finish"
    MOVE_LAST_TILE_IS_FINISH = "move_last_tile_is_finish"
    MOVE_DISCARD_PENALISED = "move_discard_penalised"
    MOVE_FINISHED = "move_finished"
    MOVE_DISCARDED = "move_discarded"


@dataclass(frozen=True)
class Reason:
    """One reason in a ruling: a code, the rule it rests on, and what it concerns."""

    code: Code
    rule: str | None = None
    tiles: tuple[str, ...] = ()
    values: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def params(self) -> dict[str, Any]:
        """The message parameters: ``tiles`` joined, the first two as ``tile`` and ``other``,
        the cited ``rule``, and the named values."""
        first, second = (*self.tiles, "", "")[:2]
        return {"tiles": " ".join(self.tiles), "tile": first, "other": second,
                "rule": self.rule or "", **self.values}


def reason(code: Code, rule: str | None = None, tiles: Iterable[object] = (), **values: Any) -> Reason:
    """Build a :class:`Reason`, writing tiles in the notation."""
    return Reason(code, rule, tuple(str(t) for t in tiles), MappingProxyType(dict(values)))


@dataclass(frozen=True)
class Ruling:
    """A check's answer: the verdict, why, on which rules, and what was computed.

    ``result`` holds JSON-ready values under the names the API returns (``valid``,
    ``value``, ``okey``, …); ``options`` the house rules the ruling consulted.
    """

    check: str
    verdict: Verdict
    reasons: tuple[Reason, ...]
    result: Mapping[str, Any]
    options: Mapping[str, str]

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule id the reasons cite, in order of first mention."""
        seen: dict[str, None] = {}
        for item in self.reasons:
            if item.rule:
                seen.setdefault(item.rule, None)
        return tuple(seen)


def ruling(
    check: str,
    verdict: Verdict,
    reasons: Iterable[Reason],
    result: Mapping[str, Any],
    options: Mapping[str, str] | None = None,
) -> Ruling:
    """Build a frozen :class:`Ruling`."""
    return Ruling(check, verdict, tuple(reasons), MappingProxyType(dict(result)),
                  MappingProxyType(dict(options or {})))
