"""``machiavelli bench`` and ``machiavelli demo``."""

from __future__ import annotations

from pathlib import Path

import click

from machiavelli.cli.bench import run_bench
from machiavelli.cli.demo import run_demo
from machiavelli.cli.numbers import SEED, count


@click.command()
@click.option("--cases", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Measure on the Standard movement cases of FILE (DATC format).")
@click.option("--phases", type=count(1, 100_000), default=300, show_default=True,
              help="Random phases to generate.")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seed for the random phases.")
@click.option("--rounds", type=count(1, 10_000), default=5, show_default=True,
              help="Times each figure is measured.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the phases measured as a case file.")
@click.option("--quick", is_flag=True, help="Fewer phases and rounds (less precise).")
@click.option("--workers", type=count(2, 256), default=None,
              help="Only self-play on this many workers against one, by the wall clock "
                   "(take it on an idle machine).")
@click.option("--games", type=count(1, 1_000_000), default=40, show_default=True,
              help="With --workers: the games of each self-play run.")
@click.option("--ray", is_flag=True, help="With --workers: a local Ray instance too.")
def bench(
    cases: Path | None, phases: int, seed: int, rounds: int, save: Path | None, quick: bool,
    workers: int | None, games: int, ray: bool,
) -> None:
    """Measure the judge's speed on what users do, against the `diplomacy` package."""
    if workers is not None:
        from machiavelli.cli.bench_workers import run_workers_bench

        run_workers_bench(click.echo, workers=workers, games=games,
                          rounds=min(rounds, 2) if quick else rounds, ray=ray)
        return
    if quick:
        phases, rounds = min(phases, 20), min(rounds, 2)
    run_bench(click.echo, cases=cases, phases=phases, seed=seed, rounds=rounds, save=save,
              quick=quick)


@click.command()
@click.option("--seed", type=SEED, default=1454, show_default=True,
              help="Seed for the random orders.")
@click.pass_context
def demo(context: click.Context, seed: int) -> None:
    """Play a short demo game with random legal orders and print every report."""
    run_demo(context.find_root().command, click.echo, seed=seed)
