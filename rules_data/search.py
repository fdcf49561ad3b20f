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

The index lives in generations: each build goes to a fresh directory beside the live one, and
a pointer file (``CURRENT``), replaced with :func:`os.replace`, names the live one. A searcher
is opened per search, so a rebuild shows at the next search and never half-built.

>>> import tempfile
>>> from rules_data import rulebook
>>> index = SearchIndex.build(Path(tempfile.mkdtemp()), rulebook())
>>> index.search("cift", "tr").hits[0].snippet.count("<mark>") > 0
True
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import html
import json
import os
import re
import shutil
import threading
import time
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from whoosh import index as whoosh_index  # type: ignore[import-untyped]
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema  # type: ignore[import-untyped]
from whoosh.scoring import BM25F  # type: ignore[import-untyped]

from rules_data import analysis
from rules_data.analysis import TOKEN, fold, plain_lower, query_lower, turkish_lower
from rules_data.loader import Rulebook
from rules_data.schema import LANGS, LINK, Rule

VARIANT_CHOICES: tuple[str, ...] = ("101", "plain", "all")
MAX_QUERY = 200
"""The longest query accepted, in characters after stripping."""
MAX_LIMIT = 50

KINDS = ("title", "kw", "body", "extra")
"""The stemmed fields of each language."""
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
# A negated stem (``¬open``: the player who did not open) counts this much more than the
# stem, so that a negated question prefers the rule about the negated case.
NEGATED_BOOST = 2.0
"""The lead of the rule that defines a glossary term, for a query that is just the term."""
TABLE = "000"
"""The source document of the rules table: its own rules (101-802) are the book's backbone."""
TABLE_PRIOR = 1.35
"""A mild lead for the table's own rules over the rules that refine or vary them: a query
that names no variant or exception most often asks for the common rule."""

POINTER = "CURRENT"
LOCK = ".lock"
META = "hakem-meta.json"
VOCABULARY = Path(__file__).with_name("vocabulary.yaml")
_CODE = (Path(analysis.__file__), Path(__file__), VOCABULARY)


class QueryError(ValueError):
    """A search request that cannot be run; ``code`` says why, for a translated message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Hit:
    """One rule found: title and snippet in the display language.

    ``snippet`` is safe HTML: the text is escaped, and the only tags are ``<mark>…</mark>``
    around the words that matched.
    """

    id: str
    score: float
    title: str
    snippet: str
    variants: tuple[str, ...]


@dataclass(frozen=True)
class Results:
    """The answer to one search; ``suggestion`` is a corrected query when words were unknown."""

    query: str
    lang: str
    variant: str
    suggestion: str | None
    hits: tuple[Hit, ...]

    @property
    def status(self) -> str:
        """``matched`` (rules found as asked), ``suggested`` (found for a corrected query),
        or ``nothing`` (no rule answers it: off topic, or no word known)."""
        if not self.hits:
            return "nothing"
        return "suggested" if self.suggestion else "matched"


# --- building ----------------------------------------------------------------------------------

def code_version() -> str:
    """A fingerprint of the analysis and indexing code: an index built by other code is stale."""
    digest = hashlib.sha256()
    for path in _CODE:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def make_schema(compounds: Sequence[str]) -> Schema:
    """The index schema; ``compounds`` is the German word list for compound splitting."""
    fields: dict[str, Any] = {
        "id": ID(stored=True, unique=True),
        "variants": KEYWORD(stored=True),
    }
    for lang in LANGS:
        stem = analysis.analyzer(lang, compounds)
        for kind in KINDS:
            fields[f"{kind}_{lang}"] = TEXT(analyzer=stem, phrase=False, stored=kind == "title")
        fields[f"pre_{lang}"] = TEXT(analyzer=analysis.prefix_analyzer(lang), phrase=False)
        fields[f"text_{lang}"] = STORED()
    return Schema(**fields)


def plain_text(markdown: str, links: bool = True) -> str:
    """The text of a Markdown body as one line; ``[[404]]`` becomes ``404`` (or nothing).

    >>> plain_text("See **this** ([[404]]).\\n\\n- one\\n- two", links=False)
    'See this (). one two'
    """
    text = LINK.sub(lambda m: m.group(1) if links else "", markdown)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"^\s{0,3}(?:#{1,6}|[-*+]|\d+[.)]|>)\s+", "", text, flags=re.MULTILINE)
    text = re.sub(r"(\*\*|__|\*|`|\|)", "", text)
    return re.sub(r"\s+", " ", text).strip()


def is_table_rule(rule: Rule) -> bool:
    """Whether a rule is one of the rules table's own (not one it only points to)."""
    return any(ref.doc == TABLE and ref.rule in (None, rule.id) for ref in rule.sources)


def _documents(book: Rulebook) -> Iterator[dict[str, str]]:
    for rule in book:
        doc = {"id": rule.id, "variants": " ".join(rule.variants)}
        for lang in LANGS:
            body = plain_text(rule.text(lang), links=False)
            extra = _extra_text(book, rule, lang)
            doc[f"title_{lang}"] = rule.title[lang]
            doc[f"kw_{lang}"] = " , ".join(rule.keywords[lang])
            doc[f"body_{lang}"] = body
            doc[f"text_{lang}"] = plain_text(rule.text(lang), links=True)
            doc[f"extra_{lang}"] = extra
            doc[f"pre_{lang}"] = " ".join((rule.title[lang], *rule.keywords[lang], body))
        yield doc


