"""The deployed topology as processes on a throw-away PostgreSQL cluster (issue 38): two
web processes (``machiavelli web --workers 2``), two job workers (``machiavelli
worker``), three games whose powers are played by seated bots and, on Venice, by a
player sending orders and letters through the API.  Under that load one web process and
one job worker are killed (SIGKILL); the games go on, and afterwards:

- every phase was processed once (one row per game and number, one journal entry each);
- no bot played a phase twice (one idempotent write of its orders per phase);
- nothing acknowledged was lost (every letter answered 201 is stored; every orders
  answered 200 are the player's orders of that phase).

It needs PostgreSQL's binaries, as the other PostgreSQL tests (``make test`` installs
them); every wait is bounded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from service_db import Cluster
from sqlalchemy import text
from web_live import free_port

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.web.sessions import make_api_key, user_named
from machiavelli.web.site import clock

MACHIAVELLI = str(Path(sys.executable).parent / "machiavelli")
GAMES = ("topo1", "topo2", "topo3")
BOTS = {"Florence": "hold", "Milan": "random", "Naples": "hold", "Papacy": "random"}
PHASES = 4  # each game goes at least this far
#: processed as soon as every power is ready (no minimum time, no delay)
FAST = {kind: {"min": 0, "delay": 0} for kind in ("movement", "retreat", "adjustment")}
WITHIN = float(os.environ.get("TOPOLOGY_SECONDS", 420))  # seconds: the most the whole run may take


@dataclass
class Player:
    """Venice in one game, through the API: what the judge acknowledged."""

    game: str
    key: str
    base: str
    letters: list[str] = field(default_factory=list)  # bodies answered 201
    orders: dict[int, list[str]] = field(default_factory=dict)  # phase -> lines stored
    errors: int = 0

    def play(self, stop: threading.Event) -> None:
        headers = {"Authorization": f"Bearer {self.key}"}
        sent = 0
        with httpx.Client(base_url=self.base, headers=headers, timeout=10) as web:
            while not stop.is_set():
                try:
                    view = web.get(f"/api/v1/games/{self.game}").json()
                    phase = view["phase"]
                    if view["status"] == "playing" and phase not in self.orders:
                        legal = web.get(f"/api/v1/games/{self.game}/legal").json()["orders"]
                        lines = [options[0] for _, options in sorted(legal.items())]
                        done = web.post(f"/api/v1/games/{self.game}/orders",
                                        json={"text": "\n".join(lines)})
                        if done.status_code == 200:
                            self.orders[phase] = done.json()["stored"]
                            web.post(f"/api/v1/games/{self.game}/ready", json={"ready": True})
                    body = f"letter {sent} of Venice in {self.game}"
                    sent += 1
                    letter = web.post(f"/api/v1/games/{self.game}/press",
                                      json={"to": ["Milan"], "body": body})
                    if letter.status_code == 201:
                        self.letters.append(body)
                except (httpx.HTTPError, KeyError, ValueError):
                    self.errors += 1  # a killed process: the client goes on
                stop.wait(0.3)


def _children(pid: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                           text=True, check=False).stdout.split()
    return [int(p) for p in found]


@pytest.fixture
def site(postgres_cluster: Cluster, tmp_path: Path) -> Iterator[tuple[str, str, dict[str, int]]]:
    url = postgres_cluster.new_database()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "MACHIAVELLI_SECRET": "topology secret", "PYTHONUNBUFFERED": "1"}
    env.pop("MACHIAVELLI_NOW", None)
    logs = {name: open(tmp_path / f"{name}.log", "w") for name in ("web", "w1", "w2")}  # noqa: SIM115
    web = subprocess.Popen([MACHIAVELLI, "web", "--db", url, "--port", str(port),
                            "--workers", "2", "--threads", "4"], env=env,
                           stdout=logs["web"], stderr=subprocess.STDOUT)
    processes = {"web": web.pid}
    started = [web]
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert web.poll() is None and time.monotonic() < deadline, \
                (tmp_path / "web.log").read_text()[-2000:]
            time.sleep(0.3)
        for name in ("w1", "w2"):
            worker = subprocess.Popen([MACHIAVELLI, "worker", "--db", url, "--base-url", base,
                                       "--sweep", "0.5", "--bots", "0.3"], env=env,
                                      stdout=logs[name], stderr=subprocess.STDOUT)
            started.append(worker)
            processes[name] = worker.pid
        yield url, base, processes
    finally:
        for process in reversed(started):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=30)
        for name, log in logs.items():
            log.close()
            print(f"--- {name}:", (tmp_path / f"{name}.log").read_text()[-3000:])


def test_the_topology_survives_a_killed_worker_of_each_kind(
        site: tuple[str, str, dict[str, int]]) -> None:
    url, base, processes = site
    judge = Judge(url)
    for user in ("boss", "vera"):
        assert not isinstance(judge.add_user(user, "a long password", None), Refused)
    keys = {u: make_api_key(judge.db, user_named(judge.db, u).id, "t", clock())  # type: ignore[union-attr]
            for u in ("boss", "vera")}
    boss = {"Authorization": f"Bearer {keys['boss']}"}
    with httpx.Client(base_url=base, timeout=30) as web:
        for game in GAMES:
            assert web.post("/api/v1/games", headers=boss, json={
                "name": game, "scenario": "classic_1454", "players": 5,
                "deadlines": FAST}).status_code == 201
            assert web.post(f"/api/v1/games/{game}/join", json={"powers": ["Venice"]},
                            headers={"Authorization": f"Bearer {keys['vera']}"}
                            ).status_code == 200
            assert web.post(f"/api/v1/games/{game}/master/start", headers=boss,
                            json={}).status_code == 200
            for power, bot in BOTS.items():
                said = web.post(f"/api/v1/games/{game}/master/bot", headers=boss,
                                json={"power": power, "bot": bot})
                assert said.status_code == 200, said.text
    players = [Player(game, keys["vera"], base) for game in GAMES]
    stop = threading.Event()
    threads = [threading.Thread(target=p.play, args=(stop,), daemon=True) for p in players]
    for thread in threads:
        thread.start()
    killed: list[str] = []
    deadline = time.monotonic() + WITHIN
    try:
        while True:
            reached = [_phase(judge, g) for g in GAMES]
            if not killed and min(reached) >= 1:
                web_children = _children(processes["web"])
                assert len(web_children) >= 2, web_children
                os.kill(web_children[0], signal.SIGKILL)  # a web process, mid-load
                os.kill(processes["w1"], signal.SIGKILL)  # a job worker, mid-job
                killed = ["web", "worker"]
            if killed and min(reached) >= PHASES:
                break
            assert time.monotonic() < deadline, f"the games reached only {reached}"
            time.sleep(0.5)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    assert killed == ["web", "worker"]
    with judge.db.reading() as session:
        twice = session.execute(text(
            "SELECT g.name, p.number, count(*) FROM phases p JOIN games g ON g.id = p.game_id "
            "GROUP BY g.name, p.number HAVING count(*) > 1")).all()
        assert twice == [], f"phases processed twice: {twice}"
        journal = session.execute(text(
            "SELECT g.name, j.what, count(*) FROM journal j JOIN games g ON g.id = j.game_id "
            "WHERE j.what LIKE 'processed phase %' GROUP BY g.name, j.what "
            "HAVING count(*) > 1")).all()
        assert journal == [], f"processed twice: {journal}"
        bot_writes = session.execute(text(
            "SELECT key, count(*) FROM web_idempotency WHERE key LIKE 'bot%-orders' "
            "GROUP BY user_id, key")).all()
        assert bot_writes and all(n == 1 for _, n in bot_writes)
        stored_letters = {row[0] for row in session.execute(text("SELECT body FROM press"))}
    for player in players:
        assert set(player.letters) <= stored_letters, "an acknowledged letter is lost"
        assert player.letters, f"{player.game}: no letter was acknowledged"
        for phase, lines in player.orders.items():
            view = judge.view(player.game, __import__(
                "machiavelli.service.visibility", fromlist=["Viewer"]).Viewer.master(),
                history=True)
            assert not isinstance(view, Refused)
            if phase == view.phase:
                kept = view.orders["Venice"].lines
            else:
                kept = _processed_orders(judge, player.game, phase)
            assert sorted(kept) == sorted(lines), (player.game, phase, kept, lines)
    judge.close()


def _phase(judge: Judge, game: str) -> int:
    found = judge.status(game)
    return -1 if isinstance(found, Refused) else found.phase


def _processed_orders(judge: Judge, game: str, phase: int) -> list[str]:
    with judge.db.reading() as session:
        row = session.execute(text(
            "SELECT o.text FROM orders o JOIN games g ON g.id = o.game_id WHERE g.name = :g "
            "AND o.phase = :p AND o.power = 'Venice' AND o.superseded_at IS NULL"),
            {"g": game, "p": phase}).first()
    return [line for line in (row[0] if row else "").splitlines() if line.strip()]
