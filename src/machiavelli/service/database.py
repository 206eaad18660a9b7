"""Where the games are kept: a database opened by URL, brought up to date on opening.

- ``sqlite:///PATH``: the embedded default, one file, no server.  Opened in WAL mode
  (readers never wait for a writer), ``synchronous=FULL`` (a committed phase survives a
  power cut), foreign keys on, and a busy timeout; every writing transaction starts
  with ``BEGIN IMMEDIATE``, so two writers queue instead of failing half-way.  The
  writers of one process first take turns in a fair queue (:class:`WriteQueue`), in the
  order they came, rather than in SQLite's busy handler, which lets a writer lose turn
  after turn under load.
- ``postgresql+psycopg://...``: for many games and several processes.  A writing
  transaction locks its game's row (``SELECT ... FOR UPDATE``) before it reads it.

:func:`open_database` applies the migrations shipped in ``migrations/`` (Alembic) when
the database is behind (``machiavelli db upgrade`` does the same by hand); a database
newer than this program is refused.  Every failure of the storage itself (a read-only
file system, a full disk, a file that is no database) becomes a :class:`StorageError`
whose message says what happened, never a traceback.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
GAME_FILE = "game.db"  # the database in a game's own folder
BUSY_TIMEOUT_MS = 60_000


class StorageError(Exception):
    """The database cannot be opened, read or written: the message says why."""


class OutOfBounds(StorageError):
    """A value longer or larger than its column holds, refused before it is written, so
    that SQLite (which would keep it) and PostgreSQL (which would refuse it in its own
    words) accept the same values (:func:`same_bounds`)."""


#: the integers a column holds on PostgreSQL (``Integer`` is four bytes there)
INT_BOUNDS = {"integer": (-2**31, 2**31 - 1), "big_integer": (-2**63, 2**63 - 1),
              "small_integer": (-2**15, 2**15 - 1)}


def same_bounds(session: Session, _context: object, _instances: object) -> None:
    """Before a flush: every new or changed row's strings fit their column's length and
    its integers the column's size on PostgreSQL, else :class:`OutOfBounds` naming the
    table and column (never the value)."""
    for row in (*session.new, *session.dirty):
        table = getattr(row, "__table__", None)
        if table is None:
            continue
        for column in table.columns:
            value = getattr(row, column.key, None)
            if isinstance(value, str):
                length = getattr(column.type, "length", None)
                if length is not None and len(value) > length:
                    raise OutOfBounds(f"{table.name}.{column.name}: {len(value)} characters, "
                                      f"at most {length}")
            elif isinstance(value, int) and not isinstance(value, bool):
                low, high = INT_BOUNDS.get(column.type.__visit_name__,
                                           (-2**63, 2**63 - 1))
                if not low <= value <= high:
                    raise OutOfBounds(f"{table.name}.{column.name}: a number out of range "
                                      f"({low} to {high})")


def folder_url(folder: str | Path) -> str:
    """The URL of the database kept in a game's folder."""
    return f"sqlite:///{Path(folder) / GAME_FILE}"


def describe_failure(err: BaseException) -> str:
    """A storage failure in a player's words."""
    text = str(getattr(err, "orig", None) or err).strip().splitlines()[0]
    lowered = text.lower()
    if "readonly" in lowered or "read-only" in lowered:
        return f"the database cannot be written (read-only file system?): {text}"
    if "disk is full" in lowered or "no space" in lowered:
        return f"the disk is full: {text}"
    if "not a database" in lowered or "malformed" in lowered:
        return f"the database file is damaged: {text}"
    if "unable to open" in lowered:
        return f"the database cannot be opened: {text}"
    return text


class WriteQueue:
    """The writers of one process take turns in the order they came (a fair lock).

    SQLite lets one writer in at a time; the others wait in its busy handler, which
    sleeps and retries (1 ms, 2 ms ... then 100 ms at a time), so that under load a
    writer may lose turn after turn to newcomers and wait seconds.  Queued here first,
    the writers of this process reach ``BEGIN IMMEDIATE`` one at a time, each after
    those who came before it; the busy handler is left for writers of other processes.
    A thread already holding its turn may write again inside it.
    """

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._mutex = threading.Lock()
        self._waiting: deque[threading.Lock] = deque()
        self._owner: int | None = None
        self._depth = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        me = threading.get_ident()
        if self._owner == me:  # only this thread ever sets it to itself
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._wait_turn()
        self._owner, self._depth = me, 1
        try:
            yield
        finally:
            self._owner, self._depth = None, 0
            self._pass_turn()

    def _wait_turn(self) -> None:
        with self._mutex:
            if not self._busy:
                self._busy = True
                return
            gate = threading.Lock()
            gate.acquire()
            self._waiting.append(gate)
        if gate.acquire(timeout=self.timeout):
            return  # the last writer handed its turn over
        with self._mutex:
            if gate in self._waiting:
                self._waiting.remove(gate)
                raise StorageError(f"the database is busy: no turn to write in "
                                   f"{self.timeout:g} s")
        # handed over just as the wait ran out: the turn is ours

    def _pass_turn(self) -> None:
        with self._mutex:
            if self._waiting:
                self._waiting.popleft().release()  # the next in line; still busy
            else:
                self._busy = False

    _busy = False


