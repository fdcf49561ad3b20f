"""A round's end told in a question, and the referee's score ruling on it: the search puts
the rules that ruling rests on first, as it does a meld ruling's for tiles.

Players ask about scores by telling what happened: ``burak okeyle bitti, ben açmıştım, kaç
yazılır`` is a finish with the okey (602), ``çift açmıştım, başkası bitti`` a pairs player who
did not finish (505). The phrases that tell it are data (``score_questions.yaml``).

>>> read_situation("burak okeyle bitti, ben açmıştım, kaç yazılır").finish
'okey'
>>> end = read_situation("çift açmıştım başkası bitti elimde 15 kaldı")
>>> end.finish, end.asked
('normal', 'pairs')
>>> end = read_situation("çift açan okeyle biterse kaç yazılır")
>>> end.finish, end.okey_last
('pairs', True)
>>> read_situation("is the okey wild") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from referee.options import Rules
from rules_data.search import Lead
from web import phrases
from web.discard_questions import okey_thrown
from web.question_rulings import Rulings, beyond, kept_per_query, lead_of, rule_on
from web.tile_questions import known_words, okey_near

PHRASES_FILE = Path(__file__).with_name("score_questions.yaml")

Asked = Literal["melds", "pairs", "never"]
"""How the player a question is about opened: with melds, with pairs, or not at all."""


@dataclass(frozen=True)
class Situation:
    """What a question tells of a round's end: how it ended (as the score check names a
    finish), how the player asked about opened, a risk round, and whether the joker of a
    joker finish is the fake one."""

    finish: str
    asked: Asked = "melds"
    risk_round: bool = False
    fake_joker: bool = False
    penalties: tuple[str, ...] = ()
    """The penalties of the player asked about, as a score request names them."""
    okey_last: bool = False
    """A finish with pairs whose last discard was the okey: its doubling stacks (612)."""


def told(query: str) -> frozenset[str]:
    """The facets of ``score_questions.yaml`` a question holds a phrase of.

    >>> sorted(told("Burak OKEYLE bitti, ben açmıştım"))
    ['finished', 'okey_finish', 'opened']
    """
    return phrases.told(query, phrases.facets(PHRASES_FILE))


_PENALTIES = frozenset({"opening_short", "okey_in_hand"})
"""The penalties a question may tell, named as a score request names them."""

_CONTRAST = frozenset({"ama", "fakat", "ancak", "aber", "jedoch", "but", "however"})
"""Words that set one player's lot against another's: a pairs player's story that says ``ama
Ayşe bitirdi``, ``aber Dilara ist fertig``, ``but Dilara finished`` tells that someone else
finished (505). Whole words: ``but`` begins ``bütün`` (all) folded."""

_FINISHES = {"all_pairs": "cancelled", "deck_out": "deck_out", "elden": "elden",
             "pairs_finish": "pairs", "okey_finish": "okey"}
"""The ways a round ends that a question may tell, the one that decides first, each with
the finish the score check names."""


@kept_per_query(None)
def read_situation(query: str) -> Situation | None:
    """The round's end a question tells, if it tells one: a finish of a kind (with the
    okey, with pairs, elden, the deck run out), or a finish beside how the player asked about
    opened or a risk round. A pairs player who finishes, with nobody else said to, is a
    finish with pairs, with the okey's doubling where the okey was the last tile (``çift
    açan okeyle biterse``)."""
    facets = told(query)
    if "fake_indicator" in facets:  # the risk round; the fake joker was turned up, not thrown
        facets = facets - {"fake_indicator", "fake_joker"} | {"risk_round"}
    if "at_once" in facets and facets & {"finished", "nobody_opened"}:
        facets |= {"elden"}  # all laid down at once, as a finish or before anyone opened
    if "not_okey_finish" in facets:  # without discarding the joker: an ordinary finish
        facets = facets - {"okey_finish"} | {"finished"}
    kind = next((facet for facet in _FINISHES if facet in facets), None)
    if kind is None and "finished" in facets and okey_thrown(query):
        kind = "okey_finish"  # the okey of the indicator named, thrown to finish
    if kind is None and facets >= {"fake_joker", "finished"}:
        kind = "okey_finish"  # with the fake joker: no joker finish, as the ruling says (803)
    # the okey left in a hand is known only at a round's end
    finished = bool(facets & {"finished", "not_finished", "asks_score", "okey_in_hand"}) \
        or kind is not None
    if "held" in facets and kind != "okey_finish" and okey_held(query):
        facets |= {"okey_in_hand"}
    penalties = tuple(sorted(facets & _PENALTIES))
    if not penalties and "flat_penalty" in facets and (
            kind in ("okey_finish", "pairs_finish") or "risk_round" in facets):
        penalties = ("opening_short",)  # whether a doubling takes the 101 penalties too (612)
    told_player = facets & {"pairs_player", "never_opened", "risk_round", "not_okey_finish"} \
        or "opened" in facets and facets & {"asks_score", "not_finished"}
    if kind is None and not (finished and (penalties or told_player)):
        return None
    asked: Asked = "never" if "never_opened" in facets else "melds"
    if facets >= {"pairs_player", "finished"} and (_but_another_finished(query)
                                                   or "normal_finish" in facets):
        facets |= {"someone_else"}  # a pairs player finishes with pairs, not normally
    alone = not facets & {"someone_else", "not_finished"}  # nobody else said to finish
    okey_last = kind == "pairs_finish" and "okey_finish" in facets
    if "pairs_player" in facets:
        if kind is None and "finished" in facets and alone:
            kind = "pairs_finish"  # the pairs player finished
        elif kind == "okey_finish" and alone and "fake_joker" not in facets:
            kind, okey_last = "pairs_finish", True  # ... by discarding the okey
        else:
            asked = "pairs"
    finish = "normal" if kind is None else _FINISHES[kind]
    fake = "fake_joker" in facets and finish == "okey"
    return Situation("normal" if fake else finish, asked, "risk_round" in facets, fake, penalties,
                     okey_last)


_ROUND_ENDS = frozenset({"finished", "not_finished", *_FINISHES})
"""The facets that tell a round's end as such, not merely ask what is written."""


