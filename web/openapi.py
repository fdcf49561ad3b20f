"""The OpenAPI 3.1 document of the JSON API, its schemas generated from the pydantic models
that validate the requests, so the document cannot drift from the code."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from web.referee_requests import CHECKS
from web.round_requests import MoveRequest, RoundRequest

ERROR = {"type": "object", "required": ["error"], "properties": {"error": {
    "type": "object", "required": ["code", "message"],
    "properties": {"code": {"type": "string"}, "message": {"type": "string"},
                   "field": {"type": "string"}}}}}
RULING = {"type": "object", "description": (
    "The ruling: the case file's expect fields (okey/redraw, valid/value, best_value/can_open, "
    "winning, playable/penalty, allowed/must_open, scores/standings) plus what it computed."),
    "required": ["check", "verdict", "rules", "explanation", "options"],
    "properties": {
        "check": {"type": "string"}, "variant": {"enum": ["101", "plain"]},
        "verdict": {"type": "string"}, "verdict_text": {"type": "string"},
        "rules": {"type": "array", "items": {"type": "string"}},
        "explanation": {"type": "array", "items": {"type": "object", "properties": {
            "code": {"type": "string"}, "rule": {"type": ["string", "null"]},
            "text": {"type": "string"}}}},
        "options": {"type": "object", "additionalProperties": {"type": "string"},
                    "description": "the house-rule options this ruling depended on"},
        "table_options": {"type": "object", "additionalProperties": {"type": "string"},
                          "description": "every house rule of the variant as applied"}},
    "additionalProperties": True}

STATE = {"type": "object", "description": "the round's state, in the request's shape",
         "properties": {"seats": {"type": "array"}, "table": {"type": "array"},
                        "discards": {"type": "array"}, "turn": {"type": "integer"},
                        "over": {"type": "boolean"}, "finish": {"type": ["string", "null"]}},
         "additionalProperties": True}
MOVE_RULING = {"type": "object", "required": ["move", "legal", "penalty", "rules",
                                              "explanation", "state"],
               "properties": {"index": {"type": "integer"}, "move": {"type": "object"},
                              "legal": {"type": "boolean"}, "penalty": {"type": "integer"},
                              "rules": {"type": "array", "items": {"type": "string"}},
                              "explanation": RULING["properties"]["explanation"],  # type: ignore[index]
                              "state": STATE},
               "additionalProperties": True}
ROUND_RULING = {"type": "object", "required": ["moves", "first_violation", "state", "score"],
                "properties": {"moves": {"type": "array", "items": MOVE_RULING},
                               "first_violation": {"type": ["integer", "null"]},
                               "state": STATE,
                               "score": {"oneOf": [{"$ref": "#/components/schemas/Ruling"},
                                                  {"type": "null"}]}},
                "additionalProperties": True}


def _param(name: str, schema: dict[str, Any], required: bool = False,
           where: str = "query", description: str = "") -> dict[str, Any]:
    return {"name": name, "in": where, "required": required, "schema": schema,
            "description": description}


LANG = _param("lang", {"enum": ["tr", "de", "en"]},
              description="language of the answer; default: Accept-Language")
VARIANT = _param("variant", {"enum": ["101", "plain", "all"], "default": "all"})


def _errors(*statuses: int) -> dict[str, Any]:
    return {str(status): {"description": "bad input", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
        for status in statuses}


def _ok(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {
        "schema": schema or {"type": "object"}}}}


@cache
def openapi_document() -> dict[str, Any]:
    """The whole document; computed once."""
    models: list[tuple[type[BaseModel], Any]] = [(model, "validation")
                                                 for model, _ in CHECKS.values()]
    models += [(MoveRequest, "validation"), (RoundRequest, "validation")]
    refs, defs = models_json_schema(models, ref_template="#/components/schemas/{model}")
    schemas: dict[str, Any] = dict(defs.get("$defs", {}))
    schemas["Error"] = ERROR
    schemas["Ruling"] = RULING
    paths: dict[str, Any] = {
        "/api/v1/search": {"get": {
            "summary": "Search the rules in any of the three languages",
            "parameters": [_param("q", {"type": "string", "maxLength": 200}, True), LANG,
                           VARIANT, _param("limit", {"type": "integer", "minimum": 1,
                                                     "maximum": 50, "default": 10})],
            "responses": {"200": _ok("query, lang, status (matched: rules answer the query "
                                     "as typed; suggested: they answer the corrected query in "
                                     "suggestion; nothing: no rule does, the query is not about "
                                     "Okey or no word is known), suggestion and results "
                                     "(id, title, variants, snippet, score)"),
                          **_errors(400)}}},
        "/api/v1/rules": {"get": {
            "summary": "List the rules", "parameters": [
                VARIANT, _param("category", {"type": "string"}), LANG],
            "responses": {"200": _ok("the rules"), **_errors(400)}}},
        "/api/v1/rules/{id}": {"get": {
            "summary": "One rule with its sources, related rules and house rule",
            "parameters": [_param("id", {"type": "string", "pattern": "^[1-9][0-9]{2}$"},
                                  True, "path"), LANG],
            "responses": {"200": _ok("the rule"), **_errors(400, 404)}}},
        "/api/v1/glossary": {"get": {
            "summary": "The glossary", "parameters": [LANG],
            "responses": {"200": _ok("the terms"), **_errors(400)}}},
        "/api/v1/house-rules": {"get": {
            "summary": "Every point where the sources disagree, and who says what",
            "parameters": [LANG], "responses": {"200": _ok("the house rules"), **_errors(400)}}},
    }
    for name, (model, _) in CHECKS.items():
        ref = refs[(model, "validation")]
        paths[f"/api/v1/referee/{name}"] = {"post": {
            "summary": f"Referee check: {name}",
            "description": model.__doc__ or "",
            "requestBody": {"required": True, "content": {"application/json": {"schema": ref}}},
            "responses": {"200": _ok("the ruling", {"$ref": "#/components/schemas/Ruling"}),
                          **_errors(400, 404, 413)}}}
    schemas["MoveRuling"] = MOVE_RULING
    schemas["RoundRuling"] = ROUND_RULING
    for name, model, result in (("move", MoveRequest, "MoveRuling"),
                                ("round", RoundRequest, "RoundRuling")):
        paths[f"/api/v1/referee/{name}"] = {"post": {
            "summary": f"Referee in context: {name}",
            "description": model.__doc__ or "",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": refs[(model, "validation")]}}},
            "responses": {"200": _ok("the ruling", {"$ref": f"#/components/schemas/{result}"}),
                          **_errors(400, 413)}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Hakem API", "version": "1",
                 "description": "Okey rules search and referee (101 Okey and plain Okey)."},
        "paths": paths,
        "components": {"schemas": schemas},
    }
