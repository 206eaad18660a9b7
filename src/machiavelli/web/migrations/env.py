"""Alembic's environment for the web's tables: migrations run on the connection the web
gives them (:func:`machiavelli.web.tables.upgrade_web_tables`), recorded in
``alembic_version_web``; nothing here reads a URL or a configuration file.

Only the tables whose names start with ``web_`` are the web's: the service's tables in
the same database are left to the service's own migrations.
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection

from machiavelli.web.tables import WEB_MIGRATIONS, WebBase, is_web_table


def include_name(name: str | None, kind: str, _parent: Any) -> bool:
    return kind != "table" or is_web_table(name)


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("the web's migrations run through machiavelli.web.tables")
    context.configure(connection=connection, target_metadata=WebBase.metadata,
                      version_table=WEB_MIGRATIONS.version_table,
                      include_name=include_name, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
