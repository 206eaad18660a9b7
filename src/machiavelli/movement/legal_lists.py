"""Legal orders: :func:`legal_orders`, every legal order of a power's units, one list a phase.

The lists are made from the board index (:mod:`machiavelli.core.board_index`) and the
position's occupancy: what depends only on the board (each unit's orders, its moves,
where it could support, the order objects themselves) is made once per board
(:data:`menus`); a phase adds who stands where, who could move where (the same for
every power: kept for the last position asked about, :func:`plans`) and the few rules
its options switch.  No candidate goes through the one-order check
(:func:`machiavelli.movement.legality.check_order`): each kind's rule is applied as the
check applies it.  :mod:`machiavelli.movement.legal_checked` makes the same lists the old
way (every candidate through the check): ``tests/test_legal_lists.py`` holds the two to
the same lists over random positions of every scenario, order included.

What is listed, beyond every legal hold, move, retreat and disband:

- convoyed moves only to coastal provinces that a chain of fleets now on the
  board (any power's, in convoying provinces) links to the army; a move to an
  adjacent province that such a chain also reaches is listed a second time
  with ``convoy=True``; routes are never written out (``via`` stays empty);
- supports of holds of every army and fleet the supporter could move to, and
  of moves into such a province by every army or fleet that could make them
  (convoyed moves included) or by the garrison there converting out; supports
  of a garrison's hold are legal but never listed (nothing attacks a city);
- convoys of every army linked to the fleet by such a chain, to each of the
  chain's coastal destinations;
- alliances (``ally``/``unally``) with every other power still in the game;
- in the adjustment phase builds (with every special type when special units
  are in play; Turkey's fleet on the High Seas, BAR-14.3), removals and maintenance;
  ``waive`` is not listed;
- a power's second, third... fleet on the High Seas (``F hs/2``, ruling A-25) gets the
  first's list (seed 003's orders included), naming it by number, after every other list.

The orders come in the order the old lists had: per unit (in the position's order) its
hold, conversions, siege orders, moves (by destination), supports (by province, then the
supported unit in the position's order), convoys; then the alliances.  Bots choose by
index from these lists with a seeded generator, so the order is part of the result.
"""

from __future__ import annotations

import sys

from machiavelli.core.board import Board, coast_of, province_of
from machiavelli.core.board_index import BoardIndex, PerBoard, board_index
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.homes import held_home_provinces
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.options import specials_in_play
from machiavelli.core.orders import (
    Ally,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Tax,
    UnitRef,
    order_key,
)
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import SPECIAL_KINDS, State, Unit, UnitKind
from machiavelli.movement import legal_checked
from machiavelli.movement.builds import build_problem
from machiavelli.movement.geography import Chains, can_hold_garrison, is_port, open_straits
from machiavelli.movement.high_seas_lists import numbered_fleets as _numbered_fleets
from machiavelli.movement.legality import own_dislodged
from machiavelli.movement.retreats import (
    conversion_problem,
    retreat_destinations,
    retreat_problem,
)

Key = tuple[str, ...]


def ref_of(unit: Unit) -> UnitRef:
    return UnitRef(unit.kind, unit.province, unit.coast)


# ----------------------------------------------------------------------
# What depends on the board alone
# ----------------------------------------------------------------------
class _Slot:
    """A unit of one kind in one place (an army or garrison in a province, a fleet at a
    location): its reference, its key, its orders that the board alone decides, where
    it moves and supports."""

    def __init__(self, board: Board, ix: BoardIndex, slot: int, kind: UnitKind,
                 province: int, coast: str | None) -> None:
        name = ix.provinces[province]
        self.slot = slot
        self.kind = kind
        self.province = province
        self.name = name
        self.ref = ref = UnitRef(kind, name, coast)
        self.key: Key = ("unit", name, "G" if kind == "G" else "AF")
        self.hold = Hold(ref)
        prov = board.provinces[name]
        self.city_fortified = prov.city is not None and prov.city.fortified
        self.is_venice = prov.venice
        self.port = is_port(board, name)
        self.to_army = Convert(ref, "A")
        coasts: tuple[str | None, ...] = prov.coasts or (None,)
        self.to_fleets = [Convert(ref, "F", c) for c in coasts]
        self.can_be_fleet = self.port and bool(board.fleet_locations(name))
        self.to_garrison = Convert(ref, "G")
        self.besiege = Besiege(ref)
        self.lift = LiftSiege(ref)
        #: the plain moves (in the old lists' order) and their destinations' numbers;
        #: a fleet's are only those the board allows
        self.moves: list[Move] = []
        self.move_dests: list[int] = []
        #: the provinces it could move to unconvoyed (supports' reach, movers' index)
        self.dests: list[int] = []
        #: the same, sorted by name: where it supports
        self.reach: list[int] = []
        #: an army's neighbours (by number) as flags: a convoyed move there is marked
        self.adjacent: list[bool] = [False] * ix.count
        if kind == "G":
            self.dests = [province]
            self.reach = [province]
            return
        if kind == "F":
            location = name if coast is None else name + "/" + coast
            for loc in sorted(board.fleet_adj.get(location, frozenset())):
                dest = sys.intern(province_of(loc))  # (the board's own string: core/map_reader.py)
                dest_coast = coast_of(loc) if board.provinces[dest].coasts else None
                if _fleet_move_fits(board, location, name, dest, dest_coast):
                    self.moves.append(Move(ref, dest, dest_coast))
                    self.move_dests.append(ix.number[dest])
            near = {province_of(n) for n in board.fleet_adj.get(location, frozenset())}
            self.dests = [ix.number[p] for p in near]
        else:
            near = {p for p in board.army_adj.get(name, frozenset()) if not board.is_sea(p)}
            for dest in sorted(near):
                self.moves.append(Move(ref, dest))
                self.move_dests.append(ix.number[dest])
            self.dests = [ix.number[p] for p in near]
            for p in self.dests:
                self.adjacent[p] = True
        self.reach = [ix.number[p] for p in sorted(ix.provinces[d] for d in self.dests)]


