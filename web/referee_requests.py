"""The referee's request bodies: pydantic models with the case-file field names, and the
call of each check. Tile fields take a list of tiles or one string (``"R7 R8 R9"``); a
string longer than ``MAX_TILE_TEXT`` is refused, never cut short.

Parsing (notation, JSON shape) happens here; every rule check happens in :mod:`referee`,
and :func:`judge` turns the engine's input errors into 400s naming the request's field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from referee import (
    Finish,
    OkeyError,
    Opened,
    Penalty,
    PlayerRound,
    RuleViolation,
    Rules,
    Ruling,
    Tile,
    check_best_opening,
    check_discard,
    check_meld,
    check_okey,
    check_opening,
    check_pair,
    check_pickup,
    check_score,
    check_winning_hand,
    parse_tiles,
)
from web.validation import engine_error

MAX_TILES = 30
MAX_GROUPS = 20
MAX_TILE_TEXT = 400
"""The longest tile string read; a longer one is refused, never cut (a cut changes the tiles)."""


def _tiles(value: object) -> object:
    """Read a tile list from ``"R7 R8"`` or ``["R7", "R8"]``; the notation error names the token."""
    if isinstance(value, str):
        if len(value) > MAX_TILE_TEXT:
            raise PydanticCustomError("string_too_long", "too long",
                                      {"max_length": MAX_TILE_TEXT})
        return list(parse_tiles(value))
    if isinstance(value, list) and len(value) > MAX_TILES:
        raise PydanticCustomError("too_long", "too many items", {"max_length": MAX_TILES})
    return value


def _tile(value: object) -> object:
    """One tile from its notation; anything but text (a number, a list) names the field."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    raise PydanticCustomError("tile_type", "must be a tile written as text, such as R7")


_TILE_SCHEMA = {"type": "string", "pattern": r"^([RYBKrybk](1[0-3]|[1-9])|F)$",
                "description": "a tile: R, Y, B, K (red, yellow, blue, black) and 1-13, or F",
                "examples": ["R7"]}
TileField = Annotated[Tile, BeforeValidator(_tile), WithJsonSchema(_TILE_SCHEMA)]


def _list_schema(min_items: int, max_items: int = MAX_TILES) -> WithJsonSchema:
    return WithJsonSchema({"oneOf": [
        {"type": "array", "items": _TILE_SCHEMA, "minItems": min_items, "maxItems": max_items},
        {"type": "string", "maxLength": MAX_TILE_TEXT, "examples": ["R7 R8 R9"]}]})


Tiles = Annotated[list[TileField], BeforeValidator(_tiles),
                  Field(min_length=1, max_length=MAX_TILES), _list_schema(1)]
"""Tiles a check rules on, as a list or one string: at least one (else the field "is empty")."""
TileList = Annotated[list[TileField], BeforeValidator(_tiles), Field(max_length=MAX_TILES),
                     _list_schema(0)]
"""Tiles that may be none."""
MAX_HAND = 22
"""The most tiles a player ever holds (the starter's 22 in 101); a longer hand is refused."""
Hand = Annotated[list[TileField], BeforeValidator(_tiles), Field(max_length=MAX_HAND),
                 _list_schema(0, MAX_HAND)]
"""What a player had left at the end of a round: none to :data:`MAX_HAND` tiles."""
Groups = Annotated[list[Tiles], Field(max_length=MAX_GROUPS)]
VariantName = Literal["101", "plain"]

ERROR_FIELDS: dict[str, str] = {
    "unknown_option": "options", "unknown_choice": "options",
    "option_not_in_variant": "options", "bad_option": "options",
    "bad_table_meld": "table", "melds_or_pairs": "melds", "standings_count": "standings",
    "bad_winner": "winner", "winner_not_opened": "winner", "winner_deck_out": "winner",
    "pairs_finish_without_pairs": "finish", "elden_others_opened": "finish",
    "winner_cancelled": "winner",
    "player_count": "players", "negative_value": "players",
    "indicator_needed": "indicator", "redraw": "indicator", "fake_indicator": "indicator",
    "not_in_variant": "variant", "bad_variant": "variant",
}
"""The request field each engine error is about; errors about tiles name the tile field."""
TILE_ERRORS = frozenset({"bad_tile", "too_many_copies", "too_many_fakes", "tile_count",
                         "impossible"})


