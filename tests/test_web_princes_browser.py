"""A game of *Princes of the Renaissance* in a real browser (Debian's Chromium driven by
Playwright; issue 35 item 5, spec princes.md section 4.6).

A master creates a 3-player game on the Princes create page, three players in their own
browser contexts join, the master starts it, and the players play it on the game page:
the sealed order bids (each seat's bid on its own page only), the family auction and
choice, then a full round of actions, one of them a city tile put up for auction and bid
on.  Every answer is a button, a list or an amount the page built from the port's legal
choices, or a line in the command box, checked as it is typed (an unknown troop is
refused with the rule's reason before anything is sent).  A seat waiting for its turn is
not reloaded: the page polls for the next decision and shows it.  The server runs its
sweeper, so a sealed window resolves once every answer is in.  A second game is played
to its final scoring, with standing orders given on the page.  Screenshots go to
``tests/screenshots/web/princes-*.png``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_live import PHONE, LiveServer, person, shoot

from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

GAME = "princes-browser"
#: distinct sealed order bids (no tie to break)
ORDER_BIDS = {"ann": 7, "bob": 4, "cy": 2}
WAIT = 30_000  # ms: the longest a page waits for the next decision


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("princes-web")
    server = LiveServer(f"sqlite:///{folder}/judge.db")
    server.config.sweep_seconds = 0.3  # sealed windows resolve once all are in
    with server:
        yield server


def master_view(live: LiveServer) -> GameView:
    view = live.judge.view(GAME, Viewer.master())
    assert isinstance(view, GameView), view
    return view


def seat_of(live: LiveServer, user: str) -> str:
    seat = next(s.power for s in master_view(live).seats if s.name == user)
    assert seat is not None
    return seat


def send_amount(page: Page, starts: str, amount: int | None = None) -> None:
    """Fill the amount form for a line that starts with ``starts`` (its first item in a
    list; its lowest value unless ``amount``) and send it."""
    picked = f"[name=template][value^='{starts}'], [name=template] option[value^='{starts}']"
    form = page.locator("#decision form.amount", has=page.locator(picked)).first
    listed = form.locator(f"select[name=template] option[value^='{starts}']")
    if listed.count():
        form.locator("select[name=template]").select_option(
            listed.first.get_attribute("value"))
        low = (listed.first.inner_text().rsplit("(", 1)[1]).split(" ")[0]
        form.locator("input[name=amount]").fill(low)
    if amount is not None:
        form.locator("input[name=amount]").fill(str(amount))
    form.locator("button").click()


def answer(page: Page, kind: str, user: str, state: dict[str, Any]) -> str:
    """``user`` answers the pending decision of ``kind`` on its page; what it chose."""
    decision = page.locator("#decision")
    if kind == "order_bid":
        send_amount(page, "ORDER BID", ORDER_BIDS[user])
        return f"ORDER BID {ORDER_BIDS[user]}"
    if kind == "action" and not state.get("auctioned"):
        state["auctioned"] = user
        send_amount(page, "AUCTION CITY")
        return "AUCTION CITY"
    if kind == "action" and not state.get("typed"):
        state["typed"] = user  # the command box, checked before it is sent
        box = page.locator("#command-box textarea[name=orders]")
        box.type("BUY TROOP elephants", delay=5)
        bad = page.locator("#order-check li.bad")
        expect(bad).to_have_count(1)
        expect(bad).to_contain_text("unknown troop type")
        shoot(page, "princes-command-check")
        box.fill("")
        box.type("PASS TURN", delay=5)
        expect(page.locator("#order-check li.ok")).to_have_count(1)
        page.click("#command-box button:has-text('Send')")
        return "PASS TURN"
    if kind == "auction_bid" and not state.get("bid"):
        state["bid"] = user
        send_amount(page, "BID")
        return "BID"
    for wanted in ("PASS TURN", "PASS", "END TURN", "NO REACTION", "NO LEAGUE",
                   "NO BRIBE", "NO REROLL", "COMPENSATION NO"):
        button = decision.locator(f"button[name=line][value='{wanted}']")
        if button.count():
            button.first.click()
            return wanted
    chosen = decision.locator("select[name=line]").first
    if chosen.count():
        line = chosen.locator("option").first.inner_text()
        decision.locator("form:has(select[name=line]) button").first.click()
        return line
    button = decision.locator("button[name=line]").first
    line = button.get_attribute("value") or ""
    button.click()
    return line


def test_a_princes_game_played_in_the_browser(live: LiveServer, browser: Any
                                               ) -> None:
    mara = person(browser, live, "mara")
    mara.goto("/")
    expect(mara.locator(".hero")).to_contain_text("Princes of the Renaissance")
    mara.click("a:has-text('Create a game of Princes')")
    mara.fill("input[name=name]", GAME)
    mara.select_option("select[name=setup]", "princes_A")
    mara.select_option("select[name=players]", "3")
    shoot(mara, "princes-create")
    mara.click("button:has-text('Create the game')")
    expect(mara.locator(".flash.good")).to_contain_text("The game is made")

    players: dict[str, Page] = {}
    for name in ORDER_BIDS:
        page = person(browser, live, name)
        page.goto("/")
        page.click(f"a:has-text('{GAME}')")
        page.click("button:has-text('Join as a player')")
        expect(page.locator(".flash.good")).to_contain_text("joined")
        players[name] = page
    mara.goto(f"/games/{GAME}/master")
    mara.click("button:has-text('Start the game')")
    expect(mara.locator(".flash.good")).to_contain_text("has started")

    seats = {name: seat_of(live, name) for name in players}
    for page in players.values():
        page.goto(f"/games/{GAME}")
        page.evaluate("window.stillHere = true")  # gone if the page is ever reloaded
    state: dict[str, Any] = {}
    actions: list[str] = []
    seen_auction = False
    for _ in range(60):
        view = master_view(live)
        decision = view.decision
        assert decision is not None, view.status
        owners = [n for n, s in seats.items() if s in decision.seats]
        for name in owners:
            page = players[name]
            mine = page.locator(f"#princes-live[data-key='{view.phase}-playing'] .your-turn")
            expect(mine).to_be_visible(timeout=WAIT)  # by polling, or after its own answer
            if decision.kind == "order_bid" and name == "ann":
                shoot(page, "princes-order-bids")
            if decision.kind == "auction_bid" and not seen_auction:
                seen_auction = True
                expect(page.locator("#auction")).to_contain_text("Auction:")
                shoot(page, "princes-auction")
            line = answer(page, decision.kind, name, state)
            expect(page.locator(".flash.good")).to_be_visible()
            if decision.kind == "action":
                actions.append(seats[name])
            if decision.kind == "order_bid":  # the last one closes the window at once
                _sealed(players, name, line, still_open=name != owners[-1])
            page.evaluate("window.stillHere = true")
        _moved_on(live, view.phase)
        if len(set(actions)) == 3 and master_view(live).decision is not None \
                and master_view(live).decision.kind == "action":  # type: ignore[union-attr]
            break
    assert len(set(actions)) == 3, f"a full round of actions: {actions}"
    assert seen_auction and state.get("bid"), "a city tile was auctioned and bid on"

    # a waiting seat's page was never reloaded: the decision came by polling
    waiting = next(n for n, s in seats.items() if s not in master_view(live).decision.seats)  # type: ignore[union-attr]
    assert players[waiting].evaluate("window.stillHere === true")
    holder = state["auctioned"]
    for name, page in players.items():
        page.goto(f"/games/{GAME}")
        expect(page.locator("#private .gold")).not_to_be_empty()
        for other, seat in seats.items():
            if other != name:  # closed money: another family's gold is hidden
                expect(page.locator(f"#family-{seat} td").nth(1)).to_have_text("hidden")
    expect(players[holder].locator("#cities")).to_contain_text("income")
    expect(players[holder].locator("#log")).to_contain_text("auction won")
    shoot(players[holder], "princes-game")
    players[holder].set_viewport_size(PHONE)
    shoot(players[holder], "princes-game-phone")


def _sealed(players: dict[str, Page], name: str, line: str, still_open: bool) -> None:
    """A sealed order bid is on its seat's page only."""
    own = players[name]
    expect(own.locator(".flash.good")).to_contain_text(line)
    if still_open:
        expect(own.locator("#private .hidden-bid")).to_contain_text(line)
    for other, page in players.items():
        if other != name:
            assert line not in page.content()


