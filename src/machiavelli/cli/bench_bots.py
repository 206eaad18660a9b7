"""Two of ``machiavelli bench``'s figures: the bots' legal orders, and a command's start-up.

- ``legal orders``: every power's legal orders
  (:func:`machiavelli.movement.legal_lists.legal_orders`, made from the board index) in
  the spring of classic 1454, per phase, against the same lists made the old way
  (:mod:`machiavelli.movement.legal_checked`: every candidate through the one-order
  check) in the same round; then the bots' whole menu (the lists
  and the money menu, :func:`machiavelli.bots.menu.legal_orders`).  What depends on the
  board alone is made once and kept, as in a game; what depends on the position is made
  again for each phase measured (:func:`machiavelli.movement.legal_lists.forget`).
- ``self-play``: whole games of greedy against random on classic 1454
  (:func:`machiavelli.bots.selfplay.play_game`, every phase checked, as ``machiavelli
  selfplay`` plays them in one worker), in phases per processor-second;
- ``start-up``: one command run as a process, its processor time (the children's
  ``getrusage``): ``machiavelli adjudicate`` on a one-case file and ``machiavelli mail
  --check`` on a message, against a bare ``python -c pass`` in the same round; started
  as the installed ``machiavelli`` script starts (:mod:`machiavelli.cli.start`).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from machiavelli.bots.menu import legal_orders as menu_orders
from machiavelli.bots.selfplay import configs, play_game
from machiavelli.core.board import Board
from machiavelli.core.state import State
from machiavelli.movement import legal_checked, legal_lists

MESSAGE = """From: player@example.com
To: judge@localhost
Subject: orders

signon mgame password
list
signoff
"""


def legal_new(board: Board, state: State) -> int:
    """Every power's lists from the board index, the position's plans made anew."""
    legal_lists.forget()
    for power in state.powers:
        legal_lists.legal_orders(board, state, power)
    return 1


def legal_old(board: Board, state: State) -> int:
    """Every power's lists through the one-order check (the method replaced)."""
    for power in state.powers:
        legal_checked.legal_orders(board, state, power)
    return 1


def bots_menu(board: Board, state: State) -> int:
    """Every power's menu: the lists and the money menu."""
    legal_lists.forget()
    for power in state.powers:
        menu_orders(board, state, power)
    return 1


def self_play(games: int, years: int) -> Callable[[], int]:
    """A round of self-play: ``games`` seeded games of ``years`` years; its phases."""
    plan = configs(games, ["classic_1454"], ["greedy", "random"], "bench", years)

    def run() -> int:
        return sum(play_game(config).phases for config in plan)

    return run


@dataclass
class StartUp:
    """The command lines whose start-up is measured, in a folder of their own."""

    folder: Path
    case_file: Path

    @property
    def message(self) -> Path:
        return self.folder / "message.eml"

    def lines(self) -> dict[str, list[str]]:
        python = sys.executable
        return {
            "python -c pass": [python, "-c", "pass"],
            "adjudicate, one case": [python, "-m", "machiavelli.cli.start", "adjudicate",
                                     str(self.case_file)],
            "mail --check": [python, "-m", "machiavelli.cli.start", "mail", "--check",
                             "--outbox", str(self.folder / "outbox")],
        }

    def prepare(self) -> None:
        """The message written, and one untimed run of each command, which may write
        Python's bytecode cache and the package's start cache
        (:mod:`machiavelli.core.start_cache`), as an installed package has them after its
        first run."""
        self.message.write_text(MESSAGE, encoding="utf-8")
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        for line in self.lines().values():
            self.run(line, cached)

    def run(self, line: list[str], env: dict[str, str] | None = None) -> float:
        """Seconds of processor time of one run of ``line``."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with self.message.open("rb") as given:
            subprocess.run(line, check=True, stdin=given, stdout=subprocess.DEVNULL,
                           cwd=self.folder, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    def round(self, repeat: int = 3) -> dict[str, float]:
        """Each command's processor time, the least of ``repeat`` runs (interleaved)."""
        found: dict[str, float] = {}
        for _ in range(repeat):
            for name, line in self.lines().items():
                seconds = self.run(line)
                found[name] = min(found.get(name, seconds), seconds)
        return found