@dataclass
class Database:
    """The engines of one database: one for reading, one for writing; ``queue``: the
    writers' queue of an SQLite database (:class:`WriteQueue`)."""

    url: str
    reader: Engine
    writer: Engine
    queue: WriteQueue | None = None

    def __post_init__(self) -> None:
        self._reading = sessionmaker(self.reader, expire_on_commit=False)
        self._writing = sessionmaker(self.writer, expire_on_commit=False)
        event.listen(self._writing, "before_flush", same_bounds)

    @property
    def postgresql(self) -> bool:
        return self.writer.dialect.name == "postgresql"

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session that only reads (it sees one consistent snapshot)."""
        with _storage_errors(), self._reading() as session:
            yield session  # closing ends the transaction; what was read stays readable

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back on an exception."""
        with (self.queue.turn() if self.queue is not None else nullcontext(),
              _storage_errors(), self._writing() as session, session.begin()):
            yield session

    def dispose(self) -> None:
        self.reader.dispose()
        self.writer.dispose()


@contextmanager
def _storage_errors() -> Iterator[None]:
    try:
        yield
    except (DBAPIError, sqlite3.Error, OSError) as err:
        raise StorageError(describe_failure(err)) from err


def open_database(url: str, *, upgrade: bool = True, create: bool = True,
                  check: bool = True) -> Database:
    """The database at ``url``, its tables up to date (unless ``upgrade`` is False: then,
    with ``check``, a database behind or ahead of this program is refused).

    ``create=False`` refuses an SQLite file that does not exist yet.
    """
    try:
        parsed = make_url(url)
    except ArgumentError as err:
        raise StorageError(f"not a database URL: {url!r} ({err})") from None
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database or ""
        if path and path != ":memory:":
            if not create and not Path(path).is_file():
                raise StorageError(f"{path}: no such database")
            if Path(path).is_symlink():
                raise StorageError(f"{path}: a symbolic link, not a database")
        if path and path != ":memory:" and Path(path).is_file() and not _writable(Path(path)):
            return _read_only(url, path)
        database = Database(url, _sqlite_engine(url, immediate=False),
                            _sqlite_engine(url, immediate=True),
                            WriteQueue(BUSY_TIMEOUT_MS / 1000))
    elif parsed.get_backend_name() == "postgresql":
        if parsed.drivername == "postgresql":
            url = str(parsed.set(drivername="postgresql+psycopg").render_as_string(False))
        engine = create_engine(url, pool_pre_ping=True)
        reader = engine.execution_options(isolation_level="REPEATABLE READ")  # one snapshot
        database = Database(url, reader, engine)
    else:
        raise StorageError(f"unsupported database {parsed.get_backend_name()!r}: "
                           "use sqlite:///FILE or postgresql://...")
    try:
        if upgrade:
            upgrade_database(database)
        elif check:
            check_revision(database)
    except BaseException:
        database.dispose()
        raise
    return database


