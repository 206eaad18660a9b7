"""Invariants of a processed phase: what self-play (and the soak test) checks after each one.

:func:`phase_problems` checks one :func:`machiavelli.game.process.process_phase` call:

- never two units in one space, every unit where its kind may stand;
- every treasury >= 0, principal owed <= 25 (LOAN-2), nothing kept for an
  eliminated power, nobody still assassinated once the campaign is over;
- every unit (and dislodged unit) owned by a power still in the game, or autonomous;
- ducats conserved: for each power, treasury after = treasury before + income +
  loans received + payments received - repayments - payments made - the bank's
  collections and seizures - expenses - upkeep and builds + seed 003's benefits of
  peace and forced taxes (BAR-5.4, BAR-5.3) (a power eliminated in the phase loses
  what it had left).  Every flow is read from the phase's
  order results and events (:class:`Ledger`), and three of them are recomputed
  independently: income (:func:`machiavelli.money.income.fixed_income` on the
  position plus the recorded variable-income dice on the board's table), what
  each expense took from the treasury (EXP-GEN-4/5: in number order from what
  banking left), and what the adjustments cost (3/6/9 ducats per unit kept or
  built, as each result says it succeeded);
- the bank's books: what each power owes after = before + new loans with their
  interest (LOAN-3) - repayments - collections, all written off on a default
  (LOAN-9); no loan left overdue;
- chits: each one kept, given (ORD-EXP-3), used by an attempt (ASN-2) or gone with
  its eliminated holder;
- a winner meets the victory condition in force.

The engine reports money only in words (result notes, events), so the ledger
reads them with the patterns below; a change of wording shows up as a
conservation failure naming the flow that no longer balances.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from machiavelli.core.board import Board, space_of
from machiavelli.core.dice import Roll
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.options import money_in_play, rules_of
from machiavelli.core.orders import (
    BANK,
    Borrow,
    Build,
    Expense,
    GiveChit,
    Maintain,
    Order,
    Pay,
    Tax,
)
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.game.bar_end import bar_meets, victory_text
from machiavelli.game.process import PhaseResult
from machiavelli.game.victory import condition_in_force, meets
from machiavelli.money.bar_expenses import DROPPED, UNCHARGED
from machiavelli.money.finance import MAX_PRINCIPAL, interest_on, is_due, owed, principal_owed
from machiavelli.money.income import fixed_income, source_names, variable_income_owner
from machiavelli.money.payments import expense_payments, payable_expenses, standing_expenses
from machiavelli.money.specials import upkeep

Orders = Mapping[str, Sequence[Order]]


# ----------------------------------------------------------------------
# The ledger: every ducat that moved in one process_phase call
# ----------------------------------------------------------------------
_LEADING = re.compile(r"^(\d+) ducats")
_BORROWED = re.compile(r"^borrowed (\d+) ducats")
_REPAID = re.compile(r"^repaid (\d+) ducats")
_PAID = re.compile(r"^paid (\d+) ducats to (\S+)")
_LOST = re.compile(r"(\d+) ducats lost")
_INCOME = re.compile(r"^(\S+) receives (\d+) ducats \(")
_UPKEEP = re.compile(r"^(\S+) pays (\d+) ducats for \d+ units; treasury (\d+)\.$")
_COLLECT = re.compile(r"^The bank collects (\d+) ducats from (\S+) ")
_SEIZE = re.compile(r"^(\S+) cannot pay the \d+ ducats .* the bank seizes the (\d+) ducats")
_TAXED = re.compile(r"^(\d+) ducats?; ")
_PEACE = re.compile(r"^(.+?) and (.+?) were at peace \([^)]*\): (\d+) ducats? each \(BAR-5\.4\)")
_VARIABLE = re.compile(r"^variable income of (.+) for (\S+?)( \(fixed: nodice\))?$")


def _int(pattern: re.Pattern[str], text: str, group: int = 1) -> int | None:
    found = pattern.search(text)
    return int(found.group(group)) if found else None


@dataclass
class Ledger:
    """Ducats moved per power and kind of flow (+ in, - out)."""

    flows: dict[str, Counter[str]] = field(default_factory=dict)
    upkeep_events: dict[str, int] = field(default_factory=dict)
    income_events: dict[str, int] = field(default_factory=dict)
    new_debt: Counter[str] = field(default_factory=Counter)  # principal + interest borrowed
    defaulted: set[str] = field(default_factory=set)
    chits_given: list[tuple[str, str, str]] = field(default_factory=list)  # from, to, target
    chits_used: list[tuple[str, str]] = field(default_factory=list)  # holder, target

    def add(self, power: str, kind: str, amount: int) -> None:
        self.flows.setdefault(power, Counter())[kind] += amount

    def net(self, power: str) -> int:
        return sum(self.flows.get(power, Counter()).values())

    def total(self, kind: str) -> int:
        return sum(c[kind] for c in self.flows.values())


def read_ledger(result: PhaseResult) -> Ledger:
    """Every flow of ducats the results and events of one call report."""
    ledger = Ledger()
    for r in result.results:
        _read_result(ledger, r)
    told = [e for power in sorted(result.private_events) for e in result.private_events[power]]
    for event in [*result.events, *told]:
        if (found := _INCOME.search(event)) is not None:
            ledger.add(found.group(1), "income", int(found.group(2)))
            ledger.income_events[found.group(1)] = int(found.group(2))
        elif (found := _UPKEEP.search(event)) is not None:
            ledger.upkeep_events[found.group(1)] = int(found.group(2))
        elif (found := _COLLECT.search(event)) is not None:
            ledger.add(found.group(2), "collected", -int(found.group(1)))
        elif (found := _SEIZE.search(event)) is not None:
            ledger.add(found.group(1), "seized", -int(found.group(2)))
            ledger.defaulted.add(found.group(1))
        elif (found := _PEACE.search(event)) is not None:  # seed 003's peace (BAR-5.4)
            for power in (found.group(1), found.group(2)):
                ledger.add(power, "peace", int(found.group(3)))
    return ledger


def _read_result(ledger: Ledger, r: OrderResult) -> None:
    power, order, note = r.power, r.order, r.note
    if power is None:
        return
    if isinstance(order, Borrow) and r.outcome == "succeeds":
        amount = _int(_BORROWED, note) or 0
        ledger.add(power, "borrowed", amount)
        ledger.new_debt[power] += amount + interest_on(amount, order.years) if amount else 0
    elif isinstance(order, Tax) and r.outcome == "succeeds":  # seed 003 (BAR-5.3)
        ledger.add(power, "forced_tax", _int(_TAXED, note) or 0)
    elif isinstance(order, GiveChit) and r.outcome == "succeeds":
        ledger.chits_given.append((power, order.to, order.target))
    elif isinstance(order, Pay) and r.outcome == "succeeds":
        if order.to.lower() == BANK:
            ledger.add(power, "repaid", -(_int(_REPAID, note) or 0))
        elif (found := _PAID.search(note)) is not None:
            ledger.add(power, "paid", -int(found.group(1)))
            ledger.add(found.group(2), "received", int(found.group(1)))
    elif isinstance(order, Expense):
        ledger.add(power, "expenses", -(_int(_LEADING, note) or 0))
        if order.kind == "assassinate" and "; die " in note and order.power is not None:
            ledger.chits_used.append((power, order.power))
    elif isinstance(order, Maintain | Build):
        if r.outcome == "succeeds":
            ledger.add(power, "upkeep", -(_int(_LEADING, note) or 0))
        else:
            ledger.add(power, "upkeep", -(_int(_LOST, note) or 0))


# ----------------------------------------------------------------------
# The checks after each call
# ----------------------------------------------------------------------
def position_problems(board: Board, state: State) -> list[str]:
    """Units, owners, treasuries and loans of one position."""
    problems: list[str] = []
    spaces = Counter(space_of(board, u.province, u.kind == "G") for u in state.units)
    problems += [f"two units in {s}" for s, n in spaces.items()
                 if n > 1 and s != HIGH_SEAS]  # (any number of fleets there, BAR-1.4)
    living = {p for p in state.powers if p not in state.eliminated}
    for u in state.units + [d.unit for d in state.dislodged]:
        if u.owner is not None and u.owner not in living:
            problems.append(f"{u} belongs to a power out of the game")
    for u in state.units:
        prov = board.provinces[u.province]
        if (u.kind == "A" and prov.sea) or (u.kind == "G" and not prov.garrisonable) or (
                u.kind == "F" and u.location not in board.fleet_locations(u.province)):
            problems.append(f"{u} cannot stand there")
    problems += [f"{p} has {v} ducats" for p, v in state.treasury.items() if v < 0]
    for power, loans in state.loans.items():
        if principal_owed(loans) > MAX_PRINCIPAL:
            problems.append(f"{power} owes {principal_owed(loans)} ducats of principal (LOAN-2)")
    if state.phase != "retreat" and state.assassinated:
        problems.append(f"{state.assassinated} still assassinated after their campaign")
    for what, table in (("treasury", state.treasury), ("loans", state.loans),
                        ("chits", state.chits)):
        problems += [f"eliminated {p} keeps its {what}" for p in table if p in state.eliminated]
    return problems


def conservation_problems(before: State, result: PhaseResult, ledger: Ledger) -> list[str]:
    """Each power's treasury moves exactly by the flows its phase reported."""
    after = result.after
    problems: list[str] = []
    gone = [p for p in after.eliminated if p not in before.eliminated]
    for power in before.powers:
        if power in before.eliminated:
            continue
        expected = before.treasury.get(power, 0) + ledger.net(power)
        if power in gone:
            ledger.add(power, "lost_by_elimination", -expected)
            if expected < 0:
                problems.append(f"{power} was eliminated with {expected} ducats")
            continue
        got = after.treasury.get(power, 0)
        if got != expected:
            flows = dict(ledger.flows.get(power, Counter()))
            problems.append(
                f"{power}: treasury {before.treasury.get(power, 0)} -> {got}, "
                f"expected {expected} from {flows}")
    return problems


