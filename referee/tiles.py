"""Tiles as immutable values that round-trip through their notation (see :mod:`referee`)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from referee.errors import NotationError, RuleViolation


class Color(Enum):
    """The four tile colours, by their notation letter."""

    RED = "R"
    YELLOW = "Y"
    BLUE = "B"
    BLACK = "K"

    def __str__(self) -> str:
        return self.value


COLORS: tuple[Color, ...] = tuple(Color)

_COLOR_WORDS: dict[str, Color | None] = {
    # letters
    "r": Color.RED, "y": Color.YELLOW, "b": Color.BLUE, "k": Color.BLACK,
    # English, German, Turkish (Turkish also without its letters)
    "red": Color.RED, "rot": Color.RED, "kirmizi": Color.RED,
    "yellow": Color.YELLOW, "gelb": Color.YELLOW, "sari": Color.YELLOW,
    "blue": Color.BLUE, "blau": Color.BLUE, "mavi": Color.BLUE,
    "black": Color.BLACK, "schwarz": Color.BLACK, "siyah": Color.BLACK,
}
COLOR_NAMES: Mapping[str, Color] = MappingProxyType(
    {word: color for word, color in _COLOR_WORDS.items() if len(word) > 1 and color is not None})
"""The colours' names in the three languages, folded (``kirmizi``, ``gelb``, ``black``)."""
_FAKE_WORDS = {
    "f", "fake", "fakejoker", "sahte", "sahteokey", "falscherjoker", "falschejoker",
    "smiley", "placeholder",
}
_TOKEN = re.compile(r"^([a-z]+?)(1[0-3]|[1-9])?$")
_MAX_TOKEN = 40


_ORDER: dict[Color | None, int] = {**{c: i for i, c in enumerate(COLORS)}, None: 4}


def _fold(text: str) -> str:
    """Lowercase the Turkish way and drop accents, so ``KIRMIZI`` and ``kırmızı`` match."""
    text = text.replace("İ", "i").replace("I", "ı").lower().replace("ı", "i")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: a colour and a number from 1 to 13, or the fake joker (no colour, no number).

    >>> Tile.parse("b13") == Tile(Color.BLUE, 13)
    True
    >>> Tile.parse("F").is_fake
    True
    """

    color: Color | None
    number: int
    # Colour order (R, Y, B, K, fake last) and number in one int: the hash and the sort
    # key, so that sorting and counting tiles never calls back into ``Enum.__hash__``.
    _rank: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fake = self.color is None and self.number == 0
        if not fake and not (self.color is not None and 1 <= self.number <= 13):
            raise NotationError(f"no such tile: {self.color} {self.number}", subject=repr(self))
        object.__setattr__(self, "_rank", _ORDER[self.color] << 4 | self.number)

    def __hash__(self) -> int:
        return self._rank

    @property
    def is_fake(self) -> bool:
        """Whether this is a fake joker (sahte okey)."""
        return self.color is None

    @classmethod
    def fake(cls) -> Tile:
        return cls(None, 0)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile in the notation, or as a colour word and a number.

        :raises NotationError: naming the token that is not a tile.
        """
        known = _NOTATION.get(text)
        if known is not None:  # the notation itself, the common case: one look-up
            return known
        token = _fold(text.strip())
        if not token or len(token) > _MAX_TOKEN:
            raise NotationError(f"not a tile: {text[:_MAX_TOKEN]!r}", subject=text[:_MAX_TOKEN])
        if re.sub(r"[\s_\-]+", "", token) in _FAKE_WORDS:
            return cls.fake()
        match = _TOKEN.match(re.sub(r"\s+", "", token))
        color = color_word(match.group(1)) if match else None
        if match is None or color is None or match.group(2) is None:
            raise NotationError(f"not a tile: {text!r}", subject=text)
        return _NOTATION[f"{color.value}{match.group(2)}"]

    def __str__(self) -> str:
        return "F" if self.color is None else f"{self.color.value}{self.number}"

    def sort_key(self) -> tuple[int, int]:
        """Colour in notation order (R, Y, B, K), then number; fake jokers last."""
        return (self._rank >> 4, self.number)

    def __lt__(self, other: Tile) -> bool:
        return self._rank < other._rank

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def next_up(self) -> Tile:
        """The tile one higher in the same colour, 13 wrapping to 1 (how the okey is found)."""
        if self.color is None:
            raise RuleViolation("a fake joker has no next tile", code="fake_indicator")
        return Tile(self.color, self.number % 13 + 1)


