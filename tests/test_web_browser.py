"""The web judge in a real browser (Debian's Chromium driven by Playwright).

One game played through the pages: a master signs up and creates it, three players sign
up and join with their preferences, the master starts it, each player writes orders (one
with a typo, whose error shows as it is typed, with the CLI's message), a letter goes
between two powers unseen by the third, each treasury is shown to its owner only, the
master processes and every player sees the results.  Screenshots of the main pages at a
laptop's and a phone's width are kept in ``tests/screenshots/web/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from web_live import PHONE, LiveServer, a_legal_order, person, shoot

from machiavelli.service.visibility import Viewer
from machiavelli.text.notation import parse_orders
from machiavelli.web.seen import look

GAME = "browser-game"
TYPO = "A xyz - nowhere"



def test_a_game_played_in_the_browser(live: LiveServer, browser: Any) -> None:
    alice = person(browser, live, "alice")
    shoot(alice, "lobby-laptop")
    alice.goto("/games/new")
    alice.fill("input[name=name]", GAME)
    alice.select_option("select[name=setup]", "classic_1454@5")
    alice.check("input[name=nmr]")
    shoot(alice, "create-laptop")
    alice.click("button:has-text('Create the game')")
    expect(alice.locator(".flash.good")).to_contain_text("The game is made")

    wanted = {"bob": "Venice", "carol": "Milan", "dave": "Naples"}
    players: dict[str, Page] = {}
    for name, power in wanted.items():
        page = person(browser, live, name)
        page.goto(f"/games/{GAME}")
        page.select_option("#join select[name=want] >> nth=0", power)
        page.click("button:has-text('Join as a player')")
        expect(page.locator(".flash.good")).to_contain_text("joined")
        players[name] = page

    alice.goto(f"/games/{GAME}/master")
    expect(alice.locator("#main, main")).to_contain_text("wants Venice")
    alice.click("button:has-text('Start the game')")
    expect(alice.locator(".flash.good")).to_contain_text("has started")
    shoot(alice, "master-laptop")

    # each player writes orders; Bob's first line has a typo, shown as he types
    for name, page in players.items():
        power = wanted[name]
        page.goto(f"/games/{GAME}")
        expect(page.locator(".you")).to_contain_text(power)
        order = a_legal_order(live, GAME, "alice", power)
        box = page.locator("#orders textarea[name=orders]")
        box.fill("")
        if name == "bob":
            box.type(TYPO + "\n" + order, delay=5)
            seen = look(live.judge, GAME, "bob")
            assert not isinstance(seen, str) and hasattr(seen, "board")
            reason = parse_orders(TYPO, seen.board, seen.view.state, power).errors[0].reason
            bad = page.locator("#order-check li.bad")
            expect(bad).to_have_count(1)
            expect(bad).to_contain_text(reason)
            expect(page.locator("#order-check li.ok")).to_have_count(1)
            shoot(page, "game-orders-typo-laptop")
        else:
            box.type(order, delay=5)
            expect(page.locator("#order-check li.ok")).to_have_count(1)
        page.click("button:has-text('Submit orders')")
        expect(page.locator(".flash.good, .flash.bad")).to_contain_text(
            f"{power}: 1 order(s) stored")
        if name == "bob":  # a refused line: ready with the orders stored
            expect(page.locator(".ready .state")).to_contain_text("Some lines were refused")
            page.click("button:has-text('I am ready')")
            expect(page.locator(".ready .ready-yes")).to_contain_text("Ready")

    # the master acts for a power nobody plays
    alice.goto(f"/games/{GAME}/master?power=Papacy")
    alice.fill("#act textarea[name=orders]", a_legal_order(live, GAME, "alice", "Papacy"))
    alice.click("button:has-text('Submit orders for Papacy')")
    expect(alice.locator(".flash.good")).to_contain_text("Papacy: 1 order(s) stored")
    alice.click("#act button:has-text('Ready')")
    expect(alice.locator("#act .state")).to_contain_text("Papacy is ready")

    # a treasury is its owner's alone
    for name, page in players.items():
        page.goto(f"/games/{GAME}")
        expect(page.locator("#treasury")).to_contain_text(f"Private to {wanted[name]}")
        expect(page.locator("#treasury")).to_contain_text("Treasury:")
        others = [p for p in wanted.values() if p != wanted[name]]
        text = page.content()
        for other in others:
            assert f"Private to {other}" not in text

    # press between Venice and Milan, unseen by Naples
    bob, carol, dave = players["bob"], players["carol"], players["dave"]
    bob.goto(f"/games/{GAME}")
    bob.check("#press input[name=to][value=Milan]")
    bob.fill("#press textarea[name=body]", "Milan: shall we share <b>Lombardy</b>?")
    bob.click("#press button:has-text('Send')")
    expect(bob.locator(".flash.good")).to_contain_text("Letter sent")
    carol.goto(f"/games/{GAME}")
    expect(carol.locator("#press")).to_contain_text("shall we share <b>Lombardy</b>?")
    assert carol.locator("#press b").count() == 0  # shown as text, not HTML
    dave.goto(f"/games/{GAME}")
    assert "Lombardy" not in dave.content()

    # the master processes; everyone sees the results
    alice.goto(f"/games/{GAME}/master")
    alice.click("button:has-text('Process now')")
    expect(alice.locator("#confirm")).to_contain_text("Not in:")
    shoot(alice, "confirm-process-laptop")
    alice.click("button:has-text('Yes, process now')")  # the console asks again
    expect(alice.locator(".flash.good")).to_contain_text("processed")
    master_view = live.judge.view(GAME, Viewer.master("alice"), history=True)
    assert not isinstance(master_view, str) and hasattr(master_view, "history")
    processed = master_view.history[-1]
    for name, page in players.items():
        page.goto(f"/games/{GAME}")
        result = page.locator("#phase-result")
        expect(result).to_contain_text(processed.label)
        expect(result).to_contain_text(f"Orders of {wanted[name]}")
        expect(page.locator(".phase-box .label")).to_contain_text(master_view.label)
    expect(bob.locator(".phase-box time[data-countdown]")).to_contain_text("in ")  # ticking

    # a second phase; the history slider brings the first back
    alice.goto(f"/games/{GAME}/master")
    alice.click("button:has-text('Process now')")
    alice.click("button:has-text('Yes, process now')")  # the console asks again
    expect(alice.locator(".flash.good")).to_contain_text("processed")
    bob.goto(f"/games/{GAME}")
    expect(bob.locator("#phase-result h3")).to_contain_text("Phase 2")
    bob.locator("#history input[type=range]").fill("1")
    expect(bob.locator("#phase-result h3")).to_contain_text("Phase 1")
    expect(bob.locator("#phase-result")).to_contain_text(processed.label)
    shoot(bob, "game-laptop")
    bob.set_viewport_size(PHONE)
    shoot(bob, "game-phone")
    for page_name, path in (("lobby", "/"), ("create", "/games/new"),
                            ("account", "/account")):
        alice.set_viewport_size(PHONE)
        alice.goto(path)
        shoot(alice, f"{page_name}-phone")
    alice.goto(f"/games/{GAME}/master?power=Naples")
    shoot(alice, "master-phone")
    assert Path(shoot(alice, "master-phone")).stat().st_size > 10_000
