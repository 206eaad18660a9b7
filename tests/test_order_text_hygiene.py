"""Order text a careless or hostile player may send: messages, never tracebacks, and
linear work (the reliability probe of 2026-11-24, findings 4, 6 and 14)."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

import pytest

from machiavelli.game.scenario import load_scenario
from machiavelli.text import notation
from machiavelli.text.notation import parse_orders

BOARD, STATE = load_scenario("classic_1454")


@pytest.mark.parametrize("text", [
    "expense ²: 3 ducats famine relief mil",
    "borrow 5 ducats for ² years",
    "borrow 5 ducats at ²%",
    "borrow 5 ducats for ³ year",
    "pay " + "9" * 5000 + " ducats to Venice",
    "pay " + "+".join(["9" * 4300] * 20) + " ducats to Venice",
    "expense" + "1" * 5000 + ": 3 ducats famine relief mil",
    "expense 1: " + "7" * 4400 + " ducats famine relief mil",
], ids=["superscript-expense", "superscript-years", "superscript-rate", "cube-years",
        "5000-digits", "huge-sum", "huge-expense-number", "4400-digit-expense"])
def test_unreadable_numbers_are_refused_with_a_message(text: str) -> None:
    submission = parse_orders(text, BOARD, STATE, "Milan")
    assert submission.orders == []
    [error] = submission.errors
    assert error.line == 1 and error.reason
    assert len(error.reason) < 200  # a 5,000-digit word is not echoed whole


def test_a_byte_order_mark_does_not_spoil_line_one() -> None:
    submission = parse_orders("\ufeffA mil H\nA pav - for\n", BOARD, STATE, "Milan")
    assert submission.errors == []
    assert len(submission.orders) == 2


def test_an_ordinary_amount_still_reads() -> None:
    submission = parse_orders("pay 123456789 ducats to Venice", BOARD, STATE, "Milan")
    assert submission.errors == [] and len(submission.orders) == 1


def _traced_lines(text: str) -> int:
    """Python lines run inside notation.py while parsing ``text`` (a count, not a time)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if frame.f_code.co_filename != notation.__file__:
            return None
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        parse_orders(text, BOARD, STATE, "Milan")
    finally:
        sys.settrace(None)
    return count


def test_alternating_good_and_bad_lines_take_linear_work() -> None:
    small = _traced_lines("A pav - for\nxyzzy\n" * 500)
    large = _traced_lines("A pav - for\nxyzzy\n" * 2000)
    assert large < 5 * small  # four times the lines: about four times the work, not sixteen
