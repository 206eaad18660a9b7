"""Running the web judge: :func:`serve` starts uvicorn on the loopback address by default.

With ``demo`` the demo game is set up first (:mod:`machiavelli.web.demo`) and its bots
play from a thread once the server answers; the mail the web judge would send (log-in
links) is printed on the terminal, since this judge sends no real mail yet.
"""

from __future__ import annotations

import logging
import threading

import uvicorn

from machiavelli.service.config import HostSettings
from machiavelli.service.judge import Judge
from machiavelli.web.app import create_app
from machiavelli.web.demo import set_up_demo, watch
from machiavelli.web.http import server_options
from machiavelli.web.robot import run_robots
from machiavelli.web.sessions import mark_sent, outbox
from machiavelli.web.site import WebConfig, clock
from machiavelli.web.tables import upgrade_web_tables


def print_outbox(judge: Judge, stop: threading.Event, every: float = 2.0) -> None:
    """Show the outbox's mail on the terminal (the demo's post office)."""
    while not stop.is_set():
        mails = outbox(judge.db)
        for mail in mails:
            print(f"\n--- mail to {mail.to}: {mail.subject}\n{mail.body}---", flush=True)
        if mails:
            mark_sent(judge.db, [m.id for m in mails], clock())
        stop.wait(every)


def serve(config: WebConfig, host: str = HostSettings.host, port: int = HostSettings.port, *,
          demo: bool = False, say: bool = True) -> None:
    """Serve until interrupted (Ctrl-C)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    for noisy in ("httpx", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    config.base_url = HostSettings(host=host, port=port).base_url
    judge = Judge(config.database)
    upgrade_web_tables(judge.db)
    stop = threading.Event()
    threads = []
    if demo:
        found = set_up_demo(judge, config.base_url)
        config.announce = found.announce
        config.demo_game = found.game
        threads.append(threading.Thread(target=run_robots, args=(found.robots, stop),
                                        name="bots", daemon=True))
        threads.append(threading.Thread(target=print_outbox, args=(judge, stop),
                                        name="outbox", daemon=True))
        threads.append(threading.Thread(target=watch, args=(judge, stop),
                                        name="demo", daemon=True))
    app = create_app(config, judge)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="info",
                                           access_log=False, **server_options()))

    def start_when_up() -> None:
        while not server.started and not stop.is_set():
            stop.wait(0.2)
        if say:
            print(f"\nThe Machiavelli judge is at {config.base_url}/  (Ctrl-C stops it)\n",
                  flush=True)
        for thread in threads:
            thread.start()

    waiter = threading.Thread(target=start_when_up, name="start", daemon=True)
    waiter.start()
    try:
        server.run()
    finally:
        stop.set()
        for thread in threads:
            if thread.is_alive():
                thread.join(timeout=10)
        judge.close()


def serve_workers(config: WebConfig, host: str, port: int, workers: int) -> None:
    """Serve with ``workers`` processes (uvicorn's workers, each its own application on
    the same PostgreSQL database, made by :func:`~machiavelli.web.app.from_environment`);
    no embedded job worker: ``machiavelli worker`` runs the jobs."""
    import dataclasses
    import json
    import os

    from machiavelli.web.app import CONFIG_VARIABLE

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    config.base_url = HostSettings(host=host, port=port).base_url
    config.embedded_worker = False
    judge = Judge(config.database)  # the migrations, once, before the workers start
    upgrade_web_tables(judge.db)
    judge.close()
    os.environ[CONFIG_VARIABLE] = json.dumps(dataclasses.asdict(config))
    print(f"\nThe Machiavelli judge is at {config.base_url}/ with {workers} server "
          "processes (Ctrl-C stops it)\n", flush=True)
    uvicorn.run("machiavelli.web.app:from_environment", factory=True, host=host, port=port,
                workers=workers, log_level="info", access_log=False,
                **server_options(by_name=True))
