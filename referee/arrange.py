"""Arranging a rack the way the Okey apps' sort buttons do: "by runs" or "by groups" (804).

The arrangement is exact for what it claims. *By runs* lays as many tiles as possible in
runs, then as many of the others as possible in groups; *by groups* the other way round.
Among arrangements that tie on both counts, the one worth most in 101 is taken. Leftovers
are kept apart. The search tries, for the lowest tile still to place, every meld it can
start and leaving it out, remembering what it found for each rest of the rack.

>>> from referee.options import Rules
>>> from referee.jokers import Jokers
>>> from referee.tiles import parse_tiles, Tile
>>> rules = Rules.preset("101")
>>> jokers = Jokers.from_indicator(Tile.parse("K4"), rules)
>>> rack = parse_tiles("R5 R6 R7 Y7 B7 K1")
>>> by_runs = arrange(rack, jokers, rules, Order.RUNS)
>>> [str(m) for m in by_runs.runs], [str(m) for m in by_runs.groups], [str(t) for t in by_runs.leftover]
(['R5 R6 R7'], [], ['Y7', 'B7', 'K1'])
>>> by_groups = arrange(rack, jokers, rules, Order.GROUPS)
>>> [str(m) for m in by_groups.groups], [str(t) for t in by_groups.leftover]
(['R7 Y7 B7'], ['R5', 'R6', 'K1'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from referee.jokers import Jokers
from referee.melds import MAX_RUN, Meld, MeldKind, position_number, top_position
from referee.options import Rules
from referee.tiles import COLORS, Tile



class Order(Enum):
    """Which meld kind the arrangement fills first."""

    RUNS = "runs"
    GROUPS = "groups"


@dataclass(frozen=True)
class Arrangement:
    """A rack laid out into runs and groups (sets), with the tiles that fit neither apart."""

    order: Order
    runs: tuple[Meld, ...]
    groups: tuple[Meld, ...]
    leftover: tuple[Tile, ...]

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds in the order of the arrangement: its first kind, then the other."""
        return self.runs + self.groups if self.order is Order.RUNS else self.groups + self.runs

    @property
    def value(self) -> int:
        """What the melds are worth together in 101 (a joker counts as its stand-in)."""
        return sum(meld.value for meld in self.melds)

    @property
    def tiles_in_runs(self) -> int:
        return sum(len(meld.tiles) for meld in self.runs)

    @property
    def tiles_in_groups(self) -> int:
        return sum(len(meld.tiles) for meld in self.groups)


Score = tuple[int, int, int]
"""(tiles in the first kind, tiles in the other, value): compared in that order."""

# One tile of a planned meld: its face (colour index, number), its run position, and
# whether a joker fills it.
Cell = tuple[int, int, int, bool]
# A plan step: the meld kind (None: the lowest tile is left over) and its cells.
Plan = tuple[MeldKind | None, tuple[Cell, ...]]

_ZERO: Score = (0, 0, 0)


def _index(colour: int, number: int) -> int:
    return colour * 13 + number - 1


