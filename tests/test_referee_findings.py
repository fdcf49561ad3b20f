"""What the outside audit of the referee found, each case with the rule it rests on:
a table okey stands for one tile (302, 702), the cancelled round (503), the okey left in
hand read two ways (706), plain pairs finished with the okey (608), the citations that were
missing (303, 801, 803), explanations that misled, and counts in plural forms."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee import Rules, Tile, parse_tiles
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
    assert codes(ruling) == [(str(Code.RUN_PAST_ONE), "407")]
    strict = check_meld(parse_tiles("K13 K1 K2"), rules=R101)
    assert codes(strict) == [(str(Code.WRAPS_13_1), "404")]


def test_a_tile_that_fits_no_meld_is_said_so_at_pickup() -> None:
    rack = parse_tiles("R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B4 B7 B10 B13 K3 K8 K12")
    ruling = check_pickup(Tile.parse("B2"), rack, indicator=Tile.parse("K1"), rules=R101)
    assert ruling.reasons[0].code is Code.PICKUP_FITS_NO_MELD


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


@pytest.mark.parametrize(("choice", "word"), [("not_allowed", "does not complete"),
                                              ("allowed", "under these rules, a tile and an okey")])
def test_the_pair_message_follows_the_joker_in_pair_rule(client: FlaskClient, choice: str,
                                                         word: str) -> None:
    body = {"variant": "101", "indicator": "K4",
            "pairs": ["R1 R1", "Y2 Y2", "B3 B3", "K6 K6", "R9 K5"],
            "options": {"joker_in_pair": choice}}
    reply = client.post("/api/v1/referee/opening", json=body).get_json()
    texts = " ".join(line["text"] for line in reply["explanation"])
    assert (word in texts) is (choice == "not_allowed") or choice == "allowed"
