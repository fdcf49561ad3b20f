"""The OpenAPI 3.1 document of the JSON API. Every schema in it is generated from the pydantic
models the code uses: the request bodies and query strings it validates with, and the answers
it serialises with (:mod:`web.responses`, :mod:`web.sheet.responses`), so the document cannot
drift from the code. A test checks that every ``/api/v1/`` route is in it.

The match API carries OpenAPI links (create → add a round → read → correct → finish), which
clients and Schemathesis' stateful tests follow.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from web.queries import LangQuery, RulesQuery, SearchQuery
from web.referee_requests import CHECKS
from web.responses import (
    RULINGS,
    Error,
    Glossary,
    HouseRules,
    MoveAnswerRuling,
    RoundRuling,
    RuleDetail,
    RuleList,
    SearchResults,
)
from web.round_requests import MoveRequest, RoundRequest
from web.sheet.responses import AddedRound, CreatedMatch, MatchAnswer
from web.sheet.matches import MAX_VERSION, FinishBody, NewMatch
from web.sheet.scoring import RoundEntry

REF = "#/components/schemas/{model}"

ERRORS: dict[int, str] = {
    400: "bad input: the message names the field and what was wrong with it",
    403: "no right to change this match (no or a wrong edit key)",
    404: "no such rule, match, round or address",
    405: "the address does not take this method",
    409: "the match is finished, complete or changed meanwhile",
    413: "the body is too large",
    415: "the body was not sent as JSON",
    429: "too many requests: try again in a moment",
}
"""Every error status the API answers, each with ``{"error": {code, message, field}}``."""
READ_ERRORS = (400, 404, 405, 429)
WRITE_ERRORS = (*READ_ERRORS, 413, 415)
MATCH_WRITE_ERRORS = (*WRITE_ERRORS, 403, 409)


def _errors(statuses: tuple[int, ...]) -> dict[str, Any]:
    return {str(status): {"description": ERRORS[status], "content": {"application/json": {
        "schema": {"$ref": REF.format(model="Error")}}}} for status in statuses}


def _answer(description: str, model: type[BaseModel] | str) -> dict[str, Any]:
    name = model if isinstance(model, str) else model.__name__
    return {"description": description, "content": {"application/json": {
        "schema": {"$ref": REF.format(model=name)}}}}


def _body(model: type[BaseModel], refs: dict[Any, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {
        "schema": refs[(model, "validation")]}}}


def _query(model: type[BaseModel]) -> list[dict[str, Any]]:
    """A query model's fields as OpenAPI parameters."""
    schema = model.model_json_schema()
    required = set(schema.get("required", ()))
    return [{"name": name, "in": "query", "required": name in required,
             "schema": _not_null(field), "description": field.get("description", "")}
            for name, field in schema["properties"].items()]


def _not_null(field: dict[str, Any]) -> dict[str, Any]:
    """A query value is text or absent, never null: ``X | None`` documented as ``X``."""
    choices = field.get("anyOf")
    if choices:
        kept = [c for c in choices if c.get("type") != "null"]
        field = {**{k: v for k, v in field.items() if k != "anyOf"}, **kept[0]} \
            if len(kept) == 1 else {**field, "anyOf": kept}
    field.pop("default", None) if field.get("default") is None else None
    field.pop("title", None)
    return field


def _path(name: str, schema: dict[str, Any], description: str = "") -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": schema,
            "description": description}


CODE = _path("code", {"type": "string", "minLength": 1, "maxLength": 30},
             "the match's 6-character code (any case; spaces and dashes are ignored)")
ROUND = _path("number", {"type": "integer", "minimum": 0, "maximum": 10**6},
              "the round's number, from 1")
EDIT_KEY = {"name": "X-Edit-Key", "in": "header", "required": False,
            "schema": {"type": "string", "maxLength": 100},
            "description": "the match's edit key (else the cookie set when it was created)"}
SINCE = {"name": "since", "in": "query", "required": False,
         "schema": {"type": "integer", "minimum": 0, "maximum": MAX_VERSION},
         "description": "the version the viewer has: a 204 when nothing changed since"}


