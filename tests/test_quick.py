"""The fast paths of a movement phase give what the general rules give.

- :mod:`machiavelli.movement.quick` recognises the usual orders and makes their
  pieces at once (``take_orders``); without it every order is checked in full and made
  a piece by the general rules (``set_piece``).  Both must adjudicate every phase alike: the
  case files, random positions with random legal orders, the same orders given by
  the wrong powers or twice, and the phases of random Classic 1454 games (money,
  garrisons, sieges, rebellions).
- :func:`can_retreat` stops at the first retreat it finds.
- :meth:`Chains.links` answers from the fleets' groups; :meth:`Chains.links_by_search`
  searches from the army's province every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

import pytest

from machiavelli.cases.files import read_cases
from machiavelli.cases.runner import run_case
from machiavelli.cli.bench_phases import campaign_phases, random_phases
from machiavelli.core.board import Board
from machiavelli.core.board_index import board_index
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import Convert, Order, UnitRef
from machiavelli.core.rules import rules_of
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario
from machiavelli.movement import moves
from machiavelli.movement.fleet_chains import FleetChains
from machiavelli.movement.geography import Chains
from machiavelli.movement.pieces import Pieces, Powers
from machiavelli.movement.retreats import _some_retreat, retreat_destinations

CASES = Path(__file__).resolve().parent.parent / "cases"
FILES = sorted(CASES.rglob("*.txt"))
Orders = dict[str, list[Order]]


def _general_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def none_usual(*args: Any) -> bool:  # every order handed to the general rules
        by_power, other = args[5:7]
        for power, seq in by_power:
            for order in seq:
                other(power, order)
        return False  # (no conversion taken)

    monkeypatch.setattr(moves, "take_orders", none_usual)


def _both_ways(monkeypatch: pytest.MonkeyPatch, run: Callable[[], Any]) -> tuple[Any, Any]:
    fast = run()
    with monkeypatch.context() as m:
        _general_only(m)
        general = run()
    return fast, general


def _seen(board: Board, state: State, orders: Orders) -> tuple[object, ...]:
    done = adjudicate(board, state, orders, "quick")
    return (done.after.to_dict(),
            [(r.power, r.order, r.outcome, r.note, r.private) for r in done.results],
            done.report)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_case_files_adjudicate_alike_with_and_without_the_usual_orders_fast_path(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = read_cases(path)

    def run() -> list[tuple[object, ...]]:
        found = []
        for case in cases:
            done = run_case(case)
            found.append((case.name, done.error,
                           None if done.state is None else done.state.to_dict(),
                           [(r.power, r.order, r.outcome, r.note) for r in done.results]))
        return found

    fast, general = _both_ways(monkeypatch, run)
    assert fast == general


def _wrong_powers(orders: Orders, powers: list[str], rng: random.Random) -> Orders:
    """The same orders, each given by a power drawn at random, some of them twice."""
    out: Orders = {p: [] for p in powers}
    for seq in orders.values():
        for order in seq:
            out[rng.choice(powers)].append(order)
            if rng.random() < 0.1:
                out[rng.choice(powers)].append(order)
    return out


def _random_phases() -> Iterator[tuple[Board, State, Orders]]:
    board, start = load_scenario("standard_1901")
    rng = random.Random(9)
    for p in random_phases(board, start, 120, 9):
        yield p.board, p.state, p.orders
        yield p.board, p.state, _wrong_powers(p.orders, p.state.powers, rng)


def test_random_phases_adjudicate_alike_with_and_without_the_usual_orders_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    phases = list(_random_phases())
    fast, general = _both_ways(monkeypatch, lambda: [_seen(*p) for p in phases])
    for a, b in zip(fast, general, strict=True):
        assert a == b


def test_classic_campaigns_adjudicate_alike_with_and_without_the_usual_orders_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board, _ = load_scenario("classic_1454")
    rng = random.Random(5)
    phases: list[tuple[Board, State, Orders]] = []
    for p in campaign_phases("classic_1454", 2, 24, 5):
        phases.append((board, p.state, dict(p.orders)))
        if p.state.phase == "movement":
            phases.append((board, p.state, _wrong_powers(dict(p.orders), p.state.powers, rng)))
    fast, general = _both_ways(monkeypatch, lambda: [_seen(*p) for p in phases])
    for a, b in zip(fast, general, strict=True):
        assert a == b


def _unknown_names(orders: Orders, rng: random.Random) -> Orders:
    """The same orders with some name in some of them one the board does not know: the
    unit's province, a move's or a support's destination, the supported unit's province
    (what a bot's order objects may carry; the text parser never makes them)."""
    out: Orders = {}
    for power, seq in orders.items():
        out[power] = []
        for order in seq:
            if rng.random() < 0.3:
                fields = [f for f in ("unit", "dest", "target") if hasattr(order, f)]
                field = rng.choice(fields)
                if field == "dest":
                    order = replace(order, dest="atlantis")  # type: ignore[type-var]
                else:
                    ref = getattr(order, field)
                    order = replace(order, **{field: replace(ref, province="atlantis")})
            out[power].append(order)
    return out


def test_orders_naming_places_the_board_does_not_know_adjudicate_alike_both_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board, start = load_scenario("standard_1901")
    rng = random.Random(11)
    phases = [(p.board, p.state, _unknown_names(p.orders, rng))
              for p in random_phases(board, start, 60, 11)]
    fast, general = _both_ways(monkeypatch, lambda: [_seen(*p) for p in phases])
    for a, b in zip(fast, general, strict=True):
        assert a == b
    assert any(r[2] == "void" for a in fast for r in a[1])  # (the unknown names were met)


@pytest.mark.parametrize("coastal", [False, True])
def test_chains_of_fleets_found_from_their_groups_as_by_search(coastal: bool) -> None:
    board, start = load_scenario("standard_1901")
    coasts = sorted(p for p in board.provinces if board.is_coastal(p))
    options = {**start.options, "coastal_convoys": coastal}
    asked = linked = 0
    for p in random_phases(board, start, 40, 4 + coastal):
        chains = Chains(board, p.state.units, rules_of(options))
        for a in coasts:
            for b in coasts:
                if a != b:
                    found = chains.links(a, b)
                    assert found == chains.links_by_search(a, b), (a, b)
                    asked += 1
                    linked += found
    assert 0 < linked < asked


@pytest.mark.parametrize("coastal", [False, True])
def test_fleet_chains_of_the_pieces_link_as_the_search_of_chains(coastal: bool) -> None:
    """:class:`FleetChains` (a mask of locations, by province numbers) answers what
    :meth:`Chains.links_by_search` answers, on the standard and the classic board."""
    standard, start = load_scenario("standard_1901")
    classic, _ = load_scenario("classic_1454")
    positions = [(standard, p.state) for p in random_phases(standard, start, 30, 7 + coastal)]
    positions += [(classic, p.state) for p in campaign_phases("classic_1454", 1, 20, 7)]
    asked = linked = 0
    for board, state in positions:
        ix = board_index(board)
        options = {**state.options, "coastal_convoys": coastal}
        chains = Chains(board, state.units, rules_of(options))
        fleets = FleetChains(Pieces(ix, state.units, Powers(state.powers)), coastal)
        coasts = [ix.number[p] for p in sorted(board.provinces) if board.is_coastal(p)]
        for a in coasts:
            for b in coasts:
                if a != b:
                    found = fleets.links(a, b)
                    assert found == chains.links_by_search(ix.provinces[a], ix.provinces[b])
                    asked += 1
                    linked += found
    assert 0 < linked < asked


def test_some_retreat_is_whether_retreat_destinations_finds_one() -> None:
    """:func:`can_retreat` stops at the first retreat found (``_some_retreat``)."""
    standard, start = load_scenario("standard_1901")
    classic, _ = load_scenario("classic_1454")
    positions = [(standard, adjudicate(p.board, p.state, p.orders).after)
                 for p in random_phases(standard, start, 80, 11)]
    positions += [(classic, adjudicate(classic, p.state, p.orders, "r").after)
                  for p in campaign_phases("classic_1454", 2, 24, 11)]
    seen = {True: 0, False: 0}
    for board, position in positions:
        # and with standoffs left in half the provinces, or in all of them
        half = sorted(board.provinces)[::2]
        for state in (position, position.but(contested=half),
                      position.but(contested=list(board.provinces))):
            where = Occupancy(state.units)
            for d in state.dislodged:
                found = _some_retreat(board, state, d, None, where)
                assert found == bool(retreat_destinations(board, state, d, None, where))
                seen[found] += 1
    assert seen[True] and seen[False]


def _conversion_phases(scenario: str, no_fleets: frozenset[str] = frozenset(),
                       ) -> Iterator[tuple[Board, State, Orders]]:
    """Positions where every unit is ordered to convert (to each kind in turn, with a coast
    or not, by its owner or another power), among fortresses with and without the option,
    rebellions in the province and in the city, besiegers, ports with two coasts, powers
    that may have no fleets, and Venice."""
    board, start = load_scenario(scenario)
    board = replace(board, no_fleets=no_fleets) if no_fleets else board
    rng = random.Random(28)
    cities = [p for p, prov in board.provinces.items() if prov.city is not None]
    two_coasts = [p for p in cities if board.provinces[p].coasts]
    for n in range(40):
        units = list(start.units)
        taken = {(u.province, u.kind == "G") for u in units}
        for prov in two_coasts + rng.sample(cities, 12):  # a garrison, perhaps besieged
            owner = rng.choice(start.powers)
            if (prov, True) not in taken:
                units.append(Unit("G", owner, prov))
                taken.add((prov, True))
            if (prov, False) not in taken and not board.provinces[prov].venice:
                kind: Literal["A", "F"] = "F" if board.fleet_locations(prov) == (prov,) and \
                    rng.random() < 0.4 else "A"
                units.append(Unit(kind, rng.choice(start.powers), prov,
                                  siege=rng.choice((0, 0, 1, 2))))
                taken.add((prov, False))
        rebellions = {
            p: Rebellion(p, rng.choice(start.powers), in_province=not in_city, in_city=in_city)
            for p in rng.sample(cities, 4) for in_city in [rng.random() < 0.5]}
        state = replace(start, units=units, rebellions=rebellions, options={
            **start.options, "fortresses": n % 2 == 0, "garrisons": n % 7 != 0})
        orders: Orders = {}
        for u in units:
            to = rng.choice(("A", "F", "G"))
            coast = rng.choice((None, None, "nc", "sc"))
            power = u.owner if u.owner is not None and rng.random() < 0.9 else rng.choice(
                start.powers)
            orders.setdefault(power, []).append(
                Convert(UnitRef(u.kind, u.province, u.coast), to, coast))
        yield board, state, orders


def test_conversions_adjudicate_alike_with_and_without_the_usual_orders_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The conversions taken at once (``quick._conversion``) against the full check and the
    general rules: legal ones and void ones (CONV-*, SIEGE-6, REB-*, FORT-*, Venice)."""
    phases = [*_conversion_phases("classic_1454"), *_conversion_phases("dipmach_1901"),
              *_conversion_phases("classic_1454", frozenset({"Venice", "Milan", "Naples"}))]
    fast, general = _both_ways(monkeypatch, lambda: [_seen(*p) for p in phases])
    for a, b in zip(fast, general, strict=True):
        assert a == b
