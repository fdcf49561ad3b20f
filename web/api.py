"""The JSON API, version 1: search, rules, glossary, house rules and the referee's checks.

Every answer is JSON, built as a model of :mod:`web.responses`; every error is
``{"error": {"code", "message", "field"}}`` with a 4xx status, its message in the request's
language. The OpenAPI document is at ``/api/v1/openapi.json``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, jsonify, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from referee.round import MoveRuling
from rules_data import Rule
from rules_data.schema import HouseRule, Term
from web import responses
from web.errors import InputError
from web.front_door import ruling_cards
from web.i18n import current_language
from web.openapi import openapi_document
from web.question_leads import read_question
from web.queries import LangQuery, RulesQuery, SearchQuery
from web.reasons import explain, ruling_json
from web.referee_requests import CHECKS, judge
from web.responses import respond
from web.round_requests import (
    MoveRequest,
    RoundRequest,
    move_json,
    rule_move,
    rule_round,
    state_json,
)
from web.search import book, search_question
from web.table import table_rules
from web.validation import choose_language, json_body, parse, query_args

bp = Blueprint("api", __name__, url_prefix="/api/v1")

def lang_of(params: LangQuery) -> str:
    return params.lang or current_language()


bp.before_request(choose_language)


def rule_summary(rule: Rule, lang: str) -> dict[str, Any]:
    return {"id": rule.id, "title": rule.title[lang], "variants": list(rule.variants),
            "category": rule.category, "subcategory": rule.subcategory,
            "url": url_for("pages.rule", lang=lang, rule_id=rule.id, _external=False)}


def house_rule_json(house: HouseRule, rule_id: str, lang: str) -> dict[str, Any]:
    docs = book().documents
    return {
        "id": house.id, "rule": rule_id, "title": house.title[lang], "note": house.note[lang],
        "choices": [{"id": choice.id, "label": choice.label[lang],
                     "sources": [{"doc": ref.doc, "title": docs[ref.doc].title[lang],
                                  "rule": ref.rule, "footnote": ref.footnote}
                                 for ref in choice.sources]}
                    for choice in house.choices],
        "default": {variant: house.default.get(variant) for variant in ("101", "plain")
                    if house.default is not None and house.default.get(variant)},
    }


def rule_json(rule: Rule, lang: str) -> dict[str, Any]:
    rulebook = book()
    category = rulebook.category_of(rule)
    return {
        **rule_summary(rule, lang),
        "category_label": category.label[lang],
        "subcategory_label": category.subcategories[rule.subcategory][lang],
        "body": rule.body[lang],
        "reading": rule.reading[lang] if rule.reading else None,
        "keywords": list(rule.keywords[lang]),
        "sources": [{"doc": ref.doc, "title": rulebook.documents[ref.doc].title[lang],
                     "footnote": ref.footnote} for ref in rule.sources],
        "related": list(rule.related),
        "counterpart": rule.counterpart,
        "house_rule": house_rule_json(rule.house_rule, rule.id, lang) if rule.house_rule else None,
    }


def term_json(term: Term, lang: str) -> dict[str, Any]:
    return {"id": term.id, "term": term.term[lang], "definition": term.definition[lang],
            "rules": list(term.rules)}


@bp.get("/search")
def search() -> Response:
    params = parse(SearchQuery, query_args())
    lang = lang_of(params)
    # read once, as the results page reads it: the lead, and the tiles ruled on
    reading = read_question(params.q, table_rules())
    results = search_question(params.q, lang, params.variant, params.limit, table_rules(),
                              reading.lead)
    cards = ruling_cards(reading)
    return respond(responses.SearchResults.model_validate({
        "query": results.query, "lang": lang, "variant": results.variant,
        "status": results.status, "suggestion": results.suggestion,
        "results": [{"id": hit.id, "title": hit.title, "variants": list(hit.variants),
                     "snippet": hit.snippet, "score": round(hit.score, 4)}
                    for hit in results.hits],
        "referee": {"check": reading.check, "tiles": [str(t) for t in reading.tiles],
                    "indicator": str(reading.indicator) if reading.indicator else None,
                    "rulings": cards} if cards else None,
    }))


@bp.get("/rules")
def rules() -> Response:
    params = parse(RulesQuery, query_args())
    lang = lang_of(params)
    rulebook = book()
    if params.category is not None and params.category not in rulebook.categories:
        raise InputError("unknown_category", gettext("There is no category %(name)s.",
                                                     name=params.category), field="category")
    found = [rule_summary(rule, lang) for rule in rulebook
             if (params.variant == "all" or params.variant in rule.variants)
             and (params.category is None or rule.category == params.category)]
    return respond(responses.RuleList.model_validate(
        {"lang": lang, "variant": params.variant, "rules": found}))


@bp.get("/rules/<rule_id>")
def rule(rule_id: str) -> Response:
    params = parse(LangQuery, query_args())
    rulebook = book()
    if rule_id not in rulebook:
        raise InputError("unknown_rule", gettext("There is no rule %(id)s.", id=rule_id[:10]),
                         status=404)
    detail = rule_json(rulebook.rule(rule_id), lang_of(params))
    return respond(responses.RuleDetail.model_validate(detail))


@bp.get("/glossary")
def glossary() -> Response:
    params = parse(LangQuery, query_args())
    lang = lang_of(params)
    return respond(responses.Glossary.model_validate(
        {"lang": lang, "terms": [term_json(t, lang) for t in book().glossary]}))


@bp.get("/house-rules")
def house_rules() -> Response:
    params = parse(LangQuery, query_args())
    lang = lang_of(params)
    return respond(responses.HouseRules.model_validate({"lang": lang, "house_rules": [
        house_rule_json(house, rule_id, lang)
        for house, rule_id in sorted(book().house_rules.values(), key=lambda p: p[1])]}))


@bp.post("/referee/<check>")
def referee(check: str) -> Response:
    if check not in CHECKS:
        raise InputError("unknown_check", gettext("There is no check %(name)s.",
                                                  name=check[:30]), status=404)
    model, _ = CHECKS[check]
    body = parse(model, json_body())
    result, rules = judge(check, body, table_rules())
    return respond(responses.RULINGS[check].model_validate(
        ruling_json(result, body.variant, rules.applied())))


def move_ruling_json(result: MoveRuling, index: int | None = None) -> dict[str, Any]:
    """One move's ruling: legal or a violation, the reasons in words, the penalty, the
    ruling of the check it went through, and the state after it."""
    reasons = [*result.reasons, *(result.check.reasons if result.check else ())]
    return {
        **({"index": index} if index is not None else {}),
        "move": move_json(result.move), "legal": result.legal, "penalty": result.penalty,
        "rules": list(result.rules),
        "explanation": [{"code": r.code.value, "rule": r.rule, "text": explain(r)}
                        for r in reasons],
        "state": state_json(result.state),
    }


@bp.post("/referee/move")
def referee_move() -> Response:
    body = parse(MoveRequest, json_body())
    result, rules = rule_move(body, table_rules())
    return respond(responses.MoveAnswerRuling.model_validate({
        "variant": body.variant, **move_ruling_json(result), "table_options": rules.applied()}))


def round_answer(body: RoundRequest) -> dict[str, Any]:
    """A whole round ruled, as ``/referee/round`` answers it and the round page shows it."""
    result, rules = rule_round(body, table_rules())
    score = ruling_json(result.score, body.variant, rules.applied()) if result.score else None
    return {
        "variant": body.variant, "moves": [move_ruling_json(m, i)
                                           for i, m in enumerate(result.moves)],
        "first_violation": result.first_violation, "state": state_json(result.state),
        "score": score, "table_options": rules.applied()}


@bp.post("/referee/round")
def referee_round() -> Response:
    answer = round_answer(parse(RoundRequest, json_body()))
    return respond(responses.RoundRuling.model_validate(answer))


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
