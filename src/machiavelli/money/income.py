"""The income phase (001, SEQUENCE OF PLAY FOR ADJUSTMENT PHASES 2; Appendix 5).

Paid at the start of the adjustment phase, after famine and before unit
adjustments (SEQ-ADJ-1).  Each power receives:

a) 1 ducat per sea holding one of its fleets (INC-A);
b) 1 ducat per land province it controls (INC-B), unless the province is famined
   (FAM-D) or rebelling (REB-EFF-7.1);
c) per city it controls, the city's income (INC-C: 1, or a major city's number),
   paid to the city's controller even when another power holds the province
   (OWN-6).  A besieged city pays nothing (INC-C2); a garrisoned city pays in
   famine and inside a rebelling province (FAM-E, REB-EFF-7.2, 7.3); an
   ungarrisoned one pays nothing if famined or rebelling.  Fortresses pay nothing
   (FORT-A; ruling "ambiguity 4" in docs/rulings.md);
d) variable income (INC-D): for each entry of the board's ``variable_income``
   table, its dice are rolled and each die is looked up in the table and the
   amounts added (ambiguity 8).  An entry named by a power is the roll of that
   power's home country and goes to whoever holds it (INC-VAR-1, INC-VAR-2,
   :mod:`machiavelli.core.homes`); an entry named by a province goes to whoever controls
   that province's city (INC-VAR-3, Genoa).  Under ``nodice`` no die is rolled:
   every die counts 4 in odd years and 3 in even years (FLAG-DICE-3).

Without money (``nomoney``) nothing is paid (FLAG-MONEY-2).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from machiavelli.core.board import Board, Province
from machiavelli.core.board_index import PerBoard
from machiavelli.core.dice import Dice, Roll
from machiavelli.core.homes import home_country_holders, playing, update_home_countries
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.options import Rules, dice_in_play, rules_of
from machiavelli.core.orders import Order
from machiavelli.core.privacy import PrivateEvents, tell
from machiavelli.core.results import Adjudication
from machiavelli.core.state import NATIVE, Rebellion, State, Unit
from machiavelli.money.bar_income import AVIGNON as BAR_AVIGNON
from machiavelli.money.bar_income import bar_tax
from machiavelli.money.peace import pay_peace

_set = object.__setattr__


@dataclass(frozen=True, slots=True)
class Income:
    """One power's income by source (001 Adjustment phases 2 a-d)."""

    seas: int = 0
    provinces: int = 0
    cities: int = 0
    variable: int = 0

    def __init__(
        self, seas: int = 0, provinces: int = 0, cities: int = 0, variable: int = 0
    ) -> None:
        # written out so that a compiled build makes it native (machiavelli.core.state.NATIVE)
        if NATIVE:
            self.seas = seas  # type: ignore[misc]
            self.provinces = provinces  # type: ignore[misc]
            self.cities = cities  # type: ignore[misc]
            self.variable = variable  # type: ignore[misc]
        else:
            _set(self, "seas", seas)
            _set(self, "provinces", provinces)
            _set(self, "cities", cities)
            _set(self, "variable", variable)

    @property
    def total(self) -> int:
        return self.seas + self.provinces + self.cities + self.variable

    def __str__(self) -> str:
        return (
            f"{self.total} ducats (seas {self.seas}, provinces {self.provinces}, "
            f"cities {self.cities}, variable {self.variable})"
        )


@dataclass(frozen=True, slots=True)
class VariableRoll:
    source: str  # the table entry: a power name (its home country) or a province id
    power: str  # who receives it
    dice: tuple[int, ...]
    ducats: int
    fixed: bool = False  # nodice: the dice were not rolled (FLAG-DICE-3)

    def __init__(
        self, source: str, power: str, dice: tuple[int, ...], ducats: int, fixed: bool = False
    ) -> None:
        # written out so that a compiled build makes it native (machiavelli.core.state.NATIVE)
        if NATIVE:
            self.source = source  # type: ignore[misc]
            self.power = power  # type: ignore[misc]
            self.dice = dice  # type: ignore[misc]
            self.ducats = ducats  # type: ignore[misc]
            self.fixed = fixed  # type: ignore[misc]
        else:
            _set(self, "source", source)
            _set(self, "power", power)
            _set(self, "dice", dice)
            _set(self, "ducats", ducats)
            _set(self, "fixed", fixed)


# -- options --------------------------------------------------------------------------


