"""Dipmach: nJudge's standard Diplomacy map for the Machiavelli rules (board and scenario).

The board (data/maps/dipmach.toml) is checked for its facts (line by line against
nJudge's data/map.dipmach and seed.dipmach: tests/conformance/, make conformance; against
the record of what they say: tests/test_witnessed_facts.py).  The
scenario (data/scenarios/dipmach_1901.toml) is checked against info.dipmach's set up,
then played: a few campaigns through the game master's command line (including a
fleet that becomes St Petersburg's garrison and leaves by the other coast) and
random games under Machiavelli and under info.dipmach's "Diplomacy style" options.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.core.board import Board, space_of
from machiavelli.core.dice import Dice
from machiavelli.core.maps import load_board
from machiavelli.core.option_commands import apply_set_command
from machiavelli.core.orders import Build
from machiavelli.core.state import State, Unit
from machiavelli.game.process import adjudicate_phase, process_phase
from machiavelli.game.random_orders import random_orders
from machiavelli.game.scenario import available_scenarios, load_scenario, scenario_info
from machiavelli.money.income import fixed_income
from machiavelli.movement.builds import build_problem
from machiavelli.movement.random_moves import random_phase_orders

POWERS = {"A": "Austria", "E": "England", "F": "France", "G": "Germany", "I": "Italy",
          "R": "Russia", "T": "Turkey"}
# info.dipmach's variable income table, column "Initial": the first income phase's
# fixed variable income, by power
INITIAL = {"Austria": 0, "England": 3, "France": 1, "Germany": 3, "Italy": 1, "Russia": 3,
           "Turkey": 0}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("dipmach")


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


# -- the board ---------------------------------------------------------------------


def test_counts(board: Board) -> None:
    provs = board.provinces
    assert len(provs) == 76
    assert sum(p.sea for p in provs.values()) == 19
    cities = {pid: p.city for pid, p in provs.items() if p.city is not None}
    assert len(cities) == 34  # the supply centres
    assert all(c.kind == "fortified" for c in cities.values())  # all square: garrisons
    ports = {pid for pid, c in cities.items() if c.port}
    assert len(ports) == 22
    assert set(cities) - ports == {
        "ank", "bel", "ber", "bud", "bul", "mos", "mun", "par", "ser", "spa", "vie", "war"
    }
    assert sum(c.income for c in cities.values()) == 47
    incomes = {pid: c.income for pid, c in cities.items() if c.income > 1}
    assert incomes == {"lon": 3, "par": 3, "ber": 3, "mos": 3,
                       "vie": 2, "rom": 2, "con": 2, "spa": 2, "bel": 2}
    assert provs["alb"].city is None and provs["naf"].city is None
    assert not board.straits
    assert board.powers == POWERS


def test_homes(board: Board) -> None:
    homes: dict[str, set[str]] = {}
    for pid, p in board.provinces.items():
        if p.home:
            homes.setdefault(p.home, set()).add(pid)
    assert homes == {
        "A": {"bud", "vie", "tri", "boh", "gal", "tyr"},
        "E": {"lvp", "edi", "lon", "cly", "yor", "wal"},
        "F": {"mar", "par", "bre", "bur", "gas", "pic"},
        "G": {"ber", "mun", "kie", "pru", "ruh", "sil"},
        "I": {"rom", "ven", "nap", "apu", "pie", "tus"},
        "R": {"mos", "war", "sev", "stp", "fin", "lvn", "ukr"},
        "T": {"con", "smy", "ank", "arm", "syr"},
    }


def test_adjacency_is_symmetric(board: Board) -> None:
    for a, targets in board.army_adj.items():
        for b in targets:
            assert a in board.army_adj[b], (a, b)
    for a, locs in board.fleet_adj.items():
        for b in locs:
            assert a in board.fleet_adj[b], (a, b)


def test_switzerland_is_impassable(board: Board) -> None:
    assert board.lookup("switz") == "swi"
    assert board.army_adj["swi"] == frozenset()
    assert board.fleet_locations("swi") == ()
    assert not any("swi" in adj for adj in board.army_adj.values())


def test_a_sample_of_adjacencies(board: Board) -> None:
    """Lines of nJudge's map.dipmach, copied here."""
    assert board.army_adj["bur"] == {"mar", "gas", "par", "pic", "bel", "ruh", "mun"}
    assert board.army_adj["pru"] == {"war", "sil", "ber", "lvn"}  # nJudge: two pru-mv lines
    assert board.army_adj["ser"] == {"tri", "bud", "rum", "bul", "gre", "alb"}
    assert board.fleet_adj["nth"] == {"yor", "edi", "nwg", "nor", "ska", "den", "hel", "hol",
                                      "bel", "eng", "lon"}
    assert board.fleet_adj["mao"] == {"nao", "iri", "eng", "bre", "gas", "spa/nc", "por",
                                      "spa/sc", "naf", "wes"}
    assert board.fleet_adj["ion"] == {"tun", "tys", "nap", "apu", "adr", "alb", "gre", "aeg",
                                      "eas"}
    assert not board.army_adjacent("tyr", "swi") and not board.army_adjacent("naf", "mar")
    assert board.army_adjacent("naf", "tun") and board.fleet_adjacent("naf", "wes")


