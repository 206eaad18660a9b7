"""The board as the rules see it: where units may stand and what they reach.

Facts of the board and the position that the order checks (:mod:`machiavelli.movement.legality`),
the move lists (:mod:`machiavelli.movement.legal_lists`), retreats and builds share: which
cities hold garrisons, which provinces are ports, where a fleet or army reaches,
which fleets can carry a convoy, and the units by space.  Nothing here decides
whether an order is legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from machiavelli.core.board import Board, province_of
from machiavelli.core.board_index import PerBoard, board_index
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import State, Unit

KIND_NAMES = {"A": "army", "F": "fleet", "G": "garrison"}


NO_ARMY_IN_VENICE = "no armies in Venice under mach2 or bar (M7; BAR-14.1)"


def rules_in(given: Rules | State) -> Rules:
    """The rules snapshot, taken from a position's options when a position is given."""
    return given if isinstance(given, Rules) else rules_of(given.options)


def can_hold_garrison(board: Board, rules: Rules | State, province: str) -> bool:
    """A fortified city, or a fortress when fortresses are in use (GAR-1, FORT-0)."""
    city = board.provinces[province].city
    if city is None or not city.fortified:
        return False
    return city.kind != "fortress" or rules_in(rules).fortresses


def is_port(board: Board, province: str) -> bool:
    city = board.provinces[province].city
    return city is not None and city.port


@dataclass
class _Geometry:
    coastal: frozenset[str]
    fleet_provinces: dict[str, frozenset[str]]  # location -> provinces a fleet there reaches


def _geometry(board: Board) -> _Geometry:
    return _Geometry(
        coastal=frozenset(p for p in board.provinces if board.is_coastal(p)),
        fleet_provinces={
            loc: frozenset(province_of(n) for n in adj) for loc, adj in board.fleet_adj.items()
        },
    )


geometry: PerBoard[_Geometry] = PerBoard(_geometry)


def convoy_capable(board: Board, geo: _Geometry, province: str, coastal: bool) -> bool:
    return board.is_sea(province) or (coastal and province in geo.coastal)


class Chains:
    """Chains of fleets that can convoy, in one position: built once, asked many times.

    Fleets are known by their locations' numbers (:mod:`machiavelli.core.board_index`):
    a search spreads from a province through the fleet locations next to it,
    keeping to those where a fleet able to convoy stands.
    """

    def __init__(self, board: Board, units: Iterable[Unit], rules: Rules) -> None:
        self.board = board
        ix = self.ix = board_index(board)
        coastal = rules.coastal_convoys
        sea, coast, number, location_number = ix.sea, ix.coastal, ix.number, ix.location_number
        #: the locations of the fleets now able to convoy (convoy_capable)
        nodes: set[int] = set()
        for u in units:
            if u.kind != "F":
                continue
            where = u.province
            p = number[where]
            if sea[p] or (coastal and coast[p]):
                nodes.add(location_number[where if u.coast is None else where + "/" + u.coast])
        self.nodes = nodes
        self._linked: dict[tuple[str, str], set[int]] = {}
        self._groups: dict[int, int] | None = None

    def _search(self, start: str, besides: tuple[str, ...]) -> set[int]:
        """The locations of the convoying fleets linked to ``start``, none in ``besides``."""
        ix = self.ix
        near = ix.fleet_near
        locations, number = ix.province_locations, ix.number
        allowed = self.nodes
        if besides:
            allowed = allowed.difference(*(locations[number[p]] for p in besides))
        seen: set[int] = set()
        if not allowed:
            return seen
        frontier: list[int] = []
        for loc in locations[number[start]]:
            for n in near[loc]:
                if n in allowed and n not in seen:
                    seen.add(n)
                    frontier.append(n)
        while frontier:
            for n in near[frontier.pop()]:
                if n in allowed and n not in seen:
                    seen.add(n)
                    frontier.append(n)
        return seen

    def _locations(self, found: set[int]) -> set[str]:
        locations = self.ix.locations
        return {locations[n] for n in found}

    def route_dests(self, start: str) -> tuple[set[str], set[str]]:
        """The fleets (locations) linked to an army at ``start``, and the coasts they lead to."""
        ix = self.ix
        seen = self._search(start, (start,))
        own = ix.number[start]
        reach: set[int] = set()
        for n in seen:
            reach.update(ix.reach_near[n])
        dests = {ix.provinces[p] for p in reach if p != own and ix.coastal[p]}
        return self._locations(seen), dests

    def linked(self, start: str, dest: str) -> set[int]:
        """The locations (numbers) of the fleets on some chain of fleets from ``start`` to
        ``dest``."""
        key = (start, dest)
        found = self._linked.get(key)
        if found is None:
            besides = (start, dest)
            found = self._linked[key] = self._search(start, besides) & self._search(dest, besides)
        return found

    def links(self, start: str, dest: str) -> bool:
        """Whether some chain of fleets links ``start`` to ``dest`` (``linked`` is not
        empty).  When fleets' adjacency goes both ways, as on every map, and no fleet
        able to convoy stands at either end, the fleets' groups (:meth:`groups`) answer:
        some group touches both ends."""
        ix = self.ix
        if not ix.fleet_symmetric:
            return bool(self.linked(start, dest))
        locations = ix.province_locations
        starts, dests = locations[ix.number[start]], locations[ix.number[dest]]
        nodes = self.nodes
        for loc in starts:
            if loc in nodes:
                return self.links_by_search(start, dest)
        for loc in dests:
            if loc in nodes:
                return self.links_by_search(start, dest)
        group = self.groups()
        following = ix.fleet_next
        touched: set[int] = set()
        for loc in starts:
            for n in following[loc]:
                g = group.get(n, -1)
                if g >= 0:
                    touched.add(g)
        if not touched:
            return False
        for loc in dests:
            for n in following[loc]:
                if group.get(n, -1) in touched:
                    return True
        return False

    def links_by_search(self, start: str, dest: str) -> bool:
        """:meth:`links` by a search from ``start`` (fleets' adjacency going both ways)."""
        ix = self.ix
        seen = self._search(start, (start, dest))
        if not seen:
            return False
        near = ix.fleet_near
        return any(not seen.isdisjoint(near[loc])
                   for loc in ix.province_locations[ix.number[dest]])

    def groups(self) -> dict[int, int]:
        """The location of each fleet able to convoy -> its group: the first fleet found of
        those chained to it (fleets' adjacency going both ways); found once, when asked."""
        if self._groups is None:
            following, nodes = self.ix.fleet_next, self.nodes
            group: dict[int, int] = {}
            for first in nodes:
                if first in group:
                    continue
                group[first] = first
                frontier = [first]
                while frontier:
                    for n in following[frontier.pop()]:
                        if n in nodes and n not in group:
                            group[n] = first
                            frontier.append(n)
            self._groups = group
        return self._groups

    def on_chain(self, location: str, start: str, dest: str) -> bool:
        """Whether the fleet at ``location`` is on some chain from ``start`` to ``dest``."""
        return self.ix.location_number[location] in self.linked(start, dest)

    def fleets_between(self, start: str, dest: str) -> set[str]:
        """Locations of the fleets on some chain of fleets from ``start`` to ``dest``."""
        return self._locations(self.linked(start, dest))


