"""Self-play on Ray: a local Ray instance of 2 CPUs plays the games one process plays.

Bounded: two one-year games of the standard map; Ray starts here and is shut down.
"""

from __future__ import annotations

import ray

from machiavelli.bots.fleet import run_games
from machiavelli.bots.selfplay import configs


def test_a_local_ray_instance_of_two_cpus_plays_the_same_games() -> None:
    plan = configs(2, ["standard_1901"], ["greedy", "random"], "ray", max_years=1)
    alone = sorted(run_games(plan, workers=1), key=lambda r: r.index)
    on_ray = sorted(run_games(plan, workers=2, ray="local"), key=lambda r: r.index)
    for record in (*alone, *on_ray):
        record.seconds = 0.0
    assert on_ray == alone
    assert not ray.is_initialized()  # started for the run, shut down after it
