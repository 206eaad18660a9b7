"""Military unit adjustments with money (001, SEQUENCE OF PLAY FOR ADJUSTMENT PHASES 3).

Called by :func:`machiavelli.game.adjustments.resolve_adjustments` when money is in play,
after the income step has filled the treasuries.  Rulings are in docs/rulings.md
("Income and adjustments with money"); in short:

- Orders: ``Maintain`` and ``Remove`` (or ``Disband``) for each unit, ``Build`` for
  new ones.  A later order with the same :func:`~machiavelli.core.orders.order_key`
  replaces the earlier one (ADJ-ORD-2..4): a disband after a maintain, a maintain
  after a disband, a disband or another build after a build in the same place.
  ``Waive`` has no meaning here.
- Only units maintained survive (UNIT-2 "Only units that the player chooses to
  maintain survive"): a unit with no order when the phase is processed is removed
  (ADJ-ORD-1 ruling).
- Costs: 3 ducats a unit, 6 for militia and elite mercenaries, 9 for elite
  professionals (ADJ-1, SPEC-*-1), for units kept and units built alike.
- Payment follows the orders as written: each maintain or build is paid if the
  treasury still covers it; a maintain it does not cover removes the unit, a
  build it does not cover places nothing (ruling).
- Builds (ADJ-A..ADJ-F, OWN-7, FAM-B, REB-EFF-5.5/5.6, FORT-B, VEN-B): only in a
  province with a city (a fortress only when fortresses are in use) of a home
  country the power holds now (:mod:`machiavelli.core.homes`), city and province both
  controlled, not famined, not rebelling (a garrison needs only its city quiet),
  one new unit per province, into a space that held no unit when the phase began
  (no trading an old unit for a new one; in Venice, one space, no unit at all),
  fleets only in port cities, garrisons only in fortified cities and never in a
  fortress.
- Who sees what (docs/rulings.md, "What each power sees"): units built, kept and
  removed are public; costs, treasuries and builds that placed nothing are told
  to the power alone.
- At most one special unit in play (SPEC-1, :mod:`machiavelli.money.specials`): a build
  that would make a second one fails and its ducats are lost (SPEC-2).  The
  special unit a power maintains counts wherever its maintain stands in the
  orders; one it removes (or leaves without an order) does not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter

from machiavelli.core.board import Board
from machiavelli.core.homes import held_home_provinces_of_all, playing
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import (
    Build,
    Disband,
    Maintain,
    Old,
    Order,
    Remove,
    UnitRef,
    order_key,
)
from machiavelli.core.phases import next_phase
from machiavelli.core.privacy import PrivateEvents, tell
from machiavelli.core.results import NOT_MAINTAINED, Adjudication, OrderResult, Outcome
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import State, Unit, new_unit
from machiavelli.money.income import AVIGNON
from machiavelli.money.specials import NORMAL_UPKEEP, special_limit_problem, upkeep
from machiavelli.movement.builds import build_problem, old_problem

#: the orders for a unit in play (a tuple: cheaper to test than a union)
_UNIT_ORDERS = (Maintain, Remove, Disband)



def latest_orders(orders: Sequence[Order]) -> tuple[list[Order], list[Order]]:
    """The orders that stand (the last of each key, in written order) and those replaced."""
    keys = [order_key(order) for order in orders]
    last = {key: i for i, key in enumerate(keys)}
    kept = [o for i, o in enumerate(orders) if last[keys[i]] == i]
    replaced = [o for i, o in enumerate(orders) if last[keys[i]] != i]
    return kept, replaced


#: what makes two units equal (membership by these is membership by ``==``): a unit's
#: kind, owner, province, coast, special and siege (read at C speed)
_fields: Callable[[Unit], tuple[str, str | None, str, str | None, str | None, int]] = (
    attrgetter("kind", "owner", "province", "coast", "special", "siege"))


class _Position:
    """The position the phase is judged on, its units looked up as the judging asks."""

    def __init__(self, board: Board, state: State, rules: Rules | None = None) -> None:
        self.board = board
        self.state = state
        self.rules = rules if rules is not None else rules_of(state.options)
        #: each power's units (None: the autonomous ones), in the position's order
        self.units_of: dict[str | None, list[Unit]] = {}
        #: (owner, province, garrison or not) -> the first such unit
        self.first: dict[tuple[str | None, str, bool], Unit] = {}
        for u in state.units:
            self.units_of.setdefault(u.owner, []).append(u)
            self.first.setdefault((u.owner, u.province, u.kind == "G"), u)
        self._where: Occupancy | None = None
        self._held: dict[str | None, set[str]] | None = None

    def where(self) -> Occupancy:
        """The units by province."""
        if self._where is None:
            self._where = Occupancy(self.state.units)
        return self._where

    def held(self, power: str) -> set[str]:
        """The provinces of the home countries ``power`` holds (builds: ADJ-A)."""
        if self._held is None:
            self._held = held_home_provinces_of_all(self.board, self.state,
                                                    self.rules.fortresses)
        return self._held.get(power, set())


class _Account:
    """One power's adjustment: treasury left, what it keeps, builds and loses."""

    def __init__(self, power: str, treasury: int, units: list[Unit]) -> None:
        self.power = power
        self.treasury = treasury
        self.units = units  # the power's units when the phase began
        self.spent = 0
        self.special_builds = 0  # special units built so far (SPEC-1)
        self.standing: list[Order] = []  # the power's orders that stand, as written
        self._maintained: list[Unit] | None = None
        self.built_in: set[str] = set()
        #: seed 003's old unit's place (BAR-3.3): (province, garrison or not)
        self.old_space: tuple[str, bool] | None = None
        self.kept: list[Unit] = []
        self.new_units: list[Unit] = []
        self.removed: list[Unit] = []

    @property
    def maintained(self) -> list[Unit]:
        """The power's units with a standing maintain (found when first asked for)."""
        if self._maintained is None:
            self._maintained = [
                u
                for o in self.standing
                if isinstance(o, Maintain)
                for u in self.units
                if u.province == o.unit.province and u.kind == o.unit.kind
            ]
        return self._maintained

    def leaving(self) -> list[Unit]:
        """The power's units that will not be in play after the phase, as far as known."""
        maintained = {_fields(u) for u in self.maintained}
        removed = {_fields(u) for u in self.removed}
        return [
            u for u in self.units
            if _fields(u) not in maintained or _fields(u) in removed
        ]

    def special_problem(self, state: State, special: str | None, also: Unit | None) -> str | None:
        if special is None:
            return None  # the limit is on special units only
        leaving = self.leaving() + ([also] if also is not None else [])
        return special_limit_problem(
            state, self.power, special, leaving=leaving, added=self.special_builds
        )

    def pay(self, cost: int) -> bool:
        if cost > self.treasury:
            return False
        self.treasury -= cost
        self.spent += cost
        return True


