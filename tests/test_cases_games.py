"""Cases from games: SCENARIO, SEED, PRESTATE_HOMES, PRESTATE_ELIMINATED, and the writer."""

from __future__ import annotations

from dataclasses import replace

from machiavelli.bots.env import Env
from machiavelli.cases.files import parse_cases
from machiavelli.cases.game_cases import game_case
from machiavelli.cases.runner import initial_state, run_case
from machiavelli.core.maps import load_board
from machiavelli.core.state import Dislodged, Loan, Rebellion, State, Unit
from machiavelli.game.scenario import load_scenario, scenario_board


def every_field_set() -> State:
    """A position of a game with every part of State in use."""
    env = Env()
    env.reset("classic_1454", seed="fields")
    state = env.state()
    army = next(u for u in state.units if u.owner == "Milan" and u.kind == "A")
    state.units.remove(army)
    state.units.append(replace(army, siege=1, special="militia"))
    return replace(
        state, phase="retreat",
        dislodged=[Dislodged(Unit("A", "Venice", "bol"), "mod", False),
                   Dislodged(Unit("F", "Naples", "cap"), None, False)],
        contested=["fer", "luc#"],
        rebellions={"mod": Rebellion("mod", "Florence", True, True),
                    "par": Rebellion("par", "Milan", False, True)},
        famine=["sie"],
        loans={"Milan": [Loan(10, 2, "fall", 1454), Loan(5, 3, "spring", 1455)]},
        defaulted=["Turkey"], assassinated=["Papacy"], eliminated=["France"],
        home={**state.home, "Milan": ("mil", "pav")})


def test_a_written_case_holds_the_whole_position() -> None:
    state = every_field_set()
    text = game_case("all the fields", state, {"Milan": ["A bol R mod"]},
                     scenario="classic_1454", seed="fields", comments=["made by a test"])
    [case] = parse_cases(text)
    assert case.error is None, case.error
    assert (case.scenario, case.seed) == ("classic_1454", "fields")
    board = scenario_board("classic_1454")
    assert initial_state(case, board).to_dict() == state.to_dict()


def test_a_scenario_case_has_the_scenario_board_and_powers() -> None:
    [case] = parse_cases("CASE s\nSCENARIO mach2_1051\nPRESTATE\nEND\n")
    assert case.error is None, case.error
    board = scenario_board("mach2_1051")
    state = initial_state(case, board)
    assert board.name == "machiavelli2" and state.board == "machiavelli2"
    start = load_scenario("mach2_1051")[1]
    assert state.powers == start.powers and case.options == start.options
    assert state.home_countries == start.home_countries and state.home == start.home


def test_a_variant_for_a_number_of_players_is_read() -> None:
    [case] = parse_cases("CASE s\nSCENARIO classic_1454 6\nPRESTATE\nEND\n")
    assert case.error is None and case.players == 6


def test_an_unknown_scenario_is_a_case_error_naming_the_line() -> None:
    [case] = parse_cases("CASE s\nSCENARIO atlantis\nPRESTATE\nEND\n", "f.txt")
    assert case.error is not None and "f.txt:2" in case.error and "atlantis" in case.error
    [case] = parse_cases("CASE s\nSCENARIO classic_1454 six\nPRESTATE\nEND\n", "f.txt")
    assert case.error is not None and "SCENARIO <name> [<players>]" in case.error


def test_without_scenario_a_case_reads_as_before() -> None:
    [case] = parse_cases("VARIANT_ALL Standard\nCASE s\nPRESTATE\n\tEngland: F lon\n"
                         "ORDERS\n\tEngland: F lon - nth\nPOSTSTATE\n\tEngland: F nth\nEND\n")
    assert case.scenario is None and case.seed is None
    run = run_case(case)
    assert run.state is not None and [u.province for u in run.state.units] == ["nth"]
    assert initial_state(case, load_board("standard")).eliminated == []


def test_seed_processes_the_phase_as_the_game_does() -> None:
    """With SEED the case runs process_phase: the adjustment after a fall campaign comes
    with its income, as the game had it (the case itself is a fall movement)."""
    env = Env()
    env.reset("classic_1454", seed="seeded")
    for _ in range(2):
        env.step({})
    before = env.state()
    assert before.season == "fall"
    text = game_case("fall", before, {}, scenario="classic_1454", seed="seeded")
    env.step({})
    [case] = parse_cases(text)
    run = run_case(case)
    assert run.error is None and run.state == env.state()
    assert run.state.phase == "adjustment"
    assert any("income" in r.purpose for r in run.rolls)
