"""Static legality: may this power give this order in this position and phase?

:func:`check_order` answers ``None`` (legal) or the reason in plain words; an
illegal order is void and its unit holds.  Only what the position alone decides
is checked here: whether a move can succeed, a support is cut or a convoy is
complete is the resolver's business.  :func:`machiavelli.movement.legal_lists.legal_orders`
lists every legal order of each of a power's units in the current phase (a bot's
move list); the board's facts both use are :mod:`machiavelli.movement.geography`'s.

Options are :mod:`machiavelli.core.options`' (names, defaults, couplings),
taken once per phase as a :class:`~machiavelli.core.rules.Rules` snapshot.
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

Checking many orders of one position (a phase's orders, the legal-order lists),
make one :class:`Checker`: it looks units up by province and keeps the chains of
fleets it has found, so no check walks the unit list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from machiavelli.core.board import Board
from machiavelli.core.board_index import board_index
from machiavelli.core.high_seas import HIGH_SEAS, fleet_number
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import (
    BANK,
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Convoy,
    Disband,
    Excommunicate,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Old,
    Order,
    Pay,
    Permit,
    Remove,
    Retreat,
    SupportArea,
    SupportHold,
    SupportMove,
    Tax,
    Transport,
    UnitRef,
    Waive,
)
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import Dislodged, State, Unit
from machiavelli.movement.area_support import support_area_problem, transport_problem
from machiavelli.movement.bribe_reach import operated_unit, permit_problem
from machiavelli.movement.builds import build_problem, old_problem
from machiavelli.movement.excommunication import excommunication_problem
from machiavelli.movement.forced_tax import tax_problem
from machiavelli.movement.geography import (
    KIND_NAMES,
    NO_ARMY_IN_VENICE,
    Chains,
    UnitIndex,
    besieger,
    can_hold_garrison,
    can_reach,
    convoy_capable,
    geometry,
    is_port,
    no_army_in,
    open_straits,
    route_problem,
)
from machiavelli.movement.retreats import conversion_problem, retreat_problem
from machiavelli.movement.usual_orders import usual_order

__all__ = ["Checker", "can_hold_garrison", "check_order", "own_dislodged", "own_unit"]

#: (tuples for isinstance: ``A | B`` makes a union object at every call)
_MONEY = (Borrow, Pay, GiveChit, Expense)
_ADJUSTMENTS = (Build, Remove, Maintain, Waive)
_REMOVE_OR_MAINTAIN = (Remove, Maintain)


class Checker:
    """One position's orders checked: the board, the position, its rules, who stands where.

    Made once per phase (:func:`check_order` makes one per call); the position must
    not change while it is in use.
    """

    def __init__(
        self,
        board: Board,
        state: State,
        rules: Rules | None = None,
        occupancy: Occupancy | None = None,
    ) -> None:
        self.board = board
        self.state = state
        self.rules = rules if rules is not None else rules_of(state.options)
        self.occupancy = occupancy if occupancy is not None else Occupancy(state.units)
        self._chains: Chains | None = None
        self.ix = board_index(board)
        #: seed 003's independent units bribed to obey a power this campaign (BAR-11.6):
        #: (province, garrison) -> the power
        self.operated: Mapping[tuple[str, bool], str] = {}
        # the usual orders recognised at once in a movement phase (not where Venice is closed)
        self.quick = state.phase == "movement" and not (self.rules.mach2 or self.rules.bar)

    @property
    def chains(self) -> Chains:
        if self._chains is None:
            self._chains = Chains(self.board, self.state.units, self.rules)
        return self._chains

    def _links(self, start: str, end: str) -> bool:
        """Whether some chain of fleets links the coasts of ``start`` and ``end``."""
        return self.chains.links(start, end)

    def check(self, power: str, order: Order) -> str | None:
        """``None`` if ``power`` may give ``order`` now, else the reason it is void."""
        if self.quick and usual_order(self.occupancy, self.ix, self._links, power, order):
            return None
        return self.check_in_full(power, order)

    def check_in_full(self, power: str, order: Order) -> str | None:
        """:meth:`check` without looking for a usual order first."""
        try:
            return self._check(power, order)
        except KeyError as err:  # a place that is not on this board
            return f"unknown place {err}"

    def links(self, start: str, dest: str) -> bool:
        """Whether some chain of fleets links ``start`` to ``dest``."""
        return self.chains.links(start, dest)

    def _check(self, power: str, order: Order) -> str | None:
        state = self.state
        check = _UNIT_CHECKS.get(type(order))
        if check is not None and state.phase == "movement":  # the common case, first
            found = own_unit(self.board, state, power, order.unit, self)  # type: ignore[union-attr]
            if isinstance(found, str) and self.operated:
                found = operated_unit(self.occupancy, self.operated, power, order) or found
            return found if isinstance(found, str) else check(self, found, order)
        if isinstance(order, Ally):
            return _phase_problem(state, "movement", "an alliance") or _check_ally(
                state, power, order)
        if isinstance(order, _MONEY):
            if not self.rules.money:
                return "there is no money in this game"
            if (isinstance(order, Pay) and state.phase == "adjustment" and self.rules.bar
                    and order.to != BANK):
                return None  # seed 003's ducat exchange (B.4, BAR-2.3)
            return _phase_problem(state, "movement", "an expenditure order")
        if isinstance(order, Excommunicate):
            if state.phase not in ("movement", "adjustment"):
                return ("an excommunication is ordered only in a movement or an adjustment "
                        f"phase, not in the {state.phase} phase")
            return excommunication_problem(state, power, order, self.rules)
        if isinstance(order, Permit):
            return _phase_problem(state, "movement", "a permission to bribe") or permit_problem(
                self.board, state, power, order, self.rules.bar)
        if isinstance(order, Old):
            return _phase_problem(state, "adjustment", "an old unit") or old_problem(
                self.board, state, power, order, self.rules)
        if isinstance(order, Tax):
            return _phase_problem(state, "adjustment", "a forced taxation") or tax_problem(
                self.board, state, power, order, self.rules)
        if isinstance(order, _ADJUSTMENTS):
            return _phase_problem(state, "adjustment", "an adjustment order") or (
                self._check_adjustment(power, order))
        if isinstance(order, Retreat):
            return _phase_problem(state, "retreat", "a retreat") or self._check_retreat(
                power, order)
        if isinstance(order, Disband):
            if state.phase == "movement":
                if not self.rules.disband:
                    return "disbanding in a movement phase needs the 'disband' option (ORD-TN-1)"
                found = own_unit(self.board, state, power, order.unit, self)
                return found if isinstance(found, str) else None
            problem = _phase_problem(state, "retreat", "a disband")
            if problem:
                return problem
            found_d = own_dislodged(self.board, state, power, order.unit)
            return found_d if isinstance(found_d, str) else None
        problem = _phase_problem(state, "movement", "a unit's order")
        if problem:
            return problem
        check = _UNIT_CHECKS.get(type(order))
        if check is None:  # a kind no rule here knows (tests/test_order_kinds.py): void
            return f"no rule checks an order of this kind ({type(order).__name__})"
        found = own_unit(self.board, state, power, order.unit, self)
        if isinstance(found, str):
            return found
        return check(self, found, order)

    # -- retreats: the static part; the rules themselves live in retreats.py --------
    def _check_retreat(self, power: str, order: Retreat) -> str | None:
        board, state = self.board, self.state
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
        if unit.kind == "A" and no_army_in(board, self.rules, order.dest):
            return NO_ARMY_IN_VENICE
        return retreat_problem(board, state, found, location, open_straits(state))

    # -- adjustments: only what the position decides; counts and money are adjustments.py's
    def _check_adjustment(
        self, power: str, order: Build | Remove | Maintain | Waive
    ) -> str | None:
        if isinstance(order, Waive):
            return None
        if isinstance(order, Maintain) and not self.rules.money:
            return "without money units need no maintain order"
        if isinstance(order, _REMOVE_OR_MAINTAIN):
            found = own_unit(self.board, self.state, power, order.unit, self)
            return found if isinstance(found, str) else None
        return build_problem(self.board, self.state, power, order)


# ----------------------------------------------------------------------
# check_order
# ----------------------------------------------------------------------
def check_order(
    board: Board,
    state: State,
    power: str,
    order: Order,
    index: Checker | UnitIndex | None = None,
) -> str | None:
    """``None`` if ``power`` may give ``order`` now, else the reason it is void.

    Checking many orders of one position, pass a :class:`Checker` as ``index``
    (a mapping from :func:`~machiavelli.movement.geography.unit_index` is accepted
    and not needed).
    """
    checker = index if isinstance(index, Checker) else Checker(board, state)
    return checker.check(power, order)


def _phase_problem(state: State, wanted: str, what: str) -> str | None:
    if state.phase != wanted:
        return f"{what} is ordered only in {_a(wanted)} phase, not in the {state.phase} phase"
    return None


def _check_lift(c: Checker, unit: Unit, order: LiftSiege) -> str | None:
    if unit.kind == "G":
        return "a garrison cannot lift a siege"
    if unit.siege < 1:
        return f"the {KIND_NAMES[unit.kind]} in {_name(c.board, unit.province)} is not besieging"
    return None


def _check_hold(c: Checker, unit: Unit, order: Hold) -> str | None:
    return None


def _check_besiege_order(c: Checker, unit: Unit, order: Besiege) -> str | None:
    return _check_besiege(c, unit)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _name(board: Board, province: str) -> str:
    return board.display_name(province)


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
    board: Board,
    state: State,
    power: str,
    ref: UnitRef,
    index: Checker | UnitIndex | None = None,
) -> Unit | str:
    """The power's unit an order names, or why there is none."""
    key = (ref.province, ref.kind == "G")
    if ref.province == HIGH_SEAS:  # any number of fleets there (BAR-1.4): the power's
        there = [u for u in state.units if u.province == HIGH_SEAS]  # n-th (ruling A-25)
        mine = [u for u in there if u.owner == power and u.kind == ref.kind]
        number = fleet_number(ref.coast)
        if number <= len(mine):
            return mine[number - 1]
        if mine:
            return (f"there is no {HIGH_SEAS}/{number}: {power} has {len(mine)} "
                    f"on the {_name(board, HIGH_SEAS)}")
        return _match(board, power, ref, there[:1], "")
    if isinstance(index, Checker):
        unit = index.occupancy.get(key)
    elif index is not None:
        unit = index.get(key)
    else:
        unit = Occupancy(state.units).get(key)
    if unit is not None and unit.owner == power and unit.kind == ref.kind:
        return unit
    return _match(board, power, ref, [unit] if unit is not None else [], "")


