"""The position: plain data with a JSON round trip, no rules.

Powers are named in full (``"Venice"``); ``None`` as an owner means autonomous.
Provinces are board ids (``"gen"``); a fleet in a province with several coasts
carries ``coast`` (``"nc"``).  A garrison is always in its province's city, an
army or fleet always in the province proper, so the unit kind says where it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

UnitKind = Literal["A", "F", "G"]
Season = Literal["spring", "summer", "fall", "winter"]
PhaseKind = Literal["movement", "retreat", "adjustment"]
SPECIAL_KINDS = ("militia", "elite_mercenary", "elite_professional")
SEASONS: tuple[Season, ...] = ("spring", "summer", "fall", "winter")


@dataclass(frozen=True, slots=True)
class Unit:
    kind: UnitKind
    owner: str | None  # power name; None = autonomous garrison
    province: str
    coast: str | None = None
    special: str | None = None  # one of SPECIAL_KINDS
    siege: int = 0  # campaigns of siege completed by this army or fleet (0 or 1)

    @property
    def strength(self) -> int:
        return 2 if self.special in ("elite_mercenary", "elite_professional") else 1

    @property
    def location(self) -> str:
        """Province with coast, as fleets are named: ``"cro/nc"``."""
        return f"{self.province}/{self.coast}" if self.coast else self.province


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit that lost its space and must retreat (or be disbanded)."""

    unit: Unit
    attacker_from: str | None  # the space the winning attack came from
    by_conversion: bool = False  # the attacker was a garrison converting into the province


@dataclass(frozen=True, slots=True)
class Rebellion:
    province: str
    against: str  # the power the rebellion is directed against
    in_province: bool = True
    in_city: bool = False


@dataclass(frozen=True, slots=True)
class Loan:
    principal: int
    interest: int
    due_season: Season
    due_year: int


@dataclass
class State:
    board: str
    year: int
    season: Season
    phase: PhaseKind
    powers: list[str] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    dislodged: list[Dislodged] = field(default_factory=list)
    contested: list[str] = field(default_factory=list)  # spaces no retreat may enter
    province_owner: dict[str, str] = field(default_factory=dict)
    city_owner: dict[str, str] = field(default_factory=dict)
    home: dict[str, list[str]] = field(default_factory=dict)  # power -> home provinces held now
    # the home countries as set up by the scenario: country (its power's name) -> provinces
    home_countries: dict[str, list[str]] = field(default_factory=dict)
    rebellions: dict[str, Rebellion] = field(default_factory=dict)
    famine: list[str] = field(default_factory=list)
    treasury: dict[str, int] = field(default_factory=dict)
    loans: dict[str, list[Loan]] = field(default_factory=dict)
    chits: dict[str, list[str]] = field(default_factory=dict)  # holder -> target powers
    defaulted: list[str] = field(default_factory=list)  # may never borrow again
    assassinated: list[str] = field(default_factory=list)  # this campaign: orders become holds
    eliminated: list[str] = field(default_factory=list)
    options: dict[str, bool] = field(default_factory=dict)

    # -- queries -----------------------------------------------------------
    def option(self, name: str, default: bool = False) -> bool:
        return self.options.get(name, default)

    def unit_in(self, province: str, garrison: bool | None = None) -> Unit | None:
        """The army/fleet (garrison=False), the garrison (True) or either (None) in a province."""
        for u in self.units:
            if u.province != province:
                continue
            if garrison is None or (u.kind == "G") == garrison:
                return u
        return None

    def units_of(self, power: str | None) -> list[Unit]:
        return [u for u in self.units if u.owner == power]

    @property
    def label(self) -> str:
        return f"{self.season.capitalize()} {self.year} {self.phase}"

    def copy(self) -> State:
        """A copy to change freely: its lists and dicts are new; the records in them
        (units, loans...) are frozen and shared."""
        return State(**{name: _copied(getattr(self, name)) for name in _STATE_FIELDS})

    # -- JSON --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data, as :func:`dataclasses.asdict` gives it (but without its deep copies
        of every leaf: the server makes one for each answer)."""
        return {name: _plain(getattr(self, name)) for name in _STATE_FIELDS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        d = dict(data)
        d["units"] = [Unit(**u) for u in d.get("units", [])]
        d["dislodged"] = [
            Dislodged(Unit(**x["unit"]), x.get("attacker_from"), x.get("by_conversion", False))
            for x in d.get("dislodged", [])
        ]
        d["rebellions"] = {k: Rebellion(**v) for k, v in d.get("rebellions", {}).items()}
        d["loans"] = {k: [Loan(**x) for x in v] for k, v in d.get("loans", {}).items()}
        return cls(**d)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> State:
        return cls.from_dict(json.loads(text))

    def with_units(self, units: list[Unit]) -> State:
        return replace(self, units=units)


_STATE_FIELDS = tuple(f.name for f in fields(State))
_RECORDS = (Unit, Dislodged, Rebellion, Loan)


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value  # a string, number, None or frozen record


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, _RECORDS):
        return {name: _plain(getattr(value, name)) for name in value.__slots__}
    return value
