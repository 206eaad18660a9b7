"""The order checker never lets a line through (✓) that the adjudicator then voids or fails
for a reason the power could have known (issue 36, item 1).

Over random positions (random play from a scenario's start with random option flags, the
money ones included, as tests/test_legal_lists.py makes them) every power writes a random
submission: legal orders, wild ones (moves to any province, retreats anywhere, builds
anywhere) and random money orders (expenses of any kind and amount on any unit or
province, most near its own units; gifts, repayments, loans).  Each power's orders that
stand are checked alone (:func:`machiavelli.game.checking.problems`); then every power's
orders are adjudicated together, as the judge does.  Every order the checker passed
either stands, or ends for what another power did: a bounce, a cut, a dislodgement (never
void); a bribe outbid or counter-bribed, or tied (EXP-C4, EXP-C1); the power assassinated
by another (ASN-EFF-1); its unit, or a fleet its convoy needs, bribed away by another before
the units moved (EXP-D..I); an assassination's die.

``MACHIAVELLI_CHECKER_EXAMPLES`` sets the number of positions (default 200, a few seconds,
for development and make test); each position checks every power's submission.  The full
run of 10,000 positions (``MACHIAVELLI_CHECKER_EXAMPLES=10000``) and its time are in
docs/speed.md.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import random_course

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import (
    BANK,
    EXPENSE_KINDS,
    MONEY_ORDERS,
    Borrow,
    Build,
    Expense,
    Maintain,
    Move,
    Order,
    Pay,
    Retreat,
    UnitRef,
    order_key,
)
from machiavelli.core.results import OrderResult
from machiavelli.core.rules import rules_of
from machiavelli.core.state import State
from machiavelli.game.campaign import MONEY_STEPS
from machiavelli.game.checking import problems
from machiavelli.game.process import adjudicate_phase
from machiavelli.game.scenario import load_scenario
from machiavelli.money.bribes import borders
from machiavelli.movement.legal_lists import legal_orders

EXAMPLES = int(os.environ.get("MACHIAVELLI_CHECKER_EXAMPLES", "200"))
#: the scenarios played (boards of both editions; money by the flags or the scenario)
SCENARIOS = ("classic_1454", "mach2_1454", "communes_1335", "struggle_1499", "spanish_1521")
FLAGS = ("mach2", "garrisons", "fortresses", "coastal_convoys", "money", "loans",
         "assassinations", "famine", "dice")
#: what another power's orders may do to an order the checker passed (the notes' words)
OTHERS = ("a larger bribe was made on the unit (EXP-C4)", "tied with another bribe",
          "counter-bribes on the unit", "all its orders become holds (ASN-EFF-1)")
#: positions and orders checked by this process's runs (the full run reports them)
COUNTED = {"positions": 0, "passed": 0, "failed for others": 0}


def wild(board: Board, state: State, power: str, rng: random.Random) -> list[Order]:
    """A submission: legal orders for most units, then wild ones and money orders."""
    orders: list[Order] = []
    for options in legal_orders(board, state, power).values():
        if options and rng.random() < 0.8:
            orders.append(rng.choice(options))
    provinces = sorted(board.provinces)
    mine = [u for u in state.units if u.owner == power]
    anyone = list(state.units)
    for unit in mine:
        if rng.random() < 0.25 and state.phase == "movement":
            orders.append(Move(UnitRef(unit.kind, unit.province, unit.coast),
                               rng.choice(provinces)))
    for dislodged in state.dislodged:
        if dislodged.unit.owner == power and rng.random() < 0.5:
            u = dislodged.unit
            orders.append(Retreat(UnitRef(u.kind, u.province, u.coast), rng.choice(provinces)))
    if state.phase == "adjustment":
        for _ in range(rng.randint(0, 3)):
            orders.append(Build(rng.choice("AF"), rng.choice(provinces)))
        for unit in mine:
            if rng.random() < 0.5:
                orders.append(Maintain(UnitRef(unit.kind, unit.province, unit.coast)))
    if state.phase == "movement" and state.option("money"):
        others = [p for p in state.powers if p != power]
        near = {p for u in mine for p in (u.province, *borders(board, u.province))}
        close = [u for u in anyone if u.province in near] or anyone
        for _ in range(rng.randint(0, 4)):
            kind = rng.choice([k for k in EXPENSE_KINDS if k != "none"])
            target = rng.choice(close if rng.random() < 0.7 else anyone) \
                if anyone and rng.random() < 0.8 else None
            orders.append(Expense(
                rng.randint(1, 4), rng.choice((1, 2, 3, 4, 6, 9, 12, 15, 21)), kind,
                target.kind if target else None,
                target.province if target else rng.choice(provinces),
                rng.choice(others) if kind == "assassinate" and others else None))
        if rng.random() < 0.4 and others:
            orders.append(Pay(rng.randint(1, 12), rng.choice([*others, BANK])))
        if rng.random() < 0.3:
            orders.append(Borrow(rng.randint(1, 30), rng.choice((1, 2))))
    rng.shuffle(orders)
    standing: dict[tuple[str, ...], Order] = {}  # as the service keeps them: the last
    for order in orders:
        standing.pop(order_key(order), None)
        standing[order_key(order)] = order
    return list(standing.values())


def for_others(state: State, result: OrderResult, moved: MovedOn) -> bool:
    """A result another power's orders (or a die) may have brought."""
    if result.outcome not in ("void", "fails"):
        return True
    order = result.order
    if isinstance(order, Expense) and order.kind == "assassinate" and "die " in result.note:
        return True  # the die
    if state.phase == "movement" and not isinstance(order, MONEY_ORDERS):
        if result.outcome == "fails":
            return True  # a convoy broken, a support of a move not made
        assert result.power is not None
        if order in moved.voided(result.power):
            return True  # the position changed under it before the units moved
    return any(words in result.note for words in OTHERS)