def _judge_build(position: _Position, account: _Account, order: Build) -> tuple[Outcome, str]:
    board, state = position.board, position.state
    why = build_problem(board, state, account.power, order, held=position.held(account.power),
                        where=position.where(), rules=position.rules)
    if why is not None:
        return ("fails", why)
    if order.province in account.built_in or account.old_space == (
            order.province, order.kind == "G"):
        return ("fails", f"a unit is already built in {order.province} (ADJ-B, ADJ-C)")
    cost = upkeep(order.special)
    if account.special_problem(state, order.special, None) is not None:
        lost = cost if account.pay(cost) else 0
        return ("fails", f"a second special unit (SPEC-1, SPEC-2): {lost} ducats lost")
    if not account.pay(cost):
        return ("fails", f"not enough ducats ({cost} needed, {account.treasury} left)")
    account.built_in.add(order.province)
    account.special_builds += order.special is not None
    coast = order.coast if order.kind == "F" and board.provinces[order.province].coasts else None
    account.new_units.append(new_unit(order.kind, account.power, order.province, coast,
                                      order.special))
    return ("succeeds", f"{cost} ducats")


def _judge_unit_order(
    position: _Position, account: _Account, order: Maintain | Remove | Disband
) -> tuple[Outcome, str]:
    ref = order.unit
    unit = position.first.get((account.power, ref.province, ref.kind == "G"))
    if unit is None or unit.kind != ref.kind:
        return ("void", f"{account.power} has no such unit to {_verb(order)}")
    if not isinstance(order, Maintain):
        account.removed.append(unit)
        return ("succeeds", "")
    if unit.special is None and account.treasury >= NORMAL_UPKEEP:
        # the usual maintain, paid as below (no limit on normal units, SPEC-1)
        account.treasury -= NORMAL_UPKEEP
        account.spent += NORMAL_UPKEEP
        account.kept.append(unit)
        return _NORMAL_KEPT
    cost = upkeep(unit.special)
    if account.special_problem(position.state, unit.special, unit) is not None:
        lost = cost if account.pay(cost) else 0
        account.removed.append(unit)
        return ("fails", f"a second special unit (SPEC-1, SPEC-2): {lost} ducats lost")
    if not account.pay(cost):
        account.removed.append(unit)
        return ("fails", f"not enough ducats ({cost} needed, {account.treasury} left): removed")
    account.kept.append(unit)
    return ("succeeds", f"{cost} ducats")


