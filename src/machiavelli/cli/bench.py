"""``machiavelli bench``: how fast the judge is on the paths users take.

Every figure is the time from what a user has to what they want, measured over
the same movement phases, each measurement repeated (``--rounds``) and shown as
its median with the smallest and largest round.  A round measures every figure once,
one after the other, and a figure's ratio to the reference is taken round by round
(shown as the median ratio and its range): on a shared machine, whatever slows a
round slows the figure and its reference alike.  It slows the reference more than us,
though, so each ratio is also given as our fastest round against the reference's
fastest, the reading nearest to a quiet machine.

- ``in-process``: :func:`machiavelli.adjudicate`, the structured API, on order
  objects parsed beforehand (position and orders in, the next position out);
- ``parse+adjudicate``: the orders' text parsed (:func:`machiavelli.parse_orders`),
  then adjudicated;
- ``adjudicate command``: ``machiavelli adjudicate FILE`` run as a process on the
  phases written as a case file (again and again up to 3000 cases), per phase
  (start-up included, with Python's bytecode cache and the package's start cache
  written as an installed package has them: one untimed run first may write them, even
  under ``PYTHONDONTWRITEBYTECODE``);
- ``diplomacy process()``: the `diplomacy` package's ``Game.process()`` on the
  same positions and orders, when the package is installed (``make bench``
  installs it); every other figure is also given as a ratio to it;
- ``scaling``: microseconds per unit in-process on a board of several copies
  of the standard map, with 50 units and with 400;
- ``classic 1454 campaign``: :func:`machiavelli.adjudicate` on every phase of
  random games of the classic 1454 scenario (money steps, movement, retreats,
  adjustments), also as a share of the reference's time per phase; then its movement
  phases alone (each a campaign in 001's sense: the money steps and the moves), the
  same way.

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
from machiavelli.cli.bench_bots import StartUp, bots_menu, legal_new, legal_old, self_play
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
        """The figure's median, smallest and largest round; with a reference, its ratio
        round by round, then our fastest round against the reference's fastest: whatever
        else runs on a shared machine only ever slows a round, and it slows the reference
        more than us (a larger working set), so the round-by-round median flatters us when
        the machine is busy, where the fastest rounds are the nearest to a quiet one."""
        us = [r * 1e6 for r in self.rounds]
        digits = 0 if self.median * 1e6 >= 100 else 1
        text = (f"{self.name}: {statistics.median(us):.{digits}f} {self.unit} "
                f"(min {min(us):.{digits}f}, max {max(us):.{digits}f})")
        if reference is not None:
            ratios = self.ratios(reference)
            text += (f"  {statistics.median(ratios):.1f}x diplomacy "
                     f"(rounds {min(ratios):.1f}-{max(ratios):.1f}; "
                     f"fastest against fastest {min(reference.rounds) / min(self.rounds):.1f}x)")
        return text

    def share_of(self, other: Figure, what: str) -> str:
        """This figure as a share of another's time, measured in the same rounds: median
        and range over rounds, then the fastest rounds against each other."""
        shares = [o / r for r, o in zip(other.rounds, self.rounds, strict=False)]
        return (f"{statistics.median(shares):.3f}x {what}' time "
                f"(rounds {min(shares):.3f}-{max(shares):.3f}; "
                f"fastest against fastest {min(self.rounds) / min(other.rounds):.3f}x)")

    def line_ms(self, reference: Figure | None = None) -> str:
        """The figure in milliseconds (median, smallest and largest round); with a
        reference, its multiple of the reference's median."""
        ms = [r * 1e3 for r in self.rounds]
        text = (f"{self.name}: {statistics.median(ms):.0f} {self.unit} "
                f"(min {min(ms):.0f}, max {max(ms):.0f})")
        if reference is not None:
            text += f", {self.median / reference.median:.1f}x {reference.name}"
        return text

    def ratios(self, reference: Figure) -> list[float]:
        """The reference's time over this one, round by round (each round of the two
        measured one after the other, so what slows the machine for a while slows both)."""
        return [r / o for r, o in zip(reference.rounds, self.rounds, strict=False)]

    def share(self, reference: Figure) -> str:
        """This figure as a share of the reference's time: median and range over rounds,
        then our fastest round against the reference's fastest (see :meth:`line`)."""
        shares = [o / r for r, o in zip(reference.rounds, self.rounds, strict=False)]
        return (f"{statistics.median(shares):.2f}x diplomacy's phase "
                f"(rounds {min(shares):.2f}-{max(shares):.2f}; "
                f"fastest against fastest {min(self.rounds) / min(reference.rounds):.2f}x)")


