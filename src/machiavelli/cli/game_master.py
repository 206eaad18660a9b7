"""The game master's commands: new, orders, process, show, history.

Each command is a call to the judge service (:class:`machiavelli.service.judge.Judge`);
the game is a folder holding its database, or a name in a shared database (``--db``, see
:mod:`machiavelli.cli.where`).  Orders are checked when they are stored: accepted ones
are kept in the judge's canonical notation, each refused line is reported with its
number and the reason, and a later order for the same unit (or expense number, payee,
...) replaces an earlier one.  The game master acts as the master of the game: for
every power, seeing everything.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import click

from machiavelli.cli.where import answer, db_option, messages, new_location, with_game
from machiavelli.service.games import NewGame, Settings, set_up
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.text.report import private_report

MASTER = Viewer.master("master")


@click.command("new")
@click.argument("scenario")
@click.argument("directory")
@click.option("--players", type=int, help="Number of players (picks the scenario's variant).")
@click.option("--set", "flags", multiple=True, metavar="FLAG",
              help="An option, as in 001's `set` command: famine, noplague, forts, ...")
@click.option("--seed", default=None, help="Seed for the dice (default: a random one, kept).")
@click.option("--victory-cities", type=click.IntRange(min=1), default=None,
              help="Cities needed to win (default: the scenario's).")
@click.option("--deadlines", is_flag=True,
              help="The judge keeps deadlines (nJudge's default schedule; `machiavelli sweep` "
                   "processes); without it only the master's `process` does.")
@db_option
def new_game(scenario: str, directory: str, players: int | None, flags: tuple[str, ...],
             seed: str | None, victory_cities: int | None, deadlines: bool,
             db: str | None) -> None:
    """Start a game of SCENARIO in DIRECTORY (with --db: a game named DIRECTORY)."""
    settings = Settings(deadlines={} if deadlines else {"manual_process": True})
    new = NewGame(directory, scenario, players, flags, seed, victory_cities, settings)
    answer(set_up(new))  # refused before anything is created
    created = not db and not Path(directory).exists()
    with messages():
        judge, name = new_location(directory, db)
        try:
            view = judge.create_game(NewGame(name, scenario, players, flags, seed,
                                             victory_cities, settings), master=MASTER.name)
            if isinstance(view, Refused) and created:
                shutil.rmtree(directory, ignore_errors=True)
            view = answer(view)
            seed_used = judge.seed(name)
        finally:
            judge.close()
    click.echo(f"New game of {view.title} ({scenario}) in {directory}, seed {seed_used}.")
    if view.start:
        click.echo(view.start)
    click.echo(view.position)


@click.command("orders")
@click.argument("directory")
@click.argument("power")
@click.argument("file", type=click.File("rb"))
@click.option("--phase", type=int, default=None,
              help="Store only if the pending phase is still this one (its number).")
@db_option
def store_orders(directory: str, power: str, file: click.utils.LazyFile, phase: int | None,
                 db: str | None) -> None:
    """Check and store POWER's orders from FILE (- for standard input)."""
    text = file.read().decode("utf-8", errors="replace")  # bad bytes become unknown words
    stored = answer(with_game(directory, db, lambda judge, name: judge.submit_orders(
        name, MASTER, power, text, phase=phase)))
    click.echo(f"Orders of {stored.power} for {stored.label}:")
    for line in stored.lines:
        click.echo(f"  {line}")
    for error in stored.errors:
        click.echo(_printable(f"line {error.line}: {error.text.strip()}: {error.reason}"),
                   err=True)
    if stored.errors:
        sys.exit(1)


def _printable(text: str) -> str:
    """A refused line as echoed: control characters shown as escapes, not sent raw."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


@click.command("process")
@click.argument("directory")
@click.option("--phase", type=int, default=None,
              help="Process only if this phase (its number) is still pending: a repeated "
                   "or concurrent process of it does nothing and says so.")
@db_option
def process(directory: str, phase: int | None, db: str | None) -> None:
    """Adjudicate the current phase, print the results and move to the next phase."""
    done = answer(with_game(directory, db, lambda judge, name: judge.process(
        name, expected=phase, who=MASTER.name)))
    if done.already or done.result is None:
        click.echo(done.message)
        return
    click.echo(done.result.report)
    for private in done.result.private.values():
        click.echo("")
        click.echo(private)
    click.echo("")
    click.echo(f"Next: {done.next_label}")


@click.command("show")
@click.argument("directory")
@click.option("--power", default=None, help="Also show this power's private information.")
@db_option
def show(directory: str, power: str | None, db: str | None) -> None:
    """Show the position (and a power's private information and stored orders)."""
    def look(judge: Judge, name: str) -> None:
        view = answer(judge.view(name, MASTER))
        click.echo(f"{view.title} ({view.scenario}), {view.phase} phases processed")
        if view.winners:
            click.echo(f"The game is over: {', '.join(view.winners)} won.")
        elif view.outcome:
            click.echo(f"The game is over: {view.outcome}.")
        click.echo(view.position)
        if power is not None:
            who = answer(judge.power_named(name, power))
            click.echo(private_report(view.state, who))
            stored = view.orders.get(who)
            click.echo(f"Orders stored for {view.label}:")
            click.echo("\n".join(stored.lines) if stored and stored.lines else "  (none)")
    with_game(directory, db, look)


@click.command("history")
@click.argument("directory")
@click.option("--full", is_flag=True, help="Print every phase's whole report.")
@db_option
def history(directory: str, full: bool, db: str | None) -> None:
    """List every processed phase (with --full, their reports)."""
    view = answer(with_game(directory, db, lambda judge, name: judge.view(
        name, MASTER, history=True)))
    if view.start:
        click.echo(f"0000  {view.start.splitlines()[0]}")
        if full:
            click.echo(view.start)
            click.echo("")
    for entry in view.history:
        first = entry.report.splitlines()[0] if entry.report else ""
        click.echo(f"{entry.number:04d}  {first}")
        if full:
            click.echo(entry.report)
            click.echo("")


COMMANDS = (new_game, store_orders, process, show, history)
