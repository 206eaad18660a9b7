"""The usual orders of a movement phase, found legal with a few look-ups.

Holds, moves to a neighbour or by some chain of fleets, and supports between neighbours
make most of a phase's orders.  :func:`usual_order` recognises them from the board index
and who stands where, so that :class:`~machiavelli.movement.legality.Checker` checks in
full only the rest.  True means legal; False means "check it in full" (it may be legal
or not).  The checker does not ask where seed 003 or ``mach2`` change what a neighbour
is (Venice closed to armies).
"""

from __future__ import annotations

from collections.abc import Callable

from machiavelli.core.board_index import BoardIndex
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import Hold, Move, Order, SupportHold, SupportMove, UnitRef
from machiavelli.core.state import Unit

#: whether some chain of fleets links the coasts of two provinces (the checker's, made
#: once a position and only when an army's move needs it)
Links = Callable[[str, str], bool]

_SUPPORTS = (SupportMove, SupportHold)  # (a tuple for isinstance: a union is made per call)


def usual_order(occupancy: Occupancy, ix: BoardIndex, links: Links, power: str,
                order: Order) -> bool:
    """True for the usual legal orders of a movement phase (holds, moves and supports
    between neighbours), found with a few look-ups; False: check it in full (it may be
    legal or not)."""
    if isinstance(order, Move):
        if order.via:
            return False
        ref = order.unit
        unit = _own_field_unit(occupancy, power, ref)
        if unit is None:
            return False
        if ref.kind == "A":
            return _usual_army_move(ix, links, ref.province, order.dest, order.convoy)
        if order.convoy:
            return False
        return _usual_fleet_move(ix, unit, order)
    if isinstance(order, _SUPPORTS):
        ref = order.unit
        unit = _own_field_unit(occupancy, power, ref)
        target = order.target
        if unit is None or target.kind == "G" or target.province == ref.province:
            return False
        into = target.province
        if isinstance(order, SupportMove):
            into = order.dest
            if into == target.province:
                return False
        return into != ref.province and _reaches(ix, unit, into)
    if isinstance(order, Hold):
        ref = order.unit
        if ref.kind == "G":
            i = occupancy.city_index.get(ref.province, -1)
            return i >= 0 and occupancy.units[i].owner == power
        return _own_field_unit(occupancy, power, ref) is not None
    return False


def _own_field_unit(occupancy: Occupancy, power: str, ref: UnitRef) -> Unit | None:
    """The power's army or fleet ``ref`` names (None: not found so; a garrison's too)."""
    if ref.kind == "G":
        return None
    i = occupancy.field_index.get(ref.province, -1)
    if i < 0:
        return None
    unit = occupancy.units[i]
    return unit if unit.owner == power and unit.kind == ref.kind else None


def _reaches(ix: BoardIndex, unit: Unit, into: str) -> bool:
    """Whether an army or fleet could move to province ``into`` without a convoy."""
    to = ix.number.get(into, -1)
    if to < 0:
        return False
    if unit.kind == "A":
        return to in ix.army_near[ix.number[unit.province]]
    loc = ix.location_number.get(unit.location, -1)
    return loc >= 0 and to in ix.reach_near[loc]


def _usual_fleet_move(ix: BoardIndex, unit: Unit, order: Move) -> bool:
    """A fleet's move to a neighbour, the coast given where it must be."""
    if order.dest == unit.province or not _reaches(ix, unit, order.dest):
        return False
    loc = ix.location_number[unit.location]
    if order.dest_coast is not None:
        at = ix.location_number.get(order.dest_location, -1)
        return at >= 0 and ix.fleet_adjacent(loc, at)
    to = ix.number[order.dest]
    return len(ix.province_locations[to]) < 2 or len(ix.reachable(loc, to)) < 2


def _usual_army_move(ix: BoardIndex, links: Links, own: str, into: str,
                     by_convoy: bool) -> bool:
    """An army's move without a route written: to a neighbour, or by some chain of fleets."""
    number = ix.number
    to = number.get(into)
    if to is None:
        return False
    at = number[own]
    if not by_convoy and to in ix.army_near[at]:
        return True
    if to == at or ix.sea[to] or not ix.coastal[at] or not ix.coastal[to]:
        return False
    return links(own, into)


__all__ = ["Links", "usual_order"]
