"""The money steps, made cheap, give what the plain reading of the rules gives.

On the positions and orders of random games of several scenarios, as played and
stirred (tests/campaign_positions.py):

- the money steps before the moves read only the money orders: given every order,
  each step gives what it gives on the money orders alone;
- the unit a bribe names, found from the units by province, is the one a walk finds;
- a build judged with the power's home provinces and the units by province handed
  over (as a paid adjustment judges every build) is judged as on its own;
- the paid adjustment's look-ups (a power's units, the unit an order names, the units
  taken out) find what a walk through the units finds;
- an assassination's rebellion rolls, made on one position with the victim's home
  provinces found once, give what rolling province by province on the position each
  rebellion leaves gives.
"""

from __future__ import annotations

import random

from campaign_positions import SCENARIOS, played, positions, stirred

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.homes import held_home_provinces_of_all
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.options import money_in_play
from machiavelli.core.orders import Build, Expense, Maintain, Remove, UnitRef
from machiavelli.core.results import Adjudication
from machiavelli.core.state import State, Unit
from machiavelli.game.campaign import MONEY_ORDERS, MONEY_STEPS
from machiavelli.game.scenario import load_scenario
from machiavelli.money import assassination
from machiavelli.money.assassination import REBEL_ON, _numbers_text
from machiavelli.money.bribes import named_unit
from machiavelli.money.money_adjustments import _fields, _Position, _without
from machiavelli.movement.builds import build_problem
from machiavelli.movement.rebels import describe, is_home_province, start_rebellion


def _seen(done: Adjudication, dice: Dice) -> tuple[object, ...]:
    return (done.state.to_dict(),
            [(r.power, r.order, r.outcome, r.note, r.public_note, r.private)
             for r in done.results],
            done.events, done.private_events, dice.rolls)


def test_money_steps_read_only_the_money_orders() -> None:
    steps = 0
    for scenario in SCENARIOS:
        board, _ = load_scenario(scenario)
        for p in played(scenario):
            if p.state.phase != "movement" or not money_in_play(p.state):
                continue
            money = {power: [o for o in seq if isinstance(o, MONEY_ORDERS)]
                     for power, seq in p.orders.items()}
            state = p.state
            for step in MONEY_STEPS:
                every, only = Dice(p.seed), Dice(p.seed)
                done = step(board, state, p.orders, every)
                assert _seen(done, every) == _seen(step(board, state, money, only), only)
                state = done.state
                steps += 1
    assert steps > 100


def _builds(board: Board, province: str) -> list[Build]:
    prov = board.provinces[province]
    coasts = [*prov.coasts, None]
    return [Build("A", province), Build("G", province), Build("A", province, "nc"),
            Build("A", province, special="militia"),
            Build("G", province, special="elite_mercenary"),
            *(Build("F", province, c) for c in coasts)]


def test_builds_judged_with_what_the_adjustment_hands_over() -> None:
    judged = allowed = 0
    for board, state in positions(stir=1):
        if state.phase != "adjustment":
            continue
        held = held_home_provinces_of_all(board, state)
        where = Occupancy(state.units)
        cities = [p for p, prov in board.provinces.items() if prov.city is not None]
        for power in state.powers:
            for province in cities:
                for order in _builds(board, province):
                    alone = build_problem(board, state, power, order)
                    assert build_problem(board, state, power, order, held=held.get(power, set()),
                                         where=where) == alone
                    judged += 1
                    allowed += alone is None
    assert judged > 1000 and allowed > 50


