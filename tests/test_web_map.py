"""The map's answers and the history's names (issue 36, items 6 and 8), without a browser:

- the map is gzipped when the browser accepts it, carries an ETag (``If-None-Match`` is
  answered 304), and a seat's map is ``private`` (a shared cache never keeps it) while the
  public's map of a processed phase is ``public``;
- the SVG holds each province's abbreviation in a hidden layer;
- ``legal.json`` lists the visitor's own power's legal orders (the API's list), nothing
  for anyone else;
- each processed phase is named by the phase it was played from, the same name its
  report gives ("Results for ..."), with previous and next;
- the standings per phase (cities, provinces, units, the victory goal) are public.
"""

from __future__ import annotations

import re

from web_game import Site, csrf_of, started_game, web_site

from machiavelli.service.visibility import Viewer

GAME = "mapped"


def _site(tmp_path: object) -> Site:
    site = web_site(f"sqlite:///{tmp_path}/web.db")
    started_game(site, GAME, {"vera": "Venice", "fred": "Florence"})
    return site


def test_the_map_is_gzipped_and_cacheable_per_phase_and_a_seats_map_stays_private(
        tmp_path: object) -> None:
    site = _site(tmp_path)
    vera = site.sign_in("vera")
    plain = vera.get(f"/games/{GAME}/map.svg", headers={"accept-encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    packed = vera.get(f"/games/{GAME}/map.svg", headers={"accept-encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    raw = int(packed.headers["content-length"])
    assert raw * 3 < len(plain.content)  # some 120 kB to some 25 kB
    assert packed.text == plain.text  # (the client unpacks it)
    assert packed.headers["cache-control"] == "private, no-cache"
    assert packed.headers["etag"] != plain.headers["etag"]
    again = vera.get(f"/games/{GAME}/map.svg", headers={
        "accept-encoding": "gzip", "if-none-match": packed.headers["etag"]})
    assert again.status_code == 304 and not again.content
    # the public's map is another picture, and a processed phase's is public
    public = site.browser().get(f"/games/{GAME}/map.svg")
    assert public.headers["etag"] != packed.headers["etag"]
    assert "Private to Venice" not in public.text and "Treasury" not in public.text
    site.judge.process(GAME)
    done = site.browser().get(f"/games/{GAME}/map.svg?phase=1")
    assert done.status_code == 200 and done.headers["cache-control"] == "public, max-age=60"
    seat = vera.get(f"/games/{GAME}/map.svg?phase=1")
    assert seat.headers["cache-control"] == "private, no-cache"
    assert site.browser().get(f"/games/{GAME}/map.svg?phase=9").status_code == 404
    # the API's maps the same way
    api = site.client.get(f"/api/v1/games/{GAME}/map.svg", headers={
        **site.api("vera"), "accept-encoding": "gzip"})
    assert api.headers["content-encoding"] == "gzip"
    assert api.headers["cache-control"] == "private, no-cache"
    site.judge.close()


def test_the_map_holds_every_provinces_abbreviation_in_a_hidden_layer(tmp_path: object
                                                                      ) -> None:
    site = _site(tmp_path)
    svg = site.browser().get(f"/games/{GAME}/map.svg").text
    layer = re.search(r'<g id="layer-abbreviations"[^>]*>', svg)
    assert layer is not None and 'display="none"' in layer.group(0)
    for province in ("flo", "ven", "rme", "ets"):
        assert f'data-province="{province}"' in svg
        assert f">{province}</text>" in svg
    site.judge.close()


def test_click_to_order_reads_the_visitors_own_legal_orders(tmp_path: object) -> None:
    site = _site(tmp_path)
    vera = site.sign_in("vera")
    legal = vera.get(f"/games/{GAME}/legal.json").json()
    api = site.client.get(f"/api/v1/games/{GAME}/legal", headers=site.api("vera")).json()
    assert legal["power"] == "Venice" and legal["orders"] == api["orders"]
    assert "A pad - vic" in legal["orders"]["unit pad AF"]
    # another power's orders are never listed: not by naming it, not to a stranger
    assert vera.get(f"/games/{GAME}/legal.json?power=Florence").json()["power"] == "Venice"
    assert site.browser().get(f"/games/{GAME}/legal.json").json()["orders"] == {}
    page = vera.get(f"/games/{GAME}")
    assert 'data-legal="/games/mapped/legal.json"' in page.text
    assert 'id="click-orders" data-power="Venice"' in page.text
    public = site.browser().get(f"/games/{GAME}")
    assert "data-legal" not in public.text and 'id="click-orders"' not in public.text
    site.judge.close()


def test_the_history_names_each_phase_as_its_report_does_with_previous_and_next(
        tmp_path: object) -> None:
    site = _site(tmp_path)
    for _ in range(3):
        site.judge.process(GAME)
    view = site.judge.view(GAME, Viewer.master(), history=True)
    assert not isinstance(view, str)
    page = site.browser().get(f"/games/{GAME}?phase=2").text
    played_from = view.history[0].label  # phase 2 is played from where phase 1 led
    assert f"Phase 2 · {played_from}" in page
    assert f"Results for {played_from}" in page  # its report says the same
    assert 'rel="prev" href="/games/mapped?phase=1#history"' in page
    assert 'rel="next" href="/games/mapped?phase=3#history"' in page
    # the slider names each phase
    names = re.search(r'data-names="([^"]+)"', page)
    assert names is not None
    assert names.group(1).split("|") == ["Spring 1454 movement",
                                         *(p.label for p in view.history[:-1])]
    first = site.browser().get(f"/games/{GAME}/phase?phase=1").text
    assert "Phase 1 · Spring 1454 movement" in first and "Results for Spring 1454 movement" \
        in first and 'rel="prev"' not in first
    # the game's head numbers the pending phase the same way: the next one
    assert f"phase {len(view.history) + 1}</small>" in page
    site.judge.close()


def test_a_public_standings_table_per_phase(tmp_path: object) -> None:
    site = _site(tmp_path)
    site.judge.process(GAME)
    page = site.browser().get(f"/games/{GAME}").text
    tables = re.findall(r'<table class="list standings">.*?</table>', page, re.S)
    assert len(tables) == 2  # now, and after the phase shown
    now = tables[0]
    assert "Victory: 15 cities" in now
    rows = re.findall(r'<tr><th scope="row">(\w+)</th><td>(\d+)</td><td>(\d+)</td>'
                      r'<td>(\d+)</td><td>(\d+) / (\d+) / (\d+)</td></tr>', now)
    by_power = {r[0]: tuple(int(x) for x in r[1:]) for r in rows}
    assert set(by_power) == {"Florence", "Milan", "Naples", "Papacy", "Venice"}
    cities, provinces, units, armies, fleets, garrisons = by_power["Venice"]
    assert (units, armies, fleets, garrisons) == (4, 2, 1, 1)  # Padua, Verona; Dalmatia; Venice
    assert cities >= 1 and provinces >= 3
    assert [r[0] for r in rows][0] == max(by_power, key=lambda p: (by_power[p][0], by_power[p][1]))
    site.judge.close()


def test_without_javascript_the_board_is_an_image_and_orders_are_typed(tmp_path: object
                                                                      ) -> None:
    """Without JavaScript the board is an image of the map and the order box still works."""
    site = _site(tmp_path)
    vera = site.sign_in("vera")
    page = vera.get(f"/games/{GAME}")
    assert '<img src="/games/mapped/map.svg"' in page.text
    stored = vera.post(f"/games/{GAME}/orders", data={"csrf": csrf_of(page.text),
                                                       "orders": "A pad - vic"})
    assert "Venice: 1 order(s) stored" in stored.text
    site.judge.close()


def test_a_princes_game_has_its_page_and_its_picture(tmp_path: object) -> None:
    """Another kind of game draws its own pending position (the port's ``picture``): the
    map no longer fails on a Princes game, whose past phases have no picture (404)."""
    from web_game import add_user

    from machiavelli.service.games import NewGame

    site = web_site(f"sqlite:///{tmp_path}/web.db")
    for user in ("boss", "a", "b", "c"):
        add_user(site, user)
    made = site.judge.create_game(NewGame("prince", "princes_A", 3, seed="s7",
                                          kind="princes"), master="boss", start=False)
    assert not isinstance(made, str)
    for user in ("a", "b", "c"):
        site.judge.join("prince", user, "player", [])
    site.judge.start("prince")
    player = site.sign_in("a")
    assert player.get("/games/prince").status_code == 200
    picture = player.get("/games/prince/map.svg")
    assert picture.status_code == 200 and picture.text.lstrip().startswith("<")
    assert picture.headers["cache-control"] == "private, no-cache"
    assert "orders" in player.get("/games/prince/legal.json").json()
    assert site.browser().get("/games/prince/map.svg?phase=1").status_code == 404
    site.judge.close()