class CheckRequest(BaseModel):
    """Fields every check takes: the variant, house-rule choices and the reply's language."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True,
                              strict=True)

    variant: VariantName = "101"
    options: dict[str, str] = Field(default_factory=dict, max_length=40)
    lang: Literal["tr", "de", "en"] | None = None

    TILES: ClassVar[str] = "tiles"
    """The field that holds this check's tiles, named by errors about them."""

    def rules(self, base: Rules | None = None) -> Rules:
        """The table's rules: the preset (or the table's saved rules) with these options."""
        rules = base if base is not None and base.variant.value == self.variant else Rules.preset(
            self.variant)
        return rules.with_options(self.options)

    def error_field(self, error: OkeyError) -> str | None:
        """The field an engine error is about, as the API's ``field`` names it."""
        if error.code in TILE_ERRORS:
            return self.TILES
        return ERROR_FIELDS.get(error.code)


class OkeyRequest(CheckRequest):
    TILES = "indicator"

    indicator: TileField


class MeldRequest(CheckRequest):
    """Without an indicator no tile is wild."""

    indicator: TileField | None = None
    tiles: Tiles


class PairRequest(MeldRequest):
    """Two tiles; without an indicator no tile is wild."""


class OpeningRequest(CheckRequest):
    TILES = "melds"

    indicator: TileField
    melds: Groups = Field(default_factory=list)
    pairs: Groups = Field(default_factory=list)

    def error_field(self, error: OkeyError) -> str | None:
        if error.code in TILE_ERRORS and self.pairs and not self.melds:
            return "pairs"
        return super().error_field(error)


class RackRequest(CheckRequest):
    indicator: TileField
    tiles: Tiles


class DiscardRequest(CheckRequest):
    TILES = "table"

    indicator: TileField
    tile: TileField
    table: Groups = Field(default_factory=list)
    finishing: bool = False


class PickupRequest(CheckRequest):
    TILES = "rack"

    indicator: TileField
    tile: TileField
    rack: TileList = Field(default_factory=list)  # not needed once the player has opened
    opened: bool | Literal["melds", "pairs"] = False
    table: Groups | None = Field(default=None, description="the melds on the table, if known")


class PlayerEntry(BaseModel):
    """One player's end of round in a score request."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True,
                              strict=True)

    opened: Literal["melds", "pairs"] | None = None
    remaining: Hand = Field(default_factory=list)
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


FinishName = Literal["normal", "okey", "pairs", "elden", "deck_out", "cancelled"]
"""How a round ended, as requests name it (``referee.scoring.Finish``)."""


class ScoreRequest(CheckRequest):
    TILES = "players"

    finish: FinishName
    winner: int | None = Field(default=None, ge=0, le=3)
    players: list[PlayerEntry] = Field(default_factory=list, max_length=4)
    standings: list[Annotated[int, Field(ge=-100000, le=100000)]] | None = Field(
        default=None, min_length=2, max_length=4)
    indicator: TileField | None = None
    okey_discard: bool = False
    risk_round: bool | None = None
    last_discard: TileField | None = Field(
        default=None, description="the winner's last tile, if known: the okey doubles, a fake "
                                  "joker does not (803)")


def _okey(r: OkeyRequest, rules: Rules) -> Ruling:
    return check_okey(r.indicator, rules=rules)


def _meld(r: MeldRequest, rules: Rules) -> Ruling:
    return check_meld(r.tiles, indicator=r.indicator, rules=rules)


def _pair(r: PairRequest, rules: Rules) -> Ruling:
    return check_pair(r.tiles, indicator=r.indicator, rules=rules)


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
    return check_pickup(r.tile, r.rack, indicator=r.indicator, rules=rules,
                        opened=bool(r.opened), pairs_opener=r.opened == "pairs", table=r.table)


def _score(r: ScoreRequest, rules: Rules) -> Ruling:
    if r.standings is not None and r.players and len(r.standings) != len(r.players):
        # the check 101 scoring makes, for plain Okey too
        raise RuleViolation("give one standing per player", code="standings_count",
                            subject=str(len(r.standings)))
    return check_score([p.to_round() for p in r.players], winner=r.winner,
                       finish=Finish(r.finish), rules=rules, indicator=r.indicator,
                       okey_discard=r.okey_discard, risk_round=r.risk_round,
                       standings=r.standings, last_discard=r.last_discard)


CHECKS: dict[str, tuple[type[CheckRequest], Callable[[Any, Rules], Ruling]]] = {
    "okey": (OkeyRequest, _okey),
    "meld": (MeldRequest, _meld),
    "pair": (PairRequest, _pair),
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


def judge(name: str, request: CheckRequest, base: Rules | None = None) -> tuple[Ruling, Rules]:
    """The request's rules (``base``, the table's, with its options) and the check's ruling
    under them; an engine error about the input is a 400 naming the request's field."""
    try:
        rules = request.rules(base)
        return run_check(name, request, rules), rules
    except OkeyError as error:
        raise engine_error(error, request.error_field(error)) from None
