"""A whole year of a 3-player classic game, played in Debian's Chromium by three browser
contexts with clicks alone (issue 36, "Done when").

classic_1454 for 3 players deals each player two powers (Austria and France neutral).
Each phase, every player opens the game page, and for each power it holds clicks that
power's units on the map (or in the list beside it, and the switcher of powers), picks an
order from the judge's list of each, and submits each power's order box; once everybody is
in, the judge processes the phase (the sweep: all in, nobody waiting), and every player
reads the results on the game page: the phase's name and number, the report of every power
and the standings.  Spring, summer and fall movement, any retreats, and the winter's
adjustment (each unit maintained or removed, builds picked on lit sites) are all ordered by
clicks; no money order is given (they have no click-to-order: a player types them).
Screenshots, one a phase, are kept in ``tests/screenshots/web/`` (``year-*``), with the game
page of a player holding two powers at 1400x900 and 390 px wide (``game-two-powers-*``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_live import LiveServer, shoot, sign_in
from web_map_game import PASSWORD, add_user

from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer
from machiavelli.web.creation import new_game

GAME = "year"
HELD = {"alice": ("Milan", "Naples"), "bob": ("Venice", "Papacy"),
        "dave": ("Florence", "Turkey")}
WIDE = {"width": 1400, "height": 900}
NARROW = {"width": 390, "height": 844}
SUPPORT = re.compile(r"^[AF] \S+ S ([AF]) (\S+) - (\S+)$")

# a point of a unit's mark that takes the click itself (not a unit drawn over it), or null
ON_TOP = """(el) => {
  const r = el.getBoundingClientRect();
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) {
    const x = r.left + r.width * i / 8, y = r.top + r.height * j / 8;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest("g.mine") === el) return [x, y];
  }
  return null;
}"""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("year")
    with LiveServer(f"sqlite:///{folder}/judge.db") as server:
        judge = server.judge
        for user in ("boss", *HELD):
            add_user(judge, user)
        made = new_game(GAME, "classic_1454@3", [])
        assert not isinstance(made, Refused), made
        # processed as soon as all are in: no delay after the last, no minimum duration
        times = {kind: {**rules, "min": 0.0, "delay": 0.0} if isinstance(rules, dict) else rules
                 for kind, rules in made.settings.deadlines.items()}
        made = replace(made, seed="a year by clicks",
                       settings=replace(made.settings, deadlines=times))
        assert not isinstance(judge.create_game(made, master="boss", start=False), Refused)
        for user, powers in HELD.items():
            assert not isinstance(judge.join(GAME, user, "player", list(powers)), Refused)
        assert not isinstance(judge.start(GAME), Refused)
        yield server


def master_view(live: LiveServer) -> GameView:
    view = live.judge.view(GAME, Viewer.master(), history=True)
    assert isinstance(view, GameView), view
    return view


def legal(page: Page, power: str) -> dict[str, list[str]]:
    found = page.evaluate(
        f"fetch('/games/{GAME}/legal.json?power={power}').then(r => r.json())")
    assert found["power"] in (power, None)
    orders: dict[str, list[str]] = found["orders"]
    return orders


def click_unit(page: Page, power: str, key: str) -> str:
    """Select ``key``'s unit: on the map where its mark takes the click, else in the list
    (a garrison under an army, a build site); says where it was clicked."""
    mark = page.locator(f".board-view svg g.mine[data-owner={power}][data-key='{key}']")
    if mark.count():
        at = mark.evaluate(ON_TOP)
        if at is not None:
            page.mouse.click(*at)
            return "map"
    if page.locator(f".click-powers button[data-power={power}]").count():
        page.click(f".click-powers button[data-power={power}]")
    page.click(f"#click-orders .click-power-units[data-power={power}] "
               f"button[data-key='{key}']")
    return "list"


def attack(options: dict[str, list[str]], enemies: set[str], rng: random.Random
           ) -> dict[str, str]:
    """A move on a province another player's army or fleet stands in, with a support from
    another unit of the same power, where the power has one (a retreat may follow)."""
    found = []
    for key in sorted(options):
        for line in options[key]:
            m = SUPPORT.match(line)
            if not m:
                continue
            mover, move = f"unit {m.group(2)} AF", f"{m.group(1)} {m.group(2)} - {m.group(3)}"
            if m.group(3).split("/")[0] in enemies and move in options.get(mover, []):
                found.append({key: line, mover: move})
    return rng.choice(found) if found else {}


def order_by_clicks(page: Page, power: str, options: dict[str, list[str]],
                    enemies: set[str], rng: random.Random) -> list[str]:
    """An order for each of ``power``'s units (and each build site it has) by clicks: an
    attack with support where it has one, else any order of the unit's list; the lines its
    order box then holds."""
    written: list[str] = []
    box = page.locator(f".orders-card[data-power={power}] textarea[name=orders]")
    planned = attack(options, enemies, rng)
    for key in sorted(k for k in options if k.startswith("unit ")):
        click_unit(page, power, key)
        heading = page.locator("#click-orders .click-heading")
        expect(heading).to_contain_text(f"{power}, ")  # the unit's own power
        line = planned.get(key) or rng.choice(options[key])
        page.click(f"#click-orders .click-choices button[data-line='{line}']")
        written.append(line)
        expect(box).to_have_value("\n".join(written))
    return written


def two_powers_pictures(browser: Any, live: LiveServer, page: Page) -> None:
    """The game page of a player holding two powers (Bob: Venice and Papacy, each one's
    orders in), at 1400x900 with one of Venice's units chosen, and 390 px wide."""
    expect(page.locator(".click-powers button[aria-pressed=true]")).to_have_count(1)
    expect(page.locator(".orders-card")).to_have_count(2)
    click_unit(page, "Venice", "unit pad AF")
    expect(page.locator(".board-view svg path.area.dest").first).to_be_attached()
    shoot(page, "game-two-powers-1400x900")
    phone = sign_in(browser, live, "bob", PASSWORD, NARROW)
    phone.goto(f"/games/{GAME}")
    expect(phone.locator(".board-view.live svg")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    # each power's treasury then its orders, one power after the other
    cards = phone.locator(".private-panel, .orders-card")
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    tops = [box["y"] for box in boxes if box is not None]
    assert len(tops) == 4 and tops == sorted(tops)
    shoot(phone, "game-two-powers-390")
    phone.context.close()


def test_a_year_of_a_three_player_game_by_clicks_in_three_browsers(
        live: LiveServer, browser: Any) -> None:
    pages = {user: sign_in(browser, live, user, PASSWORD, WIDE) for user in HELD}
    rng = random.Random(1454)
    seen_kinds: list[str] = []
    retreats = 0
    for _ in range(8):  # a year: at most three movements, three retreats, a winter
        view = master_view(live)
        if view.label.startswith("Spring 1455"):
            break
        label, number = view.label, view.phase + 1  # the n-th phase of the game
        seen_kinds.append(label.split()[-1])
        owing = set(view.decision.seats if view.decision else ())
        for user, powers in HELD.items():
            enemies = {u.province for u in view.state.units
                       if u.owner not in powers and u.kind != "G"}
            page = pages[user]
            if number == 1:  # later, the page of the last results shows this phase's board
                page.goto(f"/games/{GAME}")
            expect(page.locator(".phase-box .label")).to_have_text(label)
            expect(page.locator(".board-view.live svg")).to_be_visible()
            for power in powers:
                options = legal(page, power)
                if not any(k.startswith("unit ") for k in options):
                    continue
                expect(page.locator("#click-orders")).to_be_visible()
                lines = order_by_clicks(page, power, options, enemies, rng)
                card = page.locator(f".orders-card[data-power={power}]")
                card.locator(f"button:has-text('Submit orders for {power}')").click()
                # (stored, whether the checker says some lines will fail or not)
                expect(page.locator(".flash")).to_contain_text(
                    f"{power}: {len(lines)} order(s) stored")
            for power in powers:  # a power with nothing to order says it is ready
                card = page.locator(f".orders-card[data-power={power}]")
                if power in owing and card.locator("button:has-text('Ready with no orders')"
                                                   ).count():
                    card.locator("button:has-text('Ready with no orders')").click()
                    expect(page.locator(".flash.good")).to_be_visible()
            if user == "bob" and number == 1:
                two_powers_pictures(browser, live, page)
        stored = master_view(live)
        for power in owing:
            assert power in stored.submitted, f"{power} has no orders in for {label}"
        swept = live.judge.sweep([GAME])  # all in, nobody waiting: processed now
        assert swept and not isinstance(swept[0], Refused), swept
        after = master_view(live)
        assert after.phase > view.phase, f"{label} was not processed"
        retreats += label.endswith("retreat")
        # every player reads the results of the phase on the game page (which then shows
        # the next phase's board to order from)
        for user, powers in HELD.items():
            page = pages[user]
            page.goto(f"/games/{GAME}?phase={number}#history")
            result = page.locator("#phase-result")
            expect(result.locator(".phase-nav h3")).to_contain_text(f"Phase {number} · {label}")
            report = result.locator("pre.report")
            expect(report).to_contain_text(f"Results for {label}")
            text = report.inner_text()
            for power in (p for held in HELD.values() for p in held):
                if power not in after.eliminated:
                    assert f"\n{power}:" in text, f"{power} is not in the {label} report"
            expect(result.locator("table.standings")).to_contain_text(powers[0])
            if user == "alice":
                shoot(page, f"year-{number}-{label.lower().replace(' ', '-')}")
    assert seen_kinds[0] == "movement" and seen_kinds[-1] == "adjustment", seen_kinds
    assert seen_kinds.count("movement") == 3, seen_kinds
    assert retreats, "the attacks of the year dislodged nobody"
    assert master_view(live).label.startswith("Spring 1455")
