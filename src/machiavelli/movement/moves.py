"""The movement phase: from a position and orders to the new position.

Steps: check each order (:func:`machiavelli.movement.legality.check_order`; an illegal
order is void and the unit holds), apply the siege rules that change orders
(SIEGE-8, SIEGE-12, SIEGE-13), turn every unit and its order into a resolver
:class:`~machiavelli.movement.resolver.Piece`, resolve, then apply the outcome: moves,
conversions, sieges, dislodgements, standoffs and the next phase.

The city of a province is a space of its own (001, Conversion tech note):
a conversion is a move between the province and its city, except in Venice,
where province and city are one space and a conversion is made in place
(001 Venice d, e).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeGuard

from machiavelli.core.board import Board, province_of, space_of
from machiavelli.core.orders import (
    Ally,
    Besiege,
    Borrow,
    Convert,
    Convoy,
    Disband,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Move,
    Order,
    Pay,
    SupportHold,
    SupportMove,
    UnitOrder,
    UnitRef,
)
from machiavelli.core.phases import next_phase
from machiavelli.core.results import Adjudication, AdjudicationError, OrderResult, Outcome
from machiavelli.core.state import Dislodged, State, Unit
from machiavelli.movement.control import update_control, update_supply_centres
from machiavelli.movement.geography import unit_index
from machiavelli.movement.legality import check_order
from machiavelli.movement.rebels import city_in_rebellion, rebellions_after_movement
from machiavelli.movement.resolver import Piece, Resolver
from machiavelli.movement.retreats import can_retreat
from machiavelli.movement.sieges import besieged_by, forced_siege_order, siege_after
from machiavelli.text.notation import format_order

UNIT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy, Convert, Besiege, LiftSiege)


MONEY_ORDERS = (Borrow, Pay, GiveChit, Expense)
ASSASSINATED = "the power was assassinated: all its orders become holds (ASN-EFF-1)"


def is_unit_order(order: Order) -> TypeGuard[UnitOrder]:
    return isinstance(order, UNIT_ORDERS)


@dataclass
class _Given:
    power: str | None
    order: UnitOrder
    written: UnitOrder | None  # what the power wrote, if anything
    note: str = ""
    written_outcome: Outcome = "void"  # of the written order, when another one replaced it


def unit_ref(unit: Unit) -> UnitRef:
    return UnitRef(unit.kind, unit.province, unit.coast)


def resolve_movement(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]]
) -> Adjudication:
    """Adjudicate a movement phase; money orders in ``orders`` are left to their own steps."""
    results: list[OrderResult] = []
    allies: dict[str, set[str]] = {}
    written: dict[tuple[str, bool], tuple[str, UnitOrder]] = {}
    disbanded: set[tuple[str, bool]] = set()
    index = unit_index(state)
    for power, power_orders in orders.items():
        for order in power_orders:
            if isinstance(order, MONEY_ORDERS):
                continue
            if power in state.assassinated:
                results.append(OrderResult(power, order, "void", ASSASSINATED))
                continue
            reason = check_order(board, state, power, order, index)
            if reason is not None:
                results.append(OrderResult(power, order, "void", reason))
            elif isinstance(order, Ally):
                permitted = allies.setdefault(power, set())
                if order.allow:
                    permitted.add(order.power)
                else:
                    permitted.discard(order.power)
                results.append(OrderResult(power, order, "succeeds"))
            elif isinstance(order, Disband):  # Mach1 `disband` option (ORD-TN-1)
                disbanded.add((order.unit.province, order.unit.kind == "G"))
                results.append(OrderResult(power, order, "succeeds"))
            elif is_unit_order(order):
                written[(order.unit.province, order.unit.kind == "G")] = (power, order)
            else:
                results.append(OrderResult(power, order, "void", "not a movement order"))
    if disbanded:
        state = replace(state, units=[
            u for u in state.units if (u.province, u.kind == "G") not in disbanded])

    given = [_effective(state, unit, written.get((unit.province, unit.kind == "G")))
             for unit in state.units]

    pieces = [_piece(board, state, i, u, g.order) for i, (u, g) in enumerate(
        zip(state.units, given, strict=True))]
    _link(board, state, pieces, given)
    resolver = Resolver(board, pieces, allies, mach2=state.option("mach2"))
    resolver.resolve_all()
    return _apply(board, state, pieces, given, resolver, results)


def _effective(state: State, unit: Unit, written: tuple[str, UnitOrder] | None) -> _Given:
    """The order a unit carries out: its own (or hold), as the siege rules leave it."""
    if written is None:
        order, note = forced_siege_order(state, unit, Hold(unit_ref(unit)))
        return _Given(unit.owner, order, None, note)
    power, own = written
    if (
        isinstance(own, Convert)
        and own.to == "G"
        and city_in_rebellion(state, unit.province)
        and state.rebellions[unit.province].against == unit.owner
    ):
        note = "the city is in rebellion against you (CONV-2A, REB-EFF-5.3)"
        return _Given(power, Hold(unit_ref(unit)), own, note, "fails")
    order, note = forced_siege_order(state, unit, own)
    return _Given(power, order, own, note)


# ----------------------------------------------------------------------
# Pieces
# ----------------------------------------------------------------------
def _piece(board: Board, state: State, idx: int, unit: Unit, order: UnitOrder) -> Piece:
    garrison = unit.kind == "G"
    space = space_of(board, unit.province, garrison)
    p = Piece(
        idx=idx,
        power=unit.owner,
        space=space,
        location=unit.location if unit.kind == "F" else space,
        kind="hold",
        fleet=unit.kind == "F",
        garrison=garrison,
        strength=unit.strength,
        becomes_fleet=unit.kind == "F",
    )
    if isinstance(order, Move):
        p.kind = "move"
        p.dest = order.dest
        if p.fleet:
            p.dest_location = order.dest_location
            if order.dest_coast is None:
                reachable = board.fleet_reaches(unit.location, order.dest)
                p.dest_location = reachable[0] if len(reachable) == 1 else order.dest
        p.route = order.via
    elif isinstance(order, Convert):
        if board.provinces[unit.province].venice:
            return p  # converted in place after the moves (001 Venice d, e)
        p.kind = "move"
        if garrison:
            p.dest = unit.province
            p.becomes_fleet = order.to == "F"
            p.dest_location = (
                f"{unit.province}/{order.coast}" if order.coast else unit.province
            )
        else:
            p.dest = space_of(board, unit.province, True)
            p.becomes_fleet = False
    elif isinstance(order, SupportHold | SupportMove | Convoy):
        p.kind = "support" if not isinstance(order, Convoy) else "convoy"
    _mark_rebels(board, state, p, unit)
    return p


def _mark_rebels(board: Board, state: State, p: Piece, unit: Unit) -> None:
    """Rebel support and the Venice rebel's bounce (001 REB-EFF-6, VEN-I)."""
    if p.kind != "move" or p.dest is None or p.dest.endswith("#"):
        return
    rebellion = state.rebellions.get(p.dest)
    if rebellion is None or unit.owner is None:
        return
    if rebellion.against == unit.owner:
        p.venice_attack_bounces = board.provinces[p.dest].venice
    else:
        p.rebel_support = True


