"""The referee's ruling a search question brings, whose rules lead the results
(:func:`read_question`, one reading for the API, the pages and the CLI): on the round's end
it tells (:mod:`web.score_questions`), the discard it tells (:mod:`web.discard_questions`),
a failed pickup (:mod:`web.pickup_questions`) or an opening that fell short
(:mod:`web.opening_questions`); else on the okey of an indicator, or the tiles it names
(:mod:`web.tile_questions`: a meld, an opening, pairs to open with)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from referee.options import Rules
from referee.tiles import Tile
from rules_data.search import Lead, Results
from web.discard_questions import discard_lead
from web.opening_questions import asks_to_open, opening_lead, read_short_opening
from web.pickup_questions import pickup_lead
from web.question_rulings import Rulings, lead_of, ruled
from web.score_questions import score_lead, tells_round_end
from web.tile_questions import (
    HAND,
    MIN_TILES,
    asks_the_okey,
    asks_win,
    fake_indicator,
    lies_on_table,
    meld_asked,
    meld_checks,
    named_groups,
    named_indicator,
    okey_checks,
    one_pair_checks,
    opening_checks,
    pair_asked,
    pair_checks,
    pairs_in_query,
    tiles_in_query,
    winning_checks,
)


@dataclass(frozen=True)
class Reading:
    """What the referee reads in a search question: the rules its ruling rests on, which
    lead the results, and the tiles it ruled on as a meld or a pair (``check``), with the
    indicator it ruled with and its rulings, which the results page shows as cards. Where it
    ruled on several melds the tiles name, ``groups`` holds the tiles of each ruling."""

    lead: Lead = ()
    tiles: tuple[Tile, ...] = ()
    melds: Rulings = field(default_factory=list)
    check: str = "meld"
    indicator: Tile | None = None
    groups: tuple[tuple[Tile, ...], ...] = ()

    def ruled_tiles(self, k: int) -> tuple[Tile, ...]:
        """The tiles of the ``k``-th of :attr:`melds`: its meld's, where it ruled on several."""
        return self.groups[k] if self.groups else self.tiles


def read_question(query: str, table: Rules | None = None) -> Reading:
    """What the referee reads in a question, under ``table``'s house rules: the score ruling
    when it tells how a round ended (``okeyle bitti, kaç yazılır``), the discard ruling when
    it tells of the okey or a playable tile thrown (``okeyi attım``), the pickup ruling when
    it tells of a discard taken and not opened with (``she took my discard and can't
    open``), the opening ruling when it tells of an opening short (``nur 90 Punkte
    ausgelegt``); else the okey ruling when it asks which tile is the okey of an indicator it
    names (``indicator yellow 12, whats the okey``) or where the indicator is the fake joker
    (``gösterge olarak yonca çıktı``); else, for the tiles it names, the winning-hand
    ruling on a hand of fourteen (or fifteen, with its discard) asked whether it wins
    (``… fazladan sarı 2, bittim mi``), the best
    opening of them when it asks whether they open (``… açabilir miyim``) or the meld ruling
    (``is K12 K13 K1 a run``, ``mavi 10 kırmızı 10 mavi 10``), shown either way, with the
    indicator it names, which is none of them (``gösterge sarı 3, mavi 5 6 7 seri mi``); or the
    opening ruling when they are all pairs (``zwei schwarze 9en, zwei rote 3en…``), or the
    pair ruling when it asks whether two tiles are a pair (``okey ile sarı 4 çift olur mu``),
    or the meld ruling on tiles it asks about as a meld with an okey named by its word
    (``kırmızı 7 okey kırmızı 9 seri olur mu``) or on two (``is red 7 red 8 a run``: too
    few), shown; nothing otherwise (see :func:`led_search` for a query with a typo).

    What a question tells comes first: tiles named in a story of a round are a hand left
    over (``biri bitti, elimde siyah 13 mavi 13 kırmızı 1 var, kaç yazılır``) or an opening
    counted (``laid down red 1 2 3, four 9s… what now``), not a meld to rule on."""
    told = told_lead(query, table)
    if told:
        return Reading(told)
    indicator = named_indicator(query)
    if indicator is not None and asks_the_okey(query):
        return Reading(lead_of(okey_checks(indicator[0], table)))
    if indicator is None and fake_indicator(query):
        return Reading(lead_of(okey_checks(Tile.fake(), table)))
    tiles = tiles_in_query(query)
    shown = indicator[0] if indicator is not None else None
    if tiles and indicator is not None:  # the indicator named is none of the tiles asked about
        tiles = indicator[1] if len(indicator[1]) >= MIN_TILES else ()
    asked = meld_asked(query) if tiles else None
    if asked is not None and len(asked[0]) > len(tiles):  # okeys named among them by word
        tiles, shown = asked  # ``indicator Y8, K3 okey K5 K6 okey``: a run of five
    if len(tiles) in (HAND, HAND + 1) and asks_win(query):  # a plain Okey hand: does it win
        hand, checks = winning_checks(tiles, table, shown)
        return Reading(lead_of(checks), hand, checks, "winning-hand", shown)
    if tiles and lies_on_table(query) and not asks_to_open(query):
        return Reading()  # a meld on the table is the case of the question, not what it asks
    if tiles:
        return tiles_reading(query, tiles, table, shown)
    pairs = pairs_in_query(query)
    if pairs:
        return Reading(lead_of(pair_checks(pairs, table)))
    pair = pair_asked(query)
    if pair is not None:
        checks = one_pair_checks(*pair, table)
        return Reading(lead_of(checks), pair[0], checks, "pair", pair[1])
    asked = meld_asked(query)
    if asked is None or lies_on_table(query) and not asks_to_open(query):
        return Reading()
    melds = meld_checks(asked[0], table, asked[1])
    return Reading(lead_of(melds), asked[0], melds, "meld", asked[1])