def _link(operation: str, **parameters: str) -> dict[str, Any]:
    return {"operationId": operation, "parameters": parameters}


CREATED_LINKS = {
    "read": _link("getMatch", code="$response.body#/code"),
    "addRound": _link("addRound", code="$response.body#/code",
                      **{"header.X-Edit-Key": "$response.body#/edit_key"}),
}
"""From a new match: read it, add its first round with the key it returned."""
ROUND_LINKS = {
    "read": _link("getMatch", code="$response.body#/code"),
    "addRound": _link("addRound", code="$response.body#/code",
                      **{"header.X-Edit-Key": "$request.header.X-Edit-Key"}),
    "correctRound": _link("correctRound", code="$response.body#/code",
                          number="$response.body#/rounds/0/number",
                          **{"header.X-Edit-Key": "$request.header.X-Edit-Key"}),
    "finish": _link("finishMatch", code="$response.body#/code",
                    **{"header.X-Edit-Key": "$request.header.X-Edit-Key"}),
}
"""From a round written: read the match, add another, correct the first, finish."""
ADDED_LINKS = {**ROUND_LINKS, "correctRound": _link(
    "correctRound", code="$response.body#/code", number="$response.body#/round/number",
    **{"header.X-Edit-Key": "$request.header.X-Edit-Key"})}
"""From a round added: the same, correcting the round just added."""


def _match_paths(refs: dict[Any, Any]) -> dict[str, Any]:
    sheet = {"200": {**_answer("the whole sheet", MatchAnswer)}}
    written = {"200": {**_answer("the whole sheet after the change", MatchAnswer),
                       "links": ROUND_LINKS}}
    return {
        "/api/v1/matches": {"post": {
            "operationId": "createMatch", "summary": "Start a match",
            "requestBody": _body(NewMatch, refs),
            "responses": {"201": {**_answer("the new match with its edit key", CreatedMatch),
                                  "links": CREATED_LINKS},
                          **_errors(WRITE_ERRORS)}}},
        "/api/v1/matches/{code}": {"get": {
            "operationId": "getMatch", "summary": "The match's sheet",
            "parameters": [CODE, SINCE],
            "responses": {**sheet, "204": {"description": "nothing changed since ?since="},
                          **_errors(READ_ERRORS)}}},
        "/api/v1/matches/{code}/rounds": {"post": {
            "operationId": "addRound", "summary": "Enter the next round",
            "description": RoundEntry.__doc__ or "",
            "parameters": [CODE, EDIT_KEY], "requestBody": _body(RoundEntry, refs),
            "responses": {"201": {**_answer("the round scored and the totals after it",
                                            AddedRound), "links": ADDED_LINKS},
                          **_errors(MATCH_WRITE_ERRORS)}}},
        "/api/v1/matches/{code}/rounds/{number}": {"put": {
            "operationId": "correctRound", "summary": "Correct a round; the totals recompute",
            "parameters": [CODE, ROUND, EDIT_KEY], "requestBody": _body(RoundEntry, refs),
            "responses": {**written, **_errors(MATCH_WRITE_ERRORS)}}, "delete": {
            "operationId": "undoRoundNumber", "summary": "Remove round {number} if it is the last",
            "description": "Idempotent: a round past the last is already gone, so a retry "
                           "changes nothing. A round before the last is refused (409): "
                           "correct it instead.",
            "parameters": [CODE, ROUND, EDIT_KEY],
            "responses": {**sheet, **_errors(MATCH_WRITE_ERRORS)}}},
        "/api/v1/matches/{code}/rounds/last": {"delete": {
            "operationId": "undoRound", "summary": "Remove the last round",
            "parameters": [CODE, EDIT_KEY],
            "responses": {**sheet, **_errors(MATCH_WRITE_ERRORS)}}},
        "/api/v1/matches/{code}/finish": {"post": {
            "operationId": "finishMatch", "summary": "End the match: the sheet names the winner",
            "parameters": [CODE, EDIT_KEY], "requestBody": _body(FinishBody, refs),
            "responses": {**sheet, **_errors(MATCH_WRITE_ERRORS)}}},
    }


