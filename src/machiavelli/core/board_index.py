"""The board as dense integers, built once per board: what the resolver works on.

- *Provinces* are numbered ``0 .. P-1`` in the board's order.
- *Spaces* (what a unit stands in, :func:`machiavelli.core.board.space_of`): a
  province's own space has its number ``i``, its city the number ``P + i``;
  Venice's city is Venice's own space (001, Venice a), so it has ``i`` too.
- *Fleet locations* (a province, with its coast where it has several) are
  numbered ``0 .. L-1``.
- Adjacency is kept as integer bitmasks: ``army_adj[i]`` has bit ``j`` set when
  an army steps from province ``i`` to ``j``; ``fleet_adj[l]`` the same over
  locations; ``fleet_reach[l]`` over the provinces a fleet at ``l`` reaches.  The
  masks serve searches (chains of fleets); single look-ups go through the same
  neighbours as sets of numbers (``army_near``, ``fleet_near``, ``reach_near``),
  which cost the same on a board of any size.
- A strait is found by the provinces at its two ends (``strait_at``), with its
  controlling province and whether it is still a strait under Machiavelli 2.

:func:`board_index` builds the index on first use and keeps it for the board
(see :class:`PerBoard`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from machiavelli.core.board import Board, City, Strait, province_of
from machiavelli.core.names import LIMIT, NAME_IDS

T = TypeVar("T")


class PerBoard(Generic[T]):
    """What ``build`` makes of a board, made once per board object and kept.

    Boards are immutable, so a board object's derived data never goes stale.
    The last few boards are kept (a server loading many games must not grow
    without end).
    """

    def __init__(self, build: Callable[[Board], T], keep: int = 64) -> None:
        self.build = build
        self.keep = keep
        self.made: dict[int, tuple[Board, T]] = {}

    def __call__(self, board: Board) -> T:
        found = self.made.get(id(board))
        if found is not None and found[0] is board:
            return found[1]
        value = self.build(board)
        if len(self.made) >= self.keep:
            del self.made[next(iter(self.made))]
        self.made[id(board)] = (board, value)
        return value


class BoardIndex:
    """Dense integer numbers for a board's provinces, spaces and fleet locations."""

    def __init__(self, board: Board) -> None:
        self.board = board
        provinces = list(board.provinces)
        count = len(provinces)
        self.count = count
        self.provinces: list[str] = provinces
        self.number: dict[str, int] = {pid: i for i, pid in enumerate(provinces)}
        #: the province number of each name's number (machiavelli.core.names), -1 for a
        #: name not on the board or not numbered: where -1 is found, the name decides
        self.by_place: list[int] = _by_name(self.number)
        self.sea: list[bool] = [board.provinces[p].sea for p in provinces]
        self.venice: list[bool] = [board.provinces[p].venice for p in provinces]
        self.cities: list[City | None] = [board.provinces[p].city for p in provinces]
        # spaces: the provinces, then their cities ("gen#"); Venice's city is Venice
        self.spaces: list[str] = provinces + [p + "#" for p in provinces]
        self.space_count = len(self.spaces)
        self.space_number: dict[str, int] = {s: i for i, s in enumerate(self.spaces)}
        #: the province (id) of each space
        self.space_province: list[str] = provinces + provinces
        self.city_space: list[int] = [
            i if self.venice[i] else count + i for i in range(count)
        ]
        self.army_adj: list[int] = [
            _mask(self.number[q] for q in board.army_adj.get(p, frozenset())) for p in provinces
        ]
        # fleet locations, in the board's order of provinces and coasts
        locations: list[str] = []
        for p in provinces:
            locations.extend(board.fleet_locations(p))
        self.locations: list[str] = locations
        self.location_number: dict[str, int] = {loc: i for i, loc in enumerate(locations)}
        self.location_province: list[int] = [self.number[province_of(x)] for x in locations]
        self.location_coast: list[str | None] = [
            x.split("/", 1)[1] if "/" in x else None for x in locations
        ]
        self.province_locations: list[tuple[int, ...]] = [() for _ in provinces]
        for i in range(len(locations)):
            prov = self.location_province[i]
            self.province_locations[prov] = (*self.province_locations[prov], i)
        self.fleet_adj: list[int] = [
            _mask(self.location_number[y] for y in board.fleet_adj.get(x, frozenset())
                  if y in self.location_number)
            for x in locations
        ]
        self.fleet_reach: list[int] = [
            _mask(self.number[province_of(y)] for y in board.fleet_adj.get(x, frozenset()))
            for x in locations
        ]
        self.army_near: list[frozenset[int]] = [_numbers(m) for m in self.army_adj]
        self.fleet_near: list[frozenset[int]] = [_numbers(m) for m in self.fleet_adj]
        self.reach_near: list[frozenset[int]] = [_numbers(m) for m in self.fleet_reach]
        #: ``fleet_near`` as lists, in order: what a search walks over
        self.fleet_next: list[list[int]] = [sorted(near) for near in self.fleet_near]
        #: ``army_near`` and ``reach_near`` as rows of flags, read by two list look-ups where
        #: a set would hash the number: ``army_borders[a][b]``, ``reaches[location][b]``
        self.army_borders: list[list[bool]] = [_flags(near, count) for near in self.army_near]
        self.reaches: list[list[bool]] = [_flags(near, count) for near in self.reach_near]
        #: per location: the provinces of one fleet location or none that a fleet there
        #: reaches (a move there names no coast and needs none found), as flags
        self.plain_reaches: list[list[bool]] = [
            _flags([d for d in near if len(self.province_locations[d]) <= 1], count)
            for near in self.reach_near]
        #: whether fleets' adjacency goes both ways (it does on every map)
        self.fleet_symmetric: bool = all(
            a in self.fleet_near[b] for a in range(len(locations)) for b in self.fleet_near[a])
        self.coastal: list[bool] = [
            not self.sea[i] and bool(self.province_locations[i]) for i in range(count)
        ]
        #: per province: the mask of its fleet locations, and of the locations next to them
        self.location_mask: list[int] = [_mask(locs) for locs in self.province_locations]
        self.near_mask: list[int] = [0] * count
        for i, locs in enumerate(self.province_locations):
            for loc in locs:
                self.near_mask[i] |= self.fleet_adj[loc]
        #: the seas' fleet locations numbered apart (``sea_slot``, -1 for any other
        #: location), with the same masks over those numbers: chains of fleets at sea are
        #: searched over masks of one machine word (a compiled build's ints up to 2**62)
        #: where the masks of every location may not fit one (the standard map has 64)
        self.sea_slot: list[int] = [-1] * len(locations)
        seas = [loc for loc in range(len(locations)) if self.sea[self.location_province[loc]]]
        for k, loc in enumerate(seas):
            self.sea_slot[loc] = k
        self.sea_adj: list[int] = [_mask(self.sea_slot[y] for y in self.fleet_near[loc]
                                         if self.sea_slot[y] >= 0) for loc in seas]
        self.sea_near: list[int] = [
            _mask(self.sea_slot[y] for loc in locs for y in self.fleet_near[loc]
                  if self.sea_slot[y] >= 0) for locs in self.province_locations]
        self.sea_own: list[int] = [
            _mask(self.sea_slot[loc] for loc in locs if self.sea_slot[loc] >= 0)
            for locs in self.province_locations]
        #: per province: the location of a fleet there with no coast named (-1: none)
        self.plain_location: list[int] = [self.location_number.get(p, -1) for p in provinces]
        # straits, by the provinces at their ends (both ways); the first listed wins
        self.straits: list[Strait] = list(board.straits)
        self.strait_controller: list[int] = [self.number[s.controller] for s in board.straits]
        self.strait_mach2: list[bool] = [s.mach2 for s in board.straits]
        self.strait_at: dict[int, int] = {}
        for k, s in enumerate(board.straits):
            a, b = (self.number[province_of(end)] for end in s.ends)
            self.strait_at.setdefault(a * count + b, k)
            self.strait_at.setdefault(b * count + a, k)
        self.controllers: frozenset[int] = frozenset(self.strait_controller)
        #: the board's powers numbered (movement.pieces.Powers shares it)
        self.power_numbers: dict[str, int] = {
            name: i for i, name in enumerate(dict.fromkeys(board.powers.values()))}
        #: the power number of each name's number, as by_place (-1: autonomous too)
        self.by_power: list[int] = _by_name(self.power_numbers)

    # -- spaces --------------------------------------------------------------
    def space(self, province: str, garrison: bool) -> int:
        """The number of a unit's space (its city's for a garrison, but Venice's own)."""
        i = self.number[province]
        return self.city_space[i] if garrison else i

    def province_of_space(self, space: int) -> int:
        return space - self.count if space >= self.count else space

    def is_city(self, space: int) -> bool:
        """A city's own space (never Venice's, which is its province's)."""
        return space >= self.count

    # -- adjacency -------------------------------------------------------------
    def army_adjacent(self, a: int, b: int) -> bool:
        return b in self.army_near[a]

    def fleet_adjacent(self, a: int, b: int) -> bool:
        """Between two fleet locations."""
        return b in self.fleet_near[a]

    def fleet_reaches(self, location: int, province: int) -> bool:
        """Whether a fleet at ``location`` reaches some location of ``province``."""
        return province in self.reach_near[location]

    def reachable(self, location: int, province: int) -> list[int]:
        """The locations of ``province`` a fleet at ``location`` can move to."""
        near = self.fleet_near[location]
        return [x for x in self.province_locations[province] if x in near]

    def strait(self, a: int, b: int) -> int:
        """The strait crossed stepping between provinces ``a`` and ``b``, or -1.

        ``-1`` stands for a place that is no province (a city's space) too.
        """
        if a < 0 or b < 0:
            return -1
        return self.strait_at.get(a * self.count + b, -1)


def _by_name(numbers: dict[str, int]) -> list[int]:
    """``numbers`` by the names' numbers (-1 where there is none; the board numbered its
    names when it was made)."""
    found = [-1] * LIMIT
    for name, n in numbers.items():
        k = NAME_IDS.get(name, 0)
        if k:
            found[k] = n
    return found


def _flags(numbers: Iterable[int], count: int) -> list[bool]:
    """``count`` flags, those of ``numbers`` set."""
    flags = [False] * count
    for n in numbers:
        flags[n] = True
    return flags


def _numbers(mask: int) -> frozenset[int]:
    """The numbers whose bits ``mask`` has set."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return frozenset(found)


def _mask(numbers: Iterable[int]) -> int:
    mask = 0
    for n in numbers:
        mask |= 1 << n
    return mask


board_index: PerBoard[BoardIndex] = PerBoard(BoardIndex)
