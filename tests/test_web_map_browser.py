"""The map to play from, in Debian's Chromium (issue 36, item 6): the board zooms and pans
(buttons, the wheel, a drag, two fingers), names provinces by their abbreviations on hover and as a
layer, and a whole Machiavelli spring is ordered for one power with clicks alone (a unit,
then a lit province or an order from its list; then Submit).  After the phase is processed,
the results map is shown at full size with previous and next phase and the standings.
Screenshots (game page at 1400x900 and 390 px wide) are kept in ``tests/screenshots/web/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_live import LiveServer, shoot, sign_in
from web_map_game import PASSWORD, map_game, play_to

from machiavelli.service.visibility import Viewer

GAME = "clicks"
WINTER = "builds"
WIDE = {"width": 1400, "height": 900}
NARROW = {"width": 390, "height": 844}

# a point of the element (a province) that takes the click itself, not a unit on it
INSIDE = """(el) => {
  const r = el.getBoundingClientRect();
  for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {
    const x = r.left + r.width * i / 24, y = r.top + r.height * j / 24;
    if (document.elementFromPoint(x, y) === el) return [x, y];
  }
  return null;
}"""


# two pointers down 100 px apart, the second moved 100 px further: a pinch outwards
PINCH = """(svg) => {
  const r = svg.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const send = (type, id, px) => svg.dispatchEvent(new PointerEvent(type, {
    pointerId: id, clientX: px, clientY: y, bubbles: true, pointerType: "touch",
    isPrimary: id === 1}));
  send("pointerdown", 1, x - 50); send("pointerdown", 2, x + 50);
  for (let i = 1; i <= 10; i++) send("pointermove", 2, x + 50 + 10 * i);
  send("pointerup", 2, x + 150); send("pointerup", 1, x - 50);
}"""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("map")
    with LiveServer(f"sqlite:///{folder}/judge.db") as server:
        map_game(server.judge, GAME, {"vera": "Venice"})
        map_game(server.judge, WINTER, {"vera": "Venice"}, seed="winter-1454")
        play_to(server.judge, WINTER, "adjustment")
        yield server


def signed_in(browser: Any, live: LiveServer, user: str, viewport: dict[str, int]) -> Page:
    page: Page = sign_in(browser, live, user, PASSWORD, viewport)
    return page


def zoom(page: Page, view: str) -> float:
    return float(page.locator(view).get_attribute("data-zoom") or "1")


def test_the_board_zooms_pans_and_names_provinces(live: LiveServer, browser: Any) -> None:
    page = signed_in(browser, live, "vera", WIDE)
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.on("pageerror", lambda error: said.append(f"error: {error}"))
    page.goto(f"/games/{GAME}")
    board = ".board-view"
    expect(page.locator(f"{board}.live svg")).to_be_visible()
    box = page.locator(board).bounding_box()
    assert box is not None and box["width"] > 800 and box["height"] > 700  # screen-sized
    page.click(f"{board} [data-map=in]")
    assert zoom(page, board) > 1.5
    page.click(f"{board} [data-map=fit]")
    assert zoom(page, board) == 1
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -600)  # the wheel zooms in where the pointer is
    expect(page.locator(board)).not_to_have_attribute("data-zoom", "1.00")
    before = page.locator(f"{board} svg").get_attribute("viewBox")
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 120, box["y"] + box["height"] / 2 + 60,
                    steps=5)
    page.mouse.up()
    assert page.locator(f"{board} svg").get_attribute("viewBox") != before  # dragged
    # two fingers apart zoom in (pointer events, as a touch screen sends them)
    page.click(f"{board} [data-map=fit]")
    page.locator(f"{board} svg").evaluate(PINCH)
    assert zoom(page, board) > 1.3
    # hovering a province names it with its abbreviation
    florence = page.locator(f"{board} path.area[id=flo]")
    page.click(f"{board} [data-map=fit]")
    at = florence.evaluate(INSIDE)
    page.mouse.move(*at)
    expect(page.locator(f"{board} .map-tip")).to_have_text("Florence (flo)")
    # the layer of abbreviations, turned on and off
    layer = page.locator(f"{board} #layer-abbreviations")
    expect(layer).to_have_attribute("display", "none")
    page.click(f"{board} [data-map=abbreviations]")
    expect(layer).to_have_attribute("display", "inline")
    expect(layer.locator("g.abbreviation[data-province=ven] text")).to_have_text("ven")
    shoot(page, "map-abbreviations-1400")
    page.click(f"{board} [data-map=abbreviations]")
    expect(layer).to_have_attribute("display", "none")
    # under the site's CSP: no violation, no script error
    assert not [m for m in said if "Content Security Policy" in m or m.startswith("error")], said


def test_a_whole_spring_ordered_with_clicks_alone(live: LiveServer, browser: Any) -> None:
    page = signed_in(browser, live, "vera", WIDE)
    page.goto(f"/games/{GAME}")
    expect(page.locator(".board-view.live svg")).to_be_visible()
    panel = page.locator("#click-orders")
    expect(panel).to_be_visible()
    units = page.locator(".board-view svg g.unit.mine")
    keys = [units.nth(i).get_attribute("data-key") for i in range(units.count())]
    assert sorted(keys) == ["unit dal AF", "unit pad AF", "unit ven G", "unit ver AF"]
    box = page.locator("#orders textarea[name=orders]")
    # the army in Padua: clicked on the map, its moves lit; a lit province is its order
    page.locator(".board-view svg g.unit.mine[data-key='unit pad AF']").click()
    lit = page.locator(".board-view svg path.area.dest")
    lit_ids = sorted(lit.nth(i).get_attribute("id") or "" for i in range(lit.count()))
    assert lit_ids == ["fer", "trv", "ver", "vic"]  # its moves, as the judge's legal list
    shoot(page, "map-click-to-order-1400")
    at = page.locator(".board-view svg path.area[id=vic]").evaluate(INSIDE)
    page.mouse.click(*at)
    expect(box).to_have_value("A pad - vic")
    # the fleet in Dalmatia: a move picked from its list
    page.locator(".board-view svg g.unit.mine[data-key='unit dal AF']").click()
    page.click("#click-orders .click-choices button[data-line='F dal - uas']")
    # the army in Verona supports Padua's move; the garrison of Venice holds (from the
    # list of units beside the map this time)
    page.locator(".board-view svg g.unit.mine[data-key='unit ver AF']").click()
    page.click("#click-orders .click-choices button[data-line='A ver S A pad - vic']")
    page.click("#click-orders .click-units button[data-key='unit ven G']")
    page.click("#click-orders .click-choices button[data-line='G ven H']")
    # a second click on Padua replaces its line
    page.locator(".board-view svg g.unit.mine[data-key='unit pad AF']").click()
    page.click("#click-orders .click-choices button[data-line='A pad - vic']")
    expect(box).to_have_value("F dal - uas\nA ver S A pad - vic\nG ven H\nA pad - vic")
    expect(page.locator("#order-check li.ok")).to_have_count(4)  # checked as if typed
    expect(page.locator(".board-view svg g.unit.mine.ordered")).to_have_count(4)
    page.click("button:has-text('Submit orders')")
    expect(page.locator(".flash.good")).to_contain_text("Venice: 4 order(s) stored")
    view = live.judge.view(GAME, Viewer.master())
    assert not isinstance(view, str)
    assert sorted(view.orders["Venice"].lines) == sorted(
        ["A pad - vic", "F dal - uas", "A ver S A pad - vic", "G ven H"])
    assert not view.orders["Venice"].messages
    shoot(page, "game-1400x900")
    phone = signed_in(browser, live, "vera", NARROW)
    phone.goto(f"/games/{GAME}")
    expect(phone.locator(".board-view.live svg")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    shoot(phone, "game-390")


def test_the_results_map_at_full_size_with_previous_and_next(live: LiveServer,
                                                               browser: Any) -> None:
    for _ in range(2):
        done = live.judge.process(GAME)
        assert not isinstance(done, str)
    page = signed_in(browser, live, "vera", WIDE)
    page.goto(f"/games/{GAME}#history")
    results = page.locator("#phase-result .results-view")
    expect(results).to_have_class("map-view results-view live", timeout=15000)
    width = results.bounding_box()
    assert width is not None and width["width"] > 800
    nav = page.locator("#phase-result .phase-nav")
    view = live.judge.view(GAME, Viewer.master(), history=True)
    assert not isinstance(view, str) and len(view.history) >= 2
    # phase 2 is the one played from the position phase 1 reached
    last = len(view.history)
    expect(nav.locator("h3")).to_contain_text(f"Phase {last} · {view.history[-2].label}")
    expect(page.locator("#phase-result table.standings")).to_contain_text("Venice")
    nav.locator("a[rel=prev]").click()
    expect(page.locator("#phase-result .phase-nav h3")).to_contain_text(
        f"Phase {last - 1} · {view.history[-3].label if last > 2 else 'Spring 1454 movement'}")
    expect(page.locator("#phase-result .results-view.live svg")).to_be_visible()
    expect(page.locator("#phase-result pre.report")).to_contain_text(
        f"Results for {view.history[-3].label if last > 2 else 'Spring 1454 movement'}")
    shoot(page, "results-map-1400")
    page.locator("#phase-result a[rel=next]").click()
    expect(page.locator("#phase-result .phase-nav h3")).to_contain_text(f"Phase {last} ")
    # htmx binds the new slider when the swap settles (its map goes live then): a slider
    # moved before that would be a change nobody listens to
    expect(page.locator("#phase-result .results-view.live svg")).to_be_visible()
    # the slider names the phase it points at, and shows it when let go
    page.locator("#phase-range").fill("1")
    expect(page.locator("#phase-result .phase-nav h3")).to_contain_text(
        "Phase 1 · Spring 1454 movement")
    expect(page.locator("#phase-result output.phase-name")).to_have_text(
        "1 · Spring 1454 movement")


def test_a_winter_ordered_with_clicks_builds_on_a_lit_site(live: LiveServer,
                                                           browser: Any) -> None:
    """An adjustment: a unit's upkeep picked from its list, a build by clicking the
    province it is built in (the sites are outlined: no unit stands there yet)."""
    page = signed_in(browser, live, "vera", WIDE)
    page.goto(f"/games/{WINTER}")
    expect(page.locator(".board-view.live svg")).to_be_visible()
    expect(page.locator("#click-orders")).to_be_visible()
    legal = page.evaluate(f"fetch('/games/{WINTER}/legal.json').then(r => r.json())")
    on_map = {page.locator(".board-view svg g.mine").nth(i).get_attribute("data-key")
              for i in range(page.locator(".board-view svg g.mine").count())}
    sites = sorted(k for k in legal["orders"] if k.startswith("unit ") and k not in on_map)
    assert sites, "Venice has somewhere to build this winter"
    site = sites[0].split()[1]
    builds = legal["orders"][sites[0]]
    area = page.locator(f".board-view svg path.area.site[id={site}]")
    page.mouse.click(*area.evaluate(INSIDE))
    page.click(f"#click-orders .click-choices button[data-line='{builds[0]}']")
    box = page.locator("#orders textarea[name=orders]")
    expect(box).to_have_value(builds[0])
    units = sorted(on_map)
    if units:
        page.locator(f".board-view svg g.mine[data-key='{units[0]}']").click()
        first = legal["orders"][units[0]][0]
        page.click(f"#click-orders .click-choices button[data-line='{first}']")
        expect(box).to_have_value(f"{builds[0]}\n{first}")
    shoot(page, "map-winter-builds-1400")
    page.click("button:has-text('Submit orders')")
    expect(page.locator(".flash.good")).to_contain_text(
        f"Venice: {2 if units else 1} order(s) stored")
