"""Exact solvers over a rack: the most valuable set of disjoint melds, and full coverage.

The search is a dynamic programme over the tile grid, cell by cell (colour within number),
from the highest number down. Its state is, per colour, how many runs are open and how
long they are (1, 2, or 3 and more, which may close), the tiles reserved for sets at the
current number, and the jokers left. Every meld the search lays is valid by construction,
so the optimum is exact; tests compare it with brute force. Jokers that end up unused form
a set of 13s when three or more are left (a joker-only meld is never worth more).

Branch and bound keeps it fast: a first pass that follows only the most promising states
finds a good solution, and the exact pass then drops every state whose upper bound does
not beat it (if none is left, the first pass's solution is optimal). Walking down from 13 makes the bounds tight early, since what is left to
decide is worth little.

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

import bisect
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from referee.jokers import Jokers
from referee.melds import Meld, MeldKind, position_number, top_position
from referee.options import Rules
from referee.tiles import COLORS, Tile

# The search walks run positions from the top down, one step each: step s is position
# top + 1 - s, so with the 13-1 wrap (top 14) step 1 is a 1 laid after 13 and step 14 a 1
# laid low. The grid is symmetric, so the rules of the walk read the same either way.
#
# A colour's open runs: counts of runs of length 1, 2, 3+ and 3+ started at step 1 under
# the wrap (those may not take the low 1, which would use the 1 twice), and 1s kept for
# the last step.
ColourState = tuple[int, int, int, int, int]
EMPTY: ColourState = (0, 0, 0, 0, 0)


# What one cell does with its naturals and the jokers: naturals and jokers extending runs
# of length 1 (x1, j1), 2 (x2, j2), 3+ (e3n, e3w) and 3+ from step 1 (eln, elw); the jokers
# laid past the end of each run that finishes here (trail); naturals and jokers starting
# runs (a, b); naturals for this number's sets (t); 1s kept for the last step (keep).
# A plain tuple of ints, so that the garbage collector stops tracking the many kept in
# the caches (it tracks named tuples for good, and a collection would walk them all).
Move = tuple[int, int, int, int, int, int, int, int, tuple[int, ...], int, int, int, int]


@dataclass(frozen=True)
class Solution:
    """Melds laid from a rack, and their total (value, or tile count when counting)."""

    melds: tuple[Meld, ...]
    value: int
    leftover: tuple[Tile, ...]

    @property
    def tiles_used(self) -> int:
        return sum(len(m.tiles) for m in self.melds)


def best_melds(tiles: Sequence[Tile], jokers: Jokers, rules: Rules) -> Solution:
    """The disjoint melds of highest total 101 value that the tiles can lay."""
    return _solve(tuple(tiles), jokers, rules, count_tiles=False)


def most_tiles_in_melds(tiles: Sequence[Tile], jokers: Jokers, rules: Rules) -> Solution:
    """Disjoint melds that use as many of the tiles as possible (``value`` counts tiles)."""
    return _solve(tuple(tiles), jokers, rules, count_tiles=True)


# How many states the first pass follows per cell: enough that it mostly finds the
# optimum or comes close, few enough to cost a fraction of the exact pass.
_BEAM = 24


def _solve(tiles: tuple[Tile, ...], jokers: Jokers, rules: Rules, count_tiles: bool) -> Solution:
    wild_tiles = [t for t in tiles if jokers.is_wild(t)]
    pools: dict[tuple[int, int], list[Tile]] = {}
    for tile in tiles:
        if not jokers.is_wild(tile):
            face = jokers.face(tile)
            assert face.color is not None
            pools.setdefault((COLORS.index(face.color), face.number), []).append(tile)
    counts = tuple(
        tuple(len(pools.get((c, n), ())) for n in range(1, 14)) for c in range(4)
    )
    grid = _Grid.of(counts, min(len(wild_tiles), 4), top_position(rules), count_tiles)
    # With jokers, a first narrow pass finds a solution whose value prunes the exact pass
    # hard; without, the exact pass alone is as quick.
    found = _search(grid, floor=0, beam=_BEAM) if grid.jokers else None
    if found is None or found.value < grid.ceiling:
        # The exact pass only looks for solutions better than the first pass's: when there
        # are none, it proves that one optimal, dropping every state that can merely tie.
        for aim in _aims(grid.ceiling, found.value + 1) if found else [0]:
            better = _search(grid, floor=aim, beam=0)
            if better is not None:  # the best of all solutions worth the aim or more
                found = better
                break
    assert found is not None  # the last aim is just above a solution's value, or 0
    melds = sorted(_replay(found.moves, found.set_jokers, pools, wild_tiles, grid.top),
                   key=lambda m: (m.positions[0], m.faces[0].sort_key()))
    leftover = _without(tiles, [t for m in melds for t in m.tiles])
    total = sum(len(m.tiles) if count_tiles else m.value for m in melds)
    assert total == found.value, (total, found.value)
    return Solution(tuple(melds), found.value, leftover)


# When the first pass falls this far short of the upper bound, it has likely missed the
# optimum by much, and the exact pass first aims this much nearer the bound.
_FAR = 40


def _aims(ceiling: int, floor: int) -> list[int]:
    """The floors the exact pass tries in turn: some below the ceiling when the first
    pass's value lies far under it (a high floor prunes hard, and the pass succeeds as soon
    as the optimum reaches it), and that value itself, which some solution reaches."""
    if ceiling - floor <= _FAR:
        return [floor]
    return [*range(ceiling - _FAR // 2, floor, -(_FAR // 2)), floor]


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


def _position(step: int, top: int) -> int:
    return top + 1 - step


@dataclass(frozen=True)
class _Grid:
    """The rack as the search reads it, step by step, with the tables its bounds use.

    ``counts[c][s - 1]`` are colour c's naturals at step s, ``weights[s - 1]`` what a tile
    there is worth, ``jokers_worth[s - 1][j]`` the most that j jokers can still add from
    step s on, and ``future[i]`` the most the naturals of cell i (in search order) and
    those after it can add.
    """

    counts: tuple[tuple[int, ...], ...]
    jokers: int
    top: int
    weights: tuple[int, ...]
    jokers_worth: tuple[tuple[int, ...], ...]
    future: tuple[int, ...]
    joker_set: int

    @classmethod
    def of(
        cls, counts: tuple[tuple[int, ...], ...], jokers: int, top: int, count_tiles: bool
    ) -> _Grid:
        """``counts[c][n - 1]``: colour c's naturals of number n."""
        numbers = [position_number(_position(s, top)) for s in range(1, top + 1)]
        weights = tuple(1 if count_tiles else n for n in numbers)
        joker_set = 1 if count_tiles else 13
        jokers_worth = tuple(
            # Three jokers or more may end as a set of 13s; fewer go where tiles are worth
            # at most the best weight still ahead.
            tuple(j * (joker_set if j >= 3 else max(weights[s:])) for j in range(5))
            for s in range(top)
        )
        return cls(
            counts=tuple(tuple(row[n - 1] for n in numbers) for row in counts),
            jokers=jokers,
            top=top,
            weights=weights,
            jokers_worth=jokers_worth,
            future=_future_bounds(counts, jokers, top, weights),
            joker_set=joker_set,
        )

    @property
    def ceiling(self) -> int:
        """A bound on any solution: every natural that may count, and every joker."""
        return self.future[0] + self.jokers_worth[0][self.jokers]

    def has(self, colour: int, step: int) -> bool:
        """Whether the colour has a natural for this step's run position."""
        return 1 <= step <= self.top and self.counts[colour][step - 1] > 0


