"""A discard told in a question, and the referee's discard ruling on it: the search puts the
rules that ruling rests on first, as it does a meld ruling's for tiles.

The table argues about two discards: the okey thrown away in play (703), and a tile a meld
on the table could take, an işlek tile (702), which the finishing player may discard (707).
The phrases that tell them are data (``discard_questions.yaml``).

>>> read_discard("kimse açmamışken okeyi attım")
Discard(tile='okey', finishing=False)
>>> read_discard("my last tile could have been laid off, do I get a penalty")
Discard(tile='playable', finishing=True)
>>> read_discard("okey nedir") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from referee.options import Rules
from referee.tiles import Tile, parse_tiles
from rules_data.search import Lead
from web import phrases
from web.question_rulings import Rulings, beyond, kept_per_query, lead_of, rule_on, ruled
from web.tile_questions import (
    MIN_TILES,
    asked_tiles,
    indicator_apart,
    lies_on_table,
    named_indicator,
    named_tiles,
    okey_near,
    stands_wild,
)

PHRASES_FILE = Path(__file__).with_name("discard_questions.yaml")


Thrown = Literal["okey", "playable", "fake"]
"""The tile a discard question is about: the okey, a playable (işlek) one, or the fake
joker thrown last (no joker finish, 803)."""


@dataclass(frozen=True)
class Shown:
    """A discard the tiles of a question show, as the discard check takes it: the indicator,
    the tile thrown and the meld on the table (none for the okey)."""

    indicator: Tile
    tile: Tile
    table: tuple[Tile, ...] = ()

    def body(self, finishing: bool) -> dict[str, Any]:
        """The discard request for it in 101 Okey."""
        return {"variant": "101", "indicator": str(self.indicator), "tile": str(self.tile),
                "table": [[str(t) for t in self.table]] if self.table else [],
                "finishing": finishing}

    def fields(self, finishing: bool) -> dict[str, str]:
        """The discard check page's fields for it (``table``: the meld's tiles)."""
        return {"variant": "101", "indicator": str(self.indicator), "tile": str(self.tile),
                "table": " ".join(map(str, self.table)), "finishing": "1" if finishing else ""}


@dataclass(frozen=True)
class Discard:
    """What a question tells of a discard: the okey or a playable tile, and whether it is
    the finishing discard."""

    tile: Thrown
    finishing: bool = False
    shown: Shown | None = field(default=None, compare=False, repr=False)
    """The discard the tiles the question names show, where they rather than its words tell
    it (``she threw a red 6`` beside ``red 7 8 9``)."""


@kept_per_query(None)
def read_discard(query: str) -> Discard | None:
    """The discard a question tells, if it tells one (the okey's first: a playable okey is
    still the okey), said so or shown by the tiles it names (see :func:`shown_by_tiles`):
    beside a word for throwing, or for finishing where it places tiles on the table
    (``went out with B13 while B10 B11 B12 was on the table``), not in a hand. The fake
    joker thrown is a case only as the finishing discard (``Smiley als letzter Stein
    abgeworfen``: no joker finish, 803).

    >>> read_discard("Smiley als letzter Stein abgeworfen, zählt das als Jokerabwurf")
    Discard(tile='fake', finishing=True)
    """
    told = phrases.told(query, phrases.facets(PHRASES_FILE))
    finishing = "finishing" in told and "not_finishing" not in told
    if "fake" in told and told & {"okey", "thrown"}:  # the fake joker thrown: last, or no case
        return Discard("fake", True) if finishing else None
    said: Thrown | None = "okey" if "okey" in told else "playable" if "playable" in told \
        else None
    if said is not None:
        return Discard(said, finishing)
    if "thrown" not in told and not (finishing and lies_on_table(query)):
        return None
    found = shown_by_tiles(query)
    return Discard(found[0], finishing, found[1]) if found is not None else None


def shown_discard(query: str) -> dict[str, str] | None:
    """The discard check's fields for a discard a question shows with the tiles it names,
    to open the check on it; None when the tiles show none.

    >>> shown_discard("indicator yellow 3 and he threw a yellow 4 as his last tile")
    {'variant': '101', 'indicator': 'Y3', 'tile': 'Y4', 'table': '', 'finishing': '1'}
    >>> shown_discard("red 7 8 9 was down, she threw red 10")["table"]
    'R7 R8 R9'
    """
    discard = read_discard(query)
    if discard is None or discard.shown is None:
        return None
    return discard.shown.fields(discard.finishing)


def shown_by_tiles(query: str) -> tuple[Thrown, Shown] | None:
    """The discard the tiles a question names show, and of which tile: the okey, named after
    the indicator that makes it (``indicator yellow 3 and he threw a yellow 4``), or a
    playable tile, the last one named beside a meld of the others that the referee finds
    could take it (``red 7 8 9 was down, she threw a red 6``), the first one named before
    the meld (``mavi 6 attı, yerde mavi 3 4 5 vardı``), or the last one beside a meld that
    holds the okey named by its word (:func:`_beside_jokers`). Read under the default house
    rules: what a question tells does not depend on the table (the ruling it then brings
    does).

    >>> shown_by_tiles("indicator yellow 3, he threw yellow 4")[0]
    'okey'
    >>> shown_by_tiles("R10 K10 B10 on the table, she threw Y10")[0]
    'playable'
    >>> shown_by_tiles("R7 R8 R9 on the table, she threw B2") is None
    True
    >>> str(shown_by_tiles("yengem mavi 6 attı, yerde mavi 3 4 5 duruyordu")[1].tile)
    'B6'
    """
    indicator = named_indicator(query)
    if indicator is not None and okey_thrown(query):
        return "okey", Shown(indicator[0], indicator[0].next_up())
    tiles = named_tiles(query)
    candidates = [*_beside_jokers(query)]
    if len(tiles) >= MIN_TILES + 1:
        candidates += [Shown(indicator_apart(tiles), tiles[-1], tiles[:-1]),
                       Shown(indicator_apart(tiles), tiles[0], tiles[1:])]
    for shown in candidates:
        if any(ruling.result.get("playable") for _, ruling in
               ruled(rule_on("discard", [("101", shown.body(finishing=False))], None))):
            return "playable", shown
    return None


def okey_thrown(query: str) -> bool:
    """Whether a question names the okey of the indicator it names beside a word for throwing
    it (``gösterge mavi 10 … mavi 11'i atıp bitti``, ``Anzeiger schwarz 3 … die schwarze 4
    abgeworfen``), not merely somewhere after it (``… sahte okey burda kırmızı 5 mi``).

    >>> okey_thrown("indicator yellow 3, he threw yellow 4")
    True
    >>> okey_thrown("gösterge kırmızı 4. Sonra taş attı. Sahte okey burda kırmızı 5 mi sayılır")
    False
    """
    return okey_near(query, phrases.facets(PHRASES_FILE)["thrown"])


def _beside_jokers(query: str) -> tuple[Shown, ...]:
    """The discard of the last tile a question names beside a meld on the table that holds
    the okeys it names by their word (``B4 Joker B6 liegt aus, ich werf die blaue 5 ab``):
    a tile that could take the joker's place (302) is playable."""
    asked, indicator = asked_tiles(query)
    if indicator is None:
        return ()
    plain = len(asked)
    while plain and stands_wild(asked[plain - 1], indicator):
        plain -= 1
    jokers = asked[plain:]
    if not jokers or plain < 2 or plain - 1 + len(jokers) < MIN_TILES:
        return ()
    return (Shown(indicator, asked[plain - 1], (*asked[:plain - 1], *jokers)),)


