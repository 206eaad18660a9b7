"""Players: what a bot is, and the two baselines.

A :class:`Player` chooses a power's orders for one phase from what that power may see
(:class:`~machiavelli.bots.view.Observation`) and what it may order
(:class:`~machiavelli.bots.menu.LegalOrders`), drawing any chance from the
``random.Random`` it is given, so a seeded game is repeatable.

- :class:`RandomLegal`: one legal order drawn uniformly for each unit (and build
  place, where it may also build nothing); in a movement phase with money, now and
  then a loan, a repayment and up to two expenses drawn from the money menu within
  the treasury; in an adjustment phase under ``bar``, now and then a gift of seed 003's
  ducat exchange;
- :class:`HoldAndSave`: the baseline of a player who sends nothing (NMR) but keeps what
  it has: every unit holds, a dislodged unit retreats where it can, every unit is
  maintained while the treasury lasts (cheapest first), nothing is built or spent.

:mod:`machiavelli.bots.roster` names every player, :mod:`machiavelli.bots.greedy`'s included.
"""

from __future__ import annotations

import random
from typing import Protocol

from machiavelli.bots.menu import LegalOrders, numbered
from machiavelli.bots.view import Observation
from machiavelli.core.board import Board
from machiavelli.core.options import money_in_play
from machiavelli.core.orders import (
    Build,
    Disband,
    Expense,
    Hold,
    Maintain,
    Order,
    Remove,
    Retreat,
)
from machiavelli.money.specials import unit_upkeep


class Player(Protocol):
    """A bot: a power's orders for this phase."""

    name: str

    def choose(self, board: Board, seen: Observation, legal: LegalOrders,
               rng: random.Random) -> list[Order]: ...


class RandomLegal:
    """Uniformly random legal orders, and now and then money spent from the menu."""

    name = "random"

    def __init__(self, borrow: float = 0.1, repay: float = 0.2, spend: float = 0.5,
                 tax: float = 0.05, give: float = 0.1) -> None:
        self.borrow, self.repay, self.spend, self.tax = borrow, repay, spend, tax
        self.give = give

    def choose(self, board: Board, seen: Observation, legal: LegalOrders,
               rng: random.Random) -> list[Order]:
        orders: list[Order] = []
        for key in legal.unit_keys():
            options = legal.units[key]
            if isinstance(options[0], Build) and rng.random() < 0.5:
                continue  # a build place may also stay empty
            orders.append(rng.choice(options))
        for key in legal.optional_keys():  # seed 003's taxes and excommunications, now and then
            if rng.random() < self.tax:
                orders.append(legal.units[key][0])
        menu = legal.money
        if menu.give and rng.random() < self.give:  # seed 003's ducat exchange (BAR-2.3)
            orders.append(rng.choice(menu.give))
        cash = seen.state.treasury.get(legal.power, 0)
        if menu.repay and rng.random() < self.repay:
            paid = rng.choice(menu.repay)
            orders.append(paid)
            cash -= paid.amount
        if menu.borrow and rng.random() < self.borrow:
            loan = rng.choice(menu.borrow)
            orders.append(loan)
            cash += loan.amount
        if menu.expenses and rng.random() < self.spend:
            chosen: list[Expense] = []
            for expense in rng.sample(menu.expenses, min(len(menu.expenses), 2)):
                if expense.amount <= cash:
                    chosen.append(expense)
                    cash -= expense.amount
            orders += numbered(chosen)
        return orders


class HoldAndSave:
    """Hold everything, spend nothing, keep the units while the treasury lasts."""

    name = "hold"

    def choose(self, board: Board, seen: Observation, legal: LegalOrders,
               rng: random.Random) -> list[Order]:
        state = seen.state
        if state.phase == "movement":
            return [o for k in legal.unit_keys() for o in legal.units[k][:1]
                    if isinstance(o, Hold)]
        if state.phase == "retreat":
            orders: list[Order] = []
            for key in legal.unit_keys():
                options = legal.units[key]
                moves = [o for o in options if isinstance(o, Retreat)]
                orders.append(moves[0] if moves else next(
                    o for o in options if isinstance(o, Disband)))
            return orders
        if not money_in_play(state):
            return []  # the judge's civil disorder removes what must go
        cash = state.treasury.get(legal.power, 0)
        units = sorted(state.units_of(legal.power), key=unit_upkeep)
        kept: list[Order] = []
        for unit in units:
            cost = unit_upkeep(unit)
            if cost <= cash:
                kept.append(_maintain_order(legal, unit.province, unit.kind))
                cash -= cost
            else:
                kept.append(_remove_order(legal, unit.province, unit.kind))
        return [o for o in kept if o is not None]


def _unit_options(legal: LegalOrders, province: str, kind: str) -> list[Order]:
    return legal.units.get(("unit", province, "G" if kind == "G" else "AF"), [])


def _maintain_order(legal: LegalOrders, province: str, kind: str) -> Order:
    return next(o for o in _unit_options(legal, province, kind) if isinstance(o, Maintain))


def _remove_order(legal: LegalOrders, province: str, kind: str) -> Order:
    return next(o for o in _unit_options(legal, province, kind) if isinstance(o, Remove))


__all__ = ["HoldAndSave", "Player", "RandomLegal"]
