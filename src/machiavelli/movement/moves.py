"""The movement phase: from a position and orders to the new position.

Steps: take the rules in force once (:func:`machiavelli.core.rules.rules_of`);
check each order (:class:`machiavelli.movement.legality.Checker`; an illegal
order is void and the unit holds); apply the siege rules that change orders
(SIEGE-8, SIEGE-12, SIEGE-13); turn every unit and its order into a piece, the
parallel integer lists of :mod:`machiavelli.movement.pieces`; resolve
(:mod:`machiavelli.movement.resolver`); then apply the outcome
(:mod:`machiavelli.movement.outcome`): moves, conversions, sieges,
dislodgements, standoffs, control and the next phase.  The results of the
orders are written only when asked for (``Adjudication.results``).

The city of a province is a space of its own (001, Conversion tech note):
a conversion is a move between the province and its city, except in Venice,
where province and city are one space and a conversion is made in place
(001 Venice d, e).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeGuard

from machiavelli.core.board import Board
from machiavelli.core.board_index import board_index
from machiavelli.core.high_seas import HIGH_SEAS, fleet_number
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import (
    MONEY_ORDERS,
    MONEY_TYPES,
    Ally,
    Besiege,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Move,
    Order,
    Permit,
    SupportArea,
    SupportHold,
    SupportMove,
    Transport,
    UnitOrder,
)
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import State
from machiavelli.movement.area_support import carry_area_orders
from machiavelli.movement.fleet_chains import FleetChains
from machiavelli.movement.independent_orders import garrison_rebels, independent_orders
from machiavelli.movement.legality import Checker
from machiavelli.movement.outcome import Orders, apply_outcome, one_unit_per_space, unit_ref
from machiavelli.movement.own_conflicts import own_conflicts
from machiavelli.movement.pieces import (
    Pieces,
    Powers,
    link_pieces,
    make_pieces,
    reset_piece,
    set_piece,
)
from machiavelli.movement.quick import take_orders
from machiavelli.movement.rebels import NO_SUPPORT_AMID_REBELS, victims_supports
from machiavelli.movement.resolver import Resolver
from machiavelli.movement.sieges import forced_siege_order

__all__ = [
    "ASSASSINATED",
    "MONEY_ORDERS",
    "UNIT_ORDERS",
    "MovementPhase",
    "is_unit_order",
    "movement_phase",
    "one_unit_per_space",
    "resolve_movement",
    "unit_ref",
]

UNIT_ORDERS = (Hold, Move, SupportHold, SupportMove, SupportArea, Transport, Convoy, Convert,
               Besiege, LiftSiege)
#: the unit orders as a set of types (an order known by its type at once)
UNIT_TYPES: frozenset[type] = frozenset(UNIT_ORDERS)
ASSASSINATED = "the power was assassinated: all its orders become holds (ASN-EFF-1)"
ASSASSINATED_BAR = ("the power's leader was assassinated: all its units make a forced hold "
                    "this campaign (BAR-9.4)")
REBEL_GATES = "the city is in rebellion against you (CONV-2A, REB-EFF-5.3)"


def is_unit_order(order: Order) -> TypeGuard[UnitOrder]:
    return isinstance(order, UNIT_ORDERS)


def resolve_movement(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]],
    rules: Rules | None = None, operated: Mapping[tuple[str, bool], str] | None = None,
) -> Adjudication:
    """Adjudicate a movement phase; money orders in ``orders`` are left to their own steps.

    ``rules``: the rules of ``state.options``, when the caller has them already;
    ``operated``: seed 003's independent units a power bribed to obey its order this
    campaign (BAR-11.6, BAR-16.5), by (province, garrison) -> that power."""
    phase = movement_phase(board, state, orders, rules, operated)
    phase.resolver.resolve_all()
    return phase.outcome()


class MovementPhase:
    """A movement phase ready to resolve: its orders checked and its pieces made."""

    def __init__(
        self,
        board: Board,
        state: State,
        rules: Rules,
        given: Orders,
        resolver: Resolver,
        early: list[OrderResult],
        where: Occupancy,
    ) -> None:
        self.board = board
        self.state = state
        self.rules = rules
        self.given = given
        self.resolver = resolver
        self.early = early
        self.where = where

    def outcome(self) -> Adjudication:
        """The new position (and the results on demand), once every decision is resolved."""
        return apply_outcome(self.board, self.state, self.rules, self.given, self.resolver,
                             self.early, self.where)


def movement_phase(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]],
    rules: Rules | None = None, operated: Mapping[tuple[str, bool], str] | None = None,
) -> MovementPhase:
    """The phase's orders checked, the siege rules applied and the pieces made.

    The usual orders are checked and made pieces at once (:mod:`~machiavelli.movement.quick`);
    the others are checked in full and made pieces by the general rules once the
    siege rules have had their say.
    """
    if rules is None:
        rules = rules_of(state.options)
    ix = board_index(board)
    powers = Powers(state.powers, ix.power_numbers)
    units = state.units
    pieces = Pieces(ix, units, powers)
    where = Occupancy(units)
    checker: Checker | None = None  # made for the first order that is not a usual one
    # the usual orders are recognised at once in a movement phase (but for mach2's Venice)
    quick = (state.phase == "movement" and not rules.mach2 and ix.fleet_symmetric
             and not rules.area_support and not rules.bar and not rules.high_seas)
    # (seed 003's orders are read as a whole: supports of an area, BAR-8.5; conflicts
    # between one's own units, BAR-13.6; several fleets on the High Seas, BAR-1.4)
    chains = FleetChains(pieces, rules.coastal_convoys)
    # (seed 003: an independent garrison supports as rebels do, for the pieces, BAR-16.4)
    rebellions = garrison_rebels(state, where) if rules.bar else state.rebellions
    early: list[OrderResult] = []  # the results known before resolving: void orders, alliances
    allies: dict[str, set[str]] = {}
    given = Orders(len(units))
    written, given_power = given.written, given.power
    general: list[int] = []  # those whose piece the general rules make
    disbanded: set[tuple[str, bool]] = set()
    assassinated = state.assassinated

    def other(power: str, order: Order) -> None:
        """An order that is not a usual one: checked in full, its piece made later by the
        general rules (or an alliance, a disband, a money order for its own step)."""
        nonlocal checker
        kind = type(order)
        unit_order = kind in UNIT_TYPES
        if not unit_order and (kind in MONEY_TYPES or isinstance(order, MONEY_ORDERS)):
            return
        if assassinated and power in assassinated:
            early.append(OrderResult(power, order, "void",
                                     ASSASSINATED_BAR if rules.bar else ASSASSINATED))
            return
        if checker is None:
            checker = Checker(board, state, rules, where)
            checker.operated = operated or {}
        reason = checker.check_in_full(power, order)
        if reason is not None:
            early.append(OrderResult(power, order, "void", reason))
        elif unit_order or is_unit_order(order):
            ref = order.unit  # type: ignore[union-attr]
            i = pieces.number_at(ref.province, ref.kind == "G", power,
                                 fleet_number(ref.coast) if ref.province == HIGH_SEAS else 1)
            general.append(i)
            given_power[i] = power
            written[i] = order  # type: ignore[assignment]
        elif isinstance(order, Ally):
            permitted = allies.setdefault(power, set())
            if order.allow:
                permitted.add(order.power)
            else:
                permitted.discard(order.power)
            early.append(OrderResult(power, order, "succeeds"))
        elif isinstance(order, Permit):  # seed 003's (BAR-11.2): read by the bribes' step
            early.append(OrderResult(power, order, "succeeds"))
        elif isinstance(order, Disband):  # Mach1 `disband` option (ORD-TN-1)
            disbanded.add((order.unit.province, order.unit.kind == "G"))
            early.append(OrderResult(power, order, "succeeds"))
        else:
            early.append(OrderResult(power, order, "void", "not a movement order"))

    converted = False  # a conversion taken at once (the outcome's plain path is not for it)
    if quick and not assassinated:  # (every power's orders at once)
        converted = take_orders(pieces, chains, rebellions, given, general, orders.items(),
                                other, rules)
    else:
        for power, power_orders in orders.items():
            if quick and power not in assassinated:
                converted |= take_orders(pieces, chains, rebellions, given, general,
                                         ((power, power_orders),), other, rules)
            else:
                for order in power_orders:
                    other(power, order)
    if rules.bar:  # seed 003's independent armies and fleets garrison themselves (BAR-16.3)
        for i, default in independent_orders(board, state, rules, given.written, where):
            general.append(i)
            written[i] = default
    if disbanded:  # the units left, numbered again, and every piece made again
        kept = [i for i, u in enumerate(units) if (u.province, u.kind == "G") not in disbanded]
        state = state.but(units=[units[i] for i in kept])
        where = Occupancy(state.units)
        renumbered = {old: new for new, old in enumerate(kept)}
        before = given
        given = Orders(len(kept))
        given.power = [before.power[i] for i in kept]
        given.written = [before.written[i] for i in kept]
        ordered = [renumbered[i] for i, w in enumerate(before.written)
                   if w is not None and i in renumbered]
        _carried_out(board, state, given, ordered, where, rules, orders)
        pieces = make_pieces(ix, rules, state.units, given.order, rebellions, powers)
    else:
        given.usual = not general and not converted
        _carried_out(board, state, given, general, where, rules, orders)
        done: set[int] = set()
        for i in general:
            if i not in done:
                done.add(i)
                reset_piece(pieces, i)
                carried = given.order[i]
                if carried is not None:
                    set_piece(pieces, i, carried, rebellions)
        link_pieces(pieces, given.order)
    permits = {powers.number(p): {powers.number(q) for q in allowed}
               for p, allowed in allies.items()} if allies else {}
    besieges = ({i for i, o in enumerate(given.order) if type(o) is Besiege}
                if rules.bar and ix.straits else None)  # (BAR-14.5)
    return MovementPhase(board, state, rules, given, Resolver(pieces, permits, rules.mach2,
                                                                 rules.bar, given.barred,
                                                                 besieges),
                         early, where)


def _carried_out(
    board: Board, state: State, given: Orders, ordered: list[int], where: Occupancy,
    rules: Rules, written: Mapping[str, Sequence[Order]],
) -> None:
    """The order each unit carries out: its own (or hold), as the siege rules leave it
    (``ordered``: the units they may concern; each is dealt with alone), and seed 003's
    supports of an area and transports for a power as what they come to
    (:mod:`~machiavelli.movement.area_support`)."""
    given.order = given.written[:]
    units = state.units
    rebellions = state.rebellions
    for i in ordered:
        unit = units[i]
        order = given.written[i]
        if order is None:
            continue
        if rebellions and isinstance(order, Convert) and order.to == "G":
            rebellion = rebellions.get(unit.province)
            if rebellion is not None and rebellion.in_city and rebellion.against == unit.owner:
                given.order[i] = Hold(unit_ref(unit))
                given.note[i] = REBEL_GATES
                given.written_outcome[i] = "fails"
                continue
        if unit.kind != "G" and (unit.siege or isinstance(order, Besiege)):
            given.order[i], given.note[i] = forced_siege_order(state, unit, order, where, rules)
    if rules.area_support:
        carry_area_orders(board, state, rules, given, written)
    if rules.bar:
        given.barred = own_conflicts(board, state.units, given)
        if state.rebellions:  # the victim's supports amid rebels (BAR-10.3)
            for i in victims_supports(state.units, given.order, state.rebellions):
                given.note[i] = NO_SUPPORT_AMID_REBELS
                given.written_outcome[i] = "fails"
