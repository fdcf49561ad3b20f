"""Every house rule changes something: for each option of ``referee.Rules``, a request through
the API whose ruling differs between two of its choices, and that names the option applied.

Three options decide nothing the referee rules on (play_direction, player_count,
starting_player: who sits where and who begins); for those the test checks instead that the option is
shown on the sources page, can be set on the table page, and travels in the table's cookie
and short code.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee import Rules
from rules_data import rulebook
from web.table import COOKIE, decode

from tests.conftest import post_form

PICKUP_RACK = ("R1 R2 Y1 Y2 B1 B2 K1 K2 R4 Y4 B4 K6 R8 Y8 B10 K10 R12 Y3 B3 K3 R6")

# option: (check, request body, what to compare, choice a, choice b, value a, value b)
EFFECTS: dict[str, tuple[str, dict[str, Any], str, str, str, object, object]] = {
    "fake_indicator": ("okey", {"variant": "101", "indicator": "F"},
                       "okey", "redraw", "fakes_are_jokers", None, "F"),
    "fake_joker_role": ("meld", {"variant": "101", "indicator": "K4", "tiles": "R7 F R9"},
                        "valid", "okey_face", "wild", False, True),
    "joker_in_pair": ("opening", {"variant": "101", "indicator": "K4",
                                  "pairs": ["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "R9 K5"]},
                      "valid", "not_allowed", "allowed", False, True),
    "wrap_13_1": ("meld", {"variant": "plain", "indicator": "K4", "tiles": "B12 B13 B1"},
                  "valid", "after_13", "never", True, False),
    "pair_opener_double": ("score", {
        "variant": "101", "finish": "normal", "winner": 0,
        "players": [{"opened": "melds"}, {"opened": "pairs", "remaining": "Y6 K9"},
                    {"opened": "melds"}, {"opened": "melds"}]},
        "scores", "double", "single", [-101, 30, 0, 0], [-101, 15, 0, 0]),
    "elden_scoring": ("score", {
        "variant": "101", "finish": "elden", "winner": 0,
        "players": [{"opened": "melds"}, {}, {}, {}]},
        "scores", "table", "doubling", [-202, 808, 808, 808], [-202, 404, 404, 404]),
    "failed_pickup": ("pickup", {"variant": "101", "indicator": "K4", "tile": "Y13",
                                 "rack": PICKUP_RACK},
                      "penalty", "penalty", "no_penalty", 101, 0),
    "okey_in_hand": ("score", {
        "variant": "101", "finish": "normal", "winner": 0, "indicator": "K4",
        "players": [{"opened": "melds"}, {"opened": "melds", "remaining": "K5 R2"},
                    {"opened": "melds"}, {"opened": "melds"}]},
        "scores", "penalty", "none", [-101, 108, 0, 0], [-101, 7, 0, 0]),
    "okey_discard": ("discard", {"variant": "101", "indicator": "K4", "tile": "K5"},
                     "penalty", "penalty_if_no_melds", "no_penalty", 101, 0),
    "islek_last_tile": ("discard", {"variant": "101", "indicator": "K4", "tile": "R10",
                                    "table": ["R7 R8 R9"], "finishing": True},
                        "penalty", "exempt", "penalised", 0, 101),
    "flat_penalties_double": ("score", {
        "variant": "101", "finish": "okey", "winner": 0,
        "players": [{"opened": "melds"}, {"opened": "melds", "penalties": ["islek"]},
                    {"opened": "melds"}, {"opened": "melds"}]},
        "scores", "flat", "doubled", [-202, 101, 0, 0], [-202, 202, 0, 0]),
    "plain_match": ("score", {"variant": "plain", "finish": "normal", "winner": 0,
                              "standings": [20, 20, 20, 20]},
                    "scores", "tournament_20", "most_rounds", [0, -2, -2, -2], [1, 0, 0, 0]),
    # the okey K5 stands for R7 in the table's R5 R6 K5; R7 could take its place (302)
    "islek_okey_swap": ("discard", {"variant": "101", "indicator": "K4", "tile": "R7",
                                    "table": ["R5 R6 K5"]},
                        "penalty", "counts", "extends_only", 101, 0),
    # plain Okey, seven pairs finished by discarding the okey: 504 and 608 each double
    "plain_doublings": ("score", {"variant": "plain", "finish": "pairs", "okey_discard": True,
                                  "winner": 0, "standings": [20, 20, 20, 20]},
                        "scores", "once", "stack", [0, -4, -4, -4], [0, -8, -8, -8]),
    # a winner who opened with melds and finished with ten pairs at once
    "pair_finish": ("score", {"variant": "101", "finish": "pairs", "winner": 0,
                              "players": [{"opened": "melds"}, {"opened": "melds",
                                                                "remaining_value": 10},
                                          {"opened": "melds"}, {"opened": "melds"}]},
                    "status", "pairs_opener", "ten_pairs", 400, 200),
}

NO_CHECK = {"play_direction": ("plain", "clockwise"), "player_count": ("plain", "four"),
            "starting_player": ("plain", "dice")}
"""Options no ruling depends on, with a variant that has them and a non-default choice."""


def test_every_option_is_covered() -> None:
    assert set(EFFECTS) | set(NO_CHECK) == set(Rules.option_names())
    assert not set(EFFECTS) & set(NO_CHECK)


def ask(client: FlaskClient, check: str, body: dict[str, Any], option: str,
        choice: str) -> dict[str, Any]:
    response = client.post(f"/api/v1/referee/{check}",
                           json={**body, "options": {option: choice}})
    data: dict[str, Any] = response.get_json()
    if response.status_code != 200:  # a choice that makes the request impossible
        return {"status": response.status_code, "options": {option: choice},
                "table_options": {option: choice}}
    return {**data, "status": 200}


@pytest.mark.parametrize("option", sorted(EFFECTS))
def test_the_ruling_changes_with_the_option(client: FlaskClient, option: str) -> None:
    check, body, field, a, b, value_a, value_b = EFFECTS[option]
    first = ask(client, check, body, option, a)
    second = ask(client, check, body, option, b)
    assert (first[field], second[field]) == (value_a, value_b)
    assert first["options"][option] == a and second["options"][option] == b
    assert first["table_options"][option] == a and second["table_options"][option] == b


@pytest.mark.parametrize("option", sorted(EFFECTS))
def test_the_table_cookie_changes_the_ruling_too(client: FlaskClient, option: str) -> None:
    """Set the other choice on the table page; the same request (no options) follows it."""
    check, body, field, a, b, value_a, value_b = EFFECTS[option]
    variant = body["variant"]
    default = Rules.preset(variant).choice(option)
    other, expected = (b, value_b) if default == a else (a, value_a)
    post_form(client, "/en/table", {"variant": variant, option: other})
    response = client.post(f"/api/v1/referee/{check}", json=body)
    reply = {**response.get_json(), "status": response.status_code}
    assert reply[field] == expected
    post_form(client, "/en/table", {"variant": variant, "reset": "1"})


# Options that no check depends on: shown, settable, and carried by the cookie and code.

@pytest.mark.parametrize("option", sorted(NO_CHECK))
def test_option_without_a_check_is_on_the_sources_page(client: FlaskClient,
                                                       option: str) -> None:
    html = client.get("/en/sources").get_data(as_text=True)
    house = rulebook().house_rule(option)
    assert f'id="{option}"' in html
    for choice in house.choices:
        assert choice.label["en"].replace("'", "&#39;") in html


@pytest.mark.parametrize("option", sorted(NO_CHECK))
def test_option_without_a_check_can_be_set_and_shared(client: FlaskClient, option: str) -> None:
    variant, choice = NO_CHECK[option]
    assert Rules.preset(variant).choice(option) != choice
    form = client.get(f"/en/table?variant={variant}").get_data(as_text=True)
    assert f'name="{option}" value="{choice}"' in form
    response = post_form(client, "/en/table", {"variant": variant, option: choice})
    assert response.status_code == 302
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    assert decode(cookie.value).choice(option) == choice
    page = client.get("/en/table").get_data(as_text=True)
    code = re.search(r"/t/(\w+)", page).group(1)  # type: ignore[union-attr]
    assert code == cookie.value and decode(code).changed() == {option: choice}
    assert re.search(rf'name="{option}" value="{choice}"\s+checked', page)
    post_form(client, "/en/table", {"variant": variant, "reset": "1"})
