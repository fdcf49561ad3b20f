"""Text analysis for rule search: Whoosh analyzers for Turkish, German and English.

Whoosh pickles the schema, analyzers included, into the index. So every class here stays
importable from ``rules_data.analysis`` and holds only plain data: the Snowball stemmers live
in a module-level cache, built lazily, never inside a pickled object.

The chains, each applied the same way to the rule text and to the query:

- Turkish: apostrophe (``okey'i`` → ``okey``, also ``13ten`` → ``13``) → Turkish lowercase
  (``İ``→``i``, ``I``→``ı``) → stop words → stems side by side: Snowball Turkish then ASCII
  folding, a light suffix stripper on the folded word (so ``taşı`` and ``tasi`` meet at
  ``tas``, and ``gider`` and ``gitmek`` at ``git``), and the first five letters of a longer
  word.
- German: lowercase → umlaut spelling (``ä``→``ae``, ``ß``→``ss``) → stop words → compound
  splitting with a domain word list (``Jokerabwurf`` → ``joker`` + ``abwurf``) → Snowball
  German, of the word and of its base forms (``abgeworfen`` → ``abwerfen``, ``ungültig`` →
  ``gültig``) → folding.
- English: lowercase → folding → stop words → Snowball English, of the word and of an
  irregular verb's base form (``threw`` → ``throw``).

>>> [t.text for t in analyzer("tr")("ÇİFTLER okey'i")]
['cift', 'ciftl', 'okey']
>>> [t.text for t in analyzer("de", {"joker", "abwurf"})("Jokerabwurf")]
['jokerabwurf', 'jok', 'abwurf']
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Collection, Iterable, Iterator
from functools import lru_cache
from typing import Any

import snowballstemmer  # type: ignore[import-untyped]
from whoosh.analysis import (  # type: ignore[import-untyped]
    Analyzer,
    Filter,
    LowercaseFilter,
    NgramFilter,
    RegexTokenizer,
    Token,
)

TOKEN_PATTERN = r"\w+(?:['’ʼ`´]\w+)*"
"""A word, with the apostrophe suffixes Turkish writes after names (``okey'i``, ``13'ten``)."""
TOKEN = re.compile(TOKEN_PATTERN)
_APOSTROPHES = re.compile(r"['’ʼ`´]")

PREFIX_MIN, PREFIX_MAX = 3, 15
"""The lengths of the word prefixes indexed in the ``pre_*`` fields."""


# --- character folding ---------------------------------------------------------------------

_FOLD_EXTRA = str.maketrans({"ı": "i", "ß": "ss", "ẞ": "ss", "æ": "ae", "œ": "oe", "ø": "o",
                             "đ": "d", "ł": "l", "\u0307": ""})


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """ASCII-fold a lowercase word: marks dropped, ``ı``→``i``, ``ß``→``ss``.

    >>> fold("çiftleri"), fold("ıstaka"), fold("straße"), fold("gösterge")
    ('ciftleri', 'istaka', 'strasse', 'gosterge')
    """
    text = text.translate(_FOLD_EXTRA)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def turkish_lower(text: str) -> str:
    """Lowercase the Turkish way: ``I``→``ı``, ``İ``→``i`` (also ``I`` + combining dot).

    >>> turkish_lower("ISTAKA İŞLEK"), turkish_lower("ELİNİ")
    ('ıstaka işlek', 'elini')
    """
    text = text.replace("I\u0307", "i").replace("İ", "i").replace("I", "ı")
    return text.lower().replace("\u0307", "")


def plain_lower(text: str) -> str:
    """Lowercase, dropping the combining dot that ``"İ".lower()`` leaves behind."""
    return text.lower().replace("\u0307", "")


_GERMAN_SPELLING = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss"})


def german_spelling(text: str) -> str:
    """Write umlauts and ß the ASCII way, as Germans do on a keyboard without them.

    >>> german_spelling("ablagestäpel straße")
    'ablagestaepel strasse'
    """
    return text.translate(_GERMAN_SPELLING)


# --- stemmers --------------------------------------------------------------------------------

_STEMMERS: dict[str, Any] = {}
_STEMMER_LOCK = threading.Lock()


@lru_cache(maxsize=131072)
def snowball(lang: str, word: str) -> str:
    """The Snowball stem of a lowercase word in ``lang`` ("turkish", "german", "english").

    The stemmers are built on first use and kept here, never in a pickled filter; a lock
    guards them because a Snowball stemmer keeps state while it works.
    """
    with _STEMMER_LOCK:
        stemmer = _STEMMERS.get(lang)
        if stemmer is None:
            stemmer = _STEMMERS[lang] = snowballstemmer.stemmer(lang)
        stem: str = stemmer.stemWord(word)
    return stem


# Turkish suffixes as they look after ASCII folding (ı→i, ş→s, ç→c, ğ→g, ö→o, ü→u), longest
# first. Stripping them from the folded word gives the same stem whether or not the player typed
# Turkish letters. The list is deliberately coarse: it only has to agree with itself.
TR_SUFFIXES = tuple(sorted({
    # plural + possessive + case
    "lar", "ler", "lari", "leri", "larin", "lerin", "larini", "lerini", "larinin", "lerinin",
    "larina", "lerine", "larinda", "lerinde", "larindan", "lerinden", "lara", "lere",
    "larda", "lerde", "lardan", "lerden", "larla", "lerle",
    "i", "u", "a", "e", "yi", "yu", "ya", "ye", "in", "un", "nin", "nun", "yin", "yun",
    "si", "su", "sini", "sunu", "sinin", "sunun", "sina", "sine", "suna", "sune",
    "sinda", "sinde", "sunda", "sunde", "sindan", "sinden", "sundan", "sunden",
    "ni", "nu", "na", "ne", "nda", "nde", "ndan", "nden",
    "da", "de", "ta", "te", "dan", "den", "tan", "ten",
    "la", "le", "yla", "yle", "ki", "daki", "deki", "taki", "teki",
    "dir", "dur", "tir", "tur",
    # verbs: infinitive, negation, participles, converbs, tenses, ability
    "mak", "mek", "ma", "me", "masi", "mesi", "mayan", "meyen", "madan", "meden",
    "an", "en", "yan", "yen", "ir", "ur", "ar", "er", "ir", "mis", "mus",
    "di", "du", "ti", "tu", "dik", "duk", "tik", "tuk", "digi", "dugu", "tigi", "tugu",
    "diginda", "dugunda", "tiginda", "tugunda", "dikten", "duktan", "tikten", "tuktan",
    "arak", "erek", "yarak", "yerek", "ip", "up", "yip", "yup", "inca", "ince", "unca", "unce",
    "ken", "yken", "sa", "se", "rsa", "rse", "sam", "sem", "rsam", "rsem", "saniz", "seniz",
    "abilir", "ebilir", "yabilir", "yebilir",
    "amaz", "emez", "mali", "meli", "acak", "ecek", "yacak", "yecek", "iyor", "uyor", "yor",
    "il", "ul", "mayi", "meyi",
    # more of the negative verb (see _TURKISH_NEGATIVE): present, written and spoken
    # (acmiyor, bitmiyo), future, conditional, "when not", "must not", "without"
    "miyor", "muyor", "miyo", "muyo", "miyorum", "muyorum", "mayacak", "meyecek",
    "masa", "mese", "masam", "mesem", "masak", "mesek", "mayinca", "meyince", "mamali", "memeli",
    "madikca", "medikce",
    # the spoken present, as players type it (donuyo, aciyom, biliyoz for dönüyor, açıyorum,
    # biliyoruz); not -iyon, which ends nouns (pozisyon)
    "iyo", "uyo", "iyom", "uyom", "iyoz", "uyoz", "iyorum", "uyorum", "iyoruz", "uyoruz",
    # the future of we and I, written and spoken (atacagiz, atcaz, oynaycam); not a bare
    # spoken -cak, which would take gercek for ger-cek
    "acagiz", "ecegiz", "yacagiz", "yecegiz", "acagim", "ecegim", "yacagim", "yecegim",
    "acaz", "ecez", "acam", "ecem", "caz", "cez", "cam", "cem", "ycaz", "ycez", "ycam", "ycem",
    "ycak", "ycek",
    # the negative of both, spoken with a person (acmiyom, bitirmiycem, almicaz for
    # açmıyorum, bitirmeyeceğim, almayacağız) and written
    "miyom", "muyom", "miyoz", "muyoz", "miyoruz", "muyoruz", "mayacagim", "meyecegim",
    "mayacagiz", "meyecegiz", "miycam", "miycem", "muycam", "miycaz", "miycez", "muycaz",
    "micam", "micem", "mucam", "micaz", "micez", "mucaz",
}, key=lambda s: (-len(s), s)))


@lru_cache(maxsize=65536)
def turkish_light_stems(word: str) -> tuple[str, ...]:
    """Strip Turkish suffixes from an ASCII-folded word: one or two stems of 2+ letters.

    A suffix that starts with a buffer consonant (``s``, ``y``, ``n``) comes off only after
    a vowel. Folded text is ambiguous there (``tasi`` is ``taş-ı``, ``cezasi`` is ``ceza-sı``),
    so a second stem is made without taking a buffer suffix first; text and query both get
    both, and meet on one of them.

    >>> [turkish_light_stems(w) for w in ("tas", "tasi", "taslari", "ceza", "cezasi")]
    [('tas',), ('ta', 'tas'), ('tas',), ('cez',), ('cez', 'cezas')]
    """
    if not word.isalpha():
        return (word,)
    greedy = _voiceless(_strip(word, buffered_first=True))
    plain = _voiceless(_strip(word, buffered_first=False))
    return (greedy,) if plain == greedy else (greedy, plain)


_UNBUFFERED = frozenset({"sa", "se", "sam", "sem", "saniz", "seniz"})
"""Suffixes that start with s, y or n but take no buffer: the conditional (``açamaz-sa``,
``atar-sam``: if I discard)."""

_VOICED = {"d": "t", "g": "k", "b": "p"}
"""A voiced consonant and the voiceless one it stands for at the end of a stem."""


def _voiceless(stem: str) -> str:
    """Undo the voicing of a stem's last consonant before a vowel suffix.

    Turkish writes ``git`` but ``gid-er``, ``renk`` but ``reng-i``, ``dört`` but ``dörd-ü``;
    writing the stem voiceless lets the forms meet.

    >>> _voiceless("gid"), _voiceless("reng"), _voiceless("git"), _voiceless("ad")
    ('git', 'renk', 'git', 'ad')
    """
    last = stem[-1:]
    if len(stem) >= 3 and last in _VOICED and stem[-2] in "aeiounrl":
        return stem[:-1] + _VOICED[last]
    return stem


def _strip(word: str, buffered_first: bool) -> str:
    for round_ in range(4):
        for suffix in TR_SUFFIXES:
            stem = word[: -len(suffix)]
            buffered = suffix[0] in "syn" and suffix not in _UNBUFFERED
            if (word.endswith(suffix) and len(stem) >= 2 and _VOWELS.intersection(stem)
                    and (not buffered or (stem[-1] in _VOWELS
                                          and (buffered_first or round_ > 0)))):
                word = stem
                break
        else:
            break
    return word


_VOWELS = frozenset("aeiou")


def turkish_number_base(word: str, numbers: Collection[str]) -> str:
    """A folded word that is one of ``numbers`` with a Turkish case ending, as that number
    word; any other word as it is. Players inflect number words as they do digits (``13'ten``):

    >>> [turkish_number_base(w, {"uc", "dort", "iki"}) for w in ("ucten", "dorde", "ikisi", "ucak")]
    ['uc', 'dort', 'ikisi', 'ucak']
    """
    if word in numbers or not word.isalpha():
        return word
    for suffix in _CASE_ENDINGS:
        if word.endswith(suffix) and (base := _voiceless(word[: -len(suffix)])) in numbers:
            return base
    return word


_CASE_ENDINGS = ("dan", "den", "tan", "ten", "yla", "yle", "ysa", "yse", "nin", "nun",
                 "ya", "ye", "yi", "yu", "da", "de", "ta", "te", "la", "le", "sa", "se",
                 "in", "un", "a", "e", "i", "u")
"""Turkish case endings, the genitive among them (``on üçün yanına``: beside the 13), and the
copula's "if" (``on ikiyse``), folded, longest first; not the possessive (``ikisi``: both of
them)."""


# --- compounds -------------------------------------------------------------------------------

_GLUE = ("s", "es", "n", "en", "er", "e")
"""German linking elements between the parts of a compound (Spiel-s-ende, Stein-e-...)."""


def split_compound(word: str, words: Collection[str], minpart: int = 3) -> tuple[str, ...]:
    """The parts of a German compound, each a word of ``words``; ``()`` if it is not one.

    Both the word and ``words`` are lowercase and in ASCII umlaut spelling. A part may carry
    a linking element (``s``, ``n``, ``en``...), or drop a final ``e`` (``Straf-punkte``);
    the last part may be inflected. The split with the fewest parts wins, then the one with
    the longest first part.

    >>> split_compound("ablagestapel", {"ablage", "stapel"})
    ('ablage', 'stapel')
    >>> split_compound("strafpunkte", {"strafe", "punkt"})
    ('strafe', 'punkt')
    >>> split_compound("stapel", {"stapel"})
    ()
    """
    stems = _stems(frozenset(words))
    memo: dict[str, tuple[str, ...] | None] = {}

    def best(rest: str) -> tuple[str, ...] | None:
        if rest in memo:
            return memo[rest]
        found: tuple[str, ...] | None = None
        last = _tail(rest, words, stems) if len(rest) >= minpart else None
        if last is not None:
            found = (last,)
        else:
            for cut in range(len(rest) - minpart, minpart - 1, -1):
                first = _head(rest[:cut], words, minpart)
                if first is None:
                    continue
                after = best(rest[cut:])
                if after is not None and (found is None or len(after) + 1 < len(found)):
                    found = (first, *after)
        memo[rest] = found
        return found

    if len(word) < 2 * minpart or not word.isalpha():
        return ()
    split: tuple[str, ...] = ()
    for cut in range(len(word) - minpart, minpart - 1, -1):
        first = _head(word[:cut], words, minpart)
        after = best(word[cut:]) if first is not None else None
        if first is not None and after is not None and (not split or len(after) + 1 < len(split)):
            split = (first, *after)
    return split


def split_partial(word: str, words: Collection[str], minpart: int = 3) -> tuple[str, ...]:
    """The known parts at either end of a German compound with a part ``words`` lacks.

    The longest known word it starts with (a linking element allowed) and the longest it
    ends with (inflected), each leaving at least ``minpart`` letters; ``()`` if neither.
    A player's ``Gesamtsieger`` still finds ``Sieger`` and ``Kombinationsarten``
    ``Kombination``, though ``gesamt`` and ``arten`` are no domain words.

    >>> split_partial("gesamtsieger", {"sieger", "spiel"})
    ('sieger',)
    >>> split_partial("kombinationsarten", {"kombination"})
    ('kombination',)
    >>> split_partial("spielsteinchen", {"spiel", "stein"})
    ('spiel',)
    """
    if len(word) < 2 * minpart or not word.isalpha():
        return ()
    stems = _stems(frozenset(words))
    first = next((found for cut in range(len(word) - minpart, minpart - 1, -1)
                  if (found := _head(word[:cut], words, minpart)) is not None), None)
    last = next((found for cut in range(minpart, len(word) - minpart + 1)
                 if (found := _tail(word[cut:], words, stems)) is not None), None)
    return tuple(dict.fromkeys(part for part in (first, last) if part is not None))


def _head(part: str, words: Collection[str], minpart: int) -> str | None:
    """The word of ``words`` that ``part`` is as a compound's non-final part, if any."""
    if part in words:
        return part
    if part + "e" in words:
        return part + "e"
    for glue in _GLUE:
        base = part[: -len(glue)]
        if part.endswith(glue) and len(base) >= minpart and base in words:
            return base
    return None


