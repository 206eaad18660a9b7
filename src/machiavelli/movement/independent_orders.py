"""Seed 003's default orders of independent armies and fleets (003 16; BAR-16.3), under
``bar``.

"An independent army or fleet unit tries to get garrisoned if possible in the Action Phase
(after putting down a possible rebellion)": an independent army or fleet that no briber
operates (BAR-16.5) converts into its province's city when the city is fortified, empty, not
rebelling, and (for a fleet) a port.  Otherwise it holds, as every unit without an order.
(Rebellions against the independent power, which the garrison's default order and the
putting down concern, are not raised by this judge yet: the rest of BAR-16.3 waits for them.)
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.board import Board
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import Convert, UnitOrder, UnitRef
from machiavelli.core.rules import Rules
from machiavelli.core.state import State
from machiavelli.movement.geography import can_hold_garrison, is_port


def independent_orders(
    board: Board, state: State, rules: Rules, written: Sequence[UnitOrder | None],
    where: Occupancy,
) -> list[tuple[int, UnitOrder]]:
    """The default orders of the independent armies and fleets without one, by unit."""
    found: list[tuple[int, UnitOrder]] = []
    for i, unit in enumerate(state.units):
        if unit.owner is not None or unit.kind == "G" or written[i] is not None:
            continue
        province = unit.province
        rebellion = state.rebellions.get(province)
        if (not rules.garrisons or not can_hold_garrison(board, rules, province)
                or where.unit_in(province, garrison=True) is not None
                or (rebellion is not None and rebellion.in_city)
                or (unit.kind == "F" and not is_port(board, province))
                or board.provinces[province].venice):
            continue
        found.append((i, Convert(UnitRef(unit.kind, province, unit.coast), "G")))
    return found
