"""How rules rank for a query: the weights, each rule's BM25F score summed over the typed
words, the share of them it holds (coordination), and the leads for a title or keywords that
answer the whole question, a whole title phrase, a glossary definition, the rules table and
one sentence holding the question's words.

Every number that tunes the order of results is here (the query reader takes its boosts from
this module too).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules_data import LANGS, analysis
from rules_data.analysis import NEGATION
from rules_data.search.highlighting import Highlighter, mark_terms
from rules_data.search.units import Alternatives, Unit, unit_terms

FIELD_BOOST = {"title": 2.0, "kw": 2.0, "body": 1.0, "extra": 0.5, "asked": 1.1, "pre": 0.5}
DISPLAY_BOOST = 1.2
"""A small lead for the display language: a player mostly types in the language they read."""
SYNONYM_BOOST = 0.35
FUZZY_BOOST = 0.7
REAL_NEAR_BOOST = 0.2
"""What a real word the rule book does not know counts as its nearest known word (``paris``
as pairs, ``pints`` as points): a typo that made another real word is never "corrected" and
never suggested, but may still be what the player meant, so it counts a little."""
STOP_ELSEWHERE = 0.0
"""The weight of a word's readings in other languages when it is a stop word in one of them
(English "is" read as Turkish "iş"); none at all when it is one in the display language."""
TIEBREAK = 0.25
"""How much a word's other matching fields add to its best one."""
BM25_B, BM25_K1 = 0.9, 1.2
"""BM25F length normalisation and term saturation: nearly full normalisation, so a word in a
short title or keyword outweighs the same word in a long body."""
PHRASE_BONUS = 0.15
"""A rule's lead per word of the longest title or keyword phrase the query holds whole."""
DEFINITION_BONUS = 0.1
"""The lead of the rule that defines a glossary term, for a query that is just the term."""
ENTRY_BONUS = 1.3
"""The lead of a rule whose title or keyword the query is, word for word (see
:func:`entry_bonus`)."""
NEGATED_BOOST = 2.0
"""A negated stem (``¬open``: the player who did not open) counts this much more than the
stem, so that a negated question prefers the rule about the negated case."""
NEGATED_POSITIVE = 0.5
"""What the positive stem of a negated word (``open`` of ``did not open``) counts: the rule
about the player who did open is the case the question rules out."""
TABLE_PRIOR = 1.35
"""A mild lead for the table's own rules over the rules that refine or vary them: a query
that names no variant or exception most often asks for the common rule. The table is 101
Okey's, so a query that names plain Okey gets none of it."""
COORDINATION = 0.5
"""How much a rule loses for each word of the query it lacks: its score times the share of
the query's words it holds, to this power (see :meth:`Ranker.coordination`)."""
SENTENCE_BONUS = 0.5
"""The lead of a rule with one sentence holding the query's words, times the square of the
share it holds (see :meth:`Ranker.text_bonus`)."""
ADJACENT_BONUS = 0.2
"""The lead of a rule whose text has the query's neighbouring words side by side, times the
share of them it has so (see :meth:`Ranker.text_bonus`)."""
SENTENCES_READ = 15
"""How many of the best rules are read word by word for ``SENTENCE_BONUS`` and
``ADJACENT_BONUS``."""
COVER_BONUS = 1.5
"""The lead of a rule whose title or keywords answer the whole question (see :meth:`Ranker.cover_bonus`),
times the square of the share of the query's words they hold."""
ASKED_COVER = 0.2
"""What a word counts for in :meth:`Ranker.cover_bonus` when only the rule's players'
questions (``asked.yaml``) hold it, not its title or keywords: a fifth of a word."""
CONSEQUENCE_LEAD = 1.2
"""The lead of the penalty rules when a query asks what follows from an act (``ceza``,
``was passiert``, ``what now``; rules_data/vocabulary.yaml): the opening rule holds the
words of "opened with only 90 points", the penalty for opening short answers it."""
VARIANT_LEAD = 2.0
"""The lead of a variant's rules when the query names the variant: named plain Okey, the 101
Okey rule on the same case (finishing with the joker, the winner) would otherwise win on the
table's prior; named 101 Okey (``bei 101``), plain Okey's rule on 12-13-1 would win on its
words."""
SHARED_LEAD = 1.75
"""The lead, when a query names a variant, of its rules that the other variant has too (the
turn, the direction of play): less than ``VARIANT_LEAD``, so that the rule of the named
variant alone, the more specific, answers before the shared one (``normal okeyde 15 taşı olan
desteden çeker mi``: plain Okey's deal, 206, before the turn of both variants, 205)."""
REFEREE_LEAD = 2.0
"""The lead of the rules the referee's ruling rests on when a query names tiles (``mavi 10
kırmızı 10 mavi 10 per olur mu``: 404, invalid): the ruling answers what the words ask."""
LEAD_FLOOR = 0.8
"""The least the best of the rules a ruling rests on scores, as a share of the best rule's
score; the others rise as much, and keep their order. A question that tells a case (``went out
on a tile that fit someone's run``: 707) names few of the words of the rule that rules on it,
and ``REFEREE_LEAD`` alone would leave it below the broad rules that hold them."""
SUGGEST_MARGIN = 1.25
"""How much better the best rule of a mended query must score than that of the query as typed
(without the unknown words) for the search to suggest it; else no "did you mean" is shown,
and the mended word counts only as a near match (``FUZZY_BOOST``)."""
COMPOUND_BOOST = 0.9
"""A German compound's parts all found (``Joker`` and ``Abwurf`` for ``Jokerabwurf``)."""
WHOLE_BOOST = 0.3
"""A German compound found as one word, on top of its parts: ``Spielsteine`` itself names
the tile set more surely than ``Spiel`` and ``Steine`` apart."""
PART_BOOST = 0.35
"""One part of a compound found alone."""


