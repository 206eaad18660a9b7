"""Mail addresses waiting to be verified before they become a user's.

Revision ID: w0004
Revises: w0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0004"
down_revision: str | None = "w0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_address_checks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=256), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index(op.f("ix_web_address_checks_user_id"), "web_address_checks",
                    ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_web_address_checks_user_id"), table_name="web_address_checks")
    op.drop_table("web_address_checks")
