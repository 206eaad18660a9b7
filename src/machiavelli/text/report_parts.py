"""A report split by who may read it: the public part and each power's private lines.

The engine's reports (:func:`machiavelli.text.report.phase_report`, the game start's)
are written for the game master: they show every order with its outcome, every event
and every die roll.  Other powers' money is nobody else's business (the issue of the
judge service: "no other power's ducats, expenses or private press" reach a player), so
:func:`split_report` reads such a report line by line:

- an order of a power's (under its ``Power:`` heading) that spends, lends or gives
  (``borrow``, ``pay``, ``give``, ``expense``) is that power's alone;
- any other order whose outcome speaks of money (``build A mar  (fails: not enough
  ducats ...)``) is public without its note (``build A mar  (fails)``), and whole for its
  power;
- an event or a die roll that speaks of money (ducats, treasuries, loans, the bank,
  chits, income, bribes, purchases) goes to the power it is about: the power it starts
  with (``Milan receives 16 ducats ...``), the one a roll is made ``for`` or ``by``
  (``assassination of France by Turkey``), else the only power it names; a line about
  several powers, or none, goes to the game master only;
- every other line is public.

The test is a list of words (:data:`MONEY_WORDS`): a new kind of money line that uses
none of them would be public, so the tests check the public part of random games with
money for every sum of ducats.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["MONEY_WORDS", "ReportParts", "split_report"]

#: Words that make a line a matter of money.
MONEY_WORDS = re.compile(
    r"ducat|treasur|\bloans?\b|borrow|\bbank|\bchits?\b|expense|income|brib|\bbought\b"
    r"|\bbuys?\b|\bpurchase|\d+\s*d\b",
    re.IGNORECASE,
)
_MONEY_ORDER = re.compile(r"\s*(borrow|pay|give|expense)\b", re.IGNORECASE)
_OUTCOME_NOTE = re.compile(r"^(?P<order>\s+\S.*?)  \((?P<note>.*)\)$")
_PUBLIC_HEADINGS = ("Game start (", "Results for ")  # a report's first line
_HEADING = re.compile(r"^(?P<power>[A-Z][\w' ]*):$")


@dataclass
class ReportParts:
    """``public``: what everyone may read; ``private``: each power's own lines;
    ``master``: the lines only the game master reads (about several powers or none)."""

    public: str
    private: dict[str, list[str]] = field(default_factory=dict)
    master: list[str] = field(default_factory=list)


def split_report(report: str, powers: Sequence[str]) -> ReportParts:
    """The public part of ``report`` and the lines only some may read."""
    parts = ReportParts("")
    public: list[str] = []
    heading: str | None = None  # the power whose orders the lines below list
    for line in report.splitlines():
        found = _HEADING.match(line)
        if found is not None:
            heading = found.group("power") if found.group("power") in powers else None
            public.append(line)
            continue
        if not line.startswith(" "):
            heading = None
        if heading is not None and line.startswith("  ") and not line.startswith("   "):
            if _MONEY_ORDER.match(line):
                parts.private.setdefault(heading, []).append(line.strip())
                continue
            if MONEY_WORDS.search(line):
                parts.private.setdefault(heading, []).append(line.strip())
                public.append(_without_note(line))
                continue
            public.append(line)
            continue
        if line.startswith(_PUBLIC_HEADINGS) or (
                not MONEY_WORDS.search(line) and not _is_private_roll(line, powers)):
            public.append(line)
            continue
        owner = _about(line, powers)
        if owner is None:
            parts.master.append(line.strip())
        else:
            parts.private.setdefault(owner, []).append(line.strip())
    parts.public = "\n".join(_tidy(public))
    return parts


def _without_note(line: str) -> str:
    """``  build A mar  (fails: not enough ducats ...)`` -> ``  build A mar  (fails)``."""
    found = _OUTCOME_NOTE.match(line)
    if found is None:
        return line
    word = found.group("note").split(":", 1)[0]
    shown = word if word in ("fails", "bounced", "void", "dislodged", "support cut") else ""
    return found.group("order") + (f"  ({shown})" if shown else "")


def _is_private_roll(line: str, powers: Sequence[str]) -> bool:
    """A die roll made by a power's expense: ``assassination of France by Turkey: 6``."""
    return bool(re.match(r"\s*assassination of .+ by ", line)) and _about(line, powers) is not None


def _about(line: str, powers: Sequence[str]) -> str | None:
    """The power a money line is about, or None (several, or none)."""
    text = line.strip()
    for power in powers:
        if text.startswith(power + " ") or text.startswith(power + "'s "):
            return power
    for word in (" by ", " for ", " from "):
        for power in powers:
            if re.search(rf"{word}{re.escape(power)}\b", text):
                return power
    named = [p for p in powers if re.search(rf"\b{re.escape(p)}\b", text)]
    return named[0] if len(named) == 1 else None


def _tidy(lines: list[str]) -> list[str]:
    """No heading left without lines under it, no run of blank lines."""
    out: list[str] = []
    for i, line in enumerate(lines):
        if _HEADING.match(line) and not (i + 1 < len(lines) and lines[i + 1].startswith("  ")):
            continue
        if line == "Die rolls:" and not (i + 1 < len(lines) and lines[i + 1].startswith("  ")):
            continue
        if not line and out and not out[-1]:
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return out