def own_dislodged(board: Board, state: State, power: str, ref: UnitRef) -> Dislodged | str:
    here = [d for d in state.dislodged if d.unit.province == ref.province]
    found = _match(board, power, ref, [d.unit for d in here], "dislodged ")
    if isinstance(found, str):
        return found
    return next(d for d in here if d.unit is found)


def check_move(c: Checker, unit: Unit, order: Move) -> str | None:
    board = c.board
    if unit.kind == "A" and no_army_in(board, c.rules, order.dest):
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
        return route_problem(c.board, c.rules.coastal_convoys, c.occupancy, unit.province,
                             order.dest, order.via)
    if not c.chains.links(unit.province, order.dest):
        return f"no chain of fleets can convoy an army from {src} to {dest} (DATC 6.D.32)"
    return None


def _check_support(c: Checker, unit: Unit, order: SupportHold | SupportMove) -> str | None:
    board = c.board
    target = order.target
    own = unit.province
    if target.province == own and (target.kind == "G") == (unit.kind == "G") and not (
            own == HIGH_SEAS and isinstance(order, SupportMove)):  # another fleet
        return "a unit cannot support itself"
    if isinstance(order, SupportMove):
        if target.kind == "G" and order.dest != target.province:
            return "a garrison cannot move"
        if target.kind != "G" and order.dest == target.province:
            return "a unit cannot move to the province it is in"
        if target.kind == "A" and no_army_in(board, c.rules, order.dest):
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


