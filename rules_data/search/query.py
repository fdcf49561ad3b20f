"""Reading a typed query: each word read as Turkish, German and English at once, into the
index terms it may stand for (its stems and prefixes, a German compound's parts, its synonyms
from ``synonyms.yaml``, or for a word the index does not know its nearest known spelling),
and whether the query asks about Okey at all.
"""

from __future__ import annotations

import itertools
import re
import threading
import unicodedata
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from rules_data import analysis, wordlist
from rules_data.analysis import TOKEN, fold, plain_lower, query_lower
from rules_data.schema import LANGS
from rules_data.search.documents import KINDS, query_words, typed
from rules_data.search.documents import typed_key as _key
from rules_data.search.ranking import (
    COMPOUND_BOOST,
    DISPLAY_BOOST,
    FIELD_BOOST,
    FUZZY_BOOST,
    NEGATED_BOOST,
    NEGATED_POSITIVE,
    REAL_NEAR_BOOST,
    PART_BOOST,
    STOP_ELSEWHERE,
    SYNONYM_BOOST,
    WHOLE_BOOST,
)
from rules_data.search.units import (
    SCORED_ONLY,
    Alternatives,
    Clause,
    Unit,
    alternatives,
    holds_words,
    unit_terms,
)
from rules_data.wordlist import WordSet

Lexicon = Mapping[str, Mapping[str, frozenset[str]]]
"""Per language and field kind (``title``, ``kw``, ``body``, ``extra``, ``pre``), its terms."""


K = TypeVar("K")
V = TypeVar("V")


