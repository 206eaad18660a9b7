"""A whole game played by mail over real SMTP on the loopback (127.0.0.1 only).

The judge serves SMTP (aiosmtpd) and sends every mail through an SMTP relay
(aiosmtplib) to a mail catcher, another aiosmtpd server, that files each message under
its recipient.  Three players and a Master register, create and join a game of
Machiavelli (classic 1454, SET PLAYERS 3: its variant, each player takes two powers and
signs on for each with its letter), give orders with money and press, and play to
the second year, the phases processed by their deadline through the sweeper or by the
Master's PROCESS.  Every result mail is checked:
each power reads its own part and nobody else's (RES-1.3), the observer none, the Master
all; the results carry the map as a PNG.
"""

from __future__ import annotations

import asyncio
import socket
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import default
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import aiosmtplib
import pytest
from aiosmtpd.controller import Controller

from machiavelli.cli.mail import judge_answer
from machiavelli.commands.desk import Config
from machiavelli.mail.mailroom import sweep_and_deliver
from machiavelli.mail.postman import Outbox, Relay
from machiavelli.mail.server import JudgeHandler, start_server
from machiavelli.service.judge import Judge
from machiavelli.service.visibility import GameView, Viewer

JUDGE = "judge@machiavelli.test"
LOOPBACK = "127.0.0.1"
PLAYERS = {"ann@x.org": ("Milan", "i"), "bob@x.org": ("Venice", "v"),
           "cy@x.org": ("Florence", "l")}
SECOND = {"ann@x.org": ("Naples", "n"), "bob@x.org": ("Papacy", "p"),
          "cy@x.org": ("Turkey", "t")}  # each player's second power (their preferences)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


class Catcher:
    """An SMTP server that keeps every message it is handed, by recipient."""

    def __init__(self) -> None:
        self.inbox: dict[str, list[EmailMessage]] = defaultdict(list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message = BytesParser(policy=default).parsebytes(envelope.content)
        assert isinstance(message, EmailMessage)
        for to in envelope.rcpt_tos:
            self.inbox[to.lower()].append(message)
        return "250 OK"

    def texts(self, address: str, words: str = "") -> list[str]:
        found = []
        for message in self.inbox[address]:
            if words in str(message["Subject"]):
                body = message.get_body(preferencelist=("plain",))
                assert body is not None
                found.append(str(body.get_content()))
        return found


class Table:
    """The judge's server, the catcher, and the players' mail client."""

    def __init__(self, tmp_path: Path) -> None:
        self.judge = Judge(f"sqlite:///{tmp_path}/judge.db")
        self.catcher = Catcher()
        catcher_port, self.port = free_port(), free_port()
        self.catching = Controller(self.catcher, hostname=LOOPBACK, port=catcher_port)
        self.catching.start()
        self.relay = Relay(LOOPBACK, catcher_port, timeout=30,
                           fallback=Outbox(tmp_path / "kept"))
        self.config = Config(address=JUDGE, maps=True)
        self.handler = JudgeHandler(judge_answer(self.judge, self.relay, self.config),
                                    self.relay, JUDGE)
        self.serving = start_server(self.handler, LOOPBACK, self.port)

    def close(self) -> None:
        self.serving.stop()
        self.catching.stop()
        self.judge.close()

    def mail(self, sender: str, text: str, subject: str = "orders") -> str:
        """Send ``text`` from ``sender`` to the judge; the judge's reply."""
        before = len(self.catcher.inbox[sender])
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, JUDGE, subject
        message["Message-ID"] = make_msgid(domain="x.org")
        message.set_content(text)
        asyncio.run(aiosmtplib.send(message, hostname=LOOPBACK, port=self.port, timeout=60))
        replies = [m for m in self.catcher.inbox[sender][before:]
                   if str(m["Subject"]).startswith("Re:")]
        assert len(replies) == 1, (self.handler.failures, self.relay.sent)
        body = replies[0].get_body(preferencelist=("plain",))
        assert body is not None
        return str(body.get_content())

    def view(self, viewer: Viewer | None = None) -> GameView:
        found = self.judge.view("rome", viewer or Viewer.master("gm@x.org"))
        assert isinstance(found, GameView), found
        return found


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path)
    yield table
    table.close()


def test_a_message_in_a_reply_out_over_smtp(table: Table) -> None:
    reply = table.mail("ann@x.org", "REGISTER\nName: Ann\nEND\nlist\nsignon irome x\n")
    assert "> REGISTER" in reply and "Registration processed." in reply
    assert "Refused: No such game 'rome'." in reply
    [answer] = table.catcher.inbox["ann@x.org"]
    assert answer["From"] == JUDGE and answer["Subject"] == "Re: orders"
    assert answer["Auto-Submitted"] == "auto-replied" and answer["In-Reply-To"]