def _tail(part: str, words: Collection[str], stems: dict[str, str]) -> str | None:
    """The word of ``words`` that ``part`` is, maybe inflected, as a compound's last part."""
    if part in words:
        return part
    return stems.get(snowball("german", part))


@lru_cache(maxsize=8)
def _stems(words: frozenset[str]) -> dict[str, str]:
    return {snowball("german", w): w for w in sorted(words)}


# --- stop words -------------------------------------------------------------------------------

def _german_words(text: str) -> frozenset[str]:
    """The German words of a text, as a query word may be typed: umlauts written out (``ae``)
    or dropped (``a``)."""
    return frozenset(spelt for w in text.split() for spelt in (german_spelling(w), fold(w)))


# English also drops the chat spellings of its stop words (whats, hows, ur, im: typed on a
# phone without the apostrophe) and the determiner each, as German drops alle. It keeps
# any, which and both: "any colour", "any number" ask whether the okey is wild, "which tile
# is the okey" asks to pick it out, "both smileys" asks about the two fake jokers. German
# stop words are kept as typed without umlauts both ways (fuer and fur for für): a query
# word is folded, and German drops its demonstratives (diese) as English does this, and its
# indefinite pronouns (irgendwer, jemand: "bevor irgendwer ausgelegt hat"). The
# words a teller fills a question with (trotzdem, eigentlich, halt; şimdi, artık, işte, yine)
# are stop words: "noch nicht ausgelegt, darf ich trotzdem anlegen" found the rule whose text
# says trotzdem. So is the Turkish question particle with a person's ending (atabilir miyim,
# açar mısın), as it is without one (mi), and the copula's must-forms (olması, olmalı) as its
# olur and olan, and var (there is: elimde okey var), and German gibts (wat gibts: what does
# one get) as gehts. English ok and okay are stop words: okay is no okey ("is a 3 card run
# ok"). So are the pronouns, modal verbs and fillers a beginner tells a question with (benden,
# bende, uns, mir, wollen, glaub ich, obwohl, nix, actually, maybe): a word the rule book
# never saw weighs against the topic, and "uns fehlt glaub ich ein stein" found nothing. Not
# falan: fayans (tiles) was mended to it. English keeps its own: "just" may mean only ("two of
# every tile or just one").
STOP_WORDS: dict[str, frozenset[str]] = {
    "tr": frozenset(fold(w) for w in """
        ve veya ile ya da de ki mi mı mu mü bir bu şu o için gibi ne nasıl neden niye nedir
        hangi ise ama fakat çok daha hem şey ben sen biz siz onlar bana beni bunu şunu
        olan olarak midir mıdır dır dir mudur müdür miyim mıyım muyum müyüm misin mısın musun
        müsün miyiz mıyız muyuz müyüz misiniz mısınız musunuz müsünüz
        acaba peki yani zaten sadece bile diye eğer çünkü hatta kim kime kimi kimin neyi
        neyin neye nerede nereye niçin olur olursa olmaz oluyor
        yarar yarıyor yarıyo demek şimdi artık hani işte yine gene tamam lütfen
        olması olmalı var
        benim senin bizim sizin benden senden bizden sizden bende sende bizde sizde sana
        galiba sanırım bence herhalde
    """.split()),
    "de": _german_words("""
        der die das den dem des ein eine einer eines einem einen und oder aber ist sind war
        wird werden wurde kann muss darf soll wie was wer wo wann warum welche welcher welches
        mit von vom zu zum zur im in am an auf aus bei für nach über es er sie ich du wir ihr
        man sich mein dein sein seine ihre auch noch nur so dass als wenn ob denn dann
        alle allem allen aller alles wieviel wieviele viel viele vielen
        beim fürs ins ans aufs ums durchs übers vors hinters
        bedeutet trotzdem eigentlich überhaupt halt mal doch bitte gehts gibts
        dies diese dieser dieses diesem diesen
        irgendwer irgendwen irgendwem irgendwas irgendwie irgendwann irgendwo irgendein
        irgendeine irgendeiner irgendeinen irgendeinem jemand jemanden jemandem
        mir uns euch ihm ihn ihnen will willst wollen möchte möchten glaub glaube
        bzw eben obwohl selber selbst nix einfach
    """),
    "en": frozenset("""
        a an the and or of to in on at by for from with as is are was were be been being
        it its this that these those there their they them i me my you your we us our
        what who whom whose how why where when do does did can could should would will
        if then than so about into some tbd yet
        has have had get gets got happen happens many much each
        whats wats wat hows whos thats theres wheres whens whys im ive youre ur pls plz
        wanna gonna gotta mean means ok okay
        actually really basically maybe probably guess like
    """.split()),
}


