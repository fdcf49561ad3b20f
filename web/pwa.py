"""Installable and offline: the web app manifest, the favicon, the service worker and the page
it shows when a page that needs the server is opened without a network.

The service worker (``/sw.js``, at the root so its scope covers ``/tr/``, ``/de/`` and ``/en/``)
keeps the rule book's pages, the glossary, the variants page and the static files, and serves
them stale-while-revalidate. Its cache name carries :func:`content_version`, a hash of
everything those pages are made from, so a deploy that changes any of it starts a fresh cache
and drops the old one. The referee and the score sheet are never served from the cache: they
need the server, and without one the worker answers with ``/<lang>/offline``, which says so.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, current_app, g, render_template, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from rules_data import LANGS
from web.pages import add_lang, pull_lang
from web.search import book

ROOT = Path(__file__).resolve().parent.parent
# What the kept pages are made of: a change to any of it must reach an installed app.
CONTENT_DIRS = ("static", "templates", "rules_data", "translations", "web")
CONTENT_SUFFIXES = {".css", ".js", ".svg", ".png", ".ico", ".html", ".yaml", ".yml", ".mo", ".py"}

bp = Blueprint("pwa", __name__, url_prefix="/<lang>")
bp.url_value_preprocessor(pull_lang)
bp.url_defaults(add_lang)


def content_version(root: Path = ROOT) -> str:
    """A short hash of the files the kept pages are built from, in a stable order."""
    digest = hashlib.sha256()
    for folder in CONTENT_DIRS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in CONTENT_SUFFIXES:
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def static_files() -> list[str]:
    """Every file under static/, as the URLs the pages load them by."""
    folder = Path(current_app.static_folder or ROOT / "static")
    return [url_for("static", filename=path.relative_to(folder).as_posix())
            for path in sorted(folder.rglob("*")) if path.is_file()]


def book_pages(lang: str) -> list[str]:
    """The rule book's pages in ``lang``: what a visit keeps for reading without a network."""
    rulebook = book()
    pages = [url_for(endpoint, lang=lang) for endpoint in (
        "pages.home", "pages.categories", "pages.glossary", "pages.sources", "extras.variants")]
    pages += [url_for("pages.category", lang=lang, slug=slug) for slug in rulebook.categories]
    pages += [url_for("pages.rule", lang=lang, rule_id=rule.id) for rule in rulebook]
    return pages


@bp.route("/offline")
def offline() -> str:
    """What the service worker shows for a page that needs the server, without a network."""
    return render_template("offline.html")


@bp.route("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest in the page's language: name, start page, icons."""
    body: dict[str, Any] = {
        "name": gettext("Hakem: Okey rules and referee"),
        "short_name": "Hakem",
        "description": gettext("The Okey rule book, a referee for disputes and a score sheet."),
        "lang": g.lang,
        "start_url": url_for("pages.home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbfaf7",
        "theme_color": "#0b6e4f",
        "icons": [
            {"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192",
             "type": "image/png"},
            {"src": url_for("static", filename="icons/icon-512.png"), "sizes": "512x512",
             "type": "image/png"},
            {"src": url_for("static", filename="icons/maskable-512.png"), "sizes": "512x512",
             "type": "image/png", "purpose": "maskable"},
            {"src": url_for("static", filename="icons/icon.svg"), "sizes": "any",
             "type": "image/svg+xml"},
        ],
    }
    response = current_app.response_class(json.dumps(body, ensure_ascii=False),
                                          mimetype="application/manifest+json")
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    version = content_version()
    app.config.setdefault("HAKEM_CONTENT_VERSION", version)

    icon = (Path(app.static_folder or ROOT / "static") / "icons" / "favicon.ico").read_bytes()

    @app.route("/favicon.ico")
    def favicon() -> Response:
        response = app.response_class(icon, mimetype="image/vnd.microsoft.icon")
        response.headers["Cache-Control"] = "public, max-age=86400"
        return response

    @app.route("/sw.js")
    def service_worker() -> Response:
        """The service worker, with this deploy's version and what it keeps, written in."""
        config = {
            "version": app.config["HAKEM_CONTENT_VERSION"],
            "shell": static_files() + [url_for("favicon")]
            + [url_for("pwa.offline", lang=lang) for lang in LANGS],
            "book": {lang: book_pages(lang) for lang in LANGS},
            "langs": list(LANGS),
        }
        body = render_template("sw.js", worker=config)
        response = app.response_class(body, mimetype="text/javascript")
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Service-Worker-Allowed"] = "/"
        return response
