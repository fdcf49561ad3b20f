"""Rule search: a Whoosh index of the rule book and the queries players type into it.

One document per rule, with fields per language and kind (``title_tr``, ``kw_de``, ``body_en``,
``extra_*`` for category and house-rule labels, ``pre_*`` for word prefixes). A query may be
in any of the three languages, so each typed word is read by all three analyzers; what it
becomes (its stems and prefixes, a German compound's parts, its synonyms from
``synonyms.yaml``, or for a word the index does not know its nearest known spelling) scores
each rule by the best field it matches (BM25F). A rule's score is the sum over the words,
raised a little when the query holds a whole title or keyword phrase of the rule, or is just
a glossary term the rule defines. Queries are built as data, never parsed: Whoosh's query
syntax means nothing here.

The parts: :mod:`.documents` (what is indexed), :mod:`.index` (generations on disk, and one
opened), :mod:`.query` (reading typed words), :mod:`.ranking` (the weights and the order),
:mod:`.highlighting` (snippets) and :mod:`.results`. This module holds :class:`SearchIndex`,
which always searches the live generation.

>>> import tempfile
>>> from rules_data import rulebook
>>> index = SearchIndex.build(Path(tempfile.mkdtemp()), rulebook())
>>> index.search("cift", "tr").hits[0].snippet.count("<mark>") > 0
True
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from rules_data.analysis import TOKEN
from rules_data.loader import Rulebook
from rules_data.schema import LANGS
from rules_data.search.documents import VOCABULARY, code_version, entry_key, plain_text
from rules_data.search.documents import documents as _documents
from rules_data.search.documents import vocabulary as _vocabulary
from rules_data.search.highlighting import mark_terms
from rules_data.search.index import POINTER, Generation, build_lock, clean, read_pointer, switch
from rules_data.search.index import Generation as _Generation
from rules_data.search.index import write_generation
from rules_data.search.query import (
    PAIR_WORDS,
    clean_query,
    game_without_101,
    load_word_lists,
    number_of,
    read_numbers,
    respell,
    suggestion,
    without_pair_count,
    without_variant_number,
)
from rules_data.search.ranking import LEAD_FLOOR, REFEREE_LEAD, SUGGEST_MARGIN, entry_bonus
from rules_data.search.units import Unit
from rules_data.search.results import (
    MAX_LIMIT,
    MAX_QUERY,
    VARIANT_CHOICES,
    Hit,
    Lead,
    QueryError,
    Results,
    ResultCache,
)

__all__ = [
    "MAX_LIMIT", "MAX_QUERY", "PAIR_WORDS", "POINTER", "VARIANT_CHOICES", "VOCABULARY", "Hit",
    "Lead",
    "QueryError",
    "Results", "SearchIndex", "_Generation", "_documents", "_vocabulary", "clean_query",
    "RESULT_CACHE", "code_version", "index_info", "number_of", "plain_text", "read_numbers",
]


RESULT_CACHE = 1024
"""How many answers a :class:`SearchIndex` keeps by default (``SEARCH_CACHE_SIZE``; 0: none)."""


T = TypeVar("T")


class SearchIndex:
    """The rule index in ``directory``, always searching its live generation.

    Each search checks the pointer file's identity (one ``stat``) and opens a new generation
    only when it changed. Answers are kept per query, language, variant, limit and generation,
    up to ``cache_size`` of them.
    """

    def __init__(self, directory: Path, cache_size: int = RESULT_CACHE) -> None:
        self.directory = Path(directory)
        self._pointer = str(self.directory / POINTER)
        self._lock = threading.Lock()
        self._live: tuple[tuple[int, int], Generation] | None = None
        """The pointer file's identity when last read, and the generation it named."""
        self.cache = ResultCache(cache_size)

    @classmethod
    def open_or_build(cls, directory: Path, book: Rulebook,
                      cache_size: int = RESULT_CACHE) -> SearchIndex:
        """Open the index, building it first if it is missing or stale (content or code)."""
        directory = Path(directory)
        with build_lock(directory):
            index = cls(directory, cache_size)
            try:
                current = index.is_current(book)
            except Exception:  # noqa: BLE001 - whatever is wrong with it, build a new one
                current = False
            if not current:
                index._rebuild(book)
        return index

    @classmethod
    def build(cls, directory: Path, book: Rulebook, cache_size: int = RESULT_CACHE) -> SearchIndex:
        """Build a new generation and make it live, whatever is there."""
        directory = Path(directory)
        with build_lock(directory):
            index = cls(directory, cache_size)
            index._rebuild(book)
        return index

    def _rebuild(self, book: Rulebook) -> None:
        previous = read_pointer(self.directory)
        name = write_generation(self.directory, book, _documents(book))
        switch(self.directory, name)
        clean(self.directory, {name} | ({previous} if previous else set()))

    def is_current(self, book: Rulebook) -> bool:
        """Whether the live generation indexes this rule book's content with this code."""
        gen = self._generation()
        return gen.content_hash == book.content_hash and gen.code == code_version()

    @property
    def generation(self) -> str:
        """The name of the live generation (for logs and tests)."""
        return self._generation().name

    def _generation(self) -> Generation:
        stat = os.stat(self._pointer)  # a str: no path joined per search
        key = (stat.st_ino, stat.st_mtime_ns)
        live = self._live
        if live is not None and live[0] == key:
            return live[1]
        with self._lock:
            if self._live is None or self._live[0] != key:
                name = read_pointer(self.directory)
                if name is None:
                    raise FileNotFoundError(f"no search index in {self.directory}")
                old = self._live[1] if self._live is not None else None
                gen = old
                if gen is None or gen.name != name:
                    try:
                        gen = Generation(self.directory / name)
                    except Exception as error:
                        if self._vanished(name):
                            raise _Vanished(name) from error
                        raise
                    self.cache.clear()
                self._live = (key, gen)
                if old is not None and old is not gen:
                    old.close()
            return self._live[1]

    def _vanished(self, name: str) -> bool:
        """Whether generation ``name`` is no longer the live one (a rebuild moved on)."""
        try:
            return read_pointer(self.directory) != name
        except OSError:
            return True

    def search(self, query: str, lang: str, variant: str = "all", limit: int = 10,
               lead: Lead = ()) -> Results:
        """Find the rules for ``query`` (any language), shown in ``lang``, of ``variant``.

        ``lead`` holds, per variant, the rules a check found for the query (the referee's
        ruling on what it names or tells): they rank ``REFEREE_LEAD`` higher, or more, until
        the best of them has ``LEAD_FLOOR`` of the best rule's score; one that no word of the
        query finds is listed after the others (see :func:`_leading`).

        :raises QueryError: for an unknown ``lang`` or ``variant``, or a query that is empty
            or longer than 200 characters. Anything else in the query, Whoosh syntax
            included, is read as plain words.
        """
        text = clean_query(query) if isinstance(query, str) else ""
        if lang not in LANGS:
            raise QueryError("bad_lang", f"unknown language {str(lang)[:20]!r}; use one of {LANGS}")
        if variant not in VARIANT_CHOICES:
            raise QueryError("bad_variant", f"unknown variant {str(variant)[:20]!r}; "
                                            f"use one of {VARIANT_CHOICES}")
        if not text:
            raise QueryError("empty", "the query is empty")
        if len(text) > MAX_QUERY:
            raise QueryError("too_long",
                             f"the query has {len(text)} characters; at most {MAX_QUERY}")
        limit = max(1, min(MAX_LIMIT, int(limit)))

        def run(gen: Generation) -> Results:
            key = (text, lang, variant, limit, gen.name, lead)
            found = self.cache.get(key)
            if found is None:
                found = _run(gen, text, lang, variant, limit, lead)
                self.cache.put(key, found)
            return found

        return self._on_live(run)

    def _on_live(self, work: Callable[[Generation], T]) -> T:
        """``work`` on the live generation, once more on the next if a rebuild removed it."""
        for attempt in (1, 2):
            name: str | None = None
            try:
                gen = self._generation()
                name = gen.name
                return work(gen)
            except Exception as error:
                # A generation removed under us (a rebuild cleaned it away between reading
                # the pointer and using it) fails in many ways: FileNotFoundError, Whoosh's
                # EmptyIndexError, a truncated file. The pointer has moved on: try once more.
                gone = isinstance(error, (_Vanished, FileNotFoundError)) or (
                    name is not None and self._vanished(name))
                if attempt == 2 or not gone:
                    raise
                with self._lock:
                    if self._live is not None:
                        self._live = ((-1, -1), self._live[1])  # read the pointer again
        raise AssertionError("unreachable")

    def open_searcher(self) -> None:
        """Open this process's Whoosh searcher of the live generation, which :meth:`warm`
        closed: a worker forked after the warm-up does so before it serves."""
        self._generation().open_searcher()

    @property
    def warmed(self) -> bool:
        """Whether :meth:`warm` has run on the generation now open."""
        return self._live is not None and self._live[1].warmed

    def warm(self, queries: Iterable[tuple[str, str]]) -> None:
        """Open the live generation, load the word lists and run ``queries`` (text, language)
        once, past the result cache, so that what the first searches would read (stems,
        terms, their scores) is ready before anyone asks. Whoosh's searcher is closed after:
        a worker forked from this process could not use it, and opens its own when a query
        brings a term not seen yet."""
        gen = self._generation()
        load_word_lists()
        for text, lang in queries:
            if text := clean_query(text):
                _run(gen, text, lang, "all", 10)
        gen.warmed = True
        gen.release()


