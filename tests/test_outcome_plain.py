"""The outcome of a phase of usual orders comes out as the general rules make it.

When every order is a hold, a move or a support, no unit besieges and nothing rebels,
:func:`machiavelli.movement.outcome.apply_outcome` moves the winners and dislodges whom
they displace (``_plain_moves``) without looking at every unit's order; the general way
(``_moves_made``) walks every unit with its order.  Both must give the same position,
results and events: on random standard positions (many with dislodgements), on tiled
boards of hundreds of units and on the phases of random Classic 1454 games.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from campaign_positions import movement_phases

from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.state import State
from machiavelli.movement.moves import movement_phase

Orders = Mapping[str, Sequence[Order]]


def _outcome(board: Board, state: State, orders: Orders, plain: bool) -> tuple[object, ...]:
    phase = movement_phase(board, state, orders)
    usual = phase.given.usual
    if not plain:
        phase.given.usual = False
    phase.resolver.resolve_all()
    done = phase.outcome()
    return (usual, done.state.to_dict(), done.events,
            [(r.power, r.order, r.outcome, r.note) for r in done.results])


def _phases() -> Iterator[tuple[Board, State, Orders]]:
    return movement_phases(300, (4, 4, 50, 6), 3)


def test_usual_orders_outcome_is_the_general_one() -> None:
    plain = dislodging = 0
    for board, state, orders in _phases():
        fast = _outcome(board, state, orders, plain=True)
        general = _outcome(board, state, orders, plain=False)
        assert fast[1:] == general[1:]
        plain += bool(fast[0])
        dislodging += bool(fast[1]["dislodged"])  # type: ignore[index]
    assert plain > 250 and dislodging > 50
