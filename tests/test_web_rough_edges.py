"""Rough edges of the web judge (issue 36, item 9): the master's destructive actions are
asked again, on a page of their own (no JavaScript needed); flash messages come from the
session, never from the address."""

from __future__ import annotations

from web_game import csrf_of, started_game, web_site

from machiavelli.service.visibility import Viewer


def _phase(site: object, game: str) -> int:
    view = site.judge.view(game, Viewer.master())  # type: ignore[attr-defined]
    assert not isinstance(view, str)
    return int(view.phase)


def test_process_now_and_roll_back_ask_again_before_they_are_done(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/web.db")
    started_game(site, "careful", {"vera": "Venice"})
    boss = site.sign_in("boss")
    console = boss.get("/games/careful/master")
    before = _phase(site, "careful")
    asked = boss.post("/games/careful/master/process", data={"csrf": csrf_of(console.text)})
    assert asked.status_code == 200 and 'id="confirm"' in asked.text
    label = site.judge.view("careful", Viewer.master()).label  # type: ignore[union-attr]
    assert f"Process {label} now?" in asked.text
    assert "Not in: " in asked.text and "Yes, process now" in asked.text
    assert 'name="confirm" value="yes"' in asked.text
    assert _phase(site, "careful") == before  # nothing done yet
    done = boss.post("/games/careful/master/process",
                     data={"csrf": csrf_of(asked.text), "confirm": "yes"})
    assert done.status_code == 200 and "The phase is processed." in done.text
    assert _phase(site, "careful") == before + 1

    console = boss.get("/games/careful/master")
    asked = boss.post("/games/careful/master/rollback",
                      data={"csrf": csrf_of(console.text), "phase": str(before)})
    assert "Roll back to phase" in asked.text and f'name="phase" value="{before}"' in asked.text
    assert _phase(site, "careful") == before + 1
    rolled = boss.post("/games/careful/master/rollback",
                       data={"csrf": csrf_of(asked.text), "phase": str(before),
                             "confirm": "yes"})
    assert f"Rolled back to phase {before}" in rolled.text
    assert _phase(site, "careful") == before
    # the API is a program's: it does them at once
    api = site.client.post("/api/v1/games/careful/master/process", headers=site.api("boss"),
                           json={})
    assert api.json() == {"said": "The phase is processed."}
    site.judge.close()


def test_flash_messages_come_from_the_form_never_from_the_address(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/web.db")
    started_game(site, "flashy", {"vera": "Venice"})
    vera = site.sign_in("vera")
    forged = vera.get("/games/flashy?said=Send+your+password+to+evil%40example.org"
                      "&bad=Your+account+is+closed")
    assert forged.status_code == 200
    assert "evil@example.org" not in forged.text and "account is closed" not in forged.text
    assert 'class="flash' not in forged.text
    # a form's own message is shown on the page it leads to, once
    page = vera.get("/games/flashy")
    done = vera.post("/games/flashy/password", data={"csrf": csrf_of(page.text),
                                                     "password": "gondola"})
    assert done.status_code == 200 and done.history and done.history[0].status_code == 303
    assert "said=" not in str(done.url) and "password for playing by mail is set" in done.text
    assert 'class="flash good"' in done.text
    again = vera.get("/games/flashy")
    assert "password for playing by mail is set" not in again.text
    # and a refusal is shown as one
    refused = vera.post("/games/flashy/password", data={"csrf": csrf_of(again.text),
                                                        "password": "not allowed!"})
    assert 'class="flash bad"' in refused.text and "bad=" not in str(refused.url)
    site.judge.close()
