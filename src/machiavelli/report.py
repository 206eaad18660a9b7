"""Plain-text results of a phase, in the judge's spirit: every order with its outcome."""

from __future__ import annotations

from machiavelli.board import Board
from machiavelli.notation import format_order
from machiavelli.results import Adjudication
from machiavelli.state import State, Unit

OUTCOME_WORDS = {
    "succeeds": "",
    "fails": "fails",
    "bounced": "bounced",
    "cut": "support cut",
    "dislodged": "dislodged",
    "void": "void",
}


def unit_text(board: Board, unit: Unit) -> str:
    special = f"{unit.special.replace('_', ' ')} " if unit.special else ""
    where = board.provinces[unit.province].name
    coast = f" ({unit.coast})" if unit.coast else ""
    kind = {"A": "Army", "F": "Fleet", "G": "Garrison"}[unit.kind]
    return f"{special}{kind} {where}{coast}"


def phase_report(board: Board, before: State, adjudication: Adjudication) -> str:
    """The results of one phase: orders by power, dislodgements, the new position."""
    lines = [f"Results for {before.label}", ""]
    by_power: dict[str, list[str]] = {}
    for r in adjudication.results:
        word = OUTCOME_WORDS[r.outcome]
        text = format_order(r.order)
        detail = f"  ({word}{': ' + r.note if r.note else ''})" if word or r.note else ""
        by_power.setdefault(r.power or "Autonomous", []).append(f"  {text}{detail}")
    for power in sorted(by_power):
        lines.append(f"{power}:")
        lines.extend(by_power[power])
    after = adjudication.state
    if adjudication.events:
        lines.append("")
        lines.extend(adjudication.events)
    if after.dislodged:
        lines.append("")
        lines.append("Dislodged:")
        for d in after.dislodged:
            origin = f", attacked from {d.attacker_from}" if d.attacker_from else ""
            lines.append(f"  {d.unit.owner}: {unit_text(board, d.unit)}{origin}")
    lines.append("")
    lines.append(position_text(board, after))
    return "\n".join(lines)


def position_text(board: Board, state: State) -> str:
    lines = [f"Position, {state.label}:"]
    for power in sorted({u.owner or "Autonomous" for u in state.units}):
        units = [u for u in state.units if (u.owner or "Autonomous") == power]
        listed = ", ".join(unit_text(board, u) for u in sorted(units, key=_unit_key))
        lines.append(f"  {power}: {listed}")
    return "\n".join(lines)


def _unit_key(unit: Unit) -> tuple[str, str]:
    return (unit.province, unit.kind)
