"""The score sheet through the real app: rounds scored by the referee, corrections, undo,
finish, CSV, sharing and bad input (each a 4xx naming the problem)."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import inspect, select

from referee.checks import PENALTY
from rules_data.search import SearchIndex
from web.sheet import store
from web.sheet.matches import ALPHABET
from web.sheet.models import Match, Round
from web.sheet.views import SNAPSHOTS

from tests.conftest import post_form

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ayşe", "Mehmet", "Jana", "Tom"]


@pytest.fixture(scope="session")
def app(sheet_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL."""
    return sheet_app


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    body.setdefault("players", NAMES)
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


def add(client: FlaskClient, code: str, status: int = 201, **entry: Any) -> dict[str, Any]:
    response = client.post(f"/api/v1/matches/{code}/rounds", json=entry)
    assert response.status_code == status, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


def normal_round(winner: int = 0, left: tuple[int, ...] = (10, 20, 30)) -> dict[str, Any]:
    """A normal finish: everyone opened with melds, the others announce their sums."""
    values = iter(left)
    return {"finish": "normal", "winner": winner, "players": [
        {"opened": "melds"} if i == winner else {"opened": "melds", "remaining_value": next(values)}
        for i in range(4)]}


def test_a_match_starts_empty_with_a_code_and_an_edit_key(client: FlaskClient) -> None:
    data = create(client, rounds=9)
    assert len(data["code"]) == 6 and set(data["code"]) <= set(ALPHABET)
    assert data["players"] == NAMES and data["planned_rounds"] == 9
    assert data["rounds"] == [] and data["totals"] == [0, 0, 0, 0] and data["leaders"] == []
    assert data["edit_key"] and data["can_edit"] is True
    assert data["links"]["edit"].endswith(f"/en/sheet/{data['code']}/edit?key={data['edit_key']}")


def test_okey_finish_in_a_risk_round_doubles_twice(client: FlaskClient) -> None:
    code = create(client)["code"]
    data = add(client, code, finish="okey", winner=0, risk_round=True, players=[
        {"opened": "melds"}, {"opened": "melds", "remaining_value": 10}, {"opened": None},
        {"opened": "melds", "remaining": "R2 R3"}])
    played = data["round"]
    assert played["multiplier"] == 4
    assert played["scores"] == [-404, 40, 808, 20]
    assert data["totals"] == [-404, 40, 808, 20]
    assert data["leaders"] == [0]
    assert {"602", "611", "612"} <= set(played["rules"])
    assert any(line["player"] == 2 and line["points"] == 808 for line in played["lines"])


def test_a_pair_opener_pays_double_under_that_house_rule(client: FlaskClient) -> None:
    code = create(client, options={"pair_opener_double": "double"})["code"]
    entry = normal_round(left=(10, 20, 30))
    entry["players"][1] = {"opened": "pairs", "remaining_value": 15}
    played = add(client, code, **entry)["round"]
    assert played["scores"] == [-101, 30, 20, 30]
    assert "505" in played["rules"]

    single = create(client, options={"pair_opener_double": "single"})["code"]
    assert add(client, single, **entry)["round"]["scores"] == [-101, 15, 20, 30]


def test_penalties_add_to_the_round(client: FlaskClient) -> None:
    code = create(client)["code"]
    entry = normal_round(left=(10, 20, 30))
    entry["players"][2]["penalties"] = ["islek"]
    entry["players"][0]["penalties"] = ["opening_short"]
    played = add(client, code, **entry)["round"]
    assert played["scores"] == [-101 + PENALTY, 10, 20 + PENALTY, 30]
    assert {"701", "702"} <= set(played["rules"])


def test_correcting_an_earlier_round_recomputes_the_totals(client: FlaskClient) -> None:
    code = create(client)["code"]
    add(client, code, **normal_round(0, (10, 20, 30)))
    add(client, code, **normal_round(1, (5, 5, 5)))
    before = add(client, code, **normal_round(2, (1, 2, 3)))
    assert before["totals"] == [-101 + 5 + 1, 10 - 101 + 2, 20 + 5 - 101, 30 + 5 + 3]
    response = client.put(f"/api/v1/matches/{code}/rounds/1", json=normal_round(3, (7, 7, 7)))
    assert response.status_code == 200, response.get_json()
    after = response.get_json()
    assert after["rounds"][0]["scores"] == [7, 7, 7, -101]
    assert after["totals"] == [7 + 5 + 1, 7 - 101 + 2, 7 + 5 - 101, -101 + 5 + 3]
    assert after["version"] > before["version"]
    assert [r["number"] for r in after["rounds"]] == [1, 2, 3]


