"""Tile notation: parsing, round-trips, colour words in three languages, physical limits."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import Color, NotationError, RuleViolation, Tile, parse_tiles
from referee.tiles import check_physical

tiles = st.one_of(
    st.builds(Tile, st.sampled_from(list(Color)), st.integers(1, 13)),
    st.just(Tile.fake()),
)


@given(tiles)
def test_notation_round_trips(tile: Tile) -> None:
    assert Tile.parse(str(tile)) == tile
    assert eval(repr(tile), {"Tile": Tile}) == tile


@given(st.lists(tiles, max_size=22), st.sampled_from([" ", ", ", ",", " ,  ", "\n"]))
def test_tile_lists_round_trip(items: list[Tile], separator: str) -> None:
    assert parse_tiles(separator.join(str(t) for t in items)) == tuple(items)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("R7", "R7", id="notation"),
        pytest.param("r7", "R7", id="lowercase"),
        pytest.param("k13", "K13", id="black-13"),
        pytest.param("kırmızı 7", "R7", id="turkish"),
        pytest.param("KIRMIZI 7", "R7", id="turkish-upper"),
        pytest.param("kirmizi7", "R7", id="turkish-ascii"),
        pytest.param("rot 7", "R7", id="german"),
        pytest.param("red 7", "R7", id="english"),
        pytest.param("sarı 3", "Y3", id="sari"),
        pytest.param("gelb 3", "Y3", id="gelb"),
        pytest.param("mavi 10", "B10", id="mavi"),
        pytest.param("blau 10", "B10", id="blau"),
        pytest.param("siyah 1", "K1", id="siyah"),
        pytest.param("schwarz 1", "K1", id="schwarz"),
        pytest.param("black 12", "K12", id="black"),
        pytest.param("rote 7", "R7", id="german-adjective"),
        pytest.param("schwarzen 12", "K12", id="german-adjective-en"),
        pytest.param("F", "F", id="fake"),
        pytest.param("sahte okey", "F", id="sahte-okey"),
        pytest.param("falscher Joker", "F", id="falscher-joker"),
        pytest.param("fake joker", "F", id="fake-joker"),
    ],
)
def test_parse_accepts_words_and_case(text: str, expected: str) -> None:
    assert [str(t) for t in parse_tiles(text)] == [expected]


def test_parse_mixed_list() -> None:
    assert [str(t) for t in parse_tiles("rot 7, R8 gelb 9 sahte okey")] == ["R7", "R8", "Y9", "F"]


@pytest.mark.parametrize(
    "bad", ["R14", "R0", "X7", "7", "R", "RR7", "R7.5", "F2", "rot", "🀄", "R-1", "x" * 500,
            "rede7"]
)
def test_parse_names_the_bad_token(bad: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_tiles(f"R1 {bad} K2")
    assert error.value.code == "bad_tile"
    assert bad[:40] in str(error.value) or error.value.subject


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Tile.parse("Z1")


@pytest.mark.parametrize(
    ("rack", "indicator", "offender"),
    [
        pytest.param("R7 R7 R7", None, "R7", id="three-copies"),
        pytest.param("R7 R7", "R7", "R7", id="indicator-is-a-copy"),
        pytest.param("F F F", None, "F", id="three-fakes"),
        pytest.param("F F", "F", "F", id="fake-indicator-is-a-copy"),
    ],
)
def test_physical_limits_name_the_tile(rack: str, indicator: str | None, offender: str) -> None:
    with pytest.raises(RuleViolation) as error:
        check_physical(parse_tiles(rack), Tile.parse(indicator) if indicator else None)
    assert error.value.subject == offender


def test_two_copies_and_two_fakes_are_fine() -> None:
    check_physical(parse_tiles("R7 R7 F F"), Tile.parse("K1"))


def test_tiles_are_immutable_and_ordered() -> None:
    tile = Tile.parse("B5")
    with pytest.raises(AttributeError):
        tile.number = 6  # type: ignore[misc]
    assert sorted(parse_tiles("K1 R2 R1")) == sorted(parse_tiles("R1 R2 K1"))
