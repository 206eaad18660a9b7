"""A demo game: random legal orders played through the judge, every phase reported.

Until the game-master commands exist (issue 4), ``make run`` shows the judge at
work this way: a year of Machiavelli from the classic 1454 start (spring, summer
and fall campaigns with their retreats) and two years of Diplomacy on the
standard map (movement, retreats and adjustments).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from machiavelli.adjustments import resolve_adjustments
from machiavelli.board import Board
from machiavelli.legality import legal_orders
from machiavelli.movement import resolve_movement
from machiavelli.notation import format_order
from machiavelli.orders import Convert, Convoy, Move, Order, SupportHold, SupportMove
from machiavelli.report import phase_report, position_text
from machiavelli.results import Adjudication
from machiavelli.retreats import resolve_retreats
from machiavelli.scenario import load_scenario
from machiavelli.state import State


def random_phase_orders(board: Board, state: State, rng: random.Random) -> dict[str, list[Order]]:
    """Random legal orders that look like play: mostly moves, and supports that match.

    In a movement phase each unit first gets a hold, move, conversion or siege
    order; then about a third of the units switch to supporting an order actually
    given.  In other phases each choice is a random legal one.
    """
    legal = {power: legal_orders(board, state, power) for power in state.powers}
    if state.phase != "movement":
        return {
            power: [rng.choice(opts) for key, opts in sorted(options.items())
                    if key[0] != "ally" and opts]
            for power, options in legal.items()
        }
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


def play(
    scenario: str,
    phases: int,
    echo: Callable[[str], None],
    seed: int = 1454,
    stop_before_adjustment: bool = False,
) -> State:
    board, state = load_scenario(scenario)
    rng = random.Random(seed)
    echo(f"=== {board.title}: {scenario} ===")
    echo(position_text(board, state))
    for _ in range(phases):
        if stop_before_adjustment and state.phase == "adjustment":
            echo("\n(The Machiavelli adjustment phase, with money, comes with the money rules.)")
            break
        orders = random_phase_orders(board, state, rng)
        echo("")
        echo(f"--- Orders for {state.label} ---")
        for power, power_orders in orders.items():
            if power_orders:
                echo(f"{power}: " + "; ".join(format_order(o) for o in power_orders))
        result = adjudicate(board, state, orders)
        echo("")
        echo(phase_report(board, state, result))
        state = result.state
    return state


def adjudicate(board: Board, state: State, orders: dict[str, list[Order]]) -> Adjudication:
    if state.phase == "movement":
        return resolve_movement(board, state, orders)
    if state.phase == "retreat":
        return resolve_retreats(board, state, orders)
    return resolve_adjustments(board, state, orders)


def run_demo(echo: Callable[[str], None], seed: int = 1454) -> None:
    play("classic_1454", 6, echo, seed, stop_before_adjustment=True)
    echo("")
    play("standard_1901", 8, echo, seed)
