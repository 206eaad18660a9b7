"""Commands for players and masters: join, press, ready, draw, resign, takeover, pause,
extend, rollback, eject; and export, import and ``db upgrade``.

The game master at the shell acts as the game's master: a power's player acts through
these commands with ``--as POWER`` where a rule cares who acts (``ready``, ``draw``,
``resign``, ``press``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import click

from machiavelli.cli.numbers import PHASE, Finite
from machiavelli.cli.where import (
    answer,
    db_option,
    folder_name,
    messages,
    new_location,
    with_game,
)
from machiavelli.service.archive import read_archive
from machiavelli.service.config import host_settings
from machiavelli.service.house.deadlines import MAX_HOURS
from machiavelli.service.judge import GAME_FILE, Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.transfer import unreadable_orders
from machiavelli.service.visibility import Viewer
from machiavelli.web.tables import serves_the_web, upgrade_web_tables

MASTER = Viewer.master("master")


@click.command("join")
@click.argument("game")
@click.argument("name")
@click.option("--power", "powers", multiple=True, metavar="POWER",
              help="A power wanted, best first (repeat the option).")
@click.option("--role", type=click.Choice(["player", "observer", "master"]), default="player",
              show_default=True)
@db_option
def join(game: str, name: str, powers: tuple[str, ...], role: str, db: str | None) -> None:
    """Seat NAME in GAME (before it starts; powers are dealt at the start)."""
    seat = answer(with_game(game, db, lambda judge, g: judge.join(
        g, name, role, powers, by_master=True)))
    wanted = f", wanting {', '.join(seat.preferences)}" if seat.preferences else ""
    click.echo(f"{seat.name} joins {game} as {seat.role}{wanted}.")


@click.command("takeover")
@click.argument("game")
@click.argument("name")
@click.argument("power")
@db_option
def takeover(game: str, name: str, power: str, db: str | None) -> None:
    """NAME takes over POWER, which has no player (abandoned, resigned or ejected)."""
    seat = answer(with_game(game, db, lambda judge, g: judge.take_over(g, name, power)))
    click.echo(f"{seat.name} now plays {seat.power}.")


@click.command("press")
@click.argument("game")
@click.argument("file", type=click.File("rb"))
@click.option("--as", "sender", default=None, metavar="POWER",
              help="The power writing (default: the master).")
@click.option("--to", "to", multiple=True, required=True, metavar="WHO",
              help="A power, 'master', 'observers' or 'all' (repeat the option).")
@click.option("--grey", is_flag=True, help="Grey press: the readers do not see the sender.")
@db_option
def press(game: str, file: click.utils.LazyFile, sender: str | None, to: tuple[str, ...],
          grey: bool, db: str | None) -> None:
    """Send the letter in FILE (- for standard input)."""
    body = file.read().decode("utf-8", errors="replace").removeprefix("\ufeff")
    letter = answer(with_game(game, db, lambda judge, g: judge.send_press(
        g, MASTER, to, body, grey=grey, as_power=sender)))
    to_whom = "everyone" if letter.broadcast else ", ".join(letter.recipients)
    click.echo(f"{'Grey' if letter.grey else 'White'} press from {letter.sender} to {to_whom} "
               "sent.")


@click.command("ready")
@click.argument("game")
@click.argument("power")
@click.option("--wait", is_flag=True,
              help="Wait for the deadline even when every order is in (nJudge's SET WAIT).")
@db_option
def ready(game: str, power: str, wait: bool, db: str | None) -> None:
    """POWER is ready (its orders are final), or with --wait asks to wait for the deadline."""
    stored = answer(with_game(game, db, lambda judge, g: judge.set_wait(g, MASTER, power,
                                                                          wait)))
    click.echo(f"{stored.power} {'waits for the deadline' if wait else 'is ready'} "
               f"({stored.label}).")


@click.command("draw")
@click.argument("game")
@click.argument("power")
@click.option("--no", "against", is_flag=True, help="Withdraw the vote.")
@click.option("--with", "draw_list", multiple=True, metavar="POWER",
              help="In a NoDIAS game: a power of the draw voted for (repeat the option).")
@db_option
def draw(game: str, power: str, against: bool, draw_list: tuple[str, ...],
         db: str | None) -> None:
    """POWER votes for a draw of every surviving power (DIAS; in a NoDIAS game, of the
    powers --with names), or withdraws its vote."""
    result = answer(with_game(game, db, lambda judge, g: judge.vote_draw(
        g, MASTER, power, not against, draw_list)))
    click.echo(result)


@click.command("absence")
@click.argument("game")
@click.argument("power")
@click.argument("dates", nargs=-1, required=True)
@click.option("--cancel", is_flag=True, help="Cancel the absence that includes the date.")
@db_option
def absence(game: str, power: str, dates: tuple[str, ...], cancel: bool,
            db: str | None) -> None:
    """POWER will be away DATES ("15 Dec to 20 Dec", nJudge's SET ABSENCE): the next
    deadlines are pushed past it.  With --cancel, DATES is a date in the absence."""
    words = " ".join(dates)
    left = answer(with_game(game, db, lambda judge, g: (
        judge.cancel_absence(g, MASTER, power, words) if cancel
        else judge.set_absence(g, MASTER, power, words))))
    click.echo(f"{power}: {len(left)} absence(s) pending" + "".join(
        f"\n  {a.start:%a %d %b %Y %H:%M} to {a.end:%a %d %b %Y %H:%M}" for a in left))


@click.command("resign")
@click.argument("game")
@click.argument("power")
@db_option
def resign(game: str, power: str, db: str | None) -> None:
    """POWER's player resigns: the power is abandoned, free for a take-over."""
    seat = answer(with_game(game, db, lambda judge, g: judge.resign(g, MASTER, power)))
    click.echo(f"{seat.name} ({seat.power or seat.role}) resigned.")


@click.command("eject")
@click.argument("game")
@click.argument("who")
@db_option
def eject(game: str, who: str, db: str | None) -> None:
    """The master ejects WHO (a seat's name or a power)."""
    seat = answer(with_game(game, db, lambda judge, g: judge.eject(g, MASTER, who)))
    click.echo(f"{seat.name} ({seat.power or seat.role}) ejected.")


@click.command("pause")
@click.argument("game")
@click.option("--resume", is_flag=True, help="Resume a paused game.")
@db_option
def pause(game: str, resume: bool, db: str | None) -> None:
    """Pause GAME (no deadline passes, the sweeper leaves it) or resume it."""
    answer(with_game(game, db, lambda judge, g: judge.pause(g, MASTER, not resume)))
    click.echo(f"{game} {'resumed' if resume else 'paused'}.")


@click.command("extend")
@click.argument("game")
@click.argument("hours", type=Finite(-MAX_HOURS, MAX_HOURS))
@db_option
def extend(game: str, hours: float, db: str | None) -> None:
    """Move the pending phase's deadline and grace HOURS later."""
    answer(with_game(game, db, lambda judge, g: judge.extend(g, MASTER, hours)))
    click.echo(f"{game}: deadline extended by {hours:g} hours.")


@click.command("rollback")
@click.argument("game")
@click.argument("phase", type=PHASE)
@db_option
def rollback(game: str, phase: int, db: str | None) -> None:
    """Go back to PHASE (a number from `history`): the phases after it are set aside."""
    answer(with_game(game, db, lambda judge, g: judge.rollback(g, MASTER, phase)))
    view = answer(with_game(game, db, lambda judge, g: judge.view(g, MASTER)))
    click.echo(f"{game} is back at phase {view.phase}, {view.label}.")


@click.command("export")
@click.argument("game")
@click.argument("directory")
@db_option
def export(game: str, directory: str, db: str | None) -> None:
    """Write GAME into DIRECTORY as files, with a SHA256SUMS manifest."""
    answer(with_game(game, db, lambda judge, g: judge.export_game(g, directory)))
    click.echo(f"{game} exported to {directory}.")


@click.command("import")
@click.argument("directory")
@click.argument("target", required=False)
@click.option("--name", default=None, help="The game's name in a shared database.")
@click.option("--no-verify", is_flag=True,
              help="Read a folder without SHA256SUMS (one of the old format, or one you "
                   "trust): its files cannot be checked against the export.")
@db_option
def import_(directory: str, target: str | None, name: str | None, no_verify: bool,
            db: str | None) -> None:
    """Read the game in DIRECTORY (checksums verified, links refused) into TARGET, a new
    game folder (default: DIRECTORY itself, for a folder of the old format), or with --db
    into the shared database.  A folder without SHA256SUMS is refused unless --no-verify
    is given."""
    with messages():
        # every file checked before anything is made
        archive = read_archive(Path(directory), verify=not no_verify)
        problem = unreadable_orders(archive)
        if problem is not None:
            raise click.ClickException(problem.reason)
        created = False
        if db:
            judge, game = Judge(db), name or folder_name(Path(directory))
        elif target is None:
            judge, game = Judge.in_folder(directory, create=True), folder_name(Path(directory))
            if judge.game_names(everything=True):
                judge.close()
                raise click.ClickException(f"{directory}: holds a game's database already")
        else:
            created = not Path(target).exists()
            judge, game = new_location(target, None)
        try:
            done = judge.import_archive(archive, game)
        finally:
            judge.close()
        if isinstance(done, Refused) and created and target is not None:
            shutil.rmtree(target, ignore_errors=True)
        answer(done)
    click.echo(f"{directory} imported as {game}.")


@click.command("sweep")
@click.argument("games", nargs=-1)
@click.option("--db", "db", default=lambda: host_settings().db, metavar="URL",
              help="The shared database to sweep (also MACHIAVELLI_DB).")
@click.option("--folder", "folders", multiple=True, metavar="DIR",
              help="A game folder to sweep (repeat the option).")
def sweep(games: tuple[str, ...], db: str | None, folders: tuple[str, ...]) -> None:
    """Process every game (or GAMES) whose deadline, grace or all-ready condition holds,
    and write the reminders and late notices owed.  Safe to run twice at once."""
    if not db and not folders:
        raise click.ClickException("give --db URL (or MACHIAVELLI_DB) or --folder DIR")
    targets: list[tuple[str, bool, tuple[str, ...]]] = [(db, True, games)] if db else []
    targets += [(folder, False, ()) for folder in folders]
    for place, shared, names in targets:
        with messages():
            judge = Judge(place) if shared else Judge.in_folder(place)
            try:
                for done in judge.sweep(names):
                    if isinstance(done, Refused):
                        click.echo(f"refused: {done.reason}", err=True)
                        continue
                    what = "processed" if done.processed else "waits"
                    click.echo(f"{done.game}: {done.label} {what}: {done.why}"
                               + (f" ({done.notices} notices)" if done.notices else ""))
            finally:
                judge.close()


@click.group("db")
def database() -> None:
    """The database: bring it up to date."""


@database.command("upgrade")
@click.argument("target", required=False)
@db_option
def upgrade(target: str | None, db: str | None) -> None:
    """Apply the missing migrations to the database (a game folder's, or --db URL): the
    service's, and the web's where the web judge keeps its tables there."""
    if not db and not target:
        click.echo("name a game folder or give --db URL", err=True)
        sys.exit(2)
    with messages():
        url = db or f"sqlite:///{Path(target or '.') / GAME_FILE}"
        found = Judge(url, upgrade=False, create=bool(db), check=False)
        try:
            changed = found.upgrade_database()
            if serves_the_web(found.db):
                changed = upgrade_web_tables(found.db) or changed
        finally:
            found.close()
    click.echo("upgraded" if changed else "up to date")


COMMANDS = (join, takeover, press, ready, draw, absence, resign, eject, pause, extend, rollback,
            export, import_, sweep, database)
