"""A round's end told in a search question: read (each phrase of web/score_questions.yaml),
ruled on by the score check in both variants, and its rules put first."""

from __future__ import annotations

import pytest

from tests.phrase_rows import check_written, each_phrase
from web.question_leads import referee_lead
from web.score_questions import PHRASES_FILE, Situation, read_situation, score_lead, told




@each_phrase(PHRASES_FILE)
def test_every_phrase_is_read_as_what_it_tells(facet: str, lang: str, phrase: str) -> None:
    """Inside a question, in any case and with the last word going on."""
    check_written(lang, phrase)
    assert facet in told(f"Ben... {phrase.upper()}XY, na?")


def test_a_phrase_starts_a_word() -> None:
    """``risk`` is not in ``asterisk``, ``bitti`` not in ``abitti``."""
    assert told("asterisk abitti") == frozenset()


@pytest.mark.parametrize(("query", "situation"), [
    ("burak okeyle bitti, ben açmıştım, kaç yazılır", Situation("okey")),
    ("OKEY ATARAK BİTİRDİ elimde 20 var", Situation("okey")),
    ("çift açmıştım başkası bitti 15 mi yazılır", Situation("normal", "pairs")),
    ("çift açan elini bitirirse", Situation("pairs")),
    ("ciftle acip bitiremeyen kac yazar", Situation("normal", "pairs")),
    ("elden bitti ama son taşı okeydi", Situation("elden")),
    ("risk elinde hiç açmayan biri bitti", Situation("normal", "never", risk_round=True)),
    ("mit dem Joker fertig geworden, was kriegen die anderen", Situation("okey")),
    # the finish in German verb-second order, a name between the verb and the joker
    ("dann beendet Aylin mit Okey, was bekommen die anderen", Situation("okey")),
    # the okey of the indicator named, thrown to finish: a joker finish told by its tiles
    ("Gösterge mavi 10. Emre son taş olarak mavi 11'i atıp bitti, ben açmıştım, bana kaç "
     "yazılır", Situation("okey")),
    ("Anzeiger war schwarz 3. Kai hat als letzten Stein die schwarze 4 abgeworfen. Ich hatte "
     "ausgelegt, wie viel bekomme ich", Situation("okey")),
    ("indicator red 4, Sam went out throwing red 5, I had opened, what do I score",
     Situation("okey")),
    # a pairs player asking what is written, no finish told: the round ended on someone
    # else's finish (505), not on the pairs player's
    ("çift açtım, kaç yazılır", Situation("normal", "pairs")),
    ("I opened with pairs, what do I score", Situation("normal", "pairs")),
    # a pairs player, then another player named as the one who finished (505)
    ("Ahmet çift açtı, Mehmet bitirdi, Ahmet'te 15 kaldı, kaç yazılır",
     Situation("normal", "pairs")),
    ("Sara opened with pairs, Tom went out, she holds 15, what does she get",
     Situation("normal", "pairs")),
    # a pairs player beside an ordinary finish: someone else finished (505)
    ("Ben 6 çift açtım, sonra Sinan normal bitti, elimde 15 kaldı, bana kaç yazılır",
     Situation("normal", "pairs")),
    ("I opened with 5 pairs, then Sinan finished normally, is it 15 or 30 for me",
     Situation("normal", "pairs")),
    ("Ich habe mit Paaren ausgelegt, dann wird Selin normal fertig, kriege ich 15 oder 30",
     Situation("normal", "pairs")),
    # a pairs player who discarded the last tile to end the round: a pair finish (603)
    ("Emre opened with pairs and discarded the final one to end the round, how much is "
     "written for us", Situation("pairs")),
    # a pair finish, its last tile the joker: a pair finish (603), the okey's doubling on it
    # (602, 612)
    ("pair finish with joker as last tile, x4?", Situation("pairs", okey_last=True)),
    ("Fertig mit Paaren und den Joker als letzten Stein abgeworfen, also mal 4?",
     Situation("pairs", okey_last=True)),
    # ... told of the pairs player, with nobody else said to finish
    ("cift acan okeyle biterse kac yazilir", Situation("pairs", okey_last=True)),
    ("if the pairs player finishes with the okey what do we write",
     Situation("pairs", okey_last=True)),
    ("Paarspieler beendet mit dem Okey, mal 4?", Situation("pairs", okey_last=True)),
    # ... but someone else finishing so beats the pairs player (505, 602)
    ("çift açmıştım, biri okeyle bitti", Situation("okey", "pairs")),
    ("I went for pairs and someone finished with the joker", Situation("okey", "pairs")),
    ("ich hab auf Paare gespielt, einer ist mit dem Joker fertig", Situation("okey", "pairs")),
    # elden told as something one did, its last tile the okey: still elden (604)
    ("Yusuf did elden again but this time his last tile was the okey, scores?",
     Situation("elden")),
    ("Mehmet hat elden gemacht, was kriegen wir", Situation("elden")),
    # nobody finished: the deck ran out (605)
    ("Nobody finished, Emre drew the very last tile of the deck. I had opened and hold 16, "
     "what do I score", Situation("deck_out")),
    ("keiner ist fertig geworden, ich hatte ausgelegt und hab noch 14, was schreib ich",
     Situation("deck_out")),
    ("kimse bitiremedi, ben açmıştım elimde 20 kaldı, kaç yazılır", Situation("deck_out")),
    # the okey left in hand, told of a player who never opened, with no finish told: known
    # only at a round's end (706)
    ("bizde elde kalan okey 101 sayılıyor, hiç açmayana 202 mi 303 mü yazılır",
     Situation("normal", "never", penalties=("okey_in_hand",))),
    ("never opened and had a joker left, 303 points?",
     Situation("normal", "never", penalties=("okey_in_hand",))),
    # ... the okey named as left in a hand is the okey left in hand (706)
    ("gösterge mavi 10, Emre bitti, ben açmıştım, elimde mavi 11 kaldı, kaç yazılır",
     Situation("normal", penalties=("okey_in_hand",))),
    ("indicator red 4, Sam went out, I had opened and still have red 5 and blue 9, what do I "
     "score", Situation("normal", penalties=("okey_in_hand",))),
    ("Burcu bitti. Ben açmıştım ama elimde iki okey ve bir kırmızı 2 kaldı, bana kaç yazılır",
     Situation("normal", penalties=("okey_in_hand",))),
    ("Paarspieler und der Stapel ist leer, zahlt er doppelt", Situation("deck_out", "pairs")),
    ("wer nie ausgelegt hat, wenn einer mit Paaren fertig wird", Situation("pairs", "never")),
    ("finished with the fake joker, does it double", Situation("normal", fake_joker=True)),
    ("someone went out in one go, what do we score", Situation("elden")),
    ("risk round, I never opened and he finished", Situation("normal", "never", True)),
    # a finish said not to be with the joker is an ordinary one
    ("OKEYİ ATMADAN BİTİRMEK", Situation("normal")),
    ("finished without discarding the joker last", Situation("normal")),
    ("beenden ohne den Joker abzuwerfen", Situation("normal")),
    # asked what is written, with how the player opened or a penalty: an ordinary finish
    ("risk elinde hiç açmayan kaç yazar", Situation("normal", "never", True)),
    ("yanlış açtım 101 ceza yedim, sonra hiç açamadım, 202 mi yazılır",
     Situation("normal", "never", penalties=("opening_short",))),
    ("Joker noch auf der Hand und nie ausgelegt, wie viele Punkte",
     Situation("normal", "never", penalties=("okey_in_hand",))),
    ("nie ausgelegt und Okey noch im Brett, 303?",
     Situation("normal", "never", penalties=("okey_in_hand",))),
    ("Runde vorbei und der Joker liegt noch bei mir",
     Situation("normal", penalties=("okey_in_hand",))),
    # the 101 penalties asked about beside a doubling: whether it takes them too (612)
    ("do the 101 penalites double on a joker finish",
     Situation("okey", penalties=("opening_short",))),
    ("risk elinde biri bitti, hiç açmayana 101 cezası da katlanır mı",
     Situation("normal", "never", True, penalties=("opening_short",))),
    # a player who had opened, asked what is written or said not to finish: an ordinary
    # round told, with its hand left over (601)
    ("biri bitti ben açmıştım elimde siyah 13 mavi 13 kırmızı 1 var kaç yazıcam",
     Situation("normal")),
    ("el açan oyuncu bitiremezse elindekiler sayılır mı", Situation("normal")),
    ("wer ausgelegt hat aber nicht fertig wurde", Situation("normal")),
    ("my brother finished and I had opened, what do I write", Situation("normal")),
    ("if I opened but someone else finished, what gets written for me?", Situation("normal")),
    ("ich hatte ausgelegt, jemand anders ist fertig, was wird mir geschrieben",
     Situation("normal")),
    ("opened with pairs, someone else won, my score?", Situation("normal", "pairs")),
    ("auf Paare gespielt, ein andrer wurde fertig, was zahle ich", Situation("normal", "pairs")),
    ("the pairs guy never went out, does he pay double", Situation("normal", "pairs")),
    ("if you go for pairs and someone else goes out do you pay double",
     Situation("normal", "pairs")),
    ("Paarspieler nich fertig, 15 auf der Hand, zählt das 30?", Situation("normal", "pairs")),
    ("mit dem Smiley rausgehen, verdoppelt das", Situation("normal", fake_joker=True)),
    ("Jokerabwurf zum Schluss, wie viele Minuspunkte", Situation("okey")),
    # all laid down at once: elden, when a finish or nobody else's opening is told beside it
    ("alles in einem zug rauslegen bevor ein anderer ausgelegt hat", Situation("elden")),
    ("kimse açmadan tek seferde açtım", Situation("elden")),
    ("Oma hatte auf Paare gespielt, ich bin normal fertig geworden, was schreibt sie",
     Situation("normal", "pairs")),
    ("Runde vorbei, ich hatte noch den Joker auf dem Brett, wie viele Punkte",
     Situation("normal", penalties=("okey_in_hand",))),
    # a pairs player, but (ama, aber, but) another, told by name, finished: 505
    ("çifte gittim ama Selin bitirdi, iki kat mı yazılır", Situation("normal", "pairs")),
    ("ich hab mit Paaren ausgelegt, aber Jonas ist fertig geworden", Situation("normal", "pairs")),
    ("I opened with pairs but Priya went out, do I pay double", Situation("normal", "pairs")),
    # ... and not when the contrast comes before the pairs player: the finisher is the one
    ("I had opened but the guy who went out had opened with pairs", Situation("pairs")),
])
def test_a_question_tells_how_the_round_ended(query: str, situation: Situation) -> None:
    assert read_situation(query) == situation