class _Vanished(Exception):
    """The live generation named by the pointer could not be opened."""

    def __init__(self, name: str) -> None:
        super().__init__(f"search index generation {name} could not be opened")
        self.name = name


def _run(gen: Generation, text: str, lang: str, variant: str, limit: int,
         lead: Lead = ()) -> Results:
    tokens = TOKEN.findall(text)
    words = gen.query.near_english_particles(gen.query.join_particles(
        read_numbers(gen.query.split_glued(respell(tokens)))))
    without_101 = game_without_101(words)
    if without_101:  # the game without 101 is plain Okey, and its 101 no number of points
        words = [word for k, word in enumerate(words) if k not in without_101]
    units, corrections = gen.query.units(words, lang)
    suggested = mended = suggestion(text, words, corrections)
    read = [fixed or word for word, fixed in zip(words, corrections)]  # typos mended
    named = "plain" if without_101 else gen.query.names_variant(read)
    consequence = gen.query.asks_consequence(read)
    leading = _leading(gen, lead, variant, named)
    if not leading and (not units or not gen.query.on_topic(words, corrections, lang)):
        return Results(text, lang, variant, None, (), mended)
    hits: list[Hit] = []
    units = _trimmed(words, units, named)
    ranked = gen.ranker.rank(units, named, consequence) if units else []
    if len(tokens) <= gen.entry_words:  # no title or keyword is longer
        ranked = entry_bonus(gen.entries.get(entry_key(tokens), frozenset()), ranked)
    if suggested is not None and ranked:
        # suggest only when the mended query finds clearly better than the typed one; the
        # mended word still counts (at FUZZY_BOOST), as a near match does, without a
        # "did you mean". Suggested, the results are the mended query's, as if typed so.
        typed_units = [unit for unit in units if not any(c.mended for c in unit)]
        as_typed = gen.ranker.rank(typed_units, named, consequence,
                                   absent=len(units) - len(typed_units)) if typed_units else []
        if as_typed and ranked[0][1] < SUGGEST_MARGIN * as_typed[0][1]:
            suggested = None
        elif mended_units := _trimmed(read, gen.query.units(read, lang)[0], named):
            units = mended_units
            ranked = gen.ranker.rank(units, named, consequence)
    if leading:
        cited = {doc for group in leading for doc in group}
        best = max((score for doc, score in ranked if doc in cited), default=0.0)
        lift = max(REFEREE_LEAD, LEAD_FLOOR * ranked[0][1] / best) if best else REFEREE_LEAD
        ranked = sorted(((doc, score * lift if doc in cited else score)
                         for doc, score in ranked), key=lambda item: (-item[1], item[0]))
        found = {doc for doc, _ in ranked}
        ranked += [(doc, 0.0) for group in leading for doc in group if doc not in found]
    matching = gen.highlighter.matching(lang, mark_terms(units, lang))
    for docnum, score in ranked:
        rule = gen.rules[docnum]
        if variant != "all" and variant not in rule.variants:
            continue
        hits.append(Hit(
            id=rule.id,
            score=round(score, 4),
            title=rule.titles[lang],
            snippet=rule.texts[lang].snippet(matching),
            variants=rule.variants,
        ))
        if len(hits) == limit:
            break
    return Results(text, lang, variant, suggested, tuple(hits), mended)


