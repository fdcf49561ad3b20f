"""Exact solvers over a rack: the most valuable set of disjoint melds, and full coverage.

The search itself lives in :mod:`referee.programme` (a best-bound-first dynamic programme
over the tile grid, and the replay of its choices into melds, on ints); this module turns
tiles into its grid, picks its fastest build, and maps the melds it lays back to tiles.
``.ci/setup`` compiles the programme with mypyc into ``referee._programme_compiled``; that
build is used only when it was made from the very source beside it, and the pure-Python
module stays the readable reference that the tests run too.

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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from referee import programme
from referee.jokers import Jokers
from referee.melds import Meld, MeldKind, top_position
from referee.options import Rules
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


def _slots(jokers: Jokers) -> tuple[dict[Tile, int], list[Tile]]:
    """Where each tile goes in the search's grid under these jokers: ``13 * colour +
    number - 1`` of the face it counts as, or -1 for a wild tile; and the tile at each
    slot (one kind of tile only ever counts as a face). A fake joker that has no face (the
    indicator is to be redrawn) is left out, so that asking for it raises."""
    key = (jokers.okey, jokers.fakes_wild)
    found = _SLOTS.get(key)
    if found is None:
        slots: dict[Tile, int] = {}
        naturals = list(FACES)
        for tile in (Tile.fake(), *FACES):
            if jokers.is_wild(tile):
                slots[tile] = -1
            elif not tile.is_fake or jokers.okey is not None:
                face = jokers.face(tile)
                assert face.color is not None
                slots[tile] = slot = 13 * COLORS.index(face.color) + face.number - 1
                naturals[slot] = tile
        found = _SLOTS[key] = (slots, naturals)
    return found


_SLOTS: dict[tuple[Tile | None, bool], tuple[dict[Tile, int], list[Tile]]] = {}
#: Every coloured tile by its slot in the grid.
FACES: tuple[Tile, ...] = tuple(t for row in BY_COLOUR for t in row)
_KINDS = {programme.RUN: MeldKind.RUN, programme.SET: MeldKind.SET}


def _solved(tiles: tuple[Tile, ...], jokers: Jokers, rules: Rules, count_tiles: bool,
            engine: ModuleType) -> Solution:
    slots, naturals = _slots(jokers)
    wild_tiles: list[Tile] = []
    keys: list[int] = []  # by tile: its slot, or -1
    counts = [0] * 52  # by slot
    for tile in tiles:
        slot = slots.get(tile)
        if slot is None:
            jokers.face(tile)  # raises: a fake joker's face is not known
            raise AssertionError(tile)
        keys.append(slot)
        if slot < 0:
            wild_tiles.append(tile)
        else:
            counts[slot] += 1
    grid = (tuple(counts[:13]), tuple(counts[13:26]), tuple(counts[26:39]), tuple(counts[39:]))
    top = top_position(rules)
    found: programme.Found = engine.search(grid, min(len(wild_tiles), 4), top, count_tiles)
    # The k-th joker drawn is the k-th wild tile from the end, as the rack holds them.
    drawn = wild_tiles[::-1]
    used = [0] * 52  # by slot: the naturals laid
    melds = []
    for laid in engine.lay(found, top):
        laid_tiles = []
        faces = []
        for i in range(1, len(laid), 3):
            code = laid[i]
            if code < programme.JOKER:
                laid_tiles.append(naturals[code])
                used[code] += 1
            else:
                laid_tiles.append(drawn[code - programme.JOKER])
            faces.append(FACES[laid[i + 1]])
        melds.append(Meld(_KINDS[laid[0]], tuple(laid_tiles), tuple(faces),
                          tuple(laid[3::3])))
    # The tiles left: the rack less the used ones, the first copies taken, as tiles are
    # values (only wild tiles of different kinds share a slot).
    used_wilds = drawn[:sum(len(m.tiles) for m in melds) - sum(used)]
    leftover = []
    for tile, slot in zip(tiles, keys):
        if slot >= 0:
            if used[slot]:
                used[slot] -= 1
                continue
        elif tile in used_wilds:
            used_wilds.remove(tile)
            continue
        leftover.append(tile)
    return Solution(tuple(melds), found.value, tuple(leftover))
