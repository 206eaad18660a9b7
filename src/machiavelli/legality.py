"""Static legality: may this power give this order in this position and phase?

:func:`check_order` answers ``None`` (legal) or the reason in plain words; an
illegal order is void and its unit holds.  Only what the position alone decides
is checked here: whether a move can succeed, a support is cut or a convoy is
complete is the resolver's business.  :func:`legal_orders` lists every legal
order of each of a power's units in the current phase (a bot's move list).

Options are :mod:`machiavelli.options`' (names, defaults, couplings); the option
helpers this module has always offered (:func:`garrisons_in_play`,
:func:`fortresses_in_use`, :func:`coastal_convoys`, :func:`specials_in_play`,
:func:`money_in_play`) are re-exported from there.  Read here: ``diplomacy`` (the
standard map: no garrisons, conversions, sieges or special units unless switched
on), ``garrisons``, ``fortresses``, ``coastal_convoys`` (off under ``diplomacy``
or ``mach2``, 001 FLAG-COASTAL and FLAG-DEF-MACH2), ``special``, ``mach2``
(SIEGE-6 does not bind) and ``disband`` (ORD-TN-1).

Rulings that live here are written in docs/rulings.md (section "Order notation and
static legality").  Retreats are checked with :mod:`machiavelli.retreats`'
rules (straits left open: who allows whom is not in the position); for
adjustments only where a unit may be built is checked, the counts, money and
order of builds are :mod:`machiavelli.adjustments`'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from machiavelli.board import Board, province_of
from machiavelli.options import coastal_convoys as coastal_convoys
from machiavelli.options import disband_anytime, mach2_rules
from machiavelli.options import fortresses_in_use as fortresses_in_use
from machiavelli.options import garrisons_in_play as garrisons_in_play
from machiavelli.options import money_in_play as money_in_play
from machiavelli.options import specials_in_play as specials_in_play
from machiavelli.orders import (
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Convoy,
    Disband,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Pay,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
    order_key,
)
from machiavelli.state import Dislodged, State, Unit

KIND_NAMES = {"A": "army", "F": "fleet", "G": "garrison"}


# ----------------------------------------------------------------------
# Options: machiavelli.options is their home; these names stay importable from here
# ----------------------------------------------------------------------
NO_ARMY_IN_VENICE = "no armies in Venice under mach2 (M7, rules.machiavelli2)"


def can_hold_garrison(board: Board, state: State, province: str) -> bool:
    """A fortified city, or a fortress when fortresses are in use (GAR-1, FORT-0)."""
    city = board.provinces[province].city
    if city is None or not city.fortified:
        return False
    return city.kind != "fortress" or fortresses_in_use(state)


def is_port(board: Board, province: str) -> bool:
    city = board.provinces[province].city
    return city is not None and city.port


# ----------------------------------------------------------------------
# Geometry cached per board
# ----------------------------------------------------------------------
@dataclass
class _Geometry:
    coastal: frozenset[str]
    fleet_provinces: dict[str, frozenset[str]]  # location -> provinces a fleet there reaches


_GEOMETRY: dict[int, tuple[Board, _Geometry]] = {}


def geometry(board: Board) -> _Geometry:
    cached = _GEOMETRY.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    geo = _Geometry(
        coastal=frozenset(p for p in board.provinces if board.is_coastal(p)),
        fleet_provinces={
            loc: frozenset(province_of(n) for n in adj) for loc, adj in board.fleet_adj.items()
        },
    )
    _GEOMETRY[id(board)] = (board, geo)
    return geo


def _convoy_capable(board: Board, geo: _Geometry, province: str, coastal: bool) -> bool:
    return board.is_sea(province) or (coastal and province in geo.coastal)


def _route_search(
    board: Board, start: str, nodes: Iterable[str]
) -> tuple[set[str], set[str]]:
    """Convoying locations linked to ``start`` through ``nodes``, and the coasts they reach."""
    allowed = set(nodes)
    frontier = [
        n
        for loc in board.fleet_locations(start)
        for n in board.fleet_adj.get(loc, frozenset())
        if n in allowed
    ]
    seen = set(frontier)
    while frontier:
        loc = frontier.pop()
        for n in board.fleet_adj.get(loc, frozenset()):
            if n in allowed and n not in seen:
                seen.add(n)
                frontier.append(n)
    geo = geometry(board)
    dests = {
        p
        for loc in seen
        for p in geo.fleet_provinces.get(loc, frozenset())
        if p != start and p in geo.coastal
    }
    return seen, dests


def _fleet_nodes(board: Board, state: State, *besides: str) -> list[str]:
    """Locations of the fleets now able to convoy, outside the given provinces."""
    geo = geometry(board)
    coastal = coastal_convoys(state)
    return [
        u.location
        for u in state.units
        if u.kind == "F" and u.province not in besides
        and _convoy_capable(board, geo, u.province, coastal)
    ]


def fleet_route_dests(board: Board, state: State, start: str) -> tuple[set[str], set[str]]:
    """The fleets (locations) linked to an army at ``start``, and the coasts they lead to."""
    return _route_search(board, start, _fleet_nodes(board, state, start))


def convoy_fleets(board: Board, state: State, start: str, dest: str) -> set[str]:
    """Locations of the fleets on some chain of fleets from ``start`` to ``dest``."""
    nodes = _fleet_nodes(board, state, start, dest)
    return _route_search(board, start, nodes)[0] & _route_search(board, dest, nodes)[0]


# ----------------------------------------------------------------------
# check_order
# ----------------------------------------------------------------------
UnitIndex = Mapping[tuple[str, bool], Unit]


def unit_index(state: State) -> dict[tuple[str, bool], Unit]:
    """The units by (province, is garrison): pass it to check_order when checking many."""
    return {(u.province, u.kind == "G"): u for u in state.units}


def check_order(
    board: Board, state: State, power: str, order: Order, index: UnitIndex | None = None
) -> str | None:
    """``None`` if ``power`` may give ``order`` now, else the reason it is void.

    ``index`` (from :func:`unit_index`) saves a search of the units per order.
    """
    try:
        return _check(board, state, power, order, index)
    except KeyError as err:  # a place that is not on this board
        return f"unknown place {err}"


def _phase_problem(state: State, wanted: str, what: str) -> str | None:
    if state.phase != wanted:
        return f"{what} is ordered only in {_a(wanted)} phase, not in the {state.phase} phase"
    return None


def _check(
    board: Board, state: State, power: str, order: Order, index: UnitIndex | None
) -> str | None:
    check = _UNIT_CHECKS.get(type(order))
    if check is not None and state.phase == "movement":  # the common case, first
        found = own_unit(board, state, power, order.unit, index)  # type: ignore[union-attr]
        return found if isinstance(found, str) else check(board, state, found, order)
    if isinstance(order, Ally):
        return _phase_problem(state, "movement", "an alliance") or _check_ally(state, power, order)
    if isinstance(order, Borrow | Pay | GiveChit | Expense):
        if not money_in_play(state):
            return "there is no money in this game"
        return _phase_problem(state, "movement", "an expenditure order")
    if isinstance(order, Build | Remove | Maintain | Waive):
        return _phase_problem(state, "adjustment", "an adjustment order") or _check_adjustment(
            board, state, power, order
        )
    if isinstance(order, Retreat):
        return _phase_problem(state, "retreat", "a retreat") or _check_retreat(
            board, state, power, order
        )
    if isinstance(order, Disband):
        if state.phase == "movement":
            if not disband_anytime(state):
                return "disbanding in a movement phase needs the 'disband' option (ORD-TN-1)"
            found = own_unit(board, state, power, order.unit)
            return found if isinstance(found, str) else None
        problem = _phase_problem(state, "retreat", "a disband")
        if problem:
            return problem
        found_d = own_dislodged(board, state, power, order.unit)
        return found_d if isinstance(found_d, str) else None
    problem = _phase_problem(state, "movement", "a unit's order")
    if problem:
        return problem
    found = own_unit(board, state, power, order.unit, index)
    if isinstance(found, str):
        return found
    return _UNIT_CHECKS[type(order)](board, state, found, order)


def _check_lift(board: Board, state: State, unit: Unit, order: LiftSiege) -> str | None:
    if unit.kind == "G":
        return "a garrison cannot lift a siege"
    if unit.siege < 1:
        return f"the {KIND_NAMES[unit.kind]} in {_name(board, unit.province)} is not besieging"
    return None


def _check_hold(board: Board, state: State, unit: Unit, order: Hold) -> str | None:
    return None


def _check_besiege_order(board: Board, state: State, unit: Unit, order: Besiege) -> str | None:
    return _check_besiege(board, state, unit)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _name(board: Board, province: str) -> str:
    return board.display_name(province)


def _find(units: Iterable[Unit], ref: UnitRef) -> list[Unit]:
    garrison = ref.kind == "G"
    return [u for u in units if u.province == ref.province and (u.kind == "G") == garrison]


def _match(board: Board, power: str, ref: UnitRef, here: list[Unit], what: str) -> Unit | str:
    name = _name(board, ref.province)
    if not here:
        return f"no {what}{KIND_NAMES[ref.kind]} in {name}"
    unit = here[0]
    if unit.kind != ref.kind:
        return f"there is no {KIND_NAMES[ref.kind]} in {name}, there is {_a(KIND_NAMES[unit.kind])}"
    if unit.owner != power:
        return f"the {KIND_NAMES[unit.kind]} in {name} is not yours"
    return unit


def own_unit(
    board: Board, state: State, power: str, ref: UnitRef, index: UnitIndex | None = None
) -> Unit | str:
    """The power's unit an order names, or why there is none."""
    if index is not None:
        unit = index.get((ref.province, ref.kind == "G"))
        if unit is not None and unit.owner == power and unit.kind == ref.kind:
            return unit
        return _match(board, power, ref, [unit] if unit is not None else [], "")
    return _match(board, power, ref, _find(state.units, ref), "")


