"""The rule book in a real browser (Debian chromium through Playwright), at phone size."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SEARCHES = [("tr", "cift acma", "501"), ("de", "Jokerabwurf", "703"),
            ("en", "taking the discard", "406")]


@pytest.mark.parametrize(("lang", "query", "rule_id"), SEARCHES)
def test_search_open_result_and_switch_language(page: Any, lang: str, query: str,
                                                rule_id: str) -> None:
    page.goto(f"/{lang}/")
    page.get_by_role("searchbox").fill(query)
    page.get_by_role("searchbox").press("Enter")
    page.wait_for_url(re.compile(rf"/{lang}/search\?q="))
    link = page.locator(f"ol.results a[href='/{lang}/rules/{rule_id}']")
    assert link.count() == 1, page.content()
    assert page.locator("ol.results mark").count() > 0
    link.click()
    page.wait_for_url(f"**/{lang}/rules/{rule_id}")
    assert page.locator("html").get_attribute("lang") == lang
    title = page.locator("h1").inner_text()
    other = "en" if lang != "en" else "de"
    page.locator(f".langs a[hreflang='{other}']").click()
    page.wait_for_url(f"**/{other}/rules/{rule_id}")
    assert page.locator("html").get_attribute("lang") == other
    assert page.locator("h1").inner_text() != title
    assert rule_id in page.locator("h1").inner_text()


def test_referee_tile_picker_builds_a_meld(page: Any) -> None:
    page.goto("/en/referee/meld?variant=101")
    page.locator("#f-indicator").click()
    page.locator(".picker [data-colour='K']").click()
    page.locator(".picker [data-tile='K4']").click()
    page.locator("#f-tiles").click()
    page.locator(".picker [data-colour='B']").click()
    for tile in ("B3", "B4", "B5"):
        page.locator(f".picker [data-tile='{tile}']").click()
    assert page.locator("#f-tiles").input_value() == "B3 B4 B5"
    page.get_by_role("button", name="Ask the referee").click()
    ruling = page.locator(".ruling")
    assert ruling.get_attribute("data-verdict") == "valid"
    assert "B3" in ruling.inner_text()
    assert ruling.locator("a[href='/en/rules/402']").count() >= 1
