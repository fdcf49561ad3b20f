"""How players ask: negation as a meaning, number words read as numbers, and the player
vocabulary kept in rules_data/synonyms.yaml (each new entry searched here)."""

from __future__ import annotations

import pytest

import yaml

from rules_data import analysis
from rules_data.analysis import TOKEN
from rules_data.search import VOCABULARY, SearchIndex, read_numbers
from rules_data.search.ranking import SHARED_LEAD, VARIANT_LEAD


@pytest.mark.parametrize(("lang", "asked", "negated"), [
    ("tr", "el açan oyuncu", "el açmayan oyuncu"),
    ("tr", "el açan oyuncunun cezası", "el açmayan oyuncunun cezası"),
    ("de", "Spieler der ausgelegt hat", "Spieler der nicht ausgelegt hat"),
    ("en", "player who opened", "player who did not open"),
    ("en", "player who opened", "player who didn't open"),
    ("tr", "bitiren oyuncu", "bitiremeyen oyuncu"),
    ("de", "Paarspieler beendet", "Paarspieler beendet nicht"),
    ("de", "Abwurf nehmen", "Abwurf genommen und nicht ausgelegt"),
    ("tr", "yandan taş almak", "yandan taş aldım açamadım"),
    ("en", "pairs player who finished", "pairs player who never finished"),
    ("en", "player who opened", "player who never opened"),
    ("en", "take the discard", "took the discard and could not open"),
])
def test_a_negated_question_ranks_another_rule_first(search_index: SearchIndex, lang: str,
                                                     asked: str, negated: str) -> None:
    first = search_index.search(asked, lang).hits[0].id
    assert search_index.search(negated, lang).hits[0].id != first


@pytest.mark.parametrize(("lang", "asked"), [
    ("de", "Abwurf nehmen ohne Auslegen"),
    ("tr", "elimi açmadan yandan taş alabilir miyim"),
    ("en", "can I pick up the discard before opening"),
])
def test_taking_the_discard_before_opening_is_answered_by_its_rule(
        search_index: SearchIndex, lang: str, asked: str) -> None:
    """May I take the discard without opening? 406 answers: only to open with it that turn.
    705 (the penalty for putting the tile back) is for the player who took it and then
    could not open; a question that asks first whether they may is 406's."""
    assert search_index.search(asked, lang).hits[0].id == "406"


@pytest.mark.parametrize(("lang", "words", "negated"), [
    ("tr", "açmayan", ["¬ac"]), ("tr", "bitiremez", ["¬bitire"]),
    ("tr", "açmadan", ["¬ac"]), ("tr", "açan", []), ("tr", "çift açma", []),
    ("de", "nicht ausgelegt", ["¬ausleg"]), ("de", "ohne auszulegen", ["¬auszuleg"]),
    ("de", "kein Joker", ["¬jok"]),
    ("en", "did not open", ["¬open"]), ("en", "didn't open", ["¬open"]),
    ("en", "never opened", ["¬open"]), ("en", "without opening", ["¬open"]),
    ("en", "opened", []),
    ("tr", "geçerli değil", ["¬gecer"]), ("tr", "bu seri geçerli degil mi", ["¬gecer"]),
    ("tr", "geçerli mi", []), ("tr", "değil", []),
    # olmayan (that is not) and olmadan (without being) negate the word before them
    ("tr", "sayısı olmayan taş", ["¬sa"]), ("tr", "okey olmadan bitmek", ["¬okey"]),
    ("en", "an unusable discard", ["¬use"]), ("en", "an unfinished round", ["¬finish"]),
    ("en", "invalid melds", ["¬valid"]), ("en", "under the table", []),
    ("en", "unusual", ["¬usual"]),
])
def test_negation_is_indexed_on_the_negated_word(lang: str, words: str,
                                                 negated: list[str]) -> None:
    terms = [t.text for t in analysis.analyzer(lang)(words)]
    found = [t for t in terms if t.startswith(analysis.NEGATION)]
    assert all(any(f.startswith(n) for f in found) for n in negated), terms
    assert bool(found) == bool(negated), terms


@pytest.mark.parametrize(("lang", "typed", "written"), [
    ("de", "rausgelegt", "auslegen"), ("de", "reinlegen", "einlegen"),
    ("de", "rausgelegt", "ausgelegt"),
    # participles of kommen and of verbs with hin- (rausgekommen, hingelegt)
    ("de", "rausgekommen", "rauskommen"), ("de", "hingelegt", "hinlegen"),
    # a five-letter Turkish word is its own root: yonca (clover), yoncalı (with a clover)
    ("tr", "yoncalı", "yonca"), ("tr", "destede", "deste"),
    # the conditional with a person ending: if I discard, if I open
    ("tr", "atarsam", "atmak"), ("tr", "açarsam", "açmak"), ("tr", "bitirirsem", "bitirmek"),
])
def test_how_players_inflect_meets_the_rule_texts_words(lang: str, typed: str,
                                                        written: str) -> None:
    """German spoken prefixes (``rausgelegt``: ``herausgelegt``, said for ``ausgelegt``)
    and a Turkish word with an ending the stemmers do not take off share a stem with the
    rule text's word."""
    stems = {t.text for t in analysis.analyzer(lang)(typed)}
    assert stems & {t.text for t in analysis.analyzer(lang)(written)}, stems


@pytest.mark.parametrize(("word", "negated"), [
    ("Nichtauslegen", "¬ausleg"), ("nichtangelegt", "¬angeleg"),
])
def test_a_german_nicht_word_is_its_rest_negated(word: str, negated: str) -> None:
    """``Strafpunkte fürs Nichtauslegen`` asks about the player who did not lay down."""
    terms = [t.text for t in analysis.analyzer("de")(word)]
    assert negated in terms and not any(t.startswith("nicht") for t in terms), terms


@pytest.mark.parametrize("word", ["won't", "don’t", "haven't", "havent", "didn't"])
def test_an_english_verb_contracted_with_not_is_read_as_the_cue_alone(
        search_index: SearchIndex, word: str) -> None:
    """``won't`` negates the word after it and says nothing more: its verb is no ``won``
    (win), ``don`` or German ``haben`` of the question."""
    assert search_index._generation().query.word(word, "en") == ()


@pytest.mark.parametrize("word", ["beim", "fürs", "ins", "aufs", "übers"])
def test_german_contractions_are_stop_words_like_their_parts(word: str) -> None:
    assert [t.text for t in analysis.analyzer("de")(word)] == []


@pytest.mark.parametrize("word", ["für", "fürs", "über", "übers"])
def test_a_german_stop_word_is_one_folded_as_a_query_word_is(word: str) -> None:
    """A typed word is compared folded (``fürs`` as ``furs``) and the analyzer spells
    umlauts out (``fuers``): either way it is a stop word, read in no language, so ``fürs``
    finds no Turkish or English ``furs``."""
    assert analysis.is_stop("de", analysis.fold(word))
    assert analysis.is_stop("de", analysis.german_spelling(word))


@pytest.mark.parametrize(("lang", "word"), [
    ("de", "trotzdem"), ("de", "eigentlich"), ("de", "überhaupt"), ("de", "halt"),
    ("de", "mal"), ("de", "doch"), ("de", "bitte"), ("tr", "şimdi"), ("tr", "simdi"),
    ("tr", "artık"), ("tr", "hani"), ("tr", "işte"), ("tr", "yine"), ("tr", "gene"),
    ("tr", "tamam"), ("tr", "lütfen"), ("de", "diese"), ("de", "diesen"),
    # the Turkish question particle with a person's ending (atabilir miyim, açar mısın)
    ("tr", "miyim"), ("tr", "mısın"), ("tr", "musunuz"), ("tr", "mudur"),
    # German indefinite pronouns: bevor irgendwer ausgelegt hat
    ("de", "irgendwer"), ("de", "irgendwas"), ("de", "jemand"), ("de", "irgendeiner"),
    # the Turkish copula's must-forms, as olur and olan: kaç taş olması lazım
    ("tr", "olması"), ("tr", "olmasi"), ("tr", "olmalı"),
    # okay, whose chat spelling is no okey: is a 3 tile run ok
    ("en", "ok"), ("en", "okay"),
    # whose, as who and whom; wie gehts, a greeting
    ("en", "whose"), ("de", "gehts"),
    # was gibts: what does one get (paare raus, wat gibts); Turkish var (there is), as olur
    ("de", "gibts"), ("tr", "var"),
    # pronouns, modal verbs and fillers a beginner tells a question with (uns fehlt glaub ich
    # ein Stein; what am I actually trying to collect)
    ("tr", "benden"), ("tr", "bende"), ("tr", "benim"), ("tr", "galiba"), ("de", "uns"),
    ("de", "mir"), ("de", "wollen"), ("de", "glaub"), ("de", "bzw"), ("en", "actually"),
    ("en", "really"), ("en", "maybe"), ("de", "obwohl"), ("de", "selber"), ("de", "nix"),
    # like, as gibi and wie: is the okey fully wild like a joker in rummy
    ("en", "like"),
])
def test_the_words_a_teller_fills_a_question_with_are_stop_words(lang: str, word: str) -> None:
    assert [t.text for t in analysis.analyzer(lang)(word)] == []


