"""Rule search: the analysis chains, the index's life cycle, and the query side.

Built on a small rule book written here (so the tests do not move with the shipped data),
with the shipped synonym map and German word list.
"""

from __future__ import annotations

import os
import pickle
import re
import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_data import Rulebook, load
from rules_data.analysis import analyzer, fold, split_compound, turkish_lower
from rules_data.loader import DATA_DIR
from rules_data.search import (
    POINTER,
    QueryError,
    Results,
    SearchIndex,
    _Generation,
    plain_text,
)

# --- a small rule book -----------------------------------------------------------------------

T = dict[str, str]


def text(tr: str, de: str, en: str) -> T:
    return {"tr": tr, "de": de, "en": en}


RULES: dict[str, list[dict[str, Any]]] = {
    "1_general.yaml": [
        {
            "id": "102", "variants": ["101", "plain"], "subcategory": "material",
            "title": text("Taş Seti", "Der Steinsatz", "The tile set"),
            "body": text(
                "Oyun 106 taştan oluşur. Her oyuncu taşlarını ıstakaya dizer.",
                "Ein Satz hat 106 Steine. Jeder stellt seine Steine auf sein Steinbrett.",
                "A set has 106 tiles. Each player sets their tiles on a rack.",
            ),
            "keywords": {"tr": ["taş sayısı", "ıstaka"], "de": ["Steinsatz", "Steinbrett"],
                         "en": ["tile set", "rack"]},
        },
        {
            "id": "106", "variants": ["plain"], "subcategory": "plain",
            "title": text("Düz Okey", "Einfaches Okey", "Plain Okey"),
            "body": text(
                "Düz Okey'de puan yoktur: elini ilk tamamlayan turu kazanır.",
                "Beim einfachen Okey gibt es keine Punkte: Wer zuerst fertig ist, gewinnt.",
                "Plain Okey has no points: the first player to complete a hand wins.",
            ),
            "keywords": {"tr": ["düz okey"], "de": ["einfaches Okey"], "en": ["plain okey"]},
        },
    ],
    "3_okey.yaml": [
        {
            "id": "301", "variants": ["101", "plain"], "subcategory": "definition",
            "title": text("Gerçek ve Sahte Joker", "Echter und falscher Joker",
                          "Real and fake jokers"),
            "body": text(
                "Göstergenin bir üstü olan iki taş gerçek okeydir. Okey her perde "
                "herhangi bir taşın yerine geçer.",
                "Die zwei Steine über dem Anzeiger sind die echten Joker. Ein Joker "
                "ersetzt in einer Kombination jeden Stein.",
                "The two tiles above the indicator are the real jokers. A joker is "
                "wild: it replaces any tile in a meld.",
            ),
            "keywords": {"tr": ["okey", "gerçek okey"], "de": ["Joker", "echter Joker"],
                         "en": ["joker", "real joker"]},
        },
    ],
    "4_opening.yaml": [
        {
            "id": "501", "variants": ["101"], "subcategory": "rules",
            "title": text("Çift ile El Açma", "Mit Paaren auslegen", "Opening with pairs"),
            "body": text(
                "El açmanın bir diğer yolu en az 5 çift biriktirmektir. Çift, aynı sayı "
                "ve renkteki iki taştır. Örnek: a < b & c.",
                "Man kann auch mit mindestens 5 Paaren auslegen. Ein Paar sind zwei "
                "gleiche Steine.",
                "You may also open with at least 5 pairs. A pair is two identical tiles.",
            ),
            "keywords": {"tr": ["çift", "5 çift"], "de": ["Paare"], "en": ["pairs"]},
        },
    ],
    "8_extra.yaml": [
        {
            "id": "802", "variants": ["101", "plain"], "subcategory": "special",
            "title": text("Gösterge Fonksiyonu", "Der Anzeiger bringt keine Punkte",
                          "The indicator earns nothing"),
            "body": text(
                "Gösterge taşına sahip olmanın bir puan avantajı yoktur.",
                "Wer den Anzeiger hat, bekommt dafür keinen Vorteil.",
                "Holding the indicator tile gives no advantage.",
            ),
            "keywords": {"tr": ["gösterge"], "de": ["Anzeiger"], "en": ["indicator"]},
        },
        {
            "id": "803", "variants": ["101"], "subcategory": "special",
            "title": text("Okey Atarak Bitirme", "Mit Jokerabwurf beenden",
                          "Finishing by discarding a joker"),
            "body": text(
                "Son taş olarak okey atan oyuncu çift puan alır.",
                "Wer als letzten Stein einen Joker abwirft, bekommt doppelte Punkte. "
                "Der Stein kommt auf den Ablagestapel.",
                "Discarding a joker as the last tile doubles the score.",
            ),
            "keywords": {"tr": ["okey atma"], "de": ["Jokerabwurf"], "en": ["joker discard"]},
        },
    ],
}
CATEGORIES = {
    "general": (1, {"material": "Material", "plain": "Plain"}),
    "okey": (3, {"definition": "Definition"}),
    "opening": (5, {"rules": "Rules"}),
    "extra": (8, {"special": "Special"}),
}
FILES = {"1_general.yaml": "general", "3_okey.yaml": "okey", "4_opening.yaml": "opening",
         "8_extra.yaml": "extra"}


