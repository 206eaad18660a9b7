"""Machfive: nJudge's five-player variant, five Italies round Tuscany (board and scenario).

The board (data/maps/machfive.toml) is checked for its facts (info.machfive: 26 cities,
Florence 5 ducats, the Mediterranean reached from the Ionian Seas, ...); line by line
against nJudge's data/map.machfive and seed.machfive in tests/conformance/ (make
conformance), and against the record of what they say in tests/test_witnessed_facts.py.  The
scenario (data/scenarios/machfive_3001.toml) is checked against info.machfive's set up,
then played: a few campaigns through the game master's command line (a fleet sails to
the Mediterranean) and random games with every option it offers.
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
from machiavelli.core.state import State
from machiavelli.game.process import adjudicate_phase, process_phase
from machiavelli.game.random_orders import random_orders
from machiavelli.game.scenario import available_scenarios, load_scenario, scenario_info
from machiavelli.game.scenario.checks import ScenarioError
from machiavelli.movement.random_moves import random_phase_orders

ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth")
# nJudge's powers 1..5 -> our board letters
LETTERS = {"1": "F", "2": "S", "3": "T", "4": "O", "5": "I"}
POWERS = {"F": "First", "S": "Second", "T": "Third", "O": "Fourth", "I": "Fifth"}
HOME = ("an", "ba", "ca", "la", "na", "ot", "pr")  # each power's home country, ordinal added
FORTRESSES = {"are", "bol", "luc", "psa", "sie"}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("machfive")


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def ids(*stems: str, n: range = range(1, 6)) -> set[str]:
    return {f"{s}{i}" for s in stems for i in n}


# -- the board ---------------------------------------------------------------------


def test_counts(board: Board) -> None:
    provs = board.provinces
    assert len(provs) == 92
    assert sum(not p.sea for p in provs.values()) == 61
    seas = {pid for pid, p in provs.items() if p.sea}
    assert seas == ids("bay", "gon", "ion", "las", "uas", "st") | {"med"}
    assert board.powers == POWERS
    assert not board.straits


def test_twenty_six_cities_and_five_fortresses(board: Board) -> None:
    """info.machfive: "only 26 cities"; Siena, Pisa, Lucca, Bologna, Arezzo fortresses."""
    cities = {pid: p.city for pid, p in board.provinces.items() if p.city is not None}
    fortresses = {pid for pid, c in cities.items() if c.kind == "fortress"}
    assert fortresses == FORTRESSES
    counted = {pid: c for pid, c in cities.items() if c.kind != "fortress"}
    assert len(counted) == 26
    assert set(counted) == ids("an", "ba", "na", "pe", "ro") | {"flo"}
    assert all(c.kind == "fortified" for c in counted.values())
    assert {pid for pid, c in cities.items() if c.port} == ids("an", "ba", "na")
    assert sum(c.income for c in cities.values()) == 40


def test_florence_five_ducats_and_the_major_cities(board: Board) -> None:
    """info.machfive: Naples1..5 and Rome1..5 give 2 ducats, Florence five."""
    flo = board.provinces["flo"].city
    assert flo is not None and flo.income == 5 and flo.fortified and not flo.port
    incomes = {pid: p.city.income for pid, p in board.provinces.items() if p.city}
    assert {pid for pid, v in incomes.items() if v == 2} == ids("na", "ro")
    assert {pid for pid, v in incomes.items() if v > 2} == {"flo"}
    for pid in ids("ca", "la", "ot", "pr", "ur") | {"sar", "sic", "cor", "elb", "mal"}:
        assert board.provinces[pid].city is None, pid


def test_homes(board: Board) -> None:
    homes: dict[str, set[str]] = {}
    for pid, p in board.provinces.items():
        if p.home:
            homes.setdefault(p.home, set()).add(pid)
    assert homes == {letter: ids(*HOME, n=range(i, i + 1))
                     for i, letter in enumerate("FSTOI", 1)}


def test_adjacency_is_symmetric(board: Board) -> None:
    for a, targets in board.army_adj.items():
        for b in targets:
            assert a in board.army_adj[b], (a, b)
    for a, locs in board.fleet_adj.items():
        for b in locs:
            assert a in board.fleet_adj[b], (a, b)


def test_the_five_italies_are_alike(board: Board) -> None:
    """Turning the board by one Italy (ordinal + 1, Fifth -> First) keeps every edge."""

    def turn(pid: str) -> str:
        if pid[-1].isdigit():
            return pid[:-1] + str(int(pid[-1]) % 5 + 1)
        fixed = {"are": "bol", "bol": "luc", "luc": "psa", "psa": "sie", "sie": "are"}
        islands = {"sar": "sic", "sic": "cor", "cor": "elb", "elb": "mal", "mal": "sar"}
        return fixed.get(pid, islands.get(pid, pid))

    for a, targets in board.army_adj.items():
        assert board.army_adj[turn(a)] == {turn(b) for b in targets}, a
    for a, locs in board.fleet_adj.items():
        assert board.fleet_adj[turn(a)] == {turn(b) for b in locs}, a


def test_the_mediterranean_is_reached_from_the_ionian_seas(board: Board) -> None:
    """info.machfive: the Mediterranean "is accessible from the Ionian Seas"."""
    assert board.fleet_adj["med"] == ids("ion")
    for pid in ids("ion"):
        assert board.fleet_adjacent(pid, "med") and board.fleet_adjacent("med", pid)
    assert [loc for loc, adj in board.fleet_adj.items() if "med" in adj] == sorted(ids("ion"))


def test_a_sample_of_adjacencies(board: Board) -> None:
    """Lines of nJudge's map.machfive, copied here."""
    assert board.army_adj["la1"] == {"na1", "ca1", "an1", "pe1", "ro1", "ur5"}
    assert board.fleet_adj["la1"] == {"bay1", "na1", "ur5"}
    assert board.army_adj["ur3"] == {"luc", "psa", "pe3", "an3", "la4", "ro4"}
    assert board.fleet_adj["ion2"] == {"ion1", "cor", "st2", "ot2", "las2", "sic", "ion3",
                                       "med"}
    assert board.fleet_adj["uas4"] == {"mal", "gon5", "bay5", "an4", "ca4", "ba4", "las4"}
    assert board.army_adj["flo"] == FORTRESSES
    assert board.army_adj["sie"] == {"ur4", "ro5", "pe5", "ur5", "are", "flo", "psa"}
    # info.machfive: the Bay and the Upper Adriatic touch both Ancona and Capitanata
    for sea in ("bay2", "uas1"):
        assert board.fleet_adjacent(sea, "an1") and board.fleet_adjacent(sea, "ca1")
    # inland: Perugia, Rome, Tuscany; the islands only by sea
    for pid in ids("pe", "ro") | FORTRESSES | {"flo"}:
        assert not board.is_coastal(pid), pid
    for pid in ("sar", "sic", "cor", "elb", "mal"):
        assert board.army_adj[pid] == frozenset() and board.is_coastal(pid)


