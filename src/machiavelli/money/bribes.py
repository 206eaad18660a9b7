"""Bribes and their prices (001, LIST OF ALLOWED EXPENDITURES AND BRIBES c-i, SPECIAL UNITS).

The pieces :mod:`machiavelli.money.expenses` puts together: which unit an expense
names, what the ordered bribe is (d-i) and what it costs, whether the spender
has a unit near enough (``set [no]adjacency``), and the contest of several
bribes on one unit with the counter-bribes placed on it (EXP-C1, EXP-C4).

Prices: disband an autonomous garrison 6 (d), buy one 9 (e), make another
power's garrison autonomous 9 (f), disband another power's garrison 12 (g),
disband an army or fleet 12 (h), buy an army, fleet or garrison 18 (i).  The
price doubles against a garrison in a major city (a city with a number on the
map: income above 1, BRIBE-2) and doubles against a Citizen's Militia or Elite
Professional unit (SPEC-MILITIA-3, SPEC-ELPRO-3; Elite Mercenaries are bribed at
the normal price, SPEC-ELMERC-3); both doublings multiply (BRIBE-5: disbanding
a militia garrison in Rome costs 12*2*2 = 48).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from machiavelli.core.board import Board, province_of
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.options import adjacency_required as adjacency_required
from machiavelli.core.orders import Expense, ExpenseKind
from machiavelli.core.state import State, Unit
from machiavelli.money.specials import bribe_multiplier

BRIBE_KINDS: frozenset[ExpenseKind] = frozenset({"disband", "buy", "garrison_to_autonomous",
                                                 "operate", "permission"})
KIND_NAMES = {"A": "army", "F": "fleet", "G": "garrison"}

#: the non-bribe expenses' prices (001 a, b, c; j and k in :func:`rebellion_price`)
FAMINE_RELIEF = 3  # EXP-A
PACIFY_REBELLION = 12  # EXP-B
COUNTER_BRIBE = 3  # EXP-C: any multiple of 3
CONQUERED_TO_REBEL = 9  # EXP-J
HOME_TO_REBEL = 15  # EXP-K
#: seed 003's prices (option ``bar``): pacify 6 (BAR-10.4), a rebellion 12 in the victim's
#: home country and 9 in a province it conquered (BAR-10.1)
BAR_PACIFY_REBELLION = 6
BAR_HOME_TO_REBEL = 12
BAR_CONQUERED_TO_REBEL = 9
#: and 3 in a province an independent unit controls (BAR-10.1)
BAR_INDEPENDENT_TO_REBEL = 3


def is_bribe(expense: Expense) -> bool:
    """Expenditures d-i, the only ones a counter-bribe acts on (EXP-0, BRIBE-0)."""
    return expense.kind in BRIBE_KINDS


@dataclass(frozen=True, slots=True)
class BribeKind:
    letter: str  # 001's letter, "d" to "i"
    base: int  # the price before doublings
    what: str  # "disband an autonomous garrison", ...


def bribe_kind(kind: ExpenseKind, unit: Unit, bar: bool = False) -> BribeKind | None:
    """Which of 001's bribes d-i an expense is, given the unit it names (None: no such bribe);
    under ``bar`` seed 003's, on units of any type (:func:`bar_bribe_kind`)."""
    if bar:
        return bar_bribe_kind(kind, unit)
    autonomous = unit.owner is None
    name = KIND_NAMES[unit.kind]
    if kind == "disband":
        if autonomous and unit.kind == "G":
            return BribeKind("d", 6, "disband an autonomous garrison")
        if unit.kind == "G":
            return BribeKind("g", 12, "disband a committed garrison")
        return BribeKind("h", 12, f"disband {_a(name)}")
    if kind == "buy":
        if autonomous and unit.kind == "G":
            return BribeKind("e", 9, "buy an autonomous garrison")
        return BribeKind("i", 18, f"buy {_a(name)}")
    if kind == "garrison_to_autonomous" and unit.kind == "G" and not autonomous:
        return BribeKind("f", 9, "make a committed garrison autonomous")
    return None


