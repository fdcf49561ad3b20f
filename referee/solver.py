"""Exact solvers over a rack: the most valuable set of disjoint melds, and full coverage.

The search itself lives in :mod:`referee.programme` (a best-bound-first dynamic programme
over the tile grid); this module turns tiles into its grid, picks its fastest build, and
rebuilds concrete melds from the choices it made. ``.ci/setup`` compiles the programme with
mypyc into ``referee._programme_compiled``; that build is used only when it was made from
the very source beside it, and the pure-Python module stays the readable reference that
the tests run too.

>>> from referee.options import Rules
>>> from referee.jokers import Jokers
>>> from referee.tiles import parse_tiles, Tile
>>> rules = Rules.preset("101")
>>> jokers = Jokers.from_indicator(Tile.parse("K4"), rules)
>>> best = best_melds(parse_tiles("R11 R12 R13 Y12 B12 K12"), jokers, rules)
>>> best.value, [str(m) for m in best.melds]
(72, ['R11 R12 R13', 'Y12 B12 K12'])
"""

from __future__ import annotations

import gc
import hashlib
import importlib
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from types import ModuleType

from referee import programme
from referee.jokers import Jokers
from referee.melds import Meld, MeldKind, position_number, top_position
from referee.options import Rules
from referee.programme import IDLE, Move, position
from referee.tiles import BY_COLOUR, COLORS, Tile

COMPILED = "referee._programme_compiled"


def compiled_build(source: bytes) -> ModuleType | None:
    """The mypyc build of :mod:`referee.programme`, if there is one made from ``source`` (a
    stale build, left from before an edit, is ignored rather than trusted)."""
    try:
        module = importlib.import_module(COMPILED)
    except ImportError:
        return None
    if getattr(module, "SOURCE_SHA256", None) != hashlib.sha256(source).hexdigest():
        return None
    return module


#: The builds of the search by name: "python" always, "compiled" when built and current.
ENGINES: dict[str, ModuleType] = {"python": programme}
if (_build := compiled_build(Path(programme.__file__ or "").read_bytes())) is not None:
    ENGINES["compiled"] = _build
#: The build used unless one is named: the compiled one when present, unless the
#: environment says ``HAKEM_PURE_SOLVER=1``.
DEFAULT_ENGINE = ("compiled" if "compiled" in ENGINES and os.environ.get("HAKEM_PURE_SOLVER") != "1"
                  else "python")


@dataclass(frozen=True)
class Solution:
    """Melds laid from a rack, and their total (value, or tile count when counting)."""

    melds: tuple[Meld, ...]
    value: int
    leftover: tuple[Tile, ...]

    @property
    def tiles_used(self) -> int:
        return sum(len(m.tiles) for m in self.melds)


def best_melds(tiles: Sequence[Tile], jokers: Jokers, rules: Rules,
               engine: str | None = None) -> Solution:
    """The disjoint melds of highest total 101 value that the tiles can lay (``engine``: a
    name in :data:`ENGINES`, by default :data:`DEFAULT_ENGINE`)."""
    return _solve(tiles, jokers, rules, False, ENGINES[engine or DEFAULT_ENGINE])


def most_tiles_in_melds(tiles: Sequence[Tile], jokers: Jokers, rules: Rules,
                        engine: str | None = None) -> Solution:
    """Disjoint melds that use as many of the tiles as possible (``value`` counts tiles)."""
    return _solve(tiles, jokers, rules, True, ENGINES[engine or DEFAULT_ENGINE])


def _solve(tiles: Sequence[Tile], jokers: Jokers, rules: Rules, count_tiles: bool,
           engine: ModuleType) -> Solution:
    """Solve with the cyclic garbage collector paused. The search makes many short-lived
    tuples and no reference cycles, so a collection in the middle of it would only walk the
    long-lived option tables, a pause of many milliseconds; it runs after the solve instead.
    (The collector is paused before anything is allocated, lest that start a collection.)"""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solved(tuple(tiles), jokers, rules, count_tiles, engine)
    finally:
        if collecting:
            gc.enable()


def _slots(jokers: Jokers) -> dict[Tile, int]:
    """Where each tile goes in the search's grid under these jokers: ``13 * colour +
    number - 1`` of the face it counts as, or -1 for a wild tile. A fake joker that has no
    face (the indicator is to be redrawn) is left out, so that asking for it raises."""
    key = (jokers.okey, jokers.fakes_wild)
    found = _SLOTS.get(key)
    if found is None:
        found = {}
        for tile in (Tile.fake(), *(t for row in BY_COLOUR for t in row)):
            if jokers.is_wild(tile):
                found[tile] = -1
            elif not tile.is_fake or jokers.okey is not None:
                face = jokers.face(tile)
                assert face.color is not None
                found[tile] = 13 * COLORS.index(face.color) + face.number - 1
        _SLOTS[key] = found
    return found


_SLOTS: dict[tuple[Tile | None, bool], dict[Tile, int]] = {}


def _solved(tiles: tuple[Tile, ...], jokers: Jokers, rules: Rules, count_tiles: bool,
            engine: ModuleType) -> Solution:
    slots = _slots(jokers)
    wild_tiles: list[Tile] = []
    pools: list[list[Tile]] = [[] for _ in range(52)]  # by slot: the naturals there
    for tile in tiles:
        slot = slots.get(tile)
        if slot is None:
            jokers.face(tile)  # raises: a fake joker's face is not known
            raise AssertionError(tile)
        if slot < 0:
            wild_tiles.append(tile)
        else:
            pools[slot].append(tile)
    counts = tuple(tuple(len(pools[s]) for s in range(13 * c, 13 * c + 13)) for c in range(4))
    top = top_position(rules)
    found: programme.Found = engine.search(counts, min(len(wild_tiles), 4), top, count_tiles)
    melds = sorted(_replay(found.moves, found.set_jokers, pools, wild_tiles, top),
                   key=lambda m: (m.positions[0], m.faces[0].sort_key()))
    leftover = _without(tiles, [t for m in melds for t in m.tiles])
    return Solution(tuple(melds), found.value, leftover)


