"""/docs in a real browser (Debian's Chromium driven by Playwright), under the site's CSP.

Swagger UI is served from the package's own files (the pinned ``fastapi-offline``'s
static folder) and started by ``static/docs.js``: the browser is given no network but
the loopback, so a CDN could not be reached, and any inline script or style the CSP
blocks would show as a console error.  The screenshot is kept in ``tests/screenshots/web/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from playwright.sync_api import expect, sync_playwright
from web_live import LAPTOP, LiveServer, launch_chromium, shoot

from machiavelli.web.app import create_app
from machiavelli.web.site import WebConfig


def test_docs_page_has_no_inline_script_and_no_cdn(tmp_path: Path) -> None:
    app = create_app(WebConfig(f"sqlite:///{tmp_path}/judge.db", sweep_seconds=0))
    with TestClient(app) as client:
        page = client.get("/docs")
        assert page.status_code == 200
        assert "script-src 'self'" in page.headers["content-security-policy"]
        html = page.text
        assert "<script>" not in html and "<style" not in html
        assert "http" not in html  # no CDN: every asset from the site itself
        for asset in ("/static/swagger/swagger-ui-bundle.js", "/static/swagger/swagger-ui.css",
                      "/static/docs.js"):
            assert asset in html
            assert client.get(asset).status_code == 200


def test_docs_render_the_operations_without_csp_violations(live: LiveServer) -> None:
    messages: list[str] = []
    failed: list[str] = []
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            context: Any = chromium.new_context(viewport=LAPTOP, base_url=live.base)
            # nothing but the judge itself: a CDN would fail here
            context.route("**/*", lambda route: route.continue_()
                          if route.request.url.startswith(live.base) else route.abort())
            page = context.new_page()
            page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
            page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
            page.on("requestfailed", lambda r: failed.append(r.url))
            page.goto("/docs")
            expect(page.locator(".swagger-ui .info .title")).to_contain_text(
                "Machiavelli judge")
            operation = page.locator(".opblock-summary-path",
                                     has_text="/api/v1/games/{name}/orders").first
            expect(operation).to_be_visible()
            operation.click()  # an operation opens, with its parameters
            expect(page.locator(".opblock-body").first).to_be_visible()
            shoot(page, "docs-laptop")
        finally:
            chromium.close()
    violations = [m for m in messages
                  if "Content Security Policy" in m or "Refused to" in m]
    assert violations == []
    assert [m for m in messages if m.startswith(("error", "pageerror"))] == []
    assert failed == []
