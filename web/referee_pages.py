"""The referee's pages: one form per check, with a tile picker, under ``/<lang>/referee/``.

A form is a GET, so a ruling is a link that can be shared at the table. Its fields go through
the same request models as the API; groups of tiles are written one per line or split by ``|``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Flask, g, make_response, render_template, request
from werkzeug.wrappers import Response
from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString

from web.errors import InputError
from web.pages import add_lang, pull_lang
from web.reasons import ruling_json
from web.referee_requests import CHECKS, judge
from web.sheet.views import PENALTIES
from web.table import table_rules
from referee import NotationError, Tile
from web.validation import Loc, game_variant, parse, whole_number

bp = Blueprint("referee", __name__, url_prefix="/<lang>/referee")
bp.url_value_preprocessor(pull_lang)
bp.url_defaults(add_lang)


@dataclass(frozen=True)
class Check:
    """What a check's page asks for and how it is introduced."""

    name: str
    title: LazyString
    question: LazyString
    fields: tuple[str, ...]
    variants: tuple[str, ...] = ("101", "plain")


PAGES: dict[str, Check] = {check.name: check for check in (
    Check("okey", lazy_gettext("Which tile is the okey?"),
          lazy_gettext("Give the indicator (gösterge) turned up in the middle."), ("indicator",)),
    Check("meld", lazy_gettext("Is this a meld?"),
          lazy_gettext("Is this a set or a run, and what is it worth?"), ("indicator", "tiles")),
    Check("pair", lazy_gettext("Is this a pair?"),
          lazy_gettext("Give two tiles: a pair is two of the same number and colour. Give the "
                       "indicator too when an okey or a fake joker is one of them."),
          ("indicator", "tiles")),
    Check("opening", lazy_gettext("Is this a valid opening?"),
          lazy_gettext("Give the melds (one per line) or the pairs a player opened with."),
          ("indicator", "melds", "pairs"), ("101",)),
    Check("best-opening", lazy_gettext("What is the best opening?"),
          lazy_gettext("Give a whole rack of 21 or 22 tiles, or just some tiles: the referee finds the melds worth most."),
          ("indicator", "tiles"), ("101",)),
    Check("winning-hand", lazy_gettext("Is this a winning hand?"),
          lazy_gettext("Give 14 tiles: do they all go into melds, or make seven pairs?"),
          ("indicator", "tiles"), ("plain",)),
    Check("discard", lazy_gettext("Is this discard işlek?"),
          lazy_gettext("Could the discarded tile extend a meld on the table or replace its okey?"),
          ("indicator", "tile", "table", "finishing"), ("101",)),
    Check("pickup", lazy_gettext("May I take the discard?"),
          lazy_gettext("Before opening, you may take the previous player's discard only to open "
                       "with it; after opening, only to use it this turn."),
          ("indicator", "tile", "opened", "rack", "table"), ("101",)),
    Check("score", lazy_gettext("What does everyone score?"),
          lazy_gettext("Who finished, how, and what each other player had left."),
          ("indicator", "finish", "winner", "players"), ("101", "plain")),
)}

LABELS: dict[str, LazyString] = {
    "indicator": lazy_gettext("Indicator (gösterge)"),
    "tiles": lazy_gettext("Tiles"),
    "melds": lazy_gettext("Melds, one per line"),
    "pairs": lazy_gettext("Pairs, one per line"),
    "tile": lazy_gettext("The tile"),
    "table": lazy_gettext("Melds on the table, one per line"),
    "rack": lazy_gettext("Your rack"),
    "finishing": lazy_gettext("It is my last tile: I am finishing"),
    "opened": lazy_gettext("I have already opened"),
    "finish": lazy_gettext("How the round ended"),
    "winner": lazy_gettext("Who finished"),
    "players": lazy_gettext("Players"),
    "variant": lazy_gettext("Variant"),
}
PLAYER_LABELS: dict[str, LazyString] = {
    "opened": lazy_gettext("Opened"),
    "remaining": lazy_gettext("Tiles left"),
    "remaining_value": lazy_gettext("Sum left"),
    "penalties": lazy_gettext("Penalties"),
}
INDICATOR_COOKIE = "hakem_indicator"
INDICATOR_AGE = 6 * 3600  # a round's indicator, kept for an evening at the table
MAX_VALUE = 2000
GROUP_FIELDS = ("melds", "pairs", "table")
FLAG_FIELDS = ("finishing", "opened")
MAX_FORM = 2000


def groups(text: str) -> list[str]:
    """Groups of tiles written one per line or split by ``|``; blank ones dropped."""
    return [part.strip() for part in text.replace("|", "\n").splitlines() if part.strip()]


