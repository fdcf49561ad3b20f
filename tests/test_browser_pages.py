"""Every page type (``tests/pagetypes.py``) in a real browser at 390x844, in tr, de and en:
nothing scrolls sideways, no word breaks in its middle, and axe-core finds no serious or
critical violation."""

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


BROKEN_WORDS = r"""() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = /\S+/g;
    for (let m = words.exec(node.data); m; m = words.exec(node.data)) {
      if (/[-\u2013\u00ad\/]/.test(m[0])) continue;  // a dash or slash may end a line
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
                                                       .map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""
"""The shown words that a narrow box breaks across two lines ("geworde/n", "schwar/z")."""


def widest(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_scrolls_sideways_breaks_a_word_or_has_serious_axe_findings(
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
        if broken := page.evaluate(BROKEN_WORDS):
            problems["broken words"] = broken
        results = axe.run(page)
        serious = [(v["id"], len(v["nodes"]), v["nodes"][0]["target"])
                   for v in results.response["violations"]
                   if v["impact"] in ("serious", "critical")]
        if serious:
            problems["axe"] = serious
        if problems:
            found[name] = problems
    assert found == {}