def is_stop(lang: str, word: str) -> bool:
    """True for a stop word of ``lang`` or a single letter (digits always count)."""
    if len(word) == 1 and not word.isdigit():
        return True
    return word in STOP_WORDS[lang]


# --- negation -----------------------------------------------------------------------------------

NEGATION = "¬"
"""Put before a stem, the index term of that word negated: ``açmayan`` holds ``aç`` and
``¬aç``, ``did not open`` holds ``open`` and ``¬open``. A question about the player who did
*not* open meets the rule about that player rather than the one about the player who did."""

_NEGATION_CUES = {
    "en": frozenset({"not", "never", "without", "cannot", "no"}),
    "de": frozenset({"nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "ohne",
                     "nie", "niemals"}),
    "tr": frozenset({"hiç", "hic", "hiçbir", "hicbir"}),
}
# English "n't" (didn't, can't; typed didnt, cant) negates the next word too.
_ENGLISH_NT = re.compile(r"^\w+n['’]t$")
_ENGLISH_NT_WORDS = frozenset({"didnt", "doesnt", "dont", "cant", "wont", "isnt", "arent",
                               "wasnt", "werent", "hasnt", "havent", "hadnt", "couldnt",
                               "shouldnt", "wouldnt", "mustnt"})
# Turkish negates the verb itself: -mayan/-meyen, -madan/-meden, -madı/-medi, -mamış/-memiş,
# -mazsa/-mezse, -mamak/-memek, -mıyor (spoken -mıyo), -mayacak, -mayınca, -mamalı, -mayıp,
# and -maz/-mez or -masa/-mese at the end (ability too: açamayan, bitiremez, açamıyorum).
_TURKISH_NEGATIVE = re.compile(
    r"\w{2,}(?:mayan|meyen|madan|meden|madi|medi|mamis|memis|mazsa|mezse|mamak|memek"
    r"|miyo|muyo|mayacak|meyecek|mayacag|meyeceg|mayinca|meyince|mamali|memeli|mayip|meyip)"
    r"|\w{2,}(?:maz|mez)(?:lar|ler)?(?:m[iu]\w*)?$"
    r"|\w{2,}(?:masa|mese)(?:m|n|k|niz)?$"
    r"|\w{2,}m[iu]y?c(?:am|em|az|ez)$")


