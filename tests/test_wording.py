"""The rule book's wording: what Hakem adds stands apart from what the sources say, every
concept has one word per language (the glossary's ``canonical``, never its ``avoid``), and
the English is British. These read the shipped data and the UI catalogs as they are."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from rules_data import LANGS, rulebook
from rules_data.analysis import turkish_lower
from rules_data.loader import DATA_DIR
from rules_data.search import SearchIndex

ROOT = Path(__file__).resolve().parent.parent
SENTENCE = re.compile(r"(?<=[.!?:;])\s+|\n+")
HAKEM = re.compile(r"\bHakem")
# How a sentence in a house-rule note or label says that it is Hakem's own reading.
OWNED = {"tr": re.compile(r"Hakem'in okuma|Hakem .*okur\b"),
         "de": re.compile(r"Hakems Lesart|Hakem liest"),
         "en": re.compile(r"Hakem's reading|Hakem reads")}
# Words a body may not use for what it adds: they belong in the reading.
OWN_WORDS = re.compile(r"Hakem|bu kitap|dieses Buch|this book", re.IGNORECASE)
QUOTED = re.compile(r"„[^“]*“|“[^”]*”|\"[^\"]*\"|«[^»]*»")
US_SPELLINGS = ("color", "colors", "colored", "center", "centers", "favorite", "neighbor",
                "neighbors", "organize", "organized", "penalize", "penalized", "recognize",
                "gray", "behavior", "counterclockwise", "counter-clockwise", "license",
                "analyze", "catalog", "catalogs", "labeled", "canceled")


def rule_texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every text the rule book shows in one language (keywords aside: they are search data,
    written as players type), each with where it stands."""
    book = rulebook()
    for rule in book:
        yield f"rule {rule.id} title", rule.title[lang]
        yield f"rule {rule.id} body", rule.body[lang]
        if rule.reading is not None:
            yield f"rule {rule.id} reading", rule.reading[lang]
        house = rule.house_rule
        if house is not None:
            yield f"rule {rule.id} house rule title", house.title[lang]
            yield f"rule {rule.id} house rule note", house.note[lang]
            for choice in house.choices:
                yield f"rule {rule.id} choice {choice.id}", choice.label[lang]
    for term in book.glossary:
        yield f"glossary {term.id}", f"{term.term[lang]}\n{term.definition[lang]}"
    for slug, category in book.categories.items():
        yield f"category {slug}", " / ".join((category.label[lang],
                                               *(s[lang] for s in category.subcategories.values())))
    for doc_id, doc in book.documents.items():
        yield f"source {doc_id}", f"{doc.title[lang]}\n{doc.description[lang]}"
    rows = yaml.safe_load((DATA_DIR / "variants.yaml").read_text(encoding="utf-8"))["rows"]
    for row in rows:
        yield f"variants {row['id']}", " / ".join(
            (row["topic"][lang], row["101"]["text"][lang], row["plain"]["text"][lang]))


