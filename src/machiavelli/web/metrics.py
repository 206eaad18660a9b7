"""What the web judge and its workers count, in the Prometheus format (``/metrics``,
``prometheus-client``), and their structured logs: one JSON line per request and per job.

Counters are per process; with several web workers (``--workers``) or job workers each
counts its own, and uvicorn's workers share ``/metrics`` only through
``PROMETHEUS_MULTIPROC_DIR`` (prometheus-client's multiprocess mode, which
:func:`exposition` uses when it is set).  The gauge of jobs waiting is read from the
database at each scrape, the same for every process.
"""

from __future__ import annotations

import json
import logging
import os
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as prometheus_multiprocess

REQUESTS = Counter("machiavelli_requests_total", "HTTP requests answered",
                   ["method", "status"])
LATENCY = Histogram("machiavelli_request_seconds", "Time to answer a request",
                    ["method"], buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
                                         5, 10))
PHASES = Counter("machiavelli_phases_processed_total", "Phases processed by the sweeper")
MAILS = Counter("machiavelli_mails_sent_total", "Mails sent for the judge's notices")
JOBS = Counter("machiavelli_jobs_total", "Jobs run by workers", ["job", "outcome"])
WAITING = Gauge("machiavelli_jobs_waiting", "Jobs due and not taken by a worker",
                multiprocess_mode="max")

requests_log = logging.getLogger("machiavelli.requests")
jobs_log = logging.getLogger("machiavelli.jobs")


def log_line(logger: logging.Logger, **fields: Any) -> None:
    """One structured line (JSON) of a request or a job."""
    logger.info(json.dumps(fields, separators=(",", ":"), sort_keys=True, default=str))


def exposition() -> tuple[bytes, str]:
    """The metrics of this process (of every process in multiprocess mode)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        prometheus_multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST
