"""Names as numbers (:mod:`machiavelli.core.names`).

Units and orders carry their names' numbers, made when they are made; a movement phase
reads them where it would look the names up.  A name not numbered (0: no board had it when
the unit or order was made) is read by its name, with the same results; a power the board
does not number is numbered by the phase, as before.  The numbers are no part of a unit's
or order's value, and what players write never numbers a name.
"""

from __future__ import annotations

import json
import pickle
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from machiavelli.cli.bench_phases import campaign_phases, random_phases
from machiavelli.core.board_index import board_index
from machiavelli.core.names import NAME_IDS, number_names
from machiavelli.core.orders import Convoy, Move, Order, SupportHold, SupportMove, UnitRef
from machiavelli.core.state import ARMY, FLEET, GARRISON, State, Unit, unit_dict
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario

T = TypeVar("T")


def _unnumbered(make: Callable[[], T]) -> T:
    """What ``make`` makes while no name is numbered (as before any board is made)."""
    saved = dict(NAME_IDS)
    NAME_IDS.clear()
    try:
        return make()
    finally:
        NAME_IDS.update(saved)


def _made_again(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


def test_units_and_orders_carry_their_names_numbers() -> None:
    board, _ = load_scenario("standard_1901")
    ix = board_index(board)
    unit = Unit("F", "England", "lon")
    assert ix.by_place[unit.place_id] == ix.number["lon"]
    assert ix.by_power[unit.owner_id] == ix.power_numbers["England"]
    assert Unit("G", None, "lon").owner_id == 0  # autonomous
    move = Move(UnitRef("F", "lon"), "nth")
    assert ix.by_place[move.unit.place_id] == ix.number["lon"]
    assert ix.by_place[move.dest_id] == ix.number["nth"]
    support = SupportMove(UnitRef("A", "wal"), UnitRef("F", "lon"), "eng")
    assert ix.by_place[support.dest_id] == ix.number["eng"]
    assert ix.by_place[0] == -1 and ix.by_power[0] == -1


def test_the_numbers_are_no_part_of_a_units_value() -> None:
    load_scenario("standard_1901")
    numbered = Unit("A", "France", "par")
    plain = _unnumbered(lambda: Unit("A", "France", "par"))
    assert plain.place_id == 0 and numbered.place_id > 0
    assert plain == numbered and hash(plain) == hash(numbered)
    assert repr(plain) == repr(numbered) == (
        "Unit(kind='A', owner='France', province='par', coast=None, special=None, siege=0)")
    ref = _unnumbered(lambda: UnitRef("A", "par"))
    assert ref == UnitRef("A", "par") and repr(ref) == repr(UnitRef("A", "par"))
    assert _unnumbered(lambda: Move(UnitRef("A", "par"), "bur")) == Move(UnitRef("A", "par"),
                                                                         "bur")
    assert unit_dict(plain) == unit_dict(numbered) == {
        "kind": "A", "owner": "France", "province": "par", "coast": None, "special": None,
        "siege": 0}


def test_units_and_orders_made_again_take_this_process_numbers() -> None:
    load_scenario("standard_1901")
    unit, move, support = _unnumbered(lambda: (
        Unit("F", "England", "lon"), Move(UnitRef("F", "lon"), "nth"),
        SupportMove(UnitRef("A", "wal"), UnitRef("F", "lon"), "eng")))
    assert (unit.place_id, unit.owner_id, move.dest_id, support.dest_id) == (0, 0, 0, 0)
    again = _made_again((unit, move, support))
    assert again == (unit, move, support)
    assert again[0].place_id == NAME_IDS["lon"] and again[0].owner_id == NAME_IDS["England"]
    assert again[1].unit.place_id == NAME_IDS["lon"] and again[1].dest_id == NAME_IDS["nth"]
    assert again[2].dest_id == NAME_IDS["eng"]


def test_units_and_units_named_carry_their_kinds_number_made_again_too() -> None:
    numbers = {"A": ARMY, "F": FLEET, "G": GARRISON}
    assert len(set(numbers.values())) == 3 and 0 not in numbers.values()
    for kind, number in numbers.items():
        unit = Unit(kind, "Venice", "ven")  # type: ignore[arg-type]
        ref = UnitRef(kind, "ven")  # type: ignore[arg-type]
        assert unit.kind_no == ref.kind_no == number
        assert _made_again(unit).kind_no == _made_again(ref).kind_no == number
        assert unit.with_siege(1).kind_no == number
    # a kind that is none of the three (a position made by hand) is numbered 0
    assert Unit("X", "Venice", "ven").kind_no == UnitRef("", "ven").kind_no == 0  # type: ignore[arg-type]
    # no part of the value either
    assert "kind_no" not in repr(Unit("A", "Venice", "ven")) + repr(UnitRef("A", "ven"))
    assert unit_dict(Unit("G", None, "ven")) == {
        "kind": "G", "owner": None, "province": "ven", "coast": None, "special": None,
        "siege": 0}


def test_what_players_write_never_numbers_a_name() -> None:
    load_scenario("standard_1901")
    known = len(NAME_IDS)
    made = [Unit("A", "Atlantis", "xyz"), UnitRef("F", "qqq"),
            Move(UnitRef("A", "xyz"), "nowhere"), SupportMove(UnitRef("A", "a"),
                                                              UnitRef("A", "b"), "c")]
    assert len(NAME_IDS) == known
    assert made[0].place_id == made[0].owner_id == made[1].place_id == made[2].dest_id == 0


def test_boards_made_at_once_on_several_threads_give_each_name_its_own_number() -> None:
    names = [[f"t{t}n{n}" for n in range(300)] for t in range(8)]

    def numbered() -> list[int]:
        threads = [threading.Thread(target=number_names, args=(some,)) for some in names]
        switching = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)  # (the threads take turns as often as they can)
        try:
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        finally:
            sys.setswitchinterval(switching)
        return sorted(NAME_IDS[name] for some in names for name in some)

    assert _unnumbered(numbered) == list(range(1, 2401))


