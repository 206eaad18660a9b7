"""Load benchmark of the web judge (issues 11 and 38): not a timed test.

N simulated players, five to a game (classic 1454 for five), each an API client with
its own key, play against a web judge served on the loopback address (``machiavelli
web`` in its own process, no sweeper) for SECONDS seconds per configuration, after
WARMUP seconds not counted (every worker has served): each round
a player polls its view of the game, asks for its legal orders and submits a random
legal order for every unit.  Every loop is bounded (the duration, a round cap,
timeouts).  The configurations, in one run: SQLite with one web worker, then PostgreSQL
(a throw-away cluster started as the service's tests start theirs; skipped with a
message when PostgreSQL is not installed) with 1, 2 and 4 web workers
(``--workers``).  It prints, for each, the orders stored per second and the latency
percentiles (p50, p99) of the submissions and of all requests; then a table, the ratio
of 4 workers to 1 and the machine's cores.

    make bench-web                      # N=40, SECONDS=5, SQLite x1 and PostgreSQL x1, 2, 4
    .venv/bin/python tools/bench_web.py --players 20 --seconds 3 --db sqlite
    .venv/bin/python tools/bench_web.py --runs 5    # five runs each: min / median / max

The figures move by tens of percent from run to run on a shared machine: compare versions
with several runs, alternated (``--runs``; an older checkout runs the same tool with
``PYTHONPATH=<its src>``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from service_db import Cluster, postgres_bin  # noqa: E402

from machiavelli.service.judge import Judge  # noqa: E402
from machiavelli.web.creation import new_game  # noqa: E402
from machiavelli.web.sessions import make_api_key, user_named  # noqa: E402
from machiavelli.web.site import clock  # noqa: E402

try:
    from machiavelli.web.tables import upgrade_web_tables as web_tables  # noqa: E402
except ImportError:  # a version from before the web's migrations, to compare with
    from machiavelli.web.tables import ensure_tables as web_tables  # type: ignore  # noqa

POWERS = ("Florence", "Milan", "Naples", "Papacy", "Venice")


@dataclass
class Player:
    game: str
    key: str
    latencies: dict[str, list[float]] = field(default_factory=dict)
    stored: int = 0
    failed: int = 0


def set_up(url: str, players: int) -> list[Player]:
    """Users, keys and games in the database, before the server starts."""
    judge = Judge(url)
    web_tables(judge.db)
    found = []
    for g in range((players + len(POWERS) - 1) // len(POWERS)):
        name = f"bench-{g}"
        made = new_game(name, "classic_1454@5", [],
                        deadlines={"manual_process": True})
        judge.create_game(made, master="bench-master", start=False)  # type: ignore[arg-type]
        for power in POWERS[: min(len(POWERS), players - g * len(POWERS))]:
            user = f"p{g}-{power.lower()}"
            judge.add_user(user, None, None)
            row = user_named(judge.db, user)
            assert row is not None
            judge.join(name, user, "player", [power])
            found.append(Player(name, make_api_key(judge.db, row.id, "bench", clock())))
        judge.start(name)
    judge.close()
    return found


def timed(player: Player, what: str, call: object) -> httpx.Response:
    start = time.perf_counter()
    answer: httpx.Response = call()  # type: ignore[operator]
    player.latencies.setdefault(what, []).append(time.perf_counter() - start)
    return answer


def play(player: Player, base: str, rounds: int, stop_at: float, seed: int) -> None:
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {player.key}"}
    with httpx.Client(base_url=base, headers=headers, timeout=60.0) as client:
        for _ in range(rounds):
            if time.monotonic() > stop_at:
                return
            timed(player, "poll", lambda: client.get(f"/api/v1/games/{player.game}"))
            legal = timed(player, "legal",
                          lambda: client.get(f"/api/v1/games/{player.game}/legal")).json()
            lines = [rng.choice(o) for u, o in sorted(legal["orders"].items())
                     if o and u.startswith("unit")]
            text = "\n".join(lines)
            answer = timed(player, "orders", lambda text=text: client.post(  # type: ignore[misc]
                f"/api/v1/games/{player.game}/orders", json={"text": text, "replace": True}))
            if answer.status_code == 200:
                player.stored += 1
            else:
                player.failed += 1


def serve(url: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    command = [str(Path(sys.executable).parent / "machiavelli"), "web", "--db", url,
               "--port", str(port), "--sweep", "0", "--workers", str(workers)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/v1/games", timeout=2).status_code == 200:
                # every worker up: a few answers in a row, so that none is still importing
                for _ in range(4 * workers):
                    httpx.get(f"http://127.0.0.1:{port}/api/v1/games", timeout=30)
                return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("the web judge did not start")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


FIGURES = ("orders/s", "requests/s", "submit p50", "submit p99", "all p50", "all p99")


def load(found: list[Player], port: int, rounds: int, seconds: float) -> float:
    """Every player plays for ``seconds`` (at most ``rounds`` rounds): the wall time."""
    stop_at = time.monotonic() + seconds
    threads = [threading.Thread(target=play, args=(p, f"http://127.0.0.1:{port}", rounds,
                                                   stop_at, i))
               for i, p in enumerate(found)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    return time.perf_counter() - start


def run(url: str, label: str, workers: int, args: argparse.Namespace) -> dict[str, float]:
    found = set_up(url, args.players)
    server = serve(url, args.port, workers)
    try:
        if args.warmup > 0:  # every worker has served (imports, caches): not counted
            load(found, args.port, args.rounds, args.warmup)
            for player in found:
                player.latencies.clear()
                player.stored = player.failed = 0
        wall = load(found, args.port, args.rounds, args.seconds)
    finally:
        server.terminate()
        server.wait(timeout=30)
    stored = sum(p.stored for p in found)
    failed = sum(p.failed for p in found)
    orders = [x for p in found for x in p.latencies.get("orders", [])]
    every = [x for p in found for xs in p.latencies.values() for x in xs]
    name = f"{label} x{workers}"
    print(f"{name:<14} players {args.players:>3}  wall {wall:5.1f} s  "
          f"submissions {stored} ({failed} refused)  {stored / wall:6.1f} orders/s  "
          f"{len(every) / wall:6.1f} requests/s")
    print(f"{'':<14} submit p50 {percentile(orders, .5):7.1f} ms  p99 "
          f"{percentile(orders, .99):7.1f} ms   all requests p50 "
          f"{percentile(every, .5):7.1f} ms  p99 {percentile(every, .99):7.1f} ms  "
          f"(mean {statistics.mean(every or [0.0]) * 1000:.1f} ms)", flush=True)
    return {"orders/s": stored / wall, "requests/s": len(every) / wall,
            "submit p50": percentile(orders, .5), "submit p99": percentile(orders, .99),
            "all p50": percentile(every, .5), "all p99": percentile(every, .99)}


def table(results: dict[str, list[dict[str, float]]]) -> None:
    """One line per configuration (the median over the runs), the ratio and the cores."""
    print()
    print(f"{'configuration':<16} {'orders/s':>9} {'submit p50':>11} {'submit p99':>11} "
          f"{'requests/s':>11} {'all p99':>9}")
    for label, found in results.items():
        if not found:
            continue
        m = {n: statistics.median(r[n] for r in found) for n in FIGURES}
        print(f"{label:<16} {m['orders/s']:9.1f} {m['submit p50']:8.1f} ms "
              f"{m['submit p99']:8.1f} ms {m['requests/s']:11.1f} {m['all p99']:6.1f} ms")
    one, four = results.get("PostgreSQL x1"), results.get("PostgreSQL x4")
    if one and four:
        ratio = (statistics.median(r["orders/s"] for r in four)
                 / statistics.median(r["orders/s"] for r in one))
        print(f"PostgreSQL 4 workers / 1 worker: {ratio:.2f}x orders/s")
    print(f"cores: {os.cpu_count()} (available to this process: {len(os.sched_getaffinity(0))})"
          f"; load average {os.getloadavg()[0]:.1f} at the end", flush=True)


def summary(label: str, results: list[dict[str, float]]) -> None:
    """Each figure's min / median / max over the runs."""
    if len(results) < 2:
        return
    print(f"{label} over {len(results)} runs (min / median / max):")
    for name in FIGURES:
        values = sorted(r[name] for r in results)
        unit = "" if name.endswith("/s") else " ms"
        print(f"  {name:<11} {values[0]:8.1f} / {statistics.median(values):8.1f} / "
              f"{values[-1]:8.1f}{unit}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=int(os.environ.get("N", 40)))
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("SECONDS", 5)),
                        help="seconds of load per configuration")
    parser.add_argument("--warmup", type=float, default=float(os.environ.get("WARMUP", 2)),
                        help="seconds of load before, not counted")
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("ROUNDS", 1000)),
                        help="at most this many rounds per player")
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--workers", default=os.environ.get("WORKERS", "1,2,4"),
                        help="web workers on PostgreSQL, comma-separated")
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument("--runs", type=int, default=int(os.environ.get("RUNS", 1)),
                        help="runs of every configuration (alternated), then min/median/max")
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",") if n.strip()]
    cluster = None
    if args.db in ("postgresql", "both"):
        if postgres_bin() is None:
            print("PostgreSQL       not installed (make test installs Debian's postgresql): "
                  "skipped")
            args.db = "sqlite" if args.db == "both" else "none"
        else:
            cluster = Cluster()
    results: dict[str, list[dict[str, float]]] = {}
    try:
        for _ in range(args.runs):
            if args.db in ("sqlite", "both"):
                with tempfile.TemporaryDirectory() as folder:
                    results.setdefault("SQLite x1", []).append(
                        run(f"sqlite:///{folder}/bench.db", "SQLite", 1, args))
            if cluster is not None:
                for workers in counts:
                    results.setdefault(f"PostgreSQL x{workers}", []).append(
                        run(cluster.new_database(), "PostgreSQL", workers, args))
    finally:
        if cluster is not None:
            cluster.stop()
    for label, found in results.items():
        summary(label, found)
    table(results)


if __name__ == "__main__":
    main()
