"""The usual orders of a movement phase, checked and made pieces in one step.

Most orders of a movement phase are a hold, a move to a neighbour (or an army's
move along some chain of fleets) or a support into a neighbour, by a unit that
besieges nothing.  :func:`quick_piece` recognises such an order with a few
look-ups by number (:mod:`machiavelli.core.board_index`), knows it legal, and
gives its unit's piece the order at once (as
:func:`machiavelli.movement.pieces.set_piece` would).  Anything else is left to the
full check (:class:`machiavelli.movement.legality.Checker`) and the general rules:
``quick_piece`` answers -1 and changes nothing.  It answers only for orders the
full check finds legal, and gives the piece what ``set_piece`` gives it, so the
phase comes out the same either way (``tests/test_quick.py``).

Supports are linked to what they support later, with every other piece
(:func:`machiavelli.movement.pieces.link_pieces`).
"""

from __future__ import annotations

from collections.abc import Callable

from machiavelli.core.orders import Hold, Move, Order, SupportHold, SupportMove
from machiavelli.core.state import Rebellion
from machiavelli.movement.pieces import MOVE, SUPPORT, Pieces, mark_rebels

#: whether some chain of fleets links an army's province to a destination (province ids)
Linked = Callable[[str, str], bool]


def quick_piece(
    pieces: Pieces, power: str, order: Order, linked: Linked,
    rebellions: dict[str, Rebellion],
) -> int:
    """The number of the unit a usual legal order is for, its piece given the order;
    -1 when the order is not a usual one (nothing is changed then)."""
    kind = type(order)
    if kind is Move:
        return quick_move(pieces, power, order, linked, rebellions)  # type: ignore[arg-type]
    if kind is SupportMove or kind is SupportHold:
        return quick_support(pieces, power, order)  # type: ignore[arg-type]
    if kind is Hold:
        return quick_hold(pieces, power, order)  # type: ignore[arg-type]
    return -1


def quick_hold(pieces: Pieces, power: str, order: Hold) -> int:
    """:func:`quick_piece` of a hold."""
    ref = order.unit
    i = (pieces.city_index if ref.kind == "G" else pieces.field_index).get(ref.province, -1)
    if i < 0:
        return -1
    unit = pieces.units[i]
    return i if unit.owner == power and unit.kind == ref.kind and not unit.siege else -1


def quick_move(
    pieces: Pieces, power: str, order: Move, linked: Linked, rebellions: dict[str, Rebellion]
) -> int:
    if order.via:
        return -1
    ref = order.unit
    rk = ref.kind
    if rk == "G":
        return -1
    i = pieces.field_index.get(ref.province, -1)
    if i < 0:
        return -1
    unit = pieces.units[i]
    if unit.owner != power or unit.kind != rk or unit.siege:
        return -1
    ix = pieces.ix
    d = ix.number.get(order.dest, -1)
    if d < 0:
        return -1
    prov = pieces.province[i]
    if rk == "A":
        adjacent = d in ix.army_near[prov]
        if order.convoy or not adjacent:
            if (d == prov or ix.sea[d] or not ix.coastal[prov] or not ix.coastal[d]
                    or not linked(ref.province, order.dest)):
                return -1
            if adjacent:
                pieces.explicit.add(i)
            else:
                pieces.convoyed[i] = True
    else:
        if order.convoy or d == prov:
            return -1
        loc = pieces.location[i]
        if d not in ix.reach_near[loc]:
            return -1
        coast = order.dest_coast
        if coast is not None:
            at = ix.location_number.get(order.dest_location, -1)
            if at < 0 or at not in ix.fleet_near[loc]:
                return -1
        elif len(ix.province_locations[d]) > 1:
            reach = ix.reachable(loc, d)
            if len(reach) != 1:
                return -1
            coast = ix.location_coast[reach[0]]
        pieces.step_to[i] = d
        pieces.dest_coast[i] = coast
    pieces.kind[i] = MOVE
    pieces.dest[i] = d
    if rebellions and unit.owner is not None:
        mark_rebels(pieces, i, unit.owner, rebellions)
    return i


def quick_support(pieces: Pieces, power: str, order: SupportHold | SupportMove) -> int:
    """:func:`quick_piece` of a support."""
    ref = order.unit
    target = order.target
    if ref.kind == "G" or target.kind == "G" or target.province == ref.province:
        return -1
    i = pieces.field_index.get(ref.province, -1)
    if i < 0:
        return -1
    unit = pieces.units[i]
    if unit.owner != power or unit.kind != ref.kind or unit.siege:
        return -1
    into = order.dest if type(order) is SupportMove else target.province
    if into == target.province and type(order) is SupportMove:
        return -1
    ix = pieces.ix
    to = ix.number.get(into, -1)
    if to < 0 or to == pieces.province[i]:
        return -1
    if ref.kind == "A":
        if to not in ix.army_near[pieces.province[i]]:
            return -1
    elif to not in ix.reach_near[pieces.location[i]]:
        return -1
    pieces.kind[i] = SUPPORT
    return i
