"""Installable and offline, in a real browser at 390x844 in tr, de and en: after one visit the
service worker has kept the rule book, so a rule page, the glossary and the variants page open
with the browser context offline, while the referee and the score sheet say they need the
server. The manifest, the favicon and the worker are served with the right types."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

LANGS = ("tr", "de", "en")
OFFLINE_TITLE = {"tr": "Bağlantı yok", "de": "Keine Verbindung", "en": "No connection"}


@pytest.fixture()
def page(browser: Any, live_url: str) -> Iterator[Any]:
    """A phone-sized context in which the service worker may run (others block it)."""
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844},
                                  locale="en-US", service_workers="allow")
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def visit_once(page: Any, lang: str) -> None:
    """The first visit: the home page, until the worker says this language's book is kept."""
    from playwright.sync_api import expect

    page.goto(f"/{lang}/")  # (wait_for_function would need eval, which the CSP forbids)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=30_000)


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_book_opens_offline_after_one_visit(page: Any, lang: str) -> None:
    visit_once(page, lang)
    page.context.set_offline(True)
    try:
        for path, heading in ((f"/{lang}/rules/302", "302"), (f"/{lang}/glossary", None),
                              (f"/{lang}/variants", None)):
            response = page.goto(path)
            assert response is not None and response.ok, path
            assert response.from_service_worker, path
            assert page.locator("h1").first.is_visible(), path
            assert OFFLINE_TITLE[lang] not in page.locator("h1").first.inner_text(), path
            if heading:
                assert heading in page.content()
        # The offline note shows on a kept page while the network is gone.
        assert page.locator("#offline-note").is_visible()
        # The referee and the sheet need the server, and say so in the page's language.
        for path in (f"/{lang}/referee/meld", f"/{lang}/sheet/", f"/{lang}/search?q=okey"):
            page.goto(path)
            assert page.locator("h1").inner_text() == OFFLINE_TITLE[lang], path
    finally:
        page.context.set_offline(False)


def test_manifest_favicon_and_worker_are_served_with_their_types(client: FlaskClient) -> None:
    favicon = client.get("/favicon.ico")
    assert favicon.status_code == 200
    assert favicon.mimetype in ("image/vnd.microsoft.icon", "image/x-icon")
    assert favicon.data[:4] == b"\x00\x00\x01\x00"  # an ICO header, not a page
    for lang in LANGS:
        manifest = client.get(f"/{lang}/manifest.webmanifest")
        assert manifest.status_code == 200
        assert manifest.mimetype == "application/manifest+json"
        body = manifest.get_json(force=True)
        assert body["lang"] == lang and body["start_url"] == f"/{lang}/"
        sizes = {icon["sizes"] for icon in body["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in body["icons"]:
            with client.get(icon["src"]) as served:
                assert served.status_code == 200, icon["src"]
        page = client.get(f"/{lang}/")
        assert f'href="/{lang}/manifest.webmanifest"'.encode() in page.data
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    assert b"/tr/rules/302" in worker.data and b"/static/style.css" in worker.data


def test_the_cache_name_follows_the_content(tmp_path: Any) -> None:
    from web.pwa import content_version

    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "style.css").write_text("a {}")
    before = content_version(tmp_path)
    assert before == content_version(tmp_path)
    (tmp_path / "static" / "style.css").write_text("a { color: red }")
    assert content_version(tmp_path) != before
