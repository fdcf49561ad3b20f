"""A ruled round as a timeline in words, shared by ``flask referee round`` and the round
page: each move as a sentence in the player's language, with its ruling."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString

_ = lazy_gettext

MOVE_WORDS: dict[str, LazyString] = {
    "draw": _("Player %(player)s draws %(tiles)s"),
    "take": _("Player %(player)s takes the discard %(tiles)s"),
    "open": _("Player %(player)s lays down %(tiles)s"),
    "lay_off": _("Player %(player)s adds %(tiles)s to table meld %(meld)s"),
    "swap": _("Player %(player)s puts %(tiles)s in the place of the joker in table meld %(meld)s"),
    "take_back": _("Player %(player)s takes %(tiles)s back from table meld %(meld)s"),
    "discard": _("Player %(player)s discards %(tiles)s"),
    "finish": _("Player %(player)s finishes by discarding %(tiles)s"),
    "deck_out": _("Player %(player)s finds the deck empty"),
}


def move_words(move: dict[str, Any]) -> str:
    """A move of the round log (players and table melds counted from 1 for people)."""
    groups = [" ".join(group) for group in (*move["melds"], *move["pairs"])]
    shown = " | ".join(groups) if groups else " ".join(move["tiles"]) or "?"
    meld = move["meld"] + 1 if move.get("meld") is not None else "?"
    return str(MOVE_WORDS[move["kind"]]) % {"player": move["player"] + 1, "tiles": shown,
                                            "meld": meld}


TABLE_MOVES = frozenset({"open", "lay_off", "swap", "take_back"})
"""Moves that change the table: the timeline draws the table after each of them."""


def table_words(table: list[dict[str, Any]]) -> str:
    """The table's melds in a line, numbered from 1; an okey shows what it stands for."""
    melds = [" ".join(t if t == f else f"{t}={f}" for t, f in zip(m["tiles"], m["faces"]))
             for m in table]
    shown = "  ".join(f"{i}) {meld}" for i, meld in enumerate(melds, 1))
    return str(gettext("Table: %(melds)s", melds=shown or "-"))


def timeline_lines(ruled: dict[str, Any]) -> list[str]:
    """The ``/round`` answer as lines: each move, its verdict and reasons; then the scores."""
    lines = []
    first = ruled["first_violation"]
    for item in ruled["moves"]:
        verdict = gettext("legal") if item["legal"] else gettext("VIOLATION")
        if item["penalty"]:
            verdict += " " + gettext("(%(points)s penalty points)", points=item["penalty"])
        rules = ", ".join(item["rules"])
        mark = ">>" if item["index"] == first else "  "
        lines.append(f"{mark}{item['index'] + 1:>3}. {move_words(item['move'])}: {verdict}"
                     + (f" [{rules}]" if rules else ""))
        lines += [f"        {reason['text']}" for reason in item["explanation"]]
        if item["legal"] and item["move"]["kind"] in TABLE_MOVES or item["index"] == first:
            lines.append("        " + table_words(item["state"]["table"]))
    first = ruled["first_violation"]
    lines.append(gettext("No violation.") if first is None else
                 gettext("First violation: move %(number)s.", number=first + 1))
    if ruled["score"] is not None:
        scores = ", ".join(f"{i + 1}: {s}" for i, s in enumerate(ruled["score"]["scores"]))
        lines.append(gettext("Scores: %(scores)s", scores=scores))
    else:
        lines.append(gettext("The round has not ended: no scores yet."))
    return lines
