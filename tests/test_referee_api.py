"""Every referee case of the development set, through the HTTP API, and the API's contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient

CASES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "fixtures" / "referee_dev.yaml").read_text())
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
    ("best-opening", {"indicator": "K4", "tiles": "R1 R2 R3"}, "tile_count", "3"),
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