def fixed_die(year: int) -> int:
    """The value of every variable-income die under ``nodice``: 4 in odd years, 3 in even."""
    return 4 if year % 2 else 3


# -- fixed income ---------------------------------------------------------------------


def garrison_in(state: State, province: str, where: Occupancy | None = None) -> Unit | None:
    """The garrison in the city of ``province``; ``where``: the units by province, if at hand."""
    return (where or state).unit_in(province, garrison=True)


def city_besieged(
    board: Board, state: State, province: str, where: Occupancy | None = None
) -> bool:
    """A siege of the city is under way: a first besiege was completed against it (INC-C2).

    The besieger is an army or fleet in the province whose ``siege`` is 1, of another
    power than the garrison's (or of the power a city rebellion is directed against).
    Venice is never besieged (VEN-F).
    """
    if board.provinces[province].venice:
        return False
    besieger = (where or state).unit_in(province, garrison=False)
    if besieger is None or besieger.siege < 1:
        return False
    garrison = garrison_in(state, province, where)
    if garrison is not None:
        return garrison.owner != besieger.owner
    rebellion = state.rebellions.get(province)
    return rebellion is not None and rebellion.in_city


def province_rebels(board: Board, state: State, province: str) -> bool:
    """The province proper is in rebellion (in Venice any rebellion: one space, VEN-H)."""
    rebellion = state.rebellions.get(province)
    if rebellion is None:
        return False
    return rebellion.in_province or board.provinces[province].venice


def city_rebels(board: Board, state: State, province: str) -> bool:
    """The city is in rebellion.

    An unfortified city shares its province's rebellion: no rebel unit can stand in
    it (REB-EFF-4), and Appendix 5 gives it no income when its province rebels.
    """
    rebellion = state.rebellions.get(province)
    if rebellion is None:
        return False
    city = board.provinces[province].city
    if city is None or city.kind == "unfortified" or board.provinces[province].venice:
        return True
    return rebellion.in_city


def province_income(board: Board, state: State, province: str) -> int:
    """What a controlled land province pays its controller (INC-B, FAM-D, REB-EFF-7.1).

    Under Machiavelli 2 Venice is a sea area with a city: no province ducat (M8).
    """
    if board.provinces[province].sea or _venice_sea(board, state, province):
        return 0
    if province in state.famine or province_rebels(board, state, province):
        return 0
    if province == AVIGNON and rules_of(state.options).bar:
        return 0  # seed 003 14.2 (BAR-14.2)
    return 1


def city_income(
    board: Board, state: State, province: str, where: Occupancy | None = None
) -> int:
    """What the city of ``province`` pays its controller (INC-C, INC-C2, FAM-E, REB-EFF-7)."""
    city = board.provinces[province].city
    if city is None or city.kind == "fortress":  # FORT-A (ruling: ambiguity 4)
        return 0
    if province == AVIGNON and rules_of(state.options).bar:
        return 0  # seed 003 14.2 (BAR-14.2)
    if city_besieged(board, state, province, where):
        return 0  # INC-C2
    if garrison_in(state, province, where) is not None:
        return city.income  # FAM-E, REB-EFF-7.2: famine and rebellion do not matter
    if province in state.famine or city_rebels(board, state, province):
        return 0  # FAM-D, REB-EFF-7.1
    return city.income


def _venice_sea(board: Board, state: State, province: str) -> bool:
    """Machiavelli 2's Venice: "a sea area with a city" (rules.machiavelli2, M8)."""
    return board.provinces[province].venice and state.option("mach2")


