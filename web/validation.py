"""Request validation with pydantic, its errors turned into one translated :class:`InputError`.

The message names the field and what was wrong with it; a notation or rules error raised
while parsing a tile keeps the referee's own code and names the bad token.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

from flask import request
from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from referee.errors import OkeyError
from web.errors import InputError
from web.reasons import error_text

M = TypeVar("M", bound=BaseModel)

PROBLEMS: dict[str, LazyString] = {
    "missing": lazy_gettext("is missing"),
    "extra_forbidden": lazy_gettext("is not a field of this request"),
    "literal_error": lazy_gettext("must be one of %(expected)s"),
    "string_type": lazy_gettext("must be text"),
    "string_too_long": lazy_gettext("is too long (at most %(max_length)s characters)"),
    "string_too_short": lazy_gettext("is empty"),
    "int_parsing": lazy_gettext("must be a whole number"),
    "int_type": lazy_gettext("must be a whole number"),
    "int_from_float": lazy_gettext("must be a whole number"),
    "bool_type": lazy_gettext("must be true or false"),
    "bool_parsing": lazy_gettext("must be true or false"),
    "list_type": lazy_gettext("must be a list"),
    "dict_type": lazy_gettext("must be an object"),
    "model_type": lazy_gettext("must be an object"),
    "too_long": lazy_gettext("has too many items (at most %(max_length)s)"),
    "too_short": lazy_gettext("has too few items (at least %(min_length)s)"),
    "greater_than_equal": lazy_gettext("must be at least %(ge)s"),
    "less_than_equal": lazy_gettext("must be at most %(le)s"),
}


def _field(error: ErrorDetails) -> str:
    return ".".join(str(part) for part in error["loc"]) or gettext("body")


def translate(error: ValidationError) -> InputError:
    """The first problem of a validation error, as a translated :class:`InputError`."""
    first = error.errors(include_url=False)[0]
    field = _field(first)
    ctx: Mapping[str, Any] = first.get("ctx") or {}
    cause = ctx.get("error")
    if isinstance(cause, OkeyError):
        return InputError(cause.code, f"{field}: {error_text(cause.code, cause.subject)}",
                          field=field)
    problem = PROBLEMS.get(first["type"])
    if problem is None:
        text = gettext("is not valid")
    else:
        text = str(problem) % {key: str(value) for key, value in ctx.items()}
    return InputError("invalid_field", gettext("%(field)s %(problem)s.", field=field,
                                               problem=text), field=field)


def parse(model: type[M], data: object) -> M:
    """Validate ``data`` as ``model``; every problem becomes a 400 :class:`InputError`."""
    if not isinstance(data, dict):
        raise InputError("invalid_body", gettext("The body must be a JSON object."))
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise translate(error) from None
    except OkeyError as error:
        raise InputError(error.code, error_text(error.code, error.subject)) from None


def json_body() -> object:
    """The request body as JSON; malformed JSON or text that is not UTF-8 is a 400."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise InputError("invalid_body", gettext("The body is empty: send a JSON object."))
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("invalid_body", gettext("The body is not UTF-8 text.")) from None
    except json.JSONDecodeError as error:
        raise InputError("invalid_json", gettext(
            "The body is not valid JSON (line %(line)s, column %(column)s).",
            line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise InputError("invalid_json", gettext("The body is nested too deeply.")) from None


def query_args() -> dict[str, str]:
    """The query string as a plain dict (the first value of each name)."""
    return {key: request.args.get(key, "") for key in request.args}
