"""Orders: one small frozen dataclass per kind of order.

Parsing lives in :mod:`machiavelli.text.notation`; the orders themselves hold only
board ids (``"gen"``), coasts (``"nc"``) and unit kinds (``"A"``, ``"F"``, ``"G"``).
A :class:`UnitRef` names the unit an order is for, or the unit it supports or
convoys; after parsing against a position its ``kind`` is always filled in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.names import NAME_IDS, name_id
from machiavelli.core.pickling import picklable
from machiavelli.core.state import NATIVE, UnitKind, kind_number, native_kind_number

_set = object.__setattr__


@dataclass(frozen=True, slots=True)
class UnitRef:
    """The unit an order is for, or supports or convoys."""

    kind: UnitKind
    province: str
    coast: str | None = None  # a fleet's coast, where the province has several
    #: the province's number for this process (machiavelli.core.names; 0: not numbered)
    place_id: int = field(init=False, repr=False, compare=False, hash=False)
    #: the kind's number (machiavelli.core.state.KIND_NUMBERS): not part of the value
    kind_no: int = field(init=False, repr=False, compare=False, hash=False)

    def __init__(self, kind: UnitKind, province: str, coast: str | None = None) -> None:
        # written out so that a compiled build makes it native (machiavelli.core.state.NATIVE)
        if NATIVE:
            self.kind = kind  # type: ignore[misc]
            self.province = province  # type: ignore[misc]
            self.coast = coast  # type: ignore[misc]
            self.place_id = NAME_IDS.get(province, 0)  # type: ignore[misc]
            self.kind_no = native_kind_number(kind)  # type: ignore[misc]
        else:
            _set(self, "kind", kind)
            _set(self, "province", province)
            _set(self, "coast", coast)
            _set(self, "place_id", name_id(province, 0))
            _set(self, "kind_no", kind_number(kind, 0) if type(kind) is str else 0)

    @property
    def location(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province


@dataclass(frozen=True, slots=True)
class Hold:
    """The unit holds."""

    unit: UnitRef

    def __init__(self, unit: UnitRef) -> None:
        if NATIVE:
            self.unit = unit  # type: ignore[misc]
        else:
            _set(self, "unit", unit)


@dataclass(frozen=True, slots=True)
class Move:
    """The unit moves (an army also by convoy)."""

    unit: UnitRef
    dest: str
    dest_coast: str | None = None
    via: tuple[str, ...] = ()  # the convoy route (sea or coastal provinces), if written
    convoy: bool = False  # "via convoy" written explicitly
    #: ``dest``'s number for this process (machiavelli.core.names; 0: not numbered)
    dest_id: int = field(init=False, repr=False, compare=False, hash=False)

    def __init__(self, unit: UnitRef, dest: str, dest_coast: str | None = None,
                 via: tuple[str, ...] = (), convoy: bool = False) -> None:
        if NATIVE:
            self.unit = unit  # type: ignore[misc]
            self.dest = dest  # type: ignore[misc]
            self.dest_coast = dest_coast  # type: ignore[misc]
            self.via = via  # type: ignore[misc]
            self.convoy = convoy  # type: ignore[misc]
            self.dest_id = NAME_IDS.get(dest, 0)  # type: ignore[misc]
        else:
            _set(self, "unit", unit)
            _set(self, "dest", dest)
            _set(self, "dest_coast", dest_coast)
            _set(self, "via", via)
            _set(self, "convoy", convoy)
            _set(self, "dest_id", name_id(dest, 0))

    @property
    def dest_location(self) -> str:
        return f"{self.dest}/{self.dest_coast}" if self.dest_coast else self.dest


@dataclass(frozen=True, slots=True)
class SupportHold:
    """The unit supports another unit where it stands."""

    unit: UnitRef
    target: UnitRef


@dataclass(frozen=True, slots=True)
class SupportMove:
    """The unit supports another unit's move."""

    unit: UnitRef
    target: UnitRef
    dest: str
    dest_coast: str | None = None  # accepted in the text; support ignores coasts
    #: ``dest``'s number for this process (machiavelli.core.names; 0: not numbered)
    dest_id: int = field(init=False, repr=False, compare=False, hash=False)

    def __init__(self, unit: UnitRef, target: UnitRef, dest: str,
                 dest_coast: str | None = None) -> None:
        if NATIVE:
            self.unit = unit  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            self.dest = dest  # type: ignore[misc]
            self.dest_coast = dest_coast  # type: ignore[misc]
            self.dest_id = NAME_IDS.get(dest, 0)  # type: ignore[misc]
        else:
            _set(self, "unit", unit)
            _set(self, "target", target)
            _set(self, "dest", dest)
            _set(self, "dest_coast", dest_coast)
            _set(self, "dest_id", name_id(dest, 0))


