"""Seed 003's excommunication (option ``excommunication``, on under ``bar``; BAR-15).

The Papacy may order ``excommunicate <power>`` (``crusade Turkey`` against Turkey) in a
movement phase (003's E.2) or an adjustment phase (B.5), once per power and game
(BAR-15.1).  The judge announces it with the phase's results; at the first transfer of
ducats after that (the next movement phase's payments, 003's F.1) the excommunicated
power may neither give nor receive ducats, and the excommunication then lapses
(BAR-15.2).  It lapses too if the Papacy is eliminated.  003 has a transfer opportunity
in the adjustment phase too (B.4), which this judge does not have yet: an excommunication
ordered in the Fall applies at the next Spring's payments (docs/rulings.md).

``State.excommunications`` keeps each power excommunicated: "pending" until the transfer
it applies to, then "done".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.orders import Excommunicate, Order
from machiavelli.core.results import OrderResult
from machiavelli.core.rules import Rules
from machiavelli.core.state import State

PAPACY = "Papacy"
PENDING, DONE = "pending", "done"


def excommunication_problem(
    state: State, power: str, order: Excommunicate, rules: Rules
) -> str | None:
    """Why ``power`` may not give ``order`` now, or None (the phase is the caller's)."""
    if not rules.excommunication:
        return "excommunication needs the 'excommunication' option (BAR-15.1)"
    if power != PAPACY:
        return f"only the {PAPACY} excommunicates (BAR-15.1)"
    target = order.power
    if target not in state.powers:
        return f"no power named {target!r}"
    if target == power:
        return "the Pope does not excommunicate himself"
    if target in state.eliminated:
        return f"{target} has been eliminated"
    if target in state.excommunications:
        return f"{target} has been excommunicated once already: once per power (BAR-15.1)"
    return None


def excommunicated_now(state: State) -> set[str]:
    """The powers that may neither give nor receive ducats at this transfer (BAR-15.2)."""
    if PAPACY in state.eliminated:
        return set()
    return {p for p, how in state.excommunications.items() if how == PENDING}


def lapsed(state: State) -> State:
    """The position after a transfer opportunity: every pending excommunication done."""
    if not any(how == PENDING for how in state.excommunications.values()):
        return state
    return state.but(excommunications=dict.fromkeys(state.excommunications, DONE))


def excommunications(
    state: State, orders: Mapping[str, Sequence[Order]], rules: Rules
) -> tuple[State, list[OrderResult], list[str]]:
    """The phase's ``excommunicate`` orders carried out (BAR-15.1): the position with each
    target pending, the results and the public announcement."""
    kept = dict(state.excommunications)
    results: list[OrderResult] = []
    events: list[str] = []
    for power, given in orders.items():
        for order in given:
            if not isinstance(order, Excommunicate):
                continue
            why = excommunication_problem(state.but(excommunications=kept), power, order,
                                          rules)
            if why is not None:
                results.append(OrderResult(power, order, "void", why))
                continue
            kept[order.power] = PENDING
            said = (f"The {PAPACY} proclaims a crusade against {order.power}"
                    if order.power == "Turkey" else f"The {PAPACY} excommunicates {order.power}")
            note = (f"{order.power} may neither give nor receive ducats at the next "
                    "transfer (BAR-15.2)")
            results.append(OrderResult(power, order, "succeeds", note))
            events.append(f"{said}: {note}.")
    if not results:
        return state, [], []
    return state.but(excommunications=kept), results, events


__all__ = [
    "DONE",
    "PAPACY",
    "PENDING",
    "excommunicated_now",
    "excommunication_problem",
    "excommunications",
    "lapsed",
]
