"""A retreat found at a glance is a retreat the full rules allow (RET-*, RET-1).

After the moves, :func:`machiavelli.movement.outcome._disband_trapped` keeps each
dislodged unit that has a plain retreat (a neighbouring province no army or fleet
holds, no standoff, not the attack's origin, not Venice, no strait) without asking
:func:`~machiavelli.movement.retreats.can_retreat`, and asks it of every other.  So the
glance may miss a retreat, never find one the rules forbid.  Checked on every unit of
random standard and tiled positions and of random Classic 1454 games (Venice, straits,
rebellions), each imagined dislodged from every neighbour; and the phases come out as
the full check alone makes them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from campaign_positions import movement_phases

from machiavelli.core.board import Board
from machiavelli.core.board_index import board_index
from machiavelli.core.state import Dislodged, State
from machiavelli.movement import outcome
from machiavelli.movement.moves import movement_phase
from machiavelli.movement.retreats import can_retreat


def _positions() -> Iterator[tuple[Board, State, object]]:
    return movement_phases(150, (2, 2, 10, 6), 5)


def test_ret_plain_retreat_is_always_a_retreat() -> None:
    found = 0
    for board, state, _ in _positions():
        ix = board_index(board)
        occupied = {ix.space(u.province, u.kind == "G") for u in state.units}
        for u in state.units:
            if u.kind == "G":
                continue
            near = board.army_adj if u.kind == "A" else board.fleet_adj
            for origin in [None, *sorted(near.get(u.province if u.kind == "A" else u.location,
                                                  frozenset()))]:
                attacker = None if origin is None else origin.split("/")[0]
                for contested in ([], [attacker] if attacker else []):
                    d = Dislodged(u, attacker)
                    # the unit has left its province: it no longer holds it
                    left = occupied - {ix.space(u.province, False)}
                    trial = state.but(units=[x for x in state.units if x is not u],
                                      dislodged=[d], contested=contested)
                    if outcome._plain_retreat(ix, left, set(contested), d):
                        found += 1
                        assert can_retreat(board, trial, d), (u, origin, contested)
    assert found > 10_000


def test_ret_phases_come_out_as_the_full_check_makes_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    moved = []
    for board, state, orders in _positions():
        phase = movement_phase(board, state, orders)  # type: ignore[arg-type]
        phase.resolver.resolve_all()
        done = phase.outcome()
        moved.append((board, state, orders, done.state.to_dict(), done.events))
    monkeypatch.setattr(outcome, "_plain_retreat", lambda *_: False)
    retreats = 0
    for board, state, orders, after, events in moved:
        phase = movement_phase(board, state, orders)  # type: ignore[arg-type]
        phase.resolver.resolve_all()
        done = phase.outcome()
        assert (done.state.to_dict(), done.events) == (after, events)
        retreats += bool(after["dislodged"])
    assert retreats > 50
