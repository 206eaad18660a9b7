"""The judge's reply: each command line echoed with its outcome, in nJudge's manner.

nJudge's replies (``tests/baseline/*.out`` of its sources, and ``docs/mail_format.html``)
open with two header lines when the sender is signed on to a game::

    :: Judge: XXXX  Game: Dt  Variant: Standard
    :: Deadline: S1901M Tue Jan 06 2004 23:30:00 +0000

and then say, command by command, what the judge did.  This judge writes the same
header, then echoes every command line after ``> `` (a press message's text too, so
the sender sees what went out) followed by the outcome: what was done, or
``Refused: `` and the reason (a line of orders that cannot be read gets its number and
the reason from the order language).  Only the outcome's status and reason are
compared with nJudge (:mod:`~machiavelli.mail.conformance`), never the wording.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from machiavelli.commands.command import Command, Verb
from machiavelli.commands.outcome import Outcome, Status
from machiavelli.commands.reader import reader_outcome


@dataclass(frozen=True)
class GameHeader:
    """The second header line's facts: the game, its variant, the phase and deadline."""

    game: str
    variant: str
    phase: str                    # nJudge's code, e.g. S1454M
    deadline: datetime | None = None


#: The deadline nJudge shows before a game has one (the Unix epoch).
_NO_DEADLINE = "Thu Jan 01 1970 00:00:00 +0000"


def judge_time(moment: datetime | None) -> str:
    """A time as nJudge prints it: ``Tue Jan 06 2004 23:30:00 +0000``."""
    if moment is None:
        return _NO_DEADLINE
    return moment.strftime("%a %b %d %Y %H:%M:%S %z")


def phase_code(season: str, year: int, kind: str) -> str:
    """nJudge's phase code: ``S1454M``, ``U1454R``, ``F1455B`` (summer is U)."""
    season_letter = {"spring": "S", "summer": "U", "fall": "F", "autumn": "F",
                     "winter": "W"}.get(season.lower(), season[:1].upper())
    kind_letter = {"movement": "M", "retreat": "R", "adjustment": "B"}.get(kind, "M")
    return f"{season_letter}{year}{kind_letter}"


def header_lines(judge: str, game: GameHeader | None) -> list[str]:
    """The ``::`` header lines."""
    if game is None:
        return [f":: Judge: {judge}"]
    return [f":: Judge: {judge}  Game: {game.game.capitalize()}  "
            f"Variant: {game.variant}",
            f":: Deadline: {game.phase} {judge_time(game.deadline)}"]


def echo_lines(command: Command) -> list[str]:
    """The command as the sender wrote it, each line after ``> ``."""
    if command.verb is Verb.ORDERS:
        from_lines = getattr(command.detail, "lines", ())
        return [f"> {text}" for _, text in from_lines]
    lines = [f"> {command.text}"]
    lines += [f">     {line}".rstrip() for line in command.body]
    return lines


def outcome_lines(outcome: Outcome) -> list[str]:
    """The outcome as the reply says it."""
    if outcome.status is Status.REFUSED:
        first, *rest = outcome.lines or ("",)
        return [f"Refused: {first}".rstrip(), *rest]
    if outcome.status is Status.SKIPPED:
        first, *rest = outcome.lines or ("Not looked at.",)
        return [f"Skipped: {first}", *rest]
    return list(outcome.lines)


def write_reply(entries: Sequence[tuple[Command, Outcome]], *, judge: str = "MACH",
                game: GameHeader | None = None, closing: Sequence[str] = ()) -> str:
    """The reply's text: the header, every command echoed with its outcome, then
    ``closing`` (the orders as they stand, the time to the deadline ...)."""
    out = header_lines(judge, game)
    out.append("")
    for command, outcome in entries:
        out.extend(echo_lines(command))
        out.extend(outcome_lines(outcome))
        out.append("")
    if closing:
        out.extend(closing)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def dry_run(commands: Sequence[Command], *, judge: str = "MACH") -> str:
    """A reply saying how each command was read, carrying out none of them
    (``machiavelli mail --check``)."""
    entries = []
    for command in commands:
        outcome = reader_outcome(command) or Outcome.noted(
            f"Read as {command.verb.value.upper()}: not carried out (a check only).")
        entries.append((command, outcome))
    return write_reply(entries, judge=judge)