@dataclass(frozen=True, slots=True)
class Convoy:
    """The fleet convoys an army."""

    unit: UnitRef
    target: UnitRef
    dest: str


#: the power named in seed 003's support or transport in favour of an independent unit
#: (``A bol S luc for independent``, BAR-8.5)
INDEPENDENT = "independent"


@dataclass(frozen=True, slots=True)
class SupportArea:
    """Seed 003's support of an area in favour of a power (option ``area_support``,
    BAR-8.5): ``A bol S mod`` (its own power's operation there), ``A bol S mod for Milan``
    (Milan's), ``A bol S luc for independent`` (the independent unit's).  It supports the
    one operation of that power directed at the area: an advance or conversion into it,
    else a hold, besiege or transport carried out in it."""

    unit: UnitRef
    area: str
    #: the power in whose favour (None: the supporter's own; :data:`INDEPENDENT`)
    power: str | None = None


@dataclass(frozen=True, slots=True)
class Transport:
    """Seed 003's transport named for a power (option ``area_support``, BAR-8.6):
    ``F ets T`` (an army of the fleet's own power), ``F ets T for Florence``.  The fleet
    carries the one army of that power whose advance can use it (ruling A-12: the first
    in that power's orders when two can)."""

    unit: UnitRef
    #: the power whose army is carried (None: the fleet's own)
    power: str | None = None


@dataclass(frozen=True, slots=True)
class Convert:
    """Army or fleet into the city's garrison, or garrison out to army or fleet."""

    unit: UnitRef
    to: UnitKind
    coast: str | None = None  # the fleet's coast when a garrison becomes a fleet


@dataclass(frozen=True, slots=True)
class Besiege:
    """The unit besieges the city of its province."""

    unit: UnitRef


@dataclass(frozen=True, slots=True)
class LiftSiege:
    """The unit lifts its siege."""

    unit: UnitRef


@dataclass(frozen=True, slots=True)
class Ally:
    """Permission for ``power``'s fleets to use the straits this power controls (001 STR-B)."""

    power: str
    allow: bool = True  # False: "unally"


@dataclass(frozen=True, slots=True)
class Retreat:
    """A dislodged unit retreats."""

    unit: UnitRef
    dest: str
    dest_coast: str | None = None
    to: UnitKind | None = None  # retreat by conversion into the city: to="G"

    @property
    def dest_location(self) -> str:
        return f"{self.dest}/{self.dest_coast}" if self.dest_coast else self.dest


@dataclass(frozen=True, slots=True)
class Disband:
    """Retreat phase: the dislodged unit leaves the board."""

    unit: UnitRef


@dataclass(frozen=True, slots=True)
class Build:
    """A new unit is built."""

    kind: UnitKind
    province: str
    coast: str | None = None
    special: str | None = None


@dataclass(frozen=True, slots=True)
class Remove:
    """A unit is removed."""

    unit: UnitRef


@dataclass(frozen=True, slots=True)
class Maintain:
    """A unit is paid for and kept."""

    unit: UnitRef


@dataclass(frozen=True, slots=True)
class Waive:
    """Adjustment phase (Diplomacy): give up one build."""


@dataclass(frozen=True, slots=True)
class Tax:
    """Adjustment phase, seed 003's forced taxation (option ``forced_tax``, BAR-5.3):
    ``tax <province>`` collects the province's and its city's tax once more, and the
    province rebels against the taxer."""

    province: str


@dataclass(frozen=True, slots=True)
class Old:
    """Seed 003's "old" unit of the first Spring (``bar``, BAR-3.3): ``old A avi`` places one
    unit anywhere in the power's home country, before the new units, paid like them."""

    kind: UnitKind
    province: str
    coast: str | None = None


@dataclass(frozen=True, slots=True)
class Excommunicate:
    """Seed 003's excommunication (option ``excommunication``, BAR-15.1): the Papacy's
    ``excommunicate <power>`` (``crusade Turkey``), in a movement or adjustment phase."""

    power: str


#: everyone, in seed 003's permission ``permit all bribe ...`` (BAR-11.2)
ALL = "all"


@dataclass(frozen=True, slots=True)
class Permit:
    """Seed 003's permission to bribe (``bar``, BAR-11.2), given with the operation orders:
    ``permit Milan bribe A luc`` (the unit in Lucca), ``permit all bribe A luc``, ``permit
    Milan bribe Venice`` (Venice's units next to the permitting power's).  A bribe may then
    target that unit from a unit of the permitting power (BAR-11.1 (c))."""

    to: str  # the power permitted, or :data:`ALL`
    unit_kind: UnitKind | None = None  # the unit permitted (with ``province``)
    province: str | None = None
    power: str | None = None  # or the power whose units are permitted


