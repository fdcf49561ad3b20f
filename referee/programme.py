"""The search behind :mod:`referee.solver`: a best-bound-first dynamic programme over
the tile grid, on plain ints and tuples so that it compiles with mypyc.

The search is a dynamic programme over the tile grid, cell by cell (colour within number),
from the highest number down. Its state is, per colour, how many runs are open and how
long they are (1, 2, or 3 and more, which may close), the tiles reserved for sets at the
current number, and the jokers left. Every meld the search lays is valid by construction,
so the optimum is exact; tests compare it with brute force. Jokers that end up unused form
a set of 13s when three or more are left (a joker-only meld is never worth more).

The states are taken best bound first (A*), so the first finished state taken is optimal
and only states that might beat it are ever expanded. Two upper bounds guide it: one from
the naturals still to come and the jokers left, and, with jokers, a tighter one that
solves each colour's future exactly on its own, with the jokers priced (see ``_Bounds``).
Walking down from 13 makes the bounds tight early, since what is left to decide is worth
little.
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Final, NamedTuple

from referee import option_table


# The search walks run positions from the top down, one step each: step s is position
# top + 1 - s, so with the 13-1 wrap (top 14) step 1 is a 1 laid after 13 and step 14 a 1
# laid low. The grid is symmetric, so the rules of the walk read the same either way.
#
# A colour's open runs: counts of runs of length 1, 2, 3+ and 3+ started at step 1 under
# the wrap (those may not take the low 1, which would use the 1 twice), and 1s kept for
# the last step.
ColourState = tuple[int, int, int, int, int]
EMPTY: Final[ColourState] = (0, 0, 0, 0, 0)


# What one cell does with its naturals and the jokers: naturals and jokers extending runs
# of length 1 (x1, j1), 2 (x2, j2), 3+ (e3n, e3w) and 3+ from step 1 (eln, elw); the jokers
# laid past the end of each run that finishes here (trail); naturals starting runs (a), and
# the jokers laid at once before each of them (heads, fewest first); naturals for this
# number's sets (t); 1s kept for the last step (keep).
# A plain tuple of ints, so that the garbage collector stops tracking the many kept in
# the caches (it tracks named tuples for good, and a collection would walk them all).
Move = tuple[int, int, int, int, int, int, int, int, tuple[int, ...], int, tuple[int, ...],
             int, int]


IDLE: Final[Move] = (0, 0, 0, 0, 0, 0, 0, 0, (), 0, (), 0, 0)  # a cell that lays nothing


def search(counts: tuple[tuple[int, ...], ...], jokers: int, top: int,
           count_tiles: bool) -> Found:
    """The best melds' choices for a rack given as ``counts[c][n - 1]``, colour c's naturals
    of number n, with ``jokers`` wild tiles (at most 4) and ``top`` the highest run position
    (14 under the 13-1 wrap); by value, or by tiles when ``count_tiles``."""
    grid = _Grid.of(counts, jokers, top, count_tiles)
    # Without jokers the first bound is as tight, and the second not worth building.
    return _Programme(grid, _Bounds(grid) if grid.jokers else None).best_first()


def position(step: int, top: int) -> int:
    """The run position of a step of the walk (see above)."""
    return top + 1 - step


def position_number(position: int) -> int:
    """The number at a run position (:func:`referee.melds.position_number`, here so that
    it compiles with the search)."""
    return 1 if position == 14 else position


@dataclass(frozen=True)
class _Grid:
    """The rack as the search reads it, step by step, with the tables its bounds use.

    ``counts[c][s - 1]`` are colour c's naturals at step s, ``weights[s - 1]`` what a tile
    there is worth, ``jokers_worth[s - 1][j]`` the most that j jokers can still add from
    step s on, ``future[i]`` the most the naturals of cell i (in search order) and those
    after it can add, and ``cells[c][s - 1][j]`` the number of colour c's cell at step s
    with j jokers left (see ``_cell_id``).
    """

    counts: tuple[tuple[int, ...], ...]
    jokers: int
    top: int
    weights: tuple[int, ...]
    jokers_worth: tuple[tuple[int, ...], ...]
    future: tuple[int, ...]
    joker_set: int
    cells: tuple[tuple[tuple[int, ...], ...], ...]

    @classmethod
    def of(
        cls, counts: tuple[tuple[int, ...], ...], jokers: int, top: int, count_tiles: bool
    ) -> _Grid:
        """``counts[c][n - 1]``: colour c's naturals of number n."""
        walk = _WALKS.get(top << 1 | count_tiles)
        if walk is None:
            walk = _WALKS[top << 1 | count_tiles] = _walk(top, count_tiles)
        weights, jokers_worth = walk
        joker_set = 1 if count_tiles else 13
        # By step: from 13 down to 1, after a 1 laid high under the wrap.
        by_step = tuple(row[::-1] if top == 13 else row[:1] + row[::-1] for row in counts)
        cells = tuple(_row_cells(row, top, joker_set, jokers) for row in by_step)
        return cls(
            counts=by_step,
            jokers=jokers,
            top=top,
            weights=weights,
            jokers_worth=jokers_worth,
            future=_future_bounds(counts, jokers, top, weights),
            joker_set=joker_set,
            cells=cells,
        )

    @property
    def ceiling(self) -> int:
        """A bound on any solution: every natural that may count, and every joker."""
        return self.future[0] + self.jokers_worth[0][self.jokers]


_WALKS: Final[dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]] = {}


def _walk(top: int, count_tiles: bool) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """What a tile is worth at each step of the walk, and what 0 to 4 jokers can still add
    from each step on (see ``_Grid``): the same for every rack."""
    weights = tuple(1 if count_tiles else position_number(position(s, top))
                    for s in range(1, top + 1))
    joker_set = 1 if count_tiles else 13
    return weights, tuple(_jokers_worth(weights[s:], weights[:s][::-1], joker_set)
                          for s in range(top))


@lru_cache(maxsize=4096)
def _row_cells(row: tuple[int, ...], top: int, joker_set: int,
               jokers: int) -> tuple[tuple[int, ...], ...]:
    """A colour's cell numbers by step and jokers left (see ``_cell_ids``), from its
    naturals by step (kept for the racks that come back: a page and its API, the pickup
    check's rack with and without the tile)."""
    has = [False, *(k > 0 for k in row), False, False]  # by step, 0 to top + 2
    reach = 99  # how many steps on the colour's next natural lies (99: none does)
    ids = []
    for step in range(top, 0, -1):
        gaps = (not has[step + 1], not has[step + 1] and not has[step + 2])
        ids.append(_cell_ids(row[step - 1], step, top, gaps, reach, joker_set, jokers))
        reach = 1 if has[step] else min(reach + 1, 99)
    return tuple(reversed(ids))


