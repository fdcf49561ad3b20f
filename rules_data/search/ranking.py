"""How rules rank for a query: the weights, each rule's BM25F score summed over the typed
words, and the leads for a title or keywords that answer the whole question, a whole title
phrase, a glossary definition and the rules table.

Every number that tunes the order of results is here (the query reader takes its boosts from
this module too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules_data.analysis import NEGATION
from rules_data.search.units import Alternatives, Unit, unit_terms

if TYPE_CHECKING:
    from rules_data.search.index import Generation

FIELD_BOOST = {"title": 2.0, "kw": 2.0, "body": 1.0, "extra": 0.5, "pre": 0.5}
DISPLAY_BOOST = 1.1
"""A small lead for the display language: a player mostly types in the language they read."""
SYNONYM_BOOST = 0.35
FUZZY_BOOST = 0.7
STOP_ELSEWHERE = 0.0
"""The weight of a word's readings in other languages when it is a stop word in one of them
(English "is" read as Turkish "iş"); none at all when it is one in the display language."""
TIEBREAK = 0.2
"""How much a word's other matching fields add to its best one."""
BM25_B, BM25_K1 = 0.9, 1.2
"""BM25F length normalisation and term saturation: nearly full normalisation, so a word in a
short title or keyword outweighs the same word in a long body."""
PHRASE_BONUS = 0.15
"""A rule's lead per word of the longest title or keyword phrase the query holds whole."""
DEFINITION_BONUS = 0.1
"""The lead of the rule that defines a glossary term, for a query that is just the term."""
NEGATED_BOOST = 2.0
"""A negated stem (``¬open``: the player who did not open) counts this much more than the
stem, so that a negated question prefers the rule about the negated case."""
TABLE_PRIOR = 1.35
"""A mild lead for the table's own rules over the rules that refine or vary them: a query
that names no variant or exception most often asks for the common rule."""
COVER_BONUS = 1.5
"""The lead of a rule whose title or keywords answer the whole question (see :func:`cover_bonus`),
times the square of the share of the query's words they hold."""
VARIANT_LEAD = 1.5
"""The lead of plain Okey's rules when the query names plain Okey: the 101 Okey rule on the
same case (finishing with the joker, the winner) would otherwise win on the table's prior."""
SUGGEST_MARGIN = 1.25
"""How much better the best rule of a mended query must score than that of the query as typed
(without the unknown words) for the search to suggest it; else the typed query's rules show."""
COMPOUND_BOOST = 0.9
"""A German compound's parts all found (``Joker`` and ``Abwurf`` for ``Jokerabwurf``)."""
WHOLE_BOOST = 0.3
"""A German compound found as one word, on top of its parts: ``Spielsteine`` itself names
the tile set more surely than ``Spiel`` and ``Steine`` apart."""
PART_BOOST = 0.35
"""One part of a compound found alone."""


def rank(gen: Generation, searcher: Any, units: Sequence[Unit],
         plain: bool = False) -> list[tuple[int, float]]:
    """The rules matching a query, best first: ``(document number, score)``; ``plain`` when
    the query names plain Okey, whose rules then lead (``VARIANT_LEAD``)."""
    scores = score(gen, searcher, units)
    if plain:
        scores = {doc: value * VARIANT_LEAD if doc in gen.plain else value
                  for doc, value in scores.items()}
    scores = cover_bonus(gen, searcher, units, scores)
    scores = phrase_bonus(gen.phrases, units, scores)
    scores = definition_bonus(gen.definitions, units, scores)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def score(gen: Generation, searcher: Any, units: Sequence[Unit]) -> dict[int, float]:
    """Each rule's score: per unit its best clause, summed over the units.

    Each term scores by BM25F (Whoosh's), times its boost. A word scores by its best field kind
    (title, keywords, body, extra, prefix; any language), plus a little of each other kind
    (``TIEBREAK``). A clause of several words needs them all. A typed word scores by its best
    own clause plus its best synonym clause (and a German compound, by its best parts clause
    plus its match as one word).
    """
    def word(alternatives: Alternatives) -> dict[int, float]:
        by_kind: dict[int, dict[str, float]] = {}
        for field, text, boost in alternatives:
            kind = field.partition("_")[0]
            for doc, score in gen.postings(searcher, field, text).items():
                kinds = by_kind.setdefault(doc, {})
                score *= boost
                if score > kinds.get(kind, 0.0):
                    kinds[kind] = score
        result: dict[int, float] = {}
        for doc, kinds in by_kind.items():
            best = max(kinds.values())
            result[doc] = best + TIEBREAK * (sum(kinds.values()) - best)
        return result

    total: dict[int, float] = {}
    for unit in units:
        best: tuple[dict[int, float], dict[int, float], dict[int, float]] = ({}, {}, {})
        for clause in unit:
            found = [word(alts) for alts in clause.words]
            docs = set(found[0]).intersection(*found[1:])
            group = best[2 if clause.whole else int(clause.synonym)]
            for doc in docs:
                score = clause.boost * sum(f[doc] for f in found)
                if score > group.get(doc, 0.0):
                    group[doc] = score
        for group in best:
            for doc, score in group.items():
                total[doc] = total.get(doc, 0.0) + score
    return {doc: score * gen.prior.get(doc, 1.0) for doc, score in total.items()}


