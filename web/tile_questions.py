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
from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache
from pathlib import Path

from referee.options import Rules
from referee.tiles import COLOR_NAMES, Color, Tile, color_word
from rules_data import rulebook
from rules_data.analysis import fold, plain_lower
from rules_data.search import PAIR_WORDS, number_of, read_numbers
from rules_data.search.documents import vocabulary
from rules_data.search.query import distance, plain_number_word, real_words
from web import phrases
from web.question_rulings import Rulings, kept_per_query, rule_on, ruled

MIN_TILES = 3
_SEPARATED = re.compile(r"([\s,;|/]+)")
"""Spaces and list marks between words, kept when a text is split at them."""
_NUMBERS = re.compile(r"^\d{1,2}(?:-\d{1,2})+$")  # 13-1-2: numbers without a colour


def _words(text: str, commas: bool = False) -> list[str]:
    """A search's words, split at spaces and list marks, stripped of punctuation; tiles in
    the notation joined by dashes (``R7-R8-R9``) and a colour word typed onto its number
    (``blue5``, ``mavi12``) apart. Tiles written with Turkish colour letters are put in the
    notation: where a letter only Turkish uses names one (``m10``, mavi; ``s12``, siyah),
    ``k`` is kırmızı too (``m10 k10 m10``: B10 R10 B10), not the notation's black.

    >>> _words("is R7-R8-R9 ok?"), _words("blue5 blue6 mavi7'yi")
    (['is', 'R7', 'R8', 'R9', 'ok'], ['blue', '5', 'blue', '6', 'mavi', "7'yi"])
    >>> _words("m10 k10 s10 set mi"), _words("k7 k8 k9")
    (['B10', 'R10', 'K10', 'set', 'mi'], ['k7', 'k8', 'k9'])

    With ``commas``, a comma between words is a word of its own: it parts the items of a
    list (``2 mavi 7, 2 sarı 1``).
    """
    words: list[str] = []
    for k, raw in enumerate(_SEPARATED.split(unicodedata.normalize("NFC", text))):
        if k % 2:  # a run of spaces and list marks
            if commas and "," in raw:
                words.append(",")
            continue
        word = raw.strip("?!.:()\"'")
        if _DASHED_TILES.fullmatch(word):
            words += word.split("-")
        elif (joined := _COLOUR_NUMBER.fullmatch(word)) and color_word(joined.group(1)):
            words += [joined.group(1), joined.group(2)]
        elif word:
            words.append(word)
    if any(_TURKISH_ONLY.fullmatch(word) for word in words):
        words = [f"{_TURKISH_LETTERS[word[0].lower()]}{word[1:]}"
                 if _TURKISH_TILE.fullmatch(word) else word for word in words]
    return words


_TURKISH_LETTERS = {"m": "B", "k": "R", "s": "K"}
"""The colour letters Turkish players write tiles with: mavi, kırmızı, siyah."""
_TURKISH_TILE = re.compile(r"[MKSmks](?:1[0-3]|[1-9])")
_TURKISH_ONLY = re.compile(r"[MSms](?:1[0-3]|[1-9])")
"""A tile with a colour letter the notation does not have: the question writes Turkish's."""
_DASHED_TILES = re.compile(r"[RYBKrybk](?:1[0-3]|[1-9])(?:-[RYBKrybk](?:1[0-3]|[1-9]))+")
"""Tiles in the notation joined by dashes, as a run is written: ``R7-R8-R9``."""
_COLOUR_NUMBER = re.compile(r"([^\W\d_]{3,})(\d{1,2}(?:['’]?[^\W\d_]{1,3})?)")
"""A word typed onto a number without a space (``blue5``, ``mavi12``): apart when it is a
colour word."""


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


_ORDINAL = frozenset({"st", "nd", "rd", "th", "x"})
"""English ordinal endings and the mark of a count: ``1st 2nd 3rd`` and ``2x`` are no tiles."""


def tiles_in_query(text: str) -> tuple[Tile, ...]:
    """The tiles a search names for a meld question: at least three, not all pairs (see
    :func:`named_tiles`).

    >>> [str(t) for t in tiles_in_query("101de 13 1 2 seri olur mu")]
    ['R13', 'R1', 'R2']
    >>> tiles_in_query("two red 7s, two blue 9s, two black 1s: can I open with pairs")
    ()
    """
    tiles = named_tiles(text)
    return () if _all_pairs(tiles) else tiles


def pairs_in_query(text: str) -> tuple[tuple[Tile, Tile], ...]:
    """The pairs a search names, when the tiles it names are all pairs, each tile twice
    (``zwei schwarze 9en, zwei rote 3en, zwei gelbe 12en``): a question about pairs.

    >>> [" ".join(map(str, p)) for p in pairs_in_query("two red 7s, two blue 9s, two K1")]
    ['R7 R7', 'B9 B9', 'K1 K1']
    >>> pairs_in_query("R7 R8 R9")
    ()
    """
    tiles = named_tiles(text)
    if not _all_pairs(tiles):
        return ()
    return tuple((tile, tile) for tile in dict.fromkeys(tiles))


@kept_per_query(())
def named_tiles(text: str) -> tuple[Tile, ...]:
    """The tiles a search names (see :func:`every_named_tile`), if it names at least three.

    >>> [str(t) for t in named_tiles("vier Dreizehner, wie viele Punkte")]
    ['R13', 'Y13', 'B13', 'K13']
    >>> named_tiles("5 mi 7 mi"), named_tiles("21 22 taş"), named_tiles("3 5 7 rounds")
    ((), (), ())
    """
    tiles = every_named_tile(text)
    return tiles if len(tiles) >= MIN_TILES else ()