class MovedOn:
    """The position every power's money orders leave when the units move (another's
    bribe may have taken a unit, or a fleet a convoy needs, EXP-D..I), and the unit orders
    the checker voids on it, made when first asked for."""

    def __init__(self, board: Board, state: State, submissions: dict[str, list[Order]],
                 seed: int) -> None:
        self.board, self.state, self.submissions, self.seed = board, state, submissions, seed
        self.after: State | None = None
        self.found: dict[str, set[Order]] = {}

    def voided(self, power: str) -> set[Order]:
        if self.after is None:
            money = {p: [o for o in seq if isinstance(o, MONEY_ORDERS)]
                     for p, seq in self.submissions.items()}
            state = self.state
            dice, rules = Dice.for_phase(self.seed, state), rules_of(state.options)
            for step in MONEY_STEPS:
                state = step(self.board, state, money, dice, rules).state
            self.after = state
        if power not in self.found:
            units = [o for o in self.submissions[power] if not isinstance(o, MONEY_ORDERS)]
            self.found[power] = {x.order for x in problems(self.board, self.after, power,
                                                           units)}
        return self.found[power]


def same_phase(board: Board, state: State, seed: int) -> None:
    rng = random.Random(seed)
    submissions = {p: wild(board, state, p, rng) for p in state.powers
                   if p not in state.eliminated}
    passed = {p: [o for o in orders if o not in {x.order for x in problems(
        board, state, p, orders)}] for p, orders in submissions.items()}
    done = adjudicate_phase(board, state, submissions, Dice.for_phase(seed, state))
    moved = MovedOn(board, state, submissions, seed)
    COUNTED["positions"] += 1
    for result in done.results:
        if result.power is None or result.order not in passed.get(result.power, []):
            continue
        COUNTED["passed"] += 1
        if result.outcome in ("void", "fails"):
            COUNTED["failed for others"] += 1
        assert for_others(state, result, moved), (state.label, result.power, result.order,
                                                  result.outcome, result.note)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(scenario=st.sampled_from(SCENARIOS),
       flags=st.dictionaries(st.sampled_from(FLAGS), st.booleans()),
       phases=st.integers(0, 12), seed=st.integers(0, 2**32))
def test_every_line_the_checker_passes_fails_only_for_what_others_did(
        scenario: str, flags: dict[str, bool], phases: int, seed: int) -> None:
    board, state = load_scenario(scenario)
    state.options.update(flags)
    if state.option("money"):
        for power in state.powers:
            state.treasury.setdefault(power, rng_amount(seed, power))
    course = list(random_course(board, state, scenario, seed, phases + 1, "checker"))
    if len(course) == phases + 1:  # (a game won before is not checked)
        same_phase(board, course[-1], seed)


def rng_amount(seed: int, power: str) -> int:
    return random.Random(f"{seed}/{power}").randint(0, 30)


def teardown_module() -> None:
    print(f"\n{COUNTED}")
