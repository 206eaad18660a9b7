"""Seed 003's support of an area and transport named for a power (option ``area_support``).

003 8.5 (BAR-8.5): a support names an area and, optionally, a power: ``A bol S mod``
supports its own power's operation at Modena, ``A bol S mod for Milan`` Milan's, ``A bol
S luc for independent`` the independent unit's.  It counts for whichever operation of
that power is directed at the area: an advance or conversion into it, else a hold,
besiege or transport carried out in it.  A support is never supported (003 8.5, 13.1).
The area must be one the supporter could advance into without transport, or (a garrison)
convert into.  Under ``area_support`` a support written Diplomacy's way (``A bol S A par -
mod``, ``A bol S A mod``) is read as the area's support for the named unit's owner.

003 8.6 (BAR-8.6): ``F ets T`` carries an army of the fleet's own power, ``F ets T for
Florence`` one of Florence's: the army whose advance can use the fleet (it needs
transport, and some chain of fleets transporting for that power, or convoying that very
army, carries it from its province to its target through this fleet).  When two can, it
carries the one whose order line comes first (ruling A-12); the other gets no help from it.

:func:`carry_area_orders` turns each such order, once every unit's order is known, into
the order of the resolver's language it comes to (a support of that unit's move or hold, a
convoy of that army), or into a hold saying why it supports nothing; the results report the
order as written (:attr:`machiavelli.movement.outcome.Orders.stands_for`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from machiavelli.core.board import Board
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import (
    INDEPENDENT,
    Convert,
    Convoy,
    Hold,
    Move,
    Order,
    SupportArea,
    SupportHold,
    SupportMove,
    Transport,
    UnitOrder,
    UnitRef,
)
from machiavelli.core.results import Outcome
from machiavelli.core.rules import Rules
from machiavelli.core.state import State, Unit
from machiavelli.movement.geography import KIND_NAMES, can_reach, convoy_capable, geometry

NEEDS_OPTION = ("a support or transport in favour of a power is seed 003's (BAR-8.5, "
                "BAR-8.6): this game does not have the option area_support")
NO_OPERATION = "{power} has no operation directed at {area} to support (BAR-8.5)"
NOT_SUPPORTED = "a support cannot be supported (003 8.5, BAR-8.5)"
NO_ARMY = "no army of {power} advances by this fleet (BAR-8.6)"


class _Given(Protocol):
    """What :func:`carry_area_orders` reads and fills of the movement's orders
    (:class:`machiavelli.movement.outcome.Orders`)."""

    order: list[UnitOrder | None]
    note: dict[int, str]
    written_outcome: dict[int, Outcome]
    stands_for: set[int]


# ----------------------------------------------------------------------
# Legality
# ----------------------------------------------------------------------
def _power_problem(state: State, power: str | None) -> str | None:
    if power is None or power == INDEPENDENT:
        return None
    if state.powers and power not in state.powers:
        return f"unknown power '{power}'"
    return None


def support_area_problem(
    board: Board, state: State, rules: Rules, unit: Unit, order: SupportArea
) -> str | None:
    """Why ``unit`` may not support ``order.area`` (None: it may): BAR-8.5."""
    if not rules.area_support:
        return NEEDS_OPTION
    found = _power_problem(state, order.power)
    if found is not None:
        return found
    if order.area not in board.provinces:
        return f"unknown place '{order.area}'"
    name = board.display_name(order.area)
    if unit.kind == "G":
        if order.area != unit.province:
            return ("a garrison can only support into its own province, the one it could "
                    "convert into (BAR-8.5)")
        return None
    if order.area == unit.province:
        return "a unit cannot support into the province it is in"
    if not can_reach(board, unit, order.area):
        return (f"the {KIND_NAMES[unit.kind]} in {board.display_name(unit.province)} could "
                f"not advance to {name}, so cannot support there (BAR-8.5)")
    return None


def transport_problem(
    board: Board, state: State, rules: Rules, unit: Unit, order: Transport
) -> str | None:
    """Why ``unit`` may not transport for ``order.power`` (None: it may): BAR-8.6."""
    if not rules.area_support:
        return NEEDS_OPTION
    if unit.kind != "F":
        return f"only a fleet can transport, not an {KIND_NAMES[unit.kind]}" if (
            unit.kind == "A") else "only a fleet can transport, not a garrison"
    if order.power == INDEPENDENT:
        return "an independent army never advances (BAR-16.5), so is never transported"
    found = _power_problem(state, order.power)
    if found is not None:
        return found
    geo = geometry(board)
    if not convoy_capable(board, geo, unit.province, rules.coastal_convoys):
        if unit.province in geo.coastal:
            return "fleets in coastal provinces cannot transport in this game (CVY-1)"
        return "this fleet cannot transport"
    return None


# ----------------------------------------------------------------------
# What each order comes to, once every unit's order is known
# ----------------------------------------------------------------------
def _ref(unit: Unit) -> UnitRef:
    return UnitRef(unit.kind, unit.province, unit.coast)


def _favoured(unit: Unit, power: str | None) -> str | None:
    """The owner of the units a support or transport of ``unit`` is for (None: an
    independent one's)."""
    if power is None:
        return unit.owner
    return None if power == INDEPENDENT else power


def aimed_at(unit: Unit, order: UnitOrder | None) -> str | None:
    """The province an advance or a garrison's conversion out goes into, else None."""
    if isinstance(order, Move):
        return order.dest
    if isinstance(order, Convert) and unit.kind == "G":
        return unit.province
    return None


_SUPPORTS = (SupportHold, SupportMove, SupportArea)


def _supported(
    units: Sequence[Unit], orders: Sequence[UnitOrder | None], owner: str | None, area: str,
    supporter: int,
) -> tuple[int, bool] | str:
    """The unit of ``owner`` whose operation is directed at ``area``, and whether that is
    an advance (or conversion) into it; or why there is none.  An advance or conversion
    into the area comes first, then an army or fleet staying there, then its garrison."""
    staying: list[int] = []
    for j, unit in enumerate(units):
        if unit.owner != owner or j == supporter:
            continue
        order = orders[j]
        aim = aimed_at(unit, order)
        if aim == area:
            return j, True
        if aim is None and unit.province == area and not (
                isinstance(order, Convert) and unit.kind != "G"):
            staying.append(j)
    staying.sort(key=lambda j: units[j].kind == "G")  # the army or fleet first
    for j in staying:
        if isinstance(orders[j], _SUPPORTS):
            return NOT_SUPPORTED
        return j, False
    return NO_OPERATION


def _support_of(
    units: Sequence[Unit], orders: Sequence[UnitOrder | None], i: int, area: str,
    power: str | None, board: Board,
) -> tuple[UnitOrder, str]:
    """What the support of ``area`` for ``power`` by unit ``i`` comes to, and the note
    (empty when it supports an operation)."""
    supporter = units[i]
    owner = _favoured(supporter, power)
    found = _supported(units, orders, owner, area, i)
    me = _ref(supporter)
    if isinstance(found, str):
        who = "an independent power" if owner is None else owner
        return Hold(me), found.format(power=who, area=board.display_name(area))
    j, advance = found
    if advance:
        return SupportMove(me, _ref(units[j]), area, None), ""
    return SupportHold(me, _ref(units[j])), ""


def carry_area_orders(
    board: Board,
    state: State,
    rules: Rules,
    given: _Given,
    written: Mapping[str, Sequence[Order]],
) -> None:
    """Every support of an area and transport named for a power (and, under
    ``area_support``, every support written Diplomacy's way) turned into the order it comes
    to (module doc).  ``written``: each power's orders as given, in their order (ruling
    A-12 reads it)."""
    units = state.units
    orders = given.order
    supports: list[tuple[int, str, str | None]] = []  # (unit, area, power)
    transports: list[int] = []
    where = Occupancy(units)
    for i, order in enumerate(orders):
        if isinstance(order, SupportArea):
            supports.append((i, order.area, order.power))
        elif isinstance(order, Transport):
            transports.append(i)
        elif isinstance(order, SupportMove):
            supports.append((i, order.dest, _owner_named(where, order.target)))
        elif isinstance(order, SupportHold):
            supports.append((i, order.target.province, _owner_named(where, order.target)))
    if not supports and not transports:
        return
    before = orders[:]
    for i, area, power in supports:
        carried, note = _support_of(units, before, i, area, power, board)
        orders[i] = carried
        given.stands_for.add(i)
        if note:
            given.note[i] = note
            given.written_outcome[i] = "fails"
    if transports:
        _carry_transports(board, rules, units, before, transports, given, written)


def _owner_named(where: Occupancy, ref: UnitRef) -> str:
    """The power a support written Diplomacy's way is for: the named unit's owner
    (:data:`INDEPENDENT` for an autonomous one; the supporter's own when none is there,
    so that it supports nothing of another power)."""
    unit = where.get((ref.province, ref.kind == "G"))
    if unit is None:
        return "nobody"
    return INDEPENDENT if unit.owner is None else unit.owner


def _carry_transports(
    board: Board,
    rules: Rules,
    units: Sequence[Unit],
    orders: Sequence[UnitOrder | None],
    transports: list[int],
    given: _Given,
    written: Mapping[str, Sequence[Order]],
) -> None:
    """Each transport made the convoy of the army it carries (BAR-8.6, ruling A-12)."""
    index = {(u.province, u.kind == "G"): j for j, u in enumerate(units)}
    # each power's armies advancing by transport, in the order their lines were written
    advancing: dict[str | None, list[int]] = {}
    for lines in written.values():
        for line in lines:
            if isinstance(line, Move) and line.unit.kind == "A":
                j = index.get((line.unit.province, False), -1)
                if j >= 0 and orders[j] == line and (
                        line.via or line.convoy
                        or not board.army_adjacent(line.unit.province, line.dest)):
                    advancing.setdefault(units[j].owner, []).append(j)
    for f in transports:
        order = orders[f]
        assert isinstance(order, Transport)
        fleet = units[f]
        owner = _favoured(fleet, order.power)
        army = -1
        for a in advancing.get(owner, ()):
            move = orders[a]
            assert isinstance(move, Move)
            chain = [g for g in transports if _for(units[g], orders[g]) == owner]
            chain += [g for g, o in enumerate(orders)
                      if isinstance(o, Convoy) and o.target.province == move.unit.province
                      and o.dest == move.dest]
            if _on_a_chain(board, rules, units, chain, f, move):
                army = a
                break
        me = _ref(fleet)
        given.stands_for.add(f)
        if army < 0:
            given.order[f] = Hold(me)
            given.note[f] = NO_ARMY.format(power=owner or "an independent power")
            given.written_outcome[f] = "fails"
            continue
        move = orders[army]
        assert isinstance(move, Move)
        given.order[f] = Convoy(me, _ref(units[army]), move.dest)


def _for(fleet: Unit, order: UnitOrder | None) -> str | None:
    return _favoured(fleet, order.power) if isinstance(order, Transport) else "\0"


def _on_a_chain(
    board: Board, rules: Rules, units: Sequence[Unit], chain: list[int], fleet: int,
    move: Move,
) -> bool:
    """Whether some chain of the ``chain`` fleets carries the army of ``move`` from its
    province to its target through ``fleet``: fleets reached from the start, and the
    target reached from ``fleet``."""
    start, dest = move.unit.province, move.dest
    if move.via and units[fleet].province not in move.via:
        return False
    geo = geometry(board)
    fleets = {g for g in chain
              if convoy_capable(board, geo, units[g].province, rules.coastal_convoys)}
    if fleet not in fleets:
        return False

    def spread(first: set[int]) -> set[int]:
        seen = set(first)
        frontier = list(first)
        while frontier:
            g = frontier.pop()
            for h in fleets:
                if h not in seen and board.fleet_adjacent(units[g].location, units[h].location):
                    seen.add(h)
                    frontier.append(h)
        return seen

    reached = spread({g for g in fleets if board.fleet_reaches(units[g].location, start)})
    if fleet not in reached:
        return False
    return any(board.fleet_reaches(units[g].location, dest) for g in spread({fleet}))
