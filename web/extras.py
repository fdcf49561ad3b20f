"""Variants and house rules: the table's rules (cookie and short link), the variants side by
side, arranging a rack, and practice questions."""

from __future__ import annotations

import secrets

from flask import Blueprint, Flask, g, make_response, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString
from werkzeug.wrappers import Response

from referee import Rules, Ruling, Variant, check_best_opening, check_discard, check_winning_hand
from referee.arrange import Order, arrange
from referee.checks import OPENING_PAIRS, OPENING_THRESHOLD, jokers_for
from referee.deal import MAX_SEED, Deal, deal_discard, deal_hand, deal_rack
from referee.errors import OkeyError
from referee.pairs import most_pairs
from referee.solver import best_melds
from web.api import ruling_json
from web.errors import InputError
from web.i18n import best_language
from web.pages import add_lang, pull_lang
from web.reasons import error_text
from web.referee_requests import CheckRequest, TileField, Tiles
from web.search import book
from web.table import COOKIE, MAX_AGE, decode, encode, rules_for, table_rules
from web.validation import parse

bp = Blueprint("extras", __name__, url_prefix="/<lang>")
bp.url_value_preprocessor(pull_lang)
bp.url_defaults(add_lang)


def _house_rules_of(variant: str) -> list[tuple[object, object]]:
    rulebook = book()
    return [(house, rulebook.rule(rule_id)) for house, rule_id in
            sorted(rulebook.house_rules.values(), key=lambda pair: pair[1])
            if variant in rulebook.rule(rule_id).variants]


@bp.route("/table", methods=["GET", "POST"])
def table() -> Response | str:
    """Pick a preset and adjust its house rules; saved in a cookie, shared as a short link."""
    current = table_rules()
    if request.method == "POST":
        variant = request.form.get("variant", "101")
        if variant not in ("101", "plain"):
            raise InputError("bad_variant", gettext("Unknown variant: use 101 or plain."),
                             field="variant")
        if request.form.get("reset"):
            rules = Rules.preset(variant)
        else:
            preset = Rules.preset(variant)
            chosen = {name: request.form[name] for name in Rules.option_names()
                      if name in request.form and preset.applies(name)}
            try:
                rules = preset.with_options(chosen)
            except OkeyError as error:
                from web.reasons import error_text
                raise InputError(error.code, error_text(error.code, error.subject)) from None
        response = redirect(url_for("extras.table", lang=g.lang, saved=1))
        response.set_cookie(COOKIE, encode(rules), max_age=MAX_AGE, samesite="Lax",
                            httponly=True)
        return response
    variant = request.args.get("variant") or (current.variant.value if current else "101")
    if variant not in ("101", "plain"):
        variant = "101"
    rules = current if current is not None and current.variant.value == variant \
        else Rules.preset(variant)
    code = encode(rules)
    share = url_for("shared_table", code=code, _external=True)
    return render_template("table.html", rules=rules, variant=variant, code=code, share=share,
                           house_rules=_house_rules_of(variant), saved=request.args.get("saved"),
                           qr=_qr_svg(share))


@bp.route("/variants")
def variants() -> str:
    """101 Okey and plain Okey side by side, one row per point where they differ."""
    rulebook = book()
    return render_template("variants.html", rows=rulebook.variants, book=rulebook)


class ArrangeForm(CheckRequest):
    """The arrange form: a rack and the indicator that decides its jokers."""

    indicator: TileField
    tiles: Tiles


MAX_RACK = 22


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
    body = parse(ArrangeForm, {"variant": variant, "indicator": indicator.strip(),
                               "tiles": tiles[:400]})
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
            if len(body.tiles) in (21, 22):
                ruling = check_best_opening(body.tiles, indicator=body.indicator, rules=rules)
                opening = ruling_json(ruling, "101", rules.applied())
            else:
                best = best_melds(body.tiles, jokers, rules)
                pairs = most_pairs(body.tiles, jokers)
                opening = {"best_value": best.value, "pairs": len(pairs),
                           "can_open": best.value >= OPENING_THRESHOLD
                           or len(pairs) >= OPENING_PAIRS, "explanation": [], "rules": ["401"]}
    except OkeyError as problem:
        raise InputError(problem.code, error_text(problem.code, problem.subject)) from None
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
    seed = _seed(args.get("seed", ""))
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
            raise InputError(problem.code, error_text(problem.code, problem.subject)) from None
        verdict = {"given": given, "expected": expected, "right": given == expected,
                   "ruling": ruling_json(ruling, variant, rules.applied())}
    return render_template("practice.html", kind=kind, seed=seed, deal=deal,
                           question=question, questions=QUESTIONS, verdict=verdict,
                           answer=answer), 200


def _seed(text: str) -> int:
    if not text.isdigit() or len(text) > 10 or int(text) >= MAX_SEED:
        raise InputError("bad_seed", gettext(
            "The seed must be a whole number from 0 to %(max)s, not %(seed)s.",
            max=MAX_SEED - 1, seed=text[:20]), field="seed")
    return int(text)


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
        if not text.isdigit() or len(text) > 4:
            raise InputError("bad_answer", gettext(
                "Answer with a whole number, such as 0 or 105."), field="answer")
        return int(text)
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
        lang = request.args.get("lang") or best_language()
        response = make_response(redirect(url_for("extras.table", lang=lang, saved=1)))
        response.set_cookie(COOKIE, encode(rules), max_age=MAX_AGE, samesite="Lax",
                            httponly=True)
        return response
