"""The game master's commands: new, orders, process, show, history.

A game lives in a directory (see :mod:`machiavelli.cli.store`).  Orders are checked
when they are stored: accepted ones are kept in the judge's canonical notation,
each refused line is reported with its number and the reason, and a later order
for the same unit (or expense number, payee, ...) replaces an earlier one.
"""

from __future__ import annotations

import secrets
import sys

import click

from machiavelli.cli.store import GameDir, GameDirError, GameSettings
from machiavelli.core.options import apply_set_command, assassinations_in_play, money_in_play
from machiavelli.core.orders import Order, order_key
from machiavelli.core.state import State
from machiavelli.game.process import process_phase
from machiavelli.game.scenario import load_scenario, scenario_board, unfunded_powers
from machiavelli.game.start import start_game
from machiavelli.text.notation import format_order, parse_orders
from machiavelli.text.report import position_text, private_report


def _open(directory: str) -> tuple[GameDir, GameSettings, State]:
    game = GameDir(directory)
    try:
        settings, state = game.open()
    except GameDirError as err:
        raise click.ClickException(str(err)) from None
    return game, settings, state


def _power(state: State, name: str) -> str:
    power = _power_named(state, name)
    if power in state.eliminated:
        raise click.ClickException(f"{power} has been eliminated")
    return power


def _power_named(state: State, name: str) -> str:
    """The power ``name`` names, eliminated or not."""
    wanted = name.strip().lower()
    matches = [p for p in state.powers if p.lower() == wanted]
    if not matches and len(wanted) >= 2:
        matches = [p for p in state.powers if p.lower().startswith(wanted)]
    if len(matches) != 1:
        raise click.ClickException(
            f"unknown power {name!r}: the powers are {', '.join(state.powers)}")
    return matches[0]


def _deal_start(state: State) -> None:
    """Treasuries and chits as the options set on the command line want them (ASN-1)."""
    if money_in_play(state):
        for power in state.powers:
            state.treasury.setdefault(power, 0)
    else:
        state.treasury = {}
    if not assassinations_in_play(state):
        state.chits = {}
    elif not state.chits:
        state.chits = {p: [q for q in state.powers if q != p] for p in state.powers}


@click.command("new")
@click.argument("scenario")
@click.argument("directory")
@click.option("--players", type=int, help="Number of players (picks the scenario's variant).")
@click.option("--set", "flags", multiple=True, metavar="FLAG",
              help="An option, as in 001's `set` command: famine, noplague, forts, ...")
@click.option("--seed", default=None, help="Seed for the dice (default: a random one, kept).")
@click.option("--victory-cities", type=int, default=None,
              help="Cities needed to win (default: the scenario's).")
def new_game(scenario: str, directory: str, players: int | None, flags: tuple[str, ...],
             seed: str | None, victory_cities: int | None) -> None:
    """Start a game of SCENARIO in DIRECTORY."""
    try:
        options = load_scenario(scenario, players)[1].options
        for flag in flags:
            changed = apply_set_command(options, flag if flag.startswith("set") else
                                        f"set {flag}")
            if isinstance(changed, str):
                raise click.ClickException(changed)
            options = changed
        board, state = load_scenario(scenario, players, options=options)
    except (KeyError, ValueError) as err:
        raise click.ClickException(str(err)) from None
    _deal_start(state)
    settings = GameSettings(scenario=scenario, seed=seed or secrets.token_hex(8),
                            players=players, victory_cities=victory_cities)
    state, start = start_game(board, state, settings.seed, unfunded_powers(scenario, players))
    try:
        GameDir(directory).create(settings, state, start.report, start.private)
    except GameDirError as err:
        raise click.ClickException(str(err)) from None
    click.echo(f"New game of {board.title} ({scenario}) in {directory}, seed {settings.seed}.")
    if start.report:
        click.echo(start.report)
    click.echo(position_text(board, state))
    _echo_private(start.private)


def _echo_private(parts: dict[str, str]) -> None:
    """Every power's private part, each under its own heading (the game master's view)."""
    for text in parts.values():
        click.echo("")
        click.echo(text)