# Every tile once, by its notation in upper and lower case: ``Tile.parse`` reads the
# notation with one look-up and hands out these same objects.
_NOTATION: dict[str, Tile] = {
    text: tile
    for tile in (Tile.fake(), *(Tile(c, n) for c in COLORS for n in range(1, 14)))
    for text in (str(tile), str(tile).lower())
}

#: Every coloured tile by colour (R, Y, B, K as in :data:`COLORS`) and number:
#: ``BY_COLOUR[0][6]`` is R7. Code that builds many tiles (the solver's melds) reads them
#: here rather than construct and check each again.
BY_COLOUR: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(_NOTATION[f"{c.value}{n}"] for n in range(1, 14)) for c in COLORS)


def color_word(word: str) -> Color | None:
    """The colour a letter or colour word names in any of the three languages, if any; a
    German colour with an adjective's ending too (``die rote 12``, ``zwei schwarze 9en``).

    >>> color_word("Kırmızı"), color_word("rot"), color_word("seven")
    (<Color.RED: 'R'>, <Color.RED: 'R'>, None)
    >>> color_word("rote"), color_word("Schwarzen"), color_word("rede")
    (<Color.RED: 'R'>, <Color.BLACK: 'K'>, None)
    """
    folded = _fold(word)
    found = _COLOR_WORDS.get(folded)
    if found is None:
        stem = _GERMAN_ENDING.sub("", folded)
        found = _COLOR_WORDS.get(stem) if stem in _GERMAN_COLOURS else None
    return found


_GERMAN_COLOURS = frozenset({"rot", "gelb", "blau", "schwarz"})
_GERMAN_ENDING = re.compile(r"(?:e|en|er|es|em)$")


_SPLIT = re.compile(r"[\s,;]+")
_WORD_THEN_NUMBER = re.compile(r"^([^\W\d_]+)\s+(\d+)$")


def parse_tiles(text: str | Iterable[str]) -> tuple[Tile, ...]:
    """Read tiles from ``"R7 R8, R9"``, ``"rot 7, rot 8"`` or a list of tokens.

    A colour word may stand apart from its number (``"kırmızı 7"``); the fake joker may be
    written in words (``"sahte okey"``, ``"falscher Joker"``).

    :raises NotationError: naming the first token that is not a tile.
    """
    if isinstance(text, str):
        pieces = [p for p in re.split(r"[,;\n]+", text) if p.strip()]
        tokens: list[str] = []
        for piece in pieces:
            tokens.extend(_tokens_of(piece.strip()))
    else:
        tokens = [str(t) for t in text]
    return tuple(Tile.parse(token) for token in tokens)


def _tokens_of(piece: str) -> list[str]:
    """Split one comma-free piece into tile tokens, keeping ``"rot 7"`` together."""
    words = _SPLIT.split(piece)
    tokens: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        folded = _fold(word)
        if color_word(folded) is not None and nxt.isdigit():
            tokens.append(f"{word}{nxt}")
            i += 2
        elif _fold(word + nxt) in _FAKE_WORDS and nxt and not nxt[0].isdigit():
            tokens.append(word + nxt)
            i += 2
        else:
            tokens.append(word)
            i += 1
    return tokens


def check_physical(tiles: Iterable[Tile], indicator: Tile | None = None) -> None:
    """Reject tiles a real set cannot hold: a tile more than twice, more than two fake jokers.

    The indicator is face up on the table, so it counts as one copy.

    :raises RuleViolation: naming the offending tile.
    """
    counts = Counter(tiles)
    if indicator is not None:
        counts[indicator] += 1
    for tile, count in sorted(counts.items()):
        if count > 2:
            code = "too_many_fakes" if tile.is_fake else "too_many_copies"
            raise RuleViolation(
                f"{tile} appears {count} times; a set has only two", code=code, subject=str(tile)
            )