def fixed_income(board: Board, state: State) -> dict[str, Income]:
    """Each power's income from seas, provinces and cities (no dice).

    What :func:`province_income` and :func:`city_income` give, place by place, summed per
    power (every place read once here, the units looked up by province).
    """
    if rules_of(state.options).bar:  # seed 003's own tax income (BAR-5.1, BAR-4.2)
        return {p: Income(*got) for p, got in bar_tax(board, state).items()}
    where = board.provinces
    venice_sea = state.option("mach2")  # M8: Machiavelli 2's Venice is a sea area
    famine = set(state.famine)
    rebellions = state.rebellions
    seas: dict[str, int] = {}
    provinces: dict[str, int] = {}
    cities: dict[str, int] = {}
    # the places whose income is not their board's: famined, rebelling, besieged (and
    # Venice under mach2); every other place pays what _PAYS says
    unusual = famine.union(rebellions)
    for unit in state.units:  # (one walk: the fleets at sea, the sieges)
        if unit.siege >= 1:
            unusual.add(unit.province)
        if unit.kind == "F" and unit.owner is not None:
            at = where[unit.province]
            if at.sea or (at.venice and venice_sea):
                seas[unit.owner] = seas.get(unit.owner, 0) + 1  # INC-A (M8: a fleet in Venice)
    if venice_sea:
        unusual.update(p for p, place in where.items() if place.venice)
    # (seed 003's untaxed Avignon, BAR-14.2, is bar_tax's: no exception here)
    province_pays, city_pays = _PAYS(board)
    for pid, owner in state.province_owner.items():
        pays = province_pays.get(pid)
        if pays:
            if pid in unusual:  # INC-B, unless famined (FAM-D) or rebelling (REB-EFF-7.1)
                place = where[pid]
                rebellion = rebellions.get(pid)
                if (place.venice and venice_sea) or pid in famine or (
                        rebellion is not None and (rebellion.in_province or place.venice)):
                    pays = 0
        elif pays is None:
            continue  # not on this board
        provinces[owner] = provinces.get(owner, 0) + pays
    units = state.units
    occupancy: Occupancy | None = None
    for pid, owner in state.city_owner.items():
        pays = city_pays.get(pid)
        if pays:
            if pid in unusual:
                if occupancy is None:
                    occupancy = Occupancy(units)
                pays = _city_pays(where[pid], units, occupancy.field_index.get(pid),
                                  occupancy.city_index.get(pid), rebellions.get(pid),
                                  pid in famine)
        elif pays is None:
            continue  # not on this board
        cities[owner] = cities.get(owner, 0) + pays
    powers = sorted(set(seas) | set(provinces) | set(cities))
    return {
        p: Income(seas.get(p, 0), provinces.get(p, 0), cities.get(p, 0))
        for p in powers
        if playing(state, p)
    }


#: seed 003's Comtat Venaissin (14.2, BAR-14.2): no tax income under ``bar``, no army raised
#: there, forced taxation allowed (ruling A-13); the classic board's Avignon
AVIGNON = BAR_AVIGNON


def _usual_pays(board: Board) -> tuple[dict[str, int], dict[str, int]]:
    """What each province and each city of the board pays its controller when nothing
    unusual is there (INC-B: a land province 1, a sea 0; INC-C: a city its income, a
    fortress nothing, FORT-A)."""
    provinces = {pid: 0 if prov.sea else 1 for pid, prov in board.provinces.items()}
    cities = {
        pid: 0 if prov.city is None or prov.city.kind == "fortress" else prov.city.income
        for pid, prov in board.provinces.items()
    }
    return provinces, cities


_PAYS: PerBoard[tuple[dict[str, int], dict[str, int]]] = PerBoard(_usual_pays)


def _city_pays(
    prov: Province,
    units: list[Unit],
    field_at: int | None,
    garrison_at: int | None,
    rebellion: Rebellion | None,
    famined: bool,
) -> int:
    """:func:`city_income` of a province, given its army or fleet and its garrison (their
    places in ``units``), its rebellion and whether famine strikes it."""
    city = prov.city
    if city is None or city.kind == "fortress":  # FORT-A (ruling: ambiguity 4)
        return 0
    garrison = None if garrison_at is None else units[garrison_at]
    if not prov.venice and field_at is not None and units[field_at].siege >= 1:  # INC-C2
        besieger = units[field_at]
        if garrison is not None:
            if garrison.owner != besieger.owner:
                return 0
        elif rebellion is not None and rebellion.in_city:
            return 0
    if garrison is not None:
        return city.income  # FAM-E, REB-EFF-7.2: famine and rebellion do not matter
    if famined:
        return 0  # FAM-D
    if rebellion is not None and (city.kind == "unfortified" or prov.venice
                                  or rebellion.in_city):
        return 0  # REB-EFF-7.1
    return city.income


_NOTHING = Income()


# -- variable income --------------------------------------------------------------------


def variable_income_owner(
    board: Board, state: State, source: str, holders: Mapping[str, str | None] | None = None
) -> str | None:
    """Who receives the variable income of a table entry (INC-VAR-1..3), or None."""
    if source in board.provinces:
        owner = state.city_owner.get(source)  # INC-VAR-3
    else:
        owner = (home_country_holders(board, state) if holders is None else holders).get(source)
    return owner if owner is not None and playing(state, owner) else None


def _source_name(board: Board, source: str) -> str:
    if source in board.provinces:
        return f"the city of {board.display_name(source)}"
    return f"the home country of {source}"


