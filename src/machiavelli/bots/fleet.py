"""Many games at once: in this process, over local worker processes, or on a Ray cluster.

:func:`run_games` yields each game's :class:`~machiavelli.bots.selfplay.GameRecord` as
it ends (in any order).  ``workers`` > 1 plays on that many processes of this machine,
forked from this one where the system can (Linux): a worker starts with everything this
process imported, lives for the whole run, keeps its caches (the board index, the
legal lists' plans) from game to game, and sends back only each game's record (a spawned
worker, elsewhere, imports the judge first).  The pool is started when
:func:`run_games` is called, before the caller starts threads of its own (a progress
bar), so no thread is forked;
``ray`` (an address, or ``"local"`` for a Ray instance of ``workers`` CPUs started
here) fans the games out as Ray tasks, one game a task.  Ray is an optional extra
(``pip install 'machiavelli-judge[ray]'``), imported only when asked for.  A
:class:`RayClock` given to :func:`run_games` receives the seconds Ray's own start and stop
took (a trainer starts Ray once for a long run; a command pays both every run).
"""

from __future__ import annotations

import gc
import multiprocessing
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any

from machiavelli.bots.princes_selfplay import play_princes_game
from machiavelli.bots.selfplay import GameConfig, GameRecord, play_game

IN_FLIGHT_PER_CPU = 4  # Ray tasks submitted ahead per CPU of the cluster


def play_any(config: GameConfig) -> GameRecord:
    """One game of either kind: Machiavelli, or Princes when ``config.game`` says so."""
    return play_princes_game(config) if config.game == "princes" else play_game(config)


class RayMissing(RuntimeError):
    """``--ray`` without Ray installed, or with a cluster address nothing answers at."""


REACH_SECONDS = 5.0  # how long a cluster's HOST:PORT has to answer before Ray is asked


def check_reachable(address: str) -> None:
    """Raise :class:`RayMissing` when ``address``, a cluster's ``HOST:PORT``, does not take
    a connection (Ray itself would retry for minutes, printing warnings).  Other forms
    (``auto``, ``ray://...``) are left to Ray."""
    host, colon, port = address.rpartition(":")
    if not colon or "://" in address or not port.isdigit():
        return
    if len(port) > 5 or not 0 < int(port) < 65536:
        raise RayMissing(f"--ray {address}: {port} is not a port (1 to 65535)")
    import socket

    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)),
                                 timeout=REACH_SECONDS).close()
    except OSError as err:
        raise RayMissing(f"no Ray cluster answers at {address}: "
                         f"{err.strerror or err}"
                         " (start one with `ray start --head`, or give --ray local)"
                         ) from err


@dataclass
class RayClock:
    """Seconds of the wall clock Ray spent starting and stopping the instance a run
    started (none when the caller had started Ray already)."""

    start: float = 0.0
    stop: float = 0.0

    @property
    def own(self) -> float:
        return self.start + self.stop


def run_games(configs: Sequence[GameConfig], workers: int = 1, ray: str | None = None,
              clock: RayClock | None = None) -> Iterator[GameRecord]:
    """Every game of ``configs`` played; records as the games end.  The worker
    processes are started now (the games when the records are asked for)."""
    if ray is not None:
        return _run_ray(configs, ray, workers, clock or RayClock())
    if workers <= 1 or len(configs) <= 1:
        return (play_any(config) for config in configs)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # what this process made so far (the judge's modules, the boards) lives as long as the
    # workers: out of the collector's sight, a forked worker's collections neither walk
    # it nor write to its pages (which the worker would then have to copy)
    gc.freeze()
    return _pooled(context.Pool(min(workers, len(configs))), configs)


def _pooled(pool: Pool, configs: Sequence[GameConfig]) -> Iterator[GameRecord]:
    with pool:  # one game a task: games differ in length, and a record is small
        yield from pool.imap_unordered(play_any, configs, chunksize=1)


def _ray_module() -> Any:
    try:
        import ray  # the optional extra
    except ImportError as err:
        raise RayMissing("--ray needs Ray: pip install 'machiavelli-judge[ray]'") from err
    return ray


def _run_ray(configs: Sequence[GameConfig], address: str, workers: int,
             clock: RayClock) -> Iterator[GameRecord]:
    ray = _ray_module()
    started_here = not ray.is_initialized()
    began = time.perf_counter()
    if started_here:
        if address == "local":
            ray.init(num_cpus=max(workers, 1), include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        else:
            check_reachable(address)
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        clock.start = time.perf_counter() - began
    try:
        remote = ray.remote(play_any)
        cpus = max(int(ray.cluster_resources().get("CPU", 1)), 1)
        waiting = iter(configs)
        left = len(configs)
        running: list[Any] = []
        while left:
            while len(running) < min(cpus * IN_FLIGHT_PER_CPU, left):
                running.append(remote.remote(next(waiting)))
            done, running = ray.wait(running, num_returns=1)
            if running:  # (and every other game ended meanwhile: one look at the lot)
                more, running = ray.wait(running, num_returns=len(running), timeout=0)
                done += more
            for ref in done:
                record: GameRecord = ray.get(ref)
                left -= 1
                yield record
    finally:
        if started_here:
            began = time.perf_counter()
            ray.shutdown()
            clock.stop = time.perf_counter() - began


__all__ = ["RayClock", "RayMissing", "check_reachable", "run_games"]
