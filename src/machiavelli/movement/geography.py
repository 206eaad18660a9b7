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


NO_ARMY_IN_VENICE = "no armies in Venice under mach2 (M7, rules.machiavelli2)"


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

    Fleets are found by their locations' bits (:mod:`machiavelli.core.board_index`):
    a search spreads from a province through the fleet locations next to it,
    keeping to those where a fleet able to convoy stands.
    """

    def __init__(self, board: Board, units: Iterable[Unit], rules: Rules) -> None:
        self.board = board
        ix = self.ix = board_index(board)
        coastal = rules.coastal_convoys
        sea, coast, number, location_number = ix.sea, ix.coastal, ix.number, ix.location_number
        nodes = 0  # the locations of the fleets now able to convoy (convoy_capable)
        for u in units:
            if u.kind != "F":
                continue
            p = number[u.province]
            if sea[p] or (coastal and coast[p]):
                nodes |= 1 << location_number[u.location]
        self.nodes = nodes
        self._linked: dict[tuple[str, str], int] = {}

    def _search(self, start: str, besides: tuple[str, ...]) -> int:
        """The locations of the convoying fleets linked to ``start``, none in ``besides``."""
        ix = self.ix
        fleet_adj = ix.fleet_adj
        allowed = self.nodes
        for province in besides:
            for loc in ix.province_locations[ix.number[province]]:
                allowed &= ~(1 << loc)
        frontier = 0
        for loc in ix.province_locations[ix.number[start]]:
            frontier |= fleet_adj[loc]
        frontier &= allowed
        seen = frontier
        while frontier:
            reach = 0
            while frontier:
                low = frontier & -frontier
                reach |= fleet_adj[low.bit_length() - 1]
                frontier ^= low
            frontier = reach & allowed & ~seen
            seen |= frontier
        return seen

    def _locations(self, mask: int) -> set[str]:
        found = set()
        while mask:
            low = mask & -mask
            found.add(self.ix.locations[low.bit_length() - 1])
            mask ^= low
        return found

    def route_dests(self, start: str) -> tuple[set[str], set[str]]:
        """The fleets (locations) linked to an army at ``start``, and the coasts they lead to."""
        ix = self.ix
        seen = self._search(start, (start,))
        reach = 0
        mask = seen
        while mask:
            low = mask & -mask
            reach |= ix.fleet_reach[low.bit_length() - 1]
            mask ^= low
        dests = set()
        own = ix.number[start]
        for p in range(ix.count):
            if (reach >> p) & 1 and p != own and ix.coastal[p]:
                dests.add(ix.provinces[p])
        return self._locations(seen), dests

    def linked(self, start: str, dest: str) -> int:
        """The locations (bits) of the fleets on some chain of fleets from ``start`` to
        ``dest``."""
        key = (start, dest)
        found = self._linked.get(key)
        if found is None:
            besides = (start, dest)
            found = self._linked[key] = self._search(start, besides) & self._search(dest, besides)
        return found

    def on_chain(self, location: str, start: str, dest: str) -> bool:
        """Whether the fleet at ``location`` is on some chain from ``start`` to ``dest``."""
        return (self.linked(start, dest) >> self.ix.location_number[location]) & 1 == 1

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
    """Machiavelli 2: Venice is a sea area with a city, closed to armies (M7)."""
    return board.provinces[province].venice and rules_in(rules).mach2


def besieger(where: Occupancy | State, garrison: Unit) -> Unit | None:
    """The army or fleet whose siege of ``garrison`` began last campaign (SIEGE-6)."""
    other = where.unit_in(garrison.province, garrison=False)
    if other is not None and other.siege >= 1 and other.owner != garrison.owner:
        return other
    return None


def open_straits(state: State) -> dict[str, tuple[str, ...]]:
    """Strait permissions that let everyone through: straits are not static."""
    return {p: tuple(state.powers) for p in state.powers}
