"""The referee's checks on play: okey, meld, pair, opening, best opening, winning hand,
discard, pickup. Each takes parsed tiles and the table's :class:`Rules`, validates the input
physically, and returns a frozen :class:`Ruling` citing rule ids.

>>> from referee.tiles import parse_tiles, Tile
>>> r = check_meld(parse_tiles("B12 B13 B1"), indicator=Tile.parse("K4"), rules=Rules.preset("plain"))
>>> r.verdict.value, r.result["valid"], r.rules
('valid', True, ('402', '407'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from referee.errors import OptionError, RuleViolation
from referee.jokers import Jokers
from referee.melds import Meld, MeldKind, read_meld, top_position
from referee.options import (
    FakeIndicator,
    IslekLastTile,
    IslekOkeySwap,
    OkeyDiscard,
    FailedPickup,
    Rules,
    Variant,
    Wrap,
)
from referee.pairs import Pair, is_pair, most_pairs, most_pairs_using, wild_pairs
from referee.rulings import Code, Reason, Ruling, Verdict, reason, ruling
from referee.solver import Solution, best_melds, most_tiles_in_melds
from referee.table_fit import How, fits
from referee.tiles import COLORS, Tile, check_physical

OPENING_THRESHOLD = 101
OPENING_PAIRS = 5
PENALTY = 101


def jokers_for(indicator: Tile, rules: Rules, tiles: Sequence[Tile] = ()) -> Jokers:
    """The round's jokers, after checking the tiles could all exist beside the indicator."""
    check_physical(tiles, indicator)
    return Jokers.from_indicator(indicator, rules)


def require_variant(rules: Rules, variant: Variant, check: str) -> None:
    if rules.variant is not variant:
        raise OptionError(f"{check} is a {variant.value} Okey check", code="not_in_variant",
                          subject=check)


class TileCountError(RuleViolation):
    """Too many or too few tiles for a check. The counts are data (``count``, ``allowed``),
    so that callers can word them in the player's language; the subject is the count."""

    code = "tile_count"

    def __init__(self, count: int, allowed: Sequence[int], what: str) -> None:
        expected = (f"{allowed[0]} to {allowed[-1]}" if len(allowed) > 2
                    else " or ".join(str(n) for n in allowed))
        super().__init__(f"{what} needs {expected} tiles, not {count}", subject=str(count))
        self.count = count
        self.allowed = tuple(allowed)


def require_count(tiles: Sequence[Tile], allowed: Sequence[int], what: str) -> None:
    if len(tiles) not in allowed:
        raise TileCountError(len(tiles), allowed, what)


def check_okey(indicator: Tile, *, rules: Rules) -> Ruling:
    """Which tile is the okey, given the indicator (203, 801); a fake joker per the house rule."""
    jokers = Jokers.from_indicator(indicator, rules)
    options: dict[str, str] = {}
    if indicator.is_fake:
        options["fake_indicator"] = rules.choice("fake_indicator")
        code, rule = {
            FakeIndicator.REDRAW: (Code.FAKE_INDICATOR_REDRAW, "203"),
            FakeIndicator.FAKES_ARE_JOKERS: (Code.FAKE_INDICATOR_JOKERS, "203"),
            FakeIndicator.RISK_ROUND: (Code.FAKE_INDICATOR_RISK, "611"),
        }[rules.fake_indicator]
        reasons = [reason(code, rule, [indicator])]
        if rules.fake_indicator is FakeIndicator.RISK_ROUND:
            reasons.insert(0, reason(Code.FAKE_INDICATOR_REDRAW, "203", [indicator]))
        okey = jokers.okey
        verdict = Verdict.REDRAW if okey is None else Verdict.RULED
        return ruling("okey", verdict, reasons,
                      {"okey": str(okey) if okey else None, "redraw": okey is None,
                       "risk_round": jokers.risk_round}, options)
    okey = jokers.require_okey()
    reasons = [reason(Code.OKEY_FROM_INDICATOR, "203", [indicator, okey])]
    if indicator.number == 13:
        reasons.append(reason(Code.OKEY_WRAPS_TO_ONE, "801", [indicator, okey]))
    return ruling("okey", Verdict.RULED, reasons,
                  {"okey": str(okey), "redraw": False, "risk_round": False}, options)


def _meld_options(rules: Rules, tiles: Sequence[Tile]) -> dict[str, str]:
    options = {"wrap_13_1": rules.choice("wrap_13_1")}
    if any(t.is_fake for t in tiles):
        options["fake_joker_role"] = rules.choice("fake_joker_role")
    return options


def _pair_options(rules: Rules, tiles: Sequence[Tile]) -> dict[str, str]:
    """The options a ruling on melds and pairs applied: the meld ones and ``joker_in_pair``."""
    return {**_meld_options(rules, tiles), "joker_in_pair": rules.choice("joker_in_pair")}