def bar_bribe_kind(kind: ExpenseKind, unit: Unit) -> BribeKind | None:
    """Seed 003's bribes (BAR-11.6, BAR-11.7), on an army, fleet or garrison alike: on an
    independent unit disband 6, buy 9 (F.4.3); on a committed one make independent 9
    (``garrison to autonomous``, extended), disband 12, buy 18 (F.4.2).  The letters are
    001's nearest."""
    name = KIND_NAMES[unit.kind]
    if unit.owner is None:
        if kind == "operate":
            return BribeKind("o", 3, f"operate an independent {name} (BAR-11.6)")
        if kind == "permission":
            return BribeKind("p", 3, f"bribe from an independent {name} (BAR-11.6)")
        if kind == "disband":
            return BribeKind("d", 6, f"disband an independent {name} (BAR-11.6)")
        if kind == "buy":
            return BribeKind("e", 9, f"buy an independent {name} (BAR-11.6)")
        return None
    if kind == "garrison_to_autonomous":
        return BribeKind("f", 9, f"make a committed {name} independent (BAR-11.7)")
    if kind == "disband":
        return BribeKind("g" if unit.kind == "G" else "h", 12,
                         f"disband a committed {name} (BAR-11.7)")
    if kind == "buy":
        return BribeKind("i", 18, f"buy a committed {name} (BAR-11.7)")
    return None


def major_city(board: Board, province: str) -> bool:
    """A city with a number printed on the map: income above 1 (BRIBE-2)."""
    city = board.provinces[province].city
    return city is not None and city.income > 1


def price_factor(board: Board, unit: Unit) -> int:
    """The doublings of a bribe's price against ``unit`` (BRIBE-2, BRIBE-5)."""
    factor = bribe_multiplier(unit)  # SPEC-MILITIA-3, SPEC-ELMERC-3, SPEC-ELPRO-3
    if unit.kind == "G" and major_city(board, unit.province):
        factor *= 2
    return factor


def bribe_price(board: Board, kind: BribeKind, unit: Unit) -> int:
    return kind.base * price_factor(board, unit)


def price_text(board: Board, kind: BribeKind, unit: Unit) -> str:
    """How the price came about: ``"12, doubled in a major city, doubled for militia"``."""
    parts = [str(kind.base)]
    if unit.kind == "G" and major_city(board, unit.province):
        parts.append("doubled in a major city (BRIBE-2)")
    if unit.special is not None and bribe_multiplier(unit) > 1:
        parts.append(f"doubled for {unit.special.replace('_', ' ')} (BRIBE-5)")
    return ", ".join(parts)


def rebellion_price(home_of_controller: bool, bar: bool = False,
                    independent: bool = False) -> int:
    """Cause rebellion: 15 in the controller's home country (k), 9 elsewhere (j); under
    ``bar`` 12 and 9, and 3 against an independent unit (seed 003, BAR-10.1)."""
    if bar and independent:
        return BAR_INDEPENDENT_TO_REBEL
    if bar:
        return BAR_HOME_TO_REBEL if home_of_controller else BAR_CONQUERED_TO_REBEL
    return HOME_TO_REBEL if home_of_controller else CONQUERED_TO_REBEL


def pacify_price(bar: bool = False) -> int:
    """Pacify a rebellion: 12 (EXP-B), under ``bar`` 6 (seed 003, BAR-10.4)."""
    return BAR_PACIFY_REBELLION if bar else PACIFY_REBELLION


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


