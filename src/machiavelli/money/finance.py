"""Banking: the borrowing step of a movement phase (001, SEQUENCE OF PLAY FOR MOVEMENT PHASES 3).

:func:`banking` runs step a) of 001's order of resolution, itself in four parts
(LOAN-SEQ-A..D):

a) "pay to bank": repayments, always to the interest and then the principal of
   the earliest-due loan first (LOAN-REP-A..D, LOAN-7);
b) "pay to other player", only for a power that owes the bank nothing after a)
   (LOAN-13); ducats received arrive after every power has paid, so they can be
   neither passed on nor used to repay the bank in the same phase (LOAN-EX-2B),
   but they are there when the bank collects (LOAN-10).  Assassination chits
   change hands here too (ORD-EXP-3);
c) "borrow": 1 year at 20 % or 2 years at 50 %, interest rounded up (LOAN-3,
   LOAN-14), due in the same season 1 or 2 years later (LOAN-5); a borrow that
   would take the principal owed (new loans of the phase included) over 25
   ducats is refused whole, nothing lent (LOAN-2, LOAN-SEQ-C, LOAN-EX-2A);
d) the bank collects every loan due this season (or earlier).  A power that
   cannot pay is assassinated by the bankers (LOAN-9): it is added to
   ``state.assassinated`` and ``state.defaulted`` (never to borrow again,
   LOAN-9B), the bank takes its whole treasury and writes off all its loans.

Nothing of this step is public (docs/rulings.md, "What each power sees"): the
orders' results go to the powers that gave them, the ducats a power received
(LOAN-11), the bank's collection and a default to the power concerned, in
``Adjudication.private_events``; what the public sees of a default is its
assassination, in step d.

Expenses come next (LOAN-SEQ-E, :mod:`machiavelli.money.expenses`).  A power already in
``state.assassinated`` when the expenses are paid can only have been assassinated
here, by the bankers, so its expenses are wasted (001 EFFECTS OF ASSASSINATION 2);
:func:`bank_victims` names them.  Rulings: docs/rulings.md, "Banking".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.options import chits_in_play as chits_in_play
from machiavelli.core.options import loans_in_play as loans_in_play
from machiavelli.core.orders import BANK, Borrow, GiveChit, Order, Pay, order_key
from machiavelli.core.privacy import PrivateEvents, tell
from machiavelli.core.results import Adjudication, OrderResult, Outcome
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import SEASONS, Loan, Season, State, lists_copied
from machiavelli.movement.excommunication import excommunicated_now

#: the orders of the banking step (a tuple: cheaper to test than a union)
_BANK_ORDERS = (Borrow, Pay, GiveChit)


MAX_PRINCIPAL = 25  # LOAN-2
INTEREST_PERCENT = {1: 20, 2: 50}  # LOAN-3: years -> interest
BankOrder = Borrow | Pay | GiveChit


# ----------------------------------------------------------------------
# Loan arithmetic (the options: machiavelli.core.options)
# ----------------------------------------------------------------------
def interest_on(amount: int, years: int) -> int:
    """The interest on a loan, rounded up (LOAN-3, LOAN-14)."""
    rate = INTEREST_PERCENT[years]
    return -(-amount * rate // 100)


def due_date(season: Season, year: int, years: int) -> tuple[Season, int]:
    """The same season ``years`` years later (LOAN-5)."""
    return season, year + years


def _when(season: str, year: int) -> tuple[int, int]:
    return year, _SEASON_RANK.get(season, len(SEASONS))


_SEASON_RANK: dict[str, int] = {season: i for i, season in enumerate(SEASONS)}


def loan_order(loans: Sequence[Loan]) -> list[Loan]:
    """Loans as the income report lists them: earliest due first (LOAN-REP-A)."""
    return sorted(loans, key=_due)


def _due(loan: Loan) -> tuple[int, int]:
    """When a loan is due, as :func:`_when` gives it (a sorting key)."""
    return loan.due_year, _SEASON_RANK.get(loan.due_season, len(SEASONS))


def is_due(loan: Loan, state: State) -> bool:
    """Due in this season, or already overdue."""
    return _when(loan.due_season, loan.due_year) <= _when(state.season, state.year)


def owed(loans: Sequence[Loan]) -> int:
    """Principal plus interest still owed."""
    return sum(loan.principal + loan.interest for loan in loans)


def principal_owed(loans: Sequence[Loan]) -> int:
    """The borrowed amount still owed, interest excluded: what LOAN-2's limit counts."""
    return sum(loan.principal for loan in loans)