def test_a_new_round_is_answered_with_the_change_and_scored_from_the_last_row(
        app: Flask, client: FlaskClient) -> None:
    """Adding a round reads one round row (the last), answers with the new round and the
    standing after it, and stores totals that equal scoring the whole match again."""
    from sqlalchemy import event

    code = create(client)["code"]
    for winner in range(3):
        add(client, code, **normal_round(winner, (10 * winner + 1, 2, 3)))
    client.get(f"/api/v1/matches/{code}")  # the worker keeps this version's sheet
    statements: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(" ".join(statement.split()))

    with app.app_context():
        engine = store.store().engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        data = add(client, code, **normal_round(3, (4, 5, 6)))
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    round_reads = [s for s in statements if s.startswith("SELECT") and "FROM sheet_round" in s]
    assert round_reads and all("LIMIT" in s for s in round_reads), round_reads
    assert "rounds" not in data and data["round"]["number"] == 4
    assert (code, data["version"]) in app.extensions[SNAPSHOTS].found  # extended, not loaded
    assert data["round"]["scores"] == [4, 5, 6, -101]
    whole = client.get(f"/api/v1/matches/{code}").get_json()
    assert whole["rounds"][-1] == data["round"]
    assert data["totals"] == whole["totals"] and data["leaders"] == whole["leaders"]
    assert data["version"] == whole["version"] and data["game_over"] is False
    app.extensions[SNAPSHOTS].found.clear()  # the kept sheet, extended, is the one scored anew
    assert client.get(f"/api/v1/matches/{code}").get_json() == whole
    with app.app_context(), store.reading() as session:
        stored = [r.result["totals"] for r in session.scalars(
            select(Round).join(Match).where(Match.code == code).order_by(Round.number))]
    assert stored == [r["totals"] for r in whole["rounds"]]


def test_a_match_stored_without_totals_is_scored_from_the_start(
        app: Flask, client: FlaskClient) -> None:
    code = create(client)["code"]
    add(client, code, **normal_round(0, (10, 20, 30)))
    with app.app_context(), store.writing() as session:
        for row in session.scalars(select(Round).join(Match).where(Match.code == code)):
            row.result = {k: v for k, v in row.result.items() if k not in ("totals", "over")}
    data = add(client, code, **normal_round(1, (1, 2, 3)))
    assert data["round"]["number"] == 2 and data["totals"] == [-100, -91, 22, 33]
    with app.app_context(), store.reading() as session:
        stored = [r.result["totals"] for r in session.scalars(
            select(Round).join(Match).where(Match.code == code).order_by(Round.number))]
    assert stored == [[-101, 10, 20, 30], [-100, -91, 22, 33]]


def test_undo_removes_only_the_last_round(client: FlaskClient) -> None:
    code = create(client)["code"]
    add(client, code, **normal_round(0))
    add(client, code, **normal_round(1))
    response = client.delete(f"/api/v1/matches/{code}/rounds/last")
    assert response.status_code == 200
    data = response.get_json()
    assert [r["number"] for r in data["rounds"]] == [1]
    assert data["totals"] == [-101, 10, 20, 30]
    client.delete(f"/api/v1/matches/{code}/rounds/last")
    empty = client.delete(f"/api/v1/matches/{code}/rounds/last")
    assert empty.status_code == 409 and empty.get_json()["error"]["code"] == "no_rounds"


def test_undoing_a_named_round_twice_removes_it_once(client: FlaskClient) -> None:
    """A double tap or a retried request must not take a second round with it."""
    code = create(client)["code"]
    add(client, code, **normal_round(0))
    add(client, code, **normal_round(1))
    first = client.delete(f"/api/v1/matches/{code}/rounds/2")
    again = client.delete(f"/api/v1/matches/{code}/rounds/2")
    assert first.status_code == again.status_code == 200
    assert again.get_json()["version"] == first.get_json()["version"]  # nothing changed
    assert [r["number"] for r in again.get_json()["rounds"]] == [1]
    assert again.get_json()["totals"] == [-101, 10, 20, 30]