def test_kiel_canal(board: Board) -> None:
    """info.dipmach 3: Helgoland Bight - Kiel - Baltic, Holland - Kiel - Berlin."""
    for a, b in [("hel", "kie"), ("kie", "bal"), ("hol", "kie"), ("kie", "ber"), ("kie", "den")]:
        assert board.fleet_adjacent(a, b) and board.fleet_adjacent(b, a)
    assert not board.fleet_adjacent("hel", "bal")
    assert board.army_adj["kie"] == {"hol", "den", "ber", "mun", "ruh"}


def test_denmark(board: Board) -> None:
    """info.dipmach 4: Baltic to Skagerrak through Denmark; armies Denmark - Sweden."""
    assert board.fleet_adjacent("bal", "den") and board.fleet_adjacent("den", "ska")
    assert not board.fleet_adjacent("bal", "ska")
    assert board.army_adj["den"] == {"swe", "kie"}
    assert board.army_adjacent("swe", "den")


def test_constantinople(board: Board) -> None:
    """info.dipmach 5-6: fleets through the straits, armies across them."""
    for a in ("bla", "bul/ec", "ank"):
        for b in ("aeg", "bul/sc", "smy"):
            assert board.fleet_adjacent(a, "con") and board.fleet_adjacent("con", b)
    assert not board.fleet_adjacent("bla", "aeg")
    assert board.fleet_reaches("con", "bul") == ("bul/ec", "bul/sc")
    assert board.army_adj["con"] == {"bul", "ank", "smy"}


def test_st_petersburg_coasts(board: Board) -> None:
    stp = board.provinces["stp"]
    assert stp.coasts == ("nc", "sc")
    assert stp.city is not None and stp.city.port and stp.city.fortified
    assert board.fleet_adj["stp/nc"] == {"bar", "nor"}
    assert board.fleet_adj["stp/sc"] == {"fin", "lvn", "bot"}
    assert board.fleet_reaches("bar", "stp") == ("stp/nc",)
    assert board.fleet_reaches("bot", "stp") == ("stp/sc",)
    assert board.army_adj["stp"] == {"fin", "lvn", "nor", "mos"}
    assert {p for p, x in board.provinces.items() if x.coasts} == {"bul", "spa", "stp"}


def test_names(board: Board) -> None:
    for name, pid in [("nat", "nao"), ("nrg", "nwg"), ("nwy", "nor"), ("mid", "mao"),
                      ("gol", "lyo"), ("peter", "stp"), ("St Petersburg", "stp"),
                      ("Mid-Atlantic Ocean", "mao"), ("eastmed", "eas"), ("krim", "sev"),
                      ("danmark", "den"), ("yonkers", "yor"), ("AFRIC", "naf")]:
        assert board.lookup(name) == pid, name


def test_flag_app3_1_the_same_map_as_standard(board: Board) -> None:
    """The "dipmach" variant plays on the standard Diplomacy map: the same province ids and
    facts as the standard board, so Diplomacy names work."""
    assert load_scenario("dipmach_1901")[0].name == "dipmach"
    standard = load_board("standard")
    assert board.provinces == standard.provinces
    assert board.army_adj == standard.army_adj and board.fleet_adj == standard.fleet_adj
    assert board.aliases == standard.aliases


