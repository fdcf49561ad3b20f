"""The referee's checks, in tile notation, under each variant and the house rules they consult."""

import pytest

from referee import (
    OptionError,
    RuleViolation,
    Rules,
    Tile,
    Verdict,
    check_best_opening,
    check_discard,
    check_meld,
    check_okey,
    check_opening,
    check_pickup,
    check_winning_hand,
    parse_tiles,
)
from referee.checks import TileCountError
from referee.rulings import Code

T = Tile.parse
R101 = Rules.preset("101")
PLAIN = Rules.preset("plain")


def melds(*texts: str) -> list[tuple[Tile, ...]]:
    return [parse_tiles(t) for t in texts]


# --- okey -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicator", "okey", "rules"),
    [
        pytest.param("R7", "R8", ("203",), id="one-up"),
        pytest.param("Y13", "Y1", ("203", "801"), id="13-wraps-to-1"),
        pytest.param("K1", "K2", ("203",), id="black-1"),
    ],
)
def test_okey_is_one_up(indicator: str, okey: str, rules: tuple[str, ...]) -> None:
    ruling = check_okey(T(indicator), rules=R101)
    assert ruling.result["okey"] == okey
    assert ruling.rules == rules


@pytest.mark.parametrize(
    ("choice", "okey", "redraw", "risk"),
    [
        pytest.param("redraw", None, True, False, id="redraw"),
        pytest.param("fakes_are_jokers", "F", False, False, id="fakes-are-jokers"),
        pytest.param("risk_round", None, True, True, id="risk-round"),
    ],
)
def test_fake_indicator_follows_house_rule(choice: str, okey: str | None, redraw: bool,
                                          risk: bool) -> None:
    rules = R101.with_options({"fake_indicator": choice})
    ruling = check_okey(Tile.fake(), rules=rules)
    assert ruling.result["okey"] == okey
    assert ruling.result["redraw"] is redraw
    assert ruling.result["risk_round"] is risk
    assert ruling.options == {"fake_indicator": choice}


def test_plain_default_makes_fakes_the_jokers() -> None:
    assert check_okey(Tile.fake(), rules=PLAIN).result["okey"] == "F"


# --- melds ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "valid", "value", "kind"),
    [
        pytest.param("B3 B4 B5", True, 12, "run", id="run"),
        pytest.param("R9 Y9 K9", True, 27, "set", id="set"),
        pytest.param("R2 Y2 B2 K2", True, 8, "set", id="set-of-four"),
        pytest.param("R9 Y9 R9", False, 0, None, id="repeated-colour"),
        pytest.param("R9 Y9", False, 0, None, id="two-tiles"),
        pytest.param("K5 Y9 R9", True, 27, "set", id="okey-in-set"),
        pytest.param("F Y9 R9", False, 0, None, id="fake-is-okey-face"),
        pytest.param("K3 K4 F", True, 12, "run", id="fake-completes-run"),
        pytest.param("B8 B9 K5 B11", True, 38, "run", id="okey-fills-gap"),
        pytest.param("B8 B9 B11", False, 0, None, id="gap"),
        pytest.param("R5 K5 K5", True, 18, "run", id="two-okeys-laid-up"),
        pytest.param("B12 B13 B1", False, 0, None, id="no-wrap-in-101"),
        pytest.param("R1 Y2 B3", False, 0, None, id="mixed"),
        pytest.param("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", True, 91, "run", id="full-run"),
    ],
)
def test_meld_101(tiles: str, valid: bool, value: int, kind: str | None) -> None:
    ruling = check_meld(parse_tiles(tiles), indicator=T("K4"), rules=R101)
    assert ruling.result["valid"] is valid
    assert ruling.result["value"] == value
    assert ruling.result["kind"] == kind
    assert ruling.verdict is (Verdict.VALID if valid else Verdict.INVALID)


def test_a_101_meld_ruling_says_what_it_counts_towards_opening_by_408() -> None:
    """The value a 101 meld ruling states rests on 408 (tile values); plain Okey counts no
    meld towards opening, so its ruling neither states nor cites it."""
    ruling = check_meld(parse_tiles("R7 K4 R9"), indicator=T("K3"), rules=R101)
    value = [r for r in ruling.reasons if r.code is Code.MELD_VALUE]
    assert [(r.rule, r.values["value"]) for r in value] == [("408", 24)]
    assert "408" in ruling.rules
    plain = check_meld(parse_tiles("R7 K4 R9"), indicator=T("K3"), rules=PLAIN)
    assert "408" not in plain.rules
    assert check_meld(parse_tiles("R7 K4 R10"), indicator=T("K3"), rules=R101).rules[:1] != (
        "408",)


