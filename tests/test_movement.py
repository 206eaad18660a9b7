"""Movement phase entry points beyond the case files: assassinated powers, Mach1 disband,
money orders left to their own steps, the next phase and control; the guard against two
units ending in one space."""

from __future__ import annotations

from dataclasses import replace

import pytest

from machiavelli.core.maps import load_board
from machiavelli.core.orders import Convert, Disband, Expense, Hold, Move, Pay, UnitRef
from machiavelli.core.results import AdjudicationError
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.moves import movement_phase, one_unit_per_space, resolve_movement
from machiavelli.movement.pieces import MOVE
from machiavelli.text.notation import parse_orders


def classic(units: list[Unit], **options: bool) -> State:
    _, start = load_scenario("classic_1454")
    return replace(start, units=units, options={**start.options, **options})


def test_asn_eff_1_assassinated_power_orders_become_holds() -> None:
    board = load_board("classic")
    state = classic([Unit("A", "Milan", "mil"), Unit("A", "Venice", "ver")])
    state.assassinated = ["Milan"]
    move = Move(UnitRef("A", "mil"), "cre")
    result = resolve_movement(board, state, {"Milan": [move], "Venice": []})
    assert result.outcome_of(move) == "void"
    assert Unit("A", "Milan", "mil") in result.state.units


def test_ord_tn_1_disband_in_movement_needs_the_option() -> None:
    board = load_board("classic")
    units = [Unit("A", "Milan", "mil"), Unit("A", "Venice", "ver")]
    order = Disband(UnitRef("A", "mil"))
    off = resolve_movement(board, classic(units, disband=False), {"Milan": [order]})
    assert off.outcome_of(order) == "void"
    assert Unit("A", "Milan", "mil") in off.state.units
    on = resolve_movement(board, classic(units, disband=True), {"Milan": [order]})
    assert on.outcome_of(order) == "succeeds"
    assert all(u.province != "mil" for u in on.state.units)


def test_money_orders_are_left_to_their_steps() -> None:
    board = load_board("classic")
    state = classic([Unit("A", "Milan", "mil")])
    pay = Pay(3, "Venice")
    expense = Expense(1, 12, "disband", "A", "mil")
    result = resolve_movement(board, state, {"Milan": [pay, expense]})
    assert result.results == []


def test_own_2_control_follows_units_after_movement() -> None:
    board = load_board("classic")
    state = classic([Unit("A", "Milan", "pav"), Unit("G", None, "mon")])
    state.province_owner = {"pav": "Milan", "mon": "Savoy"}
    sub = parse_orders("A pav - mon", board, state, "Milan")
    after = resolve_movement(board, state, {"Milan": sub.orders}).state
    assert after.province_owner["mon"] == "Milan"  # OWN-0: last unit present
    assert "mon" not in after.city_owner or after.city_owner["mon"] != "Milan"  # garrisoned
    assert after.province_owner["pav"] == "Milan"  # nobody else came


def test_next_phase_after_movement_without_retreats() -> None:
    board = load_board("classic")
    state = classic([Unit("A", "Milan", "mil")])
    after = resolve_movement(board, state, {"Milan": [Hold(UnitRef("A", "mil"))]}).state
    assert (after.season, after.phase) == ("summer", "movement")
    state.season = "fall"
    after = resolve_movement(board, state, {}).state
    assert (after.season, after.phase) == ("winter", "adjustment")


def test_dislodged_unit_without_retreat_is_disbanded_at_once() -> None:
    board = load_board("standard")
    _, start = load_scenario("standard_1901")
    state = replace(start, units=[
        Unit("A", "Turkey", "gre"), Unit("A", "Austria", "alb"), Unit("A", "Austria", "ser"),
        Unit("A", "Austria", "bul"), Unit("F", "Austria", "aeg"), Unit("F", "Austria", "ion")])
    orders = parse_orders("A alb - gre\nA ser S A alb - gre", board, state, "Austria").orders
    result = resolve_movement(board, state, {"Austria": orders})
    assert result.state.dislodged == []
    assert result.state.phase == "movement" and result.state.season == "fall"
    assert any("no retreat" in e for e in result.events)


def _broken_adjudication(units: list[Unit], orders: dict[str, str]) -> str:
    """The message of the AdjudicationError a broken resolver's outcome raises: every
    move made to succeed, whatever stands in its way."""
    board = load_board("classic")
    state = classic(units)
    given = {p: parse_orders(text, board, state, p).orders for p, text in orders.items()}
    phase = movement_phase(board, state, given)
    resolver = phase.resolver
    resolver.resolve_all()
    for i, kind in enumerate(resolver.pieces.kind):
        if kind == MOVE:
            resolver.resolution[i] = True
    with pytest.raises(AdjudicationError) as err:
        phase.outcome()
    return str(err.value)


def test_two_armies_ending_in_one_province_is_an_adjudication_error() -> None:
    units = [Unit("A", "Florence", "luc"), Unit("A", "Naples", "pst"), Unit("A", "Milan", "mod")]
    message = _broken_adjudication(
        units, {"Florence": "A luc - psa", "Naples": "A pst - psa", "Milan": "A mod H"})
    assert "2 units would end in psa" in message
    assert "Florence: A luc - psa" in message and "Naples: A pst - psa" in message
    assert "Milan" not in message


def test_str_g_two_fleets_ending_in_pisa_is_an_adjudication_error() -> None:
    # issue 8's strait paradox, had the resolver let both fleets into Pisa
    units = [Unit("F", "Florence", "pio"), Unit("A", "Florence", "pst"), Unit("F", "Naples", "ets")]
    message = _broken_adjudication(
        units, {"Florence": "F pio - psa\nA pst S F ets - psa", "Naples": "F ets - psa"})
    assert "Florence: F pio - psa, Naples: F ets - psa" in message
    assert "pst" not in message


def test_two_garrisons_in_one_city_is_an_adjudication_error() -> None:
    board = load_board("classic")
    garrison = (Unit("G", "Milan", "gen"), Hold(UnitRef("G", "gen")))
    converted = (Unit("G", "France", "gen"), Convert(UnitRef("A", "gen"), "G"))
    army = (Unit("A", "Florence", "gen"), Hold(UnitRef("A", "gen")))
    with pytest.raises(AdjudicationError) as err:
        one_unit_per_space(board, [garrison, converted, army])
    message = str(err.value)
    assert "2 units would end in gen#" in message
    assert "Milan: G gen H" in message and "France: A gen C G" in message
    assert "Florence" not in message  # the province is another space
    one_unit_per_space(board, [garrison, army])