def tells_round_end(query: str) -> bool:
    """Whether a question tells how a round ended (``okeyle bitti``, ``deck ran out``), not
    only asks what is written for a case (``ceza yazılır mı``).

    >>> tells_round_end("burak okeyle bitti"), tells_round_end("okeyi attı, ceza yazılır mı")
    (True, False)
    """
    return not told(query).isdisjoint(_ROUND_ENDS)


def okey_held(query: str) -> bool:
    """Whether a question names the okey of the indicator it names as left in a hand
    (``gösterge mavi 10 … elimde mavi 11 kaldı``): the okey left in hand (706).

    >>> okey_held("gösterge mavi 10, Emre bitti, elimde mavi 11 kaldı")
    True
    >>> okey_held("gösterge mavi 10, Emre mavi 11 ile bitirdi, ben açmıştım, elimde 15 kaldı")
    False
    """
    return okey_near(query, phrases.facets(PHRASES_FILE)["held"], 3)


def _but_another_finished(query: str) -> bool:
    """Whether a question tells a pairs player, then a contrast word or another player's
    name, then a finish: ``çifte gittim ama Ayşe bitirdi``, ``Ahmet çift açtı, Mehmet
    bitirdi`` (505). A contrast before the pairs player (``but the guy who went out had
    opened with pairs``) says nothing of who finished.

    >>> _but_another_finished("çifte gittim ama Ayşe bitirdi")
    True
    >>> _but_another_finished("Sara opened with pairs, Tom went out, what does she get")
    True
    >>> _but_another_finished("I had opened, but the one who went out opened with pairs")
    False
    >>> _but_another_finished("Ich habe mit Paaren ausgelegt und bin mit dem letzten Stein fertig")
    False
    """
    text = f" {phrases.fold(query)} "
    searches = phrases.facets(PHRASES_FILE)
    pairs = searches["pairs_player"].search(text)
    if pairs is None:
        return False
    finish = searches["finished"].search(text, pairs.end())
    between = text[pairs.end():finish.start()].split() if finish is not None else []
    return not (_CONTRAST | _names(query)).isdisjoint(between)


