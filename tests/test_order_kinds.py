"""Every order kind through every stage (issue 34, item 4).

:mod:`machiavelli.core.order_kinds` lists Machiavelli's order kinds.  :func:`missing_stages`
puts each kind's example lines through each stage an order passes, as Venice (the Papacy
for its excommunication, :attr:`OrderKind.by`) in the
position :func:`positions` sets up on the classic 1454 board, and says which stage does
not know the kind:

- ``reader``: the order language reads each line as the kind's class (a whole submission
  too, which keys the order with :func:`~machiavelli.core.orders.order_key`);
- ``formatter``: the class has a writer (:data:`machiavelli.text.notation.FORMATTERS`),
  which writes the line back as it was, and what it writes reads as the same order;
- ``legality``: each line is legal in the kind's phase (so a rule knows it: the rule of no
  kind gives a reason) and refused in every other phase;
- ``legal lists``: the bots' legal orders (:func:`machiavelli.bots.menu.legal_orders`, the
  units' lists of :mod:`machiavelli.movement.legal_lists` and the money menu) offer the
  kind, and each expenditure, in the kind's phase (but the kinds of :data:`NOT_LISTED`);
- ``wording``: adjudicated alone, each order gets a result that is not void, written in
  the public report (a money order: in Venice's private part only);
- ``painter``: the class has a painter (:data:`machiavelli.render.arrows.PAINTERS`), which
  draws something unless it says the kind has no place on the map.

A kind added to the list and missing a stage fails :func:`test_every_kind_passes_every_stage`;
the self-tests show that a kind no stage knows, or a stage missing one kind, is reported.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import get_args

import pytest

from machiavelli.bots.menu import legal_orders
from machiavelli.core.board import Board
from machiavelli.core.options import BAR_DEFAULTS
from machiavelli.core.order_kinds import (
    EXPENDITURES,
    KINDS_BY_CLASS,
    KINDS_BY_NAME,
    ORDER_KINDS,
    OrderKind,
    kind_of,
)
from machiavelli.core.orders import MONEY_TYPES, Expense, Order
from machiavelli.core.privacy import is_money_order
from machiavelli.core.state import NATIVE, Dislodged, PhaseKind, Rebellion, State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario
from machiavelli.movement import legality
from machiavelli.render import arrows
from machiavelli.render.colours import power_colours
from machiavelli.render.geometry import geometry_for
from machiavelli.text import notation
from machiavelli.text.notation import OrderSyntaxError, format_order, parse_order, parse_orders
from machiavelli.text.order_words import ETYPE_NAMES, ETYPES

VENICE = "Venice"
PHASES: tuple[PhaseKind, ...] = ("movement", "retreat", "adjustment")
#: the kinds the legal lists leave out, and why
NOT_LISTED = {
    "waive": "a power gives up a build by ordering none (legal_lists: 'waive is not listed')",
}
#: the expenditures the money menu leaves out, and why
NOT_OFFERED = {"none": "it withdraws an expense: a bot that wants none picks none"}
#: seed 003's expenditures (Balance at Risk): offered, adjudicated and worded in a ``bar``
#: game (without it a bodyguard is void: tests/test_bar_assassination.py)
BAR_ONLY = {"bodyguard", "operate", "permission"}
#: kinds tried on the board without any power's unit: seed 003's first Spring (BAR-3.3)
EMPTY_BOARD = {"old"}
#: lines that withdraw an order of the same key: adjudicated, they leave no result
WITHDRAWING = {"expense 1: none"}
#: kinds tried in a game without money where Venice has builds to make (Diplomacy's waive:
#: void where builds are paid)
WITHOUT_MONEY = {"waive"}


@cache
def positions() -> tuple[Board, dict[PhaseKind, State]]:
    """The classic 1454 start, Venice's units and a few others added, in each phase.

    Venice has 60 ducats, Papacy's assassination chit, an army and a fleet next to the
    Upper Adriatic (a convoy), an army in Ferrara (a siege to begin) and one in Mantua
    besieging Milan's garrison there (a siege to lift, a garrison to bribe); famine in
    Vicenza, Friuli in rebellion; in the retreat phase the army of Padua is dislodged.
    """
    board, start = load_scenario("classic_1454")
    state = start.copy()
    state.units = [u for u in state.units if u.province not in ("man", "fer")] + [
        Unit("A", VENICE, "ist"), Unit("F", VENICE, "uas"), Unit("A", VENICE, "fer"),
        Unit("G", None, "fer"), Unit("A", VENICE, "man", siege=1), Unit("G", "Milan", "man")]
    state.treasury = dict(state.treasury, Venice=60)
    state.chits = {VENICE: ["Papacy"]}
    state.rebellions = {"fri": Rebellion("fri", VENICE)}
    state.famine = ["vic"]
    padua = next(u for u in state.units if u.province == "pad")
    retreat = state.but(phase="retreat", units=[u for u in state.units if u is not padua],
                        dislodged=[Dislodged(padua, "fer")])
    adjustment = state.but(phase="adjustment", season="winter")
    return board, {"movement": state, "retreat": retreat, "adjustment": adjustment}


def power_of(kind: OrderKind) -> str:
    """Whose orders the kind's examples are (Venice's, but the Papacy's excommunication)."""
    return kind.by or VENICE