def _find(by_space: dict[str, Piece], board: Board, ref: UnitRef) -> Piece | None:
    """The piece a support or convoy names (Venice: whatever unit is there)."""
    return by_space.get(space_of(board, ref.province, ref.kind == "G"))


def _link(board: Board, state: State, pieces: list[Piece], given: list[_Given]) -> None:
    """Attach supports and convoys to what they support; decide which moves go by convoy."""
    by_space = {p.space: p for p in pieces}
    explicit: set[int] = set()  # adjacent moves written "via convoy"
    for p, g in zip(pieces, given, strict=True):
        order = g.order
        if isinstance(order, Move) and not p.fleet and not p.garrison:
            adjacent = board.army_adjacent(province_of(p.space), order.dest)
            p.convoyed = bool(order.via) or not adjacent
            if adjacent and order.convoy:
                explicit.add(p.idx)
    # an army next to its destination goes by convoy if a fleet of its own power convoys
    # it, or if it says "via convoy" and some fleet convoys it (DATC 4.A.3, 6.G.8)
    for p, g in zip(pieces, given, strict=True):
        order = g.order
        if isinstance(order, Convoy):
            target = _find(by_space, board, order.target)
            if (
                target is not None
                and target.kind == "move"
                and not target.fleet
                and not target.garrison
                and target.dest == order.dest
            ):
                p.target = target.idx
                if target.power == p.power or target.idx in explicit:
                    target.convoyed = True
            else:
                p.kind = "hold"
                g.note = "the convoyed army does not make that move"
    for p, g in zip(pieces, given, strict=True):
        order = g.order
        if isinstance(order, Convoy) and p.target is not None and not pieces[p.target].convoyed:
            p.target = None
            p.kind = "hold"
            g.note = "the army does not go by convoy"
        elif isinstance(order, SupportHold):
            target = _find(by_space, board, order.target)
            if target is not None and target.kind != "move" and target.idx != p.idx:
                p.target = target.idx
                p.dest = target.space
                p.dest_location = target.location
            else:
                p.kind = "hold"
                g.note = "the supported unit does not hold"
        elif isinstance(order, SupportMove):
            target = _find(by_space, board, order.target)
            if (
                target is not None
                and target.kind == "move"
                and target.dest == order.dest
                and _same_coast(order.dest_coast, target)
            ):
                p.target = target.idx
                p.target_move = True
                p.dest = order.dest
                p.dest_location = order.dest
                if p.fleet:
                    reach = board.fleet_reaches(p.location, order.dest)
                    p.dest_location = reach[0] if reach else order.dest
            else:
                p.kind = "hold"
                g.note = "the supported unit does not make that move"


