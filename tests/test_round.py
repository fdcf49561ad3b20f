"""The round as an engine value: disputes that depend on what happened earlier in the round,
ruled in the rule book's words with their rule ids, and property tests over random legal
rounds the engine plays itself."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee import Tile, parse_tiles
from referee.options import Rules
from referee.round import (
    MissingField,
    Move,
    MoveKind,
    RoundState,
    Seat,
    TableMeld,
    end_players,
    play,
    replay,
)
from referee.scoring import Finish, Opened, Penalty, check_score
from referee.simulate import random_round
from tests.conftest import post_form

RULES = Rules.preset("101")
T = Tile.parse


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


def table(*melds: str, owner: int = 1) -> tuple[TableMeld, ...]:
    return tuple(TableMeld(tiles(m), tiles(m), owner) for m in melds)


def state(*, opened: Opened | None = None, rack: str | None = None, drawn: bool = True,
          taken: str | None = None, on_table: tuple[TableMeld, ...] = (),
          indicator: str = "R3", others_opened: Opened | None = None) -> RoundState:
    seats = (Seat(tiles(rack) if rack is not None else None, None, opened),
             *(Seat(None, 21, others_opened) for _ in range(3)))
    return RoundState(seats, T(indicator), on_table, (), 0, drawn,
                      T(taken) if taken else None)


def codes(result: object) -> list[str]:
    return [r.code.value for r in result.reasons]  # type: ignore[attr-defined]


# 405: "A player who has not opened may not add to any meld."
def test_405_laying_off_before_opening_is_refused() -> None:
    before = state(rack="Y7 K1 K2", on_table=table("Y4 Y5 Y6"))
    result = play(before, Move(MoveKind.LAY_OFF, 0, (T("Y7"),), meld=0), RULES)
    assert not result.legal and "405" in result.rules
    assert result.state == before
    opened = dataclasses.replace(before, seats=(dataclasses.replace(before.seats[0],
                                                                    opened=Opened.MELDS),
                                                *before.seats[1:]))
    assert play(opened, Move(MoveKind.LAY_OFF, 0, (T("Y7"),), meld=0), RULES).legal


# 502: "A player who has opened with pairs may not lay down a normal meld for the rest of
# that round, but may add tiles to the melds other players have laid down."
def test_502_pairs_opener_lays_a_run() -> None:
    before = state(opened=Opened.PAIRS, rack="R4 R5 R6 K9 Y7", on_table=table("Y4 Y5 Y6"))
    run = play(before, Move(MoveKind.OPEN, 0, melds=(tiles("R4 R5 R6"),)), RULES)
    assert not run.legal and run.rules == ("502",)
    assert play(before, Move(MoveKind.LAY_OFF, 0, (T("Y7"),), meld=0), RULES).legal


# 406: "If you take the discard, you must open and use the tile you took in one of the
# melds you lay down." 705: putting it back costs 101 (708 in 001: no penalty).
def test_406_took_the_discard_and_did_not_open() -> None:
    before = dataclasses.replace(state(rack="R12 K1 K5", drawn=False), discards=(T("R12"),))
    took = play(before, Move(MoveKind.TAKE, 0), RULES)
    assert took.legal and took.state.taken == T("R12") and "406" in took.rules
    after = play(took.state, Move(MoveKind.DISCARD, 0, (T("K1"),)), RULES)
    assert not after.legal and after.penalty == 101
    assert after.rules[:2] == ("406", "705")
    assert after.state.seats[0].penalties == (Penalty.FAILED_PICKUP,)
    lenient = RULES.with_options({"failed_pickup": "no_penalty"})
    waived = play(took.state, Move(MoveKind.DISCARD, 0, (T("K1"),)), lenient)
    assert not waived.legal and waived.penalty == 0 and "708" in waived.rules


def test_406_opening_must_use_the_taken_tile() -> None:
    rack = "R12 R10 R11 K10 Y10 B10 K11 Y11 B11 K13 Y13 B13"
    before = state(rack=rack, taken="R12")
    without = play(before, Move(MoveKind.OPEN, 0, melds=(
        tiles("K10 Y10 B10"), tiles("K11 Y11 B11"), tiles("K13 Y13 B13"))), RULES)
    assert not without.legal and "406" in without.rules
    using = play(before, Move(MoveKind.OPEN, 0, melds=(
        tiles("R10 R11 R12"), tiles("K11 Y11 B11"), tiles("K13 Y13 B13"))), RULES)
    assert using.legal and using.state.taken_used and using.state.seats[0].opened is Opened.MELDS


# 704: "Only the last tile added may be taken back"; taking back more costs 101.
def test_704_taking_back_a_tile_that_was_not_the_last() -> None:
    before = state(opened=Opened.MELDS, rack="R10 K7 B1", on_table=table("R7 R8 R9", "K4 K5 K6"))
    one = play(before, Move(MoveKind.LAY_OFF, 0, (T("R10"),), meld=0), RULES)
    two = play(one.state, Move(MoveKind.LAY_OFF, 0, (T("K7"),), meld=1), RULES)
    first_back = play(two.state, Move(MoveKind.TAKE_BACK, 0, (T("R10"),), meld=0), RULES)
    assert not first_back.legal and first_back.penalty == 101 and first_back.rules == ("704",)
    last_back = play(two.state, Move(MoveKind.TAKE_BACK, 0, (T("K7"),), meld=1), RULES)
    assert last_back.legal and last_back.state.table[1].tiles == tiles("K4 K5 K6")


# 702 with the table as it was then: a discard is işlek only against the melds laid so far.
def test_702_islek_with_the_table_as_it_was() -> None:
    empty = state(opened=Opened.MELDS, rack="Y7 K1")
    assert play(empty, Move(MoveKind.DISCARD, 0, (T("Y7"),)), RULES).legal
    laid = dataclasses.replace(empty, table=table("Y4 Y5 Y6"))
    islek = play(laid, Move(MoveKind.DISCARD, 0, (T("Y7"),)), RULES)
    assert not islek.legal and islek.penalty == 101 and "702" in islek.rules
    assert islek.state.seats[0].penalties == (Penalty.ISLEK,)


# 302: a table okey stands for one tile; swapping it out needs an opened player.
def test_302_swap_out_a_table_okey_only_after_opening() -> None:
    okey_meld = (TableMeld(tiles("R7 R4 R9"), tiles("R7 R8 R9"), 1),)  # R4 is the okey (R3)
    closed = state(rack="R8 K1", on_table=okey_meld)
    refused = play(closed, Move(MoveKind.SWAP, 0, (T("R8"),), meld=0), RULES)
    assert not refused.legal and refused.rules == ("302",)
    opened = state(opened=Opened.MELDS, rack="R8 K1", on_table=okey_meld)
    swapped = play(opened, Move(MoveKind.SWAP, 0, (T("R8"),), meld=0), RULES)
    assert swapped.legal and swapped.state.table[0].tiles == tiles("R7 R8 R9")
    assert T("R4") in (swapped.state.seats[0].rack or ())
    # the okey stands for R8, not R10 or R6: neither can be swapped for it
    assert not play(opened, Move(MoveKind.SWAP, 0, (T("R10"),), meld=0), RULES).legal


# 004/401: "the opening is one event": 101 in one turn, not over several.
def test_004_opening_is_one_event() -> None:
    before = state(rack="R1 R2 R3 K10 K11 K12 B5")
    short = play(before, Move(MoveKind.OPEN, 0, melds=(tiles("K10 K11 K12"),)), RULES)
    assert not short.legal and short.penalty == 101 and "701" in short.rules
    assert short.state.seats[0].opened is None
    assert short.state.seats[0].penalties == (Penalty.OPENING_SHORT,)
    again = play(short.state, Move(MoveKind.OPEN, 0, melds=(tiles("R1 R2 R3"),)), RULES)
    assert not again.legal  # the first 33 is not carried over


# 503: all four open with pairs -> cancelled, nobody scores.
def test_503_four_pair_openers_cancel_the_round() -> None:
    rack = "R1 R1 R2 R2 R5 R5 K7 K7 B9 B9 Y3"
    seats = tuple(Seat(None, 21, Opened.PAIRS) for _ in range(3))
    before = RoundState((Seat(tiles(rack)), *seats), T("K3"), (), (), 0, True)
    pairs = tuple(tiles(p) for p in ("R1 R1", "R2 R2", "R5 R5", "K7 K7", "B9 B9"))
    result = play(before, Move(MoveKind.OPEN, 0, pairs=pairs), RULES)
    assert result.legal and result.state.over and "503" in result.rules
    ruled = replay(before, [Move(MoveKind.OPEN, 0, pairs=pairs)], RULES)
    assert ruled.score is not None and ruled.score.result["scores"] == [0, 0, 0, 0]


def test_hidden_information_names_the_missing_field() -> None:
    no_indicator = dataclasses.replace(state(opened=Opened.MELDS), indicator=None)
    with pytest.raises(MissingField) as caught:
        play(no_indicator, Move(MoveKind.DISCARD, 0, (T("Y7"),)), RULES)
    assert caught.value.field == "indicator"
    # laying off before opening needs neither the rack nor the indicator
    assert not play(dataclasses.replace(no_indicator, seats=(Seat(), *no_indicator.seats[1:]),
                                        table=table("Y4 Y5 Y6")),
                    Move(MoveKind.LAY_OFF, 0, (T("Y7"),), meld=0), RULES).legal


# 604: opening and finishing in the same turn while nobody else has opened.
def test_604_a_finish_in_one_go_is_told_from_the_turn() -> None:
    rack = "R10 R11 R12 K10 Y10 B10 K11 Y11 B11 K13 Y13 B13 R7"
    before = state(rack=rack)
    opened = play(before, Move(MoveKind.OPEN, 0, melds=(
        tiles("R10 R11 R12"), tiles("K10 Y10 B10"), tiles("K11 Y11 B11"),
        tiles("K13 Y13 B13"))), RULES)
    assert opened.legal and opened.state.opened_now
    done = play(opened.state, Move(MoveKind.FINISH, 0, (T("R7"),)), RULES)
    assert done.legal and done.state.finish is Finish.ELDEN
    # had anyone else opened, it is a normal finish
    others = dataclasses.replace(opened.state, seats=(
        opened.state.seats[0], Seat(None, 12, Opened.MELDS), *opened.state.seats[2:]))
    assert play(others, Move(MoveKind.FINISH, 0, (T("R7"),)), RULES).state.finish \
        is Finish.NORMAL


# 803: a fake joker discarded last is no okey finish; the move and the score both say so.
def test_803_a_fake_joker_last_is_a_normal_finish_in_the_round() -> None:
    before = dataclasses.replace(state(opened=Opened.MELDS, rack="F"), seats=(
        Seat(tiles("F"), None, Opened.MELDS), *(Seat(tiles(left), None, Opened.MELDS)
                                                for left in ("K2", "Y2", "B2"))))
    ruled = replay(before, [Move(MoveKind.FINISH, 0, (T("F"),))], RULES)
    assert ruled.state.finish is Finish.NORMAL and "803" in ruled.moves[0].rules
    assert ruled.score is not None and ruled.score.result["scores"] == [-101, 2, 2, 2]
    assert "803" in ruled.score.rules


# 603 as the pair_finish house rule reads it: a pairs opener going out, or ten pairs.
@pytest.mark.parametrize(("choice", "finish"), [("pairs_opener", Finish.PAIRS),
                                                ("ten_pairs", Finish.NORMAL)])
def test_603_a_pairs_opener_going_out(choice: str, finish: Finish) -> None:
    pairs = table("R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "R9 R9", owner=0)
    pairs = tuple(dataclasses.replace(m, pair=True) for m in pairs)
    before = state(opened=Opened.PAIRS, rack="Y7", on_table=(*pairs, *table("B10 B11 B12")))
    rules = RULES.with_options({"pair_finish": choice})
    done = play(before, Move(MoveKind.FINISH, 0, (T("Y7"),)), rules)
    assert done.legal and done.state.finish is finish


# 302 in a set: the okey may be swapped for any colour the set lacks.
def test_302_swap_the_okey_out_of_a_set() -> None:
    okey_set = (TableMeld(tiles("Y5 B5 R4"), tiles("Y5 B5 R5"), 1),)  # R4 is the okey (R3)
    before = state(opened=Opened.MELDS, rack="K5 R1", on_table=okey_set)
    swapped = play(before, Move(MoveKind.SWAP, 0, (T("K5"),), meld=0), RULES)
    assert swapped.legal and swapped.state.table[0].tiles == tiles("Y5 B5 K5")
    laid = play(before, Move(MoveKind.LAY_OFF, 0, (T("K5"),), meld=0), RULES)
    assert laid.legal and len(laid.state.table[0].tiles) == 4


# 406 with 704: the taken discard laid off and taken back again is not used.
def test_406_a_taken_discard_taken_back_is_not_used() -> None:
    before = state(opened=Opened.MELDS, rack="R10 K1", taken="R10",
                   on_table=table("R7 R8 R9"))
    laid = play(before, Move(MoveKind.LAY_OFF, 0, (T("R10"),), meld=0), RULES)
    assert laid.legal and laid.state.taken_used
    back = play(laid.state, Move(MoveKind.TAKE_BACK, 0, (T("R10"),), meld=0), RULES)
    assert back.legal and not back.state.taken_used
    put_back = play(back.state, Move(MoveKind.DISCARD, 0, (T("K1"),)), RULES)
    assert not put_back.legal and "406" in put_back.rules


# -- property tests: random legal rounds played by the engine itself ----------------------

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PAIRS = st.sampled_from([0, 0, 6])  # 6: racks dealt with pairs, for 501, 503 and 603
PROPERTY = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(seed=SEEDS, players=st.sampled_from([2, 3, 4]), pairs=PAIRS)
def test_random_legal_round_replays_without_violation(seed: int, players: int,
                                                      pairs: int) -> None:
    start, moves = random_round(seed, RULES, players, pairs=pairs)
    result = replay(start, moves, RULES)
    assert result.first_violation is None
    assert all(m.penalty == 0 for m in result.moves)
    # a short log is a round someone finished early (lucky draws, or pairs dealt), not one
    # the simulator gave up on
    assert len(moves) > 10 or result.state.finish is not None


@PROPERTY
@given(seed=SEEDS, players=st.sampled_from([2, 3, 4]), pairs=PAIRS)
def test_round_scores_equal_the_score_check(seed: int, players: int, pairs: int) -> None:
    start, moves = random_round(seed, RULES, players, pairs=pairs)
    result = replay(start, moves, RULES)
    end = result.state
    assume(end.over)
    assert end.finish is not None and result.score is not None
    if end.finish is Finish.CANCELLED:  # 503: nobody scores
        direct = check_score([], winner=None, finish=end.finish, rules=RULES)
    else:
        direct = check_score(end_players(end), winner=end.winner, finish=end.finish,
                             rules=RULES, indicator=end.indicator,
                             okey_discard=end.finish is Finish.OKEY,
                             last_discard=end.discards[-1] if end.winner is not None else None)
    assert result.score.result["scores"] == direct.result["scores"]
    assert sum(len(s.rack or ()) for s in end.seats) + sum(len(m.tiles) for m in end.table) \
        + len(end.discards) + (end.deck or 0) == 105  # every tile is somewhere, once


@PROPERTY
@given(seed=SEEDS, pairs=PAIRS)
def test_hidden_racks_change_no_ruling(seed: int, pairs: int) -> None:
    """The racks are hidden information: without them every move is ruled the same, and
    scoring names the rack it needs."""
    start, moves = random_round(seed, RULES, 4, pairs=pairs)
    known = replay(start, moves, RULES)
    hidden = RoundState.start(players=4, indicator=start.indicator)
    try:
        blind = replay(hidden, moves, RULES)
    except MissingField as missing:
        assert known.state.over and missing.field.startswith("seats[")
        return
    assert [m.legal for m in blind.moves] == [m.legal for m in known.moves]
    assert [m.reasons for m in blind.moves] == [m.reasons for m in known.moves]


ILLEGAL = st.sampled_from(["out_of_turn", "lay_off_closed", "draw_twice", "not_on_rack",
                           "swap_closed", "take_back_not_added", "finish_early"])


@PROPERTY
@given(seed=SEEDS, where=st.floats(min_value=0, max_value=0.999), kind=ILLEGAL, pairs=PAIRS)
def test_one_illegal_move_is_caught_there_and_nowhere_else(seed: int, where: float,
                                                          kind: str, pairs: int) -> None:
    start, moves = random_round(seed, RULES, 4, pairs=pairs)
    at = int(where * len(moves))
    states = [start]
    for move in moves[:at]:
        states.append(play(states[-1], move, RULES).state)
    before = states[-1]
    bad = _illegal(before, kind) if not before.over else None
    if bad is None:
        bad = _illegal(before, "out_of_turn")  # always possible
    assert bad is not None
    log = [*moves[:at], bad, *moves[at:]]
    result = replay(start, log, RULES)
    assert [i for i, m in enumerate(result.moves) if not m.legal] == [at]
    # the moves after it are ruled as they were without it
    clean = replay(start, moves, RULES)
    assert [m.reasons for m in result.moves[at + 1:]] == [m.reasons for m in clean.moves[at:]]


def _illegal(state: RoundState, kind: str) -> Move | None:
    turn = state.turn
    seat = state.seats[turn]
    rack = seat.rack or ()
    ready = state.drawn and rack and (state.taken is None or state.taken_used)
    if kind == "out_of_turn":
        return Move(MoveKind.DRAW, (turn + 1) % len(state.seats))
    if kind == "draw_twice":
        return Move(MoveKind.DRAW, turn) if state.drawn else Move(MoveKind.DISCARD, turn,
                                                                    (T("R1"),))
    if kind in ("lay_off_closed", "swap_closed"):
        if not (seat.opened is None and state.drawn and state.table and rack):
            return None
        move_kind = MoveKind.LAY_OFF if kind == "lay_off_closed" else MoveKind.SWAP
        return Move(move_kind, turn, rack[:1], meld=0)
    if kind == "take_back_not_added":
        if not (state.drawn and state.table) or (0, state.table[0].tiles[0]) in state.added:
            return None
        return Move(MoveKind.TAKE_BACK, turn, state.table[0].tiles[:1], meld=0)
    if kind == "finish_early":
        return Move(MoveKind.FINISH, turn, rack[:1]) if ready and len(rack) > 1 else None
    missing = next((t for t in (T(f"{c}{n}") for c in "RYBK" for n in range(1, 14))
                    if t not in rack), None)
    if not state.drawn or missing is None:
        return None
    return Move(MoveKind.DISCARD, turn, (missing,))


# -- the API and the CLI ------------------------------------------------------------------

FIXTURE = "tests/fixtures/round_example.json"


def _log() -> dict[str, object]:
    import json
    with open(FIXTURE, encoding="utf-8") as stream:
        body: dict[str, object] = json.load(stream)
    return body


def test_api_round_rules_every_move_and_scores_like_the_score_check(client: object) -> None:
    body = _log()
    answer = client.post("/api/v1/referee/round", json=body)  # type: ignore[attr-defined]
    assert answer.status_code == 200
    ruled = answer.get_json()
    assert len(ruled["moves"]) == len(body["moves"])  # type: ignore[arg-type]
    assert ruled["first_violation"] is None and ruled["state"]["over"]
    final = ruled["state"]
    players = [{"opened": s["opened"], "remaining": s["rack"], "penalties": s["penalties"]}
               for s in final["seats"]]
    score = client.post("/api/v1/referee/score", json={  # type: ignore[attr-defined]
        "finish": final["finish"], "winner": final["winner"], "players": players,
        "indicator": final["indicator"]}).get_json()
    assert ruled["score"]["scores"] == score["scores"]


def test_api_round_names_the_first_violation(client: object) -> None:
    body = _log()
    moves = list(body["moves"])  # type: ignore[call-overload]
    moves.insert(3, {"kind": "draw", "player": 3})
    body["moves"] = moves
    ruled = client.post("/api/v1/referee/round?lang=de",  # type: ignore[attr-defined]
                        json=body).get_json()
    assert ruled["first_violation"] == 3
    assert [m["index"] for m in ruled["moves"] if not m["legal"]] == [3]
    assert "ist am Zug" in ruled["moves"][3]["explanation"][0]["text"]


def test_api_move_rules_405_in_the_players_language(client: object) -> None:
    answer = client.post("/api/v1/referee/move?lang=tr", json={  # type: ignore[attr-defined]
        "state": {"indicator": "R3", "drawn": True, "table": [{"tiles": "Y4 Y5 Y6"}]},
        "move": {"kind": "lay_off", "player": 0, "tiles": ["Y7"], "meld": 0}})
    assert answer.status_code == 200
    ruled = answer.get_json()
    assert ruled["legal"] is False and ruled["rules"] == ["405"]
    assert "elini açmamış" in ruled["explanation"][0]["text"]


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"state": {"drawn": True, "seats": [{"opened": "melds"}, {}, {}, {}]},
      "move": {"kind": "discard", "player": 0, "tiles": ["Y7"]}}, "indicator", "left out"),
    ({"state": {}, "move": {"kind": "discard", "player": 0, "tiles": ["Q7"]}},
     "move.tiles.0", "Q7 is not a tile"),
    ({"state": {}, "move": {"kind": "fly", "player": 0}}, "move.kind", "draw"),
    ({"state": {"drawn": True}, "move": {"kind": "lay_off", "player": 0, "tiles": ["R1"],
                                         "meld": 2}}, "move.meld", "no table meld 2"),
])
def test_api_move_bad_input_is_a_400_naming_the_field(client: object, body: object,
                                                      field: str, words: str) -> None:
    answer = client.post("/api/v1/referee/move?lang=en", json=body)  # type: ignore[attr-defined]
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error["field"] == field and words in error["message"]


def test_api_round_refuses_an_over_long_log(client: object) -> None:
    from web.round_requests import MAX_MOVES
    body = {"moves": [{"kind": "draw", "player": 0}] * (MAX_MOVES + 1)}
    answer = client.post("/api/v1/referee/round?lang=de", json=body)  # type: ignore[attr-defined]
    assert answer.status_code in (400, 413)
    assert "moves" in answer.get_json()["error"]["message"]


def test_move_and_round_are_in_the_openapi_document(client: object) -> None:
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]  # type: ignore[attr-defined]
    for name in ("move", "round"):
        post = paths[f"/api/v1/referee/{name}"]["post"]
        assert "$ref" in post["responses"]["200"]["content"]["application/json"]["schema"]


def test_cli_round_prints_a_timeline(runner: object) -> None:
    result = runner.invoke(args=["referee", "round", f"@{FIXTURE}",  # type: ignore[attr-defined]
                                 "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Spieler 1 wirft" in result.output and "Kein Regelverstoß." in result.output
    assert "Punkte:" in result.output
    as_json = runner.invoke(args=["referee", "round", f"@{FIXTURE}",  # type: ignore[attr-defined]
                                  "--json"])
    assert '"first_violation": null' in as_json.output


# -- the round page: the log in the link ---------------------------------------------------

def test_round_page_turns_a_pasted_log_into_a_link_that_rules_it(client: object) -> None:
    from pathlib import Path
    text = Path(FIXTURE).read_text(encoding="utf-8")
    posted = post_form(client, "/en/referee/round", {"log": text})
    assert posted.status_code == 303 and "?log=" in posted.headers["Location"]
    page = client.get(posted.headers["Location"].split("#")[0])  # type: ignore[attr-defined]
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "No violation." in html
    assert f'id="move-{len(_log()["moves"])}"' in html  # type: ignore[arg-type]


@pytest.mark.parametrize(("log", "words"), [
    ("abc", "may have been cut short"),
    ("A" * 20_000, "too long"),
    ("_" + "A" * 40, "may have been cut short"),
])
def test_round_page_refuses_a_damaged_link(client: object, log: str, words: str) -> None:
    page = client.get("/en/referee/round", query_string={"log": log})  # type: ignore[attr-defined]
    assert page.status_code == 400 and words in page.get_data(as_text=True)


def test_round_page_refuses_a_link_that_inflates_too_far(client: object) -> None:
    import base64
    import zlib
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 1_000_000, 9)).decode().rstrip("=")
    page = client.get("/en/referee/round", query_string={"log": bomb})  # type: ignore[attr-defined]
    assert page.status_code == 400


def test_round_page_names_a_bad_move_in_the_language(client: object) -> None:
    posted = post_form(client, "/de/referee/round",
                       {"log": '{"moves": [{"kind": "fly", "player": 0}]}'})
    html = posted.get_data(as_text=True)
    assert posted.status_code == 400 and 'role="alert"' in html and "kind" in html


# 302 through /move: a table meld given by its tiles alone is read as laid, the okey where
# it lies; 704 through /move: the tiles laid off this turn are part of the state.
@pytest.mark.parametrize(("move", "legal", "rule"), [
    ({"kind": "swap", "player": 0, "tiles": ["R7"], "meld": 0}, True, "302"),
    ({"kind": "swap", "player": 0, "tiles": ["R4"], "meld": 0}, False, "302"),
    ({"kind": "lay_off", "player": 0, "tiles": ["R4"], "meld": 0}, True, "405"),
    ({"kind": "lay_off", "player": 0, "tiles": ["R3"], "meld": 0}, False, "405"),
    ({"kind": "take_back", "player": 0, "tiles": ["K4"], "meld": 1}, True, "704"),
    ({"kind": "take_back", "player": 0, "tiles": ["R8"], "meld": 1}, False, "704"),
])
def test_api_move_reads_the_table_as_laid(client: object, move: dict[str, object],
                                          legal: bool, rule: str) -> None:
    state = {"indicator": "K4", "drawn": True, "seats": [{"opened": "melds"}, {}, {}, {}],
             "table": [{"tiles": "R5 R6 K5"}, {"tiles": "K1 K2 K3 K4"}],
             "added": [{"meld": 1, "tile": "K4"}]}
    ruled = client.post("/api/v1/referee/move",  # type: ignore[attr-defined]
                        json={"state": state, "move": move}).get_json()
    assert ruled["legal"] is legal and rule in ruled["rules"], ruled