def ui_texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every translated UI string of one language, named by its msgid."""
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for string in strings:
            yield f"UI {msgid!r}", string


def all_texts(lang: str) -> Iterator[tuple[str, str]]:
    yield from rule_texts(lang)
    yield from ui_texts(lang)


def lower(lang: str, text: str) -> str:
    return turkish_lower(text) if lang == "tr" else text.lower()


def avoided_pattern(lang: str, phrase: str) -> re.Pattern[str]:
    """A whole-word match of ``phrase``; in Turkish any suffix may follow (takım, takımlar)."""
    body = re.escape(lower(lang, phrase))
    return re.compile(rf"(?<![\w-]){body}\w*" if lang == "tr" else rf"(?<![\w-]){body}(?![\w-])")


def masked(lang: str, text: str, canonical: list[str]) -> str:
    """The text without quotations (a source's own words) and without the given canonical
    phrases (those that hold an avoided word: takım in okey takımı), which are no offence."""
    text = lower(lang, QUOTED.sub(" ", text))
    end = "" if lang == "tr" else r"(?![\w-])"  # a Turkish word takes suffixes
    for phrase in sorted(canonical, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(lower(lang, phrase))}{end}", " ", text)
    return text


def test_a_body_never_speaks_for_hakem() -> None:
    """What Hakem adds (a procedure, an engine choice where no source speaks) stands in the
    rule's reading, which the page shows in its own labelled box; never in the body."""
    found = [(rule.id, lang, sentence)
             for rule in rulebook() for lang in LANGS
             for sentence in SENTENCE.split(rule.body[lang]) if OWN_WORDS.search(sentence)]
    assert found == [], "move these into the rule's reading:\n" + "\n".join(map(str, found))


def test_readings_are_whole_and_sourced_rules_keep_a_body() -> None:
    readings = [rule for rule in rulebook() if rule.reading is not None]
    assert len(readings) >= 10
    for rule in readings:
        for lang in LANGS:
            assert rule.reading[lang].strip(), (rule.id, lang)
            assert rule.body[lang].strip(), (rule.id, lang)


def test_house_rules_say_when_a_position_is_hakems_own() -> None:
    """A note or a choice that names Hakem says that it is Hakem's reading."""
    found = []
    for rule in rulebook():
        house = rule.house_rule
        if house is None:
            continue
        for lang in LANGS:
            for text in (house.note[lang], *(c.label[lang] for c in house.choices)):
                for sentence in SENTENCE.split(text):
                    if HAKEM.search(sentence) and not OWNED[lang].search(text):
                        found.append((rule.id, lang, sentence))
    assert found == []


def test_the_reading_box_is_on_the_rule_page(client: object) -> None:
    from flask.testing import FlaskClient

    assert isinstance(client, FlaskClient)
    rule = next(r for r in rulebook() if r.reading is not None)
    for lang, label in (("en", "Hakem's reading — no source states this"),
                        ("de", "Hakems Lesart – keine Quelle sagt das")):
        page = html.unescape(client.get(f"/{lang}/rules/{rule.id}").get_data(as_text=True))
        box = page.split('class="reading"', 1)[1]
        assert label in box.split("</aside>", 1)[0]
        first_words = re.sub(r"\[\[\d+\]\]", "", rule.reading[lang]).split()[:3]
        assert " ".join(first_words) in box
        assert " ".join(first_words) not in page.split('class="body"', 1)[1].split("</div>", 1)[0]
    plain = next(r for r in rulebook() if r.reading is None)
    assert 'class="reading"' not in client.get(f"/en/rules/{plain.id}").get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_uses_a_word_the_glossary_says_to_avoid(lang: str) -> None:
    glossary = rulebook().glossary
    avoided = [(term.id, phrase, avoided_pattern(lang, phrase))
               for term in glossary for phrase in term.avoid[lang]]
    canonical = [phrase for term in glossary for phrase in term.canonical[lang]
                 if any(pattern.search(lower(lang, phrase)) for _, _, pattern in avoided)]
    found = []
    for where, text in all_texts(lang):
        plain = masked(lang, text, canonical)
        found += [(where, concept, phrase) for concept, phrase, pattern in avoided
                  if pattern.search(plain)]
    assert found == [], "use the glossary's canonical term:\n" + "\n".join(map(str, found))


def test_every_concept_named_in_the_issue_has_its_terms() -> None:
    terms = {term.id: term for term in rulebook().glossary}
    for concept in ("per", "takim", "seri", "el_acmak", "islemek", "gosterge", "okey"):
        for lang in LANGS:
            assert terms[concept].canonical[lang], (concept, lang)
    assert any(term.avoid[lang] for term in terms.values() for lang in LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_canonical_terms_are_the_words_in_use(lang: str) -> None:
    """A canonical term that no text uses is a glossary entry out of step with the book."""
    text = lower(lang, "\n".join(t for _, t in all_texts(lang)))
    unused = [(term.id, phrase) for term in rulebook().glossary for phrase in term.canonical[lang]
              if not re.search(rf"(?<![\w-]){re.escape(lower(lang, phrase))}", text)]
    assert unused == []


def test_the_avoid_check_can_fail() -> None:
    pattern = avoided_pattern("tr", "takım")
    assert pattern.search(masked("tr", "Bu bir takımdır.", ["okey takımı"]))
    assert not pattern.search(masked("tr", "Okey takımında 106 taş var.", ["okey takımı"]))
    assert not avoided_pattern("de", "Serie").search(masked("de", "die „Serien sortieren“-Taste", []))
    assert avoided_pattern("en", "group").search(masked("en", "A Group of three", []))


def test_english_is_british() -> None:
    """FORMAT.md chooses British English: colour, neighbour, anticlockwise, penalised."""
    found = [(where, word) for where, text in all_texts("en")
             for word in US_SPELLINGS if re.search(rf"\b{word}\b", QUOTED.sub(" ", text), re.I)]
    assert found == []


def _typos(word: str) -> list[str]:
    """One dropped letter and one swap of neighbours: typos the speller is made to mend."""
    return [word[:i] + word[i + 1:] for i in range(1, len(word))] + \
        [word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(1, len(word) - 1)]


def test_the_speller_never_offers_an_avoided_word(search_index: SearchIndex) -> None:
    """"Did you mean" speaks the rule book's words: a typo of an avoided word (Sereie,
    sequnce) is offered the concept's canonical word, and no typo ever gets an avoided one."""
    speller = search_index._generation().query  # noqa: SLF001 - the speller itself, no query
    glossary = rulebook().glossary
    avoided = {lower(lang, phrase) for term in glossary for lang in LANGS
               for phrase in term.avoid[lang]}
    offered: dict[str, str | None] = {}
    for term in glossary:
        for lang in LANGS:
            for phrase in term.avoid[lang]:
                if " " in phrase or "-" in phrase or len(phrase) < 5:
                    continue
                for typo in _typos(phrase):
                    offered[typo] = speller.correct(typo)
    wrong = {typo: word for typo, word in offered.items()
             if word is not None and word.casefold() in avoided}
    assert wrong == {}
    assert speller.correct("Sereie") == "Reihe"
    assert speller.correct("sequnce") == "run"