def _jokers_worth(weights: tuple[int, ...], above: tuple[int, ...],
                  joker_set: int) -> tuple[int, ...]:
    """The most that 0 to 4 jokers can add from a step on, given the weights from there and
    before it (nearest first): three or more may end as a set of 13s; fewer go where tiles
    are worth at most the best weight ahead, or as far back as they reach laid before a
    run's first natural."""
    return tuple(j * (joker_set if j >= 3 else max(weights + above[:j])) for j in range(5))


def _cell_options(
    state: ColourState,
    k: int,
    jokers: int,
    step: int,
    top: int,
    gaps: tuple[bool, bool],
    reach: int,
    weights: tuple[int, ...],
    above: tuple[int, ...],
) -> list[tuple[ColourState, int, int, int, Move]]:
    """Every useful way one cell's naturals and jokers may extend, finish or start runs,
    or go to sets.

    Returns (new state, value added to runs, jokers used, naturals for sets, move).
    ``k`` is the naturals in the cell; at the last step of the wrap (14) the 1s kept
    earlier count. ``weights`` are the worth of a tile at this step and each one after,
    ``above`` at each step before it, nearest first. ``gaps`` says whether the colour lacks
    a natural one and two steps on, and ``reach`` how far on its next natural is. A joker
    stays inside a run only when it can lead on to that natural; otherwise jokers end a
    run, laid at once past its last tile, or start one, laid at once before its first
    natural. Options that are never better are left out: finishing a run, or placing a
    joker in one, while a natural of the cell lies unused (the natural serves at least as
    well).
    """
    n1, n2, n3, n3l, kept = state
    avail = kept if step == 14 else k
    bridge = reach <= jokers
    room = top - step + 1
    l_ext = 0 if step == 14 else n3l
    prefix = [0]  # prefix[j]: what j jokers laid past a run's end here are worth
    for weight in weights:
        prefix.append(prefix[-1] + weight)
    starts: dict[tuple[int, int, bool], tuple[_Start, ...]] = {}
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
                                    base = mid + 2 * f1 + f2
                                    if base > jokers:
                                        continue
                                    if f1 or f2 or c3 or c3l:
                                        mins = [2] * f1 + [1] * f2 + [0] * (c3 + c3l)
                                        caps = ([room] * (f1 + f2 + c3)
                                                + [min(room, 14 - step)] * c3l)
                                        trails = _trailing(mins, caps, jokers - base, weights)
                                    else:
                                        trails = [()]
                                    free = avail - nat
                                    carried = (x1 + j1, x2 + j2, e3n + e3w, eln + elw)
                                    for extra, trail in enumerate(trails):
                                        used = base + extra
                                        gain = (nat + mid) * weights[0] + sum(
                                            prefix[j] for j in trail)
                                        ended = bool(trail) or used > 0
                                        key = (free, jokers - used, ended)
                                        choices = starts.get(key)
                                        if choices is None:
                                            choices = starts[key] = _starts(
                                                free, jokers - used, ended, step, top, gaps,
                                                weights[0], above)
                                        runs = (x1, j1, x2, j2, e3n, e3w, eln, elw, trail)
                                        for choice in choices:
                                            options.append(_started(
                                                state, carried, choice, gain, used, runs,
                                                step, top))
    return options


def _trailing(
    mins: list[int], caps: list[int], most: int, weights: tuple[int, ...]
) -> list[tuple[int, ...]]:
    """Share jokers that end runs: each run its minimum, each extra where it is worth most.
    Returns the shares with 0, 1, ... extras, while they fit (up to ``most`` jokers beyond
    the minimums); none at all if the minimums do not fit.

    A run's next joker lies one step further on. Runs end after the first step, and from
    there on weights never rise along the walk, so the greedy share is the best one.
    """
    if any(m > c for m, c in zip(mins, caps)):
        return []
    shares = list(mins)
    found = [tuple(shares)]
    for _ in range(most):
        open_runs = [i for i in range(len(shares)) if shares[i] < caps[i]]
        if not open_runs:
            break
        best = max(open_runs, key=lambda i: (weights[shares[i]], shares[i]))
        shares[best] += 1
        found.append(tuple(shares))
    return found


# A way to start new runs and give naturals to sets in a cell: (naturals starting runs,
# the jokers before each, jokers they spend, value they add, new runs of length 1, 2, 3+,
# of those 3+ the ones from step 1 under the wrap, naturals for sets, 1s kept).
_Start = tuple[int, tuple[int, ...], int, int, int, int, int, int, int, int]


@lru_cache(maxsize=None)
def _starts(free: int, jokers: int, ended: bool, step: int, top: int,
            gaps: tuple[bool, bool], weight: int, above: tuple[int, ...]) -> tuple[_Start, ...]:
    """The ways a cell's free naturals may start runs, go to sets or be kept, with the
    jokers left.

    A new run starts with a natural, after as many jokers as it takes before it (each at
    the worth of its step); it must be able to reach three tiles, with jokers where the
    colour lacks the naturals. Under the 13-1 wrap a run whose jokers reach step 1 may not
    take the low 1. Every 1 left over at step 1 is kept for the last step: a kept 1 that is
    not laid there simply stays in the rack, so keeping never loses. A colour gives at most
    two naturals to one number's sets, as many as a real set of tiles holds. When a run
    ended here or a joker was laid, no natural is left unused (``ended``).
    """
    below = top - step  # the steps after this one
    choices = []
    for a in range(free + 1):
        for heads in _heads(a, jokers, step - 1, max(0, 2 - below)):
            spent = sum(heads)
            # the jokers that runs without naturals in the next two steps need to grow to three
            if sum(gaps[0] * (h < 2) + gaps[1] * (h < 1) for h in heads) > jokers - spent:
                continue
            value = a * weight + sum(sum(above[:h]) for h in heads)
            grown = sum(1 for h in heads if h >= 2)
            from_top = sum(1 for h in heads if h >= 2 and top == 14 and h == step - 1)
            rest = free - a
            for t in range((0 if step == 14 else min(rest, 2)) + 1):
                keep = rest - t if (step == 1 and top == 14) else 0
                if rest - t - keep and ended:
                    continue
                choices.append((a, heads, spent, value, heads.count(0), heads.count(1),
                                grown - from_top, from_top, t, keep))
    return tuple(choices)


def _started(state: ColourState, carried: tuple[int, int, int, int], choice: _Start,
             gain: int, used: int, runs: tuple[int, int, int, int, int, int, int, int,
                                                 tuple[int, ...]],
             step: int, top: int) -> tuple[ColourState, int, int, int, Move]:
    """One option of a cell: the runs carried on, and a way to start runs and fill sets."""
    to2, to3, stay3, stay3l = carried
    if top == 14 and step == 3:  # the runs reaching three here started at step 1
        stay3l, to3 = stay3l + to3, 0
    a, heads, spent, value, new1, new2, new3, new3l, t, keep = choice
    kept = state[4] + keep if step < 14 else 0
    new = (new1, to2 + new2, stay3 + to3 + new3, stay3l + new3l, kept)
    move: Move = (*runs, a, heads, t, keep)
    return new, gain + value, used + spent, t, move