def loan_problems(before: State, result: PhaseResult, ledger: Ledger) -> list[str]:
    """The bank's books: owed after = before + new loans - repaid - collected (LOAN-3..9)."""
    after = result.after
    problems: list[str] = []
    for power in before.powers:
        if power in after.eliminated:
            continue
        now = owed(after.loans.get(power, []))
        if power in ledger.defaulted:
            if now or power not in after.defaulted:
                problems.append(f"{power} defaulted but owes {now} or is not marked")
            continue
        flows = ledger.flows.get(power, Counter())
        expected = (owed(before.loans.get(power, [])) + ledger.new_debt[power]
                    + flows["repaid"] + flows["collected"])
        if now != expected:
            problems.append(f"{power} owes the bank {now}, expected {expected}")
        if before.phase == "movement":
            late = [loan for loan in after.loans.get(power, []) if is_due(loan, before)]
            problems += [f"{power}'s loan {loan} was due and not collected" for loan in late]
    return problems


def chit_problems(before: State, result: PhaseResult, ledger: Ledger) -> list[str]:
    """Chits are kept, given, used up by an attempt, or go with their eliminated holder."""
    after = result.after
    expected = Counter((h, t) for h, targets in before.chits.items() for t in targets)
    for giver, receiver, target in ledger.chits_given:
        expected[(giver, target)] -= 1
        expected[(receiver, target)] += 1
    for holder, target in ledger.chits_used:
        expected[(holder, target)] -= 1
    expected = Counter({k: n for k, n in expected.items()
                        if n and k[0] not in after.eliminated})
    got = Counter((h, t) for h, targets in after.chits.items() for t in targets)
    if +expected != got or any(n < 0 for n in expected.values()):
        return [f"chits {dict(got)}, expected {dict(expected)}"]
    return []