def _meld_reasons(meld: Meld, jokers: Jokers, rules: Rules) -> list[Reason]:
    kind = Code.MELD_SET if meld.kind is MeldKind.SET else Code.MELD_RUN
    reasons = [reason(kind, "402", meld.tiles, value=meld.value)]
    if meld.kind is MeldKind.RUN and any(p == 14 for p in meld.positions):
        reasons.append(reason(Code.ONE_AFTER_THIRTEEN, "407", meld.faces))
    for tile, face in meld.stand_ins():  # a fake joker's stand-in is among them, once
        code = Code.FAKE_STANDS_FOR if tile.is_fake else Code.JOKER_STANDS_FOR
        reasons.append(reason(code, "303" if tile.is_fake else "301", [tile, face]))
    return reasons


def _value_reasons(meld: Meld, rules: Rules) -> list[Reason]:
    """In 101 Okey, where a meld's value counts towards opening, what it is worth and why
    (408): its numbers summed, a wild tile counting as the one it stands for."""
    if rules.variant is not Variant.OKEY_101:
        return []
    return [reason(Code.MELD_VALUE, "408", meld.tiles, value=meld.value)]


def _okey_reasons(indicator: Tile | None, jokers: Jokers, tiles: Sequence[Tile]) -> list[Reason]:
    """Where an okey that the indicator 13 makes a 1 is among the tiles, say so (801)."""
    if indicator is None or indicator.number != 13 or jokers.okey is None \
            or not any(jokers.is_wild(t) and not t.is_fake for t in tiles):
        return []
    return [reason(Code.OKEY_WRAPS_TO_ONE, "801", [indicator, jokers.okey])]


def _citing_801(result: Ruling, indicator: Tile | None, jokers: Jokers,
                tiles: Sequence[Tile]) -> Ruling:
    """The ruling, citing 801 too where an okey that an indicator 13 makes a 1 is among the
    tiles it rules on."""
    extra = _okey_reasons(indicator, jokers, tiles)
    return replace(result, reasons=(*result.reasons, *extra)) if extra else result


_PROBLEM_RULES = {
    "too_few_tiles": "403",
    "set_too_large": "402",
    "set_repeats_colour": "404",
    # 404 lists every invalid meld (402 says so): a colour twice, mixed colours, a gap
    "mixed": "404",
    "run_gap": "404",
    "run_duplicate": "404",
    "run_too_long": "402",
}


def _problem_reasons(problems: Sequence[str], tiles: Sequence[Tile], rules: Rules,
                     jokers: Jokers | None = None) -> list[Reason]:
    """Why tiles are no meld. Under the 13-1 house rule a run may end 12-13-1, so the fault
    of 13-1-2 is running past the 1 (407), not the 13-1 itself; 404, which lists 13-1-2
    among the invalid melds of both variants, is cited beside it. A fake joker in the tiles
    is read as the okey's tile (303), which decides the ruling, so that is said too."""
    wrap_allowed = rules.wrap_13_1 is Wrap.AFTER_13
    found = []
    for problem in problems:
        if problem == "wraps_13_1" and wrap_allowed:
            found += [reason(Code.RUN_PAST_ONE, "407", tiles),
                      reason(Code.PAST_ONE_LISTED, "404")]
        elif problem == "wraps_13_1":
            found.append(reason(Code.WRAPS_13_1, "404", tiles))
        else:
            found.append(reason(Code(problem), _PROBLEM_RULES[problem], tiles))
    if jokers is not None and jokers.okey is not None:
        for tile in dict.fromkeys(t for t in tiles if t.is_fake):
            found.append(reason(Code.FAKE_STANDS_FOR, "303", [tile, jokers.face(tile)]))
    return found


def _meld_json(meld: Meld) -> dict[str, object]:
    return {
        "kind": meld.kind.value,
        "tiles": [str(t) for t in meld.tiles],
        "stands_for": [str(f) for f in meld.faces],
        "value": meld.value,
    }


def _jokers_ruling_on(tiles: Sequence[Tile], indicator: Tile | None, rules: Rules) -> Jokers:
    """The jokers for a check on tiles given with or without an indicator, after checking
    the tiles could all exist: without one no tile is wild, and a fake joker among them
    cannot be read (``indicator_needed``)."""
    if indicator is None:
        check_physical(tiles)
        jokers = Jokers.unknown()
        if any(tile.is_fake for tile in tiles):
            jokers.require_okey()
        return jokers
    jokers = jokers_for(indicator, rules, tiles)
    jokers.require_okey()
    return jokers


