"""A Balance at Risk game on the web judge, played by hand in a real browser (Debian's
Chromium driven by Playwright; issue 40, item 6): the master makes it on the create form
with the family flag ``bar`` (BAR-1.1's defaults), two players join and it starts; Venice
types seed 003's support of an area for Milan (BAR-8.5) in the order box and sees the
order checker's verdicts as it types (a line for a power that does not exist refused with
its reason, a support the army cannot give marked void with why); the orders are stored,
the phase is processed, and the players see the support carry Milan's advance: the
results and the map (the support drawn to the area, with Milan's initial).
Screenshots in ``tests/screenshots/web/`` (bar-*.png)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from web_live import LiveServer, person, shoot

from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer

GAME = "balance"



def test_bar_8_5_a_support_for_a_power_typed_checked_and_adjudicated_in_chromium(
        live: LiveServer, browser: Any) -> None:
    boss = person(browser, live, "boss")
    boss.goto("/games/new")
    expect(boss.locator("table.flags")).to_contain_text("Balance at Risk: on")
    boss.fill("input[name=name]", GAME)
    boss.select_option("select[name=setup]", "classic_1454@5")
    boss.select_option("select[name=flag_bar]", "on")
    boss.click("button:has-text('Create the game')")
    expect(boss.locator(".flash.good")).to_contain_text("The game is made")
    options = live.judge.view(GAME, Viewer.master("boss"))
    assert not isinstance(options, Refused) and hasattr(options, "state")
    assert options.state.options.get("bar") and options.state.options.get("area_support")
    assert not options.state.options.get("fortresses")  # BAR-1.1

    players = {}
    for name, power in (("vera", "Venice"), ("milo", "Milan")):
        page = person(browser, live, name)
        page.goto(f"/games/{GAME}")
        page.select_option("#join select[name=want] >> nth=0", power)
        page.click("button:has-text('Join as a player')")
        expect(page.locator(".flash.good")).to_contain_text("joined")
        players[power] = page
    boss.goto(f"/games/{GAME}/master")
    boss.click("button:has-text('Start the game')")
    expect(boss.locator(".flash.good")).to_contain_text("has started")

    vera = players["Venice"]
    vera.goto(f"/games/{GAME}")
    rules = vera.locator("#seats details")
    rules.locator("summary").click()
    expect(rules).to_contain_text("Balance at Risk: nofamine")
    expect(rules).to_contain_text("area_support")
    box = vera.locator("#orders textarea[name=orders]")
    box.fill("")
    box.type("A ver S man for Milan\nA pad S man for Milan\nF dal S her for Bavaria",
             delay=2)
    checks = vera.locator("#order-check")
    expect(checks.locator("li.bad")).to_have_count(1)
    expect(checks.locator("li.bad")).to_contain_text("unknown power 'bavaria'")
    expect(checks.locator("li.warn")).to_have_count(1)
    expect(checks.locator("li.warn")).to_contain_text(
        "the army in Padua could not advance to Mantua, so cannot support there")
    expect(checks.locator("li.ok")).to_have_count(1)
    shoot(vera, "bar-order-box-laptop")
    box.fill("")
    box.type("A ver S man for Milan", delay=2)
    expect(checks.locator("li.ok")).to_have_count(1)
    expect(checks.locator("li.bad, li.warn")).to_have_count(0)
    vera.click("button:has-text('Submit orders')")
    expect(vera.locator(".flash.good, .flash.bad")).to_contain_text("Venice: 1 order(s) stored")

    milo = players["Milan"]
    milo.goto(f"/games/{GAME}")
    milo.locator("#orders textarea[name=orders]").fill("A cre - man")
    milo.click("button:has-text('Submit orders')")
    expect(milo.locator(".flash.good")).to_contain_text("Milan: 1 order(s) stored")

    assert not isinstance(live.judge.process(GAME), Refused)
    for page in (vera, milo):
        page.goto(f"/games/{GAME}")
        result = page.locator("#phase-result")
        expect(result).to_contain_text("A ver S man for Milan")
        expect(result).to_contain_text("A cre - man")
        # Mantua's independent garrison leaves the province to nobody (BAR-4.2)
        expect(result).to_contain_text("Milan: Army Mantua")
    picture = vera.request.get(f"{live.base}/games/{GAME}/map.svg?phase=1")
    assert picture.ok and "<title>for Milan</title>" in picture.text()  # the support's initial
    seen = live.judge.view(GAME, Viewer.master("boss"))
    assert not isinstance(seen, Refused) and hasattr(seen, "state")
    assert any(u.owner == "Milan" and u.province == "man" for u in seen.state.units)
    shoot(vera, "bar-result-laptop")
