"""Reading a judge mail: the body's lines into commands, each with its line number.

The rules, after nJudge (help files ``index`` and ``press``, ``mail.c``):

* A line starts with a command's keyword, in any case, spaces inside optional
  (``SIGNON`` and ``Sign On``; :mod:`~machiavelli.commands.words`).
* Before the sign-on only the commands anyone may use are read (``REGISTER``,
  ``SIGN ON``, ``CREATE``, ``OBSERVE``, ``LIST``, ``HISTORY``, ``SUMMARY``, ``WHOIS``,
  ``HELP``, ``GET``, ``VERSION`` ...).  A line that is none of them gets a reply naming
  it (nJudge ignores it silently); a player's command gets "sign on first".
* One ``SIGN ON`` (or ``CREATE``, ``OBSERVE``) per message; a second is refused.
* After the sign-on, a line that is no command is an order, passed on to the judge's
  order language (the service reads it:
  :meth:`~machiavelli.service.judge.Judge.submit_orders`); the order lines between two
  commands make one :class:`~machiavelli.commands.command.OrderLines`, for the phase
  the last ``PHASE`` named (or the current one).
* ``PRESS``, ``BROADCAST``, ``POSTAL PRESS`` and ``DIARY`` take the lines after them up
  to ``ENDPRESS`` or ``ENDBROADCAST`` (also ``END PRESS``, ``END BROADCAST``) alone on a
  line, ``SIGNOFF`` (which also ends the message) or the end of the message.
  ``REGISTER`` takes the form up to ``END``; ``SET COMMENT BEGIN`` the rest up to
  ``SIGNOFF``.
* ``SIGN OFF`` (or a ``--`` signature line) ends the message: nothing after it is
  read.  So does ``HELP`` before a sign-on ("any other text ... is ignored").

Bad input never raises: every line the reader cannot use becomes a command with a
``problem`` that the reply shows with the line's number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from machiavelli.commands.command import (
    WHO,
    Command,
    OrderLines,
    PhaseRef,
    Registration,
    SignOn,
    SignOnKind,
    Verb,
)
from machiavelli.commands.outcome import Outcome, Why
from machiavelli.commands.press_options import read_press_options
from machiavelli.commands.settings import SetGroup, SetLine, read_set
from machiavelli.commands.words import Who, lookup, squash
from machiavelli.service.refusal import Refused

#: Commands anyone may use, before or after the sign-on (nJudge's ``prelim`` table).
ANYONE: dict[str, str] = {
    "register": Verb.REGISTER, "i am also": Verb.I_AM_ALSO,
    "sign on": Verb.SIGN_ON, "hello": Verb.SIGN_ON, "login": Verb.SIGN_ON,
    "create": Verb.CREATE, "observe": Verb.OBSERVE, "watch": Verb.OBSERVE,
    "list": Verb.LIST, "history": Verb.HISTORY, "summary": Verb.SUMMARY,
    "status": Verb.SUMMARY, "who game": Verb.WHO_GAME, "who is": Verb.WHOIS,
    "who": Verb.WHOIS, "help": Verb.HELP, "get": Verb.GET, "send me": Verb.GET,
    "send": Verb.GET, "version": Verb.VERSION, "sign off": Verb.SIGN_OFF,
    "map": Verb.MAP, "info player": Verb.INFO_PLAYER, "no control": Verb.ADMIN,
    "adjust": Verb.ADMIN, "fix id": Verb.ADMIN, "record": Verb.ADMIN,
}
#: Commands of a signed-on participant (nJudge's ``commands`` table).
SIGNED_ON: dict[str, str] = {
    "resign": Verb.RESIGN, "withdraw": Verb.RESIGN, "postal press": Verb.POSTAL_PRESS,
    "broadcast": Verb.BROADCAST, "press": Verb.PRESS, "phase": Verb.PHASE,
    "clear": Verb.CLEAR, "terminate": Verb.TERMINATE, "resume": Verb.RESUME,
    "become": Verb.BECOME, "process": Verb.PROCESS, "roll back": Verb.ROLLBACK,
    "promote": Verb.PROMOTE, "predict": Verb.PREDICT, "eject": Verb.EJECT,
    "unstart": Verb.UNSTART, "set": Verb.SET, "pause": Verb.PAUSE, "suspend": Verb.PAUSE,
    "force begin": Verb.FORCE_BEGIN, "setup": Verb.SETUP, "diary": Verb.DIARY,
    "if": Verb.CONDITIONAL, "else": Verb.CONDITIONAL, "endif": Verb.CONDITIONAL,
    "end press": Verb.END_PRESS, "end broadcast": Verb.END_PRESS,
}
_ALL = {**ANYONE, **SIGNED_ON}
_PHRASES = sorted(_ALL, key=lambda p: -len(p))
_ORDERED = {p: _ALL[p] for p in _PHRASES}
_PRESS_END = frozenset({"endpress", "endbroadcast"})
_SIGN_OFF = frozenset({"signoff"})
_SIGN_ONS = frozenset({Verb.SIGN_ON, Verb.CREATE, Verb.OBSERVE})
#: A game's name: the service's rule (letters, digits, ``_``, ``.``, ``-``, up to 64,
#: beginning with a letter or digit), so that every game made on the web can be played by
#: mail.  In ``SIGN ON xname`` the first character is the power's letter and the rest the
#: name, so a longer name or a ``-`` in it is never ambiguous; the name keeps the capitals
#: written (the judge matches them, or ignores them when one game alone fits).
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_PASSWORD = re.compile(r"[A-Za-z0-9]+")


@dataclass
class Reading:
    """What a message says: its commands in order, and the sign-on among them."""

    commands: list[Command] = field(default_factory=list)

    @property
    def sign_on(self) -> Command | None:
        """The message's (first readable) sign-on, if any."""
        return next((c for c in self.commands
                     if c.verb in _SIGN_ONS and c.problem is None), None)


