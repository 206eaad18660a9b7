"""Concurrency and crash trials of the judge service, in real processes.

Each trial forks processes that open the database themselves (as separate ``machiavelli``
commands would) and race: ``process`` against ``orders`` and readers, two ``process``
of one phase, two ``orders`` for one power, and ``process`` killed with SIGKILL at a
random moment.  Every function runs a bounded number of trials and returns its counts;
the tests assert that nothing was lost or done twice, and ``python tests/service_trials.py``
prints the counts (the numbers quoted in the issue's closing note).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from sqlalchemy import text

from machiavelli.service.adjudication import Processed
from machiavelli.service.games import NewGame
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

MASTER = Viewer.master()
PENDING = {"Milan": "A pav - for\nA mil H\n", "Papacy": "A bol - mod\n",
           "Florence": "A flo - pst\n"}


def fork(act: Callable[[], object], out: Path | None = None) -> int:
    """Run ``act`` in a child process (it opens its own database); its pid."""
    pid = os.fork()
    if pid == 0:  # the child
        code = 0
        try:
            result = act()
            if out is not None:
                out.write_text(repr(result))
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            os._exit(code)
    return pid


def wait(pid: int) -> int:
    """The child's exit status (negative: the signal that killed it)."""
    _, status = os.waitpid(pid, 0)
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def prepare(url: str, names: list[str], orders: dict[str, str] = PENDING) -> None:
    with Judge(url) as judge:
        for name in names:
            made = judge.create_game(NewGame(name, "classic_1454", seed="trial"))
            assert not isinstance(made, Refused), made
            for power, text_ in orders.items():
                stored = judge.submit_orders(name, MASTER, power, text_)
                assert not isinstance(stored, Refused) and not stored.errors, stored


def look(judge: Judge, name: str) -> GameView:
    view = judge.view(name, MASTER, history=True)
    assert isinstance(view, GameView), view
    return view


def _process(url: str, name: str, expected: int | None = 0) -> Callable[[], object]:
    def act() -> object:
        with Judge(url) as judge:
            done = judge.process(name, expected=expected)
            assert isinstance(done, Processed), done
            return "already" if done.already else "processed"
    return act


def _orders(url: str, name: str, power: str, text_: str) -> Callable[[], object]:
    def act() -> object:
        with Judge(url) as judge:
            stored = judge.submit_orders(name, MASTER, power, text_)
            assert not isinstance(stored, Refused), stored
            return stored.phase
    return act


def _reader(url: str, name: str, rounds: int) -> Callable[[], object]:
    def act() -> object:
        with Judge(url) as judge:
            for _ in range(rounds):
                look(judge, name)
        return "read"
    return act


# ----------------------------------------------------------------------
# The trials
# ----------------------------------------------------------------------
def orders_during_process(url: str, trials: int, seed: int = 1) -> Counter[str]:
    """``orders`` started shortly before or after ``process`` (within the time a process
    takes), readers alongside: every accepted order is either in the processed phase's
    orders or pending for the next phase, and the game is never damaged."""
    rng = random.Random(seed)
    names = [f"op{i}" for i in range(trials)]
    prepare(url, [*names, "op-timing"])
    took = _timed(url, "op-timing")
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for i, name in enumerate(names):
            out = Path(folder) / f"{i}.out"
            delay = rng.uniform(-took, took)  # orders first, or process first
            if delay < 0:
                orders = fork(_orders(url, name, "Venice", "A pad - vic\n"), out)
                time.sleep(-delay)
                process = fork(_process(url, name))
            else:
                process = fork(_process(url, name))
                time.sleep(delay)
                orders = fork(_orders(url, name, "Venice", "A pad - vic\n"), out)
            reader = fork(_reader(url, name, 5))
            statuses = [wait(process), wait(reader), wait(orders)]
            counts["failed"] += sum(1 for s in statuses if s != 0)
            phase = int(out.read_text()) if out.exists() else None
            with Judge(url) as judge:
                view = look(judge, name)
                processed = view.history[0].orders if view.history else {}
                pending = {p: "\n".join(s.lines) + "\n" for p, s in view.orders.items()}
            counts["trials"] += 1
            if phase == 0 and processed.get("Venice") == "A pad - vic\n":
                counts["in the processed phase"] += 1
            elif phase == 1 and pending.get("Venice") == "A pad - vic\n":
                counts["pending for the next phase"] += 1
            else:
                counts["LOST"] += 1
            if view.phase != 1 or any(processed.get(p) != t for p, t in PENDING.items()):
                counts["DAMAGED"] += 1
    return counts


def _timed(url: str, name: str) -> float:
    """How long a process of ``name`` takes in a child, opening the database included."""
    start = time.perf_counter()
    assert wait(fork(_process(url, name))) == 0
    return time.perf_counter() - start


def two_processes(url: str, trials: int, seed: int = 2) -> Counter[str]:
    """Two ``process`` of phase 0, the second started while the first may still run:
    exactly one processes it, the other says it was processed."""
    rng = random.Random(seed)
    names = [f"tp{i}" for i in range(trials)]
    prepare(url, [*names, "tp-timing"])
    took = _timed(url, "tp-timing")
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for i, name in enumerate(names):
            outs = [Path(folder) / f"{i}.{k}" for k in (0, 1)]
            first = fork(_process(url, name), outs[0])
            time.sleep(rng.uniform(0, took))
            second = fork(_process(url, name), outs[1])
            counts["failed"] += sum(1 for s in (wait(first), wait(second)) if s != 0)
            said = sorted(o.read_text().strip("'") for o in outs if o.exists())
            with Judge(url) as judge:
                phases = look(judge, name).phase
            counts["trials"] += 1
            if said == ["already", "processed"] and phases == 1:
                counts["processed once, the other said so"] += 1
            else:
                counts["WRONG"] += 1
    return counts