@pytest.mark.parametrize("query", [
    "okey nedir", "how do I open", "wie viele Steine bekommt der Geber", "çift açma",
    "risk", "is the pairs player allowed to lay off", "fertig", "x" * 5000,
    # asked what is written with nothing of how the player opened: no round is told
    "went out on a tile that fit a run, do i still get my -101", "kaç puan",
    # a player who opened, with nothing of a round's end or of what is written
    "el açan oyuncu işleyebilir mi", "ben açmıştım, sonra ne yapayım",
    # laid down at once, with no finish told: a question about opening
    "muss alles in einem Zug ausgelegt werden", "can i lay down everything in one turn",
])
def test_a_question_that_tells_no_round_end_brings_no_ruling(query: str) -> None:
    assert read_situation(query) is None
    assert score_lead(query) == ()


@pytest.mark.parametrize(("query", "lead"), [
    ("okeyle bitti kaç yazılır", (("101", ("602",)), ("plain", ("608",)))),
    ("çift açtım başkası bitti", (("101", ("505",)), ("plain", ("609",)))),
    ("elden bitti", (("101", ("604",)),)),
    ("finished with the fake joker", (("101", ("803",)), ("plain", ("609",)))),
    ("risk round, I never opened and he finished", (("101", ("611",)), ("plain", ("609",)))),
    ("biri bitti, hiç açmadım", (("101", ("601",)), ("plain", ("609",)))),
    ("yanlış açtım, sonra hiç açamadım, kaç yazılır", (("101", ("701",)), ("plain", ("609",)))),
    # the pairs player told by name, with the tiles left: someone else went out (505)
    ("Emre opened with pairs, then Deniz went out while Emre still had black 9 and yellow 4",
     (("101", ("505",)), ("plain", ("609",)))),
    ("Emre hat mit Paaren ausgelegt, dann ist Deniz rausgegangen, Emre hatte noch schwarz 9",
     (("101", ("505",)), ("plain", ("609",)))),
    ("ich hab auf paare gespielt, jemand anders ist raus",
     (("101", ("505",)), ("plain", ("609",)))),
    # the fake joker turned up as the indicator makes the risk round; no finish with it
    ("gösterge sahte okey çıkan elde okeyle bitti, kaç yazılır",
     (("101", ("602", "611", "612")), ("plain", ("608",)))),
    # the risk round told as the doubled round it is
    ("went out throwing the joker in a doubled round, is it x4",
     (("101", ("611",)), ("plain", ("609",)))),
    # the okey still in hand, with a word between (hala: still)
    ("el bitti okey hala istakamdaydı, kaç yazılır", (("101", ("706",)), ("plain", ("609",)))),
    # every player opened with pairs: the round is cancelled, a 101 Okey rule (503)
    ("bu el dördümüz de çifte açtık, puan yazılır mı", (("101", ("503",)),)),
    ("we all went for pairs this round, what now", (("101", ("503",)),)),
    ("alle vier haben auf Paare gespielt, was wird geschrieben", (("101", ("503",)),)),
    # plural pairs (çiftlerle), and a pairs player but (ama) another finished
    ("Can çiftlerle bitti, Deniz açmıştı, kaç yazıyoruz", (("101", ("603",)), ("plain", ("504",)))),
    ("Selin çifte açmıştı ama Kerem bitti, Selin'in elinde 15 kaldı",
     (("101", ("505",)), ("plain", ("609",)))),
])
def test_the_score_ruling_cites_the_rules_of_the_case(query: str, lead: object) -> None:
    """The engine rules on the round the question tells, in each variant that has it (plain
    Okey has no finish elden): the rules it cites beyond those of an ordinary round (601)
    are what the search puts first, or all it cites if there are none beyond."""
    assert score_lead(query) == lead



def test_a_story_that_names_tiles_brings_the_score_ruling() -> None:
    """Tiles named in a story of a round's end are a hand left over, not a meld to rule on:
    the round's end is what the question asks about. Named alone, they bring the meld
    ruling."""
    story = "biri bitti ben açmıştım elimde siyah 13 mavi 13 kırmızı 1 var kaç yazılır"
    assert referee_lead(story) == score_lead("biri bitti ben açmıştım, kaç yazılır")
    assert referee_lead("okeyle bitti R7 R8 R9 per mi") == score_lead("okeyle bitti")
    assert referee_lead("R7 R8 R9 per mi") == (("101", ("402", "408")), ("plain", ("402",)))