@lru_cache(maxsize=None)
def _cell_options(
    state: ColourState,
    k: int,
    jokers: int,
    step: int,
    top: int,
    gaps: tuple[bool, bool],
    reach: int,
    weights: tuple[int, ...],
) -> tuple[tuple[ColourState, int, int, int, Move], ...]:
    """Every useful way one cell's naturals and jokers may extend, finish or start runs,
    or go to sets.

    Returns (new state, value added to runs, jokers used, naturals for sets, move).
    ``k`` is the naturals in the cell; at the last step of the wrap (14) the 1s kept
    earlier count. ``weights`` are the worth of a tile at this step and each one after.
    ``gaps`` says whether the colour lacks a natural one and two steps on, and ``reach``
    how far on its next natural is. A joker stays inside a run only when it can lead on
    to that natural; otherwise jokers end a run, laid at once past its last tile. Options
    that are never better are left out: finishing a run, or placing a joker, while a
    natural of the cell lies unused (the natural serves at least as well).
    """
    n1, n2, n3, n3l, kept = state
    avail = kept if step == 14 else k
    bridge = reach <= jokers
    room = top - step + 1
    l_ext = 0 if step == 14 else n3l
    can_start = step + 2 <= top
    need = gaps[0] + gaps[1]
    wrap_third = top == 14 and step == 3
    options = []
    for x1 in range(min(n1, avail) + 1):
        for j1 in range((n1 - x1 if bridge else 0) + 1):
            f1 = n1 - x1 - j1
            for x2 in range(min(n2, avail - x1) + 1):
                for j2 in range((n2 - x2 if bridge else 0) + 1):
                    f2 = n2 - x2 - j2
                    for e3n in range(min(n3, avail - x1 - x2) + 1):
                        for e3w in range((n3 - e3n if bridge else 0) + 1):
                            for eln in range(min(l_ext, avail - x1 - x2 - e3n) + 1):
                                for elw in range((l_ext - eln if bridge else 0) + 1):
                                    nat = x1 + x2 + e3n + eln
                                    mid = j1 + j2 + e3w + elw
                                    c3 = n3 - e3n - e3w
                                    c3l = n3l - eln - elw
                                    mins = [2] * f1 + [1] * f2 + [0] * (c3 + c3l)
                                    caps = [room] * (f1 + f2 + c3) + [min(room, 14 - step)] * c3l
                                    base = mid + 2 * f1 + f2
                                    if base > jokers or any(m > c for m, c in zip(mins, caps)):
                                        continue
                                    extras = jokers - base if mins else 0
                                    for extra in range(extras + 1):
                                        trail = _trailing(mins, caps, extra, weights)
                                        if trail is None:
                                            break
                                        used = base + extra
                                        gain = (nat + mid) * weights[0] + sum(
                                            sum(weights[:j]) for j in trail
                                        )
                                        options += _starts_and_sets(
                                            state, avail - nat, jokers - used, step, top,
                                            need, reach, can_start, wrap_third,
                                            (x1 + j1, x2 + j2, e3n + e3w, eln + elw),
                                            bool(mins) or used > 0,
                                            gain, used, weights[0],
                                            (x1, j1, x2, j2, e3n, e3w, eln, elw, trail),
                                        )
    return tuple(options)


