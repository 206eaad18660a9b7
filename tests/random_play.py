"""A scenario played by random orders, phase after phase: the course the property tests walk.

:func:`random_course` yields each position before its phase is processed, the powers a
scenario leaves unplayed giving no orders: ``phases`` positions at most (the last one not
processed), fewer when a power wins.  Orders come from
:func:`machiavelli.game.random_orders.random_orders` with a generator seeded by ``seed``:
the same seed, the same course.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from machiavelli.core.board import Board
from machiavelli.core.state import State
from machiavelli.game.process import process_phase
from machiavelli.game.random_orders import random_orders
from machiavelli.game.scenario import scenario_info


def random_course(board: Board, state: State, scenario: str, seed: int | str, phases: int,
                  label: str) -> Iterator[State]:
    """Each position of a random game from ``state``, ``phases`` of them at most, each
    processed after it is yielded but the last."""
    unplayed = set(scenario_info(scenario).unplayed)
    rng = random.Random(seed)
    for done in range(1, phases + 1):
        yield state
        if done == phases:
            return
        orders = {p: o for p, o in random_orders(board, state, rng).items()
                  if p not in unplayed}
        result = process_phase(board, state, orders, f"{label}-{seed}")
        if result.winners:
            return
        state = result.after