def when_due(loan: Loan) -> str:
    return f"{loan.due_season.capitalize()} {loan.due_year}"


def loan_lines(state: State, power: str) -> list[str]:
    """One line per outstanding loan, earliest due first, for the report (LOAN-4)."""
    return [
        f"{loan.principal + loan.interest} ducats ({loan.principal} + {loan.interest} interest)"
        f" due {when_due(loan)}"
        for loan in loan_order(state.loans.get(power, []))
    ]


def repay(loans: Sequence[Loan], amount: int) -> tuple[list[Loan], list[str]]:
    """Apply ``amount`` ducats to the loans in LOAN-REP-A..D order.

    Returns the loans left (paid-off ones dropped) and a phrase per loan touched.
    ``amount`` is at most what is owed.
    """
    left: list[Loan] = []
    parts: list[str] = []
    for loan in loan_order(loans):
        to_interest = min(amount, loan.interest)
        to_principal = min(amount - to_interest, loan.principal)
        amount -= to_interest + to_principal
        paid = [
            f"{what} {n}"
            for what, n in (("interest", to_interest), ("principal", to_principal))
            if n
        ]
        if paid:
            parts.append(f"{' and '.join(paid)} of the loan due {when_due(loan)}")
        rest = Loan(loan.principal - to_principal, loan.interest - to_interest,
                    loan.due_season, loan.due_year)
        if rest.principal or rest.interest:
            left.append(rest)
    return left, parts


def bank_victims(state: State) -> list[str]:
    """Powers assassinated this campaign that have defaulted: the bankers' victims.

    Exact between the banking step and the players' assassinations (step c).
    """
    return [p for p in state.assassinated if p in state.defaulted]


