"""The match API's answers as pydantic models (see :mod:`web.responses`): a match as
:class:`MatchAnswer`, and at creation :class:`CreatedMatch` with the edit key."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from web.referee_requests import FinishName
from web.responses import Answer, Options, Variant


class StoredPlayer(Answer):
    opened: Literal["melds", "pairs"] | None
    remaining: list[str]
    remaining_value: int | None
    penalties: list[str]


class StoredEntry(Answer):
    """A round as it was entered (the body of ``POST …/rounds``, tiles in their notation)."""

    finish: FinishName
    winner: int | None
    players: list[StoredPlayer]
    indicator: str | None
    okey_discard: bool
    risk_round: bool | None


class SheetLine(Answer):
    """One line of the referee's reckoning: for a player (or the whole round), by a rule."""

    player: int | None
    points: int | None
    rule: str | None
    text: str


class SheetRound(Answer):
    number: int
    entry: StoredEntry
    scores: list[int]
    totals: list[int] = Field(description="everyone's total after this round")
    multiplier: int | None
    risk_round: bool | None
    rules: list[str]
    options: Options
    lines: list[SheetLine]


class MatchLinks(Answer):
    view: str
    api: str
    csv: str
    print: str


class CreatedLinks(MatchLinks):
    edit: str = Field(description="the edit link: whoever opens it may change the match")


class MatchFacts(Answer):
    """A match's fixed facts, as every answer about it opens."""

    code: str = Field(pattern="^[2-9A-HJKMNP-Z]{6}$")
    variant: Variant
    table: str = Field(description="the table code of the match's house rules")
    players: list[str]
    planned_rounds: int | None
    version: int = Field(description="goes up with every change (poll with ?since=)")
    created: str | None
    finished: str | None


class MatchAnswer(MatchFacts):
    """The whole sheet: the match's facts, every round scored, totals, leaders, winners."""

    options: Options
    changed_options: Options
    rounds: list[SheetRound]
    totals: list[int]
    leaders: list[int]
    game_over: bool
    winners: list[int] | None = Field(description="once the match is finished")
    can_edit: bool
    links: MatchLinks


class AddedRound(MatchFacts):
    """A round just entered: the change, not the whole sheet (``links.api`` reads that), so a
    write costs the same at round 5 and at round 500."""

    round: SheetRound
    totals: list[int] = Field(description="everyone's total after the round")
    leaders: list[int]
    game_over: bool
    can_edit: bool
    links: MatchLinks


class CreatedMatch(MatchAnswer):
    edit_key: str = Field(description="the match's secret: send it as X-Edit-Key to change it")
    links: CreatedLinks