def _trailing(
    mins: list[int], caps: list[int], extra: int, weights: tuple[int, ...]
) -> tuple[int, ...] | None:
    """Share jokers that end runs: each run its minimum, each extra where it is worth most.

    A run's next joker lies one step further on. Runs end after the first step, and from
    there on weights never rise along the walk, so the greedy share is the best one.
    """
    shares = list(mins)
    for _ in range(extra):
        open_runs = [i for i in range(len(shares)) if shares[i] < caps[i]]
        if not open_runs:
            return None
        best = max(open_runs, key=lambda i: (weights[shares[i]], shares[i]))
        shares[best] += 1
    return tuple(shares)


def _starts_and_sets(
    state: ColourState,
    free: int,
    jokers: int,
    step: int,
    top: int,
    need: int,
    reach: int,
    can_start: bool,
    wrap_third: bool,
    carried: tuple[int, int, int, int],
    finished_or_joker: bool,
    gain: int,
    used: int,
    weight: int,
    runs: tuple[int, int, int, int, int, int, int, int, tuple[int, ...]],
) -> list[tuple[ColourState, int, int, int, Move]]:
    """The rest of a cell's options: new runs, naturals for sets, 1s kept for the last step.

    Under the 13-1 wrap every 1 left over at step 1 is kept for the last step: a kept 1
    that is not laid there simply stays in the rack, so keeping never loses. A colour gives
    at most two naturals to one number's sets, as many as a real set of tiles holds.
    """
    to2, to3, stay3, stay3l = carried
    options = []
    for a in range(free + 1 if can_start else 1):
        for b in range(jokers + 1 if can_start else 1):
            if b and b * reach > jokers:
                break
            if a + b and need * (a + b) > jokers - b:
                continue
            rest = free - a
            for t in range((0 if step == 14 else min(rest, 2)) + 1):
                keep = rest - t if (step == 1 and top == 14) else 0
                if rest - t - keep and (finished_or_joker or b):
                    continue
                new3, new3l = (stay3, stay3l + to3) if wrap_third else (stay3 + to3, stay3l)
                kept = state[4] + keep if step < 14 else 0
                new = (a + b, to2, new3, new3l, kept)
                move: Move = (*runs, a, b, t, keep)
                options.append((new, gain + (a + b) * weight, used + b, t, move))
    return options