def _without(tiles: tuple[Tile, ...], used: list[Tile]) -> tuple[Tile, ...]:
    """The tiles left once the used ones are taken out (tiles are values: equal is alike)."""
    taken = Counter(used)
    left = []
    for tile in tiles:
        if taken[tile]:
            taken[tile] -= 1
        else:
            left.append(tile)
    return tuple(left)




Run = list[tuple[Tile, int]]  # a run's tiles, each with its step


def _replay(
    moves: list[Move],
    set_jokers: list[int],
    pools: list[list[Tile]],
    wild_tiles: list[Tile],
    top: int,
) -> list[Meld]:
    """Rebuild concrete melds from the programme's choices (``pools`` by slot, as
    :func:`_slots` numbers them; both it and ``wild_tiles`` are used up)."""
    wilds = wild_tiles
    # per colour: open runs by class
    classes: list[list[list[Run]]] = [[[], [], [], []] for _ in range(4)]
    kept_ones: list[list[Tile]] = [[] for _ in range(4)]
    melds: list[Meld] = []
    moves_left = iter(moves)
    for step in range(1, top + 1):
        number = position_number(position(step, top))
        reserved: list[tuple[int, Tile]] = []
        for colour in range(4):
            move = next(moves_left)
            if move == IDLE and not any(classes[colour]):
                continue  # nothing laid, nothing open
            x1, j1, x2, j2, e3n, e3w, eln, elw, trail, a, heads, t, keep = move
            pool = kept_ones[colour] if step == 14 else pools[13 * colour + number - 1]
            shares = iter(trail)
            carried = []
            for runs, nat, jok in zip(classes[colour], (x1, x2, e3n, eln), (j1, j2, e3w, elw)):
                for i, run in enumerate(runs):
                    if i < nat:
                        run.append((pool.pop(), step))
                    elif i < nat + jok:
                        run.append((wilds.pop(), step))
                    else:  # the run ends here, with its share of jokers laid past it
                        run += [(wilds.pop(), step + d) for d in range(next(shares))]
                        melds.append(_run_meld(run, colour, top))
                carried.append(runs[: nat + jok])
            to2, to3, stay3, stay3l = carried
            if top == 14 and step == 3:  # the runs reaching three here started at step 1
                stay3l, to3 = stay3l + to3, []
            started: list[list[Run]] = [[], [], [], []]  # by class, as in the state
            for h in heads:
                run = [(wilds.pop(), step - d) for d in range(h, 0, -1)] + [(pool.pop(), step)]
                started[3 if top == 14 and h >= 2 and h == step - 1 else min(h, 2)].append(run)
            reserved += [(colour, pool.pop()) for _ in range(t)]
            kept_ones[colour] += [pool.pop() for _ in range(keep)]
            classes[colour] = [started[0], to2 + started[1], stay3 + to3 + started[2],
                               stay3l + started[3]]
        if reserved or set_jokers[step - 1]:
            melds += _set_melds(reserved, [wilds.pop() for _ in range(set_jokers[step - 1])],
                                number)
    for colour in range(4):
        c1, c2, c3, c3l = classes[colour]
        assert not c1 and not c2
        melds += [_run_meld(run, colour, top) for run in c3 + c3l]
    if len(set_jokers) > top:
        melds += _set_melds([], [wilds.pop() for _ in range(set_jokers[top])], 13)
    return melds


def _run_meld(run: Run, colour: int, top: int) -> Meld:
    """A run's meld, its tiles laid from the lowest position up (a run is laid walking down,
    so its steps only need reversing; the jokers past its end were laid last)."""
    laid = sorted(run, key=itemgetter(1), reverse=True)
    row = BY_COLOUR[colour]
    positions = tuple(top + 1 - step for _, step in laid)
    return Meld(MeldKind.RUN, tuple(t for t, _ in laid),
                tuple(row[0 if p == 14 else p - 1] for p in positions), positions)


def _set_melds(reserved: list[tuple[int, Tile]], jokers: list[Tile], number: int) -> list[Meld]:
    """Split reserved naturals (distinct colours per set) and jokers into sets of 3-4."""
    total = len(reserved) + len(jokers)
    if total == 0:
        return []
    largest = max([sum(1 for c, _ in reserved if c == colour) for colour in range(4)] + [0])
    sets = next(s for s in range(1, total // 3 + 1) if largest <= s and 3 * s <= total <= 4 * s)
    groups: list[list[tuple[int, Tile]]] = [[] for _ in range(sets)]
    for colour, tile in sorted(reserved, key=lambda ct: ct[0]):
        free = [g for g in groups if all(c != colour for c, _ in g)]
        min(free, key=len).append((colour, tile))
    for joker in jokers:
        free = [g for g in groups if len(g) < 4]
        group = min(free, key=len)
        colour = next(c for c in range(4) if all(c != gc for gc, _ in group))
        group.append((colour, joker))
    return [
        Meld(
            MeldKind.SET,
            tuple(t for _, t in group),
            tuple(BY_COLOUR[c][number - 1] for c, _ in group),
            (number,) * len(group),
        )
        for group in groups
    ]