def clean_query(query: str) -> str:
    """The query in NFC (phones may send ``c`` and a combining cedilla for ``ç``), with
    control characters and broken surrogates blanked, stripped."""
    chars = (" " if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") else c for c in query)
    return unicodedata.normalize("NFC", "".join(chars)).strip()


_TILE_NUMBERS = range(1, 14)
"""A tile's numbers: as digits or words, they weigh as a number does for the topic, not as
the synonyms they are of each other (see :meth:`QueryReader.on_topic`)."""
OKEY_ONLY_WEIGHT = 3
"""What a word only Okey has weighs for the topic (see :meth:`QueryReader.on_topic`): more
than two words the rule book never saw."""
NEAR_ONLY_WEIGHT = -0.5
"""What a real word near the rule book's words but none of them weighs for the topic at most
(``okul``, school, near ``okey``): half a word the rule book never saw, so that a question of
such words alone (``okul ne zaman açılıyor``) is about something else."""
_NOTATION = re.compile(r"[rybk](?:1[0-3]|[1-9])")
"""A tile in the referee's notation, as the reader compares it (``R7``, ``k13``): a way to
name a tile that only Okey players type, so it weighs for Okey as a number does."""


@lru_cache(maxsize=1)
def _number_words() -> tuple[dict[tuple[str, ...], str], frozenset[str]]:
    """Number words (one or two folded words each) to digits, and the ambiguous ones."""
    data = query_words()
    table = {_number_key(word): str(number) for number, by_lang in data["numbers"].items()
             for names in by_lang.values() for word in names}
    return table, frozenset(fold(plain_lower(str(w))) for w in data["ambiguous_numbers"])


def _number_key(word: object) -> tuple[str, ...]:
    """A number word of vocabulary.yaml as the table keys it: its words, folded."""
    return tuple(fold(plain_lower(w)) for w in TOKEN.findall(str(word)))


def plain_number_word(word: str) -> int | None:
    """The number a number word names as it stands (``seven``, ``yedi``), with no ending and
    none that is also a common word (``one``, ``bir``, ``ein``); None for any other word.

    >>> plain_number_word("Sieben"), plain_number_word("eine"), plain_number_word("bir")
    (7, None, None)
    """
    table, ambiguous = _number_words()
    folded = fold(plain_lower(word))
    digits = None if folded in ambiguous else table.get((folded,))
    return int(digits) if digits is not None else None


_NUMBER_ENDS = frozenset(_number_key(word)[-1] for by_lang in query_words()["numbers"].values()
                         for word in by_lang["tr"])
"""The words a Turkish number word ends with, which a Turkish case ending may follow
(``on üçten``, ``dörde``); no other language's (``besten`` is no ``beş``)."""


@lru_cache(maxsize=20_000)
def _number_base(word: str) -> str:
    """A word as the folded Turkish number word it inflects (``üçten``: ``uc``), or folded,
    unless it is a number word itself (``one`` is no ``on`` with an ending) or another
    language's word that only looks so, typed without Turkish letters
    (``number_lookalikes``: ``besten`` is no ``beşten``)."""
    folded = fold(plain_lower(word))
    if (folded,) in _number_words()[0] or plain_lower(word) in _listed("number_lookalikes"):
        return folded
    return analysis.turkish_number_base(folded, _NUMBER_ENDS)


@lru_cache(maxsize=1)
def _hundred_words() -> tuple[tuple[str, ...], frozenset[str]]:
    """The hundred words (``yüz``, ``hundred``, ``hundert``) and the words that may join a
    hundred to what follows it (``and``, ``und``), folded."""
    data = query_words()
    return (tuple(fold(plain_lower(w)) for w in data["hundreds"]),
            frozenset(fold(plain_lower(w)) for w in data["hundred_joins"]))


def _spoken_digits(folded: Sequence[str], i: int) -> str | None:
    """A score said digit by digit from word ``i`` on, with a spoken zero between
    (``spoken_zeros``): ``one oh one`` is 101; None for any other words.

    >>> _spoken_digits("one oh one".split(), 0), _spoken_digits("four oh four".split(), 0)
    ('101', '404')
    >>> _spoken_digits("oh no".split(), 0), _spoken_digits("one oh".split(), 0)
    (None, None)
    """
    if i + 2 >= len(folded) or folded[i + 1] not in _listed("spoken_zeros"):
        return None
    table, _ = _number_words()
    first, last = (folded[k] if folded[k].isdigit() else table.get((folded[k],), "")
                   for k in (i, i + 2))
    if not (len(first) == len(last) == 1 and first != "0" != last):
        return None
    return f"{first}0{last}"


def _hundreds(folded: Sequence[str], base: Sequence[str], i: int) -> tuple[int, str] | None:
    """A number spelt with a hundred word from word ``i`` on: how many words it takes and
    its digits (vocabulary.yaml's ``hundreds``). None for a hundred word alone, or none.

    >>> [_hundreds(w.split(), w.split(), 0) for w in ("dort yuz dort", "hundred and one x",
    ...                                             "zweihundertzwei", "yuz", "jahrhundert")]
    [(3, '404'), (3, '101'), (1, '202'), None, None]
    """
    table, _ = _number_words()
    hundreds, joins = _hundred_words()

    def value(*key: str) -> int | None:
        digits = table.get(key)
        return int(digits) if digits is not None else None

    def count(word: str) -> int | None:  # what the hundred is times: one to nine
        found = value(word)
        return found if found is not None and found <= 9 else None

    word = folded[i]
    for hundred in hundreds:  # in one word: zweihundertzwei, hundertundeins, yüzbir
        head, found, tail = word.partition(hundred)
        tail = next((tail[len(j):] for j in joins if tail.startswith(j) and tail != j), tail)
        times = count(head) if head else 1
        rest = value(_number_base(tail)) if tail else 0
        if found and (head or tail) and times is not None and rest is not None:
            return 1, str(times * 100 + rest)
    times = count(word) if i + 1 < len(folded) and folded[i + 1] in hundreds else None
    at = i + 1 if times is not None else i  # the hundred word
    if folded[at] not in hundreds:
        return None
    after = at + 1
    if after + 1 < len(folded) and folded[after] in joins:
        after += 1
    rest = None
    if after + 1 < len(folded) and (rest := value(folded[after], base[after + 1])) is not None:
        span = after + 2 - i
    elif after < len(folded) and (rest := value(base[after])) is not None:
        span = after + 1 - i
    if rest is None:
        return None if times is None else (at + 1 - i, str(times * 100))
    return span, str((times or 1) * 100 + rest)


@lru_cache(maxsize=20_000)
def number_of(word: str) -> int | None:
    """The number one word names: digits, a number word of vocabulary.yaml, or one with a
    Turkish case ending; None for any other word.

    >>> number_of("12"), number_of("zwölf"), number_of("dörde"), number_of("joker")
    (12, 12, 4, None)
    """
    if word.isdigit():
        return int(word)
    table, _ = _number_words()
    digits = table.get((_number_base(word),))
    return int(digits) if digits is not None else None


def respell(words: Sequence[str]) -> list[str]:
    """The typed words with chat spellings read as the words they stand for
    (``chat_spellings`` in vocabulary.yaml): ``1st`` is ``first``, ``every1`` ``everyone``;
    ``Okay`` after an article as the okey speech-to-text wrote it (``den Okay nehmen``); and
    without ``per`` where it is the English or German preposition (``per round``), not the
    Turkish word for a meld (``per_as_preposition``).

    >>> respell("who goes 1st".split()), respell("does every1 get 21".split())
    (['who', 'goes', 'first'], ['does', 'everyone', 'get', '21'])
    >>> respell("2 jokers per round".split()), respell("per açtım".split())
    (['2', 'jokers', 'round'], ['per', 'açtım'])
    >>> respell("darf ich den Okay nehmen".split()), respell("is that okay".split())
    (['darf', 'ich', 'den', 'okey', 'nehmen'], ['is', 'that', 'okay'])
    """
    table = _chat_spellings()
    read = [read for word in words for read in table.get(_folded_word(word), (word,))]
    okays, articles = _listed("okay_as_okey"), _listed("okey_after")
    read = ["okey" if k and _folded_word(word) in okays and _folded_word(read[k - 1]) in articles
            else word for k, word in enumerate(read)]
    before = _listed("per_as_preposition")
    return [word for word, after in zip(read, [*read[1:], ""])
            if word.lower() != "per" or _folded_word(after) not in before]


@lru_cache(maxsize=None)
def _listed(key: str) -> frozenset[str]:
    """The words of one list of vocabulary.yaml (``game_words``, ``not_okey_words``...),
    folded as typed words are, read once."""
    return frozenset(typed(map(str, query_words()[key])))


@lru_cache(maxsize=1)
def _chat_spellings() -> dict[str, tuple[str, ...]]:
    return {fold(plain_lower(str(typed))): tuple(str(meant).split())
            for typed, meant in query_words()["chat_spellings"].items()}


def read_numbers(words: Sequence[str]) -> list[str]:
    """The typed words with numbers in a row, as tiles are named, read as digits
    (``twelve thirteen one`` is ``12 13 1``, ``on iki on üç`` is ``12 13``), and so is a
    number of two words alone (``on beş taş`` is ``15 taş``). A lone number word stays a
    word (the synonyms know ``iki`` is ``2``), and so does an ambiguous word (``on``,
    ``one``, ``bir``) that no other number stands beside.

    >>> read_numbers("can a run go twelve thirteen one".split())
    ['can', 'a', 'run', 'go', '12', '13', '1']
    >>> read_numbers("one tile on the table".split()), read_numbers("black 9 on the table".split())
    (['one', 'tile', 'on', 'the', 'table'], ['black', '9', 'on', 'the', 'table'])
    >>> read_numbers("iki taşlık per".split()), read_numbers("on beş taş".split())
    (['iki', 'taşlık', 'per'], ['15', 'taş'])
    >>> read_numbers("on üçten sonra bir gelir mi".split())
    ['13', 'sonra', 'bir', 'gelir', 'mi']
    >>> read_numbers("gösterge dörde ise".split()), read_numbers("biri onu aldı".split())
    (['gösterge', '4', 'ise'], ['biri', 'onu', 'aldı'])
    >>> read_numbers("am besten".split()), read_numbers("die zweiten".split())
    (['am', 'besten'], ['die', 'zweiten'])
    """
    table, ambiguous = _number_words()
    folded = [fold(plain_lower(w)) for w in words]
    # A Turkish case ending comes off a number word (on üçten, dörde: read as 13'ten, 4'e,
    # alone too), not off an ambiguous one alone (biri, onu), which may still end a pair
    # (on birden).
    base = [_number_base(w) for w in words]
    read: list[tuple[str, str | None]] = []  # (the word as typed, its digits if a number)
    inflected: set[int] = set()
    spelt: set[int] = set()  # numbers of more than one word (on beş) or with a hundred
    hundreds = _hundred_words()[0]
    near_hundred = [any(h in w for h in hundreds) for w in folded]
    near_hundred = [here or (k + 1 < len(folded) and near_hundred[k + 1])
                    for k, here in enumerate(near_hundred)]  # the hundred word, or before it
    i = 0
    while i < len(words):
        pair = (folded[i], base[i + 1]) if i + 1 < len(words) else ()
        single = folded[i] if base[i] in ambiguous else base[i]
        if (spoken := _spoken_digits(folded, i)) is not None:
            spelt.add(len(read))
            read.append((" ".join(words[i:i + 3]), spoken))
            i += 3
        elif near_hundred[i] and (hundred := _hundreds(folded, base, i)) is not None:
            spelt.add(len(read))
            read.append((" ".join(words[i:i + hundred[0]]), hundred[1]))
            i += hundred[0]
        elif pair in table:
            spelt.add(len(read))
            read.append((" ".join(words[i:i + 2]), table[pair]))
            i += 2
        else:
            inflected.update([len(read)] if single != folded[i] else [])
            read.append((words[i], table.get((single,))))
            i += 1

    def sure(k: int) -> bool:
        typed, digits = read[k]
        return digits is not None and fold(plain_lower(typed)) not in ambiguous \
            or typed.isdigit()

    def near(k: int) -> list[int]:
        return [j for j in (k - 1, k + 1) if 0 <= j < len(read)]

    # an ambiguous word is a number beside a number word (``twelve thirteen one``) or between
    # two numbers (``12 on 1``), not beside one digit (``black 9 on the table``)
    number = [sure(k) or read[k][1] is not None and (
                  any(sure(j) and not read[j][0].isdigit() for j in near(k))
                  or len(near(k)) == 2 and all(sure(j) for j in near(k)))
              for k in range(len(read))]
    # a number of two words (on beş, twenty one) is a number even alone, and so is a number
    # word with a case ending (dörde)
    return [digits if digits is not None and (k in spelt or number[k] and (
                k in inflected or any(number[j] for j in near(k))))
            else typed for k, (typed, digits) in enumerate(read)]


def suggestion(text: str, words: Sequence[str], corrections: Sequence[str | None]) -> str | None:
    """The query with its corrected words put in, or None when nothing changed."""
    if not any(corrections):
        return None
    fixed = text
    for word, correction in zip(words, corrections):
        if correction is not None:
            fixed = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", correction, fixed, count=1)
    return fixed if fold(plain_lower(fixed)) != fold(plain_lower(text)) else None


class QueryReader:
    """Reads typed words into units against one generation's analyzers, terms and vocabulary.

    What it reads is kept for the life of the generation, which never changes once built.
    """

    def __init__(self, analyzers: Mapping[str, Any], lexicon: Lexicon,
                 vocabulary: Mapping[str, tuple[str, int]], synonyms: Sequence[Sequence[str]],
                 topic: Mapping[str, Any],
                 preferred: Mapping[str, str] | None = None) -> None:
        self.analyzers = analyzers
        self.lexicon = lexicon
        self.compounds: frozenset[str] = frozenset().union(*(
            item.words for item in analyzers["de"].items
            if isinstance(item, analysis.DecompoundFilter)
        ))
        self.vocabulary = vocabulary
        self.numbers = frozenset(term for by_kind in lexicon.values()
                                 for kind in ("title", "kw", "body") for term in by_kind[kind]
                                 if term.isdigit())
        """The numbers the rule texts name (101, 202, 404): the speller's vocabulary has none."""
        self.preferred: Mapping[str, str] = preferred or {}
        """The canonical word the speller offers for an avoided one (see documents.preferred)."""
        self.by_initial: dict[str, list[str]] = {}
        for key in sorted(vocabulary):
            self.by_initial.setdefault(key[0], []).append(key)
        self.topic, self.core, self.okey_only, self.topic_words = (
            frozenset(topic.get(key, ())) for key in ("okey", "core", "only", "words"))
        self.only_phrases = tuple(tuple(frozenset(word) for word in phrase)
                                  for phrase in topic.get("only_phrases", ()))
        """Phrases only Okey has, as each word's terms: all of them must be in a query."""
        self._cache: dict[tuple[str, ...], Unit] = {}
        self._corrections: dict[str, str | None] = {}
        self._near_real: dict[str, str | None] = {}
        self._weights: dict[tuple[str, str | None, str], float | None] = {}
        self._cache_lock = threading.Lock()
        self.synonyms = SynonymMap(self, synonyms)
        consequence_cues = [
            tuple(fold(plain_lower(word)) for word in str(cue).split())
            for cue in query_words()["consequence_questions"]]
        self._cues_by_first: dict[str, list[tuple[str, ...]]] = {}
        self._cue_prefixes: list[tuple[str, tuple[str, ...]]] = []
        for cues in consequence_cues:
            if cues[0].endswith("*"):
                self._cue_prefixes.append((cues[0][:-1], cues))
            else:
                self._cues_by_first.setdefault(cues[0], []).append(cues)

    def on_topic(self, words: Sequence[str], corrections: Sequence[str | None],
                 display: str) -> bool:
        """Whether a query asks about Okey: its Okey words outweigh the words the rule book has
        never seen, and it names no other game unless it also has a word only Okey has.

        Each word that is no stop word weighs (see :meth:`topic_weight`): a word only Okey
        has (``okey_only``, not a number: ``gösterge``, ``indicator``) ``OKEY_ONLY_WEIGHT``,
        so that ``we forgot to flip the indicator`` is about Okey whatever words it is told
        with; an Okey word that is an entry of its own (a one-word title, keyword, glossary
        term or synonym) 2, a word of a longer entry or a tile's number (in digits or a word,
        though the number words are synonyms of each other; or one the rule book names) 1,
        a mended typo as the word it mends to but 0 at least (``jokeer`` weighs as ``joker``,
        ``costco`` as ``costs``), another word of the rule texts, another number (``2022``)
        or a question word that says nothing of Okey (``not_okey_words``: ``kaç``, ``hat``,
        ``time``) 0, a real word near the rule book's words that they lack (``artışı`` near
        ``artı``) ``NEAR_ONLY_WEIGHT``, and a word found nowhere -1. ``whats the weather like
        today``, ``premier league table`` and ``okul ne zaman açılıyor`` weigh less than
        nothing; ``kac tur oynaniyor genelde`` more. A query of known words only is on topic
        when any of them is found. A game named as a comparison (``wie beim Rommé``, ``like
        in rummy``, ``remi gibi``: see :func:`compared`) beside words that weigh for Okey is
        not another game asked about.
        """
        spans = self.synonyms.matches(words)
        synonym = {i + k: 2 if n == 1 else 1 for i, found in spans.items() for _, n in found
                   for k in range(n)}
        named = {i for i, word in enumerate(words) if is_game(word)}
        weights = [None if (weight := self.topic_weight(word, correction, display)) is None
                   else 0 if i in named
                   else min(NEAR_ONLY_WEIGHT, weight)
                   if correction is None and self.near_only(word)
                   else OKEY_ONLY_WEIGHT if not word.isdigit() and self.only_okeys(word, display)
                   else 1 if (number_of(word) or 0) in _TILE_NUMBERS
                   else max(weight, synonym.get(i, -1))
                   for i, (word, correction) in enumerate(zip(words, corrections))]
        found = [weight for weight in weights if weight is not None]
        if not found or not (sum(found) > 0 or min(found) >= 0):
            return False
        # a game named as a comparison beside Okey words is no other game asked about
        games = {i for i in named if sum(found) <= 0 or not compared(words, i)}
        if not games:
            return True
        terms = set().union(*(unit_terms(self.word(word, display), synonyms=False)
                              for word in words))
        return not terms.isdisjoint(self.okey_only) or any(
            all(not word.isdisjoint(terms) for word in phrase) for phrase in self.only_phrases)

    def only_okeys(self, word: str, display: str) -> bool:
        """Whether a typed word is one only Okey has (``okey_only`` in vocabulary.yaml:
        ``gösterge``, ``indicator``, ``ıstaka``)."""
        return not unit_terms(self.word(word, display), synonyms=False).isdisjoint(
            self.okey_only)

    def near_only(self, word: str) -> bool:
        """Whether a typed word is a real word near the rule book's words but none of them
        (``joke`` near ``joker``, ``artışı`` near ``artı``): it says nothing of Okey, though a
        stem or a synonym may read it as an Okey word. A German verb form whose infinitive
        they have is theirs: a participle (``rausgekommen``, of the synonym ``rauskommen``), a
        strong form (``anfängt``) or a weak one (``austeilt``, of ``teilt … aus``; ``nehme``)."""
        key = _key(word)
        if key not in real_words() or key in self.vocabulary:
            return False
        spelled = analysis.german_spelling(plain_lower(word))
        stem = analysis.german_verb_stem(spelled)
        # a present form's infinitive: austeilt of austeilen, nehme of nehmen
        present = (stem + "en" if stem != spelled
                   else spelled + "n" if spelled.endswith("e") else "")
        infinitives = (*analysis.german_bases(spelled), *((present,) if present else ()))
        return not any(_key(base) in self.vocabulary for base in infinitives)

    def join_particles(self, words: Sequence[str]) -> list[str]:
        """The typed words with a German verb joined to the particle it left at the end of
        its clause (``legt man was aus`` is read ``auslegt man was``), or their infinitive
        (``wer fängt an``: ``wer anfangen``), when the rule book or a synonym knows that word;
        the verb is the clause's first or second word.
        """
        spelled = [analysis.german_spelling(plain_lower(word)) for word in words]
        joined = list(words)
        start = 0
        for j, particle in enumerate(spelled):
            if particle in analysis.GERMAN_CLAUSE_WORDS:
                start = j + 1
            elif particle in analysis.GERMAN_PARTICLES and (
                    j + 1 == len(words) or spelled[j + 1] in analysis.GERMAN_CLAUSE_WORDS
                    or spelled[j + 1] in analysis.GERMAN_QUESTION_STARTS):
                for v in range(start, min(start + 2, j)):
                    if joined[v] != words[v]:
                        continue  # already joined to an earlier particle
                    whole = plain_lower(words[j]) + plain_lower(words[v])
                    known = next((form for form in (whole, *analysis.german_bases(
                        analysis.german_spelling(whole))) if self.knows_german(form)), "")
                    if known:
                        joined[v], joined[j] = known, ""
                        break
                start = j + 1
        return [word for word in joined if word]

    def near_english_particles(self, words: Sequence[str]) -> list[str]:
        """The typed words with an English verb's particle moved next to it, across the one
        to three words of its object (``put all my melds down``: ``put down all my melds``),
        when the two are a synonym phrase (``put down``, ``pick up``, ``go out``). One tile
        put ``down`` is put on the table or a meld, not melds laid down (``put the okey down``,
        ``put a red 5 down``)."""
        moved = list(words)
        for j in range(2, len(moved)):
            if moved[j].lower() not in ENGLISH_PARTICLES:
                continue
            for v in range(j - 2, max(-1, j - 5), -1):
                one_tile = _key(moved[v + 1]) in ONE_TILE or number_of(moved[v + 1]) is not None
                if _key(moved[v]) in ENGLISH_CLAUSE_WORDS or (_key(moved[j]) == "down"
                                                              and one_tile):
                    break
                if self.synonyms.is_phrase([moved[v], moved[j]]):
                    moved.insert(v + 1, moved.pop(j))
                    break
        return moved

    def split_glued(self, words: Sequence[str]) -> list[str]:
        """The typed words with two words typed without the space between apart, where the
        word is none the rule book or a language knows and its parts are a synonym phrase
        (``putback``: ``put back``; ``drawpile``: ``draw pile``).

        Each part has three letters or more, so no Turkish ending is split off a word. A
        word the rule book knows typed onto a number is apart too (``sari5``: ``sari 5``).
        """
        split: list[str] = []
        for word in words:
            parts = None
            numbered = _WORD_NUMBER.fullmatch(word)
            if numbered is not None and _key(numbered.group(1)) in self.vocabulary:
                split += [numbered.group(1), numbered.group(2)]
                continue
            key = _key(word) if len(word) >= 6 and word.isalpha() else ""
            if key and key not in self.vocabulary and key not in real_words():
                parts = next(((key[:i], key[i:]) for i in range(3, len(key) - 2)
                              if key[:i] in self.vocabulary and key[i:] in self.vocabulary
                              and self.synonyms.is_phrase([key[:i], key[i:]])), None)
            split += parts if parts is not None else [word]
        return split

    def knows_german(self, word: str) -> bool:
        """Whether a German word is in the rule book's text, titles or keywords, or a
        synonym's (its prefix alone does not count)."""
        return any(field.endswith("_de") and holds_words(field)
                   for clause in self.word(word, "de") for alts in clause.words
                   for field, _, _ in alts) or bool(self.synonyms.matches([word]))

    def asks_consequence(self, words: Sequence[str]) -> bool:
        """Whether the query asks what follows from an act (``ne olur``, ``was passiert``,
        ``penalty``): a cue of rules_data/vocabulary.yaml among its folded words."""
        folded = [_key(word) for word in words]
        for i, word in enumerate(folded):
            starting = [*self._cues_by_first.get(word, ()),
                        *(cues for prefix, cues in self._cue_prefixes if word.startswith(prefix))]
            if any(len(cues) <= len(folded) - i and all(
                    _cue_holds(typed, cue) for typed, cue in zip(folded[i:], cues))
                   for cues in starting):
                return True
        return False

    def names_variant(self, words: Sequence[str]) -> str | None:
        """The variant the query asks about: plain Okey when it names it (``normal okeyde``,
        ``einfaches Okey``), even beside 101 (``wie bei 101``, a comparison), else 101 Okey
        when it speaks of 101 (``101'de``, ``bei 101``, ``-101``: only 101 Okey has the
        number), else none."""
        if any(group in self.synonyms.plain for found in self.synonyms.matches(words).values()
               for group, _ in found):
            return "plain"
        return "101" if any(_names_101(word) for word in words) else None

    def topic_weight(self, word: str, correction: str | None, display: str) -> float | None:
        """How much one typed word says the query is about Okey (see :meth:`on_topic`);
        None for a stop word or a negation cue, which says nothing either way. Kept like a
        word's reading."""
        cache_key = (word, correction, display)
        if cache_key in self._weights:
            return self._weights[cache_key]
        return self._keep(self._weights, cache_key,
                          self._topic_weight(word, correction, display), 10_000)

    def _keep(self, cache: dict[K, V], key: K, value: V, size: int) -> V:
        """Keep ``value`` in one of the reader's caches, emptied when it passes ``size``."""
        with self._cache_lock:
            if len(cache) > size:
                cache.clear()
            cache[key] = value
        return value

    def _topic_weight(self, word: str, correction: str | None, display: str) -> float | None:
        key = _key(word)
        if any(analysis.is_stop(lang, key) or analysis.is_negation_cue(lang, key)
               or analysis.is_negation_after(lang, key) for lang in LANGS):
            return None
        if key.isdigit():  # a tile's number, or one the rule book names (101, 202)
            return 1 if int(key) in _TILE_NUMBERS or key in self.numbers else 0
        if _NOTATION.fullmatch(key):
            return 1
        if key in _listed("not_okey_words"):
            return 0
        if correction is not None:  # a typo weighs as the word it mends to, 0 at least
            mended = self._topic_weight(correction, None, display)
            return None if mended is None else max(0, mended)
        unit = self.word(word, display)
        terms = unit_terms(unit, synonyms=False)
        # A stem of three letters or fewer is too loose to tell (Turkish yarın, tomorrow, and
        # yarı, half): it counts only when the typed word itself is one of Okey's words.
        sure = {term for term in terms if len(term.partition(":")[2]) >= 4}
        if not sure.isdisjoint(self.core) or key in self.topic_words and terms & self.core:
            return 2
        if not terms.isdisjoint(self.topic):
            return 1
        return 0 if known(unit) else -1

    def _terms(self, lang: str, stems: Sequence[str], folded: str,
               lang_boost: float) -> dict[tuple[str, str], float]:
        """The existing terms of ``lang`` for a word's stems and its folded form."""
        found: dict[tuple[str, str], float] = {}
        lexicon = self.lexicon[lang]
        # a negated word's positive reading is the case the question rules out: it weighs less
        positive = NEGATED_POSITIVE if any(
            stem.startswith(analysis.NEGATION) for stem in stems) else 1.0
        for kind in KINDS:
            for stem in stems:
                if stem in lexicon[kind]:
                    negated = NEGATED_BOOST if stem.startswith(analysis.NEGATION) else positive
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
        if analysis.is_contracted_negation(plain_lower(word)):
            return self._keep(self._cache, key, (), 10_000)  # won't: no ``won`` (win) in it
        whole: dict[tuple[str, str], float] = {}
        parts: list[dict[tuple[str, str], float]] = []
        key_word = _key(word)
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
                # after a cue, only the negated word's own stems: not the cue's (``ohn``)
                tokens = [t.text for t in self.analyzers[lang](read, mode="query")
                          if not after_cue or getattr(t, "negated", False)]
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
            clauses.append(Clause((alternatives(whole),), WHOLE_BOOST if compound else 1.0,
                                  whole=compound))
        if compound:
            clauses.append(Clause(tuple(alternatives(p) for p in parts), COMPOUND_BOOST))
        clauses.extend(Clause((alternatives(p),), PART_BOOST) for p in parts if p)
        return self._keep(self._cache, key, tuple(clauses), 10_000)

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
        (see :mod:`rules_data.wordlist`), the name of another game or a negation.

        A word known only with another ending is mended at its stem and keeps the ending
        typed (``gostregeden`` → ``göstergeden``): one edit in the first five letters or
        more, then an inflection of Turkish, German or English.
        """
        key = _key(word)
        if key in self._corrections:
            return self._corrections[key]
        return self._keep(self._corrections, key, self._correct(key), 50_000)

    def near_real(self, word: str) -> str | None:
        """The nearest known word to a real word the rule book does not know, found as
        :meth:`correct` finds one (``paris`` → ``pairs``): read silently (``REAL_NEAR_BOOST``),
        never offered as a correction."""
        key = _key(word)
        if key in self._near_real:
            return self._near_real[key]
        return self._keep(self._near_real, key, self._correct(key, real=True), 50_000)

    def _correct(self, key: str, real: bool = False) -> str | None:
        if len(key) < 4 or not key.isalpha() or (is_real(key) and not real) or any(
                analysis.is_negation_cue(lang, key) for lang in LANGS):
            return None  # a real word, or a negation typed short (didnt, havent)
        limit = wordlist.reach(key)
        best: tuple[int, int, str] | None = None
        stem: tuple[int, str, str] | None = None
        for candidate in self.by_initial.get(key[0], ()):
            if self.preferred.get(candidate) == "":
                continue  # an avoided term is never suggested
            size = len(candidate)
            if abs(size - len(key)) <= limit:
                dist = distance(key, candidate, limit)
                if dist <= limit:
                    rank = (dist, -self.vocabulary[candidate][1], candidate)
                    if best is None or rank < best:
                        best = rank
            if (size >= wordlist.MENDED_STEM and key[size:] in INFLECTIONS
                    and distance(key[:size], candidate, 1) == 1):
                found = (-size, candidate, key[size:])
                stem = found if stem is None or found < stem else stem
        if best is not None:
            return self.preferred.get(best[2], self.vocabulary[best[2]][0])
        if stem is not None:
            mended = self.vocabulary[stem[1]][0] + stem[2]
            # a stem and an ending may make an avoided word (beend + ende): offer its canonical one
            instead = self.preferred.get(fold(plain_lower(mended)), mended)
            return instead or None
        return None

    def units(self, words: Sequence[str], display: str) -> tuple[list[Unit], list[str | None]]:
        """One unit per typed word (and per synonym phrase), and the correction of each word.

        A word the speller mends is then read as the word it mends to in every respect, as a
        near match (``FUZZY_BOOST``): in synonym phrases (``NORML OKEY`` names plain Okey), as
        a negation cue (``ncht auslegen``) and as the word a cue negates.
        """
        units, corrections = self._read(words, display, {})
        mended = {i: fixed for i, fixed in enumerate(corrections) if fixed is not None}
        if mended:
            fixed = [mended.get(i, word) for i, word in enumerate(words)]
            units, _ = self._read(fixed, display, mended)
        return units, corrections

    def _read(self, words: Sequence[str], display: str,
              mended: Mapping[int, str]) -> tuple[list[Unit], list[str | None]]:
        """The units of ``words`` (see :meth:`units`); the words at ``mended`` are a speller's
        corrections, read as near matches and not mended again."""
        units: list[Unit] = []
        at: dict[int, Unit] = {}  # the unit of each typed word that has one
        corrections: list[str | None] = []
        spans = self.synonyms.matches(words)
        covered = {i + k for i, found in spans.items() for _, n in found for k in range(n)}
        for i, word in enumerate(words):
            cue = words[i - 1] if i and any(
                analysis.is_negation_cue(lang, lower) for lang in LANGS
                for lower in query_lower(lang, words[i - 1])) else ""
            if i + 1 < len(words) and any(analysis.is_negation_after("tr", lower)
                                          for lower in query_lower("tr", words[i + 1])):
                cue = f"hiç {cue}".strip()  # geçerli değil: read as hiç geçerli
            clauses = list(self.word(word, display, cue))
            for group, n in spans.get(i, ()):
                if n == 1:
                    clauses.extend(self.synonyms.expansion(group, display))
            correction = None
            key = _key(word)
            stop = any(analysis.is_stop(lang, key) for lang in LANGS)
            # a word the rule texts lack, read by short stems only: a typo's likely shape
            unsure = i not in mended and key not in self.vocabulary and weak(clauses)
            if i in mended:
                clauses = _near(clauses)
            elif (not known(clauses) or unsure
                  and not (display == "tr" and inflected(key, clauses))) \
                    and (i not in covered or unsure and not is_real(key)) and not stop:
                correction = self.correct(word)
                if correction is not None:
                    fixed = list(self.word(correction, display))
                    for group, n in self.synonyms.matches([correction]).get(0, ()):
                        if n == 1:
                            fixed.extend(self.synonyms.expansion(group, display))
                    clauses = _near(fixed)
                elif not known(clauses) and not is_real(key):
                    clauses += self.partial(word, display)  # a prefix, typed short
                elif not known(clauses) and (near := self.near_real(word)) is not None:
                    clauses += _near(self.word(near, display), REAL_NEAR_BOOST)
            corrections.append(correction)
            if clauses:
                at[i] = tuple(clauses)
                units.append(at[i])
        for i, found in spans.items():
            for group, n in found:
                if n > 1:
                    expansion = self.synonyms.expansion(group, display)
                    typed_units = tuple(at[k] for k in range(i, i + n) if k in at)
                    if any(k in mended for k in range(i, i + n)):
                        expansion = tuple(_near(expansion))
                    if expansion:
                        units.append(tuple(c.standing_for(typed_units) for c in expansion))
        return units, corrections


def _near(clauses: Sequence[Clause], boost: float = FUZZY_BOOST) -> list[Clause]:
    """Clauses of a word the speller mended: a near match, weighing ``boost``."""
    return [Clause(c.words, c.boost * boost, c.mark, c.synonym, mended=True,
                   names=c.names) for c in clauses]


def known(clauses: Sequence[Clause]) -> bool:
    """Whether the rule book knows a typed word: a clause of it holds a term of a field that
    is no players' question (see :data:`~rules_data.search.units.SCORED_ONLY`)."""
    return any(name.partition("_")[0] not in SCORED_ONLY
               for clause in clauses for alts in clause.words for name, _, _ in alts)


def weak(clauses: Sequence[Clause]) -> bool:
    """Whether a typed word's own clauses hold no term of four letters or more, only short
    stems or prefixes: ``daler`` read as Turkish ``da``, ``cloeer`` as the prefix ``clo``.
    A word the rule texts do not have, so read, is more likely a typo of one they do."""
    return not any(len(text) >= 4 for clause in clauses if not clause.synonym
                   for alts in clause.words for name, text, _ in alts
                   if holds_words(name))


def inflected(key: str, clauses: Sequence[Clause]) -> bool:
    """Whether a folded word the rule texts do not have is a Turkish verb form of a root they
    do: a negative form (``almiyo``), or a root of three letters or more with a suffix of
    three or more (``yapiyom``, ``yazicaz``, ``yaparken``). Read by that root alone, it is
    no typo: mended, ``yazicaz`` (we will write) became ``yazılmaz`` (is not written)."""
    terms = {text for clause in clauses if not clause.synonym
             for alts in clause.words for name, text, _ in alts
             if holds_words(name) and name.endswith("_tr")}
    if analysis.is_negative_form("tr", key):
        return any(text.startswith(analysis.NEGATION) for text in terms)
    return any(len(stem) >= 3 and len(key) - len(stem) >= 3 and stem in terms
               for stem in analysis.turkish_light_stems(key))


INFLECTIONS = frozenset({*analysis.TR_SUFFIXES, "s", "es", "e", "en", "er", "ern", "n", "ed",
                         "ing", "d"})
"""Endings the speller keeps when it mends a word's stem: Turkish suffixes (as folded), and
German and English inflections."""


@lru_cache(maxsize=16384)
def is_game(word: str) -> bool:
    """Whether a typed word names another game: a name of ``vocabulary.yaml``, or one of four
    letters or more inflected or in a compound (``satrancta``, ``tavlada``, ``Schachregeln``).
    """
    key = _key(word)
    return any(key in name or any(len(game) >= 4 and key.startswith(game) for game in name)
               for name in other_games())


def load_word_lists() -> None:
    """Load the word lists a query may need (number words, other games, real words) now,
    rather than in the first search that meets a number or a typo."""
    _number_words()
    other_games()
    real_words()


@lru_cache(maxsize=1)
def _comparison_cues() -> tuple[frozenset[str], frozenset[str]]:
    data = query_words()
    return frozenset(typed(data["comparison_before"])), frozenset(typed(data["comparison_after"]))


def compared(words: Sequence[str], i: int) -> bool:
    """Whether the game named at ``words[i]`` is what the question compares with: a cue of
    ``vocabulary.yaml`` one or two words before it, or right after it.

    >>> compared("is 1 worth 11 like in rummy".split(), 6), compared("rummy rules".split(), 0)
    (True, False)
    >>> compared("rummikub gibi 13ten sonra 1 gelir mi".split(), 0)
    True
    """
    before, after = _comparison_cues()
    return not typed(words[max(0, i - 2):i]).isdisjoint(before) \
        or not typed(words[i + 1:i + 2]).isdisjoint(after)


@lru_cache(maxsize=1)
def other_games() -> tuple[frozenset[str], ...]:
    """Other games' names and the words of other subjects (``other_subjects``), each as its
    typed words, folded: a query naming one asks about something else."""
    games = [*query_words()["other_games"], *query_words()["other_subjects"]]
    return tuple(frozenset(typed(TOKEN.findall(str(name)))) for name in games)


_SPOKEN_PRESENT = re.compile(r"(?<=[iu])yo(m|z|n|sun|lar)?$")
"""The Turkish present as players type it, folded: ``yazıyo``, ``yiyom``, ``biliyoz``."""
_WRITTEN_PRESENT = {"": "yor", "m": "yorum", "z": "yoruz", "n": "yorsun", "sun": "yorsun",
                    "lar": "yorlar"}


def is_real(key: str) -> bool:
    """Whether a folded word is a real word (:func:`real_words`), or the spoken present of
    one (``yaziyo`` of ``yaziyor``, writes): the speller leaves it alone.

    >>> is_real("yaziyor"), is_real("yaziyo"), is_real("yariyo")
    (True, True, False)
    """
    if key in real_words():
        return True
    spoken = _SPOKEN_PRESENT.search(key)
    return spoken is not None and (
        key[:spoken.start()] + _WRITTEN_PRESENT[spoken.group(1) or ""] in real_words())


@lru_cache(maxsize=1)
def real_words() -> WordSet:
    """Real words near the rule book's, which the speller leaves alone, and other games."""
    return wordlist.read(extra=itertools.chain.from_iterable(other_games()))[1]


class SynonymMap:
    """Synonym groups, matched against the typed words in any inflection, one or more words."""

    def __init__(self, reader: QueryReader, groups: Sequence[Sequence[str]]) -> None:
        self.reader = reader
        self.groups = [[TOKEN.findall(phrase) for phrase in group] for group in groups]
        self.first: dict[str, list[tuple[int, int]]] = {}
        for g, group in enumerate(self.groups):
            for p, phrase in enumerate(group):
                if phrase:
                    exact, stems = synonym_keys(phrase[0])
                    for key in {exact, *stems}:
                        self.first.setdefault(key, []).append((g, p))
        self._expansions: dict[tuple[int, str], Unit] = {}
        self._matches: dict[tuple[str, ...], dict[int, list[tuple[int, int]]]] = {}
        names = query_words()["plain_okey"]
        plain = {frozenset(typed(TOKEN.findall(str(name)))) for name in names}
        self.plain = frozenset(g for g, group in enumerate(self.groups)
                               if any(frozenset(typed(phrase)) in plain for phrase in group))

    def matches(self, words: Sequence[str]) -> dict[int, list[tuple[int, int]]]:
        """For each start position, the (group, length) of the synonym phrases found there.

        A word matches a phrase word when both fold the same, or when neither is a stop word
        and they share a stem in one of the languages. At one start, a group's longest
        matching phrase counts.
        """
        typed_words = tuple(words)
        cached = self._matches.get(typed_words)
        if cached is not None:
            return cached
        keys = [synonym_keys(w) for w in words]
        found: dict[int, list[tuple[int, int]]] = {}
        for i, (exact, stems) in enumerate(keys):
            longest: dict[int, int] = {}
            for key in {exact, *stems}:
                for g, p in self.first.get(key, ()):
                    phrase = self.groups[g][p]
                    n = len(phrase)
                    if i + n <= len(words) and all(
                        _same_word(keys[i + k], synonym_keys(phrase[k])) for k in range(n)
                    ):
                        longest[g] = max(longest.get(g, 0), n)
            if longest:
                found[i] = sorted(longest.items())
        if len(self._matches) > 50_000:
            self._matches.clear()
        self._matches[typed_words] = found
        return found

    def is_phrase(self, words: Sequence[str]) -> bool:
        """Whether the words are, all of them together, a synonym phrase (``put down``)."""
        return any(n == len(words) for _, n in self.matches(words).get(0, ()))

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
                unit = self.reader.word(word, display)
                if not unit or len(unit[0].words) != 1:
                    words = []
                    break
                words.append(unit[0].words[0])
            if words:
                clauses.append(Clause(tuple(words), SYNONYM_BOOST, mark=len(words) == 1,
                                      synonym=True,
                                      names="plain" if group in self.plain else None))
        result = tuple(clauses)
        self._expansions[key] = result
        return result


_VARIANT_BEFORE = frozenset({"bei", "beim", "in", "im", "fur", "fuer", "zu", "for"})
"""Words before ``101`` that make it the name of 101 Okey (``bei 101``, ``in 101``)."""
_VARIANT_101 = re.compile(r"^101['’]?(?:de|da|te|ta|deki|daki|teki|taki)$")
"""``101`` with a Turkish locative: ``101'de``, ``101deki`` (in 101 Okey)."""


def without_variant_number(words: Sequence[str], units: list[Unit]) -> list[Unit]:
    """The units of a query without the number 101 where every 101 it holds names the
    variant (``wer fängt bei 101 an``, ``101'de kim başlar``, ``a game of 101``): the name
    leads 101 Okey's rules (``VARIANT_LEAD``), and read as the number too it would lead the
    rules that count 101 points (the opening, the penalties) over the one asked about. So
    too where the query asks about plain Okey and names 101 Okey to compare (``beim einfachen
    Okey im Vergleich zu 101``, ``düz okeyde 101deki gibi``): there the number would lead the
    rule whose keywords tell plain Okey from 101 over the one asked about. A 101 that counts
    (``genau 101 reicht``, ``101 ceza``, ``okey 101 ceza``) stays, as does a query of 101
    alone. The ``okey`` of the name goes with its number (``how does scoring work in 101
    okey``: no joker is asked about), unless another ``okey`` is typed.
    """
    typed = [_folded_word(word) for word in words]
    places = [k for k, word in enumerate(typed) if word.lstrip("-").startswith("101")]
    if not places or not all(_VARIANT_101.match(typed[k]) or typed[k] == "101" and (
            k and typed[k - 1] in _VARIANT_BEFORE or _beside_game_word(typed, k))
            for k in places):
        return units
    units = _without_units(units, {"101"}, synonyms=True)
    # the okey of the name (101 Okey, 101 okeyde) is no joker, where no other okey is typed
    okeys = [k for k, word in enumerate(typed) if word.startswith("okey")]
    if okeys and all(k - 1 in places for k in okeys):
        units = [unit for unit in units if not _is_okey(unit)] or units
    return units


def _is_okey(unit: Unit) -> bool:
    """Whether a unit is the reading of a typed ``okey``: its own clauses' terms are all of
    that word."""
    own = {text for clause in unit if not clause.synonym for alts in clause.words
           for _, text, _ in alts}
    return bool(own) and all(text.startswith("okey") for text in own)


@lru_cache(maxsize=65536)
def _folded_word(word: str) -> str:
    """A typed word lowercased and folded, kept: every query's words are looked at so."""
    return fold(plain_lower(word))


PAIR_WORDS = ("cift", "paar", "pair", "parchen")
"""How a word for pairs starts, folded (``çifttir``, ``Paare``, ``pairs``, ``Pärchen``): a
number just before it counts them."""
FEWEST_PAIRS = 5
"""The fewest pairs a rule counts: five open in 101 Okey (501); plain Okey wins with seven
(504), and ten are a pair finish (603)."""


def without_pair_count(words: Sequence[str], units: list[Unit]) -> list[Unit]:
    """The units of a query without a count of pairs fewer than any rule counts (``4 çift``,
    ``vier Paare``, ``four pairs``): no rule says it, and read as a number it would lead the
    rule whose number it is (``all four open with pairs``, 503) over the rules on pairs; too
    few to open, it is the short opening the referee reads (701). ``5 çift`` stays: 501 says
    it.
    """
    typed = [_folded_word(word) for word in words]
    counts = {typed[k] for k in range(len(typed) - 1)
              if typed[k + 1].startswith(PAIR_WORDS)
              and (count := number_of(typed[k])) is not None and count < FEWEST_PAIRS}
    if not counts:
        return units
    return _without_units(units, counts, synonyms=False)


_WORD_NUMBER = re.compile(r"([^\W\d_]{3,})(\d{1,2})")
"""A word typed onto a number without a space (``sari5``, ``mavi12``)."""


def _without_units(units: list[Unit], texts: set[str], synonyms: bool) -> list[Unit]:
    """The units but those whose terms are all among ``texts`` (their own clauses' only,
    unless ``synonyms``); all of them where none would be left."""
    rest = [unit for unit in units
            if not {text for clause in unit if synonyms or not clause.synonym
                    for alts in clause.words for _, text, _ in alts} <= texts]
    return rest if rest else units


def _names_101(word: str) -> bool:
    """Whether a typed word names 101 Okey: one of its names, or a number among them with an
    ending.

    >>> [_names_101(word) for word in ("101'de", "101er", "-101", "Yüzbir", "1010", "10")]
    [True, True, True, True, False, False]
    """
    folded = _key(word).lstrip("-")
    names = _listed("okey_101")
    return folded in names or any(
        name.isdigit() and folded.startswith(name) and folded[len(name):].isalpha()
        for name in names)


_WITHOUT_101 = re.compile(r"^101['’]?s[iıuü]z$")
"""``101`` with the Turkish ``-siz`` (without): ``101'siz okey``."""


def game_without_101(words: Sequence[str]) -> frozenset[int]:
    """The places of the words naming plain Okey as the game without 101: a 101 and what
    negates it, beside a word for the game (``game_without_101`` and ``game_words`` in
    vocabulary.yaml).

    >>> sorted(game_without_101(["Okey", "ohne", "101", "legt", "man", "raus"]))
    [1, 2]
    >>> sorted(game_without_101(["opened", "without", "101", "points"]))
    []
    """
    data = query_words()["game_without_101"]
    keys = [_folded_word(word) for word in words]
    found: set[int] = set()
    for k, key in enumerate(keys):
        if _WITHOUT_101.match(key):
            span = (k, k)
        elif key not in _listed("okey_101"):
            continue
        elif k and (keys[k - 1] in data["before"] or any(
                analysis.is_negation_cue(lang, keys[k - 1]) for lang in LANGS)):
            span = (k - 1, k)
        elif k + 1 < len(keys) and (analysis.is_negation_after("tr", keys[k + 1]) or any(
                _cue_holds(keys[k + 1], cue) for cue in data["after"])):
            span = (k, k + 1)
        else:
            continue
        beside = (keys[i] for i in (span[0] - 1, span[1] + 1) if 0 <= i < len(keys))
        if any(_is_game_word(word) for word in beside):
            found.update(range(span[0], span[1] + 1))
    return frozenset(found)


def _beside_game_word(keys: Sequence[str], k: int) -> bool:
    """Whether the folded word at ``k`` has a word for the game right before or after it
    (``okey 101``, ``101 oyunu``), or before it past a stop word (``a game of 101``), and no
    word after it that makes it a count (``okey 101 ceza``).

    >>> [_beside_game_word(s.split(), 1) for s in ("okey 101", "okey 101 ceza", "mit 101")]
    [True, False, False]
    """
    if k + 1 < len(keys) and any(_cue_holds(keys[k + 1], cue)
                                 for cue in query_words()["counted_after_101"]):
        return False
    near = [i for i in (k - 1, k + 1) if 0 <= i < len(keys)]
    if k >= 2 and any(analysis.is_stop(lang, keys[k - 1]) for lang in LANGS):
        near.append(k - 2)
    return any(_is_game_word(keys[i]) for i in near)


def _is_game_word(key: str) -> bool:
    """Whether a folded word is a word for the game (``game_words``), with an ending on a
    long one."""
    return any(key == name or len(name) >= 4 and key.startswith(name)
               and len(key) <= len(name) + 4 for name in _listed("game_words"))


def _cue_holds(typed: str, cue: str) -> bool:
    """Whether a folded word is a cue word (``penal*``: any word starting ``penal``)."""
    return typed.startswith(cue[:-1]) if cue.endswith("*") else typed == cue


ENGLISH_PARTICLES = frozenset({"down", "up", "out", "off", "back", "away"})
"""English verb particles, which may stand after the verb's object (``pick the tile up``)."""
ONE_TILE = frozenset({"okey", "joker", "tile", "piece", "indicator", "smiley"})
"""Words for one tile: ``put the okey down`` as the last tile is no ``put down``, laying
melds down."""
ENGLISH_CLAUSE_WORDS = frozenset({"and", "or", "but", "then", "if", "when", "because",
                                  "before", "after", "while"})
"""Words that start a new English clause: a particle after them is not the verb's before."""


@lru_cache(maxsize=16384)
def synonym_keys(word: str) -> tuple[str, frozenset[str]]:
    """A word's folded form, and its stems in each language (none for a stop word); a German
    participle's with its infinitive's, the form synonym groups list verbs in."""
    word = analysis.strip_apostrophe(word)
    exact = fold(plain_lower(word))
    if any(analysis.is_stop(lang, exact) for lang in LANGS) or len(exact) < 3:
        return exact, frozenset()
    spelt = analysis.german_spelling(plain_lower(word))
    stems = {
        *analysis.snowball_stems("english", exact),
        *(fold(analysis.snowball("german", base))
          for base in (spelt, *analysis.german_infinitive(spelt))),
        *(fold(analysis.snowball("turkish", lower)) for lower in query_lower("tr", word)),
    }
    return exact, frozenset(s for s in stems if len(s) >= 3)


def _same_word(a: tuple[str, frozenset[str]], b: tuple[str, frozenset[str]]) -> bool:
    """Whether a typed word and a synonym's word are one: folded alike, or sharing a stem. A
    stem of three letters is too loose to tell alone (``doğum``, birth, and ``dokuz``, nine,
    are both ``dok``): it counts where it is one of the words (``laid`` and ``lay``) or one
    word begins with the other (``taşı``, ``taş``)."""
    return a[0] == b[0] or any(
        len(stem) > 3 or stem in (a[0], b[0]) or a[0].startswith(b[0]) or b[0].startswith(a[0])
        for stem in a[1] & b[1])


def distance(a: str, b: str, limit: int) -> int:
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