def own_dislodged(board: Board, state: State, power: str, ref: UnitRef) -> Dislodged | str:
    here = [d for d in state.dislodged if d.unit.province == ref.province]
    found = _match(board, power, ref, [d.unit for d in here], "dislodged ")
    if isinstance(found, str):
        return found
    return next(d for d in here if d.unit is found)


def can_reach(board: Board, unit: Unit, province: str) -> bool:
    """Could ``unit`` move to ``province`` without a convoy (ignoring coasts)?"""
    if unit.kind == "A":
        return board.army_adjacent(unit.province, province)
    if unit.kind == "F":
        return province in geometry(board).fleet_provinces.get(unit.location, frozenset())
    return False


def no_army_in(board: Board, state: State, province: str) -> bool:
    """Machiavelli 2: Venice is a sea area with a city, closed to armies (M7)."""
    return board.provinces[province].venice and mach2_rules(state)


def check_move(board: Board, state: State, unit: Unit, order: Move) -> str | None:
    if unit.kind == "A" and no_army_in(board, state, order.dest):
        return NO_ARMY_IN_VENICE
    if unit.kind == "A" and not order.via and not order.convoy and board.army_adjacent(
            unit.province, order.dest):
        return None  # the common case, first
    src, dest = _name(board, unit.province), _name(board, order.dest)
    if unit.kind == "G":
        return "a garrison cannot move"
    if order.dest == unit.province:
        return "a unit cannot move to the province it is in"
    if unit.kind == "F":
        if order.via or order.convoy:
            return "a fleet cannot be convoyed"
        reach = board.fleet_reaches(unit.location, order.dest)
        if not reach:
            return f"a fleet cannot go from {src} to {dest}"
        if order.dest_coast is not None:
            if order.dest_location not in reach:
                return f"a fleet cannot go from {src} to {order.dest_location}"
        elif board.provinces[order.dest].coasts and len(reach) > 1:
            return f"the coast of {dest} must be given"
        return None
    if board.is_sea(order.dest):
        return "an army cannot go to sea"
    if not order.via and not order.convoy and board.army_adjacent(unit.province, order.dest):
        return None
    geo = geometry(board)
    if unit.province not in geo.coastal or order.dest not in geo.coastal:
        if not order.via and not order.convoy:
            return f"an army cannot go from {src} to {dest}"
        return "a convoyed army must start and end in coastal provinces (CVY-2)"
    if order.via:
        return _check_route(board, state, unit.province, order.dest, order.via)
    if not convoy_fleets(board, state, unit.province, order.dest):
        return f"no chain of fleets can convoy an army from {src} to {dest} (DATC 6.D.32)"
    return None


