"""Random legal orders through many phases: the engine never breaks its invariants."""

from __future__ import annotations

import random

import pytest

from machiavelli.core.board import Board, space_of
from machiavelli.core.dice import Dice
from machiavelli.core.state import State
from machiavelli.game.process import adjudicate_phase, process_phase
from machiavelli.game.random_orders import random_orders
from machiavelli.game.scenario import available_scenarios, load_scenario, scenario_info
from machiavelli.movement.random_moves import random_phase_orders


def check_invariants(board: Board, state: State) -> None:
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
    for d in state.dislodged:
        assert d.unit not in state.units


@pytest.mark.parametrize("scenario,phases", [("standard_1901", 30), ("classic_1454", 12)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_invariants(scenario: str, phases: int, seed: int) -> None:
    board, state = load_scenario(scenario)
    rng = random.Random(seed)
    for _ in range(phases):
        if state.phase == "adjustment" and not state.option("diplomacy"):
            break  # Machiavelli adjustments need money: another test's business
        orders = random_phase_orders(board, state, rng)
        state = adjudicate_phase(board, state, orders, Dice('x')).state
        check_invariants(board, state)


def test_same_state_and_orders_give_the_same_result() -> None:
    board, state = load_scenario("classic_1454")
    orders = random_phase_orders(board, state, random.Random(7))
    first = adjudicate_phase(board, state, orders, Dice("s"))
    second = adjudicate_phase(board, state.copy(), orders, Dice("s"))
    assert first.state == second.state and first.results == second.results


@pytest.mark.parametrize("scenario", available_scenarios())
def test_every_scenario_plays_two_years_of_random_orders(scenario: str) -> None:
    """Every shipped scenario, full game, every power giving random orders and expenses
    (unplayed powers none), two years through the phase machine: no crash, and the
    invariants hold after every phase."""
    board, state = load_scenario(scenario)
    unplayed = set(scenario_info(scenario).unplayed)
    rng = random.Random(scenario)
    start = (state.year, state.season)
    while state.year < start[0] + 2:
        orders = {p: o for p, o in random_orders(board, state, rng).items() if p not in unplayed}
        result = process_phase(board, state, orders, f"seed-{scenario}")
        state = result.after
        check_invariants(board, state)
        assert all(v >= 0 for v in state.treasury.values())
        assert all(u.owner is None or u.owner in state.powers for u in state.units)
        if result.winners:
            break
