"""Web and job workers (issue 38): ``web --workers N`` is refused on SQLite with the
reason; jobs live in the database and each due run happens once with several workers
(SELECT ... FOR UPDATE SKIP LOCKED on PostgreSQL); a job a dead worker leased is taken
over when its lease runs out."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.service.judge import Judge
from machiavelli.web import jobs
from machiavelli.web.site import Site, WebConfig
from machiavelli.web.tables import upgrade_web_tables
from machiavelli.web.worker import Worker

T0 = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)


def test_several_server_processes_are_refused_on_sqlite_with_the_reason(tmp_path: object
                                                                        ) -> None:
    done = CliRunner().invoke(main, ["web", "--workers", "2", "--db",
                                     f"sqlite:///{tmp_path}/one.db"])
    assert done.exit_code == 2
    assert "needs PostgreSQL" in done.output and "one writing process" in done.output


class Counting(Worker):
    ran: list[tuple[str, str]]
    lock = threading.Lock()

    def run_job(self, name: str) -> None:
        with self.lock:
            self.ran.append((self.name, name))


def test_each_job_runs_once_with_several_workers(db_url: str) -> None:
    judge = Judge(db_url)
    upgrade_web_tables(judge.db)
    site = Site(WebConfig(db_url, sweep_seconds=600, bot_seconds=0), judge)
    ran: list[tuple[str, str]] = []
    workers = []
    for i in range(4):
        worker = Counting(site, f"w{i}", sweep_seconds=600, expire_seconds=600)
        worker.ran = ran
        workers.append(worker)
    start = threading.Barrier(len(workers))

    def work(worker: Worker) -> None:
        start.wait()
        for step in range(5):  # five rounds at the same moment: one run of each job
            worker.run_once(T0 + timedelta(seconds=step))

    threads = [threading.Thread(target=work, args=(w,)) for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(name for _, name in ran) == ["expire", "sweep"], ran
    # ten minutes on, each is due again: once more each
    for worker in workers:
        worker.run_once(T0 + timedelta(minutes=11))
    assert sorted(name for _, name in ran) == ["expire", "expire", "sweep", "sweep"], ran
    judge.close()


def test_a_dead_workers_job_is_taken_over_when_its_lease_runs_out(db_url: str) -> None:
    judge = Judge(db_url)
    upgrade_web_tables(judge.db)
    jobs.ensure(judge.db, {"sweep": 30}, T0)
    assert [c.name for c in jobs.claim(judge.db, "dead", T0)] == ["sweep"]  # never finished
    assert jobs.claim(judge.db, "alive", T0 + timedelta(seconds=30)) == []  # still leased
    later = T0 + jobs.LEASE + timedelta(seconds=1)
    assert [c.name for c in jobs.claim(judge.db, "alive", later)] == ["sweep"]
    jobs.finish(judge.db, "sweep", "dead", later)  # the dead one's late word counts not
    jobs.finish(judge.db, "sweep", "alive", later)
    assert jobs.claim(judge.db, "other", later + timedelta(seconds=29)) == []
    assert [c.name for c in jobs.claim(judge.db, "other", later + timedelta(seconds=31))] \
        == ["sweep"]
    judge.close()


def test_backup_copies_a_database_in_use(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path)) / "g"
    assert CliRunner().invoke(main, ["new", "classic_1454", str(folder)]).exit_code == 0
    judge = Judge.in_folder(folder)  # the game stays open while it is copied
    target = Path(str(tmp_path)) / "copy.db"
    done = CliRunner().invoke(main, ["backup", "--folder", str(folder), str(target)])
    assert done.exit_code == 0 and "integrity ok" in done.output, done.output
    copy = Judge(f"sqlite:///{target}")
    assert copy.game_names(everything=True) == judge.game_names(everything=True)
    again = CliRunner().invoke(main, ["backup", "--folder", str(folder), str(target)])
    assert again.exit_code == 1 and "exists already" in again.output
    pg = CliRunner().invoke(main, ["backup", "--db", "postgresql://x/y", str(target) + "2"])
    assert pg.exit_code == 2 and "pg_dump" in pg.output
    copy.close()
    judge.close()