def _fleet_move_fits(board: Board, location: str, own: str, dest: str,
                     coast: str | None) -> bool:
    """A fleet's move by the board alone, as :func:`legality.check_move` judges it."""
    if dest == own:
        return False
    reach = board.fleet_reaches(location, dest)
    if not reach:
        return False
    if coast is not None:
        return f"{dest}/{coast}" in reach
    return not (board.provinces[dest].coasts and len(reach) > 1)


class _Menus:
    """One board's slots and the order objects made for it (kept: orders are frozen)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        ix = self.ix = board_index(board)
        count = ix.count
        self.count = count
        #: slots: an army in province i is i, a garrison count + i, a fleet at location l
        #: 2 * count + l
        self.slots: list[_Slot | None] = [None] * (2 * count + len(ix.locations))
        self.venice = list(ix.venice)
        self.supports_hold: dict[int, SupportHold] = {}
        self.supports_move: dict[int, SupportMove] = {}
        self.convoys: dict[int, Convoy] = {}
        self.convoy_moves: dict[int, Move] = {}
        self.allies: dict[str, tuple[Ally, Ally]] = {}

    def slot_of(self, unit: Unit) -> int:
        """The unit's slot (-1: a place this board does not have for it)."""
        ix = self.ix
        p = ix.number.get(unit.province, -1)
        if p < 0:
            return -1
        if unit.kind == "A":
            return p
        if unit.kind == "G":
            return self.count + p
        loc = ix.location_number.get(
            unit.province if unit.coast is None else unit.province + "/" + unit.coast, -1)
        return -1 if loc < 0 else 2 * self.count + loc

    def slot(self, s: int) -> _Slot:
        found = self.slots[s]
        if found is None:
            ix, count = self.ix, self.count
            if s < count:
                found = _Slot(self.board, ix, s, "A", s, None)
            elif s < 2 * count:
                found = _Slot(self.board, ix, s, "G", s - count, None)
            else:
                loc = s - 2 * count
                found = _Slot(self.board, ix, s, "F", ix.location_province[loc],
                              ix.location_coast[loc])
            self.slots[s] = found
        return found

    def support_hold(self, unit: _Slot, target: _Slot) -> SupportHold:
        key = unit.slot * len(self.slots) + target.slot
        found = self.supports_hold.get(key)
        if found is None:
            found = self.supports_hold[key] = SupportHold(unit.ref, target.ref)
        return found

    def support_move(self, unit: _Slot, target: _Slot, into: int) -> SupportMove:
        key = (unit.slot * len(self.slots) + target.slot) * self.count + into
        found = self.supports_move.get(key)
        if found is None:
            found = self.supports_move[key] = SupportMove(
                unit.ref, target.ref, self.ix.provinces[into])
        return found

    def convoy(self, fleet: _Slot, army: _Slot, into: int) -> Convoy:
        key = (fleet.slot * len(self.slots) + army.slot) * self.count + into
        found = self.convoys.get(key)
        if found is None:
            found = self.convoys[key] = Convoy(fleet.ref, army.ref, self.ix.provinces[into])
        return found

    def convoy_move(self, army: _Slot, into: int, convoy: bool) -> Move:
        key = (army.slot * self.count + into) * 2 + convoy
        found = self.convoy_moves.get(key)
        if found is None:
            found = self.convoy_moves[key] = Move(
                army.ref, self.ix.provinces[into], convoy=convoy)
        return found

    def ally(self, power: str) -> tuple[Ally, Ally]:
        found = self.allies.get(power)
        if found is None:
            found = self.allies[power] = (Ally(power, True), Ally(power, False))
        return found


