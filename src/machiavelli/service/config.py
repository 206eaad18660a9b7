"""How the judge is hosted: one :class:`HostSettings` for the front ends.

The command line, the web judge and the mail judge read their database, their outbox,
their addresses and ports from here, so that each default is written once.  Each field
may be set by an environment variable ``MACHIAVELLI_<FIELD>`` (``MACHIAVELLI_DB``,
``MACHIAVELLI_OUTBOX``, ...); the web's port also by ``PORT``, as hosting platforms
set it.  A command-line option, where there is one, wins over both.

``MACHIAVELLI_NOW`` (ISO 8601 with its zone: ``2026-12-01T23:30:00Z``) fixes the
judge's clock: every command, the sweeper and the mail judge then act at that time
(for tests, replays and rehearsals of a deadline policy); without it, the wall clock.
:func:`fixed_now` reads it, in this one place; ``machiavelli web`` refuses it unless
``--allow-fixed-clock`` is given.

(Not to be confused with :class:`machiavelli.service.games.Settings`, a game's own
deadline, press and draw rules.)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path

PREFIX = "MACHIAVELLI_"
NOW = PREFIX + "NOW"


def fixed_now(environ: Mapping[str, str] | None = None) -> datetime | None:
    """The time ``MACHIAVELLI_NOW`` fixes (ISO 8601, its zone required), or None: the
    wall clock.  A value that is no such time raises ValueError with the reason."""
    env = os.environ if environ is None else environ
    value = (env.get(NOW) or "").strip()
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{NOW}: not an ISO 8601 time: {value!r} (write it as "
                         "2026-12-01T23:30:00Z)") from None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{NOW}: {value!r} has no time zone (write Z or +01:00 after "
                         "the time, as in 2026-12-01T23:30:00Z)")
    return moment


@dataclass(frozen=True)
class HostSettings:
    """Where and how the front ends run (see the module's docstring)."""

    #: a shared database for every front end (``MACHIAVELLI_DB``); None: each front end's
    #: own default below, and the command line's game folders
    db: str | None = None
    #: the web judge's database file when no database is named
    web_file: Path = Path("var") / "machiavelli-web.db"
    #: the mail judge's database when no database is named
    mail_db: str = "sqlite:///judge.db"
    #: the folder mail is written to when there is no relay (or it fails)
    outbox: Path = Path("outbox")
    #: the web judge's address and port (``PORT`` too)
    host: str = "127.0.0.1"
    port: int = 8000
    #: the mail judge's SMTP port when ``--serve HOST`` names none, and a relay's
    smtp_port: int = 8025
    relay_port: int = 25
    #: the judge's own mail address (From: of its mail)
    address: str = "judge@localhost"
    #: the fixed time every command acts at (``MACHIAVELLI_NOW``); None: the wall clock
    now: datetime | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> HostSettings:
        """The settings with every ``MACHIAVELLI_*`` variable set (and ``PORT``) applied;
        an empty variable counts as unset."""
        env = os.environ if environ is None else environ
        given: dict[str, object] = {}
        for f in fields(cls):
            if f.name == "now":
                given["now"] = fixed_now(env)
                continue
            name = PREFIX + f.name.upper()
            if not env.get(name) and f.name == "port":
                name = "PORT"
            value = env.get(name)
            if not value:
                continue
            default = getattr(cls, f.name)
            if isinstance(default, int):
                try:
                    given[f.name] = int(value)
                except ValueError:
                    raise ValueError(f"{name}: not a number: {value!r}") from None
            elif isinstance(default, Path):
                given[f.name] = Path(value)
            else:
                given[f.name] = value
        return cls(**given)  # type: ignore[arg-type]

    @property
    def web_db(self) -> str:
        """The web judge's database URL (the shared one, else its own file)."""
        return self.db or f"sqlite:///{self.web_file}"

    @property
    def base_url(self) -> str:
        """The web judge's address in mailed links, when served on ``host:port``."""
        return f"http://{self.host}:{self.port}"

    @property
    def mail_database(self) -> str:
        """The mail judge's database URL (the shared one, else its own)."""
        return self.db or self.mail_db


def host_settings() -> HostSettings:
    """The settings of this process's environment."""
    return HostSettings.from_env()