def test_a_filler_finds_no_rule_that_happens_to_say_it(search_index: SearchIndex) -> None:
    """``trotzdem`` (all the same) is in the text of the rule on a taken discard that cannot
    be used (705), not in the question: the rule on laying off (405) answers it."""
    found = search_index.search("ich hab noch nicht ausgelegt, darf ich trotzdem bei ihm anlegen?",
                                "de").hits
    assert found[0].id == "405"
    # ``like`` is in the text of the rule on the okey discarded (703), not in the question
    assert search_index.search("is the okey fully wild like a joker in rummy", "en"
                               ).hits[0].id == "301"


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("en", "draw pile empty", "605"), ("de", "Stapel leer", "605"),
    ("en", "plain okey draw pile empty", "609"), ("de", "einfaches Okey Stapel leer", "609"),
])
def test_a_word_whose_synonym_holds_a_negation_is_no_negated_word(
        search_index: SearchIndex, lang: str, query: str, rule: str) -> None:
    """``empty`` has ``no tiles left`` and ``keine Steine mehr`` among its synonyms, but is
    not negated: a rule whose keywords hold it (``draw pile empty``) holds the question."""
    from rules_data.search.ranking import negated

    units, _ = search_index._generation().query.units(TOKEN.findall(query), lang)
    assert not any(negated(unit) for unit in units)
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("query", "rule"), [
    ("who goes 1st", "204"), ("whose turn is 2nd", "103"), ("3rd player after the dealer", "204"),
    ("is the 4th tile", None), ("5th round", None),
    ("how many tiles does every1 get", "202"), ("some1 threw the joker", "703"),
    ("can any1 take my discard", "205"), ("no1 opened and the deck ran out", "605"),
    ("do u have to open b4 u can add to others melds", "405"),
])
def test_chat_spellings_are_read_as_the_words_they_stand_for(
        search_index: SearchIndex, query: str, rule: str | None) -> None:
    """Each entry of vocabulary.yaml's ``chat_spellings``: ``1st`` is ``first``, not the
    number 1 of the rules on 12-13-1; ``every1`` is ``everyone``."""
    from rules_data.search.query import respell

    words = TOKEN.findall(query)
    assert respell(words) != words
    if rule is not None:
        assert rule in [hit.id for hit in search_index.search(query, "en").hits[:3]]


def test_every_chat_spelling_is_tested() -> None:
    tested = {"1st", "2nd", "3rd", "4th", "5th", "every1", "some1", "any1", "no1", "b4"}
    listed = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))["chat_spellings"]
    assert set(map(str, listed)) == tested


def test_per_before_a_count_noun_is_the_preposition(search_index: SearchIndex) -> None:
    """Each noun of vocabulary.yaml's ``per_as_preposition``: ``2 jokers per round`` asks
    how many jokers a round has, and names no meld (``per``, a meld in Turkish, led the
    kinds of meld, 402); ``per açtım`` (I opened a meld) keeps it."""
    from rules_data.search.query import respell

    nouns = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))["per_as_preposition"]
    for noun in nouns:
        assert respell(["jokers", "per", str(noun)]) == ["jokers", str(noun)]
    assert respell(["per", "açtım"]) == ["per", "açtım"]
    assert "402" not in [hit.id for hit in search_index.search(
        "are there 2 jokers per round", "en").hits[:3]]


@pytest.mark.parametrize("words", ["wie viele", "wieviele", "viel"])
def test_how_many_is_a_question_not_a_word_of_the_rules(words: str) -> None:
    """``wie viele Punkte`` asks about points; ``viele`` would pull every keyword that is a
    question (``wie viele Steine``), as English ``many`` does not."""
    assert [t.text for t in analysis.analyzer("de")(words)] == []


@pytest.mark.parametrize(("lang", "words"), [
    ("tr", "ne işe yarar"), ("tr", "ne ise yariyor"), ("tr", "ne demek"),
    ("de", "was bedeutet"), ("en", "what does it mean"),
])
def test_what_is_it_for_is_a_question_not_a_word_of_the_rules(lang: str, words: str) -> None:
    """``yonca resimli taş ne işe yarar`` asks about the clover tile; ``yarar`` would pull
    every rule with a Turkish word that begins ``yar`` (yarı, yardım)."""
    assert [t.text for t in analysis.analyzer(lang)(words)] == []


@pytest.mark.parametrize(("chat", "written"), [
    ("whats the okey", "what is the okey"), ("hows scoring work", "how does scoring work"),
    ("ur joker", "your joker"), ("im stuck with the joker", "I am stuck with the joker"),
    ("whos the winner", "who is the winner"), ("thats a run", "that is a run"),
])
def test_chat_spelling_reads_as_written(search_index: SearchIndex, chat: str,
                                        written: str) -> None:
    """Phone-typed English drops the apostrophe: ``whats`` is a stop word like ``what's``."""
    assert [hit.id for hit in search_index.search(chat, "en").hits[:3]] == \
        [hit.id for hit in search_index.search(written, "en").hits[:3]]


def test_a_negative_word_meets_a_negated_question(search_index: SearchIndex) -> None:
    """``can't use`` is the ``unusable`` of the rule on the unusable taken discard."""
    ids = [hit.id for hit in search_index.search("a discard I can't use", "en").hits[:3]]
    assert "708" in ids


@pytest.mark.parametrize(("typed", "read"), [
    ("can a run go twelve thirteen one", "can a run go 12 13 1"),
    ("on iki on üç bir", "12 13 1"), ("zwölf dreizehn eins", "12 13 1"),
    ("is thirteen one two a run", "is 13 1 2 a run"),
    ("one tile on the table", "one tile on the table"), ("iki taşlık per", "iki taşlık per"),
    ("ein Stein", "ein Stein"), ("acht Steine", "acht Steine"),
    ("on üçten sonra", "13 sonra"), ("on ucten sonra 1", "13 sonra 1"),
    ("gösterge dörde", "gösterge 4"), ("on ikiyse", "12"), ("on birden sonra", "11 sonra"),
    ("ikisini de aldım", "ikisini de aldım"), ("biri 13 attı", "biri 13 attı"),
    ("birden fazla", "birden fazla"),
    # only a Turkish number word takes a Turkish case ending, and none that spells a
    # German word typed without Turkish letters (am besten) is one
    ("die zweiten Steine", "die zweiten Steine"), ("im vierten Zug", "im vierten Zug"),
    ("am besten sortieren", "am besten sortieren"), ("beşten sonra", "5 sonra"),
    ("a hundred and one", "a 101"), ("one two three", "1 2 3"),
    # the genitive too: beside the 13; onun (his) and besin (food) stay words
    ("on üçün yanına", "13 yanına"), ("yedinin yanına", "7 yanına"),
    ("onun taşı", "onun taşı"),
    ("besin değeri", "besin değeri"),
    # speech-to-text: won for one beside numbers (not alone: who won), a score digit by digit
    ("is twelve thirteen won a run", "is 12 13 1 a run"),
    ("who won the round", "who won the round"),
    ("in one oh one", "in 101"), ("four oh four points", "404 points"), ("oh no", "oh no"),
])
def test_numbers_in_a_row_are_read_as_numbers(typed: str, read: str) -> None:
    assert " ".join(read_numbers(typed.split())) == read


NUMBERS = [(int(number), str(word)) for number, by_lang in yaml.safe_load(
    VOCABULARY.read_text(encoding="utf-8"))["numbers"].items()
    for words in by_lang.values() for word in words]


@pytest.mark.parametrize(("number", "word"), NUMBERS)
def test_every_number_word_is_read_as_its_number(number: int, word: str) -> None:
    """Each entry of vocabulary.yaml's numbers between two tile numbers, and beside one
    unless it is an ambiguous word (``black 9 on the table``: ``on`` is no Turkish ten)."""
    typed = TOKEN.findall(word)
    ambiguous = word in yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))["ambiguous_numbers"]
    assert read_numbers([*typed, "5"]) == ([*typed, "5"] if ambiguous else [str(number), "5"])
    assert read_numbers(["12", *typed, "1"]) == ["12", str(number), "1"]