# The search state packs into one int, so that a cell's option is one addition:
# bits 0-3 the naturals reserved for sets at this number, bits 4-6 how many colours gave
# two of them, bits 7-9 the jokers left, bits 10-13 the 1s kept for the last step over all
# colours (a copy of what the colour states hold, read by the bound), then 8 bits per
# colour naming its ColourState.
_SIGMA, _DOUBLES, _LEFT, _KEPT, _COLOUR = 1, 1 << 4, 1 << 7, 1 << 10, 14
_SETS = _LEFT - 1  # the sigma and doubles bits, cleared once a number's sets are laid
_CODES: dict[ColourState, int] = {}
_STATES: list[ColourState] = []
_SHORT: list[bool] = []  # by code: whether the colour has a run shorter than three


def _code(state: ColourState) -> int:
    """A small number for a colour state, stable for the life of the process."""
    code = _CODES.get(state)
    if code is None:
        code = _CODES[state] = len(_STATES)
        _STATES.append(state)
        _SHORT.append(bool(state[0] or state[1]))
        assert code < 256
    return code


def _shift(colour: int) -> int:
    return _COLOUR + 8 * colour


# A cell's option, packed: (bound change, key delta, value gained, naturals for sets, move).
Packed = tuple[int, int, int, int, Move]


@lru_cache(maxsize=None)
def _packed_options(
    colour: int,
    code: int,
    k: int,
    jokers: int,
    step: int,
    top: int,
    gaps: tuple[bool, bool],
    reach: int,
    weights: tuple[int, ...],
    jokers_worth: tuple[int, ...],
) -> tuple[Packed, ...]:
    """A cell's options as key deltas, best first by what they do to the upper bound.

    The bound change is the value an option adds and the naturals it reserves for sets,
    less what the jokers it spends could have added, plus the 1s it keeps. Sorted on it,
    the search stops reading a state's options at the first that cannot reach the floor.
    """
    old = _STATES[code]
    packed = []
    for new, gain, used, t, move in _cell_options(
        old, k, jokers, step, top, gaps, reach, weights
    ):
        kept = new[4] - old[4]
        delta = ((_code(new) - code) << _shift(colour)) + t * _SIGMA - used * _LEFT + kept * _KEPT
        if t == 2:
            delta += _DOUBLES
        change = gain + t * weights[0] - jokers_worth[jokers] + jokers_worth[jokers - used] + kept
        packed.append((change, delta, gain, t, move))
    packed.sort(key=lambda option: -option[0])
    return tuple(packed)


class _Found(NamedTuple):
    """A solution as the programme found it: its value and the choices that lay it."""

    value: int
    moves: list[Move]
    set_jokers: list[int]


