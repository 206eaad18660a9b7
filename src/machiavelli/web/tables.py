"""The web's own tables, beside the service's in the same database.

- ``web_sessions``: a signed-in browser (or one that has not signed in yet: it holds
  the CSRF token of the log-in form).  The cookie carries a random token; the table
  keeps only its SHA-256, so a stolen copy of the database signs nobody in.
- ``web_api_keys``: the keys programs use (``Authorization: Bearer mk_...``), kept as
  their SHA-256 with a short prefix to tell them apart on the account page.
- ``web_login_links``: one-time links for signing in by mail (their SHA-256).
- ``web_address_checks``: a mail address given at sign-up, waiting until its owner
  follows the link mailed to it: only then is it the user's address (a mail identity).
- ``web_outbox``: mail the web judge owes (log-in links) until the mail judge sends real
  mail; ``make run`` prints it to the terminal.
- ``web_attempts``: failed log-ins and link requests, for the rate limits.
- ``web_jobs``: what the workers run (the sweeper, mail, clean-up, each seated bot),
  each leased by one worker at a time.
- ``web_seated_bots``: the bots masters seated (game, power, kind of bot, its user and the
  API key it plays with), so that the server plays them again after a restart; a row
  ends when the game ends, the seat is no longer the bot's or the master unseats it.

These tables are the web's, not the service's: their names all start with ``web_``,
and the web has migrations of its own (``web/migrations``, Alembic, recorded in the
table ``alembic_version_web``) that :func:`upgrade_web_tables` applies when the web opens
the database (``machiavelli db upgrade`` too).  A change to a model here needs a new
revision there (``tests/test_web_tables.py`` compares the two).

The web's rows name the service's users by id; :func:`user_named` and :func:`user_by_id`
read those users as the service's :class:`~machiavelli.service.visibility.UserView`, for
the sessions and keys that work on this database alone.  This module is the only one of
the front ends that opens the service's database and tables itself
(``tests/test_layers.py`` holds every other to the judge).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import Boolean, Integer, String, Text, func, inspect, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from machiavelli.service.database import SERVICE_MIGRATIONS, Migrations, StorageError
from machiavelli.service.database import Database as Database
from machiavelli.service.schema import Moment, User
from machiavelli.service.visibility import UserView


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


class AddressCheck(WebBase):
    """A mail address waiting to be verified: a one-time token (its SHA-256) mailed to
    it; following it makes the address the user's (web/sessions.py)."""
    __tablename__ = "web_address_checks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    address: Mapped[str] = mapped_column(String(256))
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


class SeatedBot(WebBase):
    __tablename__ = "web_seated_bots"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    power: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str] = mapped_column(String(16))  # greedy, random or hold
    user_id: Mapped[int] = mapped_column(Integer)
    key_id: Mapped[int | None] = mapped_column(Integer)  # its live key in web_api_keys
    seated_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]
    ended_how: Mapped[str | None] = mapped_column(String(32))


class Job(WebBase):
    """A job the workers run in turn (web/jobs.py): the sweeper, the mail, the clean-up,
    each seated bot.  A worker takes a due job by leasing it (``leased_by`` until
    ``lease_until``, claimed with ``SELECT ... FOR UPDATE SKIP LOCKED`` on PostgreSQL),
    so each runs on one worker at a time; a dead worker's lease runs out and another
    takes the job."""
    __tablename__ = "web_jobs"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    every: Mapped[int] = mapped_column(Integer)  # milliseconds between two runs
    due_at: Mapped[datetime] = mapped_column(index=True)
    leased_by: Mapped[str | None] = mapped_column(String(128))
    lease_until: Mapped[datetime | None]
    runs: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)


