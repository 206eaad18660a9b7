"""``machiavelli selfplay``: many seeded games bot against bot, with a progress bar."""

from __future__ import annotations

import json
import time

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from machiavelli.bots.fleet import RayClock, RayMissing, run_games
from machiavelli.bots.princes_players import PLAYERS as PRINCES_PLAYERS
from machiavelli.bots.princes_selfplay import parse_scenario, princes_scenarios
from machiavelli.bots.roster import PLAYER_NAMES
from machiavelli.bots.selfplay import DEFAULT_YEARS, GameConfig, configs
from machiavelli.bots.summary import Summary
from machiavelli.cli.numbers import count
from machiavelli.game.scenario import available_scenarios


class RateColumn(ProgressColumn):
    """Games and phases per second since the start."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        phases = task.fields.get("phases", 0)
        if not elapsed:
            return Text("- games/s", style="progress.data.speed")
        return Text(f"{task.completed / elapsed:.2f} games/s {phases / elapsed:.0f} phases/s",
                    style="progress.data.speed")


RAY_OWN = "Ray's own time:"  # (read back by `machiavelli bench --workers K --ray`)


def summary_table(summary: Summary) -> Table:
    table = Table(title=f"Self-play: {summary.games} games, {summary.phases} phases, "
                        f"{summary.seconds:.1f} s ({summary.games_per_second:.2f} games/s, "
                        f"{summary.phases_per_second:.0f} phases/s)")
    for column in ("bot", "seats", "seat share", "wins", "win share", "wins per seat",
                   "city share", "eliminated"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for name, bot in sorted(summary.bots.items()):
        table.add_row(name, str(bot.seats), f"{summary.seat_share(name):.1%}", str(bot.wins),
                      f"{summary.win_share(name):.1%}", f"{bot.wins_per_seat:.3f}",
                      f"{bot.city_share:.1%}", str(bot.eliminated))
    table.caption = (f"games won: {summary.won}; crashes: {summary.crashes}; "
                     f"invariants broken: {summary.invariants}")
    return table


@click.command("selfplay")
@click.option("--game", "game", type=click.Choice(["machiavelli", "princes"]),
              default="machiavelli", show_default=True,
              help="Which game: Machiavelli, or Princes of the Renaissance.")
@click.option("--games", type=count(1, 1_000_000), default=10, show_default=True)
@click.option("--scenario", "scenarios", default=None,
              help="A scenario, several separated by commas, or 'all' (default: "
                   "classic_1454; for Princes 'all': princes-3p-A .. princes-6p-B, or "
                   "e.g. princes-4p-A).")
@click.option("--bots", default="greedy,random", show_default=True,
              help=f"Bots dealt to the powers in turn: {', '.join(PLAYER_NAMES)}.")
@click.option("--seed", default="selfplay", show_default=True,
              help="Game i is seeded '<seed>-<i>'.")
@click.option("--workers", type=count(1, 256), default=1, show_default=True,
              help="Processes on this machine (the CPUs of a local Ray instance).")
@click.option("--ray", "ray_address", default=None, metavar="ADDRESS|local",
              help="Fan the games out on a Ray cluster (needs the 'ray' extra).")
@click.option("--years", type=count(1, 1000), default=DEFAULT_YEARS, show_default=True,
              help="The longest a game runs.")
@click.option("--set", "flags", multiple=True, metavar="FLAG", help="An option, as for `new`.")
@click.option("--out", type=click.Path(dir_okay=False), default="selfplay.jsonl",
              show_default=True, help="JSON Lines, one line per game ('-': standard output).")
@click.option("--failures", type=click.Path(file_okay=False), default="selfplay-failures",
              show_default=True, help="Where a failed game's case file is saved.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def selfplay(game: str, games: int, scenarios: str | None, bots: str, seed: str, workers: int,
             ray_address: str | None, years: int, flags: tuple[str, ...], out: str,
             failures: str, quiet: bool) -> None:
    """Play GAMES seeded games bot against bot, checking the engine after every phase
    (Princes: after every decision)."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if game == "princes":
        plan = _princes_plan(games, scenarios or "all", names, seed, failures)
    else:
        unknown = [b for b in names if b not in PLAYER_NAMES]
        if not names or unknown:
            raise click.BadParameter(f"the bots are {', '.join(PLAYER_NAMES)}",
                                     param_hint="--bots")
        chosen = [s.strip() for s in (scenarios or "classic_1454").split(",") if s.strip()]
        missing = [s for s in chosen if s != "all" and s not in available_scenarios()]
        if missing or not chosen:
            raise click.BadParameter(f"unknown scenario {', '.join(missing)}; see "
                                     "`machiavelli scenarios`", param_hint="--scenario")
        plan = configs(games, chosen, names, seed, years, flags, failures)
    console = Console(stderr=True)
    summary = Summary()
    sink = click.open_file(out, "w", encoding="utf-8")
    start = time.perf_counter()
    ray_clock = RayClock()
    try:
        # (the workers are forked here, before the progress bar's thread starts)
        records = run_games(plan, workers, ray_address, ray_clock)
        with sink, Progress(TextColumn("[bold]self-play"), BarColumn(), MofNCompleteColumn(),
                            RateColumn(), TextColumn("{task.fields[failed]} failed"),
                            TimeElapsedColumn(), console=console, disable=quiet) as progress:
            task = progress.add_task("games", total=games, phases=0, failed=0)
            for record in records:
                summary.add(record)
                sink.write(json.dumps(record.to_dict(), sort_keys=True) + "\n")
                sink.flush()
                progress.update(task, advance=1, phases=summary.phases,
                                failed=summary.crashes + summary.invariants)
    except RayMissing as err:
        raise click.ClickException(str(err)) from None
    summary.seconds = time.perf_counter() - start
    Console().print(summary_table(summary))
    if ray_clock.own:
        click.echo(f"{RAY_OWN} {ray_clock.start:.3f} s to start, {ray_clock.stop:.3f} s to stop")
    for path in summary.case_files:
        click.echo(f"failure saved: {path} (replay: machiavelli adjudicate {path})")
    if summary.crashes or summary.invariants:
        raise SystemExit(1)


def _princes_plan(games: int, scenarios: str, names: list[str], seed: str,
                  failures: str) -> list[GameConfig]:
    """Princes games over 3-6 players (sides A and B) in turn, or the scenarios named."""
    unknown = [b for b in names if b not in PRINCES_PLAYERS]
    if not names or unknown:
        raise click.BadParameter(f"the Princes bots are {', '.join(PRINCES_PLAYERS)}",
                                 param_hint="--bots")
    chosen = [s.strip() for s in scenarios.split(",") if s.strip()]
    chosen = princes_scenarios() if chosen == ["all"] else chosen
    for name in chosen:
        try:
            parse_scenario(name)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--scenario") from None
    return [GameConfig(i, chosen[i % len(chosen)], tuple(names), f"{seed}-{i}",
                       failures=failures, game="princes") for i in range(games)]


__all__ = ["selfplay", "summary_table"]
