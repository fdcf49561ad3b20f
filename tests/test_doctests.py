"""The doctests in the engine, the rule book and the web helpers run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import referee
import rules_data

MODULES = sorted(
    info.name
    for package in (referee, rules_data)
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    if not info.name.endswith(".__main__")
) + ["referee", "rules_data", "web.table", "web.cli_text", "web.front_door", "web.tile_questions",
     "web.phrases", "web.score_questions", "web.discard_questions", "web.pickup_questions",
     "web.opening_questions",
     "web.question_rulings"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
