"""Seed 003's checks when a campaign ends (003 4.2, 4.3, 2 H.3.5; BAR-4.4, BAR-4.5), under
``bar``: victory and elimination.

Victory (4.2, BAR-4.4): "The play is winned at the end of a campaign season by controlling
at least 18 cities and their provinces, including the capital city of the originally
controlled home country.  In case of several capital cities, the control of at least one
of them is required."  No home country is counted (001's VIC-1 does not apply).  The game
master's number of cities, when set, replaces the 18.  A city counts with its province
only, both controlled by the power (a fortress is no city under ``bar``, BAR-1.1).  The
classic board names no capitals: a power's capitals there are the cities of highest value
in its original home country (ruling A-26).  Ties: "1. the number of controlled provinces,
2. tax and trade income which would be currently collected, 3. the existing treasury";
powers still tied are all returned (the game master decides, as VIC-2).

Elimination (4.3, BAR-4.5): "A major power whose all home country cities are controlled by
other major powers at the end of a campaign season ... is eliminated ... The control
markers and treasury of the eliminated power are removed from the game.  All of the units
of that major power are converted into independent ones.  In the ... case where there are
two military units of the eliminated player in a conquered province, the garrison unit
turns independent and the other unit gets eliminated."  A city nobody controls, or that
independents control, saves the power; so does an ungarrisoned city whose province rebels
(4.1: nobody controls it).

Conquest (4.4, BAR-4.6): "If the conquering major power loses her previous home country at
the same time, then the conquered home country becomes her new home country": a power that
takes a whole home country (every province and city) in the check in which it would be
eliminated is not; the country taken is recorded as its own
(:func:`machiavelli.core.homes.update_home_countries`), the one it lost stays in its home
country until another power takes it whole (HOME-1..4; ruling "BAR-4.6").
"""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.homes import home_countries_of, original_home_countries, playing
from machiavelli.core.state import State, Unit
from machiavelli.money.bar_income import bar_tax
from machiavelli.movement.control import update_control
from machiavelli.text.report import unit_text

#: 003 4.2's number of cities (with their provinces)
BAR_VICTORY_CITIES = 18


def _is_city(board: Board, province: str) -> bool:
    """A city that counts under ``bar``: no fortress (BAR-1.1)."""
    city = board.provinces[province].city
    return city is not None and city.kind != "fortress"


def capitals(board: Board, state: State, power: str) -> list[str]:
    """``power``'s capital cities (ruling A-26): on a board that names none, the cities of
    highest value in its original home country."""
    own = [p for p in original_home_countries(board, state).get(power, [])
           if _is_city(board, p)]
    best = max((board.provinces[p].city.income for p in own  # type: ignore[union-attr]
                ), default=0)
    return sorted(p for p in own if board.provinces[p].city.income == best)  # type: ignore[union-attr]


def cities_with_provinces(board: Board, state: State, power: str) -> list[str]:
    """The cities ``power`` controls together with their provinces."""
    return sorted(p for p, owner in state.city_owner.items()
                  if owner == power and state.province_owner.get(p) == power
                  and p in board.provinces and _is_city(board, p))


def bar_meets(board: Board, state: State, power: str, cities: int | None = None) -> bool:
    """Whether ``power`` fulfils 003 4.2's condition now (BAR-4.4), ties aside."""
    need = BAR_VICTORY_CITIES if cities is None else cities
    held = cities_with_provinces(board, state, power)
    return len(held) >= need and bool(set(capitals(board, state, power)) & set(held))


def bar_winners(board: Board, state: State, cities: int | None = None) -> list[str]:
    """The powers that have won by 003 4.2 (BAR-4.4): usually none, at most one but for
    a tie on every ranking factor."""
    need = BAR_VICTORY_CITIES if cities is None else cities
    qualified: dict[str, int] = {}
    for power in state.powers:
        if not playing(state, power):
            continue
        if bar_meets(board, state, power, need):
            qualified[power] = len(cities_with_provinces(board, state, power))
    if len(qualified) <= 1:
        return list(qualified)
    tax = bar_tax(board, state)

    def rank(power: str) -> tuple[int, int, int, int]:
        provinces = sum(1 for o in state.province_owner.values() if o == power)
        return (qualified[power], provinces, sum(tax.get(power, (0, 0, 0))),
                state.treasury.get(power, 0))

    best = max(rank(p) for p in qualified)
    return [p for p in qualified if rank(p) == best]


