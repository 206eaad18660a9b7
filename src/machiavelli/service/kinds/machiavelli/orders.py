"""A power's orders: read against the pending phase, merged with those it gave before
(a later order for the same unit, expense number or payee replaces the earlier one),
kept as canonical lines, each that the adjudicator will fail or void said with its reason
(:mod:`machiavelli.game.checking`); and the legal orders of a power."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.orders import BANK, Order, Pay, order_key
from machiavelli.game.checking import problems
from machiavelli.movement.legal_lists import legal_orders
from machiavelli.service.kinds.machiavelli.table import Table
from machiavelli.service.port import Choice, LineError, Reading
from machiavelli.text.notation import format_order, parse_orders


def lines_text(lines: Sequence[str]) -> str:
    return "".join(line + "\n" for line in lines)


#: seed 003 18.1: "Ducat transfer orders between players may however not be withdrawn"
NO_WITHDRAWAL = ("a transfer of ducats once sent cannot be withdrawn or changed (BAR-18.1): "
                 "the earlier line stands")


def _locked(state_options: Mapping[str, bool], order: Order) -> bool:
    """Under seed 003's ``bar`` a transfer of ducats to a power, once stored, stays
    (BAR-18.1)."""
    return type(order) is Pay and order.to != BANK and state_options.get("bar", False)


def read(table: Table, power: str, text: str, earlier: Sequence[str] = (), *,
         replace: bool = False) -> Reading:
    """``text`` read for ``power``, merged with the ``earlier`` lines it had given
    (``replace``: only those the game keeps, seed 003's transfers of ducats, BAR-18.1).

    A line that replaces an earlier one (given before, or above in the same text) is
    noted ``"replaces line N"`` (N: the earlier submission's line, or this one's); a line
    that would change a kept one is an error on its line."""
    board, state = table.board, table.state
    stored = parse_orders(lines_text(earlier), board, state, power).orders if earlier else []
    options = state.options
    locked = {order_key(o): o for o in stored if _locked(options, o)}
    if replace:
        stored = list(locked.values())
    submission = parse_orders(text, board, state, power)
    merged: dict[tuple[str, ...], Order] = {order_key(o): o for o in stored}
    refused: list[LineError] = []
    where: dict[tuple[str, ...], str] = {order_key(o): f"line {i} of the orders given before"
                                         for i, o in enumerate(stored, 1)}
    notes: dict[int, str] = {}
    lines = _lines_of(table, power, text)
    taken: dict[tuple[str, ...], int] = {}
    for order in submission.orders:
        taken[order_key(order)] = taken.get(order_key(order), 0) + 1
    for key, count in taken.items():  # the reader keeps only the last of repeated lines
        found = lines.get(key, [])
        if len(found) > count:
            where[key] = f"line {found[-count - 1]}"
            merged.setdefault(key, submission.orders[0])
            lines[key] = found[-count:]
    given: dict[tuple[str, ...], int] = {}  # the line of this text that gave each order
    for order in submission.orders:
        key = order_key(order)
        queue = lines.get(key, [])
        line = queue.pop(0) if queue else None
        kept = locked.get(key)
        if kept is not None and order != kept:
            written = text.splitlines()
            shown = (written[line - 1].strip() if line is not None and 0 < line <= len(written)
                     else format_order(order))
            refused.append(LineError(line or 0, shown, NO_WITHDRAWAL, "BAR-18.1"))
            continue
        if key in merged and line is not None:
            notes[line] = f"replaces {where[key]}"
        merged.pop(key, None)
        merged[key] = order
        if line is not None:
            where[key] = f"line {line}"
            given[key] = line
    errors = tuple(sorted([*(LineError(e.line, e.text, e.reason, getattr(e, "rule", None))
                             for e in submission.errors), *refused], key=lambda e: e.line))
    return Reading(tuple(format_order(o) for o in merged.values()), errors, notes,
                   _warnings(table, power, text, list(merged.values()), given))


def _warnings(table: Table, power: str, text: str, orders: list[Order],
              given: dict[tuple[str, ...], int]) -> tuple[LineError, ...]:
    """The orders that stand which the adjudicator will fail or void, each on the line of
    ``text`` that gave it (``given``: key -> line; 0 for an order given before)."""
    written = text.splitlines()
    found = []
    for problem in problems(table.board, table.state, power, orders):
        line = given.get(order_key(problem.order), 0)
        shown = written[line - 1].strip() if 0 < line <= len(written) else format_order(
            problem.order)
        found.append(LineError(line, shown, problem.reason, ", ".join(problem.rules) or None))
    return tuple(sorted(found, key=lambda e: e.line))


def _lines_of(table: Table, power: str, text: str) -> dict[tuple[str, ...], list[int]]:
    """The lines of ``text`` that gave an order for each unit, expense or payee, in
    order (each line read alone: the whole text, read at once, is what counts)."""
    found: dict[tuple[str, ...], list[int]] = {}
    for number, written in enumerate(text.splitlines(), 1):
        if not written.strip():
            continue
        alone = parse_orders(written + "\n", table.board, table.state, power).orders
        if len(alone) == 1:
            found.setdefault(order_key(alone[0]), []).append(number)
    return found


def answers_of(table: Table, answers: Mapping[str, Sequence[str]]
               ) -> tuple[dict[str, list[Order]], dict[str, str]]:
    """The canonical lines of each power read back as orders, and the powers whose lines
    do not read back (with the first reason)."""
    orders: dict[str, list[Order]] = {}
    damaged: dict[str, str] = {}
    for power, lines in answers.items():
        if power not in table.state.powers or not any(line.strip() for line in lines):
            continue
        got = parse_orders(lines_text(lines), table.board, table.state, power)
        if got.errors:
            first = got.errors[0]
            damaged[power] = f"line {first.line}: {first.reason}"
        orders[power] = got.orders
    return orders, damaged


def legal(table: Table, power: str) -> list[Choice]:
    """Every legal order of ``power``'s units (and expenses) in the pending phase."""
    if power not in table.state.powers or power in table.state.eliminated:
        return []
    return [Choice(format_order(order), " ".join(key))
            for key, orders in legal_orders(table.board, table.state, power).items()
            for order in orders]
