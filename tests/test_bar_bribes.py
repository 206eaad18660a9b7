"""Seed 003's bribes under ``bar``: BAR-11.1 to 11.7, BAR-16.5, ruling A-9.

The rules themselves are in cases/balance_at_risk/bribes.txt; here the new orders'
reading and their errors, and that an order for an independent unit whose operate bribe
failed is never disclosed (003 7.2).
"""

from __future__ import annotations

import pytest

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.orders import ALL, Expense, Permit
from machiavelli.core.state import State, Unit
from machiavelli.game.process import process_phase
from machiavelli.movement.legality import check_order
from machiavelli.text.notation import OrderSyntaxError, format_order, parse_order, parse_orders

B = load_board("classic")


def position(options: dict[str, bool]) -> State:
    return State(board="classic", year=1455, season="spring", phase="movement",
                 powers=["Milan", "Papacy", "Venice"], options=dict(options),
                 units=[Unit("A", None, "luc"), Unit("A", "Papacy", "bol"),
                        Unit("A", "Milan", "mod")],
                 treasury={"Milan": 3, "Papacy": 3, "Venice": 0})


@pytest.mark.parametrize(("line", "order"), [
    ("permit Milan bribe A luc", Permit("Milan", "A", "luc")),
    ("permit all bribe luc", Permit(ALL, "A", "luc")),
    ("permit Venice bribe Milan", Permit("Venice", power="Milan")),
    ("permits all to bribe Milan", Permit(ALL, power="Milan")),
])
def test_bar_11_2_permission_read_and_written(line: str, order: Permit) -> None:
    state = position(BAR_DEFAULTS)
    assert parse_order(line, B, state, "Papacy") == order
    assert parse_order(format_order(order), B, state, "Papacy") == order


def test_bar_11_2_bad_permissions_get_a_reason() -> None:
    state = position(BAR_DEFAULTS)
    with pytest.raises(OrderSyntaxError, match="unknown power"):
        parse_order("permit Atlantis bribe A luc", B, state, "Papacy")
    with pytest.raises(OrderSyntaxError, match="permit <power> bribe"):
        parse_order("permit Milan", B, state, "Papacy")
    assert check_order(B, state, "Papacy", Permit("Papacy", "A", "luc")) == (
        "a power needs no permission to bribe next to its own units")
    assert "option bar" in str(check_order(B, position(MACH1_DEFAULTS), "Papacy",
                                           Permit("Milan", "A", "luc")))


def test_bar_11_6_operate_and_permission_read_and_written() -> None:
    state = position(BAR_DEFAULTS)
    for kind in ("operate", "permission"):
        order = parse_order(f"expense 1: 3 ducats {kind} A luc", B, state, "Papacy")
        assert order == Expense(1, 3, kind, "A", "luc")  # type: ignore[arg-type]
        assert format_order(order) == f"expense 1: 3 ducats {kind} A luc"
    made = parse_order("expense 2: 9 ducats make independent A mod", B, state, "Papacy")
    assert format_order(made) == "expense 2: 9 ducats make independent A mod"


def test_bar_16_5_an_operated_units_order_is_read_with_the_bribe() -> None:
    state = position(BAR_DEFAULTS)
    sent = parse_orders("expense 1: 3 ducats operate A luc\nA luc S A bol - mod", B, state,
                        "Papacy")
    assert not sent.errors
    # an order for an independent unit without the operate bribe: an error on its line
    alone = parse_orders("A bol H\nA luc S A bol - mod", B, state, "Papacy")
    assert [(e.line, e.reason) for e in alone.errors] == [(2, (
        "the independent army in Lucca is not yours: an order for it needs an operate bribe "
        "on it in the same orders (expense N: 3 ducats operate A luc, BAR-11.6)"))]
    assert len(alone.orders) == 1  # (the other line stands)


def test_bar_11_6_a_failed_operate_bribes_order_is_not_disclosed() -> None:
    state = position(BAR_DEFAULTS)
    orders = {"Papacy": parse_orders("expense 1: 3 ducats operate A luc\nA luc S A bol - mod\n"
                                     "A bol - mod", B, state, "Papacy").orders,
              "Milan": parse_orders("expense 1: 3 ducats counter-bribe A luc", B, state,
                                    "Milan").orders}
    done = process_phase(B, state, orders, seed="s")
    assert "A luc S" not in done.report
    assert "A luc S" in done.private["Papacy"]


def test_bar_11_6_a_bribed_independent_unit_is_named_independent_in_the_report() -> None:
    """BAR-11.6: a unit nobody owns is an independent one under ``bar``: the report's
    event of a bribe that disbands it says so (001's word, autonomous, is not used)."""
    state = position(BAR_DEFAULTS).but(treasury={"Milan": 30, "Papacy": 3, "Venice": 0})
    orders = {"Milan": parse_orders("expense 1: 12 ducats disband A luc", B, state,
                                    "Milan").orders}
    done = process_phase(B, state, orders, seed="s")
    assert "The independent army in Lucca is disbanded by a bribe (BAR-11.6)." in done.report
    assert "autonomous" not in done.report.lower()
