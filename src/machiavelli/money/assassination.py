"""Assassinations (001, ASSASSINATIONS L and EFFECTS OF ASSASSINATION 1-5).

Two steps of a campaign's order resolution (SEQUENCE OF PLAY AND ORDER RESOLUTION):

c) :func:`assassinations`: the players' attempts, ``expense N: 12|24|36 ducats
   assassinate <power>``.  The payer needs the chit naming the victim (ASN-1);
   the ducats are paid even when the attempt fails or cannot be made (EXP-GEN-3:
   an invalid expenditure is still paid), out of what the treasury holds after
   step b, in expense-number order (step b sets the ducats of the assassinations
   aside in that order, EXP-GEN-4/5).  One die per attempt: every full 12
   ducats paid is one number of the die, counted from 1 (12: a 1; 24: 1-2; 36
   or more: 1-3; ASN-5).  Making the attempt uses the chit up, whatever the
   die says (ASN-2); an attempt that is not made (fewer than 12 ducats paid,
   the payer the bankers' victim) keeps it.  Several attempts may target one
   power, each rolled; one success or several have the same effect (ASN-6).
   The step is simultaneous: every attempt is rolled before any effect.
d) :func:`bank_assassinations`: the powers the bankers assassinated in step a for
   a loan they could not pay (LOAN-9, :mod:`machiavelli.money.finance`).  The effects
   are the same, except that their expenses are wasted (ASN-EFF-2: step b, and
   here their own attempts in step c).

:func:`apply_assassination` carries out effects 1-5 on a victim:

1. the victim is added to ``state.assassinated``: the movement phase turns all
   its orders into holds (other powers may support them), those holds put down
   no rebellion (:func:`machiavelli.movement.rebels.rebellions_after_movement`), and
   every siege its armies and fleets are conducting is broken now (siege
   counters back to 0) (ASN-EFF-1, 1B, 1C);
3. its garrisons already under siege (an enemy army or fleet in the province
   completed a first besiege in an earlier campaign: ``siege >= 1``) are
   eliminated at once, unless that besieger's power is also assassinated this
   campaign; the besieger's siege is then over and it is free to act (SIEGE
   lapse 1), and the city goes to the besieger's power, whose unit is now the
   only one in the province (ASN-EFF-3, 3B, 3C, 3D);
4. one die for each province it controls, in board order: a home province
   (of a home country it holds) with a unit in it (province or city, anyone's)
   rebels on 1, a home province with none on 1-2, a conquered province with a
   unit on 1-3, without on 1-5; the rebellion is placed as any other
   (:func:`machiavelli.movement.rebels.start_rebellion`; VEN-G may stop it) (ASN-EFF-4);
5. the victim stays in the game (ASN-EFF-5).

Who sees what (docs/rulings.md, "What each power sees"): an attempt, its cost and
its die are its payer's alone; a success is public through its effects, which
name no assassin; only a bank victim is told that the bankers struck it (in the
banking step).

Effects for a power that has ever defaulted on a loan are applied in step d, so
that a bank victim also struck by an assassin is hit once, and step d can tell
its victims from the state alone (``finance.bank_victims``).  Rulings:
docs/rulings.md, "Assassination, rebellions and special units".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.dice import Dice
from machiavelli.core.homes import held_home_provinces
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import Expense, Order, order_key
from machiavelli.core.results import Adjudication, OrderResult, Outcome
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.money.finance import bank_victims
from machiavelli.movement.rebels import describe, new_rebellion, rebellion_problem
from machiavelli.movement.sieges import besieged_by

DUCATS_PER_NUMBER = 12  # EXP-L, ASN-5
MAX_NUMBERS = 3  # 36 ducats at most: 3 chances in 6
EXPENSE_NUMBERS = range(1, 5)  # EXP-GEN-1
#: (home province, with a unit) -> the highest die that rebels (ASN-EFF-4A..4D)
REBEL_ON: dict[tuple[bool, bool], int] = {
    (True, True): 1,
    (True, False): 2,
    (False, True): 3,
    (False, False): 5,
}


def numbers_bought(paid: int) -> int:
    """How many numbers of the die ``paid`` ducats buy: one per full 12, at most 3."""
    return min(max(paid, 0) // DUCATS_PER_NUMBER, MAX_NUMBERS)


def succeeds(die: int, numbers: int) -> bool:
    """The attempt's numbers are 1 .. ``numbers``."""
    return 1 <= die <= numbers