@pytest.mark.parametrize(("typed", "read"), [
    ("dört yüz dört", "404"), ("dort yuz dort mu yazilir", "404 mu yazilir"),
    ("iki yüz ikiyi", "202"), ("yüzbir", "101"), ("yüz bir puan", "101 puan"),
    ("two hundred and two points", "202 points"), ("a hundred and one", "a 101"),
    ("zweihundertzwei", "202"), ("hundertundeins", "101"), ("vierhundertvier", "404"),
    ("hundert eins", "101"), ("zweihundert", "200"),
    # a hundred word alone, or inside another word, is no number
    ("yüzü açık", "yüzü açık"), ("yüzde yüz", "yüzde yüz"), ("Jahrhundert", "Jahrhundert"),
    ("hundred", "hundred"), ("hundreds of rules", "hundreds of rules"),
])
def test_scores_spelt_with_a_hundred_are_read_as_numbers(typed: str, read: str) -> None:
    """The scores the rules name (101, 202, 404) as players spell them out."""
    assert " ".join(read_numbers(typed.split())) == read


@pytest.mark.parametrize(("lang", "spelt", "digits"), [
    ("tr", "hiç açmayan dört yüz dört mü yazar", "hiç açmayan 404 mü yazar"),
    ("de", "bekommt man zweihundertzwei wenn man nie ausgelegt hat",
     "bekommt man 202 wenn man nie ausgelegt hat"),
    ("en", "is it four hundred and four for never opening",
     "is it 404 for never opening"),
])
def test_a_spelt_score_finds_what_its_digits_find(search_index: SearchIndex, lang: str,
                                                  spelt: str, digits: str) -> None:
    assert [hit.id for hit in search_index.search(spelt, lang).hits[:3]] == \
        [hit.id for hit in search_index.search(digits, lang).hits[:3]]


def test_the_numbers_are_one_to_thirteen_and_the_rules_counts_in_every_language() -> None:
    assert sorted({number for number, _ in NUMBERS}) == [*range(1, 16), 20, 21, 22]
    assert all(len([w for n, w in NUMBERS if n == number]) >= 3 for number in range(1, 14))


@pytest.mark.parametrize(("lang", "typed"), [
    ("en", "can a run go twelve thirteen one"), ("tr", "on iki on üç bir seri olur mu"),
    ("de", "zwölf dreizehn eins Reihe"), ("tr", "on uce bir baglanir mi"),
])
def test_number_words_find_the_wrap_rule(search_index: SearchIndex, lang: str,
                                         typed: str) -> None:
    assert search_index.search(typed, lang).hits[0].id == "404"


@pytest.mark.parametrize(("lang", "word"), [
    ("de", "maximal"), ("tr", "maksimum"), ("tr", "azami"), ("en", "max"),
])
def test_a_word_for_at_most_is_read_as_the_rules_say_it(search_index: SearchIndex, lang: str,
                                                         word: str) -> None:
    """No rule says ``maximal`` or ``maksimum``; they say ``höchstens``, ``en fazla`` and
    ``at most`` (a set has at most 4 tiles, 402), which the synonyms make of them: the
    word is read, and the question about a group's size finds 402 in the top 3."""
    assert search_index.search(word, lang).hits
    assert "402" in [hit.id for hit in search_index.search(f"grup {word}", lang).hits[:3]]


# Each player word added to the synonyms, and a rule its question should find in the top 3.
@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("tr", "101 tutturmak", "401"), ("tr", "101 puana ulaşmak", "401"),
    ("de", "101 erreichen", "401"), ("en", "reach 101 to open", "401"),
    ("de", "normales Okey gewinnen", "106"), ("en", "regular okey seven pairs", "504"),
    ("de", "wer hat beim einfachen Okey angefangen", "207"),
    ("en", "who started in plain okey", "207"), ("tr", "düz okeyde kim başladı", "207"),
    ("de", "hat bei 101 der Geber begonnen", "204"),
    ("tr", "klasik okey çift", "504"), ("de", "Stapel leer", "605"),
    ("tr", "deste bitti ne olur", "605"), ("en", "no tiles left to draw", "605"),
    ("en", "what if I knock", "604"), ("de", "fertig werden", "603"),
    ("en", "opened with less than 101", "701"), ("en", "opened with fewer than 101", "701"),
    ("de", "weniger als 101 ausgelegt", "701"), ("tr", "işlenebilir taş atmak", "702"),
    ("de", "Stein abgeworfen der angelegt werden konnte", "702"),
    ("de", "Stein abgeworfen der angelegt werden kann", "702"),
    ("de", "mit Paaren rausgehen", "603"), ("de", "geht raus mit Paaren", "603"),
    ("de", "vierzehn Steine", "206"), ("de", "fünfzehn Steine", "206"),
    ("de", "zwanzig Punkte Turnier", "609"), ("de", "einundzwanzig Steine", "202"),
    ("de", "zweiundzwanzig Steine", "202"), ("tr", "on dört taş", "206"),
    ("tr", "on beş taş", "206"), ("tr", "yirmi puan turnuva", "609"),
    ("tr", "yirmi bir taş", "202"), ("tr", "yirmi iki taş", "202"),
    ("en", "fourteen tiles", "206"), ("en", "fifteen tiles", "206"),
    ("en", "twenty points tournament", "609"), ("en", "twenty one tiles", "202"),
    ("en", "twenty-two tiles", "202"), ("tr", "okey taşını atarsam ne olur", "703"),
    ("de", "Joker aus der Reihe klauen", "302"), ("de", "Joker wegnehmen", "302"),
    ("en", "grab the joker from a run", "302"), ("en", "steal the okey from a meld", "302"),
    ("en", "can i snatch the joker", "302"),
    ("en", "what can the okey stand for", "301"), ("tr", "okey her taşın yerini tutar mı", "301"),
    ("de", "kann der Joker jede Farbe vertreten", "301"),
    ("de", "für welche Steine steht der Joker", "301"),
    ("de", "wie viel zählt ein Joker", "408"), ("tr", "okey kaç sayılır", "408"),
    ("de", "spielen wir linksrum", "103"), ("de", "rechts herum oder links herum", "103"),
    ("en", "penalised for throwing the joker", "703"), ("en", "penalized for opening short", "701"),
    ("de", "wie viele Steine pro Kopf", "202"), ("tr", "kişi başı kaç taş", "202"),
    ("en", "how many tiles does each person get", "202"),
    ("de", "wie stell ich die Steine auf", "804"), ("en", "line up my tiles on the rack", "804"),
    ("tr", "taşları nasıl sıralamalıyım", "804"),
    # the fake joker told by what is on it, and pairs told as doubled tiles
    ("tr", "üstünde sayı olmayan resimli taş ne işe yarar", "303"),
    ("de", "was ist der Stein mit Bild", "303"), ("en", "what is the picture tile for", "303"),
    ("de", "mit doppelten Steinen auslegen", "501"),
    # adding up a total, pairs told as twos, and what one gets (gibts) for going out on pairs
    ("en", "adding up melds", "408"), ("de", "Punkte zusammenzählen", "408"),
    ("en", "fourteen tiles all in twos", "504"), ("de", "Paare raus, wat gibts", "603"),
    # speech-to-text's Okay after an article is the okey
    ("de", "darf ich den Okay nehmen der in der Reihe liegt", "302"),
    ("en", "can i take the okay from his run", "302"),
    # what a beginner sees: the tile turned over; rakam (digit) for sayı
    ("de", "was bedeutet der umgedrehte Stein", "203"),
    ("tr", "ters çevrilen taş ne işe yarar", "203"),
    ("tr", "rakamları aynı renkleri farklı üç taş", "402"),
    # a tie, and who sits where (the organiser's words)
    ("de", "was gilt bei Punktgleichheit", "606"), ("en", "what happens on a tie", "606"),
    ("tr", "eşitlik olursa kim kazanır", "606"), ("de", "wer sitzt wo", "201"),
    ("en", "who sits where", "201"),
    # the basics of a variant are its overview
    ("en", "regular okey basics", "106"), ("de", "Grundregeln 101", "101"),
    ("tr", "düz okey temel kurallar", "106"),
])
def test_player_words_find_their_rule(search_index: SearchIndex, lang: str, query: str,
                                      rule: str) -> None:
    assert rule in [hit.id for hit in search_index.search(query, lang).hits[:3]]


