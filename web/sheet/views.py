"""The score sheet's pages (``/<lang>/sheet/``) and JSON API (``/api/v1/matches``).

Viewers poll for changes (``?since=<version>``; a 204 says "nothing new"), which suits any
WSGI server, sync workers included; the page polls once a second. Editing needs the match's
secret: in the browser's edit-rights cookie (:mod:`web.sheet.rights`), set when the device
created the match or opened its edit link, or in an ``X-Edit-Key`` header for API clients.
"""

from __future__ import annotations

import csv
import functools
import io
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import segno
from flask import (
    Blueprint,
    Flask,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString
from markupsafe import Markup
from pydantic import BaseModel, ConfigDict, Field
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from web.errors import InputError
from web.i18n import current_language
from web.pages import add_lang, pull_lang, variant_name
from web.responses import respond
from web.security import public_url
from web.sheet import matches, rights, store
from web.sheet.complete import check_complete
from web.sheet.models import Match
from web.sheet.responses import AddedRound, CreatedMatch, MatchAnswer
from web.sheet.round_form import entry_body
from web.sheet.scoring import RoundEntry, Sheet, read_entry
from web.table import table_rules
from web.validation import (
    choose_language,
    game_variant,
    json_body,
    parse,
    posted_form,
    whole_number,
)

bp = Blueprint("sheet", __name__, url_prefix="/<lang>/sheet")
bp.url_value_preprocessor(pull_lang)
bp.url_defaults(add_lang)
api = Blueprint("sheet_api", __name__, url_prefix="/api/v1/matches")

POLL_MS = 1000

FINISHES: dict[str, LazyString] = {
    "normal": lazy_gettext("Normal finish"),
    "okey": lazy_gettext("Finished by discarding the okey"),
    "pairs": lazy_gettext("Finished with pairs"),
    "elden": lazy_gettext("Finished in one go (elden bitme)"),
    "deck_out": lazy_gettext("The deck ran out"),
    "cancelled": lazy_gettext("Cancelled: all four opened with pairs"),
}
PENALTIES: dict[str, LazyString] = {
    "islek": lazy_gettext("Discarded a playable tile (işlek)"),
    "okey_discard": lazy_gettext("Discarded the okey"),
    "opening_short": lazy_gettext("Laid down short of 101"),
    "take_back": lazy_gettext("Took back tiles from the table"),
    "failed_pickup": lazy_gettext("Took a discard and put it back"),
    "okey_in_hand": lazy_gettext("Kept an okey in hand"),
}


def edit_secret(code: str) -> str | None:
    """The secret this request carries for the match: header first, then the cookie."""
    return request.headers.get("X-Edit-Key") or rights.secret_for(code)


def can_edit(match: Match) -> bool:
    return match.finished is None and matches.secret_matches(match, edit_secret(match.code))


def rounds_json(sheet: Sheet) -> list[dict[str, Any]]:
    return [{"number": r.number, "entry": r.entry, "scores": r.scores,
             "totals": list(r.totals), "multiplier": r.ruling.result.get("multiplier"),
             "risk_round": r.ruling.result.get("risk_round"),
             "rules": list(r.ruling.rules), "options": dict(r.ruling.options),
             "lines": [{"player": line.player, "points": line.points, "rule": line.rule,
                        "text": line.text} for line in r.lines()]}
            for r in sheet.rounds]


def links_json(match: Match) -> dict[str, str]:
    """The match's links, from the public URL or a checked host (see :func:`web.security.public_url`)."""
    lang = current_language()
    return {"view": public_url("sheet.view", lang=lang, code=match.code),
            "api": public_url("sheet_api.state", code=match.code),
            "csv": public_url("sheet.export", lang=lang, code=match.code),
            "print": public_url("sheet.printable", lang=lang, code=match.code)}


def match_json(match: Match, sheet: Sheet) -> dict[str, Any]:
    """The whole sheet as the API returns it."""
    finished = match.finished is not None
    return {
        **matches.describe(match),
        "options": sheet.rules.applied(), "changed_options": sheet.rules.changed(),
        "rounds": rounds_json(sheet), "totals": list(sheet.totals),
        "leaders": list(sheet.leaders()), "game_over": sheet.game_over,
        "winners": list(sheet.winners()) if finished else None,
        "can_edit": can_edit(match), "links": links_json(match),
    }


def added_json(match: Match, added: Sheet) -> dict[str, Any]:
    """A new round as the API answers it: the change, not the whole match (which ``links.api``
    gives): the round scored and the match's totals, leaders and state after it."""
    return {
        **matches.describe(match), "round": rounds_json(added)[0],
        "totals": list(added.totals), "leaders": list(added.leaders()),
        "game_over": added.game_over, "can_edit": can_edit(match), "links": links_json(match),
    }


SNAPSHOTS = "hakem.sheet.snapshots"
SNAPSHOT_LIMIT = 256


@dataclass
class Snapshots:
    """Scored matches by (code, version), so that viewers polling after a change share one
    database load and one scoring per worker instead of one each."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    found: OrderedDict[tuple[str, int], tuple[Match, Sheet]] = field(
        default_factory=OrderedDict)


def snapshot(typed: str) -> tuple[Match, Sheet]:
    """The match and its scored sheet at its newest version."""
    code = matches.normal_code(typed)
    version = store.version_of(code)
    if version is None:
        raise matches.unknown_match(typed)
    cache: Snapshots = current_app.extensions[SNAPSHOTS]
    with cache.lock:
        hit = cache.found.get((code, version))
    if hit is not None:
        return hit
    match = matches.load(code)
    return keep((match, matches.sheet_of(match)))


def keep_added(made: matches.Snapshot) -> None:
    """Remember the match with a round just added, when this worker has the version before
    it: that sheet and the new round (``made`` holds the new round alone)."""
    match, added = made
    cache: Snapshots = current_app.extensions[SNAPSHOTS]
    with cache.lock:
        before = cache.found.get((match.code, match.version - 1))
    if before is not None:
        keep((match, before[1].then(added)))


def keep(made: matches.Snapshot) -> matches.Snapshot:
    """Remember a scored match at its version (as loaded, or as a change committed it)."""
    cache: Snapshots = current_app.extensions[SNAPSHOTS]
    with cache.lock:
        cache.found[(made[0].code, made[0].version)] = made
        while len(cache.found) > SNAPSHOT_LIMIT:
            cache.found.popitem(last=False)
    return made


def since_arg() -> int | None:
    """``?since=``: the version the viewer has, if it says (given empty, it is a 400, as the
    API document's integer says)."""
    raw = request.args.get("since")
    if raw is None:
        return None
    return whole_number(raw, "since", "since", 0, matches.MAX_VERSION)


def unchanged(code: str) -> Response | None:
    """A 204 when the viewer already has the newest version (one small query)."""
    since = since_arg()
    if since is None:
        return None
    version = store.version_of(matches.normal_code(code))
    if version is None:
        raise matches.unknown_match(code)
    if version != since:
        return None
    response = make_response("", 204)
    response.headers["X-Sheet-Version"] = str(version)
    response.headers["Cache-Control"] = "no-store"
    return response


@functools.lru_cache(maxsize=512)
def qr_svg(url: str) -> Markup:
    """The link as an inline SVG QR code, drawn once per link (a third of the page's time
    otherwise; the link of a match never changes)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#1d1d1f", light="#fff",
                                                 title=url)
    return Markup(svg)  # noqa: S704 - segno's own markup of our URL


# -- pages -------------------------------------------------------------------------------

def new_form(error: InputError | None = None, form: Any = None, status: int = 200
             ) -> tuple[str, int]:
    table = table_rules()
    variant = (form.get("variant") if form else None) or (
        table.variant.value if table else "101")
    return render_template("sheet_new.html", error=error, form=form or {}, table=table,
                           variant=variant, max_name=matches.MAX_NAME,
                           max_rounds=matches.MAX_ROUNDS), status


@bp.get("/")
def new() -> tuple[str, int]:
    """Start a match: variant, house rules (the table's), players and rounds."""
    return new_form()


NEW_MATCH_FIELDS = {"variant", "use_table", "rounds", *(f"player{i}" for i in range(4))}


@bp.post("/")
def create() -> Response | tuple[str, int]:
    try:
        form = posted_form()
    except InputError as error:
        return new_form(error, status=error.status)
    try:
        unknown = sorted(set(form) - NEW_MATCH_FIELDS)
        if unknown:
            raise InputError("unknown_field", gettext(
                "%(field)s is not a field of this form.", field=unknown[0][:40]),
                field=unknown[0])
        variant = game_variant(form.get("variant"), "101")
        names = [form.get(f"player{i}", "") for i in range(4)]
        while names and not names[-1].strip():
            names.pop()
        raw_rounds = form.get("rounds", "").strip()
        rounds = whole_number(raw_rounds, "rounds", gettext("Rounds to play"), 1,
                              matches.MAX_ROUNDS, code="bad_rounds") if raw_rounds else None
        rules = matches.rules_from(variant, None, None,
                                   table_rules() if form.get("use_table") else None)
        created = matches.create(rules, names, rounds)
    except InputError as error:
        return new_form(error, form, error.status)
    response = redirect(url_for("sheet.view", code=created.code))
    return rights.grant(response, created.code, created.secret)


@bp.get("/join")
def join() -> Response:
    code = matches.normal_code(request.args.get("code", ""))
    if not code:
        raise InputError("empty_code", gettext("Type the code of the match."), field="code")
    return redirect(url_for("sheet.view", code=code))


def page_context(match: Match, sheet: Sheet,
                 entered: MultiDict[str, str] | None = None) -> dict[str, Any]:
    """What the sheet page draws; ``entered`` is a round form sent back with its error."""
    entered = entered if entered is not None else MultiDict()
    editing = can_edit(match)
    view_url = public_url("sheet.view", code=match.code)
    context: dict[str, Any] = {
        "match": match, "sheet": sheet, "editing": editing, "finishes": FINISHES,
        "penalties": PENALTIES, "view_url": view_url, "poll_ms": POLL_MS,
        "variant_label": variant_name(match.variant),
        "leader_names": ", ".join(match.players[i] for i in sheet.leaders()),
        "winner_names": ", ".join(match.players[i] for i in sheet.winners()),
    }
    if editing:
        context["edit_url"] = public_url("sheet.edit", code=match.code,
                                         key=edit_secret(match.code))
        context["round_id"] = entered.get("round_id") or secrets.token_hex(12)
    context["entered"] = entered
    return context


@bp.get("/<code>")
def view(code: str) -> Response | str:
    if code != matches.normal_code(code):
        return redirect(url_for("sheet.view", code=matches.normal_code(code)))
    match, sheet = snapshot(code)
    return sheet_page(match, sheet)


def sheet_page(match: Match, sheet: Sheet, error: InputError | None = None,
               entered: MultiDict[str, str] | None = None) -> str:
    """The sheet page; with ``error``, the round form as it was sent, and what was wrong."""
    context = page_context(match, sheet, entered)
    context["qr"] = qr_svg(context["view_url"])
    context["form_error"] = error
    return render_template("sheet.html", **context)


# -- the same actions as plain forms, for a phone whose script did not run ----------------

FormAct = Callable[[str, str | None, MultiDict[str, str]], None]


def form_action(code: str, act: FormAct) -> Response | tuple[str, int]:
    """Run a posted form's action on the match ``code``, then back to the sheet (303); or
    the sheet with the form as sent and what was wrong, in the user's language."""
    code = matches.normal_code(code)
    try:
        posted_form()  # a form, in UTF-8
        act(code, edit_secret(code), request.form)
    except InputError as error:
        match, sheet = snapshot(code)
        return sheet_page(match, sheet, error, request.form), error.status
    return redirect(url_for("sheet.view", code=code, _anchor="sheet-table"), 303)


def add_from_form(code: str, secret: str | None, form: MultiDict[str, str]) -> None:
    """The round form as the script would have sent it to the API: the same checks."""
    match, _ = snapshot(code)
    entry, round_id = read_round({**entry_body(form, len(match.players), match.variant),
                                  "round_id": form.get("round_id") or None})
    check_possible(entry, match)
    add_and_keep(code, secret, entry, round_id)


def undo_from_form(code: str, secret: str | None, form: MultiDict[str, str]) -> None:
    number = whole_number(form.get("number", ""), "number", lazy_gettext("Round"), 1, 10**6)
    keep(matches.undo_round(code, secret, number))


def finish_from_form(code: str, secret: str | None, form: MultiDict[str, str]) -> None:
    keep(matches.finish(code, secret))


@bp.post("/<code>/rounds")
def add_round_form(code: str) -> Response | tuple[str, int]:
    return form_action(code, add_from_form)


@bp.post("/<code>/undo")
def undo_round_form(code: str) -> Response | tuple[str, int]:
    return form_action(code, undo_from_form)


@bp.post("/<code>/finish")
def finish_form(code: str) -> Response | tuple[str, int]:
    return form_action(code, finish_from_form)


@bp.get("/<code>/edit")
def edit(code: str) -> Response:
    """The edit link: the key is exchanged for the edit-rights cookie, then a redirect to the
    sheet's clean address, so the key stays out of history and referrers."""
    match = matches.load(code)
    key = request.args.get("key", "")
    if not matches.secret_matches(match, key):
        raise InputError("edit_forbidden", gettext(
            "This edit link is not valid for the match %(code)s.", code=match.code),
            status=403)
    response = redirect(url_for("sheet.view", code=match.code))
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return rights.grant(response, match.code, key)


@bp.get("/<code>/table")
def fragment(code: str) -> Response:
    """The score table alone, for the page's live updates; 204 when nothing changed."""
    same = unchanged(code)
    if same is not None:
        return same
    match, sheet = snapshot(code)
    response = make_response(render_template("sheet_table.html", **page_context(match, sheet)))
    response.headers["X-Sheet-Version"] = str(match.version)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<code>/print")
def printable(code: str) -> str:
    match, sheet = snapshot(code)
    return render_template("sheet_print.html", **page_context(match, sheet))


def csv_safe(text: str) -> str:
    """A name as a CSV cell that no spreadsheet runs as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@bp.get("/<code>/csv")
def export(code: str) -> Response:
    """The sheet as CSV: a row per round (finish, winner, each player's points), totals."""
    match, sheet = snapshot(code)
    out = io.StringIO()
    writer = csv.writer(out)
    names = [csv_safe(name) for name in match.players]
    writer.writerow([gettext("Round"), gettext("How the round ended"), gettext("Who finished"),
                     *names, gettext("Rules")])
    for scored in sheet.rounds:
        winner = scored.entry.get("winner")
        writer.writerow([scored.number, str(FINISHES[scored.entry["finish"]]),
                         names[winner] if isinstance(winner, int) else "",
                         *scored.scores, " ".join(scored.ruling.rules)])
    writer.writerow([gettext("Total"), "", "", *sheet.totals, ""])
    if match.finished is not None:
        writer.writerow([gettext("Winner"), "", ", ".join(names[i] for i in sheet.winners())])
    response = make_response(out.getvalue())
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="hakem-{match.code}.csv"'
    return response


# -- API ---------------------------------------------------------------------------------

api.before_request(choose_language)


class BodyLanguage(BaseModel):
    """The ``lang`` a round's body may carry beside the round, and the round's id made by
    the client (one per submission, the same on a retry)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    lang: Literal["tr", "de", "en"] | None = None
    round_id: str | None = Field(default=None, min_length=8, max_length=64,
                                 pattern=r"^[A-Za-z0-9_-]+$")


def state_response(code: str, status: int = 200, made: matches.Snapshot | None = None,
                   created: matches.Created | None = None) -> Response:
    """The sheet as :class:`MatchAnswer`; at creation :class:`CreatedMatch`, with the key."""
    match, sheet = keep(made) if made is not None else snapshot(code)
    data = match_json(match, sheet)
    answer: MatchAnswer
    if created is None:
        answer = MatchAnswer.model_validate(data)
    else:
        data["edit_key"] = created.secret
        data["links"]["edit"] = public_url("sheet.edit", lang=current_language(),
                                           code=created.code, key=created.secret)
        data["can_edit"] = True
        answer = CreatedMatch.model_validate(data)
    response = respond(answer, status)
    response.headers["Cache-Control"] = "no-store"
    return response


def body_dict() -> dict[str, Any]:
    data = json_body()
    if not isinstance(data, dict):
        raise InputError("invalid_body", gettext("The body must be a JSON object."))
    return dict(data)


@api.post("")
def create_match() -> Response:
    body = parse(matches.NewMatch, body_dict())
    rules = matches.rules_from(body.variant, body.table, body.options, None)
    created = matches.create(rules, body.players, body.rounds)
    response = state_response(created.code, 201, created=created)
    response.headers["Location"] = url_for("sheet_api.state", code=created.code)
    return rights.grant(response, created.code, created.secret)


@api.get("/<code>")
def state(code: str) -> Response:
    """The sheet; with ``?since=<version>``, a 204 if it has not changed since."""
    same = unchanged(code)
    return same if same is not None else state_response(code)


def read_round(data: dict[str, Any]) -> tuple[RoundEntry, str | None]:
    """A round as sent (the API's body, or the page's form read as one) and its client-made
    id if it has one; a bad ``lang`` is a 400, as in every other body."""
    extra = parse(BodyLanguage, data)
    entry = read_entry({k: v for k, v in data.items() if k not in ("lang", "round_id")})
    return entry, extra.round_id


def check_possible(entry: RoundEntry, match: Match) -> None:
    """Refuse a round that cannot have happened in ``match``; for a device that may not edit
    the store refuses the edit itself (403, or 409 once finished)."""
    if can_edit(match):
        check_complete(entry, match.players, match.variant)


def add_and_keep(code: str, secret: str | None, entry: RoundEntry,
                 round_id: str | None) -> matches.Snapshot:
    """Add the round and remember the sheet after it (a retry changed nothing: the cached
    sheets stand)."""
    made, retried = matches.add_round(code, secret, entry, round_id)
    if not retried:
        keep_added(made)
    return made


def round_body(code: str) -> tuple[RoundEntry, str | None]:
    """The round sent for the match ``code``, refused unless it can have happened, and its
    client-made id if it has one."""
    entry, round_id = read_round(body_dict())
    check_possible(entry, snapshot(code)[0])
    return entry, round_id


@api.post("/<code>/rounds")
def add_round(code: str) -> Response:
    entry, round_id = round_body(code)
    code = matches.normal_code(code)
    made = add_and_keep(code, edit_secret(code), entry, round_id)
    response = respond(AddedRound.model_validate(added_json(*made)), 201)
    response.headers["Cache-Control"] = "no-store"
    return response


@api.put("/<code>/rounds/<int:number>")
def correct_round(code: str, number: int) -> Response:
    entry, _ = round_body(code)
    made = matches.correct_round(code, edit_secret(matches.normal_code(code)), number, entry)
    return state_response(code, made=made)


@api.delete("/<code>/rounds/last")
@api.delete("/<code>/rounds/<int:number>")
def undo_round(code: str, number: int | None = None) -> Response:
    made = matches.undo_round(code, edit_secret(matches.normal_code(code)), number)
    return state_response(code, made=made)


@api.post("/<code>/finish")
def finish(code: str) -> Response:
    parse(matches.FinishBody, body_dict())
    made = matches.finish(code, edit_secret(matches.normal_code(code)))
    return state_response(code, made=made)


def init_app(app: Flask) -> None:
    app.extensions[SNAPSHOTS] = Snapshots()
    app.register_blueprint(bp)
    app.register_blueprint(api)