_NORMAL_KEPT: tuple[Outcome, str] = ("succeeds", f"{NORMAL_UPKEEP} ducats")


def _verb(order: Order) -> str:
    return "maintain" if isinstance(order, Maintain) else "remove"


def _judge_old(position: _Position, account: _Account, order: Old) -> tuple[Outcome, str]:
    """Seed 003's old unit (BAR-3.3): placed before the new units, paid like them, by a
    power raising fewer than its most new units (one a home province with a city)."""
    board, state = position.board, position.state
    why = old_problem(board, state, account.power, order, position.rules)
    if why is not None:
        return ("fails", why)
    builds = sum(1 for o in account.standing if isinstance(o, Build))
    power = account.power
    most = sum(1 for p in position.held(power) if _has_city(board, p, position.rules)
               and state.city_owner.get(p) == power and state.province_owner.get(p) == power
               and p != AVIGNON)  # (ruling A-16: Avignon adds nothing to the most)
    if builds >= most:
        return ("fails", f"{account.power} raises its most new units ({most}): no old unit "
                "(BAR-3.3)")
    if not account.pay(NORMAL_UPKEEP):
        return ("fails", f"not enough ducats ({NORMAL_UPKEEP} needed, {account.treasury} left)")
    account.old_space = (order.province, order.kind == "G")
    account.new_units.append(new_unit(order.kind, account.power, order.province, order.coast))
    return ("succeeds", f"{NORMAL_UPKEEP} ducats")


def _has_city(board: Board, province: str, rules: Rules) -> bool:
    """A city a unit may be raised in (a fortress is none without fortresses, BAR-1.1)."""
    city = board.provinces[province].city
    return city is not None and (city.kind != "fortress" or rules.fortresses)


def _judge(position: _Position, account: _Account, order: Order) -> tuple[Outcome, str]:
    if isinstance(order, Build):
        return _judge_build(position, account, order)
    if isinstance(order, Old):
        return _judge_old(position, account, order)
    if isinstance(order, _UNIT_ORDERS):
        return _judge_unit_order(position, account, order)
    return ("void", "not an adjustment order in a game with money")


#: seed 003's unit payment orders (B.5): a power that writes none of them gets
#: :func:`default_payments`
_PAYMENT_ORDERS = (Maintain, Remove, Disband, Build, Old)


def default_payments(
    board: Board, state: State, accounts: Mapping[str, _Account],
    orders: Mapping[str, Sequence[Order]],
) -> Mapping[str, Sequence[Order]]:
    """003 6.3 (BAR-6.4): "If a player does not send any orders for military unit payment
    by deadline, the judge only charges the salary for existing units up to the limits of
    the player's treasury.  The salary for garrison units is charged first, following the
    order defined in the Area Preference List ..., then the salary for other military
    units, choosing them by the same order."  Such a power's orders get a maintain for each
    of its units in that order (the Area Preference List: the board's province order,
    ruling A-1), paid as written: the treasury pays the first ones, the rest go."""
    rank = {name: i for i, name in enumerate(board.provinces)}
    added: dict[str, Sequence[Order]] = {}
    for power, account in accounts.items():
        written = orders.get(power, ())
        if not account.units or any(isinstance(o, _PAYMENT_ORDERS) for o in written):
            continue
        units = sorted(account.units, key=lambda u: (u.kind != "G", rank.get(u.province, 0)))
        added[power] = [*written, *(Maintain(UnitRef(u.kind, u.province, u.coast))
                                    for u in units)]
    return {**orders, **added} if added else orders