def _extra_text(book: Rulebook, rule: Rule, lang: str) -> str:
    parts: list[str] = []
    category = book.categories.get(rule.category)
    if category is not None:
        parts.append(category.label[lang])
        sub = category.subcategories.get(rule.subcategory)
        if sub is not None:
            parts.append(sub[lang])
    if rule.house_rule is not None:
        parts.append(rule.house_rule.title[lang])
        parts.extend(choice.label[lang] for choice in rule.house_rule.choices)
    return " , ".join(parts)


def _vocabulary(book: Rulebook) -> dict[str, tuple[str, int]]:
    """Every folded word of the rule texts: its most common written form and document count."""
    forms: dict[str, dict[str, int]] = {}
    docs: dict[str, set[str]] = {}
    for rule in book:
        for lang in LANGS:
            texts = (rule.title[lang], *rule.keywords[lang], plain_text(rule.text(lang), False))
            for text in texts:
                for word in TOKEN.findall(text):
                    word = analysis.strip_apostrophe(word)
                    lower = turkish_lower(word) if lang == "tr" else plain_lower(word)
                    key = fold(lower)
                    if len(key) < 3 or analysis.is_stop(lang, key) or not key.isalpha():
                        continue
                    display = lower if lang == "tr" or word.islower() else word
                    counts = forms.setdefault(key, {})
                    counts[display] = counts.get(display, 0) + 1
                    docs.setdefault(key, set()).add(rule.id)
    return {
        key: (max(sorted(counts), key=lambda form: counts[form]), len(docs[key]))
        for key, counts in forms.items()
    }


def _preferred(book: Rulebook) -> dict[str, str]:
    """For each one-word term the glossary says to avoid (``Serie``, ``group``, ``takım``), the
    canonical word of its concept in that language, which the speller offers instead: "did you
    mean" speaks the rule book's words; ``""`` where the concept has no one-word term, and the
    speller offers nothing for it. Keywords keep the avoided words, so they still match."""
    preferred: dict[str, str] = {}
    for term in book.glossary:
        for lang in LANGS:
            words = [w for w in term.canonical[lang] if TOKEN.fullmatch(w)]
            lower = turkish_lower if lang == "tr" else plain_lower
            for avoided in term.avoid[lang]:
                if TOKEN.fullmatch(avoided):
                    preferred[fold(lower(analysis.strip_apostrophe(avoided)))] = \
                        words[0] if words else ""
    return preferred


def _word_terms(analyzer: Any, lang: str, text: str) -> list[list[str]]:
    """The index terms (``lang:term``) of each word of ``text`` that is no stop word."""
    words: list[list[str]] = []
    for word in TOKEN.findall(text):
        lower = turkish_lower(word) if lang == "tr" else plain_lower(word)
        terms = sorted({f"{lang}:{token.text}" for token in analyzer(lower)})
        if terms:
            words.append(terms)
    return words


def _phrases(book: Rulebook) -> dict[str, list[list[list[str]]]]:
    """Each rule's title and keyword phrases of two or more words, as each word's index terms.

    A query that holds every word of one of these phrases names the rule the way its title or
    a keyword does (see ``PHRASE_BONUS``).
    """
    analyzers = {lang: analysis.analyzer(lang, book.compounds) for lang in LANGS}
    found: dict[str, list[list[list[str]]]] = {}
    for rule in book:
        found[rule.id] = [
            words for lang in LANGS for text in (rule.title[lang], *rule.keywords[lang])
            if len(words := _word_terms(analyzers[lang], lang, text)) >= 2
        ]
    return found


def _definitions(book: Rulebook) -> list[tuple[str, list[list[str]]]]:
    """The glossary's terms, each as its words' index terms, with the rule it is defined in.

    A term's names in parentheses are names of their own (``meld (per)``). A query that is
    nothing but a glossary term asks what the term means (see ``DEFINITION_BONUS``).
    """
    analyzers = {lang: analysis.analyzer(lang, book.compounds) for lang in LANGS}
    return [
        (term.rules[0], words) for term in book.glossary if term.rules for lang in LANGS
        for name in re.split(r"[()]", term.term[lang])
        if (words := _word_terms(analyzers[lang], lang, name))
    ]