def check_meld(tiles: Sequence[Tile], *, indicator: Tile | None = None, rules: Rules) -> Ruling:
    """Is this a set or a run (402-404, 407)? Returns its kind, the jokers' roles and value.

    Without an indicator no tile is wild, and a fake joker cannot be read.
    """
    jokers = _jokers_ruling_on(tiles, indicator, rules)
    meld, problems = read_meld(tiles, jokers, rules)
    options = _meld_options(rules, tiles)
    if meld is None:
        return ruling("meld", Verdict.INVALID,
                      _problem_reasons(problems, tiles, rules, jokers)
                      + _okey_reasons(indicator, jokers, tiles),
                      {"valid": False, "value": 0, "kind": None}, options)
    return ruling("meld", Verdict.VALID,
                  _meld_reasons(meld, jokers, rules) + _value_reasons(meld, rules)
                  + _okey_reasons(indicator, jokers, tiles),
                  {"valid": True, **_meld_json(meld)}, options)


PAIR_USE = {Variant.OKEY_101: (Code.PAIR_OPENS_101, "501"),
            Variant.PLAIN: (Code.PAIR_WINS_PLAIN, "504")}
"""What a pair is good for in each variant: five open in 101 Okey, seven win plain Okey."""


def check_pair(tiles: Sequence[Tile], *, indicator: Tile | None = None, rules: Rules) -> Ruling:
    """Are these two tiles a pair (506): the same number and colour, or, where the table lets
    a joker complete one (``joker_in_pair``), any tile with an okey? A valid pair also says
    what pairs are for in the variant (501, 504).

    Without an indicator no tile is wild, and a fake joker cannot be read.

    >>> from referee.tiles import parse_tiles
    >>> okey_y4 = parse_tiles("R5 Y4")  # the indicator R4 makes R5 the okey
    >>> [check_pair(okey_y4, indicator=Tile.parse("R4"), rules=Rules.preset(v)).verdict.value
    ...  for v in ("101", "plain")]
    ['invalid', 'valid']
    """
    require_count(tiles, (2,), "a pair")
    first, second = tiles
    jokers = _jokers_ruling_on(tiles, indicator, rules)
    wild = wild_pairs(rules)
    options = {"joker_in_pair": rules.choice("joker_in_pair")}
    if first.is_fake or second.is_fake:
        options["fake_joker_role"] = rules.choice("fake_joker_role")
    joker = first != second and (jokers.is_wild(first) or jokers.is_wild(second))
    fakes = [reason(Code.FAKE_STANDS_FOR, "303", [tile, jokers.face(tile)])
             for tile in dict.fromkeys(tiles) if tile.is_fake and not jokers.is_wild(tile)]
    faces = [jokers.face(t) for t in tiles]
    if not is_pair(first, second, jokers, wild):
        code = Code.NOT_A_PAIR_NO_JOKER if joker else Code.NOT_A_PAIR
        return _citing_801(ruling("pair", Verdict.INVALID, [reason(code, "506", tiles), *fakes],
                                  {"valid": False, "joker": False,
                                   "stands_for": [str(f) for f in faces]}, options),
                           indicator, jokers, tiles)
    if joker:  # the okey first, standing for the other tile
        wild_one, other = (first, second) if jokers.is_wild(first) else (second, first)
        said = reason(Code.PAIR_JOKER, "506", [wild_one, other])
        faces = [jokers.face(other)] * 2
    else:
        said = reason(Code.PAIR_SAME, "506", tiles)
    use, rule = PAIR_USE[rules.variant]
    return _citing_801(ruling("pair", Verdict.VALID, [said, *fakes, reason(use, rule)],
                              {"valid": True, "joker": joker,
                               "stands_for": [str(f) for f in faces]}, options),
                       indicator, jokers, tiles)


def _pairs_problems(
    pairs: Sequence[Sequence[Tile]], jokers: Jokers, rules: Rules
) -> list[Reason]:
    code = Code.NOT_A_PAIR if wild_pairs(rules) else Code.NOT_A_PAIR_NO_JOKER
    return [reason(code, "506", pair)
            for pair in pairs
            if len(pair) != 2 or not is_pair(pair[0], pair[1], jokers, wild=wild_pairs(rules))]


def check_opening(
    melds: Sequence[Sequence[Tile]] = (),
    pairs: Sequence[Sequence[Tile]] = (),
    *,
    indicator: Tile,
    rules: Rules,
) -> Ruling:
    """Are these melds worth 101 together (401), or these at least five pairs (501)?

    Laying down short is penalised with 101 and the tiles go back (701).
    """
    require_variant(rules, Variant.OKEY_101, "opening")
    if bool(melds) == bool(pairs):
        raise RuleViolation("give either melds or pairs", code="melds_or_pairs")
    every = [t for group in (*melds, *pairs) for t in group]
    jokers = jokers_for(indicator, rules, every)
    jokers.require_okey()
    return _citing_801(_opening_ruling(melds, pairs, every, jokers, rules), indicator, jokers,
                       every)


