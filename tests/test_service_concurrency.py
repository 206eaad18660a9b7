"""Concurrency and crash trials (issue 10, item 6; reliability probe, findings 1, 2, 3, 12
and 13): real processes racing on one game, on SQLite and on PostgreSQL.

The trials themselves are in ``service_trials.py`` (``python tests/service_trials.py``
runs them at a larger scale and prints the counts).  The loops are bounded; PostgreSQL
gets fewer trials, SQLite the hundred-odd kills the issue asks for.
"""

from __future__ import annotations

import pytest
import service_trials as trials

SCALE = {"sqlite": 1.0, "postgresql": 0.25}


def scaled(db_url: str, n: int) -> int:
    return max(5, int(n * SCALE["sqlite" if db_url.startswith("sqlite") else "postgresql"]))


def test_orders_sent_while_process_runs_are_never_lost(db_url: str) -> None:
    counts = trials.orders_during_process(db_url, scaled(db_url, 30))
    assert counts["LOST"] == 0 and counts["DAMAGED"] == 0 and counts["failed"] == 0, counts
    assert counts["in the processed phase"] + counts["pending for the next phase"] == \
        counts["trials"]


def test_two_processes_of_one_phase_process_it_once(db_url: str) -> None:
    counts = trials.two_processes(db_url, scaled(db_url, 30))
    assert counts["processed once, the other said so"] == counts["trials"], counts


def test_two_orders_for_one_power_at_once_are_both_stored(db_url: str) -> None:
    counts = trials.two_orders(db_url, scaled(db_url, 40))
    assert counts["both stored"] == counts["trials"], counts


@pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)
def test_process_killed_at_random_leaves_the_old_or_the_new_phase(db_url: str) -> None:
    counts = trials.killed_processes(db_url, scaled(db_url, 110))
    assert counts["trials"] == scaled(db_url, 110)
    assert counts["old phase"] + counts["new phase"] == counts["trials"], counts
    assert counts["same as uninterrupted"] == counts["trials"], counts
    assert counts["ORDERS LOST"] == 0 and counts["DIFFERENT"] == 0 and counts["CORRUPT"] == 0
    assert counts["killed"] > 0 and counts["old phase"] > 0  # the kills did land mid-way


def test_two_sweepers_at_once_process_each_game_once(db_url: str) -> None:
    counts = trials.two_sweepers(db_url, 3 if db_url.startswith("sqlite") else 2)
    assert counts["processed once"] == counts["games"] and counts["failed"] == 0, counts