def rebels_on(home: bool, with_unit: bool) -> int:
    """The highest die roll on which a province of the victim rebels (ASN-EFF-4A..4D)."""
    return REBEL_ON[(home, with_unit)]


def _numbers_text(numbers: int) -> str:
    return "1" if numbers == 1 else f"1-{numbers}"


# ----------------------------------------------------------------------
# The attempts (step c)
# ----------------------------------------------------------------------
def assassination_orders(orders: Sequence[Order]) -> list[Expense]:
    """A power's standing assassination expenses, in expense-number order.

    A later expense with the same number replaces the earlier one (an
    ``expense N: none`` withdraws it), as for every expense.
    """
    latest: dict[tuple[str, ...], Expense] = {}
    for order in orders:
        if isinstance(order, Expense):
            latest[order_key(order)] = order
    return sorted((e for e in latest.values() if e.kind == "assassinate"),
                  key=lambda e: e.number)


def _powers_in_order(state: State, powers: Iterable[str]) -> list[str]:
    """The game's powers first, in their order, then any others alphabetically."""
    named = set(powers)
    return [p for p in state.powers if p in named] + sorted(named - set(state.powers))


@dataclass
class _Attempts:
    state: State
    dice: Dice
    bank_now: set[str]
    treasury: dict[str, int]
    chits: dict[str, list[str]]
    results: list[OrderResult] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    struck: dict[str, list[str]] = field(default_factory=dict)  # victim -> successful payers

    def result(self, power: str, order: Expense, outcome: Outcome, note: str) -> None:
        self.results.append(OrderResult(power, order, outcome, note))

    def victim_named(self, name: str | None) -> str | None:
        if name is None:
            return None
        for power in self.state.powers:
            if power.lower() == name.lower():
                return power
        return None

    def pay(self, power: str, amount: int) -> int:
        cash = self.treasury.get(power, 0)
        paid = min(max(amount, 0), cash)
        self.treasury[power] = cash - paid
        return paid

    def attempt(self, power: str, order: Expense) -> None:
        void = self._void(power, order)
        if void is not None:
            self.result(power, order, "void", void)
            return
        paid = self.pay(power, order.amount)
        cost = f"{paid} ducats"
        if paid < order.amount:
            cost += f" ({paid} of {order.amount} ordered: treasury short)"
        victim = self.victim_named(order.power)
        problem = self._problem(power, victim, order)
        if problem is not None or victim is None:
            self.result(power, order, "fails", f"{cost}; {problem or 'no victim named'}")
            return
        numbers = numbers_bought(paid)
        if numbers == 0:
            self.result(power, order, "fails",
                        f"{cost}; an attempt needs at least {DUCATS_PER_NUMBER} ducats"
                        " (EXP-L): no attempt is made and the chit is kept")
            return
        self.chits[power].remove(victim)  # ASN-2: used up by the attempt, whatever the die
        (die,) = self.dice.roll(1, f"assassination of {victim} by {power}", to=power)
        extra = ""
        if paid > MAX_NUMBERS * DUCATS_PER_NUMBER:
            extra = f" ({MAX_NUMBERS * DUCATS_PER_NUMBER} ducats is the most an attempt uses)"
        roll = f"die {die}, needed {_numbers_text(numbers)}{extra}"
        if succeeds(die, numbers):
            self.struck.setdefault(victim, []).append(power)
            again = " (already assassinated this campaign: no further effect, ASN-6)" if (
                victim in self.state.assassinated) else ""
            self.result(power, order, "succeeds",
                        f"{cost}; {roll}: {victim} is assassinated{again}")
        else:
            self.result(power, order, "fails", f"{cost}; {roll}: the attempt fails")

    def _void(self, power: str, order: Expense) -> str | None:
        """Why the expense is no expense at all (nothing is paid), as in step b."""
        if self.state.powers and power not in self.state.powers:
            return f"{power} is not a power of this game"
        if power in self.state.eliminated:
            return f"{power} has been eliminated"
        if order.number not in EXPENSE_NUMBERS:
            return "an expense is numbered 1 to 4 (EXP-GEN-1)"
        if order.amount <= 0:
            return "an expense must spend some ducats"
        return None

    def _problem(self, power: str, victim: str | None, order: Expense) -> str | None:
        if order.power is None:
            return "no victim is named"
        if victim is None:
            return f"no power named {order.power!r} in this game"
        if victim == power:
            return "a power cannot assassinate itself"
        if victim in self.state.eliminated:
            return f"{victim} is out of the game"
        if power in self.bank_now:
            return (f"{power} was assassinated by the bankers: its expenses are wasted"
                    " (ASN-EFF-2)")
        if victim not in self.chits.get(power, []):
            return f"{power} holds no assassination chit for {victim} (ASN-1)"
        return None


