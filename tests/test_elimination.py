"""Player elimination at the end of a campaign (001, PLAYER ELIMINATION: ELIM-1..6) and
home countries gained and lost as blocks (CONTROL OF ANOTHER PLAYER'S HOME COUNTRY:
HOME-1..4).  Rulings: docs/rulings.md, "Elimination and victory".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.homes import countries_held
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Expense
from machiavelli.core.state import Dislodged, Loan, Rebellion, State, Unit
from machiavelli.game.campaign import resolve_campaign
from machiavelli.game.elimination import countries_held_at_start, doomed_powers, eliminations

B: Board = load_board("classic")

MILAN = ("com", "cre", "for", "mil", "par", "pav", "pia")
FLORENCE = ("are", "flo", "psa", "pst")
VENICE = ("ber", "bre", "dal", "fri", "ist", "pad", "trv", "ven", "ver", "vic")
HOMES = {"Florence": FLORENCE, "Milan": MILAN, "Venice": VENICE}


def position(
    units: Sequence[Unit] = (),
    provinces: dict[str, str] | None = None,
    cities: dict[str, str] | None = None,
    home: dict[str, tuple[str, ...]] | None = None,
    **options: bool,
) -> State:
    """Florence, Milan and Venice; Venice keeps its capital unless told otherwise."""
    return State(
        board="classic", year=1455, season="spring", phase="movement",
        powers=["Florence", "Milan", "Venice"], units=list(units),
        province_owner={"ven": "Venice", **(provinces or {})},
        city_owner={"ven": "Venice", **(cities or {})},
        home={p: tuple(v) for p, v in (HOMES if home is None else home).items()},
        options={"money": False, "dice": False, **options},
    )


def own(power: str, *provinces: str) -> dict[str, str]:
    return {p: power for p in provinces}


def own_cities(power: str, *provinces: str) -> dict[str, str]:
    return {p: power for p in provinces if B.provinces[p].city is not None}


# -- ELIM-1: no city in the home countries it holds ------------------------------------------


def test_elim_1_power_without_a_home_city_is_eliminated() -> None:
    s = position(
        provinces={**own("Milan", *MILAN), **own("Florence", "flo")},
        cities={**own_cities("Venice", "mil", "pav", "cre"), **own("Florence", "flo")},
    )
    after, events = eliminations(B, s)
    assert after.eliminated == ["Milan"]
    assert "Milan controls no city in its home country and is eliminated (ELIM-1)." in events


def test_elim_1_one_home_city_is_enough() -> None:
    s = position(provinces=own("Milan", "com"), cities={**own("Milan", "cre"),
                                                         **own("Florence", "are")})
    after, events = eliminations(B, s)
    assert after.eliminated == []
    assert not any("ELIM" in e for e in events)


def test_elim_1_home_provinces_without_a_city_do_not_save_a_power() -> None:
    s = position(provinces=own("Milan", *MILAN), cities=own("Florence", "flo"))
    assert doomed_powers(B, s) == ["Milan"]


def test_elim_1_a_city_outside_the_home_countries_does_not_count() -> None:
    s = position(cities={**own("Milan", "gen", "man"), **own("Florence", "flo")})
    assert doomed_powers(B, s) == ["Milan"]


def test_elim_1_fortress_counts_only_when_fortresses_are_in_use() -> None:
    cities = {**own("Milan", "par"), **own("Florence", "flo")}
    assert doomed_powers(B, position(cities=cities)) == ["Milan"]
    assert doomed_powers(B, position(cities=cities, fortresses=True)) == []


def test_elim_1_a_city_of_a_conquered_home_country_keeps_a_power_alive() -> None:
    home = {"Milan": MILAN + FLORENCE, "Florence": (), "Venice": VENICE}
    s = position(cities=own("Milan", "psa"), home=home)
    s = replace(s, eliminated=["Florence"])
    assert countries_held_at_start(B, s)["Milan"] == ["Florence", "Milan"]
    after, events = eliminations(B, s)
    assert "Milan" not in after.eliminated
    assert not any("ELIM" in e for e in events)


def test_elim_1_each_eliminated_power_once_and_together() -> None:
    s = position(cities=own("Venice", "mil", "flo"))
    after, events = eliminations(B, s)
    assert after.eliminated == ["Florence", "Milan"]
    again, more = eliminations(B, after)
    assert again.eliminated == ["Florence", "Milan"]
    assert not any("ELIM" in e for e in more)


# -- ELIM-2 / ELIM-3: units removed, provinces and cities unowned ---------------------------


def test_elim_2_every_unit_of_the_eliminated_power_is_removed() -> None:
    units = [Unit("A", "Milan", "tur"), Unit("F", "Milan", "gon"), Unit("G", "Milan", "gen"),
             Unit("A", "Florence", "flo")]
    s = position(units, cities={**own("Venice", "pav", "mil", "cre"), **own("Florence", "flo")})
    s = replace(s, dislodged=[Dislodged(Unit("A", "Milan", "tur"), "sav")])
    after, events = eliminations(B, s)
    assert after.units == [Unit("A", "Florence", "flo")]
    assert after.dislodged == []
    assert any(e.startswith("Milan's units are removed (ELIM-2): ") for e in events)


def test_elim_3_provinces_and_cities_revert_to_unowned() -> None:
    s = position(
        [Unit("A", "Milan", "man"), Unit("G", "Milan", "gen")],
        provinces={**own("Milan", "man", "gen", "com", "luc"), **own("Florence", "flo")},
        cities={**own("Milan", "man", "gen", "luc"), **own("Florence", "flo")},
    )
    after, _ = eliminations(B, s)
    assert "Milan" not in after.province_owner.values()
    assert "Milan" not in after.city_owner.values()
    assert after.city_owner["flo"] == "Florence"


def test_elim_3_another_powers_unit_left_alone_gains_the_space() -> None:
    """OWN-3 "or are eliminated": the other power's unit is now the last one present."""
    units = [Unit("A", "Venice", "man"), Unit("G", "Milan", "man"),
             Unit("A", "Milan", "gen"), Unit("G", "Florence", "gen")]
    s = position(units, provinces={**own("Venice", "man"), **own("Milan", "gen")},
                 cities={**own("Milan", "man"), **own("Florence", "gen", "flo")})
    after, _ = eliminations(B, s)
    assert "Milan" in after.eliminated
    assert after.city_owner["man"] == "Venice"  # its army is alone in Mantua (OWN-5)
    assert after.province_owner["gen"] == "Florence"  # its garrison is alone in Genoa