@pytest.mark.parametrize(("lang", "query"), [
    ("tr", "acarken okey kac sayiliyor"), ("de", "wie viel ist ein Joker beim Auslegen wert"),
    ("en", "what is the joker worth when i open"),
])
def test_what_the_joker_counts_when_opening_is_the_tile_values_rule(
        search_index: SearchIndex, lang: str, query: str) -> None:
    """The joker's worth in an opening is counted by the tile values rule (408), not the
    opening requirement (401) whose words the question is told with."""
    assert search_index.search(query, lang).hits[0].id == "408"


def test_einfach_as_simply_names_no_plain_okey(search_index: SearchIndex) -> None:
    """German ``einfach`` (simply) is a stop word: it had found the rules of plain Okey,
    whose name is ``einfaches Okey``, and its joker finish (608) led the okey thrown (703)."""
    assert search_index.search("darf ich einfach den Joker abwerfen", "de").hits[0].id == "703"


def test_the_clover_tile_is_the_fake_joker(search_index: SearchIndex) -> None:
    """``yonca taşı`` (the clover tile) names the fake joker; the light stemmer reads
    ``yonca`` as ``yo``, the stem of ``yön`` too, and the direction of play led."""
    assert search_index.search("yonca tasi", "tr").hits[0].id == "303"


@pytest.mark.parametrize(("lang", "query"), [
    ("tr", "okeyle bitince 101 cezalar da katlaniyor mu"),
    ("de", "verdoppeln sich die 101er Strafen beim Jokerabwurf"),
    ("en", "joker finish, do the 101 penalties double as well"),
])
def test_whether_the_101_penalties_double_is_the_doublings_rule(
        search_index: SearchIndex, lang: str, query: str) -> None:
    """Whether the flat 101 penalties double on a joker finish is the house rule of the
    doublings rule (612), not the joker finish (602) or the penalty for opening short (701)
    whose words the question holds."""
    assert search_index.search(query, lang).hits[0].id == "612"


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "is the smiley wild too"),
    ("tr", "sahte okey de okey gibi her pere konabilir mi yoksa sadece okeyin yerine mi gecer"),
    ("tr", "sahte okey her pere girer mi"), ("de", "ist der falsche Joker auch ein Joker"),
])
def test_whether_the_fake_joker_is_wild_is_its_own_rule(search_index: SearchIndex, lang: str,
                                                        query: str) -> None:
    """The fake joker's rule (303) holds its house rule, wild or not; the joker's finding
    (203) and the real joker's rule (301) hold more of the joker's words. 203 names the fake
    joker only as the indicator, where the referee's okey check on it leads: its Turkish and
    German keywords name no fake joker (its English ones keep ``fake joker indicator``:
    without it, ``too`` in its text makes it first for the smiley question)."""
    assert search_index.search(query, lang).hits[0].id == "303"


@pytest.mark.parametrize(("lang", "query"), [
    ("de", "sortiert man nach Farbe oder nach Zahl"),
    ("de", "ordnet ihr eure Steine nach Farbe oder Zahl"),
    ("en", "grandpa sorts his tiles by colour, my sister by number, is either required"),
    ("tr", "taşları renge göre mi dizmek lazım sayıya göre mi"),
])
def test_by_colour_or_by_number_is_how_the_rack_is_sorted(search_index: SearchIndex,
                                                          lang: str, query: str) -> None:
    """``nach Farbe``, ``renge göre``, ``by colour`` say how tiles are sorted: the sorting
    rule (804, whose keywords say so) answers, not the rules on the tiles' colours and on
    sets of one number."""
    assert search_index.search(query, lang).hits[0].id == "804"


@pytest.mark.parametrize(("query", "rule"), [
    ("face up tile is a 13", "801"), ("points for the face up tile", "802"),
])
def test_the_face_up_tile_is_the_indicator(search_index: SearchIndex, query: str,
                                           rule: str) -> None:
    """Players name the indicator by how it lies: the face-up tile."""
    assert search_index.search(query, "en").hits[0].id == rule


@pytest.mark.parametrize(("lang", "plain", "common"), [
    ("tr", "normal okeyde okey atarak bitirme", "okey atarak bitirme"),
    ("de", "einfaches Okey Joker zuletzt abwerfen", "Joker zuletzt abwerfen"),
    ("en", "regular okey finish with joker discard", "finish with joker discard"),
])
def test_a_question_naming_plain_okey_gets_plain_okeys_rule(search_index: SearchIndex,
                                                            lang: str, plain: str,
                                                            common: str) -> None:
    """Without a variant named, the 101 Okey rule leads; named, the plain Okey one does."""
    assert search_index.search(common, lang).hits[0].id == "602"
    assert search_index.search(plain, lang).hits[0].id == "608"


@pytest.mark.parametrize(("spoken", "written"), [
    ("sıra hangi tarafa donuyo", "sıra hangi tarafa dönüyor"),
    ("okeyi yerden alabilirmiyim", "okeyi yerden alabilir miyim"),
    ("aynı renk iki kere olurmu", "aynı renk iki kere olur mu"),
    ("islek tas atilirmi", "işlek taş atılır mı"),
    ("ciftle acan seri acamazmi", "çiftle açan seri açamaz mı"),
])
def test_a_spoken_or_joined_turkish_form_finds_what_the_written_one_does(
        search_index: SearchIndex, spoken: str, written: str) -> None:
    """The spoken present (``dönüyo``) and a question particle typed onto its verb
    (``alabilirmiyim``) read as the written forms: same first rule, never "nothing"."""
    asked = search_index.search(spoken, "tr")
    assert asked.status != "nothing"
    assert asked.hits[0].id == search_index.search(written, "tr").hits[0].id


@pytest.mark.parametrize(("word", "negated"), [
    ("açamazmı", True), ("acamazmiyim", True), ("olurmu", False), ("varmi", False),
])
def test_a_joined_question_particle_keeps_the_negation(word: str, negated: bool) -> None:
    assert analysis.is_negative_form("tr", word) == negated


@pytest.mark.parametrize("spoken", ["yaziyo", "yetiyo", "yazmiyo", "yetiyomu", "yazicaz",
                                    "almiyo", "yaparken", "yapiyom", "tutuyo"])
def test_the_speller_leaves_a_turkish_verb_form_of_a_known_root_alone(
        search_index: SearchIndex, spoken: str) -> None:
    """``yazıyo`` is ``yazıyor`` (writes) as players type it, read by its root ``yaz``: it is
    no typo of the stop word ``yarıyo``, which would read it as nothing at all; nor is
    ``yazıcaz`` (we will write) one of ``yazılmaz`` (is not written), nor the negative
    ``almıyo`` (does not take) one of ``almaya`` (to take)."""
    gen = search_index._generation()
    words = gen.query.join_particles([spoken])
    assert gen.query.units(words, "tr")[1] == [None]
    assert search_index.search(f"kac puan {spoken}", "tr").suggestion is None


@pytest.mark.parametrize(("typo", "mended"), [("gostrege", "gösterge"), ("bitnce", "bitince"),
                                              ("ceaz", "ceza"), ("okye", "okey")])
def test_a_turkish_typo_is_still_mended(search_index: SearchIndex, typo: str,
                                        mended: str) -> None:
    assert search_index._generation().query.units([typo], "tr")[1] == [mended]


@pytest.mark.parametrize(("spoken", "written"), [
    ("atcaz", "atacağız"), ("yapcaz", "yapacağız"), ("alcam", "alacağım"),
    ("oynaycaz", "oynayacağız"), ("donuyo", "dönüyor"), ("aciyom", "açıyorum"),
])
def test_a_spoken_turkish_verb_shares_a_stem_with_the_written_one(spoken: str,
                                                                  written: str) -> None:
    assert set(analysis.turkish_stems(spoken)) & set(analysis.turkish_stems(written))


@pytest.mark.parametrize(("passive", "active"), [
    ("işlenir", "işlemek"), ("eklenebilir", "eklemek"), ("başlanır", "başlamak"),
    ("islenmez", "islemek"),
])
def test_a_turkish_passive_of_a_le_la_verb_shares_its_root_with_the_active(
        passive: str, active: str) -> None:
    assert set(analysis.turkish_stems(passive)) & set(analysis.turkish_stems(active))


@pytest.mark.parametrize(("word", "not_root"), [("kazanır", "kaza"), ("kazanan", "kaza"),
                                                ("atanır", "ata")])
def test_a_verb_ending_in_n_is_no_passive(word: str, not_root: str) -> None:
    """``kazanır`` (wins) is no passive of ``kaza`` (an accident)."""
    assert not_root not in analysis.turkish_stems(word)


