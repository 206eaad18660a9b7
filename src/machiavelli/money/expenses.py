"""Expenditures: step b of a campaign (001, SEQUENCE OF PLAY AND ORDER RESOLUTION 1.1 b).

Every expenditure except assassination (:mod:`machiavelli.money.assassination`, step c):
famine relief (a), pacify rebellion (b), counter-bribes (c), the bribes d-i
(:mod:`machiavelli.money.bribes`) and causing rebellions (j, k).

Money (EXPENDITURES phase, EXP-GEN-*): each power's expenses as they stand (a
later one with the same number replaces the earlier, ``none`` deletes it) are
paid in number order from what is left in the treasury; an expense the
treasury cannot cover takes what is left and is attempted with it, counted down
to a multiple of 3 (ambiguity 14, ruling EXP-GEN-5 in docs/rulings.md); an
invalid expense is paid all the same (EXP-GEN-3).  Assassinations are paid in
step c, but they keep their place in the number order: the ducats they will
take are set aside here, so step c, paying them in number order from what is
left, gives each exactly what it would have had.

Resolution: every expense is judged on the position at the start of the step
(the step is simultaneous, 001 "each step is simultaneous").  Bribes on one
unit compete: only the largest may succeed, ties all fail (EXP-C4); the
counter-bribes on the unit are subtracted from it and the rest must still pay
for the bribe ordered (EXP-C1, BRIBE-4).  Effects then apply in this order:
rebellions caused (j, k), bribes (disband, buy, garrison to autonomous),
pacifications, famine relief; then control adjudication 1 (OWN-1, OWN-2).

Who sees what (docs/rulings.md, "What each power sees"): every expense's
result (its cost, outcome and why) is its payer's alone; what the board shows
is public, as events that name neither payer nor price: a unit disbanded,
bought (the buyer is its new owner) or made autonomous, a rebellion raised or
pacified, a famine relieved, a siege lapsed, a change of control.  Counter-bribes
and failed bribes leave no public trace.

What the rest of the campaign relies on: a bought unit belongs to its buyer in
the state returned, so movement takes its orders from the buyer (EXP-I,
BRIBE-3); a disbanded garrison's besieger has its siege reset (SIEGE-10); a
garrison bought by its besieger's owner leaves the besieger's siege as it was,
so movement turns its besiege order into lift siege (SIEGE-13,
:func:`machiavelli.movement.sieges.forced_siege_order`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import Expense, Order, Permit
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import INDEPENDENT_CONTROL, State
from machiavelli.money import bar_expenses as bar
from machiavelli.money.bar_bribes import judged_again, waits_for_independent
from machiavelli.money.bribes import (
    COUNTER_BRIBE,
    FAMINE_RELIEF,
    KIND_NAMES,
    Offer,
    bribe_kind,
    bribe_price,
    contest,
    has_unit_near,
    is_bribe,
    named_unit,
    pacify_price,
    price_text,
    rebellion_price,
    unit_key,
)
from machiavelli.money.expense_effects import EFFECT_ORDER, Spend, carry_out, control_events
from machiavelli.money.expense_effects import Step as _Step
from machiavelli.money.finance import bank_victims
from machiavelli.money.payments import (
    EXPENSE_NUMBERS,
    expense_payments,
    payable_expenses,
)
from machiavelli.money.payments import payments as payments  # (re-exported)
from machiavelli.money.payments import standing_expenses as standing_expenses
from machiavelli.money.specials import special_limit_problem
from machiavelli.movement.bar_control import restore_control, victim_of
from machiavelli.movement.bribe_reach import bribe_reach_problem
from machiavelli.movement.control import update_control
from machiavelli.movement.legality import Checker, check_order
from machiavelli.movement.rebels import (
    is_home_province,
    rebellion_problem,
)
from machiavelli.text.order_words import ETYPE_NAMES as ETYPE_WORDS

NOT_HERE = ("assassinate", "none")  # assassinate: step c; none: deletes an expense
# ----------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------
def expenses(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice,
    rules: Rules | None = None,
) -> Adjudication:
    """Resolve every expenditure but assassinations; control adjudication 1 follows.

    ``rules``: the rules of ``state.options``, when the caller has them already."""
    if rules is None:
        rules = rules_of(state.options)  # (taken once: this step changes no option)
    standing = standing_expenses(orders)
    if not standing:  # nothing spent (most phases of a game): control adjudication 1 alone
        return Adjudication(update_control(board, state, rules=rules), [], [])
    step = _Step(board, state, rules, units=list(state.units),
                 rebellions=dict(state.rebellions), famine=list(state.famine),
                 abundance=list(state.abundance),
                 permits=[(p, o) for p, seq in orders.items() for o in seq
                          if type(o) is Permit])
    treasury = dict(state.treasury)
    victims = set(bank_victims(state))
    for power, listed in standing.items():
        left = _pay(step, power, listed, treasury.get(power, 0), power in victims)
        if power in treasury or left:
            treasury[power] = left
    later: list[Spend] = []  # under bar: bribes judged once permissions are known
    for spend in step.spends:
        if rules.bar and (spend.order.kind in bar.KINDS or not spend.open):
            continue
        if rules.bar and is_bribe(spend.order) and spend.order.kind != "permission":
            later.append(spend)
        elif spend.open:
            _judge(step, spend)
    if rules.bar:
        _permissions(step)
        for spend in later:
            _judge(step, spend)
    struck: list[str] = []  # seed 003's assassinations' victims
    if rules.bar:  # 003's F.2, then G: the victims' F.3 to F.5 dropped (BAR-9, BAR-2.8)
        struck = bar.bodyguards_and_attempts(step.spends)
        bar.drop_victims_expenses(step.spends, struck, treasury)
        step.events += bar.rebellions_of_victims(board, state, struck, step.rebellions)
    _settle_bribes(step)
    # the effects in EFFECT_ORDER, each kind's in the order paid (carrying one out ends
    # only that one: which are open is known before)
    carried = [s for s in step.spends
               if s.open and s.order.kind in EFFECT_ORDER and not s.waiting]
    for spend in sorted(carried, key=_bar_effect_rank if rules.bar else _effect_rank):
        carry_out(step, spend)
    if rules.bar:  # 003's F.4.3 for the bribes that waited for it (ruling A-8)
        _bribes_after_f42(step, treasury)
    after = state.but(units=step.units, treasury=treasury, rebellions=step.rebellions,
                      famine=step.famine, abundance=step.abundance,
                      assassinated=[*state.assassinated, *struck])
    if rules.bar and step.pacified:  # their victims control them again (BAR-4.3)
        after = restore_control(after, step.pacified)
    if step.touched:  # a bribe changed a unit: what control would have been without it
        # (asked first: on the position as it came, whose control is usually known already)
        baseline = update_control(board, state, rules=rules)
        after = update_control(board, after, rules=rules)
        step.events.extend(control_events(board, baseline, after, step.touched))
    else:
        after = update_control(board, after, rules=rules)
    spends = step.spends  # their results, written when first asked for
    return Adjudication(after, None, step.events, write=lambda: [
        OrderResult(s.power, s.order, s.outcome, s.note()) for s in spends])


def _permissions(step: _Step) -> None:
    """Seed 003's permission bribes settled before the other bribes (ruling A-9)."""
    counters: dict[tuple[str, bool], int] = {}
    for s in step.spends:
        if s.open and s.unit is not None and s.order.kind == "counter_bribe":
            key = unit_key(s.unit)
            counters[key] = max(counters.get(key, 0), s.budget)
    done = bar.settle_permissions([s for s in step.spends if not s.waiting], lambda s: counters.get(
        unit_key(s.unit), 0) if s.unit is not None else 0)
    step.permissions = [(s.power, s.unit.province) for s in done if s.unit is not None]