def _search(grid: _Grid, floor: int, beam: int) -> _Found | None:
    """Run the programme; return the best solution worth ``floor`` or more, if any.

    A state is dropped when its upper bound (its value, plus the most that its reserved
    naturals, jokers and kept 1s, and the naturals still to come could add) falls below
    the floor, so every solution worth the floor survives and the best is found. With a
    ``beam``, only that many states of highest bound go on from each cell: the result is
    then a good solution, not always the best.
    """
    top, counts = grid.top, grid.counts
    reach = [[99] * (top + 2) for _ in range(4)]  # how many steps on colour c's next natural is
    for c in range(4):
        nearest = 99
        for s in range(top, 0, -1):
            reach[c][s] = nearest - s if nearest != 99 else 99
            if grid.has(c, s):
                nearest = s
    empty = _code(EMPTY)
    layer: dict[int, int] = {sum(empty << _shift(c) for c in range(4)) + grid.jokers * _LEFT: 0}
    back: list[dict[int, tuple[int, Move | int]]] = []
    cell = 0
    for step in range(1, top + 1):
        weight = grid.weights[step - 1]
        weights = grid.weights[step - 1:]
        worth = grid.jokers_worth[step - 1]
        for colour in range(4):
            k = counts[colour][step - 1]
            room = sum(counts[c][step - 1] for c in range(colour + 1, 4))
            gaps = (reach[colour][step] != 1,
                    reach[colour][step] > 2 and not grid.has(colour, step + 2))
            shift = _shift(colour)
            near = min(reach[colour][step], 5)  # beyond the jokers' reach, all alike
            cell += 1
            target = floor - grid.future[cell]
            nxt: dict[int, int] = {}
            ptr: dict[int, tuple[int, Move | int]] = {}
            known: dict[int, tuple[Packed, ...]] = {}  # this cell's options by state and jokers
            for key, value in layer.items():
                sigma = key & 15
                left = (key >> 7) & 7
                short = target - value - sigma * weight - worth[left] - ((key >> 10) & 15)
                which = (key >> shift) & 255 | left << 8
                options = known.get(which)
                if options is None:
                    options = known[which] = _packed_options(
                        colour, which & 255, k, left, step, top, gaps, near, weights, worth)
                for change, delta, gain, t, move in options:
                    if change < short:
                        break  # this and every later option fall below the floor
                    new_key = key + delta
                    if (sigma or t) and sigma + t + room + ((new_key >> 7) & 7) < 3:
                        continue  # the sets of this number could never reach three tiles
                    new_value = value + gain
                    if nxt.get(new_key, -1) < new_value:
                        nxt[new_key] = new_value
                        ptr[new_key] = (key, move)
            layer = _best(nxt, beam, weight, worth) if beam else nxt
            back.append(ptr)
        # Resolve the sets of this number: reserved naturals plus jokers must split into sets.
        nxt = {}
        ptr = {}
        for key, value in layer.items():
            sigma = key & 15
            doubles = (key >> 4) & 7
            left = (key >> 7) & 7
            cleared = key & ~_SETS
            for ws in range(left + 1 if sigma else 1):
                if sigma and not _sets_fit(sigma + ws, 2 if doubles else 1):
                    continue
                new_key = cleared - ws * _LEFT
                new_value = value + (sigma + ws) * weight
                if nxt.get(new_key, -1) < new_value:
                    nxt[new_key] = new_value
                    ptr[new_key] = (key, ws)
        layer = _drop_dominated(nxt) if grid.jokers else nxt
        back.append(ptr)
    return _trace(layer, back, grid, floor)


def _best(
    layer: dict[int, int], beam: int, weight: int, worth: tuple[int, ...]
) -> dict[int, int]:
    """The ``beam`` states of the layer with the highest upper bound, and the most valuable
    state that may stop here (no run left short, nothing reserved for sets), so that the
    pass always ends in a solution."""
    if len(layer) <= beam:
        return layer
    ranked = sorted(
        layer,
        key=lambda key: -(layer[key] + (key & 15) * weight + worth[(key >> 7) & 7]
                          + ((key >> 10) & 15)),
    )
    kept = {key: layer[key] for key in ranked[:beam]}
    safe = max((key for key in layer if _may_stop(key)), key=lambda key: layer[key])
    kept[safe] = layer[safe]
    return kept


def _may_stop(key: int) -> bool:
    """Whether the state has nothing reserved for sets and no run shorter than three."""
    return not key & 15 and not any(
        _SHORT[(key >> _shift(c)) & 255] for c in range(4))


