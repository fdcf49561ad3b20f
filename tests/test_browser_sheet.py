"""The score sheet in real browsers: one context creates a match and enters rounds by taps, a
second context opened with the code follows the totals live; a viewer cannot edit."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def new_context(browser: Any, live_url: str) -> Any:
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844},
                                  locale="en-US")
    context.set_default_timeout(10_000)
    return context


def test_a_second_device_follows_the_totals_live_and_cannot_edit(browser: Any,
                                                                 live_url: str) -> None:
    from playwright.sync_api import expect

    scorer_context = new_context(browser, live_url)
    viewer_context = new_context(browser, live_url)
    try:
        scorer = scorer_context.new_page()
        scorer.goto("/en/")
        scorer.get_by_role("link", name="Score sheet").first.click()
        scorer.fill("#player0", "Ayşe")
        scorer.fill("#player1", "Mehmet")
        scorer.fill("#player2", "Jana")
        scorer.get_by_role("button", name="Start the match").click()
        expect(scorer.locator("[data-round-form]")).to_be_visible()
        code = scorer.locator("[data-sheet]").get_attribute("data-code")
        assert code and len(code) == 6

        # Round 1: Ayşe finishes normally (the defaults); Mehmet tells his sum, Jana never opened.
        scorer.fill("input[name='p1_value']", "12")
        scorer.locator("#p2_opened").select_option("")
        scorer.get_by_role("button", name="Score the round").click()
        expect(scorer.locator("td[data-total='0']")).to_have_text("-101")
        expect(scorer.locator("td[data-total='1']")).to_have_text("12")
        expect(scorer.locator("td[data-total='2']")).to_have_text("202")
        expect(scorer.locator("[data-form-title]")).to_have_text("Enter round 2")

        viewer = viewer_context.new_page()
        viewer.goto("/en/sheet/")
        viewer.fill("input[name='code']", code.lower())
        viewer.get_by_role("button", name="Open").click()
        expect(viewer.locator("td[data-total='1']")).to_have_text("12")
        assert viewer.locator("[data-round-form]").count() == 0
        assert viewer.locator("[data-undo]").count() == 0
        expect(viewer.locator("[data-readonly]")).to_be_visible()

        # Round 2, entered with the tile picker: Mehmet finishes, Ayşe is left with R7 K2.
        scorer.locator("[data-winner-choices] input[value='1']").check()
        scorer.locator("[data-player='0'] .by-tiles summary").click()
        scorer.locator("#p0_remaining").focus()
        scorer.locator("[data-picker] [data-tile='R7']").click()
        scorer.locator("[data-picker] [data-colour='K']").click()  # black, then the number
        scorer.locator("[data-picker] [data-tile='K2']").click()
        scorer.fill("input[name='p2_value']", "30")
        scorer.get_by_role("button", name="Score the round").click()
        expect(scorer.locator("td[data-total='0']")).to_have_text("-92")
        entered = time.monotonic()
        expect(viewer.locator("td[data-total='0']")).to_have_text("-92", timeout=2000)
        expect(viewer.locator("td[data-total='2']")).to_have_text("232", timeout=2000)
        assert time.monotonic() - entered < 2.0

        # A correction on one device shows on the other.
        scorer.locator("[data-round='1'] + .lines summary").click()
        scorer.locator("[data-correct='1']").click()
        expect(scorer.locator("[data-form-title]")).to_have_text("Correct round 1")
        scorer.fill("input[name='p1_value']", "20")
        scorer.get_by_role("button", name="Score the round").click()
        expect(viewer.locator("td[data-total='1']")).to_have_text("-81", timeout=2000)

        # The viewer's own POST without the secret is refused, and changes nothing.
        refused = viewer.request.post(f"/api/v1/matches/{code}/rounds", data={
            "finish": "normal", "winner": 0,
            "players": [{"opened": "melds"}, {"opened": "melds", "remaining_value": 1},
                        {"opened": "melds", "remaining_value": 1}]})
        assert refused.status == 403
        assert refused.json()["error"]["code"] == "edit_forbidden"

        # An impossible round is refused on the scorer's screen, in words.
        scorer.locator("[data-winner-choices] input[value='0']").check()
        scorer.locator("[data-player='1'] .by-tiles summary").click()
        scorer.fill("#p1_remaining", "R7 R7 R7")
        scorer.fill("input[name='p1_value']", "")
        scorer.fill("input[name='p2_value']", "9")
        scorer.get_by_role("button", name="Score the round").click()
        expect(scorer.locator("[data-form-error]")).to_contain_text("R7 appears more than twice")

        scorer.get_by_role("button", name="Undo the last round").click()
        expect(viewer.locator("td[data-total='0']")).to_have_text("-101", timeout=2000)
        scorer.once("dialog", lambda dialog: dialog.accept())
        scorer.get_by_role("button", name="Finish the match").click()
        expect(scorer.locator("[data-winner]")).to_have_text("Winner: Ayşe")
        expect(viewer.locator("[data-winner]")).to_have_text("Winner: Ayşe", timeout=2000)
        assert scorer.locator("[data-round-form]").count() == 0
    finally:
        scorer_context.close()
        viewer_context.close()


class Counted:
    """A page whose taps and typed entries are counted, as a player at the table makes them."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.taps += 1

    def type(self, selector: str, text: str) -> None:
        self.page.locator(selector).fill(text)  # a tap into the field and the typing: one entry
        self.taps += 1


MISSING = {"tr": "kalan", "de": "übrig", "en": "had left"}


