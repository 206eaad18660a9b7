"""The judge's tables: users, games, seats, phases, orders, press, notices and the journal.

One game is one row of ``games``; everything else hangs from it.  A phase, once
written, is never changed (a rollback only marks the phases after it ``superseded``,
and processing writes a new row), so history, rollback and replay read the same data.
Orders are one row per (game, phase, power) holding the canonical text the parser
accepted and the messages of the last submission; they are kept after the phase is
processed, as that phase's orders.

Times are stored in UTC and read back as aware datetimes (:class:`Moment`).  The
migrations in ``migrations/versions/`` create these tables; a change here needs a new
migration (``tests/test_service_storage.py`` compares the two).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAME = 64  # the longest name of a user, game, power or seat


class Moment(TypeDecorator[datetime]):
    """An aware datetime, stored as UTC without a zone (SQLite keeps none)."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"the time {value!r} has no time zone")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    type_annotation_map = {
        datetime: Moment,
        dict[str, Any]: JSON,
        list[str]: JSON,
        list[dict[str, Any]]: JSON,
        dict[str, str]: JSON,
    }


class User(Base):
    """Someone who may sign on: a name, an address, a password's hash (argon2)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME), unique=True)
    email: Mapped[str | None] = mapped_column(String(256))
    password_hash: Mapped[str | None] = mapped_column(String(256))
    created_at: Mapped[datetime]
    profile: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # the REGISTER form
    #: the mails a web player asked for (``results``, ``reminder``): see accounts.ALERTS
    alerts: Mapped[list[str] | None] = mapped_column(JSON)


class Game(Base):
    """A game: its kind (``machiavelli``: :mod:`machiavelli.service.kinds`), its scenario
    and options, its settings, where it stands.

    ``phase``: the number of the current (pending) phase; phases 0 to ``phase`` are the
    live rows of ``phases``.  ``status``: ``forming`` (waiting for players),
    ``playing``, ``paused`` or ``over``.  ``settings``: the game's policies as JSON
    (:class:`machiavelli.service.games.Settings`).  ``clock``: the pending phase's
    deadline, grace and earliest processing time.  ``standing``: power -> ``abandoned``
    or ``civil disorder``.  ``votes``: the draw votes.
    """

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME), unique=True)
    kind: Mapped[str] = mapped_column(String(32), default="machiavelli",
                                      server_default="machiavelli")
    scenario: Mapped[str] = mapped_column(String(NAME))
    players: Mapped[int | None] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(256))
    victory_cities: Mapped[int | None] = mapped_column(Integer)
    flags: Mapped[list[str]]
    settings: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(16))
    phase: Mapped[int] = mapped_column(Integer, default=0)
    winners: Mapped[list[str]]
    outcome: Mapped[str | None] = mapped_column(Text)
    clock: Mapped[dict[str, Any]]
    standing: Mapped[dict[str, str]]
    votes: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class Seat(Base):
    """A participant in a game: a power's player, an observer or a master.

    A player's seat names its power once the game has started (before, ``preferences``
    lists the powers wanted, best first).  ``left_at``/``left_how`` record a player who
    resigned, was ejected or replaced: the seat is kept, as history.  ``address``: where
    the judge's mail for this seat goes; ``password_hash``: the seat's own sign-on
    password (argon2), as nJudge keeps one per power, observer and master.
    """

    __tablename__ = "seats"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    name: Mapped[str] = mapped_column(String(NAME))
    role: Mapped[str] = mapped_column(String(16))
    power: Mapped[str | None] = mapped_column(String(NAME))
    preferences: Mapped[list[str]]
    joined_at: Mapped[datetime]
    left_at: Mapped[datetime | None]
    left_how: Mapped[str | None] = mapped_column(String(16))
    address: Mapped[str | None] = mapped_column(String(256))
    password_hash: Mapped[str | None] = mapped_column(String(256))


class Phase(Base):
    """One position a game reached, and the report of how it got there (never changed).

    Number 0 is the start (``report``: the game start's, if anything happened then);
    number n+1 is written when phase n is processed.  ``report`` is the public report,
    ``private`` each power's own part (its treasury, loans and chits, its money orders,
    income and dice), as the engine splits them (:mod:`machiavelli.core.privacy`).
    """

    __tablename__ = "phases"
    __table_args__ = (
        Index("phase_once", "game_id", "number", unique=True,
              sqlite_where=text("superseded_at IS NULL"),
              postgresql_where=text("superseded_at IS NULL")),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String(NAME))
    state: Mapped[str] = mapped_column(Text)
    checksum: Mapped[str] = mapped_column(String(64))
    report: Mapped[str] = mapped_column(Text)
    private: Mapped[dict[str, str]]
    created_at: Mapped[datetime]
    superseded_at: Mapped[datetime | None]


class OrderSheet(Base):
    """A power's orders for a phase: the accepted orders in canonical text, one a line,
    and the messages about the lines of its last submission that were refused."""

    __tablename__ = "orders"
    __table_args__ = (
        Index("orders_once", "game_id", "phase", "power", unique=True,
              sqlite_where=text("superseded_at IS NULL"),
              postgresql_where=text("superseded_at IS NULL")),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase: Mapped[int] = mapped_column(Integer)
    power: Mapped[str] = mapped_column(String(NAME))
    text: Mapped[str] = mapped_column(Text, default="")
    messages: Mapped[list[dict[str, Any]]]
    wait: Mapped[bool] = mapped_column(Boolean, default=False)
    ready: Mapped[bool] = mapped_column(Boolean, default=False)
    written_by: Mapped[str] = mapped_column(String(NAME))
    updated_at: Mapped[datetime]
    superseded_at: Mapped[datetime | None]


class LaterOrders(Base):
    """Orders a power wrote for a later phase (nJudge's ``PHASE season year phase``): kept
    as written and submitted when the game reaches that phase."""

    __tablename__ = "later_orders"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    power: Mapped[str] = mapped_column(String(NAME))
    season: Mapped[str] = mapped_column(String(16))
    year: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # movement, retreat or adjustment
    text: Mapped[str] = mapped_column(Text)
    written_by: Mapped[str] = mapped_column(String(NAME))
    created_at: Mapped[datetime]
    applied_at: Mapped[datetime | None]
    # a standing order's phases: the one pending when it was given, and the one pending
    # when it was used up, replaced, cleared or lapsed (a rollback undoes what came later)
    given_phase: Mapped[int | None] = mapped_column(Integer, nullable=True)
    used_phase: Mapped[int | None] = mapped_column(Integer, nullable=True)


class Letter(Base):
    """A piece of press: who sent it (hidden from the readers when grey), to whom, when."""

    __tablename__ = "press"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase: Mapped[int] = mapped_column(Integer)
    sender: Mapped[str] = mapped_column(String(NAME))  # a power, or a seat's name
    sender_role: Mapped[str] = mapped_column(String(16))
    grey: Mapped[bool] = mapped_column(Boolean, default=False)
    broadcast: Mapped[bool] = mapped_column(Boolean, default=False)
    recipients: Mapped[list[str]]  # powers, and "master" / "observers"
    shown_to: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # as readers see it
    postal: Mapped[bool] = mapped_column(Boolean, default=False)  # held until processed
    body: Mapped[str] = mapped_column(Text)
    sent_at: Mapped[datetime]


class Notice(Base):
    """A message the judge owes someone (a reminder, a late notice, results): the front
    ends deliver them (mail, web) and mark them delivered."""

    __tablename__ = "notices"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    phase: Mapped[int] = mapped_column(Integer)
    to: Mapped[str] = mapped_column(String(NAME))  # a power, "master" or "all"
    kind: Mapped[str] = mapped_column(String(16))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    delivered_at: Mapped[datetime | None]


class Journal(Base):
    """What was done to a game and by whom: processing, master actions, joins."""

    __tablename__ = "journal"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime]
    who: Mapped[str] = mapped_column(String(NAME))
    what: Mapped[str] = mapped_column(Text)


class Failure(Base):
    """A wrong password given to the judge (``SIGN ON``): by seat and by sender, for the
    backoff (:mod:`~machiavelli.service.guesses`)."""

    __tablename__ = "failures"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    key: Mapped[str] = mapped_column(String(320), index=True)
    at: Mapped[datetime]
