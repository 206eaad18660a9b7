"""Plain-text results of a phase, in the judge's spirit.

Who sees what is decided where each result, event and roll is made
(:mod:`machiavelli.core.privacy`; docs/rulings.md, "What each power sees"); this
module only renders it.

The public part (:func:`phase_report`): every public order with its outcome and
public note, the public events, the public die rolls, changes of control,
dislodged units and the new position.  No treasury, loan, payment, chit or
expense is in it.

The private part, one per power (:func:`private_report`, for that power and the
game master only): its treasury, its loans and when they are due (LOAN-4), the
assassination chits it holds (ASN-7), then what the phase told it alone: its money
orders (borrow, pay, chits, expenses) with outcome, cost and why, the notes of its
other orders that say more than the public reads (a unit's upkeep), its private
events (ducats received, the bank's collection, income, upkeep) and its own dice
(variable income, an assassination attempt).
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.board import Board
from machiavelli.core.dice import Roll
from machiavelli.core.options import rules_of
from machiavelli.core.orders import Hold, UnitRef
from machiavelli.core.privacy import private_results, public_note, public_results, sees_roll
from machiavelli.core.results import UNORDERED_NOTES, Adjudication, OrderResult
from machiavelli.core.state import INDEPENDENT_CONTROL, State, Unit
from machiavelli.text.notation import format_order
from machiavelli.text.order_writer import ducats
from machiavelli.text.reasons import in_words

OUTCOME_WORDS = {
    "succeeds": "",
    "fails": "fails",
    "bounced": "bounced",
    "cut": "support cut",
    "dislodged": "dislodged",
    "void": "void",
}
KIND_WORDS = {"A": "Army", "F": "Fleet", "G": "Garrison"}


def nobody_name(state: State) -> str:
    """Who holds a unit no power owns, in the reports: seed 003's independents under
    ``bar`` (``Independent``, as its changes of control write them), else 001's
    ``Autonomous`` garrisons."""
    return INDEPENDENT_CONTROL if rules_of(state.options).bar else "Autonomous"


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
    """The public results of one phase: what every power may read (see the module's doc).

    ``rolls``: every roll of the phase; those private to a power are left out.
    """
    lines = [f"Results for {before.label}", ""]
    by_power: dict[str, list[str]] = {}
    sent: set[str] = set()  # the powers with a public result of an order they gave
    nobody = nobody_name(before)
    for r in public_results(adjudication.results):
        power = r.power or nobody
        by_power.setdefault(power, []).append(f"  {result_line(r, public_note(r))}")
        if r.note not in UNORDERED_NOTES:
            sent.add(power)
    unordered = unordered_holds(before, adjudication.results)
    for power in sorted(set(by_power) | set(unordered) | powers_in_play(before)):
        lines.append(f"{power}:" if power in sent else f"{power}: {silence(before, power)}")
        lines.extend(by_power.get(power, []))
        lines.extend(unordered.get(power, []))
    after = adjudication.state
    if adjudication.events:
        lines.append("")
        lines.extend(adjudication.events)
    public_rolls = [r for r in rolls if sees_roll(r, None)]
    if public_rolls:
        lines.append("")
        lines.extend(rolls_lines(public_rolls))
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


def unordered_holds(before: State, results: Sequence[OrderResult]) -> dict[str, list[str]]:
    """A movement phase's units that were given no order, by power: they hold (issue 36:
    every power is in every report, a power that sent nothing named as such)."""
    if before.phase != "movement":
        return {}
    ordered = {(unit.kind, unit.province) for r in results
               if isinstance(unit := getattr(r.order, "unit", None), UnitRef)}
    held: dict[str, list[str]] = {}
    for u in sorted(before.units, key=_unit_key):
        if u.owner and u.owner not in before.eliminated \
                and (u.kind, u.province) not in ordered:
            hold = format_order(Hold(UnitRef(u.kind, u.province, u.coast)))
            held.setdefault(u.owner, []).append(f"  {hold}  (no order: holds)")
    return held


def powers_in_play(before: State) -> set[str]:
    """The powers a retreat or adjustment report names, whatever they sent (issue 36: every
    power in every report): those with units or cities, not eliminated.  (A movement
    report names those with units: :func:`unordered_holds`.)"""
    if before.phase == "movement":
        return set()
    owners = {u.owner for u in before.units} | {d.unit.owner for d in before.dislodged}
    owners |= set(before.city_owner.values())
    return {p for p in owners
            if p and p not in before.eliminated and p != INDEPENDENT_CONTROL}


def silence(before: State, power: str) -> str:
    """What a report says of a power with no public order of its own: it gave its units
    none (whatever money it moved in secret, which stays secret), or had nothing to
    retreat."""
    if before.phase == "retreat" and all(d.unit.owner != power for d in before.dislodged):
        return "nothing to retreat"
    return "no orders for its units" if before.phase != "adjustment" else "no orders"


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


def result_line(result: OrderResult, note: str) -> str:
    """``"A pav - for  (bounced)"``: an order, its outcome and a note."""
    word = OUTCOME_WORDS[result.outcome]
    note = in_words(result, note)
    detail = f"  ({': '.join(x for x in (word, note) if x)})" if word or note else ""
    return f"{format_order(result.order)}{detail}"


def private_report(
    state: State,
    power: str,
    results: Sequence[OrderResult] = (),
    events: Sequence[str] = (),
    rolls: Sequence[Roll] = (),
    ledger: str | None = None,
) -> str:
    """What only ``power`` (and the game master) may see (see the module's doc).

    ``state``: the position after the phase (treasury, loans, chits);
    ``results`` and ``rolls``: every result and roll of the phase (only the
    power's own private ones are shown); ``events``: the power's private events;
    ``ledger``: where its ducats went (:mod:`machiavelli.money.ledger`), in one line.
    """
    lines = [f"Private to {power}:", f"  Treasury: {ducats(state.treasury.get(power, 0))}"]
    if ledger:
        lines.append(f"  {ledger}")
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
    own = private_results(results, power)
    if own:
        lines.append("  Your orders:")
        lines.extend(f"    {result_line(r, r.note)}" for r in own)
    lines.extend(f"  {event}" for event in events)
    own_rolls = [r for r in rolls if r.to == power]
    if own_rolls:
        lines.extend(f"  {line}" for line in rolls_lines(own_rolls))
    return "\n".join(lines)


def position_text(board: Board, state: State) -> str:
    lines = [f"Position, {state.label}:"]
    nobody = nobody_name(state)
    for power in sorted({u.owner or nobody for u in state.units}):
        units = [u for u in state.units if (u.owner or nobody) == power]
        listed = ", ".join(unit_text(board, u) for u in sorted(units, key=_unit_key))
        lines.append(f"  {power}: {listed}")
    if state.rebellions:
        rebels = ", ".join(
            f"{board.provinces[r.province].name}+ (against {r.against})"
            for _, r in sorted(state.rebellions.items())  # (by province, as the units)
        )
        lines.append(f"  Rebellions: {rebels}")
    if state.famine:  # FAM-MARK: "%" marks famine, "+" rebellion (REB-MARK)
        lines.append("  Famine: " + ", ".join(
            f"{board.provinces[p].name}%" for p in state.famine))
    if state.plague:  # seed 003's plague markers, kept all Summer (BAR-2.5)
        lines.append("  Plague: " + ", ".join(board.provinces[p].name for p in state.plague))
    return "\n".join(lines)


def _unit_key(unit: Unit) -> tuple[str, str]:
    return (unit.province, unit.kind)