def victory_text(cities: int | None = None) -> str:
    """003's condition as the game information states it."""
    need = BAR_VICTORY_CITIES if cities is None else cities
    return (f"Victory: {need} cities with their provinces, one of them a capital of the "
            "power's original home country (BAR-4.4).")


def victory_reason(board: Board, state: State, power: str) -> str:
    """Why ``power`` won by 003 4.2 (BAR-4.4), for the report's victory line: ``Austria
    with 18 cities and their provinces, among them Austria and Hungary, capitals of its
    original home country (BAR-4.4)``."""
    held = cities_with_provinces(board, state, power)
    names = [board.provinces[p].name for p in capitals(board, state, power) if p in held]
    which = (f"{names[0]}, a capital" if len(names) == 1
             else f"{', '.join(names[:-1])} and {names[-1]}, capitals")
    return (f"{power} with {len(held)} cities and their provinces, among them {which} of "
            "its original home country (BAR-4.4)")


def _nobodys(board: Board, state: State, province: str) -> bool:
    """An ungarrisoned city whose province rebels: nobody controls it (003 4.1)."""
    rebellion = state.rebellions.get(province)
    return rebellion is not None and state.unit_in(province, garrison=True) is None


def bar_doomed_powers(board: Board, state: State) -> list[str]:
    """The powers every city of whose home countries (held when the campaign began) other
    major powers control (BAR-4.5), in play order."""
    countries = home_countries_of(board, state)
    majors = {p for p in state.powers if playing(state, p)}
    cities_of: dict[str, list[str]] = {}
    for country, holder in countries.recorded(state).items():
        if holder is not None and holder in majors:
            cities_of.setdefault(holder, []).extend(
                p for p in countries.countries[country] if _is_city(board, p))
    doomed = []
    conquering: set[str] | None = None  # the powers taking a home country now (BAR-4.6)
    for power in state.powers:
        cities = cities_of.get(power)
        if not cities:
            continue
        if all(state.city_owner.get(c) in majors and state.city_owner.get(c) != power
               and not _nobodys(board, state, c) for c in cities):
            if conquering is None:
                recorded = countries.recorded(state)
                conquering = {h for c, h in countries.holders(state).items()
                              if h is not None and h != recorded[c]}
            if power not in conquering:  # 003 4.4: a conquered one becomes its home
                doomed.append(power)
    return doomed


def bar_eliminate(board: Board, state: State, doomed: list[str],
                  events: list[str]) -> State:
    """003 4.3: the powers' control markers and treasuries go, their units turn
    independent (of two sharing a province, the garrison; the other is eliminated)."""
    gone = set(doomed)
    units: list[Unit] = []
    garrisoned = {u.province for u in state.units if u.owner in gone and u.kind == "G"}
    for power in doomed:
        events.append(f"Every city of {power}'s home country is controlled by other powers: "
                      f"{power} is eliminated (BAR-4.5).")
    for u in state.units:
        if u.owner not in gone:
            units.append(u)
        elif u.kind != "G" and u.province in garrisoned:
            events.append(f"{unit_text(board, u)} is eliminated with its power (BAR-4.5).")
        else:
            events.append(f"{unit_text(board, u)} turns independent (BAR-4.5).")
            units.append(Unit(u.kind, None, u.province, u.coast, u.special, u.siege))
    new = state.but(
        units=units,
        dislodged=[d for d in state.dislodged if d.unit.owner not in gone],
        province_owner={p: o for p, o in state.province_owner.items() if o not in gone},
        city_owner={p: o for p, o in state.city_owner.items() if o not in gone},
        treasury={p: v for p, v in state.treasury.items() if p not in gone},
        loans={p: v for p, v in state.loans.items() if p not in gone},
        chits={p: v for p, v in state.chits.items() if p not in gone},
        eliminated=[*state.eliminated, *doomed],
        # (the victim's elimination ends its rebellions, 003 10.3: BAR-10.6)
        rebellions={p: r for p, r in state.rebellions.items() if r.against not in gone},
    )
    return update_control(board, new, fall_end=True)


__all__ = [
    "BAR_VICTORY_CITIES",
    "bar_doomed_powers",
    "bar_eliminate",
    "bar_meets",
    "bar_winners",
    "victory_reason",
    "capitals",
    "cities_with_provinces",
    "victory_text",
]
