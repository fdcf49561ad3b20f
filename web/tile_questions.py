"""Tiles named in a question, and the referee's meld ruling on them: the search shows the
ruling and puts the rules it rests on first.

>>> [str(t) for t in tiles_in_query("kırmızı 12 13 1")]
['R12', 'R13', 'R1']
>>> [str(t) for t in tiles_in_query("is R12 R13 R1 a run?")]
['R12', 'R13', 'R1']
>>> tiles_in_query("okey discard penalty")
()
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from referee.options import Rules
from referee.rulings import Ruling
from referee.tiles import COLOR_NAMES, Color, Tile, color_word
from rules_data.analysis import fold, plain_lower
from rules_data.search import MAX_QUERY, Lead, read_numbers
from web.errors import InputError
from web.referee_requests import CHECKS, judge
from web.validation import parse

MIN_TILES = 3
MeldChecks = list[tuple[str, tuple[Ruling, Rules] | InputError]]
"""Per variant, the meld check's ruling and the rules it ran under, or the error that stops it."""
_WORDS = re.compile(r"[\s,;|/]+")
_NUMBERS = re.compile(r"^\d{1,2}(?:-\d{1,2})+$")  # 13-1-2: numbers without a colour


_ENDED = re.compile(r"^(\d{1,2})(?:['’]?[^\W\d_]{1,3})?$")
"""A number with an ending typed onto it: ``9en``, ``13er`` (German), ``10u``, ``5'i``
(Turkish), ``7s`` (English)."""


def _number(word: str) -> int | None:
    """The tile number a word names: 1 to 13, an ending typed onto it or not.

    >>> _number("12"), _number("9en"), _number("5'i"), _number("101er"), _number("2nd")
    (12, 9, 5, None, None)
    """
    match = _ENDED.match(word)
    if match is None or word[len(match.group(1)):].lower() in _ORDINAL:
        return None
    return int(match.group(1)) if 1 <= int(match.group(1)) <= 13 else None


_ORDINAL = frozenset({"st", "nd", "rd", "th"})
"""English ordinal endings: ``1st 2nd 3rd`` are no tiles."""


@lru_cache(maxsize=4096)
def tiles_in_query(text: str) -> tuple[Tile, ...]:
    """The tiles a search names, if it names at least three: ``R12 R13 R1``, a colour word
    before its numbers (``kırmızı 12 13 1``, ``rot 12 13 1``), or three or more numbers
    alone that follow each other as a run would, in a row or joined by dashes, read as one
    colour (``13-1-2``, ``13 1 2``, ``twelve thirteen one``). Other words may stand around
    them. Every search asks, so the answers are kept.

    >>> [str(t) for t in tiles_in_query("101de 13 1 2 seri olur mu")]
    ['R13', 'R1', 'R2']
    >>> tiles_in_query("5 mi 7 mi"), tiles_in_query("21 22 taş"), tiles_in_query("3 5 7 rounds")
    ((), (), ())
    """
    if len(text) > MAX_QUERY:  # longer than a search takes: and the answers kept stay small
        return ()
    tiles: list[Tile] = []
    colour: Color | None = None
    bare: list[int] = []
    row: list[int] = []  # numbers in a row without a colour
    words = [w for w in (raw.strip("?!.:()\"'") for raw in
                         _WORDS.split(unicodedata.normalize("NFC", text))) if w]
    for word in [*read_numbers(words), ""]:
        number = _number(word)
        if number is not None and colour is None:
            row.append(number)
            continue
        if len(row) >= MIN_TILES:
            bare += row
        row = []
        if _NUMBERS.match(word):
            bare += [n for n in map(_number, word.split("-")) if n is not None]
            continue
        named = _colour(word) if word else None
        if named is not None:
            colour = named
            continue
        if number is not None and colour is not None:
            tiles.append(Tile(colour, number))
            continue
        tile = _notation(word)
        if tile is not None:
            tiles.append(tile)
            colour = tile.color
        else:
            colour = None
    if not tiles and len(bare) >= MIN_TILES and _run_shaped(bare):
        tiles = [Tile(Color.RED, n) for n in bare]
    return tuple(tiles) if len(tiles) >= MIN_TILES else ()


@lru_cache(maxsize=4096)
def _colour(word: str) -> Color | None:
    """The colour a word of a search names: a colour word, or one typed with two letters
    swapped (``balck``, ``kimrizi``), the thumb's slip that seldom makes another real word;
    a letter dropped or added would (``back``, ``read``).

    >>> _colour("rote"), _colour("balck"), _colour("Kimrizi"), _colour("back"), _colour("7")
    (<Color.RED: 'R'>, <Color.BLACK: 'K'>, <Color.RED: 'R'>, None, None)
    """
    found = color_word(word)
    key = fold(plain_lower(word))
    if found is not None or len(key) < 4 or not key.isalpha():
        return found
    return next((color for name, color in COLOR_NAMES.items() if _swapped(key, name)), None)


def _swapped(typed: str, name: str) -> bool:
    """Whether ``typed`` is ``name`` with two neighbouring letters swapped."""
    if len(typed) != len(name) or typed == name:
        return False
    diff = [k for k, (a, b) in enumerate(zip(typed, name)) if a != b]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and typed[diff[0]] == name[diff[1]] \
        and typed[diff[1]] == name[diff[0]]


def _run_shaped(numbers: list[int]) -> bool:
    """Whether numbers named without a colour follow each other as a run would, 13 then 1
    included (``12 13 1``, ``1 2 3``): asked about as tiles; ``3 5 7`` rounds are not."""
    return all(b == a % 13 + 1 for a, b in zip(numbers, numbers[1:]))


def _notation(word: str) -> Tile | None:
    """A tile in the notation with a letter (``R12``, ``r12``), not a word that merely could
    be one (``F`` alone stands for too many words)."""
    match = re.fullmatch(r"([RYBKrybk])(1[0-3]|[1-9])", word)
    return Tile.parse(word) if match else None


def meld_checks(tiles: tuple[Tile, ...], table: Rules | None) -> MeldChecks:
    """The meld check on the tiles in each variant, under ``table``'s house rules where the
    table plays that variant: the ruling and its rules, or the error that stops it."""
    written = " ".join(str(t) for t in tiles)
    found: MeldChecks = []
    for variant in ("101", "plain"):
        try:
            body = parse(CHECKS["meld"][0], {"variant": variant, "tiles": written})
            found.append((variant, judge("meld", body, table)))
        except InputError as problem:
            found.append((variant, problem))
    return found


def lead_of(checks: MeldChecks) -> Lead:
    """The rules each variant's meld ruling rests on (see :func:`meld_checks`): they answer
    the question, so the search ranks them higher."""
    return tuple((variant, checked[0].rules) for variant, checked in checks
                 if not isinstance(checked, InputError))


def referee_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules the referee's meld ruling rests on, per variant, when the search names
    tiles (``is K12 K13 K1 a run``, ``mavi 10 kırmızı 10 mavi 10``); none otherwise."""
    tiles = tiles_in_query(query)
    return lead_of(meld_checks(tiles, table)) if tiles else ()