# ----------------------------------------------------------------------
# The unit an expense names
# ----------------------------------------------------------------------
def named_unit(
    state: State, power: str, expense: Expense, where: Occupancy | None = None
) -> Unit | str:
    """The unit a bribe or counter-bribe is directed at, or why there is none.

    With the type written, the unit of that type (the garrison is in the city,
    an army or fleet in the province proper).  Without it (the parser fills it
    in, but an expense may come from elsewhere): a counter-bribe means the
    power's own unit, a bribe another's, the army or fleet before the garrison.
    ``where``: the position's units by province, when the caller has them.
    """
    province = expense.province
    if province is None:
        return "no unit is named"
    if where is not None and len(where.field_index) + len(where.city_index) == len(state.units):
        # one army or fleet and one garrison at most in each province: those two
        found = (where.unit_in(province, garrison=False), where.unit_in(province, garrison=True))
        here = [u for u in found if u is not None]
    else:
        here = sorted((u for u in state.units if u.province == province),
                      key=lambda u: u.kind == "G")
    if not here:
        return f"there is no unit in {province}"
    if expense.unit_kind is not None:
        for unit in here:
            if unit.kind == expense.unit_kind:
                return unit
        others = " and ".join(_a(KIND_NAMES[u.kind]) for u in here)
        return f"there is no {KIND_NAMES[expense.unit_kind]} in {province}, there is {others}"
    counter = expense.kind == "counter_bribe"
    for unit in here:
        if (unit.owner == power) == counter:
            return unit
    return here[0]


def unit_key(unit: Unit) -> tuple[str, bool]:
    """A unit's place: at most one army or fleet and one garrison per province."""
    return (unit.province, unit.kind == "G")


# ----------------------------------------------------------------------
# Adjacency (set [no]adjacency, ADJTAB-*)
# ----------------------------------------------------------------------
_BORDERS: dict[int, tuple[Board, dict[str, frozenset[str]]]] = {}


def borders(board: Board, province: str) -> frozenset[str]:
    """Provinces bordering ``province``, land or sea, over any coast.

    A strait is an edge of the map like any other: blocking fleets do not
    change adjacency for bribes (STR-I).
    """
    cached = _BORDERS.get(id(board))
    if cached is None or cached[0] is not board:
        table: dict[str, set[str]] = {p: set() for p in board.provinces}
        for p, adj in board.army_adj.items():
            table.setdefault(p, set()).update(adj)
        for loc, adj in board.fleet_adj.items():
            table.setdefault(province_of(loc), set()).update(province_of(n) for n in adj)
        frozen = {p: frozenset(n - {p}) for p, n in table.items()}
        cached = (board, frozen)
        _BORDERS[id(board)] = cached
    return cached[1].get(province, frozenset())


def has_unit_near(board: Board, units: Iterable[Unit], power: str, province: str) -> bool:
    """Has ``power`` a unit in ``province`` (province or city) or in a bordering province?

    001: a city is adjacent to its own province and to every province bordering
    it; a province to every bordering province and the cities in them.  So any
    unit, garrisons included, in the target's province or a bordering one will
    do (ambiguity 12, ruling ADJTAB-DI in docs/rulings.md).
    """
    near = borders(board, province)
    for u in units:  # noqa: SIM110 (any() of a generator resumes a frame per unit)
        if u.owner == power and (u.province == province or u.province in near):
            return True
    return False


# ----------------------------------------------------------------------
# The contest on one unit (EXP-C1, EXP-C4, EXP-C4T)
# ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Offer:
    """One bribe on a unit: who, which of their expenses, and the ducats it brings."""

    power: str
    number: int
    ducats: int


def contest(offers: list[Offer]) -> tuple[Offer | None, str]:
    """The one bribe on a unit that may go on, or None and why every one fails.

    Only the largest bribe can succeed; a tie for the largest makes every bribe
    on the unit fail (EXP-C4, EXP-C4T).  Sizes are compared as paid, before
    counter-bribes, which cut every bribe on the unit alike.
    """
    if not offers:
        return None, ""
    top = max(o.ducats for o in offers)
    best = [o for o in offers if o.ducats == top]
    if len(best) > 1:
        return None, "tied with another bribe on the unit (EXP-C4T)"  # whose: not said
    return best[0], ""
