"""Round scoring: 101's points with doublings and penalties, plain Okey's counts."""

import pytest

from referee import (
    Finish,
    Opened,
    Penalty,
    PlayerRound,
    RuleViolation,
    Rules,
    Tile,
    check_score,
    parse_tiles,
)
from referee.rulings import Code

R101 = Rules.preset("101")
PLAIN = Rules.preset("plain")
K4 = Tile.parse("K4")  # the okey is K5


def table(*players: PlayerRound) -> list[PlayerRound]:
    return list(players)


OPENED_5 = PlayerRound(Opened.MELDS, parse_tiles("R2 R3"))
CLOSED = PlayerRound(None, parse_tiles("B1"))
DONE = PlayerRound(Opened.MELDS)


@pytest.mark.parametrize(
    ("finish", "scores", "rule"),
    [
        pytest.param(Finish.NORMAL, [5, 202, 0, -101], "601", id="normal"),
        pytest.param(Finish.OKEY, [10, 404, 0, -202], "602", id="okey"),
    ],
)
def test_101_finishes(finish: Finish, scores: list[int], rule: str) -> None:
    ruling = check_score(table(OPENED_5, CLOSED, DONE, DONE), winner=3, finish=finish,
                         indicator=K4, rules=R101)
    assert ruling.result["scores"] == scores
    assert rule in ruling.rules


def test_pairs_finish_doubles() -> None:
    winner = PlayerRound(Opened.PAIRS)
    ruling = check_score(table(OPENED_5, CLOSED, winner), winner=2, finish=Finish.PAIRS,
                         indicator=K4, rules=R101)
    assert ruling.result["scores"] == [10, 404, -202]
    assert "603" in ruling.rules


@pytest.mark.parametrize(("choice", "points"), [("double", 20), ("single", 10)])
def test_pair_opener_who_did_not_finish(choice: str, points: int) -> None:
    pair_opener = PlayerRound(Opened.PAIRS, parse_tiles("R4 Y6"))
    rules = R101.with_options({"pair_opener_double": choice})
    ruling = check_score(table(pair_opener, DONE), winner=1, finish=Finish.NORMAL, rules=rules)
    assert ruling.result["scores"] == [points, -101]
    assert ruling.options["pair_opener_double"] == choice


@pytest.mark.parametrize(
    ("choice", "okey", "scores"),
    [
        ("table", False, [-202, 808, 808, 808]),
        ("table", True, [-808, 808, 808, 808]),
        ("doubling", False, [-202, 404, 404, 404]),
        ("doubling", True, [-808, 808, 808, 808]),  # 001 writes -808 and 808 for this case
    ],
)
def test_elden_bitme_follows_house_rule(choice: str, okey: bool, scores: list[int]) -> None:
    rules = R101.with_options({"elden_scoring": choice})
    nobody = PlayerRound(None)
    ruling = check_score(table(DONE, nobody, nobody, nobody), winner=0, finish=Finish.ELDEN,
                         okey_discard=okey, rules=rules)
    assert ruling.result["scores"] == scores
    assert ruling.rules[-1] == "604" or "604" in ruling.rules
    assert ruling.options["elden_scoring"] == choice


def test_deck_out() -> None:
    ruling = check_score(table(OPENED_5, CLOSED, PlayerRound(Opened.MELDS, remaining_value=31)),
                         winner=None, finish=Finish.DECK_OUT, rules=R101)
    assert ruling.result["scores"] == [5, 202, 31]
    assert "605" in ruling.rules


def test_risk_round_from_a_fake_indicator() -> None:
    rules = R101.with_options({"fake_indicator": "risk_round"})
    ruling = check_score(table(PlayerRound(Opened.MELDS, remaining_value=5), CLOSED, DONE),
                         winner=2, finish=Finish.NORMAL, indicator=Tile.fake(), rules=rules)
    assert ruling.result["scores"] == [10, 404, -202]
    assert ruling.result["risk_round"] is True
    assert "611" in ruling.rules


def test_doublings_stack() -> None:
    ruling = check_score(table(PlayerRound(Opened.MELDS, remaining_value=5), CLOSED, DONE),
                         winner=2, finish=Finish.OKEY, risk_round=True, rules=R101)
    assert ruling.result["scores"] == [20, 808, -404]
    assert ruling.result["multiplier"] == 4
    assert "612" in ruling.rules


@pytest.mark.parametrize(("choice", "extra"), [("penalty", 101), ("none", 0)])
def test_okey_left_in_hand(choice: str, extra: int) -> None:
    holder = PlayerRound(Opened.MELDS, parse_tiles("K5 R1"))
    rules = R101.with_options({"okey_in_hand": choice})
    ruling = check_score(table(holder, DONE), winner=1, finish=Finish.NORMAL, indicator=K4,
                         rules=rules)
    assert ruling.result["scores"][0] == 6 + extra
    assert "706" in ruling.rules


@pytest.mark.parametrize(("choice", "points"), [("flat", 101), ("doubled", 202)])
def test_flat_penalties_and_doubling(choice: str, points: int) -> None:
    islek = PlayerRound(Opened.MELDS, penalties=(Penalty.ISLEK,))
    rules = R101.with_options({"flat_penalties_double": choice})
    ruling = check_score(table(islek, DONE), winner=1, finish=Finish.OKEY, rules=rules)
    assert ruling.result["scores"][0] == points
    assert "702" in ruling.rules


