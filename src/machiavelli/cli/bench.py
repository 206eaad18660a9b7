"""``machiavelli bench``: how fast the judge is on the paths users take.

Every figure is the time from what a user has to what they want, measured over
the same movement phases, each measurement repeated (``--rounds``) and shown as
its median with the smallest and largest round:

- ``in-process``: :func:`machiavelli.adjudicate`, the structured API, on order
  objects parsed beforehand (position and orders in, the next position out);
- ``parse+adjudicate``: the orders' text parsed (:func:`machiavelli.parse_orders`),
  then adjudicated;
- ``adjudicate command``: ``machiavelli adjudicate FILE`` run as a process on the
  phases written as a case file (again and again up to 3000 cases), per phase
  (start-up included, with Python's bytecode cache written as an installed package
  has it: one untimed run first may write it, even under ``PYTHONDONTWRITEBYTECODE``);
- ``diplomacy process()``: the `diplomacy` package's ``Game.process()`` on the
  same positions and orders, when the package is installed (``make bench``
  installs it); every other figure is also given as a ratio to it;
- ``scaling``: microseconds per unit in-process on a board of several copies
  of the standard map, with 50 units and with 400;
- ``classic 1454 campaign``: :func:`machiavelli.adjudicate` on every phase of
  random games of the classic 1454 scenario (money steps, movement, retreats,
  adjustments).

Times are processor time (of this process, or of the command's process), which other
work on a shared machine disturbs less than the wall clock; on an idle machine the two
agree.  The phases are read from a case file (``--cases``: its Standard movement cases,
DATC format) or generated from a seed (random positions of 14 to 38 units on the
standard map, random legal orders); ``--save`` writes the generated phases as a
case file.  Generation and set-up are never timed.
"""

from __future__ import annotations

import gc
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from machiavelli.cases.phase_cases import movement_case, read_movement_phases
from machiavelli.cli.bench_phases import (
    CampaignPhase,
    Phase,
    Reference,
    campaign_phases,
    random_phases,
    tiled_phases,
)
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario
from machiavelli.movement import resolver
from machiavelli.text.notation import parse_orders

Echo = Callable[[str], None]
#: the phases ``machiavelli adjudicate`` runs per measurement (its start-up shared by them)
COMMAND_CASES = 3000


@dataclass
class Figure:
    """One measurement: seconds per phase (or per unit) in each round."""

    name: str
    rounds: list[float]
    unit: str = "us/phase"

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    def line(self, reference: Figure | None = None) -> str:
        us = [r * 1e6 for r in self.rounds]
        digits = 0 if self.median * 1e6 >= 100 else 1
        text = (f"{self.name}: {statistics.median(us):.{digits}f} {self.unit} "
                f"(min {min(us):.{digits}f}, max {max(us):.{digits}f})")
        if reference is not None:
            text += f"  {reference.median / self.median:.1f}x diplomacy"
        return text


def _clock() -> float:
    """Seconds of processor time this process has used: on a machine shared with other
    work, a figure less disturbed by it than the wall clock (the same for every figure)."""
    return time.process_time()


def build_kind() -> str:
    """Whether the engine runs compiled (mypyc) or interpreted."""
    compiled = not resolver.__file__.endswith(".py") if resolver.__file__ else False
    return "compiled (mypyc)" if compiled else "interpreted"


def _timed(run: Callable[[], int], rounds: int) -> list[float]:
    """Seconds per item of ``run`` (which returns how many items it did), per round."""
    out = []
    for _ in range(rounds):
        gc.collect()
        start = _clock()
        count = run()
        out.append((_clock() - start) / max(count, 1))
    return out


def in_process(phases: Sequence[Phase]) -> int:
    for p in phases:
        adjudicate(p.board, p.state, p.orders)
    return len(phases)


def parse_and_adjudicate(phases: Sequence[Phase]) -> int:
    for p in phases:
        orders = {power: parse_orders(text, p.board, p.state, power).orders
                  for power, text in p.texts.items()}
        adjudicate(p.board, p.state, orders)
    return len(phases)


def campaign(board_phases: Sequence[CampaignPhase]) -> int:
    board, _ = load_scenario("classic_1454")
    for p in board_phases:
        adjudicate(board, p.state, p.orders, p.seed)
    return len(board_phases)


