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

from machiavelli.cli.numbers import PHASE, count
from machiavelli.cli.where import answer, db_option, messages, new_location, with_game
from machiavelli.core.board import Board
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.option_commands import bar_note, flags_listing
from machiavelli.core.options import bar_rules
from machiavelli.core.state import State
from machiavelli.game.scenario import scenario_board
from machiavelli.game.victory import victory_line
from machiavelli.service.adjudication import Processed
from machiavelli.service.games import MAX_PLAYERS, MAX_VICTORY_CITIES, NewGame, Settings, set_up
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer
from machiavelli.text.report import private_report

MASTER = Viewer.master("master")

# 001 Appendix 4 asks the game master to state which support rule applies (APP4-SUP-0);
# the judge's is option 1 (APP4-SUP-1, docs/rulings.md "Multi-coast provinces").
SUPPORT_RULE = ("Support into a province with two coasts succeeds whether or not the"
                " supporting fleet could move to the coast concerned (001 Appendix 4, option 1).")


def game_information(board: Board, state: State, victory_cities: int | None) -> list[str]:
    """What the game master states about the game: flags (FLAG-LIST), victory (VIC-1,
    VIC-3) and, on a board with two-coast provinces, the support rule (APP4-SUP-0)."""
    lines = [f"Flags: {flags_listing(state.options)}",
             victory_line(board, state, victory_cities)]
    if bar_rules(state):
        lines.append(bar_note())
    if any(p.coasts for p in board.provinces.values()):
        lines.append(SUPPORT_RULE)
    return lines


def _information(view: GameView) -> str:
    if view.kind != "machiavelli":  # Princes: its money rule and whose decision it is
        board = view.state.get("board", {}) if isinstance(view.state, dict) else {}
        waiting = f"\nWaiting for: {view.decision.label}" if view.decision else ""
        return f"Money: {board.get('money', 'closed')}{waiting}"
    board = board_in_play(scenario_board(view.scenario, view.players), view.state.options)
    return "\n".join(game_information(board, view.state, view.victory_cities))


def kind_of_scenario(scenario: str) -> str:
    """The kind of game a set-up's name makes (``princes_A``: Princes)."""
    return "princes" if scenario.startswith("princes") else "machiavelli"


def _echo_private(parts: dict[str, str]) -> None:
    """Every power's private part, each under its own heading (the game master's view)."""
    for text in parts.values():
        click.echo("")
        click.echo(text)


@click.command("new")
@click.argument("scenario")
@click.argument("directory")
@click.option("--players", type=count(1, MAX_PLAYERS),
              help="Number of players (picks the scenario's variant).")
@click.option("--set", "flags", multiple=True, metavar="FLAG",
              help="An option, as in 001's `set` command: famine, noplague, forts, ...")