UnitScores = tuple[dict[int, float], dict[int, float], dict[int, float]]
"""One typed word's scores per rule: its own clause, its synonym clause, its compound match."""
Postings = Callable[[str, str], Mapping[int, float]]
"""A term's BM25F score in each rule that has it (by document number): ``postings(field, term)``."""
Cover = tuple[frozenset[int], frozenset[int], frozenset[int]]
"""One typed word's rules for the cover bonus: those whose title or keywords hold it, those
whose title holds only the positive of the negated word (they count against), and those
whose players' questions hold it (they count ``ASKED_COVER``)."""


class Ranker:
    """Orders one generation's rules for a query.

    A typed word's scores (what :meth:`word` and :meth:`unit` compute) are kept for the life
    of the generation, which never changes once built, up to ``WORD_CACHE`` of each.
    """

    WORD_CACHE = 5_000

    def __init__(self, postings: Postings, prior: Mapping[int, float], phrases: PhraseIndex,
                 definitions: Definitions,
                 variants: Mapping[str, frozenset[int]] | None = None,
                 penalties: frozenset[int] = frozenset(),
                 refines: Mapping[int, int] | None = None,
                 places: Places | None = None,
                 highlighter: Highlighter | None = None,
                 titles: Mapping[int, Titles] | None = None) -> None:
        self.postings = postings
        self.prior = prior
        self.phrases = phrases
        self.definitions = DefinitionIndex(definitions)
        self.variants = dict(variants or {})
        """Each variant's rules (by document number), which lead when a query names it."""
        self.shared = frozenset.intersection(*self.variants.values()) if self.variants \
            else frozenset()
        """The rules every variant has, which lead less (``SHARED_LEAD``)."""
        self.penalties = penalties
        """The penalty rules, which lead when a query asks what follows from an act."""
        self.refines = dict(refines or {})
        """Each refining rule's general rule (by document number): see :meth:`refined`."""
        self.places = places or Places({}, 0)
        """Per language and form of the rule texts' words, where each rule's text has it
        (see :meth:`text_bonus`)."""
        self.highlighter = highlighter
        self.title_words: dict[str, list[tuple[int, int, int]]] = {}
        """Per index term, the rule titles that hold it: (rule, title, word of the title)."""
        self.title_sizes: dict[tuple[int, int], int] = {}
        """Per rule title (a rule's, in one language), its number of words."""
        for doc, doc_titles in (titles or {}).items():
            for t, title in enumerate(doc_titles):
                self.title_sizes[doc, t] = len(title)
                for w, word in enumerate(title):
                    for term in word:
                        self.title_words.setdefault(term, []).append((doc, t, w))
        self._words: dict[Alternatives, dict[int, float]] = {}
        self._units: dict[Unit, dict[int, float]] = {}
        self._covers: dict[Unit, Cover] = {}
        self._matched: dict[Unit, frozenset[int]] = {}
        self._held: dict[tuple[Unit, ...], dict[int, int]] = {}

    def rank(self, units: Sequence[Unit], named: str | None = None,
             consequence: bool = False, absent: int = 0) -> list[tuple[int, float]]:
        """The rules matching a query, best first: ``(document number, score)``; ``named``
        is the variant the query names, whose rules then lead (``VARIANT_LEAD``, or
        ``SHARED_LEAD`` for a rule both variants have), and ``consequence`` is set when it
        asks what follows from an act, and the penalty rules lead (``CONSEQUENCE_LEAD``).
        ``absent`` typed words are not in ``units`` (a word the speller mended, when the
        query is scored as typed): no rule holds them, and the shares of the query's words
        that a rule holds count them."""
        # the table is 101 Okey's: its prior says nothing of plain Okey
        scores = self.score(units, prior=named != "plain")
        scores = self.coordination(units, self.refined(units, scores), absent)
        if named is not None:
            scores = {doc: value * self.variant_lead(named, doc) for doc, value in scores.items()}
        if consequence:
            scores = {doc: value * CONSEQUENCE_LEAD if doc in self.penalties else value
                      for doc, value in scores.items()}
        named_apart = without_variant_words(units)
        scores = self.cover_bonus(named_apart, scores)
        scores = phrase_bonus(self.phrases, named_apart, scores)
        scores = definition_bonus(self.definitions, units, scores)
        return self.text_bonus(units, sorted(scores.items(),
                                             key=lambda item: (-item[1], item[0])), absent)

    def variant_lead(self, named: str, doc: int) -> float:
        """How much a rule leads when the query names the variant ``named``: ``VARIANT_LEAD``
        for a rule of that variant alone, ``SHARED_LEAD`` for one every variant has, else 1."""
        if doc not in self.variants.get(named, ()):
            return 1.0
        return SHARED_LEAD if doc in self.shared else VARIANT_LEAD

    def text_bonus(self, units: Sequence[Unit], ranked: list[tuple[int, float]],
                   absent: int = 0) -> list[tuple[int, float]]:
        """Raise the best rules by how closely their text holds the query's words.

        - **One sentence**: times ``1 + SENTENCE_BONUS * s ** 2``, where ``s`` is the share of
          the words its fullest sentence holds. The answer to ``is my discard pile face up or
          face down`` is a sentence, where a broad rule has the words strewn about.
        - **Side by side**: times ``1 + ADJACENT_BONUS * a``, where ``a`` is the share of the
          query's neighbouring words that stand next to each other, in order, in the text
          (``elden bitti``, ``discard pile``, ``falscher Joker``).

        Only the words some rule holds count. A synonym phrase (``face up tile`` for the
        indicator) holds the words it stands for where its synonym is. Negated words and
        their cues (``not``, ``nicht``) are left out: a text's words are read one by one, and
        ``not`` somewhere is not ``¬open``. The ``SENTENCES_READ`` best rules are read, in
        each language. A bonus only raises, so those below stay below.
        """
        words = [unit for unit in units if not unit[0].stands_for and not negated(unit)
                 and not is_negation_cue(unit) and self.matched(unit)]
        if len(words) + absent < 2 or not words or self.highlighter is None:
            return ranked
        phrases = [unit for unit in units if unit[0].stands_for]
        held = [self.held_places((word, *(phrase for phrase in phrases
                                           if word in phrase[0].stands_for)))
                for word in words]
        n = len(words) + absent
        bits = self.places.sentence_bits
        sentence = (1 << bits) - 1
        head: list[tuple[int, float]] = []
        for doc, score in ranked[:SENTENCES_READ]:
            rows = [found.get(doc, 0) for found in held]
            present = [row & sentence for row in rows if row]
            most, side = len(present), 0
            if most >= 2:
                most = fullest(present)
                side = sum(1 for a, b in zip(rows, rows[1:]) if (a >> bits << 1) & (b >> bits))
            head.append((doc, score * (1.0 + SENTENCE_BONUS * (most / n) ** 2)
                         * (1.0 + ADJACENT_BONUS * side / (n - 1))))
        head.sort(key=lambda item: (-item[1], item[0]))
        return head + ranked[SENTENCES_READ:]

    def held_places(self, units: tuple[Unit, ...]) -> dict[int, int]:
        """Where one typed word, ``units[0]``, or a synonym phrase standing for it,
        ``units[1:]``, is in each rule's text (a word of it they mark, as a snippet would):
        per rule, its sentences and its words in every language, packed in one int (see
        :class:`Places`). Kept like the word's scores."""
        found = self._held.get(units)
        if found is None:
            highlighter = self.highlighter
            assert highlighter is not None
            found = {}
            for lang, table in self.places.forms.items():
                forms = frozenset().union(*(highlighter.matching(lang, mark_terms([unit], lang))
                                            for unit in units))
                for form in forms:
                    for doc, packed in table.get(form, {}).items():
                        found[doc] = found.get(doc, 0) | packed
            if len(self._held) >= self.WORD_CACHE:
                self._held.clear()
            self._held[units] = found
        return found

    def word(self, alternatives: Alternatives) -> dict[int, float]:
        """Each rule's score for one word of a clause: its best field kind (title, keywords,
        body, extra, prefix; any language), plus ``TIEBREAK`` of each other kind."""
        found = self._words.get(alternatives)
        if found is not None:
            return found
        by_kind: dict[int, dict[str, float]] = {}
        for field, text, boost in alternatives:
            kind = field.partition("_")[0]
            for doc, score in self.postings(field, text).items():
                kinds = by_kind.setdefault(doc, {})
                score *= boost
                if score > kinds.get(kind, 0.0):
                    kinds[kind] = score
        found = {}
        for doc, kinds in by_kind.items():
            best = max(kinds.values())
            found[doc] = best + TIEBREAK * (sum(kinds.values()) - best)
        if len(self._words) >= self.WORD_CACHE:
            self._words.clear()
        self._words[alternatives] = found
        return found

    def unit(self, unit: Unit) -> dict[int, float]:
        """Each rule's score for one typed word: its best own clause, plus its best synonym
        clause, plus its best match as one compound word (kept added up, for :meth:`score`)."""
        found = self._units.get(unit)
        if found is not None:
            return found
        best: UnitScores = ({}, {}, {})
        for clause in unit:
            words = [self.word(alts) for alts in clause.words]
            group = best[2 if clause.whole else int(clause.synonym)]
            for doc in set(words[0]).intersection(*words[1:]):
                score = clause.boost * sum(w[doc] for w in words)
                if score > group.get(doc, 0.0):
                    group[doc] = score
        found = dict(best[0])
        for group in best[1:]:
            for doc, score in group.items():
                found[doc] = found.get(doc, 0.0) + score
        if len(self._units) >= self.WORD_CACHE:
            self._units.clear()
        self._units[unit] = found
        return found

    def score(self, units: Sequence[Unit], prior: bool = True) -> dict[int, float]:
        """Each rule's score: per unit its best clause, summed over the units, times the
        rule's ``TABLE_PRIOR`` unless ``prior`` is false.

        Each term scores by BM25F (Whoosh's), times its boost (see :meth:`word`). A clause of
        several words needs them all. A typed word scores by its best own clause plus its best
        synonym clause (and a German compound, by its best parts clause plus its match as one
        word).
        """
        total: dict[int, float] = {}
        for unit in units:
            for doc, score in self.unit(unit).items():
                total[doc] = total.get(doc, 0.0) + score
        if not prior:
            return total
        return {doc: score * self.prior.get(doc, 1.0) for doc, score in total.items()}

    def refined(self, units: Sequence[Unit], scores: dict[int, float]) -> dict[int, float]:
        """Take ``TABLE_PRIOR`` from a general rule when the query names what sets one of its
        refinements (an exception or option) apart: a word in the refinement's title or
        keywords and not in the general rule's (``Anzeiger 13`` of the okey after 13), or the
        whole of the refinement's title in a language where the general rule's is not whole
        (``falscher Joker``, the fake joker's title, where jokers' is ``echter und falscher
        Joker``). Where no prior was given (plain Okey named), the general rule still loses
        that share against its refinement (``einfaches Okey … 12 13 1``: 407 before 404)."""
        if not self.refines or not units:
            return scores
        pairs = [(rule, general) for rule, general in self.refines.items()
                 if rule in scores and general in scores]
        if not pairs:
            return scores
        covers = [self.cover(unit)[0] for unit in units]
        demoted = {general for rule, general in pairs
                   if any(rule in found and general not in found for found in covers)}
        if any(general not in demoted for _, general in pairs):
            held = self.titles_held(units)
            demoted |= {general for rule, general in pairs if rule in held and general not in held}
        if not demoted:
            return scores
        return {doc: score / self.prior.get(doc, 1.0) if doc in demoted else score
                for doc, score in scores.items()}

    def titles_held(self, units: Sequence[Unit]) -> set[int]:
        """The rules whose title, in some language, the query's words hold every word of."""
        hits: dict[tuple[int, int], set[int]] = {}
        found = self.title_words
        for unit in units:
            for clause in unit:
                if clause.synonym:
                    continue
                for term in clause.terms:
                    for doc, title, word in found.get(term, ()):
                        hits.setdefault((doc, title), set()).add(word)
        return {doc for (doc, title), words in hits.items()
                if len(words) == self.title_sizes[doc, title]}

    def coordination(self, units: Sequence[Unit], scores: dict[int, float],
                     absent: int = 0) -> dict[int, float]:
        """Take from each rule by the share of the query's words it holds anywhere, to the
        power ``COORDINATION``: a rule holding every word the question asks about is more
        likely its answer than one that holds fewer words more often.

        Only the words some rule holds count. A synonym phrase (``go out``) holds each of
        the words it is made of; one naming a variant (``normal okey``) only in that
        variant's rules. A negated word is held by its negated stems only.
        """
        words = [unit for unit in units if not unit[0].stands_for]
        if len(words) + absent < 2:
            return scores
        held: dict[int, int] = {}  # per rule, the words it holds as the bits of an int
        live = 0
        for k, unit in enumerate(words):
            docs = self.matched(unit)
            if docs:
                live |= 1 << k
            for doc in docs:
                held[doc] = held.get(doc, 0) | 1 << k
        for unit in units:
            if unit[0].stands_for:
                docs = self.matched(unit)
                if unit[0].names is not None:
                    docs &= self.variants.get(unit[0].names, frozenset())
                positions = 0
                for k, word in enumerate(words):
                    if word in unit[0].stands_for:
                        positions |= 1 << k
                if docs:
                    live |= positions
                for doc in docs:
                    held[doc] = held.get(doc, 0) | positions
        n = live.bit_count() + absent
        if n < 2:
            return scores
        return {doc: score * (held.get(doc, 0).bit_count() / n) ** COORDINATION
                for doc, score in scores.items()}

    def matched(self, unit: Unit) -> frozenset[int]:
        """The rules holding one typed word (by any clause); for a negated word, those
        holding its negated stems. Kept like the word's scores."""
        found = self._matched.get(unit)
        if found is not None:
            return found
        stems = [(field, text) for clause in unit for alts in clause.words
                 for field, text, _ in alts if text.startswith(NEGATION)]
        if stems:
            found = frozenset(doc for field, text in stems for doc in self.postings(field, text))
        else:
            found = frozenset(self.unit(unit))
        if len(self._matched) >= self.WORD_CACHE:
            self._matched.clear()
        self._matched[unit] = found
        return found

    def cover_bonus(self, units: Sequence[Unit], scores: dict[int, float]) -> dict[int, float]:
        """Specific before general: raise the rules whose title or keywords hold the question's
        words, by the square of the share they hold (``COVER_BONUS``).

        A rule about the case asked names it in its title or keywords; a broad rule only
        mentions it in its body. ``pairs player pays double`` is all in the title of the rule
        on the pairs player who does not finish, and only ``pairs`` in that of opening with
        pairs. A word counts when any of its clauses (or synonyms) is found there in any
        language. A negated word counts by its negated stems only, and a title holding just its
        positive (``without finishing`` against ``Finishing with a joker discard``) counts
        against the rule: that rule is about the case the question rules out. A synonym phrase
        of several typed words (``go out``) holds each of them where it is found; one naming
        a variant is given without them (:func:`without_variant_words`). A word only the
        rule's players' questions hold counts ``ASKED_COVER`` of a word: they say the case in
        players' words, but many of them, about more than the case alone.
        """
        if not units:
            return scores
        words = [unit for unit in units if not unit[0].stands_for]
        held: dict[int, set[int]] = {}
        asked: dict[int, set[int]] = {}
        against: dict[int, int] = {}
        for k, unit in enumerate(words):
            found, contrary, in_asked = self.cover(unit)
            for doc in found:
                held.setdefault(doc, set()).add(k)
            for doc in in_asked:
                asked.setdefault(doc, set()).add(k)
            for doc in contrary:
                against[doc] = against.get(doc, 0) + 1
        n = len(words)
        for unit in units:
            if unit[0].stands_for:
                # a phrase of several typed words answers them all (``go out`` for finishing)
                positions = {k for k, word in enumerate(words) if word in unit[0].stands_for}
                if not positions:
                    positions, n = {n}, n + 1
                for doc in self.cover(unit)[0]:
                    held.setdefault(doc, set()).update(positions)
        nothing: set[int] = set()

        def words_held(doc: int) -> float:
            own = held.get(doc, nothing)
            return (len(own) - against.get(doc, 0)
                    + ASKED_COVER * len(asked.get(doc, nothing) - own))

        return {doc: score * (1.0 + COVER_BONUS * (max(0.0, words_held(doc)) / n) ** 2)
                for doc, score in scores.items()}

    def cover(self, unit: Unit) -> Cover:
        """The rules one typed word counts for and against in :meth:`cover_bonus`, kept like
        the word's scores."""
        cached = self._covers.get(unit)
        if cached is not None:
            return cached
        is_negated = negated(unit)
        found: set[int] = set()
        positive: set[int] = set()
        titled: set[int] = set()
        asked: set[int] = set()
        for clause in unit:
            docs: set[int] | None = None
            asked_docs: set[int] | None = None
            for alts in clause.words:
                in_word: set[int] = set()
                in_asked: set[int] = set()
                for field, text, _ in alts:
                    kind = field.partition("_")[0]
                    if kind not in ("title", "kw", "asked"):
                        continue
                    if is_negated and not text.startswith(NEGATION):
                        if kind == "title":
                            positive.update(self.postings(field, text))
                    elif kind == "asked":
                        in_asked.update(self.postings(field, text))
                    else:
                        in_word.update(self.postings(field, text))
                        if kind == "title":
                            titled.update(self.postings(field, text))
                docs = in_word if docs is None else docs & in_word
                asked_docs = in_asked if asked_docs is None else asked_docs & in_asked
            found |= docs or set()
            asked |= asked_docs or set()
        cover = (frozenset(found), frozenset(positive - titled), frozenset(asked))
        if len(self._covers) >= self.WORD_CACHE:
            self._covers.clear()
        self._covers[unit] = cover
        return cover