def _check_convoy(c: Checker, unit: Unit, order: Convoy) -> str | None:
    board = c.board
    if unit.kind != "F":
        return f"only a fleet can convoy, not {_a(KIND_NAMES[unit.kind])}"
    geo = geometry(board)
    if not convoy_capable(board, geo, unit.province, c.rules.coastal_convoys):
        if unit.province in geo.coastal:
            return "fleets in coastal provinces cannot convoy in this game (CVY-1)"
        return "this fleet cannot convoy"
    if order.target.kind != "A":
        return "only armies can be convoyed"
    if order.target.province not in geo.coastal or order.dest not in geo.coastal:
        return "a convoyed army must start and end in coastal provinces (CVY-2)"
    if order.dest == order.target.province:
        return "a unit cannot move to the province it is in"
    if no_army_in(board, c.rules, order.dest):
        return NO_ARMY_IN_VENICE
    if not c.chains.on_chain(unit.location, order.target.province, order.dest):
        return (
            f"the fleet in {_name(board, unit.province)} is on no chain of fleets from "
            f"{_name(board, order.target.province)} to {_name(board, order.dest)}"
        )
    return None


def _check_convert(c: Checker, unit: Unit, order: Convert) -> str | None:
    board, rules = c.board, c.rules
    if not rules.garrisons:
        return "there are no garrisons in this game"
    prov = board.provinces[unit.province]
    name = prov.name
    if order.to == unit.kind:
        return f"the {KIND_NAMES[unit.kind]} is already {_a(KIND_NAMES[unit.kind])}"
    if unit.kind != "G":
        if order.to != "G":
            return "an army and a fleet never convert into each other directly (CONV-P4)"
        if not can_hold_garrison(board, rules, unit.province):
            return f"{name} has no fortified city to garrison"
        if unit.kind == "F" and not is_port(board, unit.province):
            return "a fleet can become a garrison only in a port city (CONV-P2)"
        if c.occupancy.unit_in(unit.province, garrison=True) is not None:
            return f"the city of {name} is occupied"
        return None
    if order.to == "A" and no_army_in(board, rules, unit.province):
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
    if besieger(c.occupancy, unit) is not None and not rules.mach2:
        return "a besieged garrison cannot convert (SIEGE-6)"
    return None


