"""Databases for the service's tests: a fresh SQLite file, or a database in a throw-away
PostgreSQL cluster started for the test run.

The cluster comes from Debian's ``postgresql`` package (``/usr/lib/postgresql/*/bin``;
``make test`` installs it when it is missing and it runs as root).  It is created in a
temporary folder with ``initdb`` (as the ``postgres`` user through ``runuser`` when the
tests run as root, since initdb refuses root), listens only on a Unix socket in that
folder, runs without fsync (a test cluster), and is stopped and deleted at the end of the
run.  Each test gets its own database, copied from a template the migrations were applied
to once.

Without PostgreSQL the PostgreSQL half of the service's tests fails, saying why: it is
never skipped.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A throw-away PostgreSQL server on a Unix socket."""

    def __init__(self) -> None:
        binaries = postgres_bin()
        if binaries is None:
            raise RuntimeError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/"
                               "initdb): `make test` installs Debian's postgresql package")
        self.bin = binaries
        self.root = Path(tempfile.mkdtemp(prefix="machiavelli-pg-"))
        self.data = self.root / "data"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self.counter = itertools.count(1)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8", "--locale", "C")
        options = (f"-k {self.root} -c listen_addresses='' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.root / "log"), "-w", "-t", "60", "start")
        self.template = "machiavelli_template"
        self._psql(f"CREATE DATABASE {self.template}")
        from machiavelli.service.database import open_database
        open_database(self.url(self.template)).dispose()  # the migrations, once

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout}\n{done.stderr}")

    def _psql(self, sql: str) -> None:
        self._run("psql", "-h", str(self.root), "-U", "postgres", "-d", "postgres",
                  "-v", "ON_ERROR_STOP=1", "-q", "-c", sql)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@/{database}?host={self.root}"

    def new_database(self) -> str:
        """A fresh database with the service's tables, and its URL."""
        name = f"test_{next(self.counter)}"
        import psycopg

        with psycopg.connect(f"host={self.root} user=postgres dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name} TEMPLATE {self.template} "
                               "STRATEGY FILE_COPY")  # a copy, not the WAL: faster
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def ok(result: object) -> object:
    """``result``, asserted not to be the service's refusal."""
    from machiavelli.service.refusal import Refused

    assert not isinstance(result, Refused), result
    return result