# -- money (001, ORDER SYNTAX: expenditure orders) ----------------------------------
ExpenseKind = Literal[
    "famine_relief",
    "pacify_rebellion",
    "counter_bribe",
    "disband",
    "buy",
    "garrison_to_autonomous",
    "cause_rebellion",
    "assassinate",
    "bodyguard",  # seed 003's (BAR-9.2)
    "operate",  # seed 003's bribes on an independent unit (BAR-11.6)
    "permission",
    "none",
]
EXPENSE_KINDS: tuple[ExpenseKind, ...] = get_args(ExpenseKind)
BANK = "bank"


@dataclass(frozen=True, slots=True)
class Borrow:
    """Borrow from the bank for 1 year (20 %) or 2 years (50 %); amount 0 repays (ex. 3)."""

    amount: int
    years: int


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay, give or loan ducats to a power or to the bank (``to == BANK``)."""

    amount: int
    to: str


@dataclass(frozen=True, slots=True)
class GiveChit:
    """Give the assassination chit naming ``target`` to the power ``to``."""

    target: str
    to: str


@dataclass(frozen=True, slots=True)
class Expense:
    """``expense N: <amount> ducats <kind> [<unit type>] <place or power>``."""

    number: int  # 1..4
    amount: int
    kind: ExpenseKind
    unit_kind: UnitKind | None = None  # the unit bribed, counter-bribed, bought, ...
    province: str | None = None  # where (the unit's or the rebellion's province)
    power: str | None = None  # the victim of "assassinate", the leader "bodyguard" guards


# pickled and copied by their fields, compiled too (machiavelli.core.pickling); the names'
# numbers are made again by the process that reads them
picklable(UnitRef, Hold, Move, SupportHold, SupportMove, SupportArea, Transport, Convoy, Convert,
          Besiege, LiftSiege, Ally, Retreat, Disband, Build, Remove, Maintain, Waive, Tax, Old,
          Excommunicate, Permit, Borrow, Pay, GiveChit, Expense)

#: the orders keyed by their unit (:func:`order_key`)
_UNIT_KEYED: frozenset[type] = frozenset({
    Hold, Move, SupportHold, SupportMove, SupportArea, Transport, Convoy, Convert, Besiege,
    LiftSiege, Retreat, Disband, Remove, Maintain})

MoneyOrder = Borrow | Pay | GiveChit | Expense
UnitOrder = (Hold | Move | SupportHold | SupportMove | SupportArea | Transport | Convoy | Convert
             | Besiege | LiftSiege)
MovementOrder = UnitOrder | Ally
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Remove | Maintain | Waive | Tax | Old
Order = MovementOrder | RetreatOrder | AdjustmentOrder | MoneyOrder | Excommunicate | Permit

#: the money orders' classes (for isinstance) and the set of them (a type looked up at once)
MONEY_ORDERS = (Borrow, Pay, GiveChit, Expense)
MONEY_TYPES: frozenset[type] = frozenset(MONEY_ORDERS)


def order_key(order: Order) -> tuple[str, ...]:
    """Orders with the same key replace each other: a later one wins."""
    if type(order) in _UNIT_KEYED:  # the usual case, first
        unit: UnitRef = order.unit  # type: ignore[union-attr]
        if unit.coast is not None and unit.province == HIGH_SEAS:
            # a power's second, third... fleet on the High Seas (ruling A-25)
            return ("unit", HIGH_SEAS, "AF", unit.coast)
        return ("unit", unit.province, "G" if unit.kind == "G" else "AF")
    if isinstance(order, Ally):
        return ("ally", order.power)
    if isinstance(order, Build):
        return ("unit", order.province, "G" if order.kind == "G" else "AF")
    if isinstance(order, Waive):
        return ("waive", str(id(order)))
    if isinstance(order, Tax):
        return ("tax", order.province)
    if isinstance(order, Old):
        return ("old",)  # one a power
    if isinstance(order, Excommunicate):
        return ("excommunicate", order.power)
    if isinstance(order, Permit):
        return ("permit", order.to, order.province or order.power or "")
    if isinstance(order, Borrow):
        return ("borrow", str(order.years))
    if isinstance(order, Pay):
        return ("pay", order.to)
    if isinstance(order, GiveChit):
        return ("chit", order.target)
    if isinstance(order, Expense):
        return ("expense", str(order.number))
    unit = order.unit
    return ("unit", unit.province, "G" if unit.kind == "G" else "AF")