def victory_problems(board: Board, result: PhaseResult,
                     victory_cities: int | None = None) -> list[str]:
    """A winner meets the victory condition in force."""
    after = result.after
    if after.option("bar"):  # seed 003's condition (BAR-4.4)
        return [f"{w} won without meeting {victory_text(victory_cities)}"
                for w in result.winners if not bar_meets(board, after, w, victory_cities)]
    condition = condition_in_force(board, after, victory_cities)
    return [f"{w} won without meeting {condition}" for w in result.winners
            if not meets(board, after, w, condition)]


def income_problems(board: Board, before: State, result: PhaseResult,
                    ledger: Ledger) -> list[str]:
    """Income recomputed: fixed income on the position plus the recorded variable dice."""
    after = result.after
    if after.phase != "adjustment" or before.phase == "adjustment" or not money_in_play(after):
        return []  # no income without money (Diplomacy, nomoney)
    expected = {p: i.total for p, i in fixed_income(board, after).items()}
    names = {name: s for s, name in source_names(board).items()}  # (as income wrote them)
    for roll in result.rolls:
        found = _VARIABLE.search(roll.purpose)
        if found is None:
            continue
        source, power = names[found.group(1)], found.group(2)
        owner = variable_income_owner(board, after, source)
        if owner != power:
            return [f"variable income of {source} went to {power}, not {owner}"]
        expected[power] = expected.get(power, 0) + _variable(board, source, roll)
    expected = {p: v for p, v in expected.items() if v}
    paid = {p: v for p, v in ledger.income_events.items() if v}
    return [] if paid == expected else [f"income paid {paid}, recomputed {expected}"]


