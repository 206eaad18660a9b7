"""Random orders for whole games with money: what a soak test (or a demo) plays.

:func:`random_orders` gives every power still in the game orders for the current
phase:

- movement: the units' orders of :func:`machiavelli.movement.random_moves.random_phase_orders`
  (with ``set disband``, now and then a unit disbanded instead), and with money
  in play :func:`random_money_orders`: an occasional loan, repayment, payment to
  another power or gift of a chit, and up to two expenses of kinds that make
  sense in the position (a bribe on a unit near one of the power's own at about
  its price, a counter-bribe on an own unit, a rebellion in an enemy province,
  famine relief or pacification where there is famine or rebellion, an
  assassination with a chit held);
- retreats: a random legal retreat or disband per dislodged unit;
- adjustments: with money, :func:`random_adjustment_orders`: most units
  maintained, some removed (or left without an order), builds at legal places
  (:func:`machiavelli.movement.legality.legal_orders`), roughly within the treasury; now
  and then the treasury is ignored on purpose, since the engine must cope.  Without
  money, a random legal choice per unit or place, as the demo does.

Every choice comes from the ``random.Random`` given, so the same generator state
and position give the same orders.  The orders are "valid-looking", not always
valid: amounts are sometimes a little short of a price, expenses sometimes
exceed the treasury, and the engine is expected to judge them.  How often each
thing is tried is a :class:`Habits` (:data:`PLAYERS` by default; :data:`CARELESS`
players borrow, overspend and add orders the engine must refuse,
:func:`mischief_orders`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli.core.board import Board, province_of
from machiavelli.core.board_index import PerBoard
from machiavelli.core.homes import held_home_provinces
from machiavelli.core.options import (
    assassinations_in_play,
    disband_anytime,
    loans_in_play,
    money_in_play,
    rules_of,
    specials_in_play,
)
from machiavelli.core.orders import (
    BANK,
    Borrow,
    Build,
    Disband,
    Expense,
    ExpenseKind,
    GiveChit,
    Maintain,
    Order,
    Pay,
    Remove,
    UnitRef,
    order_key,
)
from machiavelli.core.state import INDEPENDENT_CONTROL, State, Unit, UnitKind
from machiavelli.money.bribes import (
    borders,
    bribe_kind,
    bribe_price,
    pacify_price,
    rebellion_price,
)
from machiavelli.money.finance import MAX_PRINCIPAL, owed, principal_owed
from machiavelli.money.specials import upkeep
from machiavelli.movement.legal_lists import legal_orders
from machiavelli.movement.random_moves import random_phase_orders
from machiavelli.movement.rebels import rebellion_problem


@dataclass(frozen=True, slots=True)
class Habits:
    """How often each thing is tried, per power and phase (per unit for disbands)."""

    borrow: float = 0.15
    repay: float = 0.35
    pay_power: float = 0.08
    give_chit: float = 0.05
    disband_unit: float = 0.02
    overspend: float = 0.1  # ignore the treasury when choosing expenses or adjustments
    maintain: float = 0.88
    no_order: float = 0.03  # leave a unit without an adjustment order (it is removed)
    build: float = 0.6
    special: float = 0.15
    mischief: float = 0.0  # add an order the engine must refuse (see mischief_orders)
    max_expenses: int = 2


PLAYERS = Habits()
#: players who borrow, overspend and send nonsense: for the engine's robustness
CARELESS = Habits(borrow=0.5, pay_power=0.3, give_chit=0.2, disband_unit=0.05,
                  overspend=0.5, maintain=0.75, no_order=0.1, build=0.9, special=0.5,
                  mischief=0.4, max_expenses=4)


def playing_powers(state: State) -> list[str]:
    return [p for p in state.powers if p not in state.eliminated]


def ref_of(unit: Unit) -> UnitRef:
    return UnitRef(unit.kind, unit.province, unit.coast)


# ----------------------------------------------------------------------
# The whole phase
# ----------------------------------------------------------------------
def random_orders(
    board: Board, state: State, rng: random.Random, habits: Habits = PLAYERS
) -> dict[str, list[Order]]:
    """Orders for every power still playing, for the current phase (see the module's doc)."""
    powers = playing_powers(state)
    if state.phase == "adjustment" and money_in_play(state):
        return {p: random_adjustment_orders(board, state, p, rng, habits) for p in powers}
    units = random_phase_orders(board, state, rng)
    orders: dict[str, list[Order]] = {p: list(units.get(p, [])) for p in powers}
    if state.phase != "movement":
        return orders
    for power in powers:
        if disband_anytime(state):
            orders[power] = _disband_some(state, power, orders[power], rng, habits)
        if money_in_play(state):
            orders[power] += random_money_orders(board, state, power, rng, habits)
    return orders


def _disband_some(
    state: State, power: str, given: list[Order], rng: random.Random, habits: Habits
) -> list[Order]:
    """Now and then a unit disbanded in the movement phase (``set disband``, ORD-TN-1)."""
    units = [u for u in state.units_of(power) if rng.random() < habits.disband_unit]
    if not units:
        return given
    disbands = [Disband(ref_of(u)) for u in units]
    gone = {order_key(d) for d in disbands}
    return [o for o in given if order_key(o) not in gone] + list(disbands)


# ----------------------------------------------------------------------
# Money orders of a movement phase
# ----------------------------------------------------------------------
def random_money_orders(
    board: Board, state: State, power: str, rng: random.Random, habits: Habits = PLAYERS
) -> list[Order]:
    """Banking orders and 0-2 expenses for ``power`` in a movement phase with money."""
    orders: list[Order] = []
    cash = state.treasury.get(power, 0)
    loans = state.loans.get(power, [])
    others = [p for p in playing_powers(state) if p != power]
    debt = owed(loans)
    if debt and rng.random() < habits.repay:
        paid = rng.randint(1, debt)
        orders.append(Pay(paid, BANK))
        cash -= min(paid, cash)
    if others and rng.random() < habits.pay_power:
        gift = rng.randint(1, max(1, cash // 3))
        orders.append(Pay(gift, rng.choice(others)))
        cash -= 0 if debt else min(gift, cash)
    held = [t for t in state.chits.get(power, []) if t not in state.eliminated]
    if held and others and rng.random() < habits.give_chit:
        target = rng.choice(held)
        receivers = [p for p in others if p != target]
        if receivers:
            orders.append(GiveChit(target, rng.choice(receivers)))
            held.remove(target)
    if (loans_in_play(state) and power not in state.defaulted
            and principal_owed(loans) < MAX_PRINCIPAL and rng.random() < habits.borrow):
        amount = rng.randint(1, 10)
        orders.append(Borrow(amount, rng.choice((1, 2))))
        cash += amount
    orders += random_expenses(board, state, power, cash, held, rng, habits)
    if rng.random() < habits.mischief:
        orders.append(rng.choice(mischief_orders(state, power)))
    return orders


def mischief_orders(state: State, power: str) -> list[Order]:
    """Money orders a careless player might send, each to be refused or cut down.

    Expense 5 or an expense of nothing or less, a payment to oneself, to a power
    out of the game or of a negative amount, a loan of 3 years or beyond the
    limit, a chit not held; for the engine to judge (void or fails) and pay
    nothing it should not.
    """
    gone = [p for p in state.powers if p in state.eliminated] or ["Nobody"]
    unheld = [p for p in state.powers if p != power and p not in state.chits.get(power, [])]
    return [
        Expense(5, 3, "famine_relief", None, "flo"),
        Expense(4, 0, "counter_bribe", None, None),
        Expense(3, -6, "cause_rebellion", None, "flo"),
        Pay(5, power),
        Pay(5, gone[0]),
        Pay(-5, BANK),
        Pay(-5, gone[0]),
        Borrow(10, 3),
        Borrow(40, 1),
        Borrow(-4, 2),
        GiveChit(unheld[0] if unheld else power, power),
    ]


def random_expenses(
    board: Board,
    state: State,
    power: str,
    budget: int,
    chits: Sequence[str],
    rng: random.Random,
    habits: Habits = PLAYERS,
) -> list[Expense]:
    """0-2 expenses of kinds that fit the position, numbered from 1, roughly within budget."""
    ideas = expense_ideas(board, state, power, chits, rng)
    rng.shuffle(ideas)
    overspend = rng.random() < habits.overspend
    wanted = rng.randint(0, habits.max_expenses)
    chosen: list[Expense] = []
    spent = 0
    for kind, unit_kind, province, victim, amount in ideas:
        if len(chosen) == wanted:
            break
        if amount <= 0 or (not overspend and spent + amount > budget):
            continue
        chosen.append(Expense(len(chosen) + 1, amount, kind, unit_kind, province, victim))
        spent += amount
    return chosen


Idea = tuple[ExpenseKind, UnitKind | None, str | None, str | None, int]


def _plausible(price: int, rng: random.Random) -> int:
    """About the price: usually exact, sometimes 3 short or 3 over."""
    roll = rng.random()
    if roll < 0.15:
        return max(price - 3, 3)
    if roll < 0.3:
        return price + 3
    return price


def _bordering_of(board: Board) -> dict[str, frozenset[str]]:
    """Per province ``p``: the provinces whose :func:`~machiavelli.money.bribes.borders`
    hold ``p``."""
    found: dict[str, set[str]] = {}
    places = {*board.provinces, *board.army_adj, *(province_of(x) for x in board.fleet_adj)}
    for x in places:
        for p in borders(board, x):
            found.setdefault(p, set()).add(x)
    return {p: frozenset(xs) for p, xs in found.items()}


_bordering: PerBoard[dict[str, frozenset[str]]] = PerBoard(_bordering_of)


def _bribes_of(board: Board, unit: Unit, bar: bool = False) -> list[Idea]:
    """The bribes on ``unit``, at their price (under ``bar`` seed 003's)."""
    ideas: list[Idea] = []
    kinds: list[ExpenseKind] = ["disband", "buy", "garrison_to_autonomous"]
    if bar:  # seed 003's bribes on independent units (BAR-11.6)
        kinds += ["operate", "permission"]
    for kind in kinds:
        bribe = bribe_kind(kind, unit, bar)
        if bribe is not None:
            ideas.append((kind, unit.kind, unit.province, None, bribe_price(board, bribe, unit)))
    return ideas


#: :func:`_bribes_of` each unit (a value: equal units, equal bribes), per board and rules
#: family (001's, seed 003's)
_bribes: PerBoard[dict[tuple[Unit, bool], list[Idea]]] = PerBoard(lambda board: {})


def expense_targets(
    board: Board, state: State, power: str, chits: Sequence[str]
) -> list[Idea]:
    """Every expense that would make sense for ``power`` now, at its price.

    Bribes on units near one of the power's own at their price, a counter-bribe
    of 3 on each own unit, rebellions in provinces others control where one may
    be caused, famine relief and pacification where needed, an assassination of
    12 ducats (one number) with each chit held.  Deterministic, in a fixed order:
    the bots' money menu (:mod:`machiavelli.bots.menu`) and :func:`expense_ideas`
    read it.
    """
    ideas: list[Idea] = []
    bar = rules_of(state.options).bar  # seed 003's prices, no adjacency but for bribes
    # has_unit_near(board, state.units, power, p) for every p at once: the provinces of
    # the power's units and those bordering one of them (bribes.borders, read backwards)
    own = {u.province for u in state.units if u.owner == power}
    bordering = _bordering(board)
    close = set(own)
    for p in own:
        close.update(bordering.get(p, ()))
    near = [u for u in state.units if u.owner != power and u.province in close]
    bribes = _bribes(board)
    # (under bar one independent unit per native area: no making another there, BAR-16.2)
    natives = {u.province for u in state.units if u.owner is None} if bar else set()
    for unit in near:
        found = bribes.get((unit, bar))
        if found is None:
            found = bribes[(unit, bar)] = _bribes_of(board, unit, bar)
        if unit.province in natives:
            found = [i for i in found if i[0] != "garrison_to_autonomous"]
        ideas += found
    for unit in state.units_of(power):
        ideas.append(("counter_bribe", unit.kind, unit.province, None, 3))
    owners = state.province_owner
    held: dict[str, set[str]] = {}
    # (without bar none farther can rebel; under bar a rebellion needs no adjacency)
    for province in sorted(owners) if bar else sorted(p for p in close if p in owners):
        controller = owners[province]
        if (controller == power or province not in board.provinces
                or rebellion_problem(board, state, province, by=power) is not None):
            continue
        homes = held.get(controller)
        if homes is None:  # (is_home_province, each controller's homes found once)
            homes = held[controller] = set(held_home_provinces(board, state, controller))
        home = province in homes
        ideas.append(("cause_rebellion", None, province, None,
                      rebellion_price(home, bar, controller == INDEPENDENT_CONTROL)))
    for province in state.famine:
        if bar or province in close:
            ideas.append(("famine_relief", None, province, None, 3))
    if bar and state.season == "fall":  # seed 003's preventive relief (BAR-12.2)
        famine = set(state.famine)
        ideas += [("famine_relief", None, p, None, 1) for p in sorted(owners)
                  if owners[p] == power and p not in famine and p in board.provinces
                  and board.provinces[p].city is not None and p not in state.abundance]
    for province, rebellion in sorted(state.rebellions.items()):
        if rebellion.against == power or bar or province in close:
            ideas.append(("pacify_rebellion", None, province, None, pacify_price(bar)))
    if bar:  # seed 003's: no chits, 24 ducats at least; a bodyguard of 3 (BAR-9.1, 9.2)
        for target in state.powers:
            if target != power and target not in state.eliminated:
                ideas.append(("assassinate", None, None, target, 24))
        ideas.append(("bodyguard", None, None, power, 3))
    elif assassinations_in_play(state):
        for target in chits:
            ideas.append(("assassinate", None, None, target, 12))
    return ideas


def expense_ideas(
    board: Board, state: State, power: str, chits: Sequence[str], rng: random.Random
) -> list[Idea]:
    """Every expense that would make sense for ``power`` now, with a plausible amount:
    :func:`expense_targets`, bribes and rebellions about their price, counter-bribes of
    3, 6 or 9, assassinations of 12, 24 or 36."""
    ideas: list[Idea] = []
    for kind, unit_kind, province, victim, price in expense_targets(board, state, power, chits):
        if kind == "counter_bribe":
            price = 3 * rng.randint(1, 3)
        elif kind == "assassinate":
            price = rng.choice((24, 27, 30)) if price >= 24 else rng.choice((12, 24, 36))
        elif kind == "bodyguard":
            price = 3 * rng.randint(1, 3)
        elif kind not in ("famine_relief", "pacify_rebellion"):
            price = _plausible(price, rng)
        ideas.append((kind, unit_kind, province, victim, price))
    return ideas


# ----------------------------------------------------------------------
# Adjustments with money
# ----------------------------------------------------------------------
def random_adjustment_orders(
    board: Board, state: State, power: str, rng: random.Random, habits: Habits = PLAYERS
) -> list[Order]:
    """Maintain most units, remove some, build some, roughly within the treasury."""
    cash = state.treasury.get(power, 0)
    overspend = rng.random() < habits.overspend
    orders: list[Order] = []
    for unit in state.units_of(power):
        if rng.random() < habits.no_order:
            continue
        cost = upkeep(unit.special)
        if rng.random() < habits.maintain and (overspend or cost <= cash):
            orders.append(Maintain(ref_of(unit)))
            cash -= cost
        else:
            orders.append(Remove(ref_of(unit)))
    legal = legal_orders(board, state, power)
    places: dict[str, list[Build]] = {}
    for options in legal.values():
        for order in options:
            if isinstance(order, Build):
                places.setdefault(order.province, []).append(order)
    special_built = False
    for province in sorted(places):
        if rng.random() >= habits.build:
            continue
        builds = places[province]
        plain = [b for b in builds if b.special is None]
        fancy = [b for b in builds if b.special is not None]
        pick = rng.choice(plain) if plain else rng.choice(builds)
        if fancy and specials_in_play(state) and not special_built and (
                rng.random() < habits.special):
            pick = rng.choice(fancy)
        cost = upkeep(pick.special)
        if not overspend and cost > cash:
            continue
        special_built = special_built or pick.special is not None
        orders.append(pick)
        cash -= cost
    return orders


__all__ = [
    "CARELESS",
    "PLAYERS",
    "Habits",
    "expense_ideas",
    "expense_targets",
    "mischief_orders",
    "random_adjustment_orders",
    "random_expenses",
    "random_money_orders",
    "random_orders",
]