def _check_besiege(c: Checker, unit: Unit) -> str | None:
    if unit.kind == "G":
        return "a garrison cannot besiege"
    if not c.rules.garrisons:
        return "there are no garrisons or sieges in this game"
    prov = c.board.provinces[unit.province]
    if prov.city is None or not prov.city.fortified:
        return f"there is no fortified city in {prov.name} to besiege"
    if prov.venice:
        return "a garrison in Venice can never be besieged (VEN-F)"
    if unit.kind == "F" and not prov.city.port:
        return "a fleet can besiege only a port city (SIEGE-2)"
    rebellion = c.state.rebellions.get(unit.province)
    if c.occupancy.unit_in(unit.province, garrison=True) is None and not (
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


def _check_support_area(c: Checker, unit: Unit, order: SupportArea) -> str | None:
    return support_area_problem(c.board, c.state, c.rules, unit, order)


def _check_transport(c: Checker, unit: Unit, order: Transport) -> str | None:
    return transport_problem(c.board, c.state, c.rules, unit, order)


_UNIT_CHECKS: Mapping[type, Callable[[Checker, Unit, Any], str | None]] = {
    Hold: _check_hold,
    Move: check_move,
    SupportHold: _check_support,
    SupportMove: _check_support,
    SupportArea: _check_support_area,  # seed 003 (BAR-8.5)
    Transport: _check_transport,  # seed 003 (BAR-8.6)
    Convoy: _check_convoy,
    Convert: _check_convert,
    Besiege: _check_besiege_order,
    LiftSiege: _check_lift,
}
