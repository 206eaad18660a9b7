"""Issue 36, items 2 and 3, through the web without a browser: a player holding two powers
through the API and the pages; orders carry the phase they were written for (the API's
``phase``, the page's hidden field), and a submission for a processed phase is refused,
never moved on; the page's watch fragment."""

from __future__ import annotations

from web_game import add_user, csrf_of, started_game, web_site

from machiavelli.service.visibility import GameView, Viewer


def trio(tmp_path: object) -> object:
    """classic_1454 for three players, option 1 (each takes two powers), through the API."""
    site = web_site(f"sqlite:///{tmp_path}/trio.db")
    for user in ("boss", "alice", "bob", "dave"):
        add_user(site, user)
    made = site.client.post("/api/v1/games", headers=site.api("boss"),
                            json={"name": "trio", "scenario": "classic_1454", "players": 3})
    assert made.status_code == 201, made.text
    for user, powers in (("alice", ["Milan", "Naples"]), ("bob", ["Venice", "Papacy"]),
                         ("dave", ["Florence", "Turkey"])):
        joined = site.client.post("/api/v1/games/trio/join", headers=site.api(user),
                                  json={"powers": powers})
        assert joined.status_code == 200, joined.text
    add_user(site, "eve")
    full = site.client.post("/api/v1/games/trio/join", headers=site.api("eve"), json={})
    assert full.status_code == 400 and "full" in full.text
    started = site.client.post("/api/v1/games/trio/master/start", headers=site.api("boss"),
                               json={})
    assert started.status_code == 200, started.text
    return site


def test_the_api_deals_two_powers_and_takes_orders_for_each(tmp_path: object) -> None:
    site = trio(tmp_path)
    alice = site.api("alice")  # type: ignore[attr-defined]
    client = site.client  # type: ignore[attr-defined]
    view = client.get("/api/v1/games/trio", headers=alice).json()
    assert view["viewer"]["powers"] == ["Milan", "Naples"] and view["free_powers"] == []
    assert set(view["private"]) == {"Milan", "Naples"}
    lobby = client.get("/api/v1/games").json()
    assert [g["free_powers"] for g in lobby if g["name"] == "trio"] == [[]]
    legal = client.get("/api/v1/games/trio/legal?power=Naples", headers=alice).json()
    assert legal["power"] == "Naples" and legal["orders"]
    stored = client.post("/api/v1/games/trio/orders", headers=alice,
                         json={"text": "F nap H", "power": "Naples", "phase": 0})
    assert stored.status_code == 200 and stored.json()["power"] == "Naples", stored.text
    own = client.post("/api/v1/games/trio/orders", headers=alice, json={"text": "A mil H"})
    assert own.json()["power"] == "Milan"
    other = client.post("/api/v1/games/trio/orders", headers=alice,
                        json={"text": "A ven H", "power": "Venice"})
    assert other.status_code == 403
    ready = client.post("/api/v1/games/trio/ready", headers=alice,
                        json={"ready": True, "power": "Naples"})
    assert ready.json()["power"] == "Naples"
    master = site.judge.view("trio", Viewer.master())  # type: ignore[attr-defined]
    assert isinstance(master, GameView)
    assert {p: o.lines for p, o in master.orders.items()} == {
        "Milan": ["A mil H"], "Naples": ["F nap H"]}


