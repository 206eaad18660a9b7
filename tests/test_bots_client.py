"""The bot client against the web judge's API, as issue 11 describes it (and the web
branch serves it), played on a stand-in server: an httpx mock transport over an Env."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx

from machiavelli.bots.client import BotClient, agreed
from machiavelli.bots.env import Env
from machiavelli.core.orders import Hold, Move, Pay, UnitRef
from machiavelli.movement.legal_lists import legal_orders as unit_orders
from machiavelli.text.notation import format_order, parse_orders

KEYS = {"key-milan": "Milan", "key-venice": "Venice"}


class StandIn:
    """What the API answers, from one Env; every other power holds."""

    def __init__(self) -> None:
        self.env = Env()
        self.env.reset("classic_1454", seed="client", max_years=1)
        self.texts: dict[str, str] = {}
        self.ready: set[str] = set()
        self.seen_keys: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        key = request.headers.get("Authorization", "").removeprefix("Bearer ")
        self.seen_keys.append(key)
        power = KEYS.get(key)
        if power is None:
            return httpx.Response(401, json={"detail": "unknown or revoked API key"})
        path = request.url.path.removeprefix("/api/v1/games/classic")
        env = self.env
        if request.method == "GET" and path == "":
            return httpx.Response(200, json={
                "status": "finished" if env.done else "playing", "phase": env.phases,
                "scenario": "classic_1454", "viewer": {"role": "player", "power": power},
                "board": env.observation(power).state.to_dict(), "position": "",
                "private": {power: env.observation(power).private}})
        if request.method == "GET" and path == "/legal":
            legal = unit_orders(env.board, env.state(), power)  # type: ignore[arg-type]
            return httpx.Response(200, json={"power": power, "orders": {
                " ".join(k): [format_order(o) for o in opts] for k, opts in legal.items()
                if k[0] != "ally"}})
        body = json.loads(request.content or b"{}")
        if path == "/orders":
            read = parse_orders(body["text"], env.board, env.state(), power)  # type: ignore
            self.texts[power] = body["text"]
            return httpx.Response(200, json={"power": power, "errors": len(read.errors),
                                             "lines": []})
        if path == "/ready":
            self.ready.add(power)
            if self.ready >= {p for p in KEYS.values() if p in env.deciding()}:
                self._process()
            return httpx.Response(200, json={"power": power, "ready": True})
        return httpx.Response(404)

    def _process(self) -> None:
        env = self.env
        orders = {p: parse_orders(t, env.board, env.state(), p).orders  # type: ignore
                  for p, t in self.texts.items()}
        env.step(orders)
        self.texts, self.ready = {}, set()


def client_for(server: StandIn, key: str, bot: str = "greedy") -> BotClient:
    http = httpx.Client(base_url="http://judge.test", transport=httpx.MockTransport(server))
    return BotClient("http://judge.test", key, "classic", bot, seed=1, http=http)


def test_two_bots_play_a_year_through_the_api() -> None:
    server = StandIn()
    bots = [client_for(server, "key-milan"), client_for(server, "key-venice", "random")]
    start = server.env.phases
    for _ in range(12):
        for bot in bots:
            bot.play_once()
    assert server.env.phases > start + 3 and server.env.done
    assert set(server.seen_keys) == {"key-milan", "key-venice"}
    assert not bots[0].play_once()  # the game is over: nothing more to do


def test_a_bot_plays_a_phase_once() -> None:
    server = StandIn()
    bot = client_for(server, "key-milan")
    assert bot.play_once()
    assert "Milan" in server.texts and not bot.play_once()


def test_a_wrong_key_is_an_error_the_run_loop_survives() -> None:
    server = StandIn()
    bot = client_for(server, "key-nobody")
    stop = threading.Event()
    bot.run(stop, every=0.0, polls=2)
    assert server.seen_keys == ["key-nobody", "key-nobody"] and not bot.played


def test_unlisted_unit_orders_fall_back_to_a_listed_one() -> None:
    pav = UnitRef("A", "pav")
    listed: dict[str, Any] = {"unit pav AF": ["A pav H", "A pav - mil"]}
    assert agreed([Move(pav, "rom")], listed) == ["A pav H"]
    assert agreed([Move(pav, "mil"), Pay(3, "bank")], listed) == [
        "A pav - mil", "pay 3 ducats to bank"]
    assert agreed([Hold(UnitRef("F", "gen"))], listed) == []


def test_bots_play_on_the_web_judge_through_its_api(tmp_path: object) -> None:
    """The real web judge (in this process): two bots with API keys play their powers of
    a five-player game, phase after phase, with no line refused."""
    from web_game import add_user, web_site

    from machiavelli.service.visibility import Viewer

    site = web_site(f"sqlite:///{tmp_path}/bots.db")
    for user in ("boss", "bot-milan", "bot-venice"):
        add_user(site, user)
    made = site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "botgame", "scenario": "classic_1454", "players": 5})
    assert made.status_code == 201, made.text
    for user, power in (("bot-milan", "Milan"), ("bot-venice", "Venice")):
        joined = site.client.post("/api/v1/games/botgame/join", headers=site.api(user),
                                  json={"powers": [power]})
        assert joined.status_code == 200, joined.text
    started = site.client.post("/api/v1/games/botgame/master/start",
                               headers=site.api("boss"), json={})
    assert started.status_code == 200, started.text
    bots = [BotClient("http://127.0.0.1", site.keys[user], "botgame", bot, seed=2,
                      http=site.browser())
            for user, bot in (("bot-milan", "greedy"), ("bot-venice", "random"))]
    for _ in range(3):
        assert all(bot.play_once() for bot in bots)
        view = site.judge.view("botgame", Viewer.master())
        assert not isinstance(view, str) and hasattr(view, "orders")
        for power in ("Milan", "Venice"):
            sheet = view.orders[power]
            assert sheet.lines and not sheet.messages, (power, sheet)
        processed = site.client.post("/api/v1/games/botgame/master/process",
                                     headers=site.api("boss"), json={})
        assert processed.status_code == 200, processed.text
    assert view.phase >= 2
    site.judge.close()


def test_a_master_seats_a_bot_on_a_power(tmp_path: object) -> None:
    """The master's `bot` action: a bot user with its own API key takes the power, and
    the server plays it through the API (play_seated, which the server runs every few
    seconds); an unknown bot is refused."""
    from web_game import add_user, web_site

    from machiavelli.service.visibility import Viewer
    from machiavelli.web.seated_bots import play_seated

    site = web_site(f"sqlite:///{tmp_path}/seated.db")
    for user in ("boss", "vera"):
        add_user(site, user)
    made = site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "seated", "scenario": "classic_1454", "players": 5})
    assert made.status_code == 201, made.text
    site.client.post("/api/v1/games/seated/join", headers=site.api("vera"),
                     json={"powers": ["Venice"]})
    assert site.client.post("/api/v1/games/seated/master/start", headers=site.api("boss"),
                            json={}).status_code == 200
    said = site.client.post("/api/v1/games/seated/master/bot", headers=site.api("boss"),
                            json={"power": "Milan", "bot": "greedy"})
    assert said.status_code == 200, said.text
    assert said.json()["said"] == "A greedy bot (bot-greedy-milan) now plays Milan."
    refused = site.client.post("/api/v1/games/seated/master/bot", headers=site.api("boss"),
                               json={"power": "Naples", "bot": "clever"})
    assert refused.status_code in (400, 409, 422) and "greedy" in refused.text
    not_master = site.client.post("/api/v1/games/seated/master/bot", headers=site.api("vera"),
                                  json={"power": "Naples", "bot": "greedy"})
    assert not_master.status_code == 403
    site_state = site.client.app.state.site  # type: ignore[attr-defined]
    [playing] = site_state.bots
    bot = playing.client
    bot.http = site.browser()  # the server's own address, in the test process
    bot.http.headers["Authorization"] = f"Bearer {bot.key}"
    play_seated(site_state)
    view = site.judge.view("seated", Viewer.master())
    assert not isinstance(view, str) and hasattr(view, "orders")
    seats = {s.power: s.name for s in view.seats if s.role == "player"}
    assert seats["Milan"] == "bot-greedy-milan"
    assert view.orders["Milan"].lines and not view.orders["Milan"].messages
    site.judge.close()
