"""Random legal rounds played by the engine itself, for property tests and examples.

A simple player: draw from the deck; open with the best melds once they reach 101 (401);
once opened, lay off every tile that fits (405) and lay down new melds; discard a tile that
is neither işlek (702) nor the okey (703); swap out table okeys it can (302);
finish when one tile is left. If it is left with only işlek tiles it stops: the log then
ends mid-round. Every move goes
through :func:`referee.round.play`, so a generated round is legal by construction unless the
engine itself disagrees with its own rulings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from referee.checks import OPENING_THRESHOLD, jokers_for
from referee.deal import FULL_SET
from referee.errors import OkeyError
from referee.options import Rules
from referee.round import Move, MoveKind, MoveRuling, RoundState, play
from referee.solver import best_melds
from referee.tiles import Tile


def random_round(seed: int, rules: Rules, players: int = 4,
                 max_turns: int = 200) -> tuple[RoundState, list[Move]]:
    """A dealt round (known racks) and a legal move log played from it by ``seed``."""
    rng = random.Random(seed)
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    indicator = next(t for t in tiles if not t.is_fake)
    tiles.remove(indicator)
    racks = [tiles[:22]] + [tiles[22 + 21 * i: 43 + 21 * i] for i in range(players - 1)]
    deck = tiles[22 + 21 * (players - 1):]
    assert len(deck) == 106 - 1 - (21 * players + 1)
    start = RoundState.start(players=players, indicator=indicator, racks=racks)
    state, moves = start, []
    for _ in range(max_turns):
        if state.over:
            break
        if not state.drawn:
            if not deck:
                moves.append(Move(MoveKind.DECK_OUT, state.turn))
                state = _apply(state, moves[-1], rules)
                break
            moves.append(Move(MoveKind.DRAW, state.turn, (deck.pop(),)))
            state = _apply(state, moves[-1], rules)
        state = _lay(state, moves, rules)
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


def _lay(state: RoundState, moves: list[Move], rules: Rules) -> RoundState:
    player = state.turn
    seat = state.seats[player]
    assert seat.rack is not None and state.indicator is not None
    jokers = jokers_for(state.indicator, rules, seat.rack)
    solution = best_melds(seat.rack, jokers, rules)
    keep_one = len(seat.rack) - sum(len(m.tiles) for m in solution.melds) >= 1
    if seat.opened is None and solution.value >= OPENING_THRESHOLD and keep_one:
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
