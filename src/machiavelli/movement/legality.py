"""Static legality: may this power give this order in this position and phase?

:func:`check_order` answers ``None`` (legal) or the reason in plain words; an
illegal order is void and its unit holds.  Only what the position alone decides
is checked here: whether a move can succeed, a support is cut or a convoy is
complete is the resolver's business.  :func:`machiavelli.movement.legal_lists.legal_orders`
lists every legal order of each of a power's units in the current phase (a bot's
move list); the board's facts both use are :mod:`machiavelli.movement.geography`'s.

Options are :mod:`machiavelli.core.options`' (names, defaults, couplings).
Read here: ``diplomacy`` (the standard map: no garrisons, conversions, sieges or
special units unless switched on), ``garrisons``, ``fortresses``,
``coastal_convoys`` (off under ``diplomacy`` or ``mach2``, 001 FLAG-COASTAL and
FLAG-DEF-MACH2), ``special``, ``mach2`` (SIEGE-6 does not bind) and ``disband``
(ORD-TN-1).

Rulings that live here are written in docs/rulings.md (section "Order notation and
static legality").  Retreats are checked with :mod:`machiavelli.movement.retreats`'
rules (straits left open: who allows whom is not in the position); for
adjustments only where a unit may be built is checked, the counts, money and
order of builds are :mod:`machiavelli.game.adjustments`'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from machiavelli.core.board import Board
from machiavelli.core.options import (
    coastal_convoys,
    disband_anytime,
    garrisons_in_play,
    mach2_rules,
    money_in_play,
)
from machiavelli.core.orders import (
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
)
from machiavelli.core.state import Dislodged, State, Unit
from machiavelli.movement.builds import build_problem
from machiavelli.movement.geography import (
    KIND_NAMES,
    NO_ARMY_IN_VENICE,
    UnitIndex,
    besieger,
    can_hold_garrison,
    can_reach,
    convoy_capable,
    convoy_fleets,
    geometry,
    is_port,
    no_army_in,
    open_straits,
)
from machiavelli.movement.retreats import conversion_problem, retreat_problem

# ----------------------------------------------------------------------
# check_order
# ----------------------------------------------------------------------




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
        if step in (start, dest) or not convoy_capable(board, geo, step, coastal):
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
    if not convoy_capable(board, geo, unit.province, coastal_convoys(state)):
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


def _check_retreat(board: Board, state: State, power: str, order: Retreat) -> str | None:
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
    return build_problem(board, state, power, order)


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