def write_book(root: Path, rules: dict[str, list[dict[str, Any]]] = RULES) -> Path:
    """Write a small, valid rule book under ``root`` (with the shipped synonyms)."""
    (root / "rules").mkdir(parents=True, exist_ok=True)
    categories = {
        name: {"hundred": hundred, "label": text(name, name, name),
               "subcategories": {sub: text(label, label, label) for sub, label in subs.items()}}
        for name, (hundred, subs) in CATEGORIES.items()
    }
    dump = {"allow_unicode": True, "sort_keys": False}
    (root / "categories.yaml").write_text(yaml.safe_dump({"categories": categories}, **dump))
    (root / "sources.yaml").write_text(yaml.safe_dump({
        "documents": {"000": {"file": "000.txt", "language": "tr", "variants": ["101"],
                              "title": text("t", "t", "t"), "description": text("d", "d", "d")}},
        "footnotes": {},
    }, **dump))
    (root / "glossary.yaml").write_text(yaml.safe_dump({"terms": [
        {"id": "okey", "term": text("okey", "Joker", "joker"),
         "definition": text("okey", "Joker", "joker"), "rules": ["301"]}]}, **dump))
    for name in ("synonyms.yaml", "compounds.yaml"):
        shutil.copy(DATA_DIR / name, root / name)
    for name, records in rules.items():
        records = [{**r, "sources": [{"doc": "000"}]} for r in records]
        (root / "rules" / name).write_text(
            yaml.safe_dump({"category": FILES[name], "rules": records}, **dump))
    return root


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Rulebook:
    return load(write_book(tmp_path_factory.mktemp("book")))


@pytest.fixture(scope="module")
def index(book: Rulebook, tmp_path_factory: pytest.TempPathFactory) -> SearchIndex:
    return SearchIndex.build(tmp_path_factory.mktemp("index"), book)


def ids(results: Results) -> list[str]:
    return [hit.id for hit in results.hits]


# --- analysis --------------------------------------------------------------------------------

def terms(lang: str, value: str, compounds: tuple[str, ...] = ()) -> set[str]:
    return {t.text for t in analyzer(lang, compounds)(value)}


@pytest.mark.parametrize("typed", ["cift", "CIFT", "ÇİFT", "çift", "çiftler", "Çiftten",
                                   "ciftler", "çift'ler"])
def test_turkish_spellings_of_cift_meet(typed: str) -> None:
    assert "cift" in terms("tr", typed)


@pytest.mark.parametrize(("typed", "stem"), [
    ("okey'i", "okey"), ("OKEY'İ", "okey"), ("okey’in", "okey"), ("13'ten", "13"),
    ("İSTAKA", "istak"), ("ISTAKA", "istak"), ("ıstaka", "istak"), ("istaka", "istak"),
    ("ıstakalar", "istak"), ("ıstakaya", "istak"),
    ("taş", "tas"), ("taşı", "tas"), ("tasi", "tas"), ("TAŞLARI", "tas"),
    ("gösterge", "gosterge"), ("GÖSTERGE", "gosterge"), ("gostergeyi", "gosterge"),
    ("İŞLEK", "islek"), ("ISLEK", "islek"),
])
def test_turkish_forms_meet(typed: str, stem: str) -> None:
    assert stem in terms("tr", typed)


def test_turkish_lowercase_knows_dotted_and_dotless_i() -> None:
    assert turkish_lower("IŞIK İSTAKA") == "ışık istaka"
    assert fold("ışık") == "isik"


