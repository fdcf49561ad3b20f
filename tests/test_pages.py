"""The rule book's pages through the Flask test client: language, search, rule, glossary."""

from __future__ import annotations

import re
from html import unescape as html_unescape

from markupsafe import escape

import pytest
from flask.testing import FlaskClient

from rules_data import rulebook
from tests.pagetypes import CHECK_QUERIES
from web.referee_pages import PAGES


def test_root_follows_accept_language(client: FlaskClient) -> None:
    response = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert response.status_code == 302 and response.location.endswith("/de/")
    assert client.get("/", headers={"Accept-Language": "fr"}).location.endswith("/en/")


@pytest.mark.parametrize("lang", ["tr", "de", "en"])
def test_html_lang_and_switcher_keep_the_page(client: FlaskClient, lang: str) -> None:
    html = client.get(f"/{lang}/rules/404?x=1").get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    for other in {"tr", "de", "en"} - {lang}:
        assert f'href="/{other}/rules/404?x=1"' in html


def test_unknown_language_is_a_404(client: FlaskClient) -> None:
    assert client.get("/fr/").status_code == 404


def test_search_page_highlights_and_links(client: FlaskClient) -> None:
    html = client.get("/tr/search?q=cift+acma").get_data(as_text=True)
    assert "<mark>" in html
    assert 'href="/tr/rules/501"' in html


def test_search_page_did_you_mean(client: FlaskClient) -> None:
    html = client.get("/en/search?q=jokr+discrad").get_data(as_text=True)
    assert "Did you mean" in html or 'href="/en/rules/' in html


def test_search_page_bad_input(client: FlaskClient) -> None:
    assert client.get("/en/search?q=").status_code == 200
    response = client.get("/de/search?q=" + "x" * 10_000)
    assert response.status_code == 400
    assert "200" in response.get_data(as_text=True)
    assert client.get("/en/search?q=okey&variant=nope").status_code == 400
    for query in ['"', "(", "AND OR", "*", "~", ":"]:
        assert client.get("/en/search", query_string={"q": query}).status_code in (200, 400)


def test_rule_page_renders_sanitised_markdown_and_house_rule(client: FlaskClient) -> None:
    html = client.get("/en/rules/404").get_data(as_text=True)
    rule = rulebook().rule("404")
    assert escape(rule.title["en"]) in html
    assert "<script" not in html.split("</main>")[0]
    assert "House rule" in html and 'id="house-rule"' in html
    for related in rule.related:
        assert f'href="/en/rules/{related}"' in html
    assert not re.search(r"\[\[\d{3}\]\]", html)


def test_every_rule_page_renders(client: FlaskClient) -> None:
    for rule in rulebook():
        for lang in ("tr", "de", "en"):
            assert client.get(f"/{lang}/rules/{rule.id}").status_code == 200


def test_counterpart_is_linked(client: FlaskClient) -> None:
    rule = next(r for r in rulebook() if r.counterpart)
    html = client.get(f"/en/rules/{rule.id}").get_data(as_text=True)
    assert f'href="/en/rules/{rule.counterpart}"' in html


def test_unknown_rule_page(client: FlaskClient) -> None:
    response = client.get("/tr/rules/999")
    assert response.status_code == 404
    assert "999" in response.get_data(as_text=True)


def test_categories_glossary_sources(client: FlaskClient) -> None:
    book = rulebook()
    html = client.get("/de/rules").get_data(as_text=True)
    assert all(escape(category.label["de"]) in html for category in book.categories.values())
    assert client.get("/de/rules?variant=plain").status_code == 200
    assert client.get("/de/categories/scoring").status_code == 200
    assert client.get("/de/categories/nope").status_code == 404
    glossary = client.get("/en/glossary").get_data(as_text=True)
    assert all(escape(term.term["en"]) in glossary for term in book.glossary)
    sources = client.get("/tr/sources").get_data(as_text=True)
    assert all(escape(house.title["tr"]) in sources for house, _ in book.house_rules.values())


def test_markdown_is_sanitised(app) -> None:  # type: ignore[no-untyped-def]
    from web.render import rule_html

    with app.test_request_context("/en/"):
        html = str(rule_html("<script>alert(1)</script> **bold** [x](javascript:alert(1)) "
                             "<img src=x onerror=alert(1)> see [[404]]", "en"))
    assert "<script" not in html and "javascript:" not in html and "onerror" not in html
    assert "<strong>bold</strong>" in html and 'href="/en/rules/404"' in html


def alert_of(html: str) -> str:
    """The text of a page's error section."""
    found = re.search(r'role="alert"[^>]*>(.*?)</section>', html, re.S)
    assert found, "no error shown"
    return html_unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip())


SPACED = "R11+R12" + "+" * 391 + "R13"
"""403 characters: cut at 400 it would read R11 R12 R1, a different meld."""


@pytest.mark.parametrize(("url", "message"), [
    pytest.param("/tr/referee/score?variant=101&indicator=K4", "Tur nasıl bitti eksik.",
                 id="missing-finish-by-its-label"),
    pytest.param("/en/referee/meld?indicator=K4&tiles=R1+R2+X9",
                 "Tiles: X9 is not a tile", id="bad-tile-by-its-label"),
    pytest.param(f"/en/referee/meld?indicator=K4&tiles={SPACED}",
                 "Tiles is too long (at most 400 characters).", id="never-cut"),
    pytest.param("/en/referee/meld?indicator=K4&tiles=R1+R2+R3&variant=xyz",
                 "Unknown variant: use 101 or plain.", id="variant"),
    pytest.param("/en/referee/score?finish=normal&winner=%C2%B2",
                 "Who finished must be a whole number from 0 to 3, not “²”.", id="winner-sup2"),
    pytest.param("/en/referee/score?finish=normal&winner=0&p0_opened=melds&p1_present=1"
                 "&p1_value=" + "9" * 1500,
                 "Player 2: Sum left must be a whole number from 0 to 2000",
                 id="value-1500-nines"),
    pytest.param("/en/referee/score?finish=normal&winner=0&p0_opened=melds&p2_value=%D9%A3",
                 "Player 3: Sum left must be a whole number", id="value-arabic"),
    pytest.param("/de/referee/score?finish=normal&winner=0&p0_opened=xx&p1_present=1",
                 "Spieler 1: Ausgelegt muss einer dieser Werte sein: 'melds' oder 'pairs'.",
                 id="choices-in-german"),
    pytest.param("/de/referee/winning-hand?variant=plain&indicator=K4&tiles=R1+R2+R3",
                 "Falsche Anzahl von Steinen: 3, nötig sind 14.", id="tile-count-de"),
])
def test_referee_page_errors_name_fields_by_their_labels(client: FlaskClient, url: str,
                                                         message: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert alert_of(response.get_data(as_text=True)).startswith(message)


def test_every_check_is_among_the_page_types_drawn_and_checked() -> None:
    """The browser tests and the screenshots draw each page type (tests/pagetypes.py): a new
    check's page is among them, with a ruling."""
    assert set(CHECK_QUERIES) == set(PAGES)
