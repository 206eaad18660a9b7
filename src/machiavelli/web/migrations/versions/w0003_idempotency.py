"""The API's writes sent with an Idempotency-Key, kept a day to replay their answers.

Revision ID: w0003
Revises: w0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0003"
down_revision: str | None = "w0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_idempotency",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=True),
        sa.Column("body", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "key"),
    )
    op.create_index(op.f("ix_web_idempotency_expires_at"), "web_idempotency",
                    ["expires_at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_web_idempotency_expires_at"), table_name="web_idempotency")
    op.drop_table("web_idempotency")
