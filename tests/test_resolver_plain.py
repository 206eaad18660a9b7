"""The resolver resolves plainly while it meets no cycle, and gives what the guesses give.

:meth:`Resolver.resolve_all` resolves each decision depth first from those it reads and
starts over with Kruijswijk's guesses at the first cycle;
:meth:`Resolver.resolve_by_guesses` uses the guesses from the start.  Both must come to
the same decisions and the same new position on every movement phase: those of the case
files (the DATC, the Machiavelli and money cases), random standard positions with random
orders (some of them with cycles), and the phases of random Classic 1454 games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from machiavelli.cases.engine import Engine, default_engine
from machiavelli.cases.files import read_cases
from machiavelli.cases.runner import run_case
from machiavelli.cli.bench_phases import campaign_phases, random_phases
from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import Order
from machiavelli.core.results import Adjudication
from machiavelli.core.state import State
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.moves import movement_phase

CASES = Path(__file__).resolve().parent.parent / "cases"
FILES = sorted(CASES.rglob("*.txt"))
Orders = Mapping[str, Sequence[Order]]
Phase = tuple[Board, State, Orders]


def _both(board: Board, state: State, orders: Orders) -> tuple[object, object, bool]:
    """The phase resolved plainly first and by guesses; whether it has a cycle."""
    seen = []
    cyclic = False
    for plain in (True, False):
        phase = movement_phase(board, state, orders)
        resolver = phase.resolver
        if plain:
            resolver.resolve_all()
        else:
            resolver.resolve_by_guesses()
            cyclic = bool(resolver.strait_keys) or _has_cycle(board, state, orders)
        done = phase.outcome()
        seen.append((list(resolver.resolution), done.state.to_dict(),
                     [(r.power, r.order, r.outcome, r.note) for r in done.results],
                     done.events))
    return seen[0], seen[1], cyclic


def _has_cycle(board: Board, state: State, orders: Orders) -> bool:
    """Whether resolving this phase plainly meets a cycle (it then starts over)."""
    phase = movement_phase(board, state, orders)
    resolver = phase.resolver
    resolver.plain = True
    left = resolver._settle_free()
    try:
        for i in left:
            resolver.resolve(i)
    except Exception:  # the resolver's cycle signal
        return True
    return False


def _recorded(engine: Engine, into: list[Phase]) -> Engine:
    """The engine with every movement phase it resolves recorded."""
    campaign, movement = engine.campaign, engine.resolvers["movement"]
    assert campaign is not None

    def record_campaign(board: Board, state: State, orders: Orders, dice: Dice) -> Adjudication:
        into.append((board, state, orders))
        return campaign(board, state, orders, dice)

    def record_movement(board: Board, state: State, orders: Orders) -> Adjudication:
        into.append((board, state, orders))
        return movement(board, state, orders)

    return replace(engine, campaign=record_campaign,
                   resolvers={**engine.resolvers, "movement": record_movement})


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_case_files_resolve_alike_plainly_and_by_guesses(path: Path) -> None:
    phases: list[Phase] = []
    engine = _recorded(default_engine(), phases)
    for case in read_cases(path):
        run_case(case, engine)
    for board, state, orders in phases:
        if state.phase == "movement":
            plain, guessed, _ = _both(board, state, orders)
            assert plain == guessed


def test_random_phases_resolve_alike_plainly_and_by_guesses_cycles_included() -> None:
    board, start = load_scenario("standard_1901")
    cycles = 0
    for p in random_phases(board, start, 400, 1):
        plain, guessed, cyclic = _both(p.board, p.state, p.orders)
        assert plain == guessed, p.name
        cycles += cyclic
    assert cycles >= 2  # the phases with a cycle start over, and come out alike too


def test_classic_campaign_phases_resolve_alike_plainly_and_by_guesses() -> None:
    board, _ = load_scenario("classic_1454")
    moved = 0
    for p in campaign_phases("classic_1454", 3, 30, 2):
        if p.state.phase == "movement":
            plain, guessed, _ = _both(board, p.state, p.orders)
            assert plain == guessed
            moved += 1
    assert moved > 40
