"""The variants page, arranging a rack and practice questions, through the Flask client."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from markupsafe import escape

from referee import Rules, check_best_opening, check_discard, check_winning_hand
from referee.deal import MAX_SEED, deal_discard, deal_hand, deal_rack
from rules_data import rulebook
from web.table import COOKIE

from tests.conftest import post_form


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- variants ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["tr", "de", "en"])
def test_variants_page_has_every_row_and_its_rule_links(client: FlaskClient, lang: str) -> None:
    response = client.get(f"/{lang}/variants")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    rows = rulebook().variants
    assert rows
    for row in rows:
        assert f'data-row="{row.id}"' in html
        assert str(escape(row.topic[lang])) in html
        for variant in ("101", "plain"):
            cell = row.cell(variant)
            assert str(escape(cell.text[lang])) in html
            for rule_id in cell.rules:
                assert f'href="/{lang}/rules/{rule_id}"' in html


def test_variants_page_prints_on_one_sheet(client: FlaskClient) -> None:
    html = client.get("/en/variants").get_data(as_text=True)
    assert "variants.css" in html
    response = client.get("/static/variants.css")
    css = response.get_data(as_text=True)
    response.close()
    assert "@media print" in css and "size: A4" in css


# --- arrange -----------------------------------------------------------------------------

def arrange_url(tiles: str, indicator: str = "K4", variant: str = "101") -> str:
    return f"/en/arrange?variant={variant}&indicator={indicator}&tiles={tiles.replace(' ', '+')}"


def test_arrange_form_without_a_rack(client: FlaskClient) -> None:
    response = client.get("/en/arrange")
    assert response.status_code == 200
    assert 'name="tiles"' in response.get_data(as_text=True)
    assert "data-tiles" in response.get_data(as_text=True)


def test_arrange_by_runs_and_by_groups(client: FlaskClient) -> None:
    html = client.get(arrange_url("R5 R6 R7 Y7 B7 K1")).get_data(as_text=True)
    runs, groups = html.split('data-order="groups"')
    assert 'data-meld="R5 R6 R7"' in runs and 'data-meld="R7 Y7 B7"' not in runs
    assert 'data-meld="R7 Y7 B7"' in groups and 'data-meld="R5 R6 R7"' not in groups
    assert "Left over: 3 tiles" in text_of(runs) and "Left over: 3 tiles" in text_of(groups)


def test_arrange_shows_the_opening_value_of_a_full_rack(client: FlaskClient) -> None:
    rack = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 B9 B10 B11 K1 K2 K3 Y2 Y2 B5 B5 K8 R3 R3"
    html = client.get(arrange_url(rack)).get_data(as_text=True)
    expected = check_best_opening(
        __import__("referee").parse_tiles(rack), indicator=__import__("referee").Tile.parse("K4"),
        rules=Rules.preset("101")).result
    assert f'data-value="{expected["best_value"]}"' in html
    assert f'data-can-open="{str(expected["can_open"]).lower()}"' in html
    assert 'href="/en/rules/401"' in html


def test_arrange_in_plain_follows_one_after_thirteen(client: FlaskClient) -> None:
    html = client.get(arrange_url("B12 B13 B1", variant="plain")).get_data(as_text=True)
    assert 'data-meld="B12 B13 B1"' in html
    assert "Opening value" not in html


@pytest.mark.parametrize(("url", "names"), [
    (arrange_url("R5 Q9 R7"), "Q9"),
    (arrange_url("R5 R5 R5"), "R5"),
    (arrange_url("R5 R6 R7", indicator="X1"), "X1"),
    (arrange_url(" ".join(["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10",
                           "R11", "R12"] * 2)), "24"),
    (arrange_url(""), "1 to 22"),
    (arrange_url("R5 R6", variant="103"), "variant"),
    (arrange_url("R11 R12" + " " * 391 + "R13"), "Your rack is too long (at most 400 characters)."),
    ("/en/arrange?tiles=R1+R2+R3", "Indicator (gösterge) is missing."),
])
def test_arrange_bad_input_is_a_400_naming_it(client: FlaskClient, url: str, names: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'role="alert"' in html and names in text_of(html)


# --- practice ----------------------------------------------------------------------------

def practice(client: FlaskClient, kind: str, seed: int, answer: str | None = None) -> str:
    url = f"/en/practice?q={kind}&seed={seed}" + (f"&answer={answer}" if answer else "")
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_data(as_text=True)


def test_practice_without_a_seed_redirects_to_a_shareable_question(client: FlaskClient) -> None:
    response = client.get("/en/practice?q=open")
    assert response.status_code == 302
    location = response.headers["Location"]
    seed = int(re.search(r"seed=(\d+)", location).group(1))  # type: ignore[union-attr]
    assert "q=open" in location and 0 <= seed < MAX_SEED
    assert re.search(r"q=(open|best|islek|winning)", client.get("/en/practice").headers["Location"])


def test_the_same_seed_shows_the_same_rack(client: FlaskClient) -> None:
    deal = deal_rack(123, "101")
    html = practice(client, "open", 123)
    assert [m for m in re.findall(r'data-tile="(\w+)"', html.split('class="deal"')[1]
                                  .split("</section>")[0])] == \
        [str(deal.indicator), *map(str, deal.rack)]
    assert practice(client, "open", 123) == html


def test_best_opening_right_and_wrong(client: FlaskClient) -> None:
    deal = deal_rack(1, "101")
    best = check_best_opening(deal.rack, indicator=deal.indicator,
                              rules=Rules.preset("101")).result["best_value"]
    assert best == 56  # seed 1 always deals the same rack
    right = practice(client, "best", 1, str(best))
    assert 'data-right="true"' in right and "Right!" in right
    assert 'href="/en/rules/401"' in right
    wrong = practice(client, "best", 1, str(best + 1))
    assert 'data-right="false"' in wrong and "The best melds are worth 56." in text_of(wrong)


@pytest.mark.parametrize("kind", ["open", "islek", "winning"])
@pytest.mark.parametrize("seed", [2, 3, 4, 5])
def test_yes_no_questions_right_and_wrong(client: FlaskClient, kind: str, seed: int) -> None:
    if kind == "open":
        deal = deal_rack(seed, "101")
        truth = check_best_opening(deal.rack, indicator=deal.indicator,
                                   rules=Rules.preset("101")).result["can_open"]
    elif kind == "islek":
        deal = deal_discard(seed)
        assert deal.tile is not None
        truth = check_discard(deal.tile, deal.table, indicator=deal.indicator,
                              rules=Rules.preset("101")).result["playable"]
    else:
        deal = deal_hand(seed)
        truth = check_winning_hand(deal.rack, indicator=deal.indicator,
                                   rules=Rules.preset("plain")).result["winning"]
    right, wrong = ("yes", "no") if truth else ("no", "yes")
    assert 'data-right="true"' in practice(client, kind, seed, right)
    html = practice(client, kind, seed, wrong)
    assert 'data-right="false"' in html
    assert re.search(r'href="/en/rules/\d{3}"', html.split('data-right="false"')[1])


def test_practice_follows_the_table_rules(client: FlaskClient) -> None:
    """Seed 5's rack is worth 78 under 101's default, 101 when 1 may follow 13."""
    deal = deal_rack(5, "101")
    wrap = Rules.preset("101").with_options({"wrap_13_1": "after_13"})
    assert check_best_opening(deal.rack, indicator=deal.indicator,
                              rules=wrap).result["best_value"] == 101
    assert 'data-right="true"' in practice(client, "best", 5, "78")
    assert 'data-right="true"' in practice(client, "open", 5, "no")
    post_form(client, "/en/table", {"variant": "101", "wrap_13_1": "after_13"})
    assert 'data-right="false"' in practice(client, "best", 5, "78")
    html = practice(client, "open", 5, "yes")
    assert 'data-right="true"' in html and "1 may follow 13" in html


@pytest.mark.parametrize(("query", "names"), [
    ("q=open&seed=abc", "seed"),
    ("q=open&seed=-1", "seed"),
    (f"q=open&seed={MAX_SEED}", "seed"),
    ("q=bogus&seed=1", "bogus"),
    ("q=best&seed=1&answer=lots", "whole number"),
    ("q=open&seed=1&answer=maybe", "yes or no"),
    ("q=open&seed=%C2%B2", "The seed must be a whole number from 0 to 4294967295, not “²”."),
    ("q=open&seed=%D9%A3", "The seed must be a whole number from 0 to 4294967295, not “٣”."),
    ("q=open&seed=" + "9" * 5000, "The seed must be a whole number from 0 to 4294967295"),
    ("q=best&seed=1&answer=%C2%B2", "Value of the best melds must be a whole number from 0 to"),
    ("q=best&seed=1&answer=%D9%A3", "Value of the best melds must be a whole number from 0 to"),
])
def test_practice_bad_input_is_a_400_naming_it(client: FlaskClient, query: str,
                                                names: str) -> None:
    response = client.get(f"/en/practice?{query}")
    assert response.status_code == 400
    assert names in text_of(response.get_data(as_text=True))


def test_practice_in_turkish(client: FlaskClient) -> None:
    response = client.get("/tr/practice?q=open&seed=7")
    assert response.status_code == 200
    assert '<html lang="tr">' in response.get_data(as_text=True)


def test_home_links_arrange_and_practice(client: FlaskClient) -> None:
    html = client.get("/en/").get_data(as_text=True)
    assert 'href="/en/arrange"' in html and 'href="/en/practice"' in html


# --- the table's rules: bad input shows the form again and keeps the saved rules ------------

@pytest.mark.parametrize(("data", "content_type", "status", "message"), [
    pytest.param({"variant": "101", "wrap_13_1": "sometimes"}, None, 400,
                 "Unknown choice for a house rule: wrap_13_1=sometimes.", id="unknown-choice"),
    pytest.param({"variant": "101", "gravity": "off"}, None, 400,
                 "gravity is not a field of this form.", id="unknown-field"),
    pytest.param({"variant": "101", "plain_match": "most_rounds"}, None, 400,
                 "plain_match is not a house rule of this variant.", id="other-variants-rule"),
    pytest.param({"variant": "chess"}, None, 400, "Unknown variant: use 101 or plain.",
                 id="unknown-variant"),
    pytest.param(b"variant=%FF", "application/x-www-form-urlencoded", 400,
                 "The form is not UTF-8 text.", id="not-utf8"),
    pytest.param(b'{"variant": "101"}', "application/json", 415,
                 "Send this form from its page.", id="json"),
])
def test_a_bad_table_form_is_shown_again_and_changes_nothing(
        client: FlaskClient, data: object, content_type: str | None, status: int,
        message: str) -> None:
    post_form(client, "/en/table", {"variant": "plain", "wrap_13_1": "never"})
    saved = client.get_cookie(COOKIE)
    assert saved is not None
    response = post_form(client, "/en/table", data, content_type=content_type)
    assert response.status_code == status
    html = response.get_data(as_text=True)
    assert message in text_of(html) and 'name="wrap_13_1"' in html
    after = client.get_cookie(COOKIE)
    assert after is not None and after.value == saved.value


def test_an_unknown_variant_on_the_table_page_is_a_400(client: FlaskClient) -> None:
    response = client.get("/de/table?variant=zzz")
    assert response.status_code == 400
    assert "Unbekannte Variante: 101 oder plain verwenden." in response.get_data(as_text=True)


@pytest.mark.parametrize(("url", "headers", "status", "location"), [
    ("/t/1?lang=xx", {"Accept-Language": "tr"}, 302, "/tr/table?saved=1"),
    ("/t/1?lang=%2F%2Fevil.example", {}, 302, "/en/table?saved=1"),
    ("/t/1?lang=de", {}, 302, "/de/table?saved=1"),
    ("/t/zzz?lang=xx", {}, 404, None),
])
def test_a_shared_table_link_ignores_a_bad_language(client: FlaskClient, url: str,
                                                    headers: dict[str, str], status: int,
                                                    location: str | None) -> None:
    response = client.get(url, headers=headers)
    assert response.status_code == status
    if location is None:
        assert "set-cookie" not in response.headers
    else:
        assert response.headers["Location"] == location