def two_orders(url: str, trials: int, seed: int = 3) -> Counter[str]:
    """Two ``orders`` for Milan at once (different units): both are stored."""
    rng = random.Random(seed)
    names = [f"to{i}" for i in range(trials)]
    prepare(url, names, {})
    counts: Counter[str] = Counter()
    for name in names:
        first = fork(_orders(url, name, "Milan", "A mil H\n"))
        time.sleep(rng.uniform(0, 0.004))
        second = fork(_orders(url, name, "Milan", "A pav H\n"))
        counts["failed"] += sum(1 for s in (wait(first), wait(second)) if s != 0)
        with Judge(url) as judge:
            lines = sorted(look(judge, name).orders["Milan"].lines)
        counts["trials"] += 1
        counts["both stored" if lines == ["A mil H", "A pav H"] else "LOST UPDATE"] += 1
    return counts


def killed_processes(url: str, trials: int, seed: int = 4) -> Counter[str]:
    """``process`` killed with SIGKILL at a random moment of its run: afterwards the game
    is at the old phase with its orders, or at the new one with them processed, and
    processing (again) gives what an uninterrupted run gives."""
    rng = random.Random(seed)
    names = ["reference"] + [f"kp{i}" for i in range(trials)]
    prepare(url, names)
    took = _timed(url, "reference")  # a child's whole run: opening, processing, commit
    with Judge(url) as judge:
        reference = look(judge, "reference")
    counts: Counter[str] = Counter()
    for name in names[1:]:
        pid = fork(_process(url, name))
        time.sleep(rng.uniform(0, took * 1.1))
        with contextlib.suppress(ProcessLookupError):  # a zombie: killed after it ended
            os.kill(pid, signal.SIGKILL)
        status = wait(pid)
        counts["trials"] += 1
        counts["killed" if status == -signal.SIGKILL else "finished first"] += 1
        with Judge(url) as judge:
            view = look(judge, name)
            if view.phase == 0:
                counts["old phase"] += 1
                pending = {p: "\n".join(s.lines) + "\n" for p, s in view.orders.items()}
                if pending != PENDING:
                    counts["ORDERS LOST"] += 1
                judge.process(name, expected=0)
                view = look(judge, name)
            else:
                counts["new phase"] += 1
            same = (view.phase == 1 and view.history[0].report == reference.history[0].report
                    and view.state == reference.state
                    and view.history[0].orders == reference.history[0].orders)
            counts["same as uninterrupted" if same else "DIFFERENT"] += 1
            if judge.db.writer.dialect.name == "sqlite":
                with judge.db.writer.connect() as connection:
                    check = connection.execute(text("PRAGMA integrity_check")).scalar()
                counts["integrity ok" if check == "ok" else "CORRUPT"] += 1
    return counts


def _sweeper(url: str, names: list[str], now: datetime) -> Callable[[], object]:
    def act() -> object:
        with Judge(url) as judge:
            return sum(1 for s in judge.sweep(names, now=now)
                       if not isinstance(s, Refused) and s.processed)
    return act


def two_sweepers(url: str, trials: int, games: int = 4, seed: int = 5) -> Counter[str]:
    """Two sweepers at once over games whose grace has ended (NMR): each game's phase is
    processed once."""
    from datetime import timedelta

    from machiavelli.service.games import Settings

    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    for trial in range(trials):
        names = [f"sw{trial}-{k}" for k in range(games)]
        with Judge(url) as judge:
            for name in names:
                made = judge.create_game(NewGame(name, "classic_1454", seed="trial",
                                                 settings=Settings(deadlines={"nmr": True})))
                assert isinstance(made, GameView), made
            grace = max(datetime.fromisoformat(look(judge, n).clock["clock"]["grace"])
                        for n in names)  # type: ignore[index]
        later = grace + timedelta(hours=1)

        first = fork(_sweeper(url, names, later))
        time.sleep(rng.uniform(0, 0.02))
        second = fork(_sweeper(url, names, later))
        counts["failed"] += sum(1 for s in (wait(first), wait(second)) if s != 0)
        with Judge(url) as judge:
            phases = [look(judge, n).phase for n in names]
        counts["trials"] += 1
        counts["games"] += games
        counts["processed once"] += phases.count(1)
        counts["WRONG"] += games - phases.count(1)
    return counts


def main() -> None:
    """Run every trial on SQLite (and PostgreSQL with ``--postgres``) and print the counts."""
    sys.path.insert(0, str(Path(__file__).parent))
    scale = int(os.environ.get("TRIALS", "100"))
    urls = []
    with tempfile.TemporaryDirectory() as folder:
        urls.append(("SQLite", f"sqlite:///{folder}/trials.db"))
        cluster = None
        if "--postgres" in sys.argv:
            from service_db import Cluster
            cluster = Cluster()
            urls.append(("PostgreSQL", cluster.new_database()))
        try:
            for label, url in urls:
                for trial, n in ((orders_during_process, scale), (two_processes, scale),
                                 (two_orders, scale), (killed_processes, scale),
                                 (two_sweepers, max(1, scale // 10))):
                    began = time.perf_counter()
                    counts = trial(url, n)
                    print(f"{label:10} {trial.__name__:22} {time.perf_counter() - began:6.1f}s "
                          + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
        finally:
            if cluster is not None:
                cluster.stop()


if __name__ == "__main__":
    main()