@click.command("orders")
@click.argument("directory")
@click.argument("power")
@click.argument("file", type=click.File("rb"))
def store_orders(directory: str, power: str, file: click.utils.LazyFile) -> None:
    """Check and store POWER's orders from FILE (- for standard input)."""
    game, settings, state = _open(directory)
    who = _power(state, power)
    board = scenario_board(settings.scenario, settings.players)
    text = file.read().decode("utf-8", errors="replace")  # bad bytes become unknown words
    stored = parse_orders(game.stored_orders().get(who, ""), board, state, who).orders
    submission = parse_orders(text, board, state, who)
    merged: dict[tuple[str, ...], Order] = {order_key(o): o for o in stored}
    for order in submission.orders:
        merged.pop(order_key(order), None)
        merged[order_key(order)] = order
    lines = [format_order(o) for o in merged.values()]
    game.store_orders(who, "".join(line + "\n" for line in lines))
    click.echo(f"Orders of {who} for {state.label}:")
    for line in lines:
        click.echo(f"  {line}")
    for error in submission.errors:
        click.echo(f"line {error.line}: {error.text.strip()}: {error.reason}", err=True)
    if submission.errors:
        sys.exit(1)


@click.command("process")
@click.argument("directory")
def process(directory: str) -> None:
    """Adjudicate the current phase, print the results and move to the next phase."""
    game, settings, state = _open(directory)
    if settings.winners:
        raise click.ClickException(f"the game is over: {', '.join(settings.winners)} won")
    board = scenario_board(settings.scenario, settings.players)
    stored = game.stored_orders()
    orders = {power: parse_orders(text, board, state, power).orders
              for power, text in stored.items() if power in state.powers}
    result = process_phase(board, state, orders, settings.seed, settings.victory_cities)
    settings.winners = result.winners
    game.save_phase(settings, state, result.after, stored, result.report, result.private)
    click.echo(result.report)
    _echo_private(result.private)
    click.echo("")
    click.echo(f"Next: {result.after.label}")


@click.command("show")
@click.argument("directory")
@click.option("--power", default=None, help="Also show this power's private information.")
def show(directory: str, power: str | None) -> None:
    """Show the position (and a power's private information and stored orders).

    Without --power only what every power may see is shown."""
    game, settings, state = _open(directory)
    board = scenario_board(settings.scenario, settings.players)
    click.echo(f"{board.title} ({settings.scenario}), {settings.phases} phases processed")
    if settings.winners:
        click.echo(f"The game is over: {', '.join(settings.winners)} won.")
    click.echo(position_text(board, state))
    if power is not None:
        who = _power(state, power)
        click.echo(private_report(state, who))
        stored = game.stored_orders().get(who, "")
        click.echo(f"Orders stored for {state.label}:")
        click.echo(stored.rstrip() or "  (none)")


@click.command("history")
@click.argument("directory")
@click.option("--full", is_flag=True, help="Print every phase's whole public report.")
@click.option("--power", default=None,
              help="Print every phase's public report and this power's private part.")
@click.option("--master", is_flag=True,
              help="Print every phase's public report and every private part.")
def history(directory: str, full: bool, power: str | None, master: bool) -> None:
    """List every processed phase (with --full, their public reports)."""
    game, _, state = _open(directory)
    who = _power_named(state, power) if power is not None else None
    full = full or who is not None or master

    def private_of(parts: dict[str, str]) -> dict[str, str]:
        if master:
            return parts
        return {p: text for p, text in parts.items() if p == who}

    start = game.start_report()
    if start:
        click.echo(f"0000  {start.splitlines()[0]}")
        if full:
            click.echo(start)
            _echo_private(private_of(game.start_private()))
            click.echo("")
    for entry in game.history_entries():
        report = (entry / "report.txt").read_text(encoding="utf-8")
        first = report.splitlines()[0] if report else ""
        click.echo(f"{entry.name}  {first}")
        if full:
            click.echo(report)
            _echo_private(private_of(game.private_parts(entry)))
            click.echo("")


COMMANDS = (new_game, store_orders, process, show, history)
