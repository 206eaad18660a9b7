"""Positions of random campaigns, as played and stirred, for the tests of the campaign's
fast paths (tests/test_campaign_fast.py, tests/test_money_fast.py).

:func:`positions`: every phase's position of a few random games of several scenarios,
each also stirred (:func:`stirred`): owners changed over the home countries (a whole
country now and then), famine, rebellions, sieges, autonomous garrisons, a power
eliminated, the home countries recorded in another order or by another power.  What
the fast paths keep between questions is tried on positions asked one after another,
as a game asks them, and on positions nothing like the last.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from functools import cache

from machiavelli.cli.bench_phases import (
    CampaignPhase,
    campaign_phases,
    random_phases,
    tiled_phases,
)
from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.scenario import load_scenario

SCENARIOS = ("classic_1454", "mach2_1454", "communes_1335", "struggle_1499", "dipmach_1901")


@cache
def played(scenario: str, games: int = 2, phases: int = 24, seed: int = 3) -> list[CampaignPhase]:
    """The phases of random games of a scenario (kept: the tests only read them)."""
    return campaign_phases(scenario, games, phases, seed)


def positions(
    scenarios: tuple[str, ...] = SCENARIOS, stir: int = 1, seed: int = 11
) -> list[tuple[Board, State]]:
    """Every phase's position of :func:`played` games, each followed by ``stir`` stirred
    copies."""
    rng = random.Random(seed)
    found: list[tuple[Board, State]] = []
    for scenario in scenarios:
        board, _ = load_scenario(scenario)
        for p in played(scenario):
            found.append((board, p.state))
            found += [(board, stirred(board, p.state, rng)) for _ in range(stir)]
    return found


def stirred(board: Board, state: State, rng: random.Random) -> State:
    """A copy of the position with owners, famine, rebellions, sieges and homes changed."""
    new = state.copy()
    powers = list(new.powers) or sorted(set(new.province_owner.values()))
    if not powers:
        return new
    homes = sorted({p for v in new.home_countries.values() for p in v} or set(board.provinces))
    land = [p for p in homes if p in board.provinces and not board.provinces[p].sea]
    for p in land:
        roll = rng.random()
        if roll < 0.15:
            new.province_owner[p] = rng.choice(powers)
        elif roll < 0.2:
            new.province_owner.pop(p, None)
        if board.provinces[p].city is not None:
            roll = rng.random()
            if roll < 0.15:
                new.city_owner[p] = rng.choice(powers)
            elif roll < 0.2:
                new.city_owner.pop(p, None)
    if new.home_countries and rng.random() < 0.5:  # a whole country to one power
        country = rng.choice(sorted(new.home_countries))
        taker = rng.choice(powers)
        for p in new.home_countries[country]:
            new.province_owner[p] = taker
            if p in board.provinces and board.provinces[p].city is not None:
                new.city_owner[p] = taker
    new.famine = [p for p in land if rng.random() < 0.08]
    for p in land:
        if p in new.province_owner and rng.random() < 0.1:
            new.rebellions[p] = Rebellion(p, new.province_owner[p], rng.random() < 0.7,
                                          rng.random() < 0.5)
    units: list[Unit] = []
    for u in new.units:
        if u.kind != "G" and rng.random() < 0.2:
            u = Unit(u.kind, u.owner, u.province, u.coast, u.special, 1)
        elif u.kind == "G" and rng.random() < 0.15:
            u = Unit("G", None, u.province, None, u.special)
        units.append(u)
    new.units = units
    if rng.random() < 0.2:
        new.eliminated = [*new.eliminated, rng.choice(powers)]
    if new.home and rng.random() < 0.3:  # recorded in another order
        order = list(new.home)
        rng.shuffle(order)
        new.home = {p: new.home[p] for p in order}
    if new.home and rng.random() < 0.2:  # one country recorded for another power too
        giver, getter = rng.choice(sorted(new.home)), rng.choice(powers)
        new.home[getter] = tuple(sorted({*new.home.get(getter, ()), *new.home[giver]}))
    return new


def movement_phases(
    random_count: int, tiles: tuple[int, int, int, int], seed: int
) -> Iterator[tuple[Board, State, Mapping[str, Sequence[Order]]]]:
    """Movement phases with their orders: ``random_count`` random standard positions, tiled
    boards (``tiles``: copies, copies used, units on each, positions) and every movement
    phase of :func:`played`-like Classic 1454 games (2 games of 30 phases), all from ``seed``."""
    standard, start = load_scenario("standard_1901")
    for p in random_phases(standard, start, random_count, seed):
        yield p.board, p.state, p.orders
    for p in tiled_phases(standard, start, *tiles, seed):
        yield p.board, p.state, p.orders
    classic, _ = load_scenario("classic_1454")
    for c in campaign_phases("classic_1454", 2, 30, seed):
        if c.state.phase == "movement":
            yield classic, c.state, c.orders
