"""A 101 Okey round as an engine value: the table's state and the moves that change it.

Many disputes depend on what happened earlier in the round: "he opened with pairs and now
lays a run" (502), "she took the discard and did not open in that turn" (406), "he laid off
before opening" (405), "she took back a tile she had laid" (704), "was that discard işlek
with the table as it was then?" (702), "the opening is one event" (401, 004). A
:class:`RoundState` holds what the referee needs to rule on them, and :func:`play` rules on
one :class:`Move`: a :class:`MoveRuling` with reason codes, rule ids, a penalty and the next
state. A move the rules forbid is a *violation*: the state stays as it was (apart from the
penalty written down, and a take-back that happened), so play goes on.

Hidden information: at a real table only some of it is known. Every field a ruling does not
need may be left out (a rack, a rack count, the indicator, a drawn tile); when a ruling
needs one that is missing, :class:`MissingField` names it.

>>> from referee.options import Rules
>>> state = RoundState.start(indicator=Tile.parse("R3"), players=4)
>>> after = play(state, Move(MoveKind.DRAW, 1), Rules.preset("101"))
>>> after.legal, [r.code.value for r in after.reasons]
(False, ['move_out_of_turn'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from referee.checks import PENALTY, check_discard, check_opening, jokers_for
from referee.errors import RuleViolation
from referee.jokers import Jokers
from referee.melds import Meld, read_meld
from referee.options import FailedPickup, PairFinish, Rules, Variant
from referee.rulings import Code, Reason, Ruling, Verdict, reason, ruling
from referee.scoring import Finish, Opened, Penalty, PlayerRound, check_score
from referee.table_fit import extend, replace_okey
from referee.tiles import Tile


class MissingField(RuleViolation):
    """A ruling needs a field of the state or the move that was left out."""

    code = "missing_field"

    def __init__(self, field: str) -> None:
        super().__init__(f"this ruling needs {field}", subject=field)
        self.field = field


class MoveKind(StrEnum):
    """What a player does on their turn."""

    DRAW = "draw"
    TAKE = "take"
    OPEN = "open"
    LAY_OFF = "lay_off"
    SWAP = "swap"
    TAKE_BACK = "take_back"
    DISCARD = "discard"
    FINISH = "finish"
    DECK_OUT = "deck_out"


@dataclass(frozen=True)
class Seat:
    """One player: the rack (if known), its tile count (if known), how they opened."""

    rack: tuple[Tile, ...] | None = None
    count: int | None = None
    opened: Opened | None = None
    penalties: tuple[Penalty, ...] = ()

    def known_count(self) -> int | None:
        return len(self.rack) if self.rack is not None else self.count


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table, who laid it, and the tile each of its tiles stands for (302:
    a table okey stands for one tile). ``faces`` equals ``tiles`` for naturals; left empty,
    the referee reads them from the tiles as laid."""

    tiles: tuple[Tile, ...]
    faces: tuple[Tile, ...]
    owner: int | None = None
    pair: bool = False


@dataclass(frozen=True)
class RoundState:
    """The round so far. ``turn`` is whose turn it is; ``drawn`` whether they have drawn or
    taken; ``taken`` the discard they took this turn (until used, 406); ``added`` the tiles
    they laid off this turn, in order, and ``took_back`` whether they took one back (704: only
    the last, and only one, is free); ``finish`` how the round ended, if it has;
    ``opened_now`` whether the player opened during this turn (604: finishing in one go)."""

    seats: tuple[Seat, ...]
    indicator: Tile | None = None
    table: tuple[TableMeld, ...] = ()
    discards: tuple[Tile, ...] = ()
    turn: int = 0
    drawn: bool = False
    taken: Tile | None = None
    taken_used: bool = False
    added: tuple[tuple[int, Tile], ...] = ()
    took_back: bool = False
    winner: int | None = None
    finish: Finish | None = None
    deck: int | None = None
    opened_now: bool = False

    @classmethod
    def start(cls, *, players: int = 4, indicator: Tile | None = None,
              racks: Sequence[Sequence[Tile]] | None = None, dealer_next: int = 0) -> RoundState:
        """A fresh round: the first player holds 22 tiles (and discards without drawing),
        the others 21; racks may be given or left unknown."""
        if not 2 <= players <= 4:
            raise RuleViolation(f"a round has 2 to 4 players, not {players}",
                                code="player_count", subject=str(players))
        seats = tuple(
            Seat(rack=tuple(racks[i]) if racks is not None else None,
                 count=None if racks is not None else (22 if i == dealer_next else 21))
            for i in range(players))
        deck = 106 - 1 - (21 * players + 1)
        return cls(seats, indicator, turn=dealer_next, drawn=True, deck=deck)

    @property
    def over(self) -> bool:
        return self.finish is not None