def test_paid_adjustment_look_ups_find_what_a_walk_finds() -> None:
    rng = random.Random(6)
    for board, state in positions(stir=1):
        position = _Position(board, state)
        owners = {u.owner for u in state.units} | set(state.powers)
        for owner in owners:
            assert position.units_of.get(owner, []) == state.units_of(owner)
        for unit in state.units:
            for owner in (unit.owner, rng.choice(sorted(owners, key=str))):
                for kind in ("A", "F", "G"):
                    ref = UnitRef(kind, unit.province)  # type: ignore[arg-type]
                    walk = next((u for u in state.units if u.owner == owner
                                 and u.province == ref.province
                                 and (u.kind == "G") == (ref.kind == "G")), None)
                    assert position.first.get((owner, ref.province, kind == "G")) is walk
        if state.units:
            removed = rng.sample(state.units, rng.randint(0, len(state.units)))
            plain = list(state.units)
            for u in removed:
                plain.remove(u)
            assert [_fields(u) for u in _without(state.units, removed)] == [
                _fields(u) for u in plain]
            twice = [*state.units, *(Unit(u.kind, u.owner, u.province, u.coast, u.special,
                                          u.siege) for u in state.units)]
            plain = list(twice)  # equal units, not the same: the first equal one goes
            for u in removed:
                plain.remove(u)
            assert [id(u) for u in _without(twice, removed)] == [id(u) for u in plain]


def test_bribed_units_found_by_province_as_by_a_walk() -> None:
    named = 0
    for _board, state in positions(stir=1)[::2]:
        for crowded in (state, state.but(units=[*state.units, *state.units[:5]])):
            where = Occupancy(crowded.units)
            for province in sorted({u.province for u in crowded.units}) + ["nowhere"]:
                for kind in ("counter_bribe", "disband", "buy"):
                    for unit_kind in (None, "A", "F", "G"):
                        for power in crowded.powers[:3]:
                            expense = Expense(1, 12, kind, unit_kind, province)  # type: ignore[arg-type]
                            assert named_unit(crowded, power, expense, where) == named_unit(
                                crowded, power, expense)
                            named += 1
    assert named > 10000


def plain_rebellion_rolls(board: Board, state: State, victim: str, dice: Dice
                          ) -> tuple[State, list[str]]:
    """ASN-EFF-4 province by province, each rebellion placed on the position the last left."""
    events: list[str] = []
    occupied = {u.province for u in state.units}
    for pid, prov in board.provinces.items():
        if prov.sea or state.province_owner.get(pid) != victim:
            continue
        home = is_home_province(board, state, victim, pid)
        with_unit = pid in occupied
        need = REBEL_ON[(home, with_unit)]
        kind = ("home" if home else "conquered") + (
            " province with a unit" if with_unit else " province, no unit")
        (die,) = dice.roll(1, f"rebellion in {prov.name} after the assassination of {victim}")
        roll = f"die {die}, rebels on {_numbers_text(need)} ({kind})"
        if die > need:
            events.append(f"{prov.name} stays loyal to {victim}: {roll}.")
            continue
        placed = start_rebellion(board, state, pid)
        if isinstance(placed, str):
            events.append(f"{prov.name} would rebel ({roll}) but does not: {placed}.")
            continue
        state = placed
        events.append(f"Rebellion in {describe(board, state.rebellions[pid])}: {roll}"
                      " (ASN-EFF-4).")
    return state, events


def test_rebellion_rolls_as_rolled_province_by_province() -> None:
    rng = random.Random(8)
    rebelled = 0
    for board, state in positions(stir=1)[::3]:
        for victim in sorted(set(state.province_owner.values())):
            values = [rng.randint(1, 6) for _ in board.provinces]
            fast_dice, plain_dice = LoadedDice("t", values=list(values)), LoadedDice(
                "t", values=list(values))
            fast = assassination._rebellion_rolls(board, state, victim, fast_dice)
            plain = plain_rebellion_rolls(board, state, victim, plain_dice)
            assert fast[0].to_dict() == plain[0].to_dict()
            assert list(fast[0].rebellions) == list(plain[0].rebellions)
            assert fast[1] == plain[1]
            assert fast_dice.rolls == plain_dice.rolls
            rebelled += len(plain[0].rebellions) - len(state.rebellions)
    assert rebelled > 50


def test_stirred_positions_differ_from_those_played() -> None:
    board, state = load_scenario("classic_1454")
    rng = random.Random(1)
    assert any(stirred(board, state, rng).to_dict() != state.to_dict() for _ in range(3))
    orders = {"Milan": [Maintain(UnitRef("A", "mil")), Remove(UnitRef("A", "mil")),
                        Expense(1, 3, "counter_bribe", "mil")]}
    assert [o for o in orders["Milan"] if isinstance(o, MONEY_ORDERS)] == orders["Milan"][2:]