class IdempotentWrite(WebBase):
    """An API write sent with an ``Idempotency-Key`` (web/idempotency.py): the answer it
    got, replayed to the same user's same key until ``expires_at``."""
    __tablename__ = "web_idempotency"
    __table_args__ = (sa.UniqueConstraint("user_id", "key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer)
    key: Mapped[str] = mapped_column(String(255))
    request_hash: Mapped[str] = mapped_column(String(64))  # method, path and body
    status: Mapped[int | None] = mapped_column(Integer)  # None while it runs
    body: Mapped[str | None] = mapped_column(Text)  # the answer's JSON
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime] = mapped_column(index=True)


#: What a key already holds: (request hash, status, body); status None while it runs.
Held = tuple[str, int | None, str | None]


class KeyBusy(Exception):
    """The same user's same key is being claimed at this very moment."""


def claim_key(db: Database, user_id: int, key: str, request_hash: str, now: datetime,
              life: timedelta) -> Held | None:
    """What ``(user_id, key)`` holds, or None after claiming it for a new write (the
    expired keys of everyone are deleted first)."""
    try:
        with db.writing() as session:
            session.execute(sa.delete(IdempotentWrite).where(
                IdempotentWrite.expires_at <= now))
            row = session.scalars(sa.select(IdempotentWrite).where(
                IdempotentWrite.user_id == user_id, IdempotentWrite.key == key)).first()
            if row is not None:
                return row.request_hash, row.status, row.body
            session.add(IdempotentWrite(user_id=user_id, key=key, request_hash=request_hash,
                                        status=None, body=None, created_at=now,
                                        expires_at=now + life))
            return None
    except StorageError as err:
        if isinstance(err.__cause__, IntegrityError):
            raise KeyBusy from None
        raise


def keep_answer(db: Database, user_id: int, key: str, status: int, body: str) -> None:
    with db.writing() as session:
        row = session.scalars(sa.select(IdempotentWrite).where(
            IdempotentWrite.user_id == user_id, IdempotentWrite.key == key)).first()
        if row is not None:
            row.status, row.body = status, body


def forget_key(db: Database, user_id: int, key: str) -> None:
    with db.writing() as session:
        session.execute(sa.delete(IdempotentWrite).where(
            IdempotentWrite.user_id == user_id, IdempotentWrite.key == key))


WEB_MIGRATIONS = Migrations(Path(__file__).resolve().parent / "migrations",
                            version_table="alembic_version_web", lock=1455,
                            what="the web's tables")


def is_web_table(name: str | None) -> bool:
    return name is not None and name.startswith("web_")


def upgrade_web_tables(database: Database) -> bool:
    """Bring the web's tables up to date (the service's are already); True if a migration
    was applied.  A database whose web tables are newer than this program is refused
    (:class:`~machiavelli.service.database.StorageError`)."""
    return WEB_MIGRATIONS.upgrade(database)


def user_named(db: Database, name_or_address: str) -> UserView | None:
    """The user with this name, or this mail address."""
    wanted = name_or_address.strip()
    if not wanted:
        return None
    with db.reading() as session:
        found = session.scalars(select(User).where(
            or_(User.name == wanted, func.lower(User.email) == wanted.lower()))
            .order_by(User.id)).first()
        return UserView.of(found) if found is not None else None


def user_of_key_hash(db: Database, key_hash: str) -> UserView | None:
    """The user whose live API key has this digest, or None: one query, one transaction
    (every API request asks it)."""
    with db.reading() as session:
        found = session.scalars(select(User).join(ApiKey, ApiKey.user_id == User.id).where(
            ApiKey.key_hash == key_hash, ApiKey.revoked.is_(False))).first()
        return UserView.of(found) if found is not None else None


def user_by_id(db: Database, user_id: int) -> UserView | None:
    with db.reading() as session:
        found = session.get(User, user_id)
        return UserView.of(found) if found is not None else None


def serves_the_web(database: Database) -> bool:
    """Whether the web has tables in ``database`` (``machiavelli db upgrade`` upgrades
    them too; a database only the service uses stays without them)."""
    with database.reader.connect() as connection:
        names = inspect(connection).get_table_names()
    return WEB_MIGRATIONS.version_table in names or any(is_web_table(n) for n in names)


def health(database: Database) -> dict[str, str]:
    """The database reachable, and its migrations (the service's and the web's) at this
    program's heads: ``{"database": ..., "migrations": ...}``, each ``ok`` or the problem."""
    found = {"database": "ok", "migrations": "ok"}
    try:
        with database.reader.connect() as connection:
            connection.exec_driver_sql("SELECT 1")
    except Exception as err:  # noqa: BLE001 (a health check says what failed, whatever it is)
        return {"database": f"unreachable: {str(err).splitlines()[0][:200]}",
                "migrations": "unknown"}
    problems = []
    for migrations in (SERVICE_MIGRATIONS, WEB_MIGRATIONS):
        current = migrations.current(database)
        if current != migrations.head():
            problems.append(f"{migrations.what} at {current}, not {migrations.head()}")
    if problems:
        found["migrations"] = "; ".join(problems)
    return found
