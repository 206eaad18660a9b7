"""Profile one order submission (``POST /api/v1/games/{name}/orders``): not a test.

A game of classic 1454 for five in a throw-away SQLite file (or ``--db URL``), its Florence
submitting a legal order for every unit through the API in this process (the ASGI app
called by httpx's ASGI transport: no network, no server; the endpoints run inline rather
than in a thread, so that one profiler sees the whole request), ``--count`` times under
cProfile after a warm-up.  It
prints the mean wall time of one submission, then where the time goes: the cumulative
time of the request path's stages, per submission, and the heaviest functions.

    .venv/bin/python tools/profile_order.py               # 200 submissions on SQLite
    .venv/bin/python tools/profile_order.py --db postgresql --count 100   # a throw-away cluster
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import fastapi.dependencies.utils
import fastapi.routing
import httpx

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))

from bench_web import Cluster, set_up  # noqa: E402

from machiavelli.web.app import create_app  # noqa: E402
from machiavelli.web.site import WebConfig  # noqa: E402

# (label, a function whose cumulative time is that stage's): outermost first
STAGES = (
    ("whole request (the ASGI app)", "fastapi/applications.py", "__call__"),
    ("API key -> user (KeyUser)", "api_keys.py", "key_user"),
    ("the route: api.orders", "api.py", "orders"),
    ("  viewer_in (a read: game, seats)", "api.py", "viewer_in"),
    ("  Judge._write: the write transaction", "judge_base.py", "_write"),
    ("    find_game (locked)", "games.py", "find_game"),
    ("    sheets.submit", "sheets.py", "submit"),
    ("      engine: read the orders", "kinds/machiavelli/kind.py", "read"),
    ("      engine: the position", "games.py", "phase_state"),
    ("      live_phase (a query)", "games.py", "live_phase"),
    ("    resolve_answered + standing", "adjudication.py", "resolve_"),
    ("    commit (SQLAlchemy)", "orm/session.py", "commit"),
    ("      of which the driver's commit", "default.py", "do_commit"),
    ("SQLAlchemy: every query", "orm/session.py", "_execute_internal"),
    ("pydantic: serialize the answer", "fastapi/routing.py", "serialize_response"),
)


async def inline(func: Any, *args: Any, **kwargs: Any) -> Any:
    """Starlette's ``run_in_threadpool``, run in the event loop's thread instead."""
    return func(*args, **kwargs)


async def submissions(app: Any, key: str, game: str, count: int,
                      profile: cProfile.Profile) -> float:
    """Warm up, time ``count`` submissions, then profile ``count`` more: the mean wall."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://bench",
                                 headers={"Authorization": f"Bearer {key}"}) as client:
        legal = (await client.get(f"/api/v1/games/{game}/legal")).json()["orders"]
        rng = random.Random(1)
        texts = ["\n".join(rng.choice(o) for u, o in sorted(legal.items())
                           if o and u.startswith("unit")) for _ in range(20)]

        async def submit(i: int) -> None:
            answer = await client.post(f"/api/v1/games/{game}/orders",
                                       json={"text": texts[i % len(texts)], "replace": True})
            assert answer.status_code == 200, answer.text

        for i in range(20):
            await submit(i)
        start = time.perf_counter()
        for i in range(count):
            await submit(i)
        plain = (time.perf_counter() - start) / count
        profile.enable()
        for i in range(count):
            await submit(i)
        profile.disable()
    return plain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None,
                        help="a database URL; `postgresql`: a throw-away cluster")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--dump", default=None, help="write the raw profile to this file")
    args = parser.parse_args()
    fastapi.routing.run_in_threadpool = inline  # type: ignore[assignment]
    fastapi.dependencies.utils.run_in_threadpool = inline  # type: ignore[assignment]
    profile = cProfile.Profile()
    cluster = Cluster() if args.db == "postgresql" else None
    try:
        with tempfile.TemporaryDirectory() as folder:
            url = (cluster.new_database() if cluster is not None
                   else args.db or f"sqlite:///{folder}/profile.db")
            player = set_up(url, 1)[0]
            app = create_app(WebConfig(url, sweep_seconds=0, bot_seconds=0))
            plain = asyncio.run(submissions(app, player.key, player.game, args.count,
                                            profile))
            app.state.site.judge.close()
    finally:
        if cluster is not None:
            cluster.stop()
    print(f"one submission: {plain * 1000:.2f} ms wall without the profiler "
          f"(mean of {args.count})")
    stats = pstats.Stats(profile)
    if args.dump:
        stats.dump_stats(args.dump)
    table = stats.stats  # type: ignore[attr-defined]
    print("\nstage (cumulative, per submission, under the profiler):")
    for label, file, function in STAGES:
        found = [v for (f, _, n), v in table.items()
                 if f.endswith(file) and n.startswith(function)]
        total, calls = sum(v[3] for v in found), sum(v[0] for v in found)
        print(f"  {label:<40} {total / args.count * 1000:7.2f} ms  "
              f"({calls / args.count:.1f} calls)")
    print()
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