def player_label(row: int, part: str | None = None) -> str:
    """``Player 2`` or ``Player 2: Tiles left``, as the score form names its fields."""
    player = gettext("Player %(n)s", n=row + 1)
    sub = PLAYER_LABELS.get(part or "")
    return f"{player}: {sub}" if sub else player


def score_players(args: Any) -> tuple[list[dict[str, Any]], list[int]]:
    """The players' rows of the score form that are filled in, and their row numbers."""
    players: list[dict[str, Any]] = []
    rows: list[int] = []
    for i in range(4):
        opened = args.get(f"p{i}_opened", "")
        remaining = args.get(f"p{i}_remaining", "").strip()
        value = args.get(f"p{i}_value", "").strip()
        penalties = args.getlist(f"p{i}_penalties")
        present = args.get(f"p{i}_present")
        if not (present or opened or remaining or value or penalties):
            continue
        player: dict[str, Any] = {"opened": opened or None, "penalties": penalties}
        if remaining:
            player["remaining"] = remaining
        if value:
            player["remaining_value"] = whole_number(
                value, f"players.{len(players)}.remaining_value",
                player_label(i, "remaining_value"), 0, MAX_VALUE)
        players.append(player)
        rows.append(i)
    return players, rows


@dataclass(frozen=True)
class Form:
    """A check's form read into a request body, and how the page names its fields."""

    body: dict[str, Any]
    rows: tuple[int, ...] = ()

    def label(self, loc: Loc) -> str | None:
        """The form's label for a field of the body (errors name fields as the page does)."""
        if not loc:
            return None
        if loc[0] == "players" and len(loc) > 1 and isinstance(loc[1], int) \
                and loc[1] < len(self.rows):
            return player_label(self.rows[loc[1]], str(loc[2]) if len(loc) > 2 else None)
        label = LABELS.get(str(loc[0]))
        return str(label) if label is not None else None


def read_form(check: Check, args: Any, variant: str) -> Form:
    """The request body of a check from its form's query string."""
    body: dict[str, Any] = {"variant": variant}
    rows: list[int] = []
    for field in check.fields:
        if field in GROUP_FIELDS:
            body[field] = groups(args.get(field, ""))
        elif field in FLAG_FIELDS:
            body[field] = args.get(field) in ("1", "on", "true")
        elif field == "players":
            body[field], rows = score_players(args)
        elif field == "winner":
            winner = args.get("winner", "")
            body[field] = None if winner in ("", "none") else whole_number(
                winner, "winner", LABELS["winner"], 0, 3)
        elif args.get(field, "").strip():
            body[field] = args.get(field, "").strip()
    if check.name == "score":
        body["okey_discard"] = args.get("okey_discard") in ("1", "on")
    return Form(body, tuple(rows))


@bp.route("/")
def index() -> str:
    return render_template("referee_index.html", pages=PAGES)


def remembered_indicator() -> str:
    """The indicator this browser last gave (it rarely changes within a round), if a tile."""
    text = request.cookies.get(INDICATOR_COOKIE, "")
    try:
        return str(Tile.parse(text)) if text else ""
    except NotationError:
        return ""


@bp.route("/<check>")
def check_page(check: str) -> Response:
    page = PAGES.get(check)
    if page is None:
        raise InputError("unknown_check", str(lazy_gettext("There is no check %(name)s.",
                                                           name=check[:30])), status=404)
    args = request.args
    table = table_rules()
    default = table.variant.value if table else page.variants[0]
    variant = args.get("variant") or default
    result = None
    error = None
    status = 200
    try:
        game_variant(variant, default)
        if any(field in args for field in page.fields):  # asked (a shared link may omit some)
            if sum(len(v) for v in args.values()) > MAX_FORM:
                raise InputError("too_large", gettext("The request is too large."))
            form = read_form(page, args, variant)
            body = parse(CHECKS[check][0], form.body, form.label)
            ruling, rules = judge(check, body, table)
            result = ruling_json(ruling, body.variant, rules.applied())
    except InputError as problem:
        error = problem
        status = problem.status
    indicator = args.get("indicator", "").strip() if "indicator" in args \
        else remembered_indicator()
    response = make_response(render_template(
        "referee.html", page=page, pages=PAGES, labels=LABELS, args=args, variant=variant,
        penalties=PENALTIES,
        result=result, error=error, table=table, indicator=indicator, lang=g.lang), status)
    if result is not None and "indicator" in page.fields and indicator:
        response.set_cookie(INDICATOR_COOKIE, indicator, max_age=INDICATOR_AGE, samesite="Lax",
                            httponly=False)  # the page's script keeps it in step as it changes
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
