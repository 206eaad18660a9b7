"""Legal orders the checked way: every candidate through the one-order check.

The bots' lists are :mod:`machiavelli.movement.legal_lists`', made from the board index
without the check.  This module makes the same lists as they were made before: each
list is generated from the geometry and then filtered through
:func:`~machiavelli.movement.legality.check_order`, so it never holds an illegal order.
It is kept as the oracle's lists (``tests/test_legal_lists.py`` holds the two to the same
lists, order included) and as the reference of ``machiavelli bench``'s "legal orders"
figure, and :mod:`~machiavelli.movement.legal_lists` falls back to it for a position
whose units stand where its board has no place for them.
What is listed is what :mod:`~machiavelli.movement.legal_lists` says it lists.
"""

from __future__ import annotations

import dataclasses
import sys

from machiavelli.core.board import Board, coast_of, province_of
from machiavelli.core.high_seas import HIGH_SEAS, fleet_coast, own_fleets
from machiavelli.core.options import rules_of, specials_in_play
from machiavelli.core.orders import (
    ALL,
    INDEPENDENT,
    Ally,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Excommunicate,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Old,
    Order,
    Permit,
    Remove,
    Retreat,
    SupportArea,
    SupportHold,
    SupportMove,
    Tax,
    Transport,
    UnitRef,
    order_key,
)
from machiavelli.core.state import SPECIAL_KINDS, State, Unit, UnitKind
from machiavelli.movement.builds import first_spring
from machiavelli.movement.excommunication import PAPACY
from machiavelli.movement.geography import can_reach, geometry, open_straits
from machiavelli.movement.legality import Checker
from machiavelli.movement.outcome import unit_ref as ref_of
from machiavelli.movement.retreats import retreat_destinations


def _legal(board: Board, state: State, power: str, orders: list[Order],
           checker: Checker | None = None) -> list[Order]:
    checker = checker or Checker(board, state)
    return [o for o in orders if checker.check(power, o) is None]


def checked(board: Board, state: State, power: str, orders: list[Order]) -> list[Order]:
    """The orders among ``orders`` the one-order check finds legal for ``power``."""
    return _legal(board, state, power, orders)


# ----------------------------------------------------------------------
# Movement
# ----------------------------------------------------------------------
class _Plans:
    """Per call: where each army could go by convoy, and who could enter each province."""

    def __init__(self, board: Board, state: State, checker: Checker) -> None:
        self.board = board
        self.state = state
        self.checker = checker
        self.occupancy = checker.occupancy
        geo = geometry(board)
        self.convoys: dict[str, tuple[set[str], set[str]]] = {
            u.province: checker.chains.route_dests(u.province)
            for u in state.units
            if u.kind == "A" and u.province in geo.coastal
        }
        self.movers: dict[str, list[UnitRef]] = {}
        for u in state.units:
            for dest in self.destinations(u):
                self.movers.setdefault(dest, []).append(ref_of(u))

    def destinations(self, unit: Unit) -> set[str]:
        board = self.board
        if unit.kind == "G":
            return {unit.province}
        if unit.kind == "F":
            return set(geometry(board).fleet_provinces.get(unit.location, frozenset()))
        dests = {p for p in board.army_adj.get(unit.province, frozenset()) if not board.is_sea(p)}
        return dests | self.convoys.get(unit.province, (set(), set()))[1]


def movement_orders(board: Board, state: State, power: str) -> list[Order]:
    checker = Checker(board, state)
    plans = _Plans(board, state, checker)
    orders: list[Order] = []
    for unit in state.units_of(power):
        orders += _unit_orders(board, state, plans, unit)
    for other in state.powers:
        if other != power and other not in state.eliminated:
            orders += [Ally(other, True), Ally(other, False)]
    return _legal(board, state, power, orders, checker)


