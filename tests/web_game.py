"""A web judge in the test process (Starlette's test client) with a money game under way.

:func:`money_game` makes users, API keys and a five-player classic 1454 game (money,
loans and assassins on): each power borrows a different sum in the first phase, which
is processed, and gives secret orders and a letter to the master in the second, so that
each power has private data only it and the master may see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.app import create_app
from machiavelli.web.sessions import make_api_key, user_named
from machiavelli.web.site import WebConfig, clock

GAME = "secrets"
POWERS = ("Florence", "Milan", "Naples", "Papacy", "Venice")
PASSWORD = "a long password"


@dataclass
class Site:
    judge: Judge
    client: TestClient
    keys: dict[str, str] = field(default_factory=dict)  # user -> API key
    players: dict[str, str] = field(default_factory=dict)  # power -> user

    def browser(self) -> TestClient:
        """A new browser (own cookie jar) on the same application."""
        return TestClient(self.client.app, base_url="http://127.0.0.1")

    def sign_in(self, user: str) -> TestClient:
        browser = self.browser()
        page = browser.get("/login")
        done = browser.post("/login", data={"csrf": csrf_of(page.text), "name": user,
                                            "password": PASSWORD})
        assert done.status_code == 200 and f">{user}</a>" in done.text, done.text[:500]
        return browser

    def api(self, user: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[user]}"} if user else {}


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "no CSRF token on the page"
    return found.group(1)


def web_site(url: str, **config: object) -> Site:
    judge = Judge(url)
    app = create_app(WebConfig(url, sweep_seconds=0, **config), judge)  # type: ignore[arg-type]
    return Site(judge, TestClient(app, base_url="http://127.0.0.1"))


def add_user(site: Site, name: str) -> None:
    made = site.judge.add_user(name, PASSWORD, f"{name}@example.org")
    assert not isinstance(made, Refused), made
    user = user_named(site.judge.db, name)
    assert user is not None
    site.keys[name] = make_api_key(site.judge.db, user.id, "test", clock())


def started_game(site: Site, name: str, players: dict[str, str], **extra: Any) -> None:
    """A game made, joined and started through the API (master: ``boss``)."""
    for user in ("boss", *players):
        if user not in site.keys:
            add_user(site, user)
    made = site.client.post("/api/v1/games", headers=site.api("boss"),
                            json={"name": name, "scenario": "classic_1454", "players": 5,
                                  **extra})
    assert made.status_code == 201, made.text
    assert made.json()["status"] == "forming" and made.json()["viewer"]["role"] == "master"
    for user, power in players.items():
        joined = site.client.post(f"/api/v1/games/{name}/join", headers=site.api(user),
                                  json={"powers": [power]})
        assert joined.status_code == 200 and joined.json()["preferences"] == [power]
    started = site.client.post(f"/api/v1/games/{name}/master/start",
                               headers=site.api("boss"), json={})
    assert started.status_code == 200, started.text


def paused_with_become(site: Site, name: str) -> None:
    """A started game (vera Venice, milo Milan) that its Master paused, then acted for
    Venice: a notice to all and one to Venice's player."""
    started_game(site, name, {"vera": "Venice", "milo": "Milan"})
    boss = site.judge.viewer_for(name, "boss")
    assert not isinstance(boss, Refused)
    assert not isinstance(site.judge.pause(name, boss), Refused)
    assert not isinstance(site.judge.become(name, boss, "Venice"), Refused)


def borrowed(power: str, phase: int) -> str:
    """The secret loan each power asks for (a different sum per power and phase)."""
    return f"borrow {21 + 2 * POWERS.index(power) + phase} ducats for 1 year"


def letter(power: str) -> str:
    return f"SECRET-LETTER-OF-{power.upper()}"


def money_game(url: str) -> Site:
    site = web_site(url)
    from machiavelli.web.creation import new_game

    for name in ("master", "observer", "stranger", *[f"player-{p.lower()}" for p in POWERS]):
        add_user(site, name)
    new = new_game(GAME, "classic_1454@5", [])
    assert not isinstance(new, Refused)
    assert not isinstance(site.judge.create_game(new, master="master", start=False), Refused)
    for power in POWERS:
        user = f"player-{power.lower()}"
        assert not isinstance(site.judge.join(GAME, user, "player", [power]), Refused)
        site.players[power] = user
    assert not isinstance(site.judge.join(GAME, "observer", "observer"), Refused)
    assert not isinstance(site.judge.start(GAME), Refused)
    for phase in (0, 1):
        for power in POWERS:
            actor = Viewer.player(power, site.players[power])
            stored = site.judge.submit_orders(GAME, actor, None, borrowed(power, phase))
            assert not isinstance(stored, Refused) and not stored.errors, stored
        if phase == 0:
            assert not isinstance(site.judge.process(GAME), Refused)
    for power in POWERS:
        sent = site.judge.send_press(GAME, Viewer.player(power, site.players[power]),
                                     ["master"], letter(power))
        assert not isinstance(sent, Refused), sent
    return site
