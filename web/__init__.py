"""Hakem's web layer: pages, the JSON API and the ``flask`` commands over :mod:`rules_data`
and :mod:`referee`. Each module has an ``init_app`` that :func:`init_app` calls in order."""

from __future__ import annotations

import gc
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "SEARCH_INDEX_DIR": None,  # default: <instance>/search-index
    "SEARCH_CACHE_SIZE": 1024,  # answers kept per worker; 0 turns the cache off
    "WARM_AFTER_FORK": True,  # a forked worker answers the warm-up searches before it serves
    "DATABASE_URL": None,  # default: sqlite:///<instance>/hakem.sqlite3
    "BABEL_DEFAULT_LOCALE": "en",
    "BABEL_TRANSLATION_DIRECTORIES": str(Path(__file__).resolve().parent.parent / "translations"),
    "JSON_SORT_KEYS": False,
    "SESSION_COOKIE_SAMESITE": "Lax",
}


def configure(app: Flask, test_config: Mapping[str, Any] | None = None) -> None:
    """Load settings: defaults, then the instance's ``config.py`` and ``HAKEM_*`` variables."""
    from web.security import DEFAULTS as SECURITY_DEFAULTS

    app.config.from_mapping(DEFAULTS)
    app.config.from_mapping(SECURITY_DEFAULTS)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("HAKEM")
        if os.environ.get("DATABASE_URL"):
            app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    else:
        app.config.update(test_config)
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    if not app.config["SEARCH_INDEX_DIR"]:
        app.config["SEARCH_INDEX_DIR"] = str(instance / "search-index")
    if not app.config["DATABASE_URL"]:
        app.config["DATABASE_URL"] = f"sqlite:///{instance / 'hakem.sqlite3'}"
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(instance)


def _instance_secret(instance: Path) -> str:
    """A secret made once per instance and kept there, so cookies survive restarts."""
    path = instance / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        key = secrets.token_hex(32)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another worker made it first
            return path.read_text().strip()
        with os.fdopen(fd, "w") as fh:
            fh.write(key)
        return key


def init_app(app: Flask) -> None:
    """Wire the extensions, blueprints and commands into ``app``."""
    from web import (api, cli, errors, extras, i18n, nfc, pages, pwa, referee_pages,
                     round_page, search, security, sheet, table)

    for module in (nfc, i18n, errors, search, table, pages, referee_pages, round_page, extras,
                   pwa, sheet, api, security, cli):
        module.init_app(app)
    search.warm_requests(app)
    search.warm_after_fork(app)
    # What start-up made (the rule book, the opened and warmed index, the compiled URL map,
    # catalogs and templates) lives as long as the process: keep it out of the collector's
    # scans, which also spares forked workers' copy-on-write pages (gunicorn --preload).
    gc.freeze()
