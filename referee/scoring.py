"""Scoring a round: 101 Okey's penalty points (601-612, 701-706) and plain Okey's
tournament count (609) or rounds won (610), with a line item per rule applied.

>>> from referee.options import Rules
>>> players = [PlayerRound(Opened.MELDS, remaining=(Tile.parse("R2"), Tile.parse("R3"))),
...            PlayerRound(None), PlayerRound(Opened.MELDS), PlayerRound(Opened.MELDS)]
>>> check_score(players, winner=3, finish=Finish.NORMAL, rules=Rules.preset("101")).result["scores"]
[5, 202, 0, -101]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from referee.checks import PENALTY, jokers_for
from referee.errors import RuleViolation
from referee.jokers import Jokers
from referee.options import (
    EldenScoring,
    FailedPickup,
    FakeIndicator,
    FlatPenalties,
    OkeyDiscard,
    OkeyInHand,
    PairFinish,
    PairOpenerDouble,
    PlainDoublings,
    PlainMatch,
    Rules,
    Variant,
)
from referee.rulings import Code, Reason, Ruling, Verdict, reason, ruling
from referee.tiles import Tile, check_physical

NOT_OPENED = 202
WIN = -101
TOURNAMENT_START = 20


class Opened(Enum):
    """How a player opened this round."""

    MELDS = "melds"
    PAIRS = "pairs"


class Finish(Enum):
    """How the round ended."""

    NORMAL = "normal"
    OKEY = "okey"
    PAIRS = "pairs"
    ELDEN = "elden"
    DECK_OUT = "deck_out"
    CANCELLED = "cancelled"
    """All four opened with pairs (503): nobody finished and nobody scores."""


class Penalty(Enum):
    """The flat 101 penalties of the round (701-706), by what was done."""

    OPENING_SHORT = "opening_short"
    ISLEK = "islek"
    OKEY_DISCARD = "okey_discard"
    TAKE_BACK = "take_back"
    FAILED_PICKUP = "failed_pickup"
    OKEY_IN_HAND = "okey_in_hand"


PENALTY_RULES = {
    Penalty.OPENING_SHORT: ("701", Code.PENALTY_OPENING_SHORT),
    Penalty.ISLEK: ("702", Code.PENALTY_ISLEK),
    Penalty.OKEY_DISCARD: ("703", Code.PENALTY_OKEY_DISCARD),
    Penalty.TAKE_BACK: ("704", Code.PENALTY_TAKE_BACK),
    Penalty.FAILED_PICKUP: ("705", Code.PENALTY_FAILED_PICKUP),
    Penalty.OKEY_IN_HAND: ("706", Code.PENALTY_OKEY_IN_HAND),
}


@dataclass(frozen=True)
class PlayerRound:
    """One player's end of round: how they opened (``None``: not at all), what is left on
    their rack (tiles, or just the sum they announce), and penalties incurred."""

    opened: Opened | None
    remaining: tuple[Tile, ...] = ()
    remaining_value: int | None = None
    penalties: tuple[Penalty, ...] = field(default=())


@dataclass(frozen=True)
class _Item:
    player: int
    points: int
    reason: Reason


def check_score(
    players: Sequence[PlayerRound] = (),
    *,
    winner: int | None,
    finish: Finish,
    rules: Rules,
    indicator: Tile | None = None,
    okey_discard: bool = False,
    risk_round: bool | None = None,
    standings: Sequence[int] | None = None,
    last_discard: Tile | None = None,
) -> Ruling:
    """Score one round under the table's rules; returns per-player ``scores`` and line items.

    ``last_discard``, the winner's last tile if known, decides whether it was an okey finish:
    the okey doubles (602, 608), a fake joker does not (803).

    :raises RuleViolation: for a round that cannot happen (two winners, an unknown player,
        elden bitme while someone else opened, impossible tiles).
    """
    if finish is Finish.CANCELLED:
        return _cancelled(len(players) or 4, winner, rules, standings)
    if rules.variant is Variant.PLAIN:
        okey_discard = okey_discard or _okey_last(last_discard, indicator, finish, rules)
        return _score_plain(len(standings) if standings else len(players) or 4, winner, finish,
                            rules, okey_discard, standings)
    return _score_101(players, winner, finish, rules, indicator, okey_discard, risk_round,
                      standings, last_discard)


def _okey_last(last_discard: Tile | None, indicator: Tile | None, finish: Finish,
               rules: Rules) -> bool:
    """Whether the winner's last tile, where known, was an okey (602, 608): it doubles."""
    return last_discard is not None and indicator is not None \
        and finish is not Finish.DECK_OUT and jokers_for(indicator, rules).is_wild(last_discard)


