"""Every page type (``tests/pagetypes.py``) in a real browser at 390x844, in tr, de and en:
nothing scrolls sideways, and axe-core finds no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.pagetypes import demo_sheet, page_types

pytestmark = pytest.mark.browser
LANGS = ("tr", "de", "en")
PHONE_WIDTH = 390


@pytest.fixture(scope="module")
def sheet(live_url: str) -> tuple[str, str]:
    """A 4-player match of 10 rounds: (code, edit key)."""
    return demo_sheet(live_url, rounds=10)


def widest(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_scrolls_sideways_and_axe_finds_nothing_serious(
        page: Any, lang: str, sheet: tuple[str, str]) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    found: dict[str, Any] = {}
    for name, path in page_types(*sheet):
        response = page.goto(path.format(lang=lang))
        assert response is not None and response.status < 500, name
        problems: dict[str, Any] = {}
        width = widest(page)
        if width > PHONE_WIDTH:
            problems["scrollWidth"] = width
        results = axe.run(page)
        serious = [(v["id"], len(v["nodes"]), v["nodes"][0]["target"])
                   for v in results.response["violations"]
                   if v["impact"] in ("serious", "critical")]
        if serious:
            problems["axe"] = serious
        if problems:
            found[name] = problems
    assert found == {}
