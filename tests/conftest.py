"""Shared pytest fixtures: the real search index, the app, its test client and CLI runner."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from app import create_app
from rules_data import rulebook
from rules_data.search import SearchIndex
from tests.databases import KINDS, fresh_database


def build_test_index(tmp_path_factory: pytest.TempPathFactory) -> SearchIndex:
    """A search index of the shipped rule book, built in a fresh temporary directory."""
    return SearchIndex.build(tmp_path_factory.mktemp("search-index"), rulebook())


@pytest.fixture(scope="session")
def search_index(tmp_path_factory: pytest.TempPathFactory) -> SearchIndex:
    """The shipped rule book's search index, built once per test session."""
    return build_test_index(tmp_path_factory)


def make_app(index_dir: Path, data_dir: Path, **extra: object) -> Flask:
    return create_app({
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SEARCH_INDEX_DIR": str(index_dir),
        "DATABASE_URL": f"sqlite:///{data_dir / 'hakem.sqlite3'}",
        "RATELIMIT_ENABLED": False,  # tests/test_security.py turns the limits on, lowered
        "WARM_AFTER_FORK": False,  # tests/test_search.py forks one that does
        **extra,
    })


@pytest.fixture(scope="session")
def app(search_index: SearchIndex, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """The app on the real rule book and index, with a fresh database."""
    return make_app(search_index.directory, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="session", params=KINDS)
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[str]:
    """A fresh database for a session's worth of sheet tests: SQLite, then PostgreSQL."""
    with fresh_database(request.param, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture(params=KINDS)
def own_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database for one test: SQLite, then PostgreSQL."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture(scope="session")
def sheet_app(search_index: SearchIndex, database: str,
              tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The app on :func:`database`; the sheet's test modules use it as their ``app``."""
    made = make_app(search_index.directory, tmp_path_factory.mktemp("data"),
                    DATABASE_URL=database)
    yield made
    dispose(made)


def dispose(app: Flask) -> None:
    """Close the app's database connections (a PostgreSQL database is dropped after)."""
    from web.sheet.store import EXTENSION

    app.extensions[EXTENSION].engine.dispose()


@pytest.fixture()
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as client:
        yield client


CSRF_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def post_form(client: FlaskClient, url: str, data: Any, **options: Any) -> Any:
    """POST a page's form as the page sends it: with the CSRF token the page at ``url``
    carries (a field of a dict form; for a raw body, the ``X-CSRFToken`` header)."""
    found = CSRF_TOKEN.search(client.get(url).get_data(as_text=True))
    assert found, f"no CSRF token on {url}"
    if isinstance(data, dict):
        data = {**data, "csrf_token": found.group(1)}
    else:
        options["headers"] = {**options.get("headers", {}), "X-CSRFToken": found.group(1)}
    return client.post(url, data=data, **options)


@pytest.fixture()
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


def _closing(app: Any) -> Any:
    """``app`` with each answer's body closed however its sending ends. Werkzeug's server
    skips the close when the browser drops the connection first (a favicon fetch cut short by
    the next page), and the static file left open is a ResourceWarning, an error here."""

    def closing(environ: Any, start_response: Any) -> Iterator[bytes]:
        body = app(environ, start_response)
        try:
            yield from body
        finally:
            if hasattr(body, "close"):
                body.close()

    return closing


@contextmanager
def serving(app: Flask, quiet: bool = False) -> Iterator[str]:
    """``app`` behind a real threaded WSGI server on a free loopback port: its base URL."""
    import threading

    from werkzeug.serving import WSGIRequestHandler, make_server

    class Handler(WSGIRequestHandler):
        def log_request(self, *args: Any, **kwargs: Any) -> None:
            if not quiet:
                super().log_request(*args, **kwargs)

    server = make_server("127.0.0.1", 0, _closing(app), threaded=True, request_handler=Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


@pytest.fixture(scope="session")
def live_url(app: Flask) -> Iterator[str]:
    """The app served by a real threaded WSGI server on a free loopback port."""
    with serving(app) as url:
        yield url


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless chromium driven by Playwright (no downloaded browsers)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                              args=CHROMIUM_ARGS)
        # The service worker keeps the rule book by fetching it in the background; a context
        # closed mid-fetch leaves the test server's open files behind. So contexts block it
        # unless a test asks for it (tests/test_browser_pwa.py does).
        new_context = launched.new_context

        def context_without_worker(**options: Any) -> Any:
            options.setdefault("service_workers", "block")
            return new_context(**options)

        launched.new_context = context_without_worker
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture()
def page(browser: Any, live_url: str) -> Iterator[Any]:
    """A fresh phone-sized browser context and page; ``page.goto`` takes paths. A test whose
    pages broke the Content-Security-Policy (chromium says so on the console) errors."""
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844},
                                  locale="en-US")
    context.set_default_timeout(10_000)
    violations: list[str] = []
    try:
        opened = context.new_page()
        opened.on("console", lambda message: violations.append(message.text)
                  if "Content Security Policy" in message.text else None)
        yield opened
    finally:
        context.close()
    assert violations == [], violations