def _bribes_after_f42(step: _Step, treasury: dict[str, int]) -> None:
    """Seed 003's F.4.3 for the bribes that waited for it (ruling A-8, BAR-11.8, BAR-11.9):
    each judged again on the unit its place holds after F.4.2, then contested and carried
    out; one whose unit is gone is void and its ducats go back."""
    waiting = [s for s in step.spends if s.open and s.waiting and s.unit is not None]
    for spend in waiting:
        assert spend.unit is not None
        found = judged_again(step.board, step.units, spend.order.kind, spend.unit)
        if isinstance(found, tuple):
            if found[0] == "void":
                treasury[spend.power] = treasury.get(spend.power, 0) + spend.paid
                spend.paid = 0
            spend.end(*found)
            continue
        kind = bribe_kind(spend.order.kind, found, True)
        assert kind is not None
        spend.unit, spend.bribe, spend.price = found, kind, bribe_price(step.board, kind, found)
        off = bar.amount_problem(spend.order, spend.price)  # (ruling A-19, at its new price)
        if off is not None:
            treasury[spend.power] = treasury.get(spend.power, 0) + spend.paid
            spend.paid = 0
            spend.end("void", off)
    if not any(s.open for s in waiting):
        return
    _settle_bribes(step, waiting=True)
    carried = [s for s in waiting if s.open and s.order.kind in EFFECT_ORDER]
    for spend in sorted(carried, key=_bar_effect_rank):
        carry_out(step, spend)


