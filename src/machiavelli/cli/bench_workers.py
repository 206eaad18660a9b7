"""``machiavelli bench --workers K``: self-play on K workers against one, by the clock.

Each round runs ``machiavelli selfplay`` as a process, as a user runs it (its progress
bar, its JSON lines, its summary), on the same seeded games (greedy against random on
classic 1454, ten years at most): once with one worker, then with K worker processes
(``--workers K``), then as K separate one-worker commands at once, each with its
share of the games (the most K processes can give on this machine: what two workers
fall short of it, something of ours serializes; what it falls short of K times one
worker's, the machine does), then on a local Ray instance of K CPUs (``--ray local``,
with ``--ray``).  For each run it takes the wall clock and the processor time of the
command with every process it waited for (``getrusage(RUSAGE_CHILDREN)``: the worker
processes included; a Ray instance's own processes are not all waited for, so its
processor time is a floor) and counts the phases in the JSON lines.

What it prints, per backend: the phases per second of the wall clock (the ratio to one
worker's, round by round), and the processor time per phase (the ratio to one
worker's: more than 1 means the workers cost more than one process playing alone).
The wall-clock ratio means something only on a machine whose other cores are idle:
each round also prints the load average (``os.getloadavg``).  Start-up (about half a
second a process: the judge's import, Ray's start) is inside every figure, as the user
pays it; more games (``--games``) make it a smaller share.  Ray's figure comes twice: as
the command runs (Ray started and stopped every run), and once started (the seconds the
command says Ray's own start and stop took, left out: what a trainer's long run, which
starts Ray once, gets from it).
"""

from __future__ import annotations

import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from machiavelli.cli.selfplay import RAY_OWN

Echo = Callable[[str], None]


@dataclass
class Run:
    """One ``machiavelli selfplay`` run: its phases, wall clock and processor time."""

    phases: int
    wall: float
    cpu: float
    own: float = 0.0  # of the wall clock, Ray's own start and stop (as the command says)

    @property
    def per_wall_second(self) -> float:
        return self.phases / self.wall

    @property
    def cpu_per_phase(self) -> float:
        return self.cpu / self.phases


@dataclass
class Backend:
    """The runs of one way of playing (one worker, K processes, Ray), round by round."""

    name: str
    args: list[str]
    runs: list[Run] = field(default_factory=list)
    apart: int = 1  # separate commands at once, one worker each


def selfplay_line(games: int, out: Path, failures: Path, args: list[str]) -> list[str]:
    """The command line, started as the installed ``machiavelli`` script starts."""
    return [sys.executable, "-m", "machiavelli.cli.start", "selfplay", "--games", str(games),
            "--scenario", "classic_1454", "--bots", "greedy,random", "--seed", "bench",
            "--years", "10", "--out", str(out), "--failures", str(failures), *args]


def run_once(games: int, folder: Path, args: list[str], apart: int = 1) -> Run:
    """One run of the command (``apart`` > 1: that many commands at once, one worker
    each, sharing the games out): the phases of the JSON lines, the wall and processor
    time of them all."""
    outs = [folder / f"games-{i}.jsonl" for i in range(apart)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    running = [subprocess.Popen(
        selfplay_line(games // apart, out, folder / "failures", args),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=folder, text=True)
        for out in outs]
    said = [process.communicate()[0] for process in running]
    wall = time.perf_counter() - start
    for process in running:
        if process.returncode:
            raise subprocess.CalledProcessError(process.returncode, process.args)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    phases = sum(json.loads(line)["phases"] for out in outs
                 for line in out.read_text().splitlines())
    return Run(phases, wall, cpu, sum(ray_own(text) for text in said))


def ray_own(said: str) -> float:
    """The seconds a selfplay command says Ray's own start and stop took (0: no Ray)."""
    found = re.search(re.escape(RAY_OWN) + r" ([0-9.]+) s to start, ([0-9.]+) s to stop", said)
    return float(found[1]) + float(found[2]) if found else 0.0


def once_started(backend: Backend) -> Backend:
    """Ray's runs with its own start and stop left out of the wall clock."""
    own = [r.own for r in backend.runs]
    return Backend(f"{backend.name}, once started (Ray's own start and stop left out, "
                   f"{statistics.median(own):.1f} s a run)", backend.args,
                   [Run(r.phases, r.wall - r.own, r.cpu) for r in backend.runs])


def backends(workers: int, ray: bool) -> list[Backend]:
    found = [Backend("1 worker", ["--workers", "1"]),
             Backend(f"{workers} workers", ["--workers", str(workers)]),
             Backend(f"{workers} separate commands at once", ["--workers", "1"],
                     apart=workers)]
    if ray:
        found.append(Backend(f"Ray, {workers} CPUs", ["--workers", str(workers),
                                                      "--ray", "local"]))
    return found


def ratio_line(backend: Backend, one: Backend) -> str:
    """A backend's figures, and its ratios to one worker's round by round."""
    rates = [r.per_wall_second for r in backend.runs]
    cpu = [r.cpu_per_phase * 1e3 for r in backend.runs]
    text = (f"{backend.name}: {statistics.median(rates):.0f} phases a wall-second "
            f"(min {min(rates):.0f}, max {max(rates):.0f}); "
            f"{statistics.median(cpu):.2f} ms of processor time a phase "
            f"(min {min(cpu):.2f}, max {max(cpu):.2f})")
    if backend is not one:
        wall = [r.per_wall_second / o.per_wall_second
                for r, o in zip(backend.runs, one.runs, strict=True)]
        spent = [r.cpu_per_phase / o.cpu_per_phase
                 for r, o in zip(backend.runs, one.runs, strict=True)]
        text += (f"  {statistics.median(wall):.2f}x one worker's phases a wall-second "
                 f"(rounds {min(wall):.2f}-{max(wall):.2f}); "
                 f"{statistics.median(spent):.2f}x its processor time a phase "
                 f"(rounds {min(spent):.2f}-{max(spent):.2f})")
    return text


def run_workers_bench(echo: Echo, *, workers: int, games: int, rounds: int,
                      ray: bool) -> list[Backend]:
    """The rounds, each backend once a round, interleaved; then a line per backend."""
    chosen = backends(workers, ray)
    echo(f"self-play on {workers} workers against one: {games} games of greedy against "
         f"random on classic 1454 a run, {rounds} rounds, {os.cpu_count()} processors here")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        run_once(1, folder, ["--workers", "1"])  # (untimed: the bytecode cache, the disk)
        for n in range(rounds):
            for backend in chosen:
                backend.runs.append(run_once(games, folder, backend.args, backend.apart))
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            echo(f"round {n + 1}: " + "; ".join(
                f"{b.name} {b.runs[-1].wall:.1f} s" for b in chosen)
                + f" (load average {load})")
    shown = chosen + [once_started(b) for b in chosen if any(r.own for r in b.runs)]
    for backend in shown:
        echo(ratio_line(backend, chosen[0]))
    return shown


__all__ = ["Backend", "Run", "backends", "once_started", "ray_own", "ratio_line", "run_once",
           "run_workers_bench", "selfplay_line"]