@functools.lru_cache(maxsize=8192)
def negated(unit: Unit) -> bool:
    """Whether a typed word is read negated (``açmayan``, ``did not open``: ``¬aç``, ``¬open``):
    by its own clauses, not by a synonym phrase that holds a negation (``empty`` is no
    negated word for its synonym ``no tiles left``)."""
    return any(text.startswith(NEGATION) for clause in unit if not clause.synonym
               for alts in clause.words for _, text, _ in alts)


@functools.lru_cache(maxsize=8192)
def is_negation_cue(unit: Unit) -> bool:
    """Whether a typed word is a negation cue (``not``, ``keine``, ``hiç``), whose meaning the
    negated word after it carries: its own clause's prefix, the word as typed and folded, is
    one."""
    return any(field.startswith("pre_") and any(analysis.is_negation_cue(lang, text)
                                                for lang in LANGS)
               for clause in unit if not clause.synonym
               for alts in clause.words for field, text, _ in alts)


@dataclass(frozen=True)
class Places:
    """Per language and form of a rule text's word (see :class:`Highlighter`), the rules (by
    document number) whose text has it, each with the sentences and the words that are it as
    the bits of one int: the sentences below ``SENTENCE_BITS``, the words above. Each
    language's bits lie above the last one's, a bit apart, so that a word's places in all
    three make one int. Plain ints in plain dicts: the garbage collector never scans them."""

    forms: Mapping[str, Mapping[int, Mapping[int, int]]]
    sentence_bits: int


