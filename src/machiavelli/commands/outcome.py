"""A command's outcome: done, refused (and why, in words a program can compare), skipped.

The reply shows the outcome's lines; the conformance check with nJudge
(:mod:`~machiavelli.mail.conformance`) compares only the status and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """What became of a command."""

    DONE = "done"          # accepted and carried out
    REFUSED = "refused"    # not carried out: ``why`` says why
    SKIPPED = "skipped"    # not looked at (after a failed sign-on, say)
    NOTED = "noted"        # nothing to carry out (SIGN OFF, a stray ENDPRESS)


class Why(StrEnum):
    """Why a command was refused, in words a program can compare."""

    SYNTAX = "syntax"                  # the command cannot be read
    NOT_A_COMMAND = "not a command"    # a line before the sign-on that is no command
    SIGN_ON_FIRST = "sign on first"    # a player's command before any sign-on
    ONE_SIGN_ON = "one sign-on"        # a second sign-on in the message
    BAD_SIGN_ON = "bad sign-on"        # wrong password, or no such power in the game
    NO_SUCH_GAME = "no such game"
    NOT_REGISTERED = "not registered"  # only registered users may join or take over
    NOT_ALLOWED = "not allowed"        # the sender's role may not use it
    NOT_NOW = "not now"                # the game's state does not allow it now
    RULES = "rules"                    # the game's rules or settings refuse it
    UNSUPPORTED = "unsupported"        # a command or setting this judge does not have


@dataclass(frozen=True)
class Outcome:
    """A command's outcome: its status, why it was refused, and what the judge says."""

    status: Status
    lines: tuple[str, ...] = ()
    why: Why | None = None

    @classmethod
    def done(cls, *lines: str) -> Outcome:
        return cls(Status.DONE, tuple(lines))

    @classmethod
    def refused(cls, why: Why, *lines: str) -> Outcome:
        return cls(Status.REFUSED, tuple(lines), why)

    @classmethod
    def skipped(cls, *lines: str) -> Outcome:
        return cls(Status.SKIPPED, tuple(lines))

    @classmethod
    def noted(cls, *lines: str) -> Outcome:
        return cls(Status.NOTED, tuple(lines))


