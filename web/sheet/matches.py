"""What can be done to a match, each in one transaction: create it, add, correct and undo a
round, finish it. Every change bumps the match's version; a new round is scored from the
totals stored with the last one, and a correction, undo or finish re-scores the whole match.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from flask import current_app
from flask_babel import gettext, ngettext
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from referee.errors import OkeyError
from referee.options import Rules
from web.errors import InputError
from web.sheet import store
from web.sheet.models import Match, Round
from web.sheet.scoring import (
    RoundEntry,
    Sheet,
    score_next,
    score_sheet,
    standing,
    start_totals,
    stored_result,
)
from web.table import decode, encode
from web.validation import engine_error

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Match codes: no 0/O, 1/I/L, so a code read aloud or off a screen is not misread."""
CODE_LENGTH = 6
MAX_NAME = 24
MAX_ROUNDS = 60
MAX_VERSION = 10**9 - 1
"""The highest version a viewer may say it has (``?since=``)."""


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed (any case, spaces, dashes) in its stored form."""
    return code.strip().upper().replace(" ", "").replace("-", "")[:12]


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(match: Match, secret: str | None) -> bool:
    """Whether ``secret`` is the match's edit secret (compared in constant time)."""
    if not secret or len(secret) > 100:
        return False
    return hmac.compare_digest(hash_secret(secret), match.secret_hash)


def unknown_match(typed: str) -> InputError:
    """No match has this code: the message quotes the code as it was typed."""
    return InputError("unknown_match", gettext(
        "There is no match with the code “%(code)s”.", code=typed[:12]), status=404)


def rules_of(match: Match) -> Rules:
    return decode(match.rules_code)


def sheet_of(match: Match) -> Sheet:
    """The match scored from its rounds as entered."""
    return score_sheet(rules_of(match), match.players,
                       [(r.number, r.entry) for r in sorted(match.rounds, key=lambda r: r.number)])


ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))
"""Invisible characters a name may carry (a joiner inside an emoji) but not consist of."""
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides, which make a name display as another."""


def same_name(name: str) -> str:
    """A name as compared with the others: NFC, no zero-width characters, casefolded."""
    return unicodedata.normalize("NFC", name).translate(ZERO_WIDTH).casefold()


def check_players(names: Sequence[str]) -> list[str]:
    """2 to 4 names, none empty, too long, unreadable or repeated; the error names the problem.

    Names are kept in NFC with runs of spaces made one; two names that differ only in case,
    normalisation or invisible characters are the same name.
    """
    cleaned = [unicodedata.normalize("NFC", " ".join(str(name).split())) for name in names]
    if not 2 <= len(cleaned) <= 4:
        raise InputError("player_count", gettext(
            "A match has 2 to 4 players, not %(count)s.", count=len(cleaned)), field="players")
    for index, name in enumerate(cleaned):
        field = f"players.{index}"
        if not name.translate(ZERO_WIDTH).strip():
            raise InputError("empty_name", gettext(
                "Player %(n)s has no name.", n=index + 1), field=field)
        if len(name) > MAX_NAME:
            raise InputError("name_too_long", gettext(
                "The name of player %(n)s is too long (at most %(max)s characters).",
                n=index + 1, max=MAX_NAME), field=field)
        if "\ufffd" in name:
            raise InputError("bad_name", gettext(
                "The name of player %(n)s is not valid UTF-8 text.", n=index + 1), field=field)
        if any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS for c in name):
            raise InputError("bad_name", gettext(
                "The name of player %(n)s contains a control character.", n=index + 1),
                field=field)
    folded = [same_name(name) for name in cleaned]
    if len(set(folded)) != len(folded):
        raise InputError("duplicate_name", gettext(
            "Two players have the same name: give each a different one."), field="players")
    return cleaned


class NewMatch(BaseModel):
    """A new match as the API takes it."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    variant: Literal["101", "plain"] = "101"
    players: list[str] = Field(min_length=2, max_length=4)
    rounds: int | None = Field(default=None, ge=1, le=MAX_ROUNDS)
    table: str | None = Field(default=None, max_length=64)
    options: dict[str, str] = Field(default_factory=dict, max_length=40)
    lang: Literal["tr", "de", "en"] | None = None