@dataclass(frozen=True)
class Move:
    """One move by ``player``. ``tiles``: the tile drawn, laid off, swapped in, taken back
    or discarded; ``melds``/``pairs``: an opening; ``meld``: the table meld's index."""

    kind: MoveKind
    player: int
    tiles: tuple[Tile, ...] = ()
    melds: tuple[tuple[Tile, ...], ...] = ()
    pairs: tuple[tuple[Tile, ...], ...] = ()
    meld: int | None = None

    @property
    def tile(self) -> Tile | None:
        return self.tiles[0] if self.tiles else None


@dataclass(frozen=True)
class MoveRuling:
    """The ruling on one move: legal or a violation, why (codes with rule ids), the penalty
    written down, the ruling of the check the move went through (if any), the next state."""

    move: Move
    legal: bool
    reasons: tuple[Reason, ...]
    penalty: int
    state: RoundState
    check: Ruling | None = None

    @property
    def rules(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for item in (*self.reasons, *(self.check.reasons if self.check else ())):
            if item.rule:
                seen.setdefault(item.rule, None)
        return tuple(seen)


def _jokers(state: RoundState, rules: Rules, tiles: Sequence[Tile] = ()) -> Jokers:
    if state.indicator is None:
        raise MissingField("indicator")
    jokers = jokers_for(state.indicator, rules, tiles)
    jokers.require_okey()
    return jokers


def _violation(state: RoundState, move: Move, *reasons: Reason, penalty: Penalty | None = None,
               check: Ruling | None = None, after: RoundState | None = None) -> MoveRuling:
    """A forbidden move: the state stays (or becomes ``after``), with any penalty written down."""
    base = after or state
    if penalty is not None:
        seat = base.seats[move.player]
        seats = list(base.seats)
        seats[move.player] = replace(seat, penalties=(*seat.penalties, penalty))
        base = replace(base, seats=tuple(seats))
    return MoveRuling(move, False, tuple(reasons), PENALTY if penalty else 0, base, check)


def _remove(seat: Seat, tiles: Sequence[Tile], player: int) -> Seat | None:
    """The seat without these tiles; ``None`` if a known rack does not hold them."""
    if seat.rack is not None:
        rack = list(seat.rack)
        for tile in tiles:
            if tile not in rack:
                return None
            rack.remove(tile)
        return replace(seat, rack=tuple(rack))
    if seat.count is not None:
        if seat.count < len(tiles):
            return None
        return replace(seat, count=seat.count - len(tiles))
    return seat


def _add(seat: Seat, tiles: Sequence[Tile | None]) -> Seat:
    if seat.rack is not None:
        known = [t for t in tiles if t is not None]
        if len(known) == len(tiles):
            return replace(seat, rack=(*seat.rack, *known))
        return Seat(None, len(seat.rack) + len(tiles), seat.opened, seat.penalties)
    if seat.count is not None:
        return replace(seat, count=seat.count + len(tiles))
    return seat


def _with_seat(state: RoundState, player: int, seat: Seat, **changes: object) -> RoundState:
    seats = list(state.seats)
    seats[player] = seat
    return replace(state, seats=tuple(seats), **changes)  # type: ignore[arg-type]


def _table_meld(meld: Meld, owner: int) -> TableMeld:
    return TableMeld(meld.tiles, meld.faces, owner)


def play(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    """Rule on one move in this state under these rules.

    :raises MissingField: when the ruling needs a field that was left out.
    :raises RuleViolation: for a move that names no such player or table meld.
    """
    if rules.variant is not Variant.OKEY_101:
        raise RuleViolation("plain Okey lays nothing down during play (409)",
                            code="not_in_variant", subject=rules.variant.value)
    if not 0 <= move.player < len(state.seats):
        raise RuleViolation(f"there is no player {move.player}", code="bad_player",
                            subject=str(move.player))
    if move.meld is not None and not 0 <= move.meld < len(state.table):
        raise RuleViolation(f"there is no table meld {move.meld}", code="bad_meld_index",
                            subject=str(move.meld))
    state = _with_faces(state, rules)
    if state.over:
        return _violation(state, move, reason(Code.MOVE_ROUND_OVER))
    if move.player != state.turn:
        return _violation(state, move, reason(Code.MOVE_OUT_OF_TURN, None,
                                              player=move.player + 1, turn=state.turn + 1))
    needs_draw = move.kind in (MoveKind.DRAW, MoveKind.TAKE, MoveKind.DECK_OUT)
    if needs_draw == state.drawn:
        return _violation(state, move, reason(Code.MOVE_OUT_OF_PHASE))
    return _PLAYS[move.kind](state, move, rules)


def _with_faces(state: RoundState, rules: Rules) -> RoundState:
    """The state with the faces of every table meld given without them read from its tiles
    as laid (an okey stands where it lies, 302); without the indicator no tile is wild."""
    if all(len(m.faces) == len(m.tiles) for m in state.table):
        return state
    jokers = Jokers.unknown() if state.indicator is None else _jokers(state, rules)
    table = []
    for index, laid in enumerate(state.table):
        if laid.faces and len(laid.faces) != len(laid.tiles):
            raise RuleViolation(f"table meld {index} has {len(laid.faces)} faces for "
                                f"{len(laid.tiles)} tiles", code="bad_table_meld",
                                subject=" ".join(map(str, laid.tiles)))
        if laid.faces:
            table.append(laid)
            continue
        if laid.pair:
            table.append(replace(laid, faces=tuple(
                t if jokers.is_wild(t) or jokers.indicator is None else jokers.face(t)
                for t in laid.tiles)))
            continue
        meld, _ = read_meld(laid.tiles, jokers, rules)
        if meld is None:
            raise RuleViolation(f"table meld {index} is not a valid meld",
                                code="bad_table_meld", subject=" ".join(map(str, laid.tiles)))
        table.append(replace(laid, tiles=meld.tiles, faces=meld.faces))
    return replace(state, table=tuple(table))


def _need_tile(move: Move) -> Tile:
    if move.tile is None:
        raise MissingField("tiles")
    return move.tile


def _need_meld(move: Move) -> int:
    if move.meld is None:
        raise MissingField("meld")
    return move.meld


def _draw(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    if state.deck == 0:
        return _violation(state, move, reason(Code.MOVE_DECK_EMPTY, "605"))
    seat = _add(state.seats[move.player], [move.tile])
    deck = None if state.deck is None else state.deck - 1
    return MoveRuling(move, True, (reason(Code.MOVE_DRAW, None),), 0,
                      _with_seat(state, move.player, seat, drawn=True, deck=deck))


def _deck_out(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    if state.deck:
        return _violation(state, move, reason(Code.MOVE_DECK_NOT_EMPTY, "605", count=state.deck))
    return MoveRuling(move, True, (reason(Code.MOVE_DECK_EMPTY, "605"),), 0,
                      replace(state, finish=Finish.DECK_OUT, winner=None))


def _take(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    if not state.discards:
        return _violation(state, move, reason(Code.MOVE_NO_DISCARD, "406"))
    tile = state.discards[-1]
    if move.tile is not None and move.tile != tile:
        return _violation(state, move, reason(Code.MOVE_NOT_THE_DISCARD, "406", [move.tile, tile]))
    seat = _add(state.seats[move.player], [tile])
    code = Code.MOVE_TAKE_OPENED if seat.opened else Code.MOVE_TAKE_MUST_OPEN
    return MoveRuling(move, True, (reason(code, "406", [tile]),), 0,
                      _with_seat(state, move.player, seat, drawn=True, taken=tile,
                                 taken_used=False, discards=state.discards[:-1]))


def _open(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    seat = state.seats[move.player]
    if seat.opened is not None:
        # 004: the opening is one event; after it, tiles go down as melds only for a melds
        # opener (and never as a normal meld for a pairs opener, 502).
        if seat.opened is Opened.PAIRS and move.melds:
            return _violation(state, move, reason(Code.MOVE_PAIRS_NO_MELDS, "502"))
        if move.pairs:
            return _violation(state, move, reason(Code.MOVE_ALREADY_OPENED, "401"))
    if bool(move.melds) == bool(move.pairs):
        raise MissingField("melds")
    laid = [t for group in (*move.melds, *move.pairs) for t in group]
    jokers = _jokers(state, rules, laid)
    rest = _remove(seat, laid, move.player)
    if rest is None:
        return _violation(state, move, reason(Code.MOVE_NOT_ON_RACK, None, laid))
    if seat.opened is Opened.MELDS:  # more melds after the opening: each must be valid
        melds = [read_meld(tiles, jokers, rules)[0] for tiles in move.melds]
        if any(m is None for m in melds):
            return _violation(state, move, reason(Code.MOVE_BAD_MELD, "402"))
        table = (*state.table, *(_table_meld(m, move.player) for m in melds if m is not None))
        return _used(state, move, rest, table, laid, (reason(Code.MOVE_MELDS_LAID, "405"),))
    check = check_opening(move.melds, move.pairs, indicator=_need_indicator(state), rules=rules)
    if not check.result["valid"]:
        # 701: the tiles go back and 101 is written down; 004: the opening is one event, so
        # melds laid short are not made good by more melds in a later turn.
        return _violation(state, move, reason(Code.MOVE_OPENING_SHORT, "701", penalty=PENALTY),
                          penalty=Penalty.OPENING_SHORT, check=check)
    if state.taken is not None and not state.taken_used and state.taken not in laid:
        return _violation(state, move, reason(Code.MOVE_TAKEN_NOT_USED, "406", [state.taken]),
                          check=check)
    opened = Opened.PAIRS if move.pairs else Opened.MELDS
    if move.pairs:
        new = tuple(TableMeld(tuple(p), tuple(jokers.face(t) for t in p), move.player, True)
                    for p in move.pairs)
    else:
        new = tuple(_table_meld(m, move.player)
                    for m in (read_meld(t, jokers, rules)[0] for t in move.melds) if m is not None)
    rest = replace(rest, opened=opened)
    state = replace(state, opened_now=True)
    result = _used(state, move, rest, (*state.table, *new), laid,
                   (reason(Code.MOVE_OPENED_PAIRS, "501") if move.pairs
                    else reason(Code.MOVE_OPENED, "401"),), check)
    if move.pairs and len(state.seats) == 4 and all(
            s.opened is Opened.PAIRS for s in result.state.seats):
        done = replace(result.state, finish=Finish.CANCELLED, winner=None)
        return replace(result, state=done,
                       reasons=(*result.reasons, reason(Code.ROUND_CANCELLED, "503")))
    return result


def _need_indicator(state: RoundState) -> Tile:
    if state.indicator is None:
        raise MissingField("indicator")
    return state.indicator


def _used(state: RoundState, move: Move, seat: Seat, table: tuple[TableMeld, ...],
          laid: Sequence[Tile], reasons: tuple[Reason, ...],
          check: Ruling | None = None) -> MoveRuling:
    """Tiles went from the rack to the table, leaving one to discard (104); the taken
    discard is used if among them."""
    if seat.known_count() == 0:
        return _violation(state, move, reason(Code.MOVE_KEEPS_NO_DISCARD, "104"))
    used = state.taken_used or (state.taken is not None and state.taken in laid)
    after = _with_seat(state, move.player, seat, table=table, taken_used=used)
    return MoveRuling(move, True, reasons, 0, after, check)


def _lay_off(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    tile, index = _need_tile(move), _need_meld(move)
    seat = state.seats[move.player]
    if seat.opened is None:
        return _violation(state, move, reason(Code.MOVE_LAY_OFF_NOT_OPENED, "405", [tile]))
    target = state.table[index]
    if target.pair:
        return _violation(state, move, reason(Code.MOVE_DOES_NOT_FIT, "405", [tile],
                                              meld=index + 1))
    jokers = _jokers(state, rules, [tile, *target.tiles])
    rest = _remove(seat, [tile], move.player)
    if rest is None:
        return _violation(state, move, reason(Code.MOVE_NOT_ON_RACK, None, [tile]))
    # 302: every okey keeps the tile it stands for; a run grows only at its ends.
    extended = extend(target.tiles, target.faces, tile, jokers, rules)
    if extended is None:
        return _violation(state, move, reason(Code.MOVE_DOES_NOT_FIT, "405", [tile],
                                              meld=index + 1))
    laid = replace(target, tiles=extended[0], faces=extended[1])
    table = tuple(laid if i == index else m for i, m in enumerate(state.table))
    result = _used(state, move, rest, table, [tile],
                   (reason(Code.MOVE_LAID_OFF, "405", [tile], meld=index + 1),))
    return replace(result, state=replace(result.state, added=(*state.added, (index, tile))))


def _swap(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    tile, index = _need_tile(move), _need_meld(move)
    seat = state.seats[move.player]
    if seat.opened is None:
        return _violation(state, move, reason(Code.MOVE_SWAP_NOT_OPENED, "302", [tile]))
    target = state.table[index]
    jokers = _jokers(state, rules, [tile, *target.tiles])
    rest = _remove(seat, [tile], move.player)
    if rest is None:
        return _violation(state, move, reason(Code.MOVE_NOT_ON_RACK, None, [tile]))
    swapped = replace_okey(target.tiles, target.faces, tile, jokers)
    if swapped is None:
        return _violation(state, move, reason(Code.MOVE_NO_OKEY_FOR, "302", [tile],
                                              meld=index + 1))
    tiles, faces, okey = swapped
    table = tuple(replace(target, tiles=tiles, faces=faces) if i == index else m
                  for i, m in enumerate(state.table))
    after = _with_seat(state, move.player, _add(rest, [okey]), table=table,
                       taken_used=state.taken_used or state.taken == tile)  # used (406, 302)
    return MoveRuling(move, True, (reason(Code.MOVE_SWAPPED, "302", [tile, okey],
                                          meld=index + 1),), 0, after)


def _take_back(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    tile, index = _need_tile(move), _need_meld(move)
    if (index, tile) not in state.added:
        return _violation(state, move, reason(Code.MOVE_NOT_ADDED, "704", [tile], meld=index + 1))
    target = state.table[index]
    ends = {0: target.tiles[1:], len(target.tiles) - 1: target.tiles[:-1]}
    place = next((p for p in ends if target.tiles[p] == tile), None)
    if place is None:
        return _violation(state, move, reason(Code.MOVE_NOT_ADDED, "704", [tile], meld=index + 1))
    faces = target.faces[1:] if place == 0 else target.faces[:-1]
    table = tuple(replace(target, tiles=ends[place], faces=faces) if i == index else m
                  for i, m in enumerate(state.table))
    added = list(state.added)
    added.remove((index, tile))
    after = _with_seat(state, move.player, _add(state.seats[move.player], [tile]), table=table,
                       added=tuple(added), took_back=True,
                       # 406: a taken discard taken back from the table is no longer used
                       taken_used=state.taken_used and state.taken != tile)
    if state.added[-1] == (index, tile) and not state.took_back:
        return MoveRuling(move, True, (reason(Code.MOVE_TAKE_BACK_LAST, "704", [tile]),), 0,
                          after)
    return _violation(state, move, reason(Code.MOVE_TAKE_BACK_PENALTY, "704", [tile],
                                          penalty=PENALTY),
                      penalty=Penalty.TAKE_BACK, after=after)


def _discard(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    tile = _need_tile(move)
    seat = state.seats[move.player]
    finishing = move.kind is MoveKind.FINISH
    rest = _remove(seat, [tile], move.player)
    if rest is None:
        return _violation(state, move, reason(Code.MOVE_NOT_ON_RACK, None, [tile]))
    if state.taken is not None and not state.taken_used:
        # 406: the taken discard must be used this turn; it goes back on the pile and the
        # player draws instead (705, 708), with 101 written down or not (the house rule)
        charged = rules.failed_pickup is FailedPickup.PENALTY
        back = _with_seat(state, move.player, _remove(seat, [state.taken], move.player) or seat,
                          discards=(*state.discards, state.taken), drawn=False, taken=None,
                          taken_used=False)
        return _violation(state, move, reason(Code.MOVE_TAKEN_NOT_USED, "406", [state.taken]),
                          reason(Code.PENALTY_FAILED_PICKUP if charged else Code.PENALTY_WAIVED,
                                 "705" if charged else "708", [state.taken],
                                 points=PENALTY if charged else 0),
                          reason(Code.MOVE_TAKEN_GOES_BACK, "705" if charged else "708",
                                 [state.taken]),
                          penalty=Penalty.FAILED_PICKUP if charged else None, after=back)
    left = rest.known_count()
    if finishing:
        if left is None:
            raise MissingField(f"seats[{move.player}].count")
        if left != 0 or seat.opened is None:
            return _violation(state, move, reason(Code.MOVE_CANNOT_FINISH, "601"))
    elif left == 0:
        return _violation(state, move, reason(Code.MOVE_LAST_TILE_IS_FINISH, "601"))
    # 702 with the table as it is now; each okey stands where it was laid (302).
    table = [m.tiles for m in state.table if not m.pair]
    check = check_discard(tile, table, indicator=_need_indicator(state), rules=rules,
                          finishing=finishing)
    penalty = int(check.result.get("penalty", 0))
    after = _with_seat(state, move.player, rest, discards=(*state.discards, tile),
                       turn=(state.turn + 1) % len(state.seats), drawn=False, taken=None,
                       taken_used=False, added=(), took_back=False, opened_now=False)
    if finishing:
        jokers = _jokers(state, rules, [tile])
        # 803: a fake joker discarded last is no okey finish, even played wild, unless the
        # fake jokers are this round's okeys (a fake indicator, 203)
        okey = jokers.is_wild(tile) and (not tile.is_fake or jokers.okey == tile)
        after = replace(after, finish=_finish(state, move.player, okey, rules),
                        winner=move.player)
    if penalty:
        written = Penalty.ISLEK if check.result.get("playable") else Penalty.OKEY_DISCARD
        return _violation(state, move, reason(Code.MOVE_DISCARD_PENALISED, None, [tile],
                                              penalty=penalty),
                          penalty=written, check=check, after=after)
    if check.result.get("allowed") is False:
        return _violation(state, move, reason(Code.OKEY_DISCARD_FORBIDDEN, "703", [tile]),
                          check=check)
    code = Code.MOVE_FINISHED if finishing else Code.MOVE_DISCARDED
    return MoveRuling(move, True, (reason(code, "601" if finishing else None, [tile]),), 0,
                      after, check)


def _finish(state: RoundState, player: int, okey: bool, rules: Rules) -> Finish:
    """How a player who goes out finished: in one go while nobody else had opened (604), with
    pairs (603, as the ``pair_finish`` house rule reads it), by discarding the okey (602), or
    normally (601). The okey's doubling stacks on a pairs finish (612): the score check adds
    it from the last discard."""
    seat = state.seats[player]
    if state.opened_now and not any(s.opened for i, s in enumerate(state.seats) if i != player):
        return Finish.ELDEN
    laid_pairs = sum(1 for m in state.table if m.pair and m.owner == player)
    by_pairs = seat.opened is Opened.PAIRS and (
        rules.pair_finish is PairFinish.PAIRS_OPENER or laid_pairs >= TEN_PAIRS)
    if by_pairs:
        return Finish.PAIRS
    return Finish.OKEY if okey else Finish.NORMAL


TEN_PAIRS = 10
"""004's pair finish ("10 çift"): ten pairs laid, under the ``pair_finish`` house rule."""


_PLAYS = {
    MoveKind.DRAW: _draw, MoveKind.TAKE: _take, MoveKind.OPEN: _open,
    MoveKind.LAY_OFF: _lay_off, MoveKind.SWAP: _swap, MoveKind.TAKE_BACK: _take_back,
    MoveKind.DISCARD: _discard, MoveKind.FINISH: _discard, MoveKind.DECK_OUT: _deck_out,
}


@dataclass(frozen=True)
class RoundRuling:
    """A whole move log ruled: one ruling per move, and the scores if the round ended."""

    moves: tuple[MoveRuling, ...]
    state: RoundState
    score: Ruling | None

    @property
    def first_violation(self) -> int | None:
        return next((i for i, m in enumerate(self.moves) if not m.legal), None)


_MOVE_FIELDS = frozenset({"tiles", "meld", "melds"})


def replay(state: RoundState, moves: Sequence[Move], rules: Rules) -> RoundRuling:
    """Rule on every move in order; score the round if it ended (same scoring as
    :func:`referee.scoring.check_score`)."""
    rulings = []
    for index, move in enumerate(moves):
        try:
            result = play(state, move, rules)
        except MissingField as missing:
            where = f"moves[{index}]." if missing.field in _MOVE_FIELDS else ""
            raise MissingField(where + missing.field) from None
        rulings.append(result)
        state = result.state
    return RoundRuling(tuple(rulings), state, score_round(state, rules) if state.over else None)


def end_players(state: RoundState) -> list[PlayerRound]:
    """Each player's end of round for the score check; a rack left unknown is missing."""
    players = []
    for index, seat in enumerate(state.seats):
        if index == state.winner:
            players.append(PlayerRound(seat.opened, (), None, seat.penalties))
        elif seat.rack is None:
            raise MissingField(f"seats[{index}].rack")
        else:
            players.append(PlayerRound(seat.opened, seat.rack, None, seat.penalties))
    return players


def score_round(state: RoundState, rules: Rules) -> Ruling:
    """The scores of an ended round through the score check (503: a cancelled round)."""
    if state.finish is None:
        raise RuleViolation("the round has not ended", code="round_not_over")
    if state.finish is Finish.CANCELLED:  # 503: nobody scores, the racks do not matter
        players = [PlayerRound(s.opened, (), 0, s.penalties) for s in state.seats]
    else:
        players = end_players(state)
    last = state.discards[-1] if state.winner is not None and state.discards else None
    return check_score(players, winner=state.winner, finish=state.finish, rules=rules,
                       indicator=state.indicator, okey_discard=state.finish is Finish.OKEY,
                       last_discard=last)