def read_message(body: str, *, sender: str = "", subject: str = "") -> Reading:
    """The commands of a message body.  ``sender`` and ``subject`` are the message's
    (kept for the reply; the commands are read from the body only)."""
    return _Reader(body.splitlines()).read()


class _Reader:
    def __init__(self, lines: list[str]) -> None:
        self.lines = [line.replace("\ufeff", "").rstrip() for line in lines]
        self.i = 0
        self.out: list[Command] = []
        self.signed = False
        self.phase: PhaseRef | None = None
        self.orders: list[tuple[int, str]] = []

    def read(self) -> Reading:
        while self.i < len(self.lines):
            number, raw = self.i + 1, self.lines[self.i]
            self.i += 1
            text = raw.strip()
            if not text:
                continue
            if text in ("--", "-- ") or squash(text) in _SIGN_OFF:
                self.flush()
                self.out.append(Command(Verb.SIGN_OFF, number, text))
                break
            found = lookup(text, _ORDERED)
            if found is not None and found[0] == Verb.SET and self.signed and \
                    squash(found[1]).startswith("react"):
                found = None  # Princes' SET REACT AUTO|ASK: a standing order of the seat
            if found is None:
                if self.signed:
                    self.orders.append((number, text))
                else:
                    self.out.append(Command(Verb.UNKNOWN, number, text, problem=(
                        "Not a command: before a SIGN ON only commands such as REGISTER, "
                        "SIGN ON, CREATE, LIST or HELP are read. Line ignored."),
                        why=Why.NOT_A_COMMAND))
                continue
            self.flush()
            if self.command(Verb(found[0]), number, text, found[1]):
                break
        self.flush()
        return Reading(self.out)

    def flush(self) -> None:
        if self.orders:
            first, text = self.orders[0]
            self.out.append(Command(Verb.ORDERS, first, text, last_line=self.orders[-1][0],
                                    detail=OrderLines(tuple(self.orders), self.phase)))
            self.orders = []

    def command(self, verb: Verb, number: int, text: str, args: str) -> bool:
        """Read one command (and the lines it takes); True when the message ends here."""
        command = Command(verb, number, text, args)
        ends = False
        if verb is Verb.REGISTER:
            command = self.register(command)
        elif verb in _SIGN_ONS:
            command = self.sign_on(command)
        elif verb in (Verb.PRESS, Verb.BROADCAST, Verb.POSTAL_PRESS, Verb.DIARY):
            command, ends = self.press(command)
        elif verb is Verb.SET:
            command, ends = self.set(command)
        elif verb is Verb.PHASE:
            phase = read_phase(args)
            if isinstance(phase, Refused):
                command = replace(command, problem=phase.reason)
            else:
                self.phase = phase
                command = replace(command, detail=phase)
        elif verb is Verb.PROCESS and args:
            phase = read_phase(args)
            command = replace(command, problem=phase.reason) if isinstance(phase, Refused) \
                else replace(command, detail=phase)
        elif verb is Verb.HELP and not self.signed:
            ends = True
        elif verb is Verb.END_PRESS:
            command = replace(command, notes=("No press message to end here: line ignored.",))
        elif verb is Verb.CONDITIONAL:
            command = replace(command, problem="Conditional orders (IF, ELSE, ENDIF) are not "
                              "supported by this judge.", why=Why.UNSUPPORTED)
        elif verb is Verb.ADMIN:
            command = replace(command, problem="Only the judge keeper may use this command.",
                              why=Why.NOT_ALLOWED)
        if not self.signed and WHO[verb] is not Who.ANY and command.problem is None:
            command = replace(command, problem="Sign on first: this command needs a SIGN ON "
                              "to a game earlier in the message.", why=Why.SIGN_ON_FIRST)
        if command.problem is not None and command.why is None:
            command = replace(command, why=Why.SYNTAX)
        self.out.append(command)
        return ends

    def take_until(self, ends: frozenset[str]) -> tuple[list[str], int, str]:
        """The lines up to one of ``ends`` (squashed) alone on a line, the terminator's
        number (0 at the end of the message) and which one it was ("" at the end)."""
        taken: list[str] = []
        while self.i < len(self.lines):
            raw = self.lines[self.i]
            self.i += 1
            word = squash(raw)
            if word in ends:
                return taken, self.i, word
            taken.append(raw)
        return taken, 0, ""

    def register(self, command: Command) -> Command:
        lines, end, _ = self.take_until(frozenset({"end"}))
        fields = tuple((k.strip(), v.strip()) for k, _, v in
                       (line.partition(":") for line in lines if ":" in line))
        problem = None if end else "REGISTER without END: the form was not read."
        return replace(command, body=tuple(lines), last_line=end, problem=problem,
                       detail=Registration(fields))

    def sign_on(self, command: Command) -> Command:
        if self.signed:
            return replace(command, problem="Only one SIGN ON (or CREATE, OBSERVE) per "
                           "message: this one is ignored.", why=Why.ONE_SIGN_ON)
        found = read_sign_on(command.verb, command.args)
        if isinstance(found, Refused):
            return replace(command, problem=found.reason)
        self.signed = True
        return replace(command, detail=found)

    def press(self, command: Command) -> tuple[Command, bool]:
        ends = _PRESS_END | _SIGN_OFF
        lines, end, word = self.take_until(ends)
        while lines and not lines[-1].strip():
            lines.pop()
        command = replace(command, body=tuple(lines), last_line=end)
        if command.verb in (Verb.PRESS, Verb.BROADCAST):
            request = read_press_options(command.args, broadcast=command.verb is Verb.BROADCAST)
            if isinstance(request, Refused):
                command = replace(command, problem=request.reason)
            else:
                command = replace(command, detail=request)
        elif command.verb is Verb.POSTAL_PRESS and command.args:
            command = replace(command, problem="POSTAL PRESS takes no options.")
        return command, word in _SIGN_OFF

    def set(self, command: Command) -> tuple[Command, bool]:
        found = read_set(command.args)
        if isinstance(found, Refused):
            return replace(command, problem=found.reason), False
        command = replace(command, detail=SetLine(tuple(found)))
        comment = next((s for s in found if s.group is SetGroup.GAME and s.name == "comment"
                        and s.value.lower() == "begin"), None)
        if comment is None:
            return command, False
        lines, end, _ = self.take_until(_SIGN_OFF)
        return replace(command, body=tuple(lines), last_line=end), True


