"""Pairs (çift): two identical tiles, or, where the table allows it, any tile with a joker.

Whether a joker completes a pair is the ``joker_in_pair`` house rule (501): the 101 sources
speak only of two tiles of the same number and colour, so by default a joker makes no pair
there; plain Okey's seven pairs let it (504). :func:`wild_pairs` reads the table's choice.

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
from referee.options import JokerInPair, Rules
from referee.tiles import Tile

Pair = tuple[Tile, Tile]


def wild_pairs(rules: Rules) -> bool:
    """Whether this table lets a joker complete a pair (the ``joker_in_pair`` house rule).

    >>> wild_pairs(Rules.preset("101")), wild_pairs(Rules.preset("plain"))
    (False, True)
    """
    return rules.joker_in_pair is JokerInPair.ALLOWED


def is_pair(first: Tile, second: Tile, jokers: Jokers, wild: bool = True) -> bool:
    """Whether two tiles make a pair: the same face, two identical jokers (the two okeys are
    two tiles of one number and colour), or (``wild``) one of them a joker."""
    if jokers.is_wild(first) or jokers.is_wild(second):
        return wild or first == second
    return jokers.face(first) == jokers.face(second)


def most_pairs(tiles: Sequence[Tile], jokers: Jokers, wild: bool = True) -> tuple[Pair, ...]:
    """As many disjoint pairs as the tiles make: identical faces first, jokers complete singles
    (only when ``wild``; otherwise a joker pairs only with its identical twin).

    Greedy is exact here: a joker completes one single or, two together, one pair, and
    identical faces never do better split up.
    """
    by_face: dict[Tile, list[Tile]] = defaultdict(list)
    twins: dict[Tile, list[Tile]] = defaultdict(list)
    wilds: list[Tile] = []
    for tile in tiles:
        if jokers.is_wild(tile):
            if wild:
                wilds.append(tile)
            else:  # kept apart by the tile itself: only twin jokers pair
                twins[tile].append(tile)
        else:
            by_face[jokers.face(tile)].append(tile)
    pairs: list[Pair] = []
    singles: list[Tile] = []
    for face in sorted(by_face):
        group = by_face[face]
        while len(group) >= 2:
            pairs.append((group.pop(), group.pop()))
        singles += group
    pairs += [(group[0], group[1]) for _, group in sorted(twins.items()) if len(group) == 2]
    for single in sorted(singles, key=lambda t: -jokers.face(t).number):
        if not wilds:
            break
        pairs.append((single, wilds.pop()))
    while len(wilds) >= 2:
        pairs.append((wilds.pop(), wilds.pop()))
    return tuple(pairs)


def most_pairs_using(tile: Tile, others: Sequence[Tile], jokers: Jokers,
                     wild: bool = True) -> tuple[Pair, ...]:
    """As many disjoint pairs of ``tile`` and ``others`` as there are with ``tile`` in one of
    them, first; none where it pairs with nothing (a discard taken to open with pairs must
    complete one of them, 406). Exact: the most of the others less each partner in turn.

    >>> from referee.tiles import parse_tiles
    >>> jokers = Jokers.from_indicator(Tile.parse("K4"), Rules.preset("101"))
    >>> rack = parse_tiles("R1 R1 Y2 Y2 K5 B7")
    >>> [tuple(map(str, p)) for p in most_pairs_using(Tile.parse("R9"), rack, jokers)]
    [('R9', 'K5'), ('R1', 'R1'), ('Y2', 'Y2')]
    >>> most_pairs_using(Tile.parse("R9"), rack, jokers, wild=False)
    ()
    """
    best: tuple[Pair, ...] = ()
    for partner in dict.fromkeys(t for t in others if is_pair(tile, t, jokers, wild)):
        rest = list(others)
        rest.remove(partner)
        found = ((tile, partner), *most_pairs(rest, jokers, wild))
        if len(found) > len(best):
            best = found
    return best
