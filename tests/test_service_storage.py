"""The service's storage: migrations that match the tables, SQLite in WAL mode, and
storage failures turned into messages (reliability probe, findings 9 and 13)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import event, text

from machiavelli.service.database import (
    StorageError,
    current_revision,
    head_revision,
    open_database,
    upgrade_database,
)
from machiavelli.service.games import NewGame
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Base
from machiavelli.service.visibility import Viewer


def test_the_migrations_make_the_tables_the_models_describe(db_url: str) -> None:
    database = open_database(db_url)
    try:
        with database.writer.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
        assert current_revision(database) == head_revision()
        assert upgrade_database(database) is False  # up to date: nothing to do
    finally:
        database.dispose()


def test_sqlite_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    database = open_database(f"sqlite:///{tmp_path}/j.db")
    try:
        with database.writer.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        database.dispose()


def test_a_file_that_is_no_database_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    path.write_bytes(b"\xff\xfe not a database " * 200)
    with pytest.raises(StorageError, match="damaged"):
        Judge(f"sqlite:///{path}")


def test_a_database_newer_than_the_program_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/j.db"
    Judge(url).close()
    with sqlite3.connect(tmp_path / "j.db") as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'f00d'")
    with pytest.raises(StorageError, match="does not know"):
        Judge(url)


def test_a_missing_database_is_not_created_when_it_should_exist(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="no such database"):
        Judge(f"sqlite:///{tmp_path}/none.db", create=False)


def _judge_with_a_game(url: str) -> Judge:
    judge = Judge(url)
    assert not isinstance(judge.create_game(NewGame("g", "classic_1454", seed="1")), Refused)
    return judge


def test_a_read_only_database_gives_a_message_and_keeps_the_game(tmp_path: Path) -> None:
    judge = _judge_with_a_game(f"sqlite:///{tmp_path}/j.db")

    @event.listens_for(judge.db.writer, "connect")
    def read_only(dbapi_connection: sqlite3.Connection, _: object) -> None:
        dbapi_connection.execute("PRAGMA query_only = 1")

    judge.db.writer.dispose()  # the pooled connections reconnect, read-only

    with pytest.raises(StorageError, match="read-only|readonly"):
        judge.submit_orders("g", Viewer.master(), "Milan", "A pav - for")
    with pytest.raises(StorageError, match="read-only|readonly"):
        judge.process("g")
    view = judge.view("g", Viewer.master())  # reading still works
    assert not isinstance(view, Refused) and view.phase == 0 and view.orders == {}
    judge.close()


def test_a_full_disk_gives_a_message_and_keeps_the_game(tmp_path: Path) -> None:
    judge = _judge_with_a_game(f"sqlite:///{tmp_path}/j.db")
    with sqlite3.connect(tmp_path / "j.db") as connection:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]

    @event.listens_for(judge.db.writer, "connect")
    def full(dbapi_connection: sqlite3.Connection, _: object) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    judge.db.writer.dispose()  # the pooled connections reconnect on a full disk

    with pytest.raises(StorageError, match="disk is full"):  # the refused lines are kept
        judge.submit_orders("g", Viewer.master(), "Milan", "A pav - for\n" + "xyzzy\n" * 5000)
    with pytest.raises(StorageError, match="disk is full"):
        judge.process("g")
    view = judge.view("g", Viewer.master())
    assert not isinstance(view, Refused) and view.phase == 0
    judge.close()