_TOLD: dict[Thrown, Shown] = {
    "okey": Shown(Tile.parse("R5"), Tile.parse("R6")),
    "playable": Shown(Tile.parse("R5"), Tile.parse("R10"), parse_tiles("R7 R8 R9")),
    "fake": Shown(Tile.parse("R5"), Tile.fake()),
}
"""The discard a question tells in words only: the okey (indicator R5, so R6), R10 beside
R7 R8 R9 on the table, or the fake joker."""


def discard_body(discard: Discard) -> dict[str, Any]:
    """A discard request for it in 101 Okey, the variant that rules on discards: the one its
    tiles show, else the one it tells (:data:`_TOLD`)."""
    return (discard.shown or _TOLD[discard.tile]).body(discard.finishing)


def discard_checks(discard: Discard, table: Rules | None) -> Rulings:
    """The discard check on it, under ``table``'s house rules where the table plays 101
    Okey: the ruling and its rules, or the error that stops it."""
    return rule_on("discard", [("101", discard_body(discard))], table)


def discard_lead(query: str, table: Rules | None = None) -> Lead:
    """The rules the referee's discard ruling rests on when the question tells a discard
    (see :func:`read_discard`); none otherwise. A finishing discard's are those it does not
    share with the same discard in play (:func:`web.question_rulings.beyond`): ``my last
    tile could be laid off`` asks about the finisher's exemption (707), not the penalty it
    is exempt from (702)."""
    discard = read_discard(query)
    return _discard_lead(discard, discard.shown, table) if discard is not None else ()


@lru_cache(maxsize=256)
def _discard_lead(discard: Discard, shown: Shown | None, table: Rules | None) -> Lead:
    """:func:`discard_lead` for a discard read and the tiles that show it (which a discard
    does not compare), kept per table."""
    found = lead_of(discard_checks(discard, table))
    if not discard.finishing:
        return found
    return beyond(found, lead_of(discard_checks(Discard(discard.tile, shown=shown), table)))