@pytest.mark.parametrize(("typed", "group"), [
    ("rausgekommen", "rauskommen"), ("ausgelegt", "auslegen"), ("abgeworfen", "abwerfen"),
    ("angelegt", "anlegen"), ("zurueckgenommen", "zurücknehmen"),
])
def test_a_german_participle_is_its_verbs_synonym(search_index: SearchIndex, typed: str,
                                                  group: str) -> None:
    """A synonym group lists verbs as infinitives: ``rausgekommen`` (come out, laid down)
    is ``rauskommen`` of the opening's group and brings its words in every language, as
    ``lay down`` does."""
    matches = search_index._generation().query.synonyms.matches
    assert matches([typed]) and matches([typed]) == matches([group])


@pytest.mark.parametrize(("words", "meets"), [
    (["doğum"], False),  # birth: its stem dok is that of dokuz (nine)
    (["laid", "down"], True), (["taşı"], True), (["won"], True),
])
def test_a_three_letter_stem_alone_makes_no_synonym(search_index: SearchIndex,
                                                    words: list[str], meets: bool) -> None:
    """A synonym is met by a shared stem of four letters or more, or of three where the stem
    is one of the words (``lay`` of ``laid``) or one word begins with the other."""
    assert bool(search_index._generation().query.synonyms.matches(words)) == meets


@pytest.mark.parametrize("word", ["gesamt", "gewinnt", "gelb"])
def test_a_word_shaped_as_a_participle_is_none(search_index: SearchIndex, word: str) -> None:
    """``gesamt`` (total) is no participle of a verb ``samen``, which would read as English
    ``same``: only a participle with a separable prefix is surely one."""
    assert analysis.german_infinitive(analysis.german_spelling(word)) == ()


def test_a_participle_of_a_synonym_is_an_okey_word(search_index: SearchIndex) -> None:
    """``rausgekommen`` is a real German word near the rule book's (``ausgekommen``) but
    none of them; as the participle of a synonym of laying down (``rauskommen``) it says the
    question is about Okey, so a finish told in players' words is no off-topic question."""
    found = search_index.search(
        "sie hat auf einmal alles abgelegt, bevor irgendwer rausgekommen ist", "de")
    assert found.status == "matched"
    assert found.hits[0].id == "604"


@pytest.mark.parametrize(("typed", "read"), [
    ("put all my melds down", "put down all my melds"),
    ("pick the tile up", "pick up the tile"), ("PUT my melds DOWN", "PUT DOWN my melds"),
    ("lay it all down", "lay down it all"),
    # a clause word between: the particle is another verb's
    ("I put it there and sat down", "I put it there and sat down"),
    # four words apart is no object of the verb
    ("put the tile on the rack down", "put the tile on the rack down"),
    # one tile put down is no melds laid down
    ("he put the okey down as his last tile", "he put the okey down as his last tile"),
    ("I put a red 5 down on his run", "I put a red 5 down on his run"),
])
def test_an_english_particle_after_the_object_is_read_beside_its_verb(
        search_index: SearchIndex, typed: str, read: str) -> None:
    """``put all my melds down`` is ``put down`` (lay down, open), a synonym phrase whose
    words stand apart: read next to each other, they are that phrase."""
    assert search_index._generation().query.near_english_particles(typed.split()) == read.split()


@pytest.mark.parametrize(("query", "first"), [
    # the discard after laying every meld down ends the round, where put alone read as
    # putting a taken tile back (705)
    ("do I still have to discard after I put my melds down", "104"),
    # the okey put down as the last tile finishes with the joker, not laying melds down
    ("he put the okey down as his last tile", "602"),
])
def test_a_phrasal_verb_told_around_its_object_finds_its_rule(
        search_index: SearchIndex, query: str, first: str) -> None:
    assert search_index.search(query, "en").hits[0].id == first


@pytest.mark.parametrize(("query", "first"), [
    ("who deals", "201"), ("Who deals?", "201"),
    # the same words in another order are no entry: dealing (202) holds deal
    ("deals who", "202"),
])
def test_a_query_that_is_a_keyword_word_for_word_finds_its_rule(
        search_index: SearchIndex, query: str, first: str) -> None:
    """``who deals`` is a keyword of choosing the dealer (201); its question word is a stop
    word, so read apart it is ``deal``, a keyword of dealing (202)."""
    assert search_index.search(query, "en").hits[0].id == first


@pytest.mark.parametrize(("typed", "read"), [
    ("putback", "put back"), ("drawpile", "draw pile"), ("takeback", "take back"),
    # a word the rule book or a language knows, or a Turkish or German word, stays whole
    ("okeyde", "okeyde"), ("taşlarını", "taşlarını"), ("Jokerabwurf", "Jokerabwurf"),
    ("perleri", "perleri"),
    # a known word typed onto a number; a tile in the notation and a number's ending stay
    ("sari5", "sari 5"), ("mavi12", "mavi 12"), ("blue7", "blue 7"), ("R7", "R7"),
    ("101de", "101de"),
])
def test_two_words_typed_without_the_space_are_read_apart(
        search_index: SearchIndex, typed: str, read: str) -> None:
    """Phones drop a space: ``putback`` is the synonym phrase ``put back``."""
    assert search_index._generation().query.split_glued([typed]) == read.split()


@pytest.mark.parametrize(("query", "first"), [
    ("is there a penalty for a putback", "705"), ("drawpile empty", "605"),
])
def test_a_glued_phrase_finds_its_rule(search_index: SearchIndex, query: str,
                                       first: str) -> None:
    """``putback`` is putting a taken discard back (705), ``drawpile`` the draw pile."""
    assert search_index.search(query, "en").hits[0].id == first


def test_adding_up_points_is_the_counting_rule(search_index: SearchIndex) -> None:
    """Adding up a hand's points is done by the tile values and the counting trick (408);
    how many points opening needs stays with the opening rule (401)."""
    assert search_index.search("how do I add up the points of my melds", "en").hits[0].id == "408"
    assert search_index.search("how many points do I need to open", "en").hits[0].id == "401"


def test_a_synonym_phrase_answers_the_words_it_is_made_of(search_index: SearchIndex) -> None:
    """Specific before general: ``go out`` is one phrase for finishing, so the rule titled
    ``Normal finish`` answers both typed words, not one of three (each word and the phrase)."""
    from rules_data.search.ranking import COVER_BONUS

    gen = search_index._generation()
    units, _ = gen.query.units(["go", "out"], "en")
    doc = next(d for d, rule in gen.rules.items() if rule.id == "601")
    assert gen.ranker.cover_bonus(units, {doc: 1.0})[doc] == pytest.approx(1.0 + COVER_BONUS)


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ["falscher", "Joker"]), ("en", ["the", "fake", "joker"]), ("tr", ["sahte", "okey"]),
])
def test_a_refinements_whole_title_takes_the_general_rules_prior(
        search_index: SearchIndex, lang: str, words: list[str]) -> None:
    """``falscher Joker`` is the whole title of the fake joker's rule (303), which refines the
    jokers' (301, ``Echter und falscher Joker``): the general rule loses its table prior, as
    it does for a word only the refinement's title holds. ``Joker`` alone leaves it."""
    gen = search_index._generation()
    fake, jokers = (next(d for d, rule in gen.rules.items() if rule.id == rid)
                    for rid in ("303", "301"))
    units, _ = gen.query.units(words, lang)
    scores = gen.ranker.refined(units, {fake: 1.0, jokers: 1.0})
    assert gen.ranker.prior[jokers] > 1.0
    assert scores[jokers] == pytest.approx(1.0 / gen.ranker.prior[jokers])
    joker, _ = gen.query.units(words[-1:], lang)
    assert gen.ranker.refined(joker, {fake: 1.0, jokers: 1.0})[jokers] == 1.0
    assert search_index.search(" ".join(words), lang).hits[0].id == "303"


def test_a_glossary_term_that_is_a_synonym_phrase_is_defined(search_index: SearchIndex) -> None:
    """``fake joker`` is both a glossary term and a synonym phrase, whose unit holds only
    synonym clauses: the query is the term and no more, so its defining rule (303) is raised."""
    from rules_data.search.ranking import DEFINITION_BONUS, definition_bonus

    gen = search_index._generation()
    fake = next(d for d, rule in gen.rules.items() if rule.id == "303")
    units, _ = gen.query.units(["fake", "joker"], "en")
    assert any(unit[0].stands_for for unit in units)
    assert definition_bonus(gen.ranker.definitions, units, {fake: 1.0})[fake] \
        == pytest.approx(1.0 + DEFINITION_BONUS)


