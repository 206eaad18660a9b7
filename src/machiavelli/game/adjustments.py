"""The adjustment phase without money: Diplomacy builds and removals, and Basic Machiavelli.

Diplomacy (``state.option("diplomacy")``, 001 Appendix 3, DATC 6.I and 6.J):
a power may keep one unit per supply centre it owns (``state.city_owner`` for
every province with a city).  With more centres than units it builds, one unit
per unoccupied home centre it still owns, fleets only on coasts (naming the
coast where there are several), in the order given until its builds run out;
``Waive`` gives one build up.  With more units than centres it removes the
difference; removals it does not order are chosen by the civil-disorder rule
(:func:`civil_disorder_order`).

Basic Machiavelli (no money, 001 ADVANCED AND BASIC RULES, GEN-3): a power may
keep one unit per city it controls where it also controls the province;
builds follow 001 Adjustment 3 a)-e) (home provinces with a city whose
province and city the power controls, one new unit per province, garrisons
only in fortified cities, fleets only in port cities, none in rebelling or
famined places).

Games with money (Advanced rules, ``legality.money_in_play``) go to
:func:`machiavelli.money.money_adjustments.resolve_money_adjustments`: every unit is
maintained for ducats or removed, builds are paid for.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from machiavelli.core.board import Board, province_of
from machiavelli.core.board_index import PerBoard
from machiavelli.core.homes import home_centres, home_provinces
from machiavelli.core.options import fortresses_in_use
from machiavelli.core.orders import (
    Build,
    Disband,
    Excommunicate,
    Maintain,
    Order,
    Pay,
    Remove,
    Tax,
    UnitRef,
    Waive,
)
from machiavelli.core.phases import next_phase
from machiavelli.core.results import CIVIL_DISORDER_REMOVAL, Adjudication, OrderResult, Outcome
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import INDEPENDENT_CONTROL, State, Unit
from machiavelli.movement.builds import build_problem
from machiavelli.movement.excommunication import PENDING, excommunications, lapsed

_REMOVALS = (Remove, Disband)  # a tuple: cheaper to test than Remove | Disband


# -- supply centres ----------------------------------------------------------------


def _supply_centres(board: Board) -> tuple[str, ...]:
    return tuple(sorted(p for p, prov in board.provinces.items() if prov.city is not None))


_CENTRES: PerBoard[tuple[str, ...]] = PerBoard(_supply_centres)


def supply_centres(board: Board) -> list[str]:
    """Provinces with a city: Diplomacy's supply centres (001 ``set nomoney``), sorted."""
    return list(_CENTRES(board))


def allowance(board: Board, state: State, power: str) -> int:
    """How many units the power may keep after this adjustment phase."""
    cities = [
        p for p in supply_centres(board)
        if state.city_owner.get(p) == power and _city_in_use(board, state, p)
    ]
    if state.option("diplomacy"):
        return len(cities)
    return sum(1 for p in cities if state.province_owner.get(p) == power)  # GEN-3


def _city_in_use(board: Board, state: State, province: str) -> bool:
    """A fortress is a city only when fortresses are in use (FORT-0, ruling on ambiguity 4)."""
    city = board.provinces[province].city
    return city is not None and (city.kind != "fortress" or fortresses_in_use(state))


# -- civil disorder ------------------------------------------------------------------


def _province_graph(board: Board) -> dict[str, set[str]]:
    """Every province to every province an army or a fleet could step to."""
    graph: dict[str, set[str]] = {p: set(adj) for p, adj in board.army_adj.items()}
    for a, ends in board.fleet_adj.items():
        graph.setdefault(province_of(a), set()).update(province_of(b) for b in ends)
    return graph


def distance_home(board: Board, unit: Unit, targets: Iterable[str]) -> int | None:
    """Fewest steps from the unit to any target province, or None when it cannot get there.

    A fleet counts only fleet steps, from its own coast to any coast of the
    target (DATC 6.J.5, 6.J.9); an army (or garrison) may count steps through
    any province, sea included, convoying fleet or not (DATC 6.J.10, 6.J.11).
    """
    goal = set(targets)
    if unit.province in goal:
        return 0
    if unit.kind == "F":
        start = (
            [unit.location]
            if unit.location in board.fleet_adj
            else list(board.fleet_locations(unit.province))
        )
        return _bfs(start, lambda loc: board.fleet_adj.get(loc, frozenset()), goal)
    graph = _province_graph(board)
    return _bfs([unit.province], lambda p: graph.get(p, set()), goal)


