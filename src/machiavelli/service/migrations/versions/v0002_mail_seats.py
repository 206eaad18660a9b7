"""The judge by mail: registrations, each seat's address and password, later orders.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("profile", sa.JSON(), nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("address", sa.String(length=256), nullable=True))
        seats.add_column(sa.Column("password_hash", sa.String(length=256), nullable=True))
    op.create_table(
        "later_orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=64), nullable=False),
        sa.Column("season", sa.String(length=16), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("written_by", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("applied_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_later_orders_game_id"), "later_orders", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_later_orders_game_id"), table_name="later_orders")
    op.drop_table("later_orders")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("password_hash")
        seats.drop_column("address")
    with op.batch_alter_table("users") as users:
        users.drop_column("profile")