def test_names(board: Board) -> None:
    for name, pid in [("Naples1", "na1"), ("nap1", "na1"), ("First Naples", "na1"),
                      ("cap1", "ca1"), ("capit1", "ca1"), ("capua1", "la1"), ("lav1", "la1"),
                      ("sal3", "pr3"), ("by2", "bay2"), ("sb", "bay2"), ("gn4", "gon4"),
                      ("ogn", "gon4"), ("is5", "ion5"), ("iis", "ion5"), ("ua1", "uas1"),
                      ("fla", "las1"), ("ssa", "st1"), ("soy", "st2"), ("il2", "sic"),
                      ("sardi", "sar"), ("pis", "psa"), ("Pisa", "psa"), ("sienna", "sie"),
                      ("flore", "flo"), ("medit", "med"), ("Mediterranean", "med")]:
        assert board.lookup(name) == pid, name


def test_tables(board: Board) -> None:
    famine, plague, storm = board.famine_table, board.plague_table, board.storm_table
    assert famine[0][1] == "an4" and famine[5][5] == "flo" and famine[10][2] == "na2"
    assert plague[2][0] == "na1" and plague[10][9] == "an3" and plague[8][4] == "psa"
    assert storm[0][0] == "ion1" and storm[5][0] is None
    struck = {c for row in storm for c in row if c}
    assert not struck & (ids("gon", "las"))  # info.machfive: no storms there
    assert set(storm[3][3:8]) == ids("bay")  # row 5 and column 5: all the Bays
    assert {storm[r][3] for r in range(3, 8)} == ids("bay")
    assert storm[5][5] == "med"


def test_variable_income(board: Board) -> None:
    assert board.variable_income == {p: (1, (0, 1, 2, 2, 3, 4)) for p in ORDINALS}


# -- the scenario -------------------------------------------------------------------


def test_scenario_loads_with_info_machfive_setup() -> None:
    assert "machfive_3001" in available_scenarios()
    board, state = load_scenario("machfive_3001")
    assert board.name == state.board == "machfive"
    assert (state.year, state.season, state.phase) == (3001, "spring", "movement")
    assert state.powers == list(ORDINALS)
    for i, power in enumerate(ORDINALS, 1):
        mine = {(u.kind, u.location) for u in state.units if u.owner == power}
        assert mine == {("G", f"ba{i}"), ("A", f"an{i}"), ("F", f"na{i}")}
        held = {pid for pid, owner in state.province_owner.items() if owner == power}
        assert held == {f"{s}{i}" for s in HOME}
        assert sorted(state.home[power]) == sorted(held)
        cities = {pid for pid, owner in state.city_owner.items() if owner == power}
        assert cities == {f"an{i}", f"ba{i}", f"na{i}"}
    autonomous = {(u.kind, u.province) for u in state.units if u.owner is None}
    assert autonomous == {("G", pid) for pid in ids("ro", "pe") | {"flo"}}