@kept_per_query(())
def every_named_tile(text: str) -> tuple[Tile, ...]:
    """The tiles a search names: ``R12 R13 R1``, a colour word
    before its numbers (``kırmızı 12 13 1``, ``rot 12 13 1``), or three or more numbers
    alone that follow each other as a run would, in a row or joined by dashes, read as one
    colour (``13-1-2``, ``13 1 2``, ``twelve thirteen one``), or the same number three or
    four times, read as a group of other colours (``13 13 13``). A count before a tile
    names it that often (``zwei schwarze 9en``, ``iki tane kırmızı 7``), before a number
    alone a group (``vier Dreizehner``, ``three 7s``). Other words may stand around them.

    >>> [str(t) for t in every_named_tile("is okey and yellow 4 a pair")]
    ['Y4']
    >>> [str(t) for t in every_named_tile("red, blue and black 9 a set?")]
    ['R9', 'B9', 'K9']
    """
    tiles: list[Tile] = []
    colour: Color | None = None
    bare: list[int] = []
    bare_colour = Color.RED  # of numbers named alone, unless a colour is named for them
    row: list[int] = []  # numbers in a row without a colour
    count = 1  # how many of the next tile a count before it asks for
    marked = False  # a count word after the count (iki tane, 2 x): a number alone is counted
    listed: list[Color] = []  # colours named one after another, before the number they share
    after_colour = False
    words = _words(text, commas=True)
    # a count in words is marked as one (zwei → 2x) before number words beside digits are
    # read as digits: ``rote 7, zwei blaue 9`` names no red 2
    counts = [f"{times}x" if not word.isdigit() and (times := _count(word, after)) else
              "" if _counts_tiles(word, after, before) else word
              for before, word, after in zip(["", *words], words, [*words[1:], ""])]
    read = [*spread_ranges(read_numbers(counts)), ""]
    listed_item = False  # a comma just before: a number there may count the next tile
    for k, word in enumerate(read):
        if word == ",":
            listed_item = True
            continue
        item, listed_item = listed_item, False
        after = _next(read, k)
        if (times := _times_after(word)) is not None and tiles:
            tiles += [tiles[-1]] * (times - 1)  # blue 2 x2: the tile before, twice
            continue
        number = _number(word)
        was_colour, after_colour = after_colour, False
        if number is None and colour is not None and (counted := _after_colour(word)) is not None:
            number = counted  # a blue seven, two red sevens: a number word after its colour
        marked = marked and count > 1
        # digits after a colour are its numbers (kırmızı 4 sarı 9), not a count of the next,
        # unless a comma parts them from it (mavi 7, 2 sarı 1)
        if count == 1 and not (colour is not None and word.isdigit() and not item) \
                and (times := _count(word, after)) is not None:
            count = times
            number = None  # a count, not a tile: it ends a row of numbers
            colour = None  # and the colour before: blau 10 11 12, vier 8er
        elif count > 1 and fold(plain_lower(word)) in _COUNT_MARKS:
            marked = True
            continue
        elif count > 1 and colour is None and (counted := _counted(word) or (
                number if marked and _number(after) is None else None)) is not None:
            if count >= MIN_TILES:  # three 7s: a group; two 7s could be anything
                tiles += [Tile(c, counted) for c in _GROUP_COLOURS[:count]]
            count = 1
            continue
        if number is not None and colour is None and count == 1:
            row.append(number)
            continue
        if len(row) >= MIN_TILES:
            bare += row
        row = []
        if number is None and count > 1 and _count(word, after) == count:
            continue  # the count itself
        if _NUMBERS.match(word):
            numbers = [n for n in map(_number, word.split("-")) if n is not None]
            if len(numbers) == 2 and numbers[1] >= numbers[0] + 2:  # red 3-6: a range
                numbers = list(range(numbers[0], numbers[1] + 1))
            if colour is not None:  # mavi 11-12-13: the colour's numbers
                tiles += [Tile(colour, n) for n in numbers]
            else:
                bare += numbers
            continue
        named = _colour(word, after) if word else None
        if named is not None:
            listed = [*listed, colour] if was_colour and colour is not None else []
            colour, after_colour = named, True
            continue
        if number is not None and colour is not None:
            # colours named before one number share it: ``red, blue and black 9``
            tiles += [Tile(c, number) for c in listed]
            listed = []
            # a count names one tile: in ``3 red 7 8 9`` it counts no run
            times = 1 if _number(after) is not None else count
            tiles += [Tile(colour, number)] * times
            count = 1
            continue
        tile = _notation(word) or _fake_notation(read, k)
        if tile is not None:
            tiles += [tile] * count
            colour = tile.color
        elif was_colour and fold(plain_lower(word)) in _AND and _colour(after) is not None:
            after_colour = True  # red, blue and black 9: the colours go on
            continue
        elif colour is not None and fold(plain_lower(word)) in _AND and _number(after) \
                and not _counts_next(read, k + 2):
            continue  # blue 5 6 and 7: the colour goes on to the number after "and"
        elif fold(plain_lower(word)) in _IN and (named := _colour(after)) is not None:
            bare_colour = named  # 12 13 1 in yellow: the colour of numbers named alone
        else:
            colour = None
        count = 1
    if not tiles and len(bare) >= MIN_TILES and _run_shaped(bare):
        tiles = [Tile(bare_colour, n) for n in bare]
    elif not tiles and MIN_TILES <= len(bare) <= len(_GROUP_COLOURS) and len(set(bare)) == 1:
        tiles = [Tile(c, bare[0]) for c in _GROUP_COLOURS[:len(bare)]]
    return tuple(tiles)


_AND = frozenset({"and", "und", "ve", "ile"})
"""Words for "and" between a colour's numbers: ``blue 5, 6 and 7``, ``kırmızı 7 8 ve 9``."""
_IN = frozenset({"in"})
"""The word before a colour named for numbers named alone: ``12 13 1 in yellow``."""

_GROUP_BREAK = re.compile(r"[,;|+]|\b(?:und|and|ve|ile|plus|dann|then|sonra)\b", re.IGNORECASE)
"""What parts a list of melds as players type it: ``schwarz 11 12 13, rot 11 12 13 und gelb
11 12 13``, ``R3 R4 R5 | B7 K7 Y7``."""


