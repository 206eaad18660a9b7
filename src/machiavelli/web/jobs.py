"""Jobs in the database, run by workers, each by one worker at a time.

A job is a row of ``web_jobs``: its name (``sweep``, ``mail``, ``expire``,
``bot:<row>``), how often it runs and when it is next due.  A worker :func:`claim` s due
jobs in one transaction: on PostgreSQL ``SELECT ... FOR UPDATE SKIP LOCKED`` (a row
another worker is claiming is skipped, never waited for), then it leases them
(``leased_by``, ``lease_until``).  A leased job is not claimed again until its lease runs
out, so with several workers each run happens once; a worker killed mid-job leaves its
lease to run out and another worker takes the job.  :func:`finish` sets the next due
time and frees the job.  On SQLite (one writer at a time, ``BEGIN IMMEDIATE``) the same
transaction is as safe.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select
from sqlalchemy.dialects import postgresql, sqlite

from machiavelli.web.tables import Database, Job

LEASE = timedelta(seconds=60)


@dataclass(frozen=True)
class Claimed:
    name: str
    runs: int


def ensure(db: Database, wanted: dict[str, float], now: datetime, *,
           prefix: str = "") -> None:
    """Make the jobs of ``wanted`` (name -> seconds between runs) that are missing; with
    ``prefix``, delete the jobs of that prefix not wanted (the bots no longer seated)."""
    with db.writing() as session:
        have = set(session.scalars(select(Job.name)))
        missing = [{"name": name, "every": int(seconds * 1000), "due_at": now, "runs": 0}
                   for name, seconds in wanted.items() if name not in have]
        if missing:  # another worker may make the same jobs at the same time: kept once
            insert = postgresql.insert if db.postgresql else sqlite.insert
            session.execute(insert(Job).values(missing).on_conflict_do_nothing(
                index_elements=["name"]))
        if prefix:
            gone = [n for n in have if n.startswith(prefix) and n not in wanted]
            if gone:
                session.execute(delete(Job).where(Job.name.in_(gone)))


def claim(db: Database, worker: str, now: datetime, limit: int = 10) -> list[Claimed]:
    """Lease up to ``limit`` due jobs that no live lease holds, for ``worker``."""
    with db.writing() as session:
        query = (select(Job).where(Job.due_at <= now, or_(
            Job.lease_until.is_(None), Job.lease_until < now)).order_by(Job.due_at)
            .limit(limit))
        if db.postgresql:
            query = query.with_for_update(skip_locked=True)
        jobs = list(session.scalars(query))
        for job in jobs:
            job.leased_by, job.lease_until = worker[:128], now + LEASE
        return [Claimed(j.name, j.runs) for j in jobs]


def finish(db: Database, name: str, worker: str, now: datetime,
           error: str | None = None) -> None:
    """The job ran (``error``: how it failed): next due after its interval, lease freed."""
    with db.writing() as session:
        job = session.get(Job, name, with_for_update=True)
        if job is None or job.leased_by != worker[:128]:
            return  # gone, or its lease ran out and another worker has it
        job.runs += 1
        job.due_at = now + timedelta(milliseconds=job.every)
        job.leased_by = job.lease_until = None
        job.last_error = error[:2000] if error else None


def waiting(db: Database, now: datetime) -> int:
    """How many jobs are due and not leased (for /metrics)."""
    with db.reading() as session:
        return len(list(session.scalars(select(Job.name).where(
            Job.due_at <= now, or_(Job.lease_until.is_(None), Job.lease_until < now)))))
