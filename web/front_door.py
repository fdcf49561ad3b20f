"""The search box as the front door to the referee: tiles typed there get the meld ruling
in both variants (see :mod:`web.tile_questions`), and a question that a check answers gets a
link to that check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for

from web import phrases
from web.discard_questions import read_discard, shown_discard
from web.errors import InputError
from web.opening_questions import asks_to_open, read_short_opening
from web.pickup_questions import failed_pickup
from web.question_leads import Reading, read_question
from web.question_rulings import Rulings
from web.reasons import ruling_json
from web.score_questions import read_situation
from web.tile_questions import fake_indicator, named_indicator, opening_fields, tile_fields

LINKS_FILE = phrases.CHECK_LINKS


@dataclass(frozen=True)
class CheckLink:
    """A check that answers the question, the phrase that showed it, and the check's fields
    where the question shows its case (the discard its tiles show, the indicator whose okey
    it asks, the tiles it asks to open with), so the link opens the ruling on it."""

    check: str
    phrase: str
    fields: tuple[tuple[str, str], ...] = ()


def check_links(query: str, reading: Reading | None = None) -> list[CheckLink]:
    """The checks whose question the search asks, in any of the three languages (players mix
    them), each once, in the file's order; and the score check for a question that tells how
    a round ended (:func:`web.score_questions.read_situation`), the discard check for one
    that tells a discard (:func:`web.discard_questions.read_discard`), the pickup check for
    one that tells a failed pickup (:func:`web.pickup_questions.failed_pickup`), the opening
    check for one that tells a short opening (:func:`web.opening_questions.read_short_opening`),
    their phrase that question; the best-opening check for the tiles the referee read in it
    (``reading``, :func:`web.question_leads.read_question`) when it asks to open with them,
    and the pair check for two tiles it asks about as a pair, the okey check for the fake
    joker named as the indicator.
    Where the question shows its case, the link carries the check's fields (:class:`CheckLink`)."""
    folded = phrases.fold(query)
    links = [CheckLink(check, hit) for check, listed in phrases.facets(LINKS_FILE).items()
             if (hit := phrases.found(folded, listed)) is not None]
    told = {"score": read_situation(query) is not None,
            "discard": read_discard(query) is not None, "pickup": failed_pickup(query),
            "opening": read_short_opening(query) is not None}
    links += [CheckLink(check, folded) for check, found in told.items()
              if found and all(link.check != check for link in links)]
    shown = shown_discard(query)
    if shown is not None:
        links = [CheckLink(link.check, link.phrase, tuple(shown.items()))
                 if link.check == "discard" else link for link in links]
    indicator = named_indicator(query)
    if indicator is not None:  # which tile is the okey, asked of the indicator it names
        links = [CheckLink(link.check, link.phrase, (("indicator", str(indicator[0])),))
                 if link.check == "okey" else link for link in links]
    elif fake_indicator(query):  # the fake joker turned up: the okey check on it
        links = [CheckLink("okey", folded, (("indicator", "F"),)),
                 *(link for link in links if link.check != "okey")]
    reading = reading or read_question(query)
    if reading.check == "pair":  # the two tiles it asks about: the pair check on them
        fields = tuple(tile_fields(reading.tiles, reading.indicator).items())
        links = [CheckLink("pair", folded, fields),
                 *(link for link in links if link.check != "pair")]
    tiles = reading.tiles if reading.check in ("meld", "best-opening") else ()
    if tiles and asks_to_open(query):  # whether the tiles it names open: their best opening
        links = [link for link in links if link.check not in ("opening", "best-opening")]
        opening = opening_fields(tiles, reading.indicator)
        links.insert(0, CheckLink("best-opening", folded, tuple(opening.items())))
    return links


def ruling_cards(reading: Reading) -> list[dict[str, Any]]:
    """The checks on the tiles a question names (``reading.check``: a meld or several, a pair,
    the best opening of tiles asked to open with), as the API writes a ruling (or the error
    that stops it), with a link to the check's page and the reason the card says (``said``):
    the first, but for a caveat on the tiles given (a best opening of part of a rack)."""
    fields: dict[str, Any] = tile_fields(reading.tiles, reading.indicator)
    fields.setdefault("indicator", "")  # sent empty, as the form does: ruled without one
    if reading.check == "best-opening":  # it needs an indicator: the one it took
        fields = opening_fields(reading.tiles, reading.indicator)
    found: list[dict[str, Any]] = []
    for k, (variant, checked) in enumerate(reading.melds):
        fields = {**fields, "tiles": " ".join(map(str, reading.ruled_tiles(k)))}
        link = url_for("referee.check_page", check=reading.check,
                       **{"variant": variant, **fields}, _anchor="ruling")
        if isinstance(checked, InputError):
            found.append({"variant": variant, "error": checked.message, "link": link})
        else:
            ruling, rules = checked
            answer = ruling_json(ruling, variant, rules.applied())
            said = [e["text"] for e in answer["explanation"] if e["code"] not in CAVEATS]
            found.append({**answer, "link": link, "said": said[0] if said else None})
    return found


CAVEATS = frozenset({"partial_rack"})
"""Reasons that qualify a ruling rather than give it: a card says the next one."""
