"""nJudge's own test mails and replies, as outcomes to compare with ours.

nJudge's sources carry a test suite (``tests/`` beside its ``data/``): each exchange is a
mail in (``input/NAME.in``, with a note ``NAME.txt``) and what the judge did
(``baseline/NAME.out``: the note, then every mail sent, each between ``===== mail sent
to ADDRESS/SUBJECT`` and ``===== end of mail ======``).  The exchanges run in order on
one judge, so each starts from the state the previous ones left.

:func:`read_exchange` reads one exchange with our reader, then classifies, for each
command, what nJudge did with it: done, refused (and why, as a
:class:`~machiavelli.commands.outcome.Why`), skipped, or noted, from the evidence in
nJudge's reply to the sender; and lists the other mails nJudge sent (who got what
kind: a sign-on announcement, the game's start, press, a resignation ...).  The result
is machine-readable (:meth:`Exchange.to_dict`), so that our interpreter's outcomes can
be compared with nJudge's, never the wording.  A command whose outcome the evidence
does not show is classified ``unknown``; the tests require that none is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from machiavelli.commands.command import Command, SignOn, SignOnKind, Verb
from machiavelli.commands.desk import Config, OutMail
from machiavelli.commands.interpreter import Answer, interpret
from machiavelli.commands.outcome import Status, Why
from machiavelli.commands.reader import read_message, reader_outcome
from machiavelli.commands.settings import SetLine
from machiavelli.mail.envelope import parse_message
from machiavelli.mail.results import owed_mails
from machiavelli.service.judge import Judge

_MAIL = re.compile(r"^===== mail sent to (?P<to>[^/\n]*)/(?P<subject>[^\n]*)\n"
                   r"(?P<body>.*?)^===== end of mail ======\n?", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Mail:
    """One mail nJudge sent: to whom, its subject, its text and its kind."""

    to: str
    subject: str
    body: str

    @property
    def kind(self) -> str:
        """What the mail is, from its subject: ``reply``, ``signon``, ``start``, ``press``,
        ``broadcast``, ``resignation``, ``return``, ``takeover``, ``notice``,
        ``preference``, ``time warp`` (to the judge keeper), ``boardman`` (to the Boardman
        Number Custodian)."""
        subject = self.subject
        for words, kind in (("Re:", "reply"), ("New Player Signon", "signon"),
                            ("Game Starting", "start"), ("Broadcast from", "broadcast"),
                            ("Press from", "press"), ("Resignation", "resignation"),
                            ("player returned", "return"), ("Takeover", "takeover"),
                            ("Diplomacy notice", "notice"), ("Preference Change", "preference"),
                            ("time warp", "time warp"), ("BNC:", "boardman")):
            if words in subject:
                return kind
        return "other"


@dataclass(frozen=True)
class Expected:
    """nJudge's outcome for one command: its status, why, and the evidence read."""

    line: int
    text: str
    verb: str
    status: str
    why: str | None
    evidence: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "text": self.text, "verb": self.verb,
                "status": self.status, "why": self.why, "evidence": self.evidence}


@dataclass(frozen=True)
class Exchange:
    """One of nJudge's test exchanges, classified."""

    name: str
    note: str
    sender: str
    commands: tuple[Expected, ...]
    mails: tuple[tuple[str, str], ...]   # (to, kind) of every mail but the reply

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "note": self.note, "sender": self.sender,
                "commands": [c.to_dict() for c in self.commands],
                "mails": [list(m) for m in self.mails]}


#: Mails to the judge keeper and the hobby's custodians: no business of a game.
_JUDGE_KEEPERS = frozenset({"time warp", "boardman"})


def split_mails(out: str) -> list[Mail]:
    """The mails in a baseline ``.out`` file, in order."""
    return [Mail(m.group("to").strip(), m.group("subject").strip(), m.group("body"))
            for m in _MAIL.finditer(out)]