def tiles_reading(query: str, tiles: tuple[Tile, ...], table: Rules | None,
                  indicator: Tile | None) -> Reading:
    """The referee's reading of three tiles or more a question names (with the indicator it
    names, if any): their best opening when it asks to open with them; the meld ruling on
    them where they are one meld; else on each meld of them, as the question parts them
    (``R3 R4 R6, B7 K7 Y7``) or as their best opening lays them all (``R3 R4 R5 B7 K7 Y7``);
    else the meld ruling on them all, which says why they are none."""
    if asks_to_open(query):
        opening = opening_checks(tiles, table, indicator)
        return Reading(lead_of(opening), tiles, opening, "best-opening", indicator)
    melds = meld_checks(tiles, table, indicator)
    if any_valid(melds) or len(tiles) <= MIN_TILES:
        return Reading(lead_of(melds), tiles, melds, indicator=indicator)
    groups = named_groups(query)
    if not groups:
        opening = opening_checks(tiles, table, indicator)
        groups = melds_of(opening) if several_melds(opening) else ()
    if not groups:
        return Reading(lead_of(melds), tiles, melds, indicator=indicator)
    checks: Rulings = []
    ruled: list[tuple[Tile, ...]] = []
    for group in groups:
        for each in meld_checks(group, table, indicator):
            checks.append(each)
            ruled.append(group)
    return Reading(merged(lead_of(checks)), tiles, checks, indicator=indicator,
                   groups=tuple(ruled))


def any_valid(rulings: Rulings) -> bool:
    """Whether any variant's ruling says valid."""
    return any(ruling.result.get("valid") for _, ruling in ruled(rulings))


def several_melds(opening: Rulings) -> bool:
    """Whether the best opening lays every tile in two melds or more: tiles named as several
    melds (``schwarz 11 12 13, rot 11 12 13 und gelb 11 12 13``), which no one meld is."""
    return any(len(ruling.result["melds"]) >= 2 and not ruling.result["leftover"]
               for _, ruling in ruled(opening))


def melds_of(opening: Rulings) -> tuple[tuple[Tile, ...], ...]:
    """The melds of a best opening, each as its tiles: ``R3 R4 R5 und B7 K7 Y7, sind das
    zwei gültige Kombis?`` asks about two melds (402), not about opening with them (401)."""
    return tuple(tuple(Tile.parse(tile) for tile in meld["tiles"])
                 for _, ruling in ruled(opening) for meld in ruling.result["melds"])


def merged(lead: Lead) -> Lead:
    """Each variant's rules of a lead once, in the order first cited."""
    found: dict[str, list[str]] = {}
    for variant, rules in lead:
        cited = found.setdefault(variant, [])
        cited += [rule for rule in rules if rule not in cited]
    return tuple((variant, tuple(rules)) for variant, rules in found.items())


def referee_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules the referee's ruling on a question rests on, per variant (see
    :func:`read_question`)."""
    return read_question(query, table).lead


def told_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules of the referee's ruling on the round's end, the discard, the failed pickup or
    the short opening a question tells, the first of them it tells; none if it tells none.
    Too few pairs laid down come first: ``4 çift açıp masaya koydum, ceza yazılır mı`` asks
    what is written for the opening, not for a finish with pairs."""
    if read_short_opening(query) == "pairs":
        return opening_lead(query, table)
    # a discard told with no round's end: what is written for the discard is asked
    first, then = (score_lead, discard_lead) if tells_round_end(query) \
        else (discard_lead, score_lead)
    return (first(query, table) or then(query, table)
            or pickup_lead(query, table) or opening_lead(query, table))


def led_search(search: Callable[[Lead], Results], query: str,
               table: Rules | None = None, lead: Lead | None = None) -> Results:
    """``search`` (of ``query``, given its lead) led by the rules of the referee's ruling on
    what the query tells (:func:`referee_lead`; ``lead``, when the caller has read the query
    already). Where the query as typed tells nothing, or the search suggests the mended query
    (whose results it then shows), what it tells as the speller mends it
    (:attr:`Results.mended`) leads, suggestion shown or not: a typo does not hide it (``darf
    man den Jokr einfach abwerfen``), and only such a query is searched twice."""
    if lead is None:
        lead = referee_lead(query, table)
    results = search(lead)
    if results.mended is not None and (not lead or results.status == "suggested"):
        mended = referee_lead(results.mended, table)
        if mended and mended != lead:
            results = search(mended)
    return results
