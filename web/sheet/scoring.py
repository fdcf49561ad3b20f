"""A match scored round by round with the referee's ``score`` check, under the match's rules.

The sheet is a pure function of the rounds as entered: :func:`score_sheet` runs every round
through :func:`web.referee_requests.run_check` (so a correction of round 2 recomputes every
total after it), and :func:`score_next` scores a new last round from the totals stored
with the one before it, so that adding a round costs the same at round 5 as at round 500.
It says who leads and who wins by the variant's rule:

- 101 Okey: points are penalties, the lowest total leads (601-612);
- plain Okey, 20-point tournament (609): everyone starts at 20 and the highest count leads;
  the game is over when a count reaches 0, and the referee names the winners;
- plain Okey, most rounds won (610): one point per round won, the most leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext
from pydantic import BaseModel, ConfigDict, Field

from referee.options import Rules
from referee.errors import OkeyError
from referee.options import PlainMatch
from referee.rulings import Ruling
from referee.scoring import TOURNAMENT_START
from web.errors import InputError
from web.reasons import explain
from web.responses import jsonable
from web.referee_requests import FinishName, PlayerEntry, ScoreRequest, TileField, run_check
from web.validation import engine_error, parse

class RoundEntry(BaseModel):
    """A round as the table tells it: who finished and how, and each player's end of round.

    For plain Okey only ``finish`` and ``winner`` count; 101 Okey needs one entry per player.
    """

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, frozen=True,
                              strict=True)

    finish: FinishName
    winner: int | None = Field(default=None, ge=0, le=3)
    players: list[PlayerEntry] = Field(default_factory=list, max_length=4)
    indicator: TileField | None = None
    okey_discard: bool = False
    risk_round: bool | None = None

    def stored(self) -> dict[str, Any]:
        """The entry as plain JSON (tiles in their notation), as the database keeps it."""
        return {
            "finish": self.finish,
            "winner": self.winner,
            "players": [{"opened": p.opened, "remaining": [str(t) for t in p.remaining],
                         "remaining_value": p.remaining_value, "penalties": list(p.penalties)}
                        for p in self.players],
            "indicator": str(self.indicator) if self.indicator is not None else None,
            "okey_discard": self.okey_discard,
            "risk_round": self.risk_round,
        }


def lowest_wins(variant: str) -> bool:
    """101 counts penalty points (lowest wins); plain Okey counts what is left or won."""
    return variant == "101"


def start_totals(rules: Rules, players: int) -> list[int]:
    """Everyone's count before the first round: 20 each in the tournament count (609)."""
    tournament = rules.variant.value == "plain" and rules.plain_match is PlainMatch.TOURNAMENT_20
    return [TOURNAMENT_START if tournament else 0] * players


def read_entry(data: object) -> RoundEntry:
    """Validate a round as sent; a bad field is a translated 400 naming it."""
    return parse(RoundEntry, data)


def score_round(rules: Rules, players: int, entry: RoundEntry, before: Sequence[int]) -> Ruling:
    """The referee's ruling on one round, ``before`` being the totals it starts from.

    :raises InputError: for a round that cannot happen, in the user's language.
    """
    if rules.variant.value == "101" and len(entry.players) != players \
            and entry.finish != "cancelled":  # nobody scores a cancelled round (503)
        raise InputError("player_entries", gettext(
            "Give one entry per player: this match has %(count)s players, not %(given)s.",
            count=players, given=len(entry.players)), field="players")
    if entry.winner is not None and entry.winner >= players:
        raise InputError("bad_winner", gettext(
            "The winner must be one of the %(count)s players.", count=players), field="winner")
    body: dict[str, Any] = {
        "variant": rules.variant.value, "finish": entry.finish, "winner": entry.winner,
        "players": list(entry.players), "indicator": entry.indicator,
        "okey_discard": entry.okey_discard, "risk_round": entry.risk_round,
    }
    if rules.variant.value == "plain":
        body["players"] = []  # plain Okey counts only the finish and the winner
        body["standings"] = list(before)
    request = ScoreRequest.model_validate(body)
    try:
        ruling: Ruling = run_check("score", request, rules)
        return ruling
    except OkeyError as error:
        raise engine_error(error, request.error_field(error)) from None