def _opening_ruling(melds: Sequence[Sequence[Tile]], pairs: Sequence[Sequence[Tile]],
                    every: Sequence[Tile], jokers: Jokers, rules: Rules) -> Ruling:
    options = _pair_options(rules, every) if pairs else _meld_options(rules, every)
    if pairs:
        bad = _pairs_problems(pairs, jokers, rules)
        count = len(pairs) - len(bad)
        enough = not bad and count >= OPENING_PAIRS
        pair_reasons = bad + [reason(Code.PAIRS_ENOUGH if enough else Code.PAIRS_TOO_FEW, "501",
                                count=count, needed=OPENING_PAIRS)]
        if not enough:
            pair_reasons.append(reason(Code.OPENING_SHORT_PENALTY, "701", penalty=PENALTY))
        return ruling("opening", Verdict.VALID if enough else Verdict.INVALID, pair_reasons,
                      {"valid": enough, "pairs": count, "value": 0,
                       "penalty": 0 if enough else PENALTY}, options)
    reasons = []
    total = 0
    read: list[dict[str, object]] = []
    all_valid = True
    for index, tiles in enumerate(melds):
        meld, problems = read_meld(tiles, jokers, rules)
        if meld is None:
            all_valid = False
            reasons.append(reason(Code.OPENING_INVALID_MELD, "402", tiles, index=index + 1))
            reasons += _problem_reasons(problems, tiles, rules)
            read.append({"valid": False, "tiles": [str(t) for t in tiles]})
        else:
            total += meld.value
            read.append({"valid": True, **_meld_json(meld)})
    valid = all_valid and total >= OPENING_THRESHOLD
    code = Code.OPENING_REACHES if valid else Code.OPENING_SHORT
    reasons.insert(0, reason(code, "401", value=total, needed=OPENING_THRESHOLD))
    if not valid:
        reasons.append(reason(Code.OPENING_SHORT_PENALTY, "701", value=total, penalty=PENALTY))
    return ruling("opening", Verdict.VALID if valid else Verdict.INVALID, reasons,
                  {"valid": valid, "value": total, "melds": read,
                   "penalty": 0 if valid else PENALTY}, options)


def _opening_summary(solution: Solution, pairs: Sequence[Pair]) -> dict[str, object]:
    by_melds = solution.value >= OPENING_THRESHOLD
    by_pairs = len(pairs) >= OPENING_PAIRS
    return {
        "best_value": solution.value,
        "can_open": by_melds or by_pairs,
        "opens_with": "melds" if by_melds else "pairs" if by_pairs else None,
        "melds": [_meld_json(m) for m in solution.melds],
        "leftover": [str(t) for t in solution.leftover],
        "pairs": len(pairs),
        "pair_tiles": [[str(a), str(b)] for a, b in pairs],
    }


def _opening_reasons(summary: dict[str, object], solution: Solution) -> list[Reason]:
    reasons = [reason(Code.BEST_OPENING, "401", value=solution.value, needed=OPENING_THRESHOLD)]
    if summary["opens_with"] == "melds":
        reasons.append(reason(Code.CAN_OPEN_MELDS, "401", value=solution.value))
    elif summary["opens_with"] == "pairs":
        reasons.append(reason(Code.CAN_OPEN_PAIRS, "501", count=summary["pairs"]))
    else:
        reasons.append(reason(Code.CANNOT_OPEN, "401", value=solution.value,
                              count=summary["pairs"]))
    return reasons


RACK_SIZES = (21, 22)
"""A whole 101 rack: 21 tiles, 22 for the player who starts (202)."""
HAND = max(RACK_SIZES)
"""The tiles a player holds in their turn, after drawing: every turn ends with a discard
(104), so at most ``HAND - 1`` of them are laid, and ``PAIRS_LAID`` pairs."""
PAIRS_LAID = (HAND - 1) // 2


def _best_keeping_a_discard(tiles: Sequence[Tile], jokers: Jokers, rules: Rules,
                            hand: int) -> tuple[Solution, int | None]:
    """The most valuable melds of ``tiles`` that leave a tile of a ``hand`` to discard (104),
    and the value of the best melds had none been kept back, when that was more.

    A hand short of ``HAND`` keeps the tile it draws next; a whole one keeps one of its own.
    Exact: when the best melds lay every tile, the best of the tiles less one tile, each kind
    of tile in turn.

    >>> from referee.tiles import parse_tiles
    >>> rules = Rules.preset("101")
    >>> jokers = Jokers.from_indicator(Tile.parse("B10"), rules)
    >>> rack = parse_tiles("R2 Y2 B2 K2 R4 R5 R6 Y4 Y5 Y6 B4 B5 B6 K4 K5 K6 R5 Y5 B5 K5 K6 K7")
    >>> best, every = _best_keeping_a_discard(rack, jokers, rules, len(rack))
    >>> best.value, [str(t) for t in best.leftover], every
    (99, ['R2'], 101)
    """
    solution = best_melds(tiles, jokers, rules)
    if hand < HAND or solution.leftover or not tiles:
        return solution, None
    best: Solution | None = None
    for kept in dict.fromkeys(tiles):
        rest = list(tiles)
        rest.remove(kept)
        found = best_melds(rest, jokers, rules)
        if best is None or found.value > best.value:
            best = Solution(found.melds, found.value, (*found.leftover, kept))
    assert best is not None
    return best, solution.value if solution.value > best.value else None


