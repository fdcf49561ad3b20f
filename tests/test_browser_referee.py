"""The referee at the table, in a real browser at 390x844 in tr, de and en: the ruling in
view after every check (with and without JavaScript), live rulings as tiles are tapped, the
picker starting on the tiles, the remembered indicator, and the search box as a way in."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytestmark = pytest.mark.browser
LANGS = ("tr", "de", "en")
RACK_21 = "R1 R2 R3 R4 R5 Y5 Y6 Y7 B9 B10 B11 K12 K13 R12 Y12 B12 Y1 Y2 K3 K4 B6"

# Each check, filled as a player would type it: (check, {field: value}, checkboxes).
CHECKS: list[tuple[str, dict[str, str], tuple[str, ...]]] = [
    ("okey", {"indicator": "R7"}, ()),
    ("meld", {"tiles": "R12 R13 R1"}, ()),
    ("pair", {"indicator": "R4", "tiles": "R5 Y4"}, ()),
    ("opening", {"indicator": "K4", "melds": "R10 R11 R12 R13\nY10 Y11 Y12\nB10 B11 B12"}, ()),
    ("best-opening", {"indicator": "K7", "tiles": RACK_21}, ()),
    ("winning-hand", {"indicator": "K7", "tiles": "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R5"},
     ()),
    ("discard", {"indicator": "K4", "tile": "R9", "table": "R6 R7 R8"}, ()),
    ("pickup", {"indicator": "K4", "tile": "R9"}, ("opened",)),
    ("score", {"p0_value": "0", "p1_value": "23", "p2_value": "41", "p3_value": "7"}, ()),
]
SELECTS = {"score": {"p0_opened": "melds", "p1_opened": "melds"}}


IN_VIEW = """selector => {
  const found = document.querySelector(selector);
  const box = found && found.getBoundingClientRect();
  return Boolean(box && box.height && box.top < 844 && box.bottom > 0);
}"""


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is at least partly inside the 844 px high viewport, allowing the
    page a moment to scroll to it (a loaded machine may finish the scroll after the load)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(IN_VIEW, arg=selector, timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def fill(page: Any, values: dict[str, str], flags: tuple[str, ...]) -> None:
    for name, value in values.items():
        page.locator(f"form.check [name='{name}']").fill(value)
    for name in flags:
        page.locator(f"form.check [name='{name}']").check()
    check = page.locator("form.check").get_attribute("data-check")
    for name, value in SELECTS.get(check, {}).items():
        page.locator(f"form.check [name='{name}']").select_option(value)


@contextmanager
def phone(browser: Any, live_url: str, javascript: bool) -> Iterator[Any]:
    """A page in a phone-sized context of its own, with JavaScript on or off."""
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844},
                                  java_script_enabled=javascript)
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture()
def plain_page(browser: Any, live_url: str) -> Iterator[Any]:
    """A phone-sized page with JavaScript off: the forms must work as plain GET forms."""
    with phone(browser, live_url, javascript=False) as page:
        yield page


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("check", "values", "flags"), CHECKS, ids=[c[0] for c in CHECKS])
def test_the_ruling_is_in_view_after_every_check(page: Any, lang: str, check: str,
                                                 values: dict[str, str],
                                                 flags: tuple[str, ...]) -> None:
    page.goto(f"/{lang}/referee/{check}")
    fill(page, values, flags)
    page.locator("form.check button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/{lang}/referee/{check}\?.*#ruling$"))
    # the live ruling rewrites the address too: a reply to the form half filled (an error)
    # may still stand there when it matches, until the submitted ruling replaces it
    ruling = page.locator("#ruling[data-verdict]")
    ruling.wait_for(timeout=5000)
    assert ruling.get_attribute("data-verdict"), ruling.inner_text()
    assert in_view(page, "#ruling h2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("check", "values", "flags"), CHECKS, ids=[c[0] for c in CHECKS])
def test_without_javascript_every_check_still_rules_in_view(
        plain_page: Any, lang: str, check: str, values: dict[str, str],
        flags: tuple[str, ...]) -> None:
    plain_page.goto(f"/{lang}/referee/{check}")
    fill(plain_page, values, flags)
    plain_page.locator("form.check button[type=submit]").click()
    plain_page.wait_for_url(re.compile(r"#ruling$"))
    assert plain_page.locator("#ruling").get_attribute("data-verdict")
    assert in_view(plain_page, "#ruling h2")


@pytest.mark.parametrize("lang", LANGS)
def test_tapped_tiles_get_a_live_ruling_in_view(page: Any, lang: str) -> None:
    page.goto(f"/{lang}/referee/meld")
    page.locator("input[name=variant][value=plain]").check()
    for tile in ("R12", "R13", "R1"):
        page.locator(f".picker [data-tile='{tile}']").click()
    assert page.locator("#f-tiles").input_value() == "R12 R13 R1"
    ruling = page.locator("#ruling[data-verdict='valid']")
    ruling.wait_for()
    assert in_view(page, "#ruling h2")
    assert "tiles=R12+R13+R1" in page.url  # the address is the ruling, to share
    page.locator(".picker [data-tile='R2']").click()  # 12-13-1-2 runs past the 1
    page.locator("#ruling[data-verdict='invalid']").wait_for()
    assert in_view(page, "#ruling h2")


def test_the_picker_starts_on_the_tiles_and_the_indicator_is_its_own_control(page: Any) -> None:
    page.goto("/en/referee/best-opening")
    page.locator(".picker [data-tile='R1']").click()
    page.locator(".picker [data-tile='R2']").click()
    assert page.locator("#f-tiles").input_value() == "R1 R2"
    assert page.locator("#f-indicator").input_value() == ""
    page.locator("#f-indicator").click()
    page.locator(".picker [data-colour='K']").click()  # a colour, then the number
    assert page.locator(".picker [data-colour='K']").get_attribute("aria-pressed") == "true"
    page.locator(".picker [data-tile='K7']").click()
    assert page.locator("#f-indicator").input_value() == "K7"
    page.locator(".picker [data-tile='K3']").click()  # back on the tiles after one tap
    assert page.locator("#f-tiles").input_value() == "R1 R2 K3"
    page.locator(".picker [data-colour='Y']").click()
    page.locator(".picker [data-tile='F']").click()
    page.locator(".picker [data-tile='Y13']").click()
    assert page.locator("#f-tiles").input_value() == "R1 R2 K3 F Y13"


def test_the_indicator_is_remembered_for_the_round(page: Any) -> None:
    page.goto("/en/referee/okey?indicator=B9")
    assert page.locator("#ruling").get_attribute("data-verdict")
    page.goto("/en/referee/best-opening")
    assert page.locator("#f-indicator").input_value() == "B9"
    page.goto("/en/referee/discard")
    assert page.locator("#f-indicator").input_value() == "B9"


@pytest.mark.parametrize("lang", LANGS)
def test_best_opening_draws_its_melds_and_what_is_left(page: Any, lang: str) -> None:
    page.goto(f"/{lang}/referee/best-opening?indicator=K7&tiles={RACK_21.replace(' ', '+')}")
    melds = page.locator("#ruling .melds .meld")
    assert melds.count() >= 3
    assert melds.first.locator(".t").count() >= 3
    assert page.locator("#ruling .leftover .t").count() >= 1


def test_the_pickup_check_needs_no_rack_once_opened(page: Any) -> None:
    page.goto("/en/referee/pickup")
    page.locator("form.check [name=opened]").check()
    assert page.locator("#f-rack").is_hidden()
    page.locator("#f-indicator").fill("K4")
    page.locator("#f-tile").fill("R9")
    page.locator("#ruling[data-verdict='allowed']").wait_for()


# Tiles typed or asked about in the search box, and the check the plain Okey card opens:
# R12 R13 R1 is a run in plain Okey only; joker and yellow 4 a pair in plain Okey only.
SEARCH_TILES = [
    ("tr", "kırmızı 12 13 1", "meld", ""), ("de", "rot 12 13 1", "meld", ""),
    ("en", "R12 R13 R1", "meld", ""),
    ("tr", "okey ile sarı 4 çift olur mu", "pair", "R1"),
    ("de", "ist Joker und gelb 4 ein Paar", "pair", "R1"),
    ("en", "is okey + yellow 4 a pair", "pair", "R1"),
]


@pytest.mark.parametrize(("lang", "typed", "check", "indicator"), SEARCH_TILES)
def test_tiles_asked_about_are_ruled_on_from_the_home_page(page: Any, lang: str, typed: str,
                                                           check: str, indicator: str) -> None:
    """One typed entry and Enter: the ruling in both variants, in view, and the plain Okey
    card opens the check on the same tiles, with the indicator it took for an okey named."""
    page.goto(f"/{lang}/")
    page.get_by_role("searchbox").fill(typed)
    page.get_by_role("searchbox").press("Enter")
    plain = page.locator(".front-door [data-variant='plain']")
    plain.wait_for()
    assert plain.get_attribute("data-verdict") == "valid"
    assert page.locator(".front-door [data-variant='101']").get_attribute("data-verdict") \
        == "invalid"
    assert in_view(page, ".front-door [data-variant='101'] .verdict")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    plain.get_by_role("link").last.click()
    page.wait_for_url(re.compile(rf"/referee/{check}\?"))
    assert page.locator("#ruling").get_attribute("data-verdict") == "valid"
    assert page.locator("form.check [name='indicator']").input_value() == indicator


def test_a_long_ruling_above_the_results_is_no_box_to_scroll(page: Any) -> None:
    """Five tiles and the indicator make a long ruling: on a phone it is read by scrolling the
    page, its links to the referee never hidden in a box of its own."""
    page.goto("/en/search?q=indicator Y8, K3 okey K5 K6 okey, is that one run")
    ruling = page.locator(".front-door")
    ruling.wait_for()
    assert ruling.evaluate("el => el.scrollHeight <= el.clientHeight")
    assert ruling.evaluate("el => getComputedStyle(el).position") == "static"


@pytest.mark.parametrize(("lang", "question", "check"), [
    ("tr", "yandan alabilir miyim", "pickup"),
    ("de", "darf ich den abgeworfenen Stein nehmen", "pickup"),
    ("en", "can I take the discard", "pickup"),
])
def test_a_question_a_check_answers_links_to_it(page: Any, lang: str, question: str,
                                                check: str) -> None:
    page.goto(f"/{lang}/search?q={question}")
    link = page.locator(f".check-links a[href='/{lang}/referee/{check}']")
    assert link.count() == 1
    assert in_view(page, ".check-links")


ACCESS_AUDIT = """(root) => {
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const main = document.querySelector(root || 'main');
  const unlabelled = [...main.querySelectorAll('input:not([type=hidden]), select, textarea')]
    .filter(shown).filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
    .map(el => el.name);
  const target = el => (el.type === 'radio' || el.type === 'checkbox') && el.labels && el.labels[0]
    ? el.labels[0] : el;
  const small = [...main.querySelectorAll('button, input:not([type=hidden]), select, textarea, summary')]
    .filter(shown).map(target).filter(el => {
      const box = el.getBoundingClientRect();
      return box.height < 44 || (el.tagName === 'BUTTON' && box.width < 44);
    }).map(el => el.tagName + ':' + (el.textContent || el.name || '').trim().slice(0, 30));
  const tiny = [...main.querySelectorAll('*')].filter(shown).filter(el =>
      [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .filter(el => parseFloat(getComputedStyle(el).fontSize) < 16)
    .map(el => el.tagName + '.' + el.className + ':' + el.textContent.trim().slice(0, 30));
  return {unlabelled, small, tiny};
}"""
PAGES = [(path, "main") for path in (
    "/referee/", *[f"/referee/{c[0]}" for c in CHECKS],
    f"/referee/best-opening?indicator=K7&tiles={RACK_21.replace(' ', '+')}")] + [
    ("/search?q=R12+R13+R1", "#ruling")]
"""Each referee page, and the referee's part of a search that names tiles (its rules follow
as any search's results do)."""


@pytest.mark.parametrize("lang", LANGS)
def test_referee_pages_label_every_field_with_big_targets_and_text(page: Any, lang: str) -> None:
    """Every field has a label, every control is at least 44 px (a radio or check box by its
    label), text is at least 16 px, and nothing scrolls sideways."""
    for path, root in PAGES:
        page.goto(f"/{lang}{path}")
        found = page.evaluate(ACCESS_AUDIT, root)
        assert found == {"unlabelled": [], "small": [], "tiny": []}, (path, found)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path


@pytest.mark.parametrize("javascript", [True, False])
def test_a_joker_in_a_best_opening_meld_is_marked(browser: Any, live_url: str,
                                                 javascript: bool) -> None:
    """K8 is the okey under K7: in R10 R11 R12 K8 it stands for R13, and says so."""
    with phone(browser, live_url, javascript) as page:
        rack = "R1 R2 R3 R4 B5 Y5 K5 R10 R11 R12 F B9 B9 K13 Y2 Y3 Y4 K1 K2 B12 K8"
        page.goto(f"/en/referee/best-opening?indicator=K7&tiles={rack.replace(' ', '+')}")
        if javascript:  # the live ruling replaces the page's own
            page.locator("#f-tiles").fill(rack + " ")
            page.locator("#ruling .t.wild").wait_for()
        wild = page.locator("#ruling .t.wild")
        assert wild.count() == 1 and wild.get_attribute("aria-label") == "K8 = R13"


@pytest.mark.parametrize("javascript", [True, False])
def test_a_shared_link_without_an_indicator_rules_on_the_meld(browser: Any, live_url: str,
                                                             javascript: bool) -> None:
    """The meld check does not need the indicator: a link with only the tiles rules at once."""
    with phone(browser, live_url, javascript) as page:
        page.goto("/tr/referee/meld?variant=plain&tiles=R12+R13+R1#ruling")
        page.locator("#ruling[data-verdict='valid']").wait_for()
        assert in_view(page, "#ruling h2")


def test_a_remembered_indicator_gets_its_okey_at_once(page: Any) -> None:
    page.goto("/en/referee/okey?indicator=B9")
    page.goto("/en/referee/okey")
    page.locator("#ruling[data-verdict]").wait_for()
    assert "B10" in page.locator("#ruling").inner_text()
    assert in_view(page, "#ruling h2")


@pytest.mark.parametrize("lang", LANGS)
def test_every_players_score_is_in_view_after_the_score_check(page: Any, lang: str) -> None:
    page.goto(f"/{lang}/referee/score")
    fill(page, *CHECKS[-1][1:])
    page.locator("form.check button[type=submit]").click()
    page.wait_for_url(re.compile(r"#ruling$"))
    rows = page.locator("#ruling .scores tbody tr")
    assert rows.count() == 4
    box = rows.last.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
