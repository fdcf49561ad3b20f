"""The rule book's JSON API: search, rules, glossary and house rules, and their bad input."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from rules_data import rulebook


def test_search_answers_with_the_documented_shape(client: FlaskClient) -> None:
    answer = client.get("/api/v1/search?q=okey+atmak&lang=tr").get_json()
    assert set(answer) == {"query", "lang", "variant", "status", "suggestion", "results",
                           "referee"}
    assert answer["lang"] == "tr" and answer["results"] and answer["referee"] is None
    first = answer["results"][0]
    assert set(first) == {"id", "title", "variants", "snippet", "score"}
    assert first["title"] == rulebook().rule(first["id"]).title["tr"]


def test_search_gives_the_referees_ruling_on_the_tiles_a_question_names(
        client: FlaskClient) -> None:
    """The ruling the results page shows as a card, per variant: K12 K13 K1 is no run in
    101 Okey (404) and is one in plain Okey, each with the check's page on the same tiles."""
    answer = client.get("/api/v1/search?q=is K12 K13 K1 a run&lang=en").get_json()
    referee = answer["referee"]
    assert referee["check"] == "meld" and referee["tiles"] == ["K12", "K13", "K1"]
    valid = {ruling["variant"]: ruling["valid"] for ruling in referee["rulings"]}
    assert valid == {"101": False, "plain": True}
    first = referee["rulings"][0]
    assert first["rules"] == ["404"] and first["said"]
    assert first["link"].startswith("/en/referee/meld?") and "tiles=K12+K13+K1" in first["link"]
    assert "404" in [hit["id"] for hit in answer["results"][:3]]


def test_search_says_in_the_users_language_why_the_referee_could_not_rule(
        client: FlaskClient) -> None:
    """Three red 5s: no such tiles, which the check's error says, in German."""
    referee = client.get("/api/v1/search?q=R5 R5 R5 Reihe?&lang=de").get_json()["referee"]
    assert [card["variant"] for card in referee["rulings"]] == ["101", "plain"]
    assert all("R5" in card["error"] and "zweimal" in card["error"]
               for card in referee["rulings"])


@pytest.mark.parametrize("query", [
    "R7-R8-R99", "mavi99 mavi100", "in in in yellow", "and 7", "blue5-blue6", "R7-",
    "12 13 1 in", "two red sevens and", "mavi 11-12-13-14-15", "blck 99", "putbackputback",
    # the fake joker in the notation as the indicator: no tile is its okey
    "gösterge F R5 R6 R7 seri mi", "gösterge F R5 attı", "gösterge F R5 elimde kaldı, bitti",
    "gösterge F B10 okey okey seri mi",
])
def test_tiles_typed_oddly_are_read_or_left_never_a_5xx(client: FlaskClient,
                                                        query: str) -> None:
    """What the search box reads as tiles (dashes, a colour typed onto its number, "and",
    "in yellow", a colour a letter off) answers a search, with or without a ruling."""
    response = client.get("/api/v1/search", query_string={"q": query, "lang": "en"})
    assert response.status_code == 200
    assert response.get_json()["status"] in {"matched", "suggested", "nothing"}


def test_search_in_one_language_shows_another(client: FlaskClient) -> None:
    answer = client.get("/api/v1/search?q=Jokerabwurf&lang=en").get_json()
    ids = [hit["id"] for hit in answer["results"]]
    assert "703" in ids[:3]
    assert answer["results"][0]["title"] == rulebook().rule(ids[0]).title["en"]


def test_variant_filter(client: FlaskClient) -> None:
    for variant in ("101", "plain"):
        answer = client.get(f"/api/v1/search?q=okey&lang=en&variant={variant}").get_json()
        assert answer["results"]
        assert all(variant in hit["variants"] for hit in answer["results"])


def test_suggestion_for_a_typo(client: FlaskClient) -> None:
    answer = client.get("/api/v1/search?q=gösterg&lang=tr").get_json()
    assert answer["results"]


@pytest.mark.parametrize("query", ['"', "(", "AND OR", "*", "~", ":", "okey:", "a* OR (b",
                                   "NOT", '"unclosed', "\\", "%", "title:okey", "🀄"])
def test_whoosh_syntax_is_plain_words(client: FlaskClient, query: str) -> None:
    response = client.get("/api/v1/search", query_string={"q": query, "lang": "en"})
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert response.get_json()["error"]["code"] == "empty_query"
    else:
        assert isinstance(response.get_json()["results"], list)


