"""Deadlines: when the next phase is due, its grace period, and the ``SET`` commands on them.

nJudge's help file ``deadlines`` gives a schedule per kind of phase::

    Move    clock 1410 min 12.00 next  71.00 grace 167.00 delay 0.50 days -MTWTF-
    Retreat clock   -1 min  0.00 next  23.00 grace  71.00 delay 0.50 days -MTWTF-
    Adjust  clock   -1 min  0.00 next  23.00 grace  71.00 delay 0.50 days -MTWTF-

* ``next``: the new deadline is that many hours after the previous phase was
  processed, pushed later to fit ``clock`` and ``days``, and never earlier than the
  deadline of the phase just processed (unless a Master sets it earlier by hand);
* ``clock``: if not negative, the deadline falls at that many minutes past midnight
  (1410 is 23:30), on the same day if that time is still to come, else the next day;
* ``days``: the days of the week (Sunday first) the deadline may fall on: an uppercase
  letter allows the day, a lowercase one allows it from noon, a dash forbids it;
* ``grace``: hours after the deadline before a late power is abandoned (or, in an
  ``NMR`` game, put in civil disorder); like the deadline, never earlier than the last
  grace; unless ``StrictGrace`` is set, it too is moved to a day ``days`` allows;
* ``min``: the earliest processing is that many hours after the previous phase;
* ``delay``: hours between the last due orders and an early processing (used by
  :mod:`machiavelli.service.house.processing`).

Pending absences push the new deadline to their end (:mod:`machiavelli.service.house.absence`):
the rules are applied again until nothing moves, as nJudge does.

Princes of the Renaissance has a schedule per kind of decision (its spec, section
4.4.2): ``action`` (a day by mail), ``bid`` and ``reaction`` (twelve hours), without
grace: a missing answer takes the game's default at the deadline
(:data:`DEFAULT_AT_DEADLINE`; :func:`~machiavelli.service.house.processing.judge_phase`).

``SET DEADLINE``, ``SET GRACE`` and ``SET START`` change the pending phase only
(:func:`set_deadline`, :func:`set_grace`, :func:`set_start`); ``SET MOVE|RETREAT|ADJUST
setting value`` changes the schedule for the phases to come (:func:`set_schedule`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, time, timedelta, tzinfo
from enum import StrEnum
from typing import Any

from machiavelli.service.house.absence import Absence, push_past_absences
from machiavelli.service.house.dates import (
    DEFAULT_TIME,
    hours_after,
    in_zone,
    local_at,
    minutes_of_day,
    utc,
    zone_of,
)
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role
from machiavelli.service.stored import only_fields

#: The ``set`` commands this module implements, each with the help file that describes it.
SET_COMMANDS: tuple[tuple[str, str], ...] = (
    ("SET DEADLINE date", "deadlines"),
    ("SET GRACE date", "deadlines"),
    ("SET START date", "deadlines"),
    ("SET WAIT", "deadlines"),
    ("SET NOWAIT", "deadlines"),
    ("SET MOVE|RETREAT|ADJUST setting value", "index"),
    ("SET [NO] NMR", "index"),
    ("SET [NO] STRICT GRACE", "index"),
    ("SET [NO] STRICT WAIT", "index"),
    ("SET [NO] MANUAL PROCESS", "index"),
)

#: The letters of ``days``, Sunday first (the help's "-MTWTF-" allows Monday to Friday).
DAY_LETTERS = "SMTWTFS"
#: How many times the clock, days and absence rules are applied before giving up.
MAX_ROUNDS = 50


class PhaseKind(StrEnum):
    """The kinds of decision, each with its own schedule: Machiavelli's three kinds of
    phase, and Princes' actions, bids and reaction windows (its spec, section 4.4.2)."""

    MOVEMENT = "movement"
    RETREAT = "retreat"
    ADJUSTMENT = "adjustment"
    ACTION = "action"
    BID = "bid"
    REACTION = "reaction"


#: Machiavelli's phases (nJudge's table of deadlines has a line for each)
MACHIAVELLI_PHASES = (PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT)
#: the decisions whose missing answers take the game's default once the deadline (and
#: its grace) has passed: nobody is abandoned nor put in civil disorder for it
DEFAULT_AT_DEADLINE = frozenset({PhaseKind.ACTION, PhaseKind.BID, PhaseKind.REACTION})


