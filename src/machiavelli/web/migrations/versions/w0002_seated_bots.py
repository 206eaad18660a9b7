"""The bots masters seat, kept so that the server plays them again after a restart.

Revision ID: w0002
Revises: w0001
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0002"
down_revision: str | None = "w0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_seated_bots",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("power", sa.String(length=64), nullable=False),
        sa.Column("bot", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("key_id", sa.Integer(), nullable=True),
        sa.Column("seated_at", sa.DateTime(), nullable=False),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.Column("ended_how", sa.String(length=32), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_web_seated_bots_game"), "web_seated_bots", ["game"],
                    unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_web_seated_bots_game"), table_name="web_seated_bots")
    op.drop_table("web_seated_bots")
