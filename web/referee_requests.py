"""The referee's request bodies: pydantic models with the case-file field names, and the
call of each check. Tile fields take a list of tiles or one string (``"R7 R8 R9"``).

Parsing (notation, JSON shape) happens here; every rule check happens in :mod:`referee`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from referee import (
    Finish,
    Opened,
    Penalty,
    PlayerRound,
    Rules,
    Ruling,
    Tile,
    check_best_opening,
    check_discard,
    check_meld,
    check_okey,
    check_opening,
    check_pickup,
    check_score,
    check_winning_hand,
    parse_tiles,
)

MAX_TILES = 30
MAX_GROUPS = 20


def _tiles(value: object) -> object:
    """Read a tile list from ``"R7 R8"`` or ``["R7", "R8"]``; the notation error names the token."""
    if isinstance(value, str):
        return list(parse_tiles(value[:400]))
    if isinstance(value, list):
        if len(value) > MAX_TILES:
            return value  # the length constraint reports it
        return [item if isinstance(item, Tile) else Tile.parse(item) if isinstance(item, str)
                else item for item in value]
    return value


def _tile(value: object) -> object:
    return Tile.parse(value) if isinstance(value, str) else value


_TILE_SCHEMA = {"type": "string", "pattern": r"^([RYBKrybk](1[0-3]|[1-9])|F)$",
                "description": "a tile: R, Y, B, K (red, yellow, blue, black) and 1-13, or F",
                "examples": ["R7"]}
TileField = Annotated[Tile, BeforeValidator(_tile), WithJsonSchema(_TILE_SCHEMA)]
Tiles = Annotated[
    list[Tile],
    BeforeValidator(_tiles),
    Field(max_length=MAX_TILES),
    WithJsonSchema({"oneOf": [{"type": "array", "items": _TILE_SCHEMA, "maxItems": MAX_TILES},
                              {"type": "string", "examples": ["R7 R8 R9"]}]}),
]
Groups = Annotated[list[Tiles], Field(max_length=MAX_GROUPS)]
VariantName = Literal["101", "plain"]


class CheckRequest(BaseModel):
    """Fields every check takes: the variant, house-rule choices and the reply's language."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    variant: VariantName = "101"
    options: dict[str, str] = Field(default_factory=dict, max_length=40)
    lang: Literal["tr", "de", "en"] | None = None

    def rules(self, base: Rules | None = None) -> Rules:
        """The table's rules: the preset (or the table's saved rules) with these options."""
        rules = base if base is not None and base.variant.value == self.variant else Rules.preset(
            self.variant)
        return rules.with_options(self.options)


class OkeyRequest(CheckRequest):
    indicator: TileField


class MeldRequest(CheckRequest):
    """Without an indicator no tile is wild."""

    indicator: TileField | None = None
    tiles: Tiles


class OpeningRequest(CheckRequest):
    indicator: TileField
    melds: Groups = Field(default_factory=list)
    pairs: Groups = Field(default_factory=list)


class RackRequest(CheckRequest):
    indicator: TileField
    tiles: Tiles


class DiscardRequest(CheckRequest):
    indicator: TileField
    tile: TileField
    table: Groups = Field(default_factory=list)
    finishing: bool = False


class PickupRequest(CheckRequest):
    indicator: TileField
    tile: TileField
    rack: Tiles
    opened: bool = False


class PlayerEntry(BaseModel):
    """One player's end of round in a score request."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True)

    opened: Literal["melds", "pairs"] | None = None
    remaining: Tiles = Field(default_factory=list)
    remaining_value: int | None = Field(default=None, ge=0, le=2000)
    penalties: list[Literal["opening_short", "islek", "okey_discard", "take_back",
                            "failed_pickup", "okey_in_hand"]] = Field(default_factory=list,
                                                                      max_length=20)

    def to_round(self) -> PlayerRound:
        return PlayerRound(
            Opened(self.opened) if self.opened else None,
            tuple(self.remaining),
            self.remaining_value,
            tuple(Penalty(p) for p in self.penalties),
        )


class ScoreRequest(CheckRequest):
    finish: Literal["normal", "okey", "pairs", "elden", "deck_out"]
    winner: int | None = Field(default=None, ge=0, le=3)
    players: list[PlayerEntry] = Field(default_factory=list, max_length=4)
    standings: list[Annotated[int, Field(ge=-100000, le=100000)]] | None = Field(
        default=None, min_length=2, max_length=4)
    indicator: TileField | None = None
    okey_discard: bool = False
    risk_round: bool | None = None


def _okey(r: OkeyRequest, rules: Rules) -> Ruling:
    return check_okey(r.indicator, rules=rules)


def _meld(r: MeldRequest, rules: Rules) -> Ruling:
    return check_meld(r.tiles, indicator=r.indicator, rules=rules)


def _opening(r: OpeningRequest, rules: Rules) -> Ruling:
    return check_opening(r.melds, r.pairs, indicator=r.indicator, rules=rules)


def _best_opening(r: RackRequest, rules: Rules) -> Ruling:
    return check_best_opening(r.tiles, indicator=r.indicator, rules=rules)


def _winning_hand(r: RackRequest, rules: Rules) -> Ruling:
    return check_winning_hand(r.tiles, indicator=r.indicator, rules=rules)


def _discard(r: DiscardRequest, rules: Rules) -> Ruling:
    return check_discard(r.tile, r.table, indicator=r.indicator, rules=rules,
                         finishing=r.finishing)


def _pickup(r: PickupRequest, rules: Rules) -> Ruling:
    return check_pickup(r.tile, r.rack, indicator=r.indicator, rules=rules, opened=r.opened)


def _score(r: ScoreRequest, rules: Rules) -> Ruling:
    return check_score([p.to_round() for p in r.players], winner=r.winner,
                       finish=Finish(r.finish), rules=rules, indicator=r.indicator,
                       okey_discard=r.okey_discard, risk_round=r.risk_round,
                       standings=r.standings)


CHECKS: dict[str, tuple[type[CheckRequest], Callable[[Any, Rules], Ruling]]] = {
    "okey": (OkeyRequest, _okey),
    "meld": (MeldRequest, _meld),
    "opening": (OpeningRequest, _opening),
    "best-opening": (RackRequest, _best_opening),
    "winning-hand": (RackRequest, _winning_hand),
    "discard": (DiscardRequest, _discard),
    "pickup": (PickupRequest, _pickup),
    "score": (ScoreRequest, _score),
}
"""Each check by its URL name: the request model and the engine call."""


def run_check(name: str, request: CheckRequest, rules: Rules) -> Ruling:
    """Run a validated request through its check under ``rules`` (see :meth:`CheckRequest.rules`)."""
    _, call = CHECKS[name]
    return call(request, rules)
