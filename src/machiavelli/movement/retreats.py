"""The retreat phase: dislodged units retreat, convert into their city, or are disbanded.

Standard Diplomacy retreats (001 MOVEMENT: Diplomacy rules apply unless
contradicted) with Machiavelli's additions:

- a dislodged army or fleet may retreat to an adjacent space that is empty after
  the movement phase, was not left empty by a standoff (``state.contested``) and
  is not the space the winning attack came from (``Dislodged.attacker_from``,
  ``None`` when the attack was convoyed, so that DATC 6.H.11 holds);
- two or more retreats to one space all fail, whatever their strength: elite
  units count as strength 1 (RET-4), rebels never support (RET-3) and there
  are no supports or convoys in a retreat phase at all;
- no retreat into a rebelling city (RET-1, see docs/rulings.md) but retreats
  into a rebelling province are allowed (RET-2); entering one liberates it
  when the rebellion is directed against another power (REB-RM-8.3);
- an army or fleet may retreat by becoming the garrison of its own province's
  empty fortified city or fortress only when no other retreat is open (CONV-P5;
  under ``mach2`` always, docs/mach2.md M4),
  never when the garrison of that city dislodged it by converting out
  (CONV-P6), a fleet only into a port city (CONV-P3) and never in Venice
  (VEN-C);
- a retreating fleet may not cross a strait whose controlling province holds,
  after the movement phase, a fleet of another power that has not allowed it
  (STR-H); a fleet retreating into Piombino or Messina closes nothing that
  turn (STR-H2), as only the position after movement counts.

A garrison that was dislodged has nowhere to retreat to: it is disbanded.
Dislodged units are expected *not* to be in ``state.units``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from machiavelli.core.board import Board, Province, province_of, space_of
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import Convert, Disband, Hold, Move, Order, Retreat, UnitRef
from machiavelli.core.phases import next_phase
from machiavelli.core.results import (
    JUDGE_RETREAT,
    NO_RETREAT,
    NO_RETREAT_ORDERED,
    Adjudication,
    OrderResult,
    Outcome,
)
from machiavelli.core.rules import rules_of
from machiavelli.core.state import Dislodged, State, Unit
from machiavelli.movement.control import update_control, update_supply_centres
from machiavelli.movement.geography import can_hold_garrison

_RETREAT_ORDERS = (Retreat, Disband)  # a tuple: cheaper to test than Retreat | Disband


#: controller power -> powers it allows through its straits (001 STR-B)
StraitPermissions = Mapping[str, Collection[str]]


# -- what a dislodged unit may do ----------------------------------------------


def _rebelling_city(state: State, province: str) -> bool:
    rebellion = state.rebellions.get(province)
    return rebellion is not None and rebellion.in_city


def retreat_problem(
    board: Board,
    state: State,
    dislodged: Dislodged,
    location: str,
    permissions: StraitPermissions | None = None,
    where: Occupancy | None = None,
) -> str | None:
    """Why ``dislodged`` may not retreat to ``location`` (a fleet's names its coast), or None.

    ``where``: the position's units by province, when already at hand.
    """
    unit = dislodged.unit
    where = where or Occupancy(state.units)
    province = province_of(location)
    if province not in board.provinces:
        return f"unknown province {province!r}"
    if unit.kind == "G":
        return "a garrison cannot retreat"
    if unit.kind == "A":
        if board.is_sea(province):
            return "an army cannot retreat to sea"
        if board.provinces[province].venice and state.option("bar"):
            return "no army stands in Venice (BAR-14.1)"
        if not board.army_adjacent(unit.province, province):
            return f"{province} is not adjacent"
    elif not board.fleet_adjacent(unit.location, location):
        return f"a fleet cannot reach {location}"
    if province == HIGH_SEAS:  # ruling A-24: open to any number of retreats
        return "the attack came from there" if dislodged.attacker_from == province else None
    target = board.provinces[province]
    occupant = where.unit_in(province, garrison=None if target.venice else False)
    if occupant is not None:
        return f"{province} is occupied"
    if province in state.contested:
        return f"{province} was left empty by a standoff"
    if dislodged.attacker_from == province:
        return "the attack came from there"
    if target.venice and _rebelling_city(state, province):
        return "the city is in rebellion (RET-1)"
    rebellion = state.rebellions.get(province)
    if rebellion is not None and rebellion.against == unit.owner and state.option("bar"):
        return "the province is in rebellion against its owner (BAR-10.3)"
    if unit.kind == "F":
        return _strait_problem(board, where, unit, location, permissions)
    return None


def _strait_problem(
    board: Board, where: Occupancy, unit: Unit, location: str,
    permissions: StraitPermissions | None,
) -> str | None:
    strait = board.strait_between(unit.location, location)
    if strait is None:
        return None
    keeper = where.unit_in(strait.controller, garrison=False)
    if keeper is None or keeper.kind != "F" or keeper.owner == unit.owner:
        return None
    allowed = (permissions or {}).get(keeper.owner or "", ())
    if unit.owner is not None and unit.owner in allowed:
        return None
    return f"the strait is closed by the fleet in {strait.controller} (STR-H)"


def retreat_destinations(
    board: Board,
    state: State,
    dislodged: Dislodged,
    permissions: StraitPermissions | None = None,
    where: Occupancy | None = None,
) -> tuple[str, ...]:
    """Every location ``dislodged`` may retreat to (not counting a conversion), sorted."""
    unit = dislodged.unit
    where = where or Occupancy(state.units)
    if unit.kind == "A":
        candidates: Collection[str] = board.army_adj.get(unit.province, frozenset())
    elif unit.kind == "F":
        candidates = board.fleet_adj.get(unit.location, frozenset())
    else:
        return ()
    return tuple(
        sorted(
            loc
            for loc in candidates
            if retreat_problem(board, state, dislodged, loc, permissions, where) is None
        )
    )


def conversion_problem(
    board: Board,
    state: State,
    dislodged: Dislodged,
    permissions: StraitPermissions | None = None,
    where: Occupancy | None = None,
    *,
    last_resort: bool = True,
) -> str | None:
    """Why ``dislodged`` may not retreat by becoming its city's garrison, or None.

    ``last_resort=False``: leave out CONV-P5 (another retreat open), for a caller that
    offers the conversion only after every other retreat (the judge's, BAR-13.5.2)."""
    unit = dislodged.unit
    rules = rules_of(state.options)
    province = unit.province
    prov: Province = board.provinces[province]
    if unit.kind == "G":
        return "a garrison cannot retreat"
    if not rules.garrisons:
        return "garrisons are not in play"
    if prov.venice:
        return "in Venice an army or fleet can never retreat into the city (VEN-C)"
    if not can_hold_garrison(board, rules, province):
        return "there is no fortified city or fortress to retreat into"
    if unit.kind == "F" and not (prov.city is not None and prov.city.port):
        return "a fleet may retreat by conversion only into a port city (CONV-P3)"
    where = where or Occupancy(state.units)
    if where.unit_in(province, garrison=True) is not None:
        return "the city is occupied"
    if space_of(board, province, True) in state.contested:
        return "the city was left empty by a standoff"
    if dislodged.by_conversion or dislodged.attacker_from == space_of(board, province, True):
        return "the attack came from the city (CONV-P6)"
    if _rebelling_city(state, province):
        return "the city is in rebellion (RET-1)"
    if rules.mach2 or not last_resort:  # M4: "A unit can always retreat into a city"
        return None
    others = retreat_destinations(board, state, dislodged, permissions, where)
    if others:
        return "another retreat is open: " + ", ".join(others) + " (CONV-P5)"
    return None


def can_retreat(
    board: Board,
    state: State,
    dislodged: Dislodged,
    permissions: StraitPermissions | None = None,
    where: Occupancy | None = None,
) -> bool:
    """Whether ``dislodged`` has any retreat at all: a destination, or its city."""
    where = where or Occupancy(state.units)
    return _some_retreat(board, state, dislodged, permissions, where) or (
        conversion_problem(board, state, dislodged, permissions, where) is None
    )


def _some_retreat(
    board: Board,
    state: State,
    dislodged: Dislodged,
    permissions: StraitPermissions | None,
    where: Occupancy,
) -> bool:
    """``bool(retreat_destinations(...))``, looking no further than the first one found."""
    unit = dislodged.unit
    if unit.kind == "A":
        candidates: Collection[str] = board.army_adj.get(unit.province, frozenset())
    elif unit.kind == "F":
        candidates = board.fleet_adj.get(unit.location, frozenset())
    else:
        return False
    for loc in candidates:
        if retreat_problem(board, state, dislodged, loc, permissions, where) is None:
            return True
    return False


# -- orders --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Attempt:
    """A retreat that passed every check: where it goes and what it becomes."""

    index: int  # in state.dislodged
    space: str
    unit: Unit


def _find(ref: UnitRef, power: str, dislodged: Sequence[Dislodged]) -> int | None:
    for i, d in enumerate(dislodged):
        u = d.unit
        if u.province == ref.province and u.kind == ref.kind and u.owner == power:
            return i
    return None


def _as_retreat(order: Order, unit: Unit) -> Retreat | Disband | str:
    """The retreat-phase meaning of an order for a dislodged unit, or why it has none."""
    if isinstance(order, _RETREAT_ORDERS):
        return order
    if isinstance(order, Move):
        return Retreat(order.unit, order.dest, order.dest_coast)
    if isinstance(order, Convert):
        if order.to != "G":
            return "a retreat may only convert into a garrison"
        return Retreat(order.unit, unit.province, to="G")
    if isinstance(order, Hold):
        return "a dislodged unit cannot hold"
    return "no supports or convoys in a retreat phase"


def _attempt(
    board: Board,
    state: State,
    index: int,
    order: Retreat,
    permissions: StraitPermissions | None,
) -> _Attempt | str:
    d = state.dislodged[index]
    unit = d.unit
    if order.to is not None:
        if order.to != "G":
            return "a retreat may only convert into a garrison"
        if order.dest != unit.province:
            return "a unit may only convert into the city of its own province"
        why = conversion_problem(board, state, d, permissions)
        if why is not None:
            return why
        garrison = Unit("G", unit.owner, unit.province, special=unit.special)
        return _Attempt(index, space_of(board, unit.province, True), garrison)
    if order.dest not in board.provinces:
        return f"unknown province {order.dest!r}"
    location = order.dest_location
    if unit.kind == "F" and order.dest_coast is None:
        reachable = board.fleet_reaches(unit.location, order.dest)
        if len(reachable) > 1:
            return f"the coast of {order.dest} must be given"
        if reachable:
            location = reachable[0]
    why = retreat_problem(board, state, d, location, permissions)
    if why is not None:
        return why
    province = province_of(location)
    coast = location.split("/", 1)[1] if "/" in location and unit.kind == "F" else None
    moved = Unit(unit.kind, unit.owner, province, coast=coast, special=unit.special)
    return _Attempt(index, space_of(board, province, False), moved)


def resolve_retreats(
    board: Board,
    state: State,
    orders: Mapping[str, Sequence[Order]],
    *,
    permissions: StraitPermissions | None = None,
) -> Adjudication:
    """Adjudicate a retreat phase; the new state is in the phase that follows.

    ``permissions`` maps a power to the powers whose fleets it allows through
    the straits it controls (its ``ally`` orders of the movement phase); by
    default a strait is closed to every fleet but its controller's.
    """
    dislodged = state.dislodged
    flat = [(power, order) for power, seq in orders.items() for order in seq]
    # The last order for each dislodged unit counts (as with orders.order_key).
    unit_of: list[int | None] = []
    last: dict[int, int] = {}  # dislodged index -> position in flat
    for position, (power, order) in enumerate(flat):
        ref = getattr(order, "unit", None)
        index = _find(ref, power, dislodged) if isinstance(ref, UnitRef) else None
        unit_of.append(index)
        if index is not None:
            last[index] = position

    attempts: dict[int, _Attempt] = {}
    outcome: dict[int, tuple[Outcome, str]] = {}
    for index, position in last.items():
        meaning = _as_retreat(flat[position][1], dislodged[index].unit)
        if isinstance(meaning, str):
            outcome[index] = ("void", meaning + "; disbanded")
        elif isinstance(meaning, Disband):
            outcome[index] = ("succeeds", "disbanded")
        else:
            attempt = _attempt(board, state, index, meaning, permissions)
            if isinstance(attempt, str):
                outcome[index] = ("fails", attempt + "; disbanded")
            else:
                attempts[index] = attempt

    by_space: dict[str, int] = {}
    for attempt in attempts.values():
        by_space[attempt.space] = by_space.get(attempt.space, 0) + 1
    arrived: list[Unit] = []
    for index, attempt in attempts.items():
        if by_space[attempt.space] > 1:
            outcome[index] = ("bounced", "another unit retreated there too; disbanded")
        else:
            outcome[index] = ("succeeds", "")
            arrived.append(attempt.unit)

    results: list[OrderResult] = []
    for position, (power, order) in enumerate(flat):
        index = unit_of[position]
        if index is None:
            results.append(OrderResult(power, order, "void", _not_dislodged(state, order)))
        elif last[index] != position:
            results.append(OrderResult(power, order, "void", "replaced by a later order"))
        else:
            result, note = outcome[index]
            results.append(OrderResult(power, order, result, note))
    for index, d in enumerate(dislodged):
        if index not in last:
            u = d.unit
            ref = UnitRef(u.kind, u.province, u.coast)
            results.append(OrderResult(u.owner, Disband(ref), "succeeds", NO_RETREAT_ORDERED))

    new = _after_retreats(board, state, arrived)
    return Adjudication(new, results)


# -- the judge's own retreats (BAR-13.5, option auto_retreat) ---------------------


def tried_places(results: Sequence[OrderResult], dislodged: Sequence[Dislodged]) -> set[str]:
    """The provinces some force tried to enter this campaign (BAR-13.5.1, ruling A-2):
    every advance carried to adjudication (not void), whether it succeeded, bounced or
    its transport failed, but not the order of a unit itself dislodged (BAR-13.4: its
    order is cancelled)."""
    gone = {(d.unit.kind, d.unit.province, d.unit.owner) for d in dislodged}
    places: set[str] = set()
    for r in results:
        order = r.order
        if not isinstance(order, Move) or r.outcome == "void":
            continue
        if (order.unit.kind, order.unit.province, r.power) in gone:
            continue
        places.add(order.dest)
    return places


@dataclass(frozen=True, slots=True)
class _Place:
    """One retreat the judge may make: the space it takes, the order written for it."""

    space: str
    order: Retreat
    unit: Unit


def _places(
    board: Board, state: State, d: Dislodged, tried: Collection[str],
    permissions: StraitPermissions | None, where: Occupancy, rank: Mapping[str, int],
) -> list[_Place]:
    """Where ``d`` may retreat, most preferred first: the provinces no force tried to
    enter, in the board's order (ruling A-1), those across a strait last (BAR-13.5.5),
    then its own city (BAR-13.5.2).  A strait held by a fleet of another power is open
    unless that power made the attack (BAR-13.5.5: "the judge denies the permission, if
    the controlling player was the attacker, and otherwise grants the permission")."""
    unit = d.unit
    ref = UnitRef(unit.kind, unit.province, unit.coast)
    found: list[_Place] = []
    if unit.owner is not None:  # an independent unit retreats only by converting
        if unit.kind == "A":
            candidates: Collection[str] = board.army_adj.get(unit.province, frozenset())
        elif unit.kind == "F":
            candidates = board.fleet_adj.get(unit.location, frozenset())
            permissions = _judge_permissions(board, where, d, permissions)
        else:
            candidates = ()

        def preference(loc: str) -> tuple[bool, int, str]:
            strait = unit.kind == "F" and board.strait_between(unit.location, loc) is not None
            return strait, rank[province_of(loc)], loc

        for loc in sorted(candidates, key=preference):
            province = province_of(loc)
            if province in tried and province != HIGH_SEAS:  # (ruling A-24)
                continue
            if retreat_problem(board, state, d, loc, permissions, where) is not None:
                continue
            coast = loc.split("/", 1)[1] if "/" in loc and unit.kind == "F" else None
            moved = Unit(unit.kind, unit.owner, province, coast=coast, special=unit.special)
            # (the High Seas take any number of retreats: a place of their own for each)
            space = (space_of(board, province, False) if province != HIGH_SEAS
                     else f"{HIGH_SEAS}:{unit.location}")
            found.append(_Place(space, Retreat(ref, province, coast), moved))
    if unit.kind != "G" and conversion_problem(board, state, d, permissions, where,
                                               last_resort=False) is None:
        garrison = Unit("G", unit.owner, unit.province, special=unit.special)
        found.append(_Place(space_of(board, unit.province, True),
                            Retreat(ref, unit.province, to="G"), garrison))
    return found


def _judge_permissions(
    board: Board, where: Occupancy, d: Dislodged, permissions: StraitPermissions | None,
) -> StraitPermissions | None:
    """The straits open to ``d``'s retreat: those whose holder did not make the attack."""
    winner = where.unit_in(d.unit.province, garrison=d.by_conversion)
    attacker = winner.owner if winner is not None else None
    granted = {k: set(v) for k, v in (permissions or {}).items()}
    for strait in board.straits:
        keeper = where.unit_in(strait.controller, garrison=False)
        if keeper is not None and keeper.owner is not None and keeper.owner != attacker \
                and d.unit.owner is not None:
            granted.setdefault(keeper.owner, set()).add(d.unit.owner)
    return granted




def judge_retreats(
    board: Board,
    state: State,
    tried: Collection[str],
    *,
    permissions: StraitPermissions | None = None,
) -> Adjudication:
    """The judge makes every retreat of ``state.dislodged`` (003 H.2; BAR-2.9, BAR-13.5).

    Each dislodged unit may go to an unoccupied adjacent place, reached without
    transport, that no force tried to enter (``tried``, :func:`tried_places`) and the
    attack did not come from; it converts into its city only when no such place is left
    for it (BAR-13.5.2).  The judge avoids eliminations: the retreats are a largest
    matching of units to places, the units taken in the board's order of their
    provinces, each given its most preferred place that leaves the others as many
    retreats (BAR-13.5.3; ruling A-1: the board's province order stands in for 003's
    Area Preference List).  A unit left without a place is eliminated.  The new position
    is in the phase after the retreats, as :func:`resolve_retreats` leaves it.
    """
    where = Occupancy(state.units)
    rank = {name: i for i, name in enumerate(board.provinces)}
    order = sorted(range(len(state.dislodged)),
                   key=lambda i: (rank[state.dislodged[i].unit.province], i))
    options = {i: _places(board, state, state.dislodged[i], tried, permissions, where, rank)
               for i in order}
    holder: dict[str, int] = {}  # space -> the unit retreating there
    chosen: dict[int, _Place] = {}

    def assign(i: int, seen: set[str]) -> bool:  # Kuhn's augmenting path
        for place in options[i]:
            if place.space in seen:
                continue
            seen.add(place.space)
            other = holder.get(place.space)
            if other is None or assign(other, seen):
                holder[place.space] = i
                chosen[i] = place
                return True
        return False

    for i in order:
        assign(i, set())
    results: list[OrderResult] = []
    arrived: list[Unit] = []
    for i in order:
        unit = state.dislodged[i].unit
        place = chosen.get(i)
        if place is None:
            ref = UnitRef(unit.kind, unit.province, unit.coast)
            results.append(OrderResult(unit.owner, Disband(ref), "succeeds", NO_RETREAT))
        else:
            results.append(OrderResult(unit.owner, place.order, "succeeds", JUDGE_RETREAT))
            arrived.append(place.unit)
    return Adjudication(_after_retreats(board, state, arrived), results)


def _not_dislodged(state: State, order: Order) -> str:
    ref = getattr(order, "unit", None)
    if not isinstance(ref, UnitRef):
        return "not a retreat-phase order"
    for d in state.dislodged:
        if d.unit.province == ref.province and d.unit.kind == ref.kind:
            return f"the dislodged unit belongs to {d.unit.owner or 'nobody'}"
    return "that unit was not dislodged"


# -- the position after the retreats ---------------------------------------------


def _after_retreats(board: Board, state: State, arrived: Sequence[Unit]) -> State:
    gone = {d.unit for d in state.dislodged}
    places = {u.province for u in gone}  # (a unit elsewhere is none of them: not hashed)
    # Defensive: a dislodged unit left in state.units by its caller is dropped.
    units = [u for u in state.units if u.province not in places or u not in gone] + list(arrived)
    rebellions = dict(state.rebellions)
    if not state.option("diplomacy"):
        for unit in arrived:
            rebellion = rebellions.get(unit.province)
            if unit.kind != "G" and rebellion is not None and rebellion.against != unit.owner:
                del rebellions[unit.province]  # REB-RM-8.3: city and province liberated
    new = state.but(units=units, dislodged=[], contested=[], rebellions=rebellions)
    new = update_control(board, new)  # control adjudication 4
    if new.option("diplomacy") and new.season == "fall":
        new = update_supply_centres(board, new)
    return next_phase(new)


__all__ = [
    "JUDGE_RETREAT",
    "NO_RETREAT",
    "StraitPermissions",
    "conversion_problem",
    "judge_retreats",
    "resolve_retreats",
    "retreat_destinations",
    "retreat_problem",
    "tried_places",
]
