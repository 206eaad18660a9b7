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
from machiavelli.core.board_index import PerBoard
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


def _route_search(
    board: Board, start: str, nodes: Mapping[str, str], besides: tuple[str, ...]
) -> tuple[set[str], set[str]]:
    """Convoying locations linked to ``start`` through ``nodes`` (location -> province) not
    in ``besides``, and the coasts they reach."""
    fleet_adj = board.fleet_adj
    frontier = [
        n
        for loc in board.fleet_locations(start)
        for n in fleet_adj.get(loc, frozenset())
        if n in nodes and nodes[n] not in besides
    ]
    seen = set(frontier)
    while frontier:
        loc = frontier.pop()
        for n in fleet_adj.get(loc, frozenset()):
            if n in nodes and n not in seen and nodes[n] not in besides:
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


class Chains:
    """Chains of fleets that can convoy, in one position: built once, asked many times."""

    def __init__(self, board: Board, units: Iterable[Unit], rules: Rules) -> None:
        self.board = board
        geo = geometry(board)
        coastal = rules.coastal_convoys
        #: location -> province of every fleet now able to convoy
        self.nodes: dict[str, str] = {
            u.location: u.province
            for u in units
            if u.kind == "F" and convoy_capable(board, geo, u.province, coastal)
        }
        self._dests: dict[str, tuple[set[str], set[str]]] = {}
        self._between: dict[tuple[str, str], set[str]] = {}

    def route_dests(self, start: str) -> tuple[set[str], set[str]]:
        """The fleets (locations) linked to an army at ``start``, and the coasts they lead to."""
        found = self._dests.get(start)
        if found is None:
            found = self._dests[start] = _route_search(self.board, start, self.nodes, (start,))
        return found

    def fleets_between(self, start: str, dest: str) -> set[str]:
        """Locations of the fleets on some chain of fleets from ``start`` to ``dest``."""
        key = (start, dest)
        found = self._between.get(key)
        if found is None:
            besides = (start, dest)
            found = (_route_search(self.board, start, self.nodes, besides)[0]
                     & _route_search(self.board, dest, self.nodes, besides)[0])
            self._between[key] = found
        return found


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
