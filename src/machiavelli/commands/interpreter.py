"""The interpreter: a message's commands carried out on the judge service, one by one.

:func:`interpret` reads the message (:func:`~machiavelli.commands.reader.read_message`),
carries out each command on the service's :class:`~machiavelli.service.judge.Judge`
through the handlers of :mod:`~machiavelli.commands.signing`,
:mod:`~machiavelli.commands.playing`, :mod:`~machiavelli.commands.setting`,
:mod:`~machiavelli.commands.mastering` and :mod:`~machiavelli.commands.enquiries`, and writes
the reply (each command echoed with its outcome, :mod:`~machiavelli.commands.reply`).  What
the judge owes others (announcements, press, the game's start) comes back with it as
:class:`~machiavelli.commands.desk.OutMail`; result mails come from the service's notices
(:mod:`~machiavelli.mail.results`).

:func:`judge_text` is the same for a text in and a text out: the web judge's ``POST
/api/v1/judge`` and ``machiavelli judge`` use it.

A command the reader could not read is refused with the reader's reason; after a
failed sign-on the rest is skipped, as nJudge does.  A failure of the storage while a
command is carried out refuses that command with the message and goes on; nothing a
sender writes raises.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime

from machiavelli.commands import enquiries, mastering, playing, setting, signing
from machiavelli.commands.command import Command, Verb
from machiavelli.commands.desk import Config, Desk, OutMail, clock_of, code_of
from machiavelli.commands.outcome import Outcome, Status, Why
from machiavelli.commands.reader import read_message, reader_outcome
from machiavelli.commands.reply import GameHeader, judge_time, write_reply
from machiavelli.commands.starting import start_if_full
from machiavelli.commands.variants import variant_name
from machiavelli.commands.words import Who
from machiavelli.service.games import DamagedGame
from machiavelli.service.judge import Judge, StorageError, clock
from machiavelli.service.refusal import Refused

Handler = Callable[[Desk, Command], Outcome]

HANDLERS: dict[Verb, Handler] = {
    Verb.REGISTER: signing.register, Verb.SIGN_ON: signing.sign_on,
    Verb.OBSERVE: signing.sign_on, Verb.CREATE: signing.sign_on,
    Verb.LIST: enquiries.list_command, Verb.HISTORY: enquiries.history,
    Verb.SUMMARY: enquiries.summary, Verb.WHOIS: enquiries.whois,
    Verb.WHO_GAME: enquiries.who_game, Verb.HELP: enquiries.help_command,
    Verb.GET: enquiries.get, Verb.VERSION: enquiries.version, Verb.MAP: enquiries.map_command,
    Verb.INFO_PLAYER: enquiries.whois, Verb.I_AM_ALSO: enquiries.not_kept,
    Verb.ORDERS: playing.orders, Verb.PHASE: playing.phase, Verb.CLEAR: playing.clear,
    Verb.PRESS: playing.press, Verb.BROADCAST: playing.press,
    Verb.POSTAL_PRESS: playing.press, Verb.DIARY: playing.press, Verb.RESIGN: playing.resign,
    Verb.SET: setting.set_command,
    Verb.BECOME: mastering.become, Verb.PROCESS: mastering.process,
    Verb.PREDICT: mastering.predict, Verb.ROLLBACK: mastering.rollback,
    Verb.PAUSE: mastering.pause, Verb.RESUME: mastering.resume,
    Verb.TERMINATE: mastering.terminate, Verb.EJECT: mastering.eject,
    Verb.PROMOTE: mastering.promote, Verb.FORCE_BEGIN: mastering.force_begin,
    Verb.UNSTART: mastering.unsupported, Verb.SETUP: mastering.unsupported,
}


@dataclass
class Answer:
    """What the judge does with one message: its reply, and the mails it owes others.

    ``copy_to``: the seat's own address when the sign-on came from another one (nJudge
    sends the player of record a copy "as a precaution against cheating"); the copy is
    one of ``mails``.
    """

    reply: str
    entries: list[tuple[Command, Outcome]]
    mails: list[OutMail] = field(default_factory=list)
    game: str | None = None
    copy_to: str | None = None


def interpret(judge: Judge, sender: str, text: str, now: datetime | None = None,
              config: Config | None = None, *, source: str | None = None,
              copied: Sequence[str] = ()) -> Answer:
    """Carry out the commands of ``text`` sent by ``sender`` (from ``source``, the
    sender's address when not given: wrong SIGN ON passwords are counted per seat and
    per source, :mod:`machiavelli.service.guesses`; ``copied``: the other addresses the
    message went to, BAR-18.4)."""
    desk = Desk(judge, sender.strip().lower(), now or clock(), config or Config())
    desk.copied = tuple(copied)
    desk.source = (source or desk.sender).strip().lower()
    entries: list[tuple[Command, Outcome]] = []
    for command in read_message(text, sender=sender).commands:
        entries.append((command, carry_out(desk, command)))
    with suppress(StorageError, DamagedGame):  # the next join starts it
        start_if_full(desk)
    closing = closing_lines(desk)
    reply = write_reply(entries, judge=desk.config.judge, game=header(desk), closing=closing)
    seat_address = desk.seat.address if desk.seat is not None else None
    copy_to = seat_address if seat_address and seat_address.lower() != desk.sender else None
    if copy_to is not None:  # docs/mail.md: whichever front end carried the message out
        desk.send(copy_to, f"{desk.config.judge}:{desk.game} - Copy of a reply",
                  f"A message signed on to your seat in '{desk.game}' came from "
                  f"{desk.sender}; the judge's answer was:\n\n{reply}")
    return Answer(reply, entries, desk.mails, desk.game, copy_to)


def judge_text(judge: Judge, sender: str, text: str, now: datetime | None = None, *,
               source: str | None = None) -> str:
    """The judge's reply to the commands of ``text`` from ``sender`` (the mails owed to
    others are not sent: see :func:`interpret`); ``source``: where it came from (the web's
    client address), for SIGN ON's backoff."""
    return interpret(judge, sender, text, now, source=source).reply