def _unit_orders(board: Board, state: State, plans: _Plans, unit: Unit) -> list[Order]:
    ref = ref_of(unit)
    orders: list[Order] = [Hold(ref)]
    if unit.kind == "G":
        orders += [Convert(ref, "A")]
        coasts: tuple[str | None, ...] = board.provinces[unit.province].coasts or (None,)
        orders += [Convert(ref, "F", c) for c in coasts]
        orders += _supports(plans, unit, [unit.province])
        return orders
    orders += [Convert(ref, "G"), Besiege(ref), LiftSiege(ref)]
    orders += _moves(board, plans, unit)
    reach = [p for p in plans.destinations(unit) if can_reach(board, unit, p)]
    orders += _supports(plans, unit, reach)
    if unit.kind == "F":
        for army_at, (fleets, dests) in plans.convoys.items():
            if unit.location not in fleets:
                continue
            army = plans.occupancy.unit_in(army_at, garrison=False)
            if army is not None:
                orders += [Convoy(ref, ref_of(army), d) for d in sorted(dests)]
    return orders


def _moves(board: Board, plans: _Plans, unit: Unit) -> list[Order]:
    ref = ref_of(unit)
    if unit.kind == "F":
        moves: list[Order] = []
        for loc in sorted(board.fleet_adj.get(unit.location, frozenset())):
            dest = sys.intern(province_of(loc))  # (the board's own string: core/map_reader.py)
            coast = coast_of(loc) if board.provinces[dest].coasts else None
            moves.append(Move(ref, dest, coast))
        return moves
    adjacent = {p for p in board.army_adj.get(unit.province, frozenset()) if not board.is_sea(p)}
    moves = [Move(ref, d) for d in sorted(adjacent)]
    by_sea = plans.convoys.get(unit.province, (set(), set()))[1]
    moves += [Move(ref, d, convoy=d in adjacent) for d in sorted(by_sea)]
    return moves


def _supports(plans: _Plans, unit: Unit, into: list[str]) -> list[Order]:
    ref = ref_of(unit)
    orders: list[Order] = []
    for province in sorted(into):
        held = plans.occupancy.unit_in(province, garrison=False)
        if held is not None:
            orders.append(SupportHold(ref, ref_of(held)))
        for mover in plans.movers.get(province, []):
            if mover != ref:
                orders.append(SupportMove(ref, mover, province))
    return orders


# ----------------------------------------------------------------------
# Retreats and adjustments
# ----------------------------------------------------------------------
def retreat_orders(board: Board, state: State, power: str) -> list[Order]:
    orders: list[Order] = []
    for d in state.dislodged:
        if d.unit.owner != power:
            continue
        ref = ref_of(d.unit)
        for loc in retreat_destinations(board, state, d, open_straits(state)):
            dest = province_of(loc)
            coast = coast_of(loc) if board.provinces[dest].coasts else None
            orders.append(Retreat(ref, dest, coast))
        orders += [Retreat(ref, d.unit.province, None, "G"), Disband(ref)]
    return _legal(board, state, power, orders)


def adjustment_orders(board: Board, state: State, power: str) -> list[Order]:
    orders: list[Order] = []
    specials: tuple[str | None, ...] = (None,)
    if specials_in_play(state):
        specials += SPECIAL_KINDS
    kinds: tuple[UnitKind, ...] = ("A", "F", "G")
    for province in state.home.get(power, []):
        if province not in board.provinces:
            continue
        coasts: tuple[str | None, ...] = board.provinces[province].coasts or (None,)
        for kind in kinds:
            for coast in coasts if kind == "F" else (None,):
                orders += [Build(kind, province, coast, s) for s in specials]
    if HIGH_SEAS in board.provinces:  # a fleet on the High Seas (Turkey's, BAR-14.3)
        orders.append(Build("F", HIGH_SEAS))
    for unit in state.units_of(power):
        orders += [Remove(ref_of(unit)), Maintain(ref_of(unit))]
    if rules_of(state.options).forced_tax:  # seed 003's forced taxation (BAR-5.3)
        orders += [Tax(p) for p, owner in sorted(state.province_owner.items()) if owner == power]
    return _legal(board, state, power, orders)