def _names(query: str) -> frozenset[str]:
    """The names a question holds, folded: capitalised words past its first, of two letters
    or more, that neither the rule book nor a language list knows (``Tom``, ``Mehmet``; not
    ``I``, nor German nouns such as ``Stein``)."""
    words = _WORDS.findall(query)
    return frozenset(folded for word in words[1:] if len(word) >= 2 and word[0].isupper()
                     and (folded := phrases.fold(word)) not in known_words())


_WORDS = re.compile(r"[^\W\d_]+")
"""A question's words of letters, as typed: names are told by their capital."""


def score_body(situation: Situation, variant: str) -> dict[str, Any]:
    """A score request for the situation in one variant: in 101 Okey four players, the
    winner first (none when the deck ran out), the player asked about second and two who
    opened with melds; plain Okey scores by standings."""
    body: dict[str, Any] = {"variant": variant, "finish": situation.finish}
    if situation.fake_joker:  # the fake joker last: no joker finish (803)
        body.update(indicator="R5", last_discard="F")
    if situation.okey_last:  # a finish with pairs by discarding the okey: x4 (612)
        body.update(okey_discard=True)
    if situation.finish == "cancelled":  # every player opened with pairs: nobody finishes
        return {**body, "winner": None, "players": [{"opened": "pairs"}] * 4}
    if variant == "plain":
        return {**body, "winner": 0 if situation.finish != "deck_out" else None,
                "standings": [0, 0, 0, 0]}
    opened = {"melds": "melds", "pairs": "pairs", "never": None}[situation.asked]
    if situation.finish == "elden":  # nobody else opened (604)
        others: list[dict[str, Any]] = [{"opened": None}] * 3
    else:
        others = [{"opened": opened, "remaining_value": 10 if opened else None,
                   "penalties": list(situation.penalties)},
                  *[{"opened": "melds", "remaining_value": 5}] * 2]
    if situation.finish == "deck_out":
        winner = None
        first: dict[str, Any] = {"opened": "melds", "remaining_value": 5}
    else:
        winner = 0
        first = {"opened": "pairs" if situation.finish == "pairs" else "melds"}
    return {**body, "winner": winner, "players": [first, *others],
            "risk_round": situation.risk_round or None}


def score_checks(situation: Situation, table: Rules | None) -> Rulings:
    """The score check on the situation in each variant, under ``table``'s house rules where
    the table plays that variant: the ruling and its rules, or the error that stops it (a
    finish elden has no plain Okey)."""
    return rule_on("score", ((variant, score_body(situation, variant))
                             for variant in ("101", "plain")), table)


ORDINARY = Situation("normal")
"""A round one player finished as most are: what a told round's end differs from."""


def score_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules the referee's score ruling rests on, per variant, when the question tells a
    round's end (see :func:`read_situation`); none otherwise. Those it shares with the
    ruling on an ordinary round (601, everyone's remaining tiles) are left out when it has
    others (:func:`web.question_rulings.beyond`)."""
    situation = read_situation(query)
    return _situation_lead(situation, table) if situation is not None else ()


@lru_cache(maxsize=1024)
def _situation_lead(situation: Situation, table: Rules | None) -> Lead:
    """:func:`score_lead` for a situation read, kept: rounds told repeat, tables change."""
    lead = beyond(lead_of(score_checks(situation, table)),
                  lead_of(score_checks(ORDINARY, table)))
    if situation.okey_last:  # the finish is with pairs: the okey's own finish only doubles it
        lead = tuple((variant, tuple(r for r in rules if r not in _JOKER_FINISHES))
                     for variant, rules in lead)
    return lead


_JOKER_FINISHES = frozenset({"602", "608"})
"""The finishes by discarding the okey, in 101 and in plain Okey."""