@dataclass(frozen=True)
class Schedule:
    """One line of the deadline table: ``clock min next grace delay days``."""

    clock: int = -1
    min_hours: float = 0.0
    next_hours: float = 23.0
    grace_hours: float = 71.0
    delay_hours: float = 0.5
    days: str = "-MTWTF-"

    def __post_init__(self) -> None:
        problem = schedule_problem(self)
        if problem:
            raise ValueError(problem)

    def to_dict(self) -> dict[str, Any]:
        return {"clock": self.clock, "min": self.min_hours, "next": self.next_hours,
                "grace": self.grace_hours, "delay": self.delay_hours, "days": self.days}

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: Schedule | None = None) -> Schedule:
        """The schedule :meth:`to_dict` wrote; a field left out keeps ``base``'s value."""
        only_fields(data, {"clock", "min", "next", "grace", "delay", "days"}, cls.__name__)
        d = base or cls()
        try:
            return cls(int(data.get("clock", d.clock)), float(data.get("min", d.min_hours)),
                       float(data.get("next", d.next_hours)),
                       float(data.get("grace", d.grace_hours)),
                       float(data.get("delay", d.delay_hours)), str(data.get("days", d.days)))
        except OverflowError:
            raise ValueError("Bad time specification: a number out of range.") from None


#: the longest time a deadline setting or an extension counts, in hours (a year)
MAX_HOURS = 24 * 365


def hours_problem(name: str, hours: float, *, signed: bool = False) -> str | None:
    """What is wrong with a number of hours (not a finite number, negative unless
    ``signed``, or past :data:`MAX_HOURS`), or None."""
    if not isinstance(hours, int | float) or not math.isfinite(hours):
        return f"Bad {name} time specification: {hours} (a number of hours)."
    if hours < 0 and not signed:
        return f"Bad {name} time specification: {hours:g} (hours, not negative)."
    if abs(hours) > MAX_HOURS:
        return (f"Bad {name} time specification: {hours:g} hours is more than a year "
                f"({MAX_HOURS} hours).")
    return None


def schedule_problem(schedule: Schedule) -> str | None:
    """What is wrong with a schedule, or None."""
    if not -1 <= schedule.clock < 1440:
        return f"Bad clock specification: {schedule.clock} (minutes past midnight, or -1)."
    for name, hours in (("minimum", schedule.min_hours), ("next", schedule.next_hours),
                        ("grace", schedule.grace_hours), ("delay", schedule.delay_hours)):
        problem = hours_problem(name, hours)
        if problem:
            return problem
    days = schedule.days
    if len(days) != 7 or any(c not in (letter, letter.lower(), "-")
                             for c, letter in zip(days, DAY_LETTERS, strict=True)):
        return f"Bad list of days specified: '{days}' (like -MTWTF-, Sunday first)."
    if days == "-------":
        return "At least one day of the week must be allowed."
    if 0 <= schedule.clock < 12 * 60 and not any(c.isupper() for c in days):
        return (f"No day allows a deadline at the clock time {schedule.clock}: lowercase days "
                "allow deadlines only from noon.")
    return None


MOVEMENT_DEFAULT = Schedule(1410, 12.0, 71.0, 167.0, 0.5, "-MTWTF-")
RETREAT_DEFAULT = Schedule(-1, 0.0, 23.0, 71.0, 0.5, "-MTWTF-")
ADJUSTMENT_DEFAULT = Schedule(-1, 0.0, 23.0, 71.0, 0.5, "-MTWTF-")
#: Princes by mail: a day for an action, twelve hours for a bid or a reaction, any day,
#: no grace (the default answers at the deadline) and no delay
ACTION_DEFAULT = Schedule(-1, 0.0, 24.0, 0.0, 0.0, "SMTWTFS")
BID_DEFAULT = Schedule(-1, 0.0, 12.0, 0.0, 0.0, "SMTWTFS")
REACTION_DEFAULT = Schedule(-1, 0.0, 12.0, 0.0, 0.0, "SMTWTFS")