def fullest(masks: Sequence[int]) -> int:
    """How many of ``masks`` (each a word's sentences, as bits) one sentence holds at most.

    ``levels[k]`` holds the sentences with at least ``k + 1`` of the masks seen so far, so
    the count is a few operations on ints rather than a loop over sentences.

    >>> fullest([0b011, 0b110, 0b010])  # the middle sentence holds all three words
    3
    >>> fullest([0b001, 0b100]), fullest([])
    (1, 0)
    """
    levels: list[int] = []
    top = 0
    for mask in masks:
        k = top - 1
        while k >= 0:
            carried = levels[k] & mask
            if carried:
                if k + 1 == top:
                    levels.append(carried)
                    top += 1
                else:
                    levels[k + 1] |= carried
            k -= 1
        if top:
            levels[0] |= mask
        elif mask:
            levels.append(mask)
            top = 1
    return top


class PhraseIndex:
    """The rules' title and keyword phrases, each word as its index terms.

    A phrase is looked up by the terms of its rarest word: a query can hold the phrase only
    if it has one of them, so few phrases are checked word by word.
    """

    def __init__(self, phrases: Mapping[int, Sequence[Sequence[Sequence[str]]]]) -> None:
        self.docs: list[int] = []
        self.words: list[tuple[frozenset[str], ...]] = []
        for doc, doc_phrases in phrases.items():
            for phrase in doc_phrases:
                self.docs.append(doc)
                self.words.append(tuple(frozenset(word) for word in phrase))
        uses: dict[str, int] = {}
        for words in self.words:
            for word in words:
                for term in word:
                    uses[term] = uses.get(term, 0) + 1
        self.by_term: dict[str, list[int]] = {}
        for p, words in enumerate(self.words):
            rarest = min(words, key=lambda word: sum(uses[term] for term in word))
            for term in rarest:
                self.by_term.setdefault(term, []).append(p)

    def held(self, terms: set[str]) -> dict[int, int]:
        """Per rule, the word count of its longest phrase whose every word has one of ``terms``."""
        by_term = self.by_term
        held: dict[int, int] = {}
        checked: set[int] = set()
        for term in terms:
            for p in by_term.get(term, ()):
                if p in checked:
                    continue
                checked.add(p)
                words = self.words[p]
                for word in words:  # a loop, not all(): this runs for every query
                    if word.isdisjoint(terms):
                        break
                else:
                    doc = self.docs[p]
                    if len(words) > held.get(doc, 1):
                        held[doc] = len(words)
        return held