def _heads(starts: int, jokers: int, most: int, least: int) -> list[tuple[int, ...]]:
    """The ways to lay jokers before each of ``starts`` new runs (0, 1 or 2), fewest first:
    each run takes from ``least`` to ``most`` of them, all together at most ``jokers``."""
    if starts == 0:
        return [()]
    if starts == 1:
        return [(h,) for h in range(least, min(most, jokers) + 1)]
    return [(h, g) for h in range(least, most + 1) for g in range(h, most + 1)
            if h + g <= jokers]


# The search state packs into one int, so that a cell's option is one addition:
# bits 0-3 the naturals reserved for sets at this number, bits 4-6 how many colours gave
# two of them, bits 7-9 the jokers left, bits 10-13 the 1s kept for the last step over all
# colours (a copy of what the colour states hold, read by the bound), then 8 bits per
# colour naming its ColourState.
# (Every module-level name the search reads is Final, so that mypyc reads it directly
# rather than look it up in the module's dict.)
_SIGMA: Final = 1
_DOUBLES: Final = 1 << 4
_LEFT: Final = 1 << 7
_KEPT: Final = 1 << 10
_COLOUR: Final = 14
_SETS: Final = _LEFT - 1  # the sigma and doubles bits, cleared once a number's sets are laid
_CODES: Final[dict[ColourState, int]] = {}
_STATES: Final[list[ColourState]] = []
_SHORT: Final[list[bool]] = []  # by code: whether the colour has a run shorter than three
_OPEN: Final[list[bool]] = []  # by code: whether the colour has a run open
_WRAPPED: Final[list[bool]] = []  # by code: whether it has runs from step 1 (see _table)


def _code(state: ColourState) -> int:
    """A small number for a colour state, stable for the life of the process."""
    code = _CODES.get(state)
    if code is None:
        code = _CODES[state] = len(_STATES)
        _STATES.append(state)
        _SHORT.append(bool(state[0] or state[1]))
        _OPEN.append(bool(state[0] or state[1] or state[2] or state[3]))
        _WRAPPED.append(bool(state[3]))
        assert code < 256
    return code


# With the option table, colour states are numbered as it numbers them (its options name
# them by number), so they are taken in its order before any other.
if option_table.TABLE is not None:
    for _state in option_table.TABLE.states:
        _code(_state)


def _shift(colour: int) -> int:
    return _COLOUR + 8 * colour


class _Cell(NamedTuple):
    """What a cell's options depend on: the colour's naturals there, the step, the top
    position, whether the colour lacks naturals one and two steps on, how far on its next
    natural lies (as far as the jokers reach), the worth of a tile at each step from there
    on and before it (nearest first), and what 0 to 4 jokers can still add."""

    k: int
    step: int
    top: int
    gaps: tuple[bool, bool]
    reach: int
    weights: tuple[int, ...]
    above: tuple[int, ...]
    jokers_worth: tuple[int, ...]


# Cells by small numbers, so that the option tables are keyed by a few ints; ``_CELLS``
# maps a cell's packed description to its number, ``_CELL_ARGS`` the number back to what
# it was made from (the whole ``_Cell`` is built only when its options are worked out, see
# ``_cell_of``: with the option table, seldom).
_CELLS: Final[dict[int, int]] = {}
_CELL_IDS: Final[dict[int, tuple[int, ...]]] = {}
_TWINS: Final[list[int]] = []
_CELL_ARGS: Final[list[tuple[int, int, int, tuple[bool, bool], int, int]]] = []
_CELL_KEYS: Final[list[int]] = []  # by number: the cell's packed description, as the table keys it


def _cell_ids(k: int, step: int, top: int, gaps: tuple[bool, bool], reach: int,
              joker_set: int, jokers: int) -> tuple[int, ...]:
    """A cell's numbers for each count of jokers left, 0 to ``jokers``: a natural further
    on than the jokers can reach is as good as none."""
    key = (k | step << 2 | (top - 13) << 6 | gaps[0] << 7 | gaps[1] << 8 | min(reach, 7) << 9
           | (joker_set == 1) << 12 | jokers << 13)
    found = _CELL_IDS.get(key)
    if found is None:
        found = _CELL_IDS[key] = tuple(
            _cell_id(k, step, top, gaps, min(reach, left + 1), joker_set)
            for left in range(jokers + 1))
    return found


def _cell_id(k: int, step: int, top: int, gaps: tuple[bool, bool], reach: int,
             joker_set: int) -> int:
    """A cell's number (for a set of 13s worth ``joker_set``, 13 or 1 when counting)."""
    packed = (k | step << 2 | (top - 13) << 6 | gaps[0] << 7 | gaps[1] << 8 | reach << 9
              | (joker_set == 1) << 12)
    cell = _CELLS.get(packed)
    if cell is None:
        # Under the 13-1 wrap, a cell from step 6 to 13 is at the position of the plain
        # cell one step up, with the same weights, and no joker laid before a natural
        # reaches step 1: the states without runs from step 1 share that cell's options.
        twin = (_cell_id(k, step - 1, 13, gaps, reach, joker_set)
                if top == 14 and 6 <= step <= 13 else None)
        cell = _CELLS[packed] = len(_CELL_ARGS)
        _CELL_ARGS.append((k, step, top, gaps, reach, joker_set))
        _TWINS.append(cell if twin is None else twin)
        _CELL_KEYS.append(packed)
    return cell


@lru_cache(maxsize=None)
def _cell_of(cell: int) -> _Cell:
    """What a cell's options depend on, by its number."""
    k, step, top, gaps, reach, joker_set = _CELL_ARGS[cell]
    worth = [1 if joker_set == 1 else position_number(position(s, top))
             for s in range(1, top + 1)]
    weights, above = tuple(worth[step - 1:]), tuple(reversed(worth[:step - 1]))
    return _Cell(k, step, top, gaps, reach, weights, above,
                 _jokers_worth(weights, above, joker_set))


def _table(code: int, cell: int) -> int:
    """The cell whose options a colour state reads (see ``_cell_id``)."""
    return cell if _WRAPPED[code] else _TWINS[cell]


# A cell's option for one colour state: (bound change, new code, the rest of the key
# delta, value gained, jokers used, naturals for sets, move).
Option = tuple[int, int, int, int, int, int, Move]


