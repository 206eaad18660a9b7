"""The campaign's steps, made cheap, answer as the plain reading of the rules answers.

Each test sets a plain version (the rule read place by place, as the engine read it
before it was made fast) against the engine, on the positions of random games of
several scenarios and on stirred copies of them (tests/campaign_positions.py):

- home countries (:mod:`machiavelli.core.homes`): the original countries, who
  ``state.home`` records, who holds each now, what changes hands, kept between
  questions while what they are found from stays the same, and found again when a
  position is changed in place;
- elimination's doomed powers against each power's home cities controlled;
- control (:func:`machiavelli.movement.control.control_after`), owners in the same
  order;
- fixed income against :func:`province_income` and :func:`city_income` place by place;
- victory's count of cities, the dice against ``random.randint(1, 6)``, and the
  disasters' provinces in board order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest
from campaign_positions import positions, stirred

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.homes import (
    countries_held,
    held_home_provinces,
    held_home_provinces_of_all,
    home_country_holders,
    original_home_countries,
    recorded_holders,
    update_home_countries,
)
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.options import fortresses_in_use, rules_of
from machiavelli.core.state import State, Unit
from machiavelli.game import disasters
from machiavelli.game.elimination import doomed_powers, home_cities_controlled
from machiavelli.game.victory import cities_controlled, condition_in_force, meets, winners
from machiavelli.money.income import city_income, fixed_income, province_income
from machiavelli.movement.control import control_after, update_control


# ----------------------------------------------------------------------
# Home countries
# ----------------------------------------------------------------------
def plain_countries(board: Board, state: State) -> dict[str, list[str]]:
    if state.home_countries:
        return {c: sorted(v) for c, v in state.home_countries.items() if v}
    countries: dict[str, list[str]] = {}
    for pid, prov in board.provinces.items():
        if prov.home is not None and prov.home in board.powers:
            countries.setdefault(board.powers[prov.home], []).append(pid)
    for power, provinces in state.home.items():
        if power not in countries and provinces:
            countries[power] = sorted(provinces)
    return {p: sorted(v) for p, v in countries.items()}


def plain_recorded(state: State, countries: dict[str, list[str]]) -> dict[str, str | None]:
    """The first power (in ``state.home``'s order) whose list has one of the country's
    provinces; the setup owner if no list has any and it has no list."""
    holders: dict[str, str | None] = {}
    for country, provinces in countries.items():
        listing = [p for p, held in state.home.items() if set(held) & set(provinces)]
        holders[country] = listing[0] if listing else (
            None if country in state.home else country)
    return holders


def _playing(state: State, power: str) -> bool:
    return power not in state.eliminated and (not state.powers or power in state.powers)


def plain_holders(board: Board, state: State) -> dict[str, str | None]:
    countries = plain_countries(board, state)
    recorded = plain_recorded(state, countries)
    forts = fortresses_in_use(state)
    holders: dict[str, str | None] = {}
    for country, provinces in countries.items():
        owners: set[str | None] = set()
        for p in provinces:
            owners.add(state.province_owner.get(p))
            city = board.provinces[p].city
            if city is not None and (city.kind != "fortress" or forts):
                owners.add(state.city_owner.get(p))
        holder = recorded[country]
        if len(owners) == 1:
            (taker,) = owners
            if taker is not None and _playing(state, taker):
                holder = taker
        if holder is not None and not _playing(state, holder):
            holder = None
        holders[country] = holder
    return holders


def _home_answers(board: Board, state: State) -> tuple[object, ...]:
    powers = sorted({*state.powers, *state.home, *state.province_owner.values()})
    after, events = update_home_countries(board, state)
    return (original_home_countries(board, state), recorded_holders(board, state),
            home_country_holders(board, state),
            {p: countries_held(board, state, p) for p in powers},
            {p: held_home_provinces(board, state, p) for p in powers},
            held_home_provinces_of_all(board, state), after.home, events)


def _plain_home_answers(board: Board, state: State) -> tuple[object, ...]:
    powers = sorted({*state.powers, *state.home, *state.province_owner.values()})
    countries = plain_countries(board, state)
    recorded = plain_recorded(state, countries)
    holders = plain_holders(board, state)
    held = {p: sorted(c for c, h in holders.items() if h == p) for p in powers}
    provinces = {p: sorted(x for c in held[p] for x in countries[c]) for p in powers}
    every: dict[str | None, set[str]] = {}
    for c, h in holders.items():
        every.setdefault(h, set()).update(countries[c])
    events = []
    home: dict[str, list[str]] = {p: [] for p in [*state.home, *countries]}
    for c, h in holders.items():
        if h != recorded[c]:
            events.append(f"{recorded[c]} no longer holds the home country of {c} (HOME-4)."
                          if h is None else
                          f"{h} takes control of the home country of {c} (HOME-2).")
        if h is not None:
            home.setdefault(h, []).extend(countries[c])
    new_home = {p: tuple(sorted(v)) for p, v in home.items()} if events else state.home
    return (countries, recorded, holders, held, provinces, every, new_home, events)


def test_home_countries_as_found_plainly() -> None:
    found = positions(stir=2)
    assert any(a != b for (_, a), (_, b) in zip(found, found[1:], strict=False))
    taken = 0
    for board, state in found:
        plain = _plain_home_answers(board, state)
        assert _home_answers(board, state) == plain
        assert _home_answers(board, state) == plain  # asked again: from what was kept
        taken += len(plain[-1])
    assert taken > 20  # countries changed hands


def test_home_countries_follow_a_position_changed_in_place() -> None:
    rng = random.Random(4)
    for board, state in positions(("classic_1454",), stir=0)[::5]:
        state = state.copy()
        assert _home_answers(board, state) == _plain_home_answers(board, state)
        changed = stirred(board, state, rng)
        state.province_owner.clear()
        state.province_owner.update(changed.province_owner)  # the same dictionary
        state.city_owner.update(changed.city_owner)
        state.home.clear()
        state.home.update(changed.home)
        state.eliminated.extend(changed.eliminated)
        assert _home_answers(board, state) == _plain_home_answers(board, state)


def test_doomed_powers_are_those_with_no_home_city_controlled() -> None:
    doomed_seen = 0
    for board, state in positions(stir=2):
        candidates = state.powers or sorted(
            {h for h in plain_recorded(state, plain_countries(board, state)).values()
             if h is not None and h not in state.eliminated})
        plain = [p for p in candidates if p not in state.eliminated
                 and not home_cities_controlled(board, state, p)]
        assert doomed_powers(board, state) == plain
        doomed_seen += len(plain)
    assert doomed_seen > 10


# ----------------------------------------------------------------------
# Control
# ----------------------------------------------------------------------
def plain_control(
    board: Board, units: Sequence[Unit], province_owner: Mapping[str, str],
    city_owner: Mapping[str, str], mach2: bool,
) -> tuple[dict[str, str], dict[str, str]]:
    provinces, cities = dict(province_owner), dict(city_owner)
    field_units = {u.province: u for u in units if u.kind != "G"}
    garrisons = {u.province: u for u in units if u.kind == "G"}
    for prov, unit in field_units.items():
        if board.provinces[prov].sea or unit.owner is None:
            continue
        provinces[prov] = unit.owner
        if board.provinces[prov].city is not None and prov not in garrisons:
            cities[prov] = unit.owner
    for prov, garrison in garrisons.items():
        for owners in [cities] if prov in field_units else [cities, provinces]:
            if garrison.owner is None:
                owners.pop(prov, None)
            else:
                owners[prov] = garrison.owner
    if mach2:
        for prov in [p for p, o in cities.items() if provinces.get(p, o) != o]:
            del cities[prov], provinces[prov]
    return provinces, cities


@pytest.mark.parametrize("fall_end", [False, True])
def test_control_as_the_plain_rules(fall_end: bool) -> None:
    changed = 0
    for board, state in positions(stir=2):
        rules = rules_of(state.options)
        if rules.diplomacy or (rules.mach2 and not fall_end):
            assert control_after(board, state.units, state.province_owner, state.city_owner,
                                 rules, fall_end=fall_end) is None
            continue
        plain = plain_control(board, state.units, state.province_owner, state.city_owner,
                              rules.mach2)
        for _ in range(2):  # the second time from what was kept
            owners = control_after(board, state.units, state.province_owner,
                                   state.city_owner, rules, fall_end=fall_end)
            found = owners or (state.province_owner, state.city_owner)
            assert [list(d.items()) for d in found] == [list(d.items()) for d in plain]
            new = update_control(board, state, fall_end=fall_end)
            assert (new.province_owner, new.city_owner) == plain
            changed += new is not state
        again = control_after(board, state.units, plain[0], plain[1], rules,
                              fall_end=fall_end)
        assert again is None or again == plain  # nothing more to change
    assert changed > 20


def test_control_as_the_plain_rules_with_autonomous_units_and_owners_unknown() -> None:
    """Armies and fleets of nobody, owners forgotten (so that new owners come in the order
    the units are listed) and the units listed in another order."""
    rng = random.Random(5)
    seen = 0
    for board, state in positions(("classic_1454", "mach2_1454", "communes_1335"), stir=1):
        rules = rules_of(state.options)
        units = [Unit(u.kind, None, u.province, u.coast, u.special, u.siege)
                 if u.kind != "G" and rng.random() < 0.1 else u for u in state.units]
        rng.shuffle(units)
        provinces = {p: o for p, o in state.province_owner.items() if rng.random() < 0.6}
        cities = {p: o for p, o in state.city_owner.items() if rng.random() < 0.6}
        plain = plain_control(board, units, provinces, cities, rules.mach2)
        owners = control_after(board, units, provinces, cities, rules, fall_end=True)
        found = owners or (provinces, cities)
        assert [list(d.items()) for d in found] == [list(d.items()) for d in plain]
        seen += owners is not None
    assert seen > 20


# ----------------------------------------------------------------------
# Occupancy
# ----------------------------------------------------------------------
def test_occupancy_finds_what_a_walk_finds() -> None:
    """Looked up as :meth:`State.unit_in` walks the units: on positions as played, on the
    same units asked again, on crowded lists (the first unit in a place wins) and on a
    list changed in place since it was last indexed."""
    rng = random.Random(7)
    asked = 0
    for _board, state in positions(("classic_1454", "communes_1335"), stir=1):
        crowded = state.copy()
        owners: list[str | None] = [*state.powers, None]
        crowded.units += [Unit(u.kind, rng.choice(owners), u.province, u.coast)
                          for u in state.units if rng.random() < 0.3]
        rng.shuffle(crowded.units)
        changed = crowded.copy()
        for position in (state, state, crowded, changed):
            if position is changed:
                assert Occupancy(changed.units).number("nowhere", False) == -1  # indexed, then
                # changed in place
                del changed.units[: len(changed.units) // 3]
            where = Occupancy(position.units)
            places = sorted({u.province for u in position.units}) + ["nowhere"]
            for province in places:
                for garrison in (None, False, True):
                    unit = position.unit_in(province, garrison)
                    assert where.unit_in(province, garrison) is unit
                    if garrison is not None:
                        assert where.get((province, garrison)) is unit
                        number = where.number(province, garrison)
                        assert (position.units[number] if number >= 0 else None) is unit
                    asked += 1
    assert asked > 10000


# ----------------------------------------------------------------------
# Income, victory, dice, disasters
# ----------------------------------------------------------------------
def test_fixed_income_is_the_places_income_summed() -> None:
    for board, state in positions(stir=2):
        seas: dict[str, int] = {}
        provinces: dict[str, int] = {}
        cities: dict[str, int] = {}
        for u in state.units:
            prov = board.provinces[u.province]
            if u.kind == "F" and u.owner is not None and (
                    prov.sea or (prov.venice and state.option("mach2"))):
                seas[u.owner] = seas.get(u.owner, 0) + 1
        for p, o in state.province_owner.items():
            if p in board.provinces:
                provinces[o] = provinces.get(o, 0) + province_income(board, state, p)
        for p, o in state.city_owner.items():
            if p in board.provinces:
                cities[o] = cities.get(o, 0) + city_income(board, state, p)
        plain = {p: (seas.get(p, 0), provinces.get(p, 0), cities.get(p, 0))
                 for p in sorted({*seas, *provinces, *cities}) if _playing(state, p)}
        found = fixed_income(board, state)
        assert list(found) == list(plain)
        assert {p: (i.seas, i.provinces, i.cities, i.variable) for p, i in found.items()} == {
            p: (*v, 0) for p, v in plain.items()}


def test_winners_as_counted_city_by_city() -> None:
    rng = random.Random(2)
    won = 0
    for board, state in positions(stir=0):
        state = state.copy()
        if state.powers and rng.random() < 0.5:  # one power given most cities
            lucky = rng.choice(state.powers)
            for p in list(state.city_owner):
                if rng.random() < 0.8:
                    state.city_owner[p] = lucky
        condition = condition_in_force(board, state)
        candidates = state.powers or sorted(set(state.city_owner.values()))
        qualified = {p: len(cities_controlled(board, state, p)) for p in candidates
                     if _playing(state, p) and meets(board, state, p, condition)}
        most = max(qualified.values(), default=0)
        plain = [p for p, n in qualified.items() if n == most]
        assert winners(board, state, fall_end=True) == plain
        won += bool(plain)
    assert won > 5


def test_dice_give_what_randint_gives() -> None:
    for seed in ["", "a", "game/1454/spring/movement", *map(str, range(50))]:
        dice = Dice(seed)
        rolled = [d for n in (1, 2, 3, 1, 5) for d in dice.roll(n, "test")]
        rng = random.Random(seed)
        assert rolled == [rng.randint(1, 6) for _ in rolled]
        assert [r.dice for r in dice.rolls] == [(rolled[0],), tuple(rolled[1:3]),
                                                 tuple(rolled[3:6]), (rolled[6],),
                                                 tuple(rolled[7:])]


@pytest.mark.parametrize("kind", ["famine", "plague", "storm"])
def test_disasters_strike_provinces_in_board_order(kind: disasters.Disaster) -> None:
    rng = random.Random(kind)
    for board, state in positions(("classic_1454", "mach2_1454"), stir=0)[::7]:
        if not disasters.table_of(board, kind):
            continue
        values = [rng.randint(1, 6) for _ in range(6)]
        hit = disasters.strike(board, state, LoadedDice("t", values=list(values)), kind)
        mach2 = state.option("mach2")
        severity = values[:1] if mach2 else values[:2]
        band = disasters.severity_band(sum(severity), mach2)
        rest = values[len(severity):]
        row = sum(rest[:2]) if band in ("row", "row and column") else None
        column = (sum(rest[2:4] if row is not None else rest[:2])
                  if band in ("column", "row and column") else None)
        cells = disasters.cells(disasters.table_of(board, kind), row, column)
        assert hit.provinces == tuple(p for p, prov in board.provinces.items()
                                      if p in cells and prov.sea == (kind == "storm"))
        if kind == "famine":
            marked = disasters.famine(board, state, LoadedDice("t", values=list(values)))[0]
            before = set(state.famine) | set(hit.provinces)
            assert marked.famine == [p for p in board.provinces if p in before]
