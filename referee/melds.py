"""Melds (per): sets of one number in distinct colours, and runs of one colour.

A :class:`Meld` records the tiles as laid and the face each one counts as, so a wild tile's
role is explicit. :func:`read_meld` decides whether tiles form a meld under a table's rules.

>>> from referee.options import Rules
>>> from referee.jokers import Jokers
>>> from referee.tiles import parse_tiles, Tile
>>> jokers = Jokers.from_indicator(Tile.parse("K4"), Rules.preset("101"))
>>> meld, problems = read_meld(parse_tiles("B8 B9 K5 B11"), jokers, Rules.preset("101"))
>>> meld.kind.value, meld.value, [str(t) for t in meld.faces]
('run', 38, ['B8', 'B9', 'B10', 'B11'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from referee.jokers import Jokers
from referee.options import Rules, Wrap
from referee.tiles import COLORS, Color, Tile

MAX_RUN = 13
"""A run has at most 13 tiles: one of each number."""
MAX_SET = 4
"""A set (group) has at most 4 tiles: one of each colour."""


class MeldKind(Enum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True)
class Meld:
    """Tiles laid together, and the face each counts as (a wild tile's stand-in)."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    faces: tuple[Tile, ...]
    positions: tuple[int, ...]

    @property
    def value(self) -> int:
        """The 101 value: the sum of the faces' numbers, a wild counting as its stand-in (408)."""
        return sum(face.number for face in self.faces)

    def stand_ins(self) -> tuple[tuple[Tile, Tile], ...]:
        """Each tile whose face differs from itself (a joker), with the tile it stands for."""
        return tuple((t, f) for t, f in zip(self.tiles, self.faces) if t != f)

    def __str__(self) -> str:
        return " ".join(str(t) for t in self.tiles)


def position_number(position: int) -> int:
    """Run positions go 1..13, and 14 for a 1 laid after 13."""
    return 1 if position == 14 else position


def top_position(rules: Rules) -> int:
    return 14 if rules.wrap_13_1 is Wrap.AFTER_13 else 13


def read_meld(
    tiles: Sequence[Tile], jokers: Jokers, rules: Rules
) -> tuple[Meld | None, tuple[str, ...]]:
    """Read tiles as a set or a run; return the meld, or ``None`` with the problems found.

    Jokers stand where they are laid when the order reads as a run; otherwise the
    reading of highest value is taken. Problem codes: ``too_few_tiles``,
    ``set_too_large``, ``set_repeats_colour``, ``mixed``, ``run_gap``, ``run_duplicate``,
    ``wraps_13_1``, ``run_too_long``.
    """
    if len(tiles) < 3:
        return None, ("too_few_tiles",)
    faces = [None if jokers.is_wild(t) else jokers.face(t) for t in tiles]
    naturals = [f for f in faces if f is not None]
    candidates: list[Meld] = []
    problems: list[str] = []
    set_meld, set_problem = _as_set(tiles, faces)
    if set_meld is not None:
        candidates.append(set_meld)
    run_meld, run_problem = _as_run(tiles, faces, top_position(rules))
    if run_meld is not None:
        candidates.append(run_meld)
    if candidates:
        return max(candidates, key=lambda m: (m.value, m.kind is MeldKind.RUN)), ()
    same_number = len({f.number for f in naturals}) <= 1
    same_colour = len({f.color for f in naturals}) <= 1
    if same_number and set_problem:
        problems.append(set_problem)
    if same_colour and run_problem:
        problems.append(run_problem)
    if not problems:
        problems.append("mixed")
    return None, tuple(problems)


def _as_set(tiles: Sequence[Tile], faces: Sequence[Tile | None]) -> tuple[Meld | None, str]:
    naturals = [f for f in faces if f is not None]
    if len(tiles) > 4:
        return None, "set_too_large"
    if len({f.number for f in naturals}) > 1:
        return None, "mixed"
    colours = [f.color for f in naturals]
    if len(set(colours)) < len(colours):
        return None, "set_repeats_colour"
    number = naturals[0].number if naturals else 13
    missing = iter(c for c in COLORS if c not in colours)
    filled = tuple(f if f is not None else Tile(next(missing), number) for f in faces)
    return Meld(MeldKind.SET, tuple(tiles), filled, tuple(number for _ in tiles)), ""


def _as_run(
    tiles: Sequence[Tile], faces: Sequence[Tile | None], top: int
) -> tuple[Meld | None, str]:
    naturals = [f for f in faces if f is not None]
    colours = {f.color for f in naturals}
    if len(colours) > 1:
        return None, "mixed"
    numbers = [f.number for f in naturals]
    if len(set(numbers)) < len(numbers):
        return None, "run_duplicate"
    if len(tiles) > 13:
        return None, "run_too_long"
    colour = next((c for c in colours if c is not None), Color.RED)
    length = len(tiles)
    best: Meld | None = None
    # As laid: the tiles in the given order occupy consecutive positions.
    for start in range(1, top - length + 2):
        window = range(start, start + length)
        if all(f is None or _fits(f.number, p) for f, p in zip(faces, window)):
            best = _better(best, _run(tiles, window, colour, order=None))
    if best is not None:
        return best, ""
    # In any order: every natural finds its own position, jokers fill the rest.
    for start in range(1, top - length + 2):
        positions = list(range(start, start + length))
        slots = _place(numbers, positions)
        if slots is not None:
            best = _better(best, _run(tiles, positions, colour, order=(faces, slots)))
    if best is not None:
        return best, ""
    if top == 13 and 13 in numbers and 1 in numbers:
        return None, "wraps_13_1"
    if top == 14 and 13 in numbers and 1 in numbers and 2 in numbers:
        return None, "wraps_13_1"
    return None, "run_gap"


def _fits(number: int, position: int) -> bool:
    return position_number(position) == number


def _place(numbers: Sequence[int], positions: Sequence[int]) -> dict[int, int] | None:
    """Map each natural number to a position in the window, or ``None`` if one does not fit."""
    slots: dict[int, int] = {}
    for number in numbers:
        spots = [p for p in positions if _fits(number, p)]
        if not spots:
            return None
        slots[number] = spots[0]
    return slots


def _run(
    tiles: Sequence[Tile],
    positions: Sequence[int],
    colour: Color,
    order: tuple[Sequence[Tile | None], dict[int, int]] | None,
) -> Meld:
    if order is None:
        laid = list(zip(tiles, positions))
    else:
        faces, slots = order
        taken = {slots[f.number]: t for t, f in zip(tiles, faces) if f is not None}
        wilds = iter(t for t, f in zip(tiles, faces) if f is None)
        laid = [(taken[p] if p in taken else next(wilds), p) for p in positions]
    return Meld(
        MeldKind.RUN,
        tuple(t for t, _ in laid),
        tuple(Tile(colour, position_number(p)) for _, p in laid),
        tuple(p for _, p in laid),
    )


def _better(a: Meld | None, b: Meld) -> Meld:
    return b if a is None or b.value > a.value else a
