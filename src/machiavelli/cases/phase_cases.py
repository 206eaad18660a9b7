"""Movement phases as case files, both ways: what ``machiavelli bench`` reads and writes.

:func:`movement_case` writes a position and its orders as one case in the DATC
format (docs/case-format.md), with the position after adjudication as its
expected result, so that ``machiavelli adjudicate --check`` can run the file;
:func:`read_movement_phases` reads the Standard movement cases of a file back
as positions and each power's order text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from machiavelli.cases.engine import default_engine
from machiavelli.cases.files import read_cases
from machiavelli.cases.model import AUTONOMOUS
from machiavelli.cases.runner import initial_state, orders_by_power
from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.state import State, Unit
from machiavelli.text.notation import format_order


def _unit(u: Unit) -> str:
    special = f"{u.special} " if u.special else ""
    return f"{u.owner or AUTONOMOUS}: {special}{u.kind} {u.location}"


def movement_case(
    name: str,
    state: State,
    orders: Mapping[str, Sequence[Order]],
    after: State | None = None,
) -> str:
    """One movement phase as a case (Standard variant); ``after`` gives its POSTSTATE."""
    lines = [
        f"CASE {name}",
        f"PRESTATE_SETPHASE {state.season.capitalize()} {state.year}, Movement",
        "PRESTATE",
        *(f"\t{_unit(u)}" for u in state.units),
        "ORDERS",
        *(f"\t{power}: {format_order(o)}" for power, seq in orders.items() for o in seq),
    ]
    if after is not None:
        lines.append("POSTSTATE")
        lines += [f"\t{_unit(u)}" for u in after.units]
        if after.dislodged:
            lines.append("POSTSTATE_DISLODGED")
            lines += [f"\t{_unit(d.unit)}" for d in after.dislodged]
    lines.append("END")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class MovementPhase:
    """A movement phase read from a case file: the position and each power's orders."""

    name: str
    board: Board
    state: State
    texts: dict[str, str]  # power -> its orders, one a line


def read_movement_phases(path: str | Path) -> tuple[list[MovementPhase], list[str]]:
    """The Standard movement cases of a file, and a note for each case left out."""
    engine = default_engine()
    phases: list[MovementPhase] = []
    skipped: list[str] = []
    for case in read_cases(path, engine.load_board, expected=False):
        if case.error is not None:
            skipped.append(f"{case.name}: {case.error}")
        elif case.machiavelli or case.phase != "movement":
            skipped.append(f"{case.name}: not a Standard movement phase")
        else:
            board = engine.load_board(case.board)
            state = initial_state(case, board)
            phases.append(MovementPhase(case.name, board, state, dict(orders_by_power(case))))
    return phases, skipped
