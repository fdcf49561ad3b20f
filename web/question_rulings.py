"""The referee's rulings on what a search question tells (tiles, a round's end, a discard, a
pickup), and the rules of them that lead the search."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, cast

from referee.options import Rules
from referee.rulings import Ruling
from rules_data.search import MAX_QUERY, Lead
from web.errors import InputError
from web.referee_requests import CHECKS, judge
from web.validation import parse

Rulings = list[tuple[str, tuple[Ruling, Rules] | InputError]]
"""Per variant, a check's ruling and the rules it ran under, or the error that stops it."""

T = TypeVar("T")

KEPT = 4096
"""How many queries' readings each question reader keeps."""


def kept_per_query(unread: object) -> Callable[[Callable[[str], T]], Callable[[str], T]]:
    """Keep a question reader's answers per query (every search asks each reader), but
    answer a query longer than a search takes ``unread`` at once, neither read nor kept: a
    flood of long queries cannot fill the readers' caches with their text."""
    def decorate(read: Callable[[str], T]) -> Callable[[str], T]:
        kept = functools.lru_cache(maxsize=KEPT)(read)

        @functools.wraps(read)
        def reader(query: str) -> T:
            return cast(T, unread) if len(query) > MAX_QUERY else kept(query)

        reader.cache_info = kept.cache_info  # type: ignore[attr-defined]
        reader.cache_clear = kept.cache_clear  # type: ignore[attr-defined]
        return reader
    return decorate


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


def ruled(rulings: Rulings) -> Iterator[tuple[str, Ruling]]:
    """Each variant's ruling, leaving out the variants an input error stopped."""
    return ((variant, checked[0]) for variant, checked in rulings
            if not isinstance(checked, InputError))


def lead_of(rulings: Rulings) -> Lead:
    """The rules each variant's ruling rests on: they answer the question, so the search
    ranks them higher."""
    return tuple((variant, ruling.rules) for variant, ruling in ruled(rulings))


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
