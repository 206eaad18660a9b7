"""A demo game: random legal orders played through the game master's commands.

``make run`` (``machiavelli demo``) creates a game of the classic 1454 scenario in
a temporary directory and plays a few phases the way a game master would: it
stores each power's orders with ``machiavelli orders`` and processes the phase
with ``machiavelli process``, printing every command and every report.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path

from machiavelli.board import Board
from machiavelli.legality import legal_orders
from machiavelli.notation import format_order
from machiavelli.orders import Convert, Convoy, Move, Order, SupportHold, SupportMove
from machiavelli.scenario import scenario_board
from machiavelli.state import State
from machiavelli.store import GameDir


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


def run_demo(echo: Callable[[str], None], seed: int = 1454, phases: int = 8) -> None:
    """A short game of the classic 1454 scenario, played through the game master's commands."""
    from machiavelli.cli import main  # the same commands a game master types

    def command(*args: str) -> None:
        echo("$ machiavelli " + " ".join(args))
        try:
            main.main(list(args), prog_name="machiavelli", standalone_mode=False)
        except SystemExit as done:  # `orders` exits 1 when it refused a line
            if done.code not in (0, 1, None):
                raise
        echo("")

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        game = str(Path(folder) / "demo-game")
        command("new", "classic_1454", game, "--seed", str(seed))
        for _ in range(phases):
            settings, state = GameDir(game).open()
            board = scenario_board(settings.scenario, settings.players)
            for power, orders in random_phase_orders(board, state, rng).items():
                if not orders:
                    continue
                path = Path(folder) / f"{power}.txt"
                path.write_text("".join(format_order(o) + "\n" for o in orders))
                command("orders", game, power, str(path))
            command("process", game)
        command("history", game)
