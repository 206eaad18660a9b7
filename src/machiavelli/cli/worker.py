"""``machiavelli worker``: a job worker on the service's database (web/worker.py)."""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable
from pathlib import Path

import click

from machiavelli.cli.numbers import Finite
from machiavelli.service.config import host_settings


@click.command("worker")
@click.option("--db", default=None, metavar="URL",
              help="The database (default: $MACHIAVELLI_DB, else the web's SQLite file).")
@click.option("--base-url", default=None, metavar="URL",
              help="Where the web judge answers, for the seated bots (default: "
                   "http://$MACHIAVELLI_HOST:$PORT, else http://127.0.0.1:8000).")
@click.option("--sweep", "sweep_seconds", type=Finite(0, 86_400), default=30.0,
              show_default=True, help="Seconds between two runs of the sweeper (0: none).")
@click.option("--bots", "bot_seconds", type=Finite(0, 86_400), default=3.0,
              show_default=True, help="Seconds between two looks of each seated bot (0: "
                                      "no bots).")
@click.option("--outbox", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write the notices' mails here (with --relay: when the relay fails).")
@click.option("--relay", default=None, metavar="HOST[:PORT]",
              help="Send the notices' mails through this SMTP relay.")
@click.option("--judge-address", default="judge@localhost", show_default=True,
              help="The judge's own address (From: of its mail).")
@click.option("--once", is_flag=True, help="Run the jobs due now, then stop.")
def worker(db: str | None, base_url: str | None, sweep_seconds: float, bot_seconds: float,
           outbox: Path | None, relay: str | None, judge_address: str, once: bool) -> None:
    """Run the jobs of the web judge's site: the sweeper, the notices' mails, the seated
    bots and the clean-up of expired log-in links, each job by one worker at a time
    (several may run on one PostgreSQL database)."""
    from machiavelli.cli.where import messages
    from machiavelli.service.judge import Judge
    from machiavelli.web.site import Site, WebConfig
    from machiavelli.web.tables import upgrade_web_tables
    from machiavelli.web.worker import Worker

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    for noisy in ("httpx", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    settings = host_settings()
    url = db or settings.web_db
    deliver: Callable[[], int] | None = None
    with messages():
        judge = Judge(url)
        if outbox is not None or relay is not None:
            from machiavelli.cli.mail import _postman
            from machiavelli.commands.desk import Config
            from machiavelli.mail.mailroom import deliver_owed

            postman = _postman(outbox or Path("var") / "outbox", relay)
            config = Config(address=judge_address)

            def deliver() -> int:
                return deliver_owed(judge, postman, config).posted
        upgrade_web_tables(judge.db)
        site = Site(WebConfig(url, base_url=base_url or settings.base_url,
                              sweep_seconds=sweep_seconds, bot_seconds=bot_seconds), judge)
        running = Worker(site, sweep_seconds=sweep_seconds, bot_seconds=bot_seconds,
                         deliver=deliver)
        try:
            if once:
                done = running.run_once()
                click.echo(f"ran: {', '.join(done) or 'nothing'}")
                return
            stop = threading.Event()
            for sig in (signal.SIGTERM, signal.SIGINT):
                signal.signal(sig, lambda *_: stop.set())
            click.echo(f"worker {running.name} on {judge.db.writer.url.render_as_string()}",
                       err=True)
            running.run(stop)
        finally:
            from machiavelli.web.seated_bots import stop_all

            stop_all(site)
            judge.close()
