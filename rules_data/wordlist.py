"""The real words the speller must leave alone: every Turkish, German and English word form
that lies within the speller's reach of a word of the rule book (same first letter, edit
distance 1, or 2 past five letters) and is not itself one.

The forms come from simplemma's dictionaries (2.5 million forms; 250 MB in memory), which
no web worker should load. So this module is run once, offline, whenever the rule texts
change, and the few thousand forms it finds are shipped in ``near_words.txt``; the search
reads that file. ``tests/test_search_topic.py`` fails when the file is out of date.

    .venv/bin/python -m rules_data.wordlist
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import TypeVar

from rules_data.analysis import fold, plain_lower, turkish_lower

NEAR_WORDS = Path(__file__).with_name("near_words.txt")
T = TypeVar("T")
LANGS = ("tr", "de", "en")


def vocabulary_hash(vocabulary: Iterable[str]) -> str:
    """A fingerprint of the speller's vocabulary, written at the top of the file."""
    return hashlib.sha256("\n".join(sorted(vocabulary)).encode()).hexdigest()[:16]


def reach(word: str) -> int:
    """How far the speller looks from a word of this length (see ``QueryReader.correct``)."""
    return 1 if len(word) <= 5 else 2


MENDED_STEM = 5
"""The shortest stem of a rule word the speller mends one edit away keeping the typed
ending (``gostregeden`` → ``göstergeden``; see ``QueryReader.correct``)."""


def _deletions(word: str, depth: int) -> set[str]:
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


def near_words(vocabulary: Iterable[str], forms: Iterable[str]) -> Iterator[str]:
    """The folded ``forms`` within the speller's reach of a vocabulary word, not in it: one
    or two edits away (:func:`reach`), or an inflection of a word one edit from a vocabulary
    word's stem of ``MENDED_STEM`` letters or more, as the speller mends a stem
    (``schwager`` would be ``Schlag-er``).

    Two words within edit distance k share a string reached by at most k deletions from
    each; each candidate found that way is then checked with the speller's own distance.
    """
    from rules_data.search.query import INFLECTIONS, distance

    known = set(vocabulary)
    index: dict[str, set[str]] = {}
    for word in known:
        for deleted in _deletions(word, reach(word)):
            index.setdefault(deleted, set()).add(word)
    endings = sorted({len(ending) for ending in INFLECTIONS if ending})
    seen: set[str] = set()
    for form in forms:
        if form in known or form in seen or len(form) < 4 or not form.isalpha():
            continue
        seen.add(form)
        candidates = {word for deleted in _deletions(form, 2) for word in index.get(deleted, ())}
        if any(word[0] == form[0] and abs(len(word) - len(form)) <= reach(form)
               and distance(form, word, reach(form)) <= reach(form) for word in candidates) \
                or any(form[-size:] in INFLECTIONS and _stem_within_one(form[:-size], index)
                       for size in endings if len(form) - size >= MENDED_STEM):
            yield form


def _stem_within_one(stem: str, index: dict[str, set[str]]) -> bool:
    """Whether a vocabulary word of the stem's length is one edit from it, as the speller's
    stem mend asks (``key[:size]`` against a candidate of that size)."""
    from rules_data.search.query import distance

    return any(len(word) == len(stem) and word[0] == stem[0] and distance(stem, word, 1) == 1
               for deleted in _deletions(stem, 1) for word in index.get(deleted, ()))


def dictionary_forms() -> Iterator[str]:
    """Every word form simplemma knows in Turkish, German and English, folded as the speller
    folds a query word."""
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    factory = DefaultDictionaryFactory()
    for lang in LANGS:
        lower = turkish_lower if lang == "tr" else plain_lower
        for form in factory.get_dictionary(lang):
            yield fold(lower(form))


def write(path: Path = NEAR_WORDS) -> int:
    """Write the file for the rule book as it is now; returns how many forms it holds."""
    from rules_data import rulebook
    from rules_data.search.documents import vocabulary as rule_vocabulary

    vocabulary = set(rule_vocabulary(rulebook()))
    found = sorted(set(near_words(vocabulary, dictionary_forms())))
    header = (f"# Real words near the rule book's words, which the speller never corrects.\n"
              f"# Made by: python -m rules_data.wordlist (from simplemma's dictionaries)\n"
              f"# vocabulary {vocabulary_hash(vocabulary)}\n")
    path.write_text(header + "\n".join(found) + "\n", encoding="utf-8")
    return len(found)


class WordSet(AbstractSet[str]):
    """A large set of words held as text: one newline-separated string per first three
    letters. Membership is exact, as in a ``frozenset``, at about a tenth of the memory
    (128,000 words: 1.5 MiB rather than about 14, in every web worker). Built from words in
    sorted order (as the file holds them), it never holds them all as separate strings at
    once.

    >>> words = WordSet(["okay", "okey", "tile", "okey"])
    >>> "okay" in words, "oke" in words, "okey\\ntile" in words, len(words)
    (True, False, False, 3)
    """

    __slots__ = ("_buckets", "_size")

    def __init__(self, words: Iterable[str]) -> None:
        self._buckets: dict[str, str] = {}
        self._size = 0
        run: dict[str, None] = {}  # the words met since the first three letters changed
        for word in words:
            if "\n" in word:
                raise ValueError(f"a word holds a line break: {word!r}")
            if run and word[:3] != next(iter(run))[:3]:
                self._add(run)
                run = {}
            run[word] = None
        self._add(run)

    def _add(self, run: Iterable[str]) -> None:
        """Add words that share their first three letters."""
        for word in run:
            key = word[:3]
            self._buckets[key] = self._buckets.get(key, "\n")
            break
        else:
            return
        text = self._buckets[key]
        new = [word for word in run if f"\n{word}\n" not in text]
        if new:
            self._buckets[key] = text + "\n".join(new) + "\n"
            self._size += len(new)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        text = self._buckets.get(word[:3])
        return text is not None and "\n" not in word and f"\n{word}\n" in text

    def __iter__(self) -> Iterator[str]:
        for text in self._buckets.values():
            yield from text[1:-1].split("\n")

    def __len__(self) -> int:
        return self._size

    @classmethod
    def _from_iterable(cls, words: Iterable[T]) -> AbstractSet[T]:
        """What set operations (``&``, ``|``, ``-``) make: a plain ``frozenset``."""
        return frozenset(words)


def read(path: Path = NEAR_WORDS, extra: Iterable[str] = ()) -> tuple[str, WordSet]:
    """The vocabulary fingerprint the file was made for, and its words (with ``extra``),
    read line by line."""
    stamp = ""

    def words(lines: Iterable[str]) -> Iterator[str]:
        nonlocal stamp
        for line in lines:
            line = line.rstrip("\n")
            if line.startswith("# vocabulary "):
                stamp = line.split()[-1]
            elif line and not line.startswith("#"):
                yield line

    with open(path, encoding="utf-8") as handle:
        found = WordSet(itertools.chain(words(handle), extra))
    return stamp, found


if __name__ == "__main__":
    print(f"{write()} words written to {NEAR_WORDS}")