def _writable(path: Path) -> bool:
    """Whether this process may write the database file and its folder (SQLite's WAL
    keeps two files beside it)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _read_only(url: str, path: str) -> Database:
    """A database file this process may not write (a read-only mount, a backup, another
    user's folder): opened read-only and immutable, so that SQLite needs no ``-shm`` or
    ``-wal`` file beside it; it is read as it is, never migrated, and a write is refused
    (:class:`StorageError`: "cannot be written")."""
    uri = f"sqlite:///file:{Path(path).resolve()}?mode=ro&immutable=1&uri=true"
    from machiavelli.service.cells import json_or_damaged, sqlite_text

    engine = create_engine(uri, json_deserializer=json_or_damaged,
                           connect_args={"check_same_thread": False})
    event.listen(engine, "connect",
                 lambda connection, _record: setattr(connection, "text_factory", sqlite_text))
    database = Database(url, engine, engine, WriteQueue(BUSY_TIMEOUT_MS / 1000))
    try:
        check_revision(database)
    except BaseException:
        database.dispose()
        raise
    return database


def _sqlite_engine(url: str, *, immediate: bool) -> Engine:
    # connections are kept open and reused (a server answers many requests); closing
    # the last connection of a WAL database checkpoints it, which costs a sync each time
    from machiavelli.service.cells import json_or_damaged, sqlite_text

    engine = create_engine(url, pool_size=4, max_overflow=16, pool_pre_ping=False,
                           json_deserializer=json_or_damaged,
                           connect_args={"timeout": BUSY_TIMEOUT_MS / 1000,
                                         "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we say when transactions begin
        dbapi_connection.text_factory = sqlite_text  # damaged text: service/cells.py
        cursor = dbapi_connection.cursor()
        try:
            mode = cursor.execute("PRAGMA journal_mode=WAL").fetchone()
            if mode is None or str(mode[0]).lower() != "wal":
                raise sqlite3.OperationalError(
                    f"the database cannot use WAL mode (journal_mode {mode})")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


# ----------------------------------------------------------------------
# Migrations
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class Migrations:
    """A folder of Alembic migrations (``env.py``, ``versions/``) and the table in which a
    database records how far they were applied.

    The service's are :data:`SERVICE_MIGRATIONS`; a front end with tables of its own (the
    web's) keeps its own folder and version table beside them, so that neither set of
    migrations needs to know the other.  ``lock``: the PostgreSQL advisory lock held
    while migrating (one migrating process at a time); ``what``: the tables' name in
    messages.
    """

    folder: Path
    version_table: str = "alembic_version"
    lock: int = 1454
    what: str = "the database"

    def config(self, connection: Connection | None = None) -> Config:
        config = Config()
        config.set_main_option("script_location", str(self.folder))
        config.attributes["connection"] = connection
        return config

    def head(self) -> str:
        return _heads(self)[0]

    def known(self) -> frozenset[str]:
        return _heads(self)[1]

    def _context(self, connection: Connection) -> MigrationContext:
        return MigrationContext.configure(connection,
                                          opts={"version_table": self.version_table})

    def current(self, database: Database) -> str | None:
        with _storage_errors(), database.reader.connect() as connection:
            return self._context(connection).get_current_revision()

    def check(self, database: Database) -> None:
        """Refuse a database this program does not know (newer, or not ours), or behind."""
        current = self.current(database)
        if current is not None and current != self.head():
            self.check_known(current)
            raise StorageError(f"{self.what} is at revision {current}, behind {self.head()}: "
                               "run `machiavelli db upgrade`")

    def check_known(self, revision: str | None) -> None:
        if revision is not None and revision not in self.known():
            raise StorageError(f"{self.what} is at revision {revision}, which this version of "
                               "machiavelli does not know (a newer version wrote it)")

    def upgrade(self, database: Database) -> bool:
        """Apply the missing migrations; True if any was applied."""
        head = self.head()
        current = self.current(database)
        if current == head:
            return False
        self.check_known(current)
        try:
            with database.writer.begin() as connection:
                if database.postgresql:  # one migrating process at a time
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({self.lock:d})")
                if self._context(connection).get_current_revision() == head:
                    return False  # another process did it while we waited
                command.upgrade(self.config(connection), "head")
        except (DBAPIError, sqlite3.Error, OSError) as err:
            raise StorageError(describe_failure(err)) from err
        except SQLAlchemyError as err:
            raise StorageError(f"{self.what} could not be brought up to date: {err}") from err
        return True


@cache
def _heads(migrations: Migrations) -> tuple[str, frozenset[str]]:
    """The head revision of a folder of migrations and every revision in it."""
    scripts = ScriptDirectory.from_config(migrations.config())
    head = scripts.get_current_head()
    assert head is not None
    return head, frozenset(s.revision for s in scripts.walk_revisions())


SERVICE_MIGRATIONS = Migrations(MIGRATIONS)


def head_revision() -> str:
    return SERVICE_MIGRATIONS.head()


def known_revisions() -> frozenset[str]:
    return SERVICE_MIGRATIONS.known()


def current_revision(database: Database) -> str | None:
    return SERVICE_MIGRATIONS.current(database)


def check_revision(database: Database) -> None:
    """Refuse a database this program does not know (newer, or not ours)."""
    SERVICE_MIGRATIONS.check(database)


def upgrade_database(database: Database) -> bool:
    """Apply the service's missing migrations; True if any was applied."""
    return SERVICE_MIGRATIONS.upgrade(database)


def check_known(revision: str | None) -> None:
    SERVICE_MIGRATIONS.check_known(revision)


def default_url() -> str | None:
    """The shared database named by ``MACHIAVELLI_DB``, if any."""
    return os.environ.get("MACHIAVELLI_DB") or None
