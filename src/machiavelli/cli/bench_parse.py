"""``machiavelli bench-parse``: the order parser's time on long mixed submissions.

The reliability probe of 2026-11-24 found ``parse_orders`` quadratic on a submission
alternating accepted and refused lines (80,000 lines took 32 s).  This benchmark reads
submissions of 10,000 to 100,000 lines mixing accepted orders, refused lines and
expenditure orders, and prints the time per thousand lines at each size: linear work
keeps it flat.  A benchmark, not a test: the numbers depend on the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import click

from machiavelli.cli.numbers import count
from machiavelli.game.scenario import load_scenario
from machiavelli.text.notation import parse_orders

MIX = (
    "A pav - for",
    "xyzzy",
    "A mil S A pav - for",
    "expense 1: 3 ducats famine relief mil",
    "A cre - nowhere",
    "borrow 5 ducats for 1 year",
    "F gen - lig",
    "pay 2 ducats to Venice",
)
SIZES = (10_000, 20_000, 50_000, 100_000)


def submission(lines: int) -> str:
    """``lines`` lines cycling through :data:`MIX` (accepted, refused, money)."""
    return "".join(MIX[i % len(MIX)] + "\n" for i in range(lines))


def run_bench_parse(echo: Callable[[str], None], sizes: tuple[int, ...] = SIZES) -> list[float]:
    """Parse each size once; the seconds per thousand lines, as printed."""
    board, state = load_scenario("classic_1454")
    per_thousand = []
    echo(f"{'lines':>8} {'seconds':>8} {'ms per 1,000 lines':>19} {'orders':>7} {'errors':>7}")
    for size in sizes:
        text = submission(size)
        start = time.perf_counter()
        read = parse_orders(text, board, state, "Milan")
        took = time.perf_counter() - start
        per_thousand.append(took / size * 1000)
        echo(f"{size:>8,} {took:>8.2f} {took / size * 1e6:>19.1f} {len(read.orders):>7,} "
             f"{len(read.errors):>7,}")
    ratio = per_thousand[-1] / per_thousand[0]
    echo(f"time per line at {sizes[-1]:,} lines / at {sizes[0]:,}: {ratio:.2f} "
         "(about 1 when the work is linear; it grows with the size when it is not)")
    return per_thousand


@click.command("bench-parse")
@click.option("--lines", "largest", type=count(1000, 10_000_000), default=SIZES[-1],
              show_default=True, help="The largest submission.")
def bench_parse(largest: int) -> None:
    """Time the order parser on long submissions mixing good, bad and money lines."""
    sizes = tuple(sorted({*(s for s in SIZES if s < largest), largest}))
    run_bench_parse(click.echo, sizes)
