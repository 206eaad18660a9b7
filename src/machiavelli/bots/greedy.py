"""A greedy player: one look ahead, valuing cities, income and threats; bribes and loans.

What it values (:class:`Values`): a land province is worth 1, and its city 3 more plus
the city's income; a province is *threatened* when a unit of another power could move
into it next.  Its orders, phase by phase:

- **movement**: every army and fleet scores its legal holds, moves, sieges and
  conversions: a move is worth what it takes (a province or city not its own, less
  against a unit standing there) and a little for the valuable places next to where it
  goes, less what it leaves unguarded (its own city under threat); a siege of a city
  whose garrison is not its own is worth that city.  The best pairs are taken first,
  never two units into one province nor into a province an own unit keeps; then units
  with nothing better to do support an own attack on a defended or contested province,
  or the hold of a threatened unit;
- **money** (movement phases with money): the loans due this season or the next are
  kept in the treasury; the rest buys, best value per ducat first, up to four
  expenses from the money menu: autonomous garrisons bought (a city and a unit), a
  garrison an own army besieges disbanded, enemy units that threaten its cities
  disbanded, a counter-bribe on a garrison of a major city under threat, a rebellion
  against it put down, famine relieved where its units stand.  When a good purchase
  (a garrison bought) is a few ducats short, it borrows them for one year, one loan at
  a time, while it owes little;
- **retreats**: to the most valuable open province, else into the city, else disband;
- **adjustments**: with money, units kept (the most valuable first) while the treasury
  pays, then armies (a fleet for every third unit, in ports) built with what is left
  but a reserve; without money, builds up to its allowance, removals of its least
  valuable units below it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain

from machiavelli.bots.menu import LegalOrders, numbered
from machiavelli.bots.view import Observation
from machiavelli.core.board import Board, province_of
from machiavelli.core.board_index import PerBoard
from machiavelli.core.options import money_in_play
from machiavelli.core.orders import (
    Besiege,
    Borrow,
    Build,
    Convert,
    Expense,
    Hold,
    Maintain,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
)
from machiavelli.core.phases import next_phase
from machiavelli.core.state import Loan, State, Unit
from machiavelli.game.adjustments import allowance
from machiavelli.money.finance import MAX_PRINCIPAL, is_due, principal_owed
from machiavelli.money.specials import unit_upkeep, upkeep
from machiavelli.movement.legal_lists import ref_of

BORROW_LIMIT = 10  # it borrows while it owes less than this much principal
RESERVE = 3  # ducats kept after builds
WORTH_A_LOAN = 0.4  # value per ducat of a purchase it borrows for


def _worth_of(board: Board, province: str) -> float:
    prov = board.provinces[province]
    if prov.sea:
        return 0.0
    return 1.0 + (3.0 + prov.city.income if prov.city is not None else 0.0)


#: what each land province is worth (its city 3 more and the city's income), by board
_WORTHS: PerBoard[dict[str, float]] = PerBoard(
    lambda board: {p: _worth_of(board, p) for p in board.provinces})


@dataclass
class Values:
    """What places are worth to one power in one position."""

    board: Board
    state: State
    power: str
    threat: Counter[str] = field(default_factory=Counter)
    # each value reckoned once a position (the bot asks for the same places again and
    # again); the worths once a board
    _worth: dict[str, float] = field(default_factory=dict, repr=False)
    _mine: dict[str, bool] = field(default_factory=dict, repr=False)
    _gain: dict[str, float] = field(default_factory=dict, repr=False)
    _defence: dict[str, float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._worth = _WORTHS(self.board)
        board, power = self.board, self.power
        self.threat.update(chain.from_iterable(  # (one count of every place reached)
            _reached(board, unit) for unit in self.state.units
            if unit.owner != power and unit.kind != "G"))

    def worth(self, province: str) -> float:
        return self._worth.get(province, 0.0)

    def mine(self, province: str) -> bool:
        found = self._mine.get(province)
        if found is None:
            found = self._mine[province] = self._mine_of(province)
        return found

    def _mine_of(self, province: str) -> bool:
        state = self.state
        return state.province_owner.get(province) == self.power and (
            self.board.provinces[province].city is None
            or state.city_owner.get(province) == self.power)

    def defence(self, province: str) -> float:
        """What a unit gains for its power by staying in ``province``."""
        found = self._defence.get(province)
        if found is None:
            found = self._defence[province] = self._defence_of(province)
        return found

    def _defence_of(self, province: str) -> float:
        if self.threat[province] and (self.state.city_owner.get(province) == self.power
                                      or self.state.province_owner.get(province)
                                      == self.power):
            return 0.6 * self.worth(province)
        return 0.1

    def gain(self, province: str) -> float:
        """What moving into ``province`` is worth."""
        found = self._gain.get(province)
        if found is None:
            found = self._gain[province] = self._gain_of(province)
        return found

    def _gain_of(self, province: str) -> float:
        if self.mine(province):
            base = 0.2
        else:
            base = self.worth(province)
            garrison = self.state.unit_in(province, garrison=True)
            if garrison is not None and garrison.owner != self.power:
                base = 1.5  # the province, and a siege to come
        held = self.state.unit_in(province, garrison=False)
        if held is not None and held.owner != self.power:
            base *= 0.35  # it will stand unless the attack is supported
        worth, mine = self._worth, self.mine
        ahead = 0.0  # (summed in the neighbours' order, as sum() would)
        for p in self.board.army_adj.get(province, ()):
            if not mine(p):
                ahead += worth.get(p, 0.0)
        return base + 0.05 * ahead

    def foreign_garrison(self, province: str) -> Unit | None:
        garrison = self.state.unit_in(province, garrison=True)
        return garrison if garrison is not None and garrison.owner != self.power else None


def reach(board: Board, unit: Unit) -> list[str]:
    """The provinces an army or fleet could move into next (convoys left out)."""
    if unit.kind == "F":
        return [province_of(loc) for loc in board.fleet_adj.get(unit.location, ())]
    return [p for p in board.army_adj.get(unit.province, ()) if not board.is_sea(p)]


#: each board's places a unit reaches, by (fleet, where it stands): kept, as boards are
_REACHED: PerBoard[dict[tuple[bool, str], frozenset[str]]] = PerBoard(lambda board: {})


def _reached(board: Board, unit: Unit) -> frozenset[str]:
    """The places of :func:`reach`, once a board and place."""
    fleet = unit.kind == "F"
    key = (fleet, unit.location if fleet else unit.province)
    known = _REACHED(board)
    found = known.get(key)
    if found is None:
        found = known[key] = frozenset(reach(board, unit))
    return found


class Greedy:
    """The greedy player (see the module's doc)."""

    name = "greedy"

    def choose(self, board: Board, seen: Observation, legal: LegalOrders,
               rng: random.Random) -> list[Order]:
        values = Values(board, seen.state, legal.power)
        phase = seen.state.phase
        if phase == "movement":
            orders = movement(values, legal)
            if money_in_play(seen.state):
                orders += money(values, legal)
            return orders
        if phase == "retreat":
            return retreats(values, legal)
        return adjustments(values, legal)


# ----------------------------------------------------------------------
# Movement
# ----------------------------------------------------------------------
_SUPPORTS = (SupportMove, SupportHold)


def _score(values: Values, unit: Unit, order: Order) -> float | None:
    if isinstance(order, _SUPPORTS):  # most of a unit's options; scored after the moves
        return None
    if isinstance(order, Hold):
        return values.defence(unit.province)
    if isinstance(order, Move):
        leave = values.defence(unit.province)
        return values.gain(order.dest) - (leave if leave > 0.1 else 0.0)
    if isinstance(order, Besiege):
        garrison = values.foreign_garrison(unit.province)
        if garrison is None:
            return None
        return values.worth(unit.province) + (2.0 if unit.siege else 0.5)
    if isinstance(order, Convert) and order.to == "G":
        threatened = values.threat[unit.province] and values.state.unit_in(
            unit.province, garrison=True) is None
        return 0.5 * values.worth(unit.province) if threatened else None
    return None


def movement(values: Values, legal: LegalOrders) -> list[Order]:
    state = values.state
    units: dict[tuple[str, ...], Unit] = {("unit", u.province, "G" if u.kind == "G" else "AF"): u
             for u in state.units_of(values.power)}
    scored: list[tuple[float, int, tuple[str, ...], Order]] = []
    for index, key in enumerate(legal.unit_keys()):
        unit = units.get(key)
        if unit is None:
            continue
        leave = values.defence(unit.province)
        left = leave if leave > 0.1 else 0.0  # (what a move gives up: _score's, once a unit)
        for order in legal.units[key]:
            kind = type(order)
            if kind is Move:  # (the usual kinds first, as _score reckons them)
                score: float | None = values.gain(order.dest) - left  # type: ignore[union-attr]
            elif kind is SupportMove or kind is SupportHold:
                continue  # (most of the options: scored after the moves)
            elif kind is Hold:
                score = leave
            else:
                score = _score(values, unit, order)
            if score is not None:
                scored.append((score, -index, key, order))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    chosen: dict[tuple[str, ...], tuple[float, Order]] = {}
    claimed = {u.province for u in units.values() if u.kind != "G"}
    for score, _, key, order in scored:
        if key in chosen:
            continue
        if isinstance(order, Move):
            if order.dest in claimed:
                continue
            claimed.add(order.dest)
        chosen[key] = (score, order)
    _add_supports(values, legal, units, chosen)
    return [order for _, order in chosen.values()]


def _add_supports(values: Values, legal: LegalOrders, units: dict[tuple[str, ...], Unit],
                  chosen: dict[tuple[str, ...], tuple[float, Order]]) -> None:
    attacks = {(o.unit.province, o.dest): values.gain(o.dest) for _, o in chosen.values()
               if isinstance(o, Move) and (values.threat[o.dest] or values.state.unit_in(
                   o.dest, garrison=False) is not None)}
    staying = {u.province: values.defence(u.province) for k, u in units.items()
               if k in chosen and not isinstance(chosen[k][1], Move) and u.kind != "G"}
    helped: Counter[tuple[str, str]] = Counter()
    for key, (score, order) in sorted(chosen.items(), key=lambda kv: kv[1][0]):
        if isinstance(order, Move) or score > 1.0:
            continue
        best: tuple[float, Order] | None = None
        for option in legal.units[key]:
            value = 0.0
            if isinstance(option, SupportMove):
                attack = (option.target.province, option.dest)
                value = attacks.get(attack, 0.0) / (1 + helped[attack])
            elif isinstance(option, SupportHold):
                value = staying.get(option.target.province, 0.0) / (
                    1 + helped[(option.target.province, "")])
            if value > score and (best is None or value > best[0]):
                best = (value, option)
        if best is not None:
            chosen[key] = best
            support = best[1]
            assert isinstance(support, SupportMove | SupportHold)
            dest = support.dest if isinstance(support, SupportMove) else ""
            helped[(support.target.province, dest)] += 1


# ----------------------------------------------------------------------
# Money
# ----------------------------------------------------------------------
def _expense_value(values: Values, expense: Expense) -> float:
    state, power = values.state, values.power
    province = expense.province
    if expense.kind == "pacify_rebellion":
        rebellion = state.rebellions.get(province or "")
        return values.worth(province or "") if rebellion and rebellion.against == power else 0
    if expense.kind == "famine_relief":  # famine removes the units there (FAM-*)
        mine = [u for u in state.units if u.province == province and u.owner == power]
        return 2.0 * len(mine) if mine else 0.0
    if province is None:
        return 0.0
    units = [u for u in state.units if u.province == province and u.kind == expense.unit_kind]
    if not units:
        return 0.0
    unit = units[0]
    if expense.kind == "counter_bribe":
        city = values.board.provinces[province].city
        major = unit.kind == "G" and city is not None and city.income > 1
        return 1.5 if major and values.threat[province] and expense.amount == 3 else 0.0
    if expense.kind == "buy":
        if unit.owner is None:
            return values.worth(province) + 2.0
        return 3.0 if unit.kind != "G" else values.worth(province) + 1.0
    if expense.kind == "disband" and unit.kind == "G":
        besieging = state.unit_in(province, garrison=False)
        if besieging is not None and besieging.owner == power:
            return 0.8 * values.worth(province)
        return 0.0
    if expense.kind == "disband":
        near_mine = any(state.city_owner.get(p) == power for p in reach(values.board, unit))
        return 2.0 if near_mine else 0.0
    return 0.0


def money(values: Values, legal: LegalOrders) -> list[Order]:
    state, power = values.state, values.power
    cash = state.treasury.get(power, 0)
    loans = state.loans.get(power, [])
    due = sum(loan.principal + loan.interest for loan in loans if _due_soon(loan, state))
    budget = cash - due
    ideas: list[tuple[float, Expense]] = []
    for expense in legal.money.expenses:
        value = _expense_value(values, expense)
        if value > 0:
            ideas.append((value / expense.amount, expense))
    ideas.sort(key=lambda i: -i[0])
    chosen: list[Expense] = []
    bribed: set[tuple[str | None, str | None]] = set()
    orders: list[Order] = []
    for efficiency, expense in ideas:
        target = (expense.province, expense.unit_kind)
        if target in bribed or len(chosen) == 4:
            continue
        if expense.amount <= budget:
            chosen.append(expense)
            bribed.add(target)
            budget -= expense.amount
        elif not orders and efficiency >= WORTH_A_LOAN:
            loan = _loan_for(legal, expense.amount - budget, principal_owed(loans))
            if loan is not None:
                orders.append(loan)
                chosen.append(expense)
                bribed.add(target)
                budget += loan.amount - expense.amount
    return orders + list(numbered(chosen))


def _due_soon(loan: Loan, state: State) -> bool:
    """Due now, or in the next season (the bank collects in the campaign it is due)."""
    return is_due(loan, state) or is_due(loan, next_phase(state))


def _loan_for(legal: LegalOrders, short: int, owed_now: int) -> Borrow | None:
    if owed_now >= BORROW_LIMIT or short > MAX_PRINCIPAL - owed_now:
        return None
    fits = [b for b in legal.money.borrow if b.years == 1 and b.amount >= short]
    return min(fits, key=lambda b: b.amount) if fits else None


# ----------------------------------------------------------------------
# Retreats and adjustments
# ----------------------------------------------------------------------
def retreats(values: Values, legal: LegalOrders) -> list[Order]:
    orders: list[Order] = []
    for key in legal.unit_keys():
        options = legal.units[key]

        def rank(order: Order) -> float:
            if isinstance(order, Retreat) and order.to == "G":
                return 0.5
            if isinstance(order, Retreat):
                return 1.0 + values.gain(order.dest)
            return 0.0

        orders.append(max(options, key=rank))
    return orders


def _keep_value(values: Values, unit: Unit) -> float:
    value = values.worth(unit.province) * (1.5 if unit.kind == "G" else 1.0)
    return value + values.threat[unit.province]


def adjustments(values: Values, legal: LegalOrders) -> list[Order]:
    state, power = values.state, values.power
    units = sorted(state.units_of(power), key=lambda u: -_keep_value(values, u))
    builds = _build_places(legal)
    if not money_in_play(state):
        room = allowance(values.board, state, power) - len(units)
        if room < 0:
            return [Remove(ref_of(u)) for u in units[room:]]
        return _choose_builds(values, builds, room, len(units))
    cash = state.treasury.get(power, 0)
    orders: list[Order] = []
    for unit in units:
        cost = unit_upkeep(unit)
        if cost <= cash:
            orders.append(Maintain(ref_of(unit)))
            cash -= cost
        else:
            orders.append(Remove(ref_of(unit)))
    room = max(0, (cash - RESERVE) // upkeep(None))
    return orders + _choose_builds(values, builds, room, len(units))


def _build_places(legal: LegalOrders) -> dict[str, list[Build]]:
    places: dict[str, list[Build]] = {}
    for key in legal.unit_keys():
        for option in legal.units[key]:
            if isinstance(option, Build) and option.special is None and option.kind != "G":
                places.setdefault(option.province, []).append(option)
    return places


def _choose_builds(values: Values, places: dict[str, list[Build]], room: int,
                   units: int) -> list[Order]:
    chosen: list[Order] = []
    fleets = sum(1 for u in values.state.units_of(values.power) if u.kind == "F")
    ranked = sorted(places, key=lambda p: (-values.threat[p], -values.worth(p), p))
    for province in ranked[:max(room, 0)]:
        options = places[province]
        armies = [b for b in options if b.kind == "A"]
        navy = [b for b in options if b.kind == "F"]
        want_fleet = bool(navy) and (not armies or fleets * 3 < units + len(chosen))
        pick: Sequence[Build] = navy if want_fleet else armies
        chosen.append(pick[0])
        fleets += want_fleet
    return chosen


__all__ = ["Greedy", "Values", "adjustments", "money", "movement", "retreats"]