def test_elim_2_a_siege_of_the_removed_garrison_ends() -> None:
    units = [Unit("A", "Venice", "man", siege=1), Unit("G", "Milan", "man")]
    s = position(units, provinces=own("Venice", "man"),
                 cities={**own("Milan", "man"), **own("Florence", "flo")})
    after, _ = eliminations(B, s)
    assert after.units == [Unit("A", "Venice", "man")]


def test_elim_3_the_eliminated_powers_money_goes_with_it() -> None:
    s = position(cities=own("Florence", "flo"), money=True)
    s = replace(s, treasury={"Milan": 40, "Florence": 5},
                loans={"Milan": [Loan(20, 4, "fall", 1455)]},
                chits={"Milan": ["Florence"], "Florence": ["Milan"]})
    after, _ = eliminations(B, s)
    assert after.treasury == {"Florence": 5}
    assert after.loans == {}
    assert after.chits == {"Florence": ["Milan"]}


# -- ELIM-4 / ELIM-5: autonomous garrisons count, rebellions do not ------------------------


def test_elim_4_auto_4_autonomous_garrison_in_the_last_home_city_eliminates() -> None:
    """Florence bribes Milan's only home garrison into an autonomous one (EXP-F): the city
    is no longer Milan's at the end of the campaign."""
    bribe = Expense(1, 9, "garrison_to_autonomous", "G", "cre")
    s = position([Unit("G", "Milan", "cre")], provinces=own("Milan", "cre"),
                 cities={**own("Milan", "cre"), **own("Florence", "flo")}, money=True)
    s = replace(s, treasury={"Florence": 9}, options={**s.options, "adjacency": False})
    done = resolve_campaign(B, s, {"Florence": [bribe]}, Dice("elim-4"))
    assert Unit("G", None, "cre") in done.state.units
    after, _ = eliminations(B, done.state)
    assert "Milan" in after.eliminated
    assert Unit("G", None, "cre") in after.units  # autonomous: it stays


def test_elim_4_stale_record_is_corrected_by_the_autonomous_garrison() -> None:
    s = position([Unit("G", None, "cre")],
                 cities={**own("Milan", "cre"), **own("Florence", "flo")})
    assert eliminations(B, s)[0].eliminated == ["Milan"]


def test_elim_5_rebellion_in_the_last_home_city_does_not_eliminate() -> None:
    s = position(provinces=own("Milan", "cre"),
                 cities={**own("Milan", "cre"), **own("Florence", "flo")})
    s = replace(s, rebellions={"cre": Rebellion("cre", "Milan", in_province=True, in_city=True)})
    after, _ = eliminations(B, s)
    assert after.eliminated == []
    assert after.city_owner["cre"] == "Milan"
    assert "cre" in after.rebellions


# -- ELIM-6: the WARNING -------------------------------------------------------------------