@kept_per_query(())
def named_groups(text: str) -> tuple[tuple[Tile, ...], ...]:
    """The melds a question names one after another, each at least three tiles, parted by a
    comma, a bar or a word for "and"; none unless it names two or more.

    >>> [" ".join(map(str, g)) for g in named_groups("schwarz 11 12 13 und rot 1 2 3")]
    ['K11 K12 K13', 'R1 R2 R3']
    >>> named_groups("R3 R4 R5 B7 K7 Y7"), named_groups("rot 7, blau 7, gelb 7")
    ((), ())
    """
    groups = tuple(tiles for part in _GROUP_BREAK.split(text)
                   if (tiles := every_named_tile(part)))
    if len(groups) < 2 or any(len(tiles) < MIN_TILES for tiles in groups):
        return ()
    return groups


def spread_ranges(words: list[str]) -> list[str]:
    """Words with each range of tile numbers written out: ``1 bis 13``, ``1 to 13``,
    ``1den 13e kadar`` name every number from the first to the last.

    >>> spread_ranges(["schwarz", "1", "bis", "5"])
    ['schwarz', '1', '2', '3', '4', '5']
    >>> spread_ranges(["siyah", "3ten", "6ya", "kadar", "dizdim"])
    ['siyah', '3', '4', '5', '6', 'dizdim']
    >>> spread_ranges(["add", "5", "to", "6"]), spread_ranges(["7", "to", "3"])
    (['add', '5', 'to', '6'], ['7', 'to', '3'])
    """
    out: list[str] = []
    k = 0
    while k < len(words):
        first = _number(words[k])
        last, width = _range_end(words, k) if first is not None else (None, 0)
        if first is not None and last is not None and last >= first + 2:
            out += [str(n) for n in range(first, last + 1)]
            k += width
        else:
            out.append(words[k])
            k += 1
    return out


def _range_end(words: list[str], k: int) -> tuple[int | None, int]:
    """The last number of a range that starts at ``words[k]``, and how many words the range
    takes; ``(None, 0)`` if none starts there. Words that only stress the range may stand
    before its word (``red 1 all the way to 13``), and the colour may be said again before
    the last number (``rot 1 bis rot 13``, ``kırmızı 1'den kırmızı 13'e kadar``).

    >>> _range_end("red 1 all the way to red 13".split(), 1), _range_end(["1", "to"], 0)
    ((13, 7), (None, 0))
    """
    after = [fold(plain_lower(w)) for w in words[k + 1:k + 8]]
    j = next((n for n, word in enumerate(after) if word not in _RANGE_STRESS), len(after))
    if j < len(after) and after[j] in _RANGE_WORDS:
        j += 1 + (j + 1 < len(after) and _colour(after[j + 1]) is not None)
        if j < len(after):
            return _number(words[k + 1 + j]), j + 2
    if _TURKISH_FROM.search(fold(plain_lower(words[k]))):
        j = 1 if after and _colour(after[0]) is not None else 0
        if j + 1 < len(after) and after[j + 1] == "kadar":
            return _number(words[k + 1 + j]), j + 3
    return None, 0


_RANGE_WORDS = frozenset({"bis", "to", "through", "thru", "till", "until"})
"""Words between the first and last number of a range: ``1 bis 13``, ``1 to 13``."""
_RANGE_STRESS = frozenset({"all", "the", "way", "up", "right", "ganz", "hin"})
"""Words that stress a range before its word: ``all the way to``, ``up to``."""
_TURKISH_FROM = re.compile(r"^\d{1,2}'?[dt][ae]n$")
"""A Turkish number the range starts from (``1den``, ``3'ten``): ``1den 13e kadar``."""


_GROUP_COLOURS = (Color.RED, Color.YELLOW, Color.BLUE, Color.BLACK)
"""The colours of a group named by its number alone (``13 13 13``, ``vier Dreizehner``)."""

_COUNT_MARKS = frozenset({"tane", "adet", "x", "mal", "stuck", "times"})
"""Words between a count and what it counts: ``iki tane 7``, ``2 x R7``, ``zwei Stück``."""


def _count(word: str, after: str) -> int | None:
    """How many of the next tile a word asks for, two to four: a count (``zwei``, ``iki``,
    ``3``, ``2x``) before a colour, a count word, a tile or a plural number (``schwarze``,
    ``tane``, ``R7``, ``7s``, ``Dreizehner``); None for any other word, a number of a run
    (``2 3 4``) among them.

    >>> _count("zwei", "schwarze"), _count("iki", "tane"), _count("2x", "R7"), _count("2", "3")
    (2, 2, 2, None)
    """
    lower = fold(plain_lower(word))
    times = number_of(lower[:-1] if lower.endswith("x") else lower)
    if times is None or not 2 <= times <= 4:
        return None
    if lower.endswith("x") and lower != "x":
        return times
    if fold(plain_lower(after)) in _COUNT_MARKS or _colour(after) is not None \
            or _notation(after) is not None or _counted(after) is not None:
        return times
    return None


_TIMES_AFTER = re.compile(r"[x×]([2-4])")
"""A count written after a tile: ``blue 2 x2``, ``yellow 10 ×2``."""


def _times_after(word: str) -> int | None:
    """How many times a count after a tile names it (``x2``); None for any other word."""
    match = _TIMES_AFTER.fullmatch(word.lower())
    return int(match.group(1)) if match else None


_TILE_WORDS = ("tas", "tile", "stein")
"""How a word for tiles starts, folded (``taşla``, ``tiles``, ``Steine``)."""


def _counts_tiles(word: str, after: str, before: str) -> bool:
    """Whether a number counts the tiles the word after it names (``mavi 11 iki taşla``,
    ``blue 11, two tiles``, ``zwei Steine``) rather than naming a tile: right after a
    colour word it is the tile's number (``mavi yedi taşı``, the blue seven).

    >>> _counts_tiles("iki", "tasla", "11"), _counts_tiles("yedi", "tasi", "mavi")
    (True, False)
    """
    return number_of(fold(plain_lower(word))) is not None \
        and fold(plain_lower(after)).startswith(_TILE_WORDS) and _colour(before) is None


