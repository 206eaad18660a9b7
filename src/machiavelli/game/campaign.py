"""A campaign's order-taking phase, step by step (001, SEQUENCE OF PLAY AND ORDER RESOLUTION).

With money in play, the orders of a movement phase are resolved in this order:

a) banking: payments to the bank, to other players, borrowing, the bank's
   collection of due loans (:func:`machiavelli.money.finance.banking`);
b) expenditures other than assassinations (:func:`machiavelli.money.expenses.expenses`),
   which ends with control adjudication 1;
c) assassinations (:func:`machiavelli.money.assassination.assassinations`);
d) the bank's assassination of powers that defaulted
   (:func:`machiavelli.money.assassination.bank_assassinations`);
e) movement (:func:`machiavelli.movement.moves.resolve_movement`), then control 2, the
   removal of province rebellions (f) and control 3.

With ``auto_retreat`` (seed 003's H.2, BAR-2.9) the judge then makes every retreat
itself (:func:`machiavelli.movement.retreats.judge_retreats`): the campaign ends without
a retreat phase.  With ``peace`` (BAR-5.4) the pairs of powers that stayed at peace are
recorded in the position (:mod:`machiavelli.money.peace`).

Each step takes the position the previous one left, so a unit bought in step b
obeys its buyer's movement orders in step e (EXP-I) and an assassinated power's
units hold (ASN-EFF-1).  Without money only step e runs.  The money steps read
only the money orders (borrow, pay, chits, expenses: :data:`MONEY_ORDERS`) and are
given only those.

Each step says who may read what it reports (:mod:`machiavelli.core.privacy`); the
campaign keeps the public events and each power's private ones apart, and makes
an order for a unit its power does not command when the units move (one it tried
to buy, ORD-EXAMPLE-4) that power's business: the public does not learn of the
bribe that failed (docs/rulings.md, "What each power sees").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import MONEY_ORDERS, Excommunicate, Expense, Order, Permit
from machiavelli.core.privacy import PrivateEvents, add_private
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import State
from machiavelli.money import assassination, expenses, finance
from machiavelli.money.peace import at_peace, record_peace
from machiavelli.movement.control import update_control
from machiavelli.movement.excommunication import excommunications, lapsed
from machiavelli.movement.moves import UNIT_TYPES, resolve_movement
from machiavelli.movement.rebels import liberated_after_retreats
from machiavelli.movement.retreats import judge_retreats, tried_places

Orders = Mapping[str, Sequence[Order]]
#: what the money steps read: the money orders, and seed 003's permissions to bribe
#: (BAR-11.2), which the bribes read
MONEY_ORDERS_AND_PERMITS = (*MONEY_ORDERS, Permit)
#: a money step: the position, the money orders, the dice and the rules in force
Step = Callable[[Board, State, Orders, Dice, Rules | None], Adjudication]

#: the money steps before movement, in 001's order
MONEY_STEPS: tuple[Step, ...] = (
    finance.banking,
    expenses.expenses,  # ends with control adjudication 1 (CTRL-1)
    assassination.assassinations,
    assassination.bank_assassinations,
)


def resolve_campaign(
    board: Board, state: State, orders: Orders, dice: Dice, rules: Rules | None = None
) -> Adjudication:
    """Resolve a movement phase with everything that comes before the moves.

    ``rules``: the rules of ``state.options``, when the caller has them already (the
    steps are handed them: none changes an option)."""
    steps: list[Adjudication] = []
    events: list[str] = []
    private: PrivateEvents = {}
    if rules is None:
        rules = rules_of(state.options)
    phase_d = state  # the position the orders were written on
    # one walk over the orders: the money steps' (and seed 003's permits, the bribes'),
    # and whether any is an excommunication (a unit's order, the most of them, known by
    # its type at once)
    money_orders: dict[str, list[Order]] = {}
    excommunicating = False
    money = rules.money
    for p, seq in orders.items():
        mine: list[Order] = []
        for o in seq:
            t = type(o)
            if t in UNIT_TYPES:
                continue
            if t is Excommunicate:
                excommunicating = True
            elif money and isinstance(o, MONEY_ORDERS_AND_PERMITS):
                mine.append(o)
        money_orders[p] = mine
    papal: dict[str, list[Order]] = {}
    if excommunicating:
        # (seed 003's excommunications, BAR-15.1: announced with the moves' results)
        papal = {p: [o for o in seq if type(o) is Excommunicate] for p, seq in orders.items()}
        orders = {p: [o for o in seq if type(o) is not Excommunicate]
                  for p, seq in orders.items()}
    if money:
        for money_step in MONEY_STEPS:
            done = money_step(board, state, money_orders, dice, rules)
            state = done.state
            steps.append(done)
            events.extend(done.events)
            add_private(private, done.private_events)
    # (the money steps change no option: the rules stay those taken)
    if rules.excommunication:  # the payments were the transfer it applied to (BAR-15.2)
        state = lapsed(state)
    moved = resolve_movement(board, state, orders, rules, _operated(steps, orders, rules))
    events.extend(moved.events)
    add_private(private, moved.private_events)
    before_moves = state
    after = moved.state
    if rules.peace:  # 003 5.4 (BAR-5.4): which pairs stayed at peace this campaign
        pairs = at_peace(board, phase_d, before_moves, moved.results, after)
    retreats: list[OrderResult] = []
    if rules.auto_retreat and after.dislodged:  # 003 H.2: the judge retreats (BAR-2.9)
        tried = tried_places(moved.results, after.dislodged)
        retreated = judge_retreats(board, after, tried)
        after = retreated.state
        retreats = retreated.results
    if rules.bar and rules.auto_retreat and after.rebellions:  # 003 H.3.1 (BAR-10.6)
        after, freed = liberated_after_retreats(board, before_moves, after)
        if freed:
            events.extend(freed)
            after = update_control(board, after, rules=rules)
    if rules.peace:
        after = record_peace(after, pairs, phase_d.season)
    if papal:
        after, announced, said = excommunications(after, papal, rules)
        retreats = [*retreats, *announced]
        events.extend(said)

    def write() -> list[OrderResult]:
        where = Occupancy(before_moves.units)
        return [r for step in steps for r in step.results] + [
            _not_commanded(where, r) for r in moved.results] + retreats

    return Adjudication(after, None, events, private, write=write)


def _operated(steps: Sequence[Adjudication], orders: Orders,
              rules: Rules) -> dict[tuple[str, bool], str]:
    """Seed 003's independent units a power bribed to obey it this campaign (BAR-11.6):
    the operate bribes that succeeded, by (province, garrison)."""
    if not rules.bar or not any(type(o) is Expense and o.kind == "operate"
                                for seq in orders.values() for o in seq):
        return {}
    return {(r.order.province, r.order.unit_kind == "G"): r.power
            for step in steps for r in step.results
            if type(r.order) is Expense and r.order.kind == "operate"
            and r.outcome == "succeeds" and r.power is not None
            and r.order.province is not None}


def _not_commanded(where: Occupancy | State, result: OrderResult) -> OrderResult:
    """The result made private when its power has no such unit as the units move."""
    unit = getattr(result.order, "unit", None)
    if unit is None or result.power is None or result.private:
        return result
    found = where.unit_in(unit.province, garrison=unit.kind == "G")
    if found is not None and found.owner == result.power:
        return result
    return replace(result, private=True)