@pytest.mark.parametrize(("lang", "query", "first"), [
    ("en", "open with 4 pairs?", ("501", "701")), ("de", "vier Paare reichen?", ("501", "701")),
    ("tr", "dört çift ile açılır mı", ("501", "701")),
    # four players, not four pairs; five pairs are what 501 counts
    ("tr", "4 kişi çift açarsa", ("503",)), ("tr", "5 çift", ("501",)),
])
def test_a_count_of_pairs_no_rule_counts_is_no_number_to_match(
        search_index: SearchIndex, lang: str, query: str, first: tuple[str, ...]) -> None:
    """``4 pairs`` are too few to open; read as the number 4 they found the rule on all four
    players opening with pairs (503) first."""
    assert search_index.search(query, lang).hits[0].id in first


def test_the_fewest_pairs_a_rule_counts_is_the_opening_with_pairs() -> None:
    from referee.checks import OPENING_PAIRS
    from rules_data.search.query import FEWEST_PAIRS

    assert FEWEST_PAIRS == OPENING_PAIRS


def test_a_rule_loses_by_the_share_of_the_question_it_lacks(search_index: SearchIndex) -> None:
    """Coordination: of two rules with the same score, one holding both words of ``joker
    abwerfen`` keeps it, one holding only ``joker`` keeps ``(1/2) ** COORDINATION`` of it."""
    from rules_data.search.ranking import COORDINATION

    gen = search_index._generation()
    units, _ = gen.query.units(["joker", "abwerfen"], "de")
    joker, discard = (gen.ranker.matched(unit) for unit in units)
    both, only = min(joker & discard), min(joker - discard)
    scores = gen.ranker.coordination(units, {both: 1.0, only: 1.0})
    assert scores == {both: 1.0, only: pytest.approx(0.5 ** COORDINATION)}


def test_a_negated_word_is_held_only_by_its_negated_stem(search_index: SearchIndex) -> None:
    """``açmayan`` (who did not open) is not held by a rule that only says ``açan``."""
    gen = search_index._generation()
    units, _ = gen.query.units(["açmayan"], "tr")
    positive, _ = gen.query.units(["açan"], "tr")
    negated = gen.ranker.matched(units[0])
    assert negated and gen.ranker.matched(positive[0]) - negated


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("en", "whole discard pile visible to everyone?", "209"),
    ("de", "wie viele runden spielt man normalerweise", "105"),
    ("de", "Box-Regeln Rundenanzahl", "610"),
])
def test_the_display_language_and_a_words_other_fields_lead(search_index: SearchIndex,
                                                            lang: str, query: str,
                                                            rule: str) -> None:
    """A word read in the display language counts ``DISPLAY_BOOST`` (1.2) more than its
    readings in the others, and a word in a rule's title and body counts ``TIEBREAK`` (0.25)
    of the body on top of the title: the pile's own rule, the rounds' own rule."""
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("de", "wer faengt bei 101 an", "204"),
    ("en", "rounds per game in 101?", "105"),
    ("tr", "101'de kim başlar", "204"),
    ("en", "how many rounds are there in a game of 101", "105"),
])
def test_101_naming_the_variant_is_not_the_number_of_points(search_index: SearchIndex,
                                                            lang: str, query: str,
                                                            rule: str) -> None:
    """``bei 101``, ``in 101``, ``101'de``, ``a game of 101`` name 101 Okey: its rules lead,
    and the rules that count 101 points (opening, penalties) do not win on the number."""
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("en", "how does scoring work in 101 okey", "601"),
    ("tr", "101 okeyde puan nasil hesaplanir", "601"),
    ("de", "bei 101 Okey: schwarz 1 2 3, Fatma meint die 1 darf nur nach der 13 kommen", "404"),
])
def test_the_okey_of_101_okey_is_the_games_name_not_the_joker(search_index: SearchIndex,
                                                             lang: str, query: str,
                                                             rule: str) -> None:
    """``101 okey`` names the game: its ``okey`` asks nothing about the joker, so the joker
    finish (602) does not lead a question on scoring for that word."""
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("words", "okey_kept"), [
    (["how", "does", "scoring", "work", "in", "101", "okey"], False),
    (["101", "okeyde", "puan"], False),
    (["101", "okey", "finish", "with", "okey"], True),  # the second okey is the joker
    (["okey", "101", "ceza"], True),  # a 101 that counts names no game
])
def test_the_okey_after_a_101_naming_the_game_is_left_out(search_index: SearchIndex,
                                                          words: list[str],
                                                          okey_kept: bool) -> None:
    from rules_data.search.query import _is_okey, without_variant_number

    gen = search_index._generation()
    units, _ = gen.query.units(words, "en")
    assert any(_is_okey(unit) for unit in units)
    assert any(_is_okey(unit) for unit in without_variant_number(words, units)) == okey_kept


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("de", "Wie viele Steine kriegt man beim einfachen Okey im Vergleich zu 101?", "206"),
    ("tr", "düz okeyde 101deki gibi kaç taş dağıtılır", "206"),
    ("en", "how many tiles do you get in plain okey, same as in 101?", "206"),
])
def test_101_compared_with_in_a_question_on_plain_okey_is_no_number(search_index: SearchIndex,
                                                                    lang: str, query: str,
                                                                    rule: str) -> None:
    """A question on plain Okey that names 101 to compare asks about plain Okey's case (the
    deal, the turn), not the rule whose keywords tell the two games apart (409)."""
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("words", "kept"), [
    (["wer", "faengt", "bei", "101", "an"], False), (["101'de", "kim", "başlar"], False),
    (["genau", "101", "reicht"], True), (["bei", "101", "101", "punkte"], True),
    (["bei", "101"], True), (["kac", "tur", "oynanir", "101", "oyununda"], False),
    (["how", "long", "is", "a", "game", "of", "101"], False),
    (["okey", "101", "ceza", "mi"], True), (["101", "okey", "ceza"], False),
])
def test_only_a_101_that_names_the_variant_is_left_out(search_index: SearchIndex,
                                                       words: list[str], kept: bool) -> None:
    from rules_data.search.query import without_variant_number

    gen = search_index._generation()
    units, _ = gen.query.units(words, "de")
    left = without_variant_number(words, units)
    assert (len(left) == len(units)) == kept


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("en", "regular okey whats the goal, what do i need to win", "106"),
    ("tr", "normal okeyde 15 tasi olan ilk sirasinda desteden cekiyo mu yoksa direk atiyo mu",
     "206"),
    ("en", "regular okey, how do i win", "106"),
    ("de", "normales Okey wie gewinnt man", "106"),
    ("en", "regular okey last tile where does it go", "607"),
])
def test_a_question_naming_plain_okey_finds_plain_okeys_own_rule(search_index: SearchIndex,
                                                                 lang: str, query: str,
                                                                 rule: str) -> None:
    """Plain Okey's own rule answers (the aim, the starter's 15 tiles, the finish):
    ``TABLE_PRIOR`` leads the rules of 101 Okey's table, but not where plain Okey is named;
    the turn both variants share (205) holds more of the second question's words, but leads
    less (``SHARED_LEAD``); and the ``okey`` of ``regular okey`` names the game, so plain
    Okey's joker finish (608), whose title and keywords name the okey as the joker, does not
    answer the last three for that word."""
    assert search_index.search(query, lang).hits[0].id == rule


def test_a_variants_name_counts_once_in_the_bonuses_for_words_held(
        search_index: SearchIndex) -> None:
    """The bonuses that read the words a title or keyword phrase holds take ``normal okey``
    as one phrase, the variant, and not as the words ``normal`` and ``okey``."""
    from rules_data.search.ranking import without_variant_words

    gen = search_index._generation()
    units, _ = gen.query.units(["normal", "okey", "who", "starts"], "en")
    kept = without_variant_words(units)
    words = {text for unit in kept if not unit[0].stands_for
             for clause in unit for alts in clause.words for _, text, _ in alts}
    assert "okey" not in words and "normal" not in words and "start" in words
    assert [unit[0].names for unit in kept if unit[0].stands_for] == ["plain"]
    plain, _ = gen.query.units(["who", "starts"], "en")
    assert without_variant_words(plain) == plain


def test_a_rule_both_variants_share_leads_less_than_the_named_variants_own(
        search_index: SearchIndex) -> None:
    """Named plain Okey: its deal (206, plain Okey alone) leads ``VARIANT_LEAD``, the turn
    (205, both variants) ``SHARED_LEAD``, and 101 Okey's deal (202) not at all; named 101
    Okey, the other way round."""
    ranker = search_index._generation().ranker
    docs = {rule.id: doc for doc, rule in search_index._generation().rules.items()}
    leads = {(named, rule): ranker.variant_lead(named, docs[rule])
             for named in ("plain", "101") for rule in ("206", "205", "202")}
    assert leads == {("plain", "206"): VARIANT_LEAD, ("plain", "205"): SHARED_LEAD,
                     ("plain", "202"): 1.0, ("101", "206"): 1.0,
                     ("101", "205"): SHARED_LEAD, ("101", "202"): VARIANT_LEAD}
    assert 1.0 < SHARED_LEAD < VARIANT_LEAD