def _book_paths() -> dict[str, Any]:
    lang = _query(LangQuery)
    return {
        "/api/v1/search": {"get": {
            "operationId": "search", "summary": "Search the rules in any of the three languages",
            "parameters": _query(SearchQuery),
            "responses": {"200": _answer(SearchResults.__doc__ or "", SearchResults),
                          **_errors(READ_ERRORS)}}},
        "/api/v1/rules": {"get": {
            "operationId": "listRules", "summary": "List the rules",
            "parameters": _query(RulesQuery),
            "responses": {"200": _answer("the rules", RuleList), **_errors(READ_ERRORS)}}},
        "/api/v1/rules/{id}": {"get": {
            "operationId": "getRule",
            "summary": "One rule with its sources, related rules and house rule",
            "parameters": [_path("id", {"type": "string", "pattern": "^[1-9][0-9]{2}$"},
                                 "the rule's id, such as 404"), *lang],
            "responses": {"200": _answer("the rule", RuleDetail), **_errors(READ_ERRORS)}}},
        "/api/v1/glossary": {"get": {
            "operationId": "glossary", "summary": "The glossary", "parameters": lang,
            "responses": {"200": _answer("the terms", Glossary), **_errors(READ_ERRORS)}}},
        "/api/v1/house-rules": {"get": {
            "operationId": "houseRules",
            "summary": "Every point where the sources disagree, and who says what",
            "parameters": lang,
            "responses": {"200": _answer("the house rules", HouseRules),
                          **_errors(READ_ERRORS)}}},
        "/api/v1/openapi.json": {"get": {
            "operationId": "openapi", "summary": "This document",
            "responses": {"200": {"description": "the OpenAPI 3.1 document", "content": {
                "application/json": {"schema": {"type": "object"}}}},
                **_errors(READ_ERRORS)}}},
    }


def _referee_paths(refs: dict[Any, Any]) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for name, (model, _) in CHECKS.items():
        paths[f"/api/v1/referee/{name}"] = {"post": {
            "operationId": f"check-{name}", "summary": f"Referee check: {name}",
            "description": model.__doc__ or "", "requestBody": _body(model, refs),
            "responses": {"200": _answer("the ruling", RULINGS[name]),
                          **_errors(WRITE_ERRORS)}}}
    for name, model, answer in (("move", MoveRequest, MoveAnswerRuling),
                                ("round", RoundRequest, RoundRuling)):
        paths[f"/api/v1/referee/{name}"] = {"post": {
            "operationId": f"referee-{name}", "summary": f"Referee in context: {name}",
            "description": model.__doc__ or "", "requestBody": _body(model, refs),
            "responses": {"200": _answer("the ruling", answer), **_errors(WRITE_ERRORS)}}}
    return paths


@cache
def openapi_document() -> dict[str, Any]:
    """The whole document; computed once."""
    requests: list[type[BaseModel]] = [model for model, _ in CHECKS.values()]
    requests += [MoveRequest, RoundRequest, NewMatch, RoundEntry, FinishBody]
    answers: list[type[BaseModel]] = [Error, SearchResults, RuleList, RuleDetail, Glossary,
                                      HouseRules, *RULINGS.values(), MoveAnswerRuling,
                                      RoundRuling, MatchAnswer, AddedRound, CreatedMatch]
    refs, defs = models_json_schema(
        [(model, "validation") for model in requests]
        + [(model, "serialization") for model in answers], ref_template=REF)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Hakem API", "version": "1",
                 "description": "Okey rules search, referee (101 Okey and plain Okey) and "
                                "match score sheets. Errors are "
                                "{\"error\": {\"code\", \"message\", \"field\"}}."},
        "paths": {**_book_paths(), **_referee_paths(refs), **_match_paths(refs)},
        "components": {"schemas": dict(defs.get("$defs", {}))},
    }
