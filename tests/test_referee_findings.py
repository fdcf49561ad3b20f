"""What the outside audit of the referee found, each case with the rule it rests on:
a table okey stands for one tile (302, 702), the cancelled round (503), the okey left in
hand read two ways (706), plain pairs finished with the okey (608), the citations that were
missing (303, 801, 803), explanations that misled, and counts in plural forms."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee import Rules, RuleViolation, Tile, parse_tiles
from referee.checks import check_discard, check_meld, check_pickup
from referee.rulings import Code
from referee.scoring import Finish, Opened, PlayerRound, check_score

R101 = Rules.preset("101")


def codes(ruling: Any) -> list[tuple[str, str]]:
    return [(str(r.code), r.rule) for r in ruling.reasons]


def groups(*melds: str) -> list[tuple[Tile, ...]]:
    return [parse_tiles(m) for m in melds]


# 302/702: the okey in "kırmızı 5, 6, okey" stands for kırmızı 7 and stays there.
@pytest.mark.parametrize(("discard", "playable", "why"), [
    ("R4", True, Code.ISLEK_EXTENDS),  # R4 R5 R6 (R7): extends below
    ("R8", True, Code.ISLEK_EXTENDS),  # R5 R6 (R7) R8: extends above
    ("R7", True, Code.ISLEK_REPLACES_JOKER),  # could take the okey's place (302)
    ("R3", False, Code.NOT_ISLEK),  # fits only if the okey stood for R4: it does not
])
def test_a_table_okey_stands_for_one_tile(discard: str, playable: bool, why: Code) -> None:
    ruling = check_discard(Tile.parse(discard), groups("R5 R6 K5"), indicator=Tile.parse("K4"),
                           rules=R101)
    assert ruling.result["playable"] is playable
    assert why in [r.code for r in ruling.reasons]


def test_whether_a_swap_makes_a_discard_islek_is_a_house_rule() -> None:
    rules = R101.with_options({"islek_okey_swap": "extends_only"})
    ruling = check_discard(Tile.parse("R7"), groups("R5 R6 K5"), indicator=Tile.parse("K4"),
                           rules=rules)
    assert ruling.result["penalty"] == 0
    assert ruling.options["islek_okey_swap"] == "extends_only"
    assert (str(Code.ISLEK_SWAP_NOT_COUNTED), "302") in codes(ruling)


def test_four_pair_openers_cancel_the_round() -> None:
    players = [PlayerRound(Opened.PAIRS, parse_tiles(left)) for left in ("R1", "R2", "Y1", "Y2")]
    ruling = check_score(players, winner=0, finish=Finish.PAIRS, rules=R101)
    assert ruling.result["scores"] == [0, 0, 0, 0] and ruling.result["cancelled"] is True
    assert codes(ruling) == [(str(Code.ROUND_CANCELLED), "503")]


def test_three_pair_openers_do_not_cancel_it() -> None:
    players = [PlayerRound(Opened.PAIRS, parse_tiles(left)) for left in ("R1", "R2", "Y1")]
    players.append(PlayerRound(Opened.MELDS, parse_tiles("Y9")))
    ruling = check_score(players, winner=0, finish=Finish.PAIRS, rules=R101)
    assert "cancelled" not in ruling.result


@pytest.mark.parametrize(("choice", "opener", "never_opened"), [
    ("penalty", 5 + 2 + 101, 202 + 101),  # Hakem's reading: face + 101, for everyone
    ("instead_of_face", 2 + 101, 202),  # others': 101 instead of the face; 202 only
    ("none", 5 + 2, 202),
])
def test_the_okey_left_in_hand_is_read_as_the_table_chooses(choice: str, opener: int,
                                                            never_opened: int) -> None:
    rules = R101.with_options({"okey_in_hand": choice})
    players = [PlayerRound(Opened.MELDS), PlayerRound(Opened.MELDS, parse_tiles("K5 R2")),
               PlayerRound(None, parse_tiles("K5 R9")), PlayerRound(Opened.MELDS)]
    ruling = check_score(players, winner=0, finish=Finish.NORMAL, rules=rules,
                         indicator=Tile.parse("K4"))
    assert ruling.result["scores"][1:3] == [opener, never_opened]
    assert ruling.options["okey_in_hand"] == choice


def test_two_okeys_count_once_instead_of_their_faces() -> None:
    rules = R101.with_options({"okey_in_hand": "instead_of_face"})
    players = [PlayerRound(Opened.MELDS), PlayerRound(Opened.MELDS, parse_tiles("K5 K5 R2"))]
    ruling = check_score(players, winner=0, finish=Finish.NORMAL, rules=rules,
                         indicator=Tile.parse("K4"))
    assert ruling.result["scores"][1] == 2 + 101


def test_a_fake_joker_decides_a_meld_and_303_is_cited() -> None:
    # indicator K4: the okey is K5 and the fake jokers count as K5 (303)
    ruling = check_meld(parse_tiles("R4 F R6"), indicator=Tile.parse("K4"), rules=R101)
    assert ruling.verdict.value == "invalid"
    assert (str(Code.FAKE_STANDS_FOR), "303") in codes(ruling)
    valid = check_meld(parse_tiles("K4 F K6"), indicator=Tile.parse("K4"), rules=R101)
    assert codes(valid).count((str(Code.FAKE_STANDS_FOR), "303")) == 1  # said once


def test_an_okey_from_an_indicator_13_cites_801() -> None:
    ruling = check_meld(parse_tiles("R5 K1 R7"), indicator=Tile.parse("K13"), rules=R101)
    assert ruling.verdict.value == "valid"
    assert (str(Code.OKEY_WRAPS_TO_ONE), "801") in codes(ruling)


def test_a_fake_joker_discarded_last_is_no_okey_finish_803() -> None:
    ruling = check_discard(Tile.fake(), [], indicator=Tile.parse("B10"), rules=R101,
                           finishing=True)
    assert (str(Code.FAKE_LAST_DISCARD), "803") in codes(ruling)


def test_plain_13_1_2_is_faulted_for_running_past_the_1() -> None:
    ruling = check_meld(parse_tiles("K13 K1 K2"), rules=Rules.preset("plain"))
    assert ruling.verdict.value == "invalid"
    assert codes(ruling) == [(str(Code.RUN_PAST_ONE), "407"), (str(Code.PAST_ONE_LISTED), "404")]
    strict = check_meld(parse_tiles("K13 K1 K2"), rules=R101)
    assert codes(strict) == [(str(Code.WRAPS_13_1), "404")]


def test_a_tile_that_fits_no_meld_is_said_so_at_pickup_406(client: FlaskClient) -> None:
    rack = "R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B4 B7 B10 B13 K3 K8 K12"
    ruling = check_pickup(Tile.parse("B2"), parse_tiles(rack), indicator=Tile.parse("K1"),
                          rules=R101)
    assert ruling.reasons[0].code is Code.PICKUP_FITS_NO_MELD and ruling.reasons[0].rule == "406"
    reply = client.post("/api/v1/referee/pickup", json={"indicator": "K1", "tile": "B2",
                                                         "rack": rack}).get_json()
    assert "best 0" not in " ".join(line["text"] for line in reply["explanation"])


def test_a_fake_indicator_that_makes_the_fakes_jokers_scores_without_asking_again(
        client: FlaskClient) -> None:
    body = {"variant": "101", "finish": "normal", "winner": 0, "indicator": "F",
            "options": {"fake_indicator": "fakes_are_jokers"},
            "players": [{"opened": "melds"}, {"opened": "melds", "remaining": "F R3"}]}
    reply = client.post("/api/v1/referee/score", json=body)
    assert reply.status_code == 200, reply.get_json()
    assert reply.get_json()["scores"][1] == 3 + 101  # the fake is the okey: no face, +101


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Not enough to open: 39 in melds and 1 pair."),
    ("de", "Reicht nicht zum Auslegen: 39 in Kombinationen und 1 Paar."),
    ("tr", "El açmaya yetmiyor: perlerde 39 ve 1 çift."),
])
def test_counts_are_in_the_plural_form_of_the_language(client: FlaskClient, lang: str,
                                                       text: str) -> None:
    rack = "R1 R1 Y3 B5 K7 R9 Y11 B13 K2 R4 Y6 B8 K10 R12 Y1 B3 K5 R7 Y9 B11 K13"
    reply = client.post("/api/v1/referee/best-opening",
                        json={"indicator": "B2", "tiles": rack, "lang": lang}).get_json()
    assert text in [line["text"] for line in reply["explanation"]], reply["explanation"]


@pytest.mark.parametrize(("choice", "says", "never"), [
    ("not_allowed", "a joker does not complete one", "a tile and a joker"),
    ("allowed", "under these rules, a tile and a joker", "does not complete"),
])
def test_the_pair_message_follows_the_joker_in_pair_rule_501(client: FlaskClient, choice: str,
                                                             says: str, never: str) -> None:
    body = {"variant": "101", "indicator": "K4",
            "pairs": ["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "R9 K3"],  # K3 is no okey, no twin
            "options": {"joker_in_pair": choice}}
    reply = client.post("/api/v1/referee/opening", json=body).get_json()
    texts = " ".join(line["text"] for line in reply["explanation"])
    assert says in texts and never not in texts


# 302/702 in a set: the okey stands for a colour the set lacks, so every colour it lacks
# extends the set, whichever colour the okey was first read as.
@pytest.mark.parametrize("discard", ["R5", "K5"])
def test_a_set_with_a_table_okey_takes_any_colour_it_lacks(discard: str) -> None:
    # indicator R1: the okey is R2; "sarı 5, mavi 5, okey" lacks red and black 5
    for choice in ("counts", "extends_only"):
        ruling = check_discard(Tile.parse(discard), groups("Y5 B5 R2"),
                               indicator=Tile.parse("R1"),
                               rules=R101.with_options({"islek_okey_swap": choice}))
        assert ruling.result["penalty"] == 101
        assert (str(Code.ISLEK_EXTENDS), "702") in codes(ruling)


def test_the_ruling_says_islek_by_replacing_a_table_okey_and_under_which_option(
        client: FlaskClient) -> None:
    body = {"indicator": "K4", "tile": "R7", "table": ["R5 R6 K5"], "lang": "en"}
    reply = client.post("/api/v1/referee/discard", json=body).get_json()
    assert reply["options"]["islek_okey_swap"] == "counts" and "302" in reply["rules"]
    assert any("counts that as işlek too" in line["text"] and line["rule"] == "302"
               for line in reply["explanation"])
    assert not any(line["code"] == str(Code.ISLEK_EXTENDS) for line in reply["explanation"])
    extends = client.post("/api/v1/referee/discard", json={**body, "tile": "R8"}).get_json()
    assert [line["code"] for line in extends["explanation"]][1] == str(Code.ISLEK_EXTENDS)
    assert "islek_okey_swap" not in extends["options"]  # the option did not decide it


def test_a_cancelled_round_is_a_finish_of_the_score_check_503(client: FlaskClient) -> None:
    reply = client.post("/api/v1/referee/score", json={"finish": "cancelled"}).get_json()
    assert reply["scores"] == [0, 0, 0, 0] and reply["rules"] == ["503"]
    refused = client.post("/api/v1/referee/score", json={"finish": "cancelled", "winner": 1})
    assert refused.status_code == 400 and refused.get_json()["error"]["field"] == "winner"
    plain = client.post("/api/v1/referee/score", json={"variant": "plain",
                                                       "finish": "cancelled"})
    assert plain.status_code == 400


def test_the_sheet_records_a_cancelled_round_503(client: FlaskClient) -> None:
    code = client.post("/api/v1/matches", json={"players": ["A", "B", "C", "D"]}).get_json()["code"]
    first = {"finish": "normal", "winner": 0, "players": [
        {"opened": "melds"}, *({"opened": "melds", "remaining_value": 10} for _ in range(3))]}
    assert client.post(f"/api/v1/matches/{code}/rounds", json=first).status_code == 201
    data = client.post(f"/api/v1/matches/{code}/rounds", json={"finish": "cancelled"}).get_json()
    cancelled = data["round"]  # a write answers with the new round and the totals
    assert cancelled["scores"] == [0, 0, 0, 0] and cancelled["rules"] == ["503"]
    assert data["totals"] == [-101, 10, 10, 10]  # the totals stand as they were
    four_pairs = client.post(f"/api/v1/matches/{code}/rounds", json={
        "finish": "deck_out", "players": [{"opened": "pairs", "remaining_value": 9}] * 4})
    assert four_pairs.get_json()["round"]["rules"] == ["503"]
    page = client.get(f"/en/sheet/{code}").get_data(as_text=True)
    assert "Cancelled: all four opened with pairs" in page


def test_who_reads_706_which_way_is_in_the_house_rule_note() -> None:
    from rules_data import rulebook
    house = rulebook().house_rule("okey_in_hand")
    assert "Hakem reads" in house.note.en and "Three other Okey engines" in house.note.en
    assert house.default is not None and house.default.get("101") == "penalty"
    assert {c.id for c in house.choices} == {"penalty", "instead_of_face", "none"}


@pytest.mark.parametrize(("choice", "loss"), [("once", -4), ("stack", -8)])
def test_plain_seven_pairs_finished_with_the_okey_608_612(choice: str, loss: int) -> None:
    rules = Rules.preset("plain").with_options({"plain_doublings": choice})
    ruling = check_score([], winner=0, finish=Finish.PAIRS, rules=rules, okey_discard=True,
                         standings=[20, 20, 20, 20])
    assert ruling.result["scores"] == [0, loss, loss, loss]
    assert ruling.options["plain_doublings"] == choice
    assert {"504", "608", "609"} <= set(ruling.rules)


def test_pair_finish_is_read_603() -> None:
    players = [PlayerRound(Opened.MELDS), PlayerRound(Opened.MELDS, parse_tiles("R3"))]
    with pytest.raises(RuleViolation) as refused:  # a pairs finish needs a pairs opener
        check_score(players, winner=0, finish=Finish.PAIRS, rules=R101)
    assert refused.value.code == "pairs_finish_without_pairs"
    ten = R101.with_options({"pair_finish": "ten_pairs"})
    ruling = check_score(players, winner=0, finish=Finish.PAIRS, rules=ten)
    assert ruling.result["scores"] == [-202, 6] and ruling.options["pair_finish"] == "ten_pairs"


def test_803_a_fake_joker_discarded_last_scores_as_a_normal_finish(client: FlaskClient) -> None:
    body = {"indicator": "B10", "finish": "okey", "winner": 0, "last_discard": "F",
            "players": [{"opened": "melds"}, {"opened": "melds", "remaining": "R3"}]}
    reply = client.post("/api/v1/referee/score", json=body).get_json()
    assert reply["scores"] == [-101, 3] and reply["rules"][0] == "803"
    okey = client.post("/api/v1/referee/score", json={**body, "finish": "normal",
                                                       "last_discard": "B11"}).get_json()
    assert okey["scores"] == [-202, 6] and "602" in okey["rules"]


@pytest.mark.parametrize(("check", "body"), [
    ("opening", {"melds": ["R11 R12 R13", "B13 Y13 K1", "K10 K11 K12", "Y10 Y11 Y12"]}),
    ("discard", {"tile": "K1", "table": ["R5 R6 R7"]}),
    ("score", {"finish": "normal", "winner": 0,
               "players": [{"opened": "melds"}, {"opened": "melds", "remaining": "K1 R4"}]}),
])
def test_an_okey_from_an_indicator_13_cites_801_in_every_check(client: FlaskClient, check: str,
                                                               body: dict[str, Any]) -> None:
    reply = client.post(f"/api/v1/referee/{check}", json={"indicator": "K13", **body}).get_json()
    assert "801" in reply["rules"], reply


@pytest.mark.parametrize(("count", "partial"), [(1, True), (6, True), (20, True), (21, False)])
def test_best_opening_rules_on_the_tiles_given_401(client: FlaskClient, count: int,
                                                   partial: bool) -> None:
    tiles = "R1 R2 R3 K10 K11 K12 Y7 Y7 B2 B3 B4 B5 Y9 K1 R6 B12 Y13 K6 R8 B8 Y4".split()[:count]
    reply = client.post("/api/v1/referee/best-opening",
                        json={"indicator": "B1", "tiles": tiles, "lang": "en"}).get_json()
    assert reply["partial"] is partial and reply["tiles_given"] == count
    texts = [line["text"] for line in reply["explanation"]]
    assert any("for the 1 tile given" in t or f"for the {count} tiles given" in t
               for t in texts) is partial
    if count == 6:
        assert reply["best_value"] == 39 and reply["can_open"] is False


@pytest.mark.parametrize(("tile", "table", "allowed", "how", "rule"), [
    ("R8", ["R5 R6 R7"], True, "extends", "405"),  # adds to a table meld
    ("R7", ["R5 R6 K5"], True, "replaces_okey", "302"),  # takes the okey's place
    ("R3", ["R5 R6 K5"], False, None, "406"),  # the okey stands for R7, not R4
    ("Y5", ["R5 B5 K5"], True, "extends", "405"),
])
def test_an_opened_players_pickup_says_how_the_tile_is_used_405_406(
        client: FlaskClient, tile: str, table: list[str], allowed: bool, how: str | None,
        rule: str) -> None:
    reply = client.post("/api/v1/referee/pickup", json={
        "indicator": "K4", "tile": tile, "opened": True, "table": table}).get_json()
    assert reply["allowed"] is allowed and rule in reply["rules"]
    assert [use["how"] for use in reply["uses"]][:1] == ([how] if how else [])
    if not allowed:
        assert reply["penalty"] == 101 and "705" in reply["rules"]


def test_an_opened_players_pickup_counts_a_new_meld_but_not_for_a_pairs_opener_502(
        client: FlaskClient) -> None:
    body = {"indicator": "K4", "tile": "R3", "rack": "R1 R2 B9", "table": ["R5 R6 K5"]}
    melds = client.post("/api/v1/referee/pickup", json={**body, "opened": "melds"}).get_json()
    assert melds["allowed"] is True and melds["uses"][0]["how"] == "new_meld"
    pairs = client.post("/api/v1/referee/pickup", json={**body, "opened": "pairs"}).get_json()
    assert pairs["allowed"] is False and "502" in pairs["rules"]
    unknown = client.post("/api/v1/referee/pickup", json={
        "indicator": "K4", "tile": "R3", "opened": True}).get_json()
    assert unknown["allowed"] is True and "406" in unknown["rules"]  # must use it this turn


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "1 tile fits no meld: R13."),
    ("de", "1 Stein passt in keine Kombination: R13."),
    ("en", "Not a single pair: seven are needed."),  # not "Only 0 pairs"
    ("tr", "Hiç çift yok: yedi çift gerekir."),
])
def test_one_tile_is_singular_and_no_pair_is_said_so(client: FlaskClient, lang: str, text: str) -> None:
    tiles = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 R13 K9"
    reply = client.post("/api/v1/referee/winning-hand", json={
        "variant": "plain", "indicator": "B1", "tiles": tiles, "lang": lang}).get_json()
    assert text in [line["text"] for line in reply["explanation"]], reply["explanation"]


def test_before_opening_a_tile_that_fits_the_table_is_no_use_405(client: FlaskClient) -> None:
    rack = "R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B6 B7 B10 B13 K3 K8 K12"
    reply = client.post("/api/v1/referee/pickup", json={
        "indicator": "K4", "tile": "B2", "rack": rack, "table": ["B3 B4 B5"]}).get_json()
    assert reply["allowed"] is False and reply["rules"][:2] == ["406", "405"]
    # an opened player's own melds are on the table: an empty table means it was not given
    opened = client.post("/api/v1/referee/pickup", json={
        "indicator": "K4", "tile": "B2", "opened": True, "table": []}).get_json()
    assert opened["allowed"] is True and str(Code.PICKUP_MUST_USE) in [
        line["code"] for line in opened["explanation"]]


# The second audit (2026-11-28): a turn ends with a discard (104), so a whole rack lays 21.
@pytest.mark.parametrize(("tiles", "indicator", "every", "best", "opens_with"), [
    # 99 in melds does not open; its five pairs (the 5s and K6) do
    ("R2 Y2 B2 K2 R4 R5 R6 Y4 Y5 Y6 B4 B5 B6 K4 K5 K6 R5 Y5 B5 K5 K6 K7", "B10", 101, 99, "pairs"),
    ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", "K4", 136, 135,
     "melds"),
])
def test_a_whole_rack_keeps_a_tile_to_discard_104(client: FlaskClient, tiles: str,
                                                  indicator: str, every: int, best: int,
                                                  opens_with: str) -> None:
    reply = client.post("/api/v1/referee/best-opening", json={
        "tiles": tiles.split(), "indicator": indicator, "lang": "en"}).get_json()
    assert reply["best_value"] == best and reply["opens_with"] == opens_with
    assert len(reply["leftover"]) == 1
    assert "104" in reply["rules"]
    assert f"worth {every}" in " ".join(e["text"] for e in reply["explanation"])


def test_twenty_one_tiles_may_all_be_laid_the_drawn_tile_is_discarded() -> None:
    """A rack of 21 draws its 22nd before it lays: every one of the 21 may go down."""
    from referee.checks import check_best_opening

    tiles = parse_tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8")
    ruling = check_best_opening(tiles, indicator=Tile.parse("K4"), rules=R101)
    assert ruling.result["best_value"] == 91 + 36 and ruling.result["leftover"] == []
    assert Code.KEEPS_DISCARD not in [r.code for r in ruling.reasons]


def test_a_whole_hand_of_pairs_keeps_a_tile_to_discard() -> None:
    from referee.checks import check_best_opening

    tiles = parse_tiles("R1 R1 R2 R2 R3 R3 R5 R5 R6 R6 R7 R7 Y9 Y9 Y10 Y10 B3 B3 B8 B8 K11 K11")
    ruling = check_best_opening(tiles, indicator=Tile.parse("K4"), rules=R101)
    assert ruling.result["pairs"] == 10


def test_taking_the_discard_to_lay_every_tile_leaves_none_to_discard_406() -> None:
    """With the discard taken a hand is 22 tiles: an opening that lays them all is none."""
    rack = parse_tiles("R2 Y2 B2 K2 R4 R5 R6 Y4 Y5 Y6 B4 B5 B6 K4 K5 K6 R5 Y5 B5 K5 K6")
    ruling = check_pickup(Tile.parse("K7"), rack, indicator=Tile.parse("B10"), rules=R101)
    assert ruling.result["value"] == 99 and ruling.result["allowed"] is False


# 603: a player who opened with pairs and goes out finishes with pairs, said so or not.
@pytest.mark.parametrize(("finish", "scores"), [
    ("normal", [-202, 26, 404, 2]),
    ("okey", [-404, 52, 808, 4]),  # both doublings (603's reading)
    ("pairs", [-202, 26, 404, 2]),
])
def test_a_pair_openers_finish_is_a_pair_finish_603(client: FlaskClient, finish: str,
                                                    scores: list[int]) -> None:
    reply = client.post("/api/v1/referee/score", json={
        "variant": "101", "indicator": "K4", "finish": finish, "winner": 0, "players": [
            {"opened": "pairs", "remaining": []}, {"opened": "melds", "remaining": ["R4", "Y9"]},
            {"opened": None, "remaining": ["B1"]}, {"opened": "melds", "remaining": ["R1"]}],
    }).get_json()
    assert reply["scores"] == scores and "603" in reply["rules"]


def test_a_pair_openers_normal_finish_is_normal_under_the_ten_pairs_rule() -> None:
    players = [PlayerRound(Opened.PAIRS), PlayerRound(Opened.MELDS, parse_tiles("R4 Y9"))]
    rules = R101.with_options({"pair_finish": "ten_pairs"})
    ruling = check_score(players, winner=0, finish=Finish.NORMAL, rules=rules)
    assert ruling.result["scores"] == [-101, 13]


# 608: in plain Okey too, the okey discarded last doubles the win.
@pytest.mark.parametrize(("last", "standings"), [
    ("R5", [16, 20, 16, 16]), ("R6", [18, 20, 18, 18]),
])
def test_a_plain_last_discard_that_is_the_okey_doubles_608(client: FlaskClient, last: str,
                                                          standings: list[int]) -> None:
    reply = client.post("/api/v1/referee/score", json={
        "variant": "plain", "indicator": "R4", "finish": "normal", "last_discard": last,
        "winner": 1, "standings": [20, 20, 20, 20]}).get_json()
    assert reply["standings"] == standings


# The third audit (2026-11-28): options, pickups and the round's moves.
def move(client: FlaskClient, state: dict[str, Any], kind: str, tiles: list[str] | None = None,
         meld: int | None = None, options: dict[str, str] | None = None,
         melds: list[list[str]] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"state": state, "move": {
        "kind": kind, "player": state.get("turn", 0), "tiles": tiles or [], "meld": meld,
        "melds": melds or []}}
    if options:
        body["options"] = options
    answer = client.post("/api/v1/referee/move?lang=en", json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    ruled: dict[str, Any] = answer.get_json()
    return ruled


@pytest.mark.parametrize(("choice", "points", "rule"), [("penalty", 101, "705"),
                                                        ("no_penalty", 0, "708")])
def test_a_taken_discard_not_used_goes_back_and_the_player_draws_705_708(
        client: FlaskClient, choice: str, points: int, rule: str) -> None:
    """Once a 500 (the penalty's message named a value the reason lacked), then a dead end:
    the tile stayed on the rack and drawing was refused."""
    answer = client.post("/api/v1/referee/round?lang=en", json={
        "start": {"indicator": "K4"}, "options": {"failed_pickup": choice}, "moves": [
            {"kind": "discard", "player": 0, "tiles": ["R5"]},
            {"kind": "take", "player": 1, "tiles": ["R5"]},
            {"kind": "discard", "player": 1, "tiles": ["Y9"]},
            {"kind": "draw", "player": 1},
            {"kind": "discard", "player": 1, "tiles": ["Y9"]}]})
    assert answer.status_code == 200
    moves = answer.get_json()["moves"]
    refused = moves[2]
    assert refused["legal"] is False and refused["penalty"] == points
    assert {"406", rule} <= set(refused["rules"])
    assert "draw from the deck instead" in " ".join(e["text"] for e in refused["explanation"])
    assert refused["state"]["discards"] == ["R5"] and refused["state"]["taken"] is None
    assert refused["state"]["seats"][1]["count"] == 21
    assert [m["legal"] for m in moves[3:]] == [True, True]


def test_only_one_tile_laid_off_may_be_taken_back_free_704(client: FlaskClient) -> None:
    state = {"indicator": "K4", "drawn": True, "discards": ["B1"],
             "seats": [{"rack": ["Y5", "B6", "R3"], "opened": "melds"}, {}, {}, {}],
             "table": [{"tiles": "R7 R8 R9 R10", "owner": 0}, {"tiles": "Y4 Y5 Y6 Y7", "owner": 1}],
             "added": [{"meld": 0, "tile": "R10"}, {"meld": 1, "tile": "Y7"}]}
    first = move(client, state, "take_back", ["Y7"], meld=1)
    assert first["legal"] is True and first["penalty"] == 0 and first["state"]["took_back"]
    second = move(client, first["state"], "take_back", ["R10"], meld=0)
    assert second["penalty"] == 101 and "704" in second["rules"]


def test_the_taken_discard_swapped_for_a_table_okey_is_used_302_406(client: FlaskClient) -> None:
    state = {"indicator": "K4", "drawn": True, "taken": "R8",
             "seats": [{"rack": ["R8", "Y1", "B2"], "opened": "melds"}, {}, {}, {}],
             "table": [{"tiles": "R7 K5 R9", "owner": 1}]}
    swapped = move(client, state, "swap", ["R8"], meld=0)
    assert swapped["legal"] is True and swapped["state"]["taken_used"] is True
    discarded = move(client, swapped["state"], "discard", ["Y1"])
    assert discarded["legal"] is True and discarded["penalty"] == 0


def test_a_fake_joker_finish_is_no_okey_finish_even_played_wild_803(client: FlaskClient) -> None:
    state = {"indicator": "K4", "drawn": True,
             "seats": [{"rack": ["F"], "opened": "melds"}, {"opened": "melds"}, {}, {}],
             "table": [{"tiles": "R7 R8 R9", "owner": 0}]}
    ruled = move(client, state, "finish", ["F"], options={"fake_joker_role": "wild"})
    assert ruled["legal"] is True and ruled["state"]["finish"] == "normal"


def test_laying_down_every_tile_leaves_none_to_discard_104(client: FlaskClient) -> None:
    state = {"indicator": "K4", "drawn": True,
             "seats": [{"rack": ["R10", "R11", "R12"], "opened": "melds"}, {}, {}, {}]}
    ruled = move(client, state, "open", melds=[["R10", "R11", "R12"]])
    assert ruled["legal"] is False and ruled["rules"] == ["104"]
    assert "keep a tile" in ruled["explanation"][0]["text"]


def test_an_opened_pickup_for_a_new_meld_keeps_a_tile_to_discard_104() -> None:
    table = [parse_tiles("B7 B8 B9")]  # R12 fits nothing there
    laid_out = check_pickup(Tile.parse("R12"), parse_tiles("R10 R11"), indicator=Tile.parse("K4"),
                            rules=R101, opened=True, table=table)
    kept = check_pickup(Tile.parse("R12"), parse_tiles("R10 R11 B3"), indicator=Tile.parse("K4"),
                        rules=R101, opened=True, table=table)
    assert laid_out.result["allowed"] is False and kept.result["allowed"] is True


@pytest.mark.parametrize("tile", ["R9", "K2"])
def test_a_pickup_may_complete_a_pair_with_a_joker_where_the_table_allows_it_406(
        tile: str) -> None:
    rack = parse_tiles("R1 R1 Y2 Y2 B3 B3 K6 K6 K5 Y4 B5 K7 R8 Y9 B10 K11 R12 Y13 B1 K2 R3")
    rules = R101.with_options({"joker_in_pair": "allowed"})
    ruling = check_pickup(Tile.parse(tile), rack, indicator=Tile.parse("K4"), rules=rules)
    assert ruling.result["allowed"] is True and ruling.result["opens_with"] == "pairs"
    assert check_pickup(Tile.parse("R9"), rack, indicator=Tile.parse("K4"),
                        rules=R101).result["allowed"] is False


def test_an_answers_state_can_be_sent_back_as_it_came(client: FlaskClient) -> None:
    state = {"indicator": "K4", "drawn": True,
             "seats": [{"rack": ["Y1"], "opened": "melds"}, {"opened": "melds"}, {}, {}],
             "table": [{"tiles": "R7 R8 R9", "owner": 0}]}
    finished = move(client, state, "finish", ["Y1"])
    assert finished["state"]["over"] is True
    again = client.post("/api/v1/referee/move?lang=en", json={
        "state": finished["state"], "move": {"kind": "draw", "player": 1}})
    assert again.status_code == 200 and again.get_json()["legal"] is False


# The fourth audit (2026-11-28): 173 cases, no result wrong; a run's faults cited 402 only,
# where 404 lists every invalid meld ("All invalid melds are listed in 404", 402 says).
@pytest.mark.parametrize("tiles", ["R5 R6 R6 R7", "Y4 Y5 Y7", "R7 B8 R9", "R7 K5 B9"])
def test_a_runs_fault_cites_the_rule_on_invalid_melds_404(tiles: str) -> None:
    ruling = check_meld(parse_tiles(tiles), indicator=Tile.parse("K4"), rules=R101)
    assert ruling.result["valid"] is False and "404" in ruling.rules



def test_the_last_discard_counts_among_the_tiles_that_exist(client: FlaskClient) -> None:
    """Two K5 left on a rack and a K5 discarded last make a third K5: refused, said why."""
    reply = client.post("/api/v1/referee/score?lang=en", json={
        "variant": "101", "indicator": "K4", "finish": "normal", "winner": 0,
        "last_discard": "K5", "players": [
            {"opened": "melds", "remaining": []}, {"opened": "melds", "remaining": ["K5", "K5"]},
            {"opened": None, "remaining": []}, {"opened": None, "remaining": []}]})
    assert reply.status_code == 400
    error = reply.get_json()["error"]
    assert error["code"] == "too_many_copies" and "K5" in error["message"]
