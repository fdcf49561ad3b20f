"""Every referee case of the development and extra sets, through the HTTP API, and the
API's contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient

FIXTURES = Path(__file__).parent / "fixtures"
CASES: list[dict[str, Any]] = [
    case
    for name in ("referee_dev.yaml", "referee_extra.yaml")
    for case in yaml.safe_load((FIXTURES / name).read_text())
]
"""The shared development set, then our own cases: edge cases of every check, each with the
source or rule that decides it."""
CHECK_URLS = {"best_opening": "best-opening", "winning_hand": "winning-hand"}
NOT_BODY = {"id", "check", "expect", "rules"}


def body_of(case: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in case.items() if key not in NOT_BODY}


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_dev_case(client: FlaskClient, case: dict[str, Any]) -> None:
    url = "/api/v1/referee/" + CHECK_URLS.get(case["check"], case["check"])
    response = client.post(url, json=body_of(case))
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    for key, expected in case["expect"].items():
        assert answer[key] == expected, (key, answer)
    assert set(case.get("rules", [])) <= set(answer["rules"]), answer["rules"]
    assert answer["explanation"] and all(line["text"] for line in answer["explanation"])


def test_ruling_names_the_options_it_applied(client: FlaskClient) -> None:
    body = {"variant": "plain", "indicator": "K4", "tiles": ["B12", "B13", "B1"]}
    plain = client.post("/api/v1/referee/meld", json=body).get_json()
    assert plain["valid"] is True and plain["options"] == {"wrap_13_1": "after_13"}
    strict = client.post("/api/v1/referee/meld",
                         json={**body, "options": {"wrap_13_1": "never"}}).get_json()
    assert strict["valid"] is False and strict["options"] == {"wrap_13_1": "never"}
    assert strict["table_options"]["wrap_13_1"] == "never"


@pytest.mark.parametrize(("lang", "plain", "in_101"), [
    ("en", "The joker R5 and Y4 are a pair", "R5 Y4 is not a pair"),
    ("de", "Der Joker R5 und Y4 sind ein Paar", "R5 Y4 ist kein Paar"),
    ("tr", "Okey (R5) ile Y4 çifttir", "R5 Y4 çift değil"),
])
def test_the_pair_check_follows_each_variants_joker_rule(client: FlaskClient, lang: str,
                                                         plain: str, in_101: str) -> None:
    """Joker and yellow 4 (506): a pair by plain Okey's default, none by 101 Okey's, each
    said in the request's language with the house rule it applied."""
    body = {"indicator": "R4", "tiles": "R5 Y4", "lang": lang}
    found = {variant: client.post("/api/v1/referee/pair", json={**body, "variant": variant})
             .get_json() for variant in ("plain", "101")}
    assert (found["plain"]["valid"], found["101"]["valid"]) == (True, False)
    assert found["plain"]["rules"] == ["506", "504"] and found["101"]["rules"] == ["506"]
    assert found["plain"]["stands_for"] == ["Y4", "Y4"]
    assert found["plain"]["options"] == {"joker_in_pair": "allowed"}
    assert found["plain"]["explanation"][0]["text"].startswith(plain)
    assert found["101"]["explanation"][0]["text"].startswith(in_101)


def test_explanation_in_the_requested_language_names_the_tiles(client: FlaskClient) -> None:
    body = {"indicator": "K4", "tiles": "B3 B4 B5"}
    texts = {lang: client.post("/api/v1/referee/meld", json={**body, "lang": lang}).get_json()
             ["explanation"][0]["text"] for lang in ("tr", "de", "en")}
    assert len(set(texts.values())) == 3
    assert all("B3" in text for text in texts.values())


