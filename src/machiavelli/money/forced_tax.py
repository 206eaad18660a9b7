"""Seed 003's forced taxation (option ``forced_tax``, on under ``bar``; BAR-5.3).

In the adjustment phase (003 B.3, after the income and before payments and builds) a
power may order ``tax <province>`` for a province it controls that has no famine, does
not rebel and is not Venice (BAR-14.1).  It receives the province's ordinary tax once
more, and its city's if the city is its own and pays (a major city counting 1: "major
cities do not produce any surplus"); the province then rebels against it at once, and
so does its city unless a garrison holds it (a garrisoned city never rebels, REB-EFF-3B),
so that no unit may be raised there in the same phase (BAR-6.1).

All forced taxations are carried out first, for all powers, each power's in the order
written (003 2 B.3-B.5); a province taxed twice rebels after the first and the second
is refused.  The ducats are the taxer's business (its private part); the rebellion is
public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.orders import Order, Tax
from machiavelli.core.privacy import PrivateEvents, tell
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.rules import Rules
from machiavelli.core.state import Rebellion, State
from machiavelli.money.income import AVIGNON, city_income, province_income
from machiavelli.movement.forced_tax import tax_problem


def tax_yield(board: Board, state: State, power: str, province: str) -> int:
    """The ducats a forced taxation of ``province`` brings ``power``."""
    ducats = province_income(board, state, province)
    garrison = state.unit_in(province, garrison=True)
    city_owner = garrison.owner if garrison is not None else state.city_owner.get(province)
    if province == AVIGNON and province not in state.famine:  # (bar: no tax there, 14.2)
        return 1 + (city_owner == power)  # ruling A-13: province 1, city 1
    if city_owner == power and city_income(board, state, province) > 0:
        ducats += 1  # a major city counts 1
    return ducats


def forced_taxes(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], rules: Rules
) -> Adjudication:
    """003 B.3: every ``tax`` order carried out; the position with the ducats paid and the
    provinces rebelling, the results, and each taxer's private lines."""
    treasury = dict(state.treasury)
    rebellions = dict(state.rebellions)
    results: list[OrderResult] = []
    private: PrivateEvents = {}
    for power, given in orders.items():
        for order in given:
            if not isinstance(order, Tax):
                continue
            now = state.but(rebellions=rebellions)
            why = tax_problem(board, now, power, order, rules)
            if why is not None:
                results.append(OrderResult(power, order, "void", why))
                continue
            province = order.province
            name = board.provinces[province].name
            ducats = tax_yield(board, now, power, province)
            treasury[power] = treasury.get(power, 0) + ducats
            city = board.provinces[province].city
            garrisoned = state.unit_in(province, garrison=True) is not None
            rebellions[province] = Rebellion(province, power, in_province=True,
                                             in_city=city is not None and not garrisoned)
            public = f"{name} rebels against {power} (BAR-5.3)"
            amount = f"{ducats} {'ducat' if ducats == 1 else 'ducats'}"
            results.append(OrderResult(power, order, "succeeds", f"{amount}; {public}",
                                       public_note=public))
            tell(private, power, f"{power} taxes {name} by force: {amount}; "
                                 f"treasury {treasury[power]}.")
    if not results:
        return Adjudication(state)
    return Adjudication(state.but(treasury=treasury, rebellions=rebellions), results, [],
                        private)


__all__ = ["forced_taxes", "tax_problem", "tax_yield"]