def position_for(kind: OrderKind, phase: PhaseKind | None = None) -> State:
    state = positions()[1][phase or kind.phases[0]]
    if kind.options:  # (seed 003's orders: their options on)
        state = state.but(options={**state.options, **dict.fromkeys(kind.options, True)})
    if kind.name in EMPTY_BOARD:
        state = state.but(units=[u for u in state.units if u.owner is None])
    if kind.name in WITHOUT_MONEY:
        return state.but(options={**state.options, "money": False},
                         units=[u for u in state.units if u.owner != VENICE or u.kind == "G"])
    return state


# ----------------------------------------------------------------------
# The stages: each gives what goes wrong with one kind (None: the stage knows it)
# ----------------------------------------------------------------------
def _examples(kind: OrderKind) -> list[tuple[str, Order | str]]:
    """Each example line with its order, or why it cannot be read."""
    board, _ = positions()
    state = position_for(kind)
    found: list[tuple[str, Order | str]] = []
    for line in kind.examples:
        try:
            found.append((line, parse_order(line, board, state, power_of(kind))))
        except OrderSyntaxError as err:
            found.append((line, f"'{line}' is not read: {err.reason}"))
    return found


def _read(kind: OrderKind) -> list[Order]:
    return [o for _, o in _examples(kind) if not isinstance(o, str)]


def reader_gap(kind: OrderKind) -> str | None:
    board, _ = positions()
    for line, order in _examples(kind):
        if isinstance(order, str):
            return order
        if type(order) is not kind.cls:
            return f"'{line}' is read as {type(order).__name__}"
        try:  # (a submission keys its orders: order_key)
            submission = parse_orders(line, board, position_for(kind), power_of(kind))
        except Exception as err:
            return f"'{line}' as a submission: {type(err).__name__}: {err}"
        if submission.errors or submission.orders != [order]:
            return f"'{line}' as a submission gives {submission}"
    return None


def formatter_gap(kind: OrderKind) -> str | None:
    if kind.cls not in notation.FORMATTERS:
        return "no writer in notation.FORMATTERS"
    board, _ = positions()
    for line, order in _examples(kind):
        if isinstance(order, str):
            continue
        written = format_order(order)
        if written != line:
            return f"'{line}' is written back as '{written}'"
        if parse_order(written, board, position_for(kind), power_of(kind)) != order:
            return f"'{written}' does not read as the order written"
    return None


def legality_gap(kind: OrderKind) -> str | None:
    board, _ = positions()
    for line, order in _examples(kind):
        if isinstance(order, str):
            continue
        try:
            reason = legality.check_order(board, position_for(kind), power_of(kind), order)
        except TypeError as err:  # compiled: a class that is no Order
            return f"'{line}' is checked: {err}"
        if reason is not None:
            return f"'{line}' is refused: {reason}"
        for phase in PHASES:
            if phase not in kind.phases and legality.check_order(
                    board, position_for(kind, phase), power_of(kind), order) is None:
                return f"'{line}' is accepted in the {phase} phase"
    if not kind.examples:
        return "no example"
    return None