def _check_round(players: Sequence[PlayerRound], winner: int | None, finish: Finish,
                 rules: Rules) -> None:
    if not 2 <= len(players) <= 4:
        raise RuleViolation(f"a round has 2 to 4 players, not {len(players)}",
                            code="player_count", subject=str(len(players)))
    if finish is Finish.DECK_OUT:
        if winner is not None:
            raise RuleViolation("nobody finishes when the deck runs out", code="winner_deck_out")
        return
    if winner is None or not 0 <= winner < len(players):
        raise RuleViolation(f"the winner must be a player from 0 to {len(players) - 1}",
                            code="bad_winner", subject=str(winner))
    if players[winner].opened is None:
        raise RuleViolation("the winner must have opened", code="winner_not_opened",
                            subject=str(winner))
    if finish is Finish.PAIRS and players[winner].opened is not Opened.PAIRS \
            and rules.pair_finish is PairFinish.PAIRS_OPENER:
        raise RuleViolation("a pairs finish needs a winner who opened with pairs",
                            code="pairs_finish_without_pairs", subject=str(winner))
    if finish is Finish.ELDEN:
        others = [i for i, p in enumerate(players) if i != winner and p.opened is not None]
        if others:
            raise RuleViolation("elden bitme means nobody else had opened",
                                code="elden_others_opened", subject=str(others[0]))


def _face(jokers: Jokers) -> int:
    """What an okey (or a fake joker standing for it) counts at its face: the okey's number,
    or nothing where the fake jokers themselves are the okeys (203, a house rule)."""
    return 0 if jokers.okey is None or jokers.okey.is_fake else jokers.okey.number


def _remaining(player: PlayerRound, jokers: Jokers | None) -> int:
    if player.remaining_value is not None:
        if player.remaining_value < 0:
            raise RuleViolation("a rack's value cannot be negative", code="negative_value",
                                subject=str(player.remaining_value))
        return player.remaining_value
    total = 0
    for tile in player.remaining:
        if tile.is_fake:
            if jokers is None or jokers.okey is None:
                raise RuleViolation("a fake joker's value needs the indicator",
                                    code="indicator_needed", subject=str(tile))
            total += _face(jokers)
        else:
            total += tile.number
    return total


