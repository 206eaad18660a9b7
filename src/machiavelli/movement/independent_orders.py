"""Seed 003's independent units in the moves (003 16; BAR-16.3, BAR-16.4), under ``bar``.

BAR-16.4: "An independent garrison unit acts like a rebellion unit in one - and only one -
respect: it gives support in the same way as a rebellion unit does, if there is a hostile
military unit in the province": :func:`garrison_rebels` gives the resolver, for each such
province, rebels against the army or fleet's owner (001's rebel support, REB-EFF-6: the one
power attacking the province gets 1 more), without making the province rebel.

BAR-16.3: default orders, of the independent units no briber operates (BAR-16.5).

- "An independent army or fleet unit tries to get garrisoned if possible in the Action Phase
  (after putting down a possible rebellion)": in a province rebelling against the independent
  power it holds, a hold given, which puts the rebellion down (BAR-10.5); otherwise it converts
  into its province's city when the city is fortified, empty, not rebelling, and (for a fleet)
  a port.  Otherwise it holds, as every unit without an order.
- "An independent garrison unit tries to convert into a province, which is rebelling against
  the independent power, and execute a Hold order in the next Campaign Season, to put down
  the rebellion": a garrison whose province rebels against the independents and holds no army
  or fleet converts into an army there; the army then holds in the next campaign (above).
  Otherwise it holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.board import Board
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import Convert, Hold, UnitOrder, UnitRef
from machiavelli.core.rules import Rules
from machiavelli.core.state import INDEPENDENT_CONTROL, Rebellion, State
from machiavelli.movement.geography import can_hold_garrison, is_port


def independent_orders(
    board: Board, state: State, rules: Rules, written: Sequence[UnitOrder | None],
    where: Occupancy,
) -> list[tuple[int, UnitOrder]]:
    """The default orders of the independent units without one, by unit."""
    found: list[tuple[int, UnitOrder]] = []
    for i, unit in enumerate(state.units):
        if unit.owner is not None or written[i] is not None:
            continue
        province = unit.province
        rebellion = state.rebellions.get(province)
        against_them = (rebellion is not None and rebellion.in_province
                        and rebellion.against == INDEPENDENT_CONTROL)
        if unit.kind == "G":  # out into the province rebelling against it, to put it down
            if against_them and where.unit_in(province, garrison=False) is None:
                found.append((i, Convert(UnitRef("G", province), "A")))
            continue
        if against_them:  # a hold given: it puts the rebellion down (BAR-10.5)
            found.append((i, Hold(UnitRef(unit.kind, province, unit.coast))))
            continue
        if (not rules.garrisons or not can_hold_garrison(board, rules, province)
                or where.unit_in(province, garrison=True) is not None
                or (rebellion is not None and rebellion.in_city)
                or (unit.kind == "F" and not is_port(board, province))
                or board.provinces[province].venice):
            continue
        found.append((i, Convert(UnitRef(unit.kind, province, unit.coast), "G")))
    return found


def garrison_rebels(state: State, where: Occupancy) -> dict[str, Rebellion]:
    """The position's rebellions, and an independent garrison's support as rebels' where a
    committed army or fleet stands in its province (BAR-16.4), for the resolver only."""
    found: dict[str, Rebellion] | None = None
    for unit in state.units:
        if unit.kind != "G" or unit.owner is not None or unit.province in state.rebellions:
            continue
        hostile = where.unit_in(unit.province, garrison=False)
        if hostile is None or hostile.owner is None:
            continue
        if found is None:
            found = dict(state.rebellions)
        found[unit.province] = Rebellion(unit.province, hostile.owner)
    return state.rebellions if found is None else found