def reader_outcome(command: Command) -> Outcome | None:
    """The outcome the reader alone decides: a refusal for a command it could not read,
    a note for one it ignores; None when the command is for the judge to carry out."""
    if command.problem is not None:
        return Outcome.refused(command.why or Why.SYNTAX, command.problem)
    if command.verb is Verb.END_PRESS:
        return Outcome.noted(*command.notes)
    if command.verb is Verb.SIGN_OFF:
        return Outcome.noted()
    return None


def sign_on_password(password: str) -> bool:
    """Whether a ``SIGN ON`` can carry ``password`` (letters and digits only)."""
    return bool(_PASSWORD.fullmatch(password))


def read_sign_on(verb: Verb, args: str) -> SignOn | Refused:
    """``SIGN ON xname password [variant] [options]``, ``OBSERVE name password``,
    ``CREATE ?name password [variant] [options]``."""
    words = args.split()
    if len(words) < 2:
        what = {Verb.SIGN_ON: "SIGN ON power-letter+game password",
                Verb.OBSERVE: "OBSERVE game password",
                Verb.CREATE: "CREATE ?game password [variant]"}[verb]
        return Refused(f"Write {what}.")
    target, password, extra = words[0], words[1], tuple(words[2:])
    if not _PASSWORD.fullmatch(password):
        return Refused("Passwords contain only letters and digits.")
    variant, options = (extra[0], extra[1:]) if extra else ("", ())
    if verb is Verb.OBSERVE:
        game = target
        kind, letter = SignOnKind.OBSERVER, ""
    elif verb is Verb.CREATE:
        game = target[1:].lower() if target.startswith("?") else target.lower()
        kind, letter = SignOnKind.CREATE, ""
    else:
        letter, game = target[0].upper(), target[1:]
        kind = {"?": SignOnKind.JOIN, "O": SignOnKind.OBSERVER,
                "M": SignOnKind.MASTER}.get(letter, SignOnKind.POWER)
        if kind is SignOnKind.JOIN and not game:
            kind = SignOnKind.ANY_GAME
        if kind is not SignOnKind.POWER:
            letter = ""
        elif not letter.isalnum():  # a Princes seat is its number: SIGN ON 2game
            return Refused(f"'{target}' is not a power's letter (or a seat's number) "
                           "followed by a game's name.")
    if kind is not SignOnKind.ANY_GAME and not _NAME.fullmatch(game):
        return Refused(f"'{game or target}' is not a game's name (letters, digits, '_', '.' "
                       "and '-', up to 64).")
    if kind not in (SignOnKind.JOIN, SignOnKind.CREATE) and variant:
        variant, options = "", ()
    return SignOn(kind, game, password, letter, variant.lower(),
                  tuple(o.lower() for o in options))