def _bfs(start: Sequence[str], step: Callable[[str], Iterable[str]], goal: set[str]) -> int | None:
    seen = set(start)
    queue = deque((s, 0) for s in start)
    while queue:
        here, dist = queue.popleft()
        for there in step(here):
            if there in seen:
                continue
            if province_of(there) in goal:
                return dist + 1
            seen.add(there)
            queue.append((there, dist + 1))
    return None


def civil_disorder_order(board: Board, state: State, power: str) -> list[Unit]:
    """The power's units in the order civil disorder removes them.

    Farthest first from the nearest home supply centre the power still owns
    (every home centre when it owns none; every owned centre when it has no
    home); unreachable units first; on equal distance fleets before armies
    and garrisons, then by province name alphabetically.
    """
    homes = home_centres(board, state, power)
    owned = [p for p in homes if state.city_owner.get(p) == power]
    if not homes:
        owned = [p for p in supply_centres(board) if state.city_owner.get(p) == power]
    targets = owned or homes
    far = 1 << 20

    def key(unit: Unit) -> tuple[int, int, str, str]:
        d = distance_home(board, unit, targets) if targets else 0
        name = board.provinces[unit.province].name.lower()
        return (-(far if d is None else d), 0 if unit.kind == "F" else 1, name, unit.province)

    return sorted(state.units_of(power), key=key)


# -- orders ------------------------------------------------------------------------------


@dataclass
class _Ledger:
    """One power's adjustment: what it may still do and what it did."""

    power: str
    balance: int  # builds left (> 0) or removals still owed (< 0)
    built_in: set[str] = field(default_factory=set)
    new_units: list[Unit] = field(default_factory=list)
    removed: list[Unit] = field(default_factory=list)


def _unit_for(state: State, ref: UnitRef) -> Unit | None:
    for u in state.units:
        if u.province == ref.province and u.kind == ref.kind:
            return u
    return None


def _build_problem(board: Board, state: State, ledger: _Ledger, order: Build) -> str | None:
    if order.province in ledger.built_in:
        return f"a unit was already built in {order.province}"
    return build_problem(board, state, ledger.power, order)


def _removal(state: State, ledger: _Ledger, ref: UnitRef) -> Unit | str:
    if ledger.balance >= 0:
        return f"{ledger.power} has no units to remove"
    unit = _unit_for(state, ref)
    if unit is None:
        return "no such unit"
    if unit.owner != ledger.power:
        return f"the unit belongs to {unit.owner or 'nobody'}"
    if unit in ledger.removed:
        return "that unit is already removed"
    return unit


def _judge(board: Board, state: State, ledger: _Ledger, order: Order) -> tuple[Outcome, str]:
    if isinstance(order, Build):
        if ledger.balance <= 0:
            return ("fails", f"{ledger.power} has no builds left")
        why = _build_problem(board, state, ledger, order)
        if why is not None:
            return ("fails", why)
        ledger.balance -= 1
        ledger.built_in.add(order.province)
        coast = (
            order.coast if order.kind == "F" and board.provinces[order.province].coasts else None
        )
        ledger.new_units.append(
            Unit(order.kind, ledger.power, order.province, coast, order.special)
        )
        return ("succeeds", "")
    if isinstance(order, Waive):
        if ledger.balance <= 0:
            return ("void", f"{ledger.power} has no builds to waive")
        ledger.balance -= 1
        return ("succeeds", "")
    if isinstance(order, _REMOVALS):
        found = _removal(state, ledger, order.unit)
        if isinstance(found, str):
            return ("fails", found)
        ledger.balance += 1
        ledger.removed.append(found)
        return ("succeeds", "")
    if isinstance(order, Maintain):
        return ("void", "without money units need no maintain order")
    return ("void", "not an adjustment-phase order")


def _exchange_first(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], rules: Rules
) -> Adjudication:
    """Seed 003's B.3 and B.4 before the rest (BAR-2.3): forced taxation, then the ducat
    exchange (``give N ducats to <power>``, paid as the movement phase's payments, in
    the order written, up to the treasury, an excommunicated power neither giving nor
    receiving: BAR-15.2, after which the excommunication lapses); then B.5."""
    from machiavelli.money.finance import banking
    from machiavelli.money.forced_tax import forced_taxes

    steps: list[Adjudication] = []
    if any(type(o) is Tax for seq in orders.values() for o in seq):
        steps.append(forced_taxes(board, state, orders, rules))
        state = steps[-1].state
    gifts = {p: [o for o in seq if type(o) is Pay] for p, seq in orders.items()}
    steps.append(banking(board, state, gifts, None, rules))  # type: ignore[arg-type]
    state = lapsed(steps[-1].state) if rules.excommunication else steps[-1].state
    rest = {p: [o for o in seq if type(o) not in (Pay, Tax)] for p, seq in orders.items()}
    steps.append(resolve_adjustments(board, state, rest, rules, exchanged=True))
    private: dict[str, list[str]] = {}
    for step in steps:
        for p, lines in step.private_events.items():
            private.setdefault(p, []).extend(lines)
    return Adjudication(steps[-1].state, [r for step in steps for r in step.results],
                        [e for step in steps for e in step.events], private)


