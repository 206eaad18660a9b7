"""The phase machine: 001's SEQUENCE OF PLAY AND ORDER RESOLUTION (RES-*, SEQ-*, CTRL-*)."""

from __future__ import annotations

from dataclasses import replace

from machiavelli.core.orders import Expense, Pay
from machiavelli.core.state import Unit
from machiavelli.game.process import needs_orders, process_phase
from machiavelli.game.scenario import load_scenario
from machiavelli.text.notation import parse_orders


def classic(**options: bool):  # type: ignore[no-untyped-def]
    board, start = load_scenario("classic_1454")
    return board, replace(start, options={**start.options, **options})


def test_res_1_1_money_steps_come_before_the_moves() -> None:
    """RES-1.1A/B/E, SEQ-MOV-2: a gift (banking) pays for an expense (b) that buys a unit
    whose order the buyer gave in the same submission (e)."""
    board, state = classic(adjacency=False)
    state.treasury = {**state.treasury, "Venice": 0, "Milan": 40}
    orders = {
        "Milan": [Pay(30, "Venice")],
        "Venice": parse_orders(
            "expense 1: 30 ducats buy army pavia\nA pav - for", board, state, "Venice").orders,
    }
    assert any(isinstance(o, Expense) for o in orders["Venice"])
    result = process_phase(board, state, orders, seed="s")
    assert Unit("A", "Venice", "for") in result.after.units
    assert result.after.province_owner["for"] == "Venice"  # CTRL-2: control after the moves


def test_res_1_2h2_famine_units_removed_after_the_spring_campaign() -> None:
    board, state = classic()
    state.famine = ["pav"]
    result = process_phase(board, state, {}, seed="s")
    assert all(u.province != "pav" for u in result.after.units)  # FAM-A, step h2
    assert result.after.province_owner.get("pav") == "Milan"  # FAM-C: control unchanged


def test_plague_comes_on_entering_summer_before_orders() -> None:
    """SEQ-MOV-1, PLG-1: the plague of summer strikes when the spring campaign ends, so the
    players order their summer moves knowing it; its rolls are in the spring report."""
    board, state = classic(plague=True)
    result = process_phase(board, state, {}, seed="plague-demo")
    assert result.after.season == "summer"
    assert any("plague" in roll.purpose for roll in result.rolls)


def test_seq_adj_1_famine_then_income_before_adjustment_orders() -> None:
    """SEQ-ADJ-1, RES-1.2K: after fall, famine is rolled, then income is paid as the
    adjustment phase opens, before the players order their units."""
    board, state = classic()
    state = replace(state, season="fall")
    before = dict(state.treasury)
    result = process_phase(board, state, {}, seed="s")
    assert result.after.phase == "adjustment"
    purposes = [roll.purpose for roll in result.rolls]
    assert any("famine" in p for p in purposes)
    assert sum(result.after.treasury.values()) > sum(before.values())  # income paid
    famine_at = min(i for i, p in enumerate(purposes) if "famine" in p)
    income_at = [i for i, p in enumerate(purposes) if "famine" not in p]
    assert all(i > famine_at for i in income_at)


def test_a_power_that_sends_nothing_holds_and_spends_nothing() -> None:
    board, state = classic()
    state.treasury = {**state.treasury, "Milan": 20}
    result = process_phase(board, state, {}, seed="s")
    assert result.after.treasury["Milan"] == 20
    assert sorted(u.province for u in result.after.units if u.owner == "Milan") == [
        "cre", "mil", "pav"]


def test_phases_nobody_decides_are_skipped() -> None:
    board, state = load_scenario("standard_1901")
    state = replace(state, season="fall")
    result = process_phase(board, state, {}, seed="s")
    # nobody gains or loses a centre by holding: the winter adjustment needs no orders
    assert (result.after.season, result.after.phase) == ("spring", "movement")
    assert result.after.year == 1902
    assert needs_orders(board, result.after)


def test_same_state_orders_and_seed_give_the_same_result() -> None:
    board, state = classic(plague=True, storm=True)
    state = replace(state, season="fall")
    first = process_phase(board, state, {}, seed="x")
    second = process_phase(board, state.copy(), {}, seed="x")
    assert first.after == second.after and first.report == second.report
    assert [r.dice for r in first.rolls] == [r.dice for r in second.rolls]


def test_a_board_without_units_does_not_process_forever() -> None:
    board, state = load_scenario("standard_1901")
    state = replace(state, units=[])
    result = process_phase(board, state, {}, seed="s")
    assert result.after.year <= 1904  # a few empty phases at most, then it stops