class FinishBody(BaseModel):
    """Finishing takes a JSON object, ``{}`` or with a ``lang``: a JSON body is what keeps a
    cross-site form from posting it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: Literal["tr", "de", "en"] | None = None


@dataclass(frozen=True)
class Created:
    code: str
    secret: str


def create(rules: Rules, players: Sequence[str], planned_rounds: int | None) -> Created:
    """A new match; the secret is returned once and only its hash is kept."""
    names = check_players(players)
    if planned_rounds is not None and not 1 <= planned_rounds <= MAX_ROUNDS:
        raise InputError("bad_rounds", gettext(
            "The number of rounds must be from 1 to %(max)s.", max=MAX_ROUNDS), field="rounds")
    secret = secrets.token_urlsafe(18)
    for _ in range(8):
        code = new_code()
        try:
            with store.writing() as session:
                session.add(Match(code=code, secret_hash=hash_secret(secret),
                                  variant=rules.variant.value, rules_code=encode(rules),
                                  players=names, planned_rounds=planned_rounds, version=1))
            return Created(code, secret)
        except IntegrityError:  # the code was taken: draw another
            continue
    raise RuntimeError("no free match code")  # pragma: no cover - 31^6 codes


def load(code: str) -> Match:
    """The match with this code, its rounds loaded; 404 when there is none."""
    with store.reading() as session:
        match = session.scalars(select(Match).where(Match.code == normal_code(code))).first()
        if match is None:
            raise unknown_match(code)
        _ = list(match.rounds)
        session.expunge_all()
    return match


def _editable(session: Session, code: str, secret: str | None) -> Match:
    match = store.locked_match(session, normal_code(code))
    if match is None:
        raise unknown_match(code)
    if not secret_matches(match, secret):
        raise InputError("edit_forbidden", gettext(
            "Only the device that created this match, or one given its edit link, can "
            "change it."), status=403)
    if match.finished is not None:
        raise InputError("match_finished", gettext(
            "This match is finished: it can no longer be changed."), status=409)
    return match


def _rescore(session: Session, match: Match) -> Sheet:
    """Score the match again (raising on an impossible round), store the results and bump
    the version; the caller's transaction commits it all or nothing."""
    sheet = sheet_of(match)
    by_number = {r.number: r for r in match.rounds}
    over = False
    for scored in sheet.rounds:
        over = over or scored.game_over
        result = stored_result(scored, over)
        row = by_number[scored.number]
        if row.result != result:
            row.result = result
    _bump(session, match)
    return sheet


def _bump(session: Session, match: Match) -> None:
    if not store.bump_version(session, match):
        raise InputError("conflict", gettext(
            "The sheet changed meanwhile: try again."), status=409)
    session.flush()


Snapshot = tuple[Match, Sheet]
"""A match as committed and its scored sheet, as each change returns it."""


def add_round(code: str, secret: str | None, entry: RoundEntry,
              round_id: str | None = None) -> tuple[Snapshot, bool]:
    """Append a round. Only the last round's row is read: the new round is scored from the
    totals stored with it, and the sheet returned holds the new round alone with the totals
    after it (see :func:`web.sheet.scoring.score_next`). A match whose last row predates
    stored totals is scored from the start once.

    A ``round_id`` the match already has is a retry: nothing is added and the answer is the
    round as it was entered; the same id with another round is a 409. The flag says whether
    this was a retry."""
    with store.writing() as session:
        match = _editable(session, code, secret)
        if round_id:
            earlier = store.round_by_client_id(session, match, round_id)
            if earlier is not None:
                if earlier.entry != entry.stored():
                    raise InputError("round_id_reused", gettext(
                        "This round id was already used for another round."), status=409,
                        field="round_id")
                sheet = sheet_of(match)
                return (match, Sheet(sheet.rules, sheet.players, tuple(
                    r for r in sheet.rounds if r.number == earlier.number), sheet.totals)), True
        last = store.last_round(session, match)
        number = last.number + 1 if last is not None else 1
        if number > max_rounds():
            raise InputError("too_many_rounds", gettext(
                "A match has at most %(max)s rounds: finish it and start another.",
                max=max_rounds()), status=409)
        if match.planned_rounds is not None and number > match.planned_rounds:
            raise InputError("rounds_complete", ngettext(
                "The %(num)s planned round is entered: finish the match.",
                "All %(num)s planned rounds are entered: finish the match.",
                match.planned_rounds), status=409)
        rules = rules_of(match)
        before = (standing(last.result, len(match.players)) if last is not None
                  else (start_totals(rules, len(match.players)), False))
        if before is None:  # stored before rounds kept their totals
            if any(r.result.get("game_over") for r in match.rounds):
                raise _game_over()
            match.rounds.append(Round(number=number, entry=entry.stored(), result={},
                                      client_id=round_id))
            sheet = _rescore(session, match)
            return (match, _last(sheet)), False
        totals, over = before
        if over:
            raise _game_over()
        added = score_next(rules, match.players, number, entry.stored(), totals)
        session.add(Round(match_id=match.id, number=number, entry=entry.stored(),
                          result=stored_result(added.rounds[0], added.game_over),
                          client_id=round_id))
        _bump(session, match)
    return (match, added), False