@pytest.mark.parametrize(("word", "parts"), [
    ("jokerabwurf", ("joker", "abwurf")),
    ("ablagestapel", ("ablage", "stapel")),
    ("nachziehstapel", ("nachzieh", "stapel")),
    ("strafpunkte", ("strafe", "punkt")),
    ("spielende", ("spiel", "ende")),
    ("rundenende", ("runde", "ende")),
    ("jokerstein", ("joker", "stein")),
    ("gesamtsumme", ("gesamt", "summe")), ("gesamtpunkte", ("gesamt", "punkt")),
    ("stapel", ()),
    ("spieler", ()),
    ("beispiel", ()),
])
def test_german_compounds_split_on_the_domain_words(
    word: str, parts: tuple[str, ...], book: Rulebook
) -> None:
    words = {w.lower() for w in book.compounds}
    assert split_compound(word, words) == parts


@pytest.mark.parametrize(("compound", "part"), [
    ("Jokerabwurf", "Joker"), ("Jokerabwurf", "Abwurf"), ("Ablagestapel", "Stapel"),
    ("Ablagestapel", "Ablage"), ("Strafpunkte", "Punkte"),
])
def test_german_compound_indexes_its_parts(compound: str, part: str, book: Rulebook) -> None:
    assert terms("de", part) <= terms("de", compound, book.compounds)


@pytest.mark.parametrize(("one", "other"), [
    ("Straße", "Strasse"), ("Züge", "Zuege"), ("ungültig", "ungueltig"),
    ("Ablagestäpel", "Ablagestaepel"), ("Würfel", "Wuerfel"), ("Spiele", "Spiel"),
])
def test_german_spellings_meet(one: str, other: str) -> None:
    assert terms("de", one) == terms("de", other)


@pytest.mark.parametrize(("one", "other"), [
    ("melds", "meld"), ("Colours", "colour"), ("tiles", "tile"), ("playing", "plays"),
])
def test_english_stems_meet(one: str, other: str) -> None:
    assert terms("en", one) == terms("en", other)


def test_stop_words_go_but_numbers_stay() -> None:
    assert terms("en", "what are the 5 pairs") == {"5", "pair"}
    assert terms("tr", "5 çift için") == {"5", "cift"}


def test_analyzers_survive_pickling_as_whoosh_stores_them(book: Rulebook) -> None:
    german = analyzer("de", book.compounds)
    copy = pickle.loads(pickle.dumps(german))
    assert [t.text for t in copy("Jokerabwurf")] == [t.text for t in german("Jokerabwurf")]
    turkish = pickle.loads(pickle.dumps(analyzer("tr")))
    assert "cift" in {t.text for t in turkish("ÇİFTLER")}


def test_plain_text_drops_markdown_and_links() -> None:
    assert plain_text("**Bold** ([[404]])\n\n- item", links=True) == "Bold (404) item"
    assert plain_text("see [[404]]", links=False) == "see"


# --- finding rules ---------------------------------------------------------------------------

@pytest.mark.parametrize(("query", "lang", "rule"), [
    ("cift", "tr", "501"), ("ÇİFT", "tr", "501"), ("5 ciftle acmak", "tr", "501"),
    ("ISTAKA", "tr", "102"), ("İSTAKA", "tr", "102"), ("ıstakalar", "tr", "102"),
    ("gostergeyi", "tr", "802"), ("gerçek okey", "tr", "301"), ("gerçek okey'i", "tr", "301"),
    ("Jokerabwurf", "de", "803"), ("Stapel", "de", "803"), ("Paare", "de", "501"),
    ("Anzeiger Vorteil", "de", "802"), ("Steinbrett", "de", "102"),
    ("what are pairs", "en", "501"), ("indicator advantage", "en", "802"),
    ("wild", "en", "301"), ("Joker", "tr", "301"), ("gösterge", "en", "802"),
])
def test_a_query_in_any_language_finds_the_rule(
    index: SearchIndex, query: str, lang: str, rule: str
) -> None:
    assert ids(index.search(query, lang))[0] == rule


def test_results_are_in_the_display_language(index: SearchIndex) -> None:
    for lang, title in (("tr", "Gösterge Fonksiyonu"), ("de", "Der Anzeiger bringt keine Punkte"),
                        ("en", "The indicator earns nothing")):
        results = index.search("gösterge", lang)
        assert (results.lang, results.hits[0].title) == (lang, title)
    assert "Anzeiger" in index.search("gösterge", "de").hits[0].snippet


def test_variant_filter(index: SearchIndex) -> None:
    assert "106" in ids(index.search("düz okey", "tr", "all"))
    assert "106" in ids(index.search("düz okey", "tr", "plain"))
    assert "106" not in ids(index.search("düz okey", "tr", "101"))
    assert "501" not in ids(index.search("çift", "tr", "plain"))
    assert all("plain" in hit.variants for hit in index.search("okey", "tr", "plain").hits)


