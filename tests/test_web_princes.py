"""A Princes of the Renaissance game on the web judge (spec princes.md section 4.6, issue
35 item 5): made through the API, played through the Judge, and read by every role
through the game page, its live fragment and the JSON API.

Privacy per role (PR-GEN.4, section 4.6's table): a seat's sealed order bid, its gold and
influence in a closed-money game, its traitor cards and its private part are on its own
page and answers and the master's, never on another seat's, an observer's, a signed-in
stranger's or the public's.  Bad input on the pages changes nothing and says why.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from fastapi.testclient import TestClient
from web_game import Site, add_user, csrf_of, web_site

from machiavelli.service.refusal import Refused
from machiavelli.service.sheets import Stored
from machiavelli.service.visibility import GameView, Viewer

GAME = "pg"
USERS = ("boss", "ann", "bob", "cy", "olga", "stranger")
FREE = ("EXCHANGE", "GIVE", "STEAL", "TAKE FREE TRAITOR", "DECLARE WAR")
SEALED = {"ann": 37, "bob": 11, "cy": 3}


def princes_site(tmp_path: object) -> tuple[Site, dict[str, str]]:
    site = web_site(f"sqlite:///{tmp_path}/princes.db")
    for user in USERS:
        add_user(site, user)
    made = site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": GAME, "kind": "princes", "scenario": "princes_A", "players": 3})
    assert made.status_code == 201, made.text
    assert made.json()["title"].startswith("Princes of the Renaissance")
    for user in ("ann", "bob", "cy"):
        joined = site.client.post(f"/api/v1/games/{GAME}/join", headers=site.api(user),
                                  json={})
        assert joined.status_code == 200, joined.text
    site.client.post(f"/api/v1/games/{GAME}/join", headers=site.api("olga"),
                     json={"role": "observer"})
    started = site.client.post(f"/api/v1/games/{GAME}/master/start",
                               headers=site.api("boss"), json={})
    assert started.status_code == 200, started.text
    seats = {s.name: s.power for s in master(site).seats if s.role == "player"}
    return site, {n: p for n, p in seats.items() if p}


def master(site: Site) -> GameView:
    view = site.judge.view(GAME, Viewer.master())
    assert isinstance(view, GameView), view
    return view


def readers(site: Site) -> dict[str, tuple[TestClient, dict[str, str]]]:
    """Every role's browser (signed in) and API headers; the public has neither."""
    out = {user: (site.sign_in(user), site.api(user)) for user in USERS}
    out["public"] = (site.browser(), {})
    return out


def everything(site: Site, browser: TestClient, api: dict[str, str]) -> str:
    """All a reader is given of the game: the page, the live fragment, the API's view,
    its history and its notices."""
    parts = [browser.get(f"/games/{GAME}").text,
             browser.get(f"/games/{GAME}/live").text,
             site.client.get(f"/api/v1/games/{GAME}?history=true", headers=api).text,
             site.client.get(f"/api/v1/games/{GAME}/phases", headers=api).text]
    return "\n".join(parts)


def test_a_sealed_order_bid_is_its_seats_own_until_the_window_closes(tmp_path: object
                                                                     ) -> None:
    site, seats = princes_site(tmp_path)
    ann = seats["ann"]
    stored = site.judge.submit_orders(GAME, Viewer.player(ann, "ann"), None,
                                      f"ORDER BID {SEALED['ann']}")
    assert isinstance(stored, Stored) and not stored.errors
    line = f"ORDER BID {SEALED['ann']}"
    for role, (browser, api) in readers(site).items():
        seen = everything(site, browser, api)
        view = site.client.get(f"/api/v1/games/{GAME}", headers=api).json()
        if role in ("ann", "boss"):
            assert line in seen, role
            assert view["orders"][ann]["lines"] == [line]
        else:
            assert line not in seen, role
            assert ann not in view["orders"] and ann not in view["board"]["bids"], role
    page = site.sign_in("ann").get(f"/games/{GAME}").text
    assert "Your sealed answer is in" in page and "hidden-bid" in page


