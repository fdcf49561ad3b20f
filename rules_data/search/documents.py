"""What the index holds for each rule: its schema, one document per rule, and the data derived
from the rule book at build time (vocabulary, title phrases, glossary terms, Okey's own words).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema  # type: ignore[import-untyped]

from rules_data import analysis
from rules_data.analysis import TOKEN, fold, plain_lower, turkish_lower
from rules_data.loader import Rulebook
from rules_data.schema import LANGS, LINK, Rule

KINDS = ("title", "kw", "body", "extra", "asked")
"""The stemmed fields of each language (``asked``: how players ask, see ``asked.yaml``)."""
TABLE = "000"
"""The source document of the rules table: its own rules (101-802) are the book's backbone."""
VOCABULARY = Path(__file__).parent.parent / "vocabulary.yaml"
_CODE = (Path(analysis.__file__), *sorted(Path(__file__).parent.glob("*.py")), VOCABULARY)


@lru_cache(maxsize=1)
def query_words() -> dict[str, Any]:
    """``rules_data/vocabulary.yaml``, read once: the words that tell an Okey question from
    another (numbers, other games, names of the variants, cues; see its header). Read only."""
    data: dict[str, Any] = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))
    return data


def code_version() -> str:
    """A fingerprint of the analysis and search code: an index built by other code is stale."""
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


def documents(book: Rulebook) -> Iterator[dict[str, str]]:
    """One index document per rule: its fields in each language."""
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
            asked = book.asked.get(rule.id)
            doc[f"asked_{lang}"] = " , ".join(asked[lang]) if asked is not None else ""
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


def meta(book: Rulebook) -> dict[str, Any]:
    """What a generation keeps beside its Whoosh index: what it was built from, and the data
    its queries need that Whoosh does not hold."""
    return {
        "content_hash": book.content_hash,
        "code": code_version(),
        "synonyms": [list(group) for group in book.synonyms],
        "table": [rule.id for rule in book if is_table_rule(rule)],
        "penalties": [rule.id for rule in book if rule.category == "penalties"],
        "refines": {rule.id: rule.refines for rule in book if rule.refines is not None},
        "vocabulary": vocabulary(book),
        "preferred": preferred(book),
        "phrases": _phrases(book),
        "definitions": _definitions(book),
        "titles": _titles(book),
        "entries": _entries(book),
        "topic": _topic_terms(book),
    }


def vocabulary(book: Rulebook) -> dict[str, tuple[str, int]]:
    """Every folded word of the rule texts: its most common written form and document count;
    and every word of the synonyms, every word that negates and every stop word that no rule
    text has, with a count of 0."""
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
    found = {
        key: (max(sorted(counts), key=lambda form: counts[form]), len(docs[key]))
        for key, counts in forms.items()
    }
    # the player words of the synonyms (regular, knock, rauslegen), the words that negate
    # (didnt, keine) and the stop words (there, could: a typo of one is no typo of a rule's
    # word, and mended it says nothing) are words a search knows too, so a typo of one is
    # mended to it; in no rule text, they lose any tie to a rule's word
    player = [word for group in book.synonyms for phrase in group for word in TOKEN.findall(phrase)]
    stops = sorted(set().union(*analysis.STOP_WORDS.values()))
    for word in (*player, *sorted(analysis.negation_words()), *stops):
        word = analysis.strip_apostrophe(word)
        key = fold(plain_lower(word))
        if len(key) >= 3 and key.isalpha() and key not in found:
            found[key] = (word, 0)
    return found


def typed(words: Iterable[str]) -> set[str]:
    """Typed words as they compare: lower case, folded."""
    return {fold(plain_lower(word)) for word in words}


def typed_key(word: str) -> str:
    """A typed word as the reader compares it: without an apostrophe and what follows it,
    lower case, folded (``Okey'i`` and ``okeyi`` differ, ``OKEY'i`` and ``okey`` do not)."""
    return fold(plain_lower(analysis.strip_apostrophe(word)))


def entry_key(words: Sequence[str]) -> str:
    """A text's words (``TOKEN``'s) as typed words compare (:func:`typed_key`), one space
    between: a query and a rule's title or keyword are the same entry when their keys are
    (``Who deals?`` and ``who deals``).

    >>> entry_key(TOKEN.findall("Who DEALS?")), entry_key(TOKEN.findall("Okey'i kim alır"))
    ('who deals', 'okey kim alir')
    """
    return " ".join(map(typed_key, words))


