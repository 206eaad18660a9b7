"""Victory (001, VICTORY: VIC-1..7; 004's condition D004-14; seed 000 III.B for Basic).

Rulings: docs/rulings.md, "Elimination and victory" (ambiguity 5: the judge's
(cities + 1) / 8 is rounded down).
"""

from __future__ import annotations

import pytest

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.core.state import Rebellion, Season, State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.game.victory import (
    ADVANCED,
    BASIC,
    DEFAULT,
    HALL_OF_FAME_CITIES,
    ULTIMATE,
    VictoryCondition,
    cities_controlled,
    condition_for,
    required_home_countries,
    victory_line,
    winners,
)

B: Board = load_board("classic")
POWERS = ["Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey", "Venice"]
COUNTRIES = {
    "Milan": ["com", "cre", "for", "mil", "par", "pav", "pia"],
    "Florence": ["are", "flo", "psa", "pst"],
    "Venice": ["ber", "bre", "dal", "fri", "ist", "pad", "trv", "ven", "ver", "vic"],
}
# cities of no home country, fortresses left out: 17 of them
NEUTRAL = ["cor", "crn", "cro", "fer", "gen", "luc", "man", "mod", "mon", "pio", "rag", "sar",
           "sav", "sie", "slu", "trt", "tur"]


class Position:
    """Who controls what; every province and city of a country given is controlled."""

    def __init__(self, **options: bool) -> None:
        self.provinces: dict[str, str] = {}
        self.cities: dict[str, str] = {}
        self.options = {"money": False, "dice": False, **options}
        self.eliminated: list[str] = []
        self.rebellions: dict[str, Rebellion] = {}
        self.units: list[Unit] = []

    def country(self, power: str, country: str) -> Position:
        for p in COUNTRIES[country]:
            self.provinces[p] = power
            if B.provinces[p].city is not None:
                self.cities[p] = power
        return self

    def neutral(self, power: str, count: int) -> Position:
        taken = [p for p in NEUTRAL if p not in self.cities][:count]
        assert len(taken) == count
        for p in taken:
            self.provinces[p] = power
            self.cities[p] = power
        return self

    def city(self, power: str, *provinces: str) -> Position:
        for p in provinces:
            self.cities[p] = power
        return self

    def state(self) -> State:
        return State(
            board="classic", year=1460, season="fall", phase="movement", powers=list(POWERS),
            units=list(self.units), province_owner=dict(self.provinces),
            city_owner=dict(self.cities), eliminated=list(self.eliminated),
            rebellions=dict(self.rebellions), options=dict(self.options),
        )


def won(position: Position, cities: int | None = None,
        condition: VictoryCondition | None = None) -> list[str]:
    return winners(B, position.state(), cities, condition)


def basic_start() -> Position:
    """Every power keeps a city of its own country; Venice holds its own (4 cities)."""
    return Position().country("Venice", "Venice").city("Milan", "mil").city("Florence", "flo")


# -- VIC-7 and ambiguity 5: home countries required ------------------------------------------


@pytest.mark.parametrize(
    ("cities", "countries"),
    [(1, 0), (6, 0), (7, 1), (12, 1), (14, 1), (15, 2), (22, 2), (23, 3), (30, 3), (31, 4)],
)
def test_vic_7_ambiguity_5_home_countries_are_cities_plus_one_over_eight_rounded_down(
    cities: int, countries: int
) -> None:
    assert required_home_countries(cities) == countries
    assert condition_for(cities) == VictoryCondition(cities, countries)


def test_vic_7_ambiguity_5_the_formula_gives_the_three_named_conditions() -> None:
    assert required_home_countries(BASIC.cities) == BASIC.home_countries == 1
    assert required_home_countries(ADVANCED.cities) == ADVANCED.home_countries == 2
    assert required_home_countries(ULTIMATE.cities) == ULTIMATE.home_countries == 3


def test_vic_7_home_countries_follow_the_cities_set() -> None:
    """16 cities set: two home countries (001's bands would ask three)."""
    p = basic_start().country("Venice", "Milan").neutral("Venice", 9)
    assert len(cities_controlled(B, p.state(), "Venice")) == 16
    assert won(p, cities=16) == ["Venice"]
    assert won(p, cities=17) == []


