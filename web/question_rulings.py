"""The referee's rulings on what a search question tells (tiles, a round's end, a discard, a
pickup), and the rules of them that lead the search."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.options import Rules
from referee.rulings import Ruling
from rules_data.search import Lead
from web.errors import InputError
from web.referee_requests import CHECKS, judge
from web.validation import parse

Rulings = list[tuple[str, tuple[Ruling, Rules] | InputError]]
"""Per variant, a check's ruling and the rules it ran under, or the error that stops it."""


def rule_on(check: str, bodies: Iterable[tuple[str, dict[str, Any]]],
            table: Rules | None) -> Rulings:
    """Run ``check`` on each variant's request body, under ``table``'s house rules where the
    table plays that variant: the ruling and its rules, or the error that stops it."""
    found: Rulings = []
    for variant, body in bodies:
        try:
            found.append((variant, judge(check, parse(CHECKS[check][0], body), table)))
        except InputError as problem:
            found.append((variant, problem))
    return found


def lead_of(rulings: Rulings) -> Lead:
    """The rules each variant's ruling rests on: they answer the question, so the search
    ranks them higher."""
    return tuple((variant, checked[0].rules) for variant, checked in rulings
                 if not isinstance(checked, InputError))


def beyond(lead: Lead, ordinary: Lead) -> Lead:
    """Each variant's rules of ``lead`` that ``ordinary`` (the ruling on the common case)
    lacks, or all of them if it lacks none: ``çift açtım, başkası bitti`` asks about the
    pairs player's double (505), not the scoring every round has (601).

    >>> beyond((("101", ("601", "505")), ("plain", ("609",))), (("101", ("601",)),))
    (('101', ('505',)), ('plain', ('609',)))
    """
    common = dict(ordinary)
    return tuple((variant, tuple(rule for rule in rules if rule not in common.get(variant, ()))
                  or rules) for variant, rules in lead)