def carry_out(desk: Desk, command: Command) -> Outcome:
    """One command's outcome."""
    if desk.skipping:
        return Outcome.skipped("Not looked at: the sign-on failed.")
    read = reader_outcome(command)
    if read is not None:
        return read
    if desk.resigned and command.who is not Who.ANY:
        return Outcome.refused(Why.NOT_NOW, "You have resigned from the game: RESIGN is the "
                               "last command of a message.")
    handler = HANDLERS.get(command.verb)
    if handler is None:
        return Outcome.refused(Why.UNSUPPORTED, f"{command.verb.value.upper()} is not a "
                               "command of this judge.")
    try:
        return handler(desk, command)
    except (StorageError, DamagedGame) as problem:
        return Outcome.refused(Why.NOT_NOW, f"The judge could not do this now: {problem}")


def header(desk: Desk) -> GameHeader | None:
    if desk.game is None:
        return None
    view = desk.view()
    if isinstance(view, Refused):
        return None
    clock = clock_of(view)
    return GameHeader(view.name, variant_name(view.scenario), code_of(view.state),
                      clock.deadline if clock is not None else None)


def closing_lines(desk: Desk) -> list[str]:
    """After the commands: the orders as they stand (when orders were given) and the
    time left to the deadline."""
    if desk.game is None or desk.viewer is None:
        return []
    view = desk.view()
    if isinstance(view, Refused) or view.status not in ("playing", "paused"):
        return []
    lines: list[str] = []
    power = desk.acting if desk.viewer.is_master else desk.viewer.power
    if desk.ordered and power is not None and power in view.orders:
        stored = view.orders[power]
        lines += [f"Orders of {power} for {view.label}, as they stand:",
                  *(f"  {line}" for line in stored.lines or ["(none)"]), ""]
    clock = clock_of(view)
    if view.kind != "machiavelli" and view.decision is not None:
        # one seat at a time (Princes): whose decision it is now (spec princes.md 4.5)
        lines.append(f"Waiting for: {view.decision.label}"
                     + (f", by {judge_time(clock.deadline)}." if clock is not None else "."))
    if clock is not None and view.status == "playing":
        lines.append(f"Deadline {judge_time(clock.deadline)} ({_left(clock.deadline, desk)}); "
                     f"grace period to {judge_time(clock.grace)}.")
    elif view.status == "paused":
        lines.append(f"Game '{view.name}' is paused.")
    return lines


def _left(moment: datetime, desk: Desk) -> str:
    seconds = int((moment - desk.now).total_seconds())
    if seconds <= 0:
        return "passed"
    days, rest = divmod(seconds, 86400)
    return f"in {days} days, {rest // 3600} hours and {rest % 3600 // 60} minutes"


def status_of(answer: Answer) -> list[tuple[int, str, Status, Why | None]]:
    """Each command's line, text, status and reason (for comparisons and tests)."""
    return [(c.line, c.text, o.status, o.why) for c, o in answer.entries]