def test_the_named_variants_rule_beats_the_other_variants_own(
        search_index: SearchIndex) -> None:
    """``normal okeyde amaç ne, 101 deki gibi puan toplama yok mu`` asks for plain Okey's aim
    (106), though 101 Okey's (101) holds more of its words: ``VARIANT_LEAD``."""
    query = "normal okeyde amaç ne, 101 deki gibi puan toplama yok mu"
    assert search_index.search(query, "tr").hits[0].id == "106"


def test_a_phrase_naming_plain_okey_is_held_only_by_plain_okeys_rules(
        search_index: SearchIndex) -> None:
    """``normal okey``: rule 204 (101 Okey's starter) mentions plain Okey, but does not
    answer a question that names it, so it lacks that share of the question."""
    gen = search_index._generation()
    units, _ = gen.query.units(["who", "goes", "first", "in", "normal", "okey"], "en")
    docs = {rule.id: doc for doc, rule in gen.rules.items() if rule.id in ("204", "207")}
    phrase = next(unit for unit in units if unit[0].stands_for)
    assert phrase[0].names == "plain"
    assert docs["204"] in gen.ranker.matched(phrase)
    scores = gen.ranker.coordination(units, {docs["204"]: 1.0, docs["207"]: 1.0})
    assert scores[docs["204"]] < 1.0


def test_a_rule_with_one_sentence_holding_the_question_leads(search_index: SearchIndex) -> None:
    """Rule 209 says in one sentence that the discard pile lies face up: all four words of
    the question in one sentence raise it by ``1 + SENTENCE_BONUS``."""
    from rules_data.search.ranking import SENTENCE_BONUS

    gen = search_index._generation()
    units, _ = gen.query.units(["discard", "pile", "face", "up"], "en")
    doc = gen.docnums["209"]
    [(_, score)] = gen.ranker.text_bonus(units, [(doc, 1.0)])
    assert score >= 1.0 + SENTENCE_BONUS


def test_words_side_by_side_in_the_order_asked_lead(search_index: SearchIndex) -> None:
    """Rule 209 has ``face up`` as two words side by side: asked in that order they raise it
    by ``1 + ADJACENT_BONUS`` more than asked the other way round."""
    from rules_data.search.ranking import ADJACENT_BONUS

    gen = search_index._generation()
    doc = gen.docnums["209"]
    scores = [gen.ranker.text_bonus(gen.query.units(words, "en")[0], [(doc, 1.0)])[0][1]
              for words in (["face", "up"], ["up", "face"])]
    assert scores[0] > scores[1]
    assert scores[0] == pytest.approx(scores[1] * (1.0 + ADJACENT_BONUS))


def test_words_strewn_over_sentences_lead_less(search_index: SearchIndex) -> None:
    """``indicator`` and ``points`` are both in rule 102 (the tile set), not in one
    sentence."""
    from rules_data.search.ranking import SENTENCE_BONUS

    gen = search_index._generation()
    units, _ = gen.query.units(["indicator", "points"], "en")
    doc = gen.docnums["102"]
    [(_, score)] = gen.ranker.text_bonus(units, [(doc, 1.0)])
    assert 1.0 <= score < 1.0 + SENTENCE_BONUS


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["not"]), ("de", ["nicht"]), ("de", ["keine"]), ("tr", ["hiç"]),
])
def test_a_negation_cue_is_not_a_word_a_sentence_holds(search_index: SearchIndex, lang: str,
                                                      words: list[str]) -> None:
    """The cue's meaning is in the negated word after it, which a sentence's words, read one
    by one, cannot hold; so neither counts in the sentence lead."""
    from rules_data.search.ranking import is_negation_cue

    gen = search_index._generation()
    units, _ = gen.query.units(words, lang)
    assert all(is_negation_cue(unit) for unit in units)
    content, _ = gen.query.units(["discard"], lang)
    assert not is_negation_cue(content[0])


@pytest.mark.parametrize(("lang", "query", "rule"), [
    # every word of the question (coordination)
    ("tr", "20 puanlı sayımda oyun ne zaman biter, kimler kazanır", "609"),
    ("de", "zwei steine und ein joker reicht das für ne kombi", "403"),
    # in one sentence
    ("en", "is my discard pile face up or face down", "209"),
    ("tr", "atılan taşlar açık mı kapalı mı", "209"),
    ("de", "ist rot 4, falscher joker, rot 6 eine gültige reihe", "301"),
])
def test_the_rule_holding_the_question_closely_comes_first(search_index: SearchIndex,
                                                            lang: str, query: str,
                                                            rule: str) -> None:
    assert search_index.search(query, lang).hits[0].id == rule


def test_the_query_as_typed_counts_the_word_it_lacks(search_index: SearchIndex) -> None:
    """A typo is mended when the mended query finds clearly better than the query as typed.
    Scored as typed, the unknown word is a word no rule holds: without it the shorter query
    would hold a larger share of its own words and win the comparison unfairly."""
    found = search_index.search("muss ich abwefen auch wenn ich grad ausgelegt hab", "de")
    assert found.suggestion == "muss ich abwerfen auch wenn ich grad ausgelegt hab"
    assert found.hits[0].id == "104"


def test_a_question_naming_plain_okey_by_a_phrase_gets_its_rule(
        search_index: SearchIndex) -> None:
    assert search_index.search("who goes first in normal okey", "en").hits[0].id == "207"


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("tr", "okey atılır mı bitirmeden", "703"),
])
def test_a_negated_word_weighs_its_positive_less(search_index: SearchIndex, lang: str,
                                                 query: str, rule: str) -> None:
    """``bitirmeden`` (without finishing) asks about the joker thrown in play, not the
    finish with a joker discard that its positive ``bitir`` names."""
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("written", "typed"), [
    ("el açmayan oyuncu ceza", "el açamıyorum ceza ne"),
    ("el açmayan oyuncu ceza", "el acmiyorum ceza ne"),
    ("çifte gidip bitiremeyen", "çifte gittim bitiremiyorum"),
    # spoken, with a person: açmıyom (açmıyorum), açmıcam and açmayacağım (I will not open)
    ("el açmayan oyuncu ceza", "el acmiyom ceza ne"),
    ("el açmayan oyuncu ceza", "el acmicam ceza ne"),
    ("el açmayan oyuncu ceza", "el açmayacağım ceza ne"),
])
def test_a_negative_present_reads_as_the_negative_it_is(search_index: SearchIndex,
                                                        written: str, typed: str) -> None:
    """``açamıyorum`` (I cannot open) is as negative as ``açmayan``: same first rule."""
    assert search_index.search(typed, "tr").hits[0].id == \
        search_index.search(written, "tr").hits[0].id


@pytest.mark.parametrize("word", [
    "açmıyor", "acamiyorum", "bitmiyo", "açmayacak", "açmasam", "açmayınca", "açmamalı",
    "açmayıp", "açmıyom", "açmıyoz", "açmıycam", "bitmicez", "açmayacağım",
])
def test_every_negative_turkish_verb_form_holds_its_negated_root(word: str) -> None:
    terms = [t.text for t in analysis.analyzer("tr")(word)]
    assert "ac" in terms or "bit" in terms, terms
    assert analysis.NEGATION + "ac" in terms or analysis.NEGATION + "bit" in terms, terms


@pytest.mark.parametrize(("typed", "read"), [
    ("wer fängt beim einfachen Okey an", "wer anfangen beim einfachen Okey"),
    ("legt man beim Okey was aus", "auslegt man beim Okey was"),
    ("wann wirft man den Joker ab", "wann abwirft man den Joker"),
    ("ich lege 90 Punkte aus wenn ich kann", "ich auslege 90 Punkte wenn ich kann"),
    # a question starts after the told case, its comma gone: the particle ends the clause
    ("er legt an meine Reihe an darf man das", "er anlegt an meine Reihe darf man das"),
    # not a particle at the end of its clause, or no verb the rule book knows with it
    ("Joker aus der Reihe nehmen", "Joker aus der Reihe nehmen"),
    ("is there an", "is there an"),
])
def test_a_german_verb_meets_the_particle_it_left_at_the_end(search_index: SearchIndex,
                                                              typed: str, read: str) -> None:
    """``fängt … an`` is ``anfangen``: split, neither half names the rule's verb."""
    reader = search_index._generation().query
    assert " ".join(reader.join_particles(typed.split())) == read