@lru_cache(maxsize=None)
def _options(code: int, jokers: int, cell: int) -> tuple[Option, ...]:
    """A cell's options for a colour state, best first by what they do to the upper bound.

    The bound change is the value an option adds and the naturals it reserves for sets,
    less what the jokers it spends could have added, plus the 1s it keeps. Sorted on it,
    the search reads a state's options only while they may beat the best state waiting.
    They are read from :mod:`referee.option_table` when it holds them.
    """
    table = option_table.TABLE
    if table is not None:
        packed = table.options(code, jokers, _CELL_KEYS[cell])
        if packed is not None:
            moves = table.moves
            return tuple((change, new, rest, gain, used, t, moves[move])
                         for change, new, rest, gain, used, t, move
                         in option_table.unpack(packed))
    return _computed_options(code, jokers, cell)


def _computed_options(code: int, jokers: int, cell: int) -> tuple[Option, ...]:
    """A cell's options for a colour state, worked out (see ``_options``)."""
    at = _cell_of(cell)
    worth = at.jokers_worth
    old = _STATES[code]
    options = []
    for new, gain, used, t, move in _cell_options(
        old, at.k, jokers, at.step, at.top, at.gaps, at.reach, at.weights, at.above
    ):
        kept = new[4] - old[4]
        rest = t * _SIGMA - used * _LEFT + kept * _KEPT + (_DOUBLES if t == 2 else 0)
        change = gain + t * at.weights[0] - worth[jokers] + worth[jokers - used] + kept
        options.append((change, _code(new), rest, gain, used, t, move))
    options.sort(key=itemgetter(0), reverse=True)  # stable: ties keep their order
    return tuple(options)


# The search reads option lists packed in bytes, as the option table stores them
# (``WIDTH`` bytes an option, a move by its number in ``_MOVES``: see
# ``option_table.WIDTH``), so that reading one touches no object but the bytes, in one
# piece of memory: the tuples or ints of a cache filled over a process's life lie
# scattered in memory, and each is a cache miss on a solve's first read. Numbers for the
# moves that the table lacks are added as they are met.
WIDTH: Final = 9
BOUNDING_WIDTH: Final = 4
assert (option_table.WIDTH, option_table.BOUNDING_WIDTH) == (WIDTH, BOUNDING_WIDTH)
_MOVES: Final[list[Move]] = []  # fewer than 1 << _BACK (see best_first)
_BACK: Final = 15
_MOVE_IDS: Final[dict[Move, int]] = {}


def _move_id(move: Move) -> int:
    found = _MOVE_IDS.get(move)
    if found is None:
        assert len(_MOVES) < 1 << _BACK
        found = _MOVE_IDS[move] = len(_MOVES)
        _MOVES.append(move)
    return found


if option_table.TABLE is not None:
    for _move in option_table.TABLE.moves:
        _move_id(_move)
_IDLE_ID: Final = _move_id(IDLE)


# The caches of the packed option lists, keyed by one int (see ``clear_caches``).
_FLAT: Final[dict[int, bytes]] = {}
_BOUNDING: Final[dict[int, bytes]] = {}


def clear_caches() -> None:
    """Forget every option list worked out or read so far."""
    _options.cache_clear()
    _FLAT.clear()
    _BOUNDING.clear()


def _flat_options(code: int, jokers: int, cell: int) -> bytes:
    """A cell's options for a colour state (see ``_options``), packed: ``WIDTH`` bytes
    each, the move by its number in ``_MOVES``; straight from the option table when it
    holds them. Cached."""
    cache_key = code | jokers << 8 | cell << 11
    found = _FLAT.get(cache_key)
    if found is None:
        table = option_table.TABLE
        stored = table.options(code, jokers, _CELL_KEYS[cell]) if table is not None else None
        found = stored if stored is not None else option_table.pack(
            (change, new, rest, gain, used, t, _move_id(move))
            for change, new, rest, gain, used, t, move in _options(code, jokers, cell))
        _FLAT[cache_key] = found
    return found


# A cell's option as the second bound reads it: (new code, value gained, jokers used,
# naturals for sets).
Bounding = tuple[int, int, int, int]


def _bounding(code: int, jokers: int, cell: int) -> bytes:
    """A cell's options for a colour state as the second bound reads them, packed
    (``BOUNDING_WIDTH`` bytes each): of those that lead to the same colour state and give
    the same naturals to sets, only the ones that no other beats with as many jokers or
    fewer (the rest can never raise the bound). Read from :mod:`referee.option_table` when
    it holds them. Cached."""
    cache_key = code | jokers << 8 | cell << 11
    found = _BOUNDING.get(cache_key)
    if found is None:
        found = _BOUNDING[cache_key] = _bounding_worked_out(code, jokers, cell)
    return found


def _bounding_worked_out(code: int, jokers: int, cell: int) -> bytes:
    table = option_table.TABLE
    if table is not None:
        packed = table.bounding(code, jokers, _CELL_KEYS[cell])
        if packed is not None:
            return packed
    return bytes(field for row in _computed_bounding(_options(code, jokers, cell))
                 for field in row)


def _computed_bounding(options: tuple[Option, ...]) -> tuple[Bounding, ...]:
    """A cell's options as the second bound reads them, worked out (see ``_bounding``)."""
    by_end: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for _, new, _, gain, used, t, _ in options:
        by_end.setdefault((new, t), []).append((used, -gain))
    kept: list[Bounding] = []
    for (new, t), found in by_end.items():
        found.sort()
        most = -1
        for used, loss in found:
            if -loss > most:
                most = -loss
                kept.append((new, most, used, t))
    return tuple(kept)


# The second bound prices jokers (see ``_Bounds``): a colour left with a run it cannot
# finish is worth this much, and each half joker it spends costs this much, at 13 a joker.
_NEG: Final = -1e9
_PRICE: Final = 5.0


_SHARES: Final[dict[int, tuple[tuple[float, int], ...]]] = {}  # by their arguments


def _set_shares(present: int, others: int, weight: int,
                worth: int) -> tuple[tuple[float, int], ...]:
    """What giving 0, 1 or 2 naturals of a colour to a number's sets adds to the colour's
    bound, and the half jokers it pays for them, when ``present`` colours have the number
    and the other colours ``others`` tiles of it.

    Each natural pays its share of its set's jokers, each worth ``worth`` less the number:
    half a joker when only two colours have the number, two jokers when only one has; the
    second copy, half a joker when the other colours lack the four tiles a second set needs.
    """
    loss = worth - weight
    if present >= 3:
        second = (weight, 0) if others >= 4 else (weight - loss / 2, 1)
        return (0.0, 0), (weight, 0), (weight + second[0], second[1])
    halves = 2 * (3 - present) // present if present else 0
    one = weight - loss * halves / 2
    return (0.0, 0), (one, halves), (2 * one, 2 * halves)


