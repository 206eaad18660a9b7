"""Who is asking: browser sessions, CSRF tokens, log-in limits, mailed links, API keys.

- A session is a random token in an ``HttpOnly``, ``SameSite=Lax`` cookie (``Secure``
  when the site is served over HTTPS); the database keeps its SHA-256 only.  A browser
  gets a session before it signs in (it holds the CSRF token of the log-in form), and
  signing in replaces it with a new one, so that a token planted before the log-in
  (session fixation) is worth nothing after it.
- Every form carries the session's CSRF token (``csrf`` field, or the ``X-CSRF-Token``
  header for htmx); a POST without the right one is refused.
- Failed log-ins are counted per (user name, address) and per address, each with a
  backoff (:class:`~machiavelli.service.backoff.Backoff`): past :data:`LOGIN_LIMIT`
  failures of a name from one address, the next log-in of that name *from that address*
  waits (a minute, then doubling), whatever the password; the same name from another
  address is not held up, so nobody can lock another out.  An address that fails for
  many names waits too (:data:`LOGIN_ADDRESS`).  Wrong API keys are counted per address
  (:data:`KEY_ADDRESS`).
- A log-in link is a one-time token mailed (written to the outbox) to the user's
  address, good for :data:`LINK_LIFETIME`.
- An API key is ``mk_`` and 32 random bytes; the table keeps its SHA-256 and a prefix.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select

from machiavelli.service.backoff import Backoff
from machiavelli.service.visibility import UserView
from machiavelli.web.tables import (
    AddressCheck,
    ApiKey,
    Attempt,
    Database,
    LoginLink,
    OutboxMail,
    WebSession,
    user_of_key_hash,
)
from machiavelli.web.tables import user_by_id as user_by_id  # the users, by id or name
from machiavelli.web.tables import user_named as user_named

SESSION_LIFETIME = timedelta(days=30)
ANONYMOUS_LIFETIME = timedelta(hours=12)
LOGIN_LIMIT = 5  # failed log-ins of a name from one address before the backoff
LOGIN_PAIR = Backoff(free=LOGIN_LIMIT)
LOGIN_ADDRESS = Backoff(free=50)  # failed log-ins from one address, whatever the names
KEY_ADDRESS = Backoff(free=20)  # wrong API keys from one address
LOGIN_WINDOW = timedelta(minutes=15)  # log-in links: asked for in this window
KEEP_ATTEMPTS = max(LOGIN_PAIR.window, LOGIN_ADDRESS.window, KEY_ADDRESS.window)
LINK_LIFETIME = timedelta(minutes=30)
ADDRESS_LIFETIME = timedelta(hours=48)
KEY_PREFIX = "mk_"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class Visitor:
    """The session behind a request: its CSRF token and the user, if signed in."""

    token: str
    csrf: str
    user_id: int | None
    user_name: str | None


# ----------------------------------------------------------------------
# Sessions
# ----------------------------------------------------------------------
def new_session(db: Database, user_id: int | None, now: datetime) -> tuple[str, str]:
    """A new session: (its token for the cookie, its CSRF token)."""
    token = secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(24)
    life = SESSION_LIFETIME if user_id is not None else ANONYMOUS_LIFETIME
    with db.writing() as session:
        session.add(WebSession(token_hash=digest(token), user_id=user_id, csrf=csrf,
                               created_at=now, seen_at=now, expires_at=now + life))
    return token, csrf


def find_visitor(db: Database, token: str | None, now: datetime) -> Visitor | None:
    """The live session of ``token``, or None (unknown, expired, or no token)."""
    if not token:
        return None
    with db.reading() as session:
        row = session.scalars(select(WebSession).where(
            WebSession.token_hash == digest(token))).first()
        if row is None or row.expires_at <= now:
            return None
        csrf, user_id = row.csrf, row.user_id
    name = None
    if user_id is not None:
        user = user_by_id(db, user_id)
        if user is None:
            return None
        name = user.name
    return Visitor(token, csrf, user_id, name)


def sign_in_session(db: Database, old_token: str | None, user_id: int,
                    now: datetime) -> tuple[str, str]:
    """Replace the browser's session (if any) by a new signed-in one."""
    end_session(db, old_token)
    return new_session(db, user_id, now)


def end_session(db: Database, token: str | None) -> None:
    if not token:
        return
    with db.writing() as session:
        session.execute(delete(WebSession).where(WebSession.token_hash == digest(token)))