def _trace(
    layer: dict[int, int],
    back: list[dict[int, tuple[int, Move | int]]],
    grid: _Grid,
    floor: int,
) -> _Found | None:
    """The best finished state (no run left short) worth the floor, and the path to it."""
    best_key = -1
    best_value = -1
    for key, value in layer.items():
        if any(_SHORT[(key >> _shift(c)) & 255] for c in range(4)):
            continue
        left = (key >> 7) & 7
        total = value + (grid.joker_set * left if left >= 3 else 0)
        if total > best_value:
            best_key, best_value = key, total
    if best_value < floor:
        return None
    moves: list[Move] = []
    set_jokers: list[int] = []
    key = best_key
    for step in reversed(back):
        prev, what = step[key]
        if isinstance(what, int):
            set_jokers.append(what)
        else:
            moves.append(what)
        key = prev
    moves.reverse()
    set_jokers.reverse()
    left = (best_key >> 7) & 7
    if left >= 3:
        set_jokers.append(left)
    return _Found(best_value, moves, set_jokers)


# What a natural that no joker-free meld of the rack can hold costs, in quarters of a
# joker. A meld with k jokers holds such naturals costing at most k jokers in all: its
# naturals sit in stretches of at most two between jokers, each gap of jokers paying half
# to the stretch on either side and jokers at an end paying all to theirs. A stretch next
# to one joker gets half a joker, which can happen only when a natural lies two places
# from it: a pair (two in a row) with a natural two beyond costs a quarter a tile
# (R3 R4 J R6 R7); a tile with a natural beside it, two places away or at its number, half
# (R5 J R7, R5 Y5 J); a tile with none of those needs two jokers beside it, a whole one.
_BRIDGED, _PAIRED, _ALONE = 1, 2, 4


def _future_bounds(
    counts: tuple[tuple[int, ...], ...], jokers: int, top: int, weights: tuple[int, ...]
) -> tuple[int, ...]:
    """For each cell in search order, the most that the naturals of it and the later
    cells can add (and a last 0, after the last cell).

    Copies of a natural that joker-free melds of the rack can hold at once count in full;
    the others only as far as the jokers can pay for them (a fractional knapsack over their costs, which
    bounds the whole solution's, so it holds for any part of it).
    """
    bounds = [0]
    certain = 0
    costly: list[tuple[float, int, int]] = []  # (worth per cost, cost, worth), best first
    paid = 0  # what the jokers pay for, among the costly naturals so far
    for step in range(top, 0, -1):
        number = position_number(_position(step, top))
        for colour in range(3, -1, -1):
            count = counts[colour][number - 1]
            if count and step < 14:  # the 1s of the last step were counted at step 1
                worth = weights[step - 1]
                free = min(count, _free_copies(counts, colour, number, top))
                certain += free * worth
                if count > free:
                    cost = _cost(counts, colour, number, top)
                    for _ in range(count - free):
                        bisect.insort(costly, (-worth / cost, cost, worth))
                    paid = _knapsack(costly, 4 * jokers)
            bounds.append(certain + paid)
    bounds.reverse()
    return tuple(bounds)


def _free_copies(counts: tuple[tuple[int, ...], ...], colour: int, number: int, top: int) -> int:
    """How many copies of the colour's natural of this number (0, 1 or 2) joker-free melds
    of the rack could hold at once, each copy its own meld; the others cost jokers.

    A copy not charged to a joker sits in a set with two other naturals, or with the two
    naturals of a window of three around it (below, astride, above) in a run; copies in
    different melds take different tiles, so the count is what the neighbours allow.
    """
    others = [counts[c][number - 1] for c in range(4) if c != colour]
    in_sets = (sum(1 for o in others if o) >= 2) + (sum(others) >= 4)

    def size(position: int) -> int:
        return counts[colour][position_number(position) - 1] if 1 <= position <= top else 0

    places = (number, 14) if number == 1 and top == 14 else (number,)
    windows = [(p + a, p + b) for p in places for a, b in ((-2, -1), (-1, 1), (1, 2))]
    windows = [w for w in windows if size(w[0]) and size(w[1])]
    in_runs = min(len(windows), 1)
    for i, first in enumerate(windows):  # two windows that the neighbours can fill together
        for second in windows[i:]:
            taken = Counter(position_number(q) for q in first + second)
            if all(counts[colour][n - 1] >= k for n, k in taken.items()):
                in_runs = 2
    return in_sets + in_runs


