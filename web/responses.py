"""The JSON API's answers as pydantic models: the views build them and serialise them with
:func:`respond`, and :mod:`web.openapi` documents them, so the document cannot drift from
what the code sends.

A ruling's common fields are typed here; each check adds its own (``okey``/``redraw``,
``valid``/``value``, …), the headline ones typed, anything else it computed passed through.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from flask import current_app
from pydantic import BaseModel, ConfigDict, Field
from werkzeug.wrappers import Response

from referee import Tile

Lang = Literal["tr", "de", "en"]
Variant = Literal["101", "plain"]
VariantOrAll = Literal["101", "plain", "all"]


class Answer(BaseModel):
    """An answer of the API: every field it sends is declared, nothing else goes out."""

    model_config = ConfigDict(extra="forbid")


def respond(answer: BaseModel, status: int = 200) -> Response:
    """``answer`` as a JSON response (validated when built, so it matches the document).

    pydantic writes the JSON itself (UTF-8, compact, in the fields' order), which costs a
    fraction of building a dict and encoding it again with :func:`flask.jsonify`.
    """
    return current_app.response_class(answer.model_dump_json(), status=status,
                                      mimetype="application/json")


class ErrorDetail(Answer):
    code: str = Field(description="a stable code, such as invalid_field or unknown_match")
    message: str = Field(description="what was wrong, in the request's language")
    field: str | None = Field(default=None, description="the request's field it is about, "
                              "dotted (players.1.remaining); left out when none")


class Error(Answer):
    """Every 4xx of the API."""

    error: ErrorDetail


# -- search and the rule book ----------------------------------------------------------

class SearchHit(Answer):
    id: str
    title: str
    variants: list[Variant]
    snippet: str = Field(description="safe HTML: escaped text, <mark> around the words found")
    score: float


class SearchResults(Answer):
    """``status``: matched (the rules answer the query as typed), suggested (they answer the
    corrected query in ``suggestion``) or nothing (no rule does: off topic, or no word known)."""

    query: str
    lang: Lang
    variant: VariantOrAll
    status: Literal["matched", "suggested", "nothing"]
    suggestion: str | None
    results: list[SearchHit]
    referee: SearchReferee | None = Field(
        default=None, description="the referee's ruling on the tiles the query names, if any")


class RuleSummary(Answer):
    id: str
    title: str
    variants: list[Variant]
    category: str
    subcategory: str
    url: str = Field(description="the rule's page")


class RuleList(Answer):
    lang: Lang
    variant: VariantOrAll
    rules: list[RuleSummary]


class RuleSource(Answer):
    doc: str
    title: str
    footnote: int | None


class ChoiceSource(RuleSource):
    rule: str | None


class HouseChoice(Answer):
    id: str
    label: str
    sources: list[ChoiceSource]


class HouseRuleAnswer(Answer):
    id: str
    rule: str
    title: str
    note: str
    choices: list[HouseChoice]
    default: dict[str, str] = Field(description="the default choice by variant (101, plain)")


class RuleDetail(RuleSummary):
    category_label: str
    subcategory_label: str
    body: str = Field(description="Markdown")
    keywords: list[str]
    sources: list[RuleSource]
    related: list[str]
    counterpart: str | None = Field(description="the same point's rule in the other variant")
    house_rule: HouseRuleAnswer | None
    reading: str | None = Field(description="Hakem's reading: what no source states, marked "
                                "as such (Markdown); null where the rule has none")


class Term(Answer):
    id: str
    term: str
    definition: str
    rules: list[str]


class Glossary(Answer):
    lang: Lang
    terms: list[Term]


class HouseRules(Answer):
    lang: Lang
    house_rules: list[HouseRuleAnswer]


# -- the referee -------------------------------------------------------------------------

class Explanation(Answer):
    code: str
    rule: str | None
    text: str


Options = dict[str, str]


class Ruling(BaseModel):
    """A check's ruling: the case file's ``expect`` fields plus what it computed."""

    model_config = ConfigDict(extra="allow")

    check: str
    variant: Variant
    verdict: str
    verdict_text: str
    rules: list[str] = Field(description="the rule ids the reasons cite")
    explanation: list[Explanation]
    options: Options = Field(description="the house-rule options this ruling depended on")
    table_options: Options = Field(description="every house rule of the variant as applied")


class OkeyRuling(Ruling):
    okey: str | None
    redraw: bool
    risk_round: bool


class MeldRuling(Ruling):
    valid: bool
    value: int
    kind: str | None


class PairRuling(Ruling):
    valid: bool
    joker: bool = Field(description="an okey completes the pair")
    stands_for: list[str] = Field(description="the tile each one counts as")


class OpeningRuling(Ruling):
    valid: bool
    value: int
    penalty: int


class BestOpeningRuling(Ruling):
    best_value: int
    can_open: bool
    opens_with: Literal["melds", "pairs"] | None


class WinningHandRuling(Ruling):
    winning: bool
    kind: str | None


class DiscardRuling(Ruling):
    allowed: bool
    playable: bool
    penalty: int
    okey: bool


class PickupRuling(Ruling):
    allowed: bool
    must_open: bool
    penalty: int


class ScoreRuling(Ruling):
    scores: list[int]
    standings: list[int] | None = None
    multiplier: int | None = None
    risk_round: bool | None = None
    game_over: bool | None = None
    winners: list[int] | None = None


class CardRuling(Ruling):
    """A ruling on the tiles a search question names, as the results page shows it."""

    link: str = Field(description="the check's page on the same tiles")
    said: str | None = Field(description="the reason the results page says first")


class CardError(Answer):
    """The input error that stopped a check on the tiles a search question names."""

    variant: Variant
    error: str = Field(description="what was wrong, in the request's language")
    link: str = Field(description="the check's page on the same tiles")


class SearchReferee(Answer):
    """What the referee ruled on the tiles a search question names (``is K12 K13 K1 a
    run``, ``okey ile sarı 4 çift olur mu``): the check, the tiles and indicator it took, and
    its ruling per variant."""

    check: str = Field(description="meld, pair or best-opening")
    tiles: list[str]
    indicator: str | None
    rulings: list[CardRuling | CardError]


RULINGS: dict[str, type[Ruling]] = {
    "okey": OkeyRuling, "meld": MeldRuling, "pair": PairRuling,
    "opening": OpeningRuling,
    "best-opening": BestOpeningRuling, "winning-hand": WinningHandRuling,
    "discard": DiscardRuling, "pickup": PickupRuling, "score": ScoreRuling,
}
"""Each check's ruling by its URL name (the keys of :data:`web.referee_requests.CHECKS`)."""


class Seat(Answer):
    rack: list[str] | None
    count: int | None
    opened: str | None
    penalties: list[str]


class TableMeld(Answer):
    tiles: list[str]
    faces: list[str]
    owner: int | None
    pair: bool


class AddedTile(Answer):
    meld: int = Field(description="the table meld, from 0")
    tile: str


class RoundState(Answer):
    """A round's state in the request's shape: send it back with the next move."""

    players: int
    indicator: str | None
    seats: list[Seat]
    table: list[TableMeld]
    discards: list[str]
    turn: int
    drawn: bool
    taken: str | None
    taken_used: bool
    deck: int | None
    opened_now: bool = Field(description="the player to move opened this turn")
    added: list[AddedTile] = Field(description="the tiles laid off this turn, in order; only "
                                   "the last may be taken back (704)")
    took_back: bool = Field(description="a tile laid off this turn was taken back: another "
                                        "costs 101 (704)")
    over: bool
    winner: int | None
    finish: str | None


class MoveAnswer(Answer):
    kind: str
    player: int
    tiles: list[str]
    melds: list[list[str]]
    pairs: list[list[str]]
    meld: int | None


class MoveRuling(Answer):
    """One move's ruling: legal or a violation, why, the penalty and the state after it."""

    move: MoveAnswer
    legal: bool
    penalty: int
    rules: list[str]
    explanation: list[Explanation]
    state: RoundState


class LoggedMoveRuling(MoveRuling):
    index: int = Field(description="the move's place in the log, from 0")


class MoveAnswerRuling(MoveRuling):
    variant: Variant
    table_options: Options


class RoundRuling(Answer):
    variant: Variant
    moves: list[LoggedMoveRuling]
    first_violation: int | None
    state: RoundState
    score: ScoreRuling | None = Field(description="the ended round scored; null before the end")
    table_options: Options


_PLAIN = (str, int, float, bool, type(None))


def jsonable(value: object) -> object:
    """Engine values as JSON: tiles and enums by their notation."""
    if type(value) in _PLAIN:  # most of a ruling's values: nothing to do
        return value
    if isinstance(value, (Tile, Enum)):
        return str(value.value) if isinstance(value, Enum) else str(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value