def test_gold_influence_and_cards_are_their_seats_own(tmp_path: object) -> None:
    """Played (random legal answers, through the Judge) until a seat holds traitor
    cards; then each reader is given its own seat's secrets only."""
    site, seats = princes_site(tmp_path)
    draw = random.Random(5)
    holder = None
    for _ in range(400):
        view = master(site)
        holder = next((f for f in view.state["board"]["families"] if f["hand"]), None)
        if holder is not None and view.decision is not None:
            break
        assert view.decision is not None, (view.status, view.phase, view.label)
        for seat in view.decision.seats:
            actor = Viewer.player(seat, next(n for n, s in seats.items() if s == seat))
            found = site.judge.legal(GAME, actor, seat)
            assert not isinstance(found, Refused), found
            lines = [c.line for c in found if not c.line.startswith(FREE)]
            line = "BUY TRAITOR" if "BUY TRAITOR" in lines else draw.choice(lines)
            assert isinstance(site.judge.submit_orders(GAME, actor, None, line), Stored)
        if view.decision.simultaneous:
            assert not isinstance(site.judge.process(GAME), Refused)
    assert holder is not None
    seat = holder["seat"]
    owner = next(n for n, s in seats.items() if s == seat)
    secret_panel = f"<h2>{holder['title']}: private</h2>"
    for role, (browser, api) in readers(site).items():
        seen = everything(site, browser, api)
        data = site.client.get(f"/api/v1/games/{GAME}", headers=api).json()
        family = next(f for f in data["board"]["board"]["families"] if f["seat"] == seat)
        raw = data["board"]["seats"][seat]  # the engine's view beside the words
        if role in (owner, "boss"):
            assert family["hand"] == holder["hand"] and family["gold"] == holder["gold"]
            assert seat in data["private"]
            if role == owner:
                assert secret_panel in seen
        else:
            assert family["hand"] is None and family["gold"] is None, role
            assert family["influence"] is None and family["drawn"] is None, role
            assert raw.get("traitors") is None and raw.get("gold") is None, role
            assert seat not in data["private"] and seat not in data["orders"], role
            assert secret_panel not in seen, role
            row = re.search(rf'<tr id="family-{seat}".*?</tr>', seen, re.S)
            assert row is not None and row.group(0).count(">hidden<") == 2, role
            for phase in json.loads(site.client.get(f"/api/v1/games/{GAME}/phases",
                                                    headers=api).text):
                assert seat not in phase["private"] and seat not in phase["orders"], role
        assert family["traitor_count"] == len(holder["hand"])  # the count is public
    other = next(s for s in seats.values() if s != seat)
    asked = site.client.get(f"/api/v1/games/{GAME}/legal?power={seat}",
                            headers=site.api(next(n for n, s in seats.items() if s == other)))
    assert asked.status_code == 403


def test_the_pages_refuse_bad_input_and_change_nothing(tmp_path: object) -> None:
    site, seats = princes_site(tmp_path)
    ann = site.sign_in("ann")
    page = ann.get(f"/games/{GAME}").text
    token = csrf_of(page)
    before = master(site).phase
    for form in ({"orders": "ORDER BID " + "9" * 5000}, {"orders": "BID twelve"},
                 {"template": "ORDER BID {n}", "amount": "-3"},
                 {"template": "ORDER BID {n}", "amount": "99"},
                 {"line": "BUY TROOP elephants"}):
        done = ann.post(f"/games/{GAME}/act", data={"csrf": token, **form})
        assert done.status_code == 200 and 'class="flash bad"' in done.text, form
        assert master(site).phase == before and not master(site).orders
    bob = site.sign_in("bob")
    out_of_turn = bob.post(f"/games/{GAME}/act", data={"csrf": csrf_of(
        bob.get(f"/games/{GAME}").text), "line": "PASS TURN"})
    assert 'class="flash bad"' in out_of_turn.text
    checked = ann.post(f"/games/{GAME}/check", data={"csrf": token,
                                                     "orders": "ORDER BID 5\nBUY TROOP x"})
    assert checked.text.count('class="ok"') == 1 and checked.text.count('class="bad"') == 1
    boss = site.sign_in("boss")
    made = boss.post("/games/new/princes", data={
        "csrf": csrf_of(boss.get("/games/new/princes").text),
        "name": "p2", "setup": "princes_A", "players": "7"})
    assert made.status_code == 400 and "3 to 6 players" in made.text


def test_a_princes_game_is_listed_and_made_from_the_pages(tmp_path: object) -> None:
    site, _ = princes_site(tmp_path)
    boss = site.sign_in("boss")
    lobby = boss.get("/").text
    assert "/games/new/princes" in lobby and f">{GAME}</a>" in lobby
    form: dict[str, Any] = {"csrf": csrf_of(boss.get("/games/new/princes").text),
                            "name": "beginners", "setup": "princes_beginner",
                            "players": "4", "open_money": "on", "bid_hours": "0.5",
                            "bank_hours": "2"}
    made = boss.post("/games/new/princes", data=form)
    assert made.status_code == 200 and "The game is made" in made.text
    view = site.judge.view("beginners", Viewer.master())
    assert isinstance(view, GameView) and view.kind == "princes" and view.players == 4
    settings = site.judge.settings("beginners")
    assert not isinstance(settings, Refused)
    assert settings.deadlines["bid"]["next"] == 0.5 and settings.deadlines["bank_hours"] == 2
    for user in ("ann", "bob", "cy", "olga"):
        site.judge.join("beginners", user, "player")
    assert not isinstance(site.judge.start("beginners"), Refused)
    page = site.sign_in("ann").get("/games/beginners").text
    assert "Time bank left this decade:" in page and "2 h 00 min" in page


