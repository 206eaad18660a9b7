"""Random legal orders for the units: what benches, demos and soak tests play.

:func:`uniform_orders` draws one legal order per unit uniformly;
:func:`random_phase_orders` plays more like people: mostly moves, and supports
that match orders actually given.  Money orders are :mod:`machiavelli.game.random_orders`'.
"""

from __future__ import annotations

import random

from machiavelli.core.board import Board
from machiavelli.core.orders import Convert, Convoy, Move, Order, SupportHold, SupportMove
from machiavelli.core.state import State
from machiavelli.movement.legal_lists import legal_orders


def uniform_orders(board: Board, state: State, rng: random.Random) -> dict[str, list[Order]]:
    """One legal order, drawn uniformly, for every unit (or build) of every power."""
    return {
        power: [rng.choice(opts) for key, opts in sorted(legal_orders(board, state, power).items())
                if key[0] != "ally" and opts]
        for power in state.powers
    }


def random_phase_orders(board: Board, state: State, rng: random.Random) -> dict[str, list[Order]]:
    """Random legal orders that look like play: mostly moves, and supports that match.

    In a movement phase each unit first gets a hold, move, conversion or siege
    order; then about a third of the units switch to supporting an order actually
    given.  In other phases each choice is a random legal one.
    """
    if state.phase != "movement":
        return uniform_orders(board, state, rng)
    legal = {power: legal_orders(board, state, power) for power in state.powers}
    chosen: dict[tuple[str, ...], tuple[str, Order]] = {}
    for power, options in legal.items():
        for key, opts in sorted(options.items()):
            own = [o for o in opts if not isinstance(o, SupportHold | SupportMove | Convoy)]
            if key[0] == "unit" and own:
                moves = [o for o in own if isinstance(o, Move)]
                pick = rng.choice(moves) if moves and rng.random() < 0.6 else rng.choice(own)
                chosen[key] = (power, pick)
    for power, options in legal.items():
        for key, opts in sorted(options.items()):
            if key not in chosen or rng.random() > 0.35:
                continue
            helpful = [o for o in opts if _supports_given(o, chosen)]
            if helpful:
                chosen[key] = (power, rng.choice(helpful))
    orders: dict[str, list[Order]] = {power: [] for power in state.powers}
    for power, order in chosen.values():
        orders[power].append(order)
    return orders


def _supports_given(order: Order, chosen: dict[tuple[str, ...], tuple[str, Order]]) -> bool:
    if not isinstance(order, SupportHold | SupportMove):
        return False
    target = order.target
    key = ("unit", target.province, "G" if target.kind == "G" else "AF")
    if key not in chosen:
        return False
    given = chosen[key][1]
    if isinstance(order, SupportHold):
        return not isinstance(given, Move | Convert)
    return isinstance(given, Move) and given.dest == order.dest
