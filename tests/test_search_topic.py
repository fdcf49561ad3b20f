"""Search that says so when nothing fits: off-topic queries find nothing, the speller mends
typos (transpositions too) but never a real word, and decomposed Unicode reads as composed.
Every entry of rules_data/vocabulary.yaml has a case here."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient

from rules_data import rulebook, wordlist
from rules_data.search import VOCABULARY, SearchIndex, _vocabulary
from rules_data.search.units import Clause
from rules_data.search.query import known

VOCAB: dict[str, Any] = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))

OFF_TOPIC = [
    ("en", "how do I castle in chess"), ("en", "poker hand rankings"),
    ("en", "best chess opening"), ("en", "pizza recipe"), ("en", "weather tomorrow"),
    ("en", "who won the football match"), ("en", "how to play backgammon"),
    ("en", "capital of france"), ("en", "asdfgh qwerty"), ("en", "blackjack strategy"),
    ("en", "uno reverse card"), ("en", "monopoly hotel rules"),
    ("de", "Schach Regeln"), ("de", "wie spielt man Skat"), ("de", "Wetter morgen"),
    ("de", "Rezept für Pizza"), ("de", "Doppelkopf Punkte zählen"), ("de", "Kniffel Regeln"),
    ("de", "Hauptstadt von Frankreich"), ("de", "Fußball Ergebnisse heute"),
    ("tr", "tavla kuralları"), ("tr", "satranç nasıl oynanır"), ("tr", "batak kuralları"),
    ("tr", "pişti nasıl oynanır"), ("tr", "yarın hava nasıl"), ("tr", "futbol maçı kim kazandı"),
    ("tr", "pizza tarifi"), ("tr", "sudoku çözümü"), ("tr", "domino kuralları"),
    ("tr", "mahjong nasıl oynanır"),
]


OFF_TOPIC_SET = yaml.safe_load(
    (Path(__file__).parent / "fixtures" / "search_offtopic.yaml").read_text(encoding="utf-8"))
OFF_TOPIC += [(lang, query) for lang, queries in OFF_TOPIC_SET["tune"].items()
              for query in queries]


@pytest.mark.parametrize(("lang", "query"), OFF_TOPIC)
def test_off_topic_queries_find_nothing_and_suggest_nothing(search_index: SearchIndex,
                                                            lang: str, query: str) -> None:
    results = search_index.search(query, lang)
    assert results.status == "nothing", [h.id for h in results.hits]
    assert results.hits == () and results.suggestion is None


@pytest.mark.parametrize("game", VOCAB["other_games"])
def test_every_other_game_is_off_topic(search_index: SearchIndex, game: str) -> None:
    assert search_index.search(f"{game} rules", "en").status == "nothing"


@pytest.mark.parametrize("word", VOCAB["other_subjects"])
def test_a_word_of_another_subject_is_off_topic_beside_okeys_words(search_index: SearchIndex,
                                                                   word: str) -> None:
    """``netflix penalty points``: the words a rule book shares with life (penalty, points)
    do not make a question about another subject an Okey question."""
    assert search_index.search(f"{word} penalty points", "en").status == "nothing"


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "okey penalty points on my iphone"), ("de", "Okey Strafpunkte am Laptop zählen"),
    ("tr", "101 okey ceza puanı hastanede oynarken"),
])
def test_a_word_only_okey_has_keeps_another_subject_on_topic(search_index: SearchIndex,
                                                             lang: str, query: str) -> None:
    assert search_index.search(query, lang).status != "nothing"


@pytest.mark.parametrize("word", VOCAB["okey_only"])
def test_a_word_only_okey_has_keeps_a_comparison_on_topic(search_index: SearchIndex,
                                                          word: str) -> None:
    assert search_index.search(f"{word} rummikub", "en").status != "nothing"


@pytest.mark.parametrize(("lang", "query", "status"), [
    ("tr", "tavla zarları kaç tane", "nothing"), ("tr", "tavlada el bitti mi", "nothing"),
    ("tr", "tavlada elden bitmek var mı", "matched"),
    ("tr", "satrançta çifte gitmek", "matched"),
])
def test_a_phrase_only_okey_has_counts_whole(search_index: SearchIndex, lang: str,
                                             query: str, status: str) -> None:
    """``okey taşı`` and ``elden bitmek`` are Okey's own as phrases, but ``taş`` (the ``tane``
    of a count reads as its stem) and ``bitmek`` are any game's: a query naming another game
    with one of them alone is about that game."""
    assert search_index.search(query, lang).status == status


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "tell me a joke"), ("tr", "kira artisi ne kadar olcak"),
    # such words alone, beside question words that say nothing of Okey
    ("tr", "kira artışı ne kadar"), ("tr", "okul ne zaman açılıyor"),
    ("de", "karten mischen wie"),
])
def test_a_real_word_near_an_okey_word_says_nothing_of_okey(search_index: SearchIndex,
                                                           lang: str, query: str) -> None:
    """``joke`` is no ``joker`` and ``artışı`` (a rise) no ``artı`` (plus), though a stem or a
    synonym reads them so: a real word near the rule book's words, not one of them. Such a
    word weighs against the topic a little (``NEAR_ONLY_WEIGHT``)."""
    assert search_index.search(query, lang).status == "nothing"


@pytest.mark.parametrize("query", [
    "teilt aus", "wer teilt aus",  # the verb joined to its particle: austeilt, of austeilen
    "was passiert wenn ich den Abwurf nehme und wieder hinlege",  # nehme, of nehmen
])
def test_a_german_verb_form_of_an_okey_verb_is_no_near_word(search_index: SearchIndex,
                                                            query: str) -> None:
    """``austeilt`` and ``nehme`` are real words the rule book does not print, but forms of
    verbs it does (``austeilen``, ``nehmen``): Okey's words, not words merely near them."""
    found = search_index.search(query, "de")
    assert found.status == "matched" and found.hits


