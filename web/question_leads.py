"""The referee's ruling a search question brings, whose rules lead the results: on the tiles
it names (:mod:`web.tile_questions`: a meld, or pairs to open with), or else on the round's
end it tells (:mod:`web.score_questions`), on the discard it tells
(:mod:`web.discard_questions`), on a failed pickup (:mod:`web.pickup_questions`), or on
an opening that fell short (:mod:`web.opening_questions`)."""

from __future__ import annotations

from collections.abc import Callable

from referee.options import Rules
from referee.tiles import Tile
from rules_data.search import Lead, Results
from web.discard_questions import discard_lead
from web.opening_questions import asks_to_open, opening_lead
from web.pickup_questions import pickup_lead
from web.question_rulings import Rulings, lead_of
from web.score_questions import score_lead
from web.tile_questions import (
    asks_the_okey,
    meld_checks,
    named_indicator,
    okey_checks,
    opening_checks,
    pair_checks,
    pairs_in_query,
    tiles_in_query,
)


def referee_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules the referee's ruling rests on, per variant: the score ruling when the search
    tells how a round ended (``okeyle bitti, kaç yazılır``), the discard ruling when it tells
    of the okey or a playable tile thrown (``okeyi attım``), the pickup ruling when it tells
    of a discard taken and not opened with (``she took my discard and can't open``), the
    opening ruling when it tells of an opening short (``nur 90 Punkte ausgelegt``); else the
    ruling on the tiles it names (:func:`tiles_lead`: ``is K12 K13 K1 a run``, ``mavi 10
    kırmızı 10 mavi 10``), or the opening ruling when they are all pairs (``zwei schwarze
    9en, zwei rote 3en…``); none otherwise (see :func:`led_search` for a query with a typo).

    What a question tells comes first: tiles named in a story of a round are a hand left
    over (``biri bitti, elimde siyah 13 mavi 13 kırmızı 1 var, kaç yazılır``) or an opening
    counted (``laid down red 1 2 3, four 9s… what now``), not a meld to rule on."""
    told = told_lead(query, table)
    if told:
        return told
    indicator = named_indicator(query)
    if indicator is not None and asks_the_okey(query):
        return lead_of(okey_checks(indicator[0], table))
    tiles = tiles_in_query(query)
    if tiles:
        return tiles_lead(query, tiles, table)
    pairs = pairs_in_query(query)
    return lead_of(pair_checks(pairs, table)) if pairs else ()


def tiles_lead(query: str, tiles: tuple[Tile, ...], table: Rules | None = None,
               checks: Rulings | None = None) -> Lead:
    """The rules of the referee's ruling on the tiles a question names: the best opening of
    them when it asks whether they open (``… açabilir miyim``), else the meld ruling
    (``checks``, when the caller has it already)."""
    if asks_to_open(query):
        return lead_of(opening_checks(tiles, table))
    return lead_of(checks if checks is not None else meld_checks(tiles, table))


def told_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules of the referee's ruling on the round's end, the discard, the failed pickup or
    the short opening a question tells, the first of them it tells; none if it tells none."""
    return (score_lead(query, table) or discard_lead(query, table)
            or pickup_lead(query, table) or opening_lead(query, table))


def led_search(search: Callable[[Lead], Results], query: str,
               table: Rules | None = None) -> Results:
    """``search`` (of ``query``, given its lead) led by the rules of the referee's ruling on
    what the query tells (:func:`referee_lead`). Where the query as typed tells nothing, what
    it tells as the speller mends it (:attr:`Results.mended`) leads, suggestion shown or not:
    a typo does not hide it (``darf man den Jokr einfach abwerfen``), and only such a query
    is searched twice."""
    lead = referee_lead(query, table)
    results = search(lead)
    if not lead and results.mended is not None:
        lead = referee_lead(results.mended, table)
        if lead:
            results = search(lead)
    return results