def check_best_opening(tiles: Sequence[Tile], *, indicator: Tile, rules: Rules) -> Ruling:
    """The most valuable opening these tiles can lay, and whether it reaches 101 (401) or
    five pairs (501). Exact: the solver searches every combination of melds.

    A whole rack is 21 or 22 tiles; fewer (1 to 20) are ruled as given ("what can I open
    with these?"), and the ruling says that the answer is for those tiles only."""
    require_variant(rules, Variant.OKEY_101, "best_opening")
    require_count(tiles, range(1, max(RACK_SIZES) + 1), "a 101 rack")
    jokers = jokers_for(indicator, rules, tiles)
    jokers.require_okey()
    solution, every = _best_keeping_a_discard(tiles, jokers, rules, len(tiles))
    pairs = most_pairs(tiles, jokers, wild=wild_pairs(rules))[:PAIRS_LAID]
    summary = _opening_summary(solution, pairs)
    used = [t for meld in solution.melds for t in meld.tiles]
    partial = len(tiles) not in RACK_SIZES
    summary["tiles_given"] = len(tiles)
    summary["partial"] = partial
    reasons = _opening_reasons(summary, solution) + _okey_reasons(indicator, jokers, used)
    if every is not None:
        reasons.insert(1, reason(Code.KEEPS_DISCARD, "104", value=every, kept=solution.value))
    if partial:
        reasons.insert(0, reason(Code.PARTIAL_RACK, "401", count=len(tiles)))
    return ruling("best_opening", Verdict.VALID if summary["can_open"] else Verdict.INVALID,
                  reasons, summary, _pair_options(rules, tiles))


def check_winning_hand(tiles: Sequence[Tile], *, indicator: Tile, rules: Rules) -> Ruling:
    """Can these 14 tiles all go into melds (607), or make seven pairs (504)?"""
    require_variant(rules, Variant.PLAIN, "winning_hand")
    require_count(tiles, (14,), "a winning hand")
    jokers = jokers_for(indicator, rules, tiles)
    jokers.require_okey()
    return _citing_801(_winning_ruling(tiles, jokers, rules), indicator, jokers, tiles)


def _winning_ruling(tiles: Sequence[Tile], jokers: Jokers, rules: Rules) -> Ruling:
    options = _pair_options(rules, tiles)
    solution = most_tiles_in_melds(tiles, jokers, rules)
    if solution.value == len(tiles):
        reasons = [reason(Code.WINNING_MELDS, "607", count=len(solution.melds))]
        reasons += [r for m in solution.melds for r in _meld_reasons(m, jokers, rules)]
        return ruling("winning_hand", Verdict.VALID, reasons,
                      {"winning": True, "kind": "melds",
                       "melds": [_meld_json(m) for m in solution.melds]}, options)
    pairs = most_pairs(tiles, jokers, wild=wild_pairs(rules))
    if len(pairs) == 7:
        return ruling("winning_hand", Verdict.VALID, [reason(Code.WINNING_PAIRS, "504")],
                      {"winning": True, "kind": "pairs",
                       "pairs": [[str(a), str(b)] for a, b in pairs]}, options)
    return ruling("winning_hand", Verdict.INVALID,
                  [reason(Code.NOT_WINNING, "607", solution.leftover, count=len(solution.leftover)),
                   reason(Code.NOT_SEVEN_PAIRS, "504", count=len(pairs))],
                  {"winning": False, "kind": None,
                   "melds": [_meld_json(m) for m in solution.melds],
                   "leftover": [str(t) for t in solution.leftover], "pairs": len(pairs)}, options)


def _fits_table(tile: Tile, table: Sequence[Meld], jokers: Jokers, rules: Rules,
                options: dict[str, str]) -> list[Reason]:
    """How a tile could be played onto the table's melds: extending one (702), or taking the
    place of a joker in one (302, and işlek only under the ``islek_okey_swap`` house rule).

    A joker laid in a meld stands for one tile (302), so the meld is extended as the tiles
    its members stand for: the joker is never moved to another place to let a tile in.
    """
    found: list[Reason] = []
    for fit in fits(tile, [(m.tiles, m.faces) for m in table], jokers, rules):
        meld = table[fit.meld]
        if fit.how is How.EXTENDS:
            found.append(reason(Code.ISLEK_EXTENDS, "702", [tile, *meld.tiles],
                                meld=fit.meld + 1))
            continue
        options["islek_okey_swap"] = rules.choice("islek_okey_swap")
        if rules.islek_okey_swap is IslekOkeySwap.COUNTS:
            found.append(reason(Code.ISLEK_REPLACES_JOKER, "302", [tile, fit.okey],
                                meld=fit.meld + 1, option="islek_okey_swap"))
    if found and tile.is_fake and not jokers.is_wild(tile):  # its stand-in decided it (303)
        found.append(reason(Code.FAKE_STANDS_FOR, "303", [tile, jokers.face(tile)]))
    return found