def _moved_on(live: LiveServer, phase: int) -> None:
    """Wait (polling the service) until the decision of ``phase`` is resolved."""
    for _ in range(300):
        view = live.judge.view(GAME, Viewer.master())
        if isinstance(view, Refused) or view.phase != phase:
            return
        time.sleep(0.1)
    raise AssertionError(f"phase {phase} was not resolved")


def answer_quickly(page: Page) -> None:
    """An answer that lets the decades go by: put an event up for auction at its lowest
    bid, else pass or end the turn, else the first choice offered."""
    decision = page.locator("#decision")
    event = decision.locator("form.amount", has=page.locator(
        "[name=template][value^='AUCTION EVENT'], "
        "[name=template] option[value^='AUCTION EVENT']"))
    if event.count():
        send_amount(page, "AUCTION EVENT")
        return
    for wanted in ("PASS TURN", "END TURN", "PASS", "NO LEAGUE", "NO BRIBE", "NO REROLL",
                   "COMPENSATION NO"):
        button = decision.locator(f"button[name=line][value='{wanted}']")
        if button.count():
            button.first.click()
            return
    listed = decision.locator("form:has(select[name=line]) button")
    if listed.count():
        listed.first.click()
        return
    amount = decision.locator("form.amount button")
    if amount.count():
        amount.first.click()
        return
    decision.locator("button[name=line]").first.click()


