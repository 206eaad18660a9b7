"""A player seated through the web sets the seat's password for playing by mail (the
service's seat password, which nJudge's SIGN ON checks), on the game page or through the
API, and then plays the seat by mail: SIGN ON, orders, LIST."""

from __future__ import annotations

import re

from web_game import add_user, csrf_of, started_game, web_site

from machiavelli.commands.interpreter import judge_text
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.demo import set_up_demo


def _orders(site: object, game: str, power: str) -> list[str]:
    view = site.judge.view(game, Viewer.master())  # type: ignore[attr-defined]
    assert not isinstance(view, Refused)
    sheet = view.orders.get(power)
    return sheet.lines if sheet is not None else []


def test_a_web_player_sets_the_mail_password_and_signs_on_by_mail(db_url: str) -> None:
    site = web_site(db_url)
    started_game(site, "bymail", {"vera": "Venice", "milo": "Milan"})
    browser = site.sign_in("vera")
    page = browser.get("/games/bymail")
    assert "Playing by mail" in page.text and "SIGN ON vbymail" in page.text
    done = browser.post("/games/bymail/password", data={
        "csrf": csrf_of(page.text), "password": "gondola"})
    assert done.status_code == 200 and "password for playing by mail is set" in done.text
    assert "gondola" not in done.text  # never shown back
    order = site.client.get("/api/v1/games/bymail/legal", headers=site.api("vera")
                            ).json()["orders"]
    line = next(o for unit, opts in sorted(order.items()) for o in opts if " H" in o)
    reply = judge_text(site.judge, "vera.at.sea@example.net",
                       f"SIGN ON vbymail gondola\n{line}\nSIGN OFF\n")
    assert "Signed on as Venice in game 'bymail'" in reply, reply
    assert _orders(site, "bymail", "Venice") == [line]
    wrong = judge_text(site.judge, "vera.at.sea@example.net", "SIGN ON vbymail venezia\n")
    assert "Invalid password" in wrong, wrong
    # setting it again replaces the old password
    again = browser.post("/games/bymail/password", data={
        "csrf": csrf_of(done.text), "password": "venezia"})
    assert again.status_code == 200 and "is set" in again.text
    assert "Signed on as Venice" in judge_text(site.judge, "v@example.net",
                                               "SIGN ON vbymail venezia\n")
    assert "Invalid password" in judge_text(site.judge, "v@example.net",
                                            "SIGN ON vbymail gondola\n")
    site.judge.close()


def test_the_mail_password_through_the_api_and_its_refusals(db_url: str) -> None:
    site = web_site(db_url)
    started_game(site, "apimail", {"milo": "Milan"})
    add_user(site, "nobody")
    said = site.client.post("/api/v1/games/apimail/password", headers=site.api("milo"),
                            json={"password": "duomo"})
    assert said.status_code == 200, said.text
    assert said.json() == {"name": "milo", "role": "player", "sign_on": "SIGN ON iapimail"}
    reply = site.client.post("/api/v1/judge", headers=site.api("nobody"),
                             json={"text": "SIGN ON iapimail duomo\nLIST\n"})
    assert "Signed on as Milan in game 'apimail'" in reply.json()["reply"]
    master = site.client.post("/api/v1/games/apimail/password", headers=site.api("boss"),
                              json={"password": "themaster"})
    assert master.status_code == 200 and master.json()["sign_on"] == "SIGN ON mapimail"
    assert "Signed on as Master" in judge_text(site.judge, "b@example.net",
                                               "SIGN ON mapimail themaster\n")
    blank = site.client.post("/api/v1/games/apimail/password", headers=site.api("milo"),
                             json={"password": "two words"})
    assert blank.status_code == 400 and "letters and digits only" in blank.text
    stranger = site.client.post("/api/v1/games/apimail/password", headers=site.api("nobody"),
                                json={"password": "mine"})
    assert stranger.status_code == 403
    browser = site.sign_in("nobody")
    page = browser.get("/games/apimail")
    assert "Playing by mail" not in page.text
    refused = browser.post("/games/apimail/password", data={
        "csrf": csrf_of(page.text), "password": "mine"})
    assert "you have no seat in apimail" in refused.text
    assert site.client.post("/api/v1/games/apimail/password",
                            json={"password": "x"}).status_code == 401
    site.judge.close()


def test_the_demo_game_is_played_by_mail_under_its_web_name(db_url: str) -> None:
    """Issue 36, item 4: the page says ``SIGN ON ldemo-1454 <password>`` and the mail judge
    takes it (a name longer than 8, with a '-'), in any capitals."""
    site = web_site(db_url)
    demo = set_up_demo(site.judge, "http://127.0.0.1")
    assert demo.game == "demo-1454" and "Florence" in demo.free
    add_user(site, "flora")
    browser = site.sign_in("flora")
    page = browser.get("/games/demo-1454")
    took = browser.post("/games/demo-1454/takeover", data={
        "csrf": csrf_of(page.text), "power": "Florence"})
    assert took.status_code == 200, took.text[:300]
    page = browser.get("/games/demo-1454")
    said = re.search(r"SIGN ON (\w)demo-1454 &lt;password&gt;", page.text)
    assert said, "the page says how to sign on by mail"
    letter = said.group(1)
    done = browser.post("/games/demo-1454/password", data={
        "csrf": csrf_of(page.text), "password": "arno"})
    assert "password for playing by mail is set" in done.text
    order = site.client.get("/api/v1/games/demo-1454/legal", headers=site.api("flora")
                            ).json()["orders"]
    line = next(o for unit, opts in sorted(order.items()) for o in opts if " H" in o)
    reply = judge_text(site.judge, "flora@example.org",
                       f"SIGN ON {letter}demo-1454 arno\n{line}\nSIGN OFF\n")
    assert "Signed on as Florence in game 'demo-1454'" in reply, reply
    assert _orders(site, "demo-1454", "Florence") == [line]
    # capitals as the mail judges write them: still the one game of that name
    assert "Signed on as Florence in game 'demo-1454'" in judge_text(
        site.judge, "flora@example.org", f"SIGN ON {letter.upper()}DEMO-1454 arno\n")
    assert "Observer in game 'demo-1454'" in judge_text(
        site.judge, "watcher@example.org", "OBSERVE Demo-1454 look\n")
    assert "demo-1454" in judge_text(site.judge, "any@example.org", "LIST DEMO-1454\n")
    site.judge.close()


def test_a_web_game_with_capitals_is_found_by_mail_unless_two_differ_in_capitals_only(
        db_url: str) -> None:
    site = web_site(db_url)
    started_game(site, "Big-Game", {"vera": "Venice"})
    reply = judge_text(site.judge, "v@example.org", "SIGN ON vbig-game pw\n")
    assert "No such game" not in reply and "Invalid password" in reply, reply
    started_game(site, "big-game", {"milo": "Milan"})
    twice = judge_text(site.judge, "v@example.org", "SIGN ON vBIG-GAME pw\n")
    assert "Several games are named 'BIG-GAME' but for capitals" in twice, twice
    exact = judge_text(site.judge, "v@example.org", "SIGN ON vBig-Game pw\n")
    assert "Several games" not in exact and "Invalid password" in exact, exact
    site.judge.close()
