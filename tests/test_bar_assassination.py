"""Seed 003's assassination and bodyguards (under ``bar``): BAR-9.1 to 9.4, BAR-2.8,
rulings A-3, A-4, A-23.

The rules themselves are in cases/balance_at_risk/assassination.txt; here the orders'
reading, the bots' menu, a bodyguard outside ``bar``, and the siege ruling A-23.
"""

from __future__ import annotations

import pytest

from machiavelli.bots.menu import legal_orders
from machiavelli.core.dice import Dice
from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.orders import Expense
from machiavelli.core.state import State, Unit
from machiavelli.money.expenses import expenses
from machiavelli.text.notation import OrderSyntaxError, format_order, parse_order

B = load_board("classic")
POWERS = ["Milan", "Venice", "Florence"]


def position(options: dict[str, bool], units: list[Unit] | None = None) -> State:
    return State(board="classic", year=1455, season="spring", phase="movement",
                 powers=list(POWERS), options=dict(options),
                 units=units or [Unit("A", "Milan", "mil"), Unit("A", "Venice", "ven")],
                 province_owner={"mil": "Milan", "ven": "Venice"},
                 treasury={"Milan": 30, "Venice": 30, "Florence": 30})


def test_bar_9_1_and_9_2_read_and_written_without_chits() -> None:
    state = position(BAR_DEFAULTS)
    order = parse_order("expense 1: 24 ducats assassinate Milan", B, state, "Venice")
    assert order == Expense(1, 24, "assassinate", power="Milan")
    guard = parse_order("expense 2: 3 ducats bodyguard Milan", B, state, "Venice")
    assert guard == Expense(2, 3, "bodyguard", power="Milan")
    assert format_order(guard) == "expense 2: 3 ducats bodyguard Milan"
    with pytest.raises(OrderSyntaxError, match="cannot assassinate yourself"):
        parse_order("expense 1: 24 ducats assassinate Venice", B, state, "Venice")


def test_bar_9_2_a_bodyguard_outside_bar_is_void() -> None:
    state = position(MACH1_DEFAULTS)
    guard = Expense(1, 3, "bodyguard", power="Milan")
    dice = Dice("bar-9-2")
    done = expenses(B, state, {"Milan": [guard]}, dice=dice)
    assert not dice.rolls  # no die decides a bodyguard
    assert [(r.outcome, "option bar" in r.note) for r in done.results] == [("void", True)]


def test_bar_9_1_offered_to_bots_under_bar() -> None:
    offered = legal_orders(B, position(BAR_DEFAULTS), "Venice").money
    kinds = {(e.kind, e.power, e.amount) for e in offered if isinstance(e, Expense)}
    assert ("assassinate", "Milan", 24) in kinds and ("bodyguard", "Venice", 3) in kinds
    assert not any(k == "assassinate" and a < 24 for k, _, a in kinds)


def test_bar_9_4_ruling_a_23_a_victims_besieged_garrison_stays() -> None:
    units = [Unit("G", "Milan", "mil"), Unit("A", "Venice", "mil", siege=1),
             Unit("A", "Venice", "ven")]
    state = position(BAR_DEFAULTS, units)
    dice = Dice("bar-9-4")
    done = expenses(B, state, {"Venice": [Expense(1, 24, "assassinate", power="Milan")]},
                    dice=dice)
    assert not dice.rolls  # 003's attempt is decided by ducats, not by a die
    assert done.state.assassinated == ["Milan"]
    assert Unit("G", "Milan", "mil") in done.state.units  # 001's ASN-EFF-3 would remove it
