"""A movement phase's plain submission, read in one pass, gives what the general rules give.

``parse_orders`` reads a movement phase's submission of plain text (ASCII, one order a
line, no comment, envelope or expense) in one pass (``notation._usual_submission``); any
other text goes by the general rules (``notation._submission``).  Both must give the same
orders, in the same order, and the same errors with the same line numbers.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_canonical import POSITIONS, order_texts

from machiavelli.core.orders import Order
from machiavelli.movement.random_moves import uniform_orders
from machiavelli.text import notation
from machiavelli.text.notation import OrderError, format_order, parse_orders

# lines the one pass must hand to the general rules, or read as they would
ODD_LINES = [
    "", "   ", "\t", "# a comment", "A ven H # hold", "A ven H; F nap - ion", "signon mMilan",
    "signoff", "expense 1: 3 ducats famine relief mil", "E1: 3 fr mil", "e 2: none",
    "Exp 3: none", "elite a tur m pav", "ally Milan", "unally France", "A par (H)",
    "A ven: H", "A v\u00e9n H", "\ufeffA ven H", "borrow 10 ducats for 1 year", "waive",
    "A xyz H", "F gen - xyz", "A ven B", "G ven C A", "-", "/", "A ven -", "a ven - - mod",
]
BREAKS = ["\n", "\n", "\n", "\r\n", "\r", "\x0c", "\x0b", "\x1c"]


def both(text: str, position: str, power: str) -> tuple[object, object]:
    """What parse_orders gives, and what the general rules give, for comparison."""
    board, state = POSITIONS[position]
    fast = parse_orders(text, board, state, power)
    general = notation._submission(text, board, state, power, None)
    return (fast.orders, fast.errors), (general.orders, general.errors)


def legal_lines(position: str, rng: random.Random) -> dict[str, list[str]]:
    board, state = POSITIONS[position]
    return {power: [format_order(o) for o in orders]
            for power, orders in uniform_orders(board, state, rng).items()}


@st.composite
def submissions(draw: st.DrawFn, position: str) -> str:
    lines = draw(st.lists(st.one_of(order_texts(position), order_texts(position),
                                    st.sampled_from(ODD_LINES)), max_size=8))
    breaks = [draw(st.sampled_from(BREAKS)) for _ in lines]
    return "".join(line + brk for line, brk in zip(lines, breaks, strict=True))


@settings(max_examples=400)
@given(st.data())
def test_usual_submission_is_the_general_rules(data: st.DataObject) -> None:
    position = data.draw(st.sampled_from(sorted(POSITIONS)))
    _, state = POSITIONS[position]
    text = data.draw(submissions(position))
    for power in state.powers:
        fast, general = both(text, position, power)
        assert fast == general, (text, power)


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_usual_submission_of_random_legal_orders(position: str) -> None:
    """Each power's legal orders, as written, twice over with replacements and mistakes."""
    _, state = POSITIONS[position]
    rng = random.Random(28)
    for _ in range(10):
        for power, lines in legal_lines(position, rng).items():
            mixed = [*lines, *rng.sample(lines, k=len(lines) // 2), "A nowhere H", ""]
            rng.shuffle(mixed)
            text = "\n".join(line.upper() if rng.random() < 0.2 else line for line in mixed)
            fast, general = both(text, position, power)
            assert fast == general, text


def test_usual_submission_keeps_the_rest_and_names_the_line() -> None:
    """A line it cannot read is reported with its number; the other orders are kept, and a
    later order for a unit replaces the earlier one where it stands."""
    board, state = POSITIONS["standard"]
    text = "A par H\n\nA par - bur\nA mar - xyz\nF brest - mao\nA par - pic\n"
    sub = parse_orders(text, board, state, "France")
    assert [format_order(o) for o in sub.orders] == ["F bre - mao", "A par - pic"]
    assert sub.errors == [OrderError(4, "A mar - xyz", sub.errors[0].reason)]
    assert "xyz" in sub.errors[0].reason


def test_usual_submission_leaves_expenses_to_the_general_rules() -> None:
    """A line that may be an expense may buy a unit, which the power may then order: such a
    submission is read by the general rules, the bought unit's order kept."""
    board, state = POSITIONS["classic"]
    money = state.but(options={**state.options, "money": True})
    foreign = next(u for u in money.units if u.owner == "Milan" and u.kind == "A")
    text = (f"expense 1: 12 ducats buy A {foreign.province}\n"
            f"A {foreign.province} H\n")
    sub = parse_orders(text, board, money, "Venice")
    orders: list[Order] = sub.orders
    assert not sub.errors, sub.errors
    assert any(format_order(o) == f"A {foreign.province} H" for o in orders)
    assert notation._usual_submission(text, board, money, "Venice") is None


@settings(max_examples=300)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=60),
       st.sampled_from(sorted(POSITIONS)))
def test_usual_submission_of_any_ascii_text_is_the_general_rules(text: str,
                                                                  position: str) -> None:
    """Whatever ASCII text a player sends (control characters, stray words, punctuation),
    the one pass reads it as the general rules do, or leaves it to them."""
    _, state = POSITIONS[position]
    for power in state.powers[:3]:
        fast, general = both(text, position, power)
        assert fast == general, (text, power)
