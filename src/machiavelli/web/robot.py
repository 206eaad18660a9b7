"""A simple bot: an ordinary API client with an API key, playing random legal orders.

It knows nothing of the judge's insides: it reads its view of the game
(``GET /api/v1/games/{game}``), asks for its legal orders (``GET .../legal``), sends one
drawn at random for each unit (``POST .../orders``) and says it is ready
(``POST .../ready``), once a phase.  Any program can do the same with its own key; the
bots package will bring cleverer ones.
"""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass, field

import httpx

log = logging.getLogger("machiavelli.web.robot")


@dataclass
class Robot:
    """One bot: its server, key and game; ``played`` remembers the phases it has done."""

    base_url: str
    key: str
    game: str
    seed: int = 0
    played: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=30.0,
                            headers={"Authorization": f"Bearer {self.key}"})

    def play_once(self, client: httpx.Client) -> bool:
        """Orders and readiness for the pending phase, if not given yet; True if it played."""
        view = client.get(f"/api/v1/games/{self.game}").raise_for_status().json()
        power = view["viewer"]["power"]
        if view["status"] != "playing" or power is None or view["phase"] in self.played:
            return False
        if power in view["board"].get("eliminated", []):
            return False
        legal = client.get(f"/api/v1/games/{self.game}/legal").raise_for_status().json()
        lines = [self.rng.choice(options) for unit, options in sorted(legal["orders"].items())
                 if options and not unit.startswith("ally")]
        client.post(f"/api/v1/games/{self.game}/orders",
                    json={"text": "\n".join(lines), "replace": True}).raise_for_status()
        client.post(f"/api/v1/games/{self.game}/ready", json={"ready": True}).raise_for_status()
        self.played.add(view["phase"])
        return True


def run_robots(robots: list[Robot], stop: threading.Event, every: float = 3.0) -> None:
    """Play until ``stop`` is set, looking at the game every ``every`` seconds."""
    clients = [r.client() for r in robots]
    try:
        while not stop.is_set():
            for robot, client in zip(robots, clients, strict=True):
                try:
                    robot.play_once(client)
                except (httpx.HTTPError, KeyError, ValueError) as err:
                    log.warning("bot in %s: %s", robot.game, err)
            stop.wait(every)
    finally:
        for client in clients:
            client.close()