def _read_table(table: Sequence[Sequence[Tile]], jokers: Jokers, rules: Rules) -> list[Meld]:
    melds = []
    for index, tiles in enumerate(table):
        meld, _ = read_meld(tiles, jokers, rules)
        if meld is None:
            raise RuleViolation(f"table meld {index + 1} is not a valid meld",
                                code="bad_table_meld", subject=" ".join(map(str, tiles)))
        melds.append(meld)
    return melds


def check_discard(
    tile: Tile,
    table: Sequence[Sequence[Tile]] = (),
    *,
    indicator: Tile,
    rules: Rules,
    finishing: bool = False,
) -> Ruling:
    """Is this discard işlek, i.e. playable on a table meld (702)? Discarding the okey is
    forbidden except to finish (703). A finishing player's last tile per house rule (707)."""
    require_variant(rules, Variant.OKEY_101, "discard")
    every = [tile, *(t for meld in table for t in meld)]
    jokers = jokers_for(indicator, rules, every)
    jokers.require_okey()
    melds = _read_table(table, jokers, rules)
    return _citing_801(_discard_ruling(tile, table, melds, jokers, rules, finishing),
                       indicator, jokers, [tile])


def _discard_ruling(tile: Tile, table: Sequence[Sequence[Tile]], melds: Sequence[Meld],
                    jokers: Jokers, rules: Rules, finishing: bool) -> Ruling:
    options = _meld_options(rules, [tile, *(t for meld in table for t in meld)])
    if jokers.is_wild(tile):
        if finishing:
            return ruling("discard", Verdict.ALLOWED,
                          [reason(Code.OKEY_DISCARD_FINISH, "602", [tile])],
                          {"allowed": True, "playable": False, "penalty": 0, "okey": True}, options)
        # An okey that a table meld could take is işlek like any tile (702); 703 adds the
        # penalty for the case 702 cannot reach, no meld on the table yet (a house rule).
        fits = _fits_table(tile, melds, jokers, rules, options)
        forbidden = reason(Code.OKEY_DISCARD_FORBIDDEN, "703", [tile])
        if fits:
            reasons = [forbidden, reason(Code.ISLEK_PENALTY, "702", [tile], penalty=PENALTY),
                       *fits]
            return ruling("discard", Verdict.PENALTY, reasons,
                          {"allowed": False, "playable": True, "penalty": PENALTY, "okey": True},
                          options)
        options["okey_discard"] = rules.choice("okey_discard")
        charged = rules.okey_discard is OkeyDiscard.PENALTY_IF_NO_MELDS and not table
        code = Code.OKEY_DISCARD_PENALTY if charged else Code.OKEY_DISCARD_NO_PENALTY
        reasons = [forbidden, reason(code, "703", [tile], penalty=PENALTY if charged else 0,
                                     melds=len(table))]
        return ruling("discard", Verdict.PENALTY if charged else Verdict.NOT_ALLOWED, reasons,
                      {"allowed": False, "playable": False, "penalty": PENALTY if charged else 0,
                       "okey": True}, options)
    found = _fits_table(tile, melds, jokers, rules, options)
    last_fake = [reason(Code.FAKE_LAST_DISCARD, "803", [tile])] \
        if finishing and tile.is_fake else []
    if not found:
        swap = [reason(Code.ISLEK_SWAP_NOT_COUNTED, "302", [tile])] \
            if options.get("islek_okey_swap") == IslekOkeySwap.EXTENDS_ONLY.value else []
        return ruling("discard", Verdict.NO_PENALTY,
                      [reason(Code.NOT_ISLEK, "702", [tile]), *swap, *last_fake],
                      {"allowed": True, "playable": False, "penalty": 0, "okey": False}, options)
    penalty = PENALTY
    reasons = list(found)
    if finishing:
        options["islek_last_tile"] = rules.choice("islek_last_tile")
        if rules.islek_last_tile is IslekLastTile.EXEMPT:
            penalty = 0
            reasons.append(reason(Code.ISLEK_LAST_TILE_EXEMPT, "707", [tile]))
        else:
            reasons.append(reason(Code.ISLEK_LAST_TILE_PENALISED, "707", [tile], penalty=PENALTY))
    else:
        reasons.insert(0, reason(Code.ISLEK_PENALTY, "702", [tile], penalty=PENALTY))
    reasons += last_fake
    return ruling("discard", Verdict.PENALTY if penalty else Verdict.NO_PENALTY, reasons,
                  {"allowed": True, "playable": True, "penalty": penalty, "okey": False}, options)


