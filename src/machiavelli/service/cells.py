"""Damaged cells: a value in the database that is not what its column holds (bytes where
text is kept, text that is not UTF-8, JSON that does not parse), written outside the
judge.  Every row of the service's tables is looked at as it is loaded, and a damaged
one stops the command with :class:`~machiavelli.service.games.DamagedGame` naming the
game, the phase, the table and the column, never the cell's contents (which may be
anything, and long).

SQLite hands text over through :func:`sqlite_text` (bytes that are not UTF-8 become text
this module recognises, instead of the driver's error quoting the whole cell) and JSON
through :func:`json_or_damaged`; PostgreSQL keeps only valid text and JSON.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import object_session
from sqlalchemy.orm.util import identity_key

from machiavelli.service.games import DamagedGame
from machiavelli.service.schema import Base, Game


class Unreadable:
    """A JSON cell that does not parse (what :func:`json_or_damaged` gives for one)."""

    def __repr__(self) -> str:
        return "<damaged JSON>"


def sqlite_text(raw: bytes) -> str:
    """A text cell from SQLite: bytes that are not UTF-8 kept as lone surrogates, which
    :func:`_damaged` finds, rather than an error quoting the cell."""
    return raw.decode("utf-8", "surrogateescape")


def json_or_damaged(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return Unreadable()


def _bad(value: Any) -> bool:
    if isinstance(value, bytes | Unreadable):
        return True
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
    return False


def _where(row: Any) -> str:
    """The row's place in words: game, phase, table (and power)."""
    game_id = getattr(row, "game_id", None)
    name = None
    if isinstance(row, Game):
        name, game_id = None, row.id
    session = object_session(row)
    if game_id is not None and session is not None:
        game = session.identity_map.get(identity_key(Game, game_id))
        name = getattr(game, "name", None)
    parts = [f"game {name}" if name else f"game #{game_id}" if game_id else None]
    phase = getattr(row, "phase", None) if not hasattr(row, "number") else row.number
    if isinstance(phase, int):
        parts.append(f"phase {phase}")
    parts.append(f"table {row.__tablename__}")
    power = getattr(row, "power", None)
    if isinstance(power, str) and not _bad(power):
        parts.append(f"power {power}")
    return ", ".join(p for p in parts if p)


@event.listens_for(Base, "load", propagate=True)
def _damaged(row: Any, _context: Any) -> None:
    for column in row.__table__.columns:
        value = row.__dict__.get(column.key)
        if _bad(value):
            raise DamagedGame(f"{_where(row)}: the column {column.name} is damaged (not "
                              f"{'JSON' if isinstance(value, Unreadable) else 'text'}): "
                              "it was changed outside the judge")