def stored_result(scored: ScoredRound, over: bool) -> dict[str, Any]:
    """What the database keeps of a scored round: the computed numbers, the rules cited, and
    the match's standing after it (``totals``; ``over``: the count ran out by this round),
    so that the next round is scored from this row alone."""
    ruling = scored.ruling
    result = {str(key): jsonable(value) for key, value in ruling.result.items()}
    return {**result, "rules": list(ruling.rules), "options": dict(ruling.options),
            "totals": list(scored.totals), "over": over}


def standing(result: dict[str, Any], players: int) -> tuple[list[int], bool] | None:
    """The totals after a stored round and whether the count has run out by then; ``None``
    for a row stored before rows kept them (the match is then scored from the start)."""
    totals, over = result.get("totals"), result.get("over")
    if not isinstance(totals, list) or len(totals) != players or not isinstance(over, bool):
        return None
    return [int(t) for t in totals], over


@dataclass(frozen=True)
class Line:
    """One line item of the referee: for a player (or the whole round), with its rule."""

    player: int | None
    points: int | None
    rule: str | None
    text: str


@dataclass(frozen=True)
class ScoredRound:
    """A round of the sheet: what was entered, the ruling, and the totals after it."""

    number: int
    entry: dict[str, Any]
    ruling: Ruling
    totals: tuple[int, ...]

    @property
    def scores(self) -> list[int]:
        scores: list[int] = list(self.ruling.result["scores"])
        return scores

    @property
    def game_over(self) -> bool:
        return bool(self.ruling.result.get("game_over"))

    def lines(self) -> list[Line]:
        """The ruling's reasons in the current language; per player where the item is."""
        reasons = list(self.ruling.reasons)
        items: list[dict[str, Any]] = list(self.ruling.result.get("items") or [])
        lead = len(reasons) - len(items)
        lines = [Line(None, None, r.rule, explain(r)) for r in reasons[:lead]]
        lines += [Line(int(item["player"]), int(item["points"]), r.rule, explain(r))
                  for item, r in zip(items, reasons[lead:])]
        return lines


@dataclass(frozen=True)
class Sheet:
    """A whole match scored: its rounds, totals, who leads and, at the end, who won."""

    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[ScoredRound, ...]
    totals: tuple[int, ...]

    @property
    def variant(self) -> str:
        return self.rules.variant.value

    @property
    def game_over(self) -> bool:
        """The tournament count reached 0 (609): no more rounds."""
        return any(r.game_over for r in self.rounds)

    def leaders(self) -> tuple[int, ...]:
        """Who leads now by the variant's rule; nobody before the first round."""
        if not self.rounds:
            return ()
        best = min(self.totals) if lowest_wins(self.variant) else max(self.totals)
        return tuple(i for i, total in enumerate(self.totals) if total == best)

    def winners(self) -> tuple[int, ...]:
        """The winners if the match ended now: the referee's when the count ran out (609),
        else the leaders."""
        for scored in self.rounds:
            if scored.game_over:
                named = scored.ruling.result.get("winners") or []
                return tuple(int(w) for w in named)
        return self.leaders()


    def then(self, added: Sheet) -> Sheet:
        """This sheet with the rounds of ``added`` after its own (``added`` as
        :func:`score_next` makes it: the new round, and the totals after it)."""
        return Sheet(self.rules, self.players, self.rounds + added.rounds, added.totals)


def scored(rules: Rules, players: int, number: int, entry: dict[str, Any],
           before: Sequence[int]) -> ScoredRound:
    """One stored round scored from the totals ``before`` it."""
    ruling = score_round(rules, players, read_entry(entry), before)
    totals = tuple(t + s for t, s in zip(before, ruling.result["scores"]))
    return ScoredRound(number, entry, ruling, totals)


def score_sheet(rules: Rules, players: Sequence[str],
                entries: Sequence[tuple[int, dict[str, Any]]]) -> Sheet:
    """Score every round in order; ``entries`` are (number, stored entry) pairs."""
    totals: Sequence[int] = start_totals(rules, len(players))
    rounds: list[ScoredRound] = []
    for number, entry in entries:
        rounds.append(scored(rules, len(players), number, entry, totals))
        totals = rounds[-1].totals
    return Sheet(rules, tuple(players), tuple(rounds), tuple(totals))


def score_next(rules: Rules, players: Sequence[str], number: int, entry: dict[str, Any],
               before: Sequence[int]) -> Sheet:
    """The round added after the others, scored from the totals ``before`` it alone: a sheet
    of that one round with the match's totals after it (what a new round changes)."""
    added = scored(rules, len(players), number, entry, before)
    return Sheet(rules, tuple(players), (added,), added.totals)