def test_only_the_last_round_can_be_undone_by_number(client: FlaskClient) -> None:
    code = create(client)["code"]
    add(client, code, **normal_round(0))
    add(client, code, **normal_round(1))
    refused = client.delete(f"/api/v1/matches/{code}/rounds/1",
                            headers={"Accept-Language": "de"})
    assert refused.status_code == 409
    error = refused.get_json()["error"]
    assert error["code"] == "not_last_round" and "1" in error["message"]
    assert "Runde" in error["message"]
    kept = client.get(f"/api/v1/matches/{code}").get_json()
    assert [r["number"] for r in kept["rounds"]] == [1, 2]


def test_finishing_announces_the_lowest_total_in_101(client: FlaskClient) -> None:
    code = create(client)["code"]
    add(client, code, **normal_round(2, (40, 10, 60)))
    response = client.post(f"/api/v1/matches/{code}/finish", json={})
    assert response.status_code == 200
    data = response.get_json()
    assert data["finished"] and data["winners"] == [2] and data["can_edit"] is False
    late = client.post(f"/api/v1/matches/{code}/rounds", json=normal_round())
    assert late.status_code == 409 and late.get_json()["error"]["code"] == "match_finished"
    page = client.get(f"/en/sheet/{code}")
    assert "Winner: Jana" in page.get_data(as_text=True)


def test_plain_tournament_counts_down_from_20_and_ends_at_0(client: FlaskClient) -> None:
    code = create(client, variant="plain", players=["A", "B"],
                  options={"plain_match": "tournament_20"})["code"]
    data = add(client, code, finish="okey", winner=1)
    assert data["totals"] == [16, 20] and data["leaders"] == [1]
    for _ in range(3):
        data = add(client, code, finish="pairs", winner=1)
    assert data["totals"] == [4, 20] and not data["game_over"]
    data = add(client, code, finish="okey", winner=1)
    assert data["totals"] == [0, 20] and data["game_over"]
    over = client.post(f"/api/v1/matches/{code}/rounds", json={"finish": "normal", "winner": 0})
    assert over.status_code == 409 and over.get_json()["error"]["code"] == "game_over"
    done = client.post(f"/api/v1/matches/{code}/finish", json={}).get_json()
    assert done["winners"] == [1]


def test_plain_most_rounds_won(client: FlaskClient) -> None:
    code = create(client, variant="plain", players=["A", "B", "C"],
                  options={"plain_match": "most_rounds"})["code"]
    add(client, code, finish="normal", winner=2)
    add(client, code, finish="deck_out")
    data = add(client, code, finish="normal", winner=0)
    data = add(client, code, finish="normal", winner=2)
    assert data["totals"] == [1, 0, 2] and data["leaders"] == [2]


def test_csv_export_has_a_row_per_round_and_the_totals(client: FlaskClient) -> None:
    code = create(client, players=["=cmd", "B", "C", "D"])["code"]
    add(client, code, **normal_round(0, (10, 20, 30)))
    add(client, code, **normal_round(1, (1, 2, 3)))
    response = client.get(f"/en/sheet/{code}/csv")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:5] == ["Round", "How the round ended", "Who finished", "'=cmd", "B"]
    assert rows[1][:7] == ["1", "Normal finish", "'=cmd", "-101", "10", "20", "30"]
    assert rows[3][3:7] == ["-100", "-91", "22", "33"]


