"""The app's rule book and search index: loaded once at start, the index built if missing or
stale, and search errors turned into translated 4xx answers."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app
from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString

from rules_data import Rulebook, rulebook
from rules_data.search import MAX_QUERY, QueryError, Results, SearchIndex
from web.errors import InputError

QUERY_ERRORS: dict[str, LazyString] = {
    "empty": lazy_gettext("Type a few words to search for."),
    "too_long": lazy_gettext("The search is too long: at most %(max)s characters."),
    "bad_lang": lazy_gettext("Unknown language: use tr, de or en."),
    "bad_variant": lazy_gettext("Unknown variant: use 101, plain or all."),
}


def book() -> Rulebook:
    """The rule book the app serves."""
    loaded: Rulebook = current_app.extensions["hakem.rulebook"]
    return loaded


def index() -> SearchIndex:
    """The live search index."""
    live: SearchIndex = current_app.extensions["hakem.search"]
    return live


def run_search(query: str, lang: str, variant: str = "all", limit: int = 10) -> Results:
    """Search, with a bad request raised as a translated :class:`InputError`."""
    try:
        return index().search(query, lang, variant, limit)
    except QueryError as error:
        message = QUERY_ERRORS.get(error.code)
        text = str(message) % {"max": MAX_QUERY} if message is not None else str(error)
        code = {"empty": "empty_query", "too_long": "query_too_long"}.get(error.code, error.code)
        field = {"bad_lang": "lang", "bad_variant": "variant"}.get(error.code, "q")
        raise InputError(code, text, field=field) from None


def init_app(app: Flask) -> None:
    loaded = rulebook()
    app.extensions["hakem.rulebook"] = loaded
    app.extensions["hakem.search"] = SearchIndex.open_or_build(
        Path(app.config["SEARCH_INDEX_DIR"]), loaded)
