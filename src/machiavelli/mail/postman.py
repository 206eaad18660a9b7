"""Posting the judge's mail: to an SMTP relay (aiosmtplib), or into an outbox folder.

An :class:`Outbox` (the default) writes each message as one ``.eml`` file in a folder,
written whole and then renamed, so that whatever reads the folder (a person, a cron
job handing them to ``sendmail``, a test) never sees half a message.  A :class:`Relay`
hands the messages to an SMTP server with aiosmtplib (``STARTTLS`` and a login when
configured).  A message the relay refuses is kept in the fallback outbox, if there is
one, and the failure returned, never raised: a judge must not lose its replies.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from itertools import count
from pathlib import Path
from typing import Protocol


class Postman(Protocol):
    """Something that posts the judge's mail; returns one line per message not posted."""

    async def post(self, messages: Sequence[EmailMessage]) -> list[str]: ...


_COUNTER = count(1)


@dataclass
class Outbox:
    """Messages as ``.eml`` files in ``folder`` (made when missing)."""

    folder: Path

    async def post(self, messages: Sequence[EmailMessage]) -> list[str]:
        return self.post_now(messages)

    def post_now(self, messages: Sequence[EmailMessage]) -> list[str]:
        """The same, without an event loop."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for message in messages:
            to = re.sub(r"[^A-Za-z0-9@._-]", "_", str(message.get("To", "nobody")))[:60]
            name = f"{os.getpid()}-{next(_COUNTER):06d}-{to}.eml"
            temporary = self.folder / f".{name}.tmp"
            temporary.write_bytes(bytes(message))
            temporary.replace(self.folder / name)
        return []

    def messages(self) -> list[Path]:
        """The messages in the folder, oldest first."""
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.glob("*.eml") if not p.name.startswith("."))


@dataclass
class Relay:
    """An SMTP server the judge hands its mail to."""

    host: str
    port: int = 25
    username: str | None = None
    password: str | None = None
    start_tls: bool | None = None
    timeout: float = 30.0
    fallback: Outbox | None = None
    sent: list[str] = field(default_factory=list)

    async def post(self, messages: Sequence[EmailMessage]) -> list[str]:
        import aiosmtplib  # (here: a folder of mail needs no SMTP client: docs/speed.md)

        failures: list[str] = []
        for message in messages:
            try:
                await aiosmtplib.send(message, hostname=self.host, port=self.port,
                                      username=self.username, password=self.password,
                                      start_tls=self.start_tls, timeout=self.timeout)
                self.sent.append(str(message.get("To", "")))
            except (aiosmtplib.SMTPException, OSError, TimeoutError) as problem:
                failures.append(f"to {message.get('To', '?')}: {problem}")
                if self.fallback is not None:
                    self.fallback.post_now([message])
        return failures


def post_now(postman: Postman, messages: Sequence[EmailMessage]) -> list[str]:
    """Post ``messages`` from code that runs no event loop."""
    if not messages:
        return []
    if isinstance(postman, Outbox):  # (no event loop, nor asyncio imported, for files)
        return postman.post_now(messages)
    import asyncio

    return asyncio.run(postman.post(messages))


def parse_host_port(text: str, default_port: int) -> tuple[str, int]:
    """``host:port`` (or ``host``, or ``[v6]:port``) as a pair; raises ValueError."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.lstrip(":")
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ValueError(f"no host in {text!r}")
    port = int(port_text) if port_text else default_port
    if not 0 < port < 65536:
        raise ValueError(f"no such port: {port}")
    return host, port
