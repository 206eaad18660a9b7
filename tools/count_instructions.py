"""Count the instructions of the bench's campaign and scaling figures with callgrind.

    python tools/count_instructions.py [--rounds N] [--figures campaign,scaling]
    PYTHONPATH=build/compiled python tools/count_instructions.py     # the compiled engine

A timing moves 3-5 % between runs, and much more on a busy machine; an instruction count
does not care what else runs.  Each round runs a fresh process under valgrind's callgrind
that adjudicates the figure's phases once untimed (the boards' caches made, as in a long
run), then once counted: the count starts when the process calls ``getppid`` and is written
when it calls ``getpgrp`` (callgrind's ``--zero-before`` and ``--dump-before``), the two
calls made just around the counted run and nowhere else.  The rounds differ in
``PYTHONHASHSEED`` (0, 1, ...) and in the environment's size, which move the count by up
to 1 % (the sets' order, the memory's layout); each figure is printed as its median, the
smallest and the largest round.  The phases are the bench's (``machiavelli bench``, seed
1), made in the counted process itself, uncounted: phases read back from a pickle cost a
quarter more to adjudicate (their units are not the ones the engine keeps made), so the
400-unit positions are made under callgrind, slowly (about a minute of processor time).

- ``campaign``: instructions a phase of the bench's classic 1454 campaign (four random
  games of 30 phases, every phase), then of its movement phases alone;
- ``scaling``: instructions a unit of the bench's tiled positions, 50 units and 400 (the
  standard map eight times over), and the one over the other, round by round.

``make count`` runs it on the source interpreted, then on the compiled engine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

#: what the counted process runs: the bench's phases made, then for each run named on
#: the command line one untimed run and one counted (between getppid and getpgrp)
CHILD = """\
import os, sys
from machiavelli.cli.bench_phases import campaign_phases, tiled_phases
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario

seed, names = int(sys.argv[1]), sys.argv[2:]
runs = {}
if "campaign" in names or "movement" in names:
    classic, _ = load_scenario("classic_1454")
    played = [(classic, p.state, p.orders, p.seed)
              for p in campaign_phases("classic_1454", 4, 30, seed)]
    runs["campaign"] = played
    runs["movement"] = [p for p in played if p[1].phase == "movement"]
if "tiled 1" in names or "tiled 8" in names:
    board, start = load_scenario("standard_1901")
    for used in (1, 8):
        runs[f"tiled {used}"] = [(p.board, p.state, p.orders, "")
                                 for p in tiled_phases(board, start, 8, used, 50, 40, seed)]
for name in names:
    phases = runs[name]
    units = sum(len(p[1].units) for p in phases)
    print(name, len(phases), units, flush=True)
    for counted in (False, True):
        if counted:
            os.getppid()
        for board, state, orders, seed in phases:
            adjudicate(board, state, orders, seed)
        if counted:
            os.getpgrp()
"""
#: the runs each figure counts
RUNS = {"campaign": ("campaign", "movement"), "scaling": ("tiled 1", "tiled 8")}


def count(names: list[str], seed: int, round_: int) -> dict[str, tuple[int, int, int]]:
    """Each named run's instructions, phases and units, counted in one process (round
    ``round_``: its hash seed and the environment's padding)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED=str(round_),
                   MACHIAVELLI_COUNT_PAD="x" * (256 * round_))
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             "--zero-before=getppid", "--dump-before=getpgrp",
             sys.executable, "-c", CHILD, str(seed), *names],
            env=env, capture_output=True, text=True)
        if done.returncode:
            said = [line for line in done.stderr.splitlines() if not line.startswith("==")]
            raise SystemExit(f"the counted process failed (exit status {done.returncode}):\n"
                             + "\n".join(said[-12:]))
        sizes = [line.split()[-2:] for line in done.stdout.splitlines()]
        counted = {}
        for n, name in enumerate(names, 1):
            dump = Path(f"{out}.{n}")
            if not dump.exists():
                raise SystemExit(f"callgrind wrote no count for {name}: was getpgrp reached?")
            summary = [line for line in dump.read_text(encoding="utf-8").splitlines()
                       if line.startswith("summary:")]
            if not summary:
                raise SystemExit(f"callgrind's count for {name} has no summary line")
            phases, units = sizes[n - 1]
            counted[name] = (int(summary[0].split()[1]), int(phases), int(units))
        return counted


def _line(name: str, values: list[float], unit: str) -> str:
    return (f"{name}: {statistics.median(values):,.0f} {unit} "
            f"(min {min(values):,.0f}, max {max(values):,.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--figures", default="campaign,scaling",
                        help="campaign, scaling or both (comma-separated)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.rounds < 1:
        raise SystemExit("--rounds: at least 1")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    from machiavelli.cli.bench import build_kind

    figures = [f for f in args.figures.split(",") if f]
    unknown = [f for f in figures if f not in RUNS]
    if unknown:
        raise SystemExit(f"no figure {', '.join(unknown)}: campaign, scaling")
    names = [name for figure in figures for name in RUNS[figure]]
    print(f"instructions (callgrind), {build_kind()}, {args.rounds} rounds "
          "(median, min, max)", flush=True)
    per: dict[str, list[float]] = {name: [] for name in names}
    size: dict[str, tuple[int, int]] = {}
    for n in range(args.rounds):
        for name, (instructions, phases, units) in count(names, args.seed, n).items():
            per[name].append(instructions / (units if name.startswith("tiled") else phases))
            size[name] = (phases, units)
    if "campaign" in figures:
        print(_line(f"classic 1454 campaign, {size['campaign'][0]} phases", per["campaign"],
                    "instructions/phase"))
        print(_line(f"its movement phases, {size['movement'][0]}", per["movement"],
                    "instructions/phase"))
    if "scaling" in figures:
        small, large = per["tiled 1"], per["tiled 8"]
        ratios = [b / a for a, b in zip(small, large, strict=True)]
        few, many = (round(size[name][1] / size[name][0]) for name in ("tiled 1", "tiled 8"))
        print(f"scaling: {_line(f'{few} units', small, 'instructions/unit')}; "
              f"{_line(f'{many} units', large, 'instructions/unit')}; "
              f"{statistics.median(ratios):.3f}x per unit at {many} "
              f"(rounds {min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main()