def test_pages_share_view_and_edit(app: Flask, client: FlaskClient) -> None:
    assert 'href="/en/sheet/"' in client.get("/en/").get_data(as_text=True)
    form = client.get("/en/sheet/")
    assert form.status_code == 200 and 'name="player3"' in form.get_data(as_text=True)
    made = post_form(client, "/en/sheet/", {"variant": "101", "player0": "A", "player1": "B",
                                        "rounds": "5"})
    assert made.status_code == 302
    code = made.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    page = client.get(f"/en/sheet/{code}").get_data(as_text=True)
    assert "data-round-form" in page and "<svg" in page and "edit?key=" in page
    assert client.get(f"/en/sheet/{code.lower()}").status_code == 302
    with app.test_client() as viewer:
        seen = viewer.get(f"/en/sheet/{code}").get_data(as_text=True)
        assert "data-round-form" not in seen and "edit?key=" not in seen and "data-readonly" in seen
        refused = viewer.post(f"/api/v1/matches/{code}/rounds",
                              json={"finish": "normal", "winner": 0,
                                    "players": [{"opened": "melds"}, {"opened": None}]})
        assert refused.status_code == 403
        assert refused.get_json()["error"]["code"] == "edit_forbidden"
        assert viewer.get(f"/en/sheet/{code}/edit?key=wrong").status_code == 403
    with app.test_client() as second:
        key = page.split("edit?key=", 1)[1].split('"', 1)[0]
        assert second.get(f"/en/sheet/{code}/edit?key={key}").status_code == 302
        assert "data-round-form" in second.get(f"/en/sheet/{code}").get_data(as_text=True)
        entered = second.post(f"/api/v1/matches/{code}/rounds",
                              json={"finish": "normal", "winner": 0,
                                    "players": [{"opened": "melds"}, {"opened": None}]})
        assert entered.status_code == 201
        assert entered.get_json()["totals"] == [-101, 202]
    assert client.get(f"/en/sheet/{code}/print").status_code == 200


def test_viewers_poll_with_the_version(client: FlaskClient) -> None:
    data = create(client)
    code, version = data["code"], data["version"]
    assert client.get(f"/api/v1/matches/{code}?since={version}").status_code == 204
    assert client.get(f"/en/sheet/{code}/table?since={version}").status_code == 204
    add(client, code, **normal_round())
    newer = client.get(f"/api/v1/matches/{code}?since={version}")
    assert newer.status_code == 200 and newer.get_json()["version"] == version + 1
    fragment = client.get(f"/en/sheet/{code}/table?since={version}")
    assert fragment.status_code == 200 and fragment.headers["X-Sheet-Version"] == str(version + 1)
    assert 'data-total="0"' in fragment.get_data(as_text=True)
    assert client.get(f"/api/v1/matches/{code}?since=x").status_code == 400


def test_migrations_ran_and_the_command_works(app: Flask, runner: Any) -> None:
    with app.app_context():
        tables = set(inspect(store.store().engine).get_table_names())
    assert {"sheet_match", "sheet_round", "alembic_version"} <= tables
    result = runner.invoke(args=["db-upgrade"])
    assert result.exit_code == 0 and "head" in result.output


def test_a_database_at_head_is_not_migrated_again_so_workers_never_load_alembic(
        own_database: str, search_index: SearchIndex, tmp_path: Path) -> None:
    from alembic.script import ScriptDirectory

    assert store.head_revision() == ScriptDirectory(str(store.MIGRATIONS)).get_current_head()
    engine = store.make_engine(own_database)
    try:
        assert store.current_revision(engine) is None
        store.migrate_if_behind(engine)
        assert store.current_revision(engine) == store.head_revision()
    finally:
        engine.dispose()
    started = subprocess.run(
        [sys.executable, "-c", "import sys; from tests.conftest import make_app; from pathlib "
         "import Path; app = make_app(Path(sys.argv[1]), Path(sys.argv[2]), DATABASE_URL="
         "sys.argv[3]); print('alembic' in sys.modules, 'sheet_round' in __import__("
         "'sqlalchemy').inspect(app.extensions['hakem.sheet'].engine).get_table_names())",
         str(search_index.directory), str(tmp_path), own_database],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=120)
    assert started.returncode == 0, started.stderr[-2000:]
    assert started.stdout.split() == ["False", "True"]


