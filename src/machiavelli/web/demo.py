"""The demo game ``make run`` serves: classic 1454, six powers held by bots, two free.

:func:`set_up_demo` makes (or finds again) the game ``demo-1454`` in the web judge's
database: its master ``demo-master``, a user and an API key for each bot, the bots
seated on six powers, and a first two phases already played (the free powers hold).
The deadlines are short (movement 12 minutes, retreats and adjustments 6, no grace,
NMR), so an unplayed power goes into civil disorder at the first deadline and from
then on the game moves on a minute or so after everyone with a player is in.  A
visitor who takes a free power is waited for until the deadline.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass

from machiavelli.service.games import NewGame, Settings
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
                "'Play'." if self.free else f"Demo: the game {self.game} is playing.")


def _bot_name(power: str) -> str:
    return f"bot-{power.lower()}"


def set_up_demo(judge: Judge, base_url: str, seed: int = 1454) -> Demo:
    """The demo game (made if missing) and a bot for each power it seats."""
    now = clock()
    if GAME not in judge.game_names(everything=True):
        settings = Settings(deadlines=DEADLINES)
        made = judge.create_game(NewGame(GAME, SCENARIO, seed=str(seed), settings=settings),
                                 master=MASTER, start=True, now=now)
        if isinstance(made, Refused):
            raise RuntimeError(made.reason)
        for power in made.powers:
            if power not in FREE:
                if user_named(judge.db, _bot_name(power)) is None:
                    judge.add_user(_bot_name(power), None, None, now)
                judge.take_over(GAME, _bot_name(power), power, now=now)
        _play_first_phases(judge, seed, 2)
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


def _play_first_phases(judge: Judge, seed: int, phases: int) -> None:
    """A start with history: the bots' powers play random orders, the free ones hold."""
    rng = random.Random(seed)
    master = Viewer.master(MASTER)
    for _ in range(phases):
        view = judge.view(GAME, master)
        if isinstance(view, Refused):
            return
        for power, lines in Judge.random_orders(view, rng).items():
            if power not in FREE and lines:
                judge.submit_orders(GAME, master, power, "\n".join(lines))
        judge.process(GAME, who=MASTER)