def _clock() -> float:
    """Seconds of processor time this process has used: on a machine shared with other
    work, a figure less disturbed by it than the wall clock (the same for every figure)."""
    return time.process_time()


def build_kind() -> str:
    """Whether the engine runs compiled (mypyc) or interpreted."""
    compiled = not resolver.__file__.endswith(".py") if resolver.__file__ else False
    return "compiled (mypyc)" if compiled else "interpreted"


#: processor time a figure is measured over in a round, at least (its run repeated)
AT_LEAST = 0.1


def _per_item(run: Callable[[], int], at_least: float = AT_LEAST) -> float:
    """Seconds per item of ``run`` (which returns how many items it did), run again until
    ``at_least`` seconds have passed, after a full garbage collection.

    The collection (so that no garbage of the figure before is collected in this one's
    time) leaves the processor's caches cold: the run just after it costs some 1-2 ms
    more. The reference's 300 phases take a quarter of a second, over which that is
    nothing. One run of the compiled in-process phases takes 6 ms, over which it is a
    sixth. Measured over at least ``at_least`` seconds, every figure carries it as the
    reference does, spread over its time, as a program that adjudicates phase after
    phase never stops to collect (docs/speed.md, "The bench's garbage collection")."""
    gc.collect()
    start = _clock()
    count = run()
    elapsed = _clock() - start
    while elapsed < at_least:
        count += run()
        elapsed = _clock() - start
    return elapsed / max(count, 1)


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


