"""The index on disk, in generations, and one generation opened with what its queries need.

Each build goes to a fresh directory beside the live one, and a pointer file (``CURRENT``),
replaced with :func:`os.replace`, names the live one, so a rebuild shows at the next search
and never half-built. A generation never changes once built.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index  # type: ignore[import-untyped]
from whoosh.scoring import BM25F  # type: ignore[import-untyped]

from rules_data.loader import Rulebook
from rules_data.schema import LANGS
from rules_data.search.documents import KINDS, make_schema, meta
from rules_data.search.highlighting import Highlighter, RuleText
from rules_data.search.query import QueryReader
from rules_data.search.ranking import (
    BM25_B,
    BM25_K1,
    TABLE_PRIOR,
    Definitions,
    PhraseIndex,
    Ranker,
    Places,
)

POINTER = "CURRENT"
LOCK = ".lock"
META = "hakem-meta.json"


# --- writing generations -------------------------------------------------------------------------

def write_generation(directory: Path, book: Rulebook, docs: Iterable[dict[str, str]]) -> str:
    """Write ``docs`` (the book's documents) as a new generation in ``directory``; its name.

    Nothing is left behind if it fails; the generation is not live until :func:`switch`.
    """
    name = f"gen-{time.time_ns():x}-{book.content_hash[:8]}"
    tmp = directory / f".tmp-{name}"
    tmp.mkdir()
    try:
        ix = whoosh_index.create_in(str(tmp), make_schema(book.compounds))
        writer = ix.writer()
        try:
            for doc in docs:
                writer.add_document(**doc)
        except BaseException:
            writer.cancel()
            raise
        writer.commit()
        ix.close()
        _write_file(tmp / META, json.dumps(meta(book), ensure_ascii=False))
        _fsync_dir(tmp)
        os.rename(tmp, directory / name)
        _fsync_dir(directory)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return name


def _write_file(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_pointer(directory: Path) -> str | None:
    """The name of the live generation, or None when there is none yet."""
    try:
        name = (directory / POINTER).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return name or None


def switch(directory: Path, name: str) -> None:
    """Make generation ``name`` the live one, atomically."""
    tmp = directory / f".{POINTER}.{os.getpid()}"
    _write_file(tmp, name + "\n")
    os.replace(tmp, directory / POINTER)
    _fsync_dir(directory)


def clean(directory: Path, keep: set[str]) -> None:
    """Remove old generations and leftovers of interrupted builds, keeping ``keep``.

    The previous generation is kept too, so a process that read the pointer just before the
    switch can still open it.
    """
    for path in directory.iterdir():
        if path.is_dir() and path.name not in keep and (
            path.name.startswith("gen-") or path.name.startswith(".tmp-gen-")
        ):
            shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def build_lock(directory: Path) -> Iterator[None]:
    """One builder at a time across processes (two app workers may start together)."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / LOCK, "a+") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


# --- one generation, opened ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class StoredRule:
    """What a hit shows of a rule, per language: its title and its text read for snippets."""

    id: str
    variants: tuple[str, ...]
    titles: Mapping[str, str]
    texts: Mapping[str, RuleText]


def _places(rules: Mapping[int, StoredRule]) -> Places:
    """Per language and word form, the rules whose text has it, in which sentences and at
    which words, packed in one int (see :class:`Places`): what ``Ranker.text_bonus`` reads.
    Each language's bits lie above the last language's, a bit apart, so a word's places in
    every language make one int, and no sentence or pair of neighbours spans two languages."""
    sentences = words = 0
    for rule in rules.values():
        for text in rule.texts.values():
            for held, places in text.places.values():
                sentences = max(sentences, held.bit_length())
                words = max(words, places.bit_length())
    bits = len(LANGS) * (sentences + 1)
    forms: dict[str, dict[int, dict[int, int]]] = {lang: {} for lang in LANGS}
    for docnum, rule in rules.items():
        for k, lang in enumerate(LANGS):
            for form, (held, places) in rule.texts[lang].places.items():
                forms[lang].setdefault(form, {})[docnum] = (
                    held << k * (sentences + 1) | places << k * (words + 1) << bits)
    return Places(forms, bits)


class Generation:
    """An opened, immutable index generation with what its queries need, derived once: each
    rule's stored fields and texts read for highlighting, the terms of each field, and
    (as queries ask for them) each term's BM25F scores.

    Whoosh is asked only for a term not seen before, through one searcher per process (a
    forked worker opens its own), which its threads take in turn: such terms are rare once
    the index is warm, and each searcher holds about 5 MiB.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = path.name
        self.warmed = False
        data = json.loads((path / META).read_text(encoding="utf-8"))
        self.content_hash: str = data["content_hash"]
        self.code: str = data["code"]
        self.ix = whoosh_index.open_dir(str(path))
        self.schema = self.ix.schema
        analyzers = {lang: self.schema[f"body_{lang}"].analyzer for lang in LANGS}
        vocabulary: dict[str, list[Any]] = data["vocabulary"]
        self._open: tuple[int, Any] | None = None
        """This process's Whoosh searcher, with the process id that opened it."""
        self._lock = threading.Lock()
        self._postings: dict[tuple[str, str], dict[int, float]] = {}
        searcher = self._searcher()  # no other thread knows this generation yet
        reader = searcher.reader()
        lexicon = {
            lang: {kind: frozenset(reader.field_terms(f"{kind}_{lang}"))
                   for kind in (*KINDS, "pre")}
            for lang in LANGS
        }
        self.query = QueryReader(
            analyzers, lexicon, {key: (str(v[0]), int(v[1])) for key, v in vocabulary.items()},
            data["synonyms"], data.get("topic", {}), data.get("preferred", {}))
        self.highlighter = highlighter = Highlighter(analyzers)
        self.rules: dict[int, StoredRule] = {
            docnum: StoredRule(
                fields["id"], tuple(fields["variants"].split()),
                {lang: fields[f"title_{lang}"] for lang in LANGS},
                {lang: highlighter.read(fields[f"text_{lang}"], lang) for lang in LANGS})
            for docnum, fields in searcher.iter_docs()
        }
        self.docnums = docnums = {rule.id: docnum for docnum, rule in self.rules.items()}
        self.entries: dict[str, frozenset[int]] = {
            key: frozenset(docnums[rule] for rule in rules if rule in docnums)
            for key, rules in data.get("entries", {}).items()}
        """Per title or keyword of two or more words (see ``documents.entry_key``), the
        rules it is one of."""
        self.entry_words = max((key.count(" ") + 1 for key in self.entries), default=0)
        """The most words of an entry: a longer query is none."""
        table = frozenset(data.get("table", ()))
        definitions: Definitions = tuple(
            (docnums[rule], tuple(frozenset(word) for word in words))
            for rule, words in data.get("definitions", ()) if rule in docnums
        )
        self.ranker = Ranker(
            self.postings,
            {docnum: TABLE_PRIOR for rule, docnum in docnums.items() if rule in table},
            PhraseIndex({docnums[rule]: phrases
                         for rule, phrases in data.get("phrases", {}).items()
                         if rule in docnums}),
            definitions,
            {variant: frozenset(docnum for docnum, rule in self.rules.items()
                                if variant in rule.variants) for variant in ("101", "plain")},
            frozenset(docnums[rule] for rule in data.get("penalties", ()) if rule in docnums),
            {docnums[rule]: docnums[general] for rule, general in data.get("refines", {}).items()
             if rule in docnums and general in docnums},
            _places(self.rules), highlighter,
            {docnums[rule]: tuple(tuple(frozenset(word) for word in words) for words in titles)
             for rule, titles in data.get("titles", {}).items() if rule in docnums})

    def _searcher(self) -> Any:
        """This process's searcher of this generation, opened on first use; call it with
        the lock held (a searcher reads its files through one position)."""
        if self._open is None or self._open[0] != os.getpid():
            self._open = (os.getpid(), self.ix.searcher(weighting=BM25F(B=BM25_B, K1=BM25_K1)))
        return self._open[1]

    def open_searcher(self) -> None:
        """Open this process's searcher now rather than at the first term not seen yet
        (a forked worker, before it serves: about 7 ms)."""
        with self._lock:
            self._searcher()

    def release(self) -> None:
        """Close this process's searcher; the next new term opens one again. Done after the
        warm-up, so that workers forked after it do not each carry one they cannot use."""
        with self._lock:
            opened, self._open = self._open, None
        if opened is not None and opened[0] == os.getpid():
            with contextlib.suppress(Exception):
                opened[1].close()

    def postings(self, field: str, text: str) -> dict[int, float]:
        """The BM25F score of each rule containing a term (by document number).

        Kept for the life of the generation, which never changes once built.
        """
        key = (field, text)
        found = self._postings.get(key)
        if found is None:
            with self._lock:
                found = self._postings.get(key)
                if found is None:
                    found = {}
                    matcher = self._searcher().postings(field, text)
                    while matcher.is_active():
                        found[matcher.id()] = matcher.score()
                        matcher.next()
                    if len(self._postings) > 200_000:
                        self._postings.clear()
                    self._postings[key] = found
        return found

    def close(self) -> None:
        """Close the searcher this process opened, and the index."""
        self.release()
        self.ix.close()
