"""Random legal rounds played by the engine itself, for property tests and examples.

A simple player: take the discard when it can use it at once (406: to open with it, or to
lay it on the table), else draw from the deck; open with the best melds once they reach 101
(401), or with five pairs or more when the melds fall short (501); once opened, lay off every
tile that fits (405), lay down new melds (not after a pairs opening, 502) and swap out table
okeys it can (302); discard a tile that is neither işlek (702) nor the okey (703); finish
when one tile is left. If it is left with only işlek tiles it stops: the log then
ends mid-round. Every move goes
through :func:`referee.round.play`, so a generated round is legal by construction unless the
engine itself disagrees with its own rulings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from referee.checks import OPENING_PAIRS, OPENING_THRESHOLD, jokers_for
from referee.deal import FULL_SET
from referee.errors import OkeyError
from referee.jokers import Jokers
from referee.options import Rules
from referee.pairs import most_pairs, wild_pairs
from referee.round import Move, MoveKind, MoveRuling, RoundState, play
from referee.solver import best_melds
from referee.tiles import Tile


def random_round(seed: int, rules: Rules, players: int = 4, max_turns: int = 200,
                 pairs: int = 0) -> tuple[RoundState, list[Move]]:
    """A dealt round (known racks) and a legal move log played from it by ``seed``.

    ``pairs``: deal each rack that many pairs at least (both copies of a tile), so that
    pairs openings (501), pairs finishes (603) and cancelled rounds (503) come up."""
    rng = random.Random(seed)
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    indicator = next(t for t in tiles if not t.is_fake)
    tiles.remove(indicator)
    racks = _deal(tiles, players, pairs)
    deck = tiles
    assert len(deck) == 106 - 1 - (21 * players + 1)
    start = RoundState.start(players=players, indicator=indicator, racks=racks)
    state, moves = start, []
    for _ in range(max_turns):
        if state.over:
            break
        if not state.drawn:
            took = _take(state, rules) if state.discards and rng.random() < 0.8 else None
            if took is not None:
                state, laid = took
                moves += laid
            elif not deck:
                moves.append(Move(MoveKind.DECK_OUT, state.turn))
                state = _apply(state, moves[-1], rules)
                break
            else:
                moves.append(Move(MoveKind.DRAW, state.turn, (deck.pop(),)))
                state = _apply(state, moves[-1], rules)
        state = _lay(state, moves, rules)
        if state.added and state.taken is None and rng.random() < 0.2:
            index, tile = state.added[-1]  # the last tile added may be taken back (704)
            moves.append(Move(MoveKind.TAKE_BACK, state.turn, (tile,), meld=index))
            state = _apply(state, moves[-1], rules)
        after = _end_turn(state, moves, rules, rng)
        if after is None:  # this simple player has no penalty-free discard: stop here
            break
        state = after
    return start, moves


def _apply(state: RoundState, move: Move, rules: Rules) -> RoundState:
    result = play(state, move, rules)
    if not result.legal:
        raise AssertionError(f"the engine refused its own move {move}: {result.reasons}")
    return result.state


def _try(state: RoundState, move: Move, rules: Rules) -> MoveRuling:
    try:
        return play(state, move, rules)
    except OkeyError:
        raise AssertionError(f"the engine could not rule on its own move {move}") from None


def _deal(tiles: list[Tile], players: int, pairs: int) -> list[list[Tile]]:
    """Deal 22 tiles to the first player and 21 to the others from the shuffled ``tiles``
    (what is left is the deck), each rack holding ``pairs`` pairs first."""
    racks: list[list[Tile]] = []
    for size in [22] + [21] * (players - 1):
        rack: list[Tile] = []
        for tile in list(tiles):
            if len(rack) < 2 * pairs and not tile.is_fake and tile not in rack \
                    and tiles.count(tile) == 2:
                rack += [tile, tile]
                tiles.remove(tile)
                tiles.remove(tile)
        rest = size - len(rack)
        rack += tiles[:rest]
        del tiles[:rest]
        racks.append(rack)
    return racks


def _take(state: RoundState, rules: Rules) -> tuple[RoundState, list[Move]] | None:
    """Take the discard, if laying down this turn uses it (406); ``None`` if it would not."""
    moves = [Move(MoveKind.TAKE, state.turn, (state.discards[-1],))]
    after = _apply(state, moves[0], rules)
    after = _lay(after, moves, rules)
    return (after, moves) if after.taken_used else None


def _pairs(rack: Sequence[Tile], jokers: Jokers, rules: Rules) -> tuple[tuple[Tile, ...], ...]:
    """As many pairs as the rack makes, keeping one tile back to discard."""
    pairs = most_pairs(rack, jokers, wild=wild_pairs(rules))
    if 2 * len(pairs) >= len(rack):
        pairs = pairs[:-1]
    return tuple(tuple(p) for p in pairs)


def _lay(state: RoundState, moves: list[Move], rules: Rules) -> RoundState:
    player = state.turn
    seat = state.seats[player]
    assert seat.rack is not None and state.indicator is not None
    jokers = jokers_for(state.indicator, rules, seat.rack)
    solution = best_melds(seat.rack, jokers, rules)
    keep_one = len(seat.rack) - sum(len(m.tiles) for m in solution.melds) >= 1
    pairs = _pairs(seat.rack, jokers, rules) if seat.opened is None else ()
    if seat.opened is None and solution.value < OPENING_THRESHOLD \
            and len(pairs) >= OPENING_PAIRS:
        move = Move(MoveKind.OPEN, player, pairs=pairs)
        if play(state, move, rules).legal:
            moves.append(move)
            state = _apply(state, move, rules)
    elif seat.opened is None and solution.value >= OPENING_THRESHOLD and keep_one:
        move = Move(MoveKind.OPEN, player, melds=tuple(m.tiles for m in solution.melds))
        if play(state, move, rules).legal:
            moves.append(move)
            state = _apply(state, move, rules)
    elif seat.opened is not None and solution.melds and keep_one:
        move = Move(MoveKind.OPEN, player, melds=tuple(m.tiles for m in solution.melds))
        if play(state, move, rules).legal:
            moves.append(move)
            state = _apply(state, move, rules)
    if state.seats[player].opened is None:
        return state
    changed = True
    while changed:
        changed = False
        rack = state.seats[player].rack or ()
        if len(rack) <= 1:
            break
        for tile in rack:
            for kind in (MoveKind.SWAP, MoveKind.LAY_OFF):
                for index in range(len(state.table)):
                    move = Move(kind, player, (tile,), meld=index)
                    if _try(state, move, rules).legal:
                        moves.append(move)
                        state = _apply(state, move, rules)
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    return state


def _end_turn(state: RoundState, moves: list[Move], rules: Rules,
              rng: random.Random) -> RoundState | None:
    player = state.turn
    rack: Sequence[Tile] = state.seats[player].rack or ()
    if len(rack) == 1 and state.seats[player].opened is not None:
        move = Move(MoveKind.FINISH, player, (rack[0],))
        if play(state, move, rules).legal and play(state, move, rules).penalty == 0:
            moves.append(move)
            return _apply(state, move, rules)
    candidates = list(rack)
    rng.shuffle(candidates)
    for tile in candidates:
        move = Move(MoveKind.DISCARD, player, (tile,))
        result = play(state, move, rules)
        if result.legal and result.penalty == 0:
            moves.append(move)
            return result.state
    return None  # every tile left is işlek or the okey
