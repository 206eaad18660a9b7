"""A Balance at Risk game played to its victory on the web judge (issue 40, "done when":
"The classic 1454 game with ``--set bar`` plays to victory ... by hand on the web").

The web judge is served on 127.0.0.1 (uvicorn).  The master makes classic 1454 for eight
with the family flag ``bar`` on the create form; eight people sign up, join asking for
their power and make themselves an API key; every phase each power that owes orders reads
its position (the JSON API), its legal orders from the list the order box's click-to-order
reads (``legal.json``), lets its seeded bot choose from it (greedy or random; money orders,
which the web lists nowhere, from the library's money menu) and submits them as the order
box does; the judge's sweeper processes the phase when its deadline passes
(``tests/web_bar_game.py``).  Austria wins at the end of the Summer 1458 campaign by 003's
condition (BAR-4.4), in 18 phases.

Then each phase's results page, the victory (the winner, the reason, the game over, no
order box) and each seat's privacy are checked over HTTP, and a player and the master open
the finished game in Debian's Chromium.  Screenshots in ``tests/screenshots/web/``
(bar-victory-*.png).

The course depends on the game's dice seed (:data:`web_bar_game.SEED`, set behind the
form's back), the bots and the rules: when a change to the rules or the bots changes it,
find another seed that ends in a victory (``web_bar_game.try_seed``, about half a minute a
game) and update the figures here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from web_bar_game import GAME, PASSWORD, Person, Seat, master_view, play_out, set_up_game
from web_live import LiveServer, shoot, sign_in

from machiavelli.service.visibility import GameView

WINNER = "Austria"
LAST = "Summer 1458 movement"  # the campaign at whose end Austria wins
PHASES = 18
VICTORY = re.compile(r"Victory: Austria won the game: Austria with (\d+) cities and their "
                     r"provinces, among them (.+), capitals? of its original home country "
                     r"\(BAR-4\.4\)\.")


@dataclass
class Won:
    live: LiveServer
    master: Person
    seats: dict[str, Seat]
    labels: list[str]  # each processed phase's label, phase 1 first
    view: GameView  # the master's, at the end


@pytest.fixture(scope="module")
def won(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Won]:
    folder = tmp_path_factory.mktemp("bar-won")
    with LiveServer(f"sqlite:///{folder}/judge.db") as live:
        def client() -> httpx.Client:
            return httpx.Client(base_url=live.base, follow_redirects=True, timeout=60)

        master, seats = set_up_game(client, live.judge)
        labels: list[str] = []
        view = play_out(live.judge, seats, after=lambda before, _: labels.append(before.label))
        yield Won(live, master, seats, labels, view)
        for seat in seats.values():
            seat.person.http.close()
            seat.boards.close()
        master.http.close()


def test_bar_4_4_the_web_game_ends_in_austria_s_victory_at_a_campaign_s_end(won: Won) -> None:
    """BAR-4.4: played on the web, the game ends when Summer 1458's campaign ends, Austria
    the winner; every unit order a bot gave was in the web's list of legal orders."""
    view = won.view
    assert view.status == "over" and view.winners == [WINNER]
    assert view.outcome == f"{WINNER} won"
    assert len(won.labels) == PHASES and won.labels[-1] == LAST
    assert won.labels[0] == "Spring 1454 movement"
    assert {label.split()[-1] for label in won.labels} == {"movement", "adjustment"}
    assert all(not seat.unlisted for seat in won.seats.values()), {
        p: s.unlisted for p, s in won.seats.items() if s.unlisted}
    report = view.history[-1].report
    found = VICTORY.search(report)
    assert found and report.rstrip().endswith(found.group(0)), report[-400:]
    assert int(found.group(1)) >= 18 and "Austria" in found.group(2)