@pytest.mark.parametrize(("entry", "code", "field"), [
    pytest.param({"finish": "normal", "winner": [0, 1]}, "invalid_field", "winner", id="two-winners"),
    pytest.param({**normal_round(), "winner": 3, "players": normal_round()["players"][:2]},
                 "player_entries", "players", id="entries-for-two-of-four"),
    pytest.param({**normal_round(), "winner": 7}, "invalid_field", "winner", id="winner-7"),
    pytest.param({"finish": "normal", "winner": 0, "players": [
        {"opened": "melds"}, {"opened": "melds", "remaining": "R7 R7"},
        {"opened": "melds", "remaining": "R7"}, {"opened": None}]},
        "too_many_copies", None, id="three-red-sevens"),
    pytest.param({"finish": "normal", "winner": 0, "players": [
        {"opened": "melds"}, {"opened": "melds", "remaining": "Q9"}, {}, {}]},
        "bad_tile", "players.1.remaining", id="not-a-tile"),
    pytest.param({"finish": "normal", "winner": 1, "players": [
        {"opened": "melds"}, {"opened": None}, {}, {}]}, "winner_not_opened", None,
        id="winner-never-opened"),
    pytest.param({"finish": "deck_out", "winner": 1, "players": [{}, {}, {}, {}]},
                 "winner_deck_out", None, id="deck-out-with-a-winner"),
    pytest.param({"finish": "sometimes"}, "invalid_field", "finish", id="unknown-finish"),
    pytest.param({"finish": "normal", "winner": 0, "players": [{"penalties": ["cheating"]}]},
                 "invalid_field", "players.0.penalties.0", id="unknown-penalty"),
    pytest.param({"finish": "normal", "hand": "R7"}, "invalid_field", "hand", id="extra-field"),
    pytest.param({**normal_round(), "lang": "xx"}, "invalid_field", "lang", id="unknown-lang"),
    pytest.param({**normal_round(), "winner": 0, "indicator": ["R1"]}, "invalid_field",
                 "indicator", id="list-indicator"),
])
def test_an_impossible_round_is_a_400_naming_the_problem(
        client: FlaskClient, entry: dict[str, Any], code: str, field: str | None) -> None:
    match = create(client)["code"]
    response = client.post(f"/api/v1/matches/{match}/rounds", json=entry)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == code and error["message"]
    if field:
        assert error.get("field") == field
    assert client.get(f"/api/v1/matches/{match}").get_json()["rounds"] == []


OPENED = {"opened": "melds"}


@pytest.mark.parametrize(("entry", "code", "field", "says"), [
    pytest.param({"finish": "normal", "winner": 0, "players": [OPENED] * 4}, "missing_left",
                 "players.1.remaining_value", "Mehmet, Jana, and Tom", id="empty-round"),
    pytest.param({"finish": "normal", "winner": 0, "players": [
        OPENED, {"opened": "melds", "remaining_value": 12}, {"opened": None}, OPENED]},
        "missing_left", "players.3.remaining_value", "what Tom had left", id="one-missing"),
    pytest.param({"finish": "normal", "winner": None, "players": [
        {"opened": "melds", "remaining_value": 5}] * 4}, "no_winner", "winner",
        "who finished", id="no-winner-no-deck-out"),
    pytest.param({"finish": "deck_out", "players": [
        {"opened": "melds", "remaining_value": 5}, OPENED, {"opened": None},
        {"opened": "melds", "remaining": "R1"}]}, "missing_left", "players.1.remaining_value",
        "Mehmet", id="deck-out-needs-every-opened-rack"),
    pytest.param({**normal_round(left=(10, 267, 30))}, "impossible_sum",
                 "players.2.remaining_value", "Jana cannot have 267 left", id="sum-too-high"),
])
def test_a_round_that_cannot_have_happened_is_refused_by_name(
        client: FlaskClient, entry: dict[str, Any], code: str, field: str, says: str) -> None:
    match = create(client)["code"]
    response = client.post(f"/api/v1/matches/{match}/rounds", json=entry)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field)
    assert says in error["message"]
    assert client.get(f"/api/v1/matches/{match}").get_json()["rounds"] == []
    add(client, match, **normal_round(left=(10, 266, 30)))  # the most a rack can count
    corrected = client.put(f"/api/v1/matches/{match}/rounds/1", json=entry)
    assert corrected.status_code == 400 and corrected.get_json()["error"]["code"] == code


@pytest.mark.parametrize(("body", "code"), [
    ({"players": ["A"]}, "invalid_field"),
    ({"players": ["A", "B", "C", "D", "E"]}, "invalid_field"),
    ({"players": ["A", "  "]}, "empty_name"),
    ({"players": ["A", "B" * 25]}, "name_too_long"),
    ({"players": ["Ali", "ali"]}, "duplicate_name"),
    ({"players": ["A", "B"], "variant": "chess"}, "invalid_field"),
    ({"players": ["A", "B"], "rounds": 0}, "invalid_field"),
    ({"players": ["A", "B"], "options": {"gravity": "off"}}, "unknown_option"),
    ({"players": ["A", "B"], "table": "zz"}, "bad_table_code"),
])
def test_a_bad_new_match_is_refused(client: FlaskClient, body: dict[str, Any], code: str) -> None:
    response = client.post("/api/v1/matches", json=body)
    assert 400 <= response.status_code < 500
    assert response.get_json()["error"]["code"] == code


