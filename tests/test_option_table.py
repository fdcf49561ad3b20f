"""The search's precomputed option table (``referee/option_table.bin``, from ``.ci/setup``):
it is there and current, every list in it equals the one the search works out, it covers
what solving full racks asks for, and without it the search finds the same answers.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from referee import option_table, programme
from referee.jokers import Jokers
from referee.options import FakeJokerRole, Rules, Wrap
from referee.solver import ENGINES, best_melds, most_tiles_in_melds
from referee.tiles import Tile
from tests.bruteforce import DECK, RULES_101

BUILDS = pytest.mark.parametrize("engine", ["python", "compiled"])


def current_table() -> option_table.Table:
    assert option_table.TABLE is not None, "no current referee/option_table.bin: run .ci/setup"
    return option_table.TABLE


def search_module(engine: str) -> ModuleType:
    assert engine in ENGINES, "no current mypyc build of referee/programme.py: run .ci/setup"
    return ENGINES[engine]


def cell_of(search: ModuleType, cell_key: int) -> int:
    """The search's number for a cell stored by its packed description."""
    cell: int = search._cell_id(cell_key & 3, cell_key >> 2 & 15, 13 + (cell_key >> 6 & 1),
                                (bool(cell_key >> 7 & 1), bool(cell_key >> 8 & 1)),
                                cell_key >> 9 & 7, 1 if cell_key >> 12 & 1 else 13)
    assert search._CELL_KEYS[cell] == cell_key
    return cell


@BUILDS
def test_the_search_numbers_colour_states_as_the_table_does(engine: str) -> None:
    table = current_table()
    search = search_module(engine)
    assert tuple(search._STATES[:len(table.states)]) == table.states


@BUILDS
def test_stored_options_equal_the_computed_ones(engine: str) -> None:
    """A sample of a few thousand lists, spread over the whole table."""
    table, search = current_table(), search_module(engine)
    assert len(table.keys) > 50_000
    for at in range(0, len(table.keys), 29):
        key = table.keys[at]
        code, jokers, cell_key = key & 255, key >> 8 & 7, key >> 11
        cell = cell_of(search, cell_key)
        assert table.options(code, jokers, cell_key) is not None
        computed = search._computed_options(code, jokers, cell)
        assert search._options.__wrapped__(code, jokers, cell) == computed, key
        assert (list(search._bounding_worked_out(code, jokers, cell))
                == [x for row in search._computed_bounding(computed) for x in row]), key


def racks(count: int, seed: int) -> Iterator[tuple[list[Tile], Jokers, Rules]]:
    """Full racks dealt from a real set, under both wrap rules and fake-joker roles, every
    other one holding both okeys and both fake jokers."""
    rng = random.Random(seed)
    for i in range(count):
        rules = dataclasses.replace(
            RULES_101, fake_joker_role=(FakeJokerRole.WILD, FakeJokerRole.OKEY_FACE)[i % 2],
            wrap_13_1=(Wrap.NEVER, Wrap.AFTER_13)[i // 2 % 2])
        deck = list(DECK)
        rng.shuffle(deck)
        indicator = next(t for t in deck if not t.is_fake)
        deck.remove(indicator)
        jokers = Jokers.from_indicator(indicator, rules)
        forced = [t for t in deck if t.is_fake or jokers.is_wild(t)] if i % 4 >= 2 else []
        rest = [t for t in deck if t not in forced]
        yield forced + rest[:22 - len(forced)], jokers, rules


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    programme.clear_caches()
    yield
    programme.clear_caches()


def test_the_table_covers_what_full_racks_ask_for(
    fresh_caches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    current_table()
    worked_out: list[tuple[int, int, int]] = []
    compute = programme._computed_options

    def counted(code: int, jokers: int, cell: int) -> tuple[programme.Option, ...]:
        worked_out.append((code, jokers, cell))
        return compute(code, jokers, cell)

    monkeypatch.setattr(programme, "_computed_options", counted)
    for rack, jokers, rules in racks(200, seed=7):
        best_melds(rack, jokers, rules, "python")
        most_tiles_in_melds(rack, jokers, rules, "python")
    assert len(programme._FLAT) > 1000
    assert len(programme._BOUNDING) > 1000
    assert worked_out == []


def test_without_the_table_the_answers_are_the_same(
    fresh_caches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = list(racks(60, seed=11))
    with_table = [(best_melds(r, j, rules, "python"),
                   most_tiles_in_melds(r, j, rules, "python")) for r, j, rules in dealt]
    programme.clear_caches()
    monkeypatch.setattr(option_table, "TABLE", None)
    without = [(best_melds(r, j, rules, "python"),
                most_tiles_in_melds(r, j, rules, "python")) for r, j, rules in dealt]
    assert [(b.value, m.value) for b, m in without] == [(b.value, m.value) for b, m in with_table]


def test_a_missing_broken_or_stale_table_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert option_table.load(tmp_path / "absent.bin") is None
    broken = tmp_path / "broken.bin"
    broken.write_bytes(b"\x10\0\0\0\0\0\0\0not a table at all")
    assert option_table.load(broken) is None
    small = tmp_path / "small.bin"
    empty = programme._code(programme.EMPTY)
    cell = programme._cell_ids(1, 3, 13, (False, True), 1, 13, 1)[1]
    options = programme._options(empty, 1, cell)
    option_table.write(small, list(programme._STATES), {
        (empty, 1, 12345): (list(options),
                            [x for row in programme._computed_bounding(options) for x in row])})
    table = option_table.load(small)
    assert table is not None
    assert table.options(empty, 1, 12345) is not None
    assert table.options(empty, 2, 12345) is None
    monkeypatch.setattr(option_table, "stamp", lambda: "an edit since")
    assert option_table.load(small) is None
