"""A demo game: random legal orders played through the game master's commands.

``make run`` (``machiavelli demo``) creates a game of the classic 1454 scenario in
a temporary folder (its own database, through the judge service) and plays a few
phases the way a game master would: it stores each power's orders with ``machiavelli
orders`` and processes the phase with ``machiavelli process``, printing every command
and every report.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import click

from machiavelli.game.scenario import scenario_board
from machiavelli.movement.random_moves import random_phase_orders
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.text.notation import format_order


def run_demo(
    main: click.Command, echo: Callable[[str], None], seed: int = 1454, phases: int = 8
) -> None:
    """A short game of the classic 1454 scenario, played through the game master's commands.

    ``main`` is the ``machiavelli`` command itself: the demo types what a game master types.
    """

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
            with Judge.in_folder(game) as judge:
                [name] = judge.game_names(everything=True)
                view = judge.view(name, Viewer.master())
            if isinstance(view, Refused):
                raise click.ClickException(view.reason)
            board = scenario_board(view.scenario)
            for power, orders in random_phase_orders(board, view.state, rng).items():
                if not orders:
                    continue
                path = Path(folder) / f"{power}.txt"
                path.write_text("".join(format_order(o) + "\n" for o in orders))
                command("orders", game, power, str(path))
            command("process", game, "--phase", str(view.phase))
        command("history", game)
