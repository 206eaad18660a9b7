"""Absences (``SET ABSENCE``): periods when a player or a Master is away.

nJudge's help file ``absence`` (and ``SET MAX ABSENCE`` in ``index``):

* signed-on players and Masters may set absences; observers and inactive (eliminated)
  players may not (:func:`request_absence`);
* ``SET ABSENCE start [TO end]``: 24 hours when no end is given; neither date may be
  before the current date; an end before the start is ignored; overlapping absences
  count as separate absences; at most three absences pending per participant
  (:data:`ABSENCE_SLOTS`);
* an absence longer than the game's ``MAXABSENCE`` (days, default 15, 0 to 31) goes to
  a Master, who must set it himself; a Master's request ignores the limit;
* ``SET NOABSENCE date`` cancels the first pending absence that includes the date
  (:func:`cancel_absence`);
* setting an absence never extends the *current* deadline: when a turn is processed,
  expired absences are removed (:func:`expire_absences`) and the next deadline is pushed
  to the end of each pending absence that includes it (:func:`push_past_absences`,
  applied by :func:`machiavelli.service.house.deadlines.next_phase_clock`), for the absences
  that count (:func:`absence_extends`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from typing import Any

from machiavelli.service.house.dates import in_zone, read_date, utc, zone_of
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role
from machiavelli.service.stored import only_fields

#: "Only a maximum of 3 (three) absences can be pending at any given time for a single
#: player."
ABSENCE_SLOTS = 3
#: An absence with no end date lasts 24 hours.
DEFAULT_ABSENCE = timedelta(hours=24)
#: A start date without a time means 0:00, an end date without a time 23:59.
START_TIME = time(0, 0)
END_TIME = time(23, 59)

#: The ``set`` commands this module implements, each with the help file that describes it.
SET_COMMANDS: tuple[tuple[str, str], ...] = (
    ("SET ABSENCE start_date [TO end_date]", "absence"),
    ("SET NOABSENCE start_date [TO end_date]", "absence"),
    ("SET MAX ABSENCE number", "index"),
)


@dataclass(frozen=True)
class AbsencePolicy:
    """A game's absence settings: ``SET MAX ABSENCE number`` (days, 0 to 31, default 15)."""

    max_absence_days: int = 15

    def __post_init__(self) -> None:
        if not 0 <= self.max_absence_days <= 31:
            raise ValueError(f"max_absence_days must be 0 to 31, not {self.max_absence_days}")

    def to_dict(self) -> dict[str, Any]:
        return {"max_absence_days": self.max_absence_days}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AbsencePolicy:
        only_fields(data, {"max_absence_days"}, cls.__name__)
        return cls(int(data.get("max_absence_days", 15)))


def set_max_absence(policy: AbsencePolicy, days: int) -> AbsencePolicy | Refused:
    """``SET MAX ABSENCE number``: "set no higher than 31 and no lower than 0"."""
    if not 0 <= days <= 31:
        return Refused("The maximum absence can be set no higher than 31 and no lower than 0.")
    return replace(policy, max_absence_days=days)


@dataclass(frozen=True)
class Absence:
    """One pending absence, from ``start`` to ``end``.

    ``master`` is set for an absence requested by a Master (in his own slots): such an
    absence always extends the deadline (:func:`absence_extends`).
    """

    start: datetime
    end: datetime
    master: bool = False

    def includes(self, moment: datetime) -> bool:
        """Whether ``moment`` falls in the absence (both ends included)."""
        return utc(self.start) <= utc(moment) <= utc(self.end)

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start.isoformat(), "end": self.end.isoformat(),
                "master": self.master}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Absence:
        only_fields(data, {"start", "end", "master"}, cls.__name__)
        return cls(datetime.fromisoformat(data["start"]), datetime.fromisoformat(data["end"]),
                   bool(data.get("master", False)))


@dataclass(frozen=True)
class AbsenceForMaster:
    """An absence longer than the game's limit: sent to a Master, who must set it."""

    absence: Absence
    reason: str


def read_absence_dates(text: str, now: datetime) -> tuple[datetime, datetime | None] | Refused:
    """The dates of ``SET ABSENCE start_date [TO end_date]`` (the text after ``ABSENCE``).

    The start defaults to 0:00 and the end to 23:59 when they give no time; the end is
    None when the request has no ``TO end_date``.
    """
    parts = [part.strip() for part in _split_to(text)]
    start = read_date(parts[0], now, START_TIME)
    if isinstance(start, Refused):
        return Refused(f"Invalid absence start date: {start.reason}")
    if len(parts) == 1 or not parts[1]:
        return start, None
    end = read_date(parts[1], now, END_TIME)
    if isinstance(end, Refused):
        return Refused(f"Invalid absence end date: {end.reason}")
    return start, end