@dataclass(frozen=True)
class DeadlinePolicy:
    """A game's deadline settings.

    ``nmr``: ``SET NMR`` (late powers go into civil disorder at the end of the grace
    and the phase is processed; default ``NoNMR``: the judge waits for them).
    ``strict_grace``: ``SET STRICT GRACE`` (the grace is an absolute interval).
    ``strict_wait``: ``SET STRICT WAIT`` (only players with orders due may set wait).
    ``manual_process``: ``SET MANUAL PROCESS`` (only the Master's PROCESS processes).
    ``action``, ``bid``, ``reaction``: Princes' schedules; ``nmr_limit``: after that many
    decisions in a row taken by default a Princes seat is in civil disorder (its spec's
    ``SET NMR LIMIT k``, section 4.4.3); ``bank_hours``: Princes' time bank, the hours
    each seat has per decade for its decisions (0: none; section 4.4.7,
    :mod:`machiavelli.service.bank`).
    """

    movement: Schedule = field(default=MOVEMENT_DEFAULT)
    retreat: Schedule = field(default=RETREAT_DEFAULT)
    adjustment: Schedule = field(default=ADJUSTMENT_DEFAULT)
    nmr: bool = False
    strict_grace: bool = False
    strict_wait: bool = False
    manual_process: bool = False
    action: Schedule = field(default=ACTION_DEFAULT)
    bid: Schedule = field(default=BID_DEFAULT)
    reaction: Schedule = field(default=REACTION_DEFAULT)
    nmr_limit: int = 3
    bank_hours: float = 0.0

    def schedule(self, kind: PhaseKind) -> Schedule:
        return {PhaseKind.MOVEMENT: self.movement, PhaseKind.RETREAT: self.retreat,
                PhaseKind.ADJUSTMENT: self.adjustment, PhaseKind.ACTION: self.action,
                PhaseKind.BID: self.bid, PhaseKind.REACTION: self.reaction}[kind]

    def to_dict(self) -> dict[str, Any]:
        return {"movement": self.movement.to_dict(), "retreat": self.retreat.to_dict(),
                "adjustment": self.adjustment.to_dict(), "nmr": self.nmr,
                "strict_grace": self.strict_grace, "strict_wait": self.strict_wait,
                "manual_process": self.manual_process, "action": self.action.to_dict(),
                "bid": self.bid.to_dict(), "reaction": self.reaction.to_dict(),
                "nmr_limit": self.nmr_limit, "bank_hours": self.bank_hours}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DeadlinePolicy:
        only_fields(data, {"movement", "retreat", "adjustment", "nmr", "strict_grace",
                           "strict_wait", "manual_process", "action", "bid", "reaction",
                           "nmr_limit", "bank_hours"},
                    cls.__name__)
        d = cls()
        return cls(
            Schedule.from_dict(data.get("movement", {}), d.movement),
            Schedule.from_dict(data.get("retreat", {}), d.retreat),
            Schedule.from_dict(data.get("adjustment", {}), d.adjustment),
            bool(data.get("nmr", d.nmr)), bool(data.get("strict_grace", d.strict_grace)),
            bool(data.get("strict_wait", d.strict_wait)),
            bool(data.get("manual_process", d.manual_process)),
            Schedule.from_dict(data.get("action", {}), d.action),
            Schedule.from_dict(data.get("bid", {}), d.bid),
            Schedule.from_dict(data.get("reaction", {}), d.reaction),
            _nmr_limit(data.get("nmr_limit", d.nmr_limit)),
            _bank_hours(data.get("bank_hours", d.bank_hours)))


def _nmr_limit(value: Any) -> int:
    try:
        limit = max(1, int(value))
    except OverflowError:
        limit = 101
    if limit > 100:
        raise ValueError(f"nmr_limit: 1 to 100 decisions, not {limit}")
    return limit


def _bank_hours(value: Any) -> float:
    hours = max(0.0, float(value))
    problem = hours_problem("time bank", hours)
    if problem is not None:
        raise ValueError(problem)
    return hours


#: The words of ``SET MOVE|RETREAT|ADJUST setting value`` (the help's "SET MOVES",
#: "SET BUILDS" are accepted too) and of the settings.
KIND_WORDS: dict[str, PhaseKind] = {
    "move": PhaseKind.MOVEMENT, "moves": PhaseKind.MOVEMENT, "movement": PhaseKind.MOVEMENT,
    "retreat": PhaseKind.RETREAT, "retreats": PhaseKind.RETREAT,
    "adjust": PhaseKind.ADJUSTMENT, "adjustment": PhaseKind.ADJUSTMENT,
    "adjustments": PhaseKind.ADJUSTMENT, "build": PhaseKind.ADJUSTMENT,
    "builds": PhaseKind.ADJUSTMENT, "action": PhaseKind.ACTION, "actions": PhaseKind.ACTION,
    "bid": PhaseKind.BID, "bids": PhaseKind.BID, "reaction": PhaseKind.REACTION,
    "reactions": PhaseKind.REACTION,
}
SETTING_WORDS: dict[str, str] = {
    "clock": "clock", "min": "min_hours", "next": "next_hours", "grace": "grace_hours",
    "delay": "delay_hours", "days": "days",
}


