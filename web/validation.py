"""Reading input: JSON bodies, pydantic models, numbers and variants from query strings and
forms. Every way input can be bad becomes one translated :class:`InputError` (a 4xx) whose
message names the field and what was wrong with it; nothing reaches the user as a traceback.

A notation or rules error raised while parsing a tile keeps the referee's own code and
names the bad token.
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote_to_bytes
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import g, request
from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails
from werkzeug.exceptions import HTTPException

from referee.errors import OkeyError
from rules_data import LANGS
from web.errors import HTTP_MESSAGES, InputError
from web.nfc import nfc_data
from web.reasons import okey_error_text, or_list

M = TypeVar("M", bound=BaseModel)
Loc = tuple[str | int, ...]
Labels = Callable[[Loc], str | None]
"""How a page names a field: its form label for a location in the body, or None."""

PROBLEMS: dict[str, LazyString] = {
    "missing": lazy_gettext("is missing"),
    "extra_forbidden": lazy_gettext("is not a field of this request"),
    "literal_error": lazy_gettext("must be one of %(expected)s"),
    "string_type": lazy_gettext("must be text"),
    "string_too_long": lazy_gettext("is too long (at most %(max_length)s characters)"),
    "string_too_short": lazy_gettext("is empty"),
    "string_unicode": lazy_gettext("holds text that is not valid Unicode"),
    "int_parsing": lazy_gettext("must be a whole number"),
    "int_type": lazy_gettext("must be a whole number"),
    "int_from_float": lazy_gettext("must be a whole number"),
    "int_parsing_size": lazy_gettext("is a number too long to read"),
    "finite_number": lazy_gettext("must be a finite number, not NaN or Infinity"),
    "bool_type": lazy_gettext("must be true or false"),
    "bool_parsing": lazy_gettext("must be true or false"),
    "list_type": lazy_gettext("must be a list"),
    "dict_type": lazy_gettext("must be an object"),
    "model_type": lazy_gettext("must be an object"),
    "tile_type": lazy_gettext("must be a tile written as text, such as R7"),
    "too_long": lazy_gettext("has too many items (at most %(max_length)s)"),
    "too_short": lazy_gettext("has too few items (at least %(min_length)s)"),
    "greater_than_equal": lazy_gettext("must be at least %(ge)s"),
    "less_than_equal": lazy_gettext("must be at most %(le)s"),
}
"""Each pydantic error type the requests can produce, as the end of a sentence."""

MAX_DIGITS = 100
"""The longest whole number a JSON body may hold; Python refuses over 4300 digits anyway."""


def _path(loc: Loc) -> str:
    """A location as the API names it (``players.1.remaining``); unpaired surrogates escaped
    so that the name can always be encoded."""
    text = ".".join(str(part) for part in loc)
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _expected(ctx: Mapping[str, Any]) -> str:
    """The choices of a ``Literal``, joined with this language's "or" (pydantic's English
    list ``'101' or 'plain'`` is read back into its quoted values)."""
    values = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
    return or_list([f"'{value}'" for value in values]) if values else str(ctx.get("expected"))


def _problem(error: ErrorDetails) -> str:
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    kind = error["type"]
    if kind == "too_short" and ctx.get("min_length") == 1:
        kind = "string_too_short"  # "is empty"
    problem = PROBLEMS.get(kind)
    if problem is None:
        return str(gettext("is not valid"))
    values = {key: str(value) for key, value in ctx.items()}
    if kind == "literal_error":
        values["expected"] = _expected(ctx)
    return str(problem) % values


def translate(error: ValidationError, labels: Labels | None = None) -> InputError:
    """The first problem of a validation error, as a translated :class:`InputError`.

    ``field`` is the API's name of the field; the message names it by ``labels`` when a
    page gives them (the label the form shows), else by that name.
    """
    first = error.errors(include_url=False)[0]
    field = _path(first["loc"])
    shown = (labels(first["loc"]) if labels else None) or field or gettext("body")
    ctx: Mapping[str, Any] = first.get("ctx") or {}
    cause = ctx.get("error")
    if isinstance(cause, OkeyError):
        return InputError(cause.code, f"{shown}: {okey_error_text(cause)}", field=field or None)
    return InputError("invalid_field", gettext("%(field)s %(problem)s.", field=shown,
                                               problem=_problem(first)), field=field or None)


def parse(model: type[M], data: object, labels: Labels | None = None) -> M:
    """Validate ``data`` as ``model``; every problem becomes a 400 :class:`InputError`."""
    if not isinstance(data, dict):
        raise InputError("invalid_body", gettext("The body must be a JSON object."))
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise translate(error, labels) from None
    except OkeyError as error:
        raise engine_error(error) from None


def engine_error(error: OkeyError, field: str | None = None) -> InputError:
    """An error the referee raised about the input, as a 400 in the user's language."""
    return InputError(error.code, okey_error_text(error), field=field)


