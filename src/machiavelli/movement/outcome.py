"""The outcome of a movement phase applied: the new position, and the results on demand.

:func:`apply_outcome` walks the units once with the resolver's decisions: a
unit whose move succeeded goes to its destination (a conversion changes its
kind), a unit attacked by a successful move is dislodged, any other stays, with
its siege carried on, completed or ended (SIEGE-*), or converted in Venice's one
space (001 Venice d, e).  Then: garrisons whose siege was completed leave,
standoffs are noted for the retreats, rebellions are liberated or put down
(:func:`~machiavelli.movement.rebels.rebellions_after_movement`), dislodged units
with no retreat at all are disbanded, control is adjudicated and the next
phase is set; the new position is made once.

The results of the orders (:class:`~machiavelli.core.results.OrderResult`) are
written only when ``Adjudication.results`` is first read.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.board import Board, space_of
from machiavelli.core.board_index import BoardIndex
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import (
    Besiege,
    Convert,
    Convoy,
    Hold,
    LiftSiege,
    Move,
    SupportHold,
    SupportMove,
    UnitOrder,
    UnitRef,
)
from machiavelli.core.phases import following_phase
from machiavelli.core.results import Adjudication, AdjudicationError, OrderResult, Outcome
from machiavelli.core.rules import Rules
from machiavelli.core.state import MADE_UNITS, NATIVE, Dislodged, State, Unit, new_unit, unit_of
from machiavelli.movement.control import control_after, supply_centres_after
from machiavelli.movement.pieces import CONVOY, MOVE, SUPPORT, Pieces
from machiavelli.movement.rebels import rebellions_after_movement
from machiavelli.movement.resolver import Resolver
from machiavelli.movement.retreats import can_retreat
from machiavelli.movement.sieges import besieged_by, siege_after
from machiavelli.text.notation import format_order
from machiavelli.text.report import nobody_name

#: orders after which a unit that kept its space and besieged nothing stays as it was
_PLAIN: frozenset[type] = frozenset({Hold, Move, SupportHold, SupportMove, Convoy, LiftSiege})
#: (a tuple for isinstance: ``A | B`` makes a union object at every call)
_SUPPORTS_OR_CONVOY = (SupportHold, SupportMove, Convoy)


#: a garrison converted out and then dislodged (seed 003 13.5)
CONVERTED_OUT = "it converts, and must retreat from the force that takes the province (BAR-13.5.4)"
#: why a besieger's order was not carried out (seed 003 13.3)
FORCED_HOLD = "a standoff of stronger forces in its place makes it hold (BAR-13.3)"


def unit_ref(unit: Unit) -> UnitRef:
    return UnitRef(unit.kind, unit.province, unit.coast)


class Orders:
    """What each unit was ordered and carries out: one list per property, by unit number."""

    def __init__(self, count: int) -> None:
        #: who gave the unit's order, when the full check took it (None: its owner, or
        #: nobody)
        self.power: list[str | None] = [None] * count
        #: the order carried out; None: a hold nobody wrote
        self.order: list[UnitOrder | None] = [None] * count
        #: the order written, if any
        self.written: list[UnitOrder | None] = [None] * count
        #: why the order carried out is not the one written (by unit number)
        self.note: dict[int, str] = {}
        #: the written order's outcome, when another one replaced it ("void" if not given)
        self.written_outcome: dict[int, Outcome] = {}
        #: the units whose written order the results report with the outcome of the order
        #: carried out: seed 003's supports of an area and transports for a power, carried
        #: out as the support or convoy they come to (movement.area_support)
        self.stands_for: set[int] = set()
        #: advances that never succeed but keep their force: seed 003's conflicts between
        #: one's own units (movement.own_conflicts, BAR-13.6)
        self.barred: set[int] = set()
        #: every order carried out is a hold, a move or a support as written (the usual
        #: orders of :mod:`machiavelli.movement.quick` but conversions, none changed by a
        #: siege rule)
        self.usual = False


def apply_outcome(
    board: Board,
    state: State,
    rules: Rules,
    given: Orders,
    resolver: Resolver,
    early: list[OrderResult],
    where: Occupancy,
) -> Adjudication:
    """The position after the moves, with the results to write on demand (module doc)."""
    pieces = resolver.pieces
    won = resolver.resolution  # every decision is resolved by now
    units = state.units
    winners: dict[int, int] = {}
    clash = pieces.crowded  # two units in one space, before the moves or after them
    moves_to = pieces.moves_to
    for d in pieces.destinations:
        for j in moves_to[d]:
            if won[j]:
                if d in winners:
                    clash = True
                winners[d] = j
    fixed: dict[int, tuple[Outcome, str]] = {}  # outcomes and notes settled here
    sieges_done: dict[str, str] = {}  # province -> "garrison" or "rebels"
    rebellions = state.rebellions
    entered: list[tuple[str | None, str]] = []  # (read by the rebellions only)
    held: list[Unit] = []
    dislodged: list[Dislodged] = []
    if given.usual and not (clash or rebellions or pieces.besieging):
        final, occupied = _plain_moves(pieces, given, won, winners, dislodged, fixed)
    else:
        final, occupied = _moves_made(board, state, rules, given, resolver, where, winners,
                                      clash, dislodged, fixed, sieges_done, entered, held)

    events: list[str] = []
    if rebellions:
        before = state  # (a new position only when a siege ended some rebellion)
        if "rebels" in sieges_done.values():
            before = state.but(rebellions={
                k: v for k, v in rebellions.items() if sieges_done.get(k) != "rebels"})
        if rules.bar and rules.auto_retreat:  # seed 003: liberated after the retreats,
            entered = []  # in H.3.1 (BAR-10.6): the campaign's liberated_after_retreats
        rebellions, events = rebellions_after_movement(before, entered, held)
    contested: list[str] = []
    if dislodged:
        contested = _standoffs(resolver, occupied)
    if dislodged and not rules.auto_retreat:  # (the judge's retreats decide it all, BAR-13.5)
        dislodged, contested, events = _disband_trapped(
            board, state.but(units=final, dislodged=dislodged, rebellions=rebellions,
                           contested=contested), events, pieces.ix, occupied)
    owners = control_after(board, final, state.province_owner, state.city_owner, rules,
                           moved=True, rebellions=rebellions)
    province_owner, city_owner = owners if owners is not None else (
        state.province_owner, state.city_owner)
    if dislodged:
        new_state = State(
            state.board, state.year, state.season, "retreat", state.powers, final, dislodged,
            contested, province_owner, city_owner, state.home, state.home_countries, rebellions,
            state.famine, state.treasury, state.loans, state.chits, state.defaulted,
            state.assassinated, state.eliminated, state.options, state.peace,
            state.excommunications, state.abundance, state.plague)
    else:
        if rules.diplomacy and state.season == "fall":
            city_owner = supply_centres_after(board, final, city_owner)
        year, season, phase = following_phase(state, rules)
        new_state = State(
            state.board, year, season, phase, state.powers, final, [], [], province_owner,
            city_owner, state.home, state.home_countries, rebellions, state.famine,
            state.treasury, state.loans, state.chits, state.defaulted,
            [] if state.assassinated else state.assassinated, state.eliminated, state.options,
            state.peace, state.excommunications, state.abundance, state.plague)
    return Adjudication(new_state, None, events,
                        write=lambda: _results(units, given, resolver, fixed, early))


def _moves_made(
    board: Board,
    state: State,
    rules: Rules,
    given: Orders,
    resolver: Resolver,
    where: Occupancy,
    winners: dict[int, int],
    clash: bool,
    dislodged: list[Dislodged],
    fixed: dict[int, tuple[Outcome, str]],
    sieges_done: dict[str, str],
    entered: list[tuple[str | None, str]],
    held: list[Unit],
) -> tuple[list[Unit], set[int]]:
    """Every unit after the moves, with the sieges, conversions and rebellions' concerns:
    the units (in their order, the dislodged ones left out) and the spaces they end in.
    ``dislodged``, ``fixed``, ``sieges_done``, ``entered`` and ``held`` are filled."""
    pieces = resolver.pieces
    ix = pieces.ix
    kind, dest, space = pieces.kind, pieces.dest, pieces.space
    won = resolver.resolution
    units = state.units
    count = len(units)
    rebellions = state.rebellions
    gone: list[int] = []  # the units dislodged, by number
    final: list[Unit] = []  # the units after the moves (the others, in their order),
    ends: list[int] = []  # and the space each ends in
    mach2 = rules.mach2
    bar = rules.bar  # seed 003: a hold ends a siege too (BAR-8.4)
    orders = given.order
    space_province, dest_coast = ix.space_province, pieces.dest_coast
    made = MADE_UNITS
    high_seas = pieces.high_seas  # any number of fleets end there (BAR-1.4, BAR-14.3)
    for i, unit in enumerate(units):
        if won[i] and kind[i] == MOVE:
            d = dest[i]
            province = space_province[d]
            order = orders[i]
            if type(order) is Move:
                uk = unit.kind
                coast = dest_coast[i] if uk == "F" else None
                if NATIVE:  # made natively; else the unit made before (unit_of), looked up here
                    final.append(Unit(uk, unit.owner, province, coast, unit.special))
                else:
                    key = (uk, unit.owner, province, coast, unit.special)
                    moved = made.get(key)
                    final.append(moved if moved is not None else unit_of(*key))
            else:
                final.append(_moved_unit(unit, order, dest_coast[i], province))
            ends.append(d)
            if rebellions:
                entered.append((unit.owner, province))
            continue
        attacker = winners.get(space[i], -1) if winners and space[i] != high_seas else -1
        if (bar and attacker < 0 and winners and kind[i] == MOVE and pieces.garrison[i]
                and type(orders[i]) is Convert):
            # seed 003 13.5: a garrison converting out while a stronger force takes the
            # province converts and must then retreat (BAR-13.5.4)
            attacker = winners.get(dest[i], -1)
            if attacker >= 0:
                order = orders[i]
                assert isinstance(order, Convert)
                unit = new_unit(order.to, unit.owner, unit.province,
                                order.coast if order.to == "F" else None, unit.special)
                given.note[i] = CONVERTED_OUT
        if attacker >= 0:
            origin = None if pieces.convoyed[attacker] else ix.spaces[space[attacker]]
            by_conversion = pieces.garrison[attacker] and not pieces.garrison[i]
            dislodged.append(Dislodged(unit.with_siege(0) if unit.siege else unit, origin,
                                       by_conversion))
            fixed[i] = ("dislodged", pieces.void_note.get(i) or given.note.get(i, ""))
            gone.append(i)
            continue
        order = orders[i]
        kept = unit
        forced = bar and type(order) is Besiege and resolver.forced_hold(i)
        if forced:  # seed 003: a standoff stronger than the besieger (BAR-13.3)
            order = Hold(unit_ref(unit))
        if order is None:  # a hold nobody wrote: a siege goes on (SIEGE-8) but under mach2
            if unit.siege and (mach2 or bar or unit.kind == "G"):  # (and bar, BAR-8.4)
                kept = unit.with_siege(0)
        elif unit.siege or type(order) not in _PLAIN:
            kept, settled = _stayed(board, state, rules, resolver, i, unit, order, where,
                                    sieges_done)
            if settled is not None:
                fixed[i] = settled
        if forced:
            fixed[i] = ("fails", FORCED_HOLD)
        final.append(kept)
        ends.append(space[i])
        if rebellions and kind[i] != MOVE and unit.kind != "G" and (
                not bar or (type(given.written[i]) is Hold and i not in given.note)):
            held.append(unit)  # (seed 003: only a hold given and carried out, BAR-8.2)

    # a unit ends where a winning move ended only if two moves won into one space (each
    # other unit there is dislodged or has left), or if two units stood in one space; the
    # High Seas hold any number of fleets (BAR-1.4)
    if sieges_done or (clash and _crowded(ends, high_seas)):
        left = set(gone)
        came_from = [i for i in range(count) if i not in left]  # the unit each one was
        if sieges_done:
            keep = [j for j, u in enumerate(final)
                    if not (u.kind == "G" and sieges_done.get(u.province) == "garrison")]
            final = [final[j] for j in keep]
            came_from = [came_from[j] for j in keep]
            ends = [ends[j] for j in keep]
        if _crowded(ends, high_seas):
            one_unit_per_space(board, [(u, orders[j] or Hold(unit_ref(units[j])))
                                       for u, j, e in zip(final, came_from, ends, strict=True)
                                       if e != high_seas])

    return final, set(ends)


def _crowded(ends: list[int], high_seas: int) -> bool:
    """Two units end in one space (but the High Seas, ``high_seas``, -1: none)."""
    if len(set(ends)) == len(ends):
        return False
    others = [e for e in ends if e != high_seas] if high_seas >= 0 else ends
    return len(set(others)) != len(others)


def _plain_moves(
    pieces: Pieces,
    given: Orders,
    won: list[bool],
    winners: dict[int, int],
    dislodged: list[Dislodged],
    fixed: dict[int, tuple[Outcome, str]],
) -> tuple[list[Unit], set[int]]:
    """:func:`_moves_made` when every order is a usual one, no unit besieges and nothing
    rebels: the units that won their moves are moved, those they displace are dislodged,
    every other unit stays as it is.  (No two units can end in one space then: a move
    won into a space dislodges the unit that stayed there, and one move won into each.)
    The spaces are found only when some unit is dislodged (for the standoffs)."""
    units = pieces.units
    final = units[:]
    kind, occupant, dest_coast = pieces.kind, pieces.occupant, pieces.dest_coast
    space_province = pieces.ix.space_province
    made = MADE_UNITS
    gone: list[int] = []
    for d, j in winners.items():
        unit = units[j]
        province = space_province[d]
        uk = unit.kind
        coast = dest_coast[j] if uk == "F" else None
        if NATIVE:  # made natively; else the unit made before (unit_of), looked up here
            final[j] = Unit(uk, unit.owner, province, coast, unit.special)
        else:
            key = (uk, unit.owner, province, coast, unit.special)
            moved = made.get(key)
            final[j] = moved if moved is not None else unit_of(*key)
        occ = occupant[d]
        if occ >= 0 and not (won[occ] and kind[occ] == MOVE):
            gone.append(occ)
    if not gone:
        return final, set()
    gone.sort()
    convoyed, garrison, spaces, space = pieces.convoyed, pieces.garrison, pieces.ix.spaces, \
        pieces.space
    for i in gone:
        attacker = winners[space[i]]
        origin = None if convoyed[attacker] else spaces[space[attacker]]
        dislodged.append(Dislodged(units[i], origin, garrison[attacker] and not garrison[i]))
        fixed[i] = ("dislodged", pieces.void_note.get(i) or given.note.get(i, ""))
    # the spaces held after the moves: those the winners left no longer (but where another
    # came), the others as they were (one unit a space: a dislodged unit's is a winner's)
    occupied = set(space)
    occupied.difference_update([space[j] for j in winners.values()])
    occupied.update(winners)
    for i in reversed(gone):
        del final[i]
    return final, occupied


def _moved_unit(unit: Unit, order: UnitOrder | None, coast: str | None, dest: str) -> Unit:
    if isinstance(order, Convert):
        if unit.kind == "G":
            return new_unit(order.to, unit.owner, unit.province,
                            order.coast if order.to == "F" else None, unit.special)
        return new_unit("G", unit.owner, unit.province, None, unit.special)
    return new_unit(unit.kind, unit.owner, dest, coast if unit.kind == "F" else None, unit.special)


def _stayed(
    board: Board,
    state: State,
    rules: Rules,
    resolver: Resolver,
    i: int,
    unit: Unit,
    order: UnitOrder,
    where: Occupancy,
    sieges_done: dict[str, str],
) -> tuple[Unit, tuple[Outcome, str] | None]:
    """A unit that kept its space: its siege, a conversion in Venice; the outcome and note
    when they are settled here (None: the usual ones, see :func:`_stayed_outcome`)."""
    siege = siege_after(state, unit, order, rules)
    kept = unit if siege == unit.siege else unit.with_siege(siege)
    if isinstance(order, Convert) and board.provinces[unit.province].venice:
        return _convert_in_venice(resolver, i, kept, order)
    if isinstance(order, Besiege):
        target = besieged_by(state, unit, where)
        if target is not None and unit.siege >= 1:
            sieges_done[unit.province] = target
            what = "rebellion is put down" if target == "rebels" else "garrison is eliminated"
            return kept.with_siege(0), (_stayed_outcome(resolver, i, order),
                                        f"siege complete: the {what}")
        if target is not None:
            return kept.with_siege(1), None
    return kept, None


def _stayed_outcome(resolver: Resolver, i: int, order: UnitOrder | None) -> Outcome:
    """The outcome of the order of a unit that kept its space."""
    pieces = resolver.pieces
    k = pieces.kind[i]
    if k == MOVE:
        return "bounced" if resolver.path_ok(i) else "fails"
    if k == SUPPORT:
        return "succeeds" if resolver.resolution[i] else "cut"
    if k == CONVOY and pieces.target[i] >= 0:
        return "succeeds" if resolver.resolution[pieces.target[i]] else "fails"  # army moved?
    if isinstance(order, _SUPPORTS_OR_CONVOY):
        return "fails"  # what it supports or convoys does not happen
    return "succeeds"


def _convert_in_venice(
    resolver: Resolver, i: int, unit: Unit, order: Convert
) -> tuple[Unit, tuple[Outcome, str]]:
    """Venice d/e: converting in the one space Venice has."""
    pieces = resolver.pieces
    attacks = [
        m for m in resolver.moves_to[pieces.space[i]]
        if resolver.path_ok(m) and not pieces.venice_bounces[m]
    ]
    if unit.kind == "G":
        if attacks:
            return unit, ("bounced", "Venice is attacked (001 Venice e)")
        return Unit(order.to, unit.owner, unit.province, order.coast, unit.special,
                    unit.siege), ("succeeds", "")
    return Unit("G", unit.owner, unit.province, None, unit.special, 0), ("succeeds", "")


def _results(
    units: list[Unit],
    given: Orders,
    resolver: Resolver,
    fixed: dict[int, tuple[Outcome, str]],
    early: list[OrderResult],
) -> list[OrderResult]:
    """Every order's result: the early ones (void, alliances), then each unit's."""
    results = list(early)
    pieces = resolver.pieces
    won = resolver.resolution
    for i, unit in enumerate(units):
        written = given.written[i]
        settled = fixed.get(i)
        if written is None and settled is None:
            continue  # a hold nobody wrote, not dislodged: nothing to report
        order: UnitOrder = given.order[i] or Hold(unit_ref(unit))
        if settled is not None:
            outcome, note = settled
        elif pieces.kind[i] == MOVE and won[i]:
            outcome, note = "succeeds", given.note.get(i, "")
        else:
            outcome = _stayed_outcome(resolver, i, order)
            note = pieces.void_note.get(i) or given.note.get(i, "")
        power = given.power[i] or unit.owner
        if written is not None and i in given.stands_for and i not in given.written_outcome:
            results.append(OrderResult(power, written, outcome, note))
            continue
        if written is not None and written != order:
            why = given.note.get(i) or "changed to hold"
            results.append(OrderResult(power, written, given.written_outcome.get(i, "void"), why))
            if isinstance(order, Hold) and outcome != "dislodged":
                continue
        if written is not None or outcome == "dislodged":
            results.append(OrderResult(power, order, outcome, note))
    return results


def _standoffs(resolver: Resolver, occupied: set[int]) -> list[str]:
    """Provinces left empty by a bounce: no retreat may go there."""
    pieces = resolver.pieces
    ix = pieces.ix
    kind, dest, won, blocked = pieces.kind, pieces.dest, resolver.resolution, resolver.blocked
    provinces = ix.count  # (the spaces below it are provinces, the others cities)
    found: set[str] = set()
    for i in range(pieces.count):  # the moves that failed first (the cheapest tests first)
        if kind[i] != MOVE or won[i]:
            continue
        d = dest[i]
        # (a path open whatever happens, Resolver.blocked, need not be asked)
        if d < provinces and d not in occupied and (not blocked[i] or resolver.path_ok(i)):
            found.add(ix.spaces[d])
    return sorted(found)


def _disband_trapped(
    board: Board, state: State, events: list[str], ix: BoardIndex, occupied: set[int]
) -> tuple[list[Dislodged], list[str], list[str]]:
    """Dislodged units with no retreat at all are disbanded at once (no retreat phase for them).

    ``occupied``: the spaces of ``state.units``.  A unit with a plain retreat
    (:func:`_plain_retreat`) keeps it; any other is asked :func:`can_retreat`.
    Returns the dislodged units left, the standoffs still to note and the events.
    """
    if not state.dislodged:
        return state.dislodged, state.contested, events
    where: Occupancy | None = None
    keep: list[Dislodged] = []
    trapped: list[Dislodged] = []  # (in a list of their own: no search of keep for each)
    standoffs = set(state.contested)
    for d in state.dislodged:
        if not _plain_retreat(ix, occupied, standoffs, d):
            if where is None:
                where = Occupancy(state.units)
            if not can_retreat(board, state, d, where=where):
                trapped.append(d)
                continue
        keep.append(d)
    if not trapped:
        return state.dislodged, state.contested, events
    nobody = nobody_name(state)
    events = events + [
        f"{d.unit.owner or nobody}: {d.unit.kind} {d.unit.location} has no retreat "
        "and is disbanded"
        for d in trapped
    ]
    return keep, state.contested if keep else [], events


def _plain_retreat(
    ix: BoardIndex, occupied: set[int], contested: set[str], dislodged: Dislodged
) -> bool:
    """Whether ``dislodged`` has a retreat found at a glance: a neighbouring province
    (an army's land, a fleet's location) that no army or fleet holds, that no standoff
    left empty and that the attack did not come from, not Venice (whose city and
    rebels count, RET-1) and not across a strait.  False says nothing: the full check
    (:func:`~machiavelli.movement.retreats.can_retreat`) decides."""
    unit = dislodged.unit
    prov = ix.number[unit.province]
    attacker_from = dislodged.attacker_from
    provinces, venice = ix.provinces, ix.venice
    if unit.kind == "A":
        for p in ix.army_near[prov]:
            if (p not in occupied and not venice[p] and not ix.sea[p]
                    and provinces[p] != attacker_from and provinces[p] not in contested):
                return True
    elif unit.kind == "F":
        at = ix.location_number.get(unit.location, -1)
        if at < 0:
            return False
        location_province, strait_at, count = ix.location_province, ix.strait_at, ix.count
        for loc in ix.fleet_near[at]:
            p = location_province[loc]
            if (p not in occupied and not venice[p] and provinces[p] != attacker_from
                    and provinces[p] not in contested and prov * count + p not in strait_at):
                return True
    return False


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


__all__ = ["Move", "Orders", "apply_outcome", "one_unit_per_space", "unit_ref"]
