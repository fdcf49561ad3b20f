"""The round page in a real browser at 390x844 in tr, de and en, with and without
JavaScript: a pasted log becomes a shareable link, every move is ruled in order with the
table drawn as tiles, the first violation is marked and one tap away, and the page passes
axe-core with big targets, big text and no sideways scrolling."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.test_browser_referee import ACCESS_AUDIT, in_view, phone

pytestmark = pytest.mark.browser
LANGS = ("tr", "de", "en")
FIXTURE = Path(__file__).parent / "fixtures" / "round_example.json"
SHOTS = Path("/tmp/hakem-round-shots")


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_round_is_ruled_as_a_timeline_and_shared(browser: Any, live_url: str,
                                                          lang: str, javascript: bool) -> None:
    with phone(browser, live_url, javascript) as page:
        page.goto(f"/{lang}/referee/round")
        page.locator("#f-log").fill(FIXTURE.read_text(encoding="utf-8"))
        page.locator("form.check button[type=submit]").click()
        page.wait_for_url(re.compile(rf"/{lang}/referee/round\?log=.+#ruling$"))
        moves = page.locator(".timeline > li.move")
        assert moves.count() == len(json.loads(FIXTURE.read_text())["moves"])
        assert page.locator(".timeline .violation").count() == 0
        assert page.locator("#ruling .scores td").count() == 8  # four players, four scores
        assert page.locator(".timeline details.table-view .t").count() > 0  # the table as tiles
        assert in_view(page, "#ruling h2")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        link = page.locator("#share-link").input_value()
        heading = page.locator("#ruling h2").inner_text()
        count = moves.count()
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"round-{lang}-{'js' if javascript else 'nojs'}.png"))
    with phone(browser, live_url, javascript=False) as fresh:  # the link rules the same
        fresh.goto(link)
        assert fresh.locator(".timeline > li.move").count() == count
        assert fresh.locator("#ruling h2").inner_text() == heading


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_violation_is_marked_and_one_tap_away(browser: Any, live_url: str,
                                                        lang: str) -> None:
    with phone(browser, live_url, javascript=True) as page:
        page.goto(f"/{lang}/referee/round")
        page.locator("form.check a[href*='log=']").click()  # the example: a 405 put in
        page.wait_for_url(re.compile(r"\?log=.+#ruling$"))
        first = page.locator(".timeline li.first")
        target = page.locator("#ruling h2 a").get_attribute("href")
        assert first.count() == 1 and f"#{first.get_attribute('id')}" == target
        assert "violation" in (first.get_attribute("class") or "")
        assert page.locator(".timeline li.violation").count() == 1
        assert "[405]" in first.inner_text()
        assert first.locator("details.table-view[open] .t").count() >= 3  # the table as it was
        page.locator("#ruling h2 a").click()
        assert in_view(page, str(target))
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"round-violation-{lang}.png"))
        found = page.evaluate(ACCESS_AUDIT)
        assert found == {"unlabelled": [], "small": [], "tiny": []}, found
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        violations = Axe().run(page).response["violations"]
        assert violations == [], [v["id"] for v in violations]


def test_a_damaged_link_and_bad_json_say_so_in_the_language(browser: Any,
                                                            live_url: str) -> None:
    with phone(browser, live_url, javascript=False) as page:
        response = page.goto("/de/referee/round?log=abc")
        assert response is not None and response.status == 400
        assert "abgeschnitten" in page.locator("#ruling .message").inner_text()
        page.goto("/tr/referee/round")
        page.locator("#f-log").fill('{"moves": [{"kind": "fly", "player": 0}]}')
        page.locator("form.check button[type=submit]").click()
        assert page.locator("#ruling[role=alert]").count() == 1
        assert page.locator("#f-log").input_value().startswith('{"moves"')  # kept to mend