def cover_bonus(gen: Generation, searcher: Any, units: Sequence[Unit],
                scores: dict[int, float]) -> dict[int, float]:
    """Specific before general: raise the rules whose title or keywords hold the question's
    words, by the square of the share they hold (``COVER_BONUS``).

    A rule about the case asked names it in its title or keywords; a broad rule only mentions
    it in its body. ``pairs player pays double`` is all in the title of the rule on the pairs
    player who does not finish, and only ``pairs`` in that of opening with pairs. A word counts
    when any of its clauses (or synonyms) is found there in any language. A negated word
    counts by its negated stems only, and a title holding just its positive (``without
    finishing`` against ``Finishing with a joker discard``) counts against the rule: that
    rule is about the case the question rules out.
    """
    if not units:
        return scores
    held: dict[int, int] = {}
    for unit in units:
        negated = any(text.startswith(NEGATION) for clause in unit for alts in clause.words
                      for _, text, _ in alts)
        found: set[int] = set()
        positive: set[int] = set()
        titled: set[int] = set()
        for clause in unit:
            docs: set[int] | None = None
            for alts in clause.words:
                in_word: set[int] = set()
                for field, text, _ in alts:
                    kind = field.partition("_")[0]
                    if kind not in ("title", "kw"):
                        continue
                    if negated and not text.startswith(NEGATION):
                        if kind == "title":
                            positive.update(gen.postings(searcher, field, text))
                    else:
                        in_word.update(gen.postings(searcher, field, text))
                        if kind == "title":
                            titled.update(gen.postings(searcher, field, text))
                docs = in_word if docs is None else docs & in_word
            found |= docs or set()
        for doc in found:
            held[doc] = held.get(doc, 0) + 1
        for doc in positive - titled:
            held[doc] = held.get(doc, 0) - 1
    n = len(units)
    return {doc: score * (1.0 + COVER_BONUS * (max(0, held.get(doc, 0)) / n) ** 2)
            for doc, score in scores.items()}


class PhraseIndex:
    """The rules' title and keyword phrases, looked up by the index terms of their words."""

    def __init__(self, phrases: Mapping[int, Sequence[Sequence[Sequence[str]]]]) -> None:
        self.sizes: dict[tuple[int, int], int] = {}
        self.by_term: dict[str, list[tuple[int, int, int]]] = {}
        for doc, doc_phrases in phrases.items():
            for p, phrase in enumerate(doc_phrases):
                self.sizes[(doc, p)] = len(phrase)
                for w, word in enumerate(phrase):
                    for term in word:
                        self.by_term.setdefault(term, []).append((doc, p, w))

    def held(self, terms: set[str]) -> dict[int, int]:
        """Per rule, the word count of its longest phrase whose every word has one of ``terms``."""
        found: dict[tuple[int, int], set[int]] = {}
        for term in terms:
            for doc, p, w in self.by_term.get(term, ()):
                found.setdefault((doc, p), set()).add(w)
        held: dict[int, int] = {}
        for (doc, p), words in found.items():
            if len(words) == self.sizes[(doc, p)] > held.get(doc, 1):
                held[doc] = len(words)
        return held


def phrase_bonus(phrases: PhraseIndex, units: Sequence[Unit],
                 scores: dict[int, float]) -> dict[int, float]:
    """Raise the rules whose title or a keyword phrase the query holds every word of.

    A query word (or its synonym) holds a phrase word when they share an index term. The
    longest phrase held counts: ``PHRASE_BONUS`` per word past the first. Words scored
    apart cannot tell ``13 then 1`` (invalid melds) from ``indicator 13`` plus a ``1``.
    """
    terms = set().union(*(unit_terms(unit, synonyms=True) for unit in units))
    held = phrases.held(terms)
    return {doc: score * (1.0 + PHRASE_BONUS * (held.get(doc, 1) - 1))
            for doc, score in scores.items()}


Definitions = tuple[tuple[int, tuple[frozenset[str], ...]], ...]
"""The glossary's terms: the rule (document number) defining each, and its words' index terms."""


def definition_bonus(definitions: Definitions, units: Sequence[Unit],
                     scores: dict[int, float]) -> dict[int, float]:
    """Raise the rule that defines a glossary term when the query is that term and no more.

    ``melds`` or ``what are melds`` asks what a meld is: the glossary's first rule for
    ``meld (per)`` answers that, before the rules on invalid melds or laying off.
    """
    per_unit = [unit_terms(unit, synonyms=False) for unit in units]
    terms = set().union(*per_unit)
    defined = {
        doc for doc, words in definitions
        if all(not word.isdisjoint(terms) for word in words)
        and all(any(not word.isdisjoint(own) for word in words) for own in per_unit)
    }
    return {doc: score * (1.0 + DEFINITION_BONUS) if doc in defined else score
            for doc, score in scores.items()}
