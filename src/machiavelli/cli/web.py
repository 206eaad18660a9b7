"""``machiavelli web``: the web judge (pages and JSON API) on a database."""

from __future__ import annotations

import click

from machiavelli.cli.numbers import Finite, count
from machiavelli.service.config import NOW, host_settings
from machiavelli.service.judge import StorageError
from machiavelli.web.server import serve, serve_workers
from machiavelli.web.site import WebConfig


@click.command("web")
@click.option("--db", default=None, metavar="URL",
              help="The database (default: $MACHIAVELLI_DB, else sqlite:///var/"
                   "machiavelli-web.db).")
@click.option("--host", default=lambda: host_settings().host, show_default="127.0.0.1",
              help="The address to listen on (the loopback address: this machine only).")
@click.option("--port", type=count(1, 65_535), default=None,
              help="The port (default: $PORT, else 8000).")
@click.option("--demo", is_flag=True,
              help="Set up the demo game (bots hold six powers) and run its bots.")
@click.option("--sweep", "sweep_seconds", type=Finite(0, 86_400), default=30.0, show_default=True,
              help="Seconds between runs of the deadline sweeper (0: none; use "
                   "`machiavelli sweep` from cron).")
@click.option("--secure-cookies", is_flag=True,
              help="Mark cookies Secure (when served behind HTTPS).")
@click.option("--threads", type=click.IntRange(1, 64), default=8, show_default=True,
              help="Requests worked on at once (the others wait their turn).")
@click.option("--workers", type=count(1, 64), default=1, show_default=True,
              help="Server processes (uvicorn's workers) on one PostgreSQL database; SQLite "
                   "takes one. With PostgreSQL, run `machiavelli worker` for the jobs.")
@click.option("--allow-fixed-clock", is_flag=True,
              help="Serve even though MACHIAVELLI_NOW fixes the clock (a rehearsal: "
                   "every deadline then counts from that time).")
def web(db: str | None, host: str, port: int | None, demo: bool, sweep_seconds: float,
        secure_cookies: bool, threads: int, workers: int, allow_fixed_clock: bool) -> None:
    """Serve the web judge: play in the browser, or through the JSON API (/api/v1)."""
    try:
        settings = host_settings()
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    if settings.now is not None and not allow_fixed_clock:
        raise click.UsageError(f"{NOW} fixes the clock at {settings.now.isoformat()}: a web "
                               "judge serves at the wall clock (unset it, or give "
                               "--allow-fixed-clock for a rehearsal).")
    url = db or settings.db
    if url is None:
        settings.web_file.parent.mkdir(parents=True, exist_ok=True)
        url = settings.web_db
    chosen = port if port is not None else settings.port
    config = WebConfig(url, sweep_seconds=sweep_seconds, secure_cookies=secure_cookies,
                       threads=threads)
    if workers > 1:
        if not url.startswith("postgresql"):
            raise click.UsageError(
                f"--workers {workers} needs PostgreSQL: an SQLite file takes one writing "
                "process at a time, so more server processes would only queue behind each "
                "other (and each would run the jobs); give --db postgresql://... or serve "
                "with one worker.")
        if demo:
            raise click.UsageError("--demo runs its bots inside one server: not with "
                                   "--workers")
    try:
        if workers > 1:
            serve_workers(config, host, chosen, workers)
        else:
            serve(config, host, chosen, demo=demo)
    except StorageError as err:
        raise click.ClickException(str(err)) from None
    except KeyboardInterrupt:
        pass
