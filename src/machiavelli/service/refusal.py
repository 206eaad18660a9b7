"""A request the judge turns down: a value carrying the reason, never an exception.

A player can ask for something the rules forbid (a grey letter in a white-press game, an
absence of forty days, a draw in a finished game).  That is the player's error, so the
rule functions answer with :class:`Refused` and its reason, which the front end sends
back, instead of raising.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta


@dataclass(frozen=True)
class Refused:
    """The judge's refusal and the reason it gives."""

    reason: str

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Outdated(Refused):
    """Refused because it was written for a phase that has been processed meanwhile (a
    stale page's orders): nothing was stored.  ``phase`` and ``label``: the pending phase
    now, for the front end to point the player at."""

    phase: int = 0
    label: str = ""


@dataclass(frozen=True)
class TooMany(Refused):
    """Too many wrong passwords: the next attempt is heard after ``wait`` (the password
    given was not looked at)."""

    wait: timedelta = timedelta(0)


@dataclass(frozen=True)
class NoGame(Refused):
    """There is no game of that name (the web answers 404)."""


@dataclass(frozen=True)
class NotStarted(Refused):
    """The game is still forming: what was asked waits for its start (the web answers
    409, a conflict with the game's state, not a fault)."""
