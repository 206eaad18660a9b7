"""``machiavelli bench``: how fast movement phases are adjudicated.

Random legal movement phases (every unit of every power given a random legal
order) are generated first, untimed; then only the adjudication is timed.
Speed is reported as phases per second, and as a ratio against a reference
measured in the same run (timings on a shared machine vary; ratios less so):
the `diplomacy` package's ``Game.process()`` when it is installed, else a fixed
pure-Python workload.  A second table shows how the time per phase grows with
the number of units on random positions.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.moves import resolve_movement
from machiavelli.movement.random_moves import uniform_orders

Phase = tuple[State, dict[str, list[Order]]]


def random_position(board: Board, template: State, units: int, rng: random.Random) -> State:
    """A movement-phase position with ``units`` armies, fleets and garrisons placed at random."""
    powers = template.powers
    garrisons = template.option("garrisons", default=not template.option("diplomacy"))
    placed: list[Unit] = []
    free = sorted(board.provinces)
    rng.shuffle(free)
    for prov_id in free:
        if len(placed) >= units:
            break
        prov = board.provinces[prov_id]
        if getattr(prov, "impassable", False) or (
            not prov.sea and not board.army_adj.get(prov_id) and not board.is_coastal(prov_id)
        ):
            continue
        owner = rng.choice(powers)
        if prov.sea:
            placed.append(Unit("F", owner, prov_id))
            continue
        locations = board.fleet_locations(prov_id)
        if locations and rng.random() < 0.3:
            coast = locations[0].split("/", 1)[1] if "/" in locations[0] else None
            placed.append(Unit("F", owner, prov_id, coast))
        elif board.army_adj.get(prov_id):
            placed.append(Unit("A", owner, prov_id))
        if garrisons and prov.garrisonable and len(placed) < units and rng.random() < 0.3:
            placed.append(Unit("G", owner, prov_id))
    state = template.copy()
    state.units = placed
    state.phase = "movement"
    state.season = "spring"
    return state


def make_phases(board: Board, states: Sequence[State], seed: int) -> list[Phase]:
    rng = random.Random(seed)
    return [(s, uniform_orders(board, s, rng)) for s in states]


def time_phases(board: Board, phases: Sequence[Phase], min_seconds: float = 0.5) -> float:
    """Seconds per phase (best of three rounds, each at least ``min_seconds`` long)."""
    best = math.inf
    for _ in range(3):
        count = 0
        start = time.perf_counter()
        while True:
            for state, orders in phases:
                resolve_movement(board, state, orders)
            count += len(phases)
            elapsed = time.perf_counter() - start
            if elapsed >= min_seconds:
                break
        best = min(best, elapsed / count)
    return best


def _pure_python_reference() -> float:
    """Seconds for a fixed pure-Python workload (dict and list churn, like adjudication)."""
    def work() -> int:
        total = 0
        d: dict[int, list[int]] = {}
        for i in range(2000):
            d.setdefault(i % 97, []).append(i)
        for v in d.values():
            total += sum(v) % 7
        return total

    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(50):
            work()
        best = min(best, (time.perf_counter() - start) / 50)
    return best


def _diplomacy_reference(phases: int, seed: int) -> float | None:
    """Seconds per ``Game.process()`` of the `diplomacy` package, if it is installed."""
    try:
        game_class = importlib.import_module("diplomacy").Game
    except ImportError:
        return None
    rng = random.Random(seed)
    total = 0.0
    for _ in range(phases):
        game = game_class()
        possible = game.get_all_possible_orders()
        for power_name in game.powers:
            game.set_orders(
                power_name,
                [rng.choice(possible[loc]) for loc in game.get_orderable_locations(power_name)
                 if possible[loc]],
            )
        start = time.perf_counter()
        game.process()
        total += time.perf_counter() - start
    return total / phases


@dataclass
class BenchResult:
    name: str
    units: float
    seconds: float

    @property
    def per_second(self) -> float:
        return 1.0 / self.seconds


def run_bench(
    echo: Callable[[str], None], phases: int = 50, seed: int = 1, quick: bool = False
) -> list[BenchResult]:
    """Run the benchmark, printing through ``echo``; returns the start-position results."""
    min_seconds = 0.1 if quick else 0.5
    results: list[BenchResult] = []
    echo("Random legal movement phases, adjudication only (generation untimed)")
    echo(f"{'map':<22}{'units':>7}{'phases/s':>12}{'us/phase':>11}")
    for scenario in ("standard_1901", "classic_1454"):
        board, start = load_scenario(scenario)
        batch = make_phases(board, [start] * phases, seed)
        secs = time_phases(board, batch, min_seconds)
        res = BenchResult(scenario, len(start.units), secs)
        results.append(res)
        echo(f"{scenario:<22}{res.units:>7.0f}{res.per_second:>12.0f}{secs * 1e6:>11.0f}")

    reference = _diplomacy_reference(20 if quick else 100, seed)
    if reference is not None:
        echo(f"\nReference, the `diplomacy` package's Game.process() on the standard start: "
             f"{1 / reference:.0f} phases/s")
        echo(f"Ratio, machiavelli-judge / diplomacy on the standard map: "
             f"{reference / results[0].seconds:.1f}x")
    else:
        ref = _pure_python_reference()
        echo("\n(`diplomacy` package not installed; `pip install diplomacy` to compare with it)")
        echo(f"Reference workload: {ref * 1e6:.0f} us; standard phase = "
             f"{results[0].seconds / ref:.2f} reference units, classic phase = "
             f"{results[1].seconds / ref:.2f}")

    echo("\nGrowth with the number of units (random positions)")
    echo(f"{'map':<12}{'units':>7}{'us/phase':>11}{'us/unit':>10}")
    for scenario, sizes in (("standard_1901", (8, 16, 32, 48)),
                            ("classic_1454", (10, 20, 40, 80))):
        board, template = load_scenario(scenario)
        rng = random.Random(seed)
        points: list[tuple[float, float]] = []
        for n in sizes:
            states = [random_position(board, template, n, rng) for _ in range(phases // 2 or 1)]
            batch = make_phases(board, states, seed)
            secs = time_phases(board, batch, min_seconds)
            mean_units = sum(len(s.units) for s, _ in batch) / len(batch)
            points.append((mean_units, secs))
            name = scenario.split("_")[0]
            echo(f"{name:<12}{mean_units:>7.1f}{secs * 1e6:>11.0f}{secs * 1e6 / mean_units:>10.1f}")
        exponent = _growth_exponent(points)
        echo(f"{'':<12}time grows as units^{exponent:.2f} (1.00 = linear)")
    return results


def _growth_exponent(points: Sequence[tuple[float, float]]) -> float:
    """Least-squares slope of log(time) against log(units)."""
    xs = [math.log(u) for u, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    num = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    den = sum((x - mx) ** 2 for x in xs) or 1.0
    return num / den