def seed_003_orders(board: Board, state: State, power: str) -> list[Order]:
    """Seed 003's orders, each through the one-order check: the Papacy's excommunications
    (BAR-15.1) outside the retreats; in a movement phase under ``area_support``, supports
    of an area and transports for a power (:func:`area_orders`)."""
    rules = rules_of(state.options)
    found: list[Order] = []
    if state.phase == "movement" and rules.area_support:
        found += area_orders(board, state, power)
    if state.phase == "movement" and rules.bar:  # permissions to bribe (BAR-11.2)
        found += _legal(board, state, power, [Permit(ALL, power=p) for p in state.powers
                                              if p != power and p not in state.eliminated])
    if state.phase == "adjustment" and rules.bar and first_spring(state):  # BAR-3.3
        found += _legal(board, state, power, [
            Old(kind, province) for province in state.home_countries.get(power, ())
            for kind in ("A", "G")])
    if state.phase == "retreat" or power != PAPACY or not rules.excommunication:
        return found
    return found + _legal(board, state, power, [Excommunicate(p) for p in state.powers])


def _neighbours(board: Board, province: str) -> set[str]:
    """The provinces next to ``province`` by land or by sea."""
    found = set(board.army_adj.get(province, ()))
    for loc in board.fleet_locations(province):
        found.update(province_of(other) for other in board.fleet_adj.get(loc, ()))
    return found


def area_orders(board: Board, state: State, power: str) -> list[Order]:
    """Seed 003's supports of an area and transports (BAR-8.5, BAR-8.6) the power's units
    may give: each unit's support of every area it could advance (or a garrison convert)
    into, for its own power and for every other power with a unit in or next to the area;
    each fleet's transport for its own power and for every power with an army on a coast
    next to it."""
    near: dict[str, set[str | None]] = {}  # area -> the owners of the units in or next to it
    for unit in state.units:
        for area in (unit.province, *_neighbours(board, unit.province)):
            near.setdefault(area, set()).add(unit.owner)
    candidates: list[Order] = []
    for unit in state.units:
        if unit.owner != power:
            continue
        ref = ref_of(unit)
        areas = [unit.province] if unit.kind == "G" else [
            p for p in board.provinces if p != unit.province and can_reach(board, unit, p)]
        for area in areas:
            candidates.append(SupportArea(ref, area))
            for other in sorted(near.get(area, ()), key=lambda o: o or ""):
                if other != power:
                    candidates.append(SupportArea(ref, area, other or INDEPENDENT))
        if unit.kind == "F":
            candidates.append(Transport(ref))
            carried = {u.owner for u in state.units if u.kind == "A" and u.owner is not None
                       and u.owner != power and (u.province == unit.province
                                                 or u.province in _neighbours(board,
                                                                              unit.province))}
            candidates += [Transport(ref, other) for other in sorted(carried)]
    return _legal(board, state, power, candidates)


def legal_orders(board: Board, state: State, power: str) -> dict[tuple[str, ...], list[Order]]:
    """Every legal order of each of the power's units (and alliances) in this phase."""
    if state.phase == "movement":
        orders = movement_orders(board, state, power)
    elif state.phase == "retreat":
        orders = retreat_orders(board, state, power)
    else:
        orders = adjustment_orders(board, state, power)
    orders += seed_003_orders(board, state, power)
    result: dict[tuple[str, ...], list[Order]] = {}
    for order in orders:
        result.setdefault(order_key(order), []).append(order)
    if state.phase == "movement":
        _number_fleets(board, state, power, result)
    return result


def _number_fleets(board: Board, state: State, power: str,
                   result: dict[tuple[str, ...], list[Order]]) -> None:
    """A power's fleets on the High Seas all stand at ``hs``, so the list of ``F hs`` holds
    each one's orders (ruling A-25): it keeps them once, and each further fleet gets them
    naming it by number, ``F hs/2``, each through the check, after every other list."""
    key = ("unit", HIGH_SEAS, "AF")
    found = result.get(key)
    if found is None:
        return
    first = result[key] = list(dict.fromkeys(found))
    checker = Checker(board, state)
    for number in range(2, len(own_fleets(state.units, power)) + 1):
        numbered = UnitRef("F", HIGH_SEAS, fleet_coast(number))
        result[(*key, numbered.coast or "")] = [
            o for o in (dataclasses.replace(o, unit=numbered)  # type: ignore[arg-type]
                        for o in first)
            if checker.check(power, o) is None]
