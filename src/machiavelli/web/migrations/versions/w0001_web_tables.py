"""The web's first tables: sessions, API keys, log-in links, the outbox, log-in attempts.

Revision ID: w0001
Revises:
Create Date: 2026-12-08

Before the web had migrations it made these tables itself where they were missing,
exactly as here; a database from then has them already, and this revision leaves them
as they are (and creates only those missing).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def _missing(table: str) -> bool:
    return not sa.inspect(op.get_bind()).has_table(table)


def upgrade() -> None:
    if _missing("web_sessions"):
        op.create_table(
            "web_sessions",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("token_hash", sa.String(length=64), nullable=False),
            sa.Column("user_id", sa.Integer(), nullable=True),
            sa.Column("csrf", sa.String(length=64), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.Column("seen_at", sa.DateTime(), nullable=False),
            sa.Column("expires_at", sa.DateTime(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("token_hash"),
        )
        op.create_index(op.f("ix_web_sessions_user_id"), "web_sessions", ["user_id"],
                        unique=False)
    if _missing("web_api_keys"):
        op.create_table(
            "web_api_keys",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("user_id", sa.Integer(), nullable=False),
            sa.Column("label", sa.String(length=64), nullable=False),
            sa.Column("prefix", sa.String(length=16), nullable=False),
            sa.Column("key_hash", sa.String(length=64), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.Column("used_at", sa.DateTime(), nullable=True),
            sa.Column("revoked", sa.Boolean(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("key_hash"),
        )
        op.create_index(op.f("ix_web_api_keys_user_id"), "web_api_keys", ["user_id"],
                        unique=False)
    if _missing("web_login_links"):
        op.create_table(
            "web_login_links",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("token_hash", sa.String(length=64), nullable=False),
            sa.Column("user_id", sa.Integer(), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.Column("expires_at", sa.DateTime(), nullable=False),
            sa.Column("used_at", sa.DateTime(), nullable=True),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("token_hash"),
        )
        op.create_index(op.f("ix_web_login_links_user_id"), "web_login_links", ["user_id"],
                        unique=False)
    if _missing("web_outbox"):
        op.create_table(
            "web_outbox",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("to", sa.String(length=256), nullable=False),
            sa.Column("subject", sa.String(length=256), nullable=False),
            sa.Column("body", sa.Text(), nullable=False),
            sa.Column("created_at", sa.DateTime(), nullable=False),
            sa.Column("sent_at", sa.DateTime(), nullable=True),
            sa.PrimaryKeyConstraint("id"),
        )
    if _missing("web_attempts"):
        op.create_table(
            "web_attempts",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("kind", sa.String(length=16), nullable=False),
            sa.Column("key", sa.String(length=128), nullable=False),
            sa.Column("at", sa.DateTime(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
        op.create_index(op.f("ix_web_attempts_key"), "web_attempts", ["key"], unique=False)


def downgrade() -> None:
    for table, index in (("web_attempts", "ix_web_attempts_key"), ("web_outbox", None),
                         ("web_login_links", "ix_web_login_links_user_id"),
                         ("web_api_keys", "ix_web_api_keys_user_id"),
                         ("web_sessions", "ix_web_sessions_user_id")):
        if index is not None:
            op.drop_index(index, table_name=table)
        op.drop_table(table)
