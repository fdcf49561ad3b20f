"""Seeded deals for practice questions: the same seed always deals the same tiles.

Every deal is drawn without replacement from one real set of 106 tiles (:data:`FULL_SET`),
the indicator first, so no tile ever appears more than twice (the indicator counting as
one) and there are at most two fake jokers. A fake joker turned up as the indicator is put
aside and the next tile turned up instead, so a deal never depends on a house rule.

>>> deal = deal_rack(123, "101")
>>> len(deal.rack), deal.indicator.is_fake
(21, False)
>>> deal_rack(123, "101") == deal
True
>>> len(deal_rack(7, "plain").rack)
14
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from referee.errors import OptionError
from referee.tiles import COLORS, Tile

FULL_SET: tuple[Tile, ...] = tuple(
    [Tile(color, number) for color in COLORS for number in range(1, 14)] * 2
    + [Tile.fake(), Tile.fake()]
)
"""The 106 tiles of a set: 1 to 13 twice in each colour, and two fake jokers (102)."""

RACK_SIZES = {"101": 21, "plain": 14}
"""How many tiles a player holds after the first discard, per variant (202, 206)."""

MAX_SEED = 2**32
"""Seeds run from 0 to ``MAX_SEED - 1``."""


@dataclass(frozen=True)
class Deal:
    """What a practice question shows: the indicator, a rack, and for a discard question
    the melds on the table and the tile discarded."""

    seed: int
    variant: str
    indicator: Tile
    rack: tuple[Tile, ...] = ()
    table: tuple[tuple[Tile, ...], ...] = ()
    tile: Tile | None = None


class _Set:
    """A shuffled set of tiles to draw from, without putting any back."""

    def __init__(self, seed: int) -> None:
        if not 0 <= seed < MAX_SEED:
            raise OptionError(f"seed {seed} is out of range", code="bad_seed", subject=str(seed))
        self.rng = random.Random(seed)
        self.tiles = list(FULL_SET)
        self.rng.shuffle(self.tiles)

    def indicator(self) -> Tile:
        """The first tile that is not a fake joker; a fake one is set aside (203)."""
        index = next(i for i, tile in enumerate(self.tiles) if not tile.is_fake)
        return self.tiles.pop(index)

    def draw(self, count: int) -> list[Tile]:
        drawn, self.tiles = self.tiles[:count], self.tiles[count:]
        return drawn

    def take(self, wanted: Sequence[Tile]) -> list[Tile] | None:
        """Take these tiles out of the set if it holds them all; else take nothing."""
        left = list(self.tiles)
        for tile in wanted:
            if tile not in left:
                return None
            left.remove(tile)
        self.tiles = left
        return list(wanted)

    def meld(self, size: int, okey: Tile) -> list[Tile] | None:
        """A random run or set of ``size`` natural tiles still in the set (not the okey's
        twin, so that it reads the same under every house rule), or ``None``."""
        color = self.rng.choice(COLORS)
        if size <= 4 and self.rng.random() < 0.5:
            number = self.rng.randint(1, 13)
            colors = self.rng.sample(COLORS, size)
            wanted = [Tile(c, number) for c in colors]
        else:
            start = self.rng.randint(1, 14 - size)
            wanted = [Tile(color, n) for n in range(start, start + size)]
        if okey in wanted:
            return None
        return self.take(wanted)


def deal_rack(seed: int, variant: str) -> Deal:
    """A random rack: 21 tiles for 101 Okey, 14 for plain Okey, and the indicator."""
    if variant not in RACK_SIZES:
        raise OptionError(f"unknown variant {variant!r}", code="bad_variant", subject=variant)
    tiles = _Set(seed)
    indicator = tiles.indicator()
    return Deal(seed, variant, indicator, tuple(sorted(tiles.draw(RACK_SIZES[variant]))))


def deal_hand(seed: int) -> Deal:
    """A plain-Okey hand of 14: about half the time built from melds (or seven pairs), so
    that it may be a winning hand, else random."""
    tiles = _Set(seed)
    indicator = tiles.indicator()
    okey = indicator.next_up()
    if tiles.rng.random() < 0.5:
        for _ in range(40):
            hand: list[Tile] = []
            for size in tiles.rng.choice([(3, 3, 4, 4), (3, 4, 3, 4), (3, 3, 3, 5), (4, 5, 5)]):
                meld = tiles.meld(size, okey)
                if meld is None:
                    break
                hand += meld
            else:
                return Deal(seed, "plain", indicator, tuple(sorted(hand)))
            tiles.tiles += hand  # put back what this attempt took, and try again
    return Deal(seed, "plain", indicator, tuple(sorted(tiles.draw(RACK_SIZES["plain"]))))


def deal_discard(seed: int) -> Deal:
    """A 101-Okey table of two to four melds and a discarded tile (never the okey). About
    half the time the tile is one that fits a meld on the table."""
    tiles = _Set(seed)
    indicator = tiles.indicator()
    okey = indicator.next_up()
    table: list[tuple[Tile, ...]] = []
    wanted = tiles.rng.randint(2, 4)
    for _ in range(40):
        if len(table) == wanted:
            break
        meld = tiles.meld(tiles.rng.choice([3, 3, 4, 5]), okey)
        if meld is not None:
            table.append(tuple(meld))
    naturals = [t for t in tiles.tiles if not t.is_fake and t != okey]
    fitting = [t for t in naturals if any(_extends(t, meld) for meld in table)]
    pool = fitting if fitting and tiles.rng.random() < 0.5 else naturals
    tile = tiles.rng.choice(pool)
    return Deal(seed, "101", indicator, table=tuple(table), tile=tile)


def _extends(tile: Tile, meld: Sequence[Tile]) -> bool:
    """Whether a natural tile fits on either end of a natural run, or into a set of three."""
    numbers = {t.number for t in meld}
    colors = {t.color for t in meld}
    if len(numbers) == 1:
        return len(meld) < 4 and tile.number in numbers and tile.color not in colors
    return tile.color in colors and tile.number in (min(numbers) - 1, max(numbers) + 1)
