"""The web's own tables, beside the service's in the same database.

- ``web_sessions``: a signed-in browser (or one that has not signed in yet: it holds
  the CSRF token of the log-in form).  The cookie carries a random token; the table
  keeps only its SHA-256, so a stolen copy of the database signs nobody in.
- ``web_api_keys``: the keys programs use (``Authorization: Bearer mk_...``), kept as
  their SHA-256 with a short prefix to tell them apart on the account page.
- ``web_login_links``: one-time links for signing in by mail (their SHA-256).
- ``web_outbox``: mail the web judge owes (log-in links) until the mail judge sends real
  mail; ``make run`` prints it to the terminal.
- ``web_attempts``: failed log-ins and link requests, for the rate limits.

These tables are the web's, not the service's: :func:`ensure_tables` creates them
when they are missing (``CREATE TABLE IF NOT EXISTS``), and their names all start
with ``web_`` so that they never meet the service's migrations.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from machiavelli.service.database import Database
from machiavelli.service.schema import Moment


class WebBase(DeclarativeBase):
    type_annotation_map = {datetime: Moment}


class WebSession(WebBase):
    __tablename__ = "web_sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int | None] = mapped_column(Integer, index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    seen_at: Mapped[datetime]
    expires_at: Mapped[datetime]


class ApiKey(WebBase):
    __tablename__ = "web_api_keys"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    label: Mapped[str] = mapped_column(String(64))
    prefix: Mapped[str] = mapped_column(String(16))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)


class LoginLink(WebBase):
    __tablename__ = "web_login_links"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]


class OutboxMail(WebBase):
    __tablename__ = "web_outbox"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    to: Mapped[str] = mapped_column(String(256))
    subject: Mapped[str] = mapped_column(String(256))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]


class Attempt(WebBase):
    __tablename__ = "web_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # "login" or "link"
    key: Mapped[str] = mapped_column(String(128), index=True)  # "user:NAME" or "ip:ADDRESS"
    at: Mapped[datetime]


def ensure_tables(database: Database) -> None:
    """Create the web's tables where they are missing (the service's exist already)."""
    WebBase.metadata.create_all(database.writer, checkfirst=True)
