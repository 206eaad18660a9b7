"""``machiavelli bench`` and ``machiavelli demo``."""

from __future__ import annotations

import click

from machiavelli.cli.bench import run_bench
from machiavelli.cli.demo import run_demo


@click.command()
@click.option("--phases", default=50, show_default=True, help="Random phases per measurement.")
@click.option("--seed", default=1, show_default=True, help="Seed for the random orders.")
@click.option("--quick", is_flag=True, help="Shorter measurements (less precise).")
def bench(phases: int, seed: int, quick: bool) -> None:
    """Measure adjudication speed on random legal movement phases."""
    run_bench(click.echo, phases=phases, seed=seed, quick=quick)


@click.command()
@click.option("--seed", default=1454, show_default=True, help="Seed for the random orders.")
@click.pass_context
def demo(context: click.Context, seed: int) -> None:
    """Play a short demo game with random legal orders and print every report."""
    run_demo(context.find_root().command, click.echo, seed=seed)