def fleet_route_dests(board: Board, state: State, start: str) -> tuple[set[str], set[str]]:
    """The fleets (locations) linked to an army at ``start``, and the coasts they lead to."""
    return Chains(board, state.units, rules_of(state.options)).route_dests(start)


def convoy_fleets(board: Board, state: State, start: str, dest: str) -> set[str]:
    """Locations of the fleets on some chain of fleets from ``start`` to ``dest``."""
    return Chains(board, state.units, rules_of(state.options)).fleets_between(start, dest)


UnitIndex = Mapping[tuple[str, bool], Unit]


def unit_index(state: State) -> dict[tuple[str, bool], Unit]:
    """The units by (province, is garrison): pass it to check_order when checking many."""
    return {(u.province, u.kind == "G"): u for u in state.units}


def can_reach(board: Board, unit: Unit, province: str) -> bool:
    """Could ``unit`` move to ``province`` without a convoy (ignoring coasts)?"""
    if unit.kind == "A":
        return board.army_adjacent(unit.province, province)
    if unit.kind == "F":
        return province in geometry(board).fleet_provinces.get(unit.location, frozenset())
    return False


def no_army_in(board: Board, rules: Rules | State, province: str) -> bool:
    """Machiavelli 2: Venice is a sea area with a city, closed to armies (M7); seed 003's
    Venice too, "no place for an army unit in that province" (14.1, BAR-14.1, ``bar``)."""
    if not board.provinces[province].venice:
        return False
    held = rules_in(rules)
    return held.mach2 or held.bar


def besieger(where: Occupancy | State, garrison: Unit) -> Unit | None:
    """The army or fleet whose siege of ``garrison`` began last campaign (SIEGE-6)."""
    other = where.unit_in(garrison.province, garrison=False)
    if other is not None and other.siege >= 1 and other.owner != garrison.owner:
        return other
    return None


def open_straits(state: State) -> dict[str, tuple[str, ...]]:
    """Strait permissions that let everyone through: straits are not static."""
    return {p: tuple(state.powers) for p in state.powers}


def route_problem(board: Board, coastal: bool, occupancy: Occupancy, start: str, dest: str,
                  via: tuple[str, ...]) -> str | None:
    """A written convoy route: fleets in convoying provinces, each next to the last.

    A fleet in a province with several coasts links only what its own coast
    touches, so a route cannot jump coasts (CVY-3).
    """
    geo = geometry(board)
    here = set(board.fleet_locations(start))
    for step in via:
        if step in (start, dest) or not convoy_capable(board, geo, step, coastal):
            return f"{board.display_name(step)} cannot be part of a convoy route"
        fleet = occupancy.unit_in(step, garrison=False)
        if fleet is None or fleet.kind != "F":
            return f"there is no fleet in {board.display_name(step)} to convoy"
        if not any(board.fleet_adjacent(h, fleet.location) for h in here):
            return f"the convoy route breaks at {board.display_name(step)}"
        here = {fleet.location}
    if not any(board.fleet_adjacent(h, d) for h in here for d in board.fleet_locations(dest)):
        return f"the convoy route does not reach {board.display_name(dest)}"
    return None