def _check_route(
    board: Board, state: State, start: str, dest: str, via: tuple[str, ...]
) -> str | None:
    """A written convoy route: fleets in convoying provinces, each next to the last.

    A fleet in a province with several coasts links only what its own coast
    touches, so a route cannot jump coasts (CVY-3).
    """
    geo = geometry(board)
    coastal = coastal_convoys(state)
    here = set(board.fleet_locations(start))
    for step in via:
        if step in (start, dest) or not _convoy_capable(board, geo, step, coastal):
            return f"{_name(board, step)} cannot be part of a convoy route"
        fleet = state.unit_in(step, garrison=False)
        if fleet is None or fleet.kind != "F":
            return f"there is no fleet in {_name(board, step)} to convoy"
        if not any(board.fleet_adjacent(h, fleet.location) for h in here):
            return f"the convoy route breaks at {_name(board, step)}"
        here = {fleet.location}
    if not any(board.fleet_adjacent(h, d) for h in here for d in board.fleet_locations(dest)):
        return f"the convoy route does not reach {_name(board, dest)}"
    return None


def _check_support(
    board: Board, state: State, unit: Unit, order: SupportHold | SupportMove
) -> str | None:
    target = order.target
    own = unit.province
    if target.province == own and (target.kind == "G") == (unit.kind == "G"):
        return "a unit cannot support itself"
    if isinstance(order, SupportMove):
        if target.kind == "G" and order.dest != target.province:
            return "a garrison cannot move"
        if target.kind != "G" and order.dest == target.province:
            return "a unit cannot move to the province it is in"
        if target.kind == "A" and no_army_in(board, state, order.dest):
            return NO_ARMY_IN_VENICE
        into = order.dest
    else:
        into = target.province
    if unit.kind == "G":
        if into != own or (isinstance(order, SupportHold) and target.kind == "G"):
            return "a garrison can only support actions into its own province (GAR-3)"
        return None
    if into == own:
        return "a unit cannot support into the province it is in"
    if not can_reach(board, unit, into):
        return (
            f"the {KIND_NAMES[unit.kind]} in {_name(board, own)} could not move to "
            f"{_name(board, into)}, so cannot support there"
        )
    return None


