"""What a power may order now: the units' legal orders and the money menu.

:func:`legal_orders` gives a :class:`LegalOrders`: every legal order of each of the
power's units (and its alliances), as
:func:`machiavelli.movement.legal_lists.legal_orders` lists them, and in a movement
phase with money the :class:`MoneyMenu` (001, ORDER SYNTAX: expenditure orders):

- ``borrow``: 5, 10, ... ducats up to what the bank still lends (LOAN-2: 25 of
  principal at most), for 1 or 2 years, while loans are in play and the power never
  defaulted;
- ``repay``: payments to the bank of what the power owes, loan by loan in the order
  the bank takes them (``pay N ducats to bank``), within the treasury;
- ``pay``: 3, 6 and 12 ducats and half the treasury to each other power in the game;
- ``chits``: each assassination chit held, given to each other power it does not name;
- ``expenses``: every expense that fits the position
  (:func:`machiavelli.game.random_orders.expense_targets`): bribes at their price and 3
  and 6 over it (to beat a counter-bribe), counter-bribes of 3 to 12, rebellions at
  their price, famine relief, pacification, assassinations of 12, 24 and 36 ducats;
  each at most the treasury.  Every expense is numbered 1: a player picks up to four
  and numbers them (:func:`numbered`).

In an adjustment phase under ``bar`` the menu is ``give``: seed 003's ducat exchange
(B.4, BAR-2.3), the same gifts as ``pay`` to each other power in the game.

Every order is an order object that :func:`machiavelli.text.notation.format_order`
writes in the judge's syntax.  The amounts are within the treasury as it is before
the phase's loans; the engine judges anything beyond.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.options import loans_in_play, money_in_play, rules_of
from machiavelli.core.orders import BANK, Borrow, Expense, GiveChit, MoneyOrder, Order, Pay
from machiavelli.core.state import State
from machiavelli.game.random_orders import Idea, expense_targets
from machiavelli.money.finance import MAX_PRINCIPAL, loan_order, principal_owed
from machiavelli.movement import legal_lists

PAYMENTS = (3, 6, 12)
BORROW_STEP = 5
BRIBE_EXTRA = (0, 3, 6)
COUNTER_BRIBES = (3, 6, 9, 12)
ASSASSINATIONS = (12, 24, 36)
MAX_EXPENSES = 4  # EXP-GEN-1


@dataclass(frozen=True)
class MoneyMenu:
    """The money orders that make sense for one power now (see the module's doc)."""

    borrow: tuple[Borrow, ...] = ()
    repay: tuple[Pay, ...] = ()
    pay: tuple[Pay, ...] = ()
    chits: tuple[GiveChit, ...] = ()
    expenses: tuple[Expense, ...] = ()
    #: seed 003's gifts of the adjustment phase (B.4, BAR-2.3)
    give: tuple[Pay, ...] = ()

    def __iter__(self) -> Iterator[MoneyOrder]:
        yield from self.borrow
        yield from self.repay
        yield from self.pay
        yield from self.chits
        yield from self.expenses
        yield from self.give

    def spending(self) -> bool:
        """Whether the menu is a movement phase's (anything but seed 003's gifts)."""
        return bool(self.borrow or self.repay or self.pay or self.chits or self.expenses)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: the keys of orders a power may well leave out (:meth:`LegalOrders.optional_keys`)
OPTIONAL = ("tax", "excommunicate", "permit")
_NOT_UNITS = ("ally", *OPTIONAL)


@dataclass(frozen=True)
class LegalOrders:
    """A power's choices this phase: one order per key of ``units``, and money orders.

    ``units`` maps an order key (:func:`machiavelli.core.orders.order_key`: a unit, a
    build place, an alliance) to its legal orders; ``money`` is empty outside movement
    phases with money in play, but for seed 003's gifts in an adjustment phase under
    ``bar`` (:attr:`MoneyMenu.give`).
    """

    power: str
    units: dict[tuple[str, ...], list[Order]] = field(default_factory=dict)
    money: MoneyMenu = field(default_factory=MoneyMenu)

    def unit_keys(self) -> list[tuple[str, ...]]:
        """The keys of units and build places (alliances and the orders a power may well
        leave out, :meth:`optional_keys`, left out), sorted."""
        return sorted(k for k in self.units if k[0] not in _NOT_UNITS)

    def optional_keys(self) -> list[tuple[str, ...]]:
        """Seed 003's orders a power gives now and then, sorted: the provinces it may tax
        by force (BAR-5.3), the powers the Papacy may excommunicate (BAR-15.1)."""
        return sorted(k for k in self.units if k[0] in OPTIONAL)

    def count(self) -> int:
        return sum(len(v) for v in self.units.values()) + len(self.money)


def legal_orders(board: Board, state: State, power: str) -> LegalOrders:
    """Every order ``power`` may give in the current phase (see the module's doc)."""
    units = legal_lists.legal_orders(board, state, power)
    if state.phase == "movement":
        menu = money_menu(board, state, power)
    elif state.phase == "adjustment" and rules_of(state.options).bar:
        menu = gift_menu(state, power)
    else:
        menu = MoneyMenu()
    return LegalOrders(power, units, menu)


def money_menu(board: Board, state: State, power: str) -> MoneyMenu:
    """The money orders of a movement phase (see the module's doc)."""
    if not money_in_play(state) or power in state.eliminated:
        return MoneyMenu()
    cash = max(state.treasury.get(power, 0), 0)
    others = [p for p in state.powers if p != power and p not in state.eliminated]
    return MoneyMenu(
        borrow=_borrow(state, power),
        repay=_repay(state, power, cash),
        pay=_pay(others, cash),
        chits=_chits(state, power, others),
        expenses=_expenses(board, state, power, cash),
    )


def gift_menu(state: State, power: str) -> MoneyMenu:
    """Seed 003's ducat exchange of the adjustment phase (B.4, BAR-2.3): ``give``."""
    if not money_in_play(state) or power in state.eliminated:
        return MoneyMenu()
    cash = max(state.treasury.get(power, 0), 0)
    others = [p for p in state.powers if p != power and p not in state.eliminated]
    return MoneyMenu(give=_pay(others, cash))


def _borrow(state: State, power: str) -> tuple[Borrow, ...]:
    if not loans_in_play(state) or power in state.defaulted:
        return ()
    room = MAX_PRINCIPAL - principal_owed(state.loans.get(power, []))
    found = _BORROWS.get(room)
    if found is None:
        amounts = sorted({*range(BORROW_STEP, room + 1, BORROW_STEP), room} - {0})
        found = _BORROWS[room] = tuple(
            Borrow(a, years) for years in (1, 2) for a in amounts if a > 0)
    return found


#: the loans on offer by the room left to borrow (at most MAX_PRINCIPAL: a few)
_BORROWS: dict[int, tuple[Borrow, ...]] = {}
#: payments and chits given, made once (orders are frozen: the same offer, the same
#: object); the amounts paid to a power are few (3, 6, 12, half a treasury)
_PAYS: dict[tuple[int, str], Pay] = {}
_CHITS: dict[tuple[str, str], GiveChit] = {}


def _pay(others: Sequence[str], cash: int) -> tuple[Pay, ...]:
    gifts = _gifts(cash)
    found: list[Pay] = []
    for p in others:
        for a in gifts:
            pay = _PAYS.get((a, p))
            if pay is None:
                if len(_PAYS) > 10_000:  # (half a treasury: amounts without end, in theory)
                    _PAYS.clear()
                pay = _PAYS[(a, p)] = Pay(a, p)
            found.append(pay)
    return tuple(found)


def _repay(state: State, power: str, cash: int) -> tuple[Pay, ...]:
    owed, found = 0, []
    for loan in loan_order(state.loans.get(power, [])):
        owed += loan.principal + loan.interest
        if owed <= cash:
            found.append(Pay(owed, BANK))
    return tuple(found)


def _gifts(cash: int) -> list[int]:
    return sorted({a for a in (*PAYMENTS, cash // 2) if 0 < a <= cash})


def _chits(state: State, power: str, others: Sequence[str]) -> tuple[GiveChit, ...]:
    held = tuple(sorted({t for t in state.chits.get(power, []) if t not in state.eliminated}))
    if not held:
        return ()
    key = (held, tuple(others))
    offered = _CHIT_OFFERS.get(key)
    if offered is None:
        if len(_CHIT_OFFERS) > 10_000:  # (the chits held and the powers left: a few)
            _CHIT_OFFERS.clear()
        offered = _CHIT_OFFERS[key] = _chit_offers(held, others)
    return offered


#: the chits' offers by the chits held and the other powers in the game, made once
_CHIT_OFFERS: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[GiveChit, ...]] = {}


def _chit_offers(held: Sequence[str], others: Sequence[str]) -> tuple[GiveChit, ...]:
    found: list[GiveChit] = []
    for t in held:
        for to in others:
            if to != t:
                chit = _CHITS.get((t, to))
                if chit is None:
                    chit = _CHITS[(t, to)] = GiveChit(t, to)
                found.append(chit)
    return tuple(found)


def _expenses(board: Board, state: State, power: str, cash: int) -> tuple[Expense, ...]:
    held = [t for t in state.chits.get(power, []) if t not in state.eliminated]
    found: list[Expense] = []
    made = _made(board)
    for idea in expense_targets(board, state, power, sorted(set(held))):
        offers = made.get(idea)
        if offers is None:
            offers = made[idea] = _offers(idea)
        for expense in offers:
            if expense.amount <= cash:
                found.append(expense)
    return tuple(found)


def _offers(idea: Idea) -> tuple[Expense, ...]:
    """The expenses offered for one of :func:`expense_targets`' ideas, at every amount."""
    kind, unit_kind, province, victim, price = idea
    if kind in ("disband", "buy", "garrison_to_autonomous"):
        amounts: Sequence[int] = [price + extra for extra in BRIBE_EXTRA]
    elif kind == "counter_bribe":
        amounts = COUNTER_BRIBES
    elif kind == "assassinate":
        amounts = ASSASSINATIONS if price < 24 else (price, price + 6)  # (003's: BAR-9.1)
    elif kind == "bodyguard":
        amounts = (price, price + 3)  # seed 003's (BAR-9.2)
    else:
        amounts = [price]
    return tuple(Expense(1, a, kind, unit_kind, province, victim) for a in amounts)


#: the expenses offered for each idea, per board, kept (orders are frozen: the same offer,
#: the same object)
_made: PerBoard[dict[Idea, tuple[Expense, ...]]] = PerBoard(lambda board: {})


def numbered(expenses: Sequence[Expense]) -> list[Expense]:
    """Up to four chosen expenses numbered 1, 2, ... in order (EXP-GEN-1)."""
    return [replace(e, number=n) for n, e in enumerate(expenses[:MAX_EXPENSES], start=1)]


__all__ = ["LegalOrders", "MoneyMenu", "gift_menu", "legal_orders", "money_menu", "numbered"]