class _Search:
    """The memoised search over what is left of the rack: naturals by face, and jokers."""

    def __init__(self, order: Order, top: int) -> None:
        self.order = order
        self.top = top
        self.memo: dict[tuple[tuple[int, ...], int], tuple[Score, Plan | None]] = {}

    def score(self, kind: MeldKind, cells: Sequence[Cell]) -> Score:
        tiles = len(cells)
        value = sum(number for _, number, _, _ in cells)
        first = kind is (MeldKind.RUN if self.order is Order.RUNS else MeldKind.SET)
        return (tiles, 0, value) if first else (0, tiles, value)

    def joker_meld(self, jokers: int) -> tuple[MeldKind, tuple[Cell, ...]] | None:
        """Jokers left alone: three or four make a meld of their own, the kind filled first."""
        if jokers < 3:
            return None
        if self.order is Order.RUNS:
            return MeldKind.RUN, tuple((0, p, p, True) for p in range(14 - jokers, 14))
        return MeldKind.SET, tuple((c, 13, 13, True) for c in range(jokers))

    def best(self, counts: tuple[int, ...], jokers: int) -> Score:
        key = (counts, jokers)
        if key in self.memo:
            return self.memo[key][0]
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            alone = self.joker_meld(jokers)
            found: tuple[Score, Plan | None] = (
                (self.score(*alone), alone) if alone is not None else (_ZERO, None))
            self.memo[key] = found
            return found[0]
        rest = list(counts)
        rest[first] -= 1
        best_score = self.best(tuple(rest), jokers)
        best_plan: Plan = (None, ())
        colour, number = divmod(first, 13)
        number += 1
        for kind, cells in self.melds_from(colour, number, tuple(rest), jokers):
            after = list(rest)
            used = 0
            for c, n, _, joker in cells[1:]:
                if joker:
                    used += 1
                else:
                    after[_index(c, n)] -= 1
            here = self.score(kind, cells)
            below = self.best(tuple(after), jokers - used)
            total = (here[0] + below[0], here[1] + below[1], here[2] + below[2])
            if total > best_score:
                best_score, best_plan = total, (kind, cells)
        self.memo[key] = (best_score, best_plan)
        return best_score

    def melds_from(
        self, colour: int, number: int, rest: tuple[int, ...], jokers: int
    ) -> list[tuple[MeldKind, tuple[Cell, ...]]]:
        """Every meld holding the natural (colour, number), the lowest tile left; the
        natural is the meld's first cell. Other naturals come from ``rest``."""
        found: list[tuple[MeldKind, tuple[Cell, ...]]] = []
        have = [False] + [rest[_index(colour, position_number(p))] > 0
                          for p in range(1, self.top + 1)]
        places = [number] + ([14] if number == 1 and self.top == 14 else [])
        for place in places:
            below = 0  # positions under the natural that need a joker
            for start in range(place, max(1, place - MAX_RUN + 1) - 1, -1):
                if start < place and not have[start]:
                    below += 1
                if below > jokers:
                    break
                forced = below
                for end in range(place, min(self.top, start + MAX_RUN - 1) + 1):
                    if end > place and not have[end]:
                        forced += 1
                    if forced > jokers:
                        break
                    if end - start >= 2:
                        found += self.runs_in(colour, place, start, end, have, jokers)
        others = [c for c in range(4) if c != colour and rest[_index(c, number)]]
        for size in (3, 4):
            for naturals in range(min(len(others), size - 1) + 1):
                wild = size - 1 - naturals
                if wild > jokers:
                    continue
                for chosen in combinations(others, naturals):
                    missing = [c for c in range(4) if c != colour and c not in chosen]
                    cells = [(colour, number, number, False)]
                    cells += [(c, number, number, False) for c in chosen]
                    cells += [(c, number, number, True) for c in missing[:wild]]
                    found.append((MeldKind.SET, tuple(cells)))
        return found

    def runs_in(
        self, colour: int, place: int, start: int, end: int, have: Sequence[bool], jokers: int
    ) -> list[tuple[MeldKind, tuple[Cell, ...]]]:
        """The runs over positions start..end with the natural at ``place``: each other
        position is a natural when one is left (``have``), or a joker (every choice within
        the jokers)."""
        positions = [p for p in range(start, end + 1) if p != place]
        forced = [p for p in positions if not have[p]]
        free = [p for p in positions if have[p]]
        if len(forced) > jokers:
            return []
        runs: list[tuple[MeldKind, tuple[Cell, ...]]] = []
        for extra in range(min(len(free), jokers - len(forced)) + 1):
            for wild_free in combinations(free, extra):
                wild = set(forced) | set(wild_free)
                cells = [(colour, position_number(place), place, False)]
                cells += [(colour, position_number(p), p, p in wild) for p in positions]
                runs.append((MeldKind.RUN, tuple(cells)))
        return runs


def arrange(tiles: Sequence[Tile], jokers: Jokers, rules: Rules, order: Order) -> Arrangement:
    """Arrange the tiles by runs or by groups; see the module's description for what is best.

    Jokers (a real okey, or a fake joker played wild) stand in wherever they help; a fake
    joker that is not wild counts as the okey's own face.
    """
    search = _Search(order, top_position(rules))
    wilds = [t for t in tiles if jokers.is_wild(t)]
    pools: dict[int, list[Tile]] = {}
    for tile in tiles:
        if not jokers.is_wild(tile):
            face = jokers.face(tile)
            assert face.color is not None
            pools.setdefault(_index(COLORS.index(face.color), face.number), []).append(tile)
    counts = tuple(len(pools.get(i, ())) for i in range(52))
    search.best(counts, len(wilds))
    runs: list[Meld] = []
    groups: list[Meld] = []
    leftover: list[Tile] = []
    state = (counts, len(wilds))
    while True:
        _, plan = search.memo[state]
        if plan is None:
            break
        kind, cells = plan
        left = list(state[0])
        used = 0
        if kind is None:
            first = next(i for i, n in enumerate(left) if n)
            left[first] -= 1
            leftover.append(pools[first].pop())
        else:
            laid: list[Tile] = []
            for c, n, _, joker in cells:
                if joker:
                    used += 1
                    laid.append(wilds.pop())
                else:
                    left[_index(c, n)] -= 1
                    laid.append(pools[_index(c, n)].pop())
            meld = _meld(kind, cells, laid)
            (runs if kind is MeldKind.RUN else groups).append(meld)
        if kind is not None and not any(left):
            if all(joker for _, _, _, joker in cells):
                break  # the jokers' own meld ends the plan
        state = (tuple(left), state[1] - used)
    leftover += wilds
    return Arrangement(
        order,
        tuple(sorted(runs, key=lambda m: (m.faces[0].sort_key()[0], m.positions[0]))),
        tuple(sorted(groups, key=lambda m: m.faces[0].number)),
        tuple(sorted(leftover)),
    )


def _meld(kind: MeldKind, cells: Sequence[Cell], laid: Sequence[Tile]) -> Meld:
    """The meld of planned cells and the tiles laid in them, in position (or colour) order."""
    ordered = sorted(zip(cells, laid), key=lambda cl: (cl[0][2], cl[0][0]))
    return Meld(
        kind,
        tuple(tile for _, tile in ordered),
        tuple(Tile(COLORS[c], n) for (c, n, _, _), _ in ordered),
        tuple(position for (_, _, position, _), _ in ordered),
    )