def test_the_api_refuses_orders_written_for_a_processed_phase(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    started_game(site, "g", {"vera": "Venice"})
    vera = site.api("vera")
    assert site.client.post("/api/v1/games/g/orders", headers=vera,
                            json={"text": "A ver H", "phase": 0}).status_code == 200
    site.client.post("/api/v1/games/g/master/process", headers=site.api("boss"), json={})
    late = site.client.post("/api/v1/games/g/orders", headers=vera,
                            json={"text": "A pad H", "phase": 0})
    assert late.status_code == 409
    assert "written for phase 0, which has been processed" in late.json()["detail"]
    assert "nothing was stored" in late.json()["detail"]
    master = site.judge.view("g", Viewer.master())
    assert isinstance(master, GameView) and master.phase == 1 and not master.orders
    ahead = site.client.post("/api/v1/games/g/orders", headers=vera,
                             json={"text": "A pad H", "phase": 5})
    assert ahead.status_code == 400
    now = site.client.post("/api/v1/games/g/orders", headers=vera,
                           json={"text": "A pad H", "phase": 1})
    assert now.status_code == 200 and now.json()["phase"] == 1
    unsaid = site.client.post("/api/v1/games/g/orders", headers=vera,
                              json={"text": "A pad H"})  # without a phase: the pending one
    assert unsaid.status_code == 200 and unsaid.json()["phase"] == 1


def test_a_stale_page_is_refused_and_its_watch_shows_the_banner(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/page.db")
    started_game(site, "g", {"vera": "Venice"})
    page = site.sign_in("vera")
    before = page.get("/games/g")
    assert 'name="phase" value="0"' in before.text and 'hx-get="/games/g/watch' in before.text
    quiet = page.get("/games/g/watch?phase=0&status=playing")
    assert "phase-moved" not in quiet.text and 'hx-trigger="every 4s"' in quiet.text
    site.client.post("/api/v1/games/g/master/process", headers=site.api("boss"), json={})
    moved = page.get("/games/g/watch?phase=0&status=playing")
    assert "phase-moved" in moved.text and "hx-trigger" not in moved.text
    assert "Summer 1454 movement" in moved.text and 'href="/games/g?phase=1#history"' in moved.text
    stale = page.post("/games/g/orders", data={"csrf": csrf_of(before.text), "phase": "0",
                                               "power": "Venice", "orders": "A ven H"})
    assert "which has been processed" in stale.text and "nothing was stored" in stale.text
    assert "the game is now at Summer 1454 movement (phase 1)" in stale.text
    master = site.judge.view("g", Viewer.master())
    assert isinstance(master, GameView) and not master.orders
    fresh = page.get("/games/g")
    done = page.post("/games/g/orders", data={"csrf": csrf_of(fresh.text), "phase": "1",
                                              "orders": "A pad H"})
    assert "Venice: 1 order(s) stored for Summer 1454 movement" in done.text


def test_the_countdown_names_the_phase_kind_and_knows_the_grace(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/clock.db")
    started_game(site, "g", {"vera": "Venice"})
    page = site.sign_in("vera").get("/games/g")
    view = site.judge.view("g", Viewer.master())
    assert isinstance(view, GameView)
    clock = view.clock["clock"]
    assert isinstance(clock, dict)
    assert "Movement deadline <time" in page.text
    assert f'datetime="{clock["deadline"]}" data-countdown data-grace="{clock["grace"]}"' \
        in page.text
    lobby = site.client.get("/")
    assert f'data-grace="{clock["grace"]}"' in lobby.text


def test_a_player_of_two_powers_votes_and_resigns_with_both(tmp_path: object) -> None:
    site = trio(tmp_path)
    page = site.sign_in("alice")  # type: ignore[attr-defined]
    game = page.get("/games/trio")
    assert "You play <strong class=\"power\">Milan</strong> and " \
           "<strong class=\"power\">Naples</strong>" in game.text
    assert game.text.count('class="card orders-card"') == 2
    voted = page.post("/games/trio/draw", data={"csrf": csrf_of(game.text), "vote": "yes"})
    assert "Milan" in voted.text and "Naples" in voted.text
    gone = page.post("/games/trio/resign", data={"csrf": csrf_of(voted.text), "sure": "yes"})
    assert "alice resigned (Milan, Naples)." in gone.text
    view = site.judge.view("trio", Viewer.master())  # type: ignore[attr-defined]
    assert isinstance(view, GameView)
    assert view.standing == {"Milan": "abandoned", "Naples": "abandoned"}
    assert not any(s.name == "alice" for s in view.seats)


def test_the_seats_list_groups_a_players_powers(tmp_path: object) -> None:
    site = trio(tmp_path)
    page = site.client.get("/games/trio")  # type: ignore[attr-defined]
    assert "alice · <strong>Milan</strong>, <strong>Naples</strong>" in page.text
    assert "free:" not in site.client.get("/").text  # type: ignore[attr-defined]


def test_click_to_order_lists_each_held_powers_legal_orders_and_no_other(
        tmp_path: object) -> None:
    """legal.json, what click-to-order reads: a player holding two powers gets each one's
    list by naming it (the API's /legal for that power), never another player's power's;
    the board offers a switcher of the powers it holds."""
    site = trio(tmp_path)
    bob = site.sign_in("bob")  # type: ignore[attr-defined]
    client = site.client  # type: ignore[attr-defined]
    for power in ("Venice", "Papacy"):
        legal = bob.get(f"/games/trio/legal.json?power={power}").json()
        api = client.get(f"/api/v1/games/trio/legal?power={power}",
                         headers=site.api("bob")).json()  # type: ignore[attr-defined]
        assert legal["power"] == power and legal["orders"] == api["orders"]
        assert legal["orders"]
    venice = bob.get("/games/trio/legal.json?power=Venice").json()["orders"]
    papacy = bob.get("/games/trio/legal.json?power=Papacy").json()["orders"]
    assert "unit pad AF" in venice and "unit pad AF" not in papacy
    assert "unit rme AF" in papacy
    other = bob.get("/games/trio/legal.json?power=Milan").json()  # Alice's
    assert other["power"] != "Milan" and "unit mil AF" not in other["orders"]
    page = bob.get("/games/trio").text
    assert 'class="click-powers row"' in page
    assert page.count('<button type="button" class="small" data-power=') == 2
    # the map drawn for Bob: both his powers' orders and treasuries, nobody else's
    svg = bob.get("/games/trio/map.svg").text
    assert 'data-viewer="Papacy Venice"' in svg
    assert "Venice (private)" in svg and "Papacy (private)" in svg
    assert "Milan (private)" not in svg
    alice_page = site.sign_in("alice").get("/games/trio").text  # type: ignore[attr-defined]
    assert 'data-power="Venice" aria-pressed' not in alice_page
    site.judge.close()  # type: ignore[attr-defined]