def _score_101(
    players: Sequence[PlayerRound],
    winner: int | None,
    finish: Finish,
    rules: Rules,
    indicator: Tile | None,
    okey_discard: bool,
    risk_round: bool | None,
    standings: Sequence[int] | None,
    last_discard: Tile | None = None,
) -> Ruling:
    said: list[Reason] = []
    if last_discard is not None and last_discard.is_fake and not (
            indicator is not None and jokers_for(indicator, rules).okey == last_discard):
        # 803: a fake joker discarded last is no okey finish, whatever it stood for
        said.append(reason(Code.FAKE_LAST_DISCARD, "803", [last_discard]))
        okey_discard = False
        if finish is Finish.OKEY:
            finish = Finish.NORMAL
    elif _okey_last(last_discard, indicator, finish, rules):
        okey_discard = True
    by_pair_opener = finish in (Finish.NORMAL, Finish.OKEY) and winner is not None \
        and 0 <= winner < len(players) and players[winner].opened is Opened.PAIRS \
        and rules.pair_finish is PairFinish.PAIRS_OPENER
    if by_pair_opener:
        # 603: a pair opener who goes out finishes with pairs, with the okey too (both double)
        said.append(reason(Code.PAIRS_OPENER_FINISHED, "603"))
        okey_discard = okey_discard or finish is Finish.OKEY
        finish = Finish.PAIRS
    _check_round(players, winner, finish, rules)
    if standings is not None and len(standings) != len(players):
        raise RuleViolation("give one standing per player", code="standings_count",
                            subject=str(len(standings)))
    jokers = None
    # the racks' tiles and the last discard all exist at once: no third K5
    held = [*(t for p in players for t in p.remaining), *([last_discard] if last_discard else [])]
    if indicator is not None:
        jokers = jokers_for(indicator, rules, held)
    else:
        check_physical(held)
    options: dict[str, str] = {}
    if by_pair_opener:
        options["pair_finish"] = rules.choice("pair_finish")
    if risk_round is None:
        risk_round = bool(jokers and jokers.risk_round)
    if indicator is not None and indicator.is_fake:
        options["fake_indicator"] = rules.choice("fake_indicator")
        risk_round = risk_round or rules.fake_indicator is FakeIndicator.RISK_ROUND
    okey_discard = okey_discard or finish is Finish.OKEY
    if len(players) == 4 and all(p.opened is Opened.PAIRS for p in players):
        return _cancelled(4, None, rules, standings)  # all four opened with pairs (503)
    items: list[_Item] = []
    doublings: list[Reason] = []
    if okey_discard and finish is not Finish.ELDEN:
        doublings.append(reason(Code.SCORE_DOUBLED_OKEY, "602"))
    if finish is Finish.PAIRS:
        doublings.append(reason(Code.SCORE_DOUBLED_PAIRS, "603"))
        assert winner is not None
        if players[winner].opened is not Opened.PAIRS:  # allowed by the house rule only
            options["pair_finish"] = rules.choice("pair_finish")
            said.append(reason(Code.PAIRS_FINISH_TEN_PAIRS, "603"))  # said, not doubled
    if risk_round:
        doublings.append(reason(Code.SCORE_DOUBLED_RISK, "611"))
    multiplier = 2 ** len(doublings)
    if len(doublings) > 1:
        doublings.append(reason(Code.SCORE_DOUBLINGS_STACK, "612", factor=multiplier))

    if finish is Finish.ELDEN:
        assert winner is not None
        options["elden_scoring"] = rules.choice("elden_scoring")
        table = rules.elden_scoring is EldenScoring.TABLE
        win, lose = ((-808, 808) if okey_discard else (-202, 808)) if table else \
            ((-808, 808) if okey_discard else (-202, 404))
        factor = 2 if risk_round else 1
        for index in range(len(players)):
            points = (win if index == winner else lose) * factor
            items.append(_Item(index, points, reason(Code.SCORE_ELDEN, "604", points=points,
                                                     okey=okey_discard)))
    else:
        for index, player in enumerate(players):
            if index == winner:
                points = WIN * multiplier
                items.append(_Item(index, points, reason(
                    Code.SCORE_WINNER, _finish_rule(finish), points=points)))
                continue
            if player.opened is None:
                points = NOT_OPENED * multiplier
                code = Code.SCORE_NOT_OPENED
            else:
                points = _remaining(player, jokers) * multiplier
                code = Code.SCORE_REMAINING
            rule = "605" if finish is Finish.DECK_OUT else _finish_rule(finish)
            items.append(_Item(index, points, reason(code, rule, player.remaining, points=points)))
            if player.opened is Opened.PAIRS:
                options["pair_opener_double"] = rules.choice("pair_opener_double")
                if rules.pair_opener_double is PairOpenerDouble.DOUBLE:
                    items.append(_Item(index, points, reason(
                        Code.SCORE_PAIR_OPENER_DOUBLE, "505", points=points)))
    items += _penalty_items(players, rules, jokers, multiplier, options)
    if "flat_penalties_double" in options:  # a 101 penalty met a doubling: said so (612)
        code = Code.PENALTIES_DOUBLED if rules.flat_penalties_double is FlatPenalties.DOUBLED \
            else Code.PENALTIES_FLAT
        doublings.append(reason(code, "612", factor=multiplier))
    scores = [sum(i.points for i in items if i.player == p) for p in range(len(players))]
    result: dict[str, object] = {
        "scores": scores,
        "multiplier": multiplier,
        "risk_round": risk_round,
        "items": [{"player": i.player, "points": i.points, "code": str(i.reason.code),
                   "rule": i.reason.rule} for i in items],
    }
    if standings is not None:
        result["standings"] = [s + d for s, d in zip(standings, scores)]
    if jokers is not None and indicator is not None and indicator.number == 13 \
            and any(t == jokers.okey for p in players for t in p.remaining):
        said.append(reason(Code.OKEY_WRAPS_TO_ONE, "801", [indicator, jokers.okey]))
    reasons = said + doublings + [i.reason for i in items]  # items last, in order
    return ruling("score", Verdict.RULED, reasons, result, options)


