"""Hakem's rule book: the rules of 101 Okey and plain Okey as validated data, and their search.

>>> book = rulebook()
>>> book.rule("404").title["en"] != ""
True
"""

from rules_data.loader import Problem, RuleDataError, Rulebook, load, rulebook
from rules_data.schema import LANGS, VARIANTS, HouseRule, Rule, Text

__all__ = [
    "LANGS",
    "VARIANTS",
    "HouseRule",
    "Problem",
    "Rule",
    "RuleDataError",
    "Rulebook",
    "Text",
    "load",
    "rulebook",
]