def csrf_ok(visitor: Visitor | None, given: str | None) -> bool:
    return (visitor is not None and given is not None
            and hmac.compare_digest(visitor.csrf.encode(), given.encode()))


# ----------------------------------------------------------------------
# Rate limits
# ----------------------------------------------------------------------
def attempt_keys(name: str, address: str) -> list[str]:
    return [f"user:{name.strip().lower()[:100]}", f"ip:{address[:100]}"]


def login_counters(name: str, address: str) -> list[tuple[str, Backoff]]:
    """A log-in's counters: the name from this address, and the address."""
    pair = f"pair:{name.strip().lower()[:60]}|{address[:60]}"
    return [(pair, LOGIN_PAIR), (f"ip:{address[:100]}", LOGIN_ADDRESS)]


def key_counters(address: str) -> list[tuple[str, Backoff]]:
    return [(f"ip:{address[:100]}", KEY_ADDRESS)]


def wait_for(db: Database, kind: str, counters: list[tuple[str, Backoff]],
             now: datetime) -> timedelta:
    """How long the next attempt of ``kind`` waits (zero: none), the longest of the
    counters' backoffs."""
    longest = timedelta(0)
    with db.reading() as session:
        for key, policy in counters:
            times = session.scalars(select(Attempt.at).where(
                Attempt.kind == kind, Attempt.key == key, Attempt.at > now - policy.window))
            longest = max(longest, policy.wait(times, now))
    return longest


def forget_attempts(db: Database, kind: str, keys: list[str]) -> None:
    """A right password: the failures of ``keys`` are forgotten."""
    with db.writing() as session:
        session.execute(delete(Attempt).where(Attempt.kind == kind, Attempt.key.in_(keys)))


def too_many(db: Database, kind: str, keys: list[str], now: datetime,
             limit: int = LOGIN_LIMIT) -> bool:
    """Whether any of ``keys`` has ``limit`` attempts of ``kind`` in the window."""
    with db.reading() as session:
        for key in keys:
            count = session.scalar(select(func.count(Attempt.id)).where(
                Attempt.kind == kind, Attempt.key == key,
                Attempt.at > now - LOGIN_WINDOW))
            if (count or 0) >= limit:
                return True
    return False


def record_attempt(db: Database, kind: str, keys: list[str], now: datetime) -> None:
    with db.writing() as session:
        session.execute(delete(Attempt).where(Attempt.at <= now - KEEP_ATTEMPTS))
        for key in keys:
            session.add(Attempt(kind=kind, key=key, at=now))


# ----------------------------------------------------------------------
# Log-in links
# ----------------------------------------------------------------------
def mail_login_link(db: Database, user: UserView, base_url: str, now: datetime) -> None:
    """Write a one-time log-in link for ``user`` to the outbox."""
    token = secrets.token_urlsafe(32)
    with db.writing() as session:
        session.add(LoginLink(token_hash=digest(token), user_id=user.id, created_at=now,
                              expires_at=now + LINK_LIFETIME, used_at=None))
        session.add(OutboxMail(
            to=user.email or user.name, subject="Your log-in link for the Machiavelli judge",
            body=(f"Hello {user.name},\n\nfollow this link within "
                  f"{int(LINK_LIFETIME.total_seconds() // 60)} minutes to sign in "
                  f"(it works once):\n\n  {base_url.rstrip('/')}/login/link/{token}\n\n"
                  "If you did not ask for it, ignore this mail.\n"),
            created_at=now, sent_at=None))


def use_login_link(db: Database, token: str, now: datetime) -> int | None:
    """The user a live, unused link signs in (the link is used up), or None."""
    with db.writing() as session:
        link = session.scalars(select(LoginLink).where(
            LoginLink.token_hash == digest(token)).with_for_update()).first()
        if link is None or link.used_at is not None or link.expires_at <= now:
            return None
        link.used_at = now
        return link.user_id


def mail_address_check(db: Database, user_id: int, name: str, address: str,
                       base_url: str, now: datetime) -> None:
    """Mail ``address`` a one-time link that makes it ``user_id``'s address: until it
    is followed the address is nobody's (not a mail identity, not a log-in link's)."""
    token = secrets.token_urlsafe(32)
    with db.writing() as session:
        session.add(AddressCheck(token_hash=digest(token), user_id=user_id,
                                 address=address.strip(), created_at=now,
                                 expires_at=now + ADDRESS_LIFETIME, used_at=None))
        session.add(OutboxMail(
            to=address.strip(), subject="Your mail address at the Machiavelli judge",
            body=(f"Hello {name},\n\nfollow this link within "
                  f"{int(ADDRESS_LIFETIME.total_seconds() // 3600)} hours to make this "
                  f"address your account's:\n\n  {base_url.rstrip('/')}/account/address/"
                  f"{token}\n\nIf you did not sign up, ignore this mail.\n"),
            created_at=now, sent_at=None))


