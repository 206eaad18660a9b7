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

A support is aimed at once at the piece it names
(:func:`machiavelli.movement.pieces.aim_support`), and linked to it later, once every
piece has its order (:func:`machiavelli.movement.pieces.link_pieces`).  An army's move to
a province it does not border asks :class:`~machiavelli.movement.fleet_chains.FleetChains`
for a chain of fleets.
"""

from __future__ import annotations

from machiavelli.core.orders import Hold, Move, Order, SupportHold, SupportMove
from machiavelli.core.state import Rebellion
from machiavelli.movement.fleet_chains import FleetChains
from machiavelli.movement.pieces import MOVE, Pieces, aim_support, mark_rebels


def quick_piece(
    pieces: Pieces, power: str, order: Order, chains: FleetChains,
    rebellions: dict[str, Rebellion],
) -> int:
    """The number of the unit a usual legal order is for, its piece given the order;
    -1 when the order is not a usual one (nothing is changed then)."""
    kind = type(order)
    if kind is Move:
        return quick_move(pieces, power, order, chains, rebellions)  # type: ignore[arg-type]
    if kind is SupportMove or kind is SupportHold:
        return quick_support(pieces, power, order)  # type: ignore[arg-type]
    if kind is Hold:
        return quick_hold(pieces, power, order)  # type: ignore[arg-type]
    return -1


def quick_hold(pieces: Pieces, power: str, order: Hold) -> int:
    """:func:`quick_piece` of a hold."""
    ref = order.unit
    i = pieces.number_at(ref.province, ref.kind == "G")
    if i < 0:
        return -1
    unit = pieces.units[i]
    return i if unit.owner == power and unit.kind == ref.kind and not unit.siege else -1


def quick_move(
    pieces: Pieces, power: str, order: Move, chains: FleetChains,
    rebellions: dict[str, Rebellion],
) -> int:
    """:func:`quick_piece` of a move."""
    if order.via:
        return -1
    ref = order.unit
    rk = ref.kind
    if rk == "G":
        return -1
    ix = pieces.ix
    number = ix.number
    prov = number.get(ref.province, -1)
    if prov < 0:
        return -1
    i = pieces.occupant[prov]
    if i < 0 or pieces.garrison[i]:
        return -1
    unit = pieces.units[i]
    if unit.owner != power or unit.kind != rk or unit.siege:
        return -1
    d = number.get(order.dest, -1)
    if d < 0:
        return -1
    if rk == "A":
        adjacent = d in ix.army_near[prov]
        if order.convoy or not adjacent:
            if (d == prov or ix.sea[d] or not ix.coastal[prov] or not ix.coastal[d]
                    or not chains.links(prov, d)):
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
    ix = pieces.ix
    number = ix.number
    prov = number.get(ref.province, -1)
    if prov < 0:
        return -1
    i = pieces.occupant[prov]
    if i < 0 or pieces.garrison[i]:
        return -1
    unit = pieces.units[i]
    if unit.owner != power or unit.kind != ref.kind or unit.siege:
        return -1
    moving = type(order) is SupportMove
    into = order.dest if moving else target.province  # type: ignore[union-attr]
    if moving and into == target.province:
        return -1
    to = number.get(into, -1)
    if to < 0 or to == prov:
        return -1
    if ref.kind == "A":
        if to not in ix.army_near[prov]:
            return -1
    elif to not in ix.reach_near[pieces.location[i]]:
        return -1
    aim_support(pieces, i, order)
    return i