def _trimmed(words: Sequence[str], units: list[Unit], named: str | None) -> list[Unit]:
    """The units of ``words`` without a 101 that names a variant, asked about or compared
    with (``named``), and without a count of pairs no rule says."""
    if named is not None:
        units = without_variant_number(words, units)
    return without_pair_count(words, units)


def _leading(gen: Generation, lead: Lead, variant: str, named: str | None) -> list[list[int]]:
    """The rules of ``lead`` (by document number), a group per variant: only the searched
    variant's, or the one the query names (``bei 101``, ``normal okeyde``), when the lead has
    it; else every variant's, 101 Okey's first. They rank ``REFEREE_LEAD`` higher, or as much
    more as ``LEAD_FLOOR`` asks; a rule no word of the query finds follows the others."""
    asked = variant if variant != "all" else named
    if any(name == asked for name, _ in lead):
        lead = tuple(item for item in lead if item[0] == asked)
    elif asked is not None:
        return []  # a ruling of the other variant only: no answer to the one asked about
    order = sorted(lead, key=lambda item: item[0] != "101")
    return [found for _, rules in order
            if (found := [gen.docnums[rule] for rule in rules if rule in gen.docnums])]


def index_info(index: SearchIndex) -> Mapping[str, str]:
    """The live generation's name, content hash and code version, for ``flask build-index``."""
    gen = index._generation()
    return {"generation": gen.name, "content_hash": gen.content_hash, "code": gen.code}
