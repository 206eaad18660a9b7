"""A game row names its kind of game; the games made before read as Machiavelli.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # in place (ALTER TABLE ... ADD COLUMN), never a batch copy of ``games`` (see below)
    op.add_column("games", sa.Column("kind", sa.String(length=32), nullable=False,
                                     server_default="machiavelli"))


def downgrade() -> None:
    # in place (SQLite 3.35 and later drop a column so): a batch copy of ``games`` would
    # drop the old table, and with it, by the foreign keys' ON DELETE CASCADE, every
    # game's phases, seats and orders
    op.drop_column("games", "kind")
