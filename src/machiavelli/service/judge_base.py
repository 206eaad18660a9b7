"""The judge's transactions, which every family of its doors shares.

:class:`JudgeBase` holds the database and the two transactions every door of
:class:`~machiavelli.service.judge.Judge` runs in: ``_write`` (the game locked, committed
unless the answer is a refusal) and ``_read``.  The doors come in families, each a class
the judge inherits: :class:`~machiavelli.service.judge_master.MasterDoors` (a master's
settings and actions), :class:`~machiavelli.service.judge_mail.MailDoors` (the judge by
mail: registrations, sign-ons, seats, later orders, letters) and
:class:`~machiavelli.service.lookups.Lookups` (what only looks).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from sqlalchemy.orm import Session

from machiavelli.service import games
from machiavelli.service.config import fixed_now
from machiavelli.service.database import Database
from machiavelli.service.notices import notify
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, Letter
from machiavelli.service.visibility import SentLetter

T = TypeVar("T")
R = TypeVar("R")


def clock() -> datetime:
    """Now: the time ``MACHIAVELLI_NOW`` fixes (:func:`~machiavelli.service.config.fixed_now`),
    else the wall clock.  Every operation's ``now`` defaults to it."""
    return fixed_now() or datetime.now(UTC)


class Refusal(Exception):
    """Carries a refusal out of a transaction so that it rolls back."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.reason)
        self.refused = refused


class JudgeBase:
    """The database and the transactions (see the module's docstring)."""

    db: Database

    # -- transactions -------------------------------------------------------
    def _write(self, name: str, act: Callable[[Session, Game], T | Refused]) -> T | Refused:
        """``act`` on the locked game, committed unless it refuses."""
        try:
            with self.db.writing() as session:
                game = games.find_game(session, name, lock=True)
                if isinstance(game, Refused):
                    raise Refusal(game)
                done = act(session, game)
                if isinstance(done, Refused):
                    raise Refusal(done)
                return done
        except Refusal as refusal:
            return refusal.refused

    def _read(self, name: str, act: Callable[[Session, Game], T]) -> T | Refused:
        with self.db.reading() as session:
            game = games.find_game(session, name)
            if isinstance(game, Refused):
                return game
            return act(session, game)


def mapped(session: Session, found: T | Refused, make: Callable[[T], R]) -> R | Refused:
    """A row the service found or wrote made into its view (written first, so that it
    has its id); a refusal as it is."""
    if isinstance(found, Refused):
        return found
    session.flush()
    return make(found)


def announce_change(session: Session, game: Game,
                    announce: Callable[[], str | None] | None, now: datetime) -> None:
    """A setting's change told to everyone in the game (nothing to tell: no notice)."""
    text = announce() if announce is not None else None
    if text:
        notify(session, game, "all", "set", text, now)


def letter_view(letter: Letter) -> SentLetter:
    return SentLetter.of(letter)
