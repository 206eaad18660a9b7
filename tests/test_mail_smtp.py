"""The judge by mail over real SMTP on the loopback: aiosmtpd serves, aiosmtplib sends."""

from __future__ import annotations

import asyncio
import socket
import time
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import aiosmtplib
from click.testing import CliRunner

from machiavelli.cli.mail import check_answer
from machiavelli.cli.main import main
from machiavelli.mail.postman import Outbox, Relay, parse_host_port, post_now
from machiavelli.mail.server import JudgeHandler, start_server

JUDGE = "judge@machiavelli.test"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def send(port: int, text: str, sender: str = "ann@example.org") -> None:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE
    message["Subject"] = "my orders"
    message.set_content(text)
    asyncio.run(aiosmtplib.send(message, hostname="127.0.0.1", port=port, timeout=10))


def wait_for(outbox: Outbox, count: int) -> list[Path]:
    for _ in range(200):
        if len(outbox.messages()) >= count:
            break
        time.sleep(0.05)
    return outbox.messages()


def test_a_message_in_a_reply_out_over_smtp(tmp_path: Path) -> None:
    outbox = Outbox(tmp_path / "outbox")
    handler = JudgeHandler(check_answer(JUDGE), outbox, JUDGE)
    port = free_port()
    server = start_server(handler, "127.0.0.1", port)
    try:
        send(port, "list\nsignon fdt pass\nset wait\nA par - bur\nsignoff\n")
        send(port, "undeliverable", sender="MAILER-DAEMON@example.org")
        replies = wait_for(outbox, 1)
        time.sleep(0.2)
    finally:
        server.stop()
    assert len(replies) == 1, handler.failures
    answer = BytesParser().parsebytes(replies[0].read_bytes())
    assert answer["To"] == "ann@example.org" and answer["Subject"] == "Re: my orders"
    text = answer.get_payload(decode=True).decode()
    assert "> set wait" in text and "> A par - bur" in text
    assert handler.dropped and "bounce" in handler.dropped[0]


def test_the_relay_hands_replies_to_an_smtp_server(tmp_path: Path) -> None:
    received = Outbox(tmp_path / "received")

    class Keeper:
        async def handle_DATA(self, server: object, session: object,  # noqa: N802
                              envelope: object) -> str:
            received.post_now([BytesParser().parsebytes(envelope.content)])  # type: ignore[attr-defined]
            return "250 OK"

    from aiosmtpd.controller import Controller

    port = free_port()
    controller = Controller(Keeper(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = JUDGE, "bob@example.org", "x"
        message.set_content("Spring 1454 results\n")
        relay = Relay("127.0.0.1", port, timeout=10)
        assert post_now(relay, [message]) == []
        assert relay.sent == ["bob@example.org"]
    finally:
        controller.stop()
    assert len(received.messages()) == 1
    # a relay that is not there: the message is kept in the fallback outbox, not lost
    fallback = Outbox(tmp_path / "fallback")
    dead = Relay("127.0.0.1", free_port(), timeout=5, fallback=fallback)
    failures = post_now(dead, [message])
    assert len(failures) == 1 and len(fallback.messages()) == 1


def test_machiavelli_mail_reads_one_message_on_stdin(tmp_path: Path) -> None:
    outbox = tmp_path / "out"
    raw = "From: ann@example.org\nSubject: hi\n\nsignon fdt pass\npress to g\nhello\n"
    result = CliRunner().invoke(main, ["mail", "--check", "--outbox", str(outbox)],
                                input=raw.encode())
    assert result.exit_code == 0, result.output
    [written] = Outbox(outbox).messages()
    assert b"> press to g" in written.read_bytes()
    bounce = CliRunner().invoke(main, ["mail", "--outbox", str(outbox), "--db",
                                       f"sqlite:///{tmp_path}/judge.db"],
                                input=b"From: MAILER-DAEMON@x.org\n\nfailed\n")
    assert bounce.exit_code == 0 and len(Outbox(outbox).messages()) == 1


def test_host_and_port() -> None:
    assert parse_host_port("127.0.0.1:2525", 25) == ("127.0.0.1", 2525)
    assert parse_host_port("mail.example.org", 25) == ("mail.example.org", 25)
    assert parse_host_port("[::1]:26", 25) == ("::1", 26)


def test_machiavelli_judge_reads_typed_commands(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["judge", "--check"],
                                input="signon fdt pass\nset sideways\n")
    assert result.exit_code == 0, result.output
    assert "> set sideways" in result.output and "Refused: Unknown setting" in result.output
    typed = "register\nName: Ann\nend\ncreate ?rome pw machiavelli\nset sideways\n"
    result = CliRunner().invoke(main, ["judge", "--as", "ann@example.org", "--db",
                                       f"sqlite:///{tmp_path}/judge.db", "--outbox",
                                       str(tmp_path / "out")], input=typed)
    assert result.exit_code == 0, result.output
    assert "Registration processed." in result.output
    assert "You've been selected to play Master in game 'rome'" in result.output
    assert "Refused: Unknown setting" in result.output


def test_machiavelli_mail_carries_out_a_message_and_sweeps(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/judge.db"
    outbox = tmp_path / "out"
    raw = ("From: Ann <ann@example.org>\nSubject: hello\n\nREGISTER\nName: Ann\nEND\n"
           "create ?rome pw machiavelli\nset players 2\n")
    done = CliRunner().invoke(main, ["mail", "--db", db, "--outbox", str(outbox)],
                              input=raw.encode())
    assert done.exit_code == 0, done.output
    [written] = Outbox(outbox).messages()
    text = written.read_bytes().decode()
    assert "To: ann@example.org" in text and "Registration processed." in text
    assert "You've been selected to play Master in game 'rome'" in text
    swept = CliRunner().invoke(main, ["mail", "--sweep", "--db", db, "--outbox", str(outbox)])
    assert swept.exit_code == 0 and "processed: nothing" in swept.output, swept.output


def test_the_help_files_are_shipped_and_listed() -> None:
    from machiavelli.commands.enquiries import help_file

    listed = help_file("flist")
    assert listed is not None
    names = [line.split()[0] for line in listed.splitlines()[2:] if line.strip()]
    assert names and all(help_file(name) for name in names)
    assert help_file("syntax") == help_file("orders") and help_file("../x") is None
