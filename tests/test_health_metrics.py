"""``/healthz`` (database reachable, migrations current) and ``/metrics`` (Prometheus:
requests, latencies, phases processed, jobs waiting, mails sent), and one structured log
line per request and per job (issue 38)."""

from __future__ import annotations

import json
import logging

import pytest
from web_game import started_game, web_site

from machiavelli.service.judge import Judge
from machiavelli.web.site import Site, WebConfig
from machiavelli.web.worker import Worker


def test_healthz_says_the_database_and_migrations_are_fine(db_url: str) -> None:
    site = web_site(db_url)
    answer = site.client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"database": "ok", "migrations": "ok"}
    assert "set-cookie" not in answer.headers  # no session for a probe
    with site.judge.db.writing() as session:  # a migration behind: not healthy
        session.execute(__import__("sqlalchemy").text(
            "UPDATE alembic_version_web SET version_num = 'w0004'"))
    behind = site.client.get("/healthz")
    assert behind.status_code == 503 and "w0004" in behind.json()["migrations"]
    site.judge.close()


def test_metrics_count_requests_phases_and_jobs(db_url: str,
                                                caplog: pytest.LogCaptureFixture) -> None:
    site = web_site(db_url)
    started_game(site, "counted", {"vera": "Venice"})
    with caplog.at_level(logging.INFO):
        site.client.get("/api/v1/games/counted")
        text = site.client.get("/metrics").text
    assert "machiavelli_requests_total{" in text and 'status="200"' in text
    assert "machiavelli_request_seconds_bucket" in text
    assert "machiavelli_jobs_waiting" in text and "machiavelli_mails_sent_total" in text
    lines = [json.loads(r.getMessage()) for r in caplog.records
             if r.name == "machiavelli.requests"]
    assert any(x["path"] == "/api/v1/games/counted" and x["status"] == 200 for x in lines)
    before = _value(text, "machiavelli_phases_processed_total")
    assert not isinstance(site.judge.process("counted", who="boss"), str)
    worker = Worker(Site(WebConfig(db_url), Judge(db_url)), "w", sweep_seconds=1,
                    bot_seconds=0)
    with caplog.at_level(logging.INFO):
        assert "sweep" in worker.run_once()
    jobs = [json.loads(r.getMessage()) for r in caplog.records if r.name == "machiavelli.jobs"]
    assert any(x["job"] == "sweep" and x["outcome"] == "done" for x in jobs)
    after = _value(site.client.get("/metrics").text, "machiavelli_jobs_total")
    assert after >= 1 and before >= 0
    worker.site.judge.close()
    site.judge.close()


def _value(text: str, name: str) -> float:
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(name) and not line.startswith("#"))