def test_tables(board: Board) -> None:
    famine, plague, storm = board.famine_table, board.plague_table, board.storm_table
    assert famine[0][0] == "con" and famine[10][10] == "kie" and famine[9][10] == "ruh"
    assert [c for row in famine for c in row].count("alb") == 2  # twice, as nJudge has it
    assert not any(famine[r][c] for r in (4, 6) for c in range(11))  # rows 6 and 8 empty
    assert plague[0][0] == "lon" and plague[10][10] == "par" and plague[8][2] == "yor"
    assert storm[0][0] == "tys" and storm[10][10] == "wes"
    assert "aeg" not in {c for row in storm for c in row}
    struck = {c for row in famine for c in row if c}
    assert not struck & {"lon", "par", "vie", "ber", "rom"}  # nJudge: no famine there


def test_variable_income_and_special_limits(board: Board) -> None:
    vi = board.variable_income
    assert list(vi) == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
                        "spa", "swe"]
    assert {k for k, (dice, _) in vi.items() if dice == 2} == {"England", "Germany"}
    assert vi["France"] == (1, (2, 3, 3, 4, 5, 6))
    assert vi["Russia"] == (1, (2, 3, 3, 4, 5, 5))
    assert vi["spa"] == (1, (0, 0, 0, 1, 1, 1)) and vi["swe"] == (1, (0, 0, 0, 0, 1, 1))
    assert board.special_limits == {p: ("militia", "elite_mercenary")
                                    for p in ("Austria", "Italy", "Turkey")}


# -- the scenario -------------------------------------------------------------------


def test_scenario_loads_with_info_dipmach_setup() -> None:
    assert "dipmach_1901" in available_scenarios()
    board, state = load_scenario("dipmach_1901")
    assert board.name == state.board == "dipmach"
    assert (state.year, state.season, state.phase) == (1901, "spring", "movement")
    assert state.powers == list(POWERS.values())
    assert Unit("F", "Russia", "stp", "sc") in state.units
    assert len([u for u in state.units if u.owner is not None]) == 22
    autonomous = {u.province for u in state.units if u.owner is None}
    assert autonomous == {"hol", "bel", "swe", "den", "por", "spa"}
    assert all(u.kind == "G" for u in state.units if u.owner is None)
    for power, letter in ((p, k) for k, p in POWERS.items()):
        held = {pid for pid, owner in state.province_owner.items() if owner == power}
        assert held == {pid for pid, p in board.provinces.items() if p.home == letter}
    for pid in ("nor", "tun", "gre", "ser", "bul", "rum"):
        assert pid not in state.province_owner and pid not in state.city_owner


def test_scenario_options_victory_and_variable_income() -> None:
    board, state = load_scenario("dipmach_1901")
    assert state.options["money"] and state.options["garrisons"] and state.options["summer"]
    assert not state.options["mach2"] and state.options["coastal_convoys"]
    assert not state.options["plague"] and not state.options["storm"]
    info = scenario_info("dipmach_1901")
    assert info.victory is not None
    assert (info.victory.cities, info.victory.home_countries) == (15, 2)
    assert info.player_counts == (7,)
    assert board.variable_income == load_board("dipmach").variable_income


def test_starting_treasury_is_njudge_first_income_less_upkeep() -> None:
    """nJudge's first income pays the "Initial" column instead of a roll; then upkeep."""
    board, state = load_scenario("dipmach_1901")
    income = fixed_income(board, state)
    for power in state.powers:
        units = sum(1 for u in state.units if u.owner == power)
        assert state.treasury[power] == income[power].total + INITIAL[power] - 3 * units
    assert state.treasury == {"Austria": 1, "England": 5, "France": 3, "Germany": 5,
                              "Italy": 2, "Russia": 4, "Turkey": 0}


def test_mach2_special_limits_refuse_an_elite_professional_for_italy() -> None:
    board, start = load_scenario("dipmach_1901")
    state = replace(
        start, season="winter", phase="adjustment",
        options={**start.options, "mach2": True},
        units=[u for u in start.units if u.province not in ("rom", "lvp")],
    )
    refused = build_problem(board, state, "Italy", Build("A", "rom", special="elite_professional"))
    assert refused is not None and "elite professional" in refused
    assert build_problem(board, state, "Italy", Build("A", "rom", special="militia")) is None
    assert build_problem(board, state, "England",
                         Build("A", "lvp", special="elite_professional")) is None


def test_machiavelli_scenarios_lists_it() -> None:
    code, out = run("scenarios")
    assert code == 0, out
    line = next(x for x in out.splitlines() if x.startswith("dipmach_1901"))
    assert "1901" in line and "dipmach" in line.split()[2]
    assert "players: 7" in out.split("dipmach_1901", 1)[1].split("\n\n")[0]