@pytest.mark.parametrize(("lang", "query", "status"), [
    ("en", "who won the world cup 2022", "nothing"),
    ("en", "won with 202", "matched"), ("en", "opened with 98", "matched"),
])
def test_a_number_weighs_for_okey_when_okey_has_it(search_index: SearchIndex, lang: str,
                                                   query: str, status: str) -> None:
    """A tile's number (1 to 13) or one the rule book names (202) says the question may be
    about Okey; 2022 says nothing of it."""
    assert search_index.search(query, lang).status == status


@pytest.mark.parametrize(("number", "weight"), [
    ("7", 1), ("13", 1), ("101", 1), ("202", 1), ("404", 1), ("140", 0), ("2022", 0),
])
def test_a_number_the_rule_book_names_weighs_as_a_tiles_does(search_index: SearchIndex,
                                                              number: str, weight: int) -> None:
    """The rule texts name 101, 202 and 404 (the speller's vocabulary, words only, does not):
    each weighs for Okey as a tile's number does."""
    assert search_index._generation().query.topic_weight(number, None, "en") == weight


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("de", "uns fehlt glaub ich ein stein, wieviele sind im kasten", "102"),
    ("en", "what am I actually trying to collect", "501"),
])
def test_a_beginners_pronouns_and_fillers_keep_the_question_on_topic(
        search_index: SearchIndex, lang: str, query: str, rule: str) -> None:
    """A word the rule book has never seen weighs against the topic; ``uns``, ``glaub`` and
    ``actually`` are no such words but stop words, and a beginner's question told with them
    found nothing."""
    assert rule in [hit.id for hit in search_index.search(query, lang).hits[:3]]


@pytest.mark.parametrize(("lang", "query", "status"), [
    ("en", "iphone 13 battery replacement price", "nothing"),
    ("en", "is 13 1 2 a run", "matched"), ("en", "can a run go twelve thirteen one", "matched"),
])
def test_a_tile_number_weighs_as_a_number_not_as_a_synonym(search_index: SearchIndex,
                                                            lang: str, query: str,
                                                            status: str) -> None:
    """A tile's number weighs 1 for the topic, as digits or as a word; the synonym groups
    that tell 4 from vier from dört made it weigh as a one-word entry of Okey's (2), and
    ``iphone 13 battery replacement price`` was an Okey question."""
    assert search_index.search(query, lang).status == status


