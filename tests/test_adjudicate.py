"""The structured API for bots: ``adjudicate(board, state, orders)`` with order objects."""

from __future__ import annotations

import random

import pytest

import machiavelli
from machiavelli.core.orders import Hold, Move, UnitRef
from machiavelli.game.process import adjudicate, needs_orders, process_phase
from machiavelli.game.random_orders import random_orders
from machiavelli.game.scenario import load_scenario


def test_adjudicate_is_exported() -> None:
    assert machiavelli.adjudicate is adjudicate


def test_adjudicate_takes_order_objects() -> None:
    board, state = load_scenario("standard_1901")
    move = Move(UnitRef("A", "par"), "bur")
    done = adjudicate(board, state, {"France": [move, Hold(UnitRef("A", "mar"))]})
    assert done.after.unit_in("bur") is not None and done.after.unit_in("par") is None
    assert (done.after.season, done.after.phase) == ("fall", "movement")
    assert [r.outcome for r in done.results if r.order == move] == ["succeeds"]


@pytest.mark.parametrize("scenario", ["standard_1901", "classic_1454"])
def test_adjudicate_is_one_phase_of_process_phase(scenario: str) -> None:
    """Phase by phase, what process_phase does when the next phase needs orders."""
    board, state = load_scenario(scenario)
    rng = random.Random(scenario)
    for n in range(16):
        orders = random_orders(board, state, rng)
        before = state.to_json()
        one = adjudicate(board, state, orders, seed=f"s{n}")
        assert state.to_json() == before  # the position given is left alone
        whole = process_phase(board, state, orders, seed=f"s{n}")
        if needs_orders(board, one.after) or one.winners:
            assert one.after == whole.after
            assert one.results == whole.results and one.events == whole.events
            assert one.rolls == whole.rolls and one.winners == whole.winners
            assert one.report == whole.report and one.private == whole.private
        for name in ("units", "treasury", "province_owner", "home", "loans"):
            assert getattr(one.after, name) is not getattr(state, name)
        state = whole.after
