"""The search box as the front door to the referee: tiles typed there get the meld ruling
in both variants (see :mod:`web.tile_questions`), and a question that a check answers gets a
link to that check."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from flask import url_for

from referee.tiles import Tile
from rules_data import LANGS
from web.api import ruling_json
from web.errors import InputError
from web.tile_questions import MeldChecks

LINKS_FILE = Path(__file__).with_name("check_links.yaml")


def fold(text: str) -> str:
    """Lowercase the Turkish way, without accents or Turkish letters, spaces collapsed."""
    text = unicodedata.normalize("NFC", text).replace("İ", "i").replace("I", "ı").lower()
    text = text.replace("ı", "i")
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s]", " ", bare).split())


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


def meld_rulings(tiles: tuple[Tile, ...], checks: MeldChecks) -> list[dict[str, Any]]:
    """The meld checks on the tiles (:func:`web.tile_questions.meld_checks`), as the API
    writes a ruling (or the error that stops it), with a link to the check's page."""
    written = " ".join(str(t) for t in tiles)
    found: list[dict[str, Any]] = []
    for variant, checked in checks:
        link = url_for("referee.check_page", check="meld", variant=variant, tiles=written,
                       indicator="", _anchor="ruling")
        if isinstance(checked, InputError):
            found.append({"variant": variant, "error": checked.message, "link": link})
        else:
            ruling, rules = checked
            found.append({**ruling_json(ruling, variant, rules.applied()), "link": link})
    return found