def _check_convoy(board: Board, state: State, unit: Unit, order: Convoy) -> str | None:
    if unit.kind != "F":
        return f"only a fleet can convoy, not {_a(KIND_NAMES[unit.kind])}"
    geo = geometry(board)
    if not _convoy_capable(board, geo, unit.province, coastal_convoys(state)):
        if unit.province in geo.coastal:
            return "fleets in coastal provinces cannot convoy in this game (CVY-1)"
        return "this fleet cannot convoy"
    if order.target.kind != "A":
        return "only armies can be convoyed"
    if order.target.province not in geo.coastal or order.dest not in geo.coastal:
        return "a convoyed army must start and end in coastal provinces (CVY-2)"
    if order.dest == order.target.province:
        return "a unit cannot move to the province it is in"
    if no_army_in(board, state, order.dest):
        return NO_ARMY_IN_VENICE
    if unit.location not in convoy_fleets(board, state, order.target.province, order.dest):
        return (
            f"the fleet in {_name(board, unit.province)} is on no chain of fleets from "
            f"{_name(board, order.target.province)} to {_name(board, order.dest)}"
        )
    return None


def _check_convert(board: Board, state: State, unit: Unit, order: Convert) -> str | None:
    if not garrisons_in_play(state):
        return "there are no garrisons in this game"
    prov = board.provinces[unit.province]
    name = prov.name
    if order.to == unit.kind:
        return f"the {KIND_NAMES[unit.kind]} is already {_a(KIND_NAMES[unit.kind])}"
    if unit.kind != "G":
        if order.to != "G":
            return "an army and a fleet never convert into each other directly (CONV-P4)"
        if not can_hold_garrison(board, state, unit.province):
            return f"{name} has no fortified city to garrison"
        if unit.kind == "F" and not is_port(board, unit.province):
            return "a fleet can become a garrison only in a port city (CONV-P2)"
        if state.unit_in(unit.province, garrison=True) is not None:
            return f"the city of {name} is occupied"
        return None
    if order.to == "A" and no_army_in(board, state, unit.province):
        return NO_ARMY_IN_VENICE
    if order.to == "F":
        if unit.owner in board.no_fleets:
            return f"{unit.owner} may never convert units to fleets in this scenario"
        if not is_port(board, unit.province) or not board.fleet_locations(unit.province):
            return "a garrison can become a fleet only in a port city (CONV-P2)"
        if prov.coasts and order.coast not in prov.coasts:
            return f"the coast of {name} must be given (ORD-TN-2)"
        if not prov.coasts and order.coast is not None:
            return f"{name} has no separate coasts"
    if besieger(state, unit) is not None and not mach2_rules(state):
        return "a besieged garrison cannot convert (SIEGE-6)"
    return None