def _cancelled(count: int, winner: int | None, rules: Rules,
               standings: Sequence[int] | None) -> Ruling:
    """All four players opened with pairs in the round: it is cancelled and dealt again, and
    nobody scores, penalties included (503)."""
    if rules.variant is not Variant.OKEY_101:
        raise RuleViolation("a cancelled round is a 101 Okey rule (503)", code="not_in_variant",
                            subject="cancelled")
    if winner is not None:
        raise RuleViolation("nobody finishes a cancelled round", code="winner_cancelled",
                            subject=str(winner))
    if not 2 <= count <= 4:
        raise RuleViolation(f"a round has 2 to 4 players, not {count}", code="player_count",
                            subject=str(count))
    if standings is not None and len(standings) != count:
        raise RuleViolation("give one standing per player", code="standings_count",
                            subject=str(len(standings)))
    result: dict[str, object] = {"scores": [0] * count, "multiplier": 1, "risk_round": False,
                                 "items": [], "cancelled": True}
    if standings is not None:
        result["standings"] = list(standings)
    return ruling("score", Verdict.RULED, [reason(Code.ROUND_CANCELLED, "503")], result)


def _finish_rule(finish: Finish) -> str:
    return {Finish.NORMAL: "601", Finish.OKEY: "602", Finish.PAIRS: "603",
            Finish.ELDEN: "604", Finish.DECK_OUT: "605", Finish.CANCELLED: "503"}[finish]


def _penalty_items(
    players: Sequence[PlayerRound],
    rules: Rules,
    jokers: Jokers | None,
    multiplier: int,
    options: dict[str, str],
) -> list[_Item]:
    items: list[_Item] = []
    doubled = rules.flat_penalties_double is FlatPenalties.DOUBLED
    waived_by = {
        Penalty.FAILED_PICKUP: ("failed_pickup", rules.failed_pickup is FailedPickup.NO_PENALTY, "708"),
        Penalty.OKEY_DISCARD: ("okey_discard", rules.okey_discard is OkeyDiscard.NO_PENALTY, "703"),
        Penalty.OKEY_IN_HAND: ("okey_in_hand", rules.okey_in_hand is OkeyInHand.NONE, "706"),
    }
    instead = rules.okey_in_hand is OkeyInHand.INSTEAD_OF_FACE
    for index, player in enumerate(players):
        penalties = list(player.penalties)
        okeys_held = sum(1 for t in player.remaining if jokers and jokers.okey == t)
        penalties += [Penalty.OKEY_IN_HAND] * max(0, okeys_held - penalties.count(Penalty.OKEY_IN_HAND))
        if instead and Penalty.OKEY_IN_HAND in penalties:
            # Other engines' reading of 706: the okeys held count 101 together, instead of
            # their faces; a player who never opened pays the 202 and nothing more.
            penalties = [p for p in penalties if p is not Penalty.OKEY_IN_HAND]
            options["okey_in_hand"] = rules.choice("okey_in_hand")
            if player.opened is None:
                items.append(_Item(index, 0, reason(Code.OKEY_IN_HAND_NOT_OPENED, "706")))
            else:
                faces = okeys_held * (_face(jokers) if jokers else 0) * multiplier
                points = PENALTY * (multiplier if doubled else 1) - faces
                items.append(_Item(index, points, reason(Code.OKEY_IN_HAND_INSTEAD, "706",
                                                         points=points)))
        for penalty in penalties:
            rule, code = PENALTY_RULES[penalty]
            if penalty in waived_by:
                option, waived, waive_rule = waived_by[penalty]
                options[option] = rules.choice(option)
                if waived:
                    items.append(_Item(index, 0, reason(Code.PENALTY_WAIVED, waive_rule,
                                                        penalty=penalty.value)))
                    continue
            if multiplier > 1:
                options["flat_penalties_double"] = rules.choice("flat_penalties_double")
            points = PENALTY * (multiplier if doubled else 1)
            items.append(_Item(index, points, reason(code, rule, points=points,
                                                     penalty=penalty.value)))
    return items