def _topic_terms(book: Rulebook) -> dict[str, list[str]]:
    """The index terms of Okey's own words: every word of the rule titles, keywords,
    glossary terms and synonyms (``okey``), the words of the keywords, glossary terms and
    synonyms themselves, folded, less stop words (``words``: titles ask questions), and the
    index terms of the words only Okey has (``only``). See ``vocabulary.yaml``; other games
    are matched by name, as typed."""
    data = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))
    analyzers = {lang: analysis.analyzer(lang, book.compounds) for lang in LANGS}

    def terms(texts: Iterable[str]) -> list[str]:
        return sorted({term for text in texts for lang in LANGS
                       for words in _word_terms(analyzers[lang], lang, text) for term in words})

    okey = [text for rule in book for lang in LANGS
            for text in (rule.title[lang], *rule.keywords[lang])]
    okey += [term.term[lang] for term in book.glossary for lang in LANGS]
    okey += [word for group in book.synonyms for word in group]
    named = [text for rule in book for lang in LANGS for text in rule.keywords[lang]]
    named += [term.term[lang] for term in book.glossary for lang in LANGS]
    named += [word for group in book.synonyms for word in group]
    plain = _typed(map(str, data["not_okey_words"]))
    words = sorted(word for word in _typed(w for text in named for w in TOKEN.findall(text))
                   if word not in plain and not any(analysis.is_stop(lang, word) for lang in LANGS))
    return {"okey": terms(okey), "only": terms(map(str, data["okey_only"])), "words": words}


def _build_generation(directory: Path, book: Rulebook) -> str:
    name = f"gen-{time.time_ns():x}-{book.content_hash[:8]}"
    tmp = directory / f".tmp-{name}"
    tmp.mkdir()
    try:
        ix = whoosh_index.create_in(str(tmp), make_schema(book.compounds))
        writer = ix.writer()
        try:
            for doc in _documents(book):
                writer.add_document(**doc)
        except BaseException:
            writer.cancel()
            raise
        writer.commit()
        ix.close()
        meta = {
            "content_hash": book.content_hash,
            "code": code_version(),
            "synonyms": [list(group) for group in book.synonyms],
            "table": [rule.id for rule in book if is_table_rule(rule)],
            "vocabulary": _vocabulary(book),
            "preferred": _preferred(book),
            "phrases": _phrases(book),
            "definitions": _definitions(book),
            "topic": _topic_terms(book),
        }
        _write_file(tmp / META, json.dumps(meta, ensure_ascii=False))
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


def _read_pointer(directory: Path) -> str | None:
    try:
        name = (directory / POINTER).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return name or None


def _switch(directory: Path, name: str) -> None:
    """Make generation ``name`` the live one, atomically."""
    tmp = directory / f".{POINTER}.{os.getpid()}"
    _write_file(tmp, name + "\n")
    os.replace(tmp, directory / POINTER)
    _fsync_dir(directory)


