"""The score sheet without its script: the round form, undo and finish posted as plain forms
are checked and scored as the JSON API does them, and a refused round comes back as typed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import CSRF_TOKEN

NAMES = ["Ayşe", "Mehmet", "Jana", "Tom"]


@pytest.fixture(scope="session")
def app(sheet_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL."""
    return sheet_app


def start(client: FlaskClient, variant: str = "101") -> str:
    response = client.post("/api/v1/matches", json={"players": NAMES, "variant": variant})
    assert response.status_code == 201
    code: str = response.get_json()["code"]
    return code


def send(client: FlaskClient, code: str, action: str, data: dict[str, Any],
         lang: str = "en") -> Any:
    """Post one of the sheet page's forms as a browser without script does: its fields and
    the session's CSRF token (a finished sheet has no form, so it is read from a page that
    always has one)."""
    page = client.get(f"/{lang}/sheet/").get_data(as_text=True)
    found = CSRF_TOKEN.search(page)
    assert found, "no CSRF token on the new-match page"
    return client.post(f"/{lang}/sheet/{code}/{action}",
                       data={**data, "csrf_token": found.group(1)})


def sums(winner: int, *left: int) -> dict[str, Any]:
    """The round form as filled at the table: the winner and the others' sums."""
    values = iter(left)
    form: dict[str, Any] = {"finish": "normal", "winner": str(winner),
                            "round_id": "form" + "0" * 10 + str(winner)}
    for i in range(4):
        form[f"p{i}_opened"] = "melds"
        if i != winner:
            form[f"p{i}_value"] = str(next(values))
    return form


def state(client: FlaskClient, code: str) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/v1/matches/{code}").get_json()
    return data


def test_a_round_sent_as_a_form_is_scored_as_the_api_scores_it(client: FlaskClient) -> None:
    by_form, by_api = start(client), start(client)
    response = send(client, by_form, "rounds", sums(1, 12, 30, 7))
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/en/sheet/{by_form}#sheet-table")
    client.post(f"/api/v1/matches/{by_api}/rounds", json={
        "finish": "normal", "winner": 1, "players": [
            {"opened": "melds", "remaining_value": 12}, {"opened": "melds"},
            {"opened": "melds", "remaining_value": 30}, {"opened": "melds", "remaining_value": 7}]})
    assert state(client, by_form)["totals"] == state(client, by_api)["totals"] == [12, -101, 30, 7]


def test_the_same_form_sent_twice_adds_one_round(client: FlaskClient) -> None:
    """A reload of the POST, or a retry: the form's round id makes it the same round."""
    code = start(client)
    form = sums(0, 5, 6, 7)
    assert send(client, code, "rounds", form).status_code == 303
    assert send(client, code, "rounds", form).status_code == 303
    assert [r["number"] for r in state(client, code)["rounds"]] == [1]


def test_tiles_penalties_and_the_indicator_are_read_from_the_form(client: FlaskClient) -> None:
    code = start(client)
    form = sums(0, 5, 6, 7)
    del form["p1_value"]
    form.update({"p1_remaining": "R7 K2", "indicator": "B4", "p2_penalties": "islek"})
    assert send(client, code, "rounds", form).status_code == 303
    entry = state(client, code)["rounds"][0]["entry"]
    assert entry["players"][1]["remaining"] == ["R7", "K2"]
    assert entry["players"][2]["penalties"] == ["islek"]
    assert entry["indicator"] == "B4"


def test_a_refused_round_comes_back_with_what_was_typed_in_the_users_language(
        client: FlaskClient) -> None:
    code = start(client)
    form = sums(1, 12, 30, 7)
    del form["p3_value"]  # Tom's sum is missing
    response = send(client, code, "rounds", form, lang="de")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    error = re.search(r'data-page-error[^>]*><p>(.*?)</p>', page, re.S)
    assert error and "Tom" in error.group(1) and "übrig" in error.group(1)
    assert 'name="p0_value" value="12"' in page and 'name="p2_value" value="30"' in page
    assert re.search(r'name="winner" value="1"\s+checked', page)
    assert f'value="{form["round_id"]}"' in page  # a second try is still the same round
    assert state(client, code)["rounds"] == []


@pytest.mark.parametrize(("field", "value", "named"), [
    ("p0_value", "zwölf", "Sum left"),
    ("p0_value", "99999", "Sum left"),
    ("winner", "7", "Who finished"),
    ("finish", "knocked", "finish"),
    ("p0_remaining", "R14", "R14"),
    ("round_id", "<script>", "round_id"),
])
def test_a_bad_field_is_a_400_that_names_it(client: FlaskClient, field: str, value: str,
                                            named: str) -> None:
    code = start(client)
    form = sums(1, 12, 30, 7)
    if field == "p0_remaining":
        del form["p0_value"]
    form[field] = value
    response = send(client, code, "rounds", form)
    assert response.status_code == 400
    assert named in response.get_data(as_text=True)
    assert state(client, code)["rounds"] == []


def test_undo_by_form_twice_removes_one_round(client: FlaskClient) -> None:
    code = start(client)
    send(client, code, "rounds", sums(0, 5, 6, 7))
    second = sums(1, 5, 6, 7)
    send(client, code, "rounds", second)
    assert send(client, code, "undo", {"number": "2"}).status_code == 303
    assert send(client, code, "undo", {"number": "2"}).status_code == 303
    assert [r["number"] for r in state(client, code)["rounds"]] == [1]
    refused = send(client, code, "undo", {"number": "0"})
    assert refused.status_code == 400 and "Round" in refused.get_data(as_text=True)


def test_finish_by_form_ends_the_match(client: FlaskClient) -> None:
    code = start(client)
    send(client, code, "rounds", sums(0, 5, 6, 7))
    assert send(client, code, "finish", {}).status_code == 303
    assert state(client, code)["winners"] == [0]
    late = send(client, code, "rounds", sums(1, 5, 6, 7), lang="tr")
    assert late.status_code == 409 and 'data-page-error' in late.get_data(as_text=True)


def test_a_viewer_posting_the_form_is_refused_and_nothing_changes(app: Flask,
                                                                  client: FlaskClient) -> None:
    code = start(client)
    with app.test_client() as viewer:
        response = send(viewer, code, "rounds", sums(0, 5, 6, 7))
        assert response.status_code == 403
        assert "data-page-error" in response.get_data(as_text=True)
    assert state(client, code)["rounds"] == []


def test_without_the_token_the_form_is_refused(client: FlaskClient) -> None:
    code = start(client)
    response = client.post(f"/en/sheet/{code}/rounds", data=sums(0, 5, 6, 7))
    assert response.status_code == 400
    assert state(client, code)["rounds"] == []


def test_a_plain_okey_round_by_form(client: FlaskClient) -> None:
    code = start(client, "plain")
    form = {"finish": "pairs", "winner": "2", "round_id": "plainround01"}
    assert send(client, code, "rounds", form).status_code == 303
    assert state(client, code)["rounds"][0]["entry"]["winner"] == 2
