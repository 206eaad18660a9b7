"""Who an API request is: its key's user (``Authorization: Bearer <key>``), and the
limit on wrong keys (issue 38, N14).

Wrong keys are counted per address in the database (``web_attempts``, every process sees
them) with a backoff (``sessions.KEY_ADDRESS``): past it, every request with a key from
that address waits (429, ``Retry-After``), a right key too, so that guessing is slowed;
each process keeps the addresses it holds up (:data:`KEY_GUESSES`), so a held-up request
costs no query.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated

from fastapi import Depends, HTTPException, Request

from machiavelli.service.backoff import in_words
from machiavelli.web.sessions import key_counters, record_attempt, user_of_key, wait_for
from machiavelli.web.site import clock, site_of


def key_user(request: Request) -> str | None:
    """The user of the request's API key (None without one; 401 for a wrong one)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, key = header.partition(" ")
    db = site_of(request).judge.db
    address = request.client.host if request.client else "unknown"
    held = KEY_GUESSES.get(address)
    now = clock()
    if held is not None and held > now:  # this process heard wrong keys from there
        raise _wait_for_key(held - now)
    user = user_of_key(db, key.strip()) if scheme.lower() == "bearer" else None
    if user is None:
        counters = key_counters(address)
        wait = wait_for(db, "key", counters, now)
        if not wait:
            record_attempt(db, "key", [k for k, _ in counters], now)
            wait = wait_for(db, "key", counters, now)
        if wait:
            KEY_GUESSES[address] = now + wait
            if len(KEY_GUESSES) > 10_000:
                KEY_GUESSES.clear()
            raise _wait_for_key(wait)
        raise HTTPException(401, "unknown or revoked API key",
                            headers={"WWW-Authenticate": "Bearer"})
    request.state.api_user_id = user.id  # whose Idempotency-Keys these are
    return user.name


#: the addresses this process makes wait for sending wrong keys, and until when: every
#: request with a key from there waits (a right key too, so that guessing is slowed);
#: the failures themselves are counted in the database, for every process
KEY_GUESSES: dict[str, datetime] = {}


def _wait_for_key(wait: timedelta) -> HTTPException:
    return HTTPException(429, f"too many wrong API keys from this address: try again in "
                              f"{in_words(wait)}",
                         headers={"Retry-After": str(max(1, int(wait.total_seconds())))})


MaybeUser = Annotated[str | None, Depends(key_user)]


def needs_key(user: Annotated[str | None, Depends(key_user)]) -> str:
    if user is None:
        raise HTTPException(401, "this needs an API key (Authorization: Bearer <key>)",
                            headers={"WWW-Authenticate": "Bearer"})
    return user


KeyUser = Annotated[str, Depends(needs_key)]