def test_scenario_options_victory_and_players() -> None:
    board, state = load_scenario("machfive_3001")
    opts = state.options
    assert not opts["mach2"] and not opts["fortresses"]  # fortresses optional: off
    assert opts["famine"] and opts["plague"] and opts["storm"]  # disasters available
    assert opts["money"] and opts["garrisons"] and opts["summer"] and opts["coastal_convoys"]
    info = scenario_info("machfive_3001")
    assert info.victory is not None
    assert (info.victory.cities, info.victory.home_countries) == (15, 2)
    assert info.player_counts == (5,)
    assert board.variable_income == load_board("machfive").variable_income
    with pytest.raises(ScenarioError):
        load_scenario("machfive_3001", 4)


def test_machiavelli_scenarios_lists_it() -> None:
    code, out = run("scenarios")
    assert code == 0, out
    line = next(x for x in out.splitlines() if x.startswith("machfive_3001"))
    assert "3001" in line and "machfive" in line.split()[2]
    entry = out.split("machfive_3001", 1)[1].split("\n\n")[0]
    assert "First, Second, Third, Fourth, Fifth" in entry and "players: 5" in entry


# -- playing it ---------------------------------------------------------------------


def test_a_game_through_the_command_line(tmp_path: Path) -> None:
    """The First fleet sails Naples - Gulf of Naples - Strait of Sardinia - Ionian Sea,
    is maintained in the winter and reaches the Mediterranean in spring 3002; the
    armies take Urbino and, by nJudge's names, the Second Capitanata."""
    game = str(tmp_path / "game")
    code, out = run("new", "machfive_3001", game, "--seed", "3001",
                    "--set", "noplague", "--set", "nostorm")
    assert code == 0, out
    assert "Spring 3001 movement" in out and "starting treasuries" in out
    assert "Garrison Florence" in out and "Fleet First Naples" in out

    def orders(power: str, text: str) -> str:
        code, out = run("orders", game, power, "-", stdin=text)
        assert code == 0, out
        return out

    def process(*expected: str) -> str:
        code, out = run("process", game)
        assert code == 0, out
        for text in expected:
            assert text in out, (text, out)
        return out

    orders("First", "F na1 - gon1\nA an1 - ur1\n")
    stored = orders("Second", "A ancona2 - capitanata2\nF naples2 - by2\n")
    assert "A an2 - ca2" in stored and "F na2 - bay2" in stored
    orders("Third", "A an3 - pe3\n")
    process("Next: Summer 3001 movement", "Fleet First Gulf of Naples", "Army First Urbino",
            "Army Second Capitanata", "Fleet Second Bay", "Army Third Perugia")

    orders("First", "F gon1 - st1\n")
    process("Next: Fall 3001 movement", "Fleet Strait of Sardinia")

    orders("First", "F st1 - ion1\n")
    out = process("Next: Winter 3001 adjustment", "Fleet First Ionian Sea")
    assert re.search(r"First rolls \d for the variable income", out)

    orders("First", "maintain F ion1\nmaintain G ba1\nmaintain A ur1\n")
    process("Next: Spring 3002 movement", "Fleet First Ionian Sea")

    orders("First", "F ion1 - med\n")
    process("Fleet Mediterranean")

    code, out = run("show", game, "--power", "First")
    assert code == 0 and "Treasury" in out and "Fleet Mediterranean" in out


def _check_position(board: Board, state: State) -> None:
    spaces = [space_of(board, u.province, u.kind == "G") for u in state.units]
    assert len(spaces) == len(set(spaces)), "two units in one space"
    for u in state.units:
        prov = board.provinces[u.province]
        if u.kind == "A":
            assert not prov.sea
        elif u.kind == "F":
            assert u.location in board.fleet_locations(u.province)
        else:
            assert prov.garrisonable
    assert all(v >= 0 for v in state.treasury.values())


@pytest.mark.parametrize(("seed", "extra"), [
    (1, {}),
    (2, {"fortresses": True}),
    (3, {"mach2": True, "coastal_convoys": False}),
    (4, {"money": False}),
])
def test_random_games_on_machfive(seed: int, extra: dict[str, bool]) -> None:
    """Six years of random orders (money, expenses, adjustments, every disaster), also
    with fortresses, under the Machiavelli 2 rules (info.machfive: either) and without
    money."""
    board, state = load_scenario("machfive_3001")
    state = replace(state, options={**state.options, **extra})
    rng = random.Random(seed)
    phases = 0
    result = None
    while state.year < 3007 and phases < 60:
        result = process_phase(board, state, random_orders(board, state, rng), f"m5-{seed}")
        state = result.after
        _check_position(board, state)
        phases += 1
        if result.winners:
            break
    assert result is not None
    assert state.year == 3007 or result.winners


@pytest.mark.parametrize("seed", [1, 2])
def test_random_phases_on_machfive(seed: int) -> None:
    """random_moves.random_phase_orders, adjudicated phase by phase."""
    board, state = load_scenario("machfive_3001")
    rng = random.Random(seed)
    for _ in range(24):
        orders = random_phase_orders(board, state, rng)
        state = adjudicate_phase(board, state, orders, Dice(f"m5-{seed}")).state
        _check_position(board, state)
    assert (state.year, state.season) > (3001, "spring")
