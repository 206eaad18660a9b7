"""Bots a master seats are kept in the database (web_seated_bots): a server started again
on the same database plays them again; a bot stops when the master unseats it, when its
seat is no longer its own, and when its game is over."""

from __future__ import annotations

import time

import httpx
from sqlalchemy import select
from web_game import add_user, web_site
from web_live import LiveServer

from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.seated_bots import play_seated, seated_rows
from machiavelli.web.sessions import user_of_key
from machiavelli.web.tables import ApiKey, SeatedBot

PASSWORD = "a long password"


def _orders_of(server: LiveServer, game: str, power: str, phase: int,
               within: float = 30.0) -> list[str]:
    """The orders ``power`` has stored for ``phase``, once it has (waiting up to ``within``)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        view = server.judge.view(game, Viewer.master())
        assert not isinstance(view, Refused)
        sheet = view.orders.get(power)
        if view.phase == phase and sheet is not None and sheet.lines:
            return sheet.lines
        time.sleep(0.1)
    raise AssertionError(f"{power} gave no orders for phase {phase} in {within} s")


def _key(server: LiveServer, name: str) -> str:
    from machiavelli.web.sessions import make_api_key, user_named
    from machiavelli.web.site import clock

    if user_named(server.judge.db, name) is None:
        made = server.judge.add_user(name, PASSWORD, f"{name}@example.org")
        assert not isinstance(made, Refused)
    user = user_named(server.judge.db, name)
    assert user is not None
    return make_api_key(server.judge.db, user.id, "test", clock())


def test_a_seated_bot_plays_again_after_the_server_restarts(db_url: str) -> None:
    with LiveServer(db_url, bot_seconds=0.2, embedded_worker=True) as first:
        boss = {"Authorization": f"Bearer {_key(first, 'boss')}"}
        vera = {"Authorization": f"Bearer {_key(first, 'vera')}"}
        with httpx.Client(base_url=first.base, timeout=30) as web:
            assert web.post("/api/v1/games", headers=boss, json={
                "name": "kept", "scenario": "classic_1454", "players": 5}).status_code == 201
            assert web.post("/api/v1/games/kept/join", headers=vera,
                            json={"powers": ["Venice"]}).status_code == 200
            assert web.post("/api/v1/games/kept/master/start", headers=boss,
                            json={}).status_code == 200
            said = web.post("/api/v1/games/kept/master/bot", headers=boss,
                            json={"power": "Milan", "bot": "greedy"})
            assert said.status_code == 200, said.text
        assert _orders_of(first, "kept", "Milan", 0)
        [row] = seated_rows(first.app.state.site)
        first_key = row.key_id
    # the server is gone; the next one, a new application on the same database
    with LiveServer(db_url, bot_seconds=0.2, embedded_worker=True) as second:
        assert not isinstance(second.judge.process("kept", who="boss"), Refused)
        assert _orders_of(second, "kept", "Milan", 1)  # the bot plays the next phase
        site = second.app.state.site
        [row] = seated_rows(site)
        assert row.key_id == first_key  # the same key (issue 38): derived, not rotated
        with second.judge.db.reading() as session:
            kept = session.get(ApiKey, first_key)
            assert kept is not None and not kept.revoked
        assert [p.power for p in site.bots] == ["Milan"]
    with LiveServer(db_url, bot_seconds=0) as third:
        assert seated_rows(third.app.state.site)[0].ended_at is None  # still seated


def test_the_master_unseats_a_bot_and_the_power_is_free(db_url: str) -> None:
    site = web_site(db_url)
    for user in ("boss", "vera"):
        add_user(site, user)
    made = site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "unseat", "scenario": "classic_1454", "players": 5})
    assert made.status_code == 201, made.text
    site.client.post("/api/v1/games/unseat/join", headers=site.api("vera"),
                     json={"powers": ["Venice"]})
    site.client.post("/api/v1/games/unseat/master/start", headers=site.api("boss"), json={})
    said = site.client.post("/api/v1/games/unseat/master/bot", headers=site.api("boss"),
                            json={"power": "Milan", "bot": "random"})
    assert said.status_code == 200, said.text
    web = site.client.app.state.site  # type: ignore[attr-defined]
    key = web.bots[0].client.key
    assert user_of_key(site.judge.db, key) is not None
    refused = site.client.post("/api/v1/games/unseat/master/unseat", headers=site.api("vera"),
                               json={"power": "Milan"})
    assert refused.status_code == 403
    none_there = site.client.post("/api/v1/games/unseat/master/unseat",
                                  headers=site.api("boss"), json={"power": "Naples"})
    assert none_there.status_code == 400 and "no bot plays Naples" in none_there.text
    done = site.client.post("/api/v1/games/unseat/master/unseat", headers=site.api("boss"),
                            json={"power": "Milan"})
    assert done.status_code == 200, done.text
    assert done.json()["said"] == "The random bot no longer plays Milan: Milan is free."
    assert web.bots == [] and seated_rows(web) == []
    assert user_of_key(site.judge.db, key) is None  # its key is revoked
    game = site.client.get("/api/v1/games/unseat", headers=site.api("vera")).json()
    assert "Milan" in game["free_powers"]
    with site.judge.db.reading() as session:
        [row] = session.scalars(select(SeatedBot))
        assert row.ended_how == "unseated"
    site.judge.close()


def test_the_console_lists_the_bots_and_unseats_one(tmp_path: object) -> None:
    from web_game import csrf_of

    site = web_site(f"sqlite:///{tmp_path}/console.db")
    for user in ("boss", "vera"):
        add_user(site, user)
    site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "console", "scenario": "classic_1454", "players": 5})
    site.client.post("/api/v1/games/console/join", headers=site.api("vera"),
                     json={"powers": ["Venice"]})
    site.client.post("/api/v1/games/console/master/start", headers=site.api("boss"), json={})
    browser = site.sign_in("boss")
    page = browser.get("/games/console/master")
    seated = browser.post("/games/console/master/bot", data={
        "csrf": csrf_of(page.text), "power": "Naples", "bot": "hold"})
    assert seated.status_code == 200 and "now plays Naples" in seated.text
    assert "Unseat the bot" in seated.text and "Naples (hold)" in seated.text
    unseated = browser.post("/games/console/master/unseat", data={
        "csrf": csrf_of(seated.text), "power": "Naples"})
    assert unseated.status_code == 200 and "no longer plays Naples" in unseated.text
    assert "Unseat the bot" not in unseated.text
    site.judge.close()


def test_a_bot_stops_when_its_seat_is_left_or_its_game_is_over(db_url: str) -> None:
    site = web_site(db_url)
    for user in ("boss", "vera"):
        add_user(site, user)
    site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "ends", "scenario": "classic_1454", "players": 5})
    site.client.post("/api/v1/games/ends/join", headers=site.api("vera"),
                     json={"powers": ["Venice"]})
    site.client.post("/api/v1/games/ends/master/start", headers=site.api("boss"), json={})
    for power in ("Milan", "Naples"):
        assert site.client.post("/api/v1/games/ends/master/bot", headers=site.api("boss"),
                                json={"power": power, "bot": "hold"}).status_code == 200
    web = site.client.app.state.site  # type: ignore[attr-defined]
    for playing in web.bots:  # the bots talk to the application in the test process
        playing.client.http = site.browser()
        playing.client.http.headers["Authorization"] = f"Bearer {playing.client.key}"
    ejected = site.client.post("/api/v1/games/ends/master/eject", headers=site.api("boss"),
                               json={"who": "bot-hold-milan"})
    assert ejected.status_code == 200, ejected.text
    play_seated(web)
    assert [p.power for p in web.bots] == ["Naples"]  # Milan's seat is no longer its own
    assert not isinstance(site.judge.terminate("ends", Viewer.master("boss")), Refused)
    play_seated(web)
    assert web.bots == [] and seated_rows(web) == []
    with site.judge.db.reading() as session:
        hows = {r.power: r.ended_how for r in session.scalars(select(SeatedBot))}
    assert hows == {"Milan": "seat left", "Naples": "game over"}
    site.judge.close()
