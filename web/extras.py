"""Variants and house rules: the table's rules (cookie and short link), the variants side by
side, arranging a rack, and practice questions."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from flask import Blueprint, Flask, g, make_response, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString
from werkzeug.wrappers import Response

from referee import Rules, Ruling, Variant, check_best_opening, check_discard, check_winning_hand
from referee.arrange import Order, arrange
from referee.checks import jokers_for
from referee.deal import MAX_SEED, Deal, deal_discard, deal_hand, deal_rack
from referee.errors import OkeyError
from rules_data import LANGS
from web.errors import InputError
from web.i18n import best_language
from web.pages import add_lang, pull_lang
from web.reasons import ruling_json
from web.referee_requests import CheckRequest, TileField, TileList
from web.search import book
from web.security import public_url
from web.table import COOKIE, MAX_AGE, decode, encode, rules_for, table_rules
from web.validation import (
    VARIANTS,
    Loc,
    engine_error,
    game_variant,
    parse,
    posted_form,
    whole_number,
)

bp = Blueprint("extras", __name__, url_prefix="/<lang>")
bp.url_value_preprocessor(pull_lang)
bp.url_defaults(add_lang)


def _house_rules_of(variant: str) -> list[tuple[object, object]]:
    rulebook = book()
    return [(house, rulebook.rule(rule_id)) for house, rule_id in
            sorted(rulebook.house_rules.values(), key=lambda pair: pair[1])
            if variant in rulebook.rule(rule_id).variants]


@bp.route("/table", methods=["GET", "POST"])
def table() -> Response | tuple[str, int]:
    """Pick a preset and adjust its house rules; saved in a cookie, shared as a short link.

    A bad form is shown again with the problem, and the saved rules stay as they were.
    """
    current = table_rules()
    if request.method == "POST":
        try:
            rules = _posted_rules(posted_form())
        except InputError as error:
            variant = request.form.get("variant")
            return _table_page(current, variant if variant in VARIANTS else None, error)
        response = redirect(url_for("extras.table", lang=g.lang, saved=1))
        response.set_cookie(COOKIE, encode(rules), max_age=MAX_AGE, samesite="Lax",
                            httponly=True)
        return response
    try:
        variant = game_variant(request.args.get("variant"), "")
    except InputError as error:
        return _table_page(current, None, error)
    return _table_page(current, variant or None)


def _posted_rules(form: Mapping[str, str]) -> Rules:
    """The rules a table form asks for; an unknown field, option or choice is a 400."""
    variant = game_variant(form.get("variant"), "101")
    unknown = sorted(set(form) - {"variant", "reset"} - set(Rules.option_names()))
    if unknown:
        raise InputError("unknown_field", gettext(
            "%(field)s is not a field of this form.", field=unknown[0][:40]), field=unknown[0])
    preset = Rules.preset(variant)
    if form.get("reset"):
        return preset
    chosen = {name: form[name] for name in Rules.option_names() if name in form}
    try:
        return preset.with_options(chosen)
    except OkeyError as error:
        raise engine_error(error, field=error.subject.partition("=")[0]) from None


def _table_page(current: Rules | None, variant: str | None,
                error: InputError | None = None) -> tuple[str, int]:
    """The table page for ``variant`` (else the saved rules' own), with an error if any."""
    variant = variant or (current.variant.value if current else "101")
    rules = current if current is not None and current.variant.value == variant \
        else Rules.preset(variant)
    code = encode(rules)
    share = public_url("shared_table", code=code)
    return render_template("table.html", rules=rules, variant=variant, code=code, share=share,
                           house_rules=_house_rules_of(variant), saved=request.args.get("saved"),
                           qr=_qr_svg(share), error=error), error.status if error else 200


@bp.route("/variants")
def variants() -> str:
    """101 Okey and plain Okey side by side, one row per point where they differ."""
    rulebook = book()
    return render_template("variants.html", rows=rulebook.variants, book=rulebook)


class ArrangeForm(CheckRequest):
    """The arrange form: a rack and the indicator that decides its jokers."""

    indicator: TileField
    tiles: TileList


MAX_RACK = 22
MAX_ANSWER = 9999


ARRANGE_LABELS: dict[str, LazyString] = {
    "indicator": lazy_gettext("Indicator (gösterge)"),
    "tiles": lazy_gettext("Your rack"),
    "variant": lazy_gettext("Variant"),
}


def _arrange_label(loc: Loc) -> str | None:
    label = ARRANGE_LABELS.get(str(loc[0])) if loc else None
    return str(label) if label is not None else None


@bp.route("/arrange", endpoint="arrange")
def arrange_page() -> tuple[str, int]:
    """Arrange a rack by runs and by groups, leftovers apart, with its opening value in 101."""
    args = request.args
    table = table_rules()
    variant = args.get("variant") or (table.variant.value if table else "101")
    shown: dict[str, object] | None = None
    error: InputError | None = None
    if "tiles" in args or "indicator" in args:
        try:
            shown = _arranged(args.get("tiles", ""), args.get("indicator", ""), variant, table)
        except InputError as problem:
            error = problem
    return render_template("arrange.html", args=args, variant=variant, shown=shown,
                           error=error), error.status if error else 200


def _arranged(tiles: str, indicator: str, variant: str, table: Rules | None) -> dict[str, object]:
    game_variant(variant, "101")
    fields = {"variant": variant, "tiles": tiles}
    if indicator.strip():
        fields["indicator"] = indicator.strip()
    body = parse(ArrangeForm, fields, _arrange_label)
    if not 1 <= len(body.tiles) <= MAX_RACK:
        raise InputError("tile_count", gettext(
            "A rack has 1 to %(max)s tiles, not %(count)s.", max=MAX_RACK,
            count=len(body.tiles)), field="tiles")
    try:
        rules = body.rules(table)
        jokers = jokers_for(body.indicator, rules, body.tiles)
        jokers.require_okey()
        by_runs = arrange(body.tiles, jokers, rules, Order.RUNS)
        by_groups = arrange(body.tiles, jokers, rules, Order.GROUPS)
        opening = None
        if rules.variant is Variant.OKEY_101:
            ruling = check_best_opening(body.tiles, indicator=body.indicator, rules=rules)
            opening = ruling_json(ruling, "101", rules.applied())
    except OkeyError as problem:
        raise engine_error(problem, body.error_field(problem)) from None
    return {"by_runs": by_runs, "by_groups": by_groups, "opening": opening,
            "okey": jokers.okey, "count": len(body.tiles), "rules": rules}


QUESTIONS: dict[str, tuple[str, LazyString]] = {
    "open": ("101", lazy_gettext("Can you open with this rack?")),
    "best": ("101", lazy_gettext("What is the best opening: how much are the most valuable "
                                 "melds in this rack worth?")),
    "islek": ("101", lazy_gettext("Is this discard işlek: could it be played on a meld on "
                                  "the table?")),
    "winning": ("plain", lazy_gettext("Is this a winning hand?")),
}
"""Each practice question by its ``q`` name: the variant it is asked in, and its wording."""


@bp.route("/practice")
def practice() -> Response | tuple[str, int]:
    """A random rack and a question; the engine checks the answer and explains it."""
    args = request.args
    kind = args.get("q", "")
    if kind and kind not in QUESTIONS:
        raise InputError("bad_question", gettext(
            "Unknown question %(kind)s: use open, best, islek or winning.", kind=kind[:20]),
            field="q")
    if not kind or "seed" not in args:
        fresh = secrets.randbelow(MAX_SEED)
        return redirect(url_for("extras.practice", lang=g.lang, q=kind or secrets.choice(
            list(QUESTIONS)), seed=fresh))
    seed = whole_number(args.get("seed", ""), "seed", gettext("The seed"), 0, MAX_SEED - 1,
                        code="bad_seed")
    variant, question = QUESTIONS[kind]
    deal = _deal(kind, seed)
    answer = args.get("answer")
    verdict: dict[str, object] | None = None
    if answer is not None:
        given = _answer(kind, answer)
        rules = rules_for(variant)
        try:
            ruling, expected = _ask(kind, deal, rules)
        except OkeyError as problem:
            raise engine_error(problem) from None
        verdict = {"given": given, "expected": expected, "right": given == expected,
                   "ruling": ruling_json(ruling, variant, rules.applied())}
    return render_template("practice.html", kind=kind, seed=seed, deal=deal,
                           question=question, questions=QUESTIONS, verdict=verdict,
                           answer=answer), 200


def _deal(kind: str, seed: int) -> Deal:
    if kind == "islek":
        return deal_discard(seed)
    if kind == "winning":
        return deal_hand(seed)
    return deal_rack(seed, "101")


def _answer(kind: str, text: str) -> object:
    """The player's answer: yes or no, or a whole number for the best opening."""
    text = text.strip().lower()
    if kind == "best":
        return whole_number(text, "answer", gettext("Value of the best melds"), 0, MAX_ANSWER,
                            code="bad_answer")
    if text not in ("yes", "no"):
        raise InputError("bad_answer", gettext("Answer yes or no."), field="answer")
    return text == "yes"


def _ask(kind: str, deal: Deal, rules: Rules) -> tuple[Ruling, object]:
    """The engine's ruling on the question, and the answer it gives."""
    if kind == "islek":
        assert deal.tile is not None
        ruling = check_discard(deal.tile, deal.table, indicator=deal.indicator, rules=rules)
        return ruling, bool(ruling.result["playable"])
    if kind == "winning":
        ruling = check_winning_hand(deal.rack, indicator=deal.indicator, rules=rules)
        return ruling, bool(ruling.result["winning"])
    ruling = check_best_opening(deal.rack, indicator=deal.indicator, rules=rules)
    if kind == "best":
        return ruling, int(ruling.result["best_value"])
    return ruling, bool(ruling.result["can_open"])


def _qr_svg(text: str) -> str:
    import segno

    svg: str = segno.make(text, error="m").svg_inline(scale=4, dark="#1d1d1f")
    return svg


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)

    @app.route("/t/<code>")
    def shared_table(code: str) -> Response:
        """Open a shared table link: this phone takes the table's rules."""
        rules = decode(code)
        lang = request.args.get("lang", "")
        if lang not in LANGS:
            lang = best_language()  # a bad ?lang= falls back to the browser's
        response = make_response(redirect(url_for("extras.table", lang=lang, saved=1)))
        response.set_cookie(COOKIE, encode(rules), max_age=MAX_AGE, samesite="Lax",
                            httponly=True)
        return response
