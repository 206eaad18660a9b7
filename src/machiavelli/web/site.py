"""The site's settings and what every page needs: the judge, the templates, the visitor.

:class:`Site` is kept on the application (``app.state.site``); a request finds it with
:func:`site_of`.  :func:`render` fills a template with the visitor (user, CSRF token)
and the flash message (from the cookie the form's redirect set, never from the address),
escaping everything (Jinja2's autoescape), so that a player's
orders or letters are shown as text, never as HTML.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote, unquote

from fastapi import Depends, HTTPException, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from machiavelli.service.config import HostSettings
from machiavelli.service.judge import Judge
from machiavelli.service.judge import clock as judge_clock
from machiavelli.web.seen import moment, rule_links
from machiavelli.web.sessions import Visitor, csrf_ok

HERE = Path(__file__).resolve().parent
COOKIE = "machiavelli_session"
MAX_BODY = 256 * 1024  # bytes: the longest request body accepted (orders, press, forms)


@dataclass
class WebConfig:
    """How the web judge runs.

    ``database``: the service's URL; ``base_url``: the address in mailed links;
    ``secure_cookies``: mark cookies ``Secure`` (behind HTTPS); ``sweep_seconds``: how
    often the deadline sweeper runs inside the server (0: never; ``machiavelli sweep``
    from cron does it); ``bot_seconds``: how often the bots masters seated look at their
    games (0: never); ``threads``: how many requests are worked on at once (the others
    wait in line: see docs/web.md, "Load"); ``max_body``: the largest request body;
    ``announce``: a line shown on every page (the demo says which seats a visitor may
    take).
    """

    database: str
    base_url: str = HostSettings().base_url
    secure_cookies: bool = False
    sweep_seconds: float = 30.0
    bot_seconds: float = 3.0
    threads: int = 8
    max_body: int = MAX_BODY
    announce: str = ""
    demo_game: str | None = None
    embedded_worker: bool | None = None  # None: on SQLite only (web/app.embedded_worker)


@dataclass
class Site:
    config: WebConfig
    judge: Judge
    #: the bots masters have seated (machiavelli.web.seated_bots.Playing), played by the
    #: server; ``bots_lock`` guards the list (requests and the bots' thread change it)
    bots: list[Any] = field(default_factory=list)
    bots_lock: threading.Lock = field(default_factory=threading.Lock)
    templates: Environment = field(default_factory=lambda: Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True)))

    def __post_init__(self) -> None:
        self.templates.filters["moment"] = moment
        self.templates.filters["urlpart"] = lambda text: quote(str(text), safe="")
        self.templates.filters["rule_links"] = rule_links


def clock() -> datetime:
    """The judge's clock (``MACHIAVELLI_NOW``, which ``machiavelli web`` refuses unless
    ``--allow-fixed-clock`` is given, else the wall clock)."""
    return judge_clock()


def site_of(request: Request) -> Site:
    found: Site = request.app.state.site
    return found


def visitor_of(request: Request) -> Visitor | None:
    found: Visitor | None = getattr(request.state, "visitor", None)
    return found


def user_of(request: Request) -> str | None:
    visitor = visitor_of(request)
    return visitor.user_name if visitor is not None else None


def render(request: Request, template: str, status: int = 200, **context: Any
           ) -> HTMLResponse:
    site = site_of(request)
    visitor = visitor_of(request)
    page = site.templates.get_template(template).render(
        request=request, user=visitor.user_name if visitor else None,
        csrf=visitor.csrf if visitor else "", announce=site.config.announce,
        demo_game=site.config.demo_game, **{**flash_of(request), **context})
    answer = HTMLResponse(page, status_code=status)
    if FLASH in request.cookies and request.headers.get("hx-request") != "true":
        answer.delete_cookie(FLASH, path="/")  # shown once
    return answer


#: The cookie a form's answer leaves its message in for the next page (``said:`` or
#: ``bad:`` and the text): set only by the site's own redirect (:func:`back`), shown once
#: and deleted.  Never the address: a link with ``?said=`` once put any text on the page
#: as the judge's own message (issue 36).
FLASH = "judge_flash"


def flash_of(request: Request) -> dict[str, str]:
    """The message the previous form left (``flash``, or ``flash_bad`` for a refusal)."""
    kind, _, text = unquote(request.cookies.get(FLASH, "")).partition(":")
    if kind not in ("said", "bad") or not text:
        return {"flash": "", "flash_bad": ""}
    return {"flash": text if kind == "said" else "", "flash_bad": text if kind == "bad" else ""}


def back(url: str, said: str = "", bad: str = "") -> RedirectResponse:
    """Back to ``url`` (after a form: 303 See Other) with a message to show there."""
    answer = RedirectResponse(url, status_code=303)
    if said or bad:
        kind, text = ("bad", bad) if bad else ("said", said)
        answer.set_cookie(FLASH, quote(f"{kind}:{text[:300]}", safe=""), httponly=True,
                          samesite="lax", path="/", max_age=120)
    return answer


async def checked_form(request: Request) -> dict[str, Any]:
    """The form of a POST, refused (403) unless it carries the session's CSRF token."""
    form = await request.form()
    given = request.headers.get("x-csrf-token") or form.get("csrf")
    if not csrf_ok(visitor_of(request), given if isinstance(given, str) else None):
        raise HTTPException(403, "The form has expired or did not come from this site "
                                 "(CSRF check failed): reload the page and try again.")
    return {k: form.getlist(k) if len(form.getlist(k)) > 1 else form.get(k) for k in form}


def signed_in(request: Request) -> str:
    name = user_of(request)
    if name is None:
        raise HTTPException(401, "Sign in first.")
    return name


def text_field(form: dict[str, Any], name: str, default: str = "") -> str:
    value = form.get(name, default)
    if isinstance(value, list):
        value = value[-1] if value else default
    return value if isinstance(value, str) else default


def list_field(form: dict[str, Any], name: str) -> list[str]:
    value = form.get(name)
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    return [v for v in values if isinstance(v, str) and v.strip()]


def set_session_cookie(response: Response, token: str, config: WebConfig) -> None:
    """The session cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS."""
    response.set_cookie(COOKIE, token, httponly=True, samesite="lax",
                        secure=config.secure_cookies, path="/", max_age=30 * 24 * 3600)


CheckedForm = Annotated[dict[str, Any], Depends(checked_form)]
