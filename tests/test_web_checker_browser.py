"""The one checker and the ledger in a real browser (Debian's Chromium driven by
Playwright): a player types orders, the box marks ✓ and ⚠ as the adjudicator will judge
them, with the reason and a link to the rule's text, and "replaced by line N"; after the
phase the history shows the player's own ledger, and nobody else's.  Screenshots in
``tests/screenshots/web/`` (checker-*.png)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from playwright.sync_api import expect
from web_game import PASSWORD, Site, started_game
from web_live import LiveServer, shoot, sign_in

GAME = "checked"



def test_mov_1_exp_c_loan_seq_the_box_and_the_ledger_in_chromium(live: LiveServer,
                                                                  browser: Any) -> None:
    site = Site(live.judge, TestClient(live.app, base_url=live.base))
    started_game(site, GAME, {"vera": "Venice", "milo": "Milan"})
    vera = sign_in(browser, live, "vera", PASSWORD)
    vera.goto(f"/games/{GAME}")
    box = vera.locator("#orders textarea[name=orders]")
    box.fill("")
    box.type("A pad - rome\nexpense 1: 2 ducats counter-bribe A ver\n"
             "borrow 5 ducats for 1 year\nA ver - vic\nA pad - fer", delay=2)
    checks = vera.locator("#order-check")
    expect(checks.locator("li.warn")).to_have_count(2)
    expect(checks.locator("li.ok")).to_have_count(3)
    expect(checks).to_contain_text("replaced by line 5")
    expect(checks).to_contain_text("will fail: 3 ducats needed")
    link = checks.locator("a.rule", has_text="EXP-C").first
    expect(link).to_have_attribute("href", "/rules#EXP-C")
    shoot(vera, "checker-order-box-laptop")
    vera.click("button:has-text('Submit orders')")
    expect(vera.locator(".flash.good, .flash.bad")).to_contain_text("stored")
    rules = vera.context.new_page()
    rules.goto(f"{live.base}/rules#EXP-C")
    expect(rules.locator("dt#EXP-C + dd")).to_contain_text("Counter-bribe")
    processed = site.client.post(f"/api/v1/games/{GAME}/master/process",
                                 headers=site.api("boss"), json={})
    assert processed.status_code == 200, processed.text
    vera.goto(f"/games/{GAME}")
    ledger = vera.locator("#phase-result div.ledger")
    expect(ledger).to_have_count(1)
    expect(ledger).to_contain_text("Ducats of Venice")
    expect(ledger).to_contain_text("loan for 1 year")
    expect(ledger).to_contain_text("expense 1 (counter-bribe, fails)")
    ledger.scroll_into_view_if_needed()
    shoot(vera, "checker-ledger-laptop")
    milo = sign_in(browser, live, "milo", PASSWORD)
    milo.goto(f"/games/{GAME}")
    expect(milo.locator("#phase-result div.ledger")).to_contain_text("Ducats of Milan")
    assert "Ducats of Venice" not in milo.content()
