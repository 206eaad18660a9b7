"""``machiavelli backup``: a consistent copy of an SQLite database while it is in use
(SQLite's online backup), for the web judge's file or a game folder."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click

from machiavelli.service.config import host_settings


@click.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--db", default=None, metavar="URL",
              help="The database (default: $MACHIAVELLI_DB, else the web's SQLite file).")
@click.option("--folder", default=None, type=click.Path(file_okay=False, path_type=Path),
              help="A game folder: back up its game.db.")
def backup(target: Path, db: str | None, folder: Path | None) -> None:
    """Copy the SQLite database into TARGET (a new file) while it is served: SQLite's
    online backup copies a consistent state, whatever writes at the time.  PostgreSQL is
    backed up with pg_dump (docs/deploy.md)."""
    from sqlalchemy.engine import make_url

    url = f"sqlite:///{folder / 'game.db'}" if folder else db or host_settings().web_db
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise click.UsageError("machiavelli backup copies an SQLite file; back up PostgreSQL "
                               "with pg_dump (docs/deploy.md)")
    source = Path(parsed.database or "")
    if not source.is_file():
        raise click.ClickException(f"{source}: no such database")
    if target.exists():
        raise click.ClickException(f"{target}: exists already (a backup never overwrites)")
    try:
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as origin, \
                sqlite3.connect(target) as copy:
            origin.backup(copy)
            found = copy.execute("PRAGMA integrity_check").fetchone()
    except sqlite3.Error as err:
        target.unlink(missing_ok=True)
        raise click.ClickException(f"the backup failed: {err}") from None
    if not found or found[0] != "ok":
        raise click.ClickException(f"{target}: the copy fails its integrity check: {found}")
    click.echo(f"{source} backed up to {target} ({target.stat().st_size} bytes, "
               "integrity ok).")