# ----------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------
@dataclass
class _Bank:
    state: State
    rules: Rules
    treasury: dict[str, int]
    loans: dict[str, list[Loan]]
    chits: dict[str, list[str]]
    #: (power, order, outcome, note) of each order judged, made results when asked for
    judged: list[tuple[str, Order, Outcome, str]] = field(default_factory=list)
    private: PrivateEvents = field(default_factory=dict)  # nothing here is public

    def __init__(
        self,
        state: State,
        rules: Rules,
        treasury: dict[str, int],
        loans: dict[str, list[Loan]],
        chits: dict[str, list[str]],
    ) -> None:
        # written out (not generated by @dataclass) so that a compiled build makes it native
        self.state = state
        self.rules = rules
        self.treasury = treasury
        self.loans = loans
        self.chits = chits
        self.judged = []
        self.private = {}

    def result(self, power: str, order: Order, outcome: Outcome, note: str) -> None:
        self.judged.append((power, order, outcome, note))

    def power_named(self, name: str) -> str | None:
        wanted = name.lower()
        for power in self.state.powers:
            if power.lower() == wanted:
                return power
        return None

    # -- a) pay to bank ------------------------------------------------
    def pay_bank(self, power: str, order: Pay) -> None:
        debt = owed(self.loans.get(power, []))
        cash = self.treasury.get(power, 0)
        if order.amount < 0:
            self.result(power, order, "fails", f"a negative amount ({order.amount} ducats)")
            return
        if order.amount == 0:
            self.result(power, order, "succeeds", "pays nothing (0 ducats)")
            return
        if debt == 0:
            self.result(power, order, "fails", "owes the bank nothing; nothing paid")
            return
        amount = min(order.amount, debt, cash)
        if amount == 0:
            self.result(power, order, "fails", "no ducats in the treasury")
            return
        self.loans[power], parts = repay(self.loans.get(power, []), amount)
        self.treasury[power] = cash - amount
        note = f"repaid {amount} ducats: " + ", ".join(parts)
        if amount < order.amount:
            reason = "treasury short" if amount == cash and cash < debt else "no more owed"
            note += f" ({amount} of {order.amount} ordered: {reason})"
        self.result(power, order, "succeeds", note)

    # -- b) pay to other players and give chits -------------------------
    def pay_player(self, power: str, order: Pay, received: dict[str, int]) -> None:
        payee = self.power_named(order.to)
        problem = self._payee_problem(power, order.to, payee)
        if problem is None and self.rules.excommunication:  # seed 003 (BAR-15.2)
            banned = excommunicated_now(self.state)
            for who in (power, payee):
                if who in banned:
                    problem = (f"{who} is excommunicated: it may neither give nor receive "
                               "ducats now (BAR-15.2)")
                    break
        if problem is None and order.amount < 0:
            problem = f"a negative amount ({order.amount} ducats)"
        if problem is not None or payee is None:
            self.result(power, order, "fails", problem or f"no power named {order.to!r}")
            return
        if order.amount == 0:
            self.result(power, order, "succeeds", "pays nothing (0 ducats)")
            return
        debt = owed(self.loans.get(power, []))
        if debt:
            self.result(power, order, "fails",
                        f"owes the bank {debt} ducats: nothing may be given to another power "
                        "before it is repaid (LOAN-13)")
            return
        cash = self.treasury.get(power, 0)
        amount = min(order.amount, cash)
        if amount == 0:
            self.result(power, order, "fails", "no ducats in the treasury")
            return
        self.treasury[power] = cash - amount
        received[payee] = received.get(payee, 0) + amount
        tell(self.private, payee, f"Received {amount} ducats from {power} (LOAN-11).")
        note = f"paid {amount} ducats to {payee}"
        if amount < order.amount:
            note += f" ({amount} of {order.amount} ordered: treasury short)"
        self.result(power, order, "succeeds", note)

    def _payee_problem(self, power: str, name: str, payee: str | None) -> str | None:
        if payee is None:
            return f"no power named {name!r}"
        if payee == power:
            return "a power cannot give to itself"
        if payee in self.state.eliminated:
            return f"{payee} is out of the game"
        return None

    def give_chit(self, power: str, order: GiveChit, given: dict[str, list[str]]) -> None:
        receiver = self.power_named(order.to)
        target = self.power_named(order.target)
        problem = self._payee_problem(power, order.to, receiver)
        if not self.rules.assassinations:  # (the chits come with assassinations)
            problem = "assassinations are not in play"
        elif target is None:
            problem = f"no power named {order.target!r}"
        elif problem is None and target not in self.chits.get(power, []):
            problem = f"{power} holds no assassination chit for {target}"
        if problem is not None or receiver is None or target is None:
            self.result(power, order, "fails", problem or "unknown power")
            return
        self.chits[power].remove(target)
        given.setdefault(receiver, []).append(target)
        self.result(power, order, "succeeds", f"gave the chit for {target} to {receiver}")

    # -- c) borrow -----------------------------------------------------
    def borrow(self, power: str, order: Borrow) -> None:
        problem = self._borrow_problem(power, order)
        if problem is not None:
            self.result(power, order, "fails", problem)
            return
        if order.amount == 0:
            self.result(power, order, "succeeds",
                        f"borrows nothing (0 ducats for {_years(order.years)}); no loan is repaid")
            return
        loans = self.loans.get(power, [])
        before = principal_owed(loans)
        if before + order.amount > MAX_PRINCIPAL:  # refused whole (LOAN-2, LOAN-EX-2A)
            self.result(power, order, "fails", _over_the_limit(before, order.amount))
            return
        amount = order.amount
        interest = interest_on(amount, order.years)
        season, year = due_date(self.state.season, self.state.year, order.years)
        self.loans[power] = _add_loan(loans, Loan(amount, interest, season, year))
        self.treasury[power] = self.treasury.get(power, 0) + amount
        self.result(power, order, "succeeds",
                    f"borrowed {amount} ducats for {_years(order.years)}:"
                    f" {amount + interest} due {season.capitalize()} {year}")

    def _borrow_problem(self, power: str, order: Borrow) -> str | None:
        if not self.rules.loans:
            return "loans from the bank are not in play (set noloans)"
        if order.years not in INTEREST_PERCENT:
            return f"a loan runs 1 or 2 years, not {order.years}"
        if order.amount < 0:
            return f"a negative amount ({order.amount} ducats)"
        if power in self.state.defaulted and order.amount > 0:
            return f"{power} defaulted on a loan and may never borrow again"
        return None

    # -- d) the bank collects ------------------------------------------
    def collect(self, power: str) -> bool:
        """Collect ``power``'s due loans; False when it defaults."""
        loans = self.loans.get(power, [])
        now = _when(self.state.season, self.state.year)
        for loan in loans:  # (most debtors owe nothing yet: nothing sorted for them)
            if _when(loan.due_season, loan.due_year) <= now:
                break
        else:
            return True
        due = [loan for loan in loan_order(loans) if is_due(loan, self.state)]
        total = owed(due)
        when = ", ".join(when_due(loan) for loan in due)
        cash = self.treasury.get(power, 0)
        if cash >= total:
            self.treasury[power] = cash - total
            self.loans[power] = [loan for loan in loans if not is_due(loan, self.state)]
            tell(self.private, power, f"The bank collects {total} ducats from {power}"
                 f" (the loan due {when}).")
            return True
        self.treasury[power] = 0
        self.loans[power] = []
        tell(
            self.private, power,
            f"{power} cannot pay the {total} ducats due to the bank ({when}) and is"
            f" assassinated by the bankers: the bank seizes the {cash} ducats in its treasury"
            f" and writes off its loans; {power} may never borrow again, and its expenses"
            " this campaign are wasted (LOAN-9, LOAN-9B, ASN-EFF-2)."
        )
        return False