def _split_to(text: str) -> list[str]:
    words = text.split()
    for i, word in enumerate(words):
        if word.lower() == "to":
            return [" ".join(words[:i]), " ".join(words[i + 1:])]
    return [text]


def request_absence(pending: Sequence[Absence], start: datetime, end: datetime | None,
                    now: datetime, policy: AbsencePolicy, *, role: Role, active: bool = True,
                    by_master: bool = False) -> tuple[Absence, ...] | AbsenceForMaster | Refused:
    """``SET ABSENCE``: the participant's pending absences with the new one, or the answer.

    ``pending`` are the absences the requester already holds; ``role`` is the
    requester's own role (a Master setting an absence in his own slots gives
    ``Role.MASTER``); ``active`` is False for an eliminated player; ``by_master`` is
    True when a Master sets it for a player (``BECOME``), which lifts the game's limit.
    """
    if role is Role.OBSERVER:
        return Refused("Observers cannot use the SET ABSENCE command.")
    if role is Role.PLAYER and not active:
        return Refused("Inactive (eliminated) players cannot use the SET ABSENCE command.")
    if end is None:
        end = in_zone(utc(start) + DEFAULT_ABSENCE, zone_of(start))
    today = in_zone(now, zone_of(now)).date()
    if in_zone(start, zone_of(now)).date() < today or in_zone(end, zone_of(now)).date() < today:
        return Refused("Neither start_date nor end_date can be before the current date.")
    if utc(end) <= utc(start):
        return Refused("The absence end date is not after its start date: request ignored.")
    if len(pending) >= ABSENCE_SLOTS:
        return Refused(f"Only {ABSENCE_SLOTS} absences can be pending at any given time: "
                       "remove one first with SET NOABSENCE.")
    absence = Absence(start, end, master=role is Role.MASTER)
    master_sets = by_master or role is Role.MASTER
    if not master_sets and absence_days(absence) > policy.max_absence_days:
        return AbsenceForMaster(absence, f"The absence exceeds the game limit of "
                                f"{policy.max_absence_days} days: a Master must set it.")
    return (*pending, absence)


def absence_days(absence: Absence) -> int:
    """The days an absence counts against ``MAXABSENCE``: whole days, plus the day begun.

    "set absence 3 Jul to 7 Jul" (July 3 0:00 to July 7 23:59) counts 5 days, as nJudge
    counts it (the help gives only the limit in days).
    """
    return (utc(absence.end) - utc(absence.start)) // timedelta(days=1) + 1


def cancel_absence(pending: Sequence[Absence], moment: datetime) -> tuple[Absence, ...] | Refused:
    """``SET NOABSENCE date``: remove the first pending absence that includes ``moment``."""
    for i, absence in enumerate(pending):
        if absence.includes(moment):
            return (*pending[:i], *pending[i + 1:])
    return Refused("No absence found for the specified date.")


def expire_absences(pending: Iterable[Absence], now: datetime) -> tuple[Absence, ...]:
    """The absences left when a turn is processed at ``now``: those ended before are removed."""
    return tuple(a for a in pending if utc(a.end) >= utc(now))


def absence_extends(absence: Absence, *, owes_orders: bool, game_has_press: bool,
                    strict_wait: bool, quiet: bool) -> bool:
    """Whether ``absence`` may extend the next deadline, by the help's four conditions.

    "At least one of the following conditions is met: a Master requested the absence;
    Player has a move to make and game is either StrictWait or NoPress; Game has press
    and is not StrictWait; The game is set to 'quiet' mode."  ``owes_orders`` says
    whether the absent player has orders to give in the phase whose deadline is set.
    """
    return (absence.master
            or (owes_orders and (strict_wait or not game_has_press))
            or (game_has_press and not strict_wait)
            or quiet)


def push_past_absences(deadline: datetime, absences: Iterable[Absence]) -> datetime:
    """The deadline moved to the end of every absence that includes it (one pass, in order).

    "The next deadline is increased for each pending absence that starts at or before
    the new deadline", to "the last end_date requested".  An absence that has ended by
    the deadline leaves it alone.  The caller repeats the pass (with the clock and days
    rules) until nothing moves, so the order of the absences does not matter.
    """
    moved = utc(deadline)
    for absence in absences:
        if utc(absence.start) <= moved < utc(absence.end):
            moved = utc(absence.end)
    return in_zone(moved, zone_of(deadline))