def command(path: Path, count: int) -> float:
    """Seconds per phase of ``machiavelli adjudicate FILE`` run once as a process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(_command_line(path), check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) / count


def _command_line(path: Path) -> list[str]:
    return [sys.executable, "-m", "machiavelli.cli.start", "adjudicate", str(path)]


def warm_command(path: Path) -> None:
    """One untimed run of the command, which may write Python's bytecode cache and the
    package's start cache (as an installed package has them), even under
    ``PYTHONDONTWRITEBYTECODE``."""
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(_command_line(path), check=True, stdout=subprocess.DEVNULL, env=cached)


def diplomacy_round(reference: Reference, phases: Sequence[Phase]) -> tuple[float, int]:
    """Seconds per ``Game.process()`` of the `diplomacy` package on the same phases (the
    games set up untimed), and how many of the orders it took."""
    games = []
    taken = 0
    for p in phases:
        game, count = reference.game(p.state, p.orders)
        games.append(game)
        taken += count
    gc.collect()
    total = 0.0
    for game in games:
        start = _clock()
        game.process()
        total += _clock() - start
    return total / len(games), taken


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
    """Measure and print every figure (module doc); returns them by name.

    Each round measures every figure once, one after the other, so that a figure and the
    reference share whatever the machine was doing then: the ratios are taken round by
    round, and shown as their median and range."""
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
    if save is not None:
        write_cases(batch, save)
    count = 4 if quick else 40
    at_least = 0.0 if quick else AT_LEAST  # (quick: one run of each)
    tiled = {used: tiled_phases(board, start, 8, used, 50, count, seed) for used in (1, 8)}
    mean = {used: sum(len(p.state.units) for p in t) / len(t) for used, t in tiled.items()}
    played = campaign_phases("classic_1454", 1 if quick else 4, 8 if quick else 30, seed)
    classic, spring = load_scenario("classic_1454")
    moves = [p for p in played if p.state.phase == "movement"]
    reference = Reference() if Reference.available() else None
    given = sum(len(seq) for p in batch for seq in p.orders.values())
    games = self_play(1, 1) if quick else self_play(4, 10)
    games()  # (the boards' caches made, as in a long run)
    rounds_of: dict[str, list[float]] = {}

    def note(name: str, seconds: float) -> None:
        rounds_of.setdefault(name, []).append(seconds)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "phases.txt"
        cases_run = write_cases(batch, path, len(batch) if quick else COMMAND_CASES)
        warm_command(path)
        one_case = Path(tmp) / "one.txt"
        write_cases(batch[:1], one_case)
        start_up = StartUp(Path(tmp), one_case)
        start_up.prepare()
        for n in range(rounds):
            note("in-process", _per_item(lambda: in_process(batch), at_least))
            note("parse+adjudicate", _per_item(lambda: parse_and_adjudicate(batch), at_least))
            note("adjudicate command", command(path, cases_run))
            if reference is not None:
                seconds, taken = diplomacy_round(reference, batch)
                note("diplomacy process()", seconds)
                if n == 0 and taken != given:
                    echo(f"(diplomacy took {taken} of the {given} orders; "
                         "it refuses the others)")
            for used, phases_used in tiled.items():
                note(f"tiled {used}", _per_item(partial(in_process, phases_used), at_least)
                     / mean[used])
            note("classic 1454 campaign", _per_item(lambda: campaign(played), at_least))
            note("classic 1454 movement", _per_item(lambda: campaign(moves), at_least))
            note("legal orders", _per_item(partial(legal_new, classic, spring), at_least))
            note("legal orders, checked", _per_item(partial(legal_old, classic, spring),
                                                    at_least))
            note("bots' menu", _per_item(partial(bots_menu, classic, spring), at_least))
            note("self-play", _per_item(games, at_least))
            for name, seconds in start_up.round(1 if quick else 3).items():
                note(name, seconds)

    figures = {
        "in-process": Figure("in-process", rounds_of["in-process"]),
        "parse+adjudicate": Figure("parse+adjudicate", rounds_of["parse+adjudicate"]),
        "adjudicate command": Figure(f"adjudicate command ({cases_run} phases a run)",
                                     rounds_of["adjudicate command"]),
    }
    ref = None
    if reference is not None:
        ref = figures["diplomacy process()"] = Figure("diplomacy process()",
                                                      rounds_of["diplomacy process()"])
    for name in ("in-process", "parse+adjudicate", "adjudicate command"):
        echo(figures[name].line(ref))
    if ref is not None:
        echo(ref.line())
    else:
        echo("(the `diplomacy` package is not installed: `make bench` installs it to compare)")

    small = figures[f"{round(mean[1])} units"] = Figure(
        f"{round(mean[1])} units", rounds_of["tiled 1"], "us/unit")
    large = figures[f"{round(mean[8])} units"] = Figure(
        f"{round(mean[8])} units", rounds_of["tiled 8"], "us/unit")
    echo(f"scaling: {small.line()}; {large.line()}; "
         f"{large.median / small.median:.2f}x per unit at 400")

    whole = figures["classic 1454 campaign"] = Figure(
        "classic 1454 campaign", rounds_of["classic 1454 campaign"])
    movement = figures["classic 1454 movement"] = Figure(
        "classic 1454 movement phases", rounds_of["classic 1454 movement"])
    share = f", {whole.share(ref)}" if ref is not None else ""
    moves_share = f", {movement.share(ref)}" if ref is not None else ""
    echo(f"{whole.line()}, {len(played)} phases{share}; {movement.line()}, "
         f"{len(moves)} phases{moves_share}")

    for name in ("legal orders", "legal orders, checked", "bots' menu"):
        figures[name] = Figure(name, rounds_of[name])
    legal, checked = figures["legal orders"], figures["legal orders, checked"]
    menu = figures["bots' menu"]
    echo(f"{legal.line()} (the {len(spring.powers)} powers of a classic 1454 spring), "
         f"{legal.share_of(checked, 'the checked lists')}; "
         f"{checked.line()}; {menu.line()} (the lists and money)")
    played_rate = figures["self-play"] = Figure("self-play", rounds_of["self-play"])
    echo(f"self-play, greedy against random on classic 1454, one worker: "
         f"{1 / played_rate.median:.0f} phases a processor-second "
         f"(min {1 / max(played_rate.rounds):.0f}, max {1 / min(played_rate.rounds):.0f})")
    for name in ("python -c pass", "adjudicate, one case", "mail --check"):
        figures[name] = Figure(name, rounds_of[name], "ms of processor time")
    bare = figures["python -c pass"]
    echo("start-up, one process: " + "; ".join(
        figures[name].line_ms(bare) for name in ("adjudicate, one case", "mail --check"))
        + f"; {bare.line_ms()}")
    return figures