def test_did_you_mean_on_a_typo(index: SearchIndex) -> None:
    results = index.search("gostrge avantaj", "tr")
    assert results.suggestion == "gösterge avantaj"
    assert ids(results)[0] == "802"
    assert index.search("Jokrabwurf", "de").suggestion == "Jokerabwurf"
    assert index.search("gösterge", "tr").suggestion is None


def test_snippet_marks_the_word_with_its_letters(index: SearchIndex) -> None:
    snippet = index.search("cift", "tr").hits[0].snippet
    assert "<mark>çift</mark>" in snippet


def test_snippet_is_escaped_html_with_only_mark_tags(index: SearchIndex) -> None:
    snippet = index.search("örnek çift", "tr").hits[0].snippet
    assert "&lt; b &amp; c" in snippet
    assert re.sub(r"</?mark>", "", snippet).count("<") == 0


def test_limit_is_kept_within_bounds(index: SearchIndex) -> None:
    assert len(index.search("taş", "tr", limit=1).hits) == 1
    assert len(index.search("taş", "tr", limit=0).hits) == 1
    assert len(index.search("taş", "tr", limit=10_000).hits) <= 50


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("query", [
    '"', "(", ")", "AND OR", "AND OR NOT", "NOT", "*", "~", ":", "^", "[", "]", "{", "}",
    "\\", "+", "-", "/", "?", "'", '"okey', "okey AND", "(okey OR", "title_tr:okey",
    "id:301", "ok*", "okey~2", "okey^3", "[a TO z]", "<script>", "\x00okey", "\udcff okey",
    "\u202e okey", "🂡 okey", "okey" * 50,
])
def test_whoosh_syntax_and_odd_characters_are_plain_words(index: SearchIndex, query: str) -> None:
    results = index.search(query, "tr")
    assert isinstance(results, Results)
    if "okey" in query.lower():
        assert results.hits


@pytest.mark.parametrize(("query", "lang", "variant", "code"), [
    ("", "tr", "all", "empty"),
    ("   \t\n ", "tr", "all", "empty"),
    ("\x00\x01", "tr", "all", "empty"),
    ("okey " * 2000, "tr", "all", "too_long"),
    ("a" * 201, "tr", "all", "too_long"),
    ("okey", "fr", "all", "bad_lang"),
    ("okey", "", "all", "bad_lang"),
    ("okey", "TR", "all", "bad_lang"),
    ("okey", "tr", "102", "bad_variant"),
    ("okey", "tr", "", "bad_variant"),
])
def test_bad_requests_raise_a_query_error_with_a_code(
    index: SearchIndex, query: str, lang: str, variant: str, code: str
) -> None:
    with pytest.raises(QueryError) as caught:
        index.search(query, lang, variant)
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)


def test_a_query_of_exactly_200_characters_is_fine(index: SearchIndex) -> None:
    assert index.search("okey " + "x" * 195, "tr").query.startswith("okey")


# --- the index's life cycle --------------------------------------------------------------------

def generations(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("gen-"))


