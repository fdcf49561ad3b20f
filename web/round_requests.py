"""Request and response bodies of ``/api/v1/referee/move`` and ``/round``: a round's state
and moves as JSON (the round log format, see the README), and their conversion to the
engine's values in :mod:`referee.round`.

Every field a ruling does not need may be left out (hidden information); the engine's
:class:`referee.round.MissingField` becomes a 400 naming the field.
"""

from __future__ import annotations

from typing import Any, Literal

from flask_babel import gettext
from pydantic import BaseModel, ConfigDict, Field

from referee import OkeyError, Opened, Penalty, Rules, RuleViolation
from referee.round import (
    MissingField,
    Move,
    MoveKind,
    MoveRuling,
    RoundRuling,
    RoundState,
    Seat,
    TableMeld,
    play,
    replay,
)
from referee.scoring import Finish
from web.errors import InputError
from web.referee_requests import (
    ERROR_FIELDS,
    TILE_ERRORS,
    CheckRequest,
    FinishName,
    TileField,
    TileList,
    Tiles,
)
from web.validation import engine_error

MAX_MOVES = 400
"""The longest move log ruled; a longer one is refused (a real round has about 150 moves)."""

PenaltyName = Literal["opening_short", "islek", "okey_discard", "take_back", "failed_pickup",
                      "okey_in_hand"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True,
                              strict=True)


class SeatIn(Strict):
    """One player: everything optional but what a ruling needs."""

    rack: TileList | None = Field(default=None, description="the rack, if known")
    count: int | None = Field(default=None, ge=0, le=30, description="tiles on the rack")
    opened: Literal["melds", "pairs"] | None = None
    penalties: list[PenaltyName] = Field(default_factory=list, max_length=20)


class TableMeldIn(Strict):
    """A meld on the table as laid; ``faces``: what each tile stands for (okeys)."""

    tiles: Tiles
    faces: TileList | None = None
    owner: int | None = Field(default=None, ge=0, le=3)
    pair: bool = False


class AddedIn(Strict):
    """A tile the player laid off this turn, and the table meld it went to (704)."""

    meld: int = Field(ge=0, le=40)
    tile: TileField


class StateIn(Strict):
    """A round's state. ``turn``: whose turn (from 0); ``drawn``: they have drawn or taken;
    ``taken``: the discard taken this turn and not yet used; ``deck``: tiles left to draw;
    ``opened_now``: the player opened during this turn (to tell a finish in one go, 604);
    ``added``: the tiles laid off this turn, in order, and ``took_back``: whether one was taken
    back (only the last, and only one, may be, 704). ``winner`` and ``finish`` are taken as an
    answer gives them (``over`` follows from ``finish``), so that a state can be sent back as
    it came."""

    players: int = Field(default=4, ge=2, le=4)
    indicator: TileField | None = None
    seats: list[SeatIn] | None = Field(default=None, min_length=2, max_length=4)
    table: list[TableMeldIn] = Field(default_factory=list, max_length=40)
    discards: TileList = Field(default_factory=list)
    turn: int = Field(default=0, ge=0, le=3)
    drawn: bool = False
    taken: TileField | None = None
    taken_used: bool = False
    deck: int | None = Field(default=None, ge=0, le=106)
    opened_now: bool = False
    added: list[AddedIn] = Field(default_factory=list, max_length=30,
                                 description="tiles laid off this turn, in order (704)")
    took_back: bool = Field(default=False, description="a tile laid off this turn was taken "
                                                       "back: another costs 101 (704)")
    over: bool = Field(default=False, description="as an answer gives it; whether the round "
                                                  "is over follows from finish")
    winner: int | None = Field(default=None, ge=0, le=3)
    finish: FinishName | None = None

    def to_state(self) -> RoundState:
        seats = self.seats or [SeatIn() for _ in range(self.players)]
        return RoundState(
            tuple(Seat(tuple(s.rack) if s.rack is not None else None, s.count,
                       Opened(s.opened) if s.opened else None,
                       tuple(Penalty(p) for p in s.penalties)) for s in seats),
            self.indicator,
            tuple(TableMeld(tuple(m.tiles), tuple(m.faces) if m.faces else (), m.owner, m.pair)
                  for m in self.table),
            tuple(self.discards), self.turn, self.drawn, self.taken, self.taken_used,
            added=tuple((a.meld, a.tile) for a in self.added), took_back=self.took_back,
            deck=self.deck, opened_now=self.opened_now, winner=self.winner,
            finish=Finish(self.finish) if self.finish else None)


