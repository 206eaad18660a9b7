"""The phases a standing order was given and used up at, so that a rollback drops the
orders given after its phase and gives back those used up after it.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("later_orders", sa.Column("given_phase", sa.Integer(), nullable=True))
    op.add_column("later_orders", sa.Column("used_phase", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("later_orders") as batch:
        batch.drop_column("used_phase")
        batch.drop_column("given_phase")