def test_meld_reports_what_the_okey_stands_for() -> None:
    ruling = check_meld(parse_tiles("B8 B9 K5 B11"), indicator=T("K4"), rules=R101)
    assert ruling.result["stands_for"] == ["B8", "B9", "B10", "B11"]
    assert "301" in ruling.rules


@pytest.mark.parametrize(
    ("tiles", "plain", "r101_wrap"),
    [
        pytest.param("B12 B13 B1", True, True, id="12-13-1"),
        pytest.param("B13 B1 B2", False, False, id="13-1-2"),
        pytest.param("B11 B12 B13 B1", True, True, id="11-12-13-1"),
        pytest.param("B1 B2 B3", True, True, id="1-2-3"),
    ],
)
def test_wrap_follows_house_rule(tiles: str, plain: bool, r101_wrap: bool) -> None:
    tiles_ = parse_tiles(tiles)
    assert check_meld(tiles_, indicator=T("K4"), rules=PLAIN).result["valid"] is plain
    wrapped = R101.with_options({"wrap_13_1": "after_13"})
    ruling = check_meld(tiles_, indicator=T("K4"), rules=wrapped)
    assert ruling.result["valid"] is r101_wrap
    assert ruling.options["wrap_13_1"] == "after_13"


def test_wrap_refusal_cites_404_in_101() -> None:
    ruling = check_meld(parse_tiles("K13 K1 K2"), indicator=T("R4"), rules=R101)
    assert "404" in ruling.rules
    assert [r.code.value for r in ruling.reasons] == ["wraps_13_1"]


def test_wild_fake_joker_house_rule() -> None:
    wild = R101.with_options({"fake_joker_role": "wild"})
    ruling = check_meld(parse_tiles("F Y9 R9"), indicator=T("K4"), rules=wild)
    assert ruling.result["valid"] is True
    assert ruling.options["fake_joker_role"] == "wild"


def test_meld_rejects_impossible_tiles() -> None:
    with pytest.raises(RuleViolation) as error:
        check_meld(parse_tiles("K4 K4 R4"), indicator=T("K4"), rules=R101)
    assert error.value.subject == "K4"


def test_meld_needs_an_okey_before_ruling() -> None:
    with pytest.raises(RuleViolation) as error:
        check_meld(parse_tiles("R1 R2 R3"), indicator=Tile.fake(), rules=R101)
    assert error.value.code == "redraw"


# --- opening --------------------------------------------------------------------------


def test_opening_reaching_101() -> None:
    ruling = check_opening(melds("R11 R12 R13", "Y12 B12 K12", "B7 B8 B9", "R5 Y5 B5"),
                           indicator=T("K4"), rules=R101)
    assert (ruling.result["valid"], ruling.result["value"]) == (True, 111)
    assert ruling.rules[0] == "401"


def test_opening_short_is_penalised() -> None:
    ruling = check_opening(melds("R11 R12 R13", "Y12 B12 K12", "B7 B8 B9"),
                           indicator=T("K4"), rules=R101)
    assert (ruling.result["valid"], ruling.result["value"], ruling.result["penalty"]) == (
        False, 96, 101)
    assert {"401", "701"} <= set(ruling.rules)


def test_opening_with_an_invalid_meld_names_it() -> None:
    ruling = check_opening(melds("R11 R12 R13", "Y12 B12 Y12"), indicator=T("K4"), rules=R101)
    assert ruling.result["valid"] is False
    bad = [r for r in ruling.reasons if r.code.value == "opening_invalid_meld"]
    assert bad and bad[0].values["index"] == 2