def set_schedule(policy: DeadlinePolicy, kind: PhaseKind,
                 settings: Iterable[tuple[str, str]]) -> DeadlinePolicy | Refused:
    """``SET MOVE|RETREAT|ADJUST setting value [setting value ...]``.

    ``settings`` are the (setting, value) word pairs, e.g. ``[("next", "48.0"),
    ("delay", "1.0")]`` for "SET MOVES NEXT 48.0 DELAY 1.0".  The pending phase keeps
    its deadline; the new schedule applies from the next one.
    """
    changes: dict[str, Any] = {}
    for word, value in settings:
        name = SETTING_WORDS.get(word.lower())
        if name is None:
            return Refused(f"Invalid keyword {word} (use CLOCK, MIN, NEXT, GRACE, DELAY "
                           "or DAYS).")
        try:
            changes[name] = (value if name == "days" else
                             int(value) if name == "clock" else float(value))
        except (ValueError, OverflowError):
            return Refused(f"Bad {word.lower()} specification: '{value}'.")
    try:
        updated = replace(policy.schedule(kind), **changes)
    except ValueError as problem:
        return Refused(str(problem))
    change: dict[str, Any] = {kind.value: updated}
    return replace(policy, **change)


def nmr_grace_warning(policy: DeadlinePolicy) -> str | None:
    """The help's warning for an ``NMR`` game with grace periods under 24 hours."""
    if policy.nmr and any(policy.schedule(k).grace_hours < 24 for k in MACHIAVELLI_PHASES):
        return ("If you are running an NMR game, your grace periods must be at least 24 "
                "hours and normally should be at least 48.")
    return None


