"""Seats as the rulebook deals them, and live phases, in a real browser (Debian's Chromium
driven by Playwright, as tests/test_web_browser.py does; issue 36, items 2 and 3).

A 3-player classic_1454 game (option 1: Austria and France neutral, each player takes two
of the other powers): each player is dealt two powers, writes orders for both from the
game page, reads each one's treasury apart, and the lobby lists no power as free.  Then a
stale page: while Bob's page stays open, the master processes the phase; the page shows a
banner with a link to the results without a reload, and Bob's old form is refused with a
clear message (nothing is stored for the next phase).  And a player asks on their account
page for the results and reminders by mail.  Screenshots are kept in
``tests/screenshots/web/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_live import LiveServer, a_legal_order, person, shoot

from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

GAME = "trio"
WANTED = {"alice": ("Milan", "Naples"), "bob": ("Venice", "Papacy"),
          "dave": ("Florence", "Turkey")}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("web-seats")
    with LiveServer(f"sqlite:///{folder}/judge.db") as server:
        yield server


def card(page: Page, power: str) -> Any:
    return page.locator(f".orders-card[data-power={power}]")


def test_three_players_hold_two_powers_each_and_a_stale_page_is_refused(
        live: LiveServer, browser: Any) -> None:
    carol = person(browser, live, "carol")
    carol.goto("/games/new")
    carol.fill("input[name=name]", GAME)
    carol.select_option("select[name=setup]", "classic_1454@3")
    carol.click("button:has-text('Create the game')")
    expect(carol.locator(".flash.good")).to_contain_text("The game is made")

    players: dict[str, Page] = {}
    for name, powers in WANTED.items():
        page = person(browser, live, name)
        page.goto(f"/games/{GAME}")
        for n, power in enumerate(powers):
            page.select_option(f"#join select[name=want] >> nth={n}", power)
        page.click("button:has-text('Join as a player')")
        expect(page.locator(".flash.good")).to_contain_text("joined")
        players[name] = page
    carol.goto(f"/games/{GAME}/master")
    carol.click("button:has-text('Start the game')")
    expect(carol.locator(".flash.good")).to_contain_text("has started")

    # every power in play is held; the lobby lists none as free
    lobby = players["alice"]
    lobby.goto("/")
    row = lobby.locator("li, tr, article").filter(has_text=GAME).first
    expect(row).not_to_contain_text("free:")
    shoot(lobby, "seats-lobby-laptop")

    # each player writes orders for both of its powers, and reads each one's money apart
    for name, powers in WANTED.items():
        page = players[name]
        page.goto(f"/games/{GAME}")
        for power in powers:
            expect(page.locator(".you")).to_contain_text(power)
        expect(page.locator(".orders-card")).to_have_count(2)
        for power in powers:
            box = card(page, power).locator("textarea[name=orders]")
            box.fill(a_legal_order(live, GAME, "carol", power))
            expect(card(page, power).locator(".order-check li.ok")).to_have_count(1)
            card(page, power).locator(f"button:has-text('Submit orders for {power}')").click()
            expect(page.locator(".flash.good")).to_contain_text(f"{power}: 1 order(s) stored")
        for power in powers:
            panel = page.locator(".private-panel").filter(has_text=f"{power}: private")
            expect(panel).to_contain_text(f"Private to {power}")
            expect(panel).to_contain_text("Treasury:")
        text = page.content()
        for other in (p for n, ps in WANTED.items() if n != name for p in ps):
            assert f"Private to {other}" not in text
        if name == "alice":
            shoot(page, "seats-two-powers-laptop")
    view = live.judge.view(GAME, Viewer.master())
    assert isinstance(view, GameView)
    assert sorted(view.orders) == sorted(p for ps in WANTED.values() for p in ps)

    # a stale page: Bob keeps his page open while the master processes the phase
    bob = players["bob"]
    bob.goto(f"/games/{GAME}")
    stale = card(bob, "Venice").locator("textarea[name=orders]")
    stale.fill(a_legal_order(live, GAME, "carol", "Venice"))
    carol.goto(f"/games/{GAME}/master")
    carol.click("button:has-text('Process now')")
    carol.click("button:has-text('Yes, process now')")
    expect(carol.locator(".flash.good")).to_be_visible()
    banner = bob.locator("#watch.phase-moved")
    expect(banner).to_be_visible(timeout=20_000)  # no reload: the page's watch polls
    expect(banner).to_contain_text("Summer 1454 movement")
    expect(banner.locator("a")).to_have_attribute("href", f"/games/{GAME}?phase=1#history")
    shoot(bob, "seats-stale-banner-laptop")
    card(bob, "Venice").locator("button:has-text('Submit orders for Venice')").click()
    refused = bob.locator(".flash.bad")
    expect(refused).to_contain_text("written for phase 0, which has been processed")
    expect(refused).to_contain_text("nothing was stored")
    shoot(bob, "seats-stale-refused-laptop")
    after = live.judge.view(GAME, Viewer.master())
    assert isinstance(after, GameView) and after.phase == 1 and not after.orders


def test_a_player_asks_for_results_and_reminders_by_mail_on_the_account_page(
        live: LiveServer, browser: Any) -> None:
    dora = person(browser, live, "dora")
    signed_up = live.judge.user_named("dora")
    assert signed_up is not None and signed_up.email is None  # not before it is verified
    # the link mailed at sign-up followed (N3): the address is now dora's
    assert not isinstance(live.judge.set_email(signed_up.id, "dora@example.org"), Refused)
    dora.goto("/account")
    mail = dora.locator("#mail")
    expect(mail).to_contain_text("Mail about my games")
    expect(mail.locator("input[name=alerts]:checked")).to_have_count(0)
    mail.locator("input[value=results]").check()
    mail.locator("input[value=reminder]").check()
    mail.locator("button:has-text('Save')").click()
    expect(dora.locator(".flash.good")).to_contain_text("Saved: mail me the results")
    expect(dora.locator("#mail input[name=alerts]:checked")).to_have_count(2)
    shoot(dora, "account-mail-laptop")
    user = live.judge.user_named("dora")
    assert user is not None and user.alerts == ("results", "reminder")
    dora.locator("#mail input[value=results]").uncheck()
    dora.locator("#mail button:has-text('Save')").click()
    expect(dora.locator(".flash.good")).to_contain_text("a reminder 24 hours before")
    user = live.judge.user_named("dora")
    assert user is not None and user.alerts == ("reminder",)
