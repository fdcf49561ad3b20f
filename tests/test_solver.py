"""The exact solvers (best opening, most tiles in melds) against brute force and by hand.

Racks are dealt from a real set (two of each tile, two fake jokers) with the indicator
taken out, under both 13-1 wrap rules and both fake-joker roles. The brute force in
``tests/bruteforce.py`` checks meld validity on its own, so it and the solver check each
other; every meld the solver lays is also read back with :func:`referee.melds.read_meld`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.jokers import Jokers
from referee.melds import MeldKind, position_number, read_meld, top_position
from referee.options import FakeIndicator, FakeJokerRole, Rules, Wrap
from referee import programme
from referee.solver import ENGINES, Solution, best_melds, compiled_build, most_tiles_in_melds
from referee.tiles import Tile, parse_tiles
from tests import bruteforce
from tests.bruteforce import DECK, RULES_101, face_of, meld_worth

FIXTURES = Path(__file__).parent / "fixtures"

# Every exactness test runs on both builds of the search: the pure-Python reference and the
# mypyc build that ``.ci/setup`` makes (missing or stale, that build fails here by name).
BUILDS = pytest.mark.parametrize("engine", ["python", "compiled"])


def build(engine: str) -> str:
    assert engine in ENGINES, "no current mypyc build of referee/programme.py: run .ci/setup"
    return engine


def test_the_compiled_build_is_current_and_serves() -> None:
    source = Path(programme.__file__ or "").read_bytes()
    assert compiled_build(source) is ENGINES[build("compiled")]
    assert compiled_build(source + b"# an edit after the build\n") is None


def table(
    role: FakeJokerRole = FakeJokerRole.OKEY_FACE,
    wrap: Wrap = Wrap.NEVER,
    fake_indicator: FakeIndicator = FakeIndicator.REDRAW,
) -> Rules:
    """The 101 table with the house rules the solver reads."""
    return dataclasses.replace(
        RULES_101, fake_joker_role=role, wrap_13_1=wrap, fake_indicator=fake_indicator
    )


@st.composite
def deals(draw: st.DrawFn, max_tiles: int = 10) -> tuple[tuple[Tile, ...], Jokers, Rules]:
    """A rack of 6 to ``max_tiles`` from a real set, with the round's jokers and rules.

    Okeys and fake jokers are drawn on purpose as often as not, so that racks with up to
    four wild tiles are common; now and then the indicator is a fake joker played as
    making the fakes jokers.
    """
    fake_indicator = draw(st.integers(0, 9)) == 0
    rules = table(
        draw(st.sampled_from(FakeJokerRole)),
        draw(st.sampled_from(Wrap)),
        FakeIndicator.FAKES_ARE_JOKERS if fake_indicator else FakeIndicator.REDRAW,
    )
    deck = list(DECK)
    if fake_indicator:
        indicator = deck.pop(deck.index(Tile.fake()))
    else:
        indicator = deck.pop(draw(st.sampled_from(
            [i for i, t in enumerate(deck) if not t.is_fake])))
    jokers = Jokers.from_indicator(indicator, rules)
    special = [i for i, t in enumerate(deck) if t.is_fake or jokers.is_wild(t)]
    forced = draw(st.lists(st.sampled_from(special), unique=True, max_size=4))
    rest = [i for i in range(len(deck)) if i not in forced]
    size = draw(st.sampled_from(range(6, max_tiles + 1))) - len(forced)
    others = draw(st.lists(st.sampled_from(rest), unique=True, min_size=size, max_size=size))
    rack = [deck[i] for i in sorted(forced) + sorted(others)]
    return tuple(rack), jokers, rules


def assert_well_formed(
    solution: Solution, rack: tuple[Tile, ...], jokers: Jokers, rules: Rules, counting: bool
) -> None:
    """Every meld is valid and its faces are consistent; the tiles come from the rack."""
    top = top_position(rules)
    used = [t for m in solution.melds for t in m.tiles]
    assert Counter(used) + Counter(solution.leftover) == Counter(rack)
    assert solution.tiles_used == len(used)
    for meld in solution.melds:
        for tile, face in zip(meld.tiles, meld.faces, strict=True):
            assert face.color is not None
            if not jokers.is_wild(tile):
                assert face == jokers.face(tile), (str(meld), tile, face)
        numbers = [f.number for f in meld.faces]
        if meld.kind is MeldKind.SET:
            assert 3 <= len(meld.tiles) <= 4
            assert len(set(numbers)) == 1
            assert len({f.color for f in meld.faces}) == len(meld.faces)
        else:
            assert 3 <= len(meld.tiles) <= 13
            assert len({f.color for f in meld.faces}) == 1
            start = meld.positions[0]
            assert meld.positions == tuple(range(start, start + len(meld.tiles)))
            assert 1 <= start and meld.positions[-1] <= top
            assert numbers == [position_number(p) for p in meld.positions]
        assert meld.value == sum(numbers)
        read, problems = read_meld(meld.tiles, jokers, rules)
        assert read is not None, (str(meld), problems)
        worth = meld_worth([face_of(t, jokers) for t in meld.tiles], top)
        assert worth is not None, str(meld)
        if not counting:  # the best opening lays each meld at its best reading
            assert read.value == worth == meld.value, str(meld)
    expected = len(used) if counting else sum(m.value for m in solution.melds)
    assert solution.value == expected


@BUILDS
@settings(max_examples=1500, derandomize=True, deadline=None)
@given(deals())
def test_best_melds_matches_brute_force(
    engine: str, deal: tuple[tuple[Tile, ...], Jokers, Rules]
) -> None:
    rack, jokers, rules = deal
    solution = best_melds(rack, jokers, rules, build(engine))
    assert solution.value == bruteforce.best_value(rack, jokers, rules)
    assert_well_formed(solution, rack, jokers, rules, counting=False)


@BUILDS
@settings(max_examples=1000, derandomize=True, deadline=None)
@given(deals())
def test_most_tiles_matches_brute_force(
    engine: str, deal: tuple[tuple[Tile, ...], Jokers, Rules]
) -> None:
    rack, jokers, rules = deal
    solution = most_tiles_in_melds(rack, jokers, rules, build(engine))
    assert solution.value == bruteforce.most_tiles(rack, jokers, rules)
    assert_well_formed(solution, rack, jokers, rules, counting=True)


@BUILDS
@settings(max_examples=150, derandomize=True, deadline=None)
@given(deals(max_tiles=12))
def test_twelve_tile_racks_match_brute_force(
    engine: str, deal: tuple[tuple[Tile, ...], Jokers, Rules],
) -> None:
    rack, jokers, rules = deal
    assert (best_melds(rack, jokers, rules, build(engine)).value
            == bruteforce.best_value(rack, jokers, rules))
    assert (most_tiles_in_melds(rack, jokers, rules, build(engine)).value
            == bruteforce.most_tiles(rack, jokers, rules))


@BUILDS
@settings(max_examples=150, derandomize=True, deadline=None)
@given(deals(max_tiles=22))
def test_full_racks_lay_valid_melds(
    engine: str, deal: tuple[tuple[Tile, ...], Jokers, Rules]
) -> None:
    rack, jokers, rules = deal
    best = best_melds(rack, jokers, rules, build(engine))
    assert_well_formed(best, rack, jokers, rules, counting=False)
    counted = most_tiles_in_melds(rack, jokers, rules, build(engine))
    assert_well_formed(counted, rack, jokers, rules, counting=True)
    # Nothing more could be laid from what either leaves over.
    assert bruteforce.best_value(best.leftover, jokers, rules) == 0
    assert bruteforce.most_tiles(counted.leftover, jokers, rules) == 0


@st.composite
def crowded_deals(draw: st.DrawFn) -> tuple[tuple[Tile, ...], Jokers, Rules]:
    """Racks shaped like the slowest full racks the search meets: all four wild tiles (both
    okeys, both fake jokers played wild) and 9 or 10 naturals crowded into six numbers in a
    row (across 13-1 now and then), so that runs with gaps, sets and the jokers compete."""
    rules = table(FakeJokerRole.WILD, draw(st.sampled_from(Wrap)))
    deck = list(DECK)
    indicator = deck.pop(draw(st.sampled_from([i for i, t in enumerate(deck) if not t.is_fake])))
    jokers = Jokers.from_indicator(indicator, rules)
    wild = [t for t in deck if jokers.is_wild(t)]
    low = draw(st.integers(1, 13))
    window = {(low + d - 1) % 13 + 1 for d in range(6)}
    naturals = [i for i, t in enumerate(deck) if t not in wild and t.number in window]
    chosen = draw(st.lists(st.sampled_from(naturals), unique=True, min_size=9, max_size=10))
    return tuple(wild + [deck[i] for i in sorted(chosen)]), jokers, rules


@BUILDS
@settings(max_examples=60, derandomize=True, deadline=None)
@given(crowded_deals())
def test_crowded_racks_with_four_jokers_match_brute_force(
    engine: str, deal: tuple[tuple[Tile, ...], Jokers, Rules]
) -> None:
    rack, jokers, rules = deal
    best = best_melds(rack, jokers, rules, build(engine))
    assert best.value == bruteforce.best_value(rack, jokers, rules)
    assert_well_formed(best, rack, jokers, rules, counting=False)
    assert (most_tiles_in_melds(rack, jokers, rules, build(engine)).value
            == bruteforce.most_tiles(rack, jokers, rules))


def _best_openings() -> list[dict[str, Any]]:
    """The best-opening cases of the shared dev set (all 101, default house rules)."""
    cases = yaml.safe_load((FIXTURES / "referee_dev.yaml").read_text(encoding="utf-8"))
    return [c for c in cases if c["check"] == "best_opening"]


@pytest.mark.parametrize(
    ("indicator", "tiles", "value"),
    [pytest.param(Tile.parse(c["indicator"]), tuple(c["tiles"]), c["expect"]["best_value"],
                  id=c["id"]) for c in _best_openings()],
)
def test_dev_set_best_openings(indicator: Tile, tiles: tuple[str, ...], value: int) -> None:
    rules = table()
    rack = parse_tiles(tiles)
    jokers = Jokers.from_indicator(indicator, rules)
    solution = best_melds(rack, jokers, rules)
    assert solution.value == value
    assert_well_formed(solution, rack, jokers, rules, counting=False)


def test_dev_set_has_the_six_best_openings() -> None:
    assert [c["id"] for c in _best_openings()] == [f"rack-{c}" for c in "abcdef"]


W = FakeJokerRole.WILD
F = FakeJokerRole.OKEY_FACE
NEVER, AFTER = Wrap.NEVER, Wrap.AFTER_13


@pytest.mark.parametrize(
    ("indicator", "tiles", "role", "wrap", "value", "most"),
    [
        # K4 is the indicator, so K5 is the okey; none here.
        pytest.param("K4", "R11 R12 R13 Y12 B12 K12", F, NEVER, 72, 6, id="run-and-set"),
        pytest.param("K4", "R12 R13 R1", F, NEVER, 0, 0, id="no-wrap-12-13-1"),
        pytest.param("K4", "R12 R13 R1", F, AFTER, 26, 3, id="wrap-12-13-1-worth-26"),
        pytest.param("K4", "R13 R1 R2", F, AFTER, 0, 0, id="wrap-13-1-2-not-a-run"),
        # two red 1s: one low (1 2 3), one high (12 13 1) only under the wrap rule
        pytest.param("K4", "R1 R1 R2 R3 R12 R13", F, NEVER, 6, 3, id="two-1s-no-wrap"),
        pytest.param("K4", "R1 R1 R2 R3 R12 R13", F, AFTER, 32, 6, id="two-1s-both-ends"),
        pytest.param("K4", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", F, AFTER, 91, 13,
                     id="run-of-13"),
        # a run may not hold the 1 twice: 1-13 and a second 1 split as 1-3 and 4-13-1
        pytest.param("K4", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1", F, AFTER, 92, 14,
                     id="run-of-13-and-a-second-1"),
        pytest.param("K4", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1", F, NEVER, 91, 13,
                     id="run-of-13-second-1-idle"),
        pytest.param("K4", "R7 Y7 B7 K7 R7 Y7 B7", F, NEVER, 49, 7, id="two-sets-at-7"),
        pytest.param("K4", "R7 Y7 R7 Y7 B7", F, NEVER, 21, 3, id="two-colours-short"),
        # K12 is the indicator: K13 is the okey; fake jokers wild give four wild tiles.
        pytest.param("K12", "K13 K13 F F", W, NEVER, 52, 4, id="four-jokers-a-set-of-13s"),
        pytest.param("K12", "K13 F F", W, NEVER, 39, 3, id="three-jokers-a-set-of-13s"),
        pytest.param("K12", "K13 F", W, NEVER, 0, 0, id="two-jokers-alone"),
        # as a set of 13s the jokers are worth 52; R1 J J twice lays more tiles
        pytest.param("K12", "K13 K13 F F R1 R1", W, NEVER, 52, 6, id="jokers-beat-low-tiles"),
        pytest.param("K12", "K13 F F R1 R1", W, NEVER, 39, 4, id="three-jokers-and-two-1s"),
        pytest.param("K12", "K13 K13 F F R1 Y1 B1", W, NEVER, 55, 7,
                     id="joker-set-and-set-of-1s"),
        pytest.param("K12", "K13 R12 Y12", W, NEVER, 36, 3, id="joker-completes-set"),
        pytest.param("K12", "K13 R11 R12", W, NEVER, 36, 3, id="joker-tops-run"),
        pytest.param("K12", "K13 R12 R13", W, NEVER, 36, 3, id="joker-below-run-at-top"),
        pytest.param("K12", "K13 R12 R13", W, AFTER, 36, 3, id="joker-below-or-as-high-1"),
        pytest.param("K12", "K13 R5 R7", W, NEVER, 18, 3, id="joker-bridges-gap"),
        pytest.param("K12", "K13 F R5", W, NEVER, 18, 3, id="two-jokers-above"),
        # R6 is the indicator: R7 is the okey, and a fake joker counts as R7 by default.
        pytest.param("R6", "F R8 R9", F, NEVER, 24, 3, id="fake-as-okey-face"),
        pytest.param("R6", "F R8 R9", W, NEVER, 27, 3, id="fake-played-wild"),
        pytest.param("R6", "R7 R8 R9", F, NEVER, 27, 3, id="okey-wild-in-own-place"),
        # the fakes are two R7s: R7-R10 (34) and R7 with the okeys as R8 R9 (24); laying
        # the okeys as R11 R12 instead (57) leaves an R7 over
        pytest.param("R6", "R7 R7 F F R8 R9 R10", F, NEVER, 58, 7, id="two-okeys-two-fakes"),
    ],
)
def test_known_values(
    indicator: str, tiles: str, role: FakeJokerRole, wrap: Wrap, value: int, most: int
) -> None:
    rules = table(role, wrap)
    rack = parse_tiles(tiles)
    jokers = Jokers.from_indicator(Tile.parse(indicator), rules)
    best = best_melds(rack, jokers, rules)
    assert best.value == value
    assert_well_formed(best, rack, jokers, rules, counting=False)
    counted = most_tiles_in_melds(rack, jokers, rules)
    assert counted.value == most
    assert_well_formed(counted, rack, jokers, rules, counting=True)


def test_tiles_are_values_even_when_one_object_comes_twice() -> None:
    rules = table()
    jokers = Jokers.from_indicator(Tile.parse("K4"), rules)
    r7, y7, b7 = parse_tiles("R7 Y7 B7")
    best = best_melds([r7, r7, y7, b7, r7], jokers, rules)
    assert best.value == 21
    assert best.leftover == (r7, r7)


def test_fake_indicator_makes_fakes_jokers() -> None:
    rules = table(fake_indicator=FakeIndicator.FAKES_ARE_JOKERS)
    jokers = Jokers.from_indicator(Tile.fake(), rules)
    best = best_melds(parse_tiles("F R12 R13"), jokers, rules)
    assert best.value == 36
    assert [str(m) for m in best.melds] == ["F R12 R13"]


# Full racks with all four wild tiles (K13 shown: the okey is K1; fake jokers played wild).
# Each value is a bound reached: every natural melded without jokers, and the jokers as a
# set of 13s (52), which no other use of them beats.
@pytest.mark.parametrize(
    ("indicator", "tiles", "role", "wrap", "value"),
    [
        # runs 1-5 twice in red (30) and 1-4 twice in yellow (20), and 52
        pytest.param("K13", "K1 K1 F F R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 Y1 Y1 Y2 Y2 Y3 Y3 Y4 Y4",
                     W, NEVER, 102, id="doubles-1-5-four-wilds"),
        # runs 7-8-9 in red and yellow, sets R7 B7 K7, Y7 B7 K7, and the same of 8s: all 138
        pytest.param("K13", "K1 K1 F F R7 Y7 B7 K7 R7 Y7 B7 K7 R8 Y8 B8 K8 R8 Y8 B8 K8 R9 Y9",
                     W, NEVER, 190, id="two-full-sets-at-7-and-8-four-wilds"),
        # the run of 13 (91) and Y1-Y5 (15)
        pytest.param("K13", "K1 K1 F F R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 "
                     "Y4 Y5", W, AFTER, 158, id="run-of-13-four-wilds-wrap"),
        # 11-12-13-1 twice in red (74), 12-13-1 twice in yellow (52); the 2s stay over,
        # since a joker spent on them is worth far less than in the set of 13s
        pytest.param("K13", "K1 K1 F F R11 R11 R12 R12 R13 R13 R1 R1 R2 R2 Y12 Y12 Y13 Y13 "
                     "Y1 Y1 Y2 Y2", W, AFTER, 178, id="doubles-11-2-wrapping-four-wilds"),
    ],
)
@BUILDS
def test_adversarial_racks(
    engine: str, indicator: str, tiles: str, role: FakeJokerRole, wrap: Wrap, value: int
) -> None:
    rules = table(role, wrap)
    rack = parse_tiles(tiles)
    jokers = Jokers.from_indicator(Tile.parse(indicator), rules)
    best = best_melds(rack, jokers, rules, build(engine))
    assert best.value == value
    assert_well_formed(best, rack, jokers, rules, counting=False)
