"""When the pending phase is processed: early, at the deadline, or after the grace period.

nJudge's help file ``deadlines`` (and ``SET WAIT``, ``SET NMR``, ``SET MANUAL PROCESS``
and ``PAUSE`` in ``index``), read as one decision, :func:`judge_phase`:

* **early**: when every power that owes orders has complete, error-free orders in and
  nobody asked to wait ("SET WAIT"), the phase is processed ``delay`` hours after the
  last of them came in, but never before the earliest processing time (``min`` after
  the previous phase, or ``SET START``) and never later than the deadline;
* **at the deadline** (the deadline is reached when ``now`` equals it): the wait flags
  no longer hold; with every due power in, the phase is processed;
* **late**: a power that owes orders and has none in at the deadline is late.  A late
  notice goes out at the deadline and then every day (to the late powers, and a notice
  to the others; the service sends them);
* **NoNMR** (the default): at the end of the grace period a late power is *abandoned*
  (free for takeover) and "no orders will be processed until the late power returns or
  is taken over";
* **NMR**: a late power is deemed abandoned 24 hours *before* the end of the grace; at
  the end of the grace, the powers still late go into civil disorder and the phase is
  processed with incomplete orders;
* a power already in civil disorder is not waited for ("On subsequent phases powers
  marked CD will not be considered"), until a SIGNON clears the mark (the service's);
* ``SET MANUAL PROCESS``: the judge never processes by itself, the Master's ``PROCESS``
  does; a paused game (``PAUSE``) is neither processed nor made late;
* a decision of a kind whose missing answers take a default (Princes' actions, bids
  and reactions: :data:`~machiavelli.service.house.deadlines.DEFAULT_AT_DEADLINE`) is
  resolved at the end of its grace (by default, the deadline) with the defaults for the
  late seats, who are neither abandoned nor put in civil disorder for it.

Absences do not enter here: "Setting an absence never extends the *current* deadline"
(help file ``absence``); they move the *next* deadline
(:func:`machiavelli.service.house.deadlines.next_phase_clock`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from machiavelli.service.house.dates import hours_after, in_zone, utc, zone_of
from machiavelli.service.house.deadlines import (
    DEFAULT_AT_DEADLINE,
    DeadlinePolicy,
    PhaseClock,
    PhaseKind,
)

#: In an NMR game a late power is abandoned this long before the grace period ends.
NMR_ABANDON_BEFORE_GRACE = timedelta(hours=24)
#: Late notices are repeated this often.
NOTICE_INTERVAL = timedelta(days=1)


class Why(StrEnum):
    """Why the judge processes the phase now, or why not yet."""

    # processed now
    ALL_READY_EARLY = "every due power has orders in and nobody waits"
    DEADLINE_ALL_IN = "the deadline has come and every due power has orders in"
    GRACE_EXPIRED = "the grace period has ended: late powers go into civil disorder"
    DEFAULTED = "the deadline has passed: the missing answers take the default"
    # not yet
    ORDERS_MISSING = "orders are missing and the deadline has not come"
    WAIT_REQUESTED = "someone asked to wait for the deadline"
    DELAY_RUNNING = "every due power has orders in; the delay is running"
    BEFORE_START = "the earliest processing time has not come"
    LATE = "powers are late: the judge waits until the grace period ends"
    ABANDONED = "late powers are abandoned: the judge waits for them or a replacement"
    MANUAL = "the game is processed only by the Master (manual process)"
    PAUSED = "the game is paused"


@dataclass(frozen=True)
class Attendance:
    """Who owes what in the pending phase.

    ``due``: the powers that owe orders (a power with nothing to order owes none).
    ``submitted``: the powers whose complete, error-free orders are in.
    ``waiting``: the participants (powers, or a Master's name) who set WAIT.
    ``civil_disorder``: the powers in civil disorder, not waited for.
    ``ready_since``: when the last due orders, or the last NOWAIT, came in (the delay
    runs from it; None counts as long ago).
    """

    due: frozenset[str] = frozenset()
    submitted: frozenset[str] = frozenset()
    waiting: frozenset[str] = frozenset()
    civil_disorder: frozenset[str] = frozenset()
    ready_since: datetime | None = None

    @property
    def missing(self) -> frozenset[str]:
        """The due powers the judge waits for: not in, not in civil disorder."""
        return self.due - self.submitted - self.civil_disorder


@dataclass(frozen=True)
class Verdict:
    """What the judge does with the pending phase at a given moment.

    ``process``: process the phase now, ``why`` says why (or why not).
    ``late``: the powers late now (none before the deadline).
    ``abandoned``: the late powers now deemed abandoned, free for takeover.
    ``civil_disorder``: the powers put in civil disorder by this processing.
    ``late_notice``: a late notice is due now (at the deadline, then daily, and when
    powers become abandoned); the caller records when it sent one.
    ``next_look``: when the verdict may next change with time alone (None: only an
    event, such as orders or a takeover, can change it).
    """

    process: bool
    why: Why
    late: frozenset[str] = frozenset()
    abandoned: frozenset[str] = frozenset()
    civil_disorder: frozenset[str] = frozenset()
    late_notice: bool = False
    next_look: datetime | None = None


def abandon_time(policy: DeadlinePolicy, clock: PhaseClock) -> datetime:
    """When a late power is deemed abandoned: the end of the grace (NoNMR) or 24 hours
    before it (NMR), but never before the deadline."""
    grace = utc(clock.grace)
    if policy.nmr:
        grace -= NMR_ABANDON_BEFORE_GRACE
    return max(grace, utc(clock.deadline))


def notice_times(policy: DeadlinePolicy, clock: PhaseClock) -> tuple[datetime, ...]:
    """The moments a late notice is due: the deadline, every day after it until the
    grace ends, and the moment late powers become abandoned (UTC, in order)."""
    deadline, grace = utc(clock.deadline), utc(clock.grace)
    moments = {abandon_time(policy, clock)}
    moment = deadline
    while moment < grace or moment == deadline:
        moments.add(moment)
        moment += NOTICE_INTERVAL
    return tuple(sorted(moments))


def judge_phase(policy: DeadlinePolicy, kind: PhaseKind, clock: PhaseClock,
                attendance: Attendance, now: datetime, *, paused: bool = False,
                last_notice: datetime | None = None) -> Verdict:
    """What the judge does with the pending phase of ``kind`` at ``now``.

    ``last_notice`` is when the last late notice for this phase went out (None: none).
    """
    zone = zone_of(now)
    at = utc(now)
    deadline, grace, start = utc(clock.deadline), utc(clock.grace), utc(clock.start)
    missing = attendance.missing

    def verdict(process: bool, why: Why, *, late: Iterable[str] = (),
                abandoned: Iterable[str] = (), cd: Iterable[str] = (), notice: bool = False,
                looks: Iterable[datetime] = ()) -> Verdict:
        future = [m for m in looks if m > at]
        return Verdict(process, why, frozenset(late), frozenset(abandoned), frozenset(cd),
                       notice, in_zone(min(future), zone) if future else None)

    if paused:
        return verdict(False, Why.PAUSED)
    hold = Why.MANUAL if policy.manual_process else None
    if at < deadline:
        if missing:
            return verdict(False, Why.ORDERS_MISSING, looks=[deadline])
        if attendance.waiting:
            return verdict(False, Why.WAIT_REQUESTED, looks=[deadline])
        delay_end = at if attendance.ready_since is None else hours_after(
            attendance.ready_since, policy.schedule(kind).delay_hours)
        due_at = max(start, min(delay_end, deadline))
        if at < due_at:
            why = Why.DELAY_RUNNING if delay_end > at else Why.BEFORE_START
            return verdict(False, why, looks=[due_at])
        return verdict(hold is None, hold or Why.ALL_READY_EARLY)
    # the deadline has come
    if not missing:
        if at < start:
            return verdict(False, Why.BEFORE_START, looks=[start])
        return verdict(hold is None, hold or Why.DEADLINE_ALL_IN)
    notices = notice_times(policy, clock)
    last_due = max((m for m in notices if m <= at), default=None)
    notice = last_due is not None and (last_notice is None or utc(last_notice) < last_due)
    if kind in DEFAULT_AT_DEADLINE:
        if at < grace:
            return verdict(False, Why.LATE, late=missing, notice=notice, looks=[*notices, grace])
        if at < start:
            return verdict(False, Why.BEFORE_START, late=missing, notice=notice, looks=[start])
        return verdict(hold is None, hold or Why.DEFAULTED, late=missing, notice=notice)
    abandon = abandon_time(policy, clock)
    abandoned = missing if at >= abandon else frozenset()
    looks = [*notices, abandon, grace]
    if at < grace:
        return verdict(False, Why.LATE, late=missing, abandoned=abandoned, notice=notice,
                       looks=looks)
    if not policy.nmr:
        return verdict(False, Why.ABANDONED, late=missing, abandoned=missing, notice=notice)
    if at < start:
        return verdict(False, Why.BEFORE_START, late=missing, abandoned=missing,
                       notice=notice, looks=[start])
    if hold is not None:
        return verdict(False, hold, late=missing, abandoned=missing, notice=notice)
    return verdict(True, Why.GRACE_EXPIRED, late=missing, abandoned=missing, cd=missing,
                   notice=notice)
