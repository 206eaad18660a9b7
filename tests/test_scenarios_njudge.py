"""Two scenarios carried over from nJudge and the special units of the Machiavelli 2 ones.

- ``expansion_1385_este``: nJudge's "Expansion of States with Este" (mach_este), the 1385
  scenario with a fifth power;
- ``mach2_1051``: nJudge's Machiavelli 2 scenario VI, "Empire and Invaders" (mach2_eai),
  with its rules: a power without a player (Lombardy), builds anywhere (the Normans), no
  fleets (the Empire), limits on special units;
- the special-unit limits of ``mach2_0725``, ``mach2_1177`` and ``mach2_1253``.

The set ups are checked as facts (against nJudge's own files, ../shared/witnesses/njudge,
in tests/conformance/test_scenarios_njudge_witnessed.py, make conformance; against the
record of what they say in tests/test_witnessed_facts.py), and played through the command
line and the phase machine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.core.board import Board, City
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Build, Convert, Maintain, UnitRef
from machiavelli.core.state import State, Unit
from machiavelli.game.process import process_phase
from machiavelli.game.scenario import load_scenario, scenario_info, unfunded_powers
from machiavelli.movement.builds import build_problem
from machiavelli.movement.legality import check_order

ESTE = "expansion_1385_este"
EAI = "mach2_1051"
SPECIAL_KINDS = ("militia", "elite_mercenary", "elite_professional")


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def units(state: State, power: str | None) -> set[str]:
    return {f"{u.kind} {u.province}" for u in state.units_of(power)}


def army_cut_off(board: Board, pid: str) -> bool:
    """Off the board: no army move leads in or out (fleets neither)."""
    into = any(pid in adj for adj in board.army_adj.values())
    return not board.army_adj.get(pid) and not into


# -- 1385 with Este ------------------------------------------------------------------------------


def test_este_powers_units_and_treasuries() -> None:
    board, state = load_scenario(ESTE)
    assert state.powers == ["Este", "Florence", "Milan", "Naples", "Venice"]
    assert board.powers["E"] == "Este" and board.powers["L"] == "Florence"
    assert units(state, "Este") == {"A fer", "A mod", "A man"}
    assert units(state, "Florence") == {"A flo", "F psa", "A pst"}
    assert units(state, "Milan") == {"A cre", "F gen", "A mil", "A pav"}
    assert units(state, "Naples") == {"A aqu", "A bar", "F nap", "F sle"}
    assert units(state, "Venice") == {"F dal", "G ven", "F rag"}
    # map.mach_este's "Initial" column in place of the first variable income
    assert state.treasury == {"Este": 0, "Florence": 0, "Milan": 1, "Naples": 0, "Venice": 0}
    assert unfunded_powers(ESTE) == ()
    assert scenario_info(ESTE).player_counts == (5,) and scenario_info(ESTE).unplayed == ()


def test_este_home_countries_parma_and_bologna() -> None:
    board, state = load_scenario(ESTE)
    assert {c: list(v) for c, v in state.home_countries.items()} == {
        "Este": ["fer", "man", "mod"],
        "Florence": ["are", "flo", "psa", "pst"],
        "Milan": ["com", "cre", "gen", "mil", "pav"],
        "Naples": ["anc", "aqu", "bar", "nap", "sle"],
        "Venice": ["dal", "ist", "rag", "ven"],
    }
    # Parma: Este's at the start (info file), no one's home (map file), its garrison gone
    assert state.province_owner["par"] == "Este" and board.provinces["par"].home is None
    assert state.unit_in("par") is None
    # Bologna: Milan's army gone, no garrison put there: empty and uncontrolled
    assert "bol" not in state.province_owner and state.unit_in("bol") is None
    # Naples without Otranto and Capua
    assert "otr" not in state.province_owner and "cap" not in state.province_owner


def test_este_autonomous_garrisons_with_and_without_fortresses() -> None:
    _, state = load_scenario(ESTE)
    garrisons = {u.province for u in state.units_of(None)}
    assert garrisons == {
        "dur", "luc", "mes", "mon", "pad", "pal", "per", "pio", "rme", "slu", "sav", "sie",
        "trt", "trv", "tun", "tur",
        "ber", "bre", "for", "pat", "pia", "rma", "spo", "tiv", "urb", "ver", "vic",
    }
    assert all(u.kind == "G" for u in state.units_of(None))
    _, plain = load_scenario(ESTE, options={"fortresses": False})
    assert len(plain.units_of(None)) == 16


def test_este_off_board_victory_and_variable_income() -> None:
    board, state = load_scenario(ESTE)
    for pid in ("avi", "mar", "pro", "swi", "tyr", "aus", "cri", "hun"):
        assert army_cut_off(board, pid), pid
        assert pid not in state.province_owner
    info = scenario_info(ESTE)
    assert info.victory is not None
    assert (info.victory.cities, info.victory.home_countries) == (15, 2)
    assert state.options["fortresses"] and not state.options["mach2"]
    assert board.variable_income == {
        "Este": (1, (1, 2, 2, 3, 3, 4)),
        "Florence": (1, (1, 2, 3, 3, 4, 5)),
        "Milan": (1, (2, 3, 3, 4, 4, 5)),
        "Naples": (1, (1, 2, 2, 3, 3, 4)),
        "rme": (1, (2, 3, 3, 4, 5, 6)),
        "Venice": (1, (2, 3, 3, 4, 4, 5)),
    }
    assert board.special_limits == {}  # map.mach_este: every power may build every kind
    classic = load_board("classic")
    assert all(board.provinces[p].city == classic.provinces[p].city for p in classic.provinces)
    assert board.famine_table == classic.famine_table
    assert board.plague_table == classic.plague_table


def test_este_game_through_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    code, out = run("new", ESTE, game, "--seed", "1")
    assert code == 0, out
    assert "Spring 1385 movement" in out and "Army Ferrara" in out
    assert "Game start" not in out  # every treasury is given
    code, out = run("orders", game, "Este", "-", stdin="A fer - bol\nA mod S A fer - bol\n")
    assert code == 0, out
    for _ in range(4):
        code, out = run("process", game)
        assert code == 0, out
    code, out = run("history", game)
    assert code == 0, out
    for label in ("Spring 1385 movement", "Summer 1385 movement", "Fall 1385 movement",
                  "Winter 1385 adjustment"):
        assert f"Results for {label}" in out
    code, out = run("show", game, "--power", "Este")
    assert code == 0 and "Treasury" in out


# -- Empire and Invaders, 1051 -------------------------------------------------------------------

EAI_LETTERS = {"B": "Byzantium", "E": "Empire", "T": "Turkey", "N": "Normans", "P": "Papacy",
               "S": "Pisa", "V": "Venice", "L": "Lombardy"}
EAI_OFF = ("avi", "mar", "pro", "sav", "slu", "swi", "tyr", "aus", "hun", "sla")


def test_eai_powers_letters_units_and_treasuries() -> None:
    board, state = load_scenario(EAI)
    assert state.powers == list(EAI_LETTERS.values())
    for letter, power in EAI_LETTERS.items():
        assert board.powers[letter] == power
    assert units(state, "Byzantium") == {"A sle", "A otr", "F rag"}
    assert units(state, "Empire") == {"A mil", "A pav", "A cre"}
    assert units(state, "Turkey") == {"F bot", "A pal", "A mes"}
    assert units(state, "Normans") == {"F tyn", "F gon", "A nap"}
    assert units(state, "Papacy") == {"A rme", "A per", "A are"}
    assert units(state, "Pisa") == {"F psa", "A luc", "A pio"}
    assert units(state, "Venice") == {"F ven", "A pad", "A trv"}
    assert units(state, "Lombardy") == {"A anc", "A bar"}
    assert {u.province for u in state.units_of(None)} == {
        "tur", "mon", "gen", "trt", "man", "mod", "fer", "bol", "flo", "sie"}
    # the info's initial incomes; the Normans the original 4, not nJudge's 10
    assert state.treasury == {"Byzantium": 6, "Empire": 5, "Turkey": 6, "Normans": 4,
                              "Papacy": 3, "Pisa": 4, "Venice": 6, "Lombardy": 0}
    assert unfunded_powers(EAI) == ()


def test_eai_home_countries() -> None:
    _, state = load_scenario(EAI)
    assert {c: list(v) for c, v in state.home_countries.items()} == {
        "Byzantium": ["alb", "dur", "otr", "rag", "sle"],
        "Empire": ["cre", "mil", "pav"],
        "Turkey": ["mes", "pal", "tun"],
        "Normans": ["nap"],  # the fleets at sea hold nothing
        "Papacy": ["are", "pat", "per", "rme"],
        "Pisa": ["luc", "pio", "psa"],
        "Venice": ["pad", "trv", "ven"],
        "Lombardy": ["anc", "bar"],
    }


def test_eai_scenario_rules() -> None:
    board, state = load_scenario(EAI)
    info = scenario_info(EAI)
    assert info.unplayed == ("Lombardy",) and info.player_counts == (7,)
    assert all("Lombardy" not in side for side in info.variant().sides)
    assert board.build_anywhere == {"Normans"} and board.no_fleets == {"Empire"}
    for pid in EAI_OFF:
        assert army_cut_off(board, pid), pid
    assert not army_cut_off(board, "cri")  # Carinthia stays on the board
    m2 = load_board("machiavelli2")
    assert board.provinces["flo"].city == City("fortified", False, 2)  # nJudge's tweak
    assert board.provinces["psa"].city == City("fortified", True, 2)
    changed = [p for p in m2.provinces if board.provinces[p].city != m2.provinces[p].city]
    assert changed == ["flo", "psa"]
    assert board.famine_table == m2.famine_table and board.storm_table == m2.storm_table
    assert "Lombardy" not in board.variable_income and "gen" not in board.variable_income
    assert board.variable_income["Empire"] == m2.variable_income["Austria"]  # one die
    assert board.variable_income["Venice"] == (1, (2, 3, 3, 4, 4, 5))
    assert board.special_limits == {
        "Byzantium": ("elite_mercenary", "elite_professional"),
        "Empire": ("elite_mercenary", "elite_professional"),
        "Turkey": ("elite_mercenary",),
        "Normans": ("elite_mercenary",),
        "Papacy": ("elite_mercenary",),
        "Pisa": ("militia", "elite_mercenary"),
        "Venice": ("militia", "elite_mercenary"),
        "Lombardy": (),
    }
    assert state.options["mach2"] and not state.options["fortresses"]


def test_scenarios_command_lists_both() -> None:
    code, out = run("scenarios")
    assert code == 0, out
    assert ESTE in out and EAI in out
    assert "Este, Florence, Milan, Naples, Venice" in out
    assert "Lombardy (Lombardy: no player)" in out
    code, out = run("scenarios", EAI)
    assert code == 0 and "(Lombardy: no player)" in out
    assert "Byzantium | Empire | Turkey | Normans | Papacy | Pisa | Venice" in out
    code, out = run("scenarios", ESTE)
    assert code == 0 and "15 cities and 2 home countries" in out


def test_eai_game_through_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    code, out = run("new", EAI, game, "--seed", "1")
    assert code == 0, out
    assert "Game start" not in out and "Army Ancona" in out
    for _ in range(4):
        code, out = run("process", game)
        assert code == 0, out
    code, out = run("history", game)
    assert code == 0 and "Results for Winter 1051 adjustment" in out
    assert "Results for Fall 1051 movement" in out


def test_eai_normans_take_bari_and_build_there(tmp_path: Path) -> None:
    """Through the command line: the Normans take Bari from the unplayed Lombardy with
    Byzantine support, and in the winter adjustment build a garrison there, a city that is
    in no Norman home country."""
    game = str(tmp_path / "g")
    assert run("new", EAI, game, "--seed", "1")[0] == 0
    assert run("orders", game, "Normans", "-", stdin="A nap - aqu\n")[0] == 0
    assert run("process", game)[0] == 0  # spring
    assert run("process", game)[0] == 0  # summer
    assert run("orders", game, "Normans", "-", stdin="A aqu - bar\n")[0] == 0
    assert run("orders", game, "Byzantium", "-", stdin="A otr S A aqu - bar\n")[0] == 0
    code, out = run("process", game)  # fall; Lombardy retreats nowhere
    assert code == 0, out
    code, out = run("process", game)
    assert code == 0, out
    assert "Bari (city): Lombardy -> Normans" in out and "Winter 1051 adjustment" in out
    orders = "maintain A bar\nmaintain F gon\nremove F tyn\nbuild G bar\n"
    code, out = run("orders", game, "Normans", "-", stdin=orders)
    assert code == 0, out
    code, out = run("process", game)
    assert code == 0, out
    assert "build G bar  (3 ducats)" in out
    code, out = run("show", game)
    assert code == 0 and "Normans: Army Bari, Garrison Bari, Fleet Gulf of Naples" in out


def _winter(state: State) -> State:
    state.season, state.phase = "winter", "adjustment"
    return state


def test_eai_normans_build_anywhere_others_at_home_only() -> None:
    board, state = load_scenario(EAI)
    _winter(state)
    state.units = [u for u in state.units if u.province != "bar"]
    state.province_owner["bar"] = state.city_owner["bar"] = "Normans"
    state.treasury["Normans"] = 20
    assert build_problem(board, state, "Normans", Build("A", "bar")) is None
    assert build_problem(board, state, "Normans", Build("F", "bar")) is None  # a port
    orders = {"Normans": [Build("F", "bar"), *(Maintain(UnitRef(u.kind, u.province, u.coast))
                                               for u in state.units_of("Normans"))]}
    after = process_phase(board, state, orders, "seed").after
    assert Unit("F", "Normans", "bar") in after.units
    state.province_owner["bar"] = state.city_owner["bar"] = "Byzantium"
    why = build_problem(board, state, "Byzantium", Build("A", "bar"))
    assert why is not None and "not in a home country" in why


def test_eai_empire_never_builds_nor_converts_to_fleets() -> None:
    board, state = load_scenario(EAI)
    _winter(state)
    state.home_countries["Empire"] = ("cre", "gen", "mil", "pav")  # as if Genoa were home
    state.province_owner["gen"] = state.city_owner["gen"] = "Empire"
    state.units = [u for u in state.units if u.province != "gen"]
    state.treasury["Empire"] = 20
    assert build_problem(board, state, "Empire", Build("F", "gen")) == (
        "Empire may never build fleets in this scenario")
    assert build_problem(board, state, "Empire", Build("A", "gen")) is None
    result = process_phase(board, state, {"Empire": [Build("F", "gen")]}, "seed")
    assert result.after.unit_in("gen") is None
    # a garrison of the Empire in Genoa may not become a fleet; Venice's may
    _, spring = load_scenario(EAI)
    spring.units = [u for u in spring.units if u.province != "gen"]
    spring.units.append(Unit("G", "Empire", "gen"))
    convert = Convert(UnitRef("G", "gen"), "F")
    assert check_order(board, spring, "Empire", convert) == (
        "Empire may never convert units to fleets in this scenario")
    moved = process_phase(board, spring, {"Empire": [convert]}, "seed").after
    assert Unit("G", "Empire", "gen") in moved.units
    spring.units[-1] = Unit("G", "Venice", "gen")
    assert check_order(board, spring, "Venice", convert) is None


def test_eai_lombardy_holds_and_loses_its_armies_at_the_first_adjustment() -> None:
    board, state = load_scenario(EAI)
    _winter(state)
    state.treasury = {p: 30 for p in state.powers}
    maintain = {p: [Maintain(UnitRef(u.kind, u.province, u.coast)) for u in state.units_of(p)]
                for p in state.powers if p != "Lombardy"}
    result = process_phase(board, state, maintain, "seed")
    assert not result.after.units_of("Lombardy")
    assert units(result.after, "Venice") == {"F ven", "A pad", "A trv"}


def test_eai_special_limits_apply_to_builds() -> None:
    board, state = load_scenario(EAI)
    _winter(state)
    for power in state.powers:
        state.treasury[power] = 30
    state.units = [u for u in state.units if u.province not in ("rme", "psa", "mil", "pal")]

    def problem(power: str, pid: str, special: str) -> str | None:
        return build_problem(board, state, power, Build("A", pid, special=special))

    assert "may not build elite professional" in (problem("Papacy", "rme",
                                                          "elite_professional") or "")
    assert problem("Papacy", "rme", "elite_mercenary") is None
    assert "may not build" in (problem("Papacy", "rme", "militia") or "")
    assert problem("Pisa", "psa", "militia") is None
    assert problem("Empire", "mil", "elite_professional") is None
    assert "may not build" in (problem("Empire", "mil", "militia") or "")
    assert "may not build" in (problem("Turkey", "pal", "elite_professional") or "")


# -- the special units of the other Machiavelli 2 scenarios -------------------------------------

MACH2_LIMITS: dict[str, dict[str, tuple[str, ...]]] = {
    "mach2_0725": {
        "Byzantium": ("elite_mercenary", "elite_professional"),
        "France": ("elite_mercenary",),
        "Lombardy": ("elite_mercenary",),
        "Papacy": ("elite_mercenary",),
    },
    "mach2_1177": {
        "Empire": ("elite_mercenary", "elite_professional"),
        "Milan": ("militia", "elite_mercenary"),
        "Papacy": ("elite_mercenary",),
    },
    "mach2_1253": {
        "Aragon": ("elite_mercenary", "elite_professional"),
        "Naples": ("elite_mercenary", "elite_professional"),
        "Florence": ("militia", "elite_mercenary"),
        "Milan": ("militia", "elite_mercenary"),
        "Papacy": ("militia", "elite_mercenary"),
    },
}
MACH2_MAPS = {"mach2_0725": ["map.mach2_fotl"], "mach2_1177": ["map.mach2_pamt", "map.mach2_pa"],
              "mach2_1253": ["map.mach2_ttr"]}


@pytest.mark.parametrize("name", sorted(MACH2_LIMITS))
def test_mach2_scenarios_special_limits(name: str) -> None:
    board, state = load_scenario(name)
    assert board.special_limits == MACH2_LIMITS[name]
    assert state.options["mach2"]  # the limits bind only under the Machiavelli 2 rules


def test_mach2_1253_limits_in_builds() -> None:
    board, state = load_scenario("mach2_1253")
    _winter(state)
    for power in state.powers:
        state.treasury[power] = 30
    state.units = [u for u in state.units if u.province not in ("pal", "gen")]
    militia = Build("A", "pal", special="militia")
    assert "may not build militia" in (build_problem(board, state, "Aragon", militia) or "")
    pro = Build("A", "pal", special="elite_professional")
    assert build_problem(board, state, "Aragon", pro) is None
    for kind in SPECIAL_KINDS:  # Genoa is not listed: any
        assert build_problem(board, state, "Genoa", Build("A", "gen", special=kind)) is None
    state.options["mach2"] = False  # the limits are a Machiavelli 2 rule (M9)
    assert build_problem(board, state, "Aragon", militia) is None
