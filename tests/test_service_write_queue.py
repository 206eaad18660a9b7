"""The writers of one process take turns in the order they came (database.WriteQueue),
before SQLite's BEGIN IMMEDIATE: first come, first served; a writer may write again in
its own turn; a writer who gets no turn in time is told so; and many threads writing to
one SQLite database at once all get their writes in."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from machiavelli.service.database import StorageError, WriteQueue
from machiavelli.service.judge import Judge


def test_writers_take_turns_in_the_order_they_came() -> None:
    queue = WriteQueue(timeout=10)
    order: list[int] = []
    first = threading.Event()

    def write(number: int) -> None:
        with queue.turn():
            if number == 0:
                first.set()
                time.sleep(0.3)  # the others line up meanwhile
            order.append(number)

    threads = [threading.Thread(target=write, args=(0,))]
    threads[0].start()
    first.wait(5)
    for number in range(1, 8):
        thread = threading.Thread(target=write, args=(number,))
        thread.start()
        threads.append(thread)
        time.sleep(0.02)  # each comes after the one before
    for thread in threads:
        thread.join(10)
    assert order == list(range(8))


def test_a_writer_writes_again_in_its_own_turn_and_a_late_one_is_told() -> None:
    queue = WriteQueue(timeout=0.2)
    with queue.turn(), queue.turn():  # inside its own turn: no waiting for itself
        problem: list[str] = []

        def late() -> None:
            try:
                with queue.turn():
                    pass
            except StorageError as err:
                problem.append(str(err))

        other = threading.Thread(target=late)
        other.start()
        other.join(5)
        assert problem and "busy" in problem[0]
    with queue.turn():  # free again once the turn is over
        pass


def test_many_threads_write_to_one_sqlite_database(tmp_path: Path) -> None:
    judge = Judge(f"sqlite:///{tmp_path}/q.db")
    assert judge.db.queue is not None
    failures: list[str] = []

    def add(number: int) -> None:
        made = judge.add_user(f"user-{number}")
        if not hasattr(made, "id"):
            failures.append(str(made))

    threads = [threading.Thread(target=add, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    from sqlalchemy import func, select

    from machiavelli.service.schema import User

    with judge.db.reading() as session:
        assert session.scalar(select(func.count(User.id))) == 40
    judge.close()


def test_only_sqlite_writers_queue_in_the_process(db_url: str) -> None:
    judge = Judge(db_url)
    # PostgreSQL locks each game's row itself: its writers of different games go on at once
    assert (judge.db.queue is None) == judge.db.postgresql
    judge.close()
