"""Seed 003's forced taxation (option ``forced_tax``, on under ``bar``): BAR-5.3.

The rule itself is in cases/balance_at_risk/forced_tax.txt; here the order's reading, the
phases it belongs to, the bots' lists, and that it changes nothing without the option.
"""

from __future__ import annotations

import pytest

from machiavelli.bots.menu import legal_orders
from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS, rules_of
from machiavelli.core.orders import Tax
from machiavelli.core.state import State, Unit
from machiavelli.game.adjustments import resolve_adjustments
from machiavelli.movement.legality import check_order
from machiavelli.text.notation import OrderSyntaxError, format_order, parse_order, parse_orders

B = load_board("classic")


def position(options: dict[str, bool], phase: str = "adjustment") -> State:
    return State(board="classic", year=1455, season="winter" if phase == "adjustment" else
                 "spring", phase=phase,  # type: ignore[arg-type]
                 powers=["Milan", "Venice"], units=[Unit("A", "Milan", "mil")],
                 province_owner={"mil": "Milan", "pav": "Milan", "ber": "Venice"},
                 city_owner={"mil": "Milan", "pav": "Milan"}, options=dict(options),
                 treasury={"Milan": 6, "Venice": 0})


def test_bar_5_3_read_and_written() -> None:
    state = position(BAR_DEFAULTS)
    for line in ("tax pav", "Tax Pavia", "forced tax pav", "taxes pav"):
        assert parse_order(line, B, state, "Milan") == Tax("pav")
    assert format_order(Tax("pav")) == "tax pav"


def test_bar_5_3_only_in_the_adjustment_phase() -> None:
    moving = position(BAR_DEFAULTS, "movement")
    with pytest.raises(OrderSyntaxError, match="forced taxation is ordered only in an "
                                               "adjustment phase"):
        parse_order("tax pav", B, moving, "Milan")
    submission = parse_orders("A mil H\ntax pav", B, moving, "Milan")
    assert [e.line for e in submission.errors] == [2]


def test_bar_5_3_checked_with_the_reason() -> None:
    state = position(BAR_DEFAULTS)
    assert check_order(B, state, "Milan", Tax("pav")) is None
    assert check_order(B, state, "Milan", Tax("ber")) == "Milan does not control Bergamo"
    assert "sea area" in str(check_order(B, state, "Milan", Tax("uas")))
    off = position(MACH1_DEFAULTS)
    assert check_order(B, off, "Milan", Tax("pav")) == (
        "forced taxation needs the 'forced_tax' option (BAR-5.3)")


def test_bar_5_3_without_the_option_changes_nothing() -> None:
    off = position(MACH1_DEFAULTS)
    done = resolve_adjustments(B, off, {"Milan": [Tax("pav")]}, rules_of(off.options))
    assert [r.outcome for r in done.results if r.order == Tax("pav")] == ["void"]
    assert "pav" not in done.state.rebellions


def test_bar_5_3_offered_to_bots_under_the_option_only() -> None:
    taxes = {k for k in legal_orders(B, position(BAR_DEFAULTS), "Milan").units if k[0] == "tax"}
    assert taxes == {("tax", "mil"), ("tax", "pav")}
    legal = legal_orders(B, position(BAR_DEFAULTS), "Milan")
    assert legal.optional_keys() == [("tax", "mil"), ("tax", "pav")]
    assert all(k[0] != "tax" for k in legal.unit_keys())  # a power may leave them out
    assert not any(k[0] == "tax" for k in legal_orders(B, position(MACH1_DEFAULTS),
                                                       "Milan").units)