menus: PerBoard[_Menus] = PerBoard(_Menus)


# ----------------------------------------------------------------------
# What depends on the position: the same for every power
# ----------------------------------------------------------------------
class Plans:
    """Who stands where, who could move where, and the chains of fleets, in one position
    (its units and the two rules they depend on)."""

    def __init__(self, menu: _Menus, units: list[Unit], rules: Rules) -> None:
        self.menu = menu
        self.units = units
        self.coastal_convoys = rules.coastal_convoys
        self.mach2 = rules.mach2
        count = menu.count
        ix = menu.ix
        #: each unit's slot, in the position's order (None: a place off this board)
        self.unit_slots: list[_Slot] | None = []
        #: the army or fleet, and the garrison, in each province (the first listed wins)
        self.field: list[_Slot | None] = [None] * count
        self.garrison: list[_Slot | None] = [None] * count
        self.field_unit: list[Unit | None] = [None] * count
        for u in units:
            s = menu.slot_of(u)
            if s < 0:
                self.unit_slots = None
                return
            slot = menu.slot(s)
            self.unit_slots.append(slot)
            p = slot.province
            if slot.kind == "G":
                if self.garrison[p] is None:
                    self.garrison[p] = slot
            elif self.field[p] is None:
                self.field[p] = slot
                self.field_unit[p] = u
        self.chains = Chains(menu.board, units, rules)
        #: per coastal army (in the position's order): its slot, the locations of the
        #: fleets linked to it, and the coastal provinces they lead to (sorted by name)
        self.convoys: list[tuple[_Slot, set[int], list[int]]] = []
        #: per province: the slots of the units that could move there, in the position's order
        movers: list[list[_Slot]] = [[] for _ in range(count)]
        chains = self.chains
        coastal = ix.coastal
        for slot in self.unit_slots:
            for d in slot.dests:
                movers[d].append(slot)
            if slot.kind == "A" and coastal[slot.province]:
                fleets, dests = _route_dests(chains, ix, slot.province)
                self.convoys.append((slot, fleets, dests))
                adjacent = slot.adjacent
                for d in dests:
                    if not adjacent[d]:
                        movers[d].append(slot)
        self.movers = movers
        self._links: dict[int, bool] = {}

    def links(self, start: int, dest: int) -> bool:
        key = start * self.menu.count + dest
        found = self._links.get(key)
        if found is None:
            names = self.menu.ix.provinces
            found = self._links[key] = self.chains.links(names[start], names[dest])
        return found


def _route_dests(chains: Chains, ix: BoardIndex, start: int) -> tuple[set[int], list[int]]:
    """As :meth:`Chains.route_dests`, in numbers: the fleets linked to an army at ``start``
    and the coastal provinces they reach, sorted by name."""
    seen = chains._search(ix.provinces[start], (ix.provinces[start],))
    reach: set[int] = set()
    for n in seen:
        reach.update(ix.reach_near[n])
    coastal, names = ix.coastal, ix.provinces
    dests = sorted((p for p in reach if p != start and coastal[p]), key=names.__getitem__)
    return seen, dests


_LAST_PLANS: list[Plans] = []


def forget() -> None:
    """Forget the last position's plans (the bench makes them again for each phase)."""
    _LAST_PLANS.clear()


def plans(board: Board, state: State, rules: Rules) -> Plans:
    """The position's plans, kept for the last position asked about (every power's lists
    of one phase share them): found again when the board is the same object and the
    units and the two rules they depend on are equal."""
    menu = menus(board)
    for last in _LAST_PLANS[:1]:  # (a copy: another thread may replace it meanwhile)
        if (last.menu is menu and last.coastal_convoys == rules.coastal_convoys
                and last.mach2 == rules.mach2 and last.units == state.units):
            return last
    found = Plans(menu, list(state.units), rules)
    _LAST_PLANS[:] = [found]
    return found


