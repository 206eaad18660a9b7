"""The blank lists a phase's pieces are copied from (``movement.pieces.blanks``): copied,
never changed, and made longer for a phase with more pieces than they hold."""

from __future__ import annotations

from machiavelli.cli.bench_phases import random_phases, tiled_phases
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.pieces import HOLD, NO_PIECES, blanks
from machiavelli.movement.resolver import _UNRESOLVED


def _blank(length: int) -> tuple[object, ...]:
    b = blanks(length)
    return (b.zeros[:length], b.ones[:length], b.minus_ones[:length], b.falses[:length],
            b.nones[:length], b.no_pieces[:length])


def test_blank_lists_stay_blank_and_grow_for_a_phase_with_many_pieces() -> None:
    board, start = load_scenario("standard_1901")
    small = random_phases(board, start, 3, seed=4)
    big = tiled_phases(board, start, 8, 6, 30, 2, seed=4)  # 180 units a phase
    assert all(len(p.state.units) == 180 for p in big)
    first = [adjudicate(p.board, p.state, p.orders).after for p in small]
    big_after = [adjudicate(p.board, p.state, p.orders).after for p in big]
    assert blanks(180).length >= 180
    # the same phases again, once the lists have grown: the same positions
    assert [adjudicate(p.board, p.state, p.orders).after for p in small] == first
    assert [adjudicate(p.board, p.state, p.orders).after for p in big] == big_after
    n = blanks(1).length
    assert _blank(n) == ([0] * n, [1] * n, [-1] * n, [False] * n, [None] * n, [NO_PIECES] * n)
    assert all(x is NO_PIECES and not x for x in blanks(1).no_pieces)


def test_a_blank_piece_holds_and_a_blank_decision_is_unresolved() -> None:
    """A piece's kind and a decision's state are copied from the zeros."""
    assert HOLD == 0 and _UNRESOLVED == 0