class _Bounds:
    """A second upper bound, for racks with jokers: a Lagrangian relaxation that solves each
    colour's future exactly on its own.

    Every joker left counts at the most a joker is worth (13, or a tile when counting), and
    each colour pays back that worth less the face of each joker it lays, and its share of
    the jokers of the sets it gives naturals to (``_set_shares``). Summed over the colours,
    this overcounts only where colours compete for a number's sets or for the jokers. For
    the jokers, the colours' bests are found per budget of half jokers (``vectors``: by
    colour, step and colour state, from budget 0 up to where it stops rising), and summed
    two ways, each an upper bound: every colour with the whole budget, or every colour
    paying ``_PRICE`` more for each half joker (a Lagrange multiplier). The bound of a
    state is its value plus the smaller sum.
    """

    def __init__(self, grid: _Grid) -> None:
        self.jokers = grid.jokers
        self.worth = grid.joker_set
        self.price = _PRICE * grid.joker_set / 13
        # What the jokers left add to each sum.
        self.base = [(float(self.worth * left), (self.worth + 2 * self.price) * left)
                     for left in range(grid.jokers + 1)]
        self.vectors: list[list[dict[int, list[float]]]] = []
        # By colour, step and colour state: the two shares for 0, 1, ... jokers left, flat
        # (for j jokers left, the items 2 * j and 2 * j + 1).
        self.terms: list[list[dict[int, list[float]]]] = []
        # By step: how many colours have the number, and how many naturals of it there are.
        here = [[grid.counts[c][step] for c in range(4)] for step in range(grid.top)]
        self.present = [4 - counts.count(0) for counts in here]
        self.naturals = [sum(counts) for counts in here]
        for colour in range(4):
            self.vectors.append(self._colour(grid, colour))
            self.terms.append([{} for _ in range(grid.top + 2)])

    def _colour(self, grid: _Grid, colour: int) -> list[dict[int, list[float]]]:
        """The colour's vectors by step (and step top + 1, past the last) for the colour
        states it can reach."""
        top, jokers, worth = grid.top, grid.jokers, self.worth
        size = 2 * jokers + 1
        shares = []
        counts = grid.counts[colour]
        for step in range(1, top + 1):
            present, others = self.present[step - 1], self.naturals[step - 1] - counts[step - 1]
            weight = grid.weights[step - 1]
            share_key = present | others << 3 | weight << 7 | worth << 12
            share = _SHARES.get(share_key)
            if share is None:
                share = _SHARES[share_key] = _set_shares(present, others, weight, worth)
            shares.append(share)
        # The colour states it can reach, step by step, each with its options for the most
        # jokers it can have left there (by step, in two lists side by side).
        reached: list[list[int]] = []
        reached_options: list[list[bytes]] = []
        most = {_code(EMPTY): jokers}
        for cell in grid.cells[colour]:
            codes, lists = list(most), []
            most_after: dict[int, int] = {}
            for code in codes:
                left = most[code]
                table = cell[left] if _WRAPPED[code] else _TWINS[cell[left]]  # see _table
                found = _BOUNDING.get(code | left << 8 | table << 11)
                if found is None:
                    found = _bounding(code, left, table)
                lists.append(found)
                for i in range(0, len(found), BOUNDING_WIDTH):
                    new, still = found[i], left - found[i + 2]
                    if most_after.get(new, -1) < still:
                        most_after[new] = still
            reached.append(codes)
            reached_options.append(lists)
            most = most_after
        vectors: list[dict[int, list[float]]] = [{} for _ in range(top + 2)]
        after = vectors[top + 1] = {code: [_NEG] if _SHORT[code] else [0.0] for code in most}
        for step in range(top, 0, -1):
            share = shares[step - 1]
            here_vectors = vectors[step]
            codes, lists = reached[step - 1], reached_options[step - 1]
            for index in range(len(codes)):
                options = lists[index]
                best = [_NEG]
                for i in range(0, len(options), BOUNDING_WIDTH):
                    new, gain, used, t = options[i], options[i + 1], options[i + 2], options[i + 3]
                    value, halves = share[t]
                    cost = 2 * used + halves
                    net = gain - worth * used + value
                    child = after[new]
                    if cost == 0 and len(child) == 1:  # the common case: one value
                        value = net + child[0]
                        if len(best) == 1:
                            if value > best[0]:
                                best[0] = value
                        else:
                            best = [b if b > value else value for b in best]
                        continue
                    if cost >= size or net + child[-1] <= best[min(cost, len(best) - 1)]:
                        continue  # over budget, or nowhere better than the options so far
                    end = min(cost + len(child), size)
                    while len(best) < end:
                        best.append(best[-1])
                    for h in range(cost, end):
                        value = net + child[h - cost]
                        if value > best[h]:
                            best[h] = value
                    value = net + child[-1]  # the option's level from there on
                    for h in range(end, len(best)):
                        if value > best[h]:
                            best[h] = value
                while len(best) > 1 and best[-1] == best[-2]:
                    best.pop()
                here_vectors[codes[index]] = best
            after = here_vectors
        return vectors

    def share(self, colour: int, step: int, code: int) -> list[float]:
        """The colour's two shares of the bound for each count of jokers left: its best
        within that budget, and its best less the priced half jokers (for j jokers left,
        the items 2 * j and 2 * j + 1)."""
        terms = self.terms[colour][step]
        found = terms.get(code)
        if found is not None:
            return found
        vec = self.vectors[colour][step][code]
        if len(vec) == 1:  # the jokers do nothing for the colour
            found = terms[code] = [vec[0]] * (2 * self.jokers + 2)
            return found
        priced = []
        top = _NEG
        for h, value in enumerate(vec):
            top = max(top, value - self.price * h)
            priced.append(top)
        last = len(vec) - 1
        shares: list[float] = []
        for left in range(self.jokers + 1):
            at = min(2 * left, last)
            shares.append(vec[at])
            shares.append(priced[at])
        terms[code] = shares
        return shares

    def rest(self, key: int, step: int, colour: int, left: int) -> tuple[float, float]:
        """The two sums for the jokers left and the colours other than this one, in a state
        about to leave the cell (step, colour)."""
        plain, priced = self.base[left]
        for c in range(4):
            if c != colour:
                at = step + 1 if c < colour else step
                code = (key >> _shift(c)) & 255
                shares = self.terms[c][at].get(code) or self.share(c, at, code)
                plain += shares[2 * left]
                priced += shares[2 * left + 1]
        return plain, priced

    def sums(self, key: int, step: int) -> tuple[float, float]:
        """The two sums of a state about to enter the step."""
        left = (key >> 7) & 7
        plain, priced = self.base[left]
        for c in range(4):
            shares = self.share(c, step, (key >> _shift(c)) & 255)
            plain += shares[2 * left]
            priced += shares[2 * left + 1]
        return plain, priced


# Every solution's value is a whole number, so a bound may drop its fraction: then states
# whose bound only a half point above the best value stays wait behind a finished state of
# that value, rather than be expanded before it. (A sum of priced jokers that is a whole
# number may come out a hair below it in floating point: this much is added back first.)
_ROUNDING: Final = 1e-6


