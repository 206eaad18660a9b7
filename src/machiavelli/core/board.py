"""The board: provinces, cities, coasts, adjacency, straits and disaster tables.

A board is immutable and loaded once per map from ``data/maps/<name>.toml``.
Places are named by *province id* (the canonical lower-case three-letter code,
``"gen"``); a fleet's *location* adds a coast where the province has several
(``"cro/nc"``).  A unit's *space* (what the resolver moves between) is the
province for armies and fleets and the city for garrisons; see :func:`space_of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from machiavelli.core.names import number_names
from machiavelli.core.pickling import picklable

CityKind = Literal["unfortified", "fortified", "fortress"]
COASTS = ("nc", "sc", "ec", "wc")


class BoardError(Exception):
    """Our own map data is wrong: names the file, the entry and the problem."""


@dataclass(frozen=True, slots=True)
class City:
    """A province's city: its kind, whether it is a port, its income."""

    kind: CityKind
    port: bool
    income: int

    @property
    def fortified(self) -> bool:
        """Can hold a garrison (fortified city or fortress)."""
        return self.kind != "unfortified"


@dataclass(frozen=True, slots=True)
class Province:
    """A land or sea province of the map, with its city and coasts."""

    id: str
    name: str
    sea: bool
    home: str | None = None  # power letter of the map's home country, if any
    city: City | None = None
    coasts: tuple[str, ...] = ()  # only for provinces with several coasts
    venice: bool = False  # province and city share one space (001, Venice)

    @property
    def garrisonable(self) -> bool:
        return self.city is not None and self.city.fortified


@dataclass(frozen=True, slots=True)
class Strait:
    """A fleet edge that a fleet in ``controller`` closes to hostile fleets."""

    ends: tuple[str, str]  # fleet locations at both ends, e.g. ("gon", "ion")
    controller: str  # province id whose fleet controls it, e.g. "mes"
    mach2: bool = True  # still a strait under the Machiavelli 2 option (STR-MACH2-2)


@dataclass(frozen=True)
class Board:
    """A map: its powers, provinces, adjacencies, straits and disaster tables."""

    name: str
    title: str
    powers: dict[str, str]  # letter -> power name, e.g. {"V": "Venice"}
    provinces: dict[str, Province]
    army_adj: dict[str, frozenset[str]]  # province -> provinces
    fleet_adj: dict[str, frozenset[str]]  # location -> locations (with coasts)
    straits: tuple[Strait, ...] = ()
    aliases: dict[str, str] = field(default_factory=dict)  # any accepted name -> id
    famine_table: tuple[tuple[str | None, ...], ...] = ()  # [row 2..12][col 2..12]
    plague_table: tuple[tuple[str | None, ...], ...] = ()
    storm_table: tuple[tuple[str | None, ...], ...] = ()
    #: seed 003's Renegade Table (BAR-17.6): the area for each 3d6 total 3..18 (None:
    #: nothing); empty on a board without one (the classic board)
    renegade_table: tuple[str | None, ...] = ()
    # power or city name -> (number of dice, ducats for die results 1..6)
    variable_income: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    # power name -> the special unit kinds it may build; a power not listed may build any
    special_limits: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # scenario rules (scenario.py sets them on the scenario's board):
    # powers that may build in any province they control (not only their home cities)
    build_anywhere: frozenset[str] = frozenset()
    # powers that may never build fleets nor convert units to fleets
    no_fleets: frozenset[str] = frozenset()
    # the first year plague can strike (None: from the start)
    plague_from: int | None = None

    def __post_init__(self) -> None:
        number_names(self.provinces)  # (machiavelli.core.names)
        number_names(self.powers.values())

    # -- names -------------------------------------------------------------
    def lookup(self, name: str) -> str | None:
        """The province id for any accepted name or abbreviation (any case)."""
        return self.aliases.get(name.strip().lower())

    def display_name(self, province: str) -> str:
        return self.provinces[province].name

    # -- geography ---------------------------------------------------------
    def is_sea(self, province: str) -> bool:
        return self.provinces[province].sea

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet may stand in ``province``: ``("cro/nc", "cro/sc")`` or ``("gen",)``."""
        p = self.provinces[province]
        if p.coasts:
            return tuple(f"{province}/{c}" for c in p.coasts)
        return (province,) if province in self.fleet_adj else ()

    def is_coastal(self, province: str) -> bool:
        """A land province that a fleet can enter."""
        return not self.provinces[province].sea and bool(self.fleet_locations(province))

    def army_adjacent(self, a: str, b: str) -> bool:
        return b in self.army_adj.get(a, frozenset())

    def fleet_adjacent(self, a: str, b: str) -> bool:
        """Fleet adjacency between two locations (coast given where a province has several)."""
        return b in self.fleet_adj.get(a, frozenset())

    def fleet_reaches(self, a: str, province: str) -> tuple[str, ...]:
        """Locations in ``province`` a fleet at location ``a`` can move to."""
        return tuple(loc for loc in self.fleet_locations(province) if self.fleet_adjacent(a, loc))

    def strait_between(self, a: str, b: str) -> Strait | None:
        """The strait crossed by a fleet step between locations a and b, if any."""
        pa, pb = province_of(a), province_of(b)
        for s in self.straits:
            ends = (province_of(s.ends[0]), province_of(s.ends[1]))
            if ends in ((pa, pb), (pb, pa)):
                return s
        return None


# pickled and copied by their fields, compiled too (machiavelli.core.pickling): a board made
# again numbers its names in the process that reads it
picklable(City, Province, Strait, Board)


def province_of(location: str) -> str:
    """``"cro/nc"`` -> ``"cro"``."""
    return location.split("/", 1)[0]


def coast_of(location: str) -> str | None:
    """``"cro/nc"`` -> ``"nc"``; ``"gen"`` -> None."""
    parts = location.split("/", 1)
    return parts[1] if len(parts) == 2 else None


def space_of(board: Board, province: str, garrison: bool) -> str:
    """The resolver's space for a unit: the province, or its city (``"gen#"``).

    Venice's province and city share one space (001, Venice a).
    """
    if garrison and not board.provinces[province].venice:
        return province + "#"
    return province