@pytest.mark.parametrize(("body", "code", "field"), [
    pytest.param({"table": "zzz"}, "bad_table_code", "table", id="not-a-table-code"),
    pytest.param({"table": "1", "options": {"wrap_13_1": "after_13"}}, "table_and_options",
                 "options", id="table-and-options"),
    pytest.param({"table": "1", "options": {"gravity": "off"}}, "table_and_options", "options",
                 id="table-and-unknown-option"),
    pytest.param({"players": ["A\x00li", "B"]}, "bad_name", "players.0", id="nul"),
    pytest.param({"players": ["\u202eAli", "B"]}, "bad_name", "players.0", id="bidi-override"),
    pytest.param({"players": ["Ali", "B\ufffd"]}, "bad_name", "players.1", id="not-utf8"),
    pytest.param({"players": ["Ali", "\u200b\u2060"]}, "empty_name", "players.1",
                 id="only-zero-width"),
    pytest.param({"players": ["Ali", "Ali\u200b"]}, "duplicate_name", "players",
                 id="zero-width-twin"),
    pytest.param({"players": ["Cafe\u0301", "CAFÉ"]}, "duplicate_name", "players",
                 id="nfc-and-case-twin"),
])
def test_a_bad_new_match_is_a_400_naming_the_field(client: FlaskClient, body: dict[str, Any],
                                                   code: str, field: str) -> None:
    response = client.post("/api/v1/matches", json={"players": ["A", "B"], **body})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field) and error["message"]


def test_names_are_kept_in_nfc(client: FlaskClient) -> None:
    assert create(client, players=["Cafe\u0301", "Ali"])["players"] == ["Caf\u00e9", "Ali"]


@pytest.mark.parametrize(("raw", "content_type", "status", "code"), [
    (b'{"finish": "normal", "winner": ' + b"9" * 5000 + b"}", "application/json", 400,
     "invalid_json"),
    (b"finish=normal&winner=0", "application/x-www-form-urlencoded", 415,
     "unsupported_media_type"),
    (b'{"finish": "deck_out"}', None, 415, "unsupported_media_type"),
])
def test_an_unreadable_round_is_refused_and_nothing_is_stored(
        client: FlaskClient, raw: bytes, content_type: str | None, status: int,
        code: str) -> None:
    match = create(client)["code"]
    response = client.post(f"/api/v1/matches/{match}/rounds", data=raw,
                           content_type=content_type)
    assert response.status_code == status
    assert response.get_json()["error"]["code"] == code
    assert client.get(f"/api/v1/matches/{match}").get_json()["rounds"] == []


@pytest.mark.parametrize("since", ["abc", "%C2%B2", "%D9%A3", "-1", "9" * 5000, ""])
def test_a_bad_since_is_a_400_on_the_api_and_the_page(client: FlaskClient, since: str) -> None:
    code = create(client)["code"]
    response = client.get(f"/api/v1/matches/{code}?since={since}")
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "since"
    assert "since must be a whole number from 0 to" in response.get_json()["error"]["message"]
    assert client.get(f"/en/sheet/{code}/table?since={since}").status_code == 400


@pytest.mark.parametrize(("typed", "quoted"), [("-", "“-”"), ("%E2%80%8B", "“\u200b”"),
                                               ("ZZZZZZ", "“ZZZZZZ”")])
def test_an_unknown_match_quotes_the_code_as_typed(client: FlaskClient, typed: str,
                                                   quoted: str) -> None:
    response = client.get(f"/api/v1/matches/{typed}")
    assert response.status_code == 404
    assert response.get_json()["error"]["message"] == f"There is no match with the code {quoted}."


