"""Arranging a rack by runs or by groups (referee.arrange), checked against brute force."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest

from referee.arrange import Arrangement, Order, arrange
from referee.deal import FULL_SET
from referee.jokers import Jokers
from referee.melds import MeldKind, read_meld
from referee.options import Rules
from referee.tiles import Tile, parse_tiles


def rules_of(variant: str) -> Rules:
    return Rules.preset(variant)


def jokers_of(indicator: str, rules: Rules) -> Jokers:
    return Jokers.from_indicator(Tile.parse(indicator), rules)


# --- an independent specification of what a run and a group are ---------------------------

def run_value(tiles: Sequence[Tile], jokers: Jokers, top: int) -> int | None:
    """The most a subset is worth as a run (None if it cannot be one): naturals of one
    colour at distinct positions of a window of consecutive positions within 1..top."""
    faces = [jokers.face(t) for t in tiles if not jokers.is_wild(t)]
    if len(tiles) < 3 or len(tiles) > 13 or len({f.color for f in faces}) > 1:
        return None
    best = None
    for start in range(1, top - len(tiles) + 2):
        window = range(start, start + len(tiles))
        spots = [[p for p in window if (1 if p == 14 else p) == f.number] for f in faces]
        if any(not s for s in spots):
            continue
        used = [s[0] for s in spots]
        if len(set(used)) < len(used):
            continue
        value = sum(1 if p == 14 else p for p in window)
        best = value if best is None else max(best, value)
    return best


def group_value(tiles: Sequence[Tile], jokers: Jokers) -> int | None:
    """A subset's worth as a group: 3-4 tiles, one number, no colour twice."""
    faces = [jokers.face(t) for t in tiles if not jokers.is_wild(t)]
    if not 3 <= len(tiles) <= 4 or len({f.number for f in faces}) > 1:
        return None
    if len({f.color for f in faces}) < len(faces):
        return None
    number = faces[0].number if faces else 13
    return number * len(tiles)


def brute_best(rack: Sequence[Tile], jokers: Jokers, rules: Rules,
               order: Order) -> tuple[int, int, int]:
    """The best (first-kind tiles, other-kind tiles, value) over every partition."""
    top = 14 if rules.choice("wrap_13_1") == "after_13" else 13
    n = len(rack)
    candidates: list[tuple[int, tuple[int, int, int]]] = []
    for size in range(3, n + 1):
        for combo in combinations(range(n), size):
            tiles = [rack[i] for i in combo]
            mask = sum(1 << i for i in combo)
            run = run_value(tiles, jokers, top)
            group = group_value(tiles, jokers)
            for kind, value in ((MeldKind.RUN, run), (MeldKind.SET, group)):
                if value is None:
                    continue
                first = kind is (MeldKind.RUN if order is Order.RUNS else MeldKind.SET)
                candidates.append((mask, (size, 0, value) if first else (0, size, value)))

    @cache
    def best(used: int) -> tuple[int, int, int]:
        free = next((i for i in range(n) if not used >> i & 1), None)
        if free is None:
            return (0, 0, 0)
        found = best(used | 1 << free)
        for mask, score in candidates:
            if mask >> free & 1 and not mask & used:
                below = best(used | mask)
                found = max(found, (score[0] + below[0], score[1] + below[1],
                                    score[2] + below[2]))
        return found

    return best(0)


def score_of(result: Arrangement) -> tuple[int, int, int]:
    first, other = ((result.tiles_in_runs, result.tiles_in_groups) if result.order is Order.RUNS
                    else (result.tiles_in_groups, result.tiles_in_runs))
    return (first, other, result.value)


def assert_sound(result: Arrangement, rack: Sequence[Tile], jokers: Jokers, rules: Rules) -> None:
    """Every tile once, every meld valid for the engine and of the kind it is filed under."""
    laid = [t for meld in result.melds for t in meld.tiles] + list(result.leftover)
    assert Counter(laid) == Counter(rack)
    for meld in result.runs:
        assert meld.kind is MeldKind.RUN
        assert read_meld(meld.tiles, jokers, rules)[0] is not None, str(meld)
        assert len({f.color for f in meld.faces}) == 1
        assert list(meld.positions) == list(range(meld.positions[0], meld.positions[-1] + 1))
    for meld in result.groups:
        assert meld.kind is MeldKind.SET
        assert read_meld(meld.tiles, jokers, rules)[0] is not None, str(meld)
        assert len({f.number for f in meld.faces}) == 1
        assert len({f.color for f in meld.faces}) == len(meld.faces)


# --- examples ------------------------------------------------------------------------------

def test_runs_first_and_groups_first_differ() -> None:
    rules = rules_of("101")
    jokers = jokers_of("K4", rules)
    rack = parse_tiles("R5 R6 R7 Y7 B7 K1")
    by_runs = arrange(rack, jokers, rules, Order.RUNS)
    by_groups = arrange(rack, jokers, rules, Order.GROUPS)
    assert [str(m) for m in by_runs.runs] == ["R5 R6 R7"]
    assert [str(t) for t in by_runs.leftover] == ["Y7", "B7", "K1"]
    assert [str(m) for m in by_groups.groups] == ["R7 Y7 B7"]
    assert [str(t) for t in by_groups.leftover] == ["R5", "R6", "K1"]
    assert by_groups.melds == by_groups.groups + by_groups.runs


