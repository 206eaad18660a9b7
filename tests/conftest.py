"""Test settings shared by every test module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from hypothesis import settings

# Shared, noisy machines: no per-example deadline; the same examples on every run, so a
# result never depends on the draw (set HYPOTHESIS_PROFILE=explore for fresh examples).
settings.register_profile("default", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# the site's secret the seated bots' keys are derived from (web/bot_keys.py): the tests'
# own, never a file written beside the repository
os.environ.setdefault("MACHIAVELLI_SECRET", "the tests' site secret")


# -- the service's databases: every service test runs on SQLite and on PostgreSQL -------
import pytest  # noqa: E402
from service_db import Cluster  # noqa: E402


@pytest.fixture(scope="session")
def postgres_cluster() -> object:
    cluster = Cluster()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    """A fresh, empty database for one test: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/judge.db"
    cluster = request.getfixturevalue("postgres_cluster")
    assert isinstance(cluster, Cluster)
    return cluster.new_database()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (``web_live.launch_chromium``), one for each
    test module that asks for it."""
    from playwright.sync_api import sync_playwright
    from web_live import launch_chromium

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The web judge served on 127.0.0.1 by uvicorn (``web_live.LiveServer``) on a fresh
    embedded SQLite database, one for each test module that asks for it (a module that needs
    games set up first defines its own)."""
    from web_live import LiveServer

    folder = tmp_path_factory.mktemp("live")
    with LiveServer(f"sqlite:///{folder}/judge.db") as server:
        yield server


@pytest.fixture
def judge(db_url: str) -> Iterator[object]:
    """The service on ``db_url``: each test on SQLite and on PostgreSQL."""
    from machiavelli.service.judge import Judge

    with Judge(db_url) as judge:
        yield judge