def _melds_with(tile: Tile, rack: Sequence[Tile], jokers: Jokers, rules: Rules) -> list[Meld]:
    """Every meld that uses ``tile`` plus tiles of the rack (taken by face, jokers by count)."""
    face = jokers.face(tile)
    assert face.color is not None
    by_face: dict[Tile, list[Tile]] = {}
    wilds = [t for t in rack if jokers.is_wild(t)]
    for t in rack:
        if not jokers.is_wild(t):
            by_face.setdefault(jokers.face(t), []).append(t)
    found: list[Meld] = []

    def fill(faces: Sequence[Tile | None]) -> list[Tile] | None:
        taken: dict[Tile, int] = {}
        tiles: list[Tile] = []
        free = list(wilds)
        for f in faces:
            if f is None:
                tiles.append(tile)
                continue
            have = by_face.get(f, [])
            if taken.get(f, 0) < len(have):
                tiles.append(have[taken.get(f, 0)])
                taken[f] = taken.get(f, 0) + 1
            elif free:
                tiles.append(free.pop())
            else:
                return None
        return tiles

    others = [c for c in COLORS if c != face.color]
    for size in (2, 3):
        for colours in combinations(others, size):
            tiles = fill([None, *(Tile(c, face.number) for c in colours)])
            meld = read_meld(tiles, jokers, rules)[0] if tiles else None
            if meld is not None:
                found.append(meld)
    top = top_position(rules)
    positions = [face.number] + ([14] if face.number == 1 and top == 14 else [])
    for here in positions:
        for start in range(max(1, here - 12), here + 1):
            for end in range(max(here, start + 2), min(top, start + 12) + 1):
                window = [None if p == here else Tile(face.color, 1 if p == 14 else p)
                          for p in range(start, end + 1)]
                tiles = fill(window)
                if tiles:
                    meld, _ = read_meld(tiles, jokers, rules)
                    if meld is not None:
                        found.append(meld)
    return found


def _best_opening_using(
    tile: Tile, rack: Sequence[Tile], jokers: Jokers, rules: Rules
) -> tuple[int, list[Meld]]:
    """The most valuable opening from rack + tile that lays the taken tile."""
    hand = len(rack) + 1
    if jokers.is_wild(tile):  # a joker fits anywhere: the best opening lays it, if any does
        solution, _ = _best_keeping_a_discard([tile, *rack], jokers, rules, hand)
        uses = any(jokers.is_wild(t) for m in solution.melds for t in m.tiles)
        return (solution.value, list(solution.melds)) if uses else (0, [])
    best_value, best = 0, []
    for meld in _melds_with(tile, rack, jokers, rules):
        rest = list(rack)
        for t in meld.tiles:
            if t is not tile:
                rest.remove(t)
        solution, _ = _best_keeping_a_discard(rest, jokers, rules, hand)
        if meld.value + solution.value > best_value:
            best_value, best = meld.value + solution.value, [meld, *solution.melds]
    return best_value, best