class MoveIn(Strict):
    """One move. ``tiles``: the tile drawn (optional), laid off, swapped in, taken back or
    discarded; ``melds``/``pairs``: tiles laid down; ``meld``: a table meld (from 0)."""

    kind: Literal["draw", "take", "open", "lay_off", "swap", "take_back", "discard", "finish",
                  "deck_out"]
    player: int = Field(ge=0, le=3)
    tiles: TileList = Field(default_factory=list)
    melds: list[Tiles] = Field(default_factory=list, max_length=10)
    pairs: list[Tiles] = Field(default_factory=list, max_length=11)
    meld: int | None = Field(default=None, ge=0, le=40)

    def to_move(self) -> Move:
        return Move(MoveKind(self.kind), self.player, tuple(self.tiles),
                    tuple(tuple(m) for m in self.melds), tuple(tuple(p) for p in self.pairs),
                    self.meld)


class RoundStart(Strict):
    """How the round began: the indicator and, if known, the dealt racks (the first player
    holds 22 tiles)."""

    players: int = Field(default=4, ge=2, le=4)
    indicator: TileField | None = None
    racks: list[TileList] | None = Field(default=None, min_length=2, max_length=4)
    first: int = Field(default=0, ge=0, le=3)


class MoveRequest(CheckRequest):
    """A state and one move: the ruling on the move and the state after it."""

    TILES = "move"

    state: StateIn
    move: MoveIn


class RoundRequest(CheckRequest):
    """A round's start and its whole move log: a ruling per move and the round's scores."""

    TILES = "moves"

    start: RoundStart = Field(default_factory=RoundStart)
    moves: list[MoveIn] = Field(max_length=MAX_MOVES)


ROUND_ERRORS = {**ERROR_FIELDS, "bad_player": "move.player", "bad_meld_index": "move.meld",
                "bad_table_meld": "state.table",
                "round_not_over": "moves"}


def _field(error: OkeyError, default: str) -> str | None:
    if isinstance(error, MissingField):
        return error.field
    if error.code in TILE_ERRORS:
        return default
    return ROUND_ERRORS.get(error.code)


def _seat_of(player: int, players: int, field: str) -> None:
    """A player named by the request must sit at the table (a 400 naming the field)."""
    if player >= players:
        raise engine_error(RuleViolation(f"there is no player {player}", code="bad_player",
                                         subject=str(player)), field)


def rule_move(request: MoveRequest, base: Rules | None) -> tuple[MoveRuling, Rules]:
    """The engine's ruling on the request's move; input errors are 400s naming the field."""
    seats = len(request.state.seats) if request.state.seats else request.state.players
    _seat_of(request.state.turn, seats, "state.turn")
    try:
        rules = request.rules(base)
        return play(request.state.to_state(), request.move.to_move(), rules), rules
    except OkeyError as error:
        raise engine_error(error, _field(error, "move")) from None


def rule_round(request: RoundRequest, base: Rules | None) -> tuple[RoundRuling, Rules]:
    """The engine's ruling on every move of the log, and the scores if the round ended."""
    try:
        rules = request.rules(base)
        start = request.start
        _seat_of(start.first, start.players, "start.first")
        if start.racks is not None and len(start.racks) != start.players:
            raise InputError("racks_per_player", gettext(
                "Give one rack per player: %(players)s players, %(racks)s racks.",
                players=start.players, racks=len(start.racks)), field="start.racks")
        state = RoundState.start(players=start.players, indicator=start.indicator,
                                 racks=start.racks, dealer_next=start.first)
        return replay(state, [m.to_move() for m in request.moves], rules), rules
    except OkeyError as error:
        raise engine_error(error, _field(error, "moves")) from None


def state_json(state: RoundState) -> dict[str, Any]:
    """A state in the request's shape, so it can be sent back with the next move."""
    return {
        "players": len(state.seats),
        "indicator": str(state.indicator) if state.indicator else None,
        "seats": [{"rack": [str(t) for t in s.rack] if s.rack is not None else None,
                   "count": s.known_count(), "opened": s.opened.value if s.opened else None,
                   "penalties": [p.value for p in s.penalties]} for s in state.seats],
        "table": [{"tiles": [str(t) for t in m.tiles], "faces": [str(t) for t in m.faces],
                   "owner": m.owner, "pair": m.pair} for m in state.table],
        "discards": [str(t) for t in state.discards], "turn": state.turn,
        "drawn": state.drawn, "taken": str(state.taken) if state.taken else None,
        "taken_used": state.taken_used, "deck": state.deck, "opened_now": state.opened_now,
        "added": [{"meld": meld, "tile": str(tile)} for meld, tile in state.added],
        "took_back": state.took_back, "over": state.over, "winner": state.winner,
        "finish": state.finish.value if state.finish else None,
    }


def move_json(move: Move) -> dict[str, Any]:
    return {"kind": move.kind.value, "player": move.player,
            "tiles": [str(t) for t in move.tiles],
            "melds": [[str(t) for t in m] for m in move.melds],
            "pairs": [[str(t) for t in p] for p in move.pairs], "meld": move.meld}


__all__ = ["Finish", "MoveRequest", "RoundRequest", "rule_move", "rule_round", "state_json",
           "move_json"]