def test_vic_1_seed_000_four_players_or_fewer_default_to_eighteen_cities() -> None:
    p = basic_start().country("Venice", "Milan").neutral("Venice", 11)
    assert len(cities_controlled(B, p.state(), "Venice")) == 18
    s = p.state()
    s.powers = ["Florence", "Milan", "Venice"]
    assert winners(B, s) == ["Venice"]
    s.city_owner.pop("gen")
    assert winners(B, s) == []
    s.powers = ["Austria", "France", "Florence", "Milan", "Venice"]
    assert winners(B, s) == ["Venice"]  # five players: 15 cities


# -- VIC-5, D004-14: 15 cities and two home countries (the classic game's default) ------------


def test_d004_14_classic_default_is_15_cities_and_two_home_countries() -> None:
    assert (DEFAULT.cities, DEFAULT.home_countries) == (15, 2)
    p = basic_start().country("Venice", "Milan").neutral("Venice", 8)
    assert len(cities_controlled(B, p.state(), "Venice")) == 15
    assert won(p) == ["Venice"]


def test_vic_5_advanced_fifteen_cities_and_two_home_countries() -> None:
    p = basic_start().country("Venice", "Milan").neutral("Venice", 8)
    assert won(p, condition=ADVANCED) == ["Venice"]
    assert won(p, cities=15) == ["Venice"]


def test_vic_5_fourteen_cities_are_not_enough() -> None:
    p = basic_start().country("Venice", "Milan").neutral("Venice", 7)
    assert won(p) == []


def test_vic_5_one_home_country_is_not_enough() -> None:
    p = basic_start().neutral("Venice", 11).city("Venice", "pav")
    assert len(cities_controlled(B, p.state(), "Venice")) == 16
    assert won(p) == []


def test_vic_5_a_country_held_counts_without_all_its_cities_now() -> None:
    """HOME-4: Venice took Milan's country earlier and keeps it although Milan's
    capital has changed hands since (nobody took the whole country back)."""
    p = basic_start().country("Venice", "Milan").neutral("Venice", 9)
    p.cities["mil"] = "Florence"
    s = p.state()
    s.home = {"Venice": tuple(sorted(COUNTRIES["Venice"] + COUNTRIES["Milan"])),
              "Milan": (), "Florence": tuple(COUNTRIES["Florence"])}
    assert winners(B, s) == ["Venice"]


def test_vic_5_its_own_home_country_need_not_be_one_of_the_two() -> None:
    p = Position().country("Venice", "Milan").country("Venice", "Florence").neutral("Venice", 9)
    p.country("Milan", "Venice")
    p.city("Florence", "sar")
    assert won(p) == ["Venice"]


# -- VIC-6: ultimate -------------------------------------------------------------------------


def test_vic_6_ultimate_twenty_three_cities_and_three_home_countries() -> None:
    p = Position().country("Venice", "Venice").country("Venice", "Milan")
    p.country("Venice", "Florence").neutral("Venice", 13)
    assert len(cities_controlled(B, p.state(), "Venice")) == 23
    assert won(p, condition=ULTIMATE) == ["Venice"]
    assert won(p, cities=23) == ["Venice"]
    two = basic_start().country("Venice", "Milan").neutral("Venice", 16)
    assert len(cities_controlled(B, two.state(), "Venice")) == 23
    assert won(two, condition=ULTIMATE) == []


# -- VIC-4: basic ----------------------------------------------------------------------------


def test_vic_4_basic_twelve_cities_with_every_own_home_city_and_six_others() -> None:
    p = basic_start().neutral("Venice", 8)
    assert won(p, condition=BASIC) == ["Venice"]
    assert won(p, cities=12) == ["Venice"]  # the judge's number alone: 12 cities, 1 country


def test_vic_4_basic_needs_every_city_of_its_own_home_country() -> None:
    p = basic_start().neutral("Venice", 9)
    p.cities["trv"] = "Milan"
    assert len(cities_controlled(B, p.state(), "Venice")) == 12
    assert won(p, condition=BASIC) == []
    assert won(p, cities=12) == ["Venice"]


def test_vic_4_ambiguity_5_basic_needs_six_other_cities_whatever_the_home_count() -> None:
    """With fortresses in use Venice has 8 home cities: 8 + 4 others make 12 but not a
    Basic victory; 8 + 6 do."""
    p = Position(fortresses=True).country("Venice", "Venice").city("Milan", "mil")
    p.city("Florence", "flo").neutral("Venice", 4)
    assert len(cities_controlled(B, p.state(), "Venice")) == 12
    assert won(p, condition=BASIC) == []
    p.neutral("Venice", 2)
    assert won(p, condition=BASIC) == ["Venice"]