@pytest.mark.parametrize(
    ("pairs", "valid"),
    [
        pytest.param(["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "R13 R13"], True, id="five"),
        pytest.param(["R1 R1", "Y2 Y2", "B3 B3", "K6 K6"], False, id="four"),
        pytest.param(["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "R13 K5"], False,
                     id="okey-makes-no-101-pair"),
        pytest.param(["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "R13 R12"], False, id="not-a-pair"),
        pytest.param(["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "K5 K5"], True,
                     id="the-two-okeys-are-two-identical-tiles"),
        pytest.param(["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "F F"], True, id="two-fake-jokers"),
    ],
)
def test_opening_with_pairs(pairs: list[str], valid: bool) -> None:
    ruling = check_opening(pairs=melds(*pairs), indicator=T("K4"), rules=R101)
    assert ruling.result["valid"] is valid
    assert "501" in ruling.rules


def test_opening_is_a_101_check() -> None:
    with pytest.raises(OptionError) as error:
        check_opening(melds("R1 R2 R3"), indicator=T("K4"), rules=PLAIN)
    assert error.value.code == "not_in_variant"


# --- best opening ---------------------------------------------------------------------


def test_best_opening_finds_the_melds() -> None:
    rack = parse_tiles("R11 R12 R13 Y12 B12 K12 B7 B8 B9 R5 Y5 B5 K1 Y3 B10 R7 Y11 K8 B2 Y6 R3")
    ruling = check_best_opening(rack, indicator=T("K4"), rules=R101)
    assert ruling.result["best_value"] >= 111
    assert ruling.result["can_open"] is True
    total = sum(m["value"] for m in ruling.result["melds"])
    assert total == ruling.result["best_value"]


def test_best_opening_counts_pairs() -> None:
    rack = parse_tiles("R1 R1 Y2 Y2 B3 B3 K4 K4 R6 R6 Y8 B10 K12 R2 Y5 B7 K9 R11 Y13 B1 K3")
    ruling = check_best_opening(rack, indicator=T("B12"), rules=R101)
    assert ruling.result["pairs"] == 5
    assert ruling.result["can_open"] is True


@pytest.mark.parametrize("count", [0, 23])
def test_best_opening_wants_1_to_22_tiles(count: int) -> None:
    rack = tuple(Tile.parse(f"{'RYBK'[i % 4]}{i % 13 + 1}") for i in range(count))
    with pytest.raises(RuleViolation) as error:
        check_best_opening(rack, indicator=T("K4"), rules=R101)
    assert error.value.code == "tile_count"
    # the counts are data, not an English phrase, so callers can word them in any language
    assert isinstance(error.value, TileCountError) and error.value.subject == str(count)
    assert (error.value.count, error.value.allowed) == (count, tuple(range(1, 23)))


# --- winning hand ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "winning", "kind"),
    [
        pytest.param("K1 K2 K3 K4 Y7 R7 B7 B10 B11 B12 B13 Y1 Y2 Y3", True, "melds", id="melds"),
        pytest.param("K1 K2 K3 K4 Y7 R7 B7 B10 B11 B12 B13 Y1 Y2 Y4", False, None, id="one-off"),
        pytest.param("K1 K2 K3 K4 Y7 R7 B7 B11 B12 B13 B1 Y1 Y2 Y3", True, "melds", id="12-13-1"),
        pytest.param("K5 K5 Y9 Y9 B1 B1 R4 R4 R11 R11 K13 K13 Y6 R3", True, "pairs",
                     id="okey-completes-pair"),
        pytest.param("K5 K5 Y9 Y9 B1 B1 R4 R4 R11 R11 K13 K13 Y6 Y7", False, None, id="six-pairs"),
    ],
)
def test_winning_hand(tiles: str, winning: bool, kind: str | None) -> None:
    ruling = check_winning_hand(parse_tiles(tiles), indicator=T("R2"), rules=PLAIN)
    assert ruling.result["winning"] is winning
    assert ruling.result["kind"] == kind


def test_winning_hand_without_wrap_house_rule() -> None:
    no_wrap = PLAIN.with_options({"wrap_13_1": "never"})
    tiles = parse_tiles("K1 K2 K3 K4 Y7 R7 B7 B11 B12 B13 B1 Y1 Y2 Y3")
    assert check_winning_hand(tiles, indicator=T("R2"), rules=no_wrap).result["winning"] is False


# --- discard --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "tile", "playable"),
    [
        pytest.param(["Y3 Y4 Y5"], "Y2", True, id="extends-run-below"),
        pytest.param(["Y3 Y4 Y5"], "Y6", True, id="extends-run-above"),
        pytest.param(["Y3 Y4 Y5"], "B2", False, id="other-colour"),
        pytest.param(["R9 Y9 B9"], "K9", True, id="completes-set"),
        pytest.param(["R9 Y9 B9 K9"], "K9", False, id="set-full"),
        pytest.param(["R9 Y9 B9"], "R9", False, id="repeats-colour"),
        pytest.param(["B8 B9 K5"], "B10", True, id="replaces-okey"),
        pytest.param([], "B10", False, id="empty-table"),
    ],
)
def test_islek(table: list[str], tile: str, playable: bool) -> None:
    ruling = check_discard(T(tile), melds(*table), indicator=T("K4"), rules=R101)
    assert ruling.result["playable"] is playable
    assert ruling.result["penalty"] == (101 if playable else 0)
    if playable:
        assert "702" in ruling.rules or "302" in ruling.rules


@pytest.mark.parametrize(("choice", "penalty"), [("exempt", 0), ("penalised", 101)])
def test_islek_last_tile_follows_house_rule(choice: str, penalty: int) -> None:
    rules = R101.with_options({"islek_last_tile": choice})
    ruling = check_discard(T("Y2"), melds("Y3 Y4 Y5"), indicator=T("K4"), rules=rules,
                           finishing=True)
    assert ruling.result["penalty"] == penalty
    assert ruling.options["islek_last_tile"] == choice
    assert "707" in ruling.rules


@pytest.mark.parametrize(
    ("choice", "table", "penalty", "playable"),
    [
        pytest.param("penalty_if_no_melds", [], 101, False, id="no-meld-yet"),
        pytest.param("no_penalty", [], 0, False, id="no-meld-yet-no-penalty"),
        pytest.param("penalty_if_no_melds", ["R9 Y9 B9 K9"], 0, False, id="fits-no-meld"),
        pytest.param("penalty_if_no_melds", ["R1 R2 R3"], 101, True, id="islek-extends-run"),
        pytest.param("no_penalty", ["R1 R2 R3"], 101, True, id="islek-whatever-the-option"),
    ],
)
def test_okey_discard_follows_house_rule_and_islek(
    choice: str, table: list[str], penalty: int, playable: bool
) -> None:
    """703 forbids the discard; an okey a table meld could take is işlek (702) and costs 101
    whatever the house rule, which decides only the case of no meld on the table."""
    rules = R101.with_options({"okey_discard": choice})
    ruling = check_discard(T("K5"), melds(*table), indicator=T("K4"), rules=rules)
    assert ruling.result["allowed"] is False
    assert ruling.result["penalty"] == penalty
    assert ruling.result["playable"] is playable
    assert "703" in ruling.rules
    assert ("702" in ruling.rules) is playable


def test_okey_discard_to_finish_is_allowed() -> None:
    ruling = check_discard(T("K5"), [], indicator=T("K4"), rules=R101, finishing=True)
    assert ruling.result["allowed"] is True
    assert ruling.rules == ("602",)


def test_invalid_table_meld_is_bad_input() -> None:
    with pytest.raises(RuleViolation) as error:
        check_discard(T("Y2"), melds("Y3 Y5 Y7"), indicator=T("K4"), rules=R101)
    assert error.value.code == "bad_table_meld"


# --- pickup ---------------------------------------------------------------------------

# 21 tiles that hold R11-R13, Y12 B12 K12, B7-B9 (96) and a loose R5 Y5: the discard B5
# completes a set of 5s for 111.
RACK = parse_tiles("R11 R12 R13 Y12 B12 K12 B7 B8 B9 R5 Y5 K1 Y3 B1 R7 Y10 K8 B2 Y6 R3 K10")


def test_pickup_after_opening_takes_any_rack_size() -> None:
    """An opened player's rack has shrunk by the melds laid down; they may always take it."""
    ruling = check_pickup(T("B5"), RACK[:8], indicator=T("K4"), rules=R101, opened=True)
    assert ruling.result["allowed"] is True and ruling.result["must_open"] is False


def test_pickup_allowed_when_the_tile_opens() -> None:
    ruling = check_pickup(T("B5"), RACK, indicator=T("K4"), rules=R101)
    assert ruling.result["allowed"] is True
    assert ruling.result["must_open"] is True
    assert ruling.result["value"] >= 111
    assert any("B5" in m["tiles"] for m in ruling.result["melds"])
    assert "406" in ruling.rules


@pytest.mark.parametrize(("choice", "penalty", "rule"), [("penalty", 101, "705"),
                                                          ("no_penalty", 0, "708")])
def test_pickup_refused_and_penalty_follows_house_rule(choice: str, penalty: int,
                                                       rule: str) -> None:
    rules = R101.with_options({"failed_pickup": choice})
    ruling = check_pickup(T("Y1"), RACK, indicator=T("K4"), rules=rules)
    assert ruling.result["allowed"] is False
    assert ruling.result["penalty"] == penalty
    assert rule in ruling.rules
    assert ruling.options["failed_pickup"] == choice


def test_pickup_after_opening() -> None:
    ruling = check_pickup(T("Y1"), RACK, indicator=T("K4"), rules=R101, opened=True)
    assert ruling.result == {"allowed": True, "must_open": False, "penalty": 0}


# --- options --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"no_such_rule": "x"}, "unknown_option"),
        ({"wrap_13_1": "sometimes"}, "unknown_choice"),
        ({"plain_match": "most_rounds"}, "option_not_in_variant"),
    ],
)
def test_bad_options_are_named(options: dict[str, str], code: str) -> None:
    with pytest.raises(OptionError) as error:
        R101.with_options(options)
    assert error.value.code == code
