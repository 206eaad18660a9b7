"""Player elimination at the end of a campaign (001, PLAYER ELIMINATION).

A power that controls no city in the home countries it holds when a campaign
ends is eliminated (ELIM-1).  Its units are removed at once (ELIM-2) and its
provinces and cities become unowned (ELIM-3); control is then adjudicated again,
so a unit of another power left alone in such a province gains it ("if you move
away (or are eliminated)", OWN-3).  Cities are counted as control has them:
an autonomous garrison keeps a city from its neighbour's control (ELIM-4), a
rebellion changes nothing (ELIM-5, REB-EFF-2).  A fortress counts as a city only
when fortresses are in use (FORT-0).

The home countries tested are those the power held when the campaign began, as
recorded in ``state.home`` (HOME-1..4, :mod:`machiavelli.core.homes`): a country taken
during the campaign does not save a power that has lost every city of the
countries it held before (the WARNING, ELIM-6).  Every power is tested before
any is eliminated, so eliminations are simultaneous.  Then the home countries
that changed hands are recorded (:func:`machiavelli.core.homes.update_home_countries`:
taken whole, HOME-2, or lost by elimination, HOME-4), so the next campaign tests
against them.

Rulings (docs/rulings.md, "Elimination and victory"): the eliminated power's
treasury, loans and chits go with it (nJudge does the same); rebellions directed
against it stay until liberated or put down.  Under ``diplomacy`` nothing here
applies: a Diplomacy power is out when it has no unit and no supply centre
(:mod:`machiavelli.game.adjustments`).  Under ``mach2`` elimination is tested only
after the fall campaign, when control changes (docs/mach2.md M1, M3):
``eliminations(..., fall_end=False)`` then does nothing.
"""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.homes import (
    home_countries_of,
    original_home_countries,
    recorded_holders,
    update_home_countries,
)
from machiavelli.core.options import Rules, fortresses_in_use, rules_of
from machiavelli.core.state import State
from machiavelli.game.bar_end import bar_doomed_powers, bar_eliminate
from machiavelli.movement.control import update_control
from machiavelli.text.report import unit_text


def city_in_use(board: Board, state: State, province: str) -> bool:
    """The province has a city that counts: a fortress only when fortresses are in use."""
    city = board.provinces[province].city
    return city is not None and (city.kind != "fortress" or fortresses_in_use(state))


def countries_held_at_start(board: Board, state: State) -> dict[str, list[str]]:
    """Power -> the home countries (named by their original power) ``state.home`` records.

    This is what each power held when the campaign began: ``state.home`` is brought
    up to date at the end of every campaign (and when income is paid).  A country
    that appears in no power's list is the setup owner's if that power has no entry
    at all (a position built by hand), else nobody's.
    """
    held: dict[str, list[str]] = {}
    for country, holder in recorded_holders(board, state).items():
        if holder is not None and holder not in state.eliminated:
            held.setdefault(holder, []).append(country)
    return {p: sorted(c) for p, c in held.items()}


def home_cities_controlled(board: Board, state: State, power: str) -> list[str]:
    """The cities ``power`` controls in the home countries it held at the campaign's start."""
    countries = original_home_countries(board, state)
    held = countries_held_at_start(board, state).get(power, [])
    return _cities_held(board, state, power, countries, held)


def _cities_held(
    board: Board, state: State, power: str, countries: dict[str, list[str]], held: list[str]
) -> list[str]:
    forts = fortresses_in_use(state)
    return sorted(
        p
        for country in held
        for p in countries[country]
        if state.city_owner.get(p) == power and _counts(board, p, forts)
    )


def _counts(board: Board, province: str, forts: bool) -> bool:
    city = board.provinces[province].city
    return city is not None and (city.kind != "fortress" or forts)


def doomed_powers(board: Board, state: State, forts: bool | None = None) -> list[str]:
    """The powers that control no city in their home countries (ELIM-1), in play order.

    ``forts``: whether fortresses are in use, when the caller knows it already."""
    countries = home_countries_of(board, state)
    cities = countries.cities_in_use(fortresses_in_use(state) if forts is None else forts)
    city_owner, eliminated = state.city_owner, state.eliminated
    holding: set[str] = set()  # the powers holding a home country at the start
    saved: set[str] = set()  # ... and controlling one of its cities
    for country, holder in countries.recorded(state).items():
        if holder is None or holder in eliminated:
            continue
        holding.add(holder)
        if holder not in saved and holder in map(city_owner.get, cities[country]):
            saved.add(holder)
    candidates = state.powers or sorted(holding)
    return [p for p in candidates if p not in eliminated and p not in saved]


def eliminations(
    board: Board, state: State, *, fall_end: bool = True, rules: Rules | None = None
) -> tuple[State, list[str]]:
    """End of a campaign: eliminate the powers without a home city; record home countries.

    ``fall_end``: the campaign that ended is the fall one (under ``mach2`` the only
    one after which anything happens here).  ``rules``: the rules of ``state.options``,
    when the caller has them already.
    """
    if rules is None:
        rules = rules_of(state.options)  # (taken once: no step here changes an option)
    if rules.diplomacy or (rules.mach2 and not fall_end):
        return state, []
    state = update_control(board, state, fall_end=fall_end, rules=rules)
    events: list[str] = []
    if rules.bar:  # seed 003's elimination (BAR-4.5)
        doomed = bar_doomed_powers(board, state)
        if doomed:
            state = bar_eliminate(board, state, doomed, events)
    else:
        doomed = doomed_powers(board, state, rules.fortresses)
        if doomed:
            state = _eliminate(board, state, doomed, events)
    state, home_events = update_home_countries(board, state, rules.fortresses)
    return state, events + home_events


def _eliminate(board: Board, state: State, doomed: list[str], events: list[str]) -> State:
    """Remove the powers' units, ownership and money, then adjudicate control again."""
    gone = set(doomed)
    for power in doomed:
        countries = countries_held_at_start(board, state).get(power, [])
        where = "its home country" if len(countries) <= 1 else "any of its home countries"
        events.append(f"{power} controls no city in {where} and is eliminated (ELIM-1).")
        names = [unit_text(board, u) for u in state.units if u.owner == power]
        if names:
            events.append(f"{power}'s units are removed (ELIM-2): {', '.join(names)}.")
    removed = [u for u in state.units if u.owner in gone]
    emptied = {u.province for u in removed if u.kind == "G"}
    units = [
        u.with_siege(0) if u.province in emptied and u.siege else u  # nothing left to besiege
        for u in state.units
        if u.owner not in gone
    ]
    new = state.but(
        units=units,
        dislodged=[d for d in state.dislodged if d.unit.owner not in gone],
        province_owner={p: o for p, o in state.province_owner.items() if o not in gone},
        city_owner={p: o for p, o in state.city_owner.items() if o not in gone},  # ELIM-3
        treasury={p: v for p, v in state.treasury.items() if p not in gone},
        loans={p: v for p, v in state.loans.items() if p not in gone},
        chits={p: v for p, v in state.chits.items() if p not in gone},
        eliminated=[*state.eliminated, *doomed],
    )
    # OWN-3: "if you ... are eliminated"; under mach2 this runs only after fall
    return update_control(board, new, fall_end=True)


__all__ = [
    "city_in_use",
    "countries_held_at_start",
    "doomed_powers",
    "eliminations",
    "home_cities_controlled",
]