def _counted(word: str) -> int | None:
    """The tile number a plural names: a number with an ending (``7s``, ``9en``, ``13er``),
    or a number word with a plural's or a German noun's ending (``sevens``, ``sixes``,
    ``Dreizehner``, ``Achter``); None for a number alone or any other word.

    >>> [_counted(w) for w in ("7s", "Dreizehner", "sixes", "ones", "7", "Joker")]
    [7, 13, 6, 1, None, None]
    """
    if word.isdigit():
        return None
    if (found := _number(word)) is not None:
        return found
    lower = fold(plain_lower(word))
    for ending in ("ern", "er", "s", "es"):
        number = number_of(lower[: -len(ending)]) if lower.endswith(ending) else None
        if number is not None and 1 <= number <= 13:
            return number
    return None


def _next(words: Sequence[str], k: int) -> str:
    """The word after ``words[k]``; empty after the last."""
    return words[k + 1] if k + 1 < len(words) else ""


def _counts_next(words: Sequence[str], k: int) -> bool:
    """Whether ``words[k]`` shows the number before it to be a count: a colour word or a
    count mark follows it (``ve 1 mavi 7``, ``and 2 tane``), not another tile's number."""
    return k < len(words) and (_colour(words[k]) is not None
                               or fold(plain_lower(words[k])) in _COUNT_MARKS)


def _after_colour(word: str) -> int | None:
    """The tile number a word after a colour word names though it stands alone: a number
    word as it stands (``blue seven``) or a plural (``red sevens``), but no word that is also
    a common word (``kırmızı bir taş``, a red tile; ``rot eine Reihe``).

    >>> [_after_colour(w) for w in ("seven", "sevens", "yedi", "bir", "one", "eine", "taş")]
    [7, 7, 7, None, None, None, None]
    """
    number = plain_number_word(word)
    return number if number is not None and 1 <= number <= 13 else _counted(word)


def _all_pairs(tiles: tuple[Tile, ...]) -> bool:
    """Whether the tiles are pairs, each tile twice (``K9 K9 R3 R3``): a question about
    pairs, which no meld check answers."""
    counts = Counter(tiles)
    return len(counts) >= 2 and all(n == 2 for n in counts.values())


def _colour(word: str, then: str = "") -> Color | None:
    """The colour a word of a search names: a colour word, or one typed with two letters
    swapped (``balck``, ``kimrizi``), the thumb's slip that seldom makes another real word;
    a letter dropped or added would (``back``, ``read``). Before a tile's number (``then``),
    a long colour name (five letters or more) one slip away counts too, unless the slip
    made a real word, of the rule book or near it (``blck 6``, ``yelow 3``; not ``back 6``
    or ``slack 5``).

    >>> _colour("rote"), _colour("balck"), _colour("Kimrizi"), _colour("back"), _colour("7")
    (<Color.RED: 'R'>, <Color.BLACK: 'K'>, <Color.RED: 'R'>, None, None)
    >>> _colour("blck", "6"), _colour("blck"), _colour("back", "6"), _colour("rd", "6")
    (<Color.BLACK: 'K'>, None, None, None)
    """
    found = _named_colour(word)
    if found is None and then and _number(then) is not None:
        return _slipped_colour(word)
    return found


@lru_cache(maxsize=4096)
def _named_colour(word: str) -> Color | None:
    """A colour word, or one typed with two letters swapped (see :func:`_colour`)."""
    found = color_word(word)
    key = fold(plain_lower(word))
    if found is not None or len(key) < 4 or not key.isalpha():
        return found
    return next((color for name, color in COLOR_NAMES.items() if _swapped(key, name)), None)


@lru_cache(maxsize=4096)
def _slipped_colour(word: str) -> Color | None:
    """A long colour name one slip away that made no real word (see :func:`_colour`)."""
    key = fold(plain_lower(word))
    if len(key) < 4 or not key.isalpha() or key in known_words():
        return None
    return next((color for name, color in COLOR_NAMES.items()
                 if len(name) >= 5 and distance(key, name, 1) == 1), None)


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """The words of the rule book and the real words near them (folded), which no colour
    name mis-typed can be."""
    return frozenset(vocabulary(rulebook())) | frozenset(real_words())


def load_word_lists() -> None:
    """Read the words no mistyped colour can be now, before the fork, rather than in the
    first search that asks (a quarter of a second)."""
    known_words()


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


def _fake_notation(words: Sequence[str], k: int) -> Tile | None:
    """The fake joker, ``F`` in the notation, where a tile in the notation stands beside it
    (``K3 F K5``): alone, ``F`` could be any word's letter.

    >>> [str(t) for t in every_named_tile("gösterge K4, elimde K3 F K5 var")]
    ['K4', 'K3', 'F', 'K5']
    """
    if words[k] not in ("F", "f"):
        return None
    beside = [words[j] for j in (k - 1, k + 1) if 0 <= j < len(words)]
    return Tile.fake() if any(_notation(word) for word in beside) else None


_NOT = frozenset({"degil", "not", "isnt", "isn t", "kein", "keine", "nicht"})
"""Words that rule out what follows the indicator's word before naming it: ``gösterge 13
değil, mavi 12``, ``indicator isn't a 13, it's blue 5``, ``keine 13, sondern gelb 12``."""
_AS = frozenset({"as", "als", "olarak"})
"""The word between a tile and a word for the indicator that names it so: ``a blue 13 as
indicator``, ``eine gelbe 13 als Anzeiger``."""
_INDICATOR_WORDS = ("gosterge", "anzeig", "anzieg", "indicat")
"""How a word naming the indicator starts, folded (``göstergeye``, ``Anzeigestein``,
``indicator``, and as typed: ``Anzeigr``, ``Anzieger``, ``indicater``): the tile named
after it is the indicator."""