def _clean(directory: Path, keep: set[str]) -> None:
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
def _build_lock(directory: Path) -> Iterator[None]:
    """One builder at a time across processes (two app workers may start together)."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / LOCK, "a+") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


# --- queries -----------------------------------------------------------------------------------

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


Unit = tuple[Clause, ...]
"""The clauses of one typed word: a rule scores by its best own clause plus its best synonym."""


# --- one generation, opened --------------------------------------------------------------------

class _Generation:
    """An opened, immutable index generation with what its queries need, derived once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = path.name
        meta = json.loads((path / META).read_text(encoding="utf-8"))
        self.content_hash: str = meta["content_hash"]
        self.code: str = meta["code"]
        self.ix = whoosh_index.open_dir(str(path))
        self.schema = self.ix.schema
        self.analyzers = {lang: self.schema[f"body_{lang}"].analyzer for lang in LANGS}
        self.compounds: frozenset[str] = frozenset().union(*(
            item.words for item in self.analyzers["de"].items
            if isinstance(item, analysis.DecompoundFilter)
        ))
        vocabulary: dict[str, list[Any]] = meta["vocabulary"]
        self.vocabulary = {key: (str(v[0]), int(v[1])) for key, v in vocabulary.items()}
        self.preferred: dict[str, str] = dict(meta.get("preferred", {}))
        self.by_initial: dict[str, list[str]] = {}
        for key in sorted(self.vocabulary):
            self.by_initial.setdefault(key[0], []).append(key)
        with self.ix.reader() as reader:
            self.lexicon = {
                lang: {kind: frozenset(reader.field_terms(f"{kind}_{lang}"))
                       for kind in (*KINDS, "pre")}
                for lang in LANGS
            }
        table = frozenset(meta.get("table", ()))
        with self.ix.searcher() as searcher:
            docnums = {fields["id"]: docnum for docnum, fields in searcher.iter_docs()}
        self.prior = {docnum: TABLE_PRIOR for rule, docnum in docnums.items() if rule in table}
        self.phrases = _PhraseIndex({docnums[rule]: phrases
                                     for rule, phrases in meta.get("phrases", {}).items()
                                     if rule in docnums})
        self._cache: dict[tuple[str, ...], Unit] = {}
        self._cache_lock = threading.Lock()
        self._postings: dict[tuple[str, str], dict[int, float]] = {}
        self._word_forms: dict[tuple[str, str], tuple[frozenset[str], str]] = {}
        self.synonyms = _SynonymMap(self, meta["synonyms"])
        self.definitions = tuple(
            (docnums[rule], tuple(frozenset(word) for word in words))
            for rule, words in meta.get("definitions", ()) if rule in docnums
        )
        topic = meta.get("topic", {})
        self.topic, self.okey_only, self.topic_words = (
            frozenset(topic.get(key, ())) for key in ("okey", "only", "words"))

    def on_topic(self, units: Sequence[Unit], words: Sequence[str]) -> bool:
        """Whether a query asks about Okey: one of its words is an Okey word, and it names no
        other game unless it also has a word that only Okey has."""
        terms = set().union(*(_unit_terms(unit, synonyms=False) for unit in units))
        typed_part = any(kind == "pre" and len(text) >= 4 for unit in units for clause in unit
                         for alternatives in clause.words for field, text, _ in alternatives
                         for kind in (field.partition("_")[0],))
        # A stem of three letters or fewer is too loose to tell (Turkish yarın, tomorrow, and
        # yarı, half): it counts only when the typed word itself is one of Okey's words.
        sure = {term for term in terms & self.topic if len(term.partition(":")[2]) >= 4}
        if not sure and not typed_part and _typed(words).isdisjoint(self.topic_words):
            return False
        typed = _typed(words)
        other_game = any(name <= typed for name in _other_games())
        return not other_game or not terms.isdisjoint(self.okey_only)

    def postings(self, searcher: Any, field: str, text: str) -> dict[int, float]:
        """The BM25F score of each rule containing a term (by document number).

        Kept for the life of the generation, which never changes once built.
        """
        key = (field, text)
        found = self._postings.get(key)
        if found is None:
            found = {}
            matcher = searcher.postings(field, text)
            while matcher.is_active():
                found[matcher.id()] = matcher.score()
                matcher.next()
            with self._cache_lock:
                if len(self._postings) > 200_000:
                    self._postings.clear()
                self._postings[key] = found
        return found

    def word_forms(self, lang: str, word: str) -> tuple[frozenset[str], str]:
        """A word of the rule text as the index has it: its stems and its folded form."""
        key = (lang, word)
        found = self._word_forms.get(key)
        if found is None:
            lower = turkish_lower(word) if lang == "tr" else plain_lower(word)
            stems = frozenset(t.text for t in self.analyzers[lang](lower, mode="query"))
            found = (stems, fold(analysis.strip_apostrophe(lower)))
            with self._cache_lock:
                if len(self._word_forms) > 200_000:
                    self._word_forms.clear()
                self._word_forms[key] = found
        return found

    def _terms(self, lang: str, stems: Sequence[str], folded: str,
               lang_boost: float) -> dict[tuple[str, str], float]:
        """The existing terms of ``lang`` for a word's stems and its folded form."""
        found: dict[tuple[str, str], float] = {}
        lexicon = self.lexicon[lang]
        for kind in KINDS:
            for stem in stems:
                if stem in lexicon[kind]:
                    negated = NEGATED_BOOST if stem.startswith(analysis.NEGATION) else 1.0
                    found[(f"{kind}_{lang}", stem)] = FIELD_BOOST[kind] * lang_boost * negated
        if not analysis.is_stop(lang, folded):
            prefixes = [folded[: analysis.PREFIX_MAX]] + [s for s in stems if s != folded]
            for rank, prefix in enumerate(prefixes):
                if len(prefix) >= analysis.PREFIX_MIN and prefix in lexicon["pre"]:
                    boost = FIELD_BOOST["pre"] * lang_boost * (1.0 if rank == 0 else 0.8)
                    field = (f"pre_{lang}", prefix)
                    found[field] = max(found.get(field, 0.0), boost)
        return found

    def word(self, word: str, display: str, after_cue: str = "") -> Unit:
        """The clauses of one typed word, read as Turkish, German and English at once; after
        a negation cue (``not``, ``nicht``), read with it, so that it holds its negated stems.

        Empty when no reading of the word is in the index.
        """
        key = (word, display, after_cue)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        whole: dict[tuple[str, str], float] = {}
        parts: list[dict[tuple[str, str], float]] = []
        key_word = fold(plain_lower(analysis.strip_apostrophe(word)))
        stop_in = {lang for lang in LANGS if analysis.is_stop(lang, key_word)}
        if display in stop_in:
            stop_in = set(LANGS)
        for lang in LANGS:
            lang_boost = DISPLAY_BOOST if lang == display else 1.0
            if stop_in:
                # a stop word of one language ("is", "die", "ne") is rarely a word of another
                lang_boost *= STOP_ELSEWHERE
                if lang_boost <= 0.0:
                    continue
            lowers = query_lower(lang, word)
            folded = fold(analysis.strip_apostrophe(lowers[0]))
            stems: dict[str, None] = {}
            for lower in lowers:
                read = f"{after_cue} {lower}" if after_cue else lower
                tokens = [t.text for t in self.analyzers[lang](read, mode="query")]
                split: tuple[str, ...] = ()
                if lang == "de" and tokens:
                    spelled = analysis.german_spelling(analysis.strip_apostrophe(lower))
                    split = analysis.split_compound(spelled, self.compounds)
                if split:
                    stems[tokens[0]] = None
                    parts = [self._terms(lang, [analysis.snowball("german", p)], p, lang_boost)
                             for p in split]
                else:
                    stems.update(dict.fromkeys(tokens))
            for term, boost in self._terms(lang, list(stems), folded, lang_boost).items():
                whole[term] = max(whole.get(term, 0.0), boost)
        clauses: list[Clause] = []
        compound = bool(parts) and all(parts)
        if whole:
            clauses.append(Clause((_alternatives(whole),), WHOLE_BOOST if compound else 1.0,
                                  whole=compound))
        if compound:
            clauses.append(Clause(tuple(_alternatives(p) for p in parts), COMPOUND_BOOST))
        clauses.extend(Clause((_alternatives(p),), PART_BOOST) for p in parts if p)
        unit = tuple(clauses)
        with self._cache_lock:
            if len(self._cache) > 50_000:
                self._cache.clear()
            self._cache[key] = unit
        return unit

    def partial(self, word: str, display: str) -> Unit:
        """For an unknown German compound, its known end parts (``Gesamtsieger`` → ``Sieger``).

        A last resort, when the word is neither in the index nor a typo of a known word.
        """
        spelled = analysis.german_spelling(plain_lower(analysis.strip_apostrophe(word)))
        clauses: list[Clause] = []
        for part in analysis.split_partial(spelled, self.compounds):
            clauses.extend(Clause(c.words, c.boost * PART_BOOST, c.mark, c.synonym)
                           for c in self.word(part, display))
        return tuple(clauses)

    def correct(self, word: str) -> str | None:
        """The nearest known word to an unknown one (edit distance 1, or 2 past 5 letters,
        transpositions counting one), unless it is a real word of one of the languages
        (see :mod:`rules_data.wordlist`) or the name of another game."""
        key = fold(plain_lower(analysis.strip_apostrophe(word)))
        if len(key) < 4 or not key.isalpha() or key in _real_words():
            return None
        limit = 1 if len(key) <= 5 else 2
        best: tuple[int, int, str] | None = None
        for candidate in self.by_initial.get(key[0], ()):
            if abs(len(candidate) - len(key)) > limit or self.preferred.get(candidate) == "":
                continue
            distance = _distance(key, candidate, limit)
            if distance <= limit:
                rank = (distance, -self.vocabulary[candidate][1], candidate)
                if best is None or rank < best:
                    best = rank
        if best is None:
            return None
        return self.preferred.get(best[2], self.vocabulary[best[2]][0])

    def units(self, words: Sequence[str], display: str) -> tuple[list[Unit], list[str | None]]:
        """One unit per typed word (and per synonym phrase), and the correction of each word."""
        units: list[Unit] = []
        corrections: list[str | None] = []
        spans = self.synonyms.matches(words)
        covered = {i + k for i, found in spans.items() for _, n in found for k in range(n)}
        for i, word in enumerate(words):
            cue = words[i - 1] if i and any(
                analysis.is_negation_cue(lang, lower) for lang in LANGS
                for lower in query_lower(lang, words[i - 1])) else ""
            clauses = list(self.word(word, display, cue))
            for group, n in spans.get(i, ()):
                if n == 1:
                    clauses.extend(self.synonyms.expansion(group, display))
            correction = None
            stop = any(analysis.is_stop(lang, fold(plain_lower(word))) for lang in LANGS)
            if not clauses and i not in covered and not stop:
                correction = self.correct(word)
                if correction is not None:
                    fixed = list(self.word(correction, display))
                    for group, n in self.synonyms.matches([correction]).get(0, ()):
                        if n == 1:
                            fixed.extend(self.synonyms.expansion(group, display))
                    clauses = [Clause(c.words, c.boost * FUZZY_BOOST, c.mark, c.synonym)
                               for c in fixed]
                elif fold(plain_lower(analysis.strip_apostrophe(word))) not in _real_words():
                    clauses = list(self.partial(word, display))  # a prefix, typed short
            corrections.append(correction)
            if clauses:
                units.append(tuple(clauses))
        for i, found in spans.items():
            for group, n in found:
                if n > 1:
                    expansion = self.synonyms.expansion(group, display)
                    if expansion:
                        units.append(expansion)
        return units, corrections