def resolve_adjustments(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]],
    rules: Rules | None = None, *, exchanged: bool = False,
) -> Adjudication:
    """Adjudicate an adjustment phase; the new state is the next spring's movement phase.

    With money in play the treasuries must already hold this year's income
    (:func:`machiavelli.money.income.income`, paid at the start of the phase).
    ``rules``: the rules of ``state.options``, when the caller has them already.
    """
    if rules is None:
        rules = rules_of(state.options)
    if rules.bar and rules.money and not exchanged and (
            any(type(o) is Pay for seq in orders.values() for o in seq)
            or (rules.excommunication and PENDING in state.excommunications.values())):
        return _exchange_first(board, state, orders, rules)  # (B.4 is a transfer, BAR-15.2)
    if any(type(o) is Excommunicate for seq in orders.values() for o in seq):
        # seed 003's B.5: the Papacy's excommunications (BAR-15.1), then the rest
        papal = {p: [o for o in seq if type(o) is Excommunicate] for p, seq in orders.items()}
        rest = {p: [o for o in seq if type(o) is not Excommunicate] for p, seq in orders.items()}
        state, announced, said = excommunications(state, papal, rules)
        done = resolve_adjustments(board, state, rest, rules, exchanged=True)  # (B.5: after B.4)
        return Adjudication(done.state, [*announced, *done.results], [*said, *done.events],
                            done.private_events)
    if rules.money:
        from machiavelli.money.money_adjustments import resolve_money_adjustments

        if any(type(o) is Tax for seq in orders.values() for o in seq):
            # seed 003's B.3 first, for every power: forced taxation (BAR-5.3), then
            # payments and builds in the position it leaves
            from machiavelli.money.forced_tax import forced_taxes

            taxed = forced_taxes(board, state, orders, rules)
            rest = {p: [o for o in seq if type(o) is not Tax] for p, seq in orders.items()}
            done = resolve_money_adjustments(board, taxed.state, rest, rules)
            private = {p: list(lines) for p, lines in taxed.private_events.items()}
            for p, lines in done.private_events.items():
                private.setdefault(p, []).extend(lines)
            return Adjudication(done.state, [*taxed.results, *done.results],
                                [*taxed.events, *done.events], private)
        return resolve_money_adjustments(board, state, orders, rules)
    powers = list(state.powers)
    owners = {u.owner for u in state.units} | set(state.city_owner.values())
    powers += sorted(p for p in owners
                     if p is not None and p not in powers and p != INDEPENDENT_CONTROL)
    ledgers = {
        p: _Ledger(p, allowance(board, state, p) - len(state.units_of(p)))
        for p in powers
        if p not in state.eliminated
    }
    results: list[OrderResult] = []
    for power, power_orders in orders.items():
        ledger = ledgers.get(power)
        for order in power_orders:
            if ledger is None:
                results.append(OrderResult(power, order, "void", f"{power} is not playing"))
                continue
            outcome, note = _judge(board, state, ledger, order)
            results.append(OrderResult(power, order, outcome, note))
    for ledger in ledgers.values():
        if ledger.balance >= 0:
            continue
        left = [
            u for u in civil_disorder_order(board, state, ledger.power) if u not in ledger.removed
        ]
        for unit in left[: -ledger.balance]:
            ledger.removed.append(unit)
            ref = UnitRef(unit.kind, unit.province, unit.coast)
            results.append(OrderResult(ledger.power, Remove(ref), "succeeds",
                                       CIVIL_DISORDER_REMOVAL))
        ledger.balance = 0

    new = state.copy()
    removed = [u for ledger in ledgers.values() for u in ledger.removed]
    kept = list(new.units)
    for unit in removed:
        kept.remove(unit)
    new.units = kept + [u for ledger in ledgers.values() for u in ledger.new_units]
    if new.option("diplomacy"):
        for power in ledgers:
            if not new.units_of(power) and allowance(board, new, power) == 0:
                new.eliminated.append(power)
    return Adjudication(next_phase(new), results)


__all__ = [
    "allowance",
    "civil_disorder_order",
    "distance_home",
    "home_centres",
    "home_provinces",
    "resolve_adjustments",
    "supply_centres",
]
