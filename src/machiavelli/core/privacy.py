"""Who sees what: the public results and each power's private part.

The promise: a power's treasury, loans, chits, expenses and press reach that power
and the game master only.  The rulings, with their reasons, are in docs/rulings.md,
"What each power sees"; here is what the data says about it:

- an :class:`~machiavelli.core.results.OrderResult` is private to the power that gave
  the order when the order is a money order (borrow, pay, give a chit, expense:
  001's expenditure orders) or when its ``private`` flag is set (an order for a unit
  the power does not command, a build that placed nothing, ...); otherwise everyone
  reads it, with its ``public_note`` where the note holds a private part (the cost
  of a unit maintained);
- :attr:`Adjudication.events <machiavelli.core.results.Adjudication.events>` are
  public; :attr:`Adjudication.private_events` holds, per power, what only that power
  may know (the ducats it received, the bank's collection, its income and upkeep);
- a :class:`~machiavelli.core.dice.Roll` with ``to`` set is seen by that power only
  (its variable income, its assassination attempt); the others are public.

Nothing here reads the text of a result or an event: whoever makes it says who may
read it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from machiavelli.core.dice import Roll
from machiavelli.core.orders import MONEY_ORDERS, Order
from machiavelli.core.results import OrderResult

#: power -> what only that power (and the game master) may read
PrivateEvents = dict[str, list[str]]


def is_money_order(order: Order) -> bool:
    """001's expenditure orders: borrow, pay (give, loan), give a chit, expense."""
    return isinstance(order, MONEY_ORDERS)


def is_private(result: OrderResult) -> bool:
    """Only the ordering power (and the game master) may read this result."""
    return result.private or is_money_order(result.order)


def public_note(result: OrderResult) -> str:
    """What everyone may read of a public result's note."""
    return result.note if result.public_note is None else result.public_note


def has_private_note(result: OrderResult) -> bool:
    """A public result whose note says more to its power than to everyone."""
    return not is_private(result) and public_note(result) != result.note


def private_results(results: Iterable[OrderResult], power: str) -> list[OrderResult]:
    """``power``'s results that say something only it may read, in order."""
    return [r for r in results
            if r.power == power and (is_private(r) or has_private_note(r))]


def public_results(results: Iterable[OrderResult]) -> list[OrderResult]:
    return [r for r in results if not is_private(r)]


def sees_roll(roll: Roll, power: str | None) -> bool:
    """Whether ``power`` sees the roll (None: the public, who sees the public rolls)."""
    return roll.to is None or roll.to == power


def tell(events: PrivateEvents, power: str, *lines: str) -> None:
    """Add lines to what only ``power`` may read."""
    events.setdefault(power, []).extend(lines)


def add_private(into: PrivateEvents, more: Mapping[str, Sequence[str]]) -> None:
    """Add every power's private lines of ``more`` to ``into``, in order."""
    if not more:
        return
    for power, lines in more.items():
        into.setdefault(power, []).extend(lines)  # (tell, without unpacking the lines)


__all__ = [
    "MONEY_ORDERS",
    "PrivateEvents",
    "add_private",
    "has_private_note",
    "is_money_order",
    "is_private",
    "private_results",
    "public_note",
    "public_results",
    "sees_roll",
    "tell",
]