@pytest.fixture()
def fresh(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A rule book of its own (to edit) and an empty index directory."""
    yield write_book(tmp_path / "book"), tmp_path / "index"


def test_open_or_build_builds_once_and_then_reuses(fresh: tuple[Path, Path]) -> None:
    root, directory = fresh
    book = load(root)
    first = SearchIndex.open_or_build(directory, book)
    assert first.is_current(book)
    name = first.generation
    again = SearchIndex.open_or_build(directory, book)
    assert again.generation == name
    assert generations(directory) == [name]


def test_a_changed_rule_book_makes_the_index_stale(fresh: tuple[Path, Path]) -> None:
    root, directory = fresh
    index = SearchIndex.open_or_build(directory, load(root))
    name = index.generation
    assert index.search("Ablagestapel", "de").hits
    path = root / "rules" / "8_extra.yaml"
    path.write_text(path.read_text().replace("Ablagestapel", "Nachziehstapel"))
    changed = load(root)
    assert not index.is_current(changed)
    rebuilt = SearchIndex.open_or_build(directory, changed)
    assert rebuilt.is_current(changed)
    assert rebuilt.generation != name
    assert generations(directory) == sorted([name, rebuilt.generation])
    # the instance opened before follows the pointer to the new generation
    assert index.generation == rebuilt.generation
    assert index.search("Nachziehstapel", "de").hits[0].id == "803"


def test_threads_share_one_searcher_opened_after_the_warm_up(fresh: tuple[Path, Path]) -> None:
    """The warm-up closes Whoosh's searcher (a forked worker could not use it); then new
    terms asked by many threads at once open one, and every answer is the one a
    generation of its own gives."""
    root, directory = fresh
    index = SearchIndex.build(directory, load(root), cache_size=0)
    index.warm([("okey", "tr")])
    gen = index._generation()
    assert index.warmed and gen._open is None
    asked = [(q, lang) for q in ("Ablagestapel", "joker", "runs", "cift", "göstergeden",
                                 "discard pile", "istaka", "Reihe")
             for lang in ("tr", "de", "en")] * 4
    alone = SearchIndex(directory, cache_size=0)  # a generation opened on its own
    answers = {pair: alone.search(*pair) for pair in asked}
    with ThreadPoolExecutor(8) as pool:
        found = list(pool.map(lambda pair: index.search(*pair), asked))
    assert [(r.query, r.lang, r.hits) for r in found] == \
        [(q, lang, answers[(q, lang)].hits) for q, lang in asked]
    assert gen._open is not None and gen._open[0] == os.getpid()


def test_rebuild_while_a_searcher_is_open(fresh: tuple[Path, Path]) -> None:
    root, directory = fresh
    index = SearchIndex.build(directory, load(root))
    old = _Generation(directory / index.generation)
    with old.ix.searcher() as searcher:
        before = searcher.doc_count()
        for _ in range(3):
            SearchIndex.build(directory, load(root))
        # the open searcher still reads its own snapshot
        assert searcher.doc_count() == before
        assert searcher.document(id="301") is not None
    assert len(generations(directory)) <= 2
    assert index.search("okey", "tr").hits


def test_a_failed_build_leaves_the_previous_index_serving(
    fresh: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, directory = fresh
    book = load(root)
    index = SearchIndex.build(directory, book)
    name = index.generation

    def crash(book: Rulebook) -> Iterator[dict[str, str]]:
        yield from original(book)
        raise RuntimeError("power cut")

    import rules_data.search as search_module
    original = search_module._documents
    monkeypatch.setattr(search_module, "_documents", crash)
    with pytest.raises(RuntimeError, match="power cut"):
        SearchIndex.build(directory, book)
    assert (directory / POINTER).read_text().strip() == name
    assert generations(directory) == [name]
    assert not [p for p in directory.iterdir() if p.name.startswith(".tmp-")]
    assert index.search("okey", "tr").hits


def test_a_half_built_generation_is_never_served(fresh: tuple[Path, Path]) -> None:
    root, directory = fresh
    book = load(root)
    index = SearchIndex.build(directory, book)
    name = index.generation
    # what a build killed mid-way leaves: a temporary directory, never named by the pointer
    stray = directory / ".tmp-gen-0-killed"
    stray.mkdir()
    (stray / "junk").write_text("half")
    reopened = SearchIndex.open_or_build(directory, book)
    assert reopened.generation == name
    assert reopened.search("okey", "tr").hits
    SearchIndex.build(directory, book)
    assert not stray.exists()


def test_a_missing_or_broken_pointer_is_rebuilt(fresh: tuple[Path, Path]) -> None:
    root, directory = fresh
    book = load(root)
    SearchIndex.build(directory, book)
    (directory / POINTER).write_text("gen-does-not-exist\n")
    index = SearchIndex.open_or_build(directory, book)
    assert index.search("okey", "tr").hits
    os.remove(directory / POINTER)
    assert SearchIndex.open_or_build(directory, book).search("okey", "tr").hits


@pytest.mark.parametrize("warm", [True, False])
def test_a_forked_worker_answers_the_warm_up_before_it_serves(
        warm: bool, tmp_path_factory: pytest.TempPathFactory) -> None:
    """gunicorn's workers are forked from a master that warmed the app (``--preload``); each
    answers the warm-up again before its first request (``WARM_AFTER_FORK``)."""
    from tests.conftest import build_test_index, make_app

    index_dir = Path(build_test_index(tmp_path_factory).directory)
    app = make_app(index_dir, tmp_path_factory.mktemp("data"), WARM_AFTER_FORK=warm)
    assert app.extensions["hakem.warmed_pid"] == os.getpid()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: tell whether it warmed itself, and leave at once
        os.write(write, b"1" if app.extensions["hakem.warmed_pid"] == os.getpid() else b"0")
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == (b"1" if warm else b"0")
    os.close(read)