# ----------------------------------------------------------------------
# Movement
# ----------------------------------------------------------------------
def _movement_lists(board: Board, state: State, power: str) -> dict[Key, list[Order]] | None:
    """The movement phase's lists by key (None: a unit off the board's places)."""
    rules = rules_of(state.options)
    plan = plans(board, state, rules)
    unit_slots = plan.unit_slots
    if unit_slots is None:
        return None
    menu = plan.menu
    mach2 = rules.mach2
    closed = mach2 or rules.bar  # Venice closed to armies (M7; seed 003 14.1, BAR-14.1)
    venice = menu.venice
    garrisons = rules.garrisons
    field, garrison, movers = plan.field, plan.garrison, plan.movers
    result: dict[Key, list[Order]] = {}
    units = plan.units
    for i in range(len(units)):
        unit = units[i]
        if unit.owner != power:
            continue
        slot = unit_slots[i]
        own = slot.province
        orders: list[Order] = [slot.hold]
        if slot.kind == "G":
            if garrisons:
                besieged = False
                if not mach2:
                    other = plan.field_unit[own]
                    besieged = (other is not None and other.siege >= 1
                                and other.owner != unit.owner)
                if not besieged:
                    if not (closed and venice[own]):
                        orders.append(slot.to_army)
                    if unit.owner not in board.no_fleets and slot.can_be_fleet:
                        orders += slot.to_fleets
            held = field[own]
            if held is not None:
                orders.append(menu.support_hold(slot, held))
            for mover in movers[own]:
                if mover is not slot and _supportable(mover, own, closed, venice):
                    orders.append(menu.support_move(slot, mover, own))
            result[slot.key] = orders
            continue
        if garrisons:
            if (garrison[own] is None and can_hold_garrison(board, rules, slot.name)
                    and (slot.kind == "A" or slot.port)):
                orders.append(slot.to_garrison)
            if _may_besiege(state, slot, garrison[own] is not None):
                orders.append(slot.besiege)
        if unit.siege >= 1:
            orders.append(slot.lift)
        # moves
        if slot.kind == "A" and closed:
            dests = slot.move_dests
            moves = slot.moves
            for k in range(len(moves)):
                if not venice[dests[k]]:
                    orders.append(moves[k])
        else:
            orders += slot.moves
        convoy: tuple[_Slot, set[int], list[int]] | None = None
        if slot.kind == "A":
            for c in plan.convoys:
                if c[0] is slot:
                    convoy = c
                    break
            if convoy is not None:
                adjacent = slot.adjacent
                for d in convoy[2]:
                    if not (closed and venice[d]) and plan.links(own, d):
                        orders.append(menu.convoy_move(slot, d, adjacent[d]))
        # supports
        for p in slot.reach:
            if p == own:
                continue
            held = field[p]
            if held is not None:
                orders.append(menu.support_hold(slot, held))
            for mover in movers[p]:
                if mover is not slot and _supportable(mover, p, closed, venice):
                    orders.append(menu.support_move(slot, mover, p))
        # convoys
        if slot.kind == "F" and plan.convoys:
            here = slot.slot - 2 * menu.count
            chains = plan.chains
            names = menu.ix.provinces
            for army, fleets, dests in plan.convoys:
                if here not in fleets:
                    continue
                for d in dests:
                    if not (closed and venice[d]) and here in chains.linked(
                            army.name, names[d]):
                        orders.append(menu.convoy(slot, army, d))
        result[slot.key] = orders
    for rival in state.powers:
        if rival != power and rival not in state.eliminated:
            ally, unally = menu.ally(rival)
            result[("ally", rival)] = [ally, unally]
    return result


def _supportable(mover: _Slot, into: int, mach2: bool, venice: list[bool]) -> bool:
    """Whether a support of ``mover``'s move into ``into`` passes the check (the supporter
    could reach ``into``, which is not its own province)."""
    if mover.kind == "G":
        return True  # a garrison's only destination is its own province
    if into == mover.province:
        return False
    return not (mover.kind == "A" and mach2 and venice[into])


def _may_besiege(state: State, slot: _Slot, garrisoned: bool) -> bool:
    """An army or fleet's siege, as :func:`legality._check_besiege` judges it (the
    garrisons rule aside)."""
    if not slot.city_fortified or slot.is_venice or (slot.kind == "F" and not slot.port):
        return False
    if garrisoned:
        return True
    rebellion = state.rebellions.get(slot.name)
    return rebellion is not None and rebellion.in_city


def movement_orders(board: Board, state: State, power: str) -> list[Order]:
    """The movement phase's legal orders of ``power``, one list."""
    lists = _movement_lists(board, state, power)
    if lists is None:
        return legal_checked.movement_orders(board, state, power)
    return [o for orders in lists.values() for o in orders]