_NEGATION_AFTER = {"tr": frozenset({"değil", "degil", "değildir", "degildir", "olmayan",
                                    "olmayanlar", "olmadan", "olmayınca", "olmayinca"})}
"""Cues that negate the word before them: Turkish ``geçerli değil`` (not valid)."""


def negation_words() -> frozenset[str]:
    """Every word that negates another, in any language (``not``, ``didnt``, ``keine``,
    ``hiç``, ``değil``): words a search knows, which the speller mends typos to."""
    return frozenset().union(*_NEGATION_CUES.values(), _ENGLISH_NT_WORDS,
                             *_NEGATION_AFTER.values())


def is_negation_after(lang: str, word: str) -> bool:
    """Whether a lowercase word negates the word before it (Turkish ``değil``).

    >>> is_negation_after("tr", "değil"), is_negation_after("tr", "degil")
    (True, True)
    """
    return word in _NEGATION_AFTER.get(lang, ())


def is_negation_cue(lang: str, word: str) -> bool:
    """Whether a lowercase word negates the word after it (``not``, ``didn't``, ``nicht``).

    >>> [is_negation_cue("en", w) for w in ("didn't", "didnt", "did", "never")]
    [True, True, False, True]
    """
    if word in _NEGATION_CUES[lang]:
        return True
    return lang == "en" and (word in _ENGLISH_NT_WORDS or bool(_ENGLISH_NT.match(word)))