def _effect_rank(spend: Spend) -> int:
    return EFFECT_ORDER[spend.order.kind]


def _bar_effect_rank(spend: Spend) -> int:
    return bar.BAR_EFFECT_ORDER[spend.order.kind]


def _pay(step: _Step, power: str, listed: list[Expense], treasury: int, victim: bool) -> int:
    """Pay the power's expenses in number order; the treasury left after step b."""
    problem = _power_problem(step, power, listed[0])
    payable = payable_expenses(listed, step.rules)
    void: dict[int, str] = {}  # seed 003: void whatever happens, never paid (BAR-7.2)
    if step.rules.bar and not problem:
        for expense in payable:
            if expense.kind not in bar.KINDS:
                # (judged on the amount written: a bribe below the committed unit's price
                # waits for F.4.3, ruling A-8; one above it is checked against that price)
                why = _uncharged_problem(step, Spend(power, expense, max(expense.amount, 0)))
                if why is not None:
                    void[id(expense)] = why
    taken = dict(zip((id(e) for e in payable), expense_payments(
        step.state, step.rules, 0 if problem else treasury, payable, void), strict=True))
    for expense in listed:
        if expense.kind in NOT_HERE and not (step.rules.bar and expense.kind != "none"):
            continue  # an assassination's ducats stay for step c (but 003's, BAR-9)
        paid = taken.get(id(expense), 0)
        treasury -= paid
        spend = Spend(power, expense, paid)
        step.spends.append(spend)
        bar_void = bar.bar_expense_problem(step.state, expense) if step.rules.bar else None
        if problem:
            spend.end("void", problem)
        elif bar_void is not None:
            spend.end("void", bar_void)  # nothing charged (ruling A-3)
        elif id(expense) in void:
            spend.end("void", void[id(expense)])
        elif step.rules.bar and not paid and id(expense) in taken:
            spend.end("void", bar.NOT_PAID_IN_FULL)
        elif expense.number not in EXPENSE_NUMBERS and not step.rules.bar:  # (BAR-7.1)
            spend.end("void", "an expense is numbered 1 to 4 (EXP-GEN-1)")
        elif expense.amount <= 0:
            spend.end("void", "an expense must spend some ducats")
        elif victim:
            spend.end("fails", "assassinated by the bankers: the expense is wasted (ASN-EFF-2)")
    return treasury


def _power_problem(step: _Step, power: str, expense: Expense) -> str | None:
    """Why none of the power's expenses can be made (no money, wrong phase, not playing)."""
    state = step.state
    if state.powers and power not in state.powers:
        return f"{power} is not a power of this game"
    if power in state.eliminated:
        return f"{power} has been eliminated"
    if step.checker is None:
        step.checker = Checker(step.board, state, step.rules, occupancy=step.where())
    return check_order(step.board, state, power, expense, step.checker)


# ----------------------------------------------------------------------
# Judging each expense on the position at the start of the step
# ----------------------------------------------------------------------
def _judge(step: _Step, spend: Spend) -> None:
    try:
        problem = _problem(step, spend)
    except KeyError as err:  # a place that is not on this board
        problem = f"unknown place {err}"
    if problem:
        spend.end("void", problem)


