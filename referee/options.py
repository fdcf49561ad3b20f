"""A table's rules: the variant and its house-rule options, as one frozen value.

The options and their per-variant defaults come from the rule book (``rules_data``), where
every disagreement between the sources is a house rule. Each option is an enum field here,
so a typo is an error, and a test checks that these enums match the rule book exactly.

>>> rules = Rules.preset("plain")
>>> rules.wrap_13_1
<Wrap.AFTER_13: 'after_13'>
>>> Rules.preset("101").with_options({"wrap_13_1": "after_13"}).wrap_13_1.value
'after_13'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from referee.errors import OptionError


class Variant(Enum):
    """The two games: 101 Okey and plain Okey."""

    OKEY_101 = "101"
    PLAIN = "plain"

    @classmethod
    def parse(cls, name: str | Variant) -> Variant:
        """Find a variant by name or alias (``"101"``, ``"okey101"``, ``"plain"``, ``"okey"``)."""
        if isinstance(name, Variant):
            return name
        key = str(name).strip().lower().replace(" ", "").replace("_", "").replace("-", "")
        aliases = {"101": cls.OKEY_101, "okey101": cls.OKEY_101, "101okey": cls.OKEY_101,
                   "plain": cls.PLAIN, "okey": cls.PLAIN, "normal": cls.PLAIN}
        if key not in aliases:
            raise OptionError(f"unknown variant {name!r}", code="bad_variant", subject=str(name))
        return aliases[key]


class PlayDirection(Enum):
    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class PlayerCount(Enum):
    FOUR = "four"
    TWO_TO_FOUR = "two_to_four"


class StartingPlayer(Enum):
    RIGHT_OF_DEALER = "right_of_dealer"
    DICE = "dice"


class FakeIndicator(Enum):
    """What happens when the indicator turned up is a fake joker."""

    REDRAW = "redraw"
    FAKES_ARE_JOKERS = "fakes_are_jokers"
    RISK_ROUND = "risk_round"


class FakeJokerRole(Enum):
    """What a fake joker stands for."""

    OKEY_FACE = "okey_face"
    WILD = "wild"


class Wrap(Enum):
    """Whether 1 may follow 13 in a run."""

    NEVER = "never"
    AFTER_13 = "after_13"


class JokerInPair(Enum):
    """Whether an okey may stand in for the second tile of a pair."""

    NOT_ALLOWED = "not_allowed"
    ALLOWED = "allowed"


class PairFinish(Enum):
    """What counts as finishing with pairs in 101: a pair opener going out, or ten pairs."""

    PAIRS_OPENER = "pairs_opener"
    TEN_PAIRS = "ten_pairs"


class PairOpenerDouble(Enum):
    DOUBLE = "double"
    SINGLE = "single"


class EldenScoring(Enum):
    TABLE = "table"
    DOUBLING = "doubling"


class FailedPickup(Enum):
    PENALTY = "penalty"
    NO_PENALTY = "no_penalty"


class OkeyInHand(Enum):
    """What an okey left in hand costs (706): its face plus 101, each (Hakem's reading);
    101 instead of its face, once, nothing more for a non-opener (other engines'); nothing."""

    PENALTY = "penalty"
    NONE = "none"
    INSTEAD_OF_FACE = "instead_of_face"


class OkeyDiscard(Enum):
    PENALTY_IF_NO_MELDS = "penalty_if_no_melds"
    NO_PENALTY = "no_penalty"


class IslekLastTile(Enum):
    EXEMPT = "exempt"
    PENALISED = "penalised"


class IslekOkeySwap(Enum):
    """Whether a discard that could take a table okey's place is işlek, like one that
    extends a meld (Hakem's reading), or only a tile that extends a meld is (702's words)."""

    COUNTS = "counts"
    EXTENDS_ONLY = "extends_only"


class FlatPenalties(Enum):
    FLAT = "flat"
    DOUBLED = "doubled"


class PlainMatch(Enum):
    TOURNAMENT_20 = "tournament_20"
    MOST_ROUNDS = "most_rounds"


class PlainDoublings(Enum):
    """Plain Okey, seven pairs finished by discarding the okey: doubled once (-4) or twice."""

    ONCE = "once"
    STACK = "stack"


@dataclass(frozen=True)
class Rules:
    """The rules a table plays by: a variant and a choice for every house rule.

    Build one with :meth:`preset` and adjust it with :meth:`with_options`; pass it
    explicitly to every check.
    """

    variant: Variant
    play_direction: PlayDirection
    player_count: PlayerCount
    starting_player: StartingPlayer
    fake_indicator: FakeIndicator
    fake_joker_role: FakeJokerRole
    wrap_13_1: Wrap
    joker_in_pair: JokerInPair
    pair_finish: PairFinish
    pair_opener_double: PairOpenerDouble
    elden_scoring: EldenScoring
    failed_pickup: FailedPickup
    okey_in_hand: OkeyInHand
    okey_discard: OkeyDiscard
    islek_last_tile: IslekLastTile
    flat_penalties_double: FlatPenalties
    plain_match: PlainMatch
    # New options go last: a table's short code numbers options and choices by position.
    islek_okey_swap: IslekOkeySwap
    plain_doublings: PlainDoublings

    @staticmethod
    def option_names() -> tuple[str, ...]:
        """Every house-rule option id, in field order."""
        return tuple(f.name for f in dataclasses.fields(Rules) if f.name != "variant")

    @staticmethod
    def option_type(option: str) -> type[Enum]:
        enum_type: type[Enum] = _FIELD_TYPES[option]
        return enum_type

    @classmethod
    def preset(cls, variant: str | Variant) -> Rules:
        """The variant with every house rule at its default (from the rule book)."""
        return _preset(Variant.parse(variant))

    def applies(self, option: str) -> bool:
        """Whether this option is a house rule of this table's variant."""
        return self.variant.value in _house_rule_variants()[option]

    def with_options(self, options: Mapping[str, str]) -> Rules:
        """These rules with some options changed.

        :raises OptionError: for an unknown option, one that this variant does not have, or
            an unknown choice; the error names it.
        """
        changes: dict[str, Any] = {}
        for option, choice in options.items():
            if option not in _FIELD_TYPES:
                raise OptionError(f"unknown house rule {option!r}", code="unknown_option",
                                  subject=str(option))
            if not self.applies(option):
                raise OptionError(f"{option!r} is not a house rule of {self.variant.value}",
                                  code="option_not_in_variant", subject=option)
            try:
                changes[option] = _FIELD_TYPES[option](choice)
            except ValueError:
                raise OptionError(f"{choice!r} is not a choice of {option!r}",
                                  code="unknown_choice", subject=f"{option}={choice}") from None
        return dataclasses.replace(self, **changes)

    def choice(self, option: str) -> str:
        """The choice this table made for an option, as its id."""
        value: Enum = getattr(self, option)
        return str(value.value)

    def applied(self) -> dict[str, str]:
        """Every house rule of this variant with the table's choice."""
        return {name: self.choice(name) for name in self.option_names() if self.applies(name)}

    def changed(self) -> dict[str, str]:
        """The options where this table departs from the variant's defaults."""
        default = Rules.preset(self.variant)
        return {name: choice for name, choice in self.applied().items()
                if getattr(default, name) != getattr(self, name)}


_FIELD_TYPES: dict[str, type[Enum]] = {
    f.name: f.type if isinstance(f.type, type) else globals()[str(f.type)]
    for f in dataclasses.fields(Rules)
    if f.name != "variant"
}


@cache
def _house_rule_variants() -> dict[str, frozenset[str]]:
    from rules_data import rulebook

    book = rulebook()
    return {option: frozenset(book.rule(rule_id).variants)
            for option, (_, rule_id) in book.house_rules.items()}


@cache
def _preset(variant: Variant) -> Rules:
    from rules_data import rulebook

    book = rulebook()
    values: dict[str, Any] = {}
    for option, enum_type in _FIELD_TYPES.items():
        house = book.house_rule(option)
        assert house.default is not None
        choice = house.default.get(variant.value)
        if choice is None:  # not a house rule of this variant: keep the other's, unused
            choice = next(c for c in (house.default.v101, house.default.plain) if c)
        values[option] = enum_type(choice)
    return Rules(variant=variant, **values)