class _NumberTooLong(ValueError):
    pass


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(text)
    return int(text)


def load_json(raw: bytes | str) -> object:
    """JSON text as Python values, every string in NFC (the API's bodies, the CLI's rounds).
    Text that is not UTF-8 (a leading byte-order mark is fine), not JSON, nested too deeply
    or holding a number too long to read is a 400 naming the problem."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError("invalid_body", gettext("The body is not UTF-8 text.")) from None
    else:
        text = raw.removeprefix("\ufeff")
    if not text.strip():
        raise InputError("invalid_body", gettext("The body is empty: send a JSON object."))
    try:
        return nfc_data(json.loads(text, parse_int=_json_int))
    except json.JSONDecodeError as error:
        raise InputError("invalid_json", gettext(
            "The body is not valid JSON (line %(line)s, column %(column)s).",
            line=error.lineno, column=error.colno)) from None
    except _NumberTooLong:
        raise InputError("invalid_json", gettext(
            "A number in the body is too long (at most %(max)s digits).",
            max=MAX_DIGITS)) from None
    except RecursionError:
        raise InputError("invalid_json", gettext("The body is nested too deeply.")) from None


_PARSED = "hakem.json_body"


def json_body() -> object:
    """The request body as JSON, parsed once per request (and kept in its WSGI environ).
    A body not sent as JSON (``application/json`` or ``application/*+json``) is a 415."""
    if _PARSED not in request.environ:
        if not request.is_json:
            raise InputError("unsupported_media_type", str(HTTP_MESSAGES[415][1]), status=415)
        request.environ[_PARSED] = load_json(request.get_data(cache=True))
    return request.environ[_PARSED]


def choose_language() -> None:
    """For the API: messages in the language of ``?lang=``, or of the JSON body's ``lang``
    when the body parses, even for a request that turns out bad."""
    lang = request.args.get("lang")
    if request.method in ("POST", "PUT"):
        try:
            body = json_body()
        except (InputError, HTTPException):
            body = None  # the view reports it
        if isinstance(body, dict) and body.get("lang") in LANGS:
            lang = body["lang"]
    if lang in LANGS:
        g.lang = lang


def posted_form() -> Mapping[str, str]:
    """The posted form of a page; a body that is not a form is a 415. Werkzeug keeps bytes
    that are not UTF-8 as their ``%FF`` escapes, which would pass as text: a 400."""
    if request.mimetype not in ("application/x-www-form-urlencoded", "multipart/form-data"):
        raise InputError("unsupported_media_type", gettext(
            "Send this form from its page."), status=415)
    if request.mimetype == "application/x-www-form-urlencoded":
        raw = request.get_data(cache=True, parse_form_data=False)
        try:
            unquote_to_bytes(raw.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("invalid_form", gettext("The form is not UTF-8 text.")) from None
    return request.form


def query_args() -> dict[str, str]:
    """The query string as a plain dict (the first value of each name)."""
    return {key: request.args.get(key, "") for key in request.args}


def whole_number(text: str, field: str, name: str | LazyString, low: int, high: int,
                 code: str = "invalid_field") -> int:
    """A whole number from ``low`` to ``high`` typed in a query string or form.

    Only ASCII digits count (``str.isdigit`` takes ``²`` and ``٣``), and the length is
    capped before ``int()`` sees it. The error names the field as ``name``.
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(high))
            and low <= int(text) <= high):
        raise InputError(code, gettext(
            "%(field)s must be a whole number from %(low)s to %(high)s, not “%(value)s”.",
            field=str(name), low=low, high=high, value=text[:20]), field=field)
    return int(text)


VARIANTS = ("101", "plain")


def game_variant(text: str | None, default: str) -> str:
    """The ``variant`` of a form or query: 101 or plain, ``default`` when not given."""
    if not text:
        return default
    if text not in VARIANTS:
        raise InputError("bad_variant", gettext("Unknown variant: use 101 or plain."),
                         field="variant")
    return text
