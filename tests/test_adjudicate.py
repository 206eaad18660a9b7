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


def _containers(state: object) -> dict[int, str]:
    """Every list and dictionary of a position, nested ones too, by id."""
    found: dict[int, str] = {}
    for name in type(state).__dataclass_fields__:  # type: ignore[attr-defined]
        value = getattr(state, name)
        if isinstance(value, list | dict):
            found[id(value)] = name
        if isinstance(value, dict):
            for key, inner in value.items():
                if isinstance(inner, list | dict):
                    found[id(inner)] = f"{name}[{key}]"
    return found


@pytest.mark.parametrize("scenario", ["standard_1901", "classic_1454", "communes_1335"])
def test_adjudicate_after_shares_no_container_with_the_position_given(scenario: str) -> None:
    """Whatever the phase (movement, retreats, adjustments, with money or not), the new
    position shares no list or dictionary with the one given: a bot may change either."""
    board, state = load_scenario(scenario)
    rng = random.Random(scenario)
    phases = set()
    for n in range(24):
        orders = random_orders(board, state, rng)
        kept = (state.to_json(), _containers(state))
        done = adjudicate(board, state, orders, seed=f"s{n}")
        assert state.to_json() == kept[0]
        shared = _containers(done.after).keys() & kept[1].keys()
        assert not shared, [kept[1][i] for i in shared]
        phases.add(state.phase)
        state = done.after
    assert phases == {"movement", "retreat", "adjustment"} or scenario == "standard_1901"
