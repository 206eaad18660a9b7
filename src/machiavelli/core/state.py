"""The position: plain data with a JSON round trip, no rules.

Powers are named in full (``"Venice"``); ``None`` as an owner means autonomous.
Provinces are board ids (``"gen"``); a fleet in a province with several coasts
carries ``coast`` (``"nc"``).  A garrison is always in its province's city, an
army or fleet always in the province proper, so the unit kind says where it is.
The home countries (``home``, ``home_countries``) are tuples of provinces, never
changed in place: positions share them, as they share the frozen units.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import FunctionType
from typing import Any, Final, Literal, TypeVar

from machiavelli.core.names import NAME_IDS, name_id
from machiavelli.core.pickling import picklable

#: seed 003's independent control (BAR-1.3, BAR-4.1; option ``bar``): the owner that
#: ``State.province_owner`` and ``State.city_owner`` name for the places independent units
#: control, and the power a rebellion against them is directed at; never a power of a game
INDEPENDENT_CONTROL: Final = "Independent"

UnitKind = Literal["A", "F", "G"]
#: the unit kinds as numbers, their letters' codes (a unit's and a unit named in an order's
#: ``kind_no``; 0: a kind that is none of these), which the movement phase's hot loops
#: compare (natively when compiled, where telling two strings apart costs a ``memcmp``)
ARMY: Final = ord("A")
FLEET: Final = ord("F")
GARRISON: Final = ord("G")
KIND_NUMBERS: Final[dict[str, int]] = {"A": ARMY, "F": FLEET, "G": GARRISON}
#: (interpreted: asked only of a string, so that a kind that is no string, which a position
#: read from JSON may hold, is read as before and numbered 0)
kind_number: Final = KIND_NUMBERS.get


def native_kind_number(kind: str) -> int:
    """``kind_number(kind, 0)`` as a compiled build makes it best (a letter's code, no
    look-up); interpreted, the look-up is the quicker."""
    if len(kind) != 1:
        return 0
    code = ord(kind)
    return code if code in (ARMY, FLEET, GARRISON) else 0  # (compiled: three compares)


T = TypeVar("T")
Season = Literal["spring", "summer", "fall", "winter"]
PhaseKind = Literal["movement", "retreat", "adjustment"]
SPECIAL_KINDS = ("militia", "elite_mercenary", "elite_professional")
SEASONS: tuple[Season, ...] = ("spring", "summer", "fall", "winter")
#: provinces in a fixed order, never changed in place (a home country, the home provinces a
#: power holds): positions share them instead of copying them
Places = tuple[str, ...]


def _compiled() -> bool:
    return not isinstance(_compiled, FunctionType)  # a compiled function is a builtin one


#: whether this module runs compiled (mypyc).  The frozen dataclasses made on the hot paths
#: have their constructors written out: compiled, they write their fields directly (natively,
#: where the generated constructor stays interpreted); interpreted, they set them as the
#: generated one does.  Either way the fields stay read-only to any other code.
NATIVE: Final = _compiled()
_set = object.__setattr__


@dataclass(frozen=True, slots=True)
class Unit:
    """An army, fleet or garrison on the board (a garrison stands in a city)."""

    kind: UnitKind
    owner: str | None  # power name; None = autonomous garrison
    province: str
    coast: str | None = None
    special: str | None = None  # one of SPECIAL_KINDS
    siege: int = 0  # campaigns of siege completed by this army or fleet (0 or 1)
    #: the province's and the owner's numbers for this process (machiavelli.core.names; 0:
    #: none): not part of the unit's value (never compared, hashed, shown or written)
    place_id: int = field(init=False, repr=False, compare=False, hash=False)
    owner_id: int = field(init=False, repr=False, compare=False, hash=False)
    #: the kind's number (ARMY, FLEET, GARRISON): not part of the value either
    kind_no: int = field(init=False, repr=False, compare=False, hash=False)

    def __init__(
        self,
        kind: UnitKind,
        owner: str | None,
        province: str,
        coast: str | None = None,
        special: str | None = None,
        siege: int = 0,
    ) -> None:
        if NATIVE:  # (module constant NATIVE)
            self.kind = kind  # type: ignore[misc]
            self.owner = owner  # type: ignore[misc]
            self.province = province  # type: ignore[misc]
            self.coast = coast  # type: ignore[misc]
            self.special = special  # type: ignore[misc]
            self.siege = siege  # type: ignore[misc]
            self.place_id = NAME_IDS.get(province, 0)  # type: ignore[misc]
            self.owner_id = 0 if owner is None else NAME_IDS.get(owner, 0)  # type: ignore[misc]
            self.kind_no = native_kind_number(kind)  # type: ignore[misc]
        else:
            _set(self, "kind", kind)
            _set(self, "owner", owner)
            _set(self, "province", province)
            _set(self, "coast", coast)
            _set(self, "special", special)
            _set(self, "siege", siege)
            _set(self, "place_id", name_id(province, 0))
            _set(self, "owner_id", name_id(owner, 0))  # type: ignore[arg-type]  # (None: 0)
            _set(self, "kind_no", kind_number(kind, 0) if type(kind) is str else 0)

    # written out too (as @dataclass would write them), to be native when compiled
    def __eq__(self, other: object) -> bool:
        if type(other) is not Unit:
            return NotImplemented
        return (self.kind == other.kind and self.owner == other.owner
                and self.province == other.province and self.coast == other.coast
                and self.special == other.special and self.siege == other.siege)

    def __hash__(self) -> int:
        return hash((self.kind, self.owner, self.province, self.coast, self.special,
                     self.siege))

    def with_siege(self, siege: int) -> Unit:
        """This unit with ``siege`` campaigns of siege completed (what ``dataclasses.replace``
        would give, made directly: a unit's siege changes in most phases)."""
        return Unit(self.kind, self.owner, self.province, self.coast, self.special, siege)

    @property
    def strength(self) -> int:
        return 2 if self.special in ("elite_mercenary", "elite_professional") else 1

    @property
    def location(self) -> str:
        """Province with coast, as fleets are named: ``"cro/nc"``."""
        return f"{self.province}/{self.coast}" if self.coast else self.province


#: the units unit_of made, by their fields (but siege, always 0 there)
MADE_UNITS: dict[tuple[str, str | None, str, str | None, str | None], Unit] = {}


def unit_of(
    kind: UnitKind,
    owner: str | None,
    province: str,
    coast: str | None = None,
    special: str | None = None,
) -> Unit:
    """``Unit(kind, owner, province, coast, special)``: an equal unit made before when there
    is one (units are immutable, and making one costs more than finding one)."""
    key = (kind, owner, province, coast, special)
    unit = MADE_UNITS.get(key)
    if unit is None:
        if len(MADE_UNITS) >= 1 << 16:
            MADE_UNITS.clear()
        unit = MADE_UNITS[key] = Unit(kind, owner, province, coast, special)
    return unit


def new_unit(
    kind: UnitKind,
    owner: str | None,
    province: str,
    coast: str | None = None,
    special: str | None = None,
) -> Unit:
    """A new unit (siege 0) as the hot paths make it: natively when compiled (cheaper than
    a look-up there), else the equal one made before (:func:`unit_of`)."""
    if NATIVE:
        return Unit(kind, owner, province, coast, special)
    return unit_of(kind, owner, province, coast, special)


def lists_copied(lists: dict[str, list[T]]) -> dict[str, list[T]]:
    """A dictionary of lists with every list copied."""
    if not lists:
        return {}
    if NATIVE:  # the keys copied at once (no growing), then each list by slicing (native)
        copied = lists.copy()
        for k, v in lists.items():
            copied[k] = v[:]
        return copied
    return {k: v.copy() for k, v in lists.items()}  # the cheapest copy interpreted


def _places_kept(places: Mapping[str, Sequence[str]]) -> dict[str, Places]:
    """A dictionary of places copied, the places shared (a tuple is never changed).  Places
    given as a list (a position built by hand) are copied into a tuple, compiled too: the
    values are read as any sequence, not checked as tuples."""
    given: dict[str, Sequence[str]] = places  # type: ignore[assignment]  # (a dictionary)
    for v in given.values():  # (the values alone: no (key, value) pair made for each)
        if type(v) is not tuple:  # a list given where a tuple belongs
            return {k: tuple(v) for k, v in given.items()}
    copied: dict[str, Places] = given.copy()  # type: ignore[assignment]  # (tuples, as checked)
    return copied


def _unit_read(fields: dict[str, Any]) -> Unit:
    """A unit read from its dictionary, its names interned."""
    owner = fields.get("owner")
    named = {"owner": sys.intern(owner)} if isinstance(owner, str) else {}
    province = fields.get("province")
    if isinstance(province, str):
        named["province"] = sys.intern(province)
    return Unit(**{**fields, **named})


def unit_dict(u: Unit) -> dict[str, Any]:
    return {"kind": u.kind, "owner": u.owner, "province": u.province, "coast": u.coast,
            "special": u.special, "siege": u.siege}


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit that lost its space and must retreat (or be disbanded)."""

    unit: Unit
    attacker_from: str | None  # the space the winning attack came from
    by_conversion: bool = False  # the attacker was a garrison converting into the province

    def __init__(self, unit: Unit, attacker_from: str | None, by_conversion: bool = False) -> None:
        if NATIVE:  # (module constant NATIVE)
            self.unit = unit  # type: ignore[misc]
            self.attacker_from = attacker_from  # type: ignore[misc]
            self.by_conversion = by_conversion  # type: ignore[misc]
        else:
            _set(self, "unit", unit)
            _set(self, "attacker_from", attacker_from)
            _set(self, "by_conversion", by_conversion)


@dataclass(frozen=True, slots=True)
class Rebellion:
    """A rebellion in a province (or its city) against a power."""

    province: str
    against: str  # the power the rebellion is directed against
    in_province: bool = True
    in_city: bool = False

    def __init__(
        self, province: str, against: str, in_province: bool = True, in_city: bool = False
    ) -> None:
        if NATIVE:  # (module constant NATIVE)
            self.province = province  # type: ignore[misc]
            self.against = against  # type: ignore[misc]
            self.in_province = in_province  # type: ignore[misc]
            self.in_city = in_city  # type: ignore[misc]
        else:
            _set(self, "province", province)
            _set(self, "against", against)
            _set(self, "in_province", in_province)
            _set(self, "in_city", in_city)


@dataclass(frozen=True, slots=True)
class Loan:
    """A loan from the bank: what is owed, and when."""

    principal: int
    interest: int
    due_season: Season
    due_year: int


@dataclass
class State:
    """The position: the season and phase, the units, the treasuries and the rest."""

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
    home: dict[str, Places] = field(default_factory=dict)  # power -> home provinces held now
    # the home countries as set up by the scenario: country (its power's name) -> provinces
    home_countries: dict[str, Places] = field(default_factory=dict)
    rebellions: dict[str, Rebellion] = field(default_factory=dict)
    famine: list[str] = field(default_factory=list)
    treasury: dict[str, int] = field(default_factory=dict)
    loans: dict[str, list[Loan]] = field(default_factory=dict)
    chits: dict[str, list[str]] = field(default_factory=dict)  # holder -> target powers
    defaulted: list[str] = field(default_factory=list)  # may never borrow again
    assassinated: list[str] = field(default_factory=list)  # this campaign: orders become holds
    eliminated: list[str] = field(default_factory=list)
    options: dict[str, bool] = field(default_factory=dict)
    #: seed 003's benefits of peace (option ``peace``, BAR-5.4): "Milan/Venice" (the pair,
    #: sorted) -> the campaigns of this year the pair was at peace in, until the income
    peace: dict[str, list[str]] = field(default_factory=dict)
    #: seed 003's excommunications (option ``excommunication``, BAR-15): each power the
    #: Papacy has excommunicated -> "pending" (in force at the next transfer of ducats)
    #: or "done" (lapsed: once per power and game)
    excommunications: dict[str, str] = field(default_factory=dict)
    #: seed 003's Abundance markers (BAR-12.2): provinces a preventive famine relief of the
    #: Fall spares from the coming winter's famine; all removed by that famine step
    abundance: list[str] = field(default_factory=list)
    #: seed 003's plague markers (BAR-2.5, BAR-17.4): the provinces the Summer's plague
    #: struck, kept until the end of the Summer campaign (003 H.3.3, H.3.4)
    plague: list[str] = field(default_factory=list)

    def __init__(
        self,
        board: str,
        year: int,
        season: Season,
        phase: PhaseKind,
        powers: list[str] | None = None,
        units: list[Unit] | None = None,
        dislodged: list[Dislodged] | None = None,
        contested: list[str] | None = None,
        province_owner: dict[str, str] | None = None,
        city_owner: dict[str, str] | None = None,
        home: dict[str, Places] | None = None,
        home_countries: dict[str, Places] | None = None,
        rebellions: dict[str, Rebellion] | None = None,
        famine: list[str] | None = None,
        treasury: dict[str, int] | None = None,
        loans: dict[str, list[Loan]] | None = None,
        chits: dict[str, list[str]] | None = None,
        defaulted: list[str] | None = None,
        assassinated: list[str] | None = None,
        eliminated: list[str] | None = None,
        options: dict[str, bool] | None = None,
        peace: dict[str, list[str]] | None = None,
        excommunications: dict[str, str] | None = None,
        abundance: list[str] | None = None,
        plague: list[str] | None = None,
    ) -> None:
        # written out (not generated by @dataclass) so that a compiled build makes it native
        self.board = board
        self.year = year
        self.season = season
        self.phase = phase
        self.powers = [] if powers is None else powers
        self.units = [] if units is None else units
        self.dislodged = [] if dislodged is None else dislodged
        self.contested = [] if contested is None else contested
        self.province_owner = {} if province_owner is None else province_owner
        self.city_owner = {} if city_owner is None else city_owner
        self.home = {} if home is None else home
        self.home_countries = {} if home_countries is None else home_countries
        self.rebellions = {} if rebellions is None else rebellions
        self.famine = [] if famine is None else famine
        self.treasury = {} if treasury is None else treasury
        self.loans = {} if loans is None else loans
        self.chits = {} if chits is None else chits
        self.defaulted = [] if defaulted is None else defaulted
        self.assassinated = [] if assassinated is None else assassinated
        self.eliminated = [] if eliminated is None else eliminated
        self.options = {} if options is None else options
        self.peace = {} if peace is None else peace
        self.excommunications = {} if excommunications is None else excommunications
        self.abundance = [] if abundance is None else abundance
        self.plague = [] if plague is None else plague

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
        """An independent position: new lists and dictionaries, the frozen units shared.

        Equal to a JSON round trip (``tests/test_state.py``), in microseconds.
        """
        # (lists copied by slicing and dictionaries by their copy method: the cheapest ways
        # both interpreted and compiled)
        return State(
            self.board, self.year, self.season, self.phase, self.powers[:],
            self.units[:], self.dislodged[:], self.contested[:],
            self.province_owner.copy(), self.city_owner.copy(),
            _places_kept(self.home), _places_kept(self.home_countries),
            self.rebellions.copy(), self.famine[:], self.treasury.copy(),
            lists_copied(self.loans), lists_copied(self.chits),
            self.defaulted[:], self.assassinated[:], self.eliminated[:],
            self.options.copy(), lists_copied(self.peace), self.excommunications.copy(),
            self.abundance[:], self.plague[:],
        )

    def unshared(self, before: State) -> State:
        """This position (a new one, made from ``before``) sharing no list or dictionary
        with ``before``: the lists and dictionaries it shares copied in place, the others
        kept (but the lists in dictionaries, always copied).  What :meth:`copy` gives,
        without copying what is new already."""
        if self is before:
            return self.copy()
        b = before
        if self.powers is b.powers:
            self.powers = self.powers[:]
        if self.units is b.units:
            self.units = self.units[:]
        if self.dislodged is b.dislodged:
            self.dislodged = self.dislodged[:]
        if self.contested is b.contested:
            self.contested = self.contested[:]
        if self.province_owner is b.province_owner:
            self.province_owner = self.province_owner.copy()
        if self.city_owner is b.city_owner:
            self.city_owner = self.city_owner.copy()
        # (dictionaries of places: the dictionaries copied, new or not; the places shared)
        self.home = _places_kept(self.home)
        self.home_countries = _places_kept(self.home_countries)
        if self.rebellions is b.rebellions:
            self.rebellions = self.rebellions.copy()
        if self.famine is b.famine:
            self.famine = self.famine[:]
        if self.treasury is b.treasury:
            self.treasury = self.treasury.copy()
        self.loans = lists_copied(self.loans)
        self.chits = lists_copied(self.chits)
        if self.defaulted is b.defaulted:
            self.defaulted = self.defaulted[:]
        if self.assassinated is b.assassinated:
            self.assassinated = self.assassinated[:]
        if self.eliminated is b.eliminated:
            self.eliminated = self.eliminated[:]
        if self.options is b.options:
            self.options = self.options.copy()
        self.peace = lists_copied(self.peace)
        if self.excommunications is b.excommunications:
            self.excommunications = self.excommunications.copy()
        if self.abundance is b.abundance:
            self.abundance = self.abundance[:]
        if self.plague is b.plague:
            self.plague = self.plague[:]
        return self

    def but(
        self,
        *,
        board: str | None = None,
        year: int | None = None,
        season: Season | None = None,
        phase: PhaseKind | None = None,
        powers: list[str] | None = None,
        units: list[Unit] | None = None,
        dislodged: list[Dislodged] | None = None,
        contested: list[str] | None = None,
        province_owner: dict[str, str] | None = None,
        city_owner: dict[str, str] | None = None,
        home: dict[str, Places] | None = None,
        home_countries: dict[str, Places] | None = None,
        rebellions: dict[str, Rebellion] | None = None,
        famine: list[str] | None = None,
        treasury: dict[str, int] | None = None,
        loans: dict[str, list[Loan]] | None = None,
        chits: dict[str, list[str]] | None = None,
        defaulted: list[str] | None = None,
        assassinated: list[str] | None = None,
        eliminated: list[str] | None = None,
        options: dict[str, bool] | None = None,
        peace: dict[str, list[str]] | None = None,
        excommunications: dict[str, str] | None = None,
        abundance: list[str] | None = None,
        plague: list[str] | None = None,
    ) -> State:
        """``dataclasses.replace(self, ...)`` for a position, without its generic steps: the
        fields given changed, the others shared (None: unchanged)."""
        return State(
            self.board if board is None else board,
            self.year if year is None else year,
            self.season if season is None else season,
            self.phase if phase is None else phase,
            self.powers if powers is None else powers,
            self.units if units is None else units,
            self.dislodged if dislodged is None else dislodged,
            self.contested if contested is None else contested,
            self.province_owner if province_owner is None else province_owner,
            self.city_owner if city_owner is None else city_owner,
            self.home if home is None else home,
            self.home_countries if home_countries is None else home_countries,
            self.rebellions if rebellions is None else rebellions,
            self.famine if famine is None else famine,
            self.treasury if treasury is None else treasury,
            self.loans if loans is None else loans,
            self.chits if chits is None else chits,
            self.defaulted if defaulted is None else defaulted,
            self.assassinated if assassinated is None else assassinated,
            self.eliminated if eliminated is None else eliminated,
            self.options if options is None else options,
            self.peace if peace is None else peace,
            self.excommunications if excommunications is None else excommunications,
            self.abundance if abundance is None else abundance,
            self.plague if plague is None else plague,
        )

    # -- JSON --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data (what :mod:`json` writes): every field, the units as dictionaries."""
        return {
            "board": self.board,
            "year": self.year,
            "season": self.season,
            "phase": self.phase,
            "powers": list(self.powers),
            "units": [unit_dict(u) for u in self.units],
            "dislodged": [
                {"unit": unit_dict(d.unit), "attacker_from": d.attacker_from,
                 "by_conversion": d.by_conversion}
                for d in self.dislodged
            ],
            "contested": list(self.contested),
            "province_owner": dict(self.province_owner),
            "city_owner": dict(self.city_owner),
            "home": {k: list(v) for k, v in self.home.items()},
            "home_countries": {k: list(v) for k, v in self.home_countries.items()},
            "rebellions": {
                k: {"province": r.province, "against": r.against, "in_province": r.in_province,
                    "in_city": r.in_city}
                for k, r in self.rebellions.items()
            },
            "famine": list(self.famine),
            "treasury": dict(self.treasury),
            "loans": {
                k: [{"principal": x.principal, "interest": x.interest,
                     "due_season": x.due_season, "due_year": x.due_year} for x in v]
                for k, v in self.loans.items()
            },
            "chits": {k: list(v) for k, v in self.chits.items()},
            "defaulted": list(self.defaulted),
            "assassinated": list(self.assassinated),
            "eliminated": list(self.eliminated),
            "options": dict(self.options),
            # (only when kept: a position without 003's peace reads and digests as before)
            **({"peace": {k: list(v) for k, v in self.peace.items()}} if self.peace else {}),
            **({"excommunications": dict(self.excommunications)}
               if self.excommunications else {}),
            **({"abundance": list(self.abundance)} if self.abundance else {}),
            **({"plague": list(self.plague)} if self.plague else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        d = dict(data)
        # the names interned, as the board's are (core/maps.py): looked up by identity
        d["units"] = [_unit_read(u) for u in d.get("units", [])]
        d["powers"] = [sys.intern(p) for p in d.get("powers", [])]
        d["dislodged"] = [
            Dislodged(Unit(**x["unit"]), x.get("attacker_from"), x.get("by_conversion", False))
            for x in d.get("dislodged", [])
        ]
        d["rebellions"] = {k: Rebellion(**v) for k, v in d.get("rebellions", {}).items()}
        d["loans"] = {k: [Loan(**x) for x in v] for k, v in d.get("loans", {}).items()}
        for name in ("home", "home_countries"):
            d[name] = {k: tuple(v) for k, v in d.get(name, {}).items()}
        return cls(**d)

    def to_json(self) -> str:
        import json  # (here: a command that needs no JSON starts without it)

        return json.dumps(self.to_dict(), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> State:
        import json

        return cls.from_dict(json.loads(text))

    def with_units(self, units: list[Unit]) -> State:
        return self.but(units=units)


# pickled and copied by their fields, compiled too (machiavelli.core.pickling); a unit's
# names' numbers are made again by the process that reads it
picklable(Unit, Dislodged, Rebellion, Loan, State)