def test_res_1_3_a_game_of_three_powers_played_by_mail_to_its_second_year(
        table: Table) -> None:
    for name in ("gm", "ann", "bob", "cy"):
        assert "Registration processed." in table.mail(f"{name}@x.org",
                                                        f"REGISTER\nName: {name}\nEND")
    reply = table.mail("gm@x.org", "create ?rome sesame machiavelli\nset players 3\n"
                       "set grey/white\nset nostorm\nsignoff")
    assert "You've been selected to play Master in game 'rome'" in reply
    for address, (power, letter) in PLAYERS.items():
        name = address.split("@")[0]
        second = SECOND[address][1]
        reply = table.mail(address, f"signon ?rome {name}pw\nset preference {letter}{second}")
        assert f"Preference list '{letter}{second}' set: {power}" in reply
    table.mail("dan@y.org", "observe rome look")
    everyone = [p for p, _ in (*PLAYERS.values(), *SECOND.values())]
    for address, (power, _) in PLAYERS.items():
        starts = table.catcher.texts(address, "Game Starting")
        assert len(starts) == 2  # one for each of the player's powers
        for held in (power, SECOND[address][0]):
            [start] = [t for t in starts if f"You have been selected as {held}" in t]
            assert f"Private to {held}" in start
            assert all(f"Private to {other}" not in start for other in everyone
                       if other != held)
    assert table.view().label == "Spring 1454 movement"

    # Spring 1454: orders with money and press; processed at its deadline by the sweeper
    table.mail("ann@x.org", "signon irome annpw\nA pav - for\nA mil H\nA cre H\n"
               "expense 1: 3 ducats counter-bribe army pav\n"
               "press grey to v\nA word from nowhere.\nendpress\nset wait\nsignoff")
    table.mail("bob@x.org", "signon vrome bobpw\nF dal H\nA pad H\nA ver H\nG ven H\n"
               "borrow 10 ducats for 1 year\nbroadcast\nVenice greets Italy.\nendbroadcast")
    table.mail("cy@x.org", "signon lrome cypw\nA are H\nA flo H\nF psa H\n"
               "pay 2 ducats to Milan")
    assert any("A word from nowhere." in t and "(anonymous)" in t
               for t in table.catcher.texts("bob@x.org", "Press"))
    assert any("A word from nowhere." in t and "from Milan" in t
               for t in table.catcher.texts("gm@x.org", "Press"))
    assert not table.catcher.texts("cy@x.org", "Press from")
    for address, (_, letter) in SECOND.items():  # the second powers hold
        table.mail(address, f"signon {letter}rome {address.split('@')[0]}pw\nset nowait")
    clock = table.view().clock["clock"]
    deadline = datetime.fromisoformat(str(clock["deadline"]))  # type: ignore[index]
    early = sweep_and_deliver(table.judge, table.relay, table.config,
                              now=deadline - timedelta(hours=1))
    assert early.processed == []  # Milan waits for the deadline
    done = sweep_and_deliver(table.judge, table.relay, table.config, now=deadline)
    assert done.processed == ["rome"] and table.view().label == "Summer 1454 movement"
    ann = table.catcher.texts("ann@x.org", "U1454M Results")[0]
    bob = table.catcher.texts("bob@x.org", "U1454M Results")[0]
    cy = table.catcher.texts("cy@x.org", "U1454M Results")[0]
    dan = table.catcher.texts("dan@y.org", "U1454M Results")[0]
    gm = table.catcher.texts("gm@x.org", "U1454M Results")[0]
    assert all("A pav - for" in text for text in (ann, bob, cy, dan, gm))
    assert "counter-bribe" in ann and "borrow" not in ann and "pay 2 ducats" not in ann
    assert "borrow 10 ducats" in bob and "counter-bribe" not in bob
    assert "pay 2 ducats to Milan" in cy and "borrow" not in cy
    assert "Private to" not in dan and "ducats" not in dan.split("Position")[0]
    assert all(words in gm for words in ("counter-bribe", "borrow 10", "pay 2 ducats"))
    result = next(m for m in table.catcher.inbox["ann@x.org"] if "Results" in m["Subject"])
    assert [p.get_content_type() for p in result.iter_attachments()] == ["image/png"]

    # Summer 1454: the Master orders for a power he has become, then processes by mail
    # (in another message: no Master-only command after BECOME)
    table.mail("ann@x.org", "signon irome annpw\nA for - par\n")
    table.mail("gm@x.org", "signon mrome sesame\nbecome venice\nF dal H\n")
    reply = table.mail("gm@x.org", "signon mrome sesame\n"
                       "process summer 1454 movement\nprocess summer 1454 movement")
    assert "Summer 1454 movement processed; next:" in reply
    assert "Refused: The pending phase is" in reply  # the second PROCESS does nothing
    assert table.view().label.startswith("Fall 1454")

    # Fall 1454 and on: the sweeper at the deadline when everyone's orders are in, else the
    # Master (an adjustment some power has nothing to decide in, say)
    by_sweeper = by_master = 0
    for _ in range(8):
        view = table.view()
        if view.label == "Spring 1455 movement":
            break
        for address, (power, letter) in (*PLAYERS.items(), *SECOND.items()):
            mine = table.view(Viewer.player(power))
            orders = ""
            if mine.state.phase == "adjustment":
                orders = "\n".join(f"maintain {u.kind} {u.province}"
                                   for u in mine.state.units_of(power))
            table.mail(address, f"signon {letter}rome {address.split('@')[0]}pw\n"
                       f"{orders}\nset nowait")
        swept = sweep_and_deliver(table.judge, table.relay, table.config,
                                  now=datetime.fromisoformat(
                                      str(view.clock["clock"]["deadline"])))  # type: ignore
        by_sweeper += bool(swept.processed)
        if not swept.processed:
            by_master += 1
            table.mail("gm@x.org", "signon mrome sesame\nprocess")
    assert table.view().label == "Spring 1455 movement" and by_sweeper >= 1, (by_sweeper,
                                                                              by_master)
    for address, (power, _) in PLAYERS.items():
        results = table.catcher.texts(address, "Results")
        assert len(results) >= 4 and any("Spring 1455" in t for t in results)
        others = [p for p in everyone if p not in (power, SECOND[address][0])]
        assert all(f"Private to {other}" not in text for text in results for other in others)
    assert table.handler.failures == [] and table.handler.dropped == []
