"""``Idempotency-Key`` for the API's writes: the same key twice stores once.

A client that is not sure a write arrived (a timeout, a dropped connection) sends it
again with the same ``Idempotency-Key`` header, and the judge answers with what the
first one got, without doing it twice (the answer carries ``Idempotent-Replayed: true``).

- Keys are the user's own: two users (or bots) may use the same key.  They are kept in
  the web's table ``web_idempotency`` for :data:`LIFETIME`, then forgotten (the rows
  expired are deleted by the next keyed write).
- The key names one request: the same key with another method, path or body is ``422``.
- While the first is still running, the same key again is ``409``.
- Only answers that did something are kept: a refused write (4xx) did nothing, so the
  same key may be sent again, corrected or not.
- A write without the header is done each time, as before.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypeVar

from fastapi import HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response

from machiavelli.web.site import site_of
from machiavelli.web.tables import KeyBusy, claim_key, forget_key, keep_answer

T = TypeVar("T")
LIFETIME = timedelta(hours=24)
LONGEST = 255
HEADER = "Idempotency-Key"
DESCRIPTION = ("Any string of 1 to 255 printable characters, new for each write: the same "
               "key sent again by the same user within 24 hours gets the first answer "
               "back (`Idempotent-Replayed: true`) and stores nothing more; with another "
               "request it is 422, while the first still runs 409.")


def fingerprint(request: Request, body: Any) -> str:
    """The request a key names: its method, path and (parsed) body."""
    text = json.dumps(jsonable_encoder(body), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{request.method} {request.url.path}\n{text}".encode()
                          ).hexdigest()


def once(request: Request, user_id: int | None, key: str | None, request_hash: str,
         now: datetime, run: Callable[[], T], status: int = 200) -> T | Response:
    """``run()``, once per ``(user_id, key)``: a repeat gets the first answer back."""
    if key is None or user_id is None:
        return run()
    if not 0 < len(key) <= LONGEST or not key.isprintable() or not key.isascii():
        raise HTTPException(400, f"an {HEADER} is 1 to {LONGEST} printable ASCII characters")
    db = site_of(request).judge.db
    try:
        held = claim_key(db, user_id, key, request_hash, now, LIFETIME)
    except KeyBusy:
        raise HTTPException(409, f"a request with this {HEADER} is running") from None
    if held is not None:
        first_hash, first_status, first_body = held
        if first_hash != request_hash:
            raise HTTPException(422, f"this {HEADER} was used for another request: a new "
                                     "write needs a new key")
        if first_status is None or first_body is None:
            raise HTTPException(409, f"a request with this {HEADER} is running")
        return JSONResponse(json.loads(first_body), status_code=first_status,
                            headers={"idempotent-replayed": "true"})
    try:
        done = run()
    except BaseException:
        forget_key(db, user_id, key)
        raise
    keep_answer(db, user_id, key, status, json.dumps(jsonable_encoder(done)))
    return done
