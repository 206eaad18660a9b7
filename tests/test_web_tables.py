"""The web's tables have migrations of their own (web/migrations, recorded in
``alembic_version_web``): a fresh database and one whose web tables the web made before
it had migrations are both brought to tables that match the models, on SQLite and
PostgreSQL; ``machiavelli db upgrade`` upgrades them; a newer revision is refused."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from click.testing import CliRunner
from sqlalchemy import inspect, text
from web_tables_before import statements

from machiavelli.cli.main import main
from machiavelli.service.database import Database, StorageError, open_database
from machiavelli.web.sessions import make_api_key, new_session, user_of_key
from machiavelli.web.tables import (
    WEB_MIGRATIONS,
    WebBase,
    is_web_table,
    serves_the_web,
    upgrade_web_tables,
)

NOW = datetime(2026, 12, 8, 12, 0, tzinfo=UTC)


def differences(database: Database) -> list[Any]:
    """What the web's models and the web's tables in the database disagree on."""
    def only_web(name: str | None, kind: str, _parent: Any) -> bool:
        return kind != "table" or is_web_table(name)

    with database.writer.connect() as connection:
        context = MigrationContext.configure(connection, opts={
            "compare_type": True, "include_name": only_web,
            "version_table": WEB_MIGRATIONS.version_table})
        return list(compare_metadata(context, WebBase.metadata))


def test_a_fresh_database_gets_the_web_tables_of_the_models(db_url: str) -> None:
    database = open_database(db_url)
    try:
        assert not serves_the_web(database)
        assert upgrade_web_tables(database) is True
        assert differences(database) == []
        assert WEB_MIGRATIONS.current(database) == WEB_MIGRATIONS.head()
        assert upgrade_web_tables(database) is False  # up to date: nothing to do
        assert serves_the_web(database)
    finally:
        database.dispose()


def test_web_tables_made_before_the_migrations_are_upgraded_and_kept(db_url: str) -> None:
    """A database the web used before it had migrations: its tables (and rows) are kept,
    the missing ones made, and then everything matches the models."""
    database = open_database(db_url)
    try:
        dialect = database.writer.dialect.name
        with database.writer.begin() as connection:
            for statement in statements(dialect):
                connection.exec_driver_sql(statement)
            connection.execute(text(
                "INSERT INTO users (name, email, password_hash, created_at) "
                "VALUES ('old', NULL, NULL, :now)"), {"now": NOW.replace(tzinfo=None)})
            user_id = connection.execute(text("SELECT id FROM users")).scalar_one()
        key = make_api_key(database, user_id, "from before", NOW)
        new_session(database, user_id, NOW)
        assert WEB_MIGRATIONS.current(database) is None and serves_the_web(database)
        assert upgrade_web_tables(database) is True
        assert WEB_MIGRATIONS.current(database) == WEB_MIGRATIONS.head()
        assert differences(database) == []
        found = user_of_key(database, key)
        assert found is not None and found.name == "old"  # the rows are still there
        tables = set(inspect(database.writer).get_table_names())
        assert {t.name for t in WebBase.metadata.sorted_tables} <= tables
    finally:
        database.dispose()


def test_web_tables_newer_than_the_program_are_refused(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/w.db"
    database = open_database(url)
    try:
        upgrade_web_tables(database)
        with database.writer.begin() as connection:
            connection.execute(text(f"UPDATE {WEB_MIGRATIONS.version_table} "
                                    "SET version_num = 'w9999'"))
        with pytest.raises(StorageError, match="web's tables .*does not know"):
            upgrade_web_tables(database)
    finally:
        database.dispose()


def test_db_upgrade_upgrades_the_web_tables_of_a_web_database(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/web.db"
    database = open_database(url)
    try:
        with database.writer.begin() as connection:
            for statement in statements("sqlite"):
                connection.exec_driver_sql(statement)
    finally:
        database.dispose()
    done = CliRunner().invoke(main, ["db", "upgrade", "--db", url])
    assert done.exit_code == 0 and "upgraded" in done.output, done.output
    database = open_database(url)
    try:
        assert WEB_MIGRATIONS.current(database) == WEB_MIGRATIONS.head()
        assert differences(database) == []
    finally:
        database.dispose()
    again = CliRunner().invoke(main, ["db", "upgrade", "--db", url])
    assert again.exit_code == 0 and "up to date" in again.output, again.output
    # a database only the service uses gets no web tables
    plain = f"sqlite:///{tmp_path}/plain.db"
    assert CliRunner().invoke(main, ["db", "upgrade", "--db", plain]).exit_code == 0
    database = open_database(plain)
    try:
        assert not serves_the_web(database)
    finally:
        database.dispose()
