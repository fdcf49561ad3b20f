"""The round page: a move log ruled move by move as a timeline (each move with its ruling,
the table drawn as tiles, the first violation marked), shared as a link.

The log travels in the link itself, compressed into ``?log=``, so a ruling needs no storage
and the link rules the same way wherever it is opened. The page needs no script: the log
is pasted into a form that posts it, and the answer is a redirect to the link.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from functools import cache
from typing import Any

from flask import Blueprint, Flask, g, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from referee.options import Rules
from referee.round import Move, MoveKind, play
from referee.simulate import random_round
from web.api import round_answer
from web.errors import InputError
from web.pages import add_lang, pull_lang
from web.round_requests import RoundRequest, move_json
from web.timeline import TABLE_MOVES, move_words
from web.validation import load_json, parse, posted_form

bp = Blueprint("round", __name__, url_prefix="/<lang>/referee")
bp.url_value_preprocessor(pull_lang)
bp.url_defaults(add_lang)

MAX_LOG_TEXT = 60_000
"""The longest log pasted, in characters (400 moves with every rack known fit well)."""
MAX_LINK = 12_000
"""The longest ``log`` a link may carry, in characters of the compressed log."""
MAX_INFLATED = 200_000
"""The most a link's log may inflate to, in bytes: more is refused, never cut."""
EXAMPLE_SEED = 10


def encode_log(log: dict[str, Any]) -> str:
    """A log as the ``log`` of a link: compact JSON, deflated, in URL-safe base64."""
    raw = json.dumps(log, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode_log(text: str) -> object:
    """The log a link carries; a link cut short or made up is a 400 saying so."""
    if len(text) > MAX_LINK:
        raise InputError("too_large", gettext(
            "This link is too long (at most %(max)s characters).", max=MAX_LINK), field="log")
    damaged = InputError("bad_link", gettext(
        "This link does not hold a round log: it may have been cut short."), field="log")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_INFLATED)
    except (binascii.Error, ValueError, zlib.error):
        raise damaged from None
    if inflater.unconsumed_tail or not inflater.eof:
        raise damaged
    return load_json(raw)


@cache
def example() -> str:
    """The example round as a link's ``log`` (made once per process)."""
    return encode_log(example_log())


def example_log() -> dict[str, Any]:
    """A round the engine plays itself, with one violation put in where it can happen: a
    player who has not opened lays a tile off (405)."""
    rules = Rules.preset("101")
    start, moves = random_round(EXAMPLE_SEED, rules, 4)
    state = start
    for at, move in enumerate(moves):
        seat = state.seats[state.turn]
        if state.table and state.drawn and seat.opened is None and seat.rack:
            moves.insert(at, Move(MoveKind.LAY_OFF, state.turn, seat.rack[:1], meld=0))
            break
        state = play(state, move, rules).state
    racks = [[str(t) for t in seat.rack or ()] for seat in start.seats]
    return {"variant": "101", "start": {"players": len(start.seats),
                                         "indicator": str(start.indicator), "racks": racks},
            "moves": [_compact(move_json(m)) for m in moves]}


def _compact(move: dict[str, Any]) -> dict[str, Any]:
    """A move without its empty fields, as a person would write it."""
    return {key: value for key, value in move.items() if value not in ([], None)}


def _view(ruled: dict[str, Any]) -> list[dict[str, Any]]:
    """Each ruled move with its words, and the table to draw after it (if it changed the
    table, or if it is the first violation: the table it was ruled against)."""
    first = ruled["first_violation"]
    items = []
    for item in ruled["moves"]:
        move = item["move"]
        shows = move["kind"] in TABLE_MOVES or item["index"] == first
        items.append({**item, "words": move_words(move), "number": item["index"] + 1,
                      "first": item["index"] == first,
                      "groups": [*move["melds"], *move["pairs"]]
                      or ([move["tiles"]] if move["tiles"] else []),
                      "table": item["state"]["table"] if shows else None})
    return items


def _score_lines(score: dict[str, Any]) -> list[dict[str, Any]]:
    """The score ruling's lines, each line item named by its player (the items come last)."""
    lines: list[dict[str, Any]] = list(score["explanation"])
    items = score.get("items") or []
    lead = len(lines) - len(items)
    return [{**line, "player": items[i - lead]["player"] + 1 if i >= lead else None}
            for i, line in enumerate(lines)]


def _page(log_text: str = "", ruled: dict[str, Any] | None = None, link: str | None = None,
          error: InputError | None = None) -> tuple[str, int]:
    status = error.status if error else 200
    return render_template(
        "round.html", log_text=log_text, ruled=ruled, link=link, error=error,
        items=_view(ruled) if ruled else [], lang=g.lang,
        score_lines=_score_lines(ruled["score"]) if ruled and ruled["score"] else [],
        example=url_for("round.round_page", log=example())), status


@bp.get("/round")
def round_page() -> tuple[str, int]:
    shared = request.args.get("log", "")
    if not shared:
        return _page()
    try:
        log = decode_log(shared)
        body = parse(RoundRequest, log)
        ruled = round_answer(body)
    except InputError as problem:
        return _page(error=problem)
    text = json.dumps(log, ensure_ascii=False, indent=1)
    return _page(text, ruled, url_for("round.round_page", log=shared, _external=True))


@bp.post("/round")
def rule_posted() -> Response | tuple[str, int]:
    text = posted_form().get("log", "")
    try:
        if len(text) > MAX_LOG_TEXT:
            raise InputError("too_large", gettext(
                "The round log is too long (at most %(max)s characters).", max=MAX_LOG_TEXT),
                field="log")
        log = load_json(text)
        body = parse(RoundRequest, log)
        round_answer(body)  # a log the engine cannot rule on is refused here, with the form
    except InputError as problem:
        return _page(text, error=problem)
    assert isinstance(log, dict)
    return redirect(url_for("round.round_page", log=encode_log(log)) + "#ruling", code=303)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