def _same_coast(coast: str | None, target: Piece) -> bool:
    """A support naming a coast supports only a move to that coast (DATC 6.B.9)."""
    if coast is None or not target.fleet or target.dest_location is None:
        return True
    return "/" not in target.dest_location or target.dest_location.endswith("/" + coast)


# ----------------------------------------------------------------------
# Outcome
# ----------------------------------------------------------------------
def _apply(
    board: Board,
    state: State,
    pieces: list[Piece],
    given: list[_Given],
    resolver: Resolver,
    results: list[OrderResult],
) -> Adjudication:
    won = resolver.resolution  # every decision is resolved by now
    winners = {p.dest: p for p in pieces if p.kind == "move" and won[p.idx] and p.dest}
    sieges_done: dict[str, str] = {}  # province -> "garrison" or "rebels"
    entered: list[tuple[str | None, str]] = []
    held: list[Unit] = []
    dislodged: list[Dislodged] = []
    placed: list[tuple[Unit, UnitOrder]] = []  # every unit on the board after the moves
    for p, g, unit in zip(pieces, given, state.units, strict=True):
        moved = p.kind == "move" and won[p.idx]
        attacker = None if moved else winners.get(p.space)
        outcome: Outcome
        note = g.note
        if attacker is not None:
            outcome = "dislodged"
            origin = None if attacker.convoyed else attacker.space
            by_conversion = attacker.garrison and not p.garrison
            dislodged.append(Dislodged(replace(unit, siege=0), origin, by_conversion))
        elif moved:
            outcome = "succeeds"
            placed.append((_moved_unit(unit, g.order, p), g.order))
            if p.dest is not None:  # into a city too: REB-EFF-5.4B liberates it
                entered.append((unit.owner, p.dest.rstrip("#")))
        else:
            kept, outcome, note = _stayed(board, state, resolver, p, g, unit, sieges_done)
            placed.append((kept, g.order))
            if p.kind != "move" and unit.kind != "G":
                held.append(unit)
        _report(results, g, outcome, note)

    if sieges_done:
        placed = [(u, o) for u, o in placed
                  if not (u.kind == "G" and sieges_done.get(u.province) == "garrison")]
    one_unit_per_space(board, placed)
    final = [u for u, _ in placed]
    contested = _standoffs(board, pieces, resolver, final) if dislodged else []
    rebellions = state.rebellions
    events: list[str] = []
    if rebellions:
        before = replace(state, rebellions={
            k: v for k, v in rebellions.items() if sieges_done.get(k) != "rebels"})
        rebellions, events = rebellions_after_movement(before, entered, held)
    new_state = replace(state, units=final, dislodged=dislodged, rebellions=rebellions,
                        contested=contested)
    new_state, events = _disband_trapped(board, new_state, events)
    new_state = update_control(board, new_state)
    if new_state.dislodged:
        new_state.phase = "retreat"
    else:
        if state.option("diplomacy") and state.season == "fall":
            new_state = update_supply_centres(board, new_state)
        new_state = next_phase(new_state)
    return Adjudication(new_state, results, events)


def one_unit_per_space(board: Board, placed: Sequence[tuple[Unit, UnitOrder]]) -> None:
    """Raise :class:`AdjudicationError` if two units would end in one space.

    ``placed``: each unit after the moves and the order it carried out.  Two armies
    or fleets in one province, or two garrisons in one city, can only come from a
    wrong resolution (a bug of ours, not a player's error): the error names the
    orders that put them there.
    """
    by_space: dict[str, list[tuple[Unit, UnitOrder]]] = {}
    for unit, order in placed:
        space = space_of(board, unit.province, unit.kind == "G")
        by_space.setdefault(space, []).append((unit, order))
    crowded = [(space, found) for space, found in sorted(by_space.items(), key=lambda e: e[0])
               if len(found) > 1]
    if crowded:
        raise AdjudicationError("; ".join(
            f"{len(found)} units would end in {space}: "
            + ", ".join(f"{unit.owner or 'Autonomous'}: {format_order(order)}"
                        for unit, order in found)
            for space, found in crowded
        ))


