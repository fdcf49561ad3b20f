"""Seeded practice deals (referee.deal): reproducible, and physically possible."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.deal import FULL_SET, MAX_SEED, deal_discard, deal_hand, deal_rack
from referee.errors import OkeyError
from referee.jokers import Jokers
from referee.melds import read_meld
from referee.options import Rules
from referee.tiles import check_physical


def test_the_full_set_has_106_tiles() -> None:
    counts = Counter(FULL_SET)
    assert len(FULL_SET) == 106
    assert set(counts.values()) == {2} and len(counts) == 53


@pytest.mark.parametrize("seed", range(60))
def test_deals_are_reproducible_and_physical(seed: int) -> None:
    for deal in (deal_rack(seed, "101"), deal_rack(seed, "plain"), deal_hand(seed),
                 deal_discard(seed)):
        assert not deal.indicator.is_fake
        every = [*deal.rack, *(t for meld in deal.table for t in meld)]
        every += [deal.tile] if deal.tile is not None else []
        check_physical(every, deal.indicator)  # raises for a third copy or a third fake
    assert deal_rack(seed, "101") == deal_rack(seed, "101")
    assert deal_hand(seed) == deal_hand(seed)
    assert deal_discard(seed) == deal_discard(seed)
    assert len(deal_rack(seed, "101").rack) == 21
    assert len(deal_rack(seed, "plain").rack) == 14
    assert len(deal_hand(seed).rack) == 14


def test_different_seeds_deal_differently() -> None:
    assert len({deal_rack(seed, "101").rack for seed in range(20)}) == 20


@pytest.mark.parametrize("seed", range(40))
def test_discard_tables_are_valid_melds_and_the_tile_is_not_the_okey(seed: int) -> None:
    deal = deal_discard(seed)
    rules = Rules.preset("101")
    jokers = Jokers.from_indicator(deal.indicator, rules)
    assert 2 <= len(deal.table) <= 4
    for meld in deal.table:
        assert read_meld(meld, jokers, rules)[0] is not None
    assert deal.tile is not None and not jokers.is_wild(deal.tile)


def test_some_hands_are_built_from_melds() -> None:
    from referee import check_winning_hand

    rules = Rules.preset("plain")
    winning = sum(bool(check_winning_hand(d.rack, indicator=d.indicator, rules=rules)
                       .result["winning"]) for d in map(deal_hand, range(30)))
    assert 5 <= winning < 30


@pytest.mark.parametrize("seed", [-1, MAX_SEED])
def test_a_seed_out_of_range_is_an_error(seed: int) -> None:
    with pytest.raises(OkeyError) as error:
        deal_rack(seed, "101")
    assert error.value.code == "bad_seed"


def test_an_unknown_variant_is_an_error() -> None:
    with pytest.raises(OkeyError) as error:
        deal_rack(1, "102")
    assert error.value.code == "bad_variant"