def test_runs_first_still_groups_the_rest() -> None:
    rules = rules_of("101")
    jokers = jokers_of("K4", rules)
    rack = parse_tiles("R1 R2 R3 Y9 B9 K9 Y2")
    result = arrange(rack, jokers, rules, Order.RUNS)
    assert [str(m) for m in result.runs] == ["R1 R2 R3"]
    assert [str(m) for m in result.groups] == ["Y9 B9 K9"]
    assert [str(t) for t in result.leftover] == ["Y2"]
    assert result.value == 6 + 27


def test_joker_fills_a_gap_and_counts_as_its_stand_in() -> None:
    rules = rules_of("101")
    jokers = jokers_of("K4", rules)  # the okey is K5
    result = arrange(parse_tiles("B8 B9 K5 B11"), jokers, rules, Order.RUNS)
    (run,) = result.runs
    assert [str(t) for t in run.tiles] == ["B8", "B9", "K5", "B11"]
    assert [str(f) for f in run.faces] == ["B8", "B9", "B10", "B11"]
    assert result.value == 38


def test_one_after_thirteen_follows_the_house_rule() -> None:
    rack = parse_tiles("B12 B13 B1")
    plain = rules_of("plain")
    assert [str(m) for m in arrange(rack, jokers_of("K4", plain), plain, Order.RUNS).runs] \
        == ["B12 B13 B1"]
    never = plain.with_options({"wrap_13_1": "never"})
    result = arrange(rack, jokers_of("K4", never), never, Order.RUNS)
    assert result.runs == () and len(result.leftover) == 3


def test_three_jokers_alone_make_a_meld() -> None:
    rules = rules_of("101").with_options({"fake_joker_role": "wild"})
    jokers = jokers_of("K4", rules)  # K5 and both fake jokers are wild
    alone = arrange(parse_tiles("K5 F F"), jokers, rules, Order.GROUPS)
    assert [[str(f) for f in m.faces] for m in alone.groups] == [["R13", "Y13", "B13"]]
    assert alone.value == 39 and alone.leftover == ()
    as_run = arrange(parse_tiles("K5 F F"), jokers, rules, Order.RUNS)
    assert [[str(f) for f in m.faces] for m in as_run.runs] == [["R11", "R12", "R13"]]
    with_one = arrange(parse_tiles("K5 F F R1"), jokers, rules, Order.GROUPS)
    assert len(with_one.groups) == 1 and len(with_one.groups[0].tiles) == 4


def test_an_empty_rack_arranges_to_nothing() -> None:
    rules = rules_of("101")
    result = arrange((), jokers_of("K4", rules), rules, Order.RUNS)
    assert result.melds == () and result.leftover == () and result.value == 0


# --- exactness against brute force ---------------------------------------------------------

def small_racks(seed: int, count: int, size: int) -> list[tuple[str, tuple[Tile, ...]]]:
    """Random small racks from a real set, rich in close tiles and jokers."""
    rng = random.Random(seed)
    racks = []
    for _ in range(count):
        colours = rng.sample("RYBK", 2)
        low = rng.randint(1, 9)
        pool = [t for t in FULL_SET if t.is_fake or (str(t)[0] in colours and
                                                      low <= t.number <= low + 4)
                or t.number in (1, 12, 13)]
        indicator = rng.choice([t for t in pool if not t.is_fake])
        pool.remove(indicator)
        okey = indicator.next_up()
        pool += [okey] * max(0, 2 - pool.count(okey) - (indicator == okey))
        racks.append((str(indicator), tuple(rng.sample(pool, size))))
    return racks


@pytest.mark.parametrize("variant", ["101", "plain"])
@pytest.mark.parametrize("order", list(Order))
def test_matches_brute_force(variant: str, order: Order) -> None:
    rules = rules_of(variant)
    seed = {"101": 1, "plain": 2}[variant] * 10 + list(Order).index(order)
    for indicator, rack in small_racks(seed, 60, 8):
        jokers = jokers_of(indicator, rules)
        result = arrange(rack, jokers, rules, order)
        assert_sound(result, rack, jokers, rules)
        assert score_of(result) == brute_best(rack, jokers, rules, order), \
            (indicator, [str(t) for t in rack])


def test_matches_brute_force_with_wild_fake_jokers() -> None:
    rules = rules_of("101").with_options({"fake_joker_role": "wild"})
    for indicator, rack in small_racks(5, 30, 8):
        jokers = jokers_of(indicator, rules)
        for order in Order:
            result = arrange(rack, jokers, rules, order)
            assert_sound(result, rack, jokers, rules)
            assert score_of(result) == brute_best(rack, jokers, rules, order)


@pytest.mark.parametrize("seed", range(12))
def test_full_racks_are_sound_and_quick(seed: int) -> None:
    import time

    rng = random.Random(seed)
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    indicator = next(t for t in tiles if not t.is_fake)
    tiles.remove(indicator)
    variant = "101" if seed % 2 else "plain"
    rack = tiles[:22 if variant == "101" else 15]
    rules = rules_of(variant)
    jokers = Jokers.from_indicator(indicator, rules)
    for order in Order:
        started = time.perf_counter()
        result = arrange(rack, jokers, rules, order)
        assert time.perf_counter() - started < 5
        assert_sound(result, rack, jokers, rules)
