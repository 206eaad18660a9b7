"""What each expense takes from the treasury (001 EXP-GEN-4, EXP-GEN-5; under ``bar`` seed
003's order, BAR-2.6, BAR-2.7): the expenses as they stand, those paid, and the ducats each
takes.  :mod:`machiavelli.money.expenses` pays them; the self-play invariants
(:mod:`machiavelli.bots.invariants`) recompute the same.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from machiavelli.core.orders import Expense, Order
from machiavelli.core.rules import Rules
from machiavelli.core.state import State
from machiavelli.money import bar_expenses as bar

EXPENSE_NUMBERS = range(1, 5)  # EXP-GEN-1


def standing_expenses(orders: Mapping[str, Sequence[Order]]) -> dict[str, list[Expense]]:
    """Each power's expenses as they stand, in number order.

    A later expense with the same number replaces the earlier one (EXP-GEN-7)
    and ``expense N: none`` deletes it (EXP-GEN-6).  Assassinations are kept:
    they hold their place in the order of payment.
    """
    standing: dict[str, list[Expense]] = {}
    for power, given in orders.items():
        if not given:
            continue
        latest: dict[int, Expense] = {}
        for order in given:
            if isinstance(order, Expense):
                latest[order.number] = order
        kept = [e for _, e in sorted(latest.items()) if e.kind != "none"]
        if kept:
            standing[power] = kept
    return standing


def payable_expenses(listed: Sequence[Expense], rules: Rules) -> list[Expense]:
    """The expenses step b pays (or, an assassination, sets aside) from the treasury."""
    found = [e for e in listed if e.amount > 0 and (
        e.number in EXPENSE_NUMBERS or (rules.bar and e.number >= 1))]  # (003: BAR-7.1)
    if rules.bar:  # 003's assassinations are paid with the rest (BAR-9, bar_expenses)
        found = [e for e in found if e.kind != "none"]
    return found


def expense_payments(
    state: State, rules: Rules, treasury: int, listed: Sequence[Expense],
    void: Collection[int] = (),
) -> list[int]:
    """What each of ``listed`` (:func:`payable_expenses`) takes from ``treasury``: 001's
    number order, all that is left for the last (:func:`payments`), or under ``bar``
    003's (:func:`machiavelli.money.bar_expenses.bar_payments`)."""
    if rules.bar:  # (``void``: the ids of expenses void and not charged, BAR-7.2)
        return bar.bar_payments(state, treasury, listed, void)
    return payments(treasury, listed)


def payments(treasury: int, listed: Sequence[Expense]) -> list[int]:
    """What each expense takes, in the order given, from ``treasury`` (EXP-GEN-4, EXP-GEN-5)."""
    left = treasury
    taken = []
    for expense in listed:
        take = min(max(expense.amount, 0), left)
        taken.append(take)
        left -= take
    return taken


__all__ = ["EXPENSE_NUMBERS", "expense_payments", "payable_expenses", "payments",
           "standing_expenses"]