def _uncharged_problem(step: _Step, spend: Spend) -> str | None:
    """Seed 003: why the expenditure is void whatever the others do, so not charged
    (003 7.1, BAR-7.2, rulings A-3, A-19): illegal on the position the campaign began
    with, or an amount its price does not allow.  A bribe out of reach is not among them:
    it fails and is charged (003 11.1)."""
    try:
        problem = _problem(step, spend, reach=False)
    except KeyError as err:  # a place that is not on this board
        problem = f"unknown place {err}"
    if problem is not None:
        return problem if problem.endswith(bar.UNCHARGED) else f"{problem}: {bar.UNCHARGED}"
    return bar.amount_problem(spend.order, spend.price)


def _problem(step: _Step, spend: Spend, reach: bool = True) -> str | None:
    """Why the expense is invalid (it is paid all the same, EXP-GEN-3), or None.

    ``reach``: whether seed 003's reach of a bribe is checked too (BAR-11.1)."""
    expense, power = spend.order, spend.power
    if expense.kind in bar.ONLY_003 and not step.rules.bar:  # (001 has none of them)
        return f"{ETYPE_WORDS[expense.kind]} is seed 003's expenditure (option bar)"
    if expense.kind in ("counter_bribe", "disband", "buy", "garrison_to_autonomous",
                        "operate", "permission"):
        return _unit_problem(step, spend, reach)
    province = expense.province
    if province is None:
        return "no province is named"
    name = step.board.display_name(province)
    # (seed 003 needs no adjacency for relief, pacification or rebellions, BAR-7.3)
    if step.rules.adjacency and not step.rules.bar and not has_unit_near(
            step.board, step.state.units, power, province):
        return f"you have no unit in or next to {name} (adjacency, ADJTAB-{_table(expense)})"
    if expense.kind == "famine_relief":
        if bar.preventive(step.rules.bar, step.state, province):
            spend.price = bar.PREVENTIVE_RELIEF
            return bar.preventive_problem(step.board, province)
        spend.price = FAMINE_RELIEF
        return None if province in step.state.famine else f"there is no famine in {name}"
    if expense.kind == "pacify_rebellion":
        spend.price = pacify_price(step.rules.bar)
        return None  # whether a rebellion is there is seen once rebellions are raised
    return _rebellion_problem(step, spend, province, name)


def _table(expense: Expense) -> str:
    return {"famine_relief": "A", "pacify_rebellion": "B"}.get(expense.kind, "JK")


def _unit_problem(step: _Step, spend: Spend, reach: bool = True) -> str | None:
    board, state, expense, power = step.board, step.state, spend.order, spend.power
    found = named_unit(state, power, expense, step.where())
    if isinstance(found, str):
        return found
    spend.unit = found
    where = board.display_name(found.province)
    if step.rules.bar:  # 003's reach (BAR-11.1; counter-bribes anywhere, BAR-11.3)
        if reach and expense.kind != "counter_bribe" and found.owner != power:
            out_of_reach = bribe_reach_problem(board, state, power, found, step.permits, [
                p for who, p in step.permissions if who == power])
            if out_of_reach is not None:
                return out_of_reach
    elif step.rules.adjacency and found.owner != power and not has_unit_near(
            board, state.units, power, found.province):
        rule = "C" if expense.kind == "counter_bribe" else "DI"
        return f"you have no unit in or next to {where} (adjacency, ADJTAB-{rule})"
    if expense.kind == "counter_bribe":
        spend.price = COUNTER_BRIBE
        return None
    if found.owner == power:
        return (f"the {KIND_NAMES[found.kind]} in {where} is yours: a power cannot bribe its "
                "own unit, only counter-bribe it")
    if step.rules.bar and waits_for_independent(board, expense.kind, found, spend.budget):
        spend.waiting = True  # judged in F.4.3 on the unit as it then stands (ruling A-8)
        return None
    kind = bribe_kind(expense.kind, found, step.rules.bar)
    if kind is None and expense.kind in ("operate", "permission"):
        return f"only an independent unit takes {expense.kind} bribes (BAR-11.6)"
    if kind is None:
        if found.kind != "G":
            return "only a garrison can be made autonomous (EXP-F)"
        return f"the garrison in {where} is already autonomous (EXP-F)"
    spend.bribe = kind
    spend.price = bribe_price(board, kind, found)
    return None