# -- playing it ---------------------------------------------------------------------


def test_a_game_through_the_command_line(tmp_path: Path) -> None:
    """Spring: St Petersburg's south-coast fleet becomes the garrison, Turkey enters
    Bulgaria and Constantinople; summer: the garrison comes out as a fleet on the
    north coast, Turkey's fleet crosses to the Aegean, Germany uses the Kiel canal;
    fall: the fleet goes on to the Barents Sea and income is paid."""
    game = str(tmp_path / "game")
    code, out = run("new", "dipmach_1901", game, "--seed", "1901")
    assert code == 0, out
    assert "Spring 1901 movement" in out and "Garrison Sweden" in out

    def orders(power: str, text: str) -> None:
        code, out = run("orders", game, power, "-", stdin=text)
        assert code == 0, out

    orders("Russia", "F stp C G\nA war - lvn\n")
    orders("Turkey", "A con - bul\nF ank - con\n")
    orders("Germany", "F kie - hel\n")
    code, out = run("process", game)
    assert code == 0, out
    assert "Next: Summer 1901 movement" in out
    assert "Garrison St Petersburg" in out and "Fleet Helgoland Bight" in out
    assert "Bulgaria (city): nobody -> Turkey" in out

    orders("Russia", "G stp C F/nc\n")
    orders("Turkey", "F con - aeg\n")
    orders("Germany", "F hel - kie\n")
    code, out = run("process", game)
    assert code == 0, out
    assert "Fleet St Petersburg (nc)" in out and "Fleet Aegean Sea" in out
    assert "Next: Fall 1901 movement" in out

    orders("Russia", "F stp/nc - bar\n")
    orders("Germany", "F kie - bal\n")
    code, out = run("process", game)
    assert code == 0, out
    assert "Fleet Barents Sea" in out and "Fleet Baltic Sea" in out
    assert "Winter 1901 adjustment" in out
    assert re.search(r"England rolls \d \+ \d for the variable income", out)

    code, out = run("show", game, "--power", "Russia")
    assert code == 0 and "Treasury" in out


def test_a_garrison_cannot_leave_st_petersburg_without_a_coast(tmp_path: Path) -> None:
    game = str(tmp_path / "game")
    run("new", "dipmach_1901", game, "--seed", "1")
    run("orders", game, "Russia", "-", stdin="F stp C G\n")
    run("process", game)
    run("orders", game, "Russia", "-", stdin="G stp C F\n")
    code, out = run("process", game)
    assert code == 0, out
    assert "G stp C F  (void: the coast of St Petersburg must be given" in out
    assert "Garrison St Petersburg" in out


def _check_position(board: Board, state: State) -> None:
    spaces = [space_of(board, u.province, u.kind == "G") for u in state.units]
    assert len(spaces) == len(set(spaces)), "two units in one space"
    for u in state.units:
        prov = board.provinces[u.province]
        if u.kind == "A":
            assert not prov.sea and u.province != "swi"
        elif u.kind == "F":
            assert u.location in board.fleet_locations(u.province)
        else:
            assert prov.garrisonable
    assert all(v >= 0 for v in state.treasury.values())


@pytest.mark.parametrize("seed", [1, 2])
def test_random_machiavelli_games_on_dipmach(seed: int) -> None:
    """Three years of random orders (money, expenses, adjustments) with every table in use."""
    board, state = load_scenario("dipmach_1901")
    state = replace(state, options={**state.options, "plague": True, "storm": True})
    rng = random.Random(seed)
    phases = 0
    while state.year < 1904 and phases < 30:
        result = process_phase(board, state, random_orders(board, state, rng), f"dip-{seed}")
        state = result.after
        _check_position(board, state)
        phases += 1
        if result.winners:
            break
    assert state.year == 1904 or result.winners


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_diplomacy_style_games_on_dipmach(seed: int) -> None:
    """info.dipmach's 3-season Diplomacy with garrisons: mach2, nodice, nomoney, nospecial."""
    board, state = load_scenario("dipmach_1901")
    options = apply_set_command(state.options, "set mach2, nodice, nomoney, nospecial")
    assert isinstance(options, dict), options
    state = replace(state, options=options)
    assert not state.option("money") and state.option("garrisons") and state.option("mach2")
    rng = random.Random(seed)
    for _ in range(12):
        orders = random_phase_orders(board, state, rng)
        state = adjudicate_phase(board, state, orders, Dice("x")).state
        _check_position(board, state)