@pytest.mark.parametrize("lang", ["tr", "de", "en"])
def test_a_four_player_round_by_sums_in_twelve_taps_and_an_empty_one_refused(
        browser: Any, live_url: str, lang: str) -> None:
    from playwright.sync_api import expect

    from tests.pagetypes import demo_sheet

    code, key = demo_sheet(live_url, rounds=10)
    context = new_context(browser, live_url)
    try:
        page = context.new_page()
        page.goto(f"/{lang}/sheet/{code}/edit?key={key}")
        form = page.locator("[data-round-form]")
        expect(form).to_be_visible()
        # The round form for 4 players fits in about two screen heights, and nothing is cut
        # off at the side: not the page, not the rounds table.
        box = form.bounding_box()
        assert box is not None and box["height"] <= 2 * 844
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate("(t => t.scrollWidth <= t.clientWidth)"
                             "(document.querySelector('table.sheet'))")

        # An empty round: refused, naming the three players whose sums are missing.
        before = page.locator("td[data-total='0']").inner_text()
        page.locator("[data-submit]").click()
        error = page.locator("[data-form-error]")
        expect(error).to_be_visible()
        for said in ("Mehmet", "Jana", "Tom", MISSING[lang]):
            expect(error).to_contain_text(said)
        assert page.locator("td[data-total='0']").inner_text() == before

        # Mehmet finishes; the others say their sums: a few taps, and the totals in view.
        table = Counted(page)
        table.tap("[data-winner-choices] input[value='1']")
        table.type("#p0_value", "12")
        table.type("#p2_value", "30")
        table.type("#p3_value", "7")
        table.tap("[data-submit]")
        assert table.taps <= 12
        expect(page.locator("td[data-total='1']")).to_have_text("-208")
        expect(page.locator("[data-form-title]")).to_contain_text("12")
        assert not error.is_visible()
        assert page.evaluate("window.scrollY") > 844  # scrolled down to the button...
        totals = page.locator("#sheet-totals").bounding_box()  # ...and the totals still show
        assert totals is not None and 0 <= totals["y"] and totals["y"] + totals["height"] <= 844
    finally:
        context.close()


def test_a_cancelled_round_is_entered_with_one_tap_and_scores_nothing(browser: Any,
                                                                      live_url: str) -> None:
    """503: all four opened with pairs; nobody finished, so no winner is asked for."""
    from playwright.sync_api import expect

    context = new_context(browser, live_url)
    try:
        page = context.new_page()
        page.goto("/en/sheet/")
        for i, name in enumerate(("Ayşe", "Mehmet", "Jana", "Tom")):
            page.fill(f"#player{i}", name)
        page.get_by_role("button", name="Start the match").click()
        expect(page.locator("[data-round-form]")).to_be_visible()
        page.locator("input[name='finish'][value='cancelled']").check()
        expect(page.locator("[data-winner-choices]")).to_be_hidden()
        page.get_by_role("button", name="Score the round").click()
        expect(page.locator("[data-form-title]")).to_have_text("Enter round 2")
        for i in range(4):
            expect(page.locator(f"td[data-total='{i}']")).to_have_text("0")
        expect(page.locator("#sheet-table")).to_contain_text("Cancelled: all four opened")
    finally:
        context.close()


def test_undo_on_two_screens_at_once_removes_one_round(browser: Any, live_url: str) -> None:
    """Two scorers' screens both show round 3 and both tap undo before either sees the news:
    the button names the round it undoes, so the second tap finds it gone."""
    from playwright.sync_api import expect

    from tests.pagetypes import demo_sheet

    code, key = demo_sheet(live_url, rounds=3)
    context = new_context(browser, live_url)
    try:
        first, second = context.new_page(), context.new_page()
        for page in (first, second):
            page.goto(f"/en/sheet/{code}/edit?key={key}")
            expect(page.locator("#sheet-table")).to_have_attribute("data-rounds", "3")
        second.route("**/*since=*", lambda route: route.abort())  # its live updates are late
        first.get_by_role("button", name="Undo the last round").click()
        expect(first.locator("#sheet-table")).to_have_attribute("data-rounds", "2")
        with second.expect_response(lambda r: r.request.method == "DELETE") as answer:
            second.get_by_role("button", name="Undo the last round").click()
        assert answer.value.status == 200
        first.reload()
        expect(first.locator("#sheet-table")).to_have_attribute("data-rounds", "2")
        expect(first.locator("[data-form-title]")).to_have_text("Enter round 3")
    finally:
        context.close()


def test_without_its_script_the_sheet_still_takes_rounds_undo_and_finish(
        browser: Any, live_url: str) -> None:
    """A phone whose script did not run posts the same form; the totals come back."""
    from playwright.sync_api import expect

    from tests.pagetypes import demo_sheet

    code, key = demo_sheet(live_url, rounds=1)
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844},
                                  locale="de-DE", java_script_enabled=False)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(f"/de/sheet/{code}/edit?key={key}")
        expect(page.locator("[data-form-title]")).to_contain_text("2")
        page.locator("[data-winner-choices] input[value='1']").check()
        page.fill("#p0_value", "12")
        page.fill("#p2_value", "30")
        page.locator("[data-submit]").click()  # Tom's sum is missing: refused, nothing lost
        expect(page.locator("[data-page-error]")).to_contain_text("Tom")
        expect(page.locator("#p0_value")).to_have_value("12")
        page.fill("#p3_value", "7")
        page.locator("[data-submit]").click()
        expect(page.locator("#sheet-table")).to_have_attribute("data-rounds", "2")
        expect(page.locator("[data-form-title]")).to_contain_text("3")
        page.locator("[data-undo]").click()
        expect(page.locator("#sheet-table")).to_have_attribute("data-rounds", "1")
        page.locator("[data-finish]").click()
        expect(page.locator("[data-winner]")).to_be_visible()
        assert page.locator("[data-round-form]").count() == 0
    finally:
        context.close()
