"""A campaign's order-taking phase, step by step (001, SEQUENCE OF PLAY AND ORDER RESOLUTION).

With money in play, the orders of a movement phase are resolved in this order:

a) banking: payments to the bank, to other players, borrowing, the bank's
   collection of due loans (:func:`machiavelli.money.finance.banking`);
b) expenditures other than assassinations (:func:`machiavelli.money.expenses.expenses`),
   which ends with control adjudication 1;
c) assassinations (:func:`machiavelli.money.assassination.assassinations`);
d) the bank's assassination of powers that defaulted
   (:func:`machiavelli.money.assassination.bank_assassinations`);
e) movement (:func:`machiavelli.movement.moves.resolve_movement`), then control 2, the
   removal of province rebellions (f) and control 3.

Each step takes the position the previous one left, so a unit bought in step b
obeys its buyer's movement orders in step e (EXP-I) and an assassinated power's
units hold (ASN-EFF-1).  Without money only step e runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.options import money_in_play
from machiavelli.core.orders import Order
from machiavelli.core.results import Adjudication
from machiavelli.core.state import State
from machiavelli.movement.moves import resolve_movement

Orders = Mapping[str, Sequence[Order]]
Step = Callable[[Board, State, Orders, Dice], Adjudication]

#: (module, function) of the money steps before movement, in 001's order
MONEY_STEPS: tuple[tuple[str, str], ...] = (
    ("machiavelli.money.finance", "banking"),
    ("machiavelli.money.expenses", "expenses"),  # ends with control adjudication 1 (CTRL-1)
    ("machiavelli.money.assassination", "assassinations"),
    ("machiavelli.money.assassination", "bank_assassinations"),
)


def _step(module: str, name: str) -> Step:
    step: Step = getattr(importlib.import_module(module), name)
    return step


def resolve_campaign(board: Board, state: State, orders: Orders, dice: Dice) -> Adjudication:
    """Resolve a movement phase with everything that comes before the moves."""
    steps: list[Adjudication] = []
    events: list[str] = []
    if money_in_play(state):
        for module, name in MONEY_STEPS:
            done = _step(module, name)(board, state, orders, dice)
            state = done.state
            steps.append(done)
            events.extend(done.events)
    moved = resolve_movement(board, state, orders)
    steps.append(moved)
    events.extend(moved.events)
    return Adjudication.joined(moved.state, steps, events)