@pytest.mark.parametrize(("lang", "query", "off"), [
    ("en", "costco opening hours sunday", True),
    ("en", "jokeer discard penalty", False), ("de", "Jokr abwerfen", False),
])
def test_a_mended_word_weighs_as_the_word_it_mends_to(search_index: SearchIndex, lang: str,
                                                       query: str, off: bool) -> None:
    """``costco`` is mended to ``costs``, a word the rules use that says nothing of Okey: it
    weighs nothing, as ``costs`` would, where it weighed as an Okey word before; ``jokeer``
    still weighs as ``joker``."""
    assert (search_index.search(query, lang).status == "nothing") == off


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("de", "wie viel ist die 1 wert beim zaehlen, 1 oder 11 wie beim rommé", "408"),
    ("en", "is the 1 worth 11 like in rummy", "408"),
    ("tr", "rummikub gibi 13ten sonra 1 gelir mi", "404"),
])
def test_a_game_named_as_a_comparison_keeps_the_question_on_topic(
        search_index: SearchIndex, lang: str, query: str, rule: str) -> None:
    """``wie beim Rommé`` compares: the question is about Okey's count of the 1."""
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("en", "is R7 R7 a pair", "506"), ("tr", "K9 K9 çift mi", "506"),
    ("de", "ist B12 B12 ein Paar", "506"), ("en", "can I finish by throwing R7", "602"),
])
def test_tiles_in_the_notation_are_okey_words(search_index: SearchIndex, lang: str,
                                              query: str, rule: str) -> None:
    """``R7`` is a tile as only an Okey player writes it, so it weighs for Okey as a number
    does: two of them beside one Okey word are no words the rule book has never seen."""
    found = search_index.search(query, lang)
    assert found.status == "matched"
    assert rule in [hit.id for hit in found.hits[:3]]


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "we forgot to flip the indicator"), ("tr", "göstergeyi açmayı unuttuk"),
    ("de", "Anzeiger vergessen aufzudecken"), ("en", "my ıstaka wobbles"),
])
def test_a_word_only_okey_has_makes_a_question_about_okey(search_index: SearchIndex,
                                                          lang: str, query: str) -> None:
    """A word only Okey has outweighs two words the rule book never saw: ``forgot`` and
    ``flip`` told beside ``indicator`` are still an Okey question, found with the rules on
    the indicator."""
    found = search_index.search(query, lang)
    assert found.status == "matched"
    assert {"202", "203", "802", "804", "102"} & {hit.id for hit in found.hits[:3]}


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "like in chess"), ("de", "bluffen wie beim Poker"), ("tr", "satranç gibi"),
])
def test_a_comparison_with_nothing_of_okey_beside_it_finds_nothing(
        search_index: SearchIndex, lang: str, query: str) -> None:
    assert search_index.search(query, lang).status == "nothing"


@pytest.mark.parametrize(("lang", "query", "suggestion"), [
    ("en", "discrad", "discard"), ("en", "okye", "okey"), ("en", "indciator", "indicator"),
    ("en", "penalyt", "penalty"),
    ("de", "Jokre abwerfen", "joker abwerfen"), ("de", "Anzieger", "Anzeiger"),
    ("de", "Strafpuntke", "Strafpunkte"),
    ("tr", "cfit acma", "çift acma"), ("tr", "okey atmka", "okey atmak"),
    ("tr", "işelk", "işlek"), ("tr", "bitrimek", "bitirmek"),
    # a word known only with another ending is mended at its stem, keeping the ending typed
    ("tr", "gostregeden sonraki tas", "göstergeden sonraki tas"),
    ("en", "finishng with a joker", "finishing with a joker"),
    ("en", "indicaotr is 13", "indicator is 13"), ("de", "Anzeigre ist 13", "Anzeiger ist 13"),
    ("de", "Jokre abwerfen verbtoen", "joker abwerfen verboten"),
])
def test_typos_and_transpositions_are_mended(search_index: SearchIndex, lang: str,
                                             query: str, suggestion: str) -> None:
    results = search_index.search(query, lang)
    assert results.status == "suggested" and results.hits
    assert results.suggestion is not None
    assert results.suggestion.casefold() == suggestion.casefold()


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "tell me a joke"), ("en", "openning with paris"), ("en", "recipe"),
    ("de", "Wetter"), ("de", "Rezept"), ("tr", "tavla"), ("tr", "yemek tarifi"),
    # negations typed without the apostrophe are no typos of haben, dient or count
    ("en", "havent opened when the round ends"), ("en", "didnt open"),
    ("en", "couldnt finish"), ("en", "doesnt count"),
    # real words near Okey words: fertig is not fertige, open not opened, Stein not Steine
    ("de", "wer ist fertig"), ("de", "wie viele Steine"), ("en", "can i open"),
    ("tr", "okey atar mi"), ("tr", "cift acan"),
])
def test_real_words_are_never_corrected(search_index: SearchIndex, lang: str,
                                        query: str) -> None:
    assert search_index.search(query, lang).suggestion is None