@lru_cache(maxsize=1)
def _other_games() -> tuple[frozenset[str], ...]:
    """Other games' names, each as its typed words, folded."""
    games = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))["other_games"]
    return tuple(frozenset(_typed(TOKEN.findall(str(name)))) for name in games)


def _typed(words: Iterable[str]) -> set[str]:
    return {fold(plain_lower(word)) for word in words}


@lru_cache(maxsize=1)
def _real_words() -> frozenset[str]:
    """Real words near the rule book's, which the speller leaves alone, and other games."""
    from rules_data import wordlist

    return wordlist.read()[1].union(*_other_games())


def _alternatives(terms: Mapping[tuple[str, str], float]) -> Alternatives:
    return tuple(sorted((field, text, boost) for (field, text), boost in terms.items()))


COMPOUND_BOOST = 0.9
"""A German compound's parts all found (``Joker`` and ``Abwurf`` for ``Jokerabwurf``)."""
WHOLE_BOOST = 0.3
"""A German compound found as one word, on top of its parts: ``Spielsteine`` itself names
the tile set more surely than ``Spiel`` and ``Steine`` apart."""
PART_BOOST = 0.35
"""One part of a compound found alone."""


class _PhraseIndex:
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


class _SynonymMap:
    """Synonym groups, matched against the typed words in any inflection, one or more words."""

    def __init__(self, gen: _Generation, groups: list[list[str]]) -> None:
        self.gen = gen
        self.groups = [[TOKEN.findall(phrase) for phrase in group] for group in groups]
        self.first: dict[str, list[tuple[int, int]]] = {}
        for g, group in enumerate(self.groups):
            for p, phrase in enumerate(group):
                if phrase:
                    exact, stems = _synonym_keys(phrase[0])
                    for key in {exact, *stems}:
                        self.first.setdefault(key, []).append((g, p))
        self._expansions: dict[tuple[int, str], Unit] = {}

    def matches(self, words: Sequence[str]) -> dict[int, list[tuple[int, int]]]:
        """For each start position, the (group, length) of the synonym phrases found there.

        A word matches a phrase word when both fold the same, or when neither is a stop word
        and they share a stem in one of the languages. At one start, a group's longest
        matching phrase counts.
        """
        keys = [_synonym_keys(w) for w in words]
        found: dict[int, list[tuple[int, int]]] = {}
        for i, (exact, stems) in enumerate(keys):
            longest: dict[int, int] = {}
            for key in {exact, *stems}:
                for g, p in self.first.get(key, ()):
                    phrase = self.groups[g][p]
                    n = len(phrase)
                    if i + n <= len(words) and all(
                        _same_word(keys[i + k], _synonym_keys(phrase[k])) for k in range(n)
                    ):
                        longest[g] = max(longest.get(g, 0), n)
            if longest:
                found[i] = sorted(longest.items())
        return found

    def expansion(self, group: int, display: str) -> Unit:
        """The clauses of every phrase of a group, boosted as synonyms."""
        key = (group, display)
        cached = self._expansions.get(key)
        if cached is not None:
            return cached
        clauses: list[Clause] = []
        for phrase in self.groups[group]:
            words: list[Alternatives] = []
            for word in phrase:
                if analysis.is_stop("en", fold(plain_lower(word))) and len(phrase) > 1:
                    continue
                unit = self.gen.word(word, display)
                if not unit or len(unit[0].words) != 1:
                    words = []
                    break
                words.append(unit[0].words[0])
            if words:
                clauses.append(Clause(tuple(words), SYNONYM_BOOST, mark=len(words) == 1,
                                      synonym=True))
        result = tuple(clauses)
        self._expansions[key] = result
        return result


