"""Users: a name, an address and a password kept as an argon2 hash (argon2-cffi).

The web judge signs users in with these; the CLI's game master needs none.  A password
is never stored or logged, only its hash; a hash made with older parameters is
rehashed the next time its password is checked (:func:`sign_in` says so by returning
the user with a new hash, which the caller's transaction stores).

A user may ask for mail about the games they play (:data:`ALERTS`, :func:`set_alerts`):
the mail judge then mails them, at their address, the results of each phase and a
reminder a day before a deadline their orders are missing for, as it mails a player who
plays by mail (:mod:`machiavelli.mail.results`).
"""

from __future__ import annotations

from datetime import datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from machiavelli.service.refusal import Refused
from machiavelli.service.schema import NAME, User

HASHER = PasswordHasher()
MIN_PASSWORD = 8

#: the mails a user may ask for, and what each one is
ALERTS = {"results": "the results of each phase of my games, when it is processed",
          "reminder": "a reminder 24 hours before a deadline when my orders are not in"}


def add_user(session: Session, name: str, password: str | None, email: str | None,
             now: datetime) -> User | Refused:
    name = name.strip()
    if not name or len(name) > NAME or any(c in name for c in "\n\r\t"):
        return Refused("a user name has 1 to 64 characters on one line")
    if session.scalars(select(User.id).where(User.name == name)).first() is not None:
        return Refused(f"the user name {name!r} is taken")
    if password is not None and len(password) < MIN_PASSWORD:
        return Refused(f"a password has at least {MIN_PASSWORD} characters")
    if email is not None and email_taken(session, email):
        return Refused("that mail address is another account's")
    user = User(name=name, email=email, created_at=now,
                password_hash=None if password is None else HASHER.hash(password))
    session.add(user)
    return user


def sign_in(session: Session, name: str, password: str) -> User | Refused:
    """The user if ``password`` is theirs (one message for every failure)."""
    wrong = Refused("unknown user or wrong password")
    user = session.scalars(select(User).where(User.name == name)).first()
    if user is None or user.password_hash is None:
        HASHER.hash(password)  # the same time whether the user exists or not
        return wrong
    try:
        HASHER.verify(user.password_hash, password)
    except (VerificationError, InvalidHashError):
        return wrong
    return user


def set_alerts(session: Session, user_id: int, alerts: list[str]) -> User | Refused:
    """The mails user ``user_id`` asks for from now on (of :data:`ALERTS`; none: none)."""
    user = session.get(User, user_id)
    if user is None:
        return Refused("no such user")
    unknown = [a for a in alerts if a not in ALERTS]
    if unknown:
        return Refused(f"no such mail: {', '.join(unknown)} (there are: "
                       f"{', '.join(ALERTS)})")
    if alerts and not user.email:
        return Refused("you have no mail address to send them to")
    user.alerts = [a for a in ALERTS if a in alerts]
    return user


def email_taken(session: Session, email: str, but: int | None = None) -> bool:
    """Whether another user (not ``but``) has ``email`` (in any case)."""
    query = select(User.id).where(func.lower(User.email) == email.strip().lower())
    if but is not None:
        query = query.where(User.id != but)
    return session.scalars(query).first() is not None


def set_email(session: Session, user_id: int, email: str) -> User | Refused:
    """A verified address becomes ``user_id``'s (refused if another user has it)."""
    user = session.get(User, user_id)
    if user is None:
        return Refused(f"no user {user_id}")
    if email_taken(session, email, but=user_id):
        return Refused("that mail address is another account's")
    user.email = email.strip()
    return user