def besieger(state: State, garrison: Unit) -> Unit | None:
    """The army or fleet whose siege of ``garrison`` began last campaign (SIEGE-6)."""
    other = state.unit_in(garrison.province, garrison=False)
    if other is not None and other.siege >= 1 and other.owner != garrison.owner:
        return other
    return None


def _check_besiege(board: Board, state: State, unit: Unit) -> str | None:
    if unit.kind == "G":
        return "a garrison cannot besiege"
    if not garrisons_in_play(state):
        return "there are no garrisons or sieges in this game"
    prov = board.provinces[unit.province]
    if prov.city is None or not prov.city.fortified:
        return f"there is no fortified city in {prov.name} to besiege"
    if prov.venice:
        return "a garrison in Venice can never be besieged (VEN-F)"
    if unit.kind == "F" and not prov.city.port:
        return "a fleet can besiege only a port city (SIEGE-2)"
    rebellion = state.rebellions.get(unit.province)
    if state.unit_in(unit.province, garrison=True) is None and not (
        rebellion is not None and rebellion.in_city
    ):
        return f"there is nothing to besiege in {prov.name}"
    return None


def _check_ally(state: State, power: str, order: Ally) -> str | None:
    if order.power == power:
        return "a power cannot ally with itself"
    if state.powers and order.power not in state.powers:
        return f"unknown power '{order.power}'"
    return None


# -- retreats: the static part; the rules themselves live in retreats.py --------
def open_straits(state: State) -> dict[str, tuple[str, ...]]:
    """Strait permissions that let everyone through: straits are not static."""
    return {p: tuple(state.powers) for p in state.powers}


def _check_retreat(board: Board, state: State, power: str, order: Retreat) -> str | None:
    from machiavelli.retreats import conversion_problem, retreat_problem

    found = own_dislodged(board, state, power, order.unit)
    if isinstance(found, str):
        return found
    unit = found.unit
    if order.to is not None:
        if order.to != "G" or order.dest != unit.province:
            return "a retreat can only convert into the garrison of the unit's own city"
        return conversion_problem(board, state, found, open_straits(state))
    location = order.dest_location
    if unit.kind == "F" and order.dest_coast is None and board.provinces[order.dest].coasts:
        reach = board.fleet_reaches(unit.location, order.dest)
        if len(reach) != 1:
            return f"the coast of {_name(board, order.dest)} must be given"
        location = reach[0]
    if unit.kind == "A" and no_army_in(board, state, order.dest):
        return NO_ARMY_IN_VENICE
    return retreat_problem(board, state, found, location, open_straits(state))


# -- adjustments: only what the position decides; counts and money are adjustments.py's
def _check_adjustment(
    board: Board, state: State, power: str, order: Build | Remove | Maintain | Waive
) -> str | None:
    if isinstance(order, Waive):
        return None
    if isinstance(order, Maintain) and not money_in_play(state):
        return "without money units need no maintain order"
    if isinstance(order, Remove | Maintain):
        found = own_unit(board, state, power, order.unit)
        return found if isinstance(found, str) else None
    return _check_build(board, state, power, order)


def _check_build(board: Board, state: State, power: str, order: Build) -> str | None:
    from machiavelli.builds import build_problem  # builds.py imports this module

    return build_problem(board, state, power, order)


# ----------------------------------------------------------------------
# legal_orders
# ----------------------------------------------------------------------
def legal_orders(board: Board, state: State, power: str) -> dict[tuple[str, ...], list[Order]]:
    """Every legal order of each of the power's units (and alliances) in this phase."""
    from machiavelli.legal_lists import adjustment_orders, movement_orders, retreat_orders

    if state.phase == "movement":
        orders = movement_orders(board, state, power)
    elif state.phase == "retreat":
        orders = retreat_orders(board, state, power)
    else:
        orders = adjustment_orders(board, state, power)
    result: dict[tuple[str, ...], list[Order]] = {}
    for order in orders:
        result.setdefault(order_key(order), []).append(order)
    return result


_UNIT_CHECKS: dict[type, Callable[[Board, State, Unit, Any], str | None]] = {
    Hold: _check_hold,
    Move: check_move,
    SupportHold: _check_support,
    SupportMove: _check_support,
    Convoy: _check_convoy,
    Convert: _check_convert,
    Besiege: _check_besiege_order,
    LiftSiege: _check_lift,
}