def _rebellion_problem(step: _Step, spend: Spend, province: str, name: str) -> str | None:
    """Cause rebellion (j, k): an enemy-controlled land province (EXP-J, EXP-K, VEN-G)."""
    board, state = step.board, step.state
    problem = rebellion_problem(board, state, province, by=spend.power)
    if problem is not None:
        return problem
    if step.rules.bar:  # seed 003's victim: the occupier, else the controller (BAR-10.1)
        controller = victim_of(step.where(), state.province_owner, province) or ""
    else:
        controller = state.province_owner[province]
    spend.price = rebellion_price(is_home_province(board, state, controller, province),
                                  step.rules.bar, controller == INDEPENDENT_CONTROL)
    return None


# ----------------------------------------------------------------------
# Bribes against bribes and counter-bribes (EXP-C1, EXP-C4)
# ----------------------------------------------------------------------
def _settle_bribes(step: _Step, waiting: bool = False) -> None:
    """The bribes against each other and the counter-bribes (under ``bar`` those judged in
    F.4.3 after the others' effects, ``waiting``, ruling A-8)."""
    bribes: dict[tuple[str, bool], list[Spend]] = {}
    countered: dict[tuple[str, bool], int] = {}
    for spend in step.spends:
        # (in F.4.3 the counter-bribes have been carried out: they stand all the same)
        if spend.unit is None or not (spend.open or (
                waiting and spend.outcome == "succeeds" and not is_bribe(spend.order))):
            continue
        key = unit_key(spend.unit)
        if is_bribe(spend.order):
            if spend.waiting == waiting:
                bribes.setdefault(key, []).append(spend)
        elif spend.budget >= COUNTER_BRIBE:  # (003: the highest counts, BAR-11.4)
            had = countered.get(key, 0)
            countered[key] = max(had, spend.budget) if step.rules.bar else had + spend.budget
    bought: dict[str, int] = {}  # special units bought so far in this step (SPEC-2)
    for key, competing in bribes.items():
        if step.rules.bar:  # 003's rival bribes (BAR-11.5)
            checked, equal = bar.rival_bribes(competing)
            if checked is not None:
                _afford(step, checked, countered.get(key, 0), bought)
                for other in equal:  # (the effect is the checked one's)
                    other.end(*(("succeeds", "takes effect with an equal bribe (BAR-11.5)")
                                if checked.open else ("fails", checked.reason)))
            continue
        offers = {Offer(s.power, s.order.number, s.budget): s for s in competing}
        winner, tie = contest(list(offers))
        for offer, spend in offers.items():
            if tie:
                spend.end("fails", tie)
            elif offer != winner:
                spend.end("fails", "a larger bribe was made on the unit (EXP-C4)")
        if winner is not None:
            _afford(step, offers[winner], countered.get(key, 0), bought)


def _afford(step: _Step, spend: Spend, counter: int, bought: dict[str, int]) -> None:
    """The largest bribe on a unit: enough once counter-bribes are subtracted?"""
    assert spend.bribe is not None and spend.unit is not None
    left = spend.budget - counter
    if left < spend.price:
        doubled = price_text(step.board, spend.bribe, spend.unit)
        why = f"{spend.price} needed to {spend.bribe.what}"
        if doubled != str(spend.price):
            why += f" ({doubled})"
        if step.rules.bar:  # (seed 003: the highest counter-bribe, BAR-11.4)
            spend.end("fails", f"{'the counter-bribe leaves too few ducats: ' if counter else ''}"
                      f"{why} (BAR-11.4)")
            return
        if counter:
            why = f"counter-bribes on the unit leave too few ducats: {why} (EXP-C1)"
        rule = "EXP-" + spend.bribe.letter.upper()
        spend.end("fails", f"{why}; {rule}, BRIBE-4")
        return
    if spend.order.kind == "buy" and spend.unit.special is not None:
        problem = special_limit_problem(step.state, spend.power, spend.unit.special,
                                        leaving=[spend.unit], added=bought.get(spend.power, 0))
        if problem is not None:
            spend.end("fails", problem)
            return
        bought[spend.power] = bought.get(spend.power, 0) + 1