def _stayed(
    board: Board,
    state: State,
    resolver: Resolver,
    p: Piece,
    g: _Given,
    unit: Unit,
    sieges_done: dict[str, str],
) -> tuple[Unit, Outcome, str]:
    """A unit that kept its space: its outcome, its siege, a conversion in Venice."""
    order, note = g.order, g.note
    outcome: Outcome
    if p.kind == "move":
        outcome = "bounced" if resolver.path_ok(p) else "fails"
    elif p.kind == "support":
        outcome = "succeeds" if resolver.resolution[p.idx] else "cut"
    elif p.kind == "convoy" and p.target is not None:
        outcome = "succeeds" if resolver.resolution[p.target] else "fails"  # the army moved?
    elif isinstance(order, SupportHold | SupportMove | Convoy):
        outcome = "fails"  # what it supports or convoys does not happen
    else:
        outcome = "succeeds"
    siege = siege_after(state, unit, order)
    kept = unit if siege == unit.siege else replace(unit, siege=siege)
    if isinstance(order, Convert) and board.provinces[unit.province].venice:
        return _convert_in_venice(resolver, p, kept, order)
    if isinstance(order, Besiege):
        target = besieged_by(state, unit)
        if target is not None and unit.siege >= 1:
            sieges_done[unit.province] = target
            what = "rebellion is put down" if target == "rebels" else "garrison is eliminated"
            return replace(kept, siege=0), outcome, f"siege complete: the {what}"
        if target is not None:
            return replace(kept, siege=1), outcome, note
    return kept, outcome, note


def _report(results: list[OrderResult], g: _Given, outcome: Outcome, note: str) -> None:
    """The result lines of a unit: its own order, and the order it carried out instead."""
    written = g.written
    if written is not None and written != g.order:
        why = g.note or "changed to hold"
        results.append(OrderResult(g.power, written, g.written_outcome, why))
        if isinstance(g.order, Hold) and outcome != "dislodged":
            return
    if written is not None or outcome == "dislodged":
        results.append(OrderResult(g.power, g.order, outcome, note))


def _standoffs(
    board: Board, pieces: list[Piece], resolver: Resolver, final: list[Unit]
) -> list[str]:
    """Provinces left empty by a bounce: no retreat may go there."""
    occupied = {space_of(board, u.province, u.kind == "G") for u in final}
    return sorted({
        p.dest
        for p in pieces
        if p.kind == "move"
        and p.dest is not None
        and not p.dest.endswith("#")
        and p.dest not in occupied
        and not resolver.resolution[p.idx]
        and resolver.path_ok(p)
    })


def _disband_trapped(board: Board, state: State, events: list[str]) -> tuple[State, list[str]]:
    """Dislodged units with no retreat at all are disbanded at once (no retreat phase for them)."""
    if not state.dislodged:
        return state, events
    keep = [d for d in state.dislodged if can_retreat(board, state, d)]
    if len(keep) == len(state.dislodged):
        return state, events
    events = events + [
        f"{d.unit.owner or 'Autonomous'}: {d.unit.kind} {d.unit.location} has no retreat "
        "and is disbanded"
        for d in state.dislodged
        if d not in keep
    ]
    return replace(state, dislodged=keep, contested=state.contested if keep else []), events


def _moved_unit(unit: Unit, order: UnitOrder, p: Piece) -> Unit:
    if isinstance(order, Convert):
        if unit.kind == "G":
            return replace(unit, kind=order.to, coast=order.coast if order.to == "F" else None,
                           siege=0)
        return replace(unit, kind="G", coast=None, siege=0)
    assert isinstance(order, Move) and p.dest is not None
    loc = p.dest_location if p.fleet and p.dest_location else p.dest
    coast = loc.split("/", 1)[1] if "/" in loc else None
    return Unit(unit.kind, unit.owner, p.dest, coast, unit.special)


def _convert_in_venice(
    resolver: Resolver, p: Piece, unit: Unit, order: Convert
) -> tuple[Unit, Outcome, str]:
    """Venice d/e: converting in the one space Venice has."""
    pieces = resolver.pieces
    attacks = [
        m for m in resolver.moves_to.get(p.space, ())
        if resolver.path_ok(pieces[m]) and not pieces[m].venice_attack_bounces
    ]
    if unit.kind == "G":
        if attacks:
            return unit, "bounced", "Venice is attacked (001 Venice e)"
        return replace(unit, kind=order.to, coast=order.coast), "succeeds", ""
    return replace(unit, kind="G", coast=None, siege=0), "succeeds", ""
