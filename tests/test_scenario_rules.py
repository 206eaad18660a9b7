"""Scenario rules beyond units and home countries: cities, disaster tables, the plague's
first year, special-unit limits, builds anywhere, no fleets, powers without a player,
and 000's starting treasuries (machiavelli.game.scenario.spec, builds, game_start)."""

from __future__ import annotations

from pathlib import Path

import pytest

from machiavelli.core.board import City
from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Build, Convert, UnitRef
from machiavelli.core.state import Unit
from machiavelli.game.disasters import plague
from machiavelli.game.scenario import (
    load_scenario,
    load_scenario_file,
    parse_scenario,
    unfunded_powers,
)
from machiavelli.game.scenario.checks import ScenarioError
from machiavelli.game.start import start_treasuries
from machiavelli.movement.builds import build_problem
from machiavelli.movement.legality import check_order

BASE = """board = "classic"
title = "test"
year = 1454
season = "spring"
phase = "movement"
{top}
[options]
money = true
special = true
plague = true
dice = true

[powers.Venice]
units = ["G ven", "A pad"]
owns = ["vic", "trv"]

[powers.Milan]
units = ["A mil", "F gen"]
owns = ["pav"]

[autonomous]
units = ["G fer"]
"""


def scenario(top: str = "", tail: str = ""):  # type: ignore[no-untyped-def]
    return parse_scenario(BASE.format(top=top) + tail, "test.toml")


