"""The web application: :func:`create_app` puts the pages, the API and the sweeper together.

- FastAPI (on Starlette) serves the pages and the JSON API, whose OpenAPI document is
  at ``/openapi.json`` (and readable at ``/docs``: Swagger UI from the pinned
  ``fastapi-offline`` package's files, started by ``static/docs.js``, no CDN, no inline
  script, so that it works offline and under the site's own CSP).
- :class:`BodyLimit` refuses a request body over ``max_body`` bytes (413), before it
  is read, whether its length is announced or not.
- :class:`Visitors` finds the browser's session from its cookie, or opens a session
  (not signed in) so that the first form already has its CSRF token.
- Security headers on every answer: a content security policy allowing scripts and
  styles from the site only, no framing, no sniffing, no referrer outside.
- On SQLite an embedded job worker (:mod:`~machiavelli.web.worker`) runs in a thread
  while the server runs: the deadline sweeper every ``sweep_seconds`` and the bots masters
  seated (:mod:`~machiavelli.web.seated_bots`) every ``bot_seconds``, those seated before
  the server started too.  On PostgreSQL ``machiavelli worker`` processes run them.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import logging
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from anyio import to_thread
from fastapi import FastAPI, HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.responses import HTMLResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from machiavelli.service.games import DamagedGame
from machiavelli.service.judge import Judge, OutOfBounds, StorageError
from machiavelli.web import (
    account_pages,
    api,
    game_pages,
    jobs,
    mail_api,
    map_pages,
    master_pages,
    metrics,
    player_api,
    player_pages,
    princes_api,
    princes_pages,
    rules_pages,
)
from machiavelli.web.seated_bots import stop_all
from machiavelli.web.sessions import Visitor, find_visitor, new_session
from machiavelli.web.site import (
    COOKIE,
    HERE,
    Site,
    WebConfig,
    clock,
    render,
    set_session_cookie,
)
from machiavelli.web.tables import health, upgrade_web_tables
from machiavelli.web.worker import Worker

log = logging.getLogger("machiavelli.web")

# Swagger UI's own files (swagger-ui-bundle.js, swagger-ui.css), as the pinned
# fastapi-offline package ships them (Swagger UI is Apache-2.0, the package MIT)
SWAGGER_FILES = importlib.resources.files("fastapi_offline") / "static"
DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Machiavelli judge: the API</title>
<link rel="stylesheet" href="/static/swagger/swagger-ui.css">
</head>
<body data-openapi="/openapi.json">
<div id="swagger-ui"><noscript>The API's description is at
<a href="/openapi.json">/openapi.json</a>.</noscript></div>
<script src="/static/swagger/swagger-ui-bundle.js"></script>
<script src="/static/docs.js"></script>
</body>
</html>
"""