def test_a_princes_game_to_its_final_scoring_with_standing_orders(
        live: LiveServer, browser: Any) -> None:
    """The whole game in the browser: each player first gives its standing orders on the
    page (``PASS ALL AUCTIONS``, ``SET REACT AUTO``), which the judge then carries out;
    every other decision is clicked, to the final scoring, which every page shows."""
    game = "princes-to-the-end"
    boss = person(browser, live, "boss2")
    boss.goto("/games/new/princes")
    boss.fill("input[name=name]", game)
    boss.select_option("select[name=setup]", "princes_A")
    boss.click("button:has-text('Create the game')")
    players = {}
    for name in ("dan", "eve", "fay"):
        page = person(browser, live, name)
        page.goto(f"/games/{game}")
        page.click("button:has-text('Join as a player')")
        players[name] = page
    boss.goto(f"/games/{game}/master")
    boss.click("button:has-text('Start the game')")
    expect(boss.locator(".flash.good")).to_contain_text("has started")
    for bid, page in enumerate(players.values(), 1):
        page.goto(f"/games/{game}")
        page.fill("#standing textarea[name=orders]", "PASS ALL AUCTIONS\nSET REACT AUTO")
        page.click("#standing button:has-text('Keep them')")
        expect(page.locator("#standing")).to_contain_text("PASS ALL AUCTIONS")
        send_amount(page, "ORDER BID", bid)
    seats = {n: s.power for s in _seats(live, game) for n in players if s.name == n}
    for _ in range(300):
        view = live.judge.view(game, Viewer.master())
        assert isinstance(view, GameView)
        if view.status == "over":
            break
        decision = view.decision
        assert decision is not None
        if decision.simultaneous:  # the sweeper closes it; nothing to click
            time.sleep(0.1)
            continue
        name = next(n for n, s in seats.items() if s == decision.seats[0])
        page = players[name]
        page.goto(f"/games/{game}")
        expect(page.locator(f"#princes-live[data-key='{view.phase}-playing'] .your-turn")
               ).to_be_visible(timeout=WAIT)
        answer_quickly(page)
        expect(page.locator(".flash.good")).to_be_visible()
    view = live.judge.view(game, Viewer.master())
    assert isinstance(view, GameView) and view.status == "over" and view.winners
    passes = [e for e in view.state["board"]["log"] if e.startswith("pass")]
    assert passes, "the standing orders passed in the auctions"
    for page in players.values():
        page.goto(f"/games/{game}")
        expect(page.locator("#final")).to_contain_text("Won by")
    shoot(players["dan"], "princes-final")


def _seats(live: LiveServer, game: str) -> list[Any]:
    found = live.judge.seats(game)
    assert not isinstance(found, Refused)
    return found