def use_address_check(db: Database, token: str, now: datetime) -> tuple[int, str] | None:
    """The (user, address) a live, unused check verifies (used up), or None."""
    with db.writing() as session:
        check = session.scalars(select(AddressCheck).where(
            AddressCheck.token_hash == digest(token)).with_for_update()).first()
        if check is None or check.used_at is not None or check.expires_at <= now:
            return None
        check.used_at = now
        return check.user_id, check.address


def pending_address(db: Database, user_id: int, now: datetime) -> str | None:
    """The newest address ``user_id`` still has to verify, if any."""
    with db.reading() as session:
        return session.scalars(select(AddressCheck.address).where(
            AddressCheck.user_id == user_id, AddressCheck.used_at.is_(None),
            AddressCheck.expires_at > now).order_by(AddressCheck.id.desc())).first()


def outbox(db: Database, *, unsent: bool = True) -> list[OutboxMail]:
    with db.reading() as session:
        query = select(OutboxMail).order_by(OutboxMail.id)
        if unsent:
            query = query.where(OutboxMail.sent_at.is_(None))
        return list(session.scalars(query))


def mark_sent(db: Database, ids: list[int], now: datetime) -> None:
    with db.writing() as session:
        for mail in session.scalars(select(OutboxMail).where(OutboxMail.id.in_(ids))):
            mail.sent_at = now


# ----------------------------------------------------------------------
# API keys
# ----------------------------------------------------------------------
def make_api_key(db: Database, user_id: int, label: str, now: datetime) -> str:
    """A new key for ``user_id``: shown once, kept as its hash."""
    return issue_api_key(db, user_id, label, now)[1]


def issue_api_key(db: Database, user_id: int, label: str, now: datetime,
                  key: str | None = None) -> tuple[int, str]:
    """A new key for ``user_id`` (random, or ``key``: a seated bot's, web/bot_keys.py):
    its row's id, and the key (shown once, kept as its hash)."""
    key = key or KEY_PREFIX + secrets.token_urlsafe(32)
    row = ApiKey(user_id=user_id, label=(label.strip() or "key")[:64], prefix=key[:10],
                 key_hash=digest(key), created_at=now, used_at=None, revoked=False)
    with db.writing() as session:
        session.add(row)
        session.flush()
        return row.id, key


def user_of_key(db: Database, key: str) -> UserView | None:
    """The user a live API key belongs to, or None."""
    if not key.startswith(KEY_PREFIX) or len(key) > 200:
        return None
    return user_of_key_hash(db, digest(key))


def key_row(db: Database, key: str) -> tuple[int, bool] | None:
    """The id of the row keeping ``key`` and whether it is revoked, if there is one."""
    with db.reading() as session:
        row = session.scalars(select(ApiKey).where(ApiKey.key_hash == digest(key))).first()
        return (row.id, row.revoked) if row is not None else None


def api_keys(db: Database, user_id: int) -> list[ApiKey]:
    with db.reading() as session:
        return list(session.scalars(select(ApiKey).where(
            ApiKey.user_id == user_id, ApiKey.revoked.is_(False)).order_by(ApiKey.id)))


def revoke_key(db: Database, user_id: int | None, key_id: int) -> bool:
    """Revoke key ``key_id`` of ``user_id`` (None: of whoever it belongs to)."""
    with db.writing() as session:
        row = session.get(ApiKey, key_id)
        if row is None or (user_id is not None and row.user_id != user_id):
            return False
        row.revoked = True
        return True


def expire(db: Database, now: datetime) -> int:
    """Delete what has run out: sessions, log-in links and address checks past their
    time, failed attempts past every window; how many rows (a worker's job)."""
    with db.writing() as session:
        gone = 0
        for statement in (
                delete(WebSession).where(WebSession.expires_at <= now),
                delete(LoginLink).where(LoginLink.expires_at <= now),
                delete(AddressCheck).where(AddressCheck.expires_at <= now),
                delete(Attempt).where(Attempt.at <= now - KEEP_ATTEMPTS)):
            gone += session.execute(statement).rowcount or 0  # type: ignore[attr-defined]
        return gone