def is_contracted_negation(word: str) -> bool:
    """Whether a lowercase word is an English verb contracted with ``not`` (``won't``,
    ``havent``): a negation cue and nothing more, whose verb is no word of the question.

    >>> [is_contracted_negation(w) for w in ("won't", "don’t", "havent", "not", "won")]
    [True, True, True, False, False]
    """
    return bool(_ENGLISH_NT.match(word)) or word in _ENGLISH_NT_WORDS


def is_negative_form(lang: str, word: str) -> bool:
    """Whether a lowercase word is itself negated: a Turkish negative verb form.

    >>> [is_negative_form("tr", w) for w in ("açmayan", "açan", "bitiremez", "açma", "açamazmı")]
    [True, False, True, False, True]
    >>> [is_negative_form("tr", w) for w in ("açamıyorum", "bitmiyo", "açmasam", "masada")]
    [True, True, True, False]
    >>> [is_negative_form("tr", w) for w in ("açmıycam", "bitirmicez", "açıcam", "atcaz")]
    [True, True, False, False]
    """
    return lang == "tr" and bool(_TURKISH_NEGATIVE.match(fold(word)))


class NegationFilter(Filter):  # type: ignore[misc]
    """Mark each token that is negated (``t.negated``): a negative form, the word after a
    negation cue, or the word before a cue that follows (Turkish ``değil``).
    :class:`NegatedStemFilter` then adds its negated stems."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        lang = self.lang
        pending = False
        held: Token | None = None  # the token before, kept until the next shows a değil
        for t in tokens:
            lower = turkish_lower(t.text) if lang == "tr" else plain_lower(t.text)
            after = is_negation_after(lang, lower)
            if held is not None:
                held.negated = held.negated or after
                yield held
            cue = is_negation_cue(lang, lower) or after
            t.negated = not cue and (pending or is_negative_form(lang, lower))
            pending = cue and not after
            held = t.copy() if lang in _NEGATION_AFTER else None
            if held is None:
                yield t
        if held is not None:
            yield held


class NegatedStemFilter(Filter):  # type: ignore[misc]
    """After each stem of a negated token, add the stem with :data:`NEGATION` before it."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            negated = getattr(t, "negated", False)
            yield t
            if negated:
                t.text = NEGATION + t.text
                yield t
                t.text = t.text[len(NEGATION):]


# --- filters -----------------------------------------------------------------------------------

def strip_apostrophe(word: str) -> str:
    """Drop an apostrophe and what follows it: ``okey'i`` → ``okey``, ``13'ten`` → ``13``.

    A number's suffix typed without the apostrophe goes too (``13ten``, ``101e``, ``13th``).

    >>> strip_apostrophe("okey'i"), strip_apostrophe("13ten"), strip_apostrophe("x4")
    ('okey', '13', 'x4')
    """
    word = _APOSTROPHES.split(word, 1)[0]
    match = _NUMBER_SUFFIX.match(word)
    return match.group(1) if match else word


_NUMBER_SUFFIX = re.compile(r"^(\d+)[^\W\d_]+$")


class ApostropheFilter(Filter):  # type: ignore[misc]
    """Drop an apostrophe and what follows it (see :func:`strip_apostrophe`)."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = strip_apostrophe(t.text)
            yield t


class TurkishLowercaseFilter(Filter):  # type: ignore[misc]
    """Lowercase with Turkish dotted and dotless i."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = turkish_lower(t.text)
            yield t


class PlainLowercaseFilter(Filter):  # type: ignore[misc]
    """Lowercase, dropping the stray combining dot of ``İ``."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = plain_lower(t.text)
            yield t


class FoldFilter(Filter):  # type: ignore[misc]
    """ASCII-fold each token (see :func:`fold`)."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = fold(t.text)
            yield t


class GermanNichtFilter(Filter):  # type: ignore[misc]
    """Read a German word made with ``nicht-`` as the rest, negated: ``Nichtauslegen`` is
    ``nicht auslegen`` (``Nichtbeachtung``, ``nichtangelegt`` alike)."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            if t.text.startswith("nicht") and len(t.text) >= 9:
                t.text, t.negated = t.text[5:], True
            yield t


class GermanSpellingFilter(Filter):  # type: ignore[misc]
    """``ä``→``ae``, ``ö``→``oe``, ``ü``→``ue``, ``ß``→``ss`` (see :func:`german_spelling`)."""

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = german_spelling(t.text)
            yield t


class StopWordFilter(Filter):  # type: ignore[misc]
    """Drop the stop words of one language, compared in folded form, and single letters."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        lang = self.lang
        for t in tokens:
            if not is_stop(lang, fold(t.text)):
                yield t