def read_exchange(name: str, mail_in: str, note: str, out: str) -> Exchange:
    """Classify one exchange: the mail in, its note and nJudge's baseline output."""
    incoming = parse_message(mail_in)
    mails = split_mails(out)
    replies = [m for m in mails if m.kind == "reply" and m.to == incoming.sender]
    reply_text = "\n".join(m.body for m in replies)
    others = tuple((m.to, m.kind) for m in mails
                   if m not in replies and m.kind not in _JUDGE_KEEPERS)
    commands = read_message(incoming.body).commands
    expected: list[Expected] = []
    failed_sign_on = False
    for command in commands:
        if failed_sign_on:
            expected.append(_expected(command, Status.SKIPPED, None,
                                      "after a failed sign-on nJudge skips the rest"))
            continue
        status, why, evidence = classify(command, reply_text, others)
        if command.verb in (Verb.SIGN_ON, Verb.CREATE, Verb.OBSERVE) \
                and status == Status.REFUSED:
            failed_sign_on = True
        expected.append(_expected(command, status, why, evidence))
    return Exchange(name, " ".join(note.split()), incoming.sender, tuple(expected), others)


def _expected(command: Command, status: str, why: str | None, evidence: str) -> Expected:
    return Expected(command.line, command.text, command.verb.value, str(status),
                    None if why is None else str(why), evidence)


#: (verb or setting, phrase in nJudge's reply) -> done
_DONE: tuple[tuple[str, str], ...] = (
    ("register", "Registration processed."),
    ("create", "You've been selected to play Master"),
    ("join", "You've been selected to play a power"),
    ("observer", "You are now an Observer"),
    ("power", "You have returned as"),
    ("power", "Take over of abandoned"),
    ("master", "order #"),
    ("players", "Number of Players for game"),
    ("preference", "Preference list '"),
    ("press", "Message sent to"),
    ("broadcast", "Broadcast message sent:"),
    ("list", "order #"),
    ("list", "Use 'list name' or 'list full'"),
    ("resign", "has resigned from game"),
)
#: phrase in nJudge's reply -> why the command was refused
_REFUSED: tuple[tuple[str, Why], ...] = (
    ("Invalid password or power ID", Why.BAD_SIGN_ON),
    ("is not a registered user", Why.NOT_REGISTERED),
    ("No such game", Why.NO_SUCH_GAME),
    ("does not exist", Why.NO_SUCH_GAME),
    ("not allowed", Why.NOT_ALLOWED),
    ("Invalid", Why.SYNTAX),
)


#: nJudge writes a game's header only for a sender signed on to it.
_SIGNED_ON = re.compile(r"^:: Judge: \S+\s+Game: ", re.MULTILINE)


def _key(command: Command) -> str:
    """The word :data:`_DONE` files a command under."""
    if isinstance(command.detail, SignOn):
        kind = command.detail.kind
        return {SignOnKind.CREATE: "create", SignOnKind.JOIN: "join",
                SignOnKind.ANY_GAME: "join", SignOnKind.OBSERVER: "observer",
                SignOnKind.MASTER: "master", SignOnKind.POWER: "power"}[kind]
    if isinstance(command.detail, SetLine) and command.detail.settings:
        return command.detail.settings[0].name
    return command.verb.value


def classify(command: Command, reply: str,
             others: Sequence[tuple[str, str]] = ()) -> tuple[str, str | None, str]:
    """nJudge's outcome for ``command`` from the text of its reply: (status, why,
    evidence)."""
    read = reader_outcome(command)
    if read is not None and read.status is not Status.REFUSED:
        return read.status.value, None, "no outcome to report"
    key = _key(command)
    for wanted, phrase in _DONE:
        if wanted == key and phrase in reply:
            return Status.DONE.value, None, phrase
    for phrase, why in _REFUSED:
        if phrase in reply:
            return Status.REFUSED.value, str(why), phrase
    if isinstance(command.detail, SignOn) and _SIGNED_ON.search(reply):
        return Status.DONE.value, None, "the reply's header names the game (signed on)"
    if read is not None:  # our reader refuses it, and nJudge said nothing of it
        return "unknown", None, "nJudge's reply does not mention it"
    return "unknown", None, "no evidence in nJudge's reply"