def listed_gap(kind: OrderKind) -> str | None:
    if kind.name in NOT_LISTED:
        return None
    board, _ = positions()
    offered = legal_orders(board, position_for(kind), power_of(kind))
    orders = [o for options in offered.units.values() for o in options] + list(offered.money)
    if not any(type(o) is kind.cls for o in orders):
        return "not offered by the legal lists"
    if kind.cls is Expense:
        under_bar = legal_orders(board, position_for(kind).but(options=dict(BAR_DEFAULTS)),
                                 power_of(kind)).money
        given = {o.kind for o in orders if isinstance(o, Expense)} | {
            o.kind for o in under_bar if isinstance(o, Expense) and o.kind in BAR_ONLY}
        missing = [e for e in EXPENDITURES if e not in given and e not in NOT_OFFERED]
        if missing:
            return f"expenditures not offered: {missing}"
    return None


def wording_gap(kind: OrderKind) -> str | None:
    board, _ = positions()
    for line, order in _examples(kind):
        if isinstance(order, str):
            continue
        state = position_for(kind)
        if isinstance(order, Expense) and order.kind in BAR_ONLY:
            state = state.but(options=dict(BAR_DEFAULTS))
        try:
            done = adjudicate(board, state, {power_of(kind): [order]}, "kinds")
            results = [r for r in done.results if r.order == order]
            public, private = done.report, done.private.get(power_of(kind), "")
        except Exception as err:  # a stage that does not know the kind
            return f"'{line}' adjudicated: {type(err).__name__}: {err}"
        if line in WITHDRAWING:
            continue
        if len(results) != 1 or results[0].outcome == "void":
            return f"'{line}' adjudicated gives {results}"
        written = format_order(order)
        if kind.money:
            if written in public or written not in private:
                return f"'{line}' is not in Venice's private part alone"
        elif written not in public:
            return f"'{line}' is not in the public report"
    return None


def painter_gap(kind: OrderKind) -> str | None:
    paint = arrows.PAINTERS.get(kind.cls)
    if paint is None:
        return "no painter in arrows.PAINTERS"
    board, _ = positions()
    state = position_for(kind)
    painter = arrows.OrderPainter(board, geometry_for(board), state,
                                  power_colours(board, tuple(state.powers)))
    for order in _read(kind):
        painter.paint(order, power_of(kind), None)
    drawing = painter.drawing.lines + painter.drawing.marks
    if paint is not arrows.OrderPainter._nothing and not drawing:  # (some expenses have
        return "draws nothing"  # no place: an assassination's)
    return None


STAGES: dict[str, Callable[[OrderKind], str | None]] = {
    "reader": reader_gap,
    "formatter": formatter_gap,
    "legality": legality_gap,
    "legal lists": listed_gap,
    "wording": wording_gap,
    "painter": painter_gap,
}


def missing_stages(kinds: Sequence[OrderKind]) -> dict[str, dict[str, str]]:
    """Kind -> stage -> what goes wrong, for every kind some stage does not know."""
    found: dict[str, dict[str, str]] = {}
    for kind in kinds:
        for stage, gap in STAGES.items():
            problem = gap(kind)
            if problem is not None:
                found.setdefault(kind.name, {})[stage] = problem
    return found


# ----------------------------------------------------------------------
# The list itself
# ----------------------------------------------------------------------
def test_the_list_holds_every_order_class_once() -> None:
    from machiavelli.core import orders
    classes = [k.cls for k in ORDER_KINDS]
    assert len(set(classes)) == len(classes) == len(KINDS_BY_CLASS)
    assert len(KINDS_BY_NAME) == len(ORDER_KINDS)
    assert set(classes) == set(get_args(orders.Order))