def assassinations(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice,
    rules: Rules | None = None,
) -> Adjudication:
    """Step c: the players' assassination attempts and their effects (see the module's doc).

    ``rules``: the rules of ``state.options``, when the caller has them already."""
    if not any(isinstance(o, Expense) and o.kind == "assassinate"
               for seq in orders.values() for o in seq):
        return Adjudication(state)  # (the usual case: no attempt, nothing to sort)
    mine = {p: assassination_orders(seq) for p, seq in orders.items()}
    mine = {p: seq for p, seq in mine.items() if seq}
    if not mine:
        return Adjudication(state)
    if rules is None:
        rules = rules_of(state.options)
    if rules.bar:  # seed 003's assassinations are paid and carried out with the expenses
        return Adjudication(state)  # (machiavelli.money.bar_expenses, BAR-9)
    if not rules.money or not rules.assassinations:  # (the chits come with assassinations)
        why = "there are no assassinations in this game"
        return Adjudication(state, [
            OrderResult(p, o, "void", why) for p, seq in mine.items() for o in seq])
    run = _Attempts(
        state,
        dice,
        set(bank_victims(state)),
        dict(state.treasury),
        {p: list(v) for p, v in state.chits.items()},
    )
    for power in _powers_in_order(state, mine):
        for order in mine[power]:
            run.attempt(power, order)
    victims = [v for v in _powers_in_order(state, run.struck) if v not in state.assassinated]
    state = state.but(
        treasury=run.treasury,
        chits=run.chits,
        assassinated=[*state.assassinated, *victims],
    )
    events = run.events
    for victim in victims:
        if victim in state.defaulted:
            continue  # the effects follow with the bankers' assassinations (step d)
        state, done = apply_assassination(board, state, victim, dice)
        events.extend(done)
    return Adjudication(state, run.results, events)


# ----------------------------------------------------------------------
# The bankers' victims (step d)
# ----------------------------------------------------------------------
def bank_assassinations(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice,
    rules: Rules | None = None,
) -> Adjudication:
    """Step d: effects 1-5 for the powers assassinated for a loan they could not pay.

    Their expenses are wasted (ASN-EFF-2): step b and step c have already
    seen to that (``finance.bank_victims``).  A power that defaulted in an
    earlier year and was assassinated by a player in step c has its effects
    here too (see the module's doc).
    """
    events: list[str] = []
    for victim in bank_victims(state):  # each was told why in the banking step
        state, done = apply_assassination(board, state, victim, dice)
        events.extend(done)
    return Adjudication(state, [], events)


# ----------------------------------------------------------------------
# Effects 1-5
# ----------------------------------------------------------------------
def garrisons_under_siege(state: State, power: str) -> list[tuple[Unit, Unit]]:
    """(garrison, besieger) for each of ``power``'s garrisons under siege since an earlier
    campaign: the army or fleet in its province completed a first besiege (``siege >= 1``)."""
    field_units = {u.province: u for u in state.units if u.kind != "G"}
    found: list[tuple[Unit, Unit]] = []
    for garrison in state.units:
        if garrison.kind != "G" or garrison.owner != power:
            continue
        besieger = field_units.get(garrison.province)
        if (
            besieger is not None
            and besieger.siege >= 1
            and besieged_by(state, besieger) == "garrison"
        ):
            found.append((garrison, besieger))
    return found


def apply_assassination(
    board: Board, state: State, victim: str, dice: Dice
) -> tuple[State, list[str]]:
    """The effects of a successful assassination of ``victim`` (ASN-EFF-1..5).

    The events are public and name no assassin: who paid (or that the bankers
    struck) is told only to the powers concerned (docs/rulings.md, "What each power
    sees").  Every power assassinated in the same step must already be in
    ``state.assassinated`` (ASN-EFF-3C looks there).
    """
    events = [f"{victim}'s leader is assassinated; all {victim}'s orders become holds"
              " this campaign (ASN-EFF-1)."]
    if victim not in state.assassinated:
        state = state.but(assassinated=[*state.assassinated, victim])
    state, broken = _break_sieges(board, state, victim)
    state, fallen = _eliminate_besieged(board, state, victim)
    state, rebels = _rebellion_rolls(board, state, victim, dice)
    return state, events + broken + fallen + rebels