@pytest.mark.parametrize(("choice", "points", "rule"), [("penalty", 101, "705"),
                                                         ("no_penalty", 0, "708")])
def test_failed_pickup_penalty(choice: str, points: int, rule: str) -> None:
    player = PlayerRound(Opened.MELDS, penalties=(Penalty.FAILED_PICKUP,))
    rules = R101.with_options({"failed_pickup": choice})
    ruling = check_score(table(player, DONE), winner=1, finish=Finish.NORMAL, rules=rules)
    assert ruling.result["scores"][0] == points
    assert rule in ruling.rules


def test_every_penalty_is_a_line_item() -> None:
    player = PlayerRound(None, penalties=tuple(Penalty))
    ruling = check_score(table(player, DONE), winner=1, finish=Finish.NORMAL, rules=R101)
    items = [i for i in ruling.result["items"] if i["player"] == 0]
    assert {i["rule"] for i in items} >= {"601", "701", "702", "703", "704", "705", "706"}
    assert ruling.result["scores"][0] == 202 + 6 * 101


def test_standings_accumulate() -> None:
    ruling = check_score(table(OPENED_5, DONE), winner=1, finish=Finish.NORMAL, rules=R101,
                         standings=[100, 50])
    assert ruling.result["standings"] == [105, -51]


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        pytest.param({"winner": 4}, "bad_winner", id="no-such-player"),
        pytest.param({"winner": 1}, "winner_not_opened", id="winner-never-opened"),
        pytest.param({"winner": 0, "finish": Finish.ELDEN}, "elden_others_opened", id="elden"),
        pytest.param({"winner": 0, "finish": Finish.DECK_OUT}, "winner_deck_out", id="deck-out"),
        pytest.param({"winner": 0, "finish": Finish.PAIRS}, "pairs_finish_without_pairs",
                     id="pairs-without-pairs"),
    ],
)
def test_impossible_rounds(kwargs: dict[str, object], code: str) -> None:
    args: dict[str, object] = {"finish": Finish.NORMAL, **kwargs}
    with pytest.raises(RuleViolation) as error:
        check_score(table(DONE, CLOSED, DONE), rules=R101, **args)  # type: ignore[arg-type]
    assert error.value.code == code


def test_impossible_tiles_across_racks() -> None:
    players = table(PlayerRound(Opened.MELDS, parse_tiles("R1 R1")),
                    PlayerRound(Opened.MELDS, parse_tiles("R1")), DONE)
    with pytest.raises(RuleViolation) as error:
        check_score(players, winner=2, finish=Finish.NORMAL, rules=R101)
    assert error.value.subject == "R1"


# --- plain Okey -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("finish", "standings"),
    [
        pytest.param(Finish.NORMAL, [18, 18, 20, 18], id="normal"),
        pytest.param(Finish.OKEY, [16, 16, 20, 16], id="okey-discard"),
        pytest.param(Finish.PAIRS, [16, 16, 20, 16], id="seven-pairs"),
    ],
)
def test_tournament_count(finish: Finish, standings: list[int]) -> None:
    ruling = check_score(winner=2, finish=finish, rules=PLAIN, standings=[20, 20, 20, 20])
    assert ruling.result["standings"] == standings
    assert "609" in ruling.rules


def test_tournament_deck_out_scores_nothing() -> None:
    ruling = check_score(winner=None, finish=Finish.DECK_OUT, rules=PLAIN, standings=[6, 8, 4, 2])
    assert ruling.result["standings"] == [6, 8, 4, 2]


def test_tournament_ends_at_zero() -> None:
    ruling = check_score(winner=1, finish=Finish.OKEY, rules=PLAIN, standings=[4, 10, 12, 3])
    assert ruling.result["standings"] == [0, 10, 8, -1]
    assert ruling.result["game_over"] is True
    assert ruling.result["winners"] == [1, 2]


def test_most_rounds_won() -> None:
    rules = PLAIN.with_options({"plain_match": "most_rounds"})
    ruling = check_score(winner=0, finish=Finish.NORMAL, rules=rules, standings=[2, 1, 0])
    assert ruling.result["standings"] == [3, 1, 0]
    assert ruling.rules == ("610",)


@pytest.mark.parametrize(("choice", "code", "penalty"), [
    ("flat", Code.PENALTIES_FLAT, 101), ("doubled", Code.PENALTIES_DOUBLED, 202),
])
def test_a_101_penalty_beside_a_doubling_says_which_house_rule_held(
        choice: str, code: Code, penalty: int) -> None:
    """A joker finish doubles the round; whether it doubles a 101 penalty too is the
    ``flat_penalties_double`` house rule (612), which the ruling cites and names."""
    rules = Rules.preset("101").with_options({"flat_penalties_double": choice})
    players = [PlayerRound(Opened.MELDS), PlayerRound(Opened.MELDS, (), 10,
                                                      (Penalty.OPENING_SHORT,))]
    ruled = check_score(players, winner=0, finish=Finish.OKEY, rules=rules)
    assert code in [r.code for r in ruled.reasons] and "612" in ruled.rules
    assert ruled.result["scores"] == [-202, 20 + penalty]
    assert ruled.options["flat_penalties_double"] == choice
    normal = check_score(players, winner=0, finish=Finish.NORMAL, rules=rules)
    assert "612" not in normal.rules
