"""The user's language: from the URL (``/tr/…``), else ``?lang=``, else Accept-Language.

Flask-Babel translates the UI through the catalogs in ``translations/``; rule texts come
translated from :mod:`rules_data`.
"""

from __future__ import annotations

from typing import Any

from babel import Locale
from flask import Flask, g, request
from flask_babel import Babel

from rules_data import LANGS

LANGUAGE_NAMES = {"tr": "Türkçe", "de": "Deutsch", "en": "English"}


def best_language() -> str:
    """The best of our languages for this request's Accept-Language header."""
    return request.accept_languages.best_match(LANGS) or "en"


def current_language() -> str:
    """The language of this request: the URL's, or a valid ``?lang=``, or the browser's."""
    lang = g.get("lang")
    if lang in LANGS:
        return str(lang)
    asked = request.args.get("lang")
    if asked in LANGS:
        return str(asked)
    return best_language()


LOCALES = {lang: Locale.parse(lang) for lang in LANGS}
"""Babel's locale of each language, made once: Flask-Babel parses what the selector returns
on every request (a ``stat`` of Babel's locale data among it), unless it is a ``Locale``."""


def current_locale() -> Locale:
    """The locale of :func:`current_language`, for Flask-Babel."""
    return LOCALES[current_language()]


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=current_locale)

    @app.context_processor
    def language_context() -> dict[str, Any]:
        return {"lang": current_language(), "LANGS": LANGS, "LANGUAGE_NAMES": LANGUAGE_NAMES,
                "switch_language": switch_language}


def switch_language(code: str) -> str:
    """This page's address in another language, keeping its arguments and query string."""
    from flask import url_for

    endpoint = request.endpoint
    values = dict(request.view_args or {})
    if endpoint is None or not g.get("lang") or request.url_rule is None \
            or "<lang>" not in request.url_rule.rule:
        return url_for("pages.home", lang=code)
    values.update((k, v) for k, v in request.args.to_dict(flat=False).items() if k != "lang")
    values["lang"] = code
    return url_for(endpoint, **values)