class Found(NamedTuple):
    """A solution as the programme found it: its value and the choices that lay it
    (a move per cell in search order, by its number in ``_MOVES``, and the jokers laid in
    sets at each number)."""

    value: int
    moves: list[int]
    set_jokers: list[int]


class _Programme:
    """The programme over one rack, searched best bound first."""

    def __init__(self, grid: _Grid, bounds: _Bounds | None) -> None:
        self.grid = grid
        self.bounds = bounds
        # By cell in search order: its step, colour, numbers by jokers left, the naturals of
        # the later colours at this number, and what the naturals from the next cell on
        # can add.
        self.cells: list[tuple[int, int, tuple[int, ...], int, int]] = []
        for step in range(1, grid.top + 1):
            here = [grid.counts[c][step - 1] for c in range(4)]
            room = here[1] + here[2] + here[3]
            for colour in range(4):
                self.cells.append((step, colour, grid.cells[colour][step - 1], room,
                                   grid.future[4 * (step - 1) + colour + 1]))
                if colour < 3:
                    room -= here[colour + 1]

    def best_first(self) -> Found:
        """The optimum, by expanding states best bound first: the first finished state
        taken is optimal, since every bound is at least what its state can still reach.

        The levels of the search are the cells, each number's followed by the laying of
        its sets. A state waits with its bound and, with jokers, the two sums of its
        per-colour bound (see ``_Bounds``), which its successors mostly share. It reads
        its options best first by the first bound, only while they may beat the best
        state waiting, and goes back to wait for the rest.
        """
        grid, bounds, cells = self.grid, self.bounds, self.cells
        end = 5 * grid.top
        # By state and level, as ``state << 7 | level`` (one dict, not one a level): its
        # best value so far, and the state it came from and the move it made there by
        # its number (or at the levels after a number's sets, the jokers laid in them),
        # as one int: ``state << _BACK | move`` (no tuple to make and free for each).
        best: dict[int, int] = {}
        back: dict[int, int] = {}
        others: list[dict[int, tuple[float, float]] | None] = [None] * len(cells)
        empty = _code(EMPTY)
        root = sum(empty << _shift(c) for c in range(4)) + grid.jokers * _LEFT
        best[root << 7] = 0
        plain, priced = bounds.sums(root, 1) if bounds else (0.0, 0.0)
        # Waiting: (the rank: minus ``bound << 7 | level``, so the best bound first and the
        # deepest level first among equal bounds (bounds are whole numbers), state, value,
        # the first option still to read, the per-colour sums).
        heap = [(-(grid.ceiling << 7), root, 0, 0, plain, priced)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            rank, key, value, first, plain, priced = pop(heap)
            level = -rank & 127
            if value < best[key << 7 | level]:
                continue  # the state was reached since with more value
            if level == end:
                return self._path(back, end, key, -rank >> 7)
            # Pass at once through the levels where the state can only carry on as it is:
            # a colour's cell with no naturals and no run open (its one option lays
            # nothing, for no change of the bound), and the sets of a number with none
            # reserved (short of the last, which finishes). Exact all the same: the
            # state's successors wait with their own bounds, and only a finished state
            # taken from the waiting ones is returned.
            while True:
                step = level // 5
                slot = level - 5 * step
                step += 1
                if slot == 4:
                    if key & 15 or step == grid.top:
                        break
                    laid = 0  # no jokers laid in sets
                else:
                    shift = _shift(slot)
                    code = (key >> shift) & 255
                    if step == 14 or grid.counts[slot][step - 1] or _OPEN[code]:
                        break
                    left = (key >> 7) & 7
                    if key & 15 and (key & 15) + cells[level - step + 1][3] + left < 3:
                        break  # its sets could never reach three tiles: dropped below
                    laid = _IDLE_ID
                    if bounds is not None:
                        was = (bounds.terms[slot][step].get(code)
                               or bounds.share(slot, step, code))
                        now = (bounds.terms[slot][step + 1].get(code)
                               or bounds.share(slot, step + 1, code))
                        plain = plain - was[2 * left] + now[2 * left]
                        priced = priced - was[2 * left + 1] + now[2 * left + 1]
                if best.get(key << 7 | level + 1, -1) >= value:
                    break
                level += 1
                best[key << 7 | level] = value
                back[key << 7 | level] = key << _BACK | laid
                first = 0
            deeper = level + 1
            weight = grid.weights[step - 1]
            sigma = key & 15
            left = (key >> 7) & 7
            if slot == 4:  # lay this number's sets: reserved naturals and jokers
                doubles = (key >> 4) & 7
                cleared = key & ~_SETS
                for ws in range(left + 1 if sigma else 1):
                    if sigma and not _FITS[3 * (sigma + ws) + (2 if doubles else 1)]:
                        continue
                    new_key = cleared - ws * _LEFT
                    new_value = value + (sigma + ws) * weight
                    if best.get(new_key << 7 | deeper, -1) >= new_value:
                        continue
                    new_left = left - ws
                    new_plain, new_priced = plain, priced  # the same, unless jokers are laid
                    if step == grid.top:  # finished: jokers left over form a set of 13s
                        if any(_SHORT[(new_key >> _shift(c)) & 255] for c in range(4)):
                            continue
                        bound = new_value + (grid.joker_set * new_left if new_left >= 3 else 0)
                    else:
                        bound = (new_value + grid.jokers_worth[step][new_left]
                                 + ((new_key >> 10) & 15) + grid.future[4 * step])
                        if bounds is not None:
                            if ws:
                                new_plain, new_priced = bounds.sums(new_key, step + 1)
                            least = new_value + (new_plain if new_plain < new_priced
                                                 else new_priced)
                            if least < bound:
                                bound = math.floor(least + _ROUNDING)
                    if bound < 0:
                        continue  # a run left short that cannot be finished
                    best[new_key << 7 | deeper] = new_value
                    back[new_key << 7 | deeper] = key << _BACK | ws
                    push(heap, (-(bound << 7 | deeper), new_key, new_value, 0, new_plain,
                                new_priced))
                continue
            index = 4 * (step - 1) + slot
            _, colour, cell, room, future = cells[index]
            shift = _shift(colour)
            code = (key >> shift) & 255
            table = cell[left] if _WRAPPED[code] else _TWINS[cell[left]]  # see _table
            options = _FLAT.get(code | left << 8 | table << 11)
            if options is None:
                options = _flat_options(code, left, table)
            if bounds is not None:
                after = bounds.terms[colour][step + 1]
                # The other colours' part of the bound, as long as no joker is spent.
                mine = (bounds.terms[colour][step].get(code)
                        or bounds.share(colour, step, code))
                same = (plain - mine[2 * left], priced - mine[2 * left + 1])
                found = others[index]
                if found is None:
                    found = others[index] = {}
                rests = found
                rest_key = key & ~((255 << shift) | _SETS | (7 * _LEFT) | (15 * _KEPT))
            base = value + sigma * weight + grid.jokers_worth[step - 1][left] + (
                (key >> 10) & 15) + future
            for i in range(first, len(options), WIDTH):
                change = options[i] - 128
                if heap and base + change < -heap[0][0] >> 7:
                    push(heap, (-(min(-rank >> 7, base + change) << 7 | level), key, value,
                                i, plain, priced))
                    break
                new_key = (key + ((options[i + 1] - code) << shift) + options[i + 2]
                           + (options[i + 3] << 8) - 32768)
                new_left = (new_key >> 7) & 7
                t = options[i + 6]
                if (sigma or t) and sigma + t + room + new_left < 3:
                    continue  # the sets of this number could never reach three tiles
                new_value = value + options[i + 4]
                if best.get(new_key << 7 | deeper, -1) >= new_value:
                    continue
                bound = base + change
                new_plain = new_priced = 0.0
                if bounds is not None:
                    rest = same if new_left == left else rests.get(rest_key | new_left)
                    if rest is None:
                        rest = rests[rest_key | new_left] = bounds.rest(
                            key, step, colour, new_left)
                    new_code = (new_key >> shift) & 255
                    own = after.get(new_code)
                    if own is None:
                        own = bounds.share(colour, step + 1, new_code)
                    new_plain = rest[0] + own[2 * new_left]
                    new_priced = rest[1] + own[2 * new_left + 1]
                    least = (new_value + (new_plain if new_plain < new_priced else new_priced)
                             + (sigma + t) * weight)
                    if least < bound:
                        bound = math.floor(least + _ROUNDING)
                    if bound < 0:
                        continue  # a run left short that cannot be finished
                best[new_key << 7 | deeper] = new_value
                back[new_key << 7 | deeper] = key << _BACK | options[i + 7] | options[i + 8] << 8
                push(heap, (-(bound << 7 | deeper), new_key, new_value, 0, new_plain,
                            new_priced))
        raise AssertionError("laying nothing is always a solution")

    @staticmethod
    def _path(back: dict[int, int], end: int, key: int, total: int) -> Found:
        """The choices that led to a finished state at the last level, and its value."""
        moves: list[int] = []
        set_jokers: list[int] = []
        last = key
        for level in range(end, 0, -1):
            came = back[key << 7 | level]
            key, what = came >> _BACK, came & (1 << _BACK) - 1
            if level % 5 == 0:
                set_jokers.append(what)
            else:
                moves.append(what)
        moves.reverse()
        set_jokers.reverse()
        left = (last >> 7) & 7
        if left >= 3:
            set_jokers.append(left)
        return Found(total, moves, set_jokers)


# What a natural that no joker-free meld of the rack can hold costs, in quarters of a
# joker. A meld with k jokers holds such naturals costing at most k jokers in all: its
# naturals sit in stretches of at most two between jokers, each gap of jokers paying half
# to the stretch on either side and jokers at an end paying all to theirs. A stretch next
# to one joker gets half a joker, which can happen only when a natural lies two places
# from it: a pair (two in a row) with a natural two beyond costs a quarter a tile
# (R3 R4 J R6 R7); a tile with a natural beside it, two places away or at its number, half
# (R5 J R7, R5 Y5 J); a tile with none of those needs two jokers beside it, a whole one.
_BRIDGED: Final = 1
_PAIRED: Final = 2
_ALONE: Final = 4


def _future_bounds(
    counts: tuple[tuple[int, ...], ...], jokers: int, top: int, weights: tuple[int, ...]
) -> tuple[int, ...]:
    """For each cell in search order, the most that the naturals of it and the later
    cells can add (and a last 0, after the last cell).

    Copies of a natural that joker-free melds of the rack can hold at once count in full;
    the others only as far as the jokers can pay for them (a fractional knapsack over their
    costs, which bounds the whole solution's, so it holds for any part of it).
    """
    bounds = [0]
    certain = 0
    costly: list[tuple[float, int, int]] = []  # (worth per cost, cost, worth), best first
    paid = 0  # what the jokers pay for, among the costly naturals so far
    # Each colour's naturals by run position, two bits each, after three empty places:
    # position q at bits 2 * (q + 2), so the window of number n starts at bit 2 * (n - 1).
    padded = []
    for row in counts:
        packed = 0
        for place, count in enumerate(row + row[:top - 13]):
            packed |= count << 2 * (place + 3)
        padded.append(packed)
    for step in range(top, 0, -1):
        number = position_number(position(step, top))
        here = [counts[c][number - 1] for c in range(4)]
        for colour in range(3, -1, -1):
            count = here[colour]
            if count and step < 14:  # the 1s of the last step were counted at step 1
                worth = weights[step - 1]
                present = sum(1 for c in range(4) if c != colour and here[c])
                in_sets = (present >= 2) + (sum(here) - count >= 4)
                pad = padded[colour]
                window = (pad & _WINDOW | (pad >> 26 & _WINDOW) << 14
                          if number == 1 and top == 14 else pad >> 2 * (number - 1) & _WINDOW)
                terms_key = window << 5 | (top - 13) << 4 | number
                terms = _RUN_TERMS.get(terms_key)
                if terms is None:
                    terms = _RUN_TERMS[terms_key] = _run_terms(number, top, window)
                in_runs, cost = terms >> 3, terms & 7
                free = min(count, in_sets + in_runs)
                certain += free * worth
                if count > free:
                    if present and cost == _ALONE:
                        cost = _PAIRED
                    for _ in range(count - free):
                        bisect.insort(costly, (-worth / cost, cost, worth))
                    paid = _knapsack(costly, 4 * jokers)
            bounds.append(certain + paid)
    bounds.reverse()
    return tuple(bounds)


_WINDOW: Final = (1 << 14) - 1  # the two bits of seven places
# _run_terms by its window, top and number.
_RUN_TERMS: Final[dict[int, int]] = {}


def _run_terms(number: int, top: int, window: int) -> int:
    """How many copies of a colour's natural of this number joker-free runs of the rack
    could hold at once (0, 1 or 2), and what a copy they cannot hold costs in quarter
    jokers when no other colour has the number (see ``_BRIDGED``), as ``in_runs << 3 |
    cost``.

    A copy in a joker-free run sits with the two naturals of a window of three around it
    (below, astride, above); copies in different runs take different tiles, so the count
    is what the neighbours allow. ``window`` holds the colour's naturals at the run
    positions from three before to three after each place of this number (a 1 has two
    under the 13-1 wrap), two bits each from the lowest.
    """
    places = (number, 14) if number == 1 and top == 14 else (number,)
    size = {q: window >> 2 * (7 * i + q - p + 3) & 3 for i, p in enumerate(places)
            for q in range(p - 3, p + 4)}

    def has(position: int) -> bool:
        return size[position] > 0

    windows = [(p + a, p + b) for p in places for a, b in ((-2, -1), (-1, 1), (1, 2))]
    windows = [w for w in windows if has(w[0]) and has(w[1])]
    in_runs = min(len(windows), 1)
    for i, first in enumerate(windows):  # two windows that the neighbours can fill together
        for second in windows[i:]:
            taken = Counter(position_number(q) for q in first + second)
            if all(max(size[q] for q in size if position_number(q) == n) >= k
                   for n, k in taken.items()):
                in_runs = 2
    if any(has(p + d) and (has(p + 3 * d) or has(p - 2 * d)) for p in places for d in (-1, 1)):
        cost = _BRIDGED
    elif any(has(p + d) for p in places for d in (-2, -1, 1, 2)):
        cost = _PAIRED
    else:
        cost = _ALONE
    return in_runs << 3 | cost


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


def _sets_fit(total: int, largest: int) -> bool:
    """Whether ``total`` tiles, at most ``largest`` of one colour, split into sets of 3-4."""
    return any(largest <= s and 3 * s <= total <= 4 * s for s in range(1, total // 3 + 1))


# _sets_fit by 3 * total + largest, for up to 16 tiles (8 naturals and 4 jokers at most).
_FITS: Final[list[bool]] = [_sets_fit(i // 3, i % 3) for i in range(3 * 17)]


# The melds a solution lays, in ints, so that the replay of the choices runs compiled too:
# each meld is [kind (RUN or SET), then tile, face, position for each of its tiles], where
# a natural tile is its slot, ``13 * colour + number - 1`` of its face, and the k-th joker
# drawn is JOKER + k; a face is a slot.
SET: Final = 0
RUN: Final = 1
JOKER: Final = 52


def lay(found: Found, top: int) -> list[list[int]]:
    """The melds that a solution's choices lay (see above), by their first position and
    face."""
    drawn = 0  # the jokers drawn so far
    # By colour: its open runs by class, as in the colour state; a run as [tile, step, ...].
    classes: list[list[list[list[int]]]] = [[[], [], [], []] for _ in range(4)]
    melds: list[list[int]] = []
    moves, set_jokers = found.moves, found.set_jokers
    index = 0
    for step in range(1, top + 1):
        number = position_number(position(step, top))
        reserved: list[int] = []  # the colours of the naturals given to sets
        for colour in range(4):
            move = moves[index]
            index += 1
            runs_of = classes[colour]
            if move == _IDLE_ID and not (runs_of[0] or runs_of[1] or runs_of[2] or runs_of[3]):
                continue  # nothing laid, nothing open
            x1, j1, x2, j2, e3n, e3w, eln, elw, trail, a, heads, t, keep = _MOVES[move]
            slot = 13 * colour + number - 1
            naturals = (x1, x2, e3n, eln)
            wilds = (j1, j2, e3w, elw)
            shares = 0  # the trailing shares taken
            carried: list[list[list[int]]] = []
            for c in range(4):
                runs = runs_of[c]
                nat, jok = naturals[c], wilds[c]
                for i in range(len(runs)):
                    run = runs[i]
                    if i < nat:
                        run += [slot, step]
                    elif i < nat + jok:
                        run += [JOKER + drawn, step]
                        drawn += 1
                    else:  # the run ends here, with its share of jokers laid past it
                        for d in range(trail[shares]):
                            run += [JOKER + drawn, step + d]
                            drawn += 1
                        shares += 1
                        melds.append(_run_laid(run, colour, top))
                carried.append(runs[:nat + jok])
            to2, to3, stay3, stay3l = carried
            if top == 14 and step == 3:  # the runs reaching three here started at step 1
                stay3l, to3 = stay3l + to3, []
            started: list[list[list[int]]] = [[], [], [], []]  # by class, as in the state
            for h in heads:
                run = []
                for d in range(h, 0, -1):
                    run += [JOKER + drawn, step - d]
                    drawn += 1
                run += [slot, step]
                started[3 if top == 14 and h >= 2 and h == step - 1 else min(h, 2)].append(run)
            reserved += [colour] * t
            runs_of[0] = started[0]
            runs_of[1] = to2 + started[1]
            runs_of[2] = stay3 + to3 + started[2]
            runs_of[3] = stay3l + started[3]
        laid_jokers = set_jokers[step - 1]
        if reserved or laid_jokers:
            melds += _sets_laid(reserved, list(range(JOKER + drawn, JOKER + drawn + laid_jokers)),
                                number)
            drawn += laid_jokers
    for colour in range(4):
        runs_of = classes[colour]
        assert not runs_of[0] and not runs_of[1]
        for run in runs_of[2] + runs_of[3]:
            melds.append(_run_laid(run, colour, top))
    if len(set_jokers) > top:
        melds += _sets_laid([], list(range(JOKER + drawn, JOKER + drawn + set_jokers[top])), 13)
    melds.sort(key=_meld_order)
    return melds


def _meld_order(meld: list[int]) -> tuple[int, int]:
    """A meld's first position, then its first face."""
    return meld[3], meld[2]


def _run_laid(run: list[int], colour: int, top: int) -> list[int]:
    """A run's meld from its tiles and steps, laid from the lowest position up (a run is
    laid walking down, so its steps only need reversing; the jokers past its end were laid
    last)."""
    pairs = sorted([(run[i + 1], run[i]) for i in range(0, len(run), 2)], reverse=True)
    meld = [RUN]
    for step, tile in pairs:
        place = top + 1 - step
        meld += [tile, 13 * colour + (0 if place == 14 else place - 1), place]
    return meld


def _smallest(groups: list[list[int]]) -> list[int]:
    """The first of the shortest groups."""
    found = groups[0]
    for group in groups:
        if len(group) < len(found):
            found = group
    return found


def _sets_laid(reserved: list[int], jokers: list[int], number: int) -> list[list[int]]:
    """Split the naturals given to a number's sets (by colour, distinct in each set) and
    jokers into sets of 3-4."""
    total = len(reserved) + len(jokers)
    largest = max(reserved.count(colour) for colour in range(4))
    sets = 1
    while not (largest <= sets and 3 * sets <= total <= 4 * sets):
        sets += 1
        assert sets <= total, "the search lays only sets that fit"
    groups: list[list[int]] = [[] for _ in range(sets)]  # each [colour, tile, ...]
    for colour in sorted(reserved):  # to the smallest set without the colour
        _smallest([g for g in groups if colour not in g[::2]]).extend(
            (colour, 13 * colour + number - 1))
    for joker in jokers:  # to the smallest set, as its first missing colour
        group = _smallest([g for g in groups if len(g) < 8])
        colour = 0
        while colour in group[::2]:
            colour += 1
        group.extend((colour, joker))
    melds = []
    for group in groups:
        meld = [SET]
        for i in range(0, len(group), 2):
            meld += [group[i + 1], 13 * group[i] + number - 1, number]
        melds.append(meld)
    return melds
