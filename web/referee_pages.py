"""The referee's pages: one form per check, with a tile picker, under ``/<lang>/referee/``.

A form is a GET, so a ruling is a link that can be shared at the table. Its fields go through
the same request models as the API; groups of tiles are written one per line or split by ``|``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Flask, g, render_template, request
from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString

from referee.errors import OkeyError
from web.api import ruling_json
from web.errors import InputError
from web.pages import add_lang, pull_lang
from web.reasons import error_text
from web.referee_requests import CHECKS, run_check
from web.table import table_rules
from web.validation import parse

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
    Check("opening", lazy_gettext("Is this a valid opening?"),
          lazy_gettext("Give the melds (one per line) or the pairs a player opened with."),
          ("indicator", "melds", "pairs"), ("101",)),
    Check("best-opening", lazy_gettext("What is the best opening?"),
          lazy_gettext("Give a rack of 21 or 22 tiles: the referee finds the melds worth most."),
          ("indicator", "tiles"), ("101",)),
    Check("winning-hand", lazy_gettext("Is this a winning hand?"),
          lazy_gettext("Give 14 tiles: do they all go into melds, or make seven pairs?"),
          ("indicator", "tiles"), ("plain",)),
    Check("discard", lazy_gettext("Is this discard işlek?"),
          lazy_gettext("Could the discarded tile extend a meld on the table or replace its okey?"),
          ("indicator", "tile", "table", "finishing"), ("101",)),
    Check("pickup", lazy_gettext("May I take the discard?"),
          lazy_gettext("Before opening, you may take the previous player's discard only to open "
                       "with it."), ("indicator", "tile", "rack", "opened"), ("101",)),
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
}
GROUP_FIELDS = ("melds", "pairs", "table")
FLAG_FIELDS = ("finishing", "opened")
MAX_FORM = 2000


def groups(text: str) -> list[str]:
    """Groups of tiles written one per line or split by ``|``; blank ones dropped."""
    return [part.strip() for part in text.replace("|", "\n").splitlines() if part.strip()]


def score_players(args: Any) -> list[dict[str, Any]]:
    """Up to four players' rows of the score form."""
    players: list[dict[str, Any]] = []
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
            player["remaining_value"] = value
        players.append(player)
    return players


def form_body(check: Check, args: Any) -> dict[str, Any]:
    """The request body of a check from its form's query string."""
    body: dict[str, Any] = {"variant": args.get("variant", "101")}
    for field in check.fields:
        if field in GROUP_FIELDS:
            body[field] = groups(args.get(field, ""))
        elif field in FLAG_FIELDS:
            body[field] = args.get(field) in ("1", "on", "true")
        elif field == "players":
            body[field] = score_players(args)
        elif field == "winner":
            winner = args.get("winner", "")
            body[field] = winner if winner not in ("", "none") else None
        elif args.get(field, "").strip():
            body[field] = args.get(field, "").strip()
    if check.name == "score":
        body["okey_discard"] = args.get("okey_discard") in ("1", "on")
    return body


@bp.route("/")
def index() -> str:
    return render_template("referee_index.html", pages=PAGES)


@bp.route("/<check>")
def check_page(check: str) -> tuple[str, int]:
    page = PAGES.get(check)
    if page is None:
        raise InputError("unknown_check", str(lazy_gettext("There is no check %(name)s.",
                                                           name=check[:30])), status=404)
    args = request.args
    table = table_rules()
    variant = args.get("variant") or (table.variant.value if table else page.variants[0])
    result = None
    error = None
    status = 200
    if "indicator" in args or "finish" in args:
        if sum(len(v) for v in args.values()) > MAX_FORM:
            error = InputError("too_large", str(lazy_gettext("The request is too large.")))
        else:
            try:
                model, _ = CHECKS[check]
                body = parse(model, form_body(page, args) | {"variant": variant})
                rules = body.rules(table)
                ruling = run_check(check, body, rules)
                result = ruling_json(ruling, body.variant, rules.applied())
            except OkeyError as problem:
                error = InputError(problem.code, error_text(problem.code, problem.subject))
            except InputError as problem:
                error = problem
        if error is not None:
            status = error.status
    return render_template("referee.html", page=page, pages=PAGES, labels=LABELS, args=args,
                           variant=variant, result=result, error=error, table=table,
                           lang=g.lang), status


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
