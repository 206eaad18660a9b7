"""The web judge's HTTP connections, guarded: uvicorn's h11 protocol with a time limit on
a request's headers and on its body, and a limit on open connections.

uvicorn times out an idle keep-alive connection (``timeout_keep_alive``) and answers 503
past ``limit_concurrency``, but a connection that sends its headers a line at a time is
never timed out (slowloris: thousands held open for as long as their senders like).
:func:`guarded` makes the protocol class that ``uvicorn.Config(http=...)`` takes:

- from a connection's first byte (or its opening) until its request's headers are all
  in: at most ``header`` seconds;
- from the headers until the body's end: at most ``body`` seconds;
- past ``connections`` open connections a new one is closed at once.

A connection over its time is closed (with ``408 Request Timeout`` when nothing of an
answer was sent yet).  A request being worked on, or an answer being sent, is never cut.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
BODY_SECONDS = 30.0
MAX_CONNECTIONS = 2000
TIMED_OUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain\r\n"
             b"content-length: 24\r\nconnection: close\r\n\r\nthe request took too long")


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with the limits of :func:`guarded`."""

    header_seconds = HEADER_SECONDS
    body_seconds = BODY_SECONDS
    max_connections = MAX_CONNECTIONS

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._guard: asyncio.TimerHandle | None = None
        self._guarding: object = None
        too_many = len(self.connections) >= self.max_connections
        super().connection_made(transport)  # type: ignore[arg-type]
        if too_many:
            self.transport.close()
            return
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._arm(None, 0)
        super().connection_lost(exc)

    def _watch(self) -> None:
        """The timer for where the request stands: its headers, its body, or none."""
        state = self.conn.their_state
        if state is h11.IDLE and self.conn.our_state is h11.IDLE:
            self._arm(h11.IDLE, self.header_seconds)
        elif state is h11.SEND_BODY:
            self._arm(h11.SEND_BODY, self.body_seconds)
        else:
            self._arm(None, 0)

    def _arm(self, what: Any, seconds: float) -> None:
        if what is not None and what is self._guarding:
            return  # the same part of the request: its time runs on
        if self._guard is not None:
            self._guard.cancel()
            self._guard = None
        self._guarding = what
        if what is not None:
            self._guard = self.loop.call_later(seconds, self._timed_out)

    def _timed_out(self) -> None:
        self._guard = None
        if self.transport.is_closing():
            return
        if self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE) and (
                self.cycle is None or not self.cycle.response_started):
            self.transport.write(TIMED_OUT)
        self.transport.close()


def guarded(*, header: float = HEADER_SECONDS, body: float = BODY_SECONDS,
            connections: int = MAX_CONNECTIONS) -> type[GuardedH11]:
    """The protocol class for ``uvicorn.Config(http=...)`` with these limits."""
    return type("GuardedH11", (GuardedH11,), {"header_seconds": header, "body_seconds": body,
                                              "max_connections": connections})


def server_options(*, connections: int = MAX_CONNECTIONS, header: float = HEADER_SECONDS,
                   body: float = BODY_SECONDS, by_name: bool = False) -> dict[str, Any]:
    """uvicorn's options for the web judge: the guarded protocol, a short keep-alive,
    headers of at most 64 KiB, and 503 past the connection limit (``by_name``: the
    protocol named, with its default limits, for uvicorn's worker processes)."""
    http: Any = "machiavelli.web.http:GuardedH11" if by_name else guarded(
        header=header, body=body, connections=connections)
    return {"http": http,
            "timeout_keep_alive": 5, "h11_max_incomplete_event_size": 64 * 1024,
            "limit_concurrency": connections, "backlog": 2048}