def test_every_phase_s_results_page_shows_its_report(won: Won) -> None:
    """Each processed phase has its page (``?phase=N``): its number and name, and its
    results report, read by one player after another; the units nobody owns are the
    independents' (``Independent:``, as the control lines say, BAR-4.2)."""
    people = list(won.seats.values())
    for number, label in enumerate(won.labels, start=1):
        person = people[number % len(people)].person
        page = person.http.get(f"/games/{GAME}?phase={number}")
        assert page.status_code == 200
        assert f"Phase {number} · {label}" in page.text, (number, label)
        assert f"Results for {label}" in page.text, (number, label)
        assert "Autonomous" not in page.text  # bar's word is Independent (BAR-4.2)
    first = people[0].person.http.get(f"/games/{GAME}?phase=1").text
    assert re.search(r"\n  Independent: [^\n]*Garrison Genoa,", first)  # the position list
    last = people[0].person.http.get(f"/games/{GAME}?phase={PHASES}").text
    assert "(BAR-4.4)." in last and "Victory: Austria won the game" in last


def test_each_seat_sees_only_its_own_treasury_at_the_end(won: Won) -> None:
    """Private is private per seat: on the finished game's page each player reads its own
    treasury and no other's (the page and the API); the master reads every one left."""
    powers = list(won.seats)
    for power, seat in won.seats.items():
        page = seat.person.http.get(f"/games/{GAME}").text
        assert "Victory: Austria won the game" in page
        for other in powers:
            shown = f"Private to {other}:" in page
            assert shown == (other == power and other not in won.view.eliminated), (
                power, other)
        private = seat.person.api(f"/games/{GAME}")["private"]
        assert set(private) <= {power}
    console = won.master.http.get(f"/games/{GAME}/master").text
    left = [p for p in powers if p not in won.view.eliminated]
    assert all(f"Private to {p}:" in console for p in left)
    assert f"{WINNER} won" in console and "Pending orders" not in console


def test_a_player_and_the_master_see_the_victory_in_chromium(won: Won, browser: Any) -> None:
    """The winner's player, a loser's and the master open the finished game: the game is
    over, Austria won and why (BAR-4.4), at the top and in the last results; the standings
    led by Austria; no order box, nothing to play by mail; each player its own treasury
    only.  The master's console names the winner and has no orders pending."""
    for user, power in (("anna", "Austria"), ("vera", "Venice"), ("boss", None)):
        page = sign_in(browser, won.live, user, PASSWORD)
        page.goto(f"/games/{GAME}")
        head = page.locator(".game-head .phase-box")
        expect(head.locator(".status")).to_have_text("over")
        expect(head.locator(".outcome")).to_have_text(f"{WINNER} won")
        # the last phase played, not the position after it, which is never played
        expect(head.locator(".label")).to_have_text(f"ended after {LAST}")
        over = page.locator("#game-over")
        expect(over.locator("h2")).to_have_text(f"The game is over: {WINNER} won")
        expect(over).to_contain_text("Victory: Austria won the game: Austria with ")
        expect(over).to_contain_text("capitals of its original home country (BAR-4.4).")
        expect(page.locator("#mail")).to_have_count(0)  # nothing left to play by mail
        expect(page.locator("#orders")).to_have_count(0)
        expect(page.locator("textarea[name=orders]")).to_have_count(0)
        result = page.locator("#phase-result")
        expect(result.locator(".phase-nav h3")).to_contain_text(f"Phase {PHASES} · {LAST}")
        expect(result.locator("pre.report").first).to_contain_text(
            "Victory: Austria won the game: Austria with ")
        expect(result.locator("pre.report").first).to_contain_text(
            "capitals of its original home country (BAR-4.4).")
        first = page.locator("details.standings-now table.standings tbody tr").first
        expect(first).to_contain_text(WINNER)
        expect(page.locator("details.standings-now")).to_contain_text("(BAR-4.4)")
        if power is not None:
            panel = page.locator("#treasury")
            expect(panel).to_contain_text(f"Private to {power}:")
            assert page.locator(".private-panel pre").count() == 1
        shoot(page, f"bar-victory-{user}")
        if power is None:
            page.goto(f"/games/{GAME}/master")
            expect(page.locator(".phase-box .outcome")).to_have_text(f"{WINNER} won")
            expect(page.locator(".phase-box .label")).to_have_text(f"ended after {LAST}")
            expect(page.locator("h2", has_text="Pending orders")).to_have_count(0)
            expect(page.locator("button", has_text="Process now")).to_have_count(0)
            shoot(page, "bar-victory-console")
        page.context.close()
    assert master_view(won.live.judge).status == "over"
