"""The strict CSP in a real browser: every page type loads with the policy and without one
violation, the buttons that were inline handlers still work, and the sheet's script sends a
round id made per submission."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.pagetypes import demo_sheet, page_types

pytestmark = pytest.mark.browser

LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__csp.push(event.violatedDirective + " " + event.blockedURI);
});
"""


@pytest.fixture()
def watched(browser: Any, live_url: str) -> Iterator[tuple[Any, list[str]]]:
    """A page whose CSP violations land in ``window.__csp``, and its console errors."""
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844},
                                  locale="en-US")
    context.set_default_timeout(10_000)
    context.add_init_script(LISTEN)
    errors: list[str] = []
    page = context.new_page()
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    try:
        yield page, errors
    finally:
        context.close()


def test_every_page_type_loads_under_the_csp_without_a_violation(
        watched: tuple[Any, list[str]], live_url: str) -> None:
    page, errors = watched
    code, key = demo_sheet(live_url, rounds=3)
    page.goto(f"/en/sheet/{code}/edit?key={key}")  # edit rights: the sheet shows its round form and the edit link
    for name, path in page_types(code):
        response = page.goto(path.format(lang="en"))
        assert "script-src 'self'" in response.headers.get("content-security-policy", ""), name
        page.wait_for_load_state("load")
        assert page.evaluate("window.__csp") == [], name
    assert [text for text in errors if "Content Security Policy" in text] == []
    page.evaluate("document.body.setAttribute('style', 'color: red')")  # the listener hears
    page.wait_for_timeout(200)
    assert page.evaluate("window.__csp") != []


def test_print_and_select_buttons_work_without_inline_handlers(
        watched: tuple[Any, list[str]], live_url: str) -> None:
    page, _ = watched
    code, key = demo_sheet(live_url, rounds=1)
    page.goto(f"/en/sheet/{code}/edit?key={key}")
    field = page.locator("[data-edit-link]")
    field.click()
    value = field.input_value()
    assert "/edit?key=" in value
    assert field.evaluate("el => [el.selectionStart, el.selectionEnd]") == [0, len(value)]
    for path in ("/en/variants", f"/en/sheet/{code}/print"):
        page.goto(path)
        page.evaluate("window.print = () => { window.__printed = true; }")
        page.get_by_role("button", name="Print").click()
        assert page.evaluate("window.__printed === true"), path
    assert page.evaluate("window.__csp") == []


def test_the_sheet_sends_one_round_id_per_submission(watched: tuple[Any, list[str]],
                                                     live_url: str) -> None:
    from playwright.sync_api import expect

    page, _ = watched
    code, key = demo_sheet(live_url, rounds=0)
    page.goto(f"/en/sheet/{code}/edit?key={key}")
    sent = []
    for _ in range(2):
        page.locator("[data-winner-choices] input[value='1']").check()  # a round that can be
        for field in ("#p0_value", "#p2_value", "#p3_value"):            # scored: who finished,
            page.fill(field, "12")                                        # what the others had
        with page.expect_request(lambda r: r.method == "POST" and r.url.endswith(
                "/rounds?lang=en")) as request:
            page.get_by_role("button", name="Score the round").click()
        sent.append(json.loads(request.value.post_data)["round_id"])
        expect(page.locator("#sheet-table")).to_have_attribute("data-rounds", str(len(sent)))
    assert all(len(round_id) == 24 for round_id in sent) and sent[0] != sent[1]
    assert page.locator("#sheet-table").get_attribute("data-rounds") == "2"
