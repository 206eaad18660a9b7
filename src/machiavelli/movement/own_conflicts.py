"""Seed 003's conflicts between one's own units (003 13.4.2; BAR-13.6, rulings A-10, A-10b,
A-11), under ``bar``.

"The military units of a Major Power may not get involved in mutual conflicts. They may
neither attack nor support attacks against each other. If they try to do this, they must
execute Hold orders instead. However, a hostile force, which is advancing or converting
into the conflict area and is not stronger than each of the conflicting friendly forces,
must also hold." The orders are looked at as given (after the expenditures, before any
conflict is resolved), so a unit ordered to leave its area is not in conflict with one
ordered in (Example 4, ruling A-11: a support of another power's advance into the area
one's unit is leaving stands; it helps stand that advance off, never dislodges the unit).

:func:`own_conflicts` reads the orders each unit carries out
(:class:`machiavelli.movement.outcome.Orders`) and

- turns into a hold each support of an advance (or a garrison's conversion out) into an area
  where a unit of the supporter's own power stays; the written support fails, saying why;
- bars each advance into an area where a unit of its own power stays, and each of two or
  more advances of one power into one area: it never succeeds, but keeps its force against
  the hostile ones (the resolver's ``barred``): a hostile force entering the area then holds
  unless it is stronger than each of them, which is what a move's prevent strength does
  (ruling A-10).  A force is friendly by its units, not by the supports given to it (ruling
  A-10b): a hostile advance a friendly unit supports is a hostile force.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from machiavelli.core.board import Board
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.orders import Convert, Hold, Move, SupportMove, UnitOrder, UnitRef
from machiavelli.core.results import Outcome
from machiavelli.core.state import Unit
from machiavelli.movement.area_support import aimed_at

SUPPORT_AGAINST_OWN = ("a power's units never support an attack on each other: {power}'s "
                       "unit stays in {area} (BAR-13.6)")
ADVANCE_ON_OWN = "{power}'s own unit stays in {area}: a power's units never conflict (BAR-13.6)"
TWO_ADVANCES = ("another unit of {power} advances into {area}: a power's units never "
                "conflict (BAR-13.6)")


class _Given(Protocol):
    order: list[UnitOrder | None]
    note: dict[int, str]
    written_outcome: dict[int, Outcome]


def _leaves(board: Board, unit: Unit, order: UnitOrder | None) -> bool:
    """Whether the unit is ordered out of its space: an advance, or a conversion between
    province and city (but in Venice, where both are one space)."""
    if isinstance(order, Move):
        return True
    return isinstance(order, Convert) and not board.provinces[unit.province].venice


def own_conflicts(board: Board, units: Sequence[Unit], given: _Given) -> set[int]:
    """The module doc's changes made to ``given``; returns the barred advances (by unit)."""
    orders = given.order
    staying: dict[str, str | None] = {}  # province -> owner of the army or fleet staying
    where: dict[tuple[str, bool], int] = {}
    for i, unit in enumerate(units):
        where[(unit.province, unit.kind == "G")] = i
        if unit.kind != "G" and not _leaves(board, unit, orders[i]):
            staying[unit.province] = unit.owner
    barred: set[int] = set()
    entering: dict[tuple[str | None, str], list[int]] = {}
    for i, unit in enumerate(units):
        order = orders[i]
        if isinstance(order, SupportMove):
            owner = unit.owner
            if owner is not None and order.dest != HIGH_SEAS and staying.get(
                    order.dest, "") == owner:
                orders[i] = Hold(UnitRef(unit.kind, unit.province, unit.coast))
                given.note[i] = SUPPORT_AGAINST_OWN.format(
                    power=owner, area=board.display_name(order.dest))
                given.written_outcome[i] = "fails"
            continue
        into = aimed_at(unit, order)
        if into is None or unit.owner is None or into == HIGH_SEAS:
            continue  # (no conflict on the High Seas, BAR-14.3)
        entering.setdefault((unit.owner, into), []).append(i)
        if staying.get(into, "") == unit.owner:
            barred.add(i)
            given.note[i] = ADVANCE_ON_OWN.format(power=unit.owner,
                                                  area=board.display_name(into))
    for (owner, into), found in entering.items():
        if len(found) > 1:
            for i in found:
                barred.add(i)
                given.note.setdefault(i, TWO_ADVANCES.format(
                    power=owner, area=board.display_name(into)))
    return barred
