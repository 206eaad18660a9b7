"""The High Seas' fleets in the legal lists (ruling A-25; BAR-1.4, BAR-14.3).

Several fleets of one power may be on the High Seas; an order names the first ``F hs`` and
the others ``F hs/2``, ``F hs/3``... (:func:`machiavelli.core.high_seas.fleet_number`).  The
lists are made per place, so the place's list is the first fleet's; this adds the others'.
"""

from __future__ import annotations

import dataclasses

from machiavelli.core.high_seas import HIGH_SEAS, fleet_coast, own_fleets
from machiavelli.core.orders import Order, UnitRef
from machiavelli.core.state import State

Key = tuple[str, ...]

_HIGH_SEAS_KEY: Key = ("unit", HIGH_SEAS, "AF")


def numbered_fleets(state: State, power: str,
                    lists: dict[Key, list[Order]]) -> dict[Key, list[Order]]:
    """The lists with a list for each of the power's fleets on the High Seas past the
    first, its orders naming it by number, ``F hs/2`` (ruling A-25); the first's list
    without repeats.  (``lists`` is not changed: it may be shared.)"""
    found = lists.get(_HIGH_SEAS_KEY)
    if found is None:
        return lists
    count = len(own_fleets(state.units, power))
    lists = dict(lists)
    first = lists[_HIGH_SEAS_KEY] = list(dict.fromkeys(found))
    for number in range(2, count + 1):
        ref = UnitRef("F", HIGH_SEAS, fleet_coast(number))
        lists[(*_HIGH_SEAS_KEY, ref.coast or "")] = [
            dataclasses.replace(order, unit=ref)  # type: ignore[arg-type]
            for order in first
        ]
    return lists


__all__ = ["numbered_fleets"]