def entry_bonus(docs: frozenset[int],
                ranked: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Raise by ``ENTRY_BONUS`` the rules of which the query is a title or keyword word for
    word, question words and all: ``who deals`` is a keyword of choosing the dealer (201),
    where its words apart (``deal``) find the rule on dealing (202) first."""
    if not docs:
        return ranked
    return sorted(((doc, score * ENTRY_BONUS if doc in docs else score) for doc, score in ranked),
                  key=lambda item: (-item[1], item[0]))


def without_variant_words(units: Sequence[Unit]) -> Sequence[Unit]:
    """The units of a query but the typed words that a phrase naming a variant stands for
    (``normal`` and ``okey`` in ``normal okey``), for the bonuses that read which words a
    title or keyword phrase holds: there the name counts once, as the variant, and its
    ``okey`` is not the joker that the title of plain Okey's joker finish (608) names."""
    named = {word for unit in units if unit[0].names is not None for word in unit[0].stands_for}
    return [unit for unit in units if unit not in named] if named else units


def phrase_bonus(phrases: PhraseIndex, units: Sequence[Unit],
                 scores: dict[int, float]) -> dict[int, float]:
    """Raise the rules whose title or a keyword phrase the query holds every word of.

    A query word (or its synonym) holds a phrase word when they share an index term. The
    longest phrase held counts: ``PHRASE_BONUS`` per word past the first. Words scored
    apart cannot tell ``13 then 1`` (invalid melds) from ``indicator 13`` plus a ``1``.
    """
    terms = set().union(*(unit_terms(unit, synonyms=True) for unit in units))
    held = phrases.held(terms)
    if not held:
        return scores
    return {doc: score * (1.0 + PHRASE_BONUS * (held.get(doc, 1) - 1))
            for doc, score in scores.items()}


Definitions = tuple[tuple[int, tuple[frozenset[str], ...]], ...]
"""The glossary's terms: the rule (document number) defining each, and its words' index terms."""
Titles = tuple[tuple[frozenset[str], ...], ...]
"""A rule's title in each language, as its words' index terms."""


class DefinitionIndex:
    """The glossary's terms, looked up by the index terms of their words."""

    def __init__(self, definitions: Definitions) -> None:
        self.definitions = definitions
        self.by_term: dict[str, list[int]] = {}
        for d, (_, words) in enumerate(definitions):
            for term in set().union(*words):
                self.by_term.setdefault(term, []).append(d)

    def defined(self, per_unit: Sequence[set[str]]) -> set[int]:
        """The rules defining a glossary term whose every word is one of the query's words
        and that every query word is a word of."""
        terms = set().union(*per_unit)
        candidates = {d for term in terms for d in self.by_term.get(term, ())}
        found: set[int] = set()
        for d in candidates:
            doc, words = self.definitions[d]
            if all(not word.isdisjoint(terms) for word in words) and all(
                    any(not word.isdisjoint(own) for word in words) for own in per_unit):
                found.add(doc)
        return found


def definition_bonus(definitions: DefinitionIndex, units: Sequence[Unit],
                     scores: dict[int, float]) -> dict[int, float]:
    """Raise the rule that defines a glossary term when the query is that term and no more.

    ``melds`` or ``what are melds`` asks what a meld is: the glossary's first rule for
    ``meld (per)`` answers that, before the rules on invalid melds or laying off.
    """
    defined = definitions.defined([unit_terms(unit, synonyms=False) for unit in units
                                   if not unit[0].stands_for])
    if not defined:
        return scores
    return {doc: score * (1.0 + DEFINITION_BONUS) if doc in defined else score
            for doc, score in scores.items()}
