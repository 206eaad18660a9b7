"""A power's ledger for one processed phase: where its ducats went.

The treasury at the start, then each movement of ducats in the order of play: loans
taken (LOAN-SEQ-C), repayments to the bank (LOAN-SEQ-A), gifts made and received
(LOAN-SEQ-B, LOAN-11), the bank's collection (LOAN-SEQ-D) or seizure (LOAN-9), each
expense with what it took whether it succeeded or not (EXP-GEN-3), the income entering an
adjustment phase, seed 003's forced taxes (before the gifts of its adjustment phase, 003's
B.3), the units built and maintained (upkeep), and the treasury at the end.
What the orders' results and the power's private events do not name (the benefits of
peace) is one line, "other", so that the lines always add up to the end.

Read from the results and private events of the phase, which are the power's business
alone: the ledger is for the power and the game master.  Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from machiavelli.core.orders import BANK, Borrow, Build, Expense, Maintain, Pay, Tax
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State


@dataclass(frozen=True)
class Ledger:
    """``start`` + every line's ducats = ``end``."""

    power: str
    start: int
    lines: tuple[tuple[str, int], ...]
    end: int

    def text(self) -> str:
        """``"Ledger: 6 at the start; +10 loan; -3 paid to Venice; = 13 at the end"``."""
        parts = [f"{self.start} at the start"]
        parts += [f"{ducats:+d} {what}" for what, ducats in self.lines]
        return "Ledger: " + "; ".join(parts) + f"; = {self.end} at the end"


_REPAID = re.compile(r"^repaid (\d+) ducats")
_PAID = re.compile(r"^paid (\d+) ducats to (\S+)")
_SPENT = re.compile(r"^(\d+) ducats")
_RECEIVED = re.compile(r"^Received (\d+) ducats from (\S+?)[ .]")
_COLLECTED = re.compile(r"^The bank collects (\d+) ducats")
_SEIZED = re.compile(r"the bank seizes the (\d+) ducats")
_EXPENSE_WORDS = {"counter_bribe": "counter-bribe", "garrison_to_autonomous":
                  "garrison made autonomous", "cause_rebellion": "rebellion caused",
                  "pacify_rebellion": "rebellion pacified", "famine_relief": "famine relief",
                  "buy": "bribe to buy", "disband": "bribe to disband"}


def ledgers(before: State, after: State, results: Sequence[OrderResult],
            private_events: Mapping[str, Sequence[str]]) -> dict[str, Ledger]:
    """The ledger of every power with a treasury, from ``before`` to ``after`` (a phase
    processed, with the phases chained after it that needed no orders)."""
    powers = [p for p in before.powers if p in before.treasury or p in after.treasury]
    return {p: _ledger(p, before, after, results, private_events.get(p, ()))
            for p in powers}


def _ledger(power: str, before: State, after: State, results: Sequence[OrderResult],
            events: Sequence[str]) -> Ledger:
    taxed: list[tuple[str, int]] = []  # in the order of play: forced taxes (003's B.3),
    bank: list[tuple[str, int]] = []  # the bank's step and the gifts,
    spent: list[tuple[str, int]] = []  # the expenses,
    income: list[tuple[str, int]] = []  # the income entering the adjustments
    upkeep = 0  # and the units paid for in them
    for r in results:
        if r.power != power:
            continue
        order = r.order
        if isinstance(order, Borrow) and r.outcome == "succeeds" and order.amount > 0:
            years = "1 year" if order.years == 1 else f"{order.years} years"
            bank.append((f"loan for {years}", order.amount))
        elif isinstance(order, Pay) and r.outcome == "succeeds":
            found = (_REPAID if order.to.lower() == BANK else _PAID).match(r.note)
            if found:
                what = "repaid to the bank" if order.to.lower() == BANK else (
                    f"paid to {found.group(2)}")
                bank.append((what, -int(found.group(1))))
        elif isinstance(order, Expense):
            found = _SPENT.match(r.note)
            if found and int(found.group(1)):
                kind = _EXPENSE_WORDS.get(order.kind, order.kind.replace("_", " "))
                how = "" if r.outcome == "succeeds" else f", {r.outcome}"
                spent.append((f"expense {order.number} ({kind}{how})", -int(found.group(1))))
        elif isinstance(order, Tax) and r.outcome == "succeeds":
            found = _SPENT.match(r.note)
            if found:
                taxed.append((f"forced tax of {order.province}", int(found.group(1))))
        elif isinstance(order, Build | Maintain):
            found = _SPENT.match(r.note) or re.search(r"(\d+) ducats lost", r.note)
            upkeep += int(found.group(1)) if found else 0
    for event in events:
        for pattern, sign, what in ((_RECEIVED, 1, "received from {}"),
                                    (_COLLECTED, -1, "collected by the bank"),
                                    (_SEIZED, -1, "seized by the bank")):
            found = pattern.search(event)
            if found:
                words = what.format(found.group(2)) if found.lastindex == 2 else what
                bank.append((words, sign * int(found.group(1))))
        got = re.match(rf"^{re.escape(power)} receives (\d+) ducats", event)
        if got:
            income.append(("income", int(got.group(1))))
    lines = taxed + bank + spent + income
    if upkeep:
        lines.append(("units built and maintained", -upkeep))
    start, end = before.treasury.get(power, 0), after.treasury.get(power, 0)
    rest = end - start - sum(ducats for _, ducats in lines)
    if rest:
        lines.append(("other", rest))
    return Ledger(power, start, tuple(lines), end)
