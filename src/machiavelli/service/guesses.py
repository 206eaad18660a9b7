"""Wrong seat passwords (``SIGN ON``), limited per seat and per sender with backoff.

Seat passwords are chosen by people, so the judge does not hear unlimited guesses: each
wrong one is a row of ``failures`` under the seat's key, the sender's key and the pair's,
and :data:`PAIR`, :data:`SEAT` and :data:`SENDER` (:class:`~machiavelli.service.backoff.
Backoff`) say how long the next attempt waits.  While it waits the sign-on is refused with
:class:`TooMany`, right password or not, and the password is not even looked at.  The
pair (this seat from this sender) waits first; the seat alone and the sender alone allow
more, so that someone guessing from one address cannot shut a seat's own player out for
long, and someone guessing every seat from one address is slowed all the same.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from machiavelli.service.backoff import Backoff, in_words
from machiavelli.service.refusal import TooMany
from machiavelli.service.schema import Failure

KIND = "sign-on"
PAIR = Backoff(free=5)
SEAT = Backoff(free=20)
SENDER = Backoff(free=20)
KEEP = max(PAIR.window, SEAT.window, SENDER.window)


def keys(game: str, role: str, power: str | None, seat: str | None,
         source: str | None) -> list[tuple[str, Backoff]]:
    """The counters a sign-on's failure goes to, each with its policy."""
    who = f"{game.lower()}/{role}/{(power or seat or '*').lower()}"[:200]
    found = [(f"seat:{who}", SEAT)]
    if source:
        sender = source.strip().lower()[:100]
        found += [(f"pair:{who}|{sender}", PAIR), (f"from:{sender}", SENDER)]
    return found


def waiting(session: Session, counters: list[tuple[str, Backoff]],
            now: datetime) -> TooMany | None:
    """The refusal while any counter waits, else None."""
    longest = timedelta(0)
    for key, policy in counters:
        times = session.scalars(select(Failure.at).where(
            Failure.kind == KIND, Failure.key == key, Failure.at > now - policy.window))
        longest = max(longest, policy.wait(times, now))
    if longest <= timedelta(0):
        return None
    return TooMany("Too many wrong passwords for this seat or from this address: try "
                   f"again in {in_words(longest)}.", longest)


def failed(session: Session, counters: list[tuple[str, Backoff]], now: datetime) -> None:
    """Count a wrong password (and forget the failures older than every window)."""
    session.execute(delete(Failure).where(Failure.kind == KIND, Failure.at <= now - KEEP))
    for key, _ in counters:
        session.add(Failure(kind=KIND, key=key, at=now))