@pytest.mark.parametrize(("lang", "typed", "near"), [
    ("en", "paris", "pairs"), ("en", "pints", "points"), ("de", "Pare", "Paare"),
])
def test_a_real_word_unknown_to_the_rule_book_counts_a_little_as_its_nearest(
        search_index: SearchIndex, lang: str, typed: str, near: str) -> None:
    """``paris`` is a real word, never corrected, but the rule book does not know it: it
    counts a little (``REAL_NEAR_BOOST``) as ``pairs``, without a "did you mean"."""
    from rules_data.search.ranking import REAL_NEAR_BOOST

    reader = search_index._generation().query
    (unit,), corrections = reader.units([typed], lang)
    assert corrections == [None]
    nearest = tuple(Clause(c.words, c.boost * REAL_NEAR_BOOST, c.mark, c.synonym,
                           mended=True, names=c.names) for c in reader.word(near, lang))
    # beside it, only what players' questions hold (asked.yaml), which says nothing of it
    assert unit[-len(nearest):] == nearest and not known(unit[:-len(nearest)])
    found = search_index.search(f"how many {typed} to open", lang)
    assert found.suggestion is None and found.status == "matched"


def test_a_real_word_alone_is_no_okey_question_for_being_near_one(
        search_index: SearchIndex) -> None:
    assert search_index.search("paris", "en").status == "nothing"
    assert search_index.search("pints of beer", "en").status == "nothing"


def test_a_suggestion_is_made_only_when_it_finds_clearly_better(
        search_index: SearchIndex) -> None:
    """``minimun`` mends to ``minimum``, but ``points to open`` alone already finds the opening
    rule as well: no "did you mean" is shown, and the mended word counts as a near match."""
    from rules_data.search.ranking import SUGGEST_MARGIN

    withheld = search_index.search("minimun points to open", "en")
    assert withheld.status == "matched" and withheld.suggestion is None
    assert withheld.hits[0].id == "401"
    typed = search_index.search("discard", "en").hits[0].score
    mended = search_index.search("jokre discard penatly", "en")
    assert mended.status == "suggested" and mended.hits[0].score >= SUGGEST_MARGIN * typed


@pytest.mark.parametrize(("lang", "query", "suggestion", "rule"), [
    ("en", "daler gets how many", "dealer gets how many", "201"),
    ("de", "jokeer als paarhälfte", "joker als paarhälfte", "506"),
])
def test_a_word_read_only_as_a_short_stem_is_mended(search_index: SearchIndex, lang: str,
                                                    query: str, suggestion: str,
                                                    rule: str) -> None:
    """``daler`` is no word of the rules: read as Turkish ``da`` (also) it would not be
    mended, though it is ``dealer`` typed wrong. A typo weighs for the topic as the word it
    mends to (``jokeer`` as ``joker``), so the question is about Okey."""
    found = search_index.search(query, lang)
    assert found.suggestion == suggestion
    assert found.hits[0].id == rule


@pytest.mark.parametrize(("lang", "typo", "written"), [
    # a mended word names the variant in a synonym phrase
    ("en", "WHO GOES FIRST IN NORML OKEY", "who goes first in normal okey"),
    # a mended negation cue negates the word after it; a cue typed wrong is mended to a cue
    ("en", "player who neter opened how much do they pay",
     "player who never opened how much do they pay"),
    ("en", "diidnt open at all how many points do i get",
     "didnt open at all how many points do i get"),
    # a stop word typed wrong is mended to it, not to a rule's word (therre is no three)
    ("en", "are therre two red 7s in the set", "are there two red 7s in the set"),
])
def test_a_mended_word_is_read_as_the_word_it_mends_to(search_index: SearchIndex, lang: str,
                                                       typo: str, written: str) -> None:
    assert search_index.search(typo, lang).hits[0].id == \
        search_index.search(written, lang).hits[0].id


def test_a_mended_word_counts_as_a_near_match_without_a_suggestion(
        search_index: SearchIndex) -> None:
    """``rakc`` is ``rack`` with two letters swapped. The mended query does not find clearly
    better than ``okey still on my … at the end`` alone, so nothing is suggested; but the rack
    still counts, and the rule on an okey left on the rack (706) comes first."""
    found = search_index.search("okey still on my rakc at the end", "en")
    assert found.status == "matched" and found.suggestion is None
    assert found.mended == "okey still on my rack at the end"
    assert found.hits[0].id == "706"


