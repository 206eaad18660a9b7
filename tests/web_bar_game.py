"""A Balance at Risk game played to its end on the web judge by eight people, each with a
seeded bot choosing for them (issue 40, "done when": the classic 1454 game under ``bar``
plays to victory by hand on the web).

The master makes the game on the create form (``POST /games/new``: classic 1454 for 8,
the family flag ``bar``); each player signs up (``/signup``), asks for its power when it
joins (the join form) and makes itself an API key on its account page.  Every phase, each
power that owes orders:

1. reads the position as its seat may see it (``GET /api/v1/games/NAME``, its own key);
2. reads its legal orders from the list the order box's click-to-order reads
   (``GET /games/NAME/legal.json``, its session);
3. lets its bot (greedy or random, :mod:`machiavelli.bots`) choose: a unit order the
   web's list does not hold is left out and recorded (``Seat.unlisted``: the test wants
   none, so the web's list is the one played from); the money orders, which the web lists
   nowhere (a player types them), come from the library's money menu;
4. submits them as the order box does (``POST /games/NAME/orders``, its session and the
   form's CSRF token).

Then the phase's deadline passes and the judge's sweeper processes it.  The game's dice
seed is the only thing set behind the web's back: the form draws a secret one, and the
test needs the one whose course it knows (:data:`SEED`).  :func:`try_seed` plays a seed
in-process (Starlette's test client, half a minute a game), to find another when a change
to the rules or the bots changes the course.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import httpx

from machiavelli.bots.client import BotClient
from machiavelli.bots.menu import legal_orders
from machiavelli.bots.players import Player
from machiavelli.bots.roster import player_named
from machiavelli.bots.view import Observation
from machiavelli.core.orders import Ally, order_key
from machiavelli.core.privacy import is_money_order
from machiavelli.core.state import State
from machiavelli.service.games import find_game
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer
from machiavelli.text.notation import format_order

GAME = "balance-won"
SETUP = "classic_1454@8"
#: the game's dice seed and the bots' (found with :func:`try_seed`)
SEED = "bar8-web-2"
#: who plays which power
PEOPLE = {"anna": "Austria", "fran": "France", "flor": "Florence", "mila": "Milan",
          "nico": "Naples", "pia": "Papacy", "tur": "Turkey", "vera": "Venice"}
BOTS = ("greedy", "random")
PASSWORD = "a long enough password"
MAX_PHASES = 80
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
KEY = re.compile(r'<code id="new-key">([^<]+)</code>')

Client = Callable[[], httpx.Client]


def csrf_of(html: str) -> str:
    found = CSRF.search(html)
    assert found, "no CSRF token on the page"
    return found.group(1)


def bot_of(power: str, bots: tuple[str, ...] = BOTS) -> str:
    """The bots dealt to the powers in the variant's order."""
    return bots[list(PEOPLE.values()).index(power) % len(bots)]


@dataclass
class Person:
    """One person at the web judge: a browser-like client with its session."""

    name: str
    http: httpx.Client
    csrf: str = ""
    key: str = ""

    def form(self, path: str, data: dict[str, str]) -> httpx.Response:
        answer = self.http.post(path, data={"csrf": self.csrf, **data})
        assert answer.status_code < 400, (path, answer.status_code, answer.text[:300])
        return answer

    def api(self, path: str) -> Any:
        answer = self.http.get(f"/api/v1{path}", headers={"Authorization": f"Bearer {self.key}"})
        assert answer.status_code == 200, (path, answer.text[:300])
        return answer.json()


def sign_up(client: Client, name: str) -> Person:
    """``name`` signs up on the sign-up form (signed in after)."""
    http = client()
    page = http.get("/signup")
    done = http.post("/signup", data={"csrf": csrf_of(page.text), "name": name,
                                      "email": "", "password": PASSWORD, "again": PASSWORD})
    assert done.status_code == 200 and f">{name}</a>" in done.text, done.text[:500]
    return Person(name, http, csrf_of(done.text))


def make_key(person: Person) -> None:
    """An API key made on the account page (shown once)."""
    page = person.form("/account/keys", {"label": "my bot"})
    found = KEY.search(page.text)
    assert found, page.text[:2000]
    person.key = found.group(1)


def create(master: Person) -> None:
    """The master's create form: classic 1454 for eight under ``bar``, its defaults."""
    done = master.form("/games/new", {"name": GAME, "setup": SETUP, "flag_bar": "on",
                                      "zone": "UTC", "colours": "white"})
    assert "The game is made" in done.text, done.text[:2000]


def fix_seed(judge: Judge, seed: str) -> None:
    """The one step behind the web's back: the dice seed the course below was found with
    (the form draws a secret one)."""
    with judge.db.writing() as session:
        game = find_game(session, GAME)
        assert game is not None and game.status == "forming"
        game.seed = seed