# -- what counts --------------------------------------------------------------------------


def test_vic_1_fortresses_count_only_when_in_use() -> None:
    p = basic_start()
    p.cities.update({"for": "Venice", "par": "Venice"})
    assert len(cities_controlled(B, p.state(), "Venice")) == 4
    p.options["fortresses"] = True
    assert len(cities_controlled(B, p.state(), "Venice")) == 10  # 8 home + 2


def test_vic_1_rebelling_and_besieged_cities_still_count() -> None:
    p = basic_start().country("Venice", "Milan").neutral("Venice", 8)
    p.rebellions = {"gen": Rebellion("gen", "Venice", in_province=True, in_city=True)}
    p.units = [Unit("A", "Florence", "cor", siege=1), Unit("G", "Venice", "cor")]
    assert won(p) == ["Venice"]


def test_vic_1_an_eliminated_power_does_not_win() -> None:
    p = basic_start().country("Venice", "Milan").neutral("Venice", 8)
    p.eliminated = ["Venice"]
    assert won(p) == []


# -- VIC-2: several at once -------------------------------------------------------------------


FLORENTINE_GAINS = ("rme", "anc", "bol", "per", "nap", "bar", "pal", "mes", "aus", "tyr", "avi",
                    "mar", "hun")


def two_leaders() -> Position:
    """Venice: 16 cities, two home countries; Florence: 15 cities, its own country."""
    p = basic_start().country("Venice", "Milan").neutral("Venice", 9)
    p.country("Florence", "Florence").city("Florence", *FLORENTINE_GAINS[:12])
    assert len(cities_controlled(B, p.state(), "Venice")) == 16
    assert len(cities_controlled(B, p.state(), "Florence")) == 15
    return p


def test_vic_2_the_power_with_the_most_cities_wins() -> None:
    assert won(two_leaders(), cities=11) == ["Venice"]  # both qualify (11 cities, 1 country)


def test_vic_2_powers_tied_on_cities_are_all_returned_for_the_game_master() -> None:
    p = two_leaders().city("Florence", FLORENTINE_GAINS[12])
    assert won(p, cities=11) == ["Florence", "Venice"]
    assert won(p, cities=16) == ["Venice"]  # Florence lacks a second home country


# -- Diplomacy -------------------------------------------------------------------------------


def france_with_18_centres(season: Season) -> tuple[Board, State, list[str]]:
    """A Diplomacy movement phase of 1905 where France owns 18 supply centres: the board,
    the position and the centres in order."""
    std = load_board("standard")
    centres = sorted(p for p, prov in std.provinces.items() if prov.city is not None)
    s = State(board="standard", year=1905, season=season, phase="movement",
              powers=["England", "France"], city_owner={p: "France" for p in centres[:18]},
              options={"diplomacy": True})
    return std, s, centres


def test_vic_diplomacy_more_than_half_the_supply_centres() -> None:
    std, s, centres = france_with_18_centres("fall")
    assert winners(std, s) == ["France"]
    s.city_owner.pop(centres[0])
    assert winners(std, s) == []
    assert winners(std, s, cities=17) == ["France"]


def test_vic_diplomacy_checked_after_fall_only() -> None:
    """The supply centres change hands only after fall, so victory is checked only then."""
    std, s, _ = france_with_18_centres("spring")
    assert winners(std, s, fall_end=False) == []
    assert winners(std, s, fall_end=True) == ["France"]
    # the phase machine: a spring movement phase ends no game, the fall one does
    assert adjudicate(std, s, {}).winners == []
    assert adjudicate(std, s.but(season="fall"), {}).winners == ["France"]


def test_vic_3_fewer_than_23_cities_gets_001s_recommendation() -> None:
    state = Position().state()
    assert HALL_OF_FAME_CITIES == 23
    short = victory_line(B, state)
    assert short.startswith("Victory: 15 cities and 2 home countries. (001 recommends")
    assert "Hall of Fame" in short and "teaching games" in short
    assert victory_line(B, state, 23) == "Victory: 23 cities and 3 home countries."
    assert victory_line(B, state, 30) == "Victory: 30 cities and 3 home countries."
    state.options["mach2"] = True  # M3: cities only
    assert victory_line(B, state, 24) == "Victory: 24 cities."
