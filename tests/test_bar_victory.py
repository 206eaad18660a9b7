"""Seed 003's victory and elimination when a campaign ends (003 4.2, 4.3; BAR-4.4,
BAR-4.5; ruling A-26 on the classic board's capitals)."""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.state import State, Unit
from machiavelli.game.bar_end import capitals
from machiavelli.game.elimination import eliminations
from machiavelli.game.victory import victory_line, winners

B = load_board("classic")
POWERS = ["Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey", "Venice"]
#: the classic board's cities (no fortress: BAR-1.1), in the board's order
CITIES = [p for p, prov in B.provinces.items()
          if prov.city is not None and prov.city.kind != "fortress"]
MILAN_HOME = ["mil", "pav", "cre"]


def position(cities: dict[str, str], provinces: dict[str, str] | None = None,
             options: dict[str, bool] | None = None, **fields: object) -> State:
    return State(board="classic", year=1455, season="fall", phase="movement",
                 powers=list(POWERS), options=dict(BAR_DEFAULTS if options is None else options),
                 city_owner=dict(cities),
                 province_owner=dict(cities if provinces is None else provinces),
                 **fields)  # type: ignore[arg-type]


def eighteen(power: str, first: list[str], avoid: set[str] = frozenset()) -> dict[str, str]:  # type: ignore[assignment]
    others = [c for c in CITIES if c not in first and c not in avoid]
    return dict.fromkeys([*first, *others][:18], power)


def test_ruling_a_26_the_classic_boards_capitals() -> None:
    """The cities of highest value in the power's original home country."""
    assert capitals(B, position({}), "Milan") == ["mil"]
    assert capitals(B, position({}), "Naples") == ["nap"]
    assert capitals(B, position({}), "France") == ["avi", "mar", "swi"]  # all worth 1


def test_bar_4_4_eighteen_cities_with_their_provinces_and_a_capital() -> None:
    held = eighteen("Milan", MILAN_HOME)
    assert winners(B, position(held)) == ["Milan"]
    # no home-country count (001 would want two home countries: Milan holds one)
    assert winners(B, position(held, options=dict(MACH1_DEFAULTS)), cities=18) == []
    # one province not controlled: that city does not count
    assert winners(B, position(held, {**held, "pav": "Venice"})) == []
    # the capital missing
    without = eighteen("Milan", ["pav", "cre"], avoid={"mil"})
    assert winners(B, position(without)) == []
    # the game master's number replaces the 18
    assert winners(B, position(dict.fromkeys(MILAN_HOME, "Milan")), cities=3) == ["Milan"]
    assert "18 cities with their provinces" in victory_line(B, position({}))


def test_bar_4_4_ties_by_provinces_then_income_then_treasury() -> None:
    milan = dict.fromkeys(["mil", "pav"], "Milan")
    venice = dict.fromkeys(["ven", "pad"], "Venice")
    both = {**milan, **venice}
    assert sorted(winners(B, position(both), cities=2)) == ["Milan", "Venice"]
    more = {**both, "fri": "Venice"}  # a province without a city
    assert winners(B, position(both, more), cities=2) == ["Venice"]
    rich = position(both, treasury={"Milan": 5, "Venice": 2})  # Milan and Venice: 3 + 1 tax
    assert winners(B, rich, cities=2) == ["Milan"]


def test_bar_4_5_eliminated_when_other_powers_control_every_home_city() -> None:
    """Venice controls Milan, Pavia and Cremona: Milan is eliminated, its treasury and
    control go, its units turn independent (of two in one province: the garrison)."""
    taken = dict.fromkeys(MILAN_HOME, "Venice")
    state = position(taken, {**taken, "com": "Milan"},
                     units=[Unit("A", "Venice", "mil"), Unit("A", "Milan", "com"),
                            Unit("G", "Milan", "pia"), Unit("A", "Milan", "pia")],
                     treasury={"Milan": 9, "Venice": 1})
    after, events = eliminations(B, state)
    assert after.eliminated == ["Milan"]
    assert "Milan" not in after.treasury
    assert sorted((u.kind, u.owner or "", u.province) for u in after.units) == [
        ("A", "", "com"), ("A", "Venice", "mil"), ("G", "", "pia")]
    assert "Milan" not in after.province_owner.values()
    assert any("BAR-4.5" in e for e in events)


def test_bar_4_5_a_city_nobody_or_independents_control_saves_the_power() -> None:
    """Other *major* powers must control every city: one uncontrolled saves Milan; under
    001 (ELIM-1) it would be eliminated for controlling none."""
    taken = {"mil": "Venice", "pav": "Venice"}  # Cremona: nobody's
    state = position(taken, units=[Unit("G", None, "cre")])
    after, _ = eliminations(B, state)
    assert after.eliminated == []
    plain, _ = eliminations(B, position(taken, options=dict(MACH1_DEFAULTS)))
    assert "Milan" in plain.eliminated