def test_a_mended_word_that_finds_another_rule_is_suggested(search_index: SearchIndex) -> None:
    """``jokr`` is ``joker`` typed short. ``left on my rack at the end`` alone finds the
    general end of a round (601); with the joker, the rule on a joker left on the rack (706)
    scores clearly higher, so the mended query is offered, and its rule comes first."""
    assert search_index.search("left on my rack at the end", "en").hits[0].id == "601"
    found = search_index.search("jokr left on my rack at the end", "en")
    assert found.status == "suggested"
    assert found.suggestion == "joker left on my rack at the end"
    assert found.hits[0].id == "706"


@pytest.mark.parametrize(("typed", "mended", "lang"), [
    ("how many tiels in okey", "how many tiles in okey", "en"),
    # scorring shares only a short stem (scor) with the score synonyms: still a typo
    ("scorring", "scoring", "en"),
    ("einfaches okey wie zeigt man die gewinnhnad", "einfaches okey wie zeigt man die Gewinnhand",
     "de"),
    ("gostregeden sahte okey cikarsa", "göstergeden sahte okey cikarsa", "tr"),
])
def test_a_suggested_query_shows_the_results_of_the_mended_one(search_index: SearchIndex,
                                                               typed: str, mended: str,
                                                               lang: str) -> None:
    """Where the mended query finds clearly better, it is suggested and its results are
    shown, as if it had been typed: the mended word counts in full, not as a near match."""
    found = search_index.search(typed, lang)
    assert found.status == "suggested" and found.suggestion == mended
    assert found.hits == search_index.search(mended, lang).hits


@pytest.mark.parametrize(("composed", "lang"), [("çift", "tr"), ("İSTAKA", "tr"),
                                                 ("Jokerabwürfe", "de"), ("gösterge", "en")])
def test_decomposed_unicode_finds_what_composed_does(search_index: SearchIndex,
                                                     composed: str, lang: str) -> None:
    decomposed = unicodedata.normalize("NFD", composed)
    assert decomposed != composed
    found = search_index.search(composed, lang)
    assert found.hits
    assert search_index.search(decomposed, lang).hits == found.hits


def test_the_real_words_file_is_made_for_the_rule_book_as_it_is() -> None:
    stamp, words = wordlist.read()
    assert stamp == wordlist.vocabulary_hash(_vocabulary(rulebook())), \
        "rule texts changed: run .venv/bin/python -m rules_data.wordlist"
    assert {"tell", "paris", "recipe", "castle", "schwager", "loswerden"} <= words
    assert not {"discrad", "okye", "indciator"} & words


def test_near_words_are_found_by_the_spellers_own_reach() -> None:
    found = set(wordlist.near_words(["discard", "okey", "pairs"],
                                    ["discord", "paris", "piers", "okay", "zebra", "discards"]))
    assert found == {"discord", "paris", "okay", "discards"}


def test_a_real_word_the_stem_mend_reaches_is_a_near_word() -> None:
    """The speller mends a stem one edit from a word of the rule book and keeps its ending
    (``schlag`` + ``er``), so a real word that way off (``schwager``, brother-in-law) is
    a near word too: left alone, not made ``Schlager``."""
    found = set(wordlist.near_words(["schlag", "ausgelegt"], ["schwager", "schwimmer"]))
    assert found == {"schwager"}


def test_the_api_tells_matched_suggested_and_nothing_apart(client: FlaskClient) -> None:
    status = {q: client.get(f"/api/v1/search?q={q}&lang=en").get_json()["status"]
              for q in ("okey", "okye", "chess opening")}
    assert status == {"okey": "matched", "okye": "suggested", "chess opening": "nothing"}


@pytest.mark.parametrize("lang", ["tr", "de", "en"])
def test_the_page_says_nothing_matched_and_offers_the_categories(client: FlaskClient,
                                                                 lang: str) -> None:
    page = client.get(f"/{lang}/search?q=pizza+recipe").get_data(as_text=True)
    assert 'data-status="nothing"' in page
    assert page.count(f'href="/{lang}/categories/') >= 5


def test_decomposed_unicode_reaches_the_api_composed(client: FlaskClient) -> None:
    nfd = unicodedata.normalize("NFD", "çift açma")
    reply = client.get("/api/v1/search", query_string={"q": nfd, "lang": "tr"}).get_json()
    assert reply["query"] == "çift açma" and reply["results"]


def test_vocabulary_file_exists() -> None:
    assert Path(VOCABULARY).is_file()


@pytest.mark.parametrize("word", VOCAB["not_okey_words"])
def test_a_question_word_alone_is_not_about_okey(search_index: SearchIndex, word: str) -> None:
    assert search_index.search(f"pizza {word} weather", "en").status == "nothing"
