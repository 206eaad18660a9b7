"""The job worker: what used to run inside the web process, run from jobs in the
database (:mod:`~machiavelli.web.jobs`), each by one worker at a time.

- ``sweep``: the deadline sweeper (every game due is processed: the service's processing
  is keyed by (game, phase), so a phase is processed once whoever sweeps);
- ``mail``: the mails the judge's notices owe (results, reminders, late notices), when
  the worker has a postman;
- ``expire``: sessions, log-in links and address checks past their time;
- ``bot:<row>``: one seated bot plays its game's pending phase (through the API, with
  its derived key: web/bot_keys.py; its writes carry idempotency keys, so a phase a dead
  worker had begun is not played twice).

``machiavelli worker`` runs one (any number may run, on PostgreSQL); ``machiavelli web``
on SQLite runs one inside itself (``make run`` stays one command).  Each job run is one
structured log line (:mod:`~machiavelli.web.metrics`).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from datetime import datetime

import httpx

from machiavelli.service.games import DamagedGame
from machiavelli.service.judge import StorageError
from machiavelli.service.refusal import Refused
from machiavelli.web import jobs, metrics
from machiavelli.web.seated_bots import play_row, seated_rows
from machiavelli.web.sessions import expire
from machiavelli.web.site import Site, clock

log = logging.getLogger("machiavelli.worker")
BOT = "bot:"


class Worker:
    """One worker on ``site``'s database (``deliver``: the mail job, which posts the mails
    the notices owe and says how many; the command line gives it the mail judge's)."""

    def __init__(self, site: Site, name: str | None = None, *, sweep_seconds: float = 30.0,
                 bot_seconds: float = 3.0, expire_seconds: float = 300.0,
                 mail_seconds: float = 10.0,
                 deliver: Callable[[], int] | None = None) -> None:
        self.site = site
        self.name = name or f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"
        self.every = {"sweep": sweep_seconds, "expire": expire_seconds}
        if deliver is not None:
            self.every["mail"] = mail_seconds
        self.every = {k: v for k, v in self.every.items() if v > 0}
        self.bot_seconds = bot_seconds
        self.deliver = deliver

    def wanted(self) -> dict[str, float]:
        bots = {f"{BOT}{row.id}": self.bot_seconds for row in seated_rows(self.site)} \
            if self.bot_seconds > 0 else {}
        return {**self.every, **bots}

    def run_once(self, now: datetime | None = None) -> list[str]:
        """Take the jobs due and run them; their names."""
        moment = now or clock()
        db = self.site.judge.db
        jobs.ensure(db, {k: v for k, v in self.wanted().items() if not k.startswith(BOT)},
                    moment)
        jobs.ensure(db, {k: v for k, v in self.wanted().items() if k.startswith(BOT)},
                    moment, prefix=BOT)
        done = []
        for job in jobs.claim(db, self.name, moment):
            started = time.perf_counter()
            error = None
            try:
                self.run_job(job.name)
            except (StorageError, DamagedGame, httpx.HTTPError, KeyError, ValueError,
                    OSError) as err:
                error = f"{type(err).__name__}: {err}"
            jobs.finish(db, job.name, self.name, now or clock(), error)
            kind = job.name.split(":")[0]
            metrics.JOBS.labels(kind, "failed" if error else "done").inc()
            metrics.log_line(metrics.jobs_log, job=job.name, worker=self.name,
                             ms=round((time.perf_counter() - started) * 1000, 1),
                             outcome="failed" if error else "done", error=error)
            done.append(job.name)
        return done

    def run_job(self, name: str) -> None:
        judge = self.site.judge
        if name == "sweep":
            for swept in judge.sweep():
                if not isinstance(swept, Refused) and getattr(swept, "processed", False):
                    metrics.PHASES.inc()
                    log.info("sweeper: %s processed (%s)", swept.game,
                             getattr(swept, "label", ""))
        elif name == "expire":
            expire(judge.db, clock())
        elif name == "mail" and self.deliver is not None:
            metrics.MAILS.inc(self.deliver())
        elif name.startswith(BOT):
            play_row(self.site, int(name[len(BOT):]))

    def run(self, stop: threading.Event, every: float = 1.0) -> None:
        """Run jobs until ``stop`` is set, looking for due ones every ``every`` seconds."""
        while not stop.is_set():
            try:
                self.run_once()
            except (StorageError, DamagedGame) as err:
                log.error("worker %s: %s", self.name, err)
            stop.wait(every)