def max_rounds() -> int:
    """The most rounds a match takes (``SHEET_MAX_ROUNDS``; a benchmark may raise it)."""
    return int(current_app.config.get("SHEET_MAX_ROUNDS", MAX_ROUNDS))


def _last(sheet: Sheet) -> Sheet:
    """A whole sheet cut to its last round, as :func:`add_round` returns a new round."""
    return Sheet(sheet.rules, sheet.players, sheet.rounds[-1:], sheet.totals)


def _game_over() -> InputError:
    return InputError("game_over", gettext(
        "A count has reached 0: the game is over. Finish the match."), status=409)


def correct_round(code: str, secret: str | None, number: int, entry: RoundEntry) -> Snapshot:
    """Replace what was entered for round ``number``; the totals after it recompute."""
    with store.writing() as session:
        match = _editable(session, code, secret)
        row = next((r for r in match.rounds if r.number == number), None)
        if row is None:
            raise InputError("unknown_round", gettext(
                "This match has no round %(n)s.", n=number), status=404)
        row.entry = entry.stored()
        sheet = _rescore(session, match)
    return match, sheet


def undo_round(code: str, secret: str | None, number: int | None = None) -> Snapshot:
    """Remove the last round, or round ``number`` if it is the last one.

    With a number, undo is idempotent: a round past the last is already gone, so a double tap
    or a retried request leaves the match as it is instead of removing a second round.
    """
    with store.writing() as session:
        match = _editable(session, code, secret)
        last = max(match.rounds, key=lambda r: r.number, default=None)
        if number is not None and (last is None or number > last.number):
            return match, sheet_of(match)  # already gone: nothing changes, not the version
        if last is None:
            raise InputError("no_rounds", gettext("There is no round to undo."), status=409)
        if number is not None and number != last.number:
            raise InputError("not_last_round", gettext(
                "Round %(n)s is not the last round: only the last round can be undone. "
                "Correct it instead.", n=number), status=409)
        match.rounds.remove(last)
        session.flush()
        sheet = _rescore(session, match)
    return match, sheet


def finish(code: str, secret: str | None) -> Snapshot:
    """End the match: no more changes; the sheet names the winner by the variant's rule."""
    with store.writing() as session:
        match = _editable(session, code, secret)
        if not match.rounds:
            raise InputError("no_rounds", gettext(
                "Enter at least one round before finishing the match."), status=409)
        match.finished = datetime.now(UTC)
        sheet = _rescore(session, match)
    return match, sheet


def rules_from(variant: str, table_code: str | None, options: dict[str, str] | None,
               base: Rules | None) -> Rules:
    """A new match's rules: a table code, or the variant with options, or the table's own."""
    if table_code:
        if options:
            raise InputError("table_and_options", gettext(
                "Give either a table code or options, not both."), field="options")
        try:
            rules = decode(table_code)
        except InputError as error:
            raise InputError(error.code, error.message, field="table") from None
        if rules.variant.value != variant:
            raise InputError("table_variant", gettext(
                "The table code is for another variant."), field="table")
        return rules
    start = base if base is not None and base.variant.value == variant else Rules.preset(variant)
    try:
        return start.with_options(options or {})
    except OkeyError as error:
        raise engine_error(error, field="options") from None


def describe(match: Match) -> dict[str, Any]:
    """The match's fixed facts (no scoring)."""
    return {"code": match.code, "variant": match.variant, "table": match.rules_code,
            "players": list(match.players), "planned_rounds": match.planned_rounds,
            "version": match.version,
            "created": match.created.isoformat() if match.created else None,
            "finished": match.finished.isoformat() if match.finished else None}
