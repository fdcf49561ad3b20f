"""The search box as the front door to the referee: tiles typed there get the meld ruling
in both variants, and a question that a check answers gets a link to that check.

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
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from flask import url_for

from referee.tiles import Color, Tile, color_word
from rules_data import LANGS
from web.api import ruling_json
from web.errors import InputError
from web.referee_requests import CHECKS, judge
from web.table import table_rules
from web.validation import parse

LINKS_FILE = Path(__file__).with_name("check_links.yaml")
MIN_TILES = 3
_WORDS = re.compile(r"[\s,;|/]+")
_NUMBERS = re.compile(r"^\d{1,2}(?:-\d{1,2})+$")  # 13-1-2: numbers without a colour


def fold(text: str) -> str:
    """Lowercase the Turkish way, without accents or Turkish letters, spaces collapsed."""
    text = unicodedata.normalize("NFC", text).replace("İ", "i").replace("I", "ı").lower()
    text = text.replace("ı", "i")
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s]", " ", bare).split())


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() and 1 <= int(word) <= 13 else None


def tiles_in_query(text: str) -> tuple[Tile, ...]:
    """The tiles a search names, if it names at least three: ``R12 R13 R1``, a colour word
    before its numbers (``kırmızı 12 13 1``, ``rot 12 13 1``), or numbers alone joined by
    dashes (``13-1-2``, read as one colour). Other words may stand around them."""
    tiles: list[Tile] = []
    colour: Color | None = None
    bare: list[int] = []
    for raw in _WORDS.split(unicodedata.normalize("NFC", text)):
        word = raw.strip("?!.:()\"'")
        if not word:
            continue
        if _NUMBERS.match(word):
            bare += [n for n in map(_number, word.split("-")) if n is not None]
            continue
        named = color_word(word)
        if named is not None:
            colour = named
            continue
        number = _number(word)
        if number is not None and colour is not None:
            tiles.append(Tile(colour, number))
            continue
        tile = _notation(word)
        if tile is not None:
            tiles.append(tile)
            colour = tile.color
        else:
            colour = None
    if not tiles and len(bare) >= MIN_TILES:
        tiles = [Tile(Color.RED, n) for n in bare]
    return tuple(tiles) if len(tiles) >= MIN_TILES else ()


def _notation(word: str) -> Tile | None:
    """A tile in the notation with a letter (``R12``, ``r12``), not a word that merely could
    be one (``F`` alone stands for too many words)."""
    match = re.fullmatch(r"([RYBKrybk])(1[0-3]|[1-9])", word)
    return Tile.parse(word) if match else None


@dataclass(frozen=True)
class CheckLink:
    """A check that answers the question, and the phrase that showed it."""

    check: str
    phrase: str


@cache
def _phrases() -> dict[str, dict[str, tuple[str, ...]]]:
    data: dict[str, Any] = yaml.safe_load(LINKS_FILE.read_text(encoding="utf-8"))
    return {check: {lang: tuple(fold(p) for p in by_lang.get(lang, ())) for lang in LANGS}
            for check, by_lang in data.items()}


def check_links(query: str) -> list[CheckLink]:
    """The checks whose question the search asks, in any of the three languages (players mix
    them), each once, in the file's order."""
    folded = f" {fold(query)} "
    found: list[CheckLink] = []
    for check, by_lang in _phrases().items():
        for phrases in by_lang.values():
            hit = next((p for p in phrases if f" {p}" in folded), None)
            if hit is not None:
                found.append(CheckLink(check, hit))
                break
    return found


def meld_rulings(tiles: tuple[Tile, ...]) -> list[dict[str, Any]]:
    """The meld check on the tiles in each variant (the table's house rules where the table
    plays that variant), as the API writes a ruling, or the error that stops it."""
    written = " ".join(str(t) for t in tiles)
    table = table_rules()
    found: list[dict[str, Any]] = []
    for variant in ("101", "plain"):
        link = url_for("referee.check_page", check="meld", variant=variant, tiles=written,
                       indicator="", _anchor="ruling")
        try:
            body = parse(CHECKS["meld"][0], {"variant": variant, "tiles": written})
            ruling, rules = judge("meld", body, table)
        except InputError as problem:
            found.append({"variant": variant, "error": problem.message, "link": link})
            continue
        found.append({**ruling_json(ruling, variant, rules.applied()), "link": link})
    return found