@click.option("--seed", default=None, help="Seed for the dice (default: a random one, kept).")
@click.option("--victory-cities", type=count(1, MAX_VICTORY_CITIES), default=None,
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
    kind = kind_of_scenario(scenario)
    new = NewGame(directory, scenario, players, flags, seed, victory_cities, settings, kind)
    answer(set_up(new))  # refused before anything is created
    created = not db and not Path(directory).exists()
    with messages():
        judge, name = new_location(directory, db)
        try:
            view = judge.create_game(NewGame(name, scenario, players, flags, seed,
                                             victory_cities, settings, kind),
                                     master=MASTER.name)
            if isinstance(view, Refused) and created:
                shutil.rmtree(directory, ignore_errors=True)
            view = answer(view)
            seed_used = judge.seed(name)
        finally:
            judge.close()
    click.echo(f"New game of {view.title} ({scenario}) in {directory}, seed {seed_used}.")
    click.echo(_information(view))
    if view.start:
        click.echo(view.start)
    click.echo(view.position)
    _echo_private(view.start_private)


@click.command("orders")
@click.argument("directory")
@click.argument("power")
@click.argument("file", type=click.File("rb"))
@click.option("--phase", type=PHASE, default=None,
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
    if stored.standing is not None:  # Princes: kept apart, carried out when due
        click.echo(f"Standing orders of {stored.power}: "
                   + ("; ".join(stored.standing) or "none"))
    if stored.resolved:
        click.echo(f"Taken: {stored.resolved}")
    for warning in stored.warnings:  # stored, but the adjudicator will fail or void them
        rule = f" ({warning.rule})" if warning.rule else ""
        click.echo(_printable(f"line {warning.line}: {warning.text.strip()}: will fail: "
                              f"{warning.reason}{rule}"))
    for number, note in sorted(stored.notes.items()):
        click.echo(f"line {number}: {note}")
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
@click.option("--phase", type=PHASE, default=None,
              help="Process only if this phase (its number) is still pending: a repeated "
                   "or concurrent process of it does nothing and says so.")
@db_option
def process(directory: str, phase: int | None, db: str | None) -> None:
    """Adjudicate the current phase, print the results and move to the next phase.

    Without --phase, the phase pending when the command starts: two `process` run at
    once process it once (the second says it was processed already), never two phases."""
    def run(judge: Judge, name: str) -> Processed | Refused:
        pending = phase
        if pending is None:
            pending = answer(judge.status(name)).phase
        return judge.process(name, expected=pending, who=MASTER.name)
    done = answer(with_game(directory, db, run))
    if done.already or done.result is None:
        click.echo(done.message)
        return
    click.echo(done.result.report)
    _echo_private(dict(done.result.private))
    click.echo("")
    click.echo(f"Next: {done.next_label}")


@click.command("show")
@click.argument("directory")
@click.option("--power", default=None, help="Also show this power's private information.")
@db_option
def show(directory: str, power: str | None, db: str | None) -> None:
    """Show the position (and a power's private information and stored orders).

    Without --power only what every power may see is shown."""
    def look(judge: Judge, name: str) -> None:
        view = answer(judge.view(name, MASTER))
        click.echo(f"{view.title} ({view.scenario}), {view.phase} phases processed")
        click.echo(_information(view))
        if view.winners:
            click.echo(f"The game is over: {', '.join(view.winners)} won.")
        elif view.outcome:
            click.echo(f"The game is over: {view.outcome}.")
        click.echo(view.position)
        if power is not None:
            who = answer(judge.power_named(name, power))
            click.echo(private_report(view.state, who) if view.kind == "machiavelli"
                       else view.private.get(who, ""))
            stored = view.orders.get(who)
            click.echo(f"Orders stored for {view.label}:")
            click.echo("\n".join(stored.lines) if stored and stored.lines else "  (none)")
    with_game(directory, db, look)


@click.command("history")
@click.argument("directory")
@click.option("--full", is_flag=True, help="Print every phase's whole public report.")
@click.option("--power", default=None,
              help="Print every phase's public report and this power's private part.")
@click.option("--master", is_flag=True,
              help="Print every phase's public report and every private part.")
@db_option
def history(directory: str, full: bool, power: str | None, master: bool,
            db: str | None) -> None:
    """List every processed phase (with --full, their public reports)."""
    def read(judge: Judge, name: str) -> tuple[GameView, str | None]:
        who = answer(judge.power_named(name, power, eliminated=True)) if power else None
        return answer(judge.view(name, MASTER, history=True)), who

    view, who = with_game(directory, db, read)
    full = full or who is not None or master

    def private_of(parts: dict[str, str]) -> dict[str, str]:
        return parts if master else {p: text for p, text in parts.items() if p == who}

    if view.start:
        click.echo(f"0000  {view.start.splitlines()[0]}")
        if full:
            click.echo(view.start)
            _echo_private(private_of(view.start_private))
            click.echo("")
    for entry in view.history:
        first = entry.report.splitlines()[0] if entry.report else ""
        click.echo(f"{entry.number:04d}  {first}")
        if full:
            click.echo(entry.report)
            _echo_private(private_of(entry.private))
            click.echo("")


COMMANDS = (new_game, store_orders, process, show, history)