def test_money_kinds_are_the_money_orders() -> None:
    assert {k.cls for k in ORDER_KINDS if k.money} == MONEY_TYPES
    for kind in ORDER_KINDS:
        for order in _read(kind):
            assert is_money_order(order) == kind.money, kind.name
            assert kind_of(order) is kind


def test_every_kind_has_phases_and_examples() -> None:
    for kind in ORDER_KINDS:
        assert kind.phases and set(kind.phases) <= set(PHASES), kind.name
        assert len(set(kind.phases)) == len(kind.phases), kind.name
        assert kind.examples, kind.name
        assert kind.described.startswith(("a ", "an ", "giving ", "lifting ", "maintaining "))


def test_every_expenditure_is_spelt_named_and_tried() -> None:
    spelt = set(ETYPES.values()) | {"none"}
    assert set(EXPENDITURES) == spelt == set(ETYPE_NAMES)
    expenses = _read(KINDS_BY_CLASS[Expense])
    assert sorted(e.kind for e in expenses if isinstance(e, Expense)) == sorted(EXPENDITURES)


def test_the_tables_keyed_by_class_hold_every_kind() -> None:
    classes = {k.cls for k in ORDER_KINDS}
    assert set(notation.FORMATTERS) == classes
    assert set(arrows.PAINTERS) == classes
    assert set(legality._UNIT_CHECKS) <= classes


def test_a_disband_is_read_in_a_movement_phase_only_with_the_option() -> None:
    """The second phase a kind lists (ORD-TN-1)."""
    board, states = positions()
    state = states["movement"]
    with pytest.raises(OrderSyntaxError, match="'disband' option"):
        parse_order("A pad D", board, state, VENICE)
    allowed = state.but(options={**state.options, "disband": True})
    order = parse_order("A pad D", board, allowed, VENICE)
    assert "movement" in kind_of(order).phases
    assert legality.check_order(board, allowed, VENICE, order) is None
    assert legality.check_order(board, state, VENICE, order) is not None


# ----------------------------------------------------------------------
# Every stage knows every kind
# ----------------------------------------------------------------------
@pytest.mark.parametrize("stage", STAGES)
def test_every_kind_passes_every_stage(stage: str) -> None:
    gaps = {k.name: problem for k in ORDER_KINDS if (problem := STAGES[stage](k)) is not None}
    assert gaps == {}


# ----------------------------------------------------------------------
# Self-tests: what the check reports
# ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Parley:
    """A kind no stage knows."""

    power: str


PARLEY = OrderKind("parley", Parley, False, ("movement",), "a parley", ("parley Milan",))


def test_a_kind_no_stage_knows_is_reported_at_every_stage(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found = missing_stages([PARLEY])  # (lines not read are not checked nor adjudicated)
    assert set(found["parley"]) == {"reader", "formatter", "legal lists", "painter"}
    # its lines read by some one reader: every stage after it still reports it (and the
    # order language's own reader too)
    monkeypatch.setattr(sys.modules[__name__], "_examples",
                        lambda kind: [(line, Parley("Milan")) for line in kind.examples])
    found = missing_stages([PARLEY])
    assert set(found["parley"]) == set(STAGES)
    if not NATIVE:  # (compiled, check_order refuses an argument that is no Order at once)
        assert found["parley"]["legality"] == (
            "'parley Milan' is refused: no rule checks an order of this kind (Parley)")


def test_a_kind_without_a_painter_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(arrows.PAINTERS, KINDS_BY_NAME["convoy"].cls)
    found = missing_stages([KINDS_BY_NAME["convoy"], KINDS_BY_NAME["hold"]])
    assert found == {"convoy": {"painter": "no painter in arrows.PAINTERS"}}


def test_a_kind_without_a_writer_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(notation.FORMATTERS, KINDS_BY_NAME["besiege"].cls)
    found = missing_stages([KINDS_BY_NAME["besiege"]])
    assert "formatter" in found["besiege"]


def test_a_kind_the_lists_leave_out_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "NOT_OFFERED", {})
    found = missing_stages([KINDS_BY_NAME["expense"]])
    assert found == {"expense": {"legal lists": "expenditures not offered: ['none']"}}