@pytest.mark.parametrize(("data", "content_type", "status", "message"), [
    pytest.param({"player0": "A", "player1": "B", "rounds": "²"}, None, 400,
                 "Rounds to play must be a whole number from 1 to 60, not “²”.", id="superscript"),
    pytest.param({"player0": "A", "player1": "B", "rounds": "9" * 5000}, None, 400,
                 "Rounds to play must be a whole number from 1 to 60", id="5000-nines"),
    pytest.param({"player0": "A", "player1": "B", "rounds": "0"}, None, 400,
                 "Rounds to play must be a whole number from 1 to 60, not “0”.", id="zero"),
    pytest.param({"player0": "A", "player1": "B", "colour": "red"}, None, 400,
                 "colour is not a field of this form.", id="unknown-field"),
    pytest.param({"player0": "A", "player1": "B", "variant": "chess"}, None, 400,
                 "Unknown variant: use 101 or plain.", id="unknown-variant"),
    pytest.param(b"player0=%FF%FE&player1=B", "application/x-www-form-urlencoded", 400,
                 "The form is not UTF-8 text.", id="not-utf8"),
    pytest.param(b'{"player0": "A", "player1": "B"}', "application/json", 415,
                 "Send this form from its page.", id="json"),
])
def test_a_bad_new_match_form_is_a_4xx_naming_the_problem(
        client: FlaskClient, data: Any, content_type: str | None, status: int,
        message: str) -> None:
    response = post_form(client, "/en/sheet/", data, content_type=content_type)
    assert response.status_code == status
    assert message in response.get_data(as_text=True).replace("&#34;", '"')


def test_a_bad_new_match_form_is_shown_again_with_the_problem(client: FlaskClient) -> None:
    response = post_form(client, "/en/sheet/", {"variant": "101", "player0": "A"})
    assert response.status_code == 400
    assert "A match has 2 to 4 players, not 1." in response.get_data(as_text=True)


def test_wrong_code_missing_secret_oversized_and_planned_rounds(app: Flask,
                                                                client: FlaskClient) -> None:
    assert client.get("/api/v1/matches/ZZZZZZ").status_code == 404
    assert client.get("/api/v1/matches/ZZZZZZ").get_json()["error"]["code"] == "unknown_match"
    assert client.get("/en/sheet/ZZZZZZ").status_code == 404
    assert client.get("/api/v1/matches/ZZZZZZ?since=1").status_code == 404
    code = create(client, players=["A", "B"], rounds=1)["code"]
    entry: dict[str, Any] = {"finish": "normal", "winner": 0,
                             "players": [{"opened": "melds"}, {"opened": None}]}
    with app.test_client() as stranger:
        refused = stranger.post(f"/api/v1/matches/{code}/rounds", json=entry)
        assert refused.status_code == 403
        assert stranger.post(f"/api/v1/matches/{code}/rounds", json=entry,
                             headers={"X-Edit-Key": "guess"}).status_code == 403
        assert stranger.delete(f"/api/v1/matches/{code}/rounds/last").status_code == 403
        assert stranger.post(f"/api/v1/matches/{code}/finish", json={}).status_code == 403
    huge = client.post(f"/api/v1/matches/{code}/rounds", data="x" * (200 * 1024),
                       content_type="application/json")
    assert huge.status_code == 413 and huge.get_json()["error"]["code"] == "too_large"
    broken = client.post(f"/api/v1/matches/{code}/rounds", data="{",
                         content_type="application/json")
    assert broken.status_code == 400 and broken.get_json()["error"]["code"] == "invalid_json"
    add(client, code, **entry)
    full = client.post(f"/api/v1/matches/{code}/rounds", json=entry)
    assert full.status_code == 409 and full.get_json()["error"]["code"] == "rounds_complete"
    missing = client.put(f"/api/v1/matches/{code}/rounds/5", json=entry)
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "unknown_round"


def test_errors_come_in_the_users_language(app: Flask, client: FlaskClient) -> None:
    from flask_babel import force_locale

    from web.reasons import error_text

    code = create(client)["code"]
    impossible = {"finish": "normal", "winner": 0, "players": [
        {"opened": "melds"}, {"opened": "melds", "remaining": "R7 R7 R7"}, {}, {}]}
    for lang in ("de", "tr", "en"):
        response = client.post(f"/api/v1/matches/{code}/rounds?lang={lang}", json=impossible)
        assert response.status_code == 400
        with app.test_request_context(), force_locale(lang):
            expected = error_text("too_many_copies", "R7")
        assert response.get_json()["error"]["message"] == expected