class SnowballFilter(Filter):  # type: ignore[misc]
    """Stem with Snowball (``english``/``german``), then fold (see :func:`snowball_stems`).

    Holds only the language name.
    """

    is_morph = True

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        lang = self.lang
        for t in tokens:
            word = t.text
            for stem in snowball_stems(lang, word):
                t.text = stem
                yield t
            if lang == "english":
                for base in english_negated(word):
                    t.text = NEGATION + fold(snowball(lang, base))
                    yield t


@lru_cache(maxsize=65536)
def snowball_stems(lang: str, word: str) -> tuple[str, ...]:
    """The index terms of one lowercase English or German word: Snowball stems, folded.

    Besides the word's own stem, the stems of its base forms (see :func:`german_bases` and
    :data:`ENGLISH_IRREGULAR`), so ``abgeworfen`` meets ``abwerfen`` and ``threw`` meets
    ``throw``; for German also each stem without a verb's ``-t`` (see
    :func:`german_verb_stem`, and that restemmed: ``dauert`` → ``dauer`` → ``dau``, as
    Snowball stems ``Dauer``).

    >>> snowball_stems("german", "abgeworfen"), snowball_stems("english", "took")
    (('abgeworf', 'abwerf'), ('took', 'take'))
    """
    if lang == "german":
        words = (word, *german_bases(word))
    else:
        irregular = ENGLISH_IRREGULAR.get(word)
        words = (word,) if irregular is None else (word, irregular)
    stems: dict[str, None] = {}
    for base in words:
        stem = fold(snowball(lang, base))
        stems[stem] = None
        if lang == "german":
            verb = german_verb_stem(stem)
            stems[verb] = None
            stems[fold(snowball(lang, verb))] = None
    return tuple(stems)


ENGLISH_IRREGULAR: dict[str, str] = {
    "threw": "throw", "thrown": "throw", "took": "take", "taken": "take", "laid": "lay",
    "drew": "draw", "drawn": "draw", "dealt": "deal", "won": "win", "began": "begin",
    "begun": "begin", "chose": "choose", "chosen": "choose", "held": "hold", "went": "go",
    "gone": "go", "gave": "give", "given": "give", "ran": "run", "kept": "keep",
    "lost": "lose", "made": "make", "brought": "bring", "broke": "break", "broken": "break",
    "shown": "show", "stuck": "stick", "sat": "sit", "told": "tell", "paid": "pay",
    "said": "say", "found": "find", "left": "leave", "stood": "stand", "meant": "mean",
    "became": "become", "fell": "fall", "fallen": "fall", "beaten": "beat", "wrote": "write",
    "written": "write", "led": "lead", "sent": "send", "swore": "swear", "forgot": "forget",
    "forgotten": "forget", "hid": "hide", "hidden": "hide", "caught": "catch",
}
"""English irregular verb forms and their base form, which Snowball leaves apart."""

ENGLISH_NEGATIVE: dict[str, str] = {
    "invalid": "valid", "illegal": "legal", "incorrect": "correct", "incomplete": "complete",
    "impossible": "possible", "unable": "able",
}
"""English words that are the negation of another and do not start with ``un``."""


def _able_bases(word: str) -> tuple[str, ...]:
    """The verbs an ``-able`` adjective is made of: ``usable`` → ``use`` (a guess at the
    dropped ``e`` beside the bare rest, which is too short here)."""
    if not word.endswith("able"):
        return ()
    rest = word[:-4]
    return tuple(base for base in (rest, rest + "e") if len(base) >= 3)


@lru_cache(maxsize=16384)
def english_negated(word: str) -> tuple[str, ...]:
    """What a negative English word negates: ``unusable`` → ``use``, ``unfinished`` →
    ``finished``, ``invalid`` → ``valid``. Its stems are indexed and queried negated
    (``¬use``), so ``a discard I can't use`` meets ``an unusable discard``.

    >>> english_negated("unusable"), english_negated("unopened"), english_negated("under")
    (('usable', 'use'), ('opened',), ())
    """
    if word in ENGLISH_NEGATIVE:
        return (ENGLISH_NEGATIVE[word],)
    if not word.startswith("un") or len(word) < 7:
        return ()
    rest = word[2:]
    return (rest, *_able_bases(rest))

_SEPARABLE = ("zurueck", "dazu", "nach", "raus", "rein", "weg", "auf", "aus", "ein", "mit",
              "vor", "hin", "ab", "an", "zu")
"""German separable verb prefixes (``ab-werfen``, ``zurück-nehmen``), umlauts spelled out."""
GERMAN_PARTICLES = frozenset(_SEPARABLE)
"""The prefixes a German verb leaves at the end of its clause (``wer fängt an``)."""
GERMAN_CLAUSE_WORDS = frozenset({
    "und", "oder", "aber", "wenn", "weil", "obwohl", "dass", "bevor", "nachdem", "ob", "als",
    "denn", "sondern", "falls", "sobald", "damit"})
"""Words that start a new German clause, so that a verb particle before them ends one."""
GERMAN_QUESTION_STARTS = _german_words("""
    darf darfst dürfen kann kannst können muss musst müssen soll sollen ist sind geht gilt
    zählt stimmt wer was wie warum wieso wann wo""")
"""Words a German question starts with after a told case (``… legt an meine Reihe an, darf man
das``): the comma is gone from the typed words, and a verb particle before one ends a clause.
Spelt as typed with or without umlauts (see :data:`STOP_WORDS`)."""
_PARTICIPLE = re.compile(
    rf"^({'|'.join(_SEPARABLE)})?ge([a-z]{{3,}}?)(et|t|en)(?:e|en|er|es|em)?$")
_ZU_INFINITIVE = re.compile(rf"^({'|'.join(_SEPARABLE)})zu([a-z]{{3,}}en)$")
_ABLAUT = {
    "worf": "werf", "nomm": "nehm", "zog": "zieh", "wonn": "winn", "gang": "geh",
    "stand": "steh", "brach": "brech", "troff": "treff", "sess": "sitz", "hob": "heb",
    "half": "helf", "schrieb": "schreib", "blieb": "bleib", "stieg": "steig",
}
"""The participle stem of a strong German verb and its present stem (``ge-worf-en``)."""
_STRONG_SAME = frozenset({"geb", "fang", "halt", "lass", "trag", "schlag", "fall", "les",
                          "komm"})