def write_cases(phases: Sequence[Phase], path: Path, at_least: int = 0) -> int:
    """The phases as a case file, each with the position after it as POSTSTATE, written
    again (renamed) until the file holds ``at_least`` cases; returns how many it holds."""
    written = 0
    with path.open("w", encoding="utf-8") as out:
        texts = [movement_case(p.name, p.state, p.orders,
                               adjudicate(p.board, p.state, p.orders).after) for p in phases]
        rounds = max(1, -(-at_least // max(len(phases), 1)))
        for n in range(rounds):
            for text in texts:
                out.write((text if n == 0 else text.replace("\n", f", copy {n + 1}\n", 1)) + "\n")
                written += 1
    return written


def command(path: Path, count: int, rounds: int) -> list[float]:
    """Seconds per phase of ``machiavelli adjudicate FILE`` run as a process (after one
    untimed run that may write Python's bytecode cache)."""
    run = [sys.executable, "-m", "machiavelli.cli.main", "adjudicate", str(path)]
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(run, check=True, stdout=subprocess.DEVNULL, env=cached)
    out = []
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(run, check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        out.append(spent / count)
    return out


def diplomacy_rounds(phases: Sequence[Phase], rounds: int, echo: Echo) -> list[float]:
    """Seconds per ``Game.process()`` of the `diplomacy` package on the same phases."""
    reference = Reference()
    out = []
    given = sum(len(seq) for p in phases for seq in p.orders.values())
    for n in range(rounds):
        games = []
        taken = 0
        for p in phases:
            game, count = reference.game(p.state, p.orders)
            games.append(game)
            taken += count
        if n == 0 and taken != given:
            echo(f"(diplomacy took {taken} of the {given} orders; it refuses the others)")
        gc.collect()
        total = 0.0
        for game in games:
            start = _clock()
            game.process()
            total += _clock() - start
        out.append(total / len(games))
    return out


def run_bench(
    echo: Echo,
    *,
    cases: Path | None = None,
    phases: int = 300,
    seed: int = 1,
    rounds: int = 5,
    save: Path | None = None,
    quick: bool = False,
) -> dict[str, Figure]:
    """Measure and print every figure (module doc); returns them by name."""
    board, start = load_scenario("standard_1901")
    if cases is not None:
        read, skipped = read_movement_phases(cases)
        batch = [Phase(m.name, m.board, m.state,
                       {power: parse_orders(text, m.board, m.state, power).orders
                        for power, text in m.texts.items()}, m.texts) for m in read]
        where = f"{len(batch)} Standard movement phases of {cases}"
        if skipped:
            where += f" ({len(skipped)} other cases left out)"
    else:
        batch = random_phases(board, start, phases, seed)
        where = f"{len(batch)} random standard-map movement phases (seed {seed})"
    if not batch:
        echo("no Standard movement phase to measure")
        return {}
    units = sum(len(p.state.units) for p in batch) / len(batch)
    echo(f"machiavelli bench, {build_kind()}: {where}, {units:.1f} units on average, "
         f"{rounds} rounds (median, min, max)")
    figures: dict[str, Figure] = {}
    figures["in-process"] = Figure("in-process", _timed(lambda: in_process(batch), rounds))
    figures["parse+adjudicate"] = Figure(
        "parse+adjudicate", _timed(lambda: parse_and_adjudicate(batch), rounds))
    if save is not None:
        write_cases(batch, save)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "phases.txt"
        cases_run = write_cases(batch, path, len(batch) if quick else COMMAND_CASES)
        figures["adjudicate command"] = Figure(
            f"adjudicate command ({cases_run} phases a run)", command(path, cases_run, rounds))
    reference = None
    if Reference.available():
        reference = Figure("diplomacy process()", diplomacy_rounds(batch, rounds, echo))
        figures["diplomacy process()"] = reference
    for name in ("in-process", "parse+adjudicate", "adjudicate command"):
        echo(figures[name].line(reference))
    if reference is not None:
        echo(reference.line())
    else:
        echo("(the `diplomacy` package is not installed: `make bench` installs it to compare)")

    count = 4 if quick else 40
    per_unit = {}
    for used in (1, 8):
        tiled = tiled_phases(board, start, 8, used, 50, count, seed)
        mean = sum(len(p.state.units) for p in tiled) / len(tiled)
        name = f"{round(mean)} units"
        seconds = _timed(partial(in_process, tiled), rounds)
        per_unit[used] = Figure(name, [s / mean for s in seconds], "us/unit")
        figures[name] = per_unit[used]
    small, large = per_unit[1], per_unit[8]
    echo(f"scaling: {small.line()}; {large.line()}; "
         f"{large.median / small.median:.2f}x per unit at 400")

    played = campaign_phases("classic_1454", 1 if quick else 4, 8 if quick else 30, seed)
    figures["classic 1454 campaign"] = Figure(
        "classic 1454 campaign", _timed(lambda: campaign(played), rounds))
    moves = [p for p in played if p.state.phase == "movement"]
    figures["classic 1454 movement"] = Figure(
        "classic 1454 movement phases", _timed(lambda: campaign(moves), rounds))
    echo(f"{figures['classic 1454 campaign'].line()}, {len(played)} phases; "
         f"{figures['classic 1454 movement'].line()}")
    return figures
