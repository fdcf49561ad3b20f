"""A brute-force reference for :mod:`referee.solver`: every valid meld, then every choice.

It lists every sub-multiset of the rack, keeps those that read as a set or a run (checked
here from the rules, sharing no code with the solver or :mod:`referee.melds`, so each checks
the other), and searches every combination of disjoint melds. Slow but plainly right: it is
meant for racks of up to about twelve tiles.

>>> meld_worth([(0, 12), (0, 13), (0, 1)], top=14), meld_worth([(0, 12), (0, 13), (0, 1)], top=13)
(26, None)
>>> meld_worth([WILD, WILD, WILD], top=13), meld_worth([(0, 5), WILD, WILD], top=13)
(39, 18)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from referee.jokers import Jokers
from referee.options import (
    EldenScoring,
    FailedPickup,
    FakeIndicator,
    FakeJokerRole,
    FlatPenalties,
    IslekLastTile,
    IslekOkeySwap,
    JokerInPair,
    OkeyDiscard,
    OkeyInHand,
    PairFinish,
    PairOpenerDouble,
    PlainDoublings,
    PlainMatch,
    PlayDirection,
    PlayerCount,
    Rules,
    StartingPlayer,
    Variant,
    Wrap,
)
from referee.tiles import COLORS, Tile

# The 101 table with its default house rules, written out so that the solver's tests and
# benchmark need no rule book; they vary the two options the solver reads.
RULES_101 = Rules(
    variant=Variant.OKEY_101,
    play_direction=PlayDirection.COUNTERCLOCKWISE,
    player_count=PlayerCount.FOUR,
    starting_player=StartingPlayer.RIGHT_OF_DEALER,
    fake_indicator=FakeIndicator.REDRAW,
    fake_joker_role=FakeJokerRole.OKEY_FACE,
    wrap_13_1=Wrap.NEVER,
    joker_in_pair=JokerInPair.NOT_ALLOWED,
    pair_finish=PairFinish.PAIRS_OPENER,
    pair_opener_double=PairOpenerDouble.DOUBLE,
    elden_scoring=EldenScoring.TABLE,
    failed_pickup=FailedPickup.PENALTY,
    okey_in_hand=OkeyInHand.PENALTY,
    okey_discard=OkeyDiscard.PENALTY_IF_NO_MELDS,
    islek_last_tile=IslekLastTile.EXEMPT,
    flat_penalties_double=FlatPenalties.FLAT,
    plain_match=PlainMatch.TOURNAMENT_20,
    islek_okey_swap=IslekOkeySwap.COUNTS,
    plain_doublings=PlainDoublings.ONCE,
)
# Every tile of a game: two of each colour and number, and two fake jokers.
DECK: tuple[Tile, ...] = (
    tuple(Tile(c, n) for c in COLORS for n in range(1, 14) for _ in range(2))
    + (Tile.fake(), Tile.fake())
)

# A natural tile as (colour index, number); a wild tile is WILD.
Face = tuple[int, int]
WILD: Face = (9, 0)
Rack = tuple[tuple[Face, int], ...]  # each kind of tile with its count, wilds last


def best_value(tiles: Sequence[Tile], jokers: Jokers, rules: Rules) -> int:
    """The highest total 101 value of disjoint melds from the tiles."""
    return _search(_kinds(tiles, jokers), _top(rules), count_tiles=False)


def most_tiles(tiles: Sequence[Tile], jokers: Jokers, rules: Rules) -> int:
    """The most tiles that disjoint melds from the tiles can hold."""
    return _search(_kinds(tiles, jokers), _top(rules), count_tiles=True)


def meld_worth(faces: Sequence[Face], top: int) -> int | None:
    """The highest 101 value of these tiles read as a set or a run, or None if neither.

    ``top`` is 13, or 14 when a 1 may follow 13 (position 14 is worth 1).
    """
    if not 3 <= len(faces) <= 13:
        return None
    naturals = [f for f in faces if f != WILD]
    readings = []
    colours = {c for c, _ in naturals}
    numbers = [n for _, n in naturals]
    if len(faces) <= 4 and len(set(numbers)) <= 1 and len(colours) == len(naturals):
        readings.append((numbers[0] if numbers else 13) * len(faces))
    if len(colours) <= 1 and len(set(numbers)) == len(numbers):
        for start in range(1, top - len(faces) + 2):
            window = range(start, start + len(faces))
            if all(n in window or (n == 1 and 14 in window) for n in numbers):
                readings.append(sum(p if p <= 13 else 1 for p in window))
    return max(readings, default=None)


def face_of(tile: Tile, jokers: Jokers) -> Face:
    """What a tile counts as: WILD, or a natural face (a fake joker may count as the okey)."""
    if jokers.is_wild(tile):
        return WILD
    face = jokers.face(tile)
    assert face.color is not None
    return COLORS.index(face.color), face.number


def _top(rules: Rules) -> int:
    return 14 if rules.wrap_13_1 is Wrap.AFTER_13 else 13


def _kinds(tiles: Sequence[Tile], jokers: Jokers) -> Rack:
    return tuple(sorted(Counter(face_of(t, jokers) for t in tiles).items()))


def _search(rack: Rack, top: int, count_tiles: bool) -> int:
    """Pick the first tile left: it stays unused, or goes into a meld with later tiles."""
    faces = [face for face, _ in rack]
    melds_from: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in rack]
    for take in itertools.product(*(range(count + 1) for _, count in rack)):
        chosen = [face for face, n in zip(faces, take) for _ in range(n)]
        worth = meld_worth(chosen, top)
        if worth is not None:
            first = next(i for i, n in enumerate(take) if n)
            melds_from[first].append((take, len(chosen) if count_tiles else worth))

    @lru_cache(maxsize=None)
    def best(left: tuple[int, ...]) -> int:
        first = next((i for i, n in enumerate(left) if n), None)
        if first is None:
            return 0
        skip = list(left)
        skip[first] -= 1
        result = best(tuple(skip))
        for take, worth in melds_from[first]:
            if all(t <= n for t, n in zip(take, left)):
                result = max(result, worth + best(tuple(n - t for n, t in zip(left, take))))
        return result

    return best(tuple(count for _, count in rack))