@pytest.mark.parametrize(("query_string", "code", "field"), [
    ("q=&lang=en", "empty_query", "q"),
    ("lang=en", "invalid_field", "q"),
    ("q=okey&lang=xx", "invalid_field", "lang"),
    ("q=okey&variant=102", "invalid_field", "variant"),
    ("q=okey&limit=0", "invalid_field", "limit"),
    ("q=okey&limit=lots", "invalid_field", "limit"),
    ("q=okey&limit=%C2%B2", "invalid_field", "limit"),
    ("q=okey&limit=%D9%A3", "invalid_field", "limit"),
    ("q=okey&limit=" + "9" * 5000, "invalid_field", "limit"),
    ("q=" + "a" * 10_000, "query_too_long", "q"),
])
def test_bad_search_is_a_400_naming_the_field(client: FlaskClient, query_string: str,
                                              code: str, field: str) -> None:
    response = client.get("/api/v1/search?" + query_string)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == code and error["field"] == field and error["message"]


def test_invalid_utf8_in_the_query_string(client: FlaskClient) -> None:
    response = client.get("/api/v1/search?q=%ff%fe&lang=en")
    assert response.status_code in (200, 400)
    assert "error" in response.get_json() or "results" in response.get_json()


def test_error_messages_are_in_the_requested_language(client: FlaskClient) -> None:
    messages = {lang: client.get(f"/api/v1/search?q=&lang={lang}").get_json()["error"]["message"]
                for lang in ("tr", "de", "en")}
    assert len(set(messages.values())) == 3


def test_rule_by_id(client: FlaskClient) -> None:
    answer = client.get("/api/v1/rules/404?lang=de").get_json()
    rule = rulebook().rule("404")
    assert answer["id"] == "404" and answer["title"] == rule.title["de"]
    assert answer["body"] == rule.body["de"]
    assert answer["house_rule"]["id"] == "wrap_13_1"
    assert {c["id"] for c in answer["house_rule"]["choices"]} == {"never", "after_13"}


@pytest.mark.parametrize("rule_id", ["999", "abc", "4041", "%00"])
def test_unknown_rule_is_a_404(client: FlaskClient, rule_id: str) -> None:
    response = client.get(f"/api/v1/rules/{rule_id}")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] in ("unknown_rule", "not_found")


def test_rule_list_filters(client: FlaskClient) -> None:
    everything = client.get("/api/v1/rules").get_json()["rules"]
    assert len(everything) == len(rulebook().rules)
    plain = client.get("/api/v1/rules?variant=plain&category=scoring").get_json()["rules"]
    assert plain and all("plain" in r["variants"] and r["category"] == "scoring" for r in plain)
    response = client.get("/api/v1/rules?category=nonsense")
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "category"


def test_glossary_and_house_rules(client: FlaskClient) -> None:
    terms = client.get("/api/v1/glossary?lang=tr").get_json()["terms"]
    assert len(terms) == len(rulebook().glossary)
    houses = client.get("/api/v1/house-rules?lang=en").get_json()["house_rules"]
    assert {h["id"] for h in houses} == set(rulebook().house_rules)
    assert all(h["default"] and all(c["sources"] for c in h["choices"]) for h in houses)


@pytest.mark.parametrize(("query_string", "message"), [
    ("q=okey&limit=" + "9" * 5000 + "&lang=en", "limit is a number too long to read."),
    ("q=okey&limit=%C2%B2&lang=en", "limit must be a whole number."),
    ("q=okey&variant=102&lang=de", "variant muss einer dieser Werte sein: '101', 'plain' oder "
                                   "'all'."),
])
def test_bad_query_numbers_and_choices_are_named(client: FlaskClient, query_string: str,
                                                 message: str) -> None:
    response = client.get("/api/v1/search?" + query_string)
    assert response.status_code == 400
    assert response.get_json()["error"]["message"] == message


def test_answers_are_utf8_json(client: FlaskClient) -> None:
    """pydantic writes the answer: the JSON media type, UTF-8 text that reads back to what
    ``get_json`` sees, non-ASCII letters as themselves."""
    response = client.get("/api/v1/search?q=çifte gitmek&lang=tr")
    assert response.status_code == 200 and response.mimetype == "application/json"
    text = response.get_data().decode("utf-8")
    assert json.loads(text) == response.get_json()
    assert "ç" in text and "\\u00e7" not in text
