"""Pairs (çift): two identical tiles, or in plain Okey any tile with a joker (504).

In 101 Okey the sources speak only of two tiles of the same number and colour (501), so
there a joker makes no pair at all: ``wild=False``.

>>> from referee.options import Rules
>>> from referee.jokers import Jokers
>>> from referee.tiles import parse_tiles, Tile
>>> jokers = Jokers.from_indicator(Tile.parse("K4"), Rules.preset("101"))
>>> [tuple(map(str, p)) for p in most_pairs(parse_tiles("R1 R1 B2 K5 Y9"), jokers)]
[('R1', 'R1'), ('Y9', 'K5')]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from referee.jokers import Jokers
from referee.tiles import Tile

Pair = tuple[Tile, Tile]


def is_pair(first: Tile, second: Tile, jokers: Jokers, wild: bool = True) -> bool:
    """Whether two tiles make a pair: the same face, or (``wild``) one of them a joker."""
    if jokers.is_wild(first) or jokers.is_wild(second):
        return wild
    return jokers.face(first) == jokers.face(second)


def most_pairs(tiles: Sequence[Tile], jokers: Jokers, wild: bool = True) -> tuple[Pair, ...]:
    """As many disjoint pairs as the tiles make: identical faces first, jokers complete singles
    (only when ``wild``; otherwise jokers are left out).

    Greedy is exact here: a joker completes one single or, two together, one pair, and
    identical faces never do better split up.
    """
    by_face: dict[Tile, list[Tile]] = defaultdict(list)
    wilds: list[Tile] = []
    for tile in tiles:
        if jokers.is_wild(tile):
            if wild:
                wilds.append(tile)
        else:
            by_face[jokers.face(tile)].append(tile)
    pairs: list[Pair] = []
    singles: list[Tile] = []
    for face in sorted(by_face):
        group = by_face[face]
        while len(group) >= 2:
            pairs.append((group.pop(), group.pop()))
        singles += group
    for single in sorted(singles, key=lambda t: -jokers.face(t).number):
        if not wilds:
            break
        pairs.append((single, wilds.pop()))
    while len(wilds) >= 2:
        pairs.append((wilds.pop(), wilds.pop()))
    return tuple(pairs)
