"""A started classic 1454 game for the map's tests: ``boss`` is its master, ``vera``
plays Venice (the others nobody), made through the service."""

from __future__ import annotations

import random
from dataclasses import replace

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.creation import new_game
from machiavelli.web.sessions import make_api_key, user_named
from machiavelli.web.site import clock

PASSWORD = "a long password"


def add_user(judge: Judge, name: str) -> str:
    """A user with the test password; its API key."""
    made = judge.add_user(name, PASSWORD, f"{name}@example.org")
    assert not isinstance(made, Refused), made
    user = user_named(judge.db, name)
    assert user is not None
    return make_api_key(judge.db, user.id, "test", clock())


def map_game(judge: Judge, name: str, players: dict[str, str], setup: str = "classic_1454@5",
             seed: str | None = None) -> dict[str, str]:
    """``name`` made by ``boss``, ``players`` (user -> power) seated, started; the API keys
    (of the users not made before)."""
    keys = {user: add_user(judge, user) for user in ("boss", *players)
            if user_named(judge.db, user) is None}
    made = new_game(name, setup, [])
    assert not isinstance(made, Refused), made
    made = replace(made, seed=seed)
    assert not isinstance(judge.create_game(made, master="boss", start=False), Refused)
    for user, power in players.items():
        assert not isinstance(judge.join(name, user, "player", [power]), Refused)
    assert not isinstance(judge.start(name), Refused)
    return keys


def play_to(judge: Judge, name: str, phase: str, seed: int = 3) -> None:
    """Random legal orders for every power, processed, until the pending phase's label
    ends with ``phase`` (``adjustment``), at most a year."""
    rng = random.Random(seed)
    master = Viewer.master()
    for _ in range(8):
        view = judge.view(name, master)
        assert not isinstance(view, Refused)
        if view.label.endswith(phase):
            return
        for power, lines in Judge.random_orders(view, rng).items():
            judge.submit_orders(name, master, power, "\n".join(lines))
        assert not isinstance(judge.process(name), Refused)
    raise AssertionError(f"no {phase} within a year")