def _over_the_limit(before: int, amount: int) -> str:
    """Why a borrow is refused: it would take the principal owed over 25 ducats."""
    room = MAX_PRINCIPAL - before
    may = f"at most {room} more may be borrowed" if room > 0 else "nothing more may be borrowed"
    return (f"refused, nothing lent: {before} ducats of principal owed to the bank"
            f" + {amount} = {before + amount}, over the limit of {MAX_PRINCIPAL}; {may}")


def _years(years: int) -> str:
    return f"{years} year" + ("" if years == 1 else "s")


def _add_loan(loans: list[Loan], new: Loan) -> list[Loan]:
    """Add a loan; one falling due with an existing loan joins it (the report's one line)."""
    for i, loan in enumerate(loans):
        if (loan.due_season, loan.due_year) == (new.due_season, new.due_year):
            merged = Loan(loan.principal + new.principal, loan.interest + new.interest,
                          loan.due_season, loan.due_year)
            return [*loans[:i], merged, *loans[i + 1:]]
    return [*loans, new]


def bank_orders(orders: Sequence[Order]) -> list[BankOrder]:
    """A power's borrow, pay and chit orders, a later one replacing an earlier with its key."""
    latest: dict[tuple[str, ...], BankOrder] = {}
    for order in orders:
        if isinstance(order, _BANK_ORDERS):
            key = order_key(order)
            if isinstance(order, Pay):
                key = ("pay", order.to.lower())
            latest.pop(key, None)
            latest[key] = order
    return list(latest.values())


def banking(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice,
    rules: Rules | None = None,
) -> Adjudication:
    """The borrowing step of a movement phase (LOAN-SEQ-A..D); see the module's doc.

    ``rules``: the rules of ``state.options``, when the caller has them already."""
    mine = {power: bank_orders(seq) for power, seq in orders.items() if seq}
    mine = {power: seq for power, seq in mine.items() if seq}
    if rules is None:
        rules = rules_of(state.options)
    if not rules.money:
        return Adjudication(state, [
            OrderResult(power, order, "void", "no money in this game")
            for power, seq in mine.items() for order in seq
        ])
    if not mine and not state.loans:  # no bank order and nothing owed: nothing to do
        return Adjudication(state, [], [])
    bank = _Bank(
        state,
        rules,
        dict(state.treasury),
        lists_copied(state.loans),
        lists_copied(state.chits),
    )
    for power, seq in mine.items():  # a) pay to bank
        for order in seq:
            if isinstance(order, Pay) and order.to.lower() == BANK:
                bank.pay_bank(power, order)
    received: dict[str, int] = {}
    given: dict[str, list[str]] = {}
    for power, seq in mine.items():  # b) pay to other players, give chits
        for order in seq:
            if isinstance(order, Pay) and order.to.lower() != BANK:
                bank.pay_player(power, order, received)
            elif isinstance(order, GiveChit):
                bank.give_chit(power, order, given)
    for power, amount in received.items():
        bank.treasury[power] = bank.treasury.get(power, 0) + amount
    for power, targets in given.items():
        bank.chits.setdefault(power, []).extend(targets)
    for power, seq in mine.items():  # c) borrow
        for order in seq:
            if isinstance(order, Borrow):
                bank.borrow(power, order)
    assassinated = list(state.assassinated)
    defaulted = list(state.defaulted)
    debtors = [p for p in state.powers if p in bank.loans]
    if len(debtors) < len(bank.loans):  # (a debtor not among the powers: a hand-made position)
        debtors += sorted(p for p in bank.loans if p not in state.powers)
    for power in debtors:  # d) the bank collects
        if not bank.collect(power):
            assassinated += [] if power in assassinated else [power]
            defaulted += [] if power in defaulted else [power]
    new = state.but(
        treasury=bank.treasury,
        loans={p: v for p, v in bank.loans.items() if v},
        chits=bank.chits,
        assassinated=assassinated,
        defaulted=defaulted,
    )
    judged = bank.judged
    return Adjudication(new, None, [], bank.private, write=lambda: [
        OrderResult(power, order, outcome, note) for power, order, outcome, note in judged])
