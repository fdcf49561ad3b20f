"""A query as data: per typed word, the clauses a rule may match it by, each a set of
weighted index terms. Queries are built this way, never parsed: Whoosh's syntax means nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field

Alternatives = tuple[tuple[str, str, float], ...]
"""The index terms one typed word may stand for: ``(field, term, boost)``; the best one counts."""


@dataclass(frozen=True)
class Clause:
    """A way for a rule to match one typed word: every word of ``words`` found, times ``boost``.

    One word for the word itself or a one-word synonym; several for a compound's parts
    (``Joker`` + ``Abwurf``) or a synonym phrase (``sahte okey``).
    """

    words: tuple[Alternatives, ...]
    boost: float = 1.0
    mark: bool = True
    """Whether a snippet highlights its words (not those of a synonym phrase)."""
    synonym: bool = False
    """A synonym's clause: it adds to the word's own match instead of competing with it."""
    whole: bool = False
    """A compound's own match as one word: it adds to the match of its parts."""
    mended: bool = False
    """A clause of a word the speller mended: the query without it is the one as typed."""
    names: str | None = None
    """The variant a synonym phrase names (``plain`` for ``normal okey``): only that variant's
    rules answer it in ``Ranker.coordination``; a rule of the other merely mentions it."""
    stands_for: tuple[tuple[Clause, ...], ...] = field(default=(), compare=False, repr=False)
    """For a synonym phrase of several typed words (``go out``, ``lay off``), the units of
    those words: the phrase answers them together (see ``Ranker.cover_bonus``)."""
    terms: frozenset[str] = field(init=False, repr=False, compare=False)
    """Its index terms as ``lang:term``, prefixes and players' questions left out (what
    phrases and topics match: see :data:`SCORED_ONLY`)."""
    by_lang: Mapping[str, tuple[frozenset[str], frozenset[str]]] = field(
        init=False, repr=False, compare=False)
    """Per language, its stemmed terms and its prefixes (what a snippet marks)."""
    _hash: int = field(init=False, repr=False, compare=False)
    """Its hash, worked out once: clauses key the ranker's caches, a lookup a typed word."""

    def __hash__(self) -> int:
        return self._hash

    def standing_for(self, units: tuple[tuple[Clause, ...], ...]) -> Clause:
        """This clause as the synonym phrase of the typed words ``units`` (``stands_for``),
        its terms not worked out again."""
        clause = copy.copy(self)
        object.__setattr__(clause, "stands_for", units)
        return clause

    def __post_init__(self) -> None:
        terms: set[str] = set()
        stems: dict[str, set[str]] = {}
        prefixes: dict[str, set[str]] = {}
        for alternatives in self.words:
            for name, text, _ in alternatives:
                kind, _, lang = name.partition("_")
                if kind == "pre":
                    prefixes.setdefault(lang, set()).add(text)
                elif kind not in SCORED_ONLY:
                    terms.add(f"{lang}:{text}")
                    stems.setdefault(lang, set()).add(text)
        object.__setattr__(self, "_hash", hash((self.words, self.boost, self.mark,
                                                self.synonym, self.whole, self.mended,
                                                self.names)))
        object.__setattr__(self, "terms", frozenset(terms))
        object.__setattr__(self, "by_lang", {
            lang: (frozenset(stems.get(lang, ())), frozenset(prefixes.get(lang, ())))
            for lang in stems.keys() | prefixes.keys()})


SCORED_ONLY = frozenset({"asked"})
"""Field kinds that only score: players' questions (``asked.yaml``) hold words the rule book
does not, and a word found only there is no word of the rule book to the speller, the topic
check, the phrases or the snippets."""


def holds_words(field_name: str) -> bool:
    """Whether an index field holds the rule book's own words, whole: not its word prefixes
    (``pre_*``), nor players' questions (:data:`SCORED_ONLY`).

    >>> [holds_words(name) for name in ("kw_de", "pre_de", "asked_de")]
    [True, False, False]
    """
    kind = field_name.partition("_")[0]
    return kind != "pre" and kind not in SCORED_ONLY

Unit = tuple[Clause, ...]
"""The clauses of one typed word: a rule scores by its best own clause plus its best synonym."""


def alternatives(terms: Mapping[tuple[str, str], float]) -> Alternatives:
    """``(field, term) → boost`` as sorted alternatives."""
    return tuple(sorted((name, text, boost) for (name, text), boost in terms.items()))


def unit_terms(unit: Unit, synonyms: bool) -> set[str]:
    """The index terms (``lang:term``, prefixes left out) a typed word stands for."""
    return set().union(*(clause.terms for clause in unit if synonyms or not clause.synonym))