def test_the_command_language_through_post_api_v1_judge(tmp_path: object) -> None:
    """``POST /api/v1/judge``: a seat signs on by its number with the password it set
    through the API, and answers in the Princes command language."""
    site, seats = princes_site(tmp_path)
    ann, bob = seats["ann"], seats["bob"]
    set_to = site.client.post(f"/api/v1/games/{GAME}/password", headers=site.api("ann"),
                              json={"password": "annpw"})
    assert set_to.status_code == 200 and set_to.json()["sign_on"] == f"SIGN ON {ann[1:]}{GAME}"
    said = site.client.post("/api/v1/judge", headers=site.api("ann"), json={
        "text": f"SIGN ON {ann[1:]}{GAME} annpw\nORDER BID 6\nBUY TROOP pikemen\nLIST"})
    reply = said.json()["reply"]
    assert f"Signed on as {ann}" in reply and f"Accepted for {ann}" in reply
    assert "Waiting for: Start: order bid by all" in reply and "Provisional values" in reply
    assert "> BUY TROOP pikemen" in reply  # refused in the order bids, with its reason
    assert master(site).orders[ann].lines == ["ORDER BID 6"]
    wrong = site.client.post("/api/v1/judge", headers=site.api("bob"), json={
        "text": f"SIGN ON {ann[1:]}{GAME} guess\nORDER BID 40"})
    assert "Invalid password" in wrong.json()["reply"]
    assert bob not in master(site).orders and master(site).orders[ann].lines == ["ORDER BID 6"]


def test_standing_orders_on_the_page_are_their_seats_own(tmp_path: object) -> None:
    """Spec 4.4.6 and 4.6: standing orders and SET REACT are seen by their seat and the
    master only; CLEAR on the page drops them."""
    site, seats = princes_site(tmp_path)
    ann = site.sign_in("ann")
    token = csrf_of(ann.get(f"/games/{GAME}").text)
    done = ann.post(f"/games/{GAME}/act", data={
        "csrf": token, "orders": "BID UP TO 23 ON POPE\nSET REACT AUTO"})
    assert "standing orders: BID UP TO 23 ON POPE; SET REACT AUTO" in done.text
    assert "<code>BID UP TO 23 ON POPE</code>" in ann.get(f"/games/{GAME}").text
    for role, (browser, api) in readers(site).items():
        if role not in ("ann", "boss"):
            assert "BID UP TO 23" not in everything(site, browser, api), role
            assert "<li><code>SET REACT AUTO</code></li>" not in browser.get(
                f"/games/{GAME}").text, role
    checked = ann.post(f"/games/{GAME}/check", data={"csrf": token,
                                                     "orders": "PASS ALL AUCTIONS"})
    assert 'class="ok"' in checked.text and 'class="bad"' not in checked.text
    ann.post(f"/games/{GAME}/act", data={"csrf": token, "line": "CLEAR"})
    assert site.judge.standing_orders(GAME, Viewer.master(), seats["ann"]) == ()


def test_the_api_acts_and_keeps_standing_orders(tmp_path: object) -> None:
    """Spec 4.6's JSON API: ``POST .../act`` answers with the decision pending after it,
    ``GET .../standing`` gives the caller's standing orders (no one else's)."""
    site, seats = princes_site(tmp_path)
    ann, bob = site.api("ann"), site.api("bob")
    done = site.client.post(f"/api/v1/games/{GAME}/act", headers=ann,
                            json={"text": "ORDER BID 4\nPASS ALL AUCTIONS"})
    assert done.status_code == 200, done.text
    body = done.json()
    assert body["stored"] == ["ORDER BID 4"] and body["standing"] == ["PASS ALL AUCTIONS"]
    assert body["pending"]["kind"] == "order_bid" and body["resolved"] == ""
    bad = site.client.post(f"/api/v1/games/{GAME}/act", headers=bob, json={"text": "BID x"})
    assert bad.status_code == 400 and "refused" in bad.json()["detail"]
    mine = site.client.get(f"/api/v1/games/{GAME}/standing", headers=ann).json()
    assert mine == {"seat": seats["ann"], "standing": ["PASS ALL AUCTIONS"]}
    assert site.client.get(f"/api/v1/games/{GAME}/standing", headers=bob).json()[
        "standing"] == []
    other = site.client.get(f"/api/v1/games/{GAME}/standing?power={seats['ann']}",
                            headers=bob)
    assert other.status_code == 403
    assert "/api/v1/games/{name}/act" in site.client.get("/openapi.json").json()["paths"]