"""Strong verbs whose participle keeps the present stem (``ge-geb-en``, ``an-ge-fang-en``).
Another word of the shape ``ge…en`` is no participle: ``gewinnen``, ``gelten``."""
GERMAN_STRONG: dict[str, str] = {
    "wirft": "werfen", "warf": "werfen", "nimmt": "nehmen", "nahm": "nehmen",
    "zieht": "ziehen", "zog": "ziehen", "gewann": "gewinnen", "gewonnen": "gewinnen",
    "begann": "beginnen", "begonnen": "beginnen", "faengt": "fangen", "fing": "fangen",
    "haelt": "halten", "hielt": "halten", "laesst": "lassen", "liess": "lassen",
}
"""German strong verb forms whose stem Snowball does not bring to the infinitive's."""


@lru_cache(maxsize=65536)
def german_bases(word: str) -> tuple[str, ...]:
    """Base forms of a lowercase German word (umlauts spelled out) that Snowball misses.

    A participle's infinitive (``abgeworfen`` → ``abwerfen``, ``ausgelegt`` → ``auslegen``),
    a ``zu`` infinitive's (``abzuwerfen`` → ``abwerfen``), a strong verb form's
    (``nimmt`` → ``nehmen``, ``abwirft`` → ``abwerfen``), a word negated with ``un-``
    without it (``ungültig`` → ``gültig``): players ask whether a thing is ``gültig`` when
    the rule says it is not; and a spoken prefix written out (``rausgelegt`` → ``ausgelegt``).

    >>> german_bases("abgeworfen"), german_bases("angelegten"), german_bases("ungueltige")
    (('abwerfen',), ('anlegen',), ('gueltige',))
    >>> german_bases("genommen"), german_bases("auszulegen"), german_bases("gewinnen")
    (('nehmen',), ('auslegen',), ())
    >>> german_bases("rausgelegt"), german_bases("reinlegen")
    (('rauslegen', 'ausgelegt', 'auslegen'), ('einlegen',))
    >>> german_bases("abwirft"), german_bases("zurueckgenommen"), german_bases("anfaengt")
    (('abwerfen',), ('zuruecknehmen',), ('anfangen',))
    """
    bases: list[str] = []
    strong = GERMAN_STRONG.get(word)
    if strong is None:  # a separable verb's strong form (``abwirft``, ``zurücknimmt``)
        prefix = next((p for p in _SEPARABLE if word.startswith(p)), "")
        strong = prefix + GERMAN_STRONG[word[len(prefix):]] \
            if prefix and word[len(prefix):] in GERMAN_STRONG else None
    if strong is not None:
        bases.append(strong)
    match = _PARTICIPLE.match(word)
    if match is not None:
        prefix, core, ending = match.group(1) or "", match.group(2), match.group(3)
        if ending != "en" or core in _ABLAUT or core in _STRONG_SAME:
            bases.append(prefix + _ABLAUT.get(core, core) + "en")
    match = _ZU_INFINITIVE.match(word)
    if match is not None:
        bases.append(match.group(1) + match.group(2))
    if word.startswith("un") and not word.startswith("unter") and len(word) >= 7:
        bases.append(word[2:])
    for base in (word, *bases):
        short = _COLLOQUIAL.match(base)
        if short is not None and len(base) >= 7:
            bases.append(short.group(1) + base[short.end():])
    return tuple(dict.fromkeys(b for b in bases if b != word))


def german_infinitive(word: str) -> tuple[str, ...]:
    """The infinitive of a German participle that is surely one, with a separable prefix
    (``ausgelegt``, ``rausgekommen``), for the synonym groups, which list verbs so.
    ``gesamt`` and ``gewinnt`` have a participle's shape and are none; ``genommen`` is left
    too: ``Abwurf genommen`` is then no ``Abwurf nehmen``, the title of the rule on taking
    it, which outweighed the penalty a question on the discard taken and not laid asks for.

    >>> german_infinitive("hingelegt"), german_infinitive("gesamt")
    (('hinlegen',), ())
    """
    match = _PARTICIPLE.match(word)
    if match is None or not match.group(1):
        return ()
    return german_bases(word)


_COLLOQUIAL = re.compile(r"^r(aus|ein|auf|an|ueber|unter)")
"""The spoken prefixes ``raus-``, ``rein-``... (``heraus-``): ``rausgelegt`` is ``ausgelegt``."""


@lru_cache(maxsize=65536)
def german_verb_stem(stem: str) -> str:
    """A German Snowball stem without the ``-t``/``-et`` of a verb form Snowball keeps.

    Snowball leaves ``verteilt``, ``gewinnt`` and ``beendet`` alone, so they never meet
    ``verteilen``, ``Gewinner`` or ``beenden``; this second stem, indexed beside the first,
    lets them. Short stems are left as they are.

    >>> german_verb_stem("verteilt"), german_verb_stem("gewinnt"), german_verb_stem("beendet")
    ('verteil', 'gewinn', 'beend')
    >>> german_verb_stem("punkt"), german_verb_stem("stein")
    ('punkt', 'stein')
    """
    if len(stem) >= 6 and stem.endswith(("det", "tet")):
        return stem[:-2]
    if len(stem) >= 6 and stem.endswith("t") and stem[-2] in "aeioulrnhg":
        return stem[:-1]
    return stem


