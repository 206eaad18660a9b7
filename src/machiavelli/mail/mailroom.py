"""The mail room: a message in, the judge's mails out, and the mails owed after the fact.

:func:`answer_mail` carries out one incoming message (:func:`~machiavelli.mail.
interpreter.interpret`) and gives the mails to post: the reply to the sender (to the last
``Reply-To:``, else ``From:``), a copy to the seat's own address when the sign-on came
from another, and what the commands owe others (announcements, press).
:func:`deliver_owed` posts the mails the service's notices ask for (results,
reminders, late notices: :mod:`~machiavelli.mail.results`) and marks those notices
delivered once posted; :func:`sweep_and_deliver` first runs the service's sweeper,
which processes every game that is due.  The judge's address and its other settings
are a :class:`~machiavelli.commands.desk.Config`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage

from machiavelli.commands.desk import Config, OutMail
from machiavelli.commands.interpreter import Answer, interpret
from machiavelli.mail.envelope import Incoming, notice, reply
from machiavelli.mail.pictures import attach_map
from machiavelli.mail.postman import Postman, post_now
from machiavelli.mail.results import owed_mails
from machiavelli.service.judge import Judge, clock
from machiavelli.service.refusal import Refused


def outgoing(mail: OutMail, config: Config) -> EmailMessage:
    """An :class:`OutMail` as a message, its map attached."""
    message = notice(mail.to, mail.subject, mail.text, config.address)
    if mail.picture is not None:
        picture = mail.picture
        attach_map(message, picture.svg, name=picture.name)
    return message


def answer_messages(answer: Answer, incoming: Incoming, config: Config) -> list[EmailMessage]:
    """The reply, the copy to the seat's own address, and the mails owed to others."""
    messages = [reply(incoming, answer.reply, config.address)]
    return messages + [outgoing(mail, config) for mail in answer.mails]  # the copy is one


def answer_mail(judge: Judge, incoming: Incoming, config: Config,
                now: datetime | None = None) -> list[EmailMessage]:
    """Carry out ``incoming`` and give the mails to post (the mails owed after the
    fact, such as the results of a phase the message processed, are
    :func:`deliver_owed`'s)."""
    answer = interpret(judge, incoming.sender, incoming.body, now or clock(),
                       config, copied=incoming.copied)
    return answer_messages(answer, incoming, config)


@dataclass
class Delivery:
    """What a round of the mail room did: mails posted, notices delivered, failures."""

    posted: int = 0
    notices: int = 0
    processed: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def deliver_owed(judge: Judge, postman: Postman, config: Config,
                 games: Sequence[str] | None = None) -> Delivery:
    """Post the mails the undelivered notices ask for; mark those notices delivered."""
    done = Delivery()
    for owed in owed_mails(judge, config, list(games) if games is not None else None):
        messages = [outgoing(mail, config) for mail in owed.mails]
        done.failures += post_now(postman, messages)
        done.posted += len(messages)
        marked = judge.delivered(owed.game, owed.notices)
        done.notices += marked if not isinstance(marked, Refused) else 0
    return done


def sweep_and_deliver(judge: Judge, postman: Postman, config: Config,
                      now: datetime | None = None) -> Delivery:
    """The sweeper (every game that is due is processed, reminders and late notices
    written), then the mails every notice owes."""
    swept = judge.sweep(now=now or clock())
    done = deliver_owed(judge, postman, config)
    done.processed = [s.game for s in swept if not isinstance(s, Refused) and s.processed]
    return done
