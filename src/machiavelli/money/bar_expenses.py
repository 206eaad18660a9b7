"""Seed 003's expenditures (003 2 F, 7.1, 9; BAR-2.6, BAR-2.7, BAR-2.8, BAR-9.1 to 9.4,
rulings A-3, A-4, A-23), under ``bar``: the order they are paid in (:func:`bar_payments`),
and the assassination and bodyguards.

Payment (BAR-2.6, BAR-2.7): in the fixed order of 003's sub-phases (:data:`BAR_SUBPHASES`),
by number within one, each paid in full or not at all (nothing charged).

Seed 003's assassination and bodyguards (003 9, 2 F.2 and G; BAR-9.1 to 9.4, BAR-2.8,
rulings A-3, A-4, A-23), under ``bar``: 001's chits and dice (ASN-*) are not used.

- ``expense N: <d> ducats assassinate <power>``: at least 24 ducats, more in steps of 3
  (BAR-9.1); ``expense N: <d> ducats bodyguard <power>``: at least 3, more in steps of 3,
  for any leader, one's own or another's (BAR-9.2).  An amount off those steps, or a power
  not in the game (or out of it), makes the expense void, and it is not charged (ruling
  A-3: "illegal whatever happens").  Bodyguards are paid in F.2.1, attempts in F.2.2, before
  the other expenditures (:data:`BAR_SUBPHASES`).
- The highest-paid attempt on a leader is the one carried out; the others fail.  The
  highest bodyguard hired for that leader counts (ruling A-4: not the sum).  The attempt
  succeeds when its price is at least the bodyguard's + 24 (BAR-9.3).  Every attempt and
  bodyguard is charged, whatever happens.
- Effects (BAR-9.4): the victim stays in the game; rebellions rise at once in every
  province she controls outside her current home country (they support attackers this very
  campaign); all her units hold this campaign, a forced hold that others may support and
  that puts down no rebellion (``state.assassinated``, as 001's ASN-EFF-1 in the movement);
  her pacifications, rebellions, bribes, counter-bribes and famine relief of the campaign
  (003's F.3 to F.5) are not carried out and not charged (BAR-2.8); her transfers (F.1)
  stand.  Sieges: ruling A-23, 003 names no siege effect: her garrisons under siege stay,
  and her own sieges end only because her besiegers hold (BAR-8.4).

Who sees what: an attempt and a bodyguard are their payer's business (results private, as
every expense); the assassination is public through its effects, which name no assassin.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Protocol, TypeVar

from machiavelli.core.board import Board
from machiavelli.core.orders import Expense
from machiavelli.core.results import Outcome
from machiavelli.core.state import Rebellion, State
from machiavelli.money.bar_bribes import unit_problem
from machiavelli.movement.rebels import (
    describe,
    is_home_province,
    new_rebellion,
    rebellion_problem,
)

ASSASSINATION_MINIMUM = 24
BODYGUARD_MINIMUM = 3
#: an attempt succeeds when it is paid at least this much more than the bodyguard (BAR-9.3)
MARGIN = 24
#: seed 003's expenditures of F.3 to F.5, which an assassinated power does not make (BAR-2.8)
DROPPED_KINDS = frozenset({"pacify_rebellion", "cause_rebellion", "counter_bribe", "disband",
                           "buy", "garrison_to_autonomous", "famine_relief"})
KINDS = ("assassinate", "bodyguard")
#: seed 003's expenditures that 001 does not know: void without ``bar``
ONLY_003 = frozenset({"bodyguard", "operate", "permission"})
#: the reason an assassinated power's F.3 to F.5 expenditure gives (BAR-2.8)
DROPPED = "was assassinated: not carried out, nothing charged (BAR-2.8)"

#: seed 003's sub-phases of the expenditures (003 2 F; BAR-2.6, option ``bar``): the order
#: they are paid in whatever their numbers (in a sub-phase, by number): F.2.1 bodyguards,
#: F.2.2 assassinations, F.3.1 pacifications, F.3.2 rebellions, F.4.1 counter-bribes, F.4.2
#: bribes on committed units, F.4.3 on independent ones (the permission bribes first, right
#: after the counter-bribes: ruling A-9), F.5 famine relief
BAR_SUBPHASES: dict[str, int] = {
    "bodyguard": 210, "assassinate": 220, "pacify_rebellion": 310, "cause_rebellion": 320,
    "counter_bribe": 410, "permission": 415, "disband": 420, "buy": 420,
    "garrison_to_autonomous": 420, "operate": 430, "famine_relief": 500}
#: a bribe of F.4.2 on an independent unit is one of F.4.3
_COMMITTED, _INDEPENDENT = 420, 430
#: the effects in 003's order (F.3.1 before F.3.2, bribes, then F.5)
BAR_EFFECT_ORDER: dict[str, int] = {kind: i for i, kind in enumerate((
    "pacify_rebellion", "cause_rebellion", "disband", "buy", "garrison_to_autonomous",
    "famine_relief", "counter_bribe"))}
#: seed 003's preventive famine relief (003 12; BAR-12.2): its price in the Fall
PREVENTIVE_RELIEF = 1


def preventive(bar: bool, state: State, province: str) -> bool:
    """Whether a famine relief is seed 003's preventive one (003 12: "given preventively
    in the preceding Fall campaign. The cost is 1 ducat ..."; BAR-12.2): under ``bar``, in
    the Fall, for a province with no famine marker."""
    return bar and state.season == "fall" and province not in state.famine


def preventive_problem(board: Board, province: str) -> str | None:
    """Why a preventive relief cannot place its Abundance marker there, or None."""
    if board.provinces[province].sea:
        return f"no famine strikes {board.display_name(province)}, a sea (BAR-12.2)"
    return None


NOT_PAID_IN_FULL = "cannot be paid in full: not carried out, nothing charged (BAR-2.7)"


def bar_payments(state: State, treasury: int, listed: Sequence[Expense],
                 void: Collection[int] = ()) -> list[int]:
    """Seed 003's payments (BAR-2.6, BAR-2.7): in the fixed order of its sub-phases
    (:data:`BAR_SUBPHASES`; a bribe on an independent unit after those on committed
    units), by number within one; each paid in full or not at all (nothing charged).
    ``void``: the ids of the expenses void whatever happens, never paid (BAR-7.2)."""
    independent = {u.province for u in state.units if u.owner is None}

    def rank(i: int) -> tuple[int, int]:
        e = listed[i]
        sub = BAR_SUBPHASES.get(e.kind, 999)
        if sub == _COMMITTED and e.province in independent:
            sub = _INDEPENDENT
        return sub, e.number

    taken = [0] * len(listed)
    left = treasury
    for i in sorted(range(len(listed)), key=rank):
        if bar_expense_problem(state, listed[i]) is not None or id(listed[i]) in void:
            continue  # void, not charged (ruling A-3)
        amount = max(listed[i].amount, 0)
        if amount <= left:
            taken[i] = amount
            left -= amount
    return taken


class Spent(Protocol):
    """An expense being resolved (:class:`machiavelli.money.expenses.Spend`)."""

    power: str
    order: Expense
    paid: int
    reason: str

    @property
    def open(self) -> bool: ...

    def end(self, outcome: Outcome, reason: str) -> None: ...


class Bribing(Spent, Protocol):
    """A bribe being resolved: what it brings and the least it needs."""

    price: int

    @property
    def budget(self) -> int: ...


#: bribes that all take effect when equal and of one kind (BAR-11.5)
ALL_TAKE_EFFECT = frozenset({"disband", "garrison_to_autonomous"})


B = TypeVar("B", bound=Bribing)


def rival_bribes(competing: Sequence[B]) -> tuple[B | None, list[B]]:
    """Seed 003's contest of several bribes on one unit (BAR-11.5): only the largest is
    checked; of equal largest of different kinds, the one with the lowest minimum price;
    of equal largest of one kind all fail, but disbanding or making independent, which all
    take effect.  Returns the bribe checked and the equal ones that go with it; the others
    are ended, failing (and charged)."""
    top = max(s.budget for s in competing)
    best = [s for s in competing if s.budget == top]
    for spend in competing:
        if spend.budget < top:
            spend.end("fails", "a larger bribe on the unit is the one checked (BAR-11.5)")
    if len(best) == 1:
        return best[0], []
    if len({s.order.kind for s in best}) > 1:
        cheapest = min(best, key=lambda s: s.price)
        for spend in best:
            if spend is not cheapest:
                spend.end("fails", "an equal bribe of a kind with a lower minimum price is the "
                          "one checked (BAR-11.5)")
        return cheapest, []
    if best[0].order.kind in ALL_TAKE_EFFECT:
        return best[0], best[1:]
    for spend in best:
        spend.end("fails", "an equal bribe of the same kind on the unit: all fail (BAR-11.5)")
    return None, []


def settle_permissions(spends: Sequence[B], counter: Callable[[B], int]) -> list[B]:
    """Ruling A-9: the permission bribes on independent units are settled right after the
    counter-bribes, before the bribes on committed units (so that they lend their reach to
    every bribe of the campaign): each succeeds when it brings its price over the highest
    counter-bribe on the unit (``counter``).  Returns those that succeed, ended so."""
    done: list[B] = []
    for spend in spends:
        if not spend.open or spend.order.kind != "permission":
            continue
        if spend.budget - counter(spend) < spend.price:
            spend.end("fails", "counter-bribes on the unit leave too few ducats (BAR-11.4)")
            continue
        spend.end("succeeds", f"{spend.power} may bribe units next to it this campaign "
                  "(BAR-11.6)")
        done.append(spend)
    return done


#: 003 7.1: "There are fixed costs for rising and pacifying a rebellion and relieving a
#: famine"; the others have a minimum, more in steps of 3 (9.1, 9.2, 11.1)
FIXED_PRICES = frozenset({"famine_relief", "pacify_rebellion", "cause_rebellion"})
#: what the reason of an expenditure void and not charged ends with (BAR-7.2)
UNCHARGED = "void, nothing charged (BAR-7.2)"


def amount_problem(expense: Expense, price: int) -> str | None:
    """Why an expenditure's amount is wrong for its price, or None (BAR-7.2, ruling A-19):
    a fixed price exactly; a minimum price, or more in steps of 3."""
    amount = expense.amount
    if expense.kind in FIXED_PRICES:
        if amount != price:
            return f"it costs {price} ducats, no more and no less: {UNCHARGED}"
        return None
    if price and (amount < price or (amount - price) % 3):
        return f"it costs at least {price} ducats, more in steps of 3: {UNCHARGED}"
    return None


def bar_expense_problem(state: State, expense: Expense) -> str | None:
    """Why a seed 003 assassination, bodyguard, bribe or counter-bribe is void, not charged
    (ruling A-3; a bribe's unit, :func:`machiavelli.money.bar_bribes.unit_problem`)."""
    if expense.kind not in KINDS:
        return unit_problem(state, expense)
    least = ASSASSINATION_MINIMUM if expense.kind == "assassinate" else BODYGUARD_MINIMUM
    what = "an assassination" if expense.kind == "assassinate" else "a bodyguard"
    rule = "BAR-9.1" if expense.kind == "assassinate" else "BAR-9.2"
    if expense.amount < least or expense.amount % 3:
        return (f"{what} costs at least {least} ducats, more in steps of 3 ({rule}): void, "
                "nothing charged")
    victim = expense.power
    if victim is None or (state.powers and victim not in state.powers):
        return f"no power named {victim!r} in this game"
    if victim in state.eliminated:
        return f"{victim} is out of the game"
    return None


def bodyguards_and_attempts(spends: Sequence[Spent]) -> list[str]:
    """F.2: each leader's highest bodyguard against the highest attempt on it; the
    results said on the spends; the victims, in the order their attempts were paid."""
    guards: dict[str, int] = {}
    attempts: dict[str, list[Spent]] = {}
    for spend in spends:
        victim = spend.order.power
        if not spend.open or victim is None or spend.paid <= 0:
            continue
        if spend.order.kind == "bodyguard":
            guards[victim] = max(guards.get(victim, 0), spend.paid)
            spend.end("succeeds", f"a bodyguard of {spend.paid} ducats guards {victim}'s "
                      "leader this campaign (BAR-9.2)")
        elif spend.order.kind == "assassinate":
            attempts.setdefault(victim, []).append(spend)
    victims: list[str] = []
    for victim, tried in attempts.items():
        best = max(tried, key=lambda s: s.paid)  # (the first of the highest-paid)
        for spend in tried:
            if spend is not best:
                spend.end("fails", "a higher-paid attempt on the same leader is the one "
                          "carried out (BAR-9.3)")
        guard = guards.get(victim, 0)
        if best.paid >= guard + MARGIN:
            guarded = f" against a bodyguard of {guard}" if guard else " (no bodyguard)"
            best.end("succeeds", f"{victim}'s leader is assassinated{guarded} (BAR-9.3)")
            victims.append(victim)
        else:
            best.end("fails", f"the bodyguard of {guard} ducats saves {victim}'s leader: an "
                     f"attempt needs {guard + MARGIN} (BAR-9.3)")
    return victims


def drop_victims_expenses(spends: Sequence[Spent], victims: Sequence[str],
                          treasury: dict[str, int]) -> None:
    """BAR-2.8: the victims' F.3 to F.5 expenditures not carried out, their ducats back."""
    for spend in spends:
        if spend.power not in victims or spend.order.kind not in DROPPED_KINDS or not (
                spend.open or spend.paid > 0):
            continue
        treasury[spend.power] = treasury.get(spend.power, 0) + spend.paid
        spend.paid = 0
        spend.end("void", f"{spend.power} {DROPPED}")


def rebellions_of_victims(board: Board, state: State, victims: Sequence[str],
                          rebellions: dict[str, Rebellion]) -> list[str]:
    """BAR-9.4: rebellions at once in every province a victim controls outside its current
    home country (in the board's order); the public events."""
    events: list[str] = []
    for victim in victims:
        events.append(f"{victim}'s leader is assassinated: all {victim}'s units hold this "
                      "campaign (BAR-9.4).")
        for province in board.provinces:
            if state.province_owner.get(province) != victim or is_home_province(
                    board, state, victim, province):
                continue
            now = state.but(rebellions=rebellions)
            if rebellion_problem(board, now, province) is not None:
                continue
            rebellion = new_rebellion(board, now, province)
            rebellions[province] = rebellion
            events.append(f"Rebellion in {describe(board, rebellion)}: {victim}'s leader "
                          "was assassinated (BAR-9.4).")
    return events
