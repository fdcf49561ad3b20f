"""Phrase files the search box reads questions with (``check_links.yaml``,
``score_questions.yaml``): phrases by key and language, compared folded, at the start of a
word of the question, the last word free to go on (``okeyle bit``: ``okeyle bitti``). A ``*``
stands for any one word: a name or an adverb the player puts between (``beendet * mit okey``:
``dann beendet Aylin mit Okey``; ``okeyi * attim``: ``okeyi yanlışlıkla attım``)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

import yaml

from rules_data import LANGS
from rules_data.search import MAX_QUERY

CHECK_LINKS = Path(__file__).with_name("check_links.yaml")
"""The questions each of the referee's checks answers (the results page links to it)."""

Phrases = dict[str, dict[str, tuple[str, ...]]]
"""Per key (a check, a facet of a round's end), per language, its phrases folded."""


def fold(text: str) -> str:
    """Lowercase the Turkish way, without accents or Turkish letters; words (punctuation and
    apostrophes split them) between single spaces. Kept for a text as long as a query: every
    reader of a question folds it.

    >>> fold("Okey'i ATTIM, didn't  Çİft")
    'okey i attim didn t cift'
    """
    return _folded(text) if len(text) <= MAX_QUERY else _fold(text)


@lru_cache(maxsize=4096)
def _folded(text: str) -> str:
    return _fold(text)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFC", text).replace("İ", "i").replace("I", "ı").lower()
    text = text.replace("ı", "i")
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s]", " ", bare).split())


GAP = "*"
"""In a phrase, any one word of the question."""


def fold_phrase(phrase: str) -> str:
    """A phrase folded as :func:`fold` folds a question, its gaps (``GAP``) kept as words.

    >>> fold_phrase("Okeyi*ATTIM"), fold_phrase("yandan * * aldı")
    ('okeyi * attim', 'yandan * * aldi')
    """
    return " ".join(f" {GAP} ".join(fold(part) for part in phrase.split(GAP)).split())


def load(path: Path) -> Phrases:
    """A phrase file, each phrase folded."""
    data: dict[str, dict[str, list[str]]] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {key: {lang: tuple(fold_phrase(p) for p in by_lang.get(lang, ())) for lang in LANGS}
            for key, by_lang in data.items()}


def pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One search for all of ``phrases`` (folded), each at the start of a word, a gap any
    one word: see :func:`found`.

    >>> found("dann beendet aylin mit okey", pattern(("beendet * mit okey",)))
    'beendet aylin mit okey'
    """
    return re.compile(" (" + "|".join(re.escape(p).replace(re.escape(GAP), r"\S+")
                                      for p in phrases) + ")")


def found(text: str, phrases: re.Pattern[str]) -> str | None:
    """The phrase of ``phrases`` (:func:`pattern`) the folded ``text`` holds at the start of
    a word, the earliest in the text; None if none.

    >>> found("burak okeyle bitti", pattern(("bitti", "okeyle bit")))
    'okeyle bit'
    >>> found("abitti", pattern(("bitti",))) is None
    True
    """
    match = phrases.search(f" {text} ")
    return match.group(1) if match is not None else None


Facets = dict[str, re.Pattern[str]]
"""Per facet of what a question tells, its phrases in every language as one search."""


@cache
def facets(path: Path) -> Facets:
    """A phrase file of facets, each one search over its phrases in every language (players
    mix the languages); read once."""
    return {facet: pattern(tuple(p for listed in by_lang.values() for p in listed))
            for facet, by_lang in load(path).items()}


def told(query: str, searches: Facets) -> frozenset[str]:
    """The facets a question holds a phrase of."""
    return told_folded(fold(query), searches)


def told_folded(folded: str, searches: Facets) -> frozenset[str]:
    """:func:`told` for a question already folded (:func:`fold`)."""
    return frozenset(facet for facet, listed in searches.items()
                     if found(folded, listed) is not None)
