"""The pair check (506): two tiles, the variant's house rules, and what the pair is for."""

from itertools import combinations_with_replacement, product

import pytest

from referee import Color, OkeyError, RuleViolation, Rules, Tile, Verdict, check_pair, parse_tiles
from referee.checks import TileCountError
from referee.rulings import Code

T = Tile.parse
EVERY_TILE = [Tile(color, number) for color in Color for number in range(1, 14)] + [Tile.fake()]


def pair_by_the_book(first: Tile, second: Tile, indicator: Tile, rules: Rules) -> bool:
    """Rule 506 read literally, apart from the engine: two tiles of the same number and
    colour, a fake joker being the okey's tile (303) unless the table makes it wild; or,
    where ``joker_in_pair`` allows it, any tile with an okey."""
    okey = Tile(indicator.color, indicator.number % 13 + 1)
    fake_wild = rules.choice("fake_joker_role") == "wild"

    def wild(tile: Tile) -> bool:
        return tile == okey or (tile.is_fake and fake_wild)

    def face(tile: Tile) -> Tile:
        return okey if tile.is_fake else tile

    if first == second:
        return True
    if wild(first) or wild(second):
        return rules.choice("joker_in_pair") == "allowed"
    return face(first) == face(second)


@pytest.mark.parametrize(("variant", "joker_in_pair", "fake_role"),
                         list(product(("101", "plain"), ("allowed", "not_allowed"),
                                      ("okey_face", "wild"))))
def test_every_two_tiles_are_ruled_as_the_book_says(variant: str, joker_in_pair: str,
                                                    fake_role: str) -> None:
    """Each of the 1,431 two-tile hands under three indicators (one a 13, whose okey is a 1),
    against the rule read literally; a hand that cannot exist beside the indicator is an
    error, never a ruling."""
    rules = Rules.preset(variant).with_options(
        {"joker_in_pair": joker_in_pair, "fake_joker_role": fake_role})
    ruled = 0
    for indicator in (T("R4"), T("K13"), T("Y7")):
        for first, second in combinations_with_replacement(EVERY_TILE, 2):
            try:
                found = check_pair([first, second], indicator=indicator, rules=rules)
            except OkeyError as error:
                assert error.code in ("too_many_copies", "too_many_fakes")
                assert indicator in (first, second)
                continue
            ruled += 1
            expected = pair_by_the_book(first, second, indicator, rules)
            assert found.result["valid"] is expected, (indicator, first, second)
            assert found.verdict is (Verdict.VALID if expected else Verdict.INVALID)
            assert found.rules[0] == "506"
    assert ruled == 3 * (1431 - 1)  # only the indicator's own tile twice cannot exist


@pytest.mark.parametrize(("variant", "use", "rule"), [
    ("101", Code.PAIR_OPENS_101, "501"), ("plain", Code.PAIR_WINS_PLAIN, "504"),
])
def test_a_pair_says_what_it_is_for_in_the_variant(variant: str, use: Code, rule: str) -> None:
    found = check_pair(parse_tiles("K9 K9"), rules=Rules.preset(variant))
    assert [r.code for r in found.reasons] == [Code.PAIR_SAME, use]
    assert found.rules == ("506", rule)
    assert found.result == {"valid": True, "joker": False, "stands_for": ["K9", "K9"]}


def test_the_same_number_in_two_colours_is_no_pair() -> None:
    found = check_pair(parse_tiles("K9 R9"), rules=Rules.preset("plain"))
    assert found.verdict is Verdict.INVALID
    assert [r.code for r in found.reasons] == [Code.NOT_A_PAIR]
    assert found.rules == ("506",)


def test_an_okey_completes_a_pair_by_each_variants_default() -> None:
    """Joker and yellow 4 (506): no pair in 101 Okey by default, a pair in plain Okey; the
    ruling names the house rule it applied."""
    okey_y4 = parse_tiles("R5 Y4")
    in_101 = check_pair(okey_y4, indicator=T("R4"), rules=Rules.preset("101"))
    plain = check_pair(okey_y4, indicator=T("R4"), rules=Rules.preset("plain"))
    assert in_101.reasons[0].code is Code.NOT_A_PAIR_NO_JOKER
    assert in_101.options == {"joker_in_pair": "not_allowed"}
    assert plain.reasons[0].code is Code.PAIR_JOKER
    assert plain.reasons[0].tiles == ("R5", "Y4")
    assert plain.result == {"valid": True, "joker": True, "stands_for": ["Y4", "Y4"]}
    assert plain.options == {"joker_in_pair": "allowed"}
    y4_okey = check_pair(okey_y4[::-1], indicator=T("R4"), rules=Rules.preset("plain"))
    assert y4_okey.reasons[0].tiles == ("R5", "Y4")  # the okey named first
    allowed = Rules.preset("101").with_options({"joker_in_pair": "allowed"})
    assert check_pair(okey_y4, indicator=T("R4"), rules=allowed).verdict is Verdict.VALID


def test_the_two_okeys_are_a_pair_without_the_house_rule() -> None:
    found = check_pair(parse_tiles("R5 R5"), indicator=T("R4"), rules=Rules.preset("101"))
    assert found.verdict is Verdict.VALID and found.result["joker"] is False


def test_fake_jokers_stand_for_the_okeys_tile() -> None:
    """Two fake jokers are a pair of the okey's tile, and a fake joker pairs with that tile's
    twin (303), whichever the house rule on jokers in pairs."""
    two_fakes = check_pair(parse_tiles("F F"), indicator=T("R4"), rules=Rules.preset("101"))
    assert [r.code for r in two_fakes.reasons] == [Code.PAIR_SAME, Code.FAKE_STANDS_FOR,
                                                   Code.PAIR_OPENS_101]
    assert two_fakes.rules == ("506", "303", "501")
    assert two_fakes.result["stands_for"] == ["R5", "R5"]
    assert two_fakes.options["fake_joker_role"] == "okey_face"


def test_an_okey_that_is_a_1_cites_801() -> None:
    found = check_pair(parse_tiles("Y1 B6"), indicator=T("Y13"), rules=Rules.preset("plain"))
    assert found.verdict is Verdict.VALID
    assert found.rules == ("506", "504", "801")


def test_without_an_indicator_no_tile_is_wild() -> None:
    assert check_pair(parse_tiles("R5 Y4"), rules=Rules.preset("plain")).verdict \
        is Verdict.INVALID
    with pytest.raises(RuleViolation) as raised:
        check_pair(parse_tiles("F Y4"), rules=Rules.preset("plain"))
    assert raised.value.code == "indicator_needed"


@pytest.mark.parametrize("tiles", ["R5", "R5 R5 R5", "R1 R2 R3 R4"])
def test_a_pair_is_two_tiles(tiles: str) -> None:
    with pytest.raises(TileCountError) as raised:
        check_pair(parse_tiles(tiles), rules=Rules.preset("101"))
    assert raised.value.allowed == (2,)


def test_the_indicators_twin_makes_no_pair_with_it() -> None:
    """The indicator is one of the two tiles of its face, so its twin has no partner (802)."""
    with pytest.raises(OkeyError) as raised:
        check_pair(parse_tiles("K4 K4"), indicator=T("K4"), rules=Rules.preset("101"))
    assert raised.value.code == "too_many_copies"