def resolve_money_adjustments(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]],
    rules: Rules | None = None,
) -> Adjudication:
    """Adjudicate an adjustment phase with money; the new state is the next spring's movement.

    ``rules``: the rules of ``state.options``, when the caller has them already."""
    position = _Position(board, state, rules)
    owners = {p for p in position.units_of if p is not None}
    powers = [p for p in state.powers if p in owners or p in orders]
    powers += sorted(p for p in owners | set(orders) if p not in powers)
    accounts = {
        p: _Account(p, state.treasury.get(p, 0), position.units_of.get(p, []))
        for p in powers if playing(state, p)
    }
    if position.rules.bar:  # seed 003's default payments (BAR-6.4)
        orders = default_payments(board, state, accounts, orders)
    # the results, made when first asked for (_written): (how, power, order, outcome, note)
    judged: list[tuple[int, str, Order, Outcome, str]] = []
    unordered: list[tuple[str, Unit]] = []  # (power, unit) removed for want of an order
    private: PrivateEvents = {}
    for power, power_orders in orders.items():
        account = accounts.get(power)
        if account is None:
            judged += [(_PRIVATE, power, o, "void", f"{power} is not playing")
                       for o in power_orders]
            continue
        # the orders that stand (latest_orders): the last of each key
        last = {order_key(o): i for i, o in enumerate(power_orders)}
        standing: set[int] | None = None  # the ids of those that stand (None: all of them)
        if len(last) == len(power_orders):  # (the usual case: no order replaced)
            account.standing = list(power_orders)
        else:
            account.standing = [power_orders[i] for i in sorted(last.values())]
            standing = {id(o) for o in account.standing}
        # (seed 003's old unit placed before the new units, BAR-3.3)
        for order in sorted(power_orders, key=lambda o: type(o) is not Old):
            if standing is not None and id(order) not in standing:
                judged.append((_PRIVATE, power, order, "void",
                               "replaced by a later order (ADJ-ORD-2..4)"))
                continue
            kind = type(order)
            if kind is Maintain or kind is Remove or kind is Disband:  # (most orders: no _judge)
                outcome, note = _judge_unit_order(position, account, order)  # type: ignore[arg-type]
            else:
                outcome, note = _judge(position, account, order)
            judged.append((_SEEN, power, order, outcome, note))
    for account in accounts.values():
        known = {id(u) for u in account.kept}  # the very units judged (else equal ones)
        known.update(id(u) for u in account.removed)
        if len(known) < len(account.units):  # (else every unit was judged: the usual case)
            equal = {_fields(u) for u in account.kept + account.removed}
            for unit in account.units:
                if id(unit) not in known and _fields(unit) not in equal:
                    account.removed.append(unit)
                    unordered.append((account.power, unit))
        if account.spent or account.removed or account.new_units:
            tell(
                private, account.power,
                f"{account.power} pays {account.spent} ducats for "
                f"{len(account.kept) + len(account.new_units)} units; "
                f"treasury {account.treasury}."
            )
    return Adjudication(next_phase(_apply(state, accounts)), None, [], private,
                        write=lambda: _written(judged, unordered))


_PRIVATE, _SEEN = 0, 1  # how a result is seen: by its power alone, or as _seen says


def _written(judged: list[tuple[int, str, Order, Outcome, str]],
             unordered: list[tuple[str, Unit]]) -> list[OrderResult]:
    """The phase's results: the orders judged, then the units removed without an order."""
    results = [
        _seen(power, order, outcome, note) if how == _SEEN
        else OrderResult(power, order, outcome, note, private=True)
        for how, power, order, outcome, note in judged
    ]
    results += [
        OrderResult(power, Remove(UnitRef(unit.kind, unit.province, unit.coast)), "succeeds",
                    NOT_MAINTAINED)
        for power, unit in unordered
    ]
    return results


def _seen(power: str, order: Order, outcome: Outcome, note: str) -> OrderResult:
    """Who reads an adjustment's result (docs/rulings.md, "What each power sees").

    Everyone reads what the board shows: a unit built, kept or removed (a maintain
    not paid for, as a removal); what it cost, what the treasury held and a build
    that placed nothing are the power's own business.
    """
    if outcome == "void" or (isinstance(order, Build) and outcome != "succeeds"):
        return OrderResult(power, order, outcome, note, None, True)
    if isinstance(order, Maintain):
        return OrderResult(power, order, outcome, note,
                           "" if outcome == "succeeds" else "removed", False)
    if isinstance(order, Build):
        return OrderResult(power, order, outcome, note, "", False)
    return OrderResult(power, order, outcome, note)


def _without(units: list[Unit], removed: list[Unit]) -> list[Unit]:
    """``units`` with each of ``removed`` taken out as ``list.remove`` takes it out (the
    first equal unit; ValueError when there is none), found by their fields (without a
    call of ``Unit.__eq__`` per unit passed)."""
    kept = list(units)
    if removed:
        fields = list(map(_fields, kept))
        for unit in removed:
            i = fields.index(_fields(unit))
            del kept[i], fields[i]
    return kept


def _apply(state: State, accounts: Mapping[str, _Account]) -> State:
    removed = [u for a in accounts.values() for u in a.removed]
    units = _without(state.units, removed)
    lapsed = {u.province for u in removed if u.kind == "G"}  # the siege of a removed garrison
    units = [
        u.with_siege(0) if u.kind != "G" and u.province in lapsed and u.siege else u
        for u in units
    ]
    units += [u for a in accounts.values() for u in a.new_units]
    treasury = dict(state.treasury)
    for power, account in accounts.items():
        if account.spent or power in treasury:
            treasury[power] = account.treasury
    return state.but(units=units, treasury=treasury)


__all__ = [
    "build_problem",
    "default_payments",
    "latest_orders",
    "resolve_money_adjustments",
    "upkeep",
]
