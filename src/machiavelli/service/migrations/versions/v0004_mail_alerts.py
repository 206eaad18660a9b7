"""The mails a user asked for (a web player's results and reminders by mail).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # in place (ALTER TABLE ... ADD COLUMN): a batch copy of ``users`` is not needed
    op.add_column("users", sa.Column("alerts", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("users", "alerts")