def _outcome(board: Any, state: State, orders: dict[str, list[Order]], seed: str) -> str:
    result = adjudicate(board, state, orders, seed)
    return result.after.to_json() + result.report + json.dumps(result.private, sort_keys=True)


def _order_again(order: Order) -> Order:
    """``order`` made again, its units' references too (a compiled build pickles only the
    classes that say how)."""
    refs = {name: UnitRef(ref.kind, ref.province, ref.coast) for name in ("unit", "target")
            if isinstance(ref := getattr(order, name, None), UnitRef)}
    return replace(order, **refs)  # type: ignore[type-var]


def _phase_again(state: State, orders: dict[str, list[Order]]) -> tuple[
        State, dict[str, list[Order]]]:
    return State.from_json(state.to_json()), {
        power: [_order_again(o) for o in given] for power, given in orders.items()}


def test_phases_of_names_not_numbered_adjudicate_as_numbered() -> None:
    board, start = load_scenario("standard_1901")
    for phase in random_phases(board, start, 60, 3):
        state, orders = _unnumbered(lambda p=phase: _phase_again(p.state, p.orders))
        assert state.units and all(u.place_id == 0 for u in state.units)
        refs = [o.unit for given in orders.values() for o in given]  # type: ignore[attr-defined]
        assert refs and all(ref.place_id == 0 for ref in refs)
        assert _outcome(board, state, orders, "") == _outcome(board, phase.state, phase.orders,
                                                              "")
    classic, _ = load_scenario("classic_1454")
    for played in campaign_phases("classic_1454", 2, 20, 4):
        state, orders = _unnumbered(lambda p=played: _phase_again(p.state, p.orders))
        assert _outcome(classic, state, orders, played.seed) == _outcome(
            classic, played.state, played.orders, played.seed)


def _others_unnumbered(order: Order, dest: bool) -> Order:
    """``order`` with the names it gives but its unit's not numbered (a support's or convoy's
    unit, a move's destination); for a support of a move, its destination only (``dest``)
    or its unit only."""
    if isinstance(order, SupportMove):
        if dest:
            return _unnumbered(lambda: SupportMove(order.unit, order.target, order.dest,
                                                   order.dest_coast))
        return SupportMove(order.unit, _unnumbered(lambda: _made_again(order.target)),
                           order.dest, order.dest_coast)
    if isinstance(order, SupportHold | Convoy):
        return replace(order, target=_unnumbered(lambda: _made_again(order.target)))
    if isinstance(order, Move):
        return _unnumbered(lambda: Move(order.unit, order.dest, order.dest_coast, order.via,
                                        order.convoy))
    return order


def test_orders_naming_places_not_numbered_adjudicate_as_numbered() -> None:
    board, start = load_scenario("standard_1901")
    others = 0
    for n, phase in enumerate(random_phases(board, start, 60, 6)):
        orders = {power: [_others_unnumbered(o, n % 2 == 0) for o in given]
                  for power, given in phase.orders.items()}
        others += sum(o != p or o is not p for o, p in zip(
            [o for given in orders.values() for o in given],
            [o for given in phase.orders.values() for o in given], strict=True))
        assert _outcome(board, phase.state, orders, "") == _outcome(board, phase.state,
                                                                   phase.orders, "")
    assert others > 500  # (the orders made again: supports, convoys and moves)


def test_a_power_the_board_does_not_number_adjudicates_as_one_it_numbers() -> None:
    board, start = load_scenario("standard_1901")
    for phase in random_phases(board, start, 30, 5):
        renamed = State.from_json(phase.state.to_json().replace('"England"', '"Albion"'))
        orders = {("Albion" if power == "England" else power): given
                  for power, given in phase.orders.items()}
        assert "Albion" not in board_index(board).power_numbers
        moved = adjudicate(board, renamed, orders).after
        assert [_renamed_back(u) for u in moved.units] == adjudicate(
            board, phase.state, phase.orders).after.units
        assert [replace(d, unit=_renamed_back(d.unit)) for d in moved.dislodged] == adjudicate(
            board, phase.state, phase.orders).after.dislodged


def _renamed_back(unit: Unit) -> Unit:
    return replace(unit, owner="England") if unit.owner == "Albion" else unit
