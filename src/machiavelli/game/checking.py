"""The order checker: which of a power's orders the adjudicator will void or fail for a
reason the power can know before it sends them, and why.

The checker asks the adjudicator itself: the power's orders are adjudicated alone on the
pending position (:func:`~machiavelli.game.process.adjudicate_phase`, the other powers
giving none), and every result that cannot turn out otherwise whatever the other powers
order is a problem:

- a movement phase: a unit's order void (not adjacent, no convoy possible, not its
  unit, the wrong phase: :class:`~machiavelli.movement.legality.Checker`); a money order
  that fails or is void (the treasury after the submission's earlier lines, the bank's
  debt before a gift, LOAN-13, the least a bribe or counter-bribe takes, EXP-C..I,
  BRIBE-4, adjacency, ADJTAB-*).  Bounces, cut supports and bribe contests depend on the
  others, and an assassination on the dice: they are no problems;
- a retreat or an adjustment phase: an order that fails or is void (a retreat where no
  unit may go, a build outside the home country, ADJ-A, an unpaid upkeep).

Some problems may yet be undone by another power: ducats given to the power arrive before
its expenses are paid (LOAN-EX-2B), and another power may raise the rebellion a
pacification names.  The checker says "will fail" all the same, with the reason: the
player decides.  Pure: nothing is stored, the position is not changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import MONEY_ORDERS, Expense, Order
from machiavelli.core.results import OrderResult
from machiavelli.core.rules import rules_of
from machiavelli.core.state import State
from machiavelli.game.process import adjudicate_phase
from machiavelli.text.reasons import expense_note, split_rules

#: an assassination's roll in its note (:mod:`machiavelli.money.assassination`)
_DIE = re.compile(r"\bdie \d")
#: the dice of a check: none counts (an assassination's die is no problem)
_SEED = "order-checker"


@dataclass(frozen=True)
class Problem:
    """Why an order will fail: ``reason`` in words, ``rules`` the ids it rests on."""

    order: Order
    outcome: str  # "void" or "fails", as the adjudicator will say
    reason: str
    rules: tuple[str, ...] = ()


def problems(board: Board, state: State, power: str, orders: Sequence[Order]
             ) -> list[Problem]:
    """The orders of ``orders`` (a power's whole submission, each unit, expense number
    and payee once: the orders that stand) the adjudicator will void or fail for a
    reason ``power`` can know now, each once, in the order given."""
    if not orders:
        return []
    rules = rules_of(state.options)
    done = adjudicate_phase(board, state, {power: list(orders)}, Dice.for_phase(_SEED, state),
                            rules)
    found: dict[int, Problem] = {}
    where = {id(o): i for i, o in enumerate(orders)}
    equal = {o: i for i, o in reversed(list(enumerate(orders)))}
    for result in done.results:
        if result.power != power or not _knowable(state.phase, result):
            continue
        index = where.get(id(result.order), equal.get(result.order))
        if index is None or index in found:
            continue
        words, ids = split_rules(expense_note(result) if isinstance(result.order, Expense)
                                 else result.note)
        words, ids = _unreached(words, ids)
        found[index] = Problem(orders[index], result.outcome, words or _bare(result), ids)
    return [found[i] for i in sorted(found)]


def _knowable(phase: str, result: OrderResult) -> bool:
    """Whether the result is the power's own doing, whatever the others order."""
    if result.outcome not in ("void", "fails"):
        return False
    order = result.order
    if phase != "movement":
        return True
    if isinstance(order, MONEY_ORDERS):  # (an assassination that fails on the die: chance)
        return not (isinstance(order, Expense) and order.kind == "assassinate"
                    and _DIE.search(result.note) is not None)
    return result.outcome == "void"


def _unreached(words: str, ids: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """A move to a province out of reach, said with why and its rules (the legality
    check says only "an army cannot go from Padua to Rome", MOV-1, CVY-2)."""
    if words.startswith("an army cannot go from"):
        return (f"{words}: not adjacent, and an army is convoyed only from a coastal province "
                "to a coastal province", (*ids, "MOV-1", "CVY-2"))
    if words.startswith("a fleet cannot go from"):
        return f"{words}: not adjacent", (*ids, "MOV-1")
    return words, ids


def _bare(result: OrderResult) -> str:
    return "the order is void" if result.outcome == "void" else "the order fails"
