"""How a tile goes onto a meld on the table: at one end of it (405, 702), or into the place
of an okey laid in it (302). Shared by the discard and pickup checks and by the round.

A joker laid in a meld stands for one tile (302: "karşılık gelen taş"), so a run is extended
as its tiles stand: the okey is never moved to another place to let a tile in. In a set the
okey stands for a colour the set lacks, so any colour it lacks extends the set, and the
okey's place may be taken by any such colour.

>>> from referee.options import Rules
>>> from referee.jokers import Jokers
>>> from referee.tiles import parse_tiles, Tile
>>> jokers = Jokers.from_indicator(Tile.parse("K4"), Rules.preset("101"))
>>> laid = parse_tiles("R5 R6 K5")  # K5 is the okey, standing for R7
>>> faces = parse_tiles("R5 R6 R7")
>>> [fit.how.value for fit in fits(Tile.parse("R8"), [(laid, faces)], jokers, Rules.preset("101"))]
['extends']
>>> fits(Tile.parse("R3"), [(laid, faces)], jokers, Rules.preset("101"))
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from referee.jokers import Jokers
from referee.melds import MAX_RUN, MAX_SET, position_number, top_position
from referee.options import Rules
from referee.tiles import COLORS, Tile



class How(Enum):
    """How a tile fits a table meld."""

    EXTENDS = "extends"
    REPLACES_OKEY = "replaces_okey"


@dataclass(frozen=True)
class Fit:
    """A tile fitting table meld ``meld`` (its index): the meld's tiles and faces after it,
    and for a swap the okey it frees."""

    meld: int
    how: How
    tiles: tuple[Tile, ...]
    faces: tuple[Tile, ...]
    okey: Tile | None = None


def is_set(faces: Sequence[Tile]) -> bool:
    """A meld whose faces share one number is a set; a run's numbers all differ."""
    return len({f.number for f in faces}) == 1


def extend(tiles: Sequence[Tile], faces: Sequence[Tile], tile: Tile, jokers: Jokers,
           rules: Rules) -> tuple[tuple[Tile, ...], tuple[Tile, ...]] | None:
    """The meld with ``tile`` added at an end (a run) or beside the others (a set), as
    (tiles, faces); ``None`` if it does not fit there."""
    wild = jokers.is_wild(tile)
    face = None if wild else jokers.face(tile)
    if is_set(faces):
        number = faces[0].number
        colours = {jokers.face(t).color for t in tiles if not jokers.is_wild(t)}
        if len(tiles) >= MAX_SET or (face is not None and (
                face.number != number or face.color in colours)):
            return None
        naturals = colours | ({face.color} if face is not None else set())
        missing = iter(c for c in COLORS if c not in naturals)
        new_tiles = (*tiles, tile)
        new_faces = tuple(jokers.face(t) if not jokers.is_wild(t) else Tile(next(missing), number)
                          for t in new_tiles)
        return new_tiles, new_faces
    if len(tiles) >= MAX_RUN:
        return None
    colour = faces[0].color
    low = faces[0].number
    high = low + len(faces) - 1  # a position: 14 is a 1 laid after 13
    if high + 1 <= top_position(rules):
        above = Tile(colour, position_number(high + 1))
        if face is None or face == above:
            return (*tiles, tile), (*faces, above)
    if low - 1 >= 1:
        below = Tile(colour, low - 1)
        if face is None or face == below:
            return (tile, *tiles), (below, *faces)
    return None


def replace_okey(tiles: Sequence[Tile], faces: Sequence[Tile], tile: Tile,
                 jokers: Jokers) -> tuple[tuple[Tile, ...], tuple[Tile, ...], Tile] | None:
    """The meld with ``tile`` in the place of an okey laid in it (302), as (tiles, faces,
    the okey freed); ``None`` if no okey there stands for it."""
    if jokers.is_wild(tile):
        return None
    face = jokers.face(tile)
    in_set = is_set(faces)
    colours = {jokers.face(t).color for t in tiles if not jokers.is_wild(t)}
    for place, laid in enumerate(tiles):
        if not jokers.is_wild(laid):
            continue
        if (face == faces[place]) if not in_set else (
                face.number == faces[place].number and face.color not in colours):
            new_tiles = (*tiles[:place], tile, *tiles[place + 1:])
            new_faces = (*faces[:place], face, *faces[place + 1:])
            if in_set:  # another okey in the set may have stood for this colour: move it
                naturals = colours | {face.color}
                missing = iter(c for c in COLORS if c not in naturals)
                new_faces = tuple(jokers.face(t) if not jokers.is_wild(t)
                                  else Tile(next(missing), face.number) for t in new_tiles)
            return new_tiles, new_faces, laid
    return None


def fits(tile: Tile, melds: Sequence[tuple[Sequence[Tile], Sequence[Tile]]], jokers: Jokers,
         rules: Rules) -> list[Fit]:
    """Every way ``tile`` goes onto the table's melds, given as (tiles, faces) pairs: for
    each meld, extending it, and taking the place of an okey in it."""
    found: list[Fit] = []
    for index, (tiles, faces) in enumerate(melds):
        extended = extend(tiles, faces, tile, jokers, rules)
        if extended is not None:
            found.append(Fit(index, How.EXTENDS, *extended))
        swapped = replace_okey(tiles, faces, tile, jokers)
        if swapped is not None:
            found.append(Fit(index, How.REPLACES_OKEY, swapped[0], swapped[1], swapped[2]))
    return found
