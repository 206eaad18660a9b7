"""Alembic's environment: migrations run on the connection the judge gives them.

:func:`machiavelli.service.database.upgrade_database` passes its open connection in
``config.attributes["connection"]``; nothing here reads a URL or a configuration file.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from machiavelli.service.schema import Base


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("the judge's migrations run through machiavelli.service.database")
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