@lru_cache(maxsize=16384)
def _synonym_keys(word: str) -> tuple[str, frozenset[str]]:
    """A word's folded form, and its stems in each language (none for a stop word)."""
    word = analysis.strip_apostrophe(word)
    exact = fold(plain_lower(word))
    if any(analysis.is_stop(lang, exact) for lang in LANGS) or len(exact) < 3:
        return exact, frozenset()
    stems = {
        *analysis.snowball_stems("english", exact),
        fold(analysis.snowball("german", analysis.german_spelling(plain_lower(word)))),
        *(fold(analysis.snowball("turkish", lower)) for lower in query_lower("tr", word)),
    }
    return exact, frozenset(s for s in stems if len(s) >= 3)


def _same_word(a: tuple[str, frozenset[str]], b: tuple[str, frozenset[str]]) -> bool:
    return a[0] == b[0] or bool(a[1] & b[1])


def _distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment edit distance, giving up past ``limit``."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        prev2, prev = prev, row
    return prev[-1]


# --- snippets ---------------------------------------------------------------------------------

SNIPPET_CHARS = 220


def _snippet(text: str, marked: Sequence[tuple[int, int]]) -> str:
    """An escaped window of ``text`` around the most marked words, marks as ``<mark>``."""
    sentences = [(m.start(), m.end()) for m in re.finditer(r"[^.!?;:]+[.!?;:]*\s*", text)]
    if not sentences:
        sentences = [(0, len(text))]
    best = (0, 0)
    best_score = (-1, 0)
    for i, (start, _) in enumerate(sentences):
        end = start
        j = i
        while j < len(sentences) and (j == i or sentences[j][1] - start <= SNIPPET_CHARS):
            end = sentences[j][1]
            j += 1
        inside = {text[a:b].lower() for a, b in marked if start <= a and b <= end}
        score = (len(inside), -i)
        if score > best_score:
            best_score, best = score, (start, end)
    start, end = best
    if end - start > SNIPPET_CHARS:
        first = next((a for a, b in marked if start <= a < end), start)
        start = max(start, first - SNIPPET_CHARS // 3)
        if start > best[0]:
            space = text.find(" ", start)
            start = space + 1 if 0 <= space < first else start
        end = min(end, start + SNIPPET_CHARS)
        space = text.rfind(" ", start, end)
        if space > start and end < best[1]:
            end = space
    out = ["…" if start > 0 else ""]
    pos = start
    for a, b in marked:
        if a < start or b > end:
            continue
        out.append(html.escape(text[pos:a], quote=False))
        out.append(f"<mark>{html.escape(text[a:b], quote=False)}</mark>")
        pos = b
    out.append(html.escape(text[pos:end].rstrip(), quote=False))
    if end < len(text.rstrip()):
        out.append(" …")
    return "".join(out).strip()


# --- the index -------------------------------------------------------------------------------

class SearchIndex:
    """The rule index in ``directory``, always searching its live generation."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self._lock = threading.Lock()
        self._gen: _Generation | None = None
        self._pointer_stat: tuple[int, int] | None = None

    @classmethod
    def open_or_build(cls, directory: Path, book: Rulebook) -> SearchIndex:
        """Open the index, building it first if it is missing or stale (content or code)."""
        directory = Path(directory)
        with _build_lock(directory):
            index = cls(directory)
            try:
                current = index.is_current(book)
            except Exception:  # noqa: BLE001 - whatever is wrong with it, build a new one
                current = False
            if not current:
                index._rebuild(book)
        return index

    @classmethod
    def build(cls, directory: Path, book: Rulebook) -> SearchIndex:
        """Build a new generation and make it live, whatever is there."""
        directory = Path(directory)
        with _build_lock(directory):
            index = cls(directory)
            index._rebuild(book)
        return index

    def _rebuild(self, book: Rulebook) -> None:
        previous = _read_pointer(self.directory)
        name = _build_generation(self.directory, book)
        _switch(self.directory, name)
        _clean(self.directory, {name} | ({previous} if previous else set()))

    def is_current(self, book: Rulebook) -> bool:
        """Whether the live generation indexes this rule book's content with this code."""
        gen = self._generation()
        return gen.content_hash == book.content_hash and gen.code == code_version()

    @property
    def generation(self) -> str:
        """The name of the live generation (for logs and tests)."""
        return self._generation().name

    def _generation(self) -> _Generation:
        pointer = self.directory / POINTER
        stat = os.stat(pointer)
        key = (stat.st_ino, stat.st_mtime_ns)
        with self._lock:
            if self._gen is None or key != self._pointer_stat:
                name = _read_pointer(self.directory)
                if name is None:
                    raise FileNotFoundError(f"no search index in {self.directory}")
                if self._gen is None or self._gen.name != name:
                    old = self._gen
                    self._gen = _Generation(self.directory / name)
                    if old is not None:
                        old.ix.close()
                self._pointer_stat = key
            return self._gen

    def search(self, query: str, lang: str, variant: str = "all", limit: int = 10) -> Results:
        """Find the rules for ``query`` (any language), shown in ``lang``, of ``variant``.

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
        for attempt in (1, 2):
            try:
                return _run(self._generation(), text, lang, variant, limit)
            except FileNotFoundError:
                # the generation was cleaned away under us: the pointer has moved on
                if attempt == 2:
                    raise
                with self._lock:
                    self._pointer_stat = None
        raise AssertionError("unreachable")


def clean_query(query: str) -> str:
    """The query in NFC (phones may send ``c`` and a combining cedilla for ``ç``), with
    control characters and broken surrogates blanked, stripped."""
    chars = (" " if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") else c for c in query)
    return unicodedata.normalize("NFC", "".join(chars)).strip()


@lru_cache(maxsize=1)
def _number_words() -> tuple[dict[tuple[str, ...], str], frozenset[str]]:
    """Number words (one or two folded words each) to digits, and the ambiguous ones."""
    data = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))
    table = {tuple(fold(plain_lower(w)) for w in TOKEN.findall(str(word))): str(number)
             for number, names in data["numbers"].items() for word in names}
    return table, frozenset(fold(plain_lower(str(w))) for w in data["ambiguous_numbers"])


def read_numbers(words: Sequence[str]) -> list[str]:
    """The typed words with numbers in a row, as tiles are named, read as digits
    (``twelve thirteen one`` is ``12 13 1``, ``on iki on üç`` is ``12 13``). A lone number
    word stays a word (the synonyms know ``iki`` is ``2``), and so does an ambiguous word
    (``on``, ``one``, ``bir``) that no other number stands beside.

    >>> read_numbers("can a run go twelve thirteen one".split())
    ['can', 'a', 'run', 'go', '12', '13', '1']
    >>> read_numbers("one tile on the table".split())
    ['one', 'tile', 'on', 'the', 'table']
    >>> read_numbers("iki taşlık per".split())
    ['iki', 'taşlık', 'per']
    """
    table, ambiguous = _number_words()
    folded = [fold(plain_lower(w)) for w in words]
    read: list[tuple[str, str | None]] = []  # (the word as typed, its digits if a number)
    i = 0
    while i < len(words):
        pair = tuple(folded[i:i + 2])
        if len(pair) == 2 and pair in table:
            read.append((" ".join(words[i:i + 2]), table[pair]))
            i += 2
        else:
            read.append((words[i], table.get((folded[i],))))
            i += 1

    def sure(k: int) -> bool:
        typed, digits = read[k]
        return digits is not None and fold(plain_lower(typed)) not in ambiguous \
            or typed.isdigit()

    def near(k: int) -> list[int]:
        return [j for j in (k - 1, k + 1) if 0 <= j < len(read)]

    number = [sure(k) or read[k][1] is not None and any(sure(j) for j in near(k))
              for k in range(len(read))]
    return [digits if digits is not None and number[k] and any(number[j] for j in near(k))
            else typed for k, (typed, digits) in enumerate(read)]


def _run(gen: _Generation, text: str, lang: str, variant: str, limit: int) -> Results:
    words = read_numbers(TOKEN.findall(text))
    units, corrections = gen.units(words, lang)
    suggestion = None
    if any(corrections):
        fixed = text
        for word, correction in zip(words, corrections):
            if correction is not None:
                fixed = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", correction, fixed, count=1)
        suggestion = fixed if fold(plain_lower(fixed)) != fold(plain_lower(text)) else None
    if not units or not gen.on_topic(units, words):
        return Results(text, lang, variant, None, ())
    hits: list[Hit] = []
    with gen.ix.searcher(weighting=BM25F(B=BM25_B, K1=BM25_K1)) as searcher:
        scores = _score(gen, searcher, units)
        scores = _phrase_bonus(gen, units, scores)
        scores = _definition_bonus(gen, units, scores)
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        marks = _mark_terms(units, lang)
        for docnum, score in ranked:
            fields = searcher.stored_fields(docnum)
            variants = tuple(fields["variants"].split())
            if variant != "all" and variant not in variants:
                continue
            body = fields[f"text_{lang}"]
            hits.append(Hit(
                id=fields["id"],
                score=round(score, 4),
                title=fields[f"title_{lang}"],
                snippet=_snippet(body, _marked(gen, body, lang, marks)),
                variants=variants,
            ))
            if len(hits) == limit:
                break
    return Results(text, lang, variant, suggestion, tuple(hits))


def _score(gen: _Generation, searcher: Any, units: Sequence[Unit]) -> dict[int, float]:
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


def _unit_terms(unit: Unit, synonyms: bool) -> set[str]:
    """The index terms (``lang:term``, prefixes left out) a typed word stands for."""
    terms: set[str] = set()
    for clause in unit:
        if clause.synonym and not synonyms:
            continue
        for alternatives in clause.words:
            for field, text, _ in alternatives:
                kind, _, lang = field.partition("_")
                if kind != "pre":
                    terms.add(f"{lang}:{text}")
    return terms


def _phrase_bonus(gen: _Generation, units: Sequence[Unit],
                  scores: dict[int, float]) -> dict[int, float]:
    """Raise the rules whose title or a keyword phrase the query holds every word of.

    A query word (or its synonym) holds a phrase word when they share an index term. The
    longest phrase held counts: ``PHRASE_BONUS`` per word past the first. Words scored
    apart cannot tell ``13 then 1`` (invalid melds) from ``indicator 13`` plus a ``1``.
    """
    terms = set().union(*(_unit_terms(unit, synonyms=True) for unit in units))
    held = gen.phrases.held(terms)
    return {doc: score * (1.0 + PHRASE_BONUS * (held.get(doc, 1) - 1))
            for doc, score in scores.items()}


def _definition_bonus(gen: _Generation, units: Sequence[Unit],
                      scores: dict[int, float]) -> dict[int, float]:
    """Raise the rule that defines a glossary term when the query is that term and no more.

    ``melds`` or ``what are melds`` asks what a meld is: the glossary's first rule for
    ``meld (per)`` answers that, before the rules on invalid melds or laying off.
    """
    per_unit = [_unit_terms(unit, synonyms=False) for unit in units]
    terms = set().union(*per_unit)
    defined = {
        doc for doc, words in gen.definitions
        if all(not word.isdisjoint(terms) for word in words)
        and all(any(not word.isdisjoint(own) for word in words) for own in per_unit)
    }
    return {doc: score * (1.0 + DEFINITION_BONUS) if doc in defined else score
            for doc, score in scores.items()}


def _mark_terms(units: Sequence[Unit], lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """The stemmed terms and prefixes of ``lang`` in a query: what a snippet highlights."""
    stems: set[str] = set()
    prefixes: set[str] = set()
    for unit in units:
        for clause in unit:
            if not clause.mark:
                continue
            for alternatives in clause.words:
                for field, text, _ in alternatives:
                    kind, _, field_lang = field.partition("_")
                    if field_lang == lang:
                        (prefixes if kind == "pre" else stems).add(text)
    return frozenset(stems), frozenset(prefixes)


def _marked(gen: _Generation, text: str, lang: str,
            marks: tuple[frozenset[str], frozenset[str]]) -> list[tuple[int, int]]:
    """The character spans of the words of ``text`` that the query matched."""
    stems, prefixes = marks
    if not stems and not prefixes:
        return []
    spans: list[tuple[int, int]] = []
    long_prefixes = tuple(p for p in prefixes if len(p) >= 4)
    for match in TOKEN.finditer(text):
        word_stems, folded = gen.word_forms(lang, match.group(0))
        if (not stems.isdisjoint(word_stems) or folded in prefixes
                or folded.startswith(long_prefixes)):
            spans.append((match.start(), match.end()))
    return spans


def index_info(index: SearchIndex) -> Mapping[str, str]:
    """The live generation's name, content hash and code version, for ``flask build-index``."""
    gen = index._generation()
    return {"generation": gen.name, "content_hash": gen.content_hash, "code": gen.code}