def _source_names(board: Board) -> dict[str, str]:
    return {source: _source_name(board, source) for source in board.variable_income}


#: the variable-income table's entries as the report names them ("the city of Genoa",
#: "the home country of Milan"), made once per board
source_names: PerBoard[dict[str, str]] = PerBoard(_source_names)


def roll_variable_income(
    board: Board, state: State, dice: Dice, powers: Collection[str] | None = None,
    rules: Rules | None = None,
) -> list[VariableRoll]:
    """Roll every variable-income entry that someone receives, in the board's table order.

    ``powers``: only the entries these powers receive (None: every power's).  ``rules``:
    the rules of ``state.options``, when the caller has them already.
    """
    if rules is None:
        rules = rules_of(state.options)
    holders = home_country_holders(board, state, rules.fortresses)
    rolled = rules.dice
    names = source_names(board)
    rolls: list[VariableRoll] = []
    for source, (count, table) in board.variable_income.items():
        power = variable_income_owner(board, state, source, holders)
        if power is None or (powers is not None and power not in powers):
            continue
        purpose = f"variable income of {names[source]} for {power}"
        if rolled:  # the roll is the receiver's business (its income)
            values = dice.roll(count, purpose, to=power)
            fixed = False
        else:
            values = (fixed_die(state.year),) * count  # FLAG-DICE-3
            dice.rolls.append(Roll(purpose + " (fixed: nodice)", values, power))
            fixed = True
        ducats = 0
        for v in values:  # each die on its own (ambiguity 8)
            ducats += table[v - 1]
        rolls.append(VariableRoll(source, power, values, ducats, fixed))
    return rolls


# -- the phase --------------------------------------------------------------------------


def income(
    board: Board, state: State, dice: Dice, powers: Collection[str] | None = None,
    *, rules: Rules | None = None,
) -> Adjudication:
    """Pay every power its income into ``state.treasury``.

    The public events are the home countries that changed hands; what each power
    received, its variable-income dice and its new treasury are told to it alone
    (``private_events``; docs/rulings.md, "What each power sees").
    ``powers``: pay only these (None: every power).  ``rules``: the rules of
    ``state.options``, when the caller has them already.
    """
    if rules is None:
        rules = rules_of(state.options)
    if not rules.money:
        return Adjudication(state)
    state, events = update_home_countries(board, state, rules.fortresses)
    private: PrivateEvents = {}
    totals = {p: got for p, got in fixed_income(board, state).items()
              if powers is None or p in powers}
    variable: dict[str, int] = {}
    names = source_names(board)
    for roll in roll_variable_income(board, state, dice, powers, rules):
        shown = " + ".join(map(str, roll.dice))
        how = "counts" if roll.fixed else "rolls"
        tell(
            private, roll.power,
            f"{roll.power} {how} {shown} for the variable income of "
            f"{names[roll.source]}: {roll.ducats} "
            f"{'ducat' if roll.ducats == 1 else 'ducats'}."
        )
        variable[roll.power] = variable.get(roll.power, 0) + roll.ducats
    for power, ducats in variable.items():  # (each power's Income made once)
        before = totals.get(power, _NOTHING)
        totals[power] = Income(before.seas, before.provinces, before.cities, ducats)
    treasury = dict(state.treasury)
    first = [p for p in state.powers if p in totals]
    for power in first + sorted(p for p in totals if p not in first):
        got = totals[power]
        treasury[power] = treasury.get(power, 0) + got.total
        tell(private, power, f"{power} receives {got}; treasury {treasury[power]}.")
        if rules.bar:  # seed 003 B.2: every power's income is public, its treasury not
            events.append(f"{power}'s income this year: {got.total} ducats (BAR-2.2).")
    paid = state.but(treasury=treasury)
    if rules.peace and state.peace:  # 003 B.1: the benefits of peace (BAR-5.4)
        paid, said = pay_peace(paid)
        events.extend(said)
    return Adjudication(paid, [], events, private)


def collect_income(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice
) -> Adjudication:
    """The income step in the money steps' signature (it reads no orders)."""
    return income(board, state, dice)


__all__ = [
    "Income",
    "VariableRoll",
    "city_besieged",
    "city_income",
    "collect_income",
    "dice_in_play",
    "fixed_die",
    "fixed_income",
    "income",
    "province_income",
    "roll_variable_income",
    "source_names",
    "variable_income_owner",
]
