"""The real words the speller must leave alone: every Turkish, German and English word form
that lies within the speller's reach of a word of the rule book (same first letter, edit
distance 1, or 2 past five letters) and is not itself one.

The forms come from simplemma's dictionaries (2.5 million forms; 250 MB in memory), which
no web worker should load. So this module is run once, offline, whenever the rule texts
change, and the few thousand forms it finds are shipped in ``near_words.txt``; the search
reads that file. ``tests/test_search_speller.py`` fails when the file is out of date.

    .venv/bin/python -m rules_data.wordlist
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from rules_data.analysis import fold, plain_lower, turkish_lower

NEAR_WORDS = Path(__file__).with_name("near_words.txt")
LANGS = ("tr", "de", "en")


def vocabulary_hash(vocabulary: Iterable[str]) -> str:
    """A fingerprint of the speller's vocabulary, written at the top of the file."""
    return hashlib.sha256("\n".join(sorted(vocabulary)).encode()).hexdigest()[:16]


def reach(word: str) -> int:
    """How far the speller looks from a word of this length (see ``_Generation.correct``)."""
    return 1 if len(word) <= 5 else 2


def _deletions(word: str, depth: int) -> set[str]:
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


def near_words(vocabulary: Iterable[str], forms: Iterable[str]) -> Iterator[str]:
    """The folded ``forms`` within the speller's reach of a vocabulary word, not in it.

    Two words within edit distance k share a string reached by at most k deletions from
    each; each candidate found that way is then checked with the speller's own distance.
    """
    from rules_data.search.query import distance

    known = set(vocabulary)
    index: dict[str, set[str]] = {}
    for word in known:
        for deleted in _deletions(word, reach(word)):
            index.setdefault(deleted, set()).add(word)
    seen: set[str] = set()
    for form in forms:
        if form in known or form in seen or len(form) < 4 or not form.isalpha():
            continue
        seen.add(form)
        candidates = {word for deleted in _deletions(form, 2) for word in index.get(deleted, ())}
        if any(word[0] == form[0] and abs(len(word) - len(form)) <= reach(form)
               and distance(form, word, reach(form)) <= reach(form) for word in candidates):
            yield form


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


def read(path: Path = NEAR_WORDS) -> tuple[str, frozenset[str]]:
    """The vocabulary fingerprint the file was made for, and its words."""
    lines = path.read_text(encoding="utf-8").splitlines()
    stamp = next((line.split()[-1] for line in lines if line.startswith("# vocabulary ")), "")
    return stamp, frozenset(line for line in lines if line and not line.startswith("#"))


if __name__ == "__main__":
    print(f"{write()} words written to {NEAR_WORDS}")
