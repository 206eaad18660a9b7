"""A web judge served for real on the loopback address, and Debian's Chromium to drive it.

:class:`LiveServer` runs uvicorn in a thread on 127.0.0.1 and a free port, on a fresh
SQLite file, without the sweeper (the tests process phases as the master does).
:func:`launch_chromium` starts ``/usr/bin/chromium`` (Debian's package, which ``make
test`` installs when missing) through Playwright, headless, with a fresh profile
(Playwright gives each launch a new user-data-dir of its own) and no network but the
loopback: never Playwright's own browser download.  Screenshots go to
``tests/screenshots/web/`` (kept after the run, ignored by git).  :func:`person` signs a
new person up in a browser of their own, :func:`sign_in` signs a known user in;
:func:`a_legal_order` is one order a power may
give in a game's pending phase.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import expect

from machiavelli.movement.legal_lists import legal_orders
from machiavelli.service.judge import Judge
from machiavelli.text.notation import format_order
from machiavelli.web.app import create_app
from machiavelli.web.seen import look
from machiavelli.web.site import WebConfig

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SHOTS = Path(__file__).resolve().parent / "screenshots" / "web"
LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
PASSWORD = "correct horse"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    def __init__(self, url: str, **config: Any) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.judge = Judge(url)
        self.config = WebConfig(url, base_url=self.base, sweep_seconds=0, **config)
        self.app = create_app(self.config, self.judge)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1",
                                                    port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web judge did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.judge.close()


def launch_chromium(playwright: Any) -> Any:
    if not CHROMIUM.exists():
        raise RuntimeError("Debian's Chromium is not installed (/usr/bin/chromium): "
                           "`make test` installs the chromium package")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                      headless=True)


def shoot(page: Any, name: str) -> Path:
    """A full-page screenshot into the kept folder."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    page.screenshot(path=str(SHOTS / f"{name}-top.png"))  # what the first screen shows
    return path


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "no CSRF token on the page"
    return found.group(1)


def person(browser: Any, live: LiveServer, name: str, viewport: dict[str, int] = LAPTOP
           ) -> Any:
    """A new person (own cookies) who signs up as ``name``."""
    page = browser.new_context(viewport=viewport, base_url=live.base).new_page()
    page.goto("/signup")
    page.fill("input[name=name]", name)
    page.fill("input[name=email]", f"{name}@example.org")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=again]", PASSWORD)
    page.click("button:has-text('Sign up')")
    expect(page.locator("header.top")).to_contain_text(name)
    return page


def sign_in(browser: Any, live: LiveServer, user: str, password: str = PASSWORD,
            viewport: dict[str, int] = LAPTOP) -> Any:
    """A page of a new browser context (own cookies) where ``user`` has signed in."""
    page = browser.new_context(viewport=viewport, base_url=live.base).new_page()
    page.goto("/login")
    page.fill("input[name=name]", user)
    page.fill("input[name=password]", password)
    page.click("main button:has-text('Sign in')")
    expect(page.locator("header.top")).to_contain_text(user)
    return page


def a_legal_order(live: LiveServer, game: str, seer: str, power: str) -> str:
    """An order ``power`` may give now in ``game`` (found as ``seer`` sees the game)."""
    seen = look(live.judge, game, seer)
    assert not isinstance(seen, str) and hasattr(seen, "view")
    options = legal_orders(seen.board, seen.view.state, power)
    key = next(k for k in sorted(options) if k[0] == "unit")
    return format_order(options[key][0])