def _score_plain(
    count: int,
    winner: int | None,
    finish: Finish,
    rules: Rules,
    okey_discard: bool,
    standings: Sequence[int] | None,
) -> Ruling:
    if not 2 <= count <= 4:
        raise RuleViolation(f"a round has 2 to 4 players, not {count}", code="player_count",
                            subject=str(count))
    if finish is Finish.ELDEN:
        raise RuleViolation("elden bitme is a 101 Okey finish", code="not_in_variant",
                            subject="elden")
    if finish is Finish.DECK_OUT:
        if winner is not None:
            raise RuleViolation("nobody finishes when the deck runs out", code="winner_deck_out")
    elif winner is None or not 0 <= winner < count:
        raise RuleViolation(f"the winner must be a player from 0 to {count - 1}",
                            code="bad_winner", subject=str(winner))
    options = {"plain_match": rules.choice("plain_match")}
    tournament = rules.plain_match is PlainMatch.TOURNAMENT_20
    start = TOURNAMENT_START if tournament else 0
    before = list(standings) if standings is not None else [start] * count
    reasons: list[Reason] = []
    if finish is Finish.DECK_OUT:
        scores = [0] * count
        reasons.append(reason(Code.TOURNAMENT_NO_POINTS, "609" if tournament else "610"))
    elif tournament:
        okey = okey_discard or finish is Finish.OKEY
        pairs = finish is Finish.PAIRS
        loss = -4 if okey or pairs else -2
        if okey:
            reasons.append(reason(Code.SCORE_DOUBLED_OKEY, "608"))
        if pairs:
            reasons.append(reason(Code.SCORE_DOUBLED_PAIRS, "504"))
        if okey and pairs:  # the sources give 4 for each and never say for both
            options["plain_doublings"] = rules.choice("plain_doublings")
            if rules.plain_doublings is PlainDoublings.STACK:
                loss = -8
                reasons.append(reason(Code.SCORE_DOUBLINGS_STACK, "612", factor=4))
        scores = [0 if i == winner else loss for i in range(count)]
        reasons.append(reason(Code.TOURNAMENT_LOSS, "609", points=loss, winner=winner))
    else:
        scores = [1 if i == winner else 0 for i in range(count)]
        reasons.append(reason(Code.ROUND_WON, "610", winner=winner))
    after = [b + s for b, s in zip(before, scores)]
    result: dict[str, object] = {"scores": scores, "standings": after}
    if tournament and min(after) <= 0:
        ranked = sorted(range(count), key=lambda i: -after[i])
        result["game_over"] = True
        result["winners"] = ranked[:2] if count > 2 else ranked[:1]
        reasons.append(reason(Code.TOURNAMENT_OVER, "609", winners=result["winners"]))
    return ruling("score", Verdict.RULED, reasons, result, options)