_SEASONS = {"spring": "spring", "s": "spring", "summer": "summer", "u": "summer",
            "fall": "fall", "autumn": "fall", "f": "fall", "winter": "winter",
            "w": "winter"}
_KINDS = {"movement": "movement", "moves": "movement", "move": "movement",
          "m": "movement", "retreat": "retreat", "retreats": "retreat", "r": "retreat",
          "adjustment": "adjustment", "adjustments": "adjustment", "adjust": "adjustment",
          "build": "adjustment", "builds": "adjustment", "b": "adjustment",
          "a": "adjustment"}
_COMPACT = re.compile(r"([sufw])(\d{3,4})([mrba])", re.IGNORECASE)


def read_phase(text: str) -> PhaseRef | Refused:
    """A phase as ``season year [phase]`` (``fall 1905 retreat``) or nJudge's
    ``F1905R``."""
    words = text.lower().replace(",", " ").split()
    if len(words) == 1 and (compact := _COMPACT.fullmatch(words[0])):
        season, year, kind = compact.groups()
        return PhaseRef(_SEASONS[season.lower()], int(year), _KINDS[kind.lower()])
    if len(words) in (2, 3) and words[0] in _SEASONS and words[1].isascii() and words[1].isdigit() \
            and len(words[1]) <= 4 and (len(words) == 2 or words[2] in _KINDS):
        kind_word = _KINDS[words[2]] if len(words) == 3 else None
        return PhaseRef(_SEASONS[words[0]], int(words[1]), kind_word)
    return Refused(f"'{text}' is not a phase: write season, year and phase, as in "
                   "'fall 1455 movement' or 'spring 1456 adjustment'.")