def test_elim_6_taking_a_home_country_while_losing_ones_own_eliminates() -> None:
    """Milan takes all of Florence this campaign while Venice takes every Milanese city:
    Florence's country came too late to count, Milan is eliminated (and Florence too)."""
    units = [Unit("A", "Milan", "flo"), Unit("A", "Milan", "psa"), Unit("A", "Milan", "are")]
    s = position(
        units,
        provinces={**own("Milan", *FLORENCE), **own("Venice", "mil", "pav")},
        cities={**own("Milan", "flo", "psa", "are"), **own("Venice", "mil", "pav", "cre")},
    )
    assert countries_held(B, s, "Milan") == ["Florence", "Milan"]  # as control stands now
    after, events = eliminations(B, s)
    assert after.eliminated == ["Florence", "Milan"]
    assert after.units == []
    assert not set(FLORENCE) & set(after.province_owner)
    assert after.home["Milan"] == () and after.home["Florence"] == ()
    assert countries_held(B, after, "Milan") == []
    assert "Florence no longer holds the home country of Florence (HOME-4)." in events


def test_elim_6_a_home_country_taken_in_an_earlier_campaign_counts() -> None:
    s = position(
        provinces={**own("Milan", *FLORENCE), **own("Venice", "mil", "pav")},
        cities={**own("Milan", "flo", "psa", "are"), **own("Venice", "mil", "pav", "cre")},
        home={"Milan": MILAN + FLORENCE, "Florence": (), "Venice": VENICE},
    )
    s = replace(s, eliminated=["Florence"])
    after, _ = eliminations(B, s)
    assert "Milan" not in after.eliminated


# -- HOME-1..4: home countries change hands as blocks --------------------------------------


def test_home_2_a_home_country_taken_whole_is_recorded_at_the_campaigns_end() -> None:
    s = position(
        provinces=own("Milan", *FLORENCE, "mil"),
        cities=own("Milan", "flo", "psa", "are", "mil"),
    )
    after, events = eliminations(B, s)
    assert after.eliminated == ["Florence"]  # no city left in its own country
    assert "Milan takes control of the home country of Florence (HOME-2)." in events
    assert after.home["Milan"] == tuple(sorted(MILAN + FLORENCE))
    assert countries_held_at_start(B, after)["Milan"] == ["Florence", "Milan"]


def test_home_1_part_of_a_home_country_is_not_taken() -> None:
    s = position(provinces=own("Milan", "flo", "psa", "are", "mil"),  # not Pistoia
                 cities={**own("Milan", "flo", "psa", "are", "mil")})
    after, events = eliminations(B, s)
    assert not any("HOME-2" in e for e in events)
    assert after.home["Milan"] == MILAN


def test_home_3_a_power_with_two_home_countries_may_lose_its_own() -> None:
    """Milan, holding Florence's country too, loses its own to Venice and lives on."""
    s = position(
        provinces={**own("Venice", *MILAN), **own("Milan", "flo")},
        cities={**own_cities("Venice", *MILAN), **own("Milan", "flo")},
        home={"Milan": MILAN + FLORENCE, "Florence": (), "Venice": VENICE},
    )
    s = replace(s, eliminated=["Florence"])
    after, events = eliminations(B, s)
    assert "Milan" not in after.eliminated
    assert "Venice takes control of the home country of Milan (HOME-2)." in events
    assert countries_held(B, after, "Milan") == ["Florence"]
    assert countries_held(B, after, "Venice") == ["Milan", "Venice"]


def test_home_4_a_held_country_is_kept_while_the_holder_keeps_one_city_anywhere() -> None:
    """Milan holds Florence's country with no city left there; Florence's country stays
    Milan's (nobody took it whole) because Milan keeps a city of its own country."""
    s = position(
        provinces=own("Milan", "cre"),
        cities={**own("Milan", "cre"), **own("Venice", "flo")},
        home={"Milan": MILAN + FLORENCE, "Florence": (), "Venice": VENICE},
    )
    s = replace(s, eliminated=["Florence"])
    after, _ = eliminations(B, s)
    assert countries_held(B, after, "Milan") == ["Florence", "Milan"]


def test_home_4_an_eliminated_power_loses_every_home_country_it_held() -> None:
    s = position(
        cities={**own("Venice", "flo", "psa", "are", "mil", "cre", "pav")},
        home={"Milan": MILAN + FLORENCE, "Florence": (), "Venice": VENICE},
    )
    s = replace(s, eliminated=["Florence"])
    after, events = eliminations(B, s)
    assert "Milan" in after.eliminated
    assert after.home["Milan"] == ()
    assert "Milan no longer holds the home country of Milan (HOME-4)." in events
    assert "Milan no longer holds the home country of Florence (HOME-4)." in events


# -- Diplomacy ------------------------------------------------------------------------------


def test_elim_diplomacy_has_its_own_elimination() -> None:
    s = position(diplomacy=True)
    assert eliminations(B, s) == (s, [])
