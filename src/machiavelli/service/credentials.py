"""Who someone is by mail: registrations, and each seat's address and sign-on password.

nJudge knows its players by their mail address.  ``REGISTER`` files a form for the
address (kept as the user's ``profile``; registering again updates it); only a
registered address may join a forming game or take over a power (help file ``index``,
``SIGN ON``).  Each seat keeps its own password, as nJudge keeps one per power,
observer and Master ("SIGN ON pname password"), hashed with argon2 like the users'
(:mod:`~machiavelli.service.accounts`), and the address its mail goes to (``SET
ADDRESS``).  Anyone who knows a seat's password may sign on to it, from any address.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from machiavelli.service.accounts import HASHER
from machiavelli.service.games import seats
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import NAME, Game, Seat, User

_ADDRESS = re.compile(r"[^@\s]+@[^@\s]+")
_PASSWORD = re.compile(r"\S{1,64}")


def normal_address(address: str) -> str:
    return address.strip().lower()


def address_problem(address: str) -> Refused | None:
    if not _ADDRESS.fullmatch(address.strip()):
        return Refused(f"{address!r} is not a mail address")
    if len(address.strip()) > NAME:
        return Refused(f"an address of at most {NAME} characters is needed to register")
    return None


def registered(session: Session, address: str) -> User | None:
    """The user registered with ``address``, if any."""
    wanted = normal_address(address)
    return session.scalars(select(User).where(func.lower(User.email) == wanted)
                          .order_by(User.id)).first()


def register(session: Session, address: str, form: Sequence[tuple[str, str]],
             now: datetime) -> tuple[User, bool] | Refused:
    """File ``form`` (the ``Key: value`` fields) for ``address``; (the user, whether new)."""
    problem = address_problem(address)
    if problem is not None:
        return problem
    profile = {key.strip(): value.strip() for key, value in form if key.strip()}
    user = registered(session, address)
    if user is not None:
        user.profile = profile
        return user, False
    name = normal_address(address)
    if session.scalars(select(User.id).where(User.name == name)).first() is not None:
        return Refused(f"the user name {name!r} is taken")
    user = User(name=name, email=name, password_hash=None, created_at=now, profile=profile)
    session.add(user)
    return user, True


def password_problem(password: str) -> Refused | None:
    if not _PASSWORD.fullmatch(password):
        return Refused("a password is 1 to 64 characters without blanks")
    return None


def set_password(seat: Seat, password: str) -> Refused | None:
    problem = password_problem(password)
    if problem is None:
        seat.password_hash = HASHER.hash(password)
    return problem


def password_fits(seat: Seat, password: str) -> bool:
    """Whether ``password`` is the seat's (a seat without one takes none)."""
    if seat.password_hash is None:
        HASHER.hash(password)  # the same time either way
        return False
    try:
        return HASHER.verify(seat.password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def sign_on(session: Session, game: Game, role: str, password: str, *,
            power: str | None = None, name: str | None = None,
            left: bool = False) -> Seat | Refused:
    """The present seat of ``power`` (a player), named ``name`` (an observer, a master),
    or any of ``role`` (neither given), if ``password`` is its password; with ``left``,
    the last seat of ``power`` whose player left (a player who returns).  One message
    for every failure."""
    wrong = Refused("wrong password, or no such seat in the game")
    if left:
        gone = [s for s in seats(session, game, present=False)
                if s.left_at is not None and s.power == power]
        found = gone[-1:]
    else:
        found = [s for s in seats(session, game) if s.role == role and (
            (power is None or s.power == power) and (name is None or s.name == name))]
    if not found:
        HASHER.hash(password)
        return wrong
    return next((s for s in found if password_fits(s, password)), wrong)


def update_seat(session: Session, game: Game, seat_name: str, *, password: str | None = None,
                address: str | None = None) -> Seat | Refused:
    """A participant changes their own seat's password or address (a player holding
    several powers: every one of its seats)."""
    held = [s for s in seats(session, game) if s.name == seat_name]
    if not held:
        return Refused(f"{seat_name} has no seat in {game.name}")
    if address is not None:
        if not _ADDRESS.fullmatch(address.strip()) or len(address) > 256:
            return Refused(f"{address!r} is not a mail address")
        for seat in held:
            seat.address = address.strip()
    if password is not None:
        problem = set_password(held[0], password)
        if problem is not None:
            return problem
        for seat in held[1:]:
            seat.password_hash = held[0].password_hash
    return held[0]
