"""``games.kind``: a game row names its kind; a database made before the column (revision
0002) is brought up to date on open and its games read as Machiavelli."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect, select, text

from machiavelli.service.database import SERVICE_MIGRATIONS, current_revision, open_database
from machiavelli.service.games import NewGame
from machiavelli.service.judge import Judge
from machiavelli.service.kinds import MACHIAVELLI, kind_named
from machiavelli.service.schema import Game
from machiavelli.service.visibility import Viewer


def _games_columns(url: str) -> set[str]:
    database = open_database(url, upgrade=False, check=False)
    try:
        return {c["name"] for c in inspect(database.writer).get_columns("games")}
    finally:
        database.dispose()


def test_a_new_game_is_machiavelli(db_url: str) -> None:
    judge = Judge(db_url)
    try:
        judge.create_game(NewGame("fresh", "classic_1454", seed="k"))
        with judge.db.reader.connect() as connection:
            assert connection.execute(select(Game.kind)).scalar_one() == MACHIAVELLI
    finally:
        judge.close()


def test_a_game_made_at_revision_0002_reads_as_machiavelli(db_url: str) -> None:
    judge = Judge(db_url)
    try:
        judge.create_game(NewGame("old", "classic_1454", seed="s2"))
        before = judge.view("old", Viewer.master())
    finally:
        judge.close()
    database = open_database(db_url, upgrade=False, check=False)
    try:
        with database.writer.begin() as connection:
            command.downgrade(SERVICE_MIGRATIONS.config(connection), "0002")
        assert current_revision(database) == "0002"
    finally:
        database.dispose()
    assert "kind" not in _games_columns(db_url)
    judge = Judge(db_url)  # upgrades on open
    try:
        assert "kind" in _games_columns(db_url)
        with judge.db.reader.connect() as connection:
            kind = connection.execute(text("SELECT kind FROM games WHERE name = 'old'"))
            assert kind.scalar_one() == MACHIAVELLI
        assert kind_named(MACHIAVELLI).name == MACHIAVELLI
        after = judge.view("old", Viewer.master())
        assert getattr(after, "position", None) == getattr(before, "position", None)
        assert getattr(after, "label", None) == getattr(before, "label", None)
    finally:
        judge.close()


def test_a_database_made_at_0002_with_a_forming_game_upgrades_on_open(db_url: str) -> None:
    database = open_database(db_url, upgrade=False, check=False)
    try:
        with database.writer.begin() as connection:
            # an SQLite file starts empty; a PostgreSQL test database is made at the head
            if current_revision(database) is None:
                command.upgrade(SERVICE_MIGRATIONS.config(connection), "0002")
            else:
                command.downgrade(SERVICE_MIGRATIONS.config(connection), "0002")
        with database.writer.begin() as connection:
            connection.execute(text(
                "INSERT INTO games (name, scenario, players, seed, victory_cities, flags, "
                "settings, status, phase, winners, outcome, clock, standing, votes, "
                "created_at, updated_at) VALUES ('before', 'classic_1454', NULL, 's', NULL, "
                "'[]', '{}', 'forming', 0, '[]', NULL, '{}', '{}', '{}', "
                "'2026-11-01 12:00:00', '2026-11-01 12:00:00')"))
        assert current_revision(database) == "0002"
    finally:
        database.dispose()
    judge = Judge(db_url)
    try:
        with judge.db.reader.connect() as connection:
            assert connection.execute(select(Game.kind)).scalar_one() == MACHIAVELLI
        seen = judge.view("before", Viewer.master())
        assert getattr(seen, "kind", None) == MACHIAVELLI
        assert getattr(seen, "status", None) == "forming"
        assert "Venice" in getattr(seen, "powers", ())
    finally:
        judge.close()
