"""The judge's SMTP server (aiosmtpd): each message received is read, answered, posted.

``machiavelli mail --serve HOST:PORT`` runs it.  For every message the server
accepts, :class:`JudgeHandler` parses it (:func:`~machiavelli.mail.envelope.parse_message`,
the SMTP ``MAIL FROM`` telling bounces apart), gives it to the ``answer`` function (the
interpreter: a message in, the judge's mails out; run in a worker thread, since the
service's storage is synchronous), and posts what it returns with the postman.  A
message that must not be answered (a bounce, an automatic reply, a loop) is accepted
and dropped, with a line in the log: refusing it would only make the sending server
bounce it back.  A failing ``answer`` never takes the server down: the message is
accepted, the error logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from machiavelli.mail.envelope import Incoming, parse_message
from machiavelli.mail.postman import Postman

log = logging.getLogger("machiavelli.mail")

Answer = Callable[[Incoming], Sequence[EmailMessage]]


@dataclass
class JudgeHandler:
    """aiosmtpd's handler: one message in, the judge's answers posted."""

    answer: Answer
    postman: Postman
    judge_address: str = ""
    dropped: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        content = envelope.original_content or envelope.content or b""
        incoming = parse_message(content if isinstance(content, bytes) else str(content),
                                 envelope_sender=envelope.mail_from,
                                 judge_address=self.judge_address)
        if incoming.automatic is not None:
            self.dropped.append(incoming.automatic)
            log.info("not answered: %s", incoming.automatic)
            return "250 OK"
        try:
            loop = asyncio.get_running_loop()
            messages = await loop.run_in_executor(None, self.answer, incoming)
            self.failures += await self.postman.post(messages)
        except Exception:  # the judge's fault, not the sender's: keep serving
            log.exception("could not answer a message from %s", incoming.sender)
            self.failures.append(f"could not answer {incoming.sender}")
        return "250 OK"


def start_server(handler: JudgeHandler, host: str, port: int) -> Controller:
    """Start serving SMTP on ``host:port`` in a thread; ``.stop()`` the result to end."""
    controller = Controller(handler, hostname=host, port=port)
    controller.start()
    return controller
