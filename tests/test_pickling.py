"""A position, a board, orders and results pickle and copy, interpreted and compiled.

Ray and multiprocessing pass positions between processes.  A compiled (mypyc) class
cannot be made empty and filled in as ``pickle`` and ``copy`` make a Python object, so
the engine registers how each is made again (:mod:`machiavelli.core.pickling`).
``make compiled-test`` runs these tests on the compiled build (``PYTHONPATH=build/compiled``),
``make test`` on the source; :func:`test_the_build_is_the_one_named` says which ran.
"""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from machiavelli.cli.bench_phases import campaign_phases
from machiavelli.core import state as state_module
from machiavelli.core.board import Board
from machiavelli.core.dice import Roll
from machiavelli.core.orders import Order, UnitRef
from machiavelli.core.pickling import registered
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import NATIVE, Dislodged, Loan, Rebellion, State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario

AGAIN: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
    "pickle protocol 2": lambda value: pickle.loads(pickle.dumps(value, protocol=2)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}


def _position() -> tuple[Board, State]:
    """The classic start with a bit of everything a position holds."""
    board, start = load_scenario("classic_1454")
    state = start.copy()
    state.dislodged = [Dislodged(Unit("A", "Venice", "ver", siege=1), "man", True)]
    state.rebellions = {"sav": Rebellion("sav", "Milan", True, False)}
    state.famine = ["urb"]
    state.loans = {"Venice": [Loan(10, 2, "spring", 1455)]}
    state.chits = {"Venice": ["Papacy"]}
    state.defaulted = ["Turkey"]
    return board, state


@pytest.mark.parametrize("how", AGAIN)
def test_a_position_pickles_and_copies(how: str) -> None:
    _, state = _position()
    again = AGAIN[how](state)
    assert type(again) is State and again is not state
    assert again == state
    assert again.to_json() == state.to_json()
    # a unit made again has its names' numbers, made by the process that reads it
    assert [(u.place_id, u.owner_id, u.kind_no) for u in again.units] == [
        (u.place_id, u.owner_id, u.kind_no) for u in state.units]
    if how != "copy":  # a deep copy shares no list or dictionary with the original
        again.units.append(Unit("A", "Venice", "tre"))
        again.treasury["Venice"] = 99
        again.loans["Venice"].append(Loan(1, 0, "fall", 1456))
        assert state == _position()[1]


@pytest.mark.parametrize("how", AGAIN)
def test_a_board_pickles_and_copies(how: str) -> None:
    board, state = _position()
    again = AGAIN[how](board)
    assert type(again) is Board and again == board
    phase = campaign_phases("classic_1454", 1, 3, 5)[-1]
    made = adjudicate(again, phase.state, phase.orders, phase.seed)
    kept = adjudicate(board, phase.state, phase.orders, phase.seed)
    assert made.after == kept.after and made.report == kept.report


@pytest.mark.parametrize("how", AGAIN)
def test_orders_results_and_rolls_pickle_and_copy(how: str) -> None:
    board, _ = load_scenario("classic_1454")
    phases = campaign_phases("classic_1454", 1, 6, 5)
    orders: list[Order] = [o for p in phases for given in p.orders.values() for o in given]
    assert len({type(o) for o in orders}) >= 5
    again = AGAIN[how](orders)
    assert again == orders
    for made, order in zip(again, orders, strict=True):
        assert type(made) is type(order)
        for name in ("unit", "target"):  # the references' numbers made again
            ref = getattr(order, name, None)
            if isinstance(ref, UnitRef):
                assert getattr(made, name).place_id == ref.place_id
        if hasattr(order, "dest_id"):
            assert made.dest_id == order.dest_id  # type: ignore[attr-defined]
    result = adjudicate(board, phases[-1].state, phases[-1].orders, phases[-1].seed)
    made_result = AGAIN[how](result.results)
    assert made_result == result.results
    assert all(type(r) is OrderResult for r in made_result)
    assert AGAIN[how](Roll("famine", (3, 4), "Venice")) == Roll("famine", (3, 4), "Venice")


@pytest.mark.parametrize("how", AGAIN)
def test_an_adjudication_pickles_and_copies(how: str) -> None:
    board, state = _position()
    phase = campaign_phases("classic_1454", 1, 2, 5)[-1]
    found = adjudicate(board, phase.state, phase.orders, phase.seed)
    adjudication = Adjudication(found.after, found.results, ["an event"],
                                {"Venice": ["private"]})
    again = AGAIN[how](adjudication)
    assert type(again) is Adjudication and again == adjudication


@pytest.mark.parametrize("how", AGAIN)
def test_a_phase_result_pickles_and_copies_with_its_text(how: str) -> None:
    """What :func:`~machiavelli.game.process.adjudicate` gives a bot (its text written)."""
    board, _ = load_scenario("classic_1454")
    phase = campaign_phases("classic_1454", 1, 3, 5)[-1]
    found = adjudicate(board, phase.state, phase.orders, phase.seed)
    again = AGAIN[how](found)
    assert type(again) is type(found)
    assert (again.before, again.after, again.results, again.events, again.rolls,
            again.winners, again.private_events) == (
        found.before, found.after, found.results, found.events, found.rolls, found.winners,
        found.private_events)
    assert again.report == found.report and again.private == found.private


def test_every_dataclass_of_the_position_and_the_board_is_registered() -> None:
    from machiavelli.core.board import City, Province, Strait
    from machiavelli.core.order_kinds import ORDER_KINDS
    wanted = {State, Unit, Dislodged, Rebellion, Loan, Board, City, Province, Strait,
              OrderResult, Roll, UnitRef, *(k.cls for k in ORDER_KINDS)}
    assert wanted <= registered()


_READER = """
import json, pickle, sys
from machiavelli.core.state import NATIVE
from machiavelli.game.process import adjudicate
board, state, orders, seed = pickle.loads(sys.stdin.buffer.read())
result = adjudicate(board, state, orders, seed)
print(json.dumps([NATIVE, type(state).__module__, result.after.to_json(), result.report]))
"""


def test_another_process_reads_a_pickled_position_and_plays_it() -> None:
    """What multiprocessing and Ray do: the position, the board and the orders pickled
    here, read and adjudicated by another Python (the same build: ``PYTHONPATH`` kept)."""
    board, _ = load_scenario("classic_1454")
    phase = campaign_phases("classic_1454", 1, 4, 7)[-1]
    sent = pickle.dumps((board, phase.state, phase.orders, phase.seed))
    done = subprocess.run([sys.executable, "-c", _READER], input=sent, capture_output=True,
                          check=True, timeout=120)
    native, module, after, report = json.loads(done.stdout)
    here = adjudicate(board, phase.state, phase.orders, phase.seed)
    assert native == NATIVE and module == "machiavelli.core.state"
    assert after == here.after.to_json() and report == here.report


def test_the_build_is_the_one_named() -> None:
    """Compiled (``PYTHONPATH=build/compiled``), the position's module is an extension;
    interpreted, its source.  The tests above ran on that build."""
    suffix = Path(state_module.__file__ or "").suffix
    assert suffix == (".so" if NATIVE else ".py")
