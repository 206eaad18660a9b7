"""``machiavelli mail`` and ``machiavelli judge``: nJudge's command language by mail or typed.

    machiavelli mail [--db URL] [--outbox DIR | --relay HOST:PORT] < message
    machiavelli mail --serve HOST:PORT [--every SECONDS] [--outbox DIR | --relay HOST:PORT]
    machiavelli mail --sweep            (cron: process what is due, mail what is owed)
    machiavelli mail --check < message  (how each command was read; nothing carried out)
    machiavelli judge [--as ADDRESS] [FILE]

A message on standard input is carried out as nJudge is piped one by the mail system;
with ``--serve`` the judge listens for SMTP (aiosmtpd) and, every ``--every`` seconds,
runs the sweeper and mails the results, reminders and late notices it owes.  Mail goes
to the relay, or by default into the outbox folder.  The games are in the database of
``--db`` (or ``MACHIAVELLI_DB``; default ``sqlite:///judge.db``).  ``machiavelli judge``
reads commands typed on a terminal (or from FILE; a body, no mail headers) as if mailed
by ``--as``, prints the reply and puts the mails owed to others in the outbox.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from machiavelli.cli.numbers import Finite
from machiavelli.service.config import HostSettings, host_settings

if TYPE_CHECKING:  # (imported where used: --check reads a message and needs no storage)
    from email.message import EmailMessage

    from machiavelli.commands.desk import Config
    from machiavelli.mail.envelope import Incoming
    from machiavelli.mail.postman import Postman
    from machiavelli.service.judge import Judge

DEFAULTS = HostSettings()
Answer = Callable[["Incoming"], Sequence["EmailMessage"]]

db_option = click.option("--db", "db", default=lambda: host_settings().mail_database,
                         show_default=DEFAULTS.mail_db, metavar="URL",
                         help="The judge's database (sqlite:///FILE or postgresql://...; "
                              "also MACHIAVELLI_DB).")


def check_answer(judge_address: str) -> Answer:
    """Answers saying how each command was read (nothing carried out)."""
    from machiavelli.commands.reader import read_message
    from machiavelli.commands.reply import dry_run
    from machiavelli.mail.envelope import reply

    def answer(incoming: Incoming) -> list[EmailMessage]:
        text = dry_run(read_message(incoming.body).commands)
        return [reply(incoming, text, judge_address)]
    return answer


def judge_answer(judge: Judge, postman: Postman, config: Config) -> Answer:
    """Answers carrying the commands out; the mails owed after them (the results of a
    phase a PROCESS processed) are posted at once."""
    from machiavelli.mail.mailroom import answer_mail, deliver_owed
    from machiavelli.mail.postman import post_now

    def answer(incoming: Incoming) -> list[EmailMessage]:
        found = answer_mail(judge, incoming, config)
        post_now(postman, found)
        deliver_owed(judge, postman, config)
        return []
    return answer


def _postman(outbox: Path, relay: str | None) -> Postman:
    from machiavelli.mail.postman import Outbox, Relay, parse_host_port

    if relay is None:
        return Outbox(outbox)
    try:
        host, port = parse_host_port(relay, host_settings().relay_port)
    except ValueError as problem:
        raise click.BadParameter(str(problem), param_hint="--relay") from None
    return Relay(host, port, fallback=Outbox(outbox))


@click.command("mail")
@click.option("--serve", metavar="HOST:PORT", default=None,
              help="Serve SMTP on HOST:PORT instead of reading one message on stdin.")
@click.option("--sweep", is_flag=True,
              help="Process every game that is due and mail what is owed (for cron).")
@click.option("--every", type=Finite(1, 86_400), default=60.0, show_default=True,
              help="With --serve: seconds between two rounds of the sweeper.")
@click.option("--outbox", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: host_settings().outbox, show_default=str(DEFAULTS.outbox),
              help="Folder the mail is written to (when there is no relay, or it fails).")
@click.option("--relay", metavar="HOST:PORT", default=None,
              help="SMTP server to send the mail through.")
@click.option("--address", "judge_address", default=lambda: host_settings().address,
              show_default=DEFAULTS.address,
              help="The judge's own address (From: of its mail).")
@click.option("--variant", default="machiavelli", show_default=True,
              help="The variant CREATE makes when none is named.")
@click.option("--no-maps", is_flag=True, help="Send results without the map.")
@click.option("--check", is_flag=True,
              help="Answer with how each command was read; carry none out.")
@db_option
def mail(serve: str | None, sweep: bool, every: float, outbox: Path, relay: str | None,
         judge_address: str, variant: str, no_maps: bool, check: bool, db: str) -> None:
    """The judge by mail: nJudge's commands in, the judge's replies out."""
    postman = _postman(outbox, relay)
    if check:  # nothing carried out: no storage, no judge (and none of their imports)
        assert not sweep, "--sweep carries things out: not with --check"
        answer = check_answer(judge_address)
        if serve is None:
            _one_message(answer, postman, judge_address)
        else:
            _serve(serve, answer, postman, judge_address, None, None, every)
        return
    from machiavelli.cli.where import messages
    from machiavelli.commands.desk import Config
    from machiavelli.mail.mailroom import sweep_and_deliver
    from machiavelli.service.judge import Judge

    config = Config(address=judge_address, default_variant=variant, maps=not no_maps,
                    web=host_settings().base_url)
    with messages():
        judge = Judge(db)
        answer = judge_answer(judge, postman, config)
        if sweep:
            done = sweep_and_deliver(judge, postman, config)
            click.echo(f"processed: {', '.join(done.processed) or 'nothing'}; "
                       f"{done.posted} mails for {done.notices} notices")
            _failed(done.failures)
        elif serve is None:
            _one_message(answer, postman, judge_address)
        else:
            _serve(serve, answer, postman, judge_address, judge, config, every)
        judge.close()


def _failed(failures: Sequence[str]) -> None:
    for failure in failures:
        click.echo(f"Not sent: {failure}", err=True)
    if failures:
        sys.exit(1)


def _one_message(answer: Answer, postman: Postman, judge_address: str) -> None:
    from machiavelli.mail.envelope import parse_message
    from machiavelli.mail.postman import post_now

    incoming = parse_message(sys.stdin.buffer.read(), judge_address=judge_address)
    if incoming.automatic is not None:
        click.echo(f"Not answered: {incoming.automatic}.", err=True)
        return
    _failed(post_now(postman, answer(incoming)))


def _serve(serve: str, answer: Answer, postman: Postman, judge_address: str,
           judge: Judge | None, config: Config | None, every: float) -> None:
    from machiavelli.mail.mailroom import sweep_and_deliver
    from machiavelli.mail.postman import Outbox, parse_host_port
    from machiavelli.mail.server import JudgeHandler, start_server

    try:
        host, port = parse_host_port(serve, host_settings().smtp_port)
    except ValueError as problem:
        raise click.BadParameter(str(problem), param_hint="--serve") from None
    controller = start_server(JudgeHandler(answer, postman, judge_address), host, port)
    stop = threading.Event()
    if judge is not None:
        assert config is not None

        def rounds() -> None:
            while not stop.wait(every):
                done = sweep_and_deliver(judge, postman, config)
                for failure in done.failures:
                    click.echo(f"Not sent: {failure}", err=True)
        threading.Thread(target=rounds, daemon=True).start()
    where = str(postman.folder) if isinstance(postman, Outbox) else \
        f"{getattr(postman, 'host', '')}"
    click.echo(f"Serving SMTP on {host}:{port}; mail to {where}. Ctrl-C stops.")
    try:
        while not stop.wait(3600):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        controller.stop()


@click.command("judge")
@click.argument("file", type=click.File("r"), default="-")
@click.option("--as", "sender", default="you@localhost", show_default=True,
              help="The address the commands come from.")
@click.option("--outbox", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: host_settings().outbox, show_default=str(DEFAULTS.outbox),
              help="Folder for the mails the commands owe others (press, results ...).")
@click.option("--check", is_flag=True, help="Say how each command was read; carry none out.")
@db_option
def judge(file: click.utils.LazyFile, sender: str, outbox: Path, check: bool, db: str) -> None:
    """Read judge commands (a mail's body: SIGN ON, orders, PRESS, SET ...) and print the
    reply; end with SIGNOFF or end of input (Ctrl-D)."""
    if file.name == "<stdin>" and sys.stdin.isatty():
        click.echo("Type the commands, then SIGNOFF or Ctrl-D.", err=True)
    text = file.read()
    if check:
        from machiavelli.commands.reader import read_message
        from machiavelli.commands.reply import dry_run

        click.echo(dry_run(read_message(text, sender=sender).commands), nl=False)
        return
    from machiavelli.cli.where import messages
    from machiavelli.commands.desk import Config, OutMail
    from machiavelli.commands.interpreter import interpret
    from machiavelli.mail.mailroom import deliver_owed, outgoing
    from machiavelli.mail.postman import Outbox
    from machiavelli.service.judge import Judge, clock

    config = Config(web=host_settings().base_url)
    with messages(), Judge(db) as the_judge:
        answer = interpret(the_judge, sender, text, clock(), config)
        click.echo(answer.reply, nl=False)
        box = Outbox(outbox)
        mails: list[OutMail] = list(answer.mails)
        box.post_now([outgoing(m, config) for m in mails])
        done = deliver_owed(the_judge, box, config)
        if mails or done.posted:
            click.echo(f"({len(mails) + done.posted} mails for others in {outbox})", err=True)
