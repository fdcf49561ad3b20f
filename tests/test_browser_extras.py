"""Issue 5 in a real browser: the variants table, a house rule changing a ruling, practice."""

from __future__ import annotations

from typing import Any

import pytest

from referee import Rules, check_best_opening
from referee.deal import deal_rack
from rules_data import rulebook

pytestmark = pytest.mark.browser

MELD = "/en/referee/meld?variant=plain&indicator=K4&tiles=B12+B13+B1"


def test_variants_page_shows_the_table(page: Any) -> None:
    page.goto("/en/variants")
    table = page.locator("table#variants")
    assert table.is_visible()
    rows = table.locator("tbody tr")
    assert rows.count() == len(rulebook().variants)
    first = rows.first
    assert first.locator("th").inner_text() == rulebook().variants[0].topic["en"]
    assert first.locator("td[data-variant='101'] a").count() >= 1
    first.locator("td[data-variant='plain'] a").first.click()
    page.wait_for_url("**/en/rules/*")


def test_a_house_rule_set_on_the_table_changes_a_ruling(page: Any) -> None:
    page.goto(MELD)
    assert page.locator("[data-verdict]").get_attribute("data-verdict") == "valid"
    page.goto("/en/table?variant=plain")
    page.locator("input[name='wrap_13_1'][value='never']").check()
    page.get_by_role("button", name="Save for this table").click()
    page.wait_for_url("**/en/table?saved=1")
    page.goto(MELD)
    ruling = page.locator("[data-verdict]")
    assert ruling.get_attribute("data-verdict") == "invalid"
    assert "may not go on from 13 to 1" in ruling.inner_text()


def test_practice_answered_right_then_wrong(page: Any) -> None:
    deal = deal_rack(1, "101")
    best = check_best_opening(deal.rack, indicator=deal.indicator,
                              rules=Rules.preset("101")).result
    page.goto("/en/practice?q=best&seed=1")
    assert page.locator(".deal .rack .tile").count() == 21
    page.locator("input[name='answer']").fill(str(best["best_value"]))
    page.get_by_role("button", name="Check my answer").click()
    verdict = page.locator("[data-right]")
    assert verdict.get_attribute("data-right") == "true"
    assert "Right!" in verdict.inner_text()

    page.goto("/en/practice?q=open&seed=1")
    wrong = "no" if best["can_open"] else "yes"
    page.locator(f"input[name='answer'][value='{wrong}']").check()
    page.get_by_role("button", name="Check my answer").click()
    verdict = page.locator("[data-right]")
    assert verdict.get_attribute("data-right") == "false"
    assert "Not quite." in verdict.inner_text()
    assert verdict.locator("a[href^='/en/rules/']").count() >= 1


@pytest.mark.parametrize("lang", ["tr", "de", "en"])
def test_variants_page_prints_on_one_a4_sheet(page: Any, lang: str) -> None:
    import re

    page.goto(f"/{lang}/variants")
    pdf: bytes = page.pdf(format="A4", print_background=False)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
    assert pages == 1
