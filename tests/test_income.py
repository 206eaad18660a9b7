"""Income (001 Adjustment phases 2, Appendix 5): seas, provinces, cities, variable income."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.homes import home_country_holders, update_home_countries
from machiavelli.core.maps import load_board
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.money.income import (
    Income,
    city_income,
    collect_income,
    fixed_die,
    fixed_income,
    income,
    province_income,
)

B: Board = load_board("classic")
POWERS = ["Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey", "Venice"]


def position(
    units: Sequence[Unit] = (),
    provinces: dict[str, str] | None = None,
    cities: dict[str, str] | None = None,
    year: int = 1455,
    **options: bool,
) -> State:
    return State(
        board="classic",
        year=year,
        season="winter",
        phase="adjustment",
        powers=list(POWERS),
        units=list(units),
        province_owner=dict(provinces or {}),
        city_owner=dict(cities or {}),
        options={"money": True, "dice": True, **options},
    )


def owned(power: str, *provinces: str, **options: bool) -> State:
    """``power`` controls the provinces and their cities, nobody else anything."""
    return position(
        provinces={p: power for p in provinces},
        cities={p: power for p in provinces if B.provinces[p].city is not None},
        **options,
    )


def got(state: State, power: str) -> Income:
    return fixed_income(B, state).get(power, Income())


def country(power: str) -> list[str]:
    return [p for p, prov in B.provinces.items() if prov.home and B.powers[prov.home] == power]


# -- Appendix 5, the income quick reference chart: every cell --------------------------------
#
# Columns: normal, besieged, famined, rebelling, plague/storms.  A row names what is
# measured; each column changes the row's position.  "n/a" cells check that the
# condition cannot touch the income (the value stays the normal one).  Fortress rows
# follow the ruling on ambiguity 4 (FORT-A: no income, docs/rulings.md).

COLUMNS = ("normal", "besieged", "famined", "rebelling", "plague")


def _city_row(province: str, garrison: bool, **options: bool) -> Callable[[str], int]:
    def measure(column: str) -> int:
        units = [Unit("G", "Milan", province)] if garrison else []
        s = position(units, {province: "Milan"}, {province: "Milan"}, **options)
        if column == "besieged":
            s.units.append(Unit("A", "Venice", province, siege=1))
        elif column == "famined":
            s.famine.append(province)
        elif column == "rebelling":
            fortified = B.provinces[province].city.fortified  # type: ignore[union-attr]
            s.rebellions[province] = Rebellion(
                province, "Milan", in_province=True, in_city=fortified and not garrison
            )
        elif column == "plague":
            s.units = []  # the garrison dies of plague; control does not change
        assert got(s, "Milan").cities == city_income(B, s, province)
        return city_income(B, s, province)

    return measure


def _land_row(with_unit: bool) -> Callable[[str], int]:
    def measure(column: str) -> int:
        units = [Unit("A", "Milan", "com")] if with_unit else []
        s = position(units, {"com": "Milan"})
        if column == "besieged":
            s.units = [Unit("A", "Milan", "com", siege=1)] if with_unit else []
        elif column == "famined":
            s.famine.append("com")
        elif column == "rebelling":
            s.rebellions["com"] = Rebellion("com", "Milan")
        elif column == "plague":
            s.units = []
        assert got(s, "Milan").provinces == province_income(B, s, "com")
        return got(s, "Milan").provinces

    return measure


def _sea_row(with_unit: bool) -> Callable[[str], int]:
    def measure(column: str) -> int:
        units = [Unit("F", "Naples", "ets")] if with_unit else []
        s = position(units)
        if column == "famined":
            s.famine.append("ets")  # n/a: seas are on no famine table (see below)
        elif column == "rebelling":
            s.rebellions["ets"] = Rebellion("ets", "Naples")  # n/a
        elif column == "plague":
            s.units = []  # a storm sinks the fleet: the income goes with it
        return got(s, "Naples").seas

    return measure


CHART: dict[str, tuple[Callable[[str], int], tuple[int, int, int, int, int]]] = {
    # row: (measure, (normal, besieged, famined, rebelling, plague/storms))
    "UNGAR-MAJOR": (_city_row("mil", garrison=False), (3, 3, 0, 0, 3)),
    "UNGAR-FORTCITY": (_city_row("pav", garrison=False), (1, 1, 0, 0, 1)),
    "UNGAR-FORTRESS": (_city_row("ber", garrison=False, fortresses=True), (0, 0, 0, 0, 0)),
    "GAR-MAJOR": (_city_row("mil", garrison=True), (3, 0, 3, 3, 3)),
    "GAR-FORTCITY": (_city_row("pav", garrison=True), (1, 0, 1, 1, 1)),
    "GAR-FORTRESS": (_city_row("ber", garrison=True, fortresses=True), (0, 0, 0, 0, 0)),
    "UNFORT": (_city_row("alb", garrison=False), (1, 1, 0, 0, 1)),
    "LAND-EMPTY": (_land_row(with_unit=False), (1, 1, 0, 0, 1)),
    "LAND-UNIT": (_land_row(with_unit=True), (1, 1, 0, 0, 1)),
    "SEA-EMPTY": (_sea_row(with_unit=False), (0, 0, 0, 0, 0)),
    "SEA-UNIT": (_sea_row(with_unit=True), (1, 1, 1, 1, 0)),
}


def _chart_cell(row: str, column: str) -> None:
    measure, expected = CHART[row]
    assert measure(column) == expected[COLUMNS.index(column)], f"INC-CHART-{row} {column}"


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_ungar_major(column: str) -> None:
    _chart_cell("UNGAR-MAJOR", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_ungar_fortcity(column: str) -> None:
    _chart_cell("UNGAR-FORTCITY", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_ungar_fortress_no_income_ambiguity_4(column: str) -> None:
    _chart_cell("UNGAR-FORTRESS", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_gar_major(column: str) -> None:
    _chart_cell("GAR-MAJOR", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_gar_fortcity(column: str) -> None:
    _chart_cell("GAR-FORTCITY", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_gar_fortress_no_income_ambiguity_4(column: str) -> None:
    _chart_cell("GAR-FORTRESS", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_unfort(column: str) -> None:
    _chart_cell("UNFORT", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_land_empty(column: str) -> None:
    _chart_cell("LAND-EMPTY", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_land_unit(column: str) -> None:
    _chart_cell("LAND-UNIT", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_sea_empty(column: str) -> None:
    _chart_cell("SEA-EMPTY", column)


@pytest.mark.parametrize("column", COLUMNS)
def test_app5_inc_chart_sea_unit(column: str) -> None:
    _chart_cell("SEA-UNIT", column)


def test_app5_inc_chart_sea_famine_and_rebellion_not_applicable() -> None:
    seas = {p for p, prov in B.provinces.items() if prov.sea}
    on_tables = {c for row in B.famine_table for c in row if c is not None}
    assert not seas & on_tables


def test_app5_inc_chart_note_2_fortress_without_fortresses_is_ignored() -> None:
    s = owned("Venice", "ber")
    assert got(s, "Venice") == Income(provinces=1)


# -- the sources, one rule at a time ---------------------------------------------------------


def test_inc_a_one_ducat_per_sea_holding_a_fleet() -> None:
    fleets = [Unit("F", "Naples", "ets"), Unit("F", "Naples", "gon"), Unit("F", "Naples", "nap")]
    s = position(fleets)
    assert got(s, "Naples").seas == 2  # the fleet in Naples (a land province) earns nothing


def test_inc_b_one_ducat_per_controlled_province() -> None:
    s = owned("Milan", "com", "pav", "cre")
    assert got(s, "Milan").provinces == 3
    assert got(s, "Venice").provinces == 0


def test_inc_c_normal_city_one_major_city_its_number() -> None:
    assert got(owned("Milan", "pav"), "Milan").cities == 1
    assert got(owned("Milan", "mil"), "Milan").cities == 3
    assert got(owned("Naples", "nap"), "Naples").cities == 2


def test_inc_c2_besieged_city_pays_nothing() -> None:
    s = position(
        [Unit("G", "Milan", "mil"), Unit("A", "Venice", "mil", siege=1)],
        {"mil": "Venice"},
        {"mil": "Milan"},
    )
    assert got(s, "Milan") == Income()
    assert got(s, "Venice") == Income(provinces=1)  # the besieger holds the province


def test_inc_c2_first_besiege_not_yet_done_city_pays() -> None:
    s = position(
        [Unit("G", "Milan", "mil"), Unit("A", "Venice", "mil")], {"mil": "Venice"}, {"mil": "Milan"}
    )
    assert got(s, "Milan").cities == 3


def test_inc_c2_besieged_rebel_city_pays_nothing() -> None:
    s = position([Unit("A", "Milan", "pav", siege=1)], {"pav": "Milan"}, {"pav": "Milan"})
    s.rebellions["pav"] = Rebellion("pav", "Milan", in_province=False, in_city=True)
    assert got(s, "Milan") == Income(provinces=1)


def test_own_6_split_control_province_and_city_income_to_their_controllers() -> None:
    s = position([Unit("A", "Milan", "mil"), Unit("G", "Venice", "mil")], {"mil": "Milan"},
                 {"mil": "Venice"})
    assert got(s, "Milan") == Income(provinces=1)
    assert got(s, "Venice") == Income(cities=3)


def test_fam_d_famined_province_and_its_open_city_pay_nothing() -> None:
    s = owned("Milan", "mil", "pav", famine=True)
    s.famine.append("mil")
    assert got(s, "Milan") == Income(provinces=1, cities=1)


def test_fam_e_garrisoned_city_pays_in_famine() -> None:
    s = owned("Milan", "mil")
    s.units.append(Unit("G", "Milan", "mil"))
    s.famine.append("mil")
    assert got(s, "Milan") == Income(cities=3)


def test_reb_eff_7_1_rebelling_province_and_open_city_pay_nothing() -> None:
    s = owned("Milan", "mil")
    s.rebellions["mil"] = Rebellion("mil", "Milan", in_province=True, in_city=True)
    assert got(s, "Milan") == Income()


def test_reb_eff_7_2_garrisoned_city_in_rebelling_province_pays() -> None:
    s = owned("Milan", "mil")
    s.units.append(Unit("G", "Milan", "mil"))
    s.rebellions["mil"] = Rebellion("mil", "Milan", in_province=True, in_city=False)
    assert got(s, "Milan") == Income(cities=3)


def test_reb_eff_7_3_city_not_rebelling_pays_after_its_garrison_left() -> None:
    s = owned("Milan", "mil")  # the garrison that kept the rebels out is gone
    s.rebellions["mil"] = Rebellion("mil", "Milan", in_province=True, in_city=False)
    assert got(s, "Milan") == Income(cities=3)


def test_reb_eff_7_unfortified_city_shares_its_province_rebellion() -> None:
    s = owned("Turkey", "alb")
    s.rebellions["alb"] = Rebellion("alb", "Turkey", in_province=True, in_city=False)
    assert got(s, "Turkey") == Income()


def test_reb_eff_7_city_rebellion_alone_leaves_the_province_paying() -> None:
    s = owned("Milan", "pav")
    s.rebellions["pav"] = Rebellion("pav", "Milan", in_province=False, in_city=True)
    assert got(s, "Milan") == Income(provinces=1)


def test_ven_h_rebellion_in_venice_stops_province_and_city_income() -> None:
    s = owned("Venice", "ven")
    s.rebellions["ven"] = Rebellion("ven", "Venice", in_province=False, in_city=True)
    assert got(s, "Venice") == Income()


def test_ven_f_venice_garrison_is_never_besieged() -> None:
    s = owned("Venice", "ven")
    s.units.append(Unit("G", "Venice", "ven"))
    s.units.append(Unit("A", "Milan", "ven", siege=1))  # impossible, but no siege anyway
    assert got(s, "Venice").cities == 3


def test_fort_a_fortress_in_use_pays_no_city_income() -> None:
    s = owned("Venice", "ber", "ver", fortresses=True)
    assert got(s, "Venice") == Income(provinces=2)


def test_autonomous_and_eliminated_powers_receive_nothing() -> None:
    s = owned("Milan", "mil", "pav")
    s.eliminated.append("Milan")
    assert "Milan" not in fixed_income(B, s)


# -- variable income -----------------------------------------------------------------------


def test_inc_var_table_classic_matches_001() -> None:
    assert B.variable_income == {
        "Austria": (1, (1, 2, 3, 3, 4, 4)),
        "Florence": (2, (1, 2, 3, 3, 4, 5)),
        "France": (1, (1, 2, 3, 4, 5, 6)),
        "gen": (1, (1, 2, 2, 3, 3, 4)),
        "Milan": (1, (2, 3, 3, 4, 4, 5)),
        "Naples": (1, (1, 2, 2, 3, 3, 4)),
        "Papacy": (1, (2, 3, 3, 4, 5, 6)),
        "Turkey": (1, (1, 2, 3, 4, 5, 6)),
        "Venice": (2, (2, 3, 3, 4, 4, 5)),
    }


def eight_rolls() -> list[int]:
    # Austria, Florence x2, France, (Genoa: nobody), Milan, Naples, Papacy, Turkey, Venice x2
    return [1, 1, 6, 6, 2, 3, 4, 5, 6, 6]


def test_inc_d_every_power_rolls_for_its_home_country() -> None:
    dice = LoadedDice("t", values=eight_rolls())
    new = income(B, position(), dice).state
    assert [r.dice for r in dice.rolls] == [(1,), (1, 6), (6,), (2,), (3,), (4,), (5,), (6, 6)]
    assert new.treasury == {
        "Austria": 1,
        "Florence": 1 + 5,
        "France": 6,
        "Milan": 3,
        "Naples": 2,
        "Papacy": 4,
        "Turkey": 5,
        "Venice": 5 + 5,
    }


def test_inc_var_table_ambiguity_8_two_dice_each_looked_up_and_added() -> None:
    dice = LoadedDice("t", values=[6, 1])
    s = position()
    s.powers = ["Florence"]
    done = income(B, s, dice)
    new, told = done.state, done.private_events["Florence"]
    assert new.treasury == {"Florence": 5 + 1}  # not the table at 7 (there is none)
    assert "Florence rolls 6 + 1 for the variable income of the home country of Florence: " \
        "6 ducats." in told


def test_inc_var_1_conquered_home_country_brings_its_roll() -> None:
    flo = country("Florence")
    s = position(provinces={p: "Milan" for p in flo},
                 cities={p: "Milan" for p in flo if B.provinces[p].city})
    s.powers = ["Milan", "Florence"]
    dice = LoadedDice("t", values=[6, 6, 1])  # Florence's two dice, then Milan's
    done = income(B, s, dice)
    new, events = done.state, done.events
    assert [r.purpose for r in dice.rolls] == [
        "variable income of the home country of Florence for Milan",
        "variable income of the home country of Milan for Milan",
    ]
    assert new.treasury["Milan"] == got(s, "Milan").total + 10 + 2
    assert "Florence" not in new.treasury
    assert new.home["Milan"] == tuple(sorted(country("Milan") + flo))
    assert new.home["Florence"] == ()
    assert "Milan takes control of the home country of Florence (HOME-2)." in events


def test_inc_var_2_roll_not_stopped_by_famine_rebellion_siege_or_lost_capital() -> None:
    s = position(
        [Unit("G", "Florence", "pst"), Unit("A", "Milan", "flo", siege=1)],
        {"flo": "Milan"},
        {"flo": "Milan", "pst": "Florence"},
    )
    s.powers = ["Florence"]
    s.famine.append("are")
    s.rebellions["psa"] = Rebellion("psa", "Florence", in_city=True)
    dice = LoadedDice("t", values=[3, 3])
    new = income(B, s, dice).state
    assert new.treasury["Florence"] == 3 + 3


def test_inc_var_3_genoa_roll_goes_to_the_owner_of_its_city_only() -> None:
    s = position(provinces={"gen": "Milan"}, cities={"gen": "France"})
    s.powers = ["Milan", "France"]
    dice = LoadedDice("t", values=[5, 2, 1])  # France, Genoa, Milan in table order
    new = income(B, s, dice).state
    assert dice.rolls[1].purpose == "variable income of the city of Genoa for France"
    assert new.treasury["France"] == 5 + 2 + 3  # home roll, Genoa's roll, Genoa's city
    assert new.treasury["Milan"] == 1 + 2  # Genoa's province, Milan's roll (die 1)


def test_inc_var_3_no_genoa_roll_without_a_city_owner() -> None:
    s = position(provinces={"gen": "Milan"})
    s.powers = ["Milan"]
    dice = LoadedDice("t", values=[4])
    new = income(B, s, dice).state
    assert [r.purpose for r in dice.rolls] == [
        "variable income of the home country of Milan for Milan"
    ]
    assert new.treasury["Milan"] == 1 + 4


def test_home_4_holder_keeps_a_taken_country_until_another_takes_it_all() -> None:
    flo = country("Florence")
    s = position(provinces={p: "Milan" for p in flo},
                 cities={p: "Milan" for p in flo if B.provinces[p].city})
    s, _ = update_home_countries(B, s)
    s.province_owner["pst"] = "Venice"  # Venice takes one province: not the whole country
    assert home_country_holders(B, s)["Florence"] == "Milan"
    for p in flo:
        s.province_owner[p] = "Venice"
        if B.provinces[p].city:
            s.city_owner[p] = "Venice"
    assert home_country_holders(B, s)["Florence"] == "Venice"


def test_home_4_eliminated_power_loses_its_home_country_roll() -> None:
    s = position()
    s.powers = ["Austria"]
    s.eliminated.append("Austria")
    dice = LoadedDice("t", values=[])
    new = income(B, s, dice).state
    assert dice.rolls == [] and new.treasury == {}


def test_flag_dice_3_nodice_every_die_counts_4_in_odd_years() -> None:
    s = position(year=1455, dice=False)
    s.powers = ["Venice", "France"]
    dice = LoadedDice("none")  # any real roll would raise: no dice are rolled
    done = income(B, s, dice)
    new, told = done.state, done.private_events["Venice"]
    assert new.treasury == {"Venice": 4 + 4, "France": 4}
    assert "Venice counts 4 + 4 for the variable income of the home country of Venice: " \
        "8 ducats." in told
    assert [r.dice for r in dice.rolls] == [(4,), (4, 4)]  # recorded for the report
    assert dice.rolls[0].purpose.endswith("(fixed: nodice)")


def test_flag_dice_3_nodice_every_die_counts_3_in_even_years() -> None:
    s = position(year=1456, dice=False)
    s.powers = ["Venice", "France"]
    new = income(B, s, LoadedDice("none")).state
    assert new.treasury == {"Venice": 3 + 3, "France": 3}
    assert fixed_die(1455) == 4 and fixed_die(1456) == 3


def test_flag_money_2_no_income_without_money() -> None:
    s = owned("Milan", "mil", money=False)
    done = income(B, s, LoadedDice("none"))
    assert done.state.treasury == {} and done.events == [] and done.private_events == {}


# -- the phase step --------------------------------------------------------------------------


def test_income_adds_to_the_treasury_and_reports_each_power() -> None:
    s = owned("Milan", "mil", "pav", "com")
    s.powers = ["Milan"]
    s.treasury = {"Milan": 7}
    done = income(B, s, LoadedDice("t", values=[6]))
    assert done.state.treasury == {"Milan": 7 + 3 + 4 + 5}
    assert not any("ducat" in e for e in done.events)  # what Milan received is its business
    assert done.private_events["Milan"][-1] == (
        "Milan receives 12 ducats (seas 0, provinces 3, cities 4, variable 5); treasury 19."
    )
    assert s.treasury == {"Milan": 7}  # the input is not changed


def test_collect_income_step_signature_records_dice() -> None:
    s = owned("Milan", "mil")
    s.powers = ["Milan"]
    dice = Dice("seed")
    adj = collect_income(B, s, {}, dice)
    assert adj.results == [] and adj.private_events["Milan"]
    assert not any("ducat" in e for e in adj.events)
    assert len(dice.rolls) == 1 and dice.rolls[0].purpose.startswith("variable income")
    assert dice.rolls[0].to == "Milan"  # Milan's income: Milan's die
    again = collect_income(B, s, {}, Dice("seed"))
    assert again.state.treasury == adj.state.treasury  # same seed, same income


def test_classic_1454_start_income() -> None:
    from machiavelli.game.scenario import load_scenario

    board, state = load_scenario("classic_1454")
    fixed = fixed_income(board, state)
    assert fixed["Venice"] == Income(provinces=10, cities=6)  # ven 3, pad 1, trv 1, dal 1
    assert fixed["Milan"] == Income(provinces=7, cities=5)  # mil 3, pav 1, cre 1