SECURITY_HEADERS = {
    "content-security-policy": ("default-src 'self'; script-src 'self'; style-src 'self'; "
                                "img-src 'self' data:; frame-ancestors 'none'; "
                                "form-action 'self'; base-uri 'none'"),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 (announced or streamed)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", []):
            if key == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = self.limit + 1
                if announced > self.limit:
                    await _too_large(send, self.limit)
                    return
        if any(key == b"content-length" for key, _ in scope.get("headers", [])):
            await self.app(scope, receive, send)  # the server stops at the length announced
            return
        # no length announced (chunked): read the body first, up to the limit
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            size += len(message.get("body", b""))
            if size > self.limit:
                await _too_large(send, self.limit)
                return
            parts.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(parts)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class Measured:
    """Every request counted and timed (``/metrics``) and logged as one JSON line
    (method, path, status, milliseconds, client): :mod:`~machiavelli.web.metrics`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def noted(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noted)
        finally:
            seconds = time.perf_counter() - started
            method = scope.get("method", "?")
            metrics.REQUESTS.labels(method, str(status)).inc()
            metrics.LATENCY.labels(method).observe(seconds)
            client = scope.get("client")
            metrics.log_line(metrics.requests_log, method=method, path=scope.get("path"),
                             status=status, ms=round(seconds * 1000, 1),
                             client=client[0] if client else None)


class Visitors:
    """Who is asking, for the pages: the browser's session from its cookie, or a new one
    (not signed in) so that the first form already has its CSRF token, in
    ``request.state.visitor``; and the security headers on every answer.  (A plain ASGI
    middleware: Starlette's ``BaseHTTPMiddleware`` costs a task and streams a request.)"""

    def __init__(self, app: ASGIApp, site: Site) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        opened: Visitor | None = None
        if not (path.startswith("/static/") or path.startswith("/api/")
                or path in ("/openapi.json", "/docs", "/healthz", "/metrics")):
            request = Request(scope)
            db = self.site.judge.db
            found = await run_in_threadpool(find_visitor, db, request.cookies.get(COOKIE),
                                            clock())
            if found is None:
                fresh, csrf = await run_in_threadpool(new_session, db, None, clock())
                found = opened = Visitor(fresh, csrf, None, None)
            request.state.visitor = found
        config = self.site.config

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if opened is not None and not any(
                        h.startswith(f"{COOKIE}=") for h in headers.getlist("set-cookie")):
                    cookie = Response()
                    set_session_cookie(cookie, opened.token, config)
                    headers.append("set-cookie", cookie.headers["set-cookie"])
                for key, value in SECURITY_HEADERS.items():
                    if key not in headers:
                        headers[key] = value
            await send(message)

        await self.app(scope, receive, with_headers)


async def _too_large(send: Send, limit: int) -> None:
    body = f'{{"detail": "the request body is over {limit} bytes"}}'.encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def embedded_worker(site: Site) -> Worker | None:
    """The worker this web process runs inside itself: on SQLite (one machine, one
    process: ``make run`` stays one command) unless ``embedded_worker`` says otherwise; on
    PostgreSQL none (``machiavelli worker`` processes run the jobs)."""
    config = site.config
    wanted = config.embedded_worker
    if wanted is None:
        wanted = not site.judge.db.postgresql
    if not wanted or (config.sweep_seconds <= 0 and config.bot_seconds <= 0):
        return None
    return Worker(site, sweep_seconds=config.sweep_seconds, bot_seconds=config.bot_seconds)


def create_app(config: WebConfig, judge: Judge | None = None) -> FastAPI:
    """The web judge on ``config.database`` (or on the ``judge`` given)."""
    site = Site(config, judge or Judge(config.database))
    upgrade_web_tables(site.judge.db)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # the endpoints run in threads: a few, so that a request that has begun gets the
        # processor rather than shares it with forty others (one interpreter lock), and the
        # rest wait their turn in the order they came
        to_thread.current_default_thread_limiter().total_tokens = config.threads
        worker = embedded_worker(site)
        stop = threading.Event()
        task = None
        if worker is not None:
            poll = min(1.0, *(x for x in (config.sweep_seconds, config.bot_seconds) if x > 0))
            task = asyncio.create_task(asyncio.to_thread(worker.run, stop, poll))
        try:
            yield
        finally:
            stop.set()
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            stop_all(site)

    app = FastAPI(title="Machiavelli judge", version="1",
                  description="Play Machiavelli: the web judge's JSON API (issue 11). "
                              "Authenticate with `Authorization: Bearer <API key>`; keys "
                              "are made on the account page.",
                  lifespan=lifespan, openapi_url="/openapi.json", docs_url=None,
                  redoc_url=None)
    app.state.site = site

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code,
                                headers=exc.headers)
        return render(request, "error.html", status=exc.status_code, message=str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        bounds = out_of_bounds(exc.errors())
        if bounds is not None:  # a number past its bounds: the request's error, in words
            if request.url.path.startswith("/api/"):
                return JSONResponse({"detail": bounds}, status_code=400)
            return render(request, "error.html", status=400, message=bounds)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": _plain(exc.errors())}, status_code=422)
        return render(request, "error.html", status=422,
                      message="The form was incomplete: " + "; ".join(
                          str(e.get("msg", "")) for e in exc.errors()))

    @app.exception_handler(StorageError)
    @app.exception_handler(DamagedGame)
    async def broken(request: Request, exc: Exception) -> Response:
        status = 400 if isinstance(exc, OutOfBounds) else 503  # the request's, or ours
        if status == 503:
            log.error("%s: %s", request.url.path, exc)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": str(exc)}, status_code=status)
        return render(request, "error.html", status=status, message=str(exc))

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> JSONResponse:
        """The database reachable and its migrations current: 200, else 503."""
        found = health(site.judge.db)
        ok = all(v == "ok" for v in found.values())
        return JSONResponse(found, status_code=200 if ok else 503)

    @app.get("/metrics", include_in_schema=False)
    def prometheus() -> Response:
        """Requests, latencies, phases processed, jobs waiting, mails sent."""
        metrics.WAITING.set(jobs.waiting(site.judge.db, clock()))
        body, kind = metrics.exposition()
        return Response(body, media_type=kind)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE)

    app.mount("/static/swagger", StaticFiles(directory=str(SWAGGER_FILES)), name="swagger")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.include_router(account_pages.router)
    app.include_router(princes_pages.router)
    app.include_router(game_pages.router)
    app.include_router(map_pages.router)
    app.include_router(master_pages.router)
    app.include_router(player_pages.router)
    app.include_router(api.router)
    app.include_router(mail_api.router)
    app.include_router(rules_pages.router)
    app.include_router(princes_api.router)
    app.include_router(player_api.router)
    app.add_middleware(Visitors, site=site)
    app.add_middleware(BodyLimit, limit=config.max_body)
    app.add_middleware(Measured)
    return app


#: pydantic's errors for a number past its bounds (or not finite)
BOUND_ERRORS = {"greater_than", "greater_than_equal", "less_than", "less_than_equal",
                "finite_number", "int_parsing_size"}


def out_of_bounds(errors: Any) -> str | None:
    """The errors in words when every one is a number out of bounds, else None."""
    said = []
    for error in errors:
        if error.get("type") not in BOUND_ERRORS:
            return None
        where = ".".join(str(x) for x in error.get("loc", ())[1:]) or "a number"
        said.append(f"{where}: {error.get('msg', 'out of bounds')}")
    return "; ".join(said) or None


def _plain(errors: Any) -> list[dict[str, Any]]:
    return [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in errors]


#: the variable ``machiavelli web --workers N`` passes each worker process its
#: configuration in (a JSON object of :class:`~machiavelli.web.site.WebConfig`'s fields)
CONFIG_VARIABLE = "MACHIAVELLI_WEB_CONFIG"


def from_environment() -> FastAPI:
    """The application of one of uvicorn's worker processes (``--workers``), made from
    :data:`CONFIG_VARIABLE` (uvicorn imports it by name: ``factory=True``)."""
    import json
    import os

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    fields = json.loads(os.environ[CONFIG_VARIABLE])
    return create_app(WebConfig(**fields))
