"""Where a command finds its game: a game's own folder, or a name in a shared database.

Without ``--db`` (or ``MACHIAVELLI_DB``) the argument is a folder holding the game's
own SQLite database (``DIR/game.db``), so a game master keeps one folder per game as
before.  With a database URL the argument is the game's name in it.  Failures of the
storage, damaged data and refusals become click's messages (exit 1), never tracebacks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import click

from machiavelli.service.archive import GAME_FILE as OLD_GAME_FILE
from machiavelli.service.archive import ArchiveError
from machiavelli.service.config import host_settings
from machiavelli.service.games import DamagedGame
from machiavelli.service.judge import GAME_FILE, Judge, StorageError
from machiavelli.service.refusal import Refused

T = TypeVar("T")

db_option = click.option(
    "--db", "db", default=lambda: host_settings().db, metavar="URL",
    help="A shared database (sqlite:///FILE or postgresql://...): GAME is then a game's name "
         "in it (also MACHIAVELLI_DB).")


@contextmanager
def messages() -> Iterator[None]:
    """Storage failures and damaged games as messages."""
    try:
        yield
    except (StorageError, DamagedGame, ArchiveError) as err:
        raise click.ClickException(str(err)) from None


def answer(result: T | Refused) -> T:
    if isinstance(result, Refused):
        raise click.ClickException(result.reason)
    return result


def folder_name(folder: Path) -> str:
    """A game name made from a folder's name."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "-", folder.resolve().name).lstrip("-.") or "game"
    return name[:64]


def open_game(target: str, db: str | None) -> tuple[Judge, str]:
    """The judge holding game ``target`` and the game's name in it."""
    if db:
        return Judge(db, create=False) if db.startswith("sqlite") else Judge(db), target
    folder = Path(target)
    if not folder.is_dir():
        raise click.ClickException(f"{folder}: no such game directory")
    if not (folder / GAME_FILE).is_file():
        if (folder / OLD_GAME_FILE).is_file():
            raise click.ClickException(
                f"{folder}: a game folder of the old format: `machiavelli import --no-verify "
                f"{folder}` moves it into its database")
        raise click.ClickException(f"{folder}: not a game folder ({GAME_FILE} missing)")
    judge = Judge.in_folder(folder)
    names = judge.game_names(everything=True)
    if len(names) != 1:
        judge.close()
        raise click.ClickException(f"{folder}: its database holds {len(names)} games, not one")
    return judge, names[0]


def new_location(target: str, db: str | None) -> tuple[Judge, str]:
    """Where a new game ``target`` goes: a new folder, or a name in the database."""
    if db:
        return Judge(db), target
    folder = Path(target)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise click.ClickException(f"{folder}: not a folder")
    if folder.exists() and any(folder.iterdir()):
        raise click.ClickException(f"{folder}: exists and is not empty")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise click.ClickException(f"{folder}: cannot be created ({err.strerror})") from None
    return Judge.in_folder(folder, create=True), folder_name(folder)


def with_game(target: str, db: str | None, act: Callable[[Judge, str], T]) -> T:
    """Run ``act`` on the game, with storage failures as messages."""
    with messages():
        judge, name = open_game(target, db)
        try:
            return act(judge, name)
        finally:
            judge.close()