def _variable(board: Board, source: str, roll: Roll) -> int:
    _, table = board.variable_income[source]
    return sum(table[v - 1] for v in roll.dice)


def expense_problems(before: State, orders: Orders, result: PhaseResult,
                     ledger: Ledger) -> list[str]:
    """What each expense took: in number order from what banking left (EXP-GEN-4, -5),
    or under ``bar`` in seed 003's order, each in full or not at all (BAR-2.6, -2.7)."""
    if before.phase != "movement":
        return []
    rules = rules_of(before.options)
    banking = ("borrowed", "repaid", "paid", "received", "collected", "seized")
    paid = {(r.power, id(r.order)): _int(_LEADING, r.note) or 0
            for r in result.results if isinstance(r.order, Expense)
            and DROPPED not in (r.note or "")}  # (an assassinated power's: BAR-2.8)
    # (seed 003's expenditures void whatever happens are never paid: BAR-7.2)
    void = {id(r.order) for r in result.results if isinstance(r.order, Expense)
            and (r.note or "").endswith(UNCHARGED)}
    problems: list[str] = []
    for power, listed in standing_expenses(orders).items():
        flows = ledger.flows.get(power, Counter())
        cash = before.treasury.get(power, 0) + sum(flows[k] for k in banking)
        payable = payable_expenses(listed, rules)
        for expense, take in zip(payable, expense_payments(before, rules, cash, payable, void),
                                 strict=True):
            got = paid.get((power, id(expense)))
            if got is not None and got != take:
                problems.append(f"{power} {expense}: took {got}, expected {take}")
    return problems


def upkeep_problems(before: State, result: PhaseResult, ledger: Ledger) -> list[str]:
    """Adjustments: 3/6/9 per unit kept or built, and the event's total agrees."""
    if before.phase != "adjustment" or not money_in_play(before):
        return []  # units cost nothing without money
    problems: list[str] = []
    costs: Counter[str] = Counter()
    for r in result.results:
        if r.power is None or r.outcome != "succeeds":
            continue
        if isinstance(r.order, Build):
            costs[r.power] += upkeep(r.order.special)
        elif isinstance(r.order, Maintain):
            ref = r.order.unit
            unit = next(u for u in before.units if u.owner == r.power
                        and u.province == ref.province and u.kind == ref.kind)
            costs[r.power] += upkeep(unit.special)
    for power in before.powers:
        spent = -ledger.flows.get(power, Counter())["upkeep"]
        if spent < costs[power]:
            problems.append(f"{power} kept and built for {costs[power]} but paid {spent}")
        if ledger.upkeep_events.get(power, 0) != spent:
            problems.append(f"{power} paid {spent} by its results, "
                            f"{ledger.upkeep_events.get(power, 0)} by the event")
    return problems



def phase_problems(board: Board, before: State, orders: Orders, result: PhaseResult,
                   ledger: Ledger | None = None, checked: Counter[str] | None = None,
                   victory_cities: int | None = None) -> list[str]:
    """Every check of one process_phase call (``ledger``: its flows, read if not given;
    ``checked``: counts of the phases each check had something to look at)."""
    ledger = read_ledger(result) if ledger is None else ledger
    checks = {
        "position": position_problems(board, result.after),
        "conservation": conservation_problems(before, result, ledger),
        "loans": loan_problems(before, result, ledger),
        "chits": chit_problems(before, result, ledger),
        "victory": victory_problems(board, result, victory_cities),
        "income": income_problems(board, before, result, ledger),
        "expenses": expense_problems(before, orders, result, ledger),
        "upkeep": upkeep_problems(before, result, ledger),
    }
    if checked is not None:
        checked["phases"] += 1
        checked["income"] += result.after.phase == "adjustment" and before.phase != "adjustment"
        checked["expenses"] += before.phase == "movement" and any(
            isinstance(r.order, Expense) for r in result.results)
        checked["upkeep"] += before.phase == "adjustment"
    return [p for found in checks.values() for p in found]



__all__ = [
    "Ledger",
    "Orders",
    "chit_problems",
    "conservation_problems",
    "expense_problems",
    "income_problems",
    "loan_problems",
    "phase_problems",
    "position_problems",
    "read_ledger",
    "upkeep_problems",
    "victory_problems",
]
