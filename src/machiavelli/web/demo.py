"""The demo game ``make run`` serves: classic 1454, six powers held by bots, two free.

:func:`set_up_demo` makes (or finds again) the game ``demo-1454`` in the web judge's
database: its master ``demo-master``, a user and an API key for each bot, the bots
seated on six powers.  Its first phase, Spring 1454 movement, waits for a human: it is
processed by the master only (``manual_process``) until a visitor takes a free power
(:func:`wake`, which the server runs every few seconds: :func:`watch`), so that the first
visitor plays the opening.  From then on the deadlines are short (movement 12 minutes
from the visitor's arrival, retreats and adjustments 6, no grace, NMR): the other free
power goes into civil disorder at the first deadline, and the game moves on a minute or
so after everyone with a player is in.
"""

from __future__ import annotations

import threading
import zlib
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from machiavelli.service.games import NewGame, Settings
from machiavelli.service.house.deadlines import set_deadline
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.robot import Robot
from machiavelli.web.sessions import make_api_key, user_named
from machiavelli.web.site import clock

GAME = "demo-1454"
SCENARIO = "classic_1454"
MASTER = "demo-master"
FREE = ("Florence", "Venice")  # the seats a visitor may take
DAYS = "SMTWTFS"
DEADLINES = {
    "movement": {"next": 0.2, "grace": 0.0, "delay": 0.02, "min": 0.0, "clock": -1,
                 "days": DAYS},
    "retreat": {"next": 0.1, "grace": 0.0, "delay": 0.01, "min": 0.0, "clock": -1,
                "days": DAYS},
    "adjustment": {"next": 0.1, "grace": 0.0, "delay": 0.01, "min": 0.0, "clock": -1,
                   "days": DAYS},
    "nmr": True,
}
#: the first phase: the same, processed by the master only until a visitor plays
WAITING = {**DEADLINES, "manual_process": True}


@dataclass
class Demo:
    game: str
    free: list[str]
    robots: list[Robot]

    @property
    def announce(self) -> str:
        seats = " and ".join(self.free)
        return (f"Demo: the game {self.game} is playing; bots hold six powers. "
                f"{seats} are yours to take: sign up, open {self.game} and press "
                "'Play' (the first phase waits for you)." if self.free
                else f"Demo: the game {self.game} is playing.")


def _bot_name(power: str) -> str:
    return f"bot-{power.lower()}"


def set_up_demo(judge: Judge, base_url: str, seed: int = 1454) -> Demo:
    """The demo game (made if missing) and a bot for each power it seats."""
    now = clock()
    if GAME not in judge.game_names(everything=True):
        settings = Settings(deadlines=WAITING)
        made = judge.create_game(NewGame(GAME, SCENARIO, seed=str(seed), settings=settings),
                                 master=MASTER, start=True, now=now)
        if isinstance(made, Refused):
            raise RuntimeError(made.reason)
        for power in made.powers:
            if power not in FREE:
                if user_named(judge.db, _bot_name(power)) is None:
                    judge.add_user(_bot_name(power), None, None, now)
                judge.take_over(GAME, _bot_name(power), power, now=now)
    view = judge.view(GAME, Viewer.master())
    if isinstance(view, Refused):
        raise RuntimeError(view.reason)
    robots = []
    for seat in view.seats:
        if seat.role == "player" and seat.name.startswith("bot-"):
            user = user_named(judge.db, seat.name)
            if user is not None:
                key = make_api_key(judge.db, user.id, "demo bot", clock())
                robots.append(Robot(base_url, key, GAME, seed=zlib.crc32(seat.name.encode())))
    taken = {s.power for s in view.seats if s.role == "player"}
    free = [p for p in view.powers if p not in taken and p not in view.eliminated]
    return Demo(GAME, free, robots)


def wake(judge: Judge, now: datetime | None = None) -> bool:
    """The demo's first phase stops waiting once a visitor plays a power: the short
    deadlines apply, the first one 12 minutes from ``now``.  Whether it woke now."""
    settings = judge.settings(GAME)
    if isinstance(settings, Refused) or not settings.deadlines.get("manual_process"):
        return False
    master = Viewer.master(MASTER)
    view = judge.view(GAME, master)
    if isinstance(view, Refused) or not any(
            s.role == "player" and s.power and not s.name.startswith("bot-")
            for s in view.seats):
        return False
    moment = now or clock()
    woke = judge.change_settings(GAME, master, lambda s, _: replace(s, deadlines=DEADLINES),
                                 now=moment)
    if isinstance(woke, Refused):
        return False
    first = moment + timedelta(hours=float(DEADLINES["movement"]["next"]))  # type: ignore[index]
    judge.change_clock(GAME, master, lambda c, policy, kind: set_deadline(
        c, first, policy, kind, moment), now=moment)
    return True


def watch(judge: Judge, stop: threading.Event, every: float = 2.0) -> None:
    """:func:`wake` every ``every`` seconds until it wakes the demo or ``stop`` is set."""
    while not stop.is_set() and not wake(judge):
        stop.wait(every)
