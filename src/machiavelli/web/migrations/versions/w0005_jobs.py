"""The workers' jobs, each leased by one worker at a time.

Revision ID: w0005
Revises: w0004
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0005"
down_revision: str | None = "w0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_jobs",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("every", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.Column("leased_by", sa.String(length=128), nullable=True),
        sa.Column("lease_until", sa.DateTime(), nullable=True),
        sa.Column("runs", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("name"),
    )
    op.create_index(op.f("ix_web_jobs_due_at"), "web_jobs", ["due_at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_web_jobs_due_at"), table_name="web_jobs")
    op.drop_table("web_jobs")
