"""The API keys of the bots masters seat, derived from the site's secret.

The database keeps keys as their SHA-256 only, so a process that plays a seated bot
after a restart (the web's embedded worker, or any ``machiavelli worker``) could not read
the bot's key back, and used to make a new one each time.  A seated bot's key is
instead an HMAC of the site's secret and the bot's row: every process with the secret
derives the same key, so the bot keeps one key across restarts and workers, while a
stolen copy of the database still signs nobody in.

The secret is ``MACHIAVELLI_SECRET`` (every process of a site needs the same one: the
deployment sets it), else the file ``var/machiavelli-secret`` beside the default
database, made on first use (32 random bytes, mode 0600).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from machiavelli.web.sessions import KEY_PREFIX

SECRET_VARIABLE = "MACHIAVELLI_SECRET"
SECRET_FILE = Path("var") / "machiavelli-secret"
GENERATIONS = 20  # keys a bot's row may have had (a new one when the secret changed)


def site_secret() -> bytes:
    given = os.environ.get(SECRET_VARIABLE, "")
    if given:
        return given.encode()
    if not SECRET_FILE.is_file():
        SECRET_FILE.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(SECRET_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(32))
    return SECRET_FILE.read_text().strip().encode()


def bot_key(row_id: int, generation: int, secret: bytes | None = None) -> str:
    """The key of the bot of row ``row_id`` (its ``generation``-th)."""
    mac = hmac.new(secret or site_secret(), f"seated-bot:{row_id}:{generation}".encode(),
                   hashlib.sha256).digest()
    return KEY_PREFIX + base64.urlsafe_b64encode(mac).decode().rstrip("=")