# ----------------------------------------------------------------------
# The pending phase's times
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class PhaseClock:
    """The pending phase's times: its deadline, the end of its grace, its earliest processing."""

    deadline: datetime
    grace: datetime
    start: datetime

    def to_dict(self) -> dict[str, Any]:
        return {"deadline": self.deadline.isoformat(), "grace": self.grace.isoformat(),
                "start": self.start.isoformat()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PhaseClock:
        only_fields(data, {"deadline", "grace", "start"}, cls.__name__)
        return cls(datetime.fromisoformat(data["deadline"]),
                   datetime.fromisoformat(data["grace"]), datetime.fromisoformat(data["start"]))


def next_phase_clock(policy: DeadlinePolicy, kind: PhaseKind, processed_at: datetime,
                     previous: PhaseClock | None = None,
                     absences: Iterable[Absence] = ()) -> PhaseClock:
    """The times of a new phase of ``kind``, the previous phase processed at ``processed_at``.

    ``previous`` is the clock of the phase just processed (None at the start of the
    game): the new deadline and grace are never earlier than its own.  ``absences`` are
    the pending absences that count (see
    :func:`~machiavelli.service.house.absence.absence_extends`).
    """
    schedule = policy.schedule(kind)
    zone = zone_of(processed_at)
    absences = tuple(absences)
    base = hours_after(processed_at, schedule.next_hours)
    deadline = utc(previous.deadline) if previous else None
    for _ in range(MAX_ROUNDS):
        begin = base if deadline is None else max(base, deadline)
        moved = on_clock(begin, schedule.clock, zone)
        moved = on_allowed_day(moved, schedule.days, zone)
        moved = utc(push_past_absences(moved, absences))
        deadline = moved if deadline is None else max(deadline, moved)
        if moved == begin:
            break
    assert deadline is not None
    grace = grace_after(deadline, schedule, policy.strict_grace, zone)
    if previous is not None:
        grace = max(grace, utc(previous.grace))
    start = hours_after(processed_at, schedule.min_hours)
    return PhaseClock(in_zone(deadline, zone), in_zone(grace, zone), in_zone(start, zone))


def on_clock(moment: datetime, clock: int, zone: tzinfo) -> datetime:
    """``moment`` moved to the ``clock`` time: the same day if still to come, else the next."""
    if clock < 0:
        return utc(moment)
    local = in_zone(moment, zone)
    past_midnight = local - local.replace(hour=0, minute=0, second=0, microsecond=0)
    day = local.date()
    if past_midnight > timedelta(minutes=clock):
        day += timedelta(days=1)
    return local_at(day, minutes_of_day(clock), zone)


def on_allowed_day(moment: datetime, days: str, zone: tzinfo) -> datetime:
    """``moment`` moved to a day ``days`` allows (a dash: the next day at 0:00; a
    lowercase letter before noon: noon)."""
    moved = utc(moment)
    for _ in range(8):
        local = in_zone(moved, zone)
        letter = days[(local.weekday() + 1) % 7]
        if letter == "-":
            moved = local_at(local.date() + timedelta(days=1), time(0, 0), zone)
        elif letter.islower() and local.hour < 12:
            moved = local_at(local.date(), time(12, 0), zone)
        else:
            break
    return moved


def grace_after(deadline: datetime, schedule: Schedule, strict_grace: bool,
                zone: tzinfo) -> datetime:
    """The end of the grace period for ``deadline`` (UTC)."""
    grace = hours_after(deadline, schedule.grace_hours)
    return grace if strict_grace else on_allowed_day(grace, schedule.days, zone)


def date_default_time(policy: DeadlinePolicy, kind: PhaseKind) -> time:
    """The time of day a date without one gets: the pending phase's clock, else 23:30."""
    clock = policy.schedule(kind).clock
    return DEFAULT_TIME if clock < 0 else minutes_of_day(clock)


def set_deadline(clock: PhaseClock, new: datetime, policy: DeadlinePolicy, kind: PhaseKind,
                 now: datetime) -> PhaseClock | Refused:
    """``SET DEADLINE date``: the pending phase's new times.

    A later deadline brings the grace along ("extended to the appropriate interval
    after the new deadline"); an earlier one leaves the grace as it is.  An earliest
    processing time after the new deadline comes down to it.
    """
    if utc(new) < utc(now):
        return Refused("The given deadline is in the past.")
    zone = zone_of(now)
    grace = utc(clock.grace)
    later = hours_after(new, policy.schedule(kind).grace_hours)
    if grace < later:
        grace = grace_after(new, policy.schedule(kind), policy.strict_grace, zone)
    start = min(utc(clock.start), utc(new))
    return PhaseClock(in_zone(new, zone), in_zone(grace, zone), in_zone(start, zone))


def set_grace(clock: PhaseClock, new: datetime, now: datetime) -> PhaseClock | Refused:
    """``SET GRACE date``: when the grace period of the pending phase ends."""
    if utc(new) < utc(now):
        return Refused("The given grace date is in the past.")
    if utc(new) < utc(clock.deadline):
        return Refused("The grace date cannot be earlier than the deadline.")
    return replace(clock, grace=new)


def set_start(clock: PhaseClock, new: datetime, policy: DeadlinePolicy, kind: PhaseKind,
              now: datetime) -> PhaseClock | Refused:
    """``SET START date``: no processing before ``new``; a deadline before it moves to it."""
    if utc(new) < utc(now):
        return Refused("The given start date is in the past.")
    zone = zone_of(now)
    deadline = max(utc(clock.deadline), utc(new))
    grace = utc(clock.grace)
    if grace < deadline:
        grace = grace_after(deadline, policy.schedule(kind), policy.strict_grace, zone)
    return PhaseClock(in_zone(deadline, zone), in_zone(grace, zone), in_zone(new, zone))


def may_set_wait(policy: DeadlinePolicy, role: Role, *, owes_orders: bool,
                 active: bool = True) -> Refused | None:
    """``SET WAIT``: None when the participant may set it, else why not.

    A Master always may; "any currently active player" may, and under ``StrictWait``
    only "players who have moves currently required".  Observers and eliminated players
    are not active players.
    """
    if role is Role.MASTER:
        return None
    if role is Role.OBSERVER or not active:
        return Refused("Only the Master and currently active players can set wait.")
    if policy.strict_wait and not owes_orders:
        return Refused("This game is StrictWait: only players who have moves currently "
                       "required can set wait.")
    return None