def read_exchanges(named: Iterable[tuple[str, str, str, str]]) -> list[Exchange]:
    """:func:`read_exchange` for each (name, mail in, note, output)."""
    return [read_exchange(*item) for item in named]


def exchanges_in(tests: Path) -> list[Exchange]:
    """Every exchange of nJudge's ``tests`` folder, in the order nJudge runs them (by
    name).  nJudge's files are Latin-1."""
    named = []
    for mail_in in sorted((tests / "input").glob("*.in")):
        note = mail_in.with_suffix(".txt")
        out = tests / "baseline" / f"{mail_in.stem}.out"
        named.append((mail_in.stem, mail_in.read_text(encoding="latin-1"),
                      note.read_text(encoding="latin-1") if note.is_file() else "",
                      out.read_text(encoding="latin-1")))
    return read_exchanges(named)


def expectations_json(exchanges: Sequence[Exchange]) -> str:
    """The exchanges as the JSON file the tests keep (tests/njudge_exchanges.json)."""
    return json.dumps([e.to_dict() for e in exchanges], indent=1, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Comparison:
    """One command of an exchange: nJudge's outcome and ours (status, why)."""

    exchange: str
    line: int
    text: str
    theirs: tuple[str, str | None]
    ours: tuple[str, str | None]

    @property
    def agrees(self) -> bool:
        return self.theirs == self.ours


@dataclass(frozen=True)
class Replay:
    """One exchange carried out by our interpreter: each command's outcome beside
    nJudge's, and the other mails each judge sent, as (to, kind)."""

    name: str
    commands: tuple[Comparison, ...]
    their_mails: frozenset[tuple[str, str]]
    our_mails: frozenset[tuple[str, str]]

    @property
    def agrees(self) -> bool:
        """Every command's outcome agrees."""
        return all(c.agrees for c in self.commands)

    @property
    def mails_agree(self) -> bool:
        return self.their_mails == self.our_mails


def replay(expected: dict[str, Any], answer: Answer,
           owed: Sequence[OutMail] = ()) -> Replay:
    """Our answer to one exchange beside nJudge's (``expected``: one exchange of
    tests/njudge_exchanges.json); commands are matched by line number, mails by
    address and kind (:attr:`Mail.kind`, from the subject).  ``owed``: the mails the
    service's notices asked for after the message (take-overs, returns ...), which the
    mail judge posts with the reply."""
    ours = {command.line: (str(outcome.status), None if outcome.why is None
                           else str(outcome.why)) for command, outcome in answer.entries}
    commands = tuple(Comparison(expected["name"], c["line"], c["text"],
                                (c["status"], c["why"]), ours.get(c["line"], ("missing", None)))
                     for c in expected["commands"])
    their_mails = frozenset((to, kind) for to, kind in expected["mails"])
    our_mails = frozenset((m.to, Mail(m.to, m.subject, m.text).kind)
                          for m in [*answer.mails, *owed])
    return Replay(expected["name"], commands, their_mails, our_mails)


def run_exchanges(judge: Judge, mails_in: Sequence[tuple[str, str]],
                  expected: Sequence[dict[str, Any]], now: datetime,
                  config: Config) -> list[Replay]:
    """nJudge's exchanges (name, mail in) carried out in order on one judge, each
    compared with nJudge's outcomes and mails."""
    by_name = {e["name"]: e for e in expected}
    found: list[Replay] = []
    for name, mail_in in mails_in:
        incoming = parse_message(mail_in)
        answer = interpret(judge, incoming.sender, incoming.body, now, config)
        owed: list[OutMail] = []
        for notices in owed_mails(judge, config):
            owed += notices.mails
            judge.delivered(notices.game, notices.notices, now)
        found.append(replay(by_name[name], answer, owed))
    return found