@pytest.mark.parametrize(("query", "rule"), [
    ("wer fängt beim einfachen Okey an", "207"),
    ("legt man beim einfachen Okey während dem Spiel was aus", "409"),
])
def test_a_split_german_verb_finds_its_rule(search_index: SearchIndex, query: str,
                                            rule: str) -> None:
    assert search_index.search(query, "de").hits[0].id == rule


@pytest.mark.parametrize(("query", "asks"), [
    ("95 puanla açtım cezası ne", True), ("okeyi attım ne olacak", True),
    ("mit 95 Punkten ausgelegt, was passiert", True), ("Strafpunkte fürs Auslegen", True),
    ("opened with 95 points what happens", True), ("do i get penalized", True),
    ("ne zaman el açılır", False), ("was ist ein Joker", False), ("what is a run", False),
])
def test_a_question_about_what_follows_an_act_is_told(search_index: SearchIndex, query: str,
                                                       asks: bool) -> None:
    reader = search_index._generation().query
    assert reader.asks_consequence(TOKEN.findall(query)) is asks


def test_what_follows_opening_short_is_its_penalty(search_index: SearchIndex) -> None:
    """The opening rule (401) holds every word of "laid down only 85 points"; asked what
    happens then, the penalty for opening short (701) answers."""
    assert search_index.search("nur 85 Punkte ausgelegt, was passiert jetzt", "de").hits[0].id \
        == "701"


@pytest.mark.parametrize(("lang", "query", "variant"), [
    ("tr", "101de cift acmak", "101"),
    ("de", "die 101er strafen", "101"),
    ("en", "do i still get my -101", "101"),
    ("de", "beim einfachen okey wie bei 101", "plain"),
    ("en", "who starts in regular okey", "plain"),
    ("en", "who starts", None),
    ("tr", "1010 puan", None),
])
def test_the_variant_a_question_names(search_index: SearchIndex, lang: str, query: str,
                                      variant: str | None) -> None:
    """Only 101 Okey has the number 101, so a question that speaks of it asks about 101
    Okey; one naming plain Okey asks about plain Okey, even when it compares it with 101."""
    words = read_numbers(TOKEN.findall(query))
    assert search_index._generation().query.names_variant(words) == variant


def test_which_is_a_word_of_english_questions_that_ask_to_pick_one(
        search_index: SearchIndex) -> None:
    """``which`` is no English stop word: ``which tile is joker`` asks to pick the joker out,
    which the rule on finding it answers (203, ``which tile is the joker``), not the rule on
    what the joker does (301)."""
    assert not analysis.is_stop("en", "which")
    assert search_index.search("so which tile is joker then", "en").hits[0].id == "203"


def test_both_is_a_word_of_english_questions_about_two_of_a_kind(
        search_index: SearchIndex) -> None:
    """``both`` is no English stop word: ``both smileys`` asks about the two fake jokers
    (303), not about the tile set that counts them (102)."""
    assert not analysis.is_stop("en", "both")
    assert search_index.search("do both smileys count as the same tile", "en").hits[0].id \
        == "303"


def test_any_is_a_word_of_english_questions_about_the_wild_tile(search_index: SearchIndex) -> None:
    """``any`` is no English stop word: ``any colour``, ``any number`` ask whether the okey is
    wild, which the rule on jokers answers (301), not the rule on the tiles' colours and
    numbers (102)."""
    assert not analysis.is_stop("en", "any")
    found = [hit.id for hit in search_index.search("can the okey be any colour or number", "en").hits]
    assert found[0] == "301"


@pytest.mark.parametrize(("query", "places"), [
    ("Okey ohne 101 wer fängt an", {1, 2}),
    ("okey 101 değil kim başlar", {1, 2}),
    ("101 olmayan okeyde kim başlar", {0, 1}),
    ("101'siz okey kim başlar", {0}),
    ("in the one without 101 who starts", {3, 4}),
    ("non 101 okey who starts", {0, 1}),
    ("bei der Variante ohne 101", {3, 4}),
    ("opened without 101 points", set()),
    ("101 değil 98 ile açtım", set()),
    ("ohne 101 ausgelegt", set()),
    ("okey 101 kim başlar", set()),
])
def test_the_game_without_101_is_a_name_of_plain_okey(query: str, places: set[int]) -> None:
    """A 101 negated beside a word for the game names plain Okey (vocabulary.yaml,
    ``game_without_101``: each of its cues and kinds of game word is here); a 101 negated
    anywhere else is a count of points short of 101."""
    from rules_data.search.query import game_without_101

    assert game_without_101(read_numbers(TOKEN.findall(query))) == places


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("de", "Spiel ohne 101: wer beginnt", "207"),
    ("tr", "101 olmayan okeyde per yere açılır mı", "409"),
    ("en", "in the version without 101 who deals first and who starts", "207"),
])
def test_a_question_naming_the_game_without_101_gets_plain_okeys_rule(
        search_index: SearchIndex, lang: str, query: str, rule: str) -> None:
    """Named as the game without 101, plain Okey's rule answers first, not 101 Okey's rules
    that a 101 read as points or as the name of 101 Okey would lead."""
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("lang", "query"), [
    ("en", "joker is a 1, in 101 can a run go 12 13 1"),
    ("de", "anzeiger ist 13 und joker ist die 1, darf ich dann bei 101 auch 12 13 1 legen"),
])
def test_a_question_speaking_of_101_gets_101_okeys_ruling(search_index: SearchIndex,
                                                         lang: str, query: str) -> None:
    """The tiles' ruling in 101 Okey (404: no 13-1) leads, not plain Okey's (407); 801, on
    the indicator 13 the German question names too, may come first."""
    from web.question_leads import referee_lead

    found = [hit.id for hit in search_index.search(query, lang, lead=referee_lead(query)).hits]
    assert found[0] in ("404", "801")
    assert found.index("404") < found.index("407")


@pytest.mark.parametrize(("lang", "query", "rules"), [
    ("en", "red 9 blue 9 black 9 on the table, can I add my yellow 9 after i open", {"405"}),
    ("en", "is it always an odd number of rounds like 3 5 7", {"105", "606"}),
])
def test_numbers_that_name_no_tiles_bring_no_ruling(search_index: SearchIndex, lang: str,
                                                    query: str, rules: set[str]) -> None:
    """``on`` beside a digit is English, not the Turkish ten (no black 10 joins the set), and
    numbers that do not follow each other as a run would are counted rounds, not tiles: no
    meld ruling leads the question away from what it asks."""
    from web.question_leads import referee_lead

    assert search_index.search(query, lang, lead=referee_lead(query)).hits[0].id in rules


@pytest.mark.parametrize(("lang", "query"), [
    ("de", "vier Dreizehner wie viele Punkte sind das"),
    ("tr", "dört tane 13 kaç sayı eder"),
    ("en", "how many points are four thirteens worth"),
])
def test_a_counted_number_is_a_group_and_its_value_answers(search_index: SearchIndex,
                                                           lang: str, query: str) -> None:
    """``vier Dreizehner`` is a group of four 13s: the meld ruling's 408 (what a meld is
    worth in 101) answers how many points it makes."""
    from web.question_leads import referee_lead

    assert "408" in [hit.id for hit in search_index.search(
        query, lang, lead=referee_lead(query)).hits[:2]]


# Keywords added where one language named a case and another did not, with a question each
# that found another rule first without them.
@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("de", "einfaches Okey wann die Hand aufdecken", "607"),
    ("tr", "okey atmak için beklemek", "608"),
    ("en", "wait to discard the okey", "608"),
    ("tr", "açmadan taş işlenir mi", "405"),
    ("en", "can the joker be any number", "301"), ("tr", "okey her sayi olur mu", "301"),
    # each round: the rules of a round's end (706, 611) had answered for the word round
    ("en", "how many okeys are there each round", "301"),
])
def test_a_keyword_one_language_lacked_finds_its_rule(search_index: SearchIndex, lang: str,
                                                      query: str, rule: str) -> None:
    assert search_index.search(query, lang).hits[0].id == rule


@pytest.mark.parametrize(("lang", "query", "rule"), [
    ("tr", "masada yer secimi nasil olur", "201"),
    ("de", "jeder hat mit paaren aufgemacht, was passiert", "503"),
    ("en", "is the usable tile rule different when finishing", "707"),
])
def test_a_question_as_players_ask_it_finds_its_rule(search_index: SearchIndex, lang: str,
                                                     query: str, rule: str) -> None:
    """rules_data/asked.yaml holds each rule's questions in players' words; searched as one
    of them, its rule is first (without that field, none of these is in the first two)."""
    asked = search_index.search(query, lang).hits
    assert asked[0].id == rule
