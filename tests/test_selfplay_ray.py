"""Self-play on Ray: a local Ray instance of 2 CPUs plays the games one process plays.

Bounded: two one-year games of the standard map a test; Ray starts for each and is shut
down after it.
"""

from __future__ import annotations

import re
import socket
from pathlib import Path

import ray
from click.testing import CliRunner

from machiavelli.bots.fleet import run_games
from machiavelli.bots.selfplay import configs
from machiavelli.cli import bench_workers
from machiavelli.cli.main import main
from machiavelli.cli.selfplay import RAY_OWN


def test_a_local_ray_instance_of_two_cpus_plays_the_same_games() -> None:
    plan = configs(2, ["standard_1901"], ["greedy", "random"], "ray", max_years=1)
    alone = sorted(run_games(plan, workers=1), key=lambda r: r.index)
    on_ray = sorted(run_games(plan, workers=2, ray="local"), key=lambda r: r.index)
    for record in (*alone, *on_ray):
        record.seconds = 0.0
    assert on_ray == alone
    assert not ray.is_initialized()  # started for the run, shut down after it


def test_the_selfplay_command_says_what_rays_own_start_and_stop_took(tmp_path: Path) -> None:
    """The command pays Ray's start and stop every run; it says how long they took, and
    ``bench --workers K --ray`` leaves them out for its "once started" figure."""
    said = CliRunner().invoke(main, [
        "selfplay", "--games", "2", "--scenario", "standard_1901", "--years", "1",
        "--bots", "greedy,random", "--workers", "2", "--ray", "local", "--quiet",
        "--out", str(tmp_path / "games.jsonl"), "--failures", str(tmp_path / "failed")])
    assert said.exit_code == 0, said.output
    line = next(x for x in said.output.splitlines() if x.startswith(RAY_OWN))
    start, stop = (float(x) for x in re.findall(r"([0-9.]+) s", line))
    assert start > 0 and stop > 0
    assert bench_workers.ray_own(said.output) == start + stop
    assert not ray.is_initialized()


def test_a_cluster_address_nothing_answers_at_is_refused_at_once(tmp_path: Path) -> None:
    """``--ray HOST:PORT`` where no cluster listens: a clear error naming the address, not
    Ray's minutes of retries; a number that is no port is refused before any connection."""
    with socket.socket() as probe:  # a port of this machine nothing listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    common = ["selfplay", "--games", "1", "--years", "1", "--quiet",
              "--out", str(tmp_path / "games.jsonl"), "--failures", str(tmp_path / "failed")]
    said = CliRunner().invoke(main, [*common, "--ray", f"127.0.0.1:{closed}"])
    assert said.exit_code == 1 and said.exception is not None
    assert isinstance(said.exception, SystemExit)  # click's error, no traceback
    assert f"no Ray cluster answers at 127.0.0.1:{closed}" in said.output
    for port in ("99999", "9" * 5000):
        said = CliRunner().invoke(main, [*common, "--ray", f"127.0.0.1:{port}"])
        assert said.exit_code == 1 and f"{port} is not a port (1 to 65535)" in said.output
    assert not ray.is_initialized()