def join(person: Person, power: str) -> None:
    done = person.form(f"/games/{GAME}/join", {"role": "player", "want": power})
    assert "joined" in done.text, done.text[:2000]


def master_view(judge: Judge) -> GameView:
    view = judge.view(GAME, Viewer.master(), history=True)
    assert isinstance(view, GameView), view
    return view


@dataclass
class Seat:
    """A player and its bot."""

    person: Person
    power: str
    bot: Player
    seed: str
    boards: BotClient = field(init=False)
    unlisted: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:  # the scenario's board, as the API client finds it
        self.boards = BotClient("http://127.0.0.1", self.person.key, GAME,
                                http=httpx.Client())

    def play(self, phase: int) -> list[str]:
        """Its orders for the pending phase, chosen and submitted on the web."""
        view = self.person.api(f"/games/{GAME}")
        assert view["phase"] == phase and view["viewer"]["power"] == self.power
        state = State.from_dict(view["board"])
        board = self.boards.board_for(view["scenario"], state)
        web = self.person.http.get(f"/games/{GAME}/legal.json").json()
        assert web["power"] in (self.power, None) and web["phase"] == phase
        listed = {line for lines in web["orders"].values() for line in lines}
        seen = Observation(self.power, state, report=view.get("position", ""),
                           private=view.get("private", {}).get(self.power, ""))
        rng = random.Random(f"{self.seed}/{self.power}/{phase}")
        chosen = self.bot.choose(board, seen, legal_orders(board, state, self.power), rng)
        lines = []
        for order in chosen:
            text = format_order(order)
            if not (is_money_order(order) or isinstance(order, Ally)) and text not in listed:
                self.unlisted.append(f"{phase}: {text} {order_key(order)}")
                continue
            lines.append(text)
        if not lines:  # nothing to order: the order box's "Ready with no orders"
            done = self.person.form(f"/games/{GAME}/ready", {"wait": "off"})
            assert f"{self.power} is ready" in done.text, done.text[:3000]
            return lines
        done = self.person.form(f"/games/{GAME}/orders", {"orders": "\n".join(lines)})
        flash = re.search(r'<p class="flash[^"]*"[^>]*>([^<]*)</p>', done.text)
        assert flash and f"{self.power}: " in flash.group(1), (lines, done.text[:3000])
        assert "Refused" not in flash.group(1), (lines, flash.group(1))
        return lines


def deadline_of(view: GameView) -> datetime:
    clock = view.clock.get("clock")
    assert isinstance(clock, dict) and clock.get("deadline"), view.clock
    return datetime.fromisoformat(str(clock["deadline"]))


def play_out(judge: Judge, seats: dict[str, Seat], max_phases: int = MAX_PHASES,
             after: Callable[[GameView, GameView], None] | None = None) -> GameView:
    """Every phase played on the web and processed by the sweeper at its deadline, until
    the game ends (or ``max_phases``); the last view."""
    view = master_view(judge)
    for _ in range(max_phases):
        if view.status != "playing":
            break
        owing = view.decision.seats if view.decision else ()
        for power in owing:
            seats[power].play(view.phase)
        swept = judge.sweep([GAME], now=deadline_of(view))
        assert swept and not isinstance(swept[0], Refused), swept
        later = master_view(judge)
        assert later.phase == view.phase + 1, (f"{view.label} was not processed", swept,
                                               later.status, later.clock, view.clock)
        if after is not None:
            after(view, later)
        view = later
    return view


def set_up_game(client: Client, judge: Judge, seed: str = SEED,
                bots: tuple[str, ...] = BOTS) -> tuple[Person, dict[str, Seat]]:
    """The master's game made, joined by eight people, started: the master and the seats."""
    master = sign_up(client, "boss")
    create(master)
    fix_seed(judge, seed)
    seats = {}
    for name, power in PEOPLE.items():
        person = sign_up(client, name)
        join(person, power)
        make_key(person)
        seats[power] = Seat(person, power, player_named(bot_of(power, bots)), seed)
    page = master.http.get(f"/games/{GAME}/master")
    assert page.status_code == 200
    started = master.form(f"/games/{GAME}/master/start", {})
    assert "has started" in started.text, started.text[:2000]
    return master, seats


def try_seed(seed: str, folder: str, bots: tuple[str, ...] = BOTS) -> GameView:
    """The game of ``seed`` played whole in-process, on an SQLite file in ``folder``: the
    master's last view (its status, winners and history say how it went)."""
    from fastapi.testclient import TestClient

    from machiavelli.web.app import create_app
    from machiavelli.web.site import WebConfig

    url = f"sqlite:///{folder}/judge.db"
    with Judge(url) as judge:
        app = create_app(WebConfig(url, sweep_seconds=0), judge)
        _, seats = set_up_game(lambda: TestClient(app, base_url="http://127.0.0.1"), judge,
                               seed, bots)
        return play_out(judge, seats)