def preferred(book: Rulebook) -> dict[str, str]:
    """For each one-word term the glossary says to avoid (``Serie``, ``group``, ``takım``), the
    canonical word of its concept in that language, which the speller offers instead: "did you
    mean" speaks the rule book's words; ``""`` where the concept has no one-word term, and the
    speller offers nothing for it. Keywords keep the avoided words, so they still match."""
    found: dict[str, str] = {}
    for term in book.glossary:
        for lang in LANGS:
            words = [w for w in term.canonical[lang] if TOKEN.fullmatch(w)]
            lower = turkish_lower if lang == "tr" else plain_lower
            for avoided in term.avoid[lang]:
                if TOKEN.fullmatch(avoided):
                    found[fold(lower(analysis.strip_apostrophe(avoided)))] = \
                        words[0] if words else ""
    return found


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
    a keyword does (see ``ranking.PHRASE_BONUS``).
    """
    analyzers = {lang: analysis.analyzer(lang, book.compounds) for lang in LANGS}
    found: dict[str, list[list[list[str]]]] = {}
    for rule in book:
        found[rule.id] = [
            words for lang in LANGS for text in (rule.title[lang], *rule.keywords[lang])
            if len(words := _word_terms(analyzers[lang], lang, text)) >= 2
        ]
    return found


def _entries(book: Rulebook) -> dict[str, list[str]]:
    """Each title and keyword of two or more words, by its typed words (see
    :func:`entry_key`, question words kept): the rules a query that is one of them word for
    word names (see ``ranking.ENTRY_BONUS``)."""
    found: dict[str, list[str]] = {}
    for rule in book:
        for lang in LANGS:
            for text in (rule.title[lang], *rule.keywords[lang]):
                key = entry_key(TOKEN.findall(str(text)))
                if " " in key and rule.id not in found.setdefault(key, []):
                    found[key].append(rule.id)
    return found


def _definitions(book: Rulebook) -> list[tuple[str, list[list[str]]]]:
    """The glossary's terms, each as its words' index terms, with the rule it is defined in.

    A term's names in parentheses are names of their own (``meld (per)``). A query that is
    nothing but a glossary term asks what the term means (see ``ranking.DEFINITION_BONUS``).
    """
    analyzers = {lang: analysis.analyzer(lang, book.compounds) for lang in LANGS}
    return [
        (term.rules[0], words) for term in book.glossary if term.rules for lang in LANGS
        for name in re.split(r"[()]", term.term[lang])
        if (words := _word_terms(analyzers[lang], lang, name))
    ]


def _titles(book: Rulebook) -> dict[str, list[list[list[str]]]]:
    """Each rule's title in each language, as its words' index terms (see
    ``Ranker.refined``: a query holding all of a refinement's title names what sets it
    apart)."""
    analyzers = {lang: analysis.analyzer(lang, book.compounds) for lang in LANGS}
    return {rule.id: [words for lang in LANGS
                      if (words := _word_terms(analyzers[lang], lang, rule.title[lang]))]
            for rule in book}


def _topic_terms(book: Rulebook) -> dict[str, Any]:
    """The index terms of Okey's own words: every word of the rule titles, keywords,
    glossary terms and synonyms (``okey``); those of the entries that are one word, such as
    ``gösterge``, ``Ablagestapel`` or ``discard`` (``core``: a word of a longer entry, such
    as ``saat`` of ``saat yönü`` or ``geht`` of a title, says less on its own); the words of
    the keywords, glossary terms and synonyms themselves, folded, less stop words (``words``:
    titles ask questions), and the index terms of the words only Okey has (``only``), or of
    each word of a phrase only Okey has (``only_phrases``: ``elden bitmek``, whose ``bitmek``
    alone any game has). See ``vocabulary.yaml``; other games are matched by name, as typed."""
    data = query_words()
    analyzers = {lang: analysis.analyzer(lang, book.compounds) for lang in LANGS}

    def terms(texts: Iterable[str]) -> list[str]:
        return sorted({term for text in texts for lang in LANGS
                       for words in _word_terms(analyzers[lang], lang, text) for term in words})

    okey = [text for rule in book for lang in LANGS
            for text in (rule.title[lang], *rule.keywords[lang])]
    glossary = [name for term in book.glossary for lang in LANGS
                for name in re.split(r"[()]", term.term[lang])]
    okey += glossary
    okey += [word for group in book.synonyms for word in group]
    named = [text for rule in book for lang in LANGS for text in rule.keywords[lang]]
    named += [term.term[lang] for term in book.glossary for lang in LANGS]
    named += [word for group in book.synonyms for word in group]
    core = [text for text in (*okey, *glossary) if len(TOKEN.findall(text)) == 1]
    plain = typed(map(str, data["not_okey_words"]))
    words = sorted(word for word in typed(w for text in named for w in TOKEN.findall(text))
                   if word not in plain and not any(analysis.is_stop(lang, word) for lang in LANGS))
    only = [str(entry) for entry in data["okey_only"]]
    phrases = [entry for entry in only if len(TOKEN.findall(entry)) > 1]
    return {"okey": terms(okey), "core": terms(core),
            "only": terms(entry for entry in only if entry not in phrases),
            # a stem of two letters (el of elden) is any word's: it tells nothing
            "only_phrases": [[sorted({term for lang in LANGS
                                      for found in _word_terms(analyzers[lang], lang, word)
                                      for term in found if len(term.partition(":")[2]) > 2})
                              for word in TOKEN.findall(phrase)] for phrase in phrases],
            "words": words}
