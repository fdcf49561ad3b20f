"""Which tiles are wild this round: the okey from the indicator, and what fake jokers stand for.

>>> from referee.options import Rules
>>> jokers = Jokers.from_indicator(Tile.parse("R7"), Rules.preset("101"))
>>> str(jokers.okey), jokers.is_wild(Tile.parse("R8")), str(jokers.face(Tile.fake()))
('R8', True, 'R8')
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import RuleViolation
from referee.options import FakeIndicator, FakeJokerRole, Rules
from referee.tiles import Tile


@dataclass(frozen=True)
class Jokers:
    """The round's jokers: the okey (wild), and what a fake joker is.

    ``okey`` is ``None`` when the indicator is a fake joker and the table redraws it.
    """

    indicator: Tile | None
    okey: Tile | None
    fakes_wild: bool
    risk_round: bool

    @classmethod
    def from_indicator(cls, indicator: Tile, rules: Rules) -> Jokers:
        """The okey is one up from the indicator in its colour, 13 wrapping to 1 (203, 801)."""
        if not indicator.is_fake:
            return cls(indicator, indicator.next_up(),
                       fakes_wild=rules.fake_joker_role is FakeJokerRole.WILD, risk_round=False)
        if rules.fake_indicator is FakeIndicator.FAKES_ARE_JOKERS:
            return cls(indicator, Tile.fake(), fakes_wild=True, risk_round=False)
        risk = rules.fake_indicator is FakeIndicator.RISK_ROUND
        return cls(indicator, None, fakes_wild=False, risk_round=risk)

    @classmethod
    def unknown(cls) -> Jokers:
        """No indicator given: no tile is wild, and a fake joker has no face to stand for."""
        return cls(None, None, fakes_wild=False, risk_round=False)

    @property
    def needs_redraw(self) -> bool:
        return self.okey is None

    def require_okey(self) -> Tile:
        """The okey; a fake-joker indicator that must be redrawn is an error here."""
        if self.indicator is None:
            raise RuleViolation("a fake joker's value depends on the indicator",
                                code="indicator_needed", subject="F")
        if self.okey is None:
            raise RuleViolation("the indicator is a fake joker: turn up the next tile first",
                                code="redraw", subject=str(self.indicator))
        return self.okey

    def is_wild(self, tile: Tile) -> bool:
        """Whether the tile may stand for any tile: a real okey, or a fake joker played wild."""
        if tile.is_fake:
            return self.fakes_wild
        return tile == self.okey

    def face(self, tile: Tile) -> Tile:
        """The tile a non-wild tile counts as: a fake joker counts as the okey's own face."""
        if tile.is_fake and not self.fakes_wild:
            return self.require_okey()
        return tile