def error(tmp_path: Path, top: str = "", tail: str = "") -> str:
    path = tmp_path / "scen.toml"
    path.write_text(BASE.format(top=top) + tail, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario_file(path)
    return str(info.value)


# -- cities ------------------------------------------------------------------------------


def test_cities_change_a_citys_kind_port_and_income() -> None:
    board, _ = scenario(tail="""
[cities]
cor = { kind = "fortified", port = true }
ver = { kind = "fortified", income = 2 }
tyr = { kind = "fortress" }
tun = { kind = "unfortified", income = 1 }
""")
    classic = load_board("classic")
    assert classic.provinces["cor"].city == City("unfortified", True, 1)
    assert board.provinces["cor"].city == City("fortified", True, 1)
    assert board.provinces["ver"].city == City("fortified", False, 2)
    assert board.provinces["tyr"].city == City("fortress", False, 0)
    assert board.provinces["tun"].city == City("unfortified", True, 1)


def test_a_city_given_to_a_province_without_one_is_controlled_and_garrisonable() -> None:
    text = BASE.format(top="").replace('owns = ["vic", "trv"]', 'owns = ["vic", "trv", "fri"]')
    board, state = parse_scenario(
        text + '\n[cities]\nfri = { kind = "fortified", income = 1 }\n', "t.toml"
    )
    assert load_board("classic").provinces["fri"].city is None
    assert board.provinces["fri"].city == City("fortified", False, 1)
    assert board.provinces["fri"].garrisonable
    assert state.city_owner["fri"] == "Venice" and state.province_owner["fri"] == "Venice"


def test_a_garrison_may_stand_in_a_city_the_scenario_fortifies() -> None:
    text = BASE.format(top="").replace('"F gen"]', '"F gen", "G cor"]')
    with pytest.raises(ScenarioError, match="no fortified city"):
        parse_scenario(text, "t.toml")
    board, state = parse_scenario(text + '\n[cities]\ncor = { kind = "fortified" }\n', "t.toml")
    assert any(u.kind == "G" and u.province == "cor" for u in state.units)


@pytest.mark.parametrize(
    ("cities", "problem"),
    [
        ('ets = { kind = "fortified", income = 1 }', "is a sea"),
        ('fri = { kind = "fortified" }', "income"),
        ('ver = { kind = "castle" }', "must be one of"),
        ('ver = { kind = "fortress", income = 2 }', "out of range 0..0"),
        ('mil = { income = 9 }', "out of range 1..5"),
        ('cri = { kind = "fortified", income = 1, port = true }', "not on the coast"),
        ('ven = { kind = "unfortified" }', "Venice"),
        ('zzz = { kind = "fortified", income = 1 }', "unknown key 'zzz'"),
    ],
)
def test_bad_cities_are_refused_with_the_entry(tmp_path: Path, cities: str, problem: str) -> None:
    message = error(tmp_path, tail=f"\n[cities]\n{cities}\n")
    assert "cities" in message and problem in message


def test_city_income_and_cities_may_not_both_set_one_city(tmp_path: Path) -> None:
    message = error(tmp_path, top="city_income = { mil = 2 }",
                    tail='\n[cities]\nmil = { income = 3 }\n')
    assert "city_income.mil" in message and "also in [cities]" in message


# -- disaster tables and the plague's first year ----------------------------------------------

ROW = '  ["{cell}", "", "", "", "", "", "", "", "", "", ""],\n'


def _table(name: str, cell: str) -> str:
    rows = "".join(ROW.format(cell=cell if r == 0 else "") for r in range(11))
    return f"{name} = [\n{rows}]\n"


def test_scenario_tables_replace_the_maps() -> None:
    board, _ = scenario(tail="\n[tables]\n" + _table("plague", "pad") + _table("storm", "ets"))
    assert board.plague_table[0][0] == "pad" and board.plague_table[5] == (None,) * 11
    assert board.storm_table[0][0] == "ets"
    assert board.famine_table == load_board("classic").famine_table


def test_scenario_table_errors(tmp_path: Path) -> None:
    assert "not a land province" in error(tmp_path, tail="\n[tables]\n" + _table("plague", "ets"))
    assert "unknown province" in error(tmp_path, tail="\n[tables]\n" + _table("famine", "xyz"))
    assert "11 rows" in error(tmp_path, tail='\n[tables]\nfamine = [["pad"]]\n')


def test_flag_plague_plague_from_no_plague_before_that_year() -> None:
    board, state = scenario(top="plague_from = 1456",
                            tail="\n[tables]\n" + _table("plague", "pad"))
    state.season = "summer"
    dice = LoadedDice("x", values=[6, 6, 1, 1, 1, 1])  # bad year; row 2, column 2: Padua
    assert board.plague_from == 1456
    after, events = plague(board, state, dice)
    assert after.units == state.units and events == [] and dice.rolls == []
    state.year = 1456
    after, _ = plague(board, state, LoadedDice("x", values=[6, 6, 1, 1, 1, 1]))
    assert not any(u.province == "pad" for u in after.units)


# -- powers' rules -----------------------------------------------------------------------------


def test_m9_special_limits_replace_the_maps_table_and_bind_only_under_mach2(tmp_path: Path) -> None:
    board, state = scenario(tail='\n[special_limits]\nMilan = ["elite_mercenary"]\n')
    assert board.special_limits == {"Milan": ("elite_mercenary",)}
    state.phase, state.season = "adjustment", "winter"
    state.units = [u for u in state.units if u.province != "mil"]
    militia = Build("A", "mil", special="militia")
    assert build_problem(board, state, "Milan", militia) is None  # a Machiavelli 2 rule (M9)
    state.options["mach2"] = True
    assert "may not build militia" in (build_problem(board, state, "Milan", militia) or "")
    assert build_problem(board, state, "Milan", Build("A", "mil", special="elite_mercenary")) \
        is None
    assert build_problem(board, state, "Venice", Build("A", "trv", special="militia")) is None
    assert "unknown key 'Pope'" in error(tmp_path, tail='\n[special_limits]\nPope = []\n')
    assert "not one of" in error(tmp_path, tail='\n[special_limits]\nMilan = ["knights"]\n')


def test_build_anywhere_a_power_builds_in_any_city_it_controls() -> None:
    board, state = scenario(top='build_anywhere = ["Milan"]')
    state.phase, state.season = "adjustment", "winter"
    state.province_owner["cre"] = state.city_owner["cre"] = "Milan"  # Cremona: not home
    assert board.build_anywhere == frozenset({"Milan"})
    assert build_problem(board, state, "Milan", Build("A", "cre")) is None
    state.province_owner["trv"] = "Milan"  # a city Venice still holds: no
    assert "must control both" in (build_problem(board, state, "Milan", Build("A", "trv")) or "")
    state.province_owner["cri"] = "Milan"  # Carinthia has no city
    assert "no city" in (build_problem(board, state, "Milan", Build("A", "cri")) or "")
    plain, pstate = scenario()
    pstate.phase, pstate.season = "adjustment", "winter"
    pstate.province_owner["cre"] = pstate.city_owner["cre"] = "Milan"
    assert "not in a home country" in (build_problem(plain, pstate, "Milan", Build("A", "cre"))
                                       or "")


def test_no_fleets_neither_built_nor_converted() -> None:
    board, state = scenario(top='no_fleets = ["Venice"]')
    state.phase, state.season = "adjustment", "winter"
    state.units = [u for u in state.units if u.province != "ven"]
    assert "never build fleets" in (build_problem(board, state, "Venice", Build("F", "ven")) or "")
    assert build_problem(board, state, "Venice", Build("A", "ven")) is None
    board2, state2 = scenario(top='no_fleets = ["Venice"]')
    why = check_order(board2, state2, "Venice", Convert(UnitRef("G", "ven"), "F"))
    assert why is not None and "never convert units to fleets" in why
    plain, pstate = scenario()
    assert check_order(plain, pstate, "Venice", Convert(UnitRef("G", "ven"), "F")) is None


def test_unplayed_powers_are_in_play_without_a_player(tmp_path: Path) -> None:
    path = tmp_path / "scen.toml"
    path.write_text('unplayed = ["Milan"]\n' + BASE.format(top=""), encoding="utf-8")
    _, state = load_scenario_file(path)
    assert state.powers == ["Venice", "Milan"]
    assert load_scenario_file(path, 1)[1] == state  # one player: Venice
    with pytest.raises(ScenarioError, match="played by 1"):
        load_scenario_file(path, 2)
    assert "no power is left" in error(tmp_path, top='unplayed = ["Milan", "Venice"]')
    assert "not a power of the scenario" in error(tmp_path, top='unplayed = ["Pope"]')


# -- 000's starting treasuries ------------------------------------------------------------------


def test_game_start_000_income_a_income_less_upkeep_is_the_starting_treasury() -> None:
    board, state = scenario()
    dice = LoadedDice("x", values=[3, 3, 3, 3, 3, 3])
    done = start_treasuries(board, state, dice, ["Venice", "Milan"])
    after = done.state
    # each power: income (with a variable-income die of 3) less 2 units x 3 ducats
    for power in ("Venice", "Milan"):
        told = done.private_events[power]
        got = next(e for e in told if e.startswith(f"{power} receives"))
        received = int(got.split()[2])
        assert after.treasury[power] == received - 6
        assert any("pays 6 ducats for 2 units" in e for e in told)
    assert not any("ducats" in e for e in done.events)  # each treasury is told to its power
    assert len(after.units) == len(state.units)


def test_game_start_000_income_a_units_it_cannot_pay_for_are_removed_farthest_first() -> None:
    board, state = scenario()
    for pid in ("cre", "par", "mod", "for", "pia", "bol", "urb"):
        state.units.append(Unit("A", "Milan", pid))
    done = start_treasuries(board, state, Dice("s"), ["Milan"])
    after, events = done.state, done.events
    milan = after.units_of("Milan")
    assert after.treasury["Milan"] < 3
    assert 0 < len(milan) < 9
    gone = {u.province for u in state.units_of("Milan")} - {u.province for u in milan}
    assert gone and "urb" in gone  # Urbino is the farthest from Milan's home
    assert any("removed at the start" in e for e in events)
    assert after.treasury.get("Venice", 0) == state.treasury.get("Venice", 0)  # not listed


def test_unfunded_powers_are_those_without_a_treasury() -> None:
    assert set(unfunded_powers("classic_1454")) == set(load_scenario("classic_1454")[1].powers)
    assert unfunded_powers("mach2_1454") == ()


# -- autonomous garrisons of fortresses ------------------------------------------------------


def test_fort_0_flag_forts_autonomous_garrisons_in_fortresses_only_when_in_use(
    tmp_path: Path,
) -> None:
    text = BASE.format(top="").replace(
        'units = ["G fer"]', 'units = ["G fer"]\nwith_fortresses = ["G for", "G urb"]'
    )
    path = tmp_path / "scen.toml"
    path.write_text(text, encoding="utf-8")
    _, state = load_scenario_file(path)
    assert not any(u.province in ("for", "urb") for u in state.units)
    _, forts = load_scenario_file(path, options={"fortresses": True})
    assert {u.province for u in forts.units if u.owner is None} == {"fer", "for", "urb"}
    assert forts.options["fortresses"] is True
    bad = text.replace('"G for", "G urb"', '"G mil"')
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(ScenarioError, match="not a garrison in a fortress"):
        load_scenario_file(path)