def check_pickup(
    tile: Tile,
    rack: Sequence[Tile],
    *,
    indicator: Tile,
    rules: Rules,
    opened: bool = False,
    pairs_opener: bool = False,
    table: Sequence[Sequence[Tile]] | None = None,
) -> Ruling:
    """May a player take the previous player's discard? Before opening, only to open at once
    with it (406): 101 in melds, or five pairs, using that tile. After opening, only to use
    it this turn (405, 406): on a meld on the table (at an end, or in the place of an okey,
    302), or, for a melds opener, in a new meld with tiles of the rack (a pairs opener lays
    no new meld, 502). Taking it anyway is penalised per the house rule (705, or none per
    708). ``pairs_opener``: the player opened with pairs; ``table``: the melds laid, if
    known; without it an opened player is told to use the tile, not whether they can."""
    require_variant(rules, Variant.OKEY_101, "pickup")
    if not opened:  # an opened player's rack has shrunk by what they laid down
        require_count(rack, (21,), "a rack before taking the discard")
    every = [tile, *rack, *(t for meld in table or () for t in meld)]
    jokers = jokers_for(indicator, rules, every)
    jokers.require_okey()
    if opened:  # an opened player's melds are on the table: an empty table is not known
        return _pickup_opened(tile, rack, jokers, rules, pairs_opener, table or None)
    options = {**_pair_options(rules, [tile, *rack]), "failed_pickup": rules.choice("failed_pickup")}
    value, melds = _best_opening_using(tile, rack, jokers, rules)
    pairs = most_pairs_using(tile, rack, jokers, wild=wild_pairs(rules))[:PAIRS_LAID]
    by_pairs = len(pairs) >= OPENING_PAIRS
    result: dict[str, object] = {"must_open": True, "value": value,
                                 "melds": [_meld_json(m) for m in melds] if value >= OPENING_THRESHOLD else [],
                                 "pairs": len(pairs) if by_pairs else 0}
    if value >= OPENING_THRESHOLD or by_pairs:
        code_rule = ("401", value) if value >= OPENING_THRESHOLD else ("501", len(pairs))
        return ruling("pickup", Verdict.ALLOWED,
                      [reason(Code.PICKUP_OPENS, "406", [tile], value=value, count=len(pairs)),
                       reason(Code.CAN_OPEN_MELDS if code_rule[0] == "401" else Code.CAN_OPEN_PAIRS,
                              code_rule[0], value=value, count=len(pairs))],
                      {"allowed": True, "penalty": 0, **result,
                       "opens_with": "melds" if value >= OPENING_THRESHOLD else "pairs"}, options)
    penalty_reason, penalty = _refused_pickup(tile, rules)
    cannot = reason(Code.PICKUP_CANNOT_OPEN, "406", [tile], value=value,
                    needed=OPENING_THRESHOLD) if melds else \
        reason(Code.PICKUP_FITS_NO_MELD, "406", [tile])
    closed = []  # a tile that fits the table is no use before opening (405)
    if table and fits(tile, [(m.tiles, m.faces) for m in _read_table(table, jokers, rules)],
                      jokers, rules):
        closed.append(reason(Code.MOVE_LAY_OFF_NOT_OPENED, "405", [tile]))
    return ruling("pickup", Verdict.NOT_ALLOWED, [cannot, *closed, penalty_reason],
                  {"allowed": False, "penalty": penalty, **result, "opens_with": None}, options)


def _refused_pickup(tile: Tile, rules: Rules) -> tuple[Reason, int]:
    """Taking a discard one may not take: 101 (705), or none under 001's reading (708)."""
    if rules.failed_pickup is FailedPickup.PENALTY:
        return reason(Code.PICKUP_PENALTY, "705", [tile], penalty=PENALTY), PENALTY
    return reason(Code.PICKUP_NO_PENALTY, "708", [tile]), 0


def _pickup_opened(tile: Tile, rack: Sequence[Tile], jokers: Jokers, rules: Rules,
                   by_pairs: bool, table: Sequence[Sequence[Tile]] | None) -> Ruling:
    """An opened player takes the discard only to use it this turn (405, 406)."""
    if table is None:  # the table is not known: say what the taker must do with it
        return ruling("pickup", Verdict.ALLOWED,
                      [reason(Code.PICKUP_OPENED, "205", [tile]),
                       reason(Code.PICKUP_MUST_USE, "406", [tile])],
                      {"allowed": True, "must_open": False, "penalty": 0})
    options: dict[str, str] = {**_meld_options(rules, [tile, *rack]),
                               "failed_pickup": rules.choice("failed_pickup")}
    melds = _read_table(table, jokers, rules)
    uses: list[dict[str, object]] = []
    reasons: list[Reason] = []
    for fit in fits(tile, [(m.tiles, m.faces) for m in melds], jokers, rules):
        if fit.how is How.EXTENDS:
            reasons.append(reason(Code.PICKUP_LAY_OFF, "405", [tile], meld=fit.meld + 1))
        else:
            reasons.append(reason(Code.PICKUP_SWAP_OKEY, "302", [tile, fit.okey],
                                  meld=fit.meld + 1))
        uses.append({"how": fit.how.value, "meld": fit.meld,
                     "tiles": [str(t) for t in fit.tiles]})
    if by_pairs:
        reasons.append(reason(Code.MOVE_PAIRS_NO_MELDS, "502"))
    elif rack:
        # a new meld that leaves a tile to discard (104)
        for meld in [m for m in _melds_with(tile, rack, jokers, rules)
                     if len(m.tiles) - 1 < len(rack)][:1]:
            reasons.append(reason(Code.PICKUP_NEW_MELD, "405", [tile], meld=str(meld)))
            uses.append({"how": "new_meld", "meld": None, "tiles": [str(t) for t in meld.tiles]})
    result: dict[str, object] = {"must_open": False, "uses": uses}
    if uses:
        return ruling("pickup", Verdict.ALLOWED,
                      [reason(Code.PICKUP_OPENED, "205", [tile]), *reasons],
                      {"allowed": True, "penalty": 0, **result}, options)
    unknown_rack = not rack and not by_pairs
    refused, penalty = _refused_pickup(tile, rules)
    no_use = Code.PICKUP_NO_USE_TABLE if unknown_rack else Code.PICKUP_NO_USE
    return ruling("pickup", Verdict.NOT_ALLOWED,
                  [reason(no_use, "406", [tile]), *reasons, refused],
                  {"allowed": False, "penalty": penalty, **result}, options)