def _break_sieges(board: Board, state: State, victim: str) -> tuple[State, list[str]]:
    """ASN-EFF-1C: every siege the victim's armies and fleets conduct is broken."""
    events: list[str] = []
    for unit in state.units:  # (the units copied only when some siege is broken)
        if unit.siege and unit.owner == victim and unit.kind != "G":
            break
    else:
        return state, events
    units: list[Unit] = []
    for unit in state.units:
        if unit.owner == victim and unit.kind != "G" and unit.siege:
            unit = unit.with_siege(0)
            events.append(f"{victim}'s siege of {board.provinces[unit.province].name}"
                          " is broken (ASN-EFF-1C).")
        units.append(unit)
    return (state.but(units=units), events) if events else (state, events)


def _eliminate_besieged(board: Board, state: State, victim: str) -> tuple[State, list[str]]:
    """ASN-EFF-3: the victim's garrisons under siege since an earlier campaign fall."""
    events: list[str] = []
    fallen: set[str] = set()
    freed: set[str] = set()
    cities = dict(state.city_owner)
    for garrison, besieger in garrisons_under_siege(state, victim):
        name = board.provinces[garrison.province].name
        if besieger.owner in state.assassinated:
            events.append(f"{victim}'s garrison in {name} stays: its besieger {besieger.owner}"
                          " is also assassinated (ASN-EFF-3C).")
            continue
        fallen.add(garrison.province)
        freed.add(besieger.province)
        if besieger.owner is not None:
            cities[garrison.province] = besieger.owner
        events.append(f"{victim}'s garrison in {name}, under siege by {besieger.owner},"
                      " is eliminated (ASN-EFF-3).")
    if not fallen:
        return state, events
    units = [
        u.with_siege(0) if u.kind != "G" and u.province in freed else u
        for u in state.units
        if not (u.kind == "G" and u.province in fallen)
    ]
    return state.but(units=units, city_owner=cities), events


def _rebellion_rolls(
    board: Board, state: State, victim: str, dice: Dice
) -> tuple[State, list[str]]:
    """ASN-EFF-4: one die for each province the victim controls."""
    events: list[str] = []
    where = Occupancy(state.units)
    field, city = where.field_index, where.city_index
    # the victim's home provinces (is_home_province): placing rebels changes no holder
    homes = set(held_home_provinces(board, state, victim))
    provinces = board.provinces
    controlled = _in_board_order(board, [
        p for p, owner in state.province_owner.items()
        if owner == victim and p in provinces and not provinces[p].sea])
    rebellions: dict[str, Rebellion] | None = None  # the rebellions with those placed here
    for pid in controlled:
        prov = provinces[pid]
        home = pid in homes
        with_unit = pid in field or pid in city
        need = rebels_on(home, with_unit)
        kind = ("home" if home else "conquered") + (
            " province with a unit" if with_unit else " province, no unit")
        (die,) = dice.roll(1, f"rebellion in {prov.name} after the assassination of {victim}")
        roll = f"die {die}, rebels on {_numbers_text(need)} ({kind})"
        if die > need:
            events.append(f"{prov.name} stays loyal to {victim}: {roll}.")
            continue
        # start_rebellion, on the position as it was: a province is rolled for once, and
        # nothing the rebels elsewhere do is read here
        problem = rebellion_problem(board, state, pid, where=where)
        if problem is not None:
            events.append(f"{prov.name} would rebel ({roll}) but does not: {problem}.")
            continue
        rebellion = new_rebellion(board, state, pid, where)
        if rebellions is None:
            rebellions = dict(state.rebellions)
        rebellions[pid] = rebellion
        events.append(f"Rebellion in {describe(board, rebellion)}: {roll} (ASN-EFF-4).")
    return (state if rebellions is None else state.but(rebellions=rebellions)), events


def _in_board_order(board: Board, provinces: list[str]) -> list[str]:
    return sorted(provinces, key=_ORDER(board).__getitem__)


def _order(board: Board) -> dict[str, int]:
    return {p: i for i, p in enumerate(board.provinces)}


_ORDER: PerBoard[dict[str, int]] = PerBoard(_order)


__all__ = [
    "DUCATS_PER_NUMBER",
    "MAX_NUMBERS",
    "REBEL_ON",
    "apply_assassination",
    "assassination_orders",
    "assassinations",
    "bank_assassinations",
    "garrisons_under_siege",
    "numbers_bought",
    "rebels_on",
    "succeeds",
]
