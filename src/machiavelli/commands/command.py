"""The commands of a judge mail, as read: what each is, where it stands, what it says.

nJudge's help file ``index`` lists every command with who may use it: ``any`` (anyone,
no sign-on needed), ``ply`` (a signed-on player or observer, and the Master), ``mod``
(the Master in a moderated game, anyone in an unmoderated one), ``mas`` (a Master
only), ``adm`` (the judge keeper).  :data:`WHO` keeps that for each :class:`Verb`;
the interpreter enforces it.

A :class:`Command` is one command with its first line number in the message body, the
line as written (echoed in the reply), the words after the keyword, and for the
commands that take the lines after them (``PRESS``, ``BROADCAST``, ``REGISTER``,
``SET COMMENT BEGIN``, ``DIARY``) those lines.  ``detail`` holds what the reader made
of the words (:class:`SignOn`, :class:`~machiavelli.commands.press_options.PressRequest`,
:class:`~machiavelli.commands.settings.SetLine`, :class:`PhaseRef`, :class:`OrderLines`,
:class:`Registration`), ``problem`` why the reader could not read it (then the command
is refused with that reason and never executed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from machiavelli.commands.outcome import Why
from machiavelli.commands.words import Who

if TYPE_CHECKING:
    from machiavelli.commands.press_options import PressRequest
    from machiavelli.commands.settings import SetLine


class Verb(StrEnum):
    """What a command does."""

    # anyone
    REGISTER = "register"
    I_AM_ALSO = "i am also"
    SIGN_ON = "sign on"
    CREATE = "create"
    OBSERVE = "observe"
    LIST = "list"
    HISTORY = "history"
    SUMMARY = "summary"
    WHOIS = "whois"
    WHO_GAME = "who game"
    HELP = "help"
    GET = "get"
    VERSION = "version"
    SIGN_OFF = "sign off"
    MAP = "map"
    INFO_PLAYER = "info player"
    # players (and observers, masters)
    ORDERS = "orders"
    PHASE = "phase"
    CLEAR = "clear"
    PRESS = "press"
    BROADCAST = "broadcast"
    POSTAL_PRESS = "postal press"
    END_PRESS = "endpress"
    SET = "set"
    RESIGN = "resign"
    DIARY = "diary"
    CONDITIONAL = "if"
    # masters
    BECOME = "become"
    PROCESS = "process"
    PREDICT = "predict"
    ROLLBACK = "rollback"
    PAUSE = "pause"
    RESUME = "resume"
    TERMINATE = "terminate"
    EJECT = "eject"
    PROMOTE = "promote"
    UNSTART = "unstart"
    FORCE_BEGIN = "force begin"
    SETUP = "setup"
    # the judge keeper
    ADMIN = "admin"
    # not a command
    UNKNOWN = "unknown"


#: Who may use each verb.  ``SET`` is ``ply`` here: each setting says its own
#: (:attr:`machiavelli.commands.settings.Setting.who`).
WHO: dict[Verb, Who] = {
    Verb.REGISTER: Who.ANY, Verb.I_AM_ALSO: Who.ANY, Verb.SIGN_ON: Who.ANY,
    Verb.CREATE: Who.ANY, Verb.OBSERVE: Who.ANY, Verb.LIST: Who.ANY,
    Verb.HISTORY: Who.ANY, Verb.SUMMARY: Who.ANY, Verb.WHOIS: Who.ANY,
    Verb.WHO_GAME: Who.ANY, Verb.HELP: Who.ANY, Verb.GET: Who.ANY, Verb.VERSION: Who.ANY,
    Verb.SIGN_OFF: Who.ANY, Verb.MAP: Who.ANY, Verb.INFO_PLAYER: Who.ANY,
    Verb.ORDERS: Who.PLAYER, Verb.PHASE: Who.PLAYER, Verb.CLEAR: Who.PLAYER,
    Verb.PRESS: Who.PLAYER, Verb.BROADCAST: Who.PLAYER, Verb.POSTAL_PRESS: Who.PLAYER,
    Verb.END_PRESS: Who.PLAYER, Verb.SET: Who.PLAYER, Verb.RESIGN: Who.PLAYER,
    Verb.DIARY: Who.PLAYER, Verb.CONDITIONAL: Who.PLAYER,
    Verb.BECOME: Who.MODERATOR, Verb.PROCESS: Who.MODERATOR, Verb.PREDICT: Who.MODERATOR,
    Verb.ROLLBACK: Who.MODERATOR, Verb.PAUSE: Who.MODERATOR, Verb.RESUME: Who.PLAYER,
    Verb.TERMINATE: Who.MODERATOR, Verb.EJECT: Who.MODERATOR, Verb.PROMOTE: Who.MODERATOR,
    Verb.UNSTART: Who.MODERATOR, Verb.FORCE_BEGIN: Who.MODERATOR, Verb.SETUP: Who.MODERATOR,
    Verb.ADMIN: Who.ADMIN, Verb.UNKNOWN: Who.ANY,
}


class SignOnKind(StrEnum):
    """What a ``SIGN ON`` asks for."""

    POWER = "power"            # SIGN ON fgame password: play (or take over) a power
    OBSERVER = "observer"      # SIGN ON ogame password, OBSERVE game password
    MASTER = "master"          # SIGN ON mgame password
    JOIN = "join"              # SIGN ON ?game password [variant]: a forming game
    ANY_GAME = "any game"      # SIGN ON ? password: the next forming game
    CREATE = "create"          # CREATE ?game password [variant] [options]


@dataclass(frozen=True)
class SignOn:
    """A sign-on: which game, as what, with which password (and a new game's variant).

    ``letter`` is the power's letter as written (upper case) for ``POWER``.
    """

    kind: SignOnKind
    game: str
    password: str
    letter: str = ""
    variant: str = ""
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class PhaseRef:
    """A phase as a player names it: ``fall 1905 retreat``, ``spring 1455 movement``.

    ``season`` is spring, summer, fall or winter; ``kind`` movement, retreat or
    adjustment (None: not said).
    """

    season: str
    year: int
    kind: str | None = None

    def __str__(self) -> str:
        return f"{self.season.capitalize()} {self.year}" + (f" {self.kind}" if self.kind else "")


@dataclass(frozen=True)
class OrderLines:
    """Consecutive order lines (number, text), for the phase ``PHASE`` named (or now)."""

    lines: tuple[tuple[int, str], ...]
    phase: PhaseRef | None = None


@dataclass(frozen=True)
class Registration:
    """A ``REGISTER`` form: its ``Key: value`` fields, in order."""

    fields: tuple[tuple[str, str], ...]

    def get(self, key: str) -> str:
        wanted = key.lower()
        return next((v for k, v in self.fields if k.lower() == wanted), "")


Detail = SignOn | PhaseRef | OrderLines | Registration


@dataclass(frozen=True)
class Command:
    """One command of a judge mail."""

    verb: Verb
    line: int
    text: str
    args: str = ""
    body: tuple[str, ...] = ()
    last_line: int = 0
    detail: Detail | PressRequest | SetLine | None = None
    problem: str | None = None
    why: Why | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def who(self) -> Who:
        """Who may use it (for ``SET``, see the setting)."""
        return WHO[self.verb]