class TurkishStemFilter(Filter):  # type: ignore[misc]
    """Emit up to four stems per Turkish word, at the same position.

    The Snowball stem (of the word with its Turkish letters, then folded), a light stem of the
    folded word (or two), and the folded word's first five letters. Snowball alone is
    inconsistent (``ıstaka``→``ıstak`` but ``ıstakalar``→``ıstaka``; ``taşı``→``taş`` but
    ``tasi``→``tasi``), and suffix rules cannot make ``belirleme`` and ``belirlenir`` agree;
    the light stem and the prefix (the "F5" stemmer of Turkish retrieval) catch what it misses.
    """

    is_morph = True

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        for t in tokens:
            for stem in turkish_stems(t.text):
                t.text = stem
                yield t


@lru_cache(maxsize=65536)
def turkish_stems(word: str) -> tuple[str, ...]:
    """The index terms of one Turkish-lowercased word (see :class:`TurkishStemFilter`).

    >>> turkish_stems("belirleme"), turkish_stems("belirlenir")
    (('belirle', 'bel', 'belir'), ('belirlenir', 'belirl', 'belirle', 'bel', 'belir'))
    >>> turkish_stems("alinirmi")
    ('alinirmi', 'alinirm', 'alini', 'alinir', 'al')
    """
    folded = fold(word)
    stems = [fold(snowball("turkish", word)), *turkish_light_stems(folded)]
    passive = _PASSIVE_N.match(folded)
    if passive is not None:  # işle-n-ir meets işle-mek, on the stems of işle
        stems.extend((passive.group(1), *turkish_light_stems(passive.group(1))))
    if len(folded) >= TURKISH_ROOT and folded.isalpha():
        stems.append(folded[:TURKISH_ROOT])
    asked = _JOINED_QUESTION.match(folded)
    if asked is not None:
        stems.extend(turkish_stems(asked.group(1)))
    return tuple(dict.fromkeys(stems))


_PASSIVE_N = re.compile(r"^([a-z]+l[ae])n(?:ir|ur|ebil|abil|mez|maz|mi[sz]|mu[sz]|di|du|ecek|acak"
                        r"|en|an|me|ma)")
"""A folded verb in the passive of a root made with -le/-la (``işle-n-ir``,
``ekle-n-ebilir``, ``başla-n-ır``): its root, whose stems the active forms (``işlemek``)
have. Only that kind of root: any vowel before the ``n`` would read ``kazanır`` (wins) as
``kaza`` (an accident)."""


_JOINED_QUESTION = re.compile(r"(\w{2,}(?:r|z|k|m|yo))m[iu](?:yim|yum|sin|sun|yiz|yuz|dir|dur)?$")
"""A verb or ``var``/``yok`` with the question particle typed onto it (``alinirmi``,
``olurmu``, ``varmi``, ``alabilirmiyim``, ``gerekiyomu``): the word also holds the stems of
the word without it. Only after r, z, k, m or the spoken -yo, where the particle stands in
questions, not a noun's ending (``sistemi``, ``durumu``)."""


TURKISH_ROOT = 5
"""How many letters of a Turkish word stand for its root, as a last resort."""


class DecompoundFilter(Filter):  # type: ignore[misc]
    """Keep each German word and add its parts when it is a compound of the domain words."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        self.words = frozenset(german_spelling(plain_lower(w)) for w in words)

    def __call__(self, tokens: Iterable[Token]) -> Iterator[Token]:
        words = self.words
        for t in tokens:
            parts = _split_cached(t.text, words) if words else ()
            yield t
            for part in parts:
                t.text = part
                yield t


@lru_cache(maxsize=65536)
def _split_cached(word: str, words: frozenset[str]) -> tuple[str, ...]:
    return split_compound(word, words)


# --- analyzers ----------------------------------------------------------------------------------

def analyzer(lang: str, compounds: Iterable[str] = ()) -> Analyzer:
    """The stemming analyzer of the rule text in ``lang``; ``compounds`` is German's word list."""
    tokens = RegexTokenizer(TOKEN_PATTERN) | NegationFilter(lang) | ApostropheFilter()
    if lang == "tr":
        return (tokens | TurkishLowercaseFilter() | StopWordFilter("tr") | TurkishStemFilter()
                | NegatedStemFilter())
    if lang == "de":
        return (tokens | PlainLowercaseFilter() | GermanSpellingFilter() | GermanNichtFilter()
                | StopWordFilter("de")
                | DecompoundFilter(compounds) | SnowballFilter("german") | NegatedStemFilter())
    if lang == "en":
        return (tokens | PlainLowercaseFilter() | FoldFilter() | StopWordFilter("en")
                | SnowballFilter("english") | NegatedStemFilter())
    raise ValueError(f"unknown language {lang!r}")


def word_analyzer(lang: str) -> Analyzer:
    """Folded, unstemmed words of ``lang``: what fuzzy matching and suggestions compare."""
    lower = TurkishLowercaseFilter() if lang == "tr" else PlainLowercaseFilter()
    return (RegexTokenizer(TOKEN_PATTERN) | ApostropheFilter() | lower | FoldFilter()
            | StopWordFilter(lang))


def prefix_analyzer(lang: str) -> Analyzer:
    """The prefixes (3 to 15 letters) of the folded, unstemmed words of ``lang``.

    Queried with a folded word or stem, it finds the words that start with it: ``gosterge``
    finds ``göstergeyi``, ``ista`` finds ``ıstakalar``.
    """
    return word_analyzer(lang) | NgramFilter(PREFIX_MIN, PREFIX_MAX, at="start")


def query_lower(lang: str, word: str) -> tuple[str, ...]:
    """The lowercase readings of a typed word: for Turkish both the Turkish and the plain one.

    A player typing ``ISTAKA`` on a non-Turkish keyboard means ``istaka``; Turkish casing reads
    ``ıstaka``. Both are tried.

    >>> query_lower("tr", "ISTAKA"), query_lower("en", "Tiles")
    (('ıstaka', 'istaka'), ('tiles',))
    """
    plain = plain_lower(word)
    if lang != "tr":
        return (plain,)
    turkish = turkish_lower(word)
    return (turkish,) if turkish == plain else (turkish, plain)
