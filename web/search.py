"""The app's rule book and search index: loaded once at start, the index built if missing or
stale, and search errors turned into translated 4xx answers."""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from flask import Flask, current_app
from flask_babel import lazy_gettext
from flask_babel.speaklater import LazyString

from referee.options import Rules
from rules_data import LANGS, Rulebook, rulebook
from rules_data.search import MAX_QUERY, Lead, QueryError, Results, SearchIndex
from web import tile_questions
from web.errors import InputError
from web.question_leads import led_search
from web.security import LIMITER

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


def search_question(query: str, lang: str, variant: str = "all", limit: int = 10,
                    table: Rules | None = None, lead: Lead | None = None) -> Results:
    """Search, led by the referee's ruling on what the query tells, under ``table``'s house
    rules (:func:`web.question_leads.led_search`; ``lead``, when the caller has read the
    query already), with a bad request raised as a translated :class:`InputError`."""
    return led_search(lambda found: run_search(query, lang, variant, limit, found), query,
                      table, lead)


def run_search(query: str, lang: str, variant: str = "all", limit: int = 10,
               lead: Lead = ()) -> Results:
    """Search, ``lead`` ranked higher (the rules of the referee's ruling on what the query
    tells: :func:`search_question`), with a bad request raised as a translated
    :class:`InputError`."""
    try:
        return index().search(query, lang, variant, limit, lead)
    except QueryError as error:
        message = QUERY_ERRORS.get(error.code)
        text = str(message) % {"max": MAX_QUERY} if message is not None else str(error)
        code = {"empty": "empty_query", "too_long": "query_too_long"}.get(error.code, error.code)
        field = {"bad_lang": "lang", "bad_variant": "variant"}.get(error.code, "q")
        raise InputError(code, text, field=field) from None


def warm_up_queries(loaded: Rulebook) -> list[tuple[str, str]]:
    """What a worker searches for before its first request: every category and glossary
    term, in each language (Okey's commonest words, and every analyzer once)."""
    names = [*(category.label for category in loaded.categories.values()),
             *(term.term for term in loaded.glossary)]
    return [(name[lang], lang) for name in names for lang in LANGS]


def warm_requests(app: Flask) -> None:
    """Answer a search of each kind in each language before any user asks: the URL map is
    compiled, the catalogs, templates and word lists are loaded, once (before the fork, with
    ``gunicorn --preload``) rather than in each worker's first request. The rate limits are
    off meanwhile: a warm-up is no client and spends no address's allowance. The process
    that answered them last is kept as ``hakem.warmed_pid``."""
    limiter = app.extensions.get(LIMITER)
    enabled = bool(limiter is not None and limiter.enabled)
    if limiter is not None:
        limiter.enabled = False
    try:
        tile_questions.load_word_lists()
        with app.test_client() as client:
            for lang in LANGS:
                client.get(f"/api/v1/search?q=okey&lang={lang}")
                client.get(f"/{lang}/search?q=okey")
    finally:
        if limiter is not None:
            limiter.enabled = enabled
    app.extensions["hakem.warmed_pid"] = os.getpid()


def warm_after_fork(app: Flask) -> None:
    """Answer the warm-up searches again in each process forked from this one (a gunicorn
    worker, before it serves), and open its own Whoosh searcher: a worker's first search
    otherwise pays for touching the master's pages copy-on-write and for opening one, 12 to
    16 ms of CPU where a later one takes 2. ``WARM_AFTER_FORK`` turns it off; the hook holds
    the app weakly."""
    if not app.config["WARM_AFTER_FORK"]:
        return
    live = weakref.ref(app)

    def warm_child() -> None:
        forked = live()
        if forked is not None:
            try:
                warm_requests(forked)
                forked.extensions["hakem.search"].open_searcher()
            except Exception:  # a warm-up is an optimisation: never stop a worker for it
                forked.logger.exception("warming the forked worker failed")

    os.register_at_fork(after_in_child=warm_child)


def init_app(app: Flask) -> None:
    """Open the index (built first if missing or stale) and warm it, so that no user pays for
    the first search. With ``gunicorn --preload`` this happens once, before the fork."""
    loaded = rulebook()
    app.extensions["hakem.rulebook"] = loaded
    index = SearchIndex.open_or_build(Path(app.config["SEARCH_INDEX_DIR"]), loaded,
                                      cache_size=int(app.config["SEARCH_CACHE_SIZE"]))
    index.warm(warm_up_queries(loaded))
    app.extensions["hakem.search"] = index