@kept_per_query(((), ()))
def _numbered(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A question's words with its number words read as digits (``on üç`` as ``13``), and
    each folded: what the readers of the indicator and of the okeys it names look at."""
    words = tuple(read_numbers(_words(text)))
    return words, tuple(fold(plain_lower(word)) for word in words)


def named_indicator(text: str) -> tuple[Tile, tuple[Tile, ...]] | None:
    """The indicator a search names (a tile just after a word for it), and the tiles it
    names after that, one by one (a colour holds for the numbers after it); where it names
    none, the one below the okey it names (``Joker ist rot 5``, ``okey kırmızı 5``: see
    :func:`okey_named_at`), and the tiles after that; None if it names neither, or names
    the fake joker (see :func:`fake_indicator`). Where no tile follows, the tiles named
    before it are the others (``black 11, smiley, black 13 when the okey is blue 3``).

    >>> found = named_indicator("anzeiger gelb 7, ist gelb 8 oder 6 der joker")
    >>> str(found[0]), [str(t) for t in found[1]]
    ('Y7', ['Y8', 'Y6'])
    >>> found = named_indicator("Joker ist rot 5, geht blau 6 Joker blau 8 als Reihe?")
    >>> str(found[0]), [str(t) for t in found[1]]
    ('R4', ['B6', 'B8'])
    >>> named_indicator("indicator is a 13") is None
    True
    >>> str(named_indicator("turned up a blue 13 as indicator, which is the okey")[0])
    'B13'
    >>> found = named_indicator("is black 11 12 13 a run when the okey is blue 3")
    >>> str(found[0]), [str(t) for t in found[1]]
    ('B2', ['K11', 'K12', 'K13'])
    """
    found = _indicator_named(text)
    return None if found is None or found[0].is_fake else found


@kept_per_query(None)
def _indicator_named(text: str) -> tuple[Tile, tuple[Tile, ...]] | None:
    """:func:`named_indicator`'s reading, the fake joker too (``gösterge F B10``): which
    :func:`fake_indicator` rules on, for no tile is the okey it makes."""
    words, folded = _numbered(text)
    at = _indicator_at(folded)
    if at is not None:
        named_as = at >= 3 and folded[at - 1] in _AS  # a blue 13 as indicator
        end = at - 1 if named_as else at
        before = _tiles_from(words[max(0, end - 2):end], 0, 2)  # the tile just before
        tiles = _tiles_from(words, at + 1, within=3)
        if before and named_as:
            return before[-1], tiles
        if not tiles and not _NOT.isdisjoint(folded[at + 1:at + 5]):
            tiles = _tiles_from(words, at + 1, within=7)  # gösterge 13 değil, mavi 12
        if not tiles:  # sarı 13 gösterge olarak açıldı
            return (before[-1], ()) if before else None
        return tiles[0], tiles[1:] or _tiles_from(words[:at], 0, at)
    for k in range(len(words)):
        okey = okey_named_at(words, folded, k)
        if okey is not None:
            start = k + 1 + next(n for n, word in enumerate(folded[k + 1:])
                                 if word not in _OKEY_IS)
            return _below(okey), (_tiles_from(words, start, within=2)[1:]
                                  or _tiles_from(words[:k], 0, k))
    return None


def _indicator_at(folded: Sequence[str]) -> int | None:
    """Where the first word for the indicator stands among a question's folded words."""
    return next((k for k, word in enumerate(folded) if word.startswith(_INDICATOR_WORDS)), None)


def okey_near(text: str, near: re.Pattern[str], within: int = 4) -> bool:
    """Whether a question names the okey of the indicator it names with a phrase of
    ``near`` beside it (see :func:`named_near`): the okey thrown, or left in a hand."""
    indicator = named_indicator(text)
    return indicator is not None and named_near(text, indicator[0].next_up(), near, within)


def named_near(text: str, tile: Tile, near: re.Pattern[str], within: int = 4) -> bool:
    """Whether a question names ``tile`` (``mavi 11``, ``B11``) with a phrase of ``near``
    (:func:`web.phrases.pattern`) at most ``within`` words before or after it: the tile a
    verb tells of (``son taş olarak mavi 11'i atıp bitti``), not one named elsewhere, nor
    the tile named as the okey (``der Joker ist rot 5, und wirft ab``).

    >>> named_near("dann wirft er die schwarze 4 ab", Tile.parse("K4"), phrases.pattern(("wirft",)))
    True
    >>> named_near("he threw it. black 4 stays", Tile.parse("K4"), phrases.pattern(("threw",)), 1)
    False
    """
    words, folded = _numbered(text)
    for k, word in enumerate(words):
        colour = _colour(words[k - 1]) if k else None
        number = _number(word)
        named = _notation(word) or (Tile(colour, number) if colour and number else None)
        if named != tile or any(okey_named_at(words, folded, j) == tile
                                for j in range(max(0, k - 4), k)):
            continue
        if phrases.found(" ".join(folded[max(0, k - within):k + within + 1]), near) is not None:
            return True
    return False


def fake_indicator(text: str) -> bool:
    """Whether a search names the fake joker as the indicator: in the notation (``gösterge F
    B10``), or by its name with no tile named after the word for it, after that word or just
    before it with ``as`` (``gösterge olarak yonca çıktı``, ``the indicator was the smiley``,
    ``Smiley als Anzeiger``), where it asks nothing about points (the risk round's question).
    :func:`named_indicator` names none such: no tile is above it.

    >>> fake_indicator("gösterge olarak yonca çıktı"), fake_indicator("gösterge sarı 3, yonca")
    (True, False)
    >>> fake_indicator("gösterge F B10 okey okey seri mi")
    True
    >>> fake_indicator("Smiley als Anzeiger, sind die falschen Joker dann selbst Joker?")
    True
    >>> fake_indicator("gösterge olarak yonca çıktı, puanlar katlanır mı")
    False
    """
    found = _indicator_named(text)
    if found is not None:  # a tile read as the indicator: the fake joker in the notation
        return found[0].is_fake
    words, folded = _numbered(text)
    at = _indicator_at(folded)
    return at is not None and not _asks_points(folded) and (
        _fake_named(folded[at + 1:at + 7])
        or at > 0 and folded[at - 1] in _AS and _fake_named(folded[max(0, at - 4):at - 1]))


def _asks_points(folded: Sequence[str]) -> bool:
    """Whether folded words ask about points (``Punkte verdoppelt``, ``404 mü``): of the fake
    joker turned up as the indicator, that asks about the risk round (611), not the okey.
    ``101`` names the game."""
    return any(word.startswith(_POINTS_WORDS) or word.isdigit() and int(word) > 101
               for word in folded)


def _fake_named(folded: Sequence[str]) -> bool:
    """Whether folded words name the fake joker: by its picture (``yonca``, ``smiley``) or as
    a fake okey (``sahte okey``, ``falscher Joker``, ``fake joker``)."""
    return any(word.startswith(_FAKE_NAMES) or word in _FAKE_WORDS
               and _next(folded, k).startswith(_JOKER_WORDS) for k, word in enumerate(folded))


def _tiles_from(words: Sequence[str], start: int, within: int) -> tuple[Tile, ...]:
    """The tiles named from ``words[start]`` on, one by one (a colour holds for the numbers
    after it); none unless the first is named within ``within`` words."""
    tiles: list[Tile] = []
    colour: Color | None = None
    for k, word in enumerate(words[start:]):
        if not tiles and k == within:
            return ()
        number = _number(word)
        tile = _notation(word) or _fake_notation(words, start + k) or (
            Tile(colour, number) if colour is not None and number is not None else None)
        if tile is not None:
            tiles.append(tile)
            colour = tile.color
        elif (named := _colour(word, _next(words, start + k))) is not None:
            colour = named
    return tuple(tiles)


_OKEY_IS = frozenset({"is", "ist", "war", "was", "ise", "iken",
                      "this", "round", "hand", "in", "diese", "dieser", "runde", "der",
                      "bu", "el", "elde", "tur", "turda"})
"""Words between a word for the okey and the tile it names: ``joker is red 5``, ``Joker
this round is black 6``, ``okey bu el kırmızı 5``."""


def okey_named_at(words: Sequence[str], folded: Sequence[str], k: int) -> Tile | None:
    """The tile that the word for the okey at ``words[k]`` names as the okey, just after it
    or after a word for "is" (``okey kırmızı 5``, ``Joker ist rot 5``, ``the okey is R5``);
    None where it names none (``okey ile sarı 4``), where it stands in a list of tiles
    without "is" (``kırmızı 7 okey kırmızı 9``: the okey laid between them; ``okey okey mavi
    9``: the second okey follows the first) or where the word is no okey (``101 okey``,
    ``sahte okey``). ``folded`` holds the words folded.

    >>> words = "kırmızı 7 okey kırmızı 9, okey kırmızı 5".split()
    >>> [okey_named_at(words, [fold(plain_lower(w)) for w in words], k) for k in (2, 5)]
    [None, Tile.parse('R5')]
    >>> words = "mavi 6 okey okey mavi 9".split()
    >>> okey_named_at(words, [fold(plain_lower(w)) for w in words], 3) is None
    True
    """
    if not folded[k].startswith(_JOKER_WORDS) or _game_name(folded, k) \
            or (k > 0 and folded[k - 1] in _FAKE_WORDS):
        return None
    start = k + 1
    while start < len(words) and folded[start] in _OKEY_IS:
        start += 1
    if start == k + 1 and k > 0 and (_number(words[k - 1]) or _notation(words[k - 1])
                                     or folded[k - 1].startswith(_JOKER_WORDS)):
        return None  # in a list of tiles: ``blue 6, joker, joker, blue 9``
    if start == len(words) or not (_notation(words[start]) or _colour(words[start])):
        return None  # the tile starts right there: ``okey and R2`` names no okey
    tiles = _tiles_from(words, start, within=2)
    return tiles[0] if tiles else None


def _below(okey: Tile) -> Tile:
    """The indicator of an okey: the tile one below it, 13 below 1 (801)."""
    return Tile(okey.color, 13 if okey.number == 1 else okey.number - 1)


PHRASES_FILE = Path(__file__).with_suffix(".yaml")


def lies_on_table(query: str) -> bool:
    """Whether a question places the tiles it names on the table (``yerde``, ``liegt aus``,
    ``is on the table``), or takes the joker of their meld (``can I take the joker``): a meld
    laid down, the case of what it asks, not a meld asked about.

    >>> lies_on_table("black 2 3 4 is on the table, can i add black 5"), lies_on_table("R7 R8")
    (True, False)
    """
    return not phrases.told(query, phrases.facets(PHRASES_FILE)).isdisjoint(
        {"on_table", "takes_its_joker"})


def asks_the_okey(query: str) -> bool:
    """Whether a question asks which tile is the okey (a phrase of the okey check's link:
    ``whats the okey``, ``ist der Joker``, ``okey hangisi``).

    >>> asks_the_okey("indicator yellow 12, whats the okey"), asks_the_okey("okey discard")
    (True, False)
    """
    asked = phrases.facets(phrases.CHECK_LINKS)["okey"]
    return phrases.found(phrases.fold(query), asked) is not None


def asks_win(query: str) -> bool:
    """Whether a question asks if a hand wins (a phrase of the winning-hand check's link:
    ``bittim mi``, ``bin ich fertig``, ``did I win``).

    >>> asks_win("plain okey hand … did I win"), asks_win("is R7 R8 R9 a run")
    (True, False)
    """
    asked = phrases.facets(phrases.CHECK_LINKS)["winning-hand"]
    return phrases.found(phrases.fold(query), asked) is not None


HAND = 14
"""The tiles of a plain Okey hand that wins, the discard apart."""


def winning_checks(tiles: tuple[Tile, ...], table: Rules | None,
                   indicator: Tile | None = None) -> tuple[tuple[Tile, ...], Rulings]:
    """The winning-hand check (plain Okey, 607 or 504) on the hand a question names: its 14
    tiles, or of 15 the 14 left by the discard, named last (``… and a spare yellow 2``) or
    first (the last, if neither wins), and the hand ruled on."""
    fields = {"variant": "plain", "indicator": str(indicator or indicator_apart(tiles))}
    hands = [tiles] if len(tiles) == HAND else [tiles[:-1], tiles[1:]]
    ruled_on = [(hand, rule_on("winning-hand", [("plain", {**fields, **tile_fields(hand, None)})],
                               table)) for hand in hands]
    return next(((hand, checks) for hand, checks in ruled_on
                 if any(ruling.result.get("winning") for _, ruling in ruled(checks))),
                ruled_on[0])


def okey_checks(indicator: Tile, table: Rules | None) -> Rulings:
    """The okey check on the indicator in each variant (which tile is the okey: 203, and
    801 for a 13), under ``table``'s house rules where the table plays that variant."""
    return rule_on("okey", ((variant, {"variant": variant, "indicator": str(indicator)})
                            for variant in ("101", "plain")), table)


def tile_fields(tiles: Collection[Tile], indicator: Tile | None) -> dict[str, str]:
    """A check's fields for tiles a question names, and the indicator ruled with, if any.

    >>> tile_fields((Tile.parse("R5"), Tile.parse("Y4")), Tile.parse("R4"))
    {'tiles': 'R5 Y4', 'indicator': 'R4'}
    """
    fields = {"tiles": " ".join(map(str, tiles))}
    if indicator is not None:
        fields["indicator"] = str(indicator)
    return fields


def _tile_checks(check: str, tiles: Collection[Tile], table: Rules | None,
                 indicator: Tile | None) -> Rulings:
    """A check on the tiles in each variant (with the indicator, if one is given), under
    ``table``'s house rules where the table plays that variant: the ruling and its rules, or
    the error that stops it."""
    fields = tile_fields(tiles, indicator)
    return rule_on(check, ((variant, {"variant": variant, **fields})
                           for variant in ("101", "plain")), table)


def meld_checks(tiles: tuple[Tile, ...], table: Rules | None,
                indicator: Tile | None = None) -> Rulings:
    """The meld check on the tiles in each variant (see :func:`_tile_checks`)."""
    return _tile_checks("meld", tiles, table, indicator)


def opening_fields(tiles: tuple[Tile, ...], indicator: Tile | None = None) -> dict[str, str]:
    """The best-opening check's fields for tiles a question names, in 101 Okey, the variant
    that opens with a count, with the indicator it names; if it names none, the check takes
    one apart from them.

    >>> opening_fields((Tile.parse("K1"), Tile.parse("K2"), Tile.parse("K3")))
    {'variant': '101', 'indicator': 'R1', 'tiles': 'K1 K2 K3'}
    """
    return {"variant": "101", "indicator": str(indicator or indicator_apart(tiles)),
            "tiles": " ".join(map(str, tiles))}


def opening_checks(tiles: tuple[Tile, ...], table: Rules | None,
                   indicator: Tile | None = None) -> Rulings:
    """The best-opening check on the tiles (:func:`opening_fields`): whether they open, and
    with what (401)."""
    return rule_on("best-opening", [("101", opening_fields(tiles, indicator))], table)


def indicator_apart(named: Collection[Tile]) -> Tile:
    """An indicator for a check on tiles a question names without one: none of them, nor is
    its okey, so they are read as the faces they show.

    >>> str(indicator_apart({Tile.parse("R2"), Tile.parse("Y1")}))
    'R3'
    """
    return next(tile for tile in (Tile(c, n) for c in Color for n in range(1, 14))
                if tile not in named and tile.next_up() not in named)


_MELD_WORDS = frozenset({
    "per", "peri", "perdir", "perler", "seri", "serisi", "seridir", "grup", "grubu", "gruptur",
    "dizi", "reihe", "gruppe", "kombination", "kombi", "folge", "strasse", "meld", "run", "set",
    "sequence", "group", "row"})
"""Words for a meld, folded, that ask whether tiles make one: ``seri mi``, ``eine Reihe``."""


_JOKER_WORDS = ("okey", "joker")
"""How a word for the okey, the joker tile, starts, folded: ``okeyle``, ``Joker``, ``jokers``."""
_FAKE_WORDS = frozenset({"sahte", "fake", "false", "falsch", "falsche", "falscher", "falschen"})
"""Words before the okey's word that make it a fake joker: ``sahte okey``, ``fake joker``."""
_WITHOUT = frozenset({"ohne", "kein", "keine", "keinen", "without", "no"})
"""Words before the okey's word that say there is none: ``ohne Joker``, ``with no joker``."""
_WITHOUT_AFTER = frozenset({"olmadan", "yok", "yoktu", "kullanmadan", "koymadan"})
"""Words after it that say so in Turkish: ``okey olmadan``, ``okey yok``."""
_ALSO = frozenset({"de", "da"})
"""The Turkish particle that may stand between a word and its negation: ``okey de yok``."""
_FAKE_NAMES = ("smiley", "clover", "yonca", "kleeblatt")
"""How a word naming the fake joker by its picture starts, folded: ``smiley``, ``the clover
tile``, ``yoncalı taş``, ``Kleeblatt-Stein`` are each a fake joker."""
_POINTS_WORDS = ("punkt", "puan", "point", "score", "verdoppel", "doppel", "katla", "double")
"""How a word about points or their doubling starts, folded."""
_GAME_BESIDE = frozenset({"101", "in", "im", "beim", "normal", "normales", "normalen", "plain",
                          "regular", "normalde", "normal'de", "duz", "einfaches", "einfachen",
                          "einfache", "klasik", "klassisches", "klassischen", "classic"})
"""Words beside ``okey`` that make it the game's name, not a tile: ``101 okey``, ``in okey``,
``einfaches Okey: R12 R13 R1`` (no okey R12)."""
_GAME_BEFORE = frozenset({"in", "im", "beim"})
"""Of those, the ones that do so only before it: ``Joker in dieser Runde`` is the tile."""
_LOCATIVE = frozenset({"de", "da", "te", "ta", "'de", "'da", "'te", "'ta"})
"""Turkish endings on ``okey`` that make it the game played in (``okeyde``): no tile."""


@kept_per_query(None)
def meld_asked(text: str) -> tuple[tuple[Tile, ...], Tile | None] | None:
    """The tiles a question asks about as a meld, where :func:`tiles_in_query` reads too few,
    and the indicator to rule with (see :func:`asked_tiles`): an okey among them named by its
    word (``kırmızı 7 okey kırmızı 9 seri olur mu``; ``R5 okey R7, how many points``: two
    tiles and an okey are a meld asked about, a word for one said or not), or two tiles, too
    few for a meld, which the meld check says (``is red 7 red 8 a run``: 403).

    >>> [str(t) for t in meld_asked("kırmızı 7 okey kırmızı 9 seri olur mu")[0]]
    ['R7', 'R9', 'R2']
    >>> [str(t) for t in meld_asked("R5 okey R7, how many points is that")[0]]
    ['R5', 'R7', 'R2']
    >>> [str(t) for t in meld_asked("is red 7 red 8 a run")[0]]
    ['R7', 'R8']
    >>> meld_asked("red 7 and red 8 on the table"), meld_asked("two red 7s in the set?")
    (None, None)
    """
    _, words = _numbered(text)
    meld_word = any(word in _MELD_WORDS for word in words)
    if not meld_word and not any(word.startswith((*_JOKER_WORDS, *_FAKE_NAMES))
                                 for word in words):
        return None  # neither a meld asked about nor an okey named among tiles
    asked = asked_tiles(text)
    tiles, indicator = asked
    wild = sum(1 for tile in tiles if stands_wild(tile, indicator))
    if wild and len(tiles) - wild >= 2:
        return asked
    if not meld_word or wild == len(tiles):  # jokers alone: what they are is asked, no meld
        return None
    if len(tiles) < 2 or (len(tiles) == 2 and len(set(tiles)) < 2):
        return None  # two of one tile ask about the tile set (``two red 7s in the set``)
    return asked


@kept_per_query(None)
def pair_asked(text: str) -> tuple[tuple[Tile, Tile], Tile | None] | None:
    """The two tiles a question asks about as a pair, and the indicator to rule with (see
    :func:`asked_tiles`), when it holds a word for a pair and names exactly two: ``okey ile
    sarı 4 çift olur mu``, ``are both fake jokers a pair``, ``K9 K9 ein Paar?``.

    >>> (y4, okey), indicator = pair_asked("is okey + yellow 4 a pair")
    >>> str(y4), str(okey), str(indicator)
    ('Y4', 'R2', 'R1')
    >>> [str(t) for t in pair_asked("101 okeyde R7 ile okey çift olur mu")[0]]
    ['R7', 'R2']
    >>> [str(t) for t in pair_asked("are both fake jokers a pair")[0]]
    ['F', 'F']
    >>> [str(t) for t in pair_asked("iki kırmızı 7 çift mi")[0]]
    ['R7', 'R7']
    >>> pair_asked("R7 R7"), pair_asked("is a joker and R7 R8 a pair")
    (None, None)
    """
    if not any(word.startswith(PAIR_WORDS) for word in _numbered(text)[1]):
        return None
    (*tiles,), indicator = asked_tiles(text)
    return ((tiles[0], tiles[1]), indicator) if len(tiles) == 2 else None


def asked_tiles(text: str) -> tuple[tuple[Tile, ...], Tile | None]:
    """The tiles a question names, then the okeys and fake jokers it names by their word,
    and the indicator to rule with: the one it names; else, where an okey or a fake joker is
    named, one apart from the other tiles, whose okey stands for the word; else none."""
    raw, words = _numbered(text)
    shown = named_indicator(text)
    named = list(shown[1] if shown is not None else every_named_tile(text))
    okeys = fakes = 0
    for k, word in enumerate(words):
        if word.startswith(_FAKE_NAMES):  # the fake joker by its picture
            fakes += _times(words[k - 1]) if k else 1
            continue
        if not word.startswith(_JOKER_WORDS) or _game_name(words, k) \
                or okey_named_at(raw, words, k) is not None:  # names the okey: no tile
            continue
        after = _next(words, k + 1) if _next(words, k) in _ALSO else _next(words, k)
        if (k and words[k - 1] in _WITHOUT) or after in _WITHOUT_AFTER \
                or word.endswith(("siz", "suz")):  # ``ohne Joker``, ``okey de yok``: none
            continue
        fake = k > 0 and words[k - 1] in _FAKE_WORDS
        start = k - 1 if fake else k  # where the words for this okey start
        times = _times(words[start - 1]) if start else 1
        if fake:
            fakes += times
        else:
            okeys += times
    indicator = shown[0] if shown is not None else (
        indicator_apart(set(named)) if okeys or fakes else None)
    if okeys and indicator is not None:
        named += [indicator.next_up()] * okeys
    return (*named, *[Tile.fake()] * fakes), indicator


def stands_wild(tile: Tile, indicator: Tile | None) -> bool:
    """Whether a tile of :func:`asked_tiles` is an okey or a fake joker: what a question's
    word for one reads as."""
    return tile.is_fake or (indicator is not None and tile == indicator.next_up())


def _times(word: str) -> int:
    """How many okeys the word before their word counts: two for ``iki``, ``two``, ``zwei``,
    ``both``, ``beide``, else one."""
    return 2 if word in ("both", "beide") or number_of(word) == 2 else 1


def _game_name(words: Sequence[str], k: int) -> bool:
    """Whether ``okey`` at ``words[k]`` names the game (``101 okey``, ``in okey``, ``okeyde``),
    not the joker tile."""
    before = words[k - 1] if k else ""
    after = _next(words, k)
    ending = words[k][4:] if words[k].startswith("okey") else ""
    return before in _GAME_BESIDE or (after in _GAME_BESIDE and after not in _GAME_BEFORE) \
        or ending in _LOCATIVE


def one_pair_checks(pair: tuple[Tile, Tile], indicator: Tile | None,
                    table: Rules | None) -> Rulings:
    """The pair check on two tiles in each variant (see :func:`_tile_checks`)."""
    return _tile_checks("pair", pair, table, indicator)


def pair_checks(pairs: tuple[tuple[Tile, Tile], ...], table: Rules | None) -> Rulings:
    """The opening check on the pairs in 101 Okey, the variant that opens with pairs, under
    ``table``'s house rules where the table plays it: its ruling, or the error that stops it.
    The question names no indicator, so the check takes one apart from them."""
    indicator = indicator_apart({tile for pair in pairs for tile in pair})
    return rule_on("opening", [("101", {
        "variant": "101", "indicator": str(indicator),
        "pairs": [" ".join(map(str, pair)) for pair in pairs]})], table)
