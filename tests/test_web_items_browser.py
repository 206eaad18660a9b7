"""Issue 36, items 4, 7 and 9, in a real browser (Debian's Chromium driven by Playwright,
as tests/test_web_seats_browser.py does).

- Item 4: the game page's "Playing by mail" section names the web game (a long name with
  ``-``, as the demo's) and its ``SIGN ON`` line; the player sets the sign-on password on
  the page, makes an API key on the account page, and that very line, sent through
  ``POST /api/v1/judge``, signs on and stores an order.
- Item 7: Playwright's APIRequestContext against the live server, with a key made on the
  /account page: a ``power`` field the caller may not use is 403 (on ``/orders`` and
  ``/ready``, and the caller's own flag stays); a submission whose every line is refused
  is 400 and changes nothing; the same ``Idempotency-Key`` twice stores once.
- Item 9: the create form preselects classic 1454; deadlines typed ``2d 12h`` are shown
  back so; a draw vote is visible to its voter; Process now and Roll back ask again on a
  page of their own (Cancel goes back untouched, Yes does it) and the master stays on the
  console.

Each test keeps screenshots in ``tests/screenshots/web/`` (``items-*``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from web_live import LiveServer, a_legal_order, shoot, sign_in
from web_map_game import PASSWORD, add_user, map_game

from machiavelli.service.visibility import GameView, Viewer

BY_MAIL = "mail-game-1454"  # longer than 8 characters, with '-'
BY_API = "api-game-1454"
CONSOLE = "console-1454"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("web-items")
    with LiveServer(f"sqlite:///{folder}/judge.db") as server:
        map_game(server.judge, BY_MAIL, {"lena": "Milan"})
        map_game(server.judge, BY_API, {"otto": "Venice"})
        add_user(server.judge, "mara")
        add_user(server.judge, "pia")
        yield server


def master_view(live: LiveServer, game: str) -> GameView:
    view = live.judge.view(game, Viewer.master())
    assert isinstance(view, GameView), view
    return view


def new_key(page: Page, label: str) -> str:
    """A key made on the account page, read where the page shows it once."""
    page.goto("/account")
    page.fill("input[name=label]", label)
    page.click("button:has-text('Make a key')")
    key = page.locator("#new-key")
    expect(key).to_be_visible()
    text: str = key.inner_text().strip()
    assert text.startswith("mk_")
    return text


def test_item4_the_sign_on_line_of_the_game_page_signs_on_by_the_judge_api(
        live: LiveServer, browser: Any) -> None:
    lena = sign_in(browser, live, "lena", PASSWORD)
    lena.goto(f"/games/{BY_MAIL}")
    mail = lena.locator("#mail")
    expect(mail.locator("h2")).to_have_text("Playing by mail")
    said = re.search(rf"SIGN ON (\w){re.escape(BY_MAIL)} <password>", mail.inner_text())
    assert said, mail.inner_text()
    line = f"SIGN ON {said.group(1)}{BY_MAIL}"
    mail.locator("input[name=password]").fill("arno")
    mail.locator("button:has-text('Set the password')").click()
    expect(lena.locator(".flash.good")).to_be_visible()
    lena.goto(f"/games/{BY_MAIL}#mail")
    shoot(lena, "items-by-mail-laptop")

    key = new_key(lena, "mail test")
    order = a_legal_order(live, BY_MAIL, "boss", "Milan")
    answer = lena.request.post(f"{live.base}/api/v1/judge",
                               headers={"Authorization": f"Bearer {key}"},
                               data={"text": f"{line} arno\n{order}\nSIGN OFF\n"})
    assert answer.status == 200, answer.text()
    reply = answer.json()["reply"]
    assert "Signed on as Milan" in reply, reply
    assert "refuse" not in reply.lower() and "unknown game" not in reply.lower(), reply
    assert list(master_view(live, BY_MAIL).orders["Milan"].lines) == [order]
    lena.goto(f"/games/{BY_MAIL}")
    expect(lena.locator(".orders-card[data-power=Milan] textarea[name=orders]")
           ).to_have_value(re.compile(re.escape(order)))
    shoot(lena, "items-by-mail-stored-laptop")


def test_item7_the_api_refuses_another_power_keeps_orders_and_stores_a_key_once(
        live: LiveServer, browser: Any) -> None:
    otto = sign_in(browser, live, "otto", PASSWORD)
    key = new_key(otto, "api test")
    shoot(otto, "items-api-key-laptop")
    api = otto.request
    auth = {"Authorization": f"Bearer {key}"}
    base = f"{live.base}/api/v1/games/{BY_API}"
    order = a_legal_order(live, BY_API, "boss", "Venice")

    stored = api.post(f"{base}/orders", headers=auth, data={"text": order})
    assert stored.status == 200, stored.text()
    assert api.post(f"{base}/ready", headers=auth, data={"ready": True}).status == 200
    before = master_view(live, BY_API).orders["Venice"]
    assert list(before.lines) == [order] and not before.wait

    # a power the caller may not use: 403, never ignored (its own orders and flag stay)
    other = api.post(f"{base}/orders", headers=auth, data={"text": "A mil H", "power": "Milan"})
    assert other.status == 403, other.text()
    assert "may not act for 'Milan'" in other.json()["detail"]
    unready = api.post(f"{base}/ready", headers=auth, data={"ready": False, "power": "Milan"})
    assert unready.status == 403, unready.text()
    # every line refused: 400, and nothing changes (orders and readiness alike)
    wiped = api.post(f"{base}/orders", headers=auth,
                     data={"text": "A nowhere - elsewhere\nthis is no order"})
    assert wiped.status == 400, wiped.text()
    after = master_view(live, BY_API)
    assert list(after.orders["Venice"].lines) == [order] and not after.orders["Venice"].wait
    assert "Milan" not in after.orders

    # the same Idempotency-Key twice stores once
    letter = {"to": ["Milan"], "body": "One letter, however often it is sent."}
    once = {**auth, "Idempotency-Key": "items-letter-1"}
    first = api.post(f"{base}/press", headers=once, data=letter)
    again = api.post(f"{base}/press", headers=once, data=letter)
    assert first.status == again.status == 201, (first.text(), again.text())
    assert first.json() == again.json()
    letters = [p for p in master_view(live, BY_API).press if "however often" in p.body]
    assert len(letters) == 1

    otto.goto(f"/games/{BY_API}")
    expect(otto.locator(".orders-card[data-power=Venice] textarea[name=orders]")
           ).to_have_value(re.compile(re.escape(order)))
    expect(otto.locator("body")).to_contain_text("however often it is sent")
    shoot(otto, "items-api-kept-laptop")


def test_item9_the_console_asks_before_process_and_roll_back_and_stays_put(
        live: LiveServer, browser: Any) -> None:
    mara = sign_in(browser, live, "mara", PASSWORD)
    mara.goto("/games/new")
    chosen = mara.locator("select[name=setup] option:checked")
    expect(chosen).to_have_count(1)
    assert (chosen.get_attribute("value") or "").startswith("classic_1454")
    group = chosen.evaluate("o => o.parentElement.label")
    assert "1454" in group and "8 players" in chosen.inner_text(), (group, chosen.inner_text())
    shoot(mara, "items-create-form-laptop")
    mara.fill("input[name=name]", CONSOLE)
    mara.select_option("select[name=setup]", "classic_1454@5")
    mara.fill("input[name=movement_next]", "2d 12h")
    mara.fill("input[name=movement_grace]", "36h")
    mara.click("button:has-text('Create the game')")
    expect(mara.locator(".flash.good")).to_contain_text("The game is made")
    rules = mara.locator("#seats details")
    rules.locator("summary").click()
    expect(rules).to_contain_text("Movement: 2d 12h")
    expect(rules).to_contain_text("grace 1d 12h")
    shoot(mara, "items-deadlines-laptop")

    pia = sign_in(browser, live, "pia", PASSWORD)
    pia.goto(f"/games/{CONSOLE}")
    pia.select_option("#join select[name=want] >> nth=0", "Venice")
    pia.click("button:has-text('Join as a player')")
    expect(pia.locator(".flash.good")).to_contain_text("joined")
    mara.goto(f"/games/{CONSOLE}/master")
    mara.click("button:has-text('Start the game')")
    expect(mara.locator(".flash.good")).to_contain_text("has started")

    # a draw vote is seen by its voter
    pia.goto(f"/games/{CONSOLE}")
    draw = pia.locator("#draw")
    expect(draw).to_contain_text("You have not voted for a draw this phase")
    draw.locator("button:has-text('Vote for a draw')").click()
    expect(pia.locator("#draw")).to_contain_text("Your vote this phase")
    expect(pia.locator("#draw .votes strong")).to_contain_text("Venice")
    shoot(pia, "items-draw-vote-laptop")

    # Process now asks again; Cancel leaves the phase as it was
    mara.goto(f"/games/{CONSOLE}/master")
    mara.click("button:has-text('Process now')")
    expect(mara.locator("#confirm h1")).to_contain_text("now?")
    shoot(mara, "items-confirm-process-laptop")
    mara.click("a:has-text('Cancel: back to the console')")
    expect(mara).to_have_url(re.compile(rf"/games/{CONSOLE}/master$"))
    assert master_view(live, CONSOLE).phase == 0
    # Yes processes, and the master stays on the console
    mara.click("button:has-text('Process now')")
    mara.click("button:has-text('Yes, process now')")
    expect(mara.locator(".flash.good")).to_contain_text("The phase is processed")
    expect(mara).to_have_url(re.compile(rf"/games/{CONSOLE}/master(\?.*)?$"))
    expect(mara.locator("h1")).to_contain_text("master's console")
    assert master_view(live, CONSOLE).phase == 1
    shoot(mara, "items-processed-console-laptop")

    # Roll back asks again too
    mara.click("button:has-text('Roll back')")
    expect(mara.locator("#confirm h1")).to_contain_text("Roll back to phase 1")
    shoot(mara, "items-confirm-rollback-laptop")
    mara.click("button:has-text('Yes, roll back to phase 1')")
    expect(mara.locator(".flash.good")).to_contain_text("Rolled back to phase 1")
    expect(mara.locator("h1")).to_contain_text("master's console")
    assert master_view(live, CONSOLE).phase == 0
    shoot(mara, "items-rolled-back-console-laptop")
