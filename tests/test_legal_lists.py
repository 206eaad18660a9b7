"""The legal lists made from the board index are the one-order check's lists, exactly.

:mod:`machiavelli.movement.legal_lists` makes each power's lists without the one-order
check; :mod:`machiavelli.movement.legal_checked` makes them the old way, every candidate
through :func:`~machiavelli.movement.legality.check_order`: the oracle.  Over random
positions of every scenario (random play from its start, with random option flags,
the money ones included), every power's lists are the same: the same keys in the same
order, the same orders in the same order (bots choose by index with seeded generators).
Every order of the money menu passes the check too.

``MACHIAVELLI_LEGAL_EXAMPLES`` sets hypothesis' example count (each example plays one
game up to ``PHASES`` phases and compares every phase's position); the default is small,
for development; the full run (about 10,000 positions) is in docs/speed.md.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import random_course

from machiavelli.bots.menu import legal_orders as menu_orders
from machiavelli.core.board import Board
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.options import BAR_DEFAULTS, BAR_NAMES
from machiavelli.core.orders import Move, Order, UnitRef
from machiavelli.core.results import AdjudicationError
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import available_scenarios, load_scenario
from machiavelli.movement import legal_checked, legal_lists
from machiavelli.movement.legality import check_order

EXAMPLES = int(os.environ.get("MACHIAVELLI_LEGAL_EXAMPLES", "12"))
PHASES = 24
#: the flags flipped at random (the rules the lists read, and money's)
FLAGS = ("mach2", "garrisons", "special", "fortresses", "coastal_convoys", "disband",
         "money", "loans", "assassinations", "famine", "dice", *BAR_NAMES)
#: positions compared by this process's runs (the full run reports it)
COMPARED: list[int] = [0]
#: games the engine stopped (an adjudication it could not apply: not this test's subject,
#: the lists of every position before it were compared; the full run reports them)
STOPPED: list[str] = []


@pytest.fixture(scope="module", autouse=True)
def count_positions() -> Iterator[None]:
    """Says how many positions were compared (seen with ``pytest -s``)."""
    yield
    print(f"\n{COMPARED[0]} positions compared, every power's lists in each")
    for why in STOPPED:
        print(f"game stopped by the engine: {why}")


def same_lists(board: Board, state: State) -> None:
    for power in state.powers:
        new = legal_lists.legal_orders(board, state, power)
        old = legal_checked.legal_orders(board, state, power)
        assert list(new) == list(old), (state.label, power, "keys")
        for key, orders in old.items():
            assert new[key] == orders, (state.label, power, key, _diff(new[key], orders))
        for order in menu_orders(board, state, power).money:
            assert check_order(board, state, power, order) is None, (state.label, power, order)
    COMPARED[0] += 1


def _diff(new: list[Order], old: list[Order]) -> tuple[list[Order], list[Order]]:
    return [o for o in new if o not in old], [o for o in old if o not in new]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    scenario=st.sampled_from(available_scenarios()),
    flags=st.dictionaries(st.sampled_from(FLAGS), st.booleans()),
    seed=st.integers(0, 2**32),
)
def test_lists_from_the_board_index_are_the_checked_lists(
        scenario: str, flags: dict[str, bool], seed: int) -> None:
    board, state = load_scenario(scenario)
    state.options.update(flags)
    board = board_in_play(board, state.options)  # (the High Seas, BAR-14.3)
    position = state
    try:
        for position in random_course(board, state, scenario, seed, PHASES, "legal"):
            same_lists(board, position)
    except AdjudicationError as err:
        STOPPED.append(f"{scenario} {flags} seed {seed}, {position.label}: {err}")


def test_every_power_of_every_scenario_at_its_start() -> None:
    for scenario in available_scenarios():
        board, state = load_scenario(scenario)
        same_lists(board, state)
        for flag in ("mach2", "garrisons", "coastal_convoys", "special"):
            flipped = state.copy()
            flipped.options[flag] = not flipped.option(flag)
            same_lists(board, flipped)


def test_plans_are_kept_for_equal_units_only() -> None:
    """Every power's lists of one phase share the position's plans; a position with other
    units, or the same units under other rules, gets its own."""
    board, state = load_scenario("classic_1454")
    rules = legal_lists.rules_of(state.options)
    first = legal_lists.plans(board, state, rules)
    assert legal_lists.plans(board, state.copy(), rules) is first
    moved = state.copy()
    moved.units = moved.units[1:]
    assert legal_lists.plans(board, moved, rules) is not first
    same_lists(board, moved)
    same_lists(board, state)


def test_a_unit_off_the_board_fares_as_in_the_checked_lists() -> None:
    """A fleet where the board has no fleet location: the new lists give up to the
    checked ones, which fail on it as they always did."""
    board, state = load_scenario("classic_1454")
    odd = state.copy()
    odd.units = [*odd.units[:-1], type(odd.units[-1])("F", odd.powers[0], "nowhere")]
    for lists in (legal_lists, legal_checked):
        with pytest.raises(KeyError):
            lists.legal_orders(board, odd, odd.powers[0])


def test_bar_14_1_no_army_is_offered_or_passed_into_venice() -> None:
    """Under ``bar`` no army advances into Venice (BAR-14.1), not even by the lagoon's
    fleet: the lists leave the move out and the one-order check refuses it, as under
    ``mach2`` (M7); under 001's rules the convoy is listed and passes."""
    board, state = load_scenario("classic_1454")
    state.units = [Unit("A", "Venice", "trv"), Unit("F", "Venice", "lag")]
    into = Move(UnitRef("A", "trv"), "ven")
    assert check_order(board, state, "Venice", into) is None
    assert into in legal_lists.legal_orders(board, state, "Venice")[("unit", "trv", "AF")]
    for flag in ("bar", "mach2"):
        closed = state.copy()
        closed.options[flag] = True
        assert check_order(board, closed, "Venice", into) is not None, flag
        assert into not in legal_lists.legal_orders(board, closed, "Venice")[
            ("unit", "trv", "AF")], flag
        same_lists(board, closed)


def test_bar_1_4_each_fleet_on_the_high_seas_has_the_checked_list() -> None:
    """Ruling A-25, BAR-14.3: two of Turkey's fleets on the High Seas, under ``bar`` (with
    supports of an area) and without: the second's list names it ``F hs/2``, after every
    other list, and is the checked one, order for order."""
    for options in (dict(BAR_DEFAULTS, high_seas=True), {"high_seas": True, "money": True}):
        board, state = load_scenario("classic_1454")
        state.options.update(options)
        board = board_in_play(board, state.options)
        state.units = [*state.units, Unit("F", "Turkey", "hs"), Unit("F", "Turkey", "hs")]
        same_lists(board, state)
        lists = legal_lists.legal_orders(board, state, "Turkey")
        assert list(lists)[-1] == ("unit", "hs", "AF", "2")
        first, second = lists[("unit", "hs", "AF")], lists[("unit", "hs", "AF", "2")]
        assert len(first) == len(set(first)) == len(second) > 10
