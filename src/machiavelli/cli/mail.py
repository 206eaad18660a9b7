"""``machiavelli mail`` and ``machiavelli judge``: nJudge's command language by mail or typed.

    machiavelli mail [--check] [--outbox DIR | --relay HOST:PORT] < message
    machiavelli mail --serve HOST:PORT [--outbox DIR | --relay HOST:PORT]
    machiavelli judge [--as ADDRESS] [FILE]

A message on standard input is read as nJudge is piped one by the mail system; with
``--serve`` the judge listens for SMTP (aiosmtpd).  Replies go to the relay, or by
default into the outbox folder.  ``--check`` answers with how each command was read,
carrying none of them out.  ``machiavelli judge`` reads commands typed on a terminal
(or from FILE; a body, no mail headers) and prints the reply.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from email.message import EmailMessage
from pathlib import Path

import click

from machiavelli.mail.envelope import Incoming, parse_message, reply
from machiavelli.mail.postman import Outbox, Postman, Relay, parse_host_port, post_now
from machiavelli.mail.reader import read_message
from machiavelli.mail.reply import dry_run
from machiavelli.mail.server import JudgeHandler, start_server

DEFAULT_ADDRESS = "judge@localhost"
Answer = Callable[[Incoming], Sequence[EmailMessage]]


def check_answer(judge_address: str) -> Answer:
    """Answers saying how each command was read (nothing carried out)."""
    def answer(incoming: Incoming) -> list[EmailMessage]:
        text = dry_run(read_message(incoming.body).commands)
        return [reply(incoming, text, judge_address)]
    return answer


def _postman(outbox: Path, relay: str | None) -> Postman:
    if relay is None:
        return Outbox(outbox)
    try:
        host, port = parse_host_port(relay, 25)
    except ValueError as problem:
        raise click.BadParameter(str(problem), param_hint="--relay") from None
    return Relay(host, port, fallback=Outbox(outbox))


@click.command("mail")
@click.option("--serve", metavar="HOST:PORT", default=None,
              help="Serve SMTP on HOST:PORT instead of reading one message on stdin.")
@click.option("--outbox", type=click.Path(file_okay=False, path_type=Path),
              default=Path("outbox"), show_default=True,
              help="Folder the replies are written to (when there is no relay, or it fails).")
@click.option("--relay", metavar="HOST:PORT", default=None,
              help="SMTP server to send the replies through.")
@click.option("--address", "judge_address", default=DEFAULT_ADDRESS, show_default=True,
              help="The judge's own address (From: of its mail).")
@click.option("--check", is_flag=True,
              help="Answer with how each command was read; carry none out.")
def mail(serve: str | None, outbox: Path, relay: str | None, judge_address: str,
         check: bool) -> None:
    """The judge by mail: nJudge's commands in, the judge's replies out."""
    postman = _postman(outbox, relay)
    answer = check_answer(judge_address)
    if serve is None:
        incoming = parse_message(sys.stdin.buffer.read(), judge_address=judge_address)
        if incoming.automatic is not None:
            click.echo(f"Not answered: {incoming.automatic}.", err=True)
            return
        failures = post_now(postman, answer(incoming))
        for failure in failures:
            click.echo(f"Not sent: {failure}", err=True)
        if failures:
            sys.exit(1)
        return
    try:
        host, port = parse_host_port(serve, 8025)
    except ValueError as problem:
        raise click.BadParameter(str(problem), param_hint="--serve") from None
    controller = start_server(JudgeHandler(answer, postman, judge_address), host, port)
    click.echo(f"Serving SMTP on {host}:{port}; replies to "
               f"{relay or outbox}. Ctrl-C stops.")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


@click.command("judge")
@click.argument("file", type=click.File("r"), default="-")
@click.option("--as", "sender", default="you@localhost", show_default=True,
              help="The address the commands come from.")
def judge(file: click.utils.LazyFile, sender: str) -> None:
    """Read judge commands (a mail's body: SIGN ON, orders, PRESS, SET ...) and print the
    reply; end with SIGNOFF or end of input (Ctrl-D)."""
    if file.name == "<stdin>" and sys.stdin.isatty():
        click.echo("Type the commands, then SIGNOFF or Ctrl-D.", err=True)
    text = file.read()
    click.echo(dry_run(read_message(text, sender=sender).commands), nl=False)