@pytest.mark.parametrize(("url", "body", "code", "names"), [
    ("meld", {"indicator": "K4", "tiles": ["B3", "B4", "X9"]}, "bad_tile", "X9"),
    ("meld", {"indicator": "K4", "tiles": "B3 B3 B3"}, "too_many_copies", "B3"),
    ("meld", {"indicator": "K4", "tiles": ["F", "F", "F"]}, "too_many_fakes", "F"),
    ("winning-hand", {"variant": "plain", "indicator": "K4", "tiles": "R1 R2 R3"},
     "tile_count", "3"),
    ("meld", {"indicator": "K4", "tiles": "B3 B4 B5", "options": {"nope": "x"}},
     "unknown_option", "nope"),
    ("meld", {"indicator": "K4", "tiles": "B3 B4 B5", "options": {"wrap_13_1": "sometimes"}},
     "unknown_choice", "sometimes"),
    ("okey", {"variant": "101"}, "invalid_field", "indicator"),
    ("meld", {"tiles": "B3 F B5"}, "indicator_needed", "F"),
    ("meld", {"indicator": "K4", "tiles": "B3 B4 B5", "colour": 1}, "invalid_field", "colour"),
    ("meld", {"indicator": "K4", "tiles": "B3 B4 B5", "variant": "102"}, "invalid_field",
     "variant"),
    ("score", {"finish": "normal", "winner": 1, "players": [{"opened": "melds"}] * 5},
     "invalid_field", "players"),
])
def test_bad_referee_input_is_a_400_naming_it(client: FlaskClient, url: str,
                                              body: dict[str, Any], code: str,
                                              names: str) -> None:
    response = client.post(f"/api/v1/referee/{url}", json=body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == code
    assert names in error["message"]


@pytest.mark.parametrize("raw", [b"{", b"[1, 2]", b"", b"\xff\xfe{}", b"null", b"{" * 5000])
def test_malformed_json_is_a_400(client: FlaskClient, raw: bytes) -> None:
    response = client.post("/api/v1/referee/meld", data=raw,
                           content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"]["message"]


def test_oversized_body_is_a_413(client: FlaskClient) -> None:
    response = client.post("/api/v1/referee/meld", data=b"x" * 100_000,
                           content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["error"]["code"] == "too_large"


def test_unknown_check_and_wrong_method(client: FlaskClient) -> None:
    assert client.post("/api/v1/referee/magic", json={}).status_code == 404
    response = client.get("/api/v1/referee/meld")
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "method_not_allowed"


def test_error_message_follows_the_language(client: FlaskClient) -> None:
    messages = {lang: client.post("/api/v1/referee/meld", json={
        "indicator": "K4", "tiles": "B3 Q4", "lang": lang}).get_json()["error"]["message"]
        for lang in ("tr", "de", "en")}
    assert len(set(messages.values())) == 3
    assert all("Q4" in message for message in messages.values())


def test_openapi_describes_every_check(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["openapi"].startswith("3.")
    for name in ("okey", "meld", "opening", "best-opening", "winning-hand", "discard",
                 "pickup", "score"):
        operation = document["paths"][f"/api/v1/referee/{name}"]["post"]
        ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        schema = document["components"]["schemas"][ref.rsplit("/", 1)[1]]
        assert "variant" in schema["properties"] and "options" in schema["properties"]
    for path in ("/api/v1/search", "/api/v1/rules", "/api/v1/rules/{id}", "/api/v1/glossary"):
        assert path in document["paths"]


# --- bad input: every kind is a 4xx naming the problem, in the request's language ----------

LONG_TILES = "R11 R12" + " " * 391 + "R13"
"""403 characters: cut at 400 it would read R11 R12 R1, a different meld."""


@pytest.mark.parametrize(("raw", "code", "message"), [
    pytest.param(b'{"tiles": "R1 R2 R3", "x": ' + b"1" * 5000 + b"}", "invalid_json",
                 "A number in the body is too long (at most 100 digits).", id="5000-digits"),
    pytest.param(b'{"tiles": "R1 R2 R3", "x": -' + b"9" * 101 + b"}", "invalid_json",
                 "A number in the body is too long", id="101-digits"),
    pytest.param(b"[" * 30_000 + b"]" * 30_000, "invalid_json",
                 "The body is nested too deeply.", id="deep"),
    pytest.param(b'{"tiles": "R1 R2 R3", "\\ud800": 1}', "invalid_field",
                 "body holds text that is not valid Unicode.", id="lone-surrogate-key"),
    pytest.param(b'{"tiles": "R1 R2 R3", "indicator": NaN}', "invalid_field",
                 "indicator must be a tile written as text, such as R7.", id="nan-tile"),
    pytest.param(b'\xef\xbb\xbf\xef\xbb\xbf{"tiles": "R1 R2 R3"}', "invalid_json",
                 "The body is not valid JSON (line 1, column 1).", id="two-boms"),
])
def test_unreadable_json_is_a_400_naming_the_problem(client: FlaskClient, raw: bytes, code: str,
                                                     message: str) -> None:
    response = client.post("/api/v1/referee/meld", data=raw, content_type="application/json")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == code and error["message"].startswith(message)


@pytest.mark.parametrize(("content_type", "status"), [
    ("application/json", 200),
    ("application/json; charset=utf-8", 200),
    ("application/vnd.hakem+json", 200),
    ("application/x-www-form-urlencoded", 415),
    ("text/plain", 415),
    (None, 415),
])
def test_the_body_must_be_sent_as_json(client: FlaskClient, content_type: str | None,
                                       status: int) -> None:
    response = client.post("/api/v1/referee/meld", data=b'{"tiles": "R1 R2 R3"}',
                           content_type=content_type)
    assert response.status_code == status, response.get_json()
    if status == 415:
        assert response.get_json()["error"] == {"code": "unsupported_media_type",
                                                 "message": "Send the body as JSON."}


def test_a_byte_order_mark_before_the_json_is_accepted(client: FlaskClient) -> None:
    response = client.post("/api/v1/referee/meld", data='\ufeff{"tiles": "R1 R2 R3"}'.encode(),
                           content_type="application/json")
    assert response.status_code == 200 and response.get_json()["valid"] is True


@pytest.mark.parametrize(("url", "body", "code", "field", "message"), [
    pytest.param("meld", {"tiles": ["R1"] * 31}, "invalid_field", "tiles",
                 "tiles has too many items (at most 30).", id="31-tiles"),
    pytest.param("meld", {"tiles": [1, 2, 3]}, "invalid_field", "tiles.0",
                 "tiles.0 must be a tile written as text, such as R7.", id="numbers-as-tiles"),
    pytest.param("okey", {"indicator": ["R1"]}, "invalid_field", "indicator",
                 "indicator must be a tile written as text, such as R7.", id="list-indicator"),
    pytest.param("meld", {"tiles": ""}, "invalid_field", "tiles", "tiles is empty.",
                 id="empty-tiles"),
    pytest.param("meld", {"tiles": LONG_TILES}, "invalid_field", "tiles",
                 "tiles is too long (at most 400 characters).", id="never-cut"),
    pytest.param("discard", {"indicator": "K4", "tile": "R5", "table": [[]]}, "invalid_field",
                 "table.0", "table.0 is empty.", id="empty-table-meld"),
    pytest.param("discard", {"indicator": "K4", "tile": "R5", "table": ["R1 R2 R3", ""]},
                 "invalid_field", "table.1", "table.1 is empty.", id="blank-table-meld"),
    pytest.param("score", {"finish": "normal", "winner": float("nan")}, "invalid_field",
                 "winner", "winner must be a finite number, not NaN or Infinity.", id="nan"),
    pytest.param("score", {"finish": "normal", "winner": 0, "players": [
        {"opened": "melds"}, {"remaining_value": float("inf")}]}, "invalid_field",
        "players.1.remaining_value", "players.1.remaining_value must be a finite number",
        id="infinity"),
    pytest.param("score", {"finish": "normal", "winner": 10**60}, "invalid_field", "winner",
                 "winner must be at most 3.", id="huge-int"),
    pytest.param("meld", {"tiles": "B3 B4 B5", "options": {"nope": "x"}}, "unknown_option",
                 "options", "Unknown house rule nope.", id="unknown-option"),
    pytest.param("meld", {"indicator": "K4", "tiles": "B3 B3 B3"}, "too_many_copies", "tiles",
                 "B3 appears more than twice", id="copies-in-tiles"),
    pytest.param("pickup", {"indicator": "K4", "tile": "R5", "rack": "R5 R5 R1 R2 R3 R4 R6 R7 "
                            "R8 R9 B1 B2 B3 B4 B5 B6 B7 B8 B9 K1 K2"},
                 "too_many_copies", "rack", "R5 appears more than twice", id="copies-in-rack"),
    pytest.param("discard", {"indicator": "K4", "tile": "R5", "table": ["R1 K5 B9"]},
                 "bad_table_meld", "table", "A table meld is not a valid meld: R1 K5 B9.",
                 id="bad-table-meld"),
    pytest.param("pair", {"tiles": "R5 Y4 Y3"}, "tile_count", "tiles",
                 "Wrong number of tiles: 3, where 2 are needed.", id="pair-of-three"),
    pytest.param("pair", {"tiles": ["F", "Y4"]}, "indicator_needed", "indicator",
                 "Give the indicator: what the fake joker F stands for", id="pair-fake-alone"),
    pytest.param("pair", {"indicator": "K4", "tiles": "K4 K4"}, "too_many_copies", "tiles",
                 "K4 appears more than twice", id="pair-of-the-indicator"),
    pytest.param("opening", {"indicator": "K4"}, "melds_or_pairs", "melds",
                 "Give either melds or pairs", id="neither-melds-nor-pairs"),
    pytest.param("winning-hand", {"variant": "plain", "indicator": "K4", "tiles": "R1 R2 R3"},
                 "tile_count", "tiles", "Wrong number of tiles: 3, where 14 are needed.",
                 id="tile-count"),
    pytest.param("score", {"variant": "plain", "finish": "normal", "winner": 0,
                           "players": [{}, {}], "standings": [20, 20, 20]},
                 "standings_count", "standings", "Give one standing per player.",
                 id="plain-standings-and-players-disagree"),
])
def test_bad_input_names_the_field_and_the_problem(client: FlaskClient, url: str,
                                                   body: dict[str, Any], code: str, field: str,
                                                   message: str) -> None:
    response = client.post(f"/api/v1/referee/{url}", json=body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert (error["code"], error.get("field")) == (code, field)
    assert error["message"].startswith(message), error["message"]


@pytest.mark.parametrize(("body", "lang", "expected"), [
    ({"tiles": "B3 B4 B5", "variant": "102"}, "de", "variant muss einer dieser Werte sein: "
                                                    "'101' oder 'plain'."),
    ({"tiles": "B3 B4 B5", "variant": "102"}, "tr", "variant şunlardan biri olmalı: "
                                                    "'101' ya da 'plain'."),
    ({"tiles": "B3 B4 B5", "lang": "fr"}, "de", "lang muss einer dieser Werte sein: "
                                                "'tr', 'de' oder 'en'."),
])
def test_choices_are_listed_with_the_languages_or(client: FlaskClient, body: dict[str, Any],
                                                  lang: str, expected: str) -> None:
    response = client.post(f"/api/v1/referee/meld?lang={lang}", json=body,
                           headers={"Accept-Language": lang})
    assert response.get_json()["error"]["message"] == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", "Falsche Anzahl von Steinen: 23, nötig sind 1 bis 22."),
    ("tr", "Taş sayısı yanlış: 23; gereken 1 ile 22 arası."),
    ("en", "Wrong number of tiles: 23, where 1 to 22 are needed."),
])
def test_the_tile_count_is_worded_in_the_language(client: FlaskClient, lang: str,
                                                  expected: str) -> None:
    tiles = [f"{c}{n}" for c in "RYB" for n in range(1, 14)][:23]
    response = client.post("/api/v1/referee/best-opening",
                           json={"indicator": "K4", "tiles": tiles, "lang": lang})
    assert response.get_json()["error"]["message"] == expected


def test_an_unknown_check_answers_in_the_bodys_language(client: FlaskClient) -> None:
    response = client.post("/api/v1/referee/nope", json={"lang": "de"})
    assert response.status_code == 404
    assert response.get_json()["error"]["message"] == "Es gibt keine Prüfung nope."
