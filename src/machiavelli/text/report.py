"""Plain-text results of a phase, in the judge's spirit.

The public part: every order with its outcome (expenses with their cost), what
happened beyond the orders, every die roll, changes of control, dislodged units
and the new position.  The private part, one per power (for that power and the
game master only): its treasury, its loans and when they are due, the
assassination chits it holds, and its loans and payments the bank step refused,
with why.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.board import Board
from machiavelli.core.dice import Roll
from machiavelli.core.orders import Borrow, GiveChit, Pay
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import State, Unit
from machiavelli.text.notation import format_order

OUTCOME_WORDS = {
    "succeeds": "",
    "fails": "fails",
    "bounced": "bounced",
    "cut": "support cut",
    "dislodged": "dislodged",
    "void": "void",
}
KIND_WORDS = {"A": "Army", "F": "Fleet", "G": "Garrison"}


def unit_text(board: Board, unit: Unit) -> str:
    special = f"{unit.special.replace('_', ' ')} " if unit.special else ""
    where = board.provinces[unit.province].name
    coast = f" ({unit.coast})" if unit.coast else ""
    return f"{special}{KIND_WORDS[unit.kind]} {where}{coast}"


def rolls_lines(rolls: Sequence[Roll]) -> list[str]:
    """Every die roll, for a report: a heading and one line each."""
    return ["Die rolls:", *(f"  {roll}" for roll in rolls)]


def phase_report(
    board: Board, before: State, adjudication: Adjudication, rolls: Sequence[Roll] = ()
) -> str:
    """The public results of one phase."""
    lines = [f"Results for {before.label}", ""]
    by_power: dict[str, list[str]] = {}
    for r in adjudication.results:
        word = OUTCOME_WORDS[r.outcome]
        text = format_order(r.order)
        detail = f"  ({': '.join(x for x in (word, r.note) if x)})" if word or r.note else ""
        by_power.setdefault(r.power or "Autonomous", []).append(f"  {text}{detail}")
    for power in sorted(by_power):
        lines.append(f"{power}:")
        lines.extend(by_power[power])
    after = adjudication.state
    if adjudication.events:
        lines.append("")
        lines.extend(adjudication.events)
    if rolls:
        lines.append("")
        lines.extend(rolls_lines(rolls))
    changes = control_changes(board, before, after)
    if changes:
        lines.append("")
        lines.append("Changes of control:")
        lines.extend(f"  {c}" for c in changes)
    if after.dislodged:
        lines.append("")
        lines.append("Dislodged:")
        for d in after.dislodged:
            origin = f", attacked from {d.attacker_from}" if d.attacker_from else ""
            lines.append(f"  {d.unit.owner}: {unit_text(board, d.unit)}{origin}")
    lines.append("")
    lines.append(position_text(board, after))
    return "\n".join(lines)


def control_changes(board: Board, before: State, after: State) -> list[str]:
    """Provinces and cities whose controller changed, one line each."""
    lines = []
    for what, old, new in (
        ("province", before.province_owner, after.province_owner),
        ("city", before.city_owner, after.city_owner),
    ):
        for prov in sorted(set(old) | set(new)):
            if old.get(prov) != new.get(prov):
                name = board.provinces[prov].name
                lines.append(
                    f"{name} ({what}): {old.get(prov, 'nobody')} -> {new.get(prov, 'nobody')}"
                )
    return lines


def private_report(state: State, power: str, results: Sequence[OrderResult] = ()) -> str:
    """What only ``power`` (and the game master) may see: treasury, loans, chits.

    ``results`` are the phase's: the power's refused borrows, payments and chit
    gifts are listed with the reason, next to the treasury they left unchanged.
    """
    lines = [f"Private to {power}:", f"  Treasury: {state.treasury.get(power, 0)} ducats"]
    for loan in state.loans.get(power, []):
        lines.append(
            f"  Loan: {loan.principal} + {loan.interest} ducats due "
            f"{loan.due_season.capitalize()} {loan.due_year}"
        )
    chits = state.chits.get(power, [])
    if chits:
        lines.append("  Assassination chits: " + ", ".join(chits))
    if power in state.defaulted:
        lines.append("  The bank will never lend to you again.")
    for r in results:
        banking = isinstance(r.order, Borrow | Pay | GiveChit)
        if banking and r.power == power and r.outcome == "fails":
            lines.append(f"  Refused: {format_order(r.order)} ({r.note})")
    return "\n".join(lines)


def position_text(board: Board, state: State) -> str:
    lines = [f"Position, {state.label}:"]
    for power in sorted({u.owner or "Autonomous" for u in state.units}):
        units = [u for u in state.units if (u.owner or "Autonomous") == power]
        listed = ", ".join(unit_text(board, u) for u in sorted(units, key=_unit_key))
        lines.append(f"  {power}: {listed}")
    if state.rebellions:
        rebels = ", ".join(
            f"{board.provinces[r.province].name}+ (against {r.against})"
            for r in state.rebellions.values()
        )
        lines.append(f"  Rebellions: {rebels}")
    if state.famine:  # FAM-MARK: "%" marks famine, "+" rebellion (REB-MARK)
        lines.append("  Famine: " + ", ".join(
            f"{board.provinces[p].name}%" for p in state.famine))
    return "\n".join(lines)


def _unit_key(unit: Unit) -> tuple[str, str]:
    return (unit.province, unit.kind)
