"""Shared pytest fixtures: the real search index, the app, its test client and CLI runner."""

from __future__ import annotations

from collections.abc import Iterator
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


@pytest.fixture()
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def live_url(app: Flask) -> Iterator[str]:
    """The app served by a real threaded WSGI server on a free loopback port."""
    import threading

    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


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
    """A fresh phone-sized browser context and page; ``page.goto`` takes paths."""
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844},
                                  locale="en-US")
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()
