"""Slow clients cannot hold the web judge's connections (issue 38, N10): a connection
that sends its headers a line at a time is closed after the header time, one that
stalls in its body after the body time, and past the connection limit a new connection
is closed at once, while ordinary requests are answered throughout.  Against a real
server (uvicorn, the judge's own options) on 127.0.0.1, with short limits; every wait
below is bounded."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from web_live import free_port

from machiavelli.service.judge import Judge
from machiavelli.web.app import create_app
from machiavelli.web.http import server_options
from machiavelli.web.site import WebConfig

LIMIT = 40


@pytest.fixture
def server(tmp_path: object) -> Iterator[str]:
    url = f"sqlite:///{tmp_path}/slow.db"
    judge = Judge(url)
    port = free_port()
    app = create_app(WebConfig(url, sweep_seconds=0, bot_seconds=0), judge)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            **server_options(connections=LIMIT, header=1.0, body=1.0))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)
    judge.close()


def _closed_within(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before closing, or None if it kept the connection open."""
    sock.settimeout(seconds)
    got = b""
    try:
        while True:
            part = sock.recv(4096)
            if not part:
                return got
            got += part
    except TimeoutError:
        return None


def _partial(base: str, what: bytes) -> socket.socket:
    port = int(base.rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(what)
    return sock


def test_partial_headers_are_timed_out_N10(server: str) -> None:
    slow = [_partial(server, b"GET / HTTP/1.1\r\nHost: x\r\n") for _ in range(LIMIT // 2)]
    try:
        assert httpx.get(f"{server}/api/v1/scenarios", timeout=20).status_code == 200
        for sock in slow:
            sock.sendall(b"X-Slow: 1\r\n")  # a header line now and then does not help
        deadline = time.monotonic() + 20  # for them all
        answers = [_closed_within(sock, max(0.1, deadline - time.monotonic()))
                   for sock in slow]
        assert all(a is not None for a in answers), "a slow connection was kept open"
        assert all(a.startswith(b"HTTP/1.1 408") for a in answers if a)
    finally:
        for sock in slow:
            sock.close()


def test_a_stalled_body_is_timed_out_N10(server: str) -> None:
    sock = _partial(server, b"POST /api/v1/judge HTTP/1.1\r\nHost: x\r\n"
                            b"content-type: application/json\r\ncontent-length: 100\r\n\r\n{")
    try:
        assert _closed_within(sock, 20) is not None
    finally:
        sock.close()


def test_past_the_connection_limit_a_new_connection_is_closed_N10(server: str) -> None:
    held = [_partial(server, b"GET / HTTP/1.1\r\n") for _ in range(LIMIT)]
    try:
        extra = _partial(server, b"")
        assert _closed_within(extra, 20) == b""  # closed at once, nothing said
        extra.close()
    finally:
        for sock in held:
            sock.close()
    deadline = time.monotonic() + 20
    while True:  # the held ones are gone: served again
        try:
            if httpx.get(f"{server}/api/v1/scenarios", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "not served after the slow clients left"
        time.sleep(0.2)