def _cost(counts: tuple[tuple[int, ...], ...], colour: int, number: int, top: int) -> int:
    """What a copy of the colour's natural of this number that joker-free melds cannot
    hold costs, in quarter jokers."""

    def has(position: int) -> bool:
        return 1 <= position <= top and counts[colour][position_number(position) - 1] > 0

    places = (number, 14) if number == 1 and top == 14 else (number,)
    others = sum(1 for c in range(4) if c != colour and counts[c][number - 1])
    if any(has(p + d) and (has(p + 3 * d) or has(p - 2 * d)) for p in places for d in (-1, 1)):
        return _BRIDGED
    if others or any(has(p + d) for p in places for d in (-2, -1, 1, 2)):
        return _PAIRED
    return _ALONE


def _knapsack(items: list[tuple[float, int, int]], budget: int) -> int:
    """The most worth the items (best worth per cost first) can give within the budget,
    a part of an item allowed."""
    total = 0.0
    for _, cost, worth in items:
        share = min(cost, budget)
        total += worth * share / cost
        budget -= share
        if budget == 0:
            break
    return math.ceil(total - 1e-9)


def _drop_dominated(layer: dict[int, int]) -> dict[int, int]:
    """Drop states that another state matches with as many jokers left and no less value."""
    groups: dict[int, list[tuple[int, int]]] = {}
    for key, value in layer.items():
        groups.setdefault(key & ~(7 * _LEFT), []).append(((key >> 7) & 7, value))
    kept: dict[int, int] = {}
    for base, entries in groups.items():
        entries.sort(reverse=True)
        top_value = -1
        for left, value in entries:
            if value > top_value:
                kept[base + left * _LEFT] = value
                top_value = value
    return kept


@lru_cache(maxsize=None)
def _sets_fit(total: int, largest: int) -> bool:
    """Whether ``total`` tiles, at most ``largest`` of one colour, split into sets of 3-4."""
    return any(largest <= s and 3 * s <= total <= 4 * s for s in range(1, total // 3 + 1))


Run = list[tuple[Tile, int]]  # a run's tiles, each with its step


def _replay(
    moves: list[Move],
    set_jokers: list[int],
    pools: dict[tuple[int, int], list[Tile]],
    wild_tiles: list[Tile],
    top: int,
) -> list[Meld]:
    """Rebuild concrete melds from the programme's choices."""
    pools = {key: list(tiles) for key, tiles in pools.items()}
    wilds = list(wild_tiles)
    # per colour: open runs by class
    classes: list[list[list[Run]]] = [[[], [], [], []] for _ in range(4)]
    kept_ones: list[list[Tile]] = [[] for _ in range(4)]
    melds: list[Meld] = []
    moves_left = iter(moves)
    for step in range(1, top + 1):
        number = position_number(_position(step, top))
        reserved: list[tuple[int, Tile]] = []
        for colour in range(4):
            x1, j1, x2, j2, e3n, e3w, eln, elw, trail, a, b, t, keep = next(moves_left)
            pool = kept_ones[colour] if step == 14 else pools.get((colour, number), [])
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
            new = [[(pool.pop(), step)] for _ in range(a)]
            new += [[(wilds.pop(), step)] for _ in range(b)]
            reserved += [(colour, pool.pop()) for _ in range(t)]
            kept_ones[colour] += [pool.pop() for _ in range(keep)]
            if top == 14 and step == 3:
                classes[colour] = [new, to2, stay3, stay3l + to3]
            else:
                classes[colour] = [new, to2, stay3 + to3, stay3l]
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
    """A run's meld, its tiles laid from the lowest position up."""
    laid = sorted((_position(step, top), tile) for tile, step in run)
    return Meld(
        MeldKind.RUN,
        tuple(t for _, t in laid),
        tuple(Tile(COLORS[colour], position_number(p)) for p, _ in laid),
        tuple(p for p, _ in laid),
    )


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
            tuple(Tile(COLORS[c], number) for c, _ in group),
            tuple(number for _ in group),
        )
        for group in groups
    ]
