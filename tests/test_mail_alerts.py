"""Mail for web players who asked for it (issue 36, item 3, last point): the results of each
phase when it is processed, and a reminder when a deadline is 24 hours away with their
orders not in.  The player asks on their account page; the service's notices say what
happened (the sweeper's reminder, the processed phase's results) and the mail room
posts them over real SMTP on the loopback (aiosmtplib to aiosmtpd)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from email.message import Message
from email.parser import BytesParser
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from test_mail_smtp import free_port
from web_game import Site, add_user, csrf_of, started_game, web_site

from machiavelli.commands.desk import Config
from machiavelli.mail.mailroom import deliver_owed, sweep_and_deliver
from machiavelli.mail.postman import Relay
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

GAME = "alerts"
WEB = "https://judge.example.org"


class Inbox:
    """An SMTP server on the loopback that keeps what it is handed."""

    def __init__(self) -> None:
        self.got: list[Message] = []

    async def handle_DATA(self, server: object, session: object,  # noqa: N802
                          envelope: object) -> str:
        self.got.append(BytesParser().parsebytes(envelope.content))  # type: ignore[attr-defined]
        return "250 OK"

    def take(self) -> list[tuple[str, str, str]]:
        """(to, subject, text) of each message received since the last call."""
        found = [(str(m["To"]), str(m["Subject"]), _text(m)) for m in self.got]
        self.got.clear()
        return found


def _text(message: Message) -> str:
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    payload = part.get_payload(decode=True)
    return payload.decode() if isinstance(payload, bytes) else ""


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, Relay]]:
    keeper = Inbox()
    port = free_port()
    controller = Controller(keeper, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield keeper, Relay("127.0.0.1", port, timeout=10)
    finally:
        controller.stop()


def ask_for(site: Site, user: str, *alerts: str) -> str:
    """``user`` ticks ``alerts`` on their account page; the page they land on."""
    browser = site.sign_in(user)
    page = browser.get("/account")
    assert 'action="/account/alerts"' in page.text
    done = browser.post("/account/alerts", data={"csrf": csrf_of(page.text),
                                                 "alerts": list(alerts)})
    assert done.status_code == 200, done.text[:500]
    return str(done.text)


def deadline_of(site: Site) -> datetime:
    view = site.judge.view(GAME, Viewer.public())
    assert isinstance(view, GameView)
    return datetime.fromisoformat(str(view.clock["clock"]["deadline"]))  # type: ignore[index]


def test_a_web_player_who_asked_gets_results_and_a_reminder_by_mail(
        tmp_path: Path, inbox: tuple[Inbox, Relay]) -> None:
    got, relay = inbox
    site = web_site(f"sqlite:///{tmp_path}/alerts.db")
    started_game(site, GAME, {"vera": "Venice", "milo": "Milan", "nino": "Naples"})
    page = ask_for(site, "vera", "results", "reminder")
    assert "Saved: mail me the results" in page and page.count("checked") == 2
    ask_for(site, "milo", "results")  # results, no reminders; nino asks for nothing
    config = Config(web=WEB)
    deadline = deadline_of(site)
    milan = site.judge.submit_orders(GAME, Viewer.player("Milan", "milo"), None, "A pav H")
    assert not isinstance(milan, Refused) and not milan.errors

    # two days before the deadline: nothing yet
    early = sweep_and_deliver(site.judge, relay, config, now=deadline - timedelta(hours=48))
    assert early.failures == [] and got.take() == []

    # 24 hours before: Venice has no orders in, and vera asked; nino did not; Milan is in
    sweep_and_deliver(site.judge, relay, config, now=deadline - timedelta(hours=23))
    mails = got.take()
    assert [(to, subject) for to, subject, _ in mails] == [
        ("vera@example.org", "MACH:alerts - S1454M Reminder")]
    text = mails[0][2]
    assert "orders for Spring 1454 movement are due" in text
    assert f"{WEB}/games/{GAME}" in text and f"{WEB}/account" in text
    sweep_and_deliver(site.judge, relay, config, now=deadline - timedelta(hours=22))
    assert got.take() == []  # one reminder a phase

    # the phase is processed: each who asked gets the results as their power reads them
    assert not isinstance(site.judge.process(GAME), Refused)
    done = deliver_owed(site.judge, relay, config)
    assert done.failures == []
    mails = got.take()
    assert sorted(to for to, _, _ in mails) == ["milo@example.org", "vera@example.org"]
    for to, subject, text in mails:
        power = "Venice" if to.startswith("vera") else "Milan"
        other = "Milan" if power == "Venice" else "Venice"
        assert subject == "MACH:alerts - U1454M Results"  # the code of the phase reached
        assert f"as {power} may read them" in text and f"{power}'s own part" in text
        assert f"{other}'s own part" not in text
        assert f"{WEB}/games/{GAME}" in text

    # vera stops them: the next phase's results go to milo alone
    page = ask_for(site, "vera")
    assert "You will get no mail about your games" in page and "checked" not in page
    assert not isinstance(site.judge.process(GAME), Refused)
    deliver_owed(site.judge, relay, config)
    assert [to for to, _, _ in got.take()] == ["milo@example.org"]


def test_mails_are_asked_for_by_name_and_need_an_address(tmp_path: Path) -> None:
    site = web_site(f"sqlite:///{tmp_path}/ask.db")
    add_user(site, "vera")
    vera = site.judge.user_named("vera")
    assert vera is not None and vera.alerts == ()
    wrong = site.judge.set_alerts(vera.id, ["results", "gossip"])
    assert isinstance(wrong, Refused) and "no such mail: gossip" in wrong.reason
    nobody = site.judge.add_user("nomail", "a long password", None)
    assert not isinstance(nobody, Refused)
    refused = site.judge.set_alerts(nobody.id, ["results"])
    assert isinstance(refused, Refused) and "no mail address" in refused.reason
    assert site.judge.set_alerts(nobody.id, []) == site.judge.user(nobody.id)
    page = site.sign_in("vera")
    answer = page.post("/account/alerts", data={"csrf": csrf_of(page.get("/account").text),
                                                "alerts": ["gossip"]})
    assert "Not changed: no such mail: gossip" in answer.text


def test_the_api_reads_and_sets_the_mails_a_player_wants(tmp_path: Path) -> None:
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    add_user(site, "vera")
    got = site.client.get("/api/v1/me/alerts", headers=site.api("vera"))
    assert got.status_code == 200 and got.json() == {"alerts": []}
    put = site.client.put("/api/v1/me/alerts", headers=site.api("vera"),
                          json={"alerts": ["reminder", "results"]})
    assert put.status_code == 200 and put.json() == {"alerts": ["results", "reminder"]}
    bad = site.client.put("/api/v1/me/alerts", headers=site.api("vera"),
                          json={"alerts": ["gossip"]})
    assert bad.status_code == 400 and "no such mail: gossip" in bad.json()["detail"]
    assert site.client.get("/api/v1/me/alerts").status_code == 401
    schema = site.client.get("/openapi.json").json()
    assert "/api/v1/me/alerts" in schema["paths"]