# ----------------------------------------------------------------------
# Retreats and adjustments
# ----------------------------------------------------------------------
def retreat_orders(board: Board, state: State, power: str) -> list[Order]:
    orders: list[Order] = []
    straits = open_straits(state)
    rules = rules_of(state.options)
    where = Occupancy(state.units)
    for d in state.dislodged:
        if d.unit.owner != power:
            continue
        ref = ref_of(d.unit)
        found = own_dislodged(board, state, power, ref)
        if isinstance(found, str):
            continue
        unit = found.unit
        for loc in retreat_destinations(board, state, d, straits, where):
            dest = province_of(loc)
            coast = coast_of(loc) if board.provinces[dest].coasts else None
            if unit.kind == "F" and coast is None and board.provinces[dest].coasts:
                if len(board.fleet_reaches(unit.location, dest)) != 1:
                    continue
                loc = board.fleet_reaches(unit.location, dest)[0]
            if unit.kind == "A" and (rules.mach2 or rules.bar) and board.provinces[dest].venice:
                continue
            if found is not d and retreat_problem(
                    board, state, found, loc, straits) is not None:
                continue
            orders.append(Retreat(ref, dest, coast))
        if conversion_problem(board, state, found, straits) is None:
            orders.append(Retreat(ref, d.unit.province, None, "G"))
        orders.append(Disband(ref))
    return orders


def adjustment_orders(board: Board, state: State, power: str) -> list[Order]:
    orders: list[Order] = []
    specials: tuple[str | None, ...] = (None,)
    if specials_in_play(state):
        specials += SPECIAL_KINDS
    kinds: tuple[UnitKind, ...] = ("A", "F", "G")
    rules = rules_of(state.options)
    where = Occupancy(state.units)
    held = held_home_provinces(board, state, power, rules.fortresses)
    plain = not state.option("diplomacy")
    for province in state.home.get(power, []):
        if province not in board.provinces:
            continue
        if plain and not _may_build_in(board, state, rules, power, province, held):
            continue  # (build_problem refuses every build there)
        coasts: tuple[str | None, ...] = board.provinces[province].coasts or (None,)
        for kind in kinds:
            for coast in coasts if kind == "F" else (None,):
                for s in specials:
                    build = Build(kind, province, coast, s)
                    if build_problem(board, state, power, build, held=held, where=where,
                                     rules=rules) is None:
                        orders.append(build)
                    elif s is None:
                        break  # (a special unit is judged as the plain one, and then its kind)
    high_seas = Build("F", HIGH_SEAS)  # Turkey's fleet on the High Seas (BAR-14.3)
    if HIGH_SEAS in board.provinces and build_problem(board, state, power, high_seas) is None:
        orders.append(high_seas)
    for unit in state.units_of(power):
        ref = ref_of(unit)
        orders.append(Remove(ref))
        if rules.money:
            orders.append(Maintain(ref))
    if rules.forced_tax:  # seed 003's forced taxation (BAR-5.3): few, so checked one by one
        orders += legal_checked.checked(board, state, power, [
            Tax(p) for p, owner in sorted(state.province_owner.items()) if owner == power])
    return orders


def _may_build_in(board: Board, state: State, rules: Rules, power: str, province: str,
                  held: list[str]) -> bool:
    """What :func:`~machiavelli.movement.builds.build_problem` asks of the province
    before the unit (outside the diplomacy rules): a city to build in, in a home country
    the power holds, both controlled by it, no famine."""
    city = board.provinces[province].city
    if city is None or (city.kind == "fortress" and not rules.fortresses):
        return False
    if power not in board.build_anywhere and province not in held:
        return False
    if state.city_owner.get(province) != power or state.province_owner.get(province) != power:
        return False
    return province not in state.famine


def legal_orders(board: Board, state: State, power: str) -> dict[Key, list[Order]]:
    """Every legal order of each of the power's units (and alliances) in this phase."""
    extra = legal_checked.seed_003_orders(board, state, power)
    if state.phase == "movement":
        lists = _movement_lists(board, state, power)
        if lists is not None and not extra:
            return _numbered_fleets(state, power, lists)
        if lists is not None:  # (the lists may be shared: added to a copy)
            lists = {key: list(found) for key, found in lists.items()}
            for order in extra:
                lists.setdefault(order_key(order), []).append(order)
            return _numbered_fleets(state, power, lists)
        orders = legal_checked.movement_orders(board, state, power)
    elif state.phase == "retreat":
        orders = retreat_orders(board, state, power)
    else:
        orders = adjustment_orders(board, state, power)
    result: dict[Key, list[Order]] = {}
    for order in [*orders, *extra]:
        result.setdefault(order_key(order), []).append(order)
    if state.phase == "movement":
        return _numbered_fleets(state, power, result)
    return result
