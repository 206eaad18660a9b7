"""nJudge's Expansion of States with Este (mach_este) and Machiavelli 2's Empire and
Invaders (mach2_eai): the set ups as their files give them, and their special rules in
play (a power without a player, builds anywhere, no fleets, special-unit limits)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from machiavelli.builds import build_problem
from machiavelli.cli import main
from machiavelli.game import process_phase
from machiavelli.legality import check_order
from machiavelli.orders import Build, Convert, Maintain, UnitRef
from machiavelli.scenario import load_scenario, scenario_info, unfunded_powers
from machiavelli.state import Unit


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


# -- 1385 with Este ---------------------------------------------------------------------------


def test_este_set_up_as_njudges_seed_and_map() -> None:
    board, state = load_scenario("expansion_1385_este")
    assert state.powers == ["Este", "Florence", "Milan", "Naples", "Venice"]
    assert board.powers["E"] == "Este"
    assert state.home_countries == {
        "Este": ["fer", "man", "mod"],
        "Florence": ["are", "flo", "psa", "pst"],
        "Milan": ["com", "cre", "gen", "mil", "pav"],
        "Naples": ["anc", "aqu", "bar", "nap", "sle"],
        "Venice": ["dal", "ist", "rag", "ven"],
    }
    assert state.province_owner["par"] == "Este" and board.provinces["par"].home is None
    assert "bol" not in state.province_owner and state.unit_in("bol") is None
    autonomous = {u.province for u in state.units if u.owner is None}
    assert len(autonomous) == 27 and {"anc", "are", "fer", "man", "mod", "par"}.isdisjoint(
        autonomous
    )
    assert "Este" in board.variable_income and "rme" in board.variable_income
    assert set(unfunded_powers("expansion_1385_este")) == set(state.powers)


def test_este_game_through_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    code, out = run("new", "expansion_1385_este", game, "--seed", "5")
    assert code == 0, out
    assert "Este pays" in out
    for _ in range(3):
        code, out = run("process", game)
        assert code == 0, out
    assert "Fall 1385" in out or "Winter 1385" in out


# -- Empire and Invaders (1051) -------------------------------------------------------------


def test_eai_set_up_as_njudges_seed_and_info() -> None:
    board, state = load_scenario("mach2_1051")
    info = scenario_info("mach2_1051")
    assert info.unplayed == ("Lombardy",) and info.player_counts == (7,)
    assert "Lombardy" in state.powers and "Lombardy" not in {
        p for side in info.variant().sides for p in side
    }
    assert state.treasury == {"Byzantium": 6, "Empire": 5, "Turkey": 6, "Normans": 4,
                              "Papacy": 3, "Pisa": 4, "Venice": 6, "Lombardy": 0}
    assert unfunded_powers("mach2_1051") == ()
    assert state.home_countries["Normans"] == ["nap"]  # fleets at sea hold nothing
    assert "tyn" not in state.province_owner and "bot" not in state.province_owner
    assert board.build_anywhere == {"Normans"} and board.no_fleets == {"Empire"}
    assert board.provinces["flo"].city is not None and board.provinces["flo"].city.income == 2
    assert board.provinces["psa"].city is not None and board.provinces["psa"].city.income == 2
    assert board.special_limits["Lombardy"] == () and "Lombardy" not in board.variable_income
    for pid in ("avi", "mar", "pro", "sav", "slu", "swi", "tyr", "aus", "hun", "sla"):
        assert not board.army_adj[pid]


def _winter(state):  # type: ignore[no-untyped-def]
    state.season, state.phase = "winter", "adjustment"
    return state


def test_eai_normans_build_in_a_city_they_control_outside_naples() -> None:
    board, state = load_scenario("mach2_1051")
    _winter(state)
    state.units = [u for u in state.units if u.province != "bar"]
    state.province_owner["bar"] = state.city_owner["bar"] = "Normans"  # Bari taken
    state.treasury["Normans"] = 10
    assert build_problem(board, state, "Normans", Build("A", "bar")) is None
    assert build_problem(board, state, "Normans", Build("F", "bar")) is None  # a port
    state.province_owner["bar"] = state.city_owner["bar"] = "Byzantium"
    assert "not in a home country" in (build_problem(board, state, "Byzantium",
                                                     Build("A", "bar")) or "")


def test_eai_empire_never_builds_or_converts_to_fleets() -> None:
    board, state = load_scenario("mach2_1051")
    _winter(state)
    state.home_countries["Empire"] = ["cre", "gen", "mil", "pav"]  # as if Genoa were home
    state.province_owner["gen"] = state.city_owner["gen"] = "Empire"
    state.units = [u for u in state.units if u.province != "gen"]
    assert board.provinces["gen"].city is not None and board.provinces["gen"].city.port
    why = build_problem(board, state, "Empire", Build("F", "gen"))
    assert why == "Empire may never build fleets in this scenario"
    assert build_problem(board, state, "Empire", Build("A", "gen")) is None
    _, spring = load_scenario("mach2_1051")
    spring.units = [u for u in spring.units if u.province != "gen"]
    spring.units.append(Unit("G", "Empire", "gen"))
    why = check_order(board, spring, "Empire", Convert(UnitRef("G", "gen"), "F"))
    assert why == "Empire may never convert units to fleets in this scenario"
    spring.units[-1] = Unit("G", "Venice", "gen")
    assert check_order(board, spring, "Venice", Convert(UnitRef("G", "gen"), "F")) is None


def test_eai_special_limits_under_the_mach2_rules() -> None:
    board, state = load_scenario("mach2_1051")
    _winter(state)
    state.units = [u for u in state.units if u.province != "rme"]
    state.treasury["Papacy"] = 20
    pro = Build("A", "rme", special="elite_professional")
    assert "may not build elite professional" in (build_problem(board, state, "Papacy", pro)
                                                  or "")
    assert build_problem(board, state, "Papacy",
                         Build("A", "rme", special="elite_mercenary")) is None


def test_eai_lombardy_holds_and_loses_its_armies_at_the_first_adjustment() -> None:
    board, state = load_scenario("mach2_1051")
    _winter(state)
    maintain = {p: [Maintain(UnitRef(u.kind, u.province, u.coast)) for u in state.units_of(p)]
                for p in state.powers if p != "Lombardy"}
    result = process_phase(board, state, maintain, "seed")
    assert not result.after.units_of("Lombardy")
    assert result.after.units_of("Venice")


def test_eai_game_through_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    code, out = run("new", "mach2_1051", game, "--seed", "2")
    assert code == 0, out
    assert "Game start" not in out  # every treasury is given
    for _ in range(4):
        code, out = run("process", game)
        assert code == 0, out
    code, out = run("history", game)
    assert code == 0 and "Results for Winter 1051 adjustment" in out


# -- special units in the other Machiavelli 2 scenarios ----------------------------------------


def test_mach2_scenarios_special_limits_from_njudges_maps() -> None:
    limits = {name: load_scenario(name)[0].special_limits
              for name in ("mach2_0725", "mach2_1177", "mach2_1253")}
    assert limits["mach2_0725"]["Byzantium"] == ("elite_mercenary", "elite_professional")
    assert limits["mach2_0725"]["Papacy"] == ("elite_mercenary",)
    assert limits["mach2_1177"]["Milan"] == ("militia", "elite_mercenary")
    assert "Mongols" not in limits["mach2_1177"] and "Venice" not in limits["mach2_1177"]
    assert limits["mach2_1253"]["Naples"] == ("elite_mercenary", "elite_professional")
    assert "Genoa" not in limits["mach2_1253"]
