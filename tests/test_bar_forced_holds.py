"""Seed 003's forced holds and ignored orders (003 7.2; BAR-7.4).  The cases are in
cases/balance_at_risk/forced_holds.txt; here what the report discloses."""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS
from machiavelli.core.state import State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.text.notation import parse_orders

B = load_board("classic")


def test_bar_7_4_the_order_of_a_unit_bribed_away_is_not_disclosed() -> None:
    """Venice buys Milan's army in Verona: Milan's order for it is ignored, and told to
    Milan alone; the public report shows Venice's order for it."""
    state = State(board="classic", year=1455, season="spring", phase="movement",
                  powers=list(B.powers.values()),
                  units=[Unit("A", "Milan", "ver"), Unit("A", "Venice", "pad")],
                  treasury={"Venice": 18}, options=dict(BAR_DEFAULTS))
    orders = {
        "Venice": parse_orders("expense 1: 18 ducats buy A ver\nA ver - vic\nA pad H", B,
                               state, "Venice").orders,
        "Milan": parse_orders("A ver - pad", B, state, "Milan").orders,
    }
    done = adjudicate(B, state, orders, seed="bar-7.4")
    assert "A ver - pad" not in done.report
    assert "A ver - vic" in done.report
    assert "A ver - pad" in done.private["Milan"]
    assert "A ver - pad" not in done.private["Venice"]
