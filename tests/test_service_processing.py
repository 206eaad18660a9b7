"""When the pending phase is processed: nJudge's help file ``deadlines`` on delay, wait,
grace, late and abandoned powers, NMR and civil disorder."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from njudge_quotes import flat, quoted

from machiavelli.service.house.deadlines import DeadlinePolicy, PhaseClock, PhaseKind, Schedule
from machiavelli.service.house.processing import Attendance, Verdict, Why, judge_phase

MOVE = PhaseKind.MOVEMENT
NONMR = DeadlinePolicy()
NMR = DeadlinePolicy(nmr=True)
H = timedelta(hours=1)
DEADLINE = datetime(2006, 7, 6, 23, 30, tzinfo=UTC)
GRACE = DEADLINE + 167 * H
START = DEADLINE - 60 * H
CLOCK = PhaseClock(DEADLINE, GRACE, START)
POWERS = frozenset({"Austria", "France", "Venice"})


def attendance(submitted: set[str] | frozenset[str] = POWERS, *, due: frozenset[str] = POWERS,
               waiting: frozenset[str] = frozenset(), cd: frozenset[str] = frozenset(),
               ready: datetime | None = None) -> Attendance:
    return Attendance(due, frozenset(submitted), waiting, cd, ready)


def judge(att: Attendance, now: datetime, policy: DeadlinePolicy = NONMR,
          clock: PhaseClock = CLOCK, *, paused: bool = False,
          last_notice: datetime | None = None) -> Verdict:
    return judge_phase(policy, MOVE, clock, att, now, paused=paused, last_notice=last_notice)


def test_processing_help_describes_nmr_late_and_abandoned_as_quoted() -> None:
    text = quoted("deadlines")
    for words in ('If the game is set "NoNMR" (the default), the Judge will wait for orders '
                  "until the end of the grace period",
                  "the power will be deemed abandoned if orders have not been received by "
                  "24 hours *before* the end of the grace period",
                  'the power will be declared in "Civil Disorder" and the phase will be '
                  "processed with incomplete orders",
                  "powers marked CD will not be considered when deciding whether the "
                  "deadline should slide"):
        assert flat(words) in text, words


# ----------------------------------------------------------------------
# Early processing, delay, wait, start
# ----------------------------------------------------------------------
def test_processing_all_in_early_after_the_delay() -> None:
    # if all powers get their orders in before the deadline, the orders will be processed
    # one half hour later.
    last = DEADLINE - 30 * H
    att = attendance(ready=last)
    running = judge(att, last + 0.25 * H)
    assert (running.process, running.why, running.next_look) == \
        (False, Why.DELAY_RUNNING, last + 0.5 * H)
    done = judge(att, last + 0.5 * H)
    assert (done.process, done.why) == (True, Why.ALL_READY_EARLY)


def test_processing_wait_holds_until_the_deadline() -> None:
    # If you include a "SET WAIT" command with your orders, you can avoid having your
    # orders processed before the deadline.
    att = attendance(waiting=frozenset({"France"}), ready=DEADLINE - 30 * H)
    before = judge(att, DEADLINE - H)
    assert (before.process, before.why, before.next_look) == (False, Why.WAIT_REQUESTED, DEADLINE)
    at_deadline = judge(att, DEADLINE)
    assert (at_deadline.process, at_deadline.why) == (True, Why.DEADLINE_ALL_IN)


def test_processing_delay_never_passes_the_deadline() -> None:
    att = attendance(ready=DEADLINE - 0.1 * H)
    assert judge(att, DEADLINE - 0.05 * H).next_look == DEADLINE
    assert judge(att, DEADLINE).process


def test_processing_not_before_start() -> None:
    # SET START date   Prevents orders being processed before "date".
    clock = PhaseClock(DEADLINE, GRACE, DEADLINE - 10 * H)
    att = attendance(ready=DEADLINE - 30 * H)
    early = judge(att, DEADLINE - 20 * H, clock=clock)
    assert (early.process, early.why, early.next_look) == \
        (False, Why.BEFORE_START, DEADLINE - 10 * H)
    assert judge(att, DEADLINE - 10 * H, clock=clock).process


def test_processing_orders_missing_before_the_deadline() -> None:
    verdict = judge(attendance({"Austria"}), DEADLINE - H)
    assert (verdict.process, verdict.why, verdict.late, verdict.next_look) == \
        (False, Why.ORDERS_MISSING, frozenset(), DEADLINE)


def test_processing_power_with_nothing_to_order_is_not_awaited() -> None:
    # a power with nothing to order owes none: with nobody owing orders the phase goes at once
    nobody = attendance(frozenset(), due=frozenset())
    assert judge(nobody, START).process
    two = attendance({"Austria", "France"}, due=frozenset({"Austria", "France"}),
                     ready=START)
    assert judge(two, START + H).why is Why.ALL_READY_EARLY


def test_processing_civil_disorder_powers_are_not_awaited() -> None:
    # On subsequent phases powers marked CD will not be considered when deciding whether
    # the deadline should slide.
    att = attendance({"Austria", "France"}, cd=frozenset({"Venice"}), ready=START)
    verdict = judge(att, START + H)
    assert (verdict.process, verdict.why) == (True, Why.ALL_READY_EARLY)


# ----------------------------------------------------------------------
# The deadline, late powers, grace, NMR
# ----------------------------------------------------------------------
def test_processing_deadline_exactly_now() -> None:
    assert judge(attendance(ready=DEADLINE - H), DEADLINE).why is Why.DEADLINE_ALL_IN
    late = judge(attendance({"Austria", "France"}), DEADLINE)
    # When the deadline comes up, a reminder message will be sent to everyone who hasn't
    # gotten their orders in
    assert (late.process, late.why, late.late, late.late_notice) == \
        (False, Why.LATE, frozenset({"Venice"}), True)
    assert late.next_look == DEADLINE + 24 * H


def test_processing_late_notice_every_day() -> None:
    # Another reminder will be sent to the late parties, and a notice to all other
    # participants, every day.
    att = attendance({"Austria", "France"})
    assert not judge(att, DEADLINE + 2 * H, last_notice=DEADLINE).late_notice
    assert judge(att, DEADLINE + 25 * H, last_notice=DEADLINE).late_notice
    assert not judge(att, DEADLINE + 25 * H, last_notice=DEADLINE + 24 * H).late_notice


def test_processing_nonmr_waits_for_abandoned_powers() -> None:
    # If the game is set "NoNMR" (the default), the Judge will wait for orders until the
    # end of the grace period.  Then, ... the late power has been abandoned. ... No orders
    # will be processed until the late power returns or is taken over.
    att = attendance({"Austria", "France"})
    grace_running = judge(att, GRACE - H)
    assert (grace_running.process, grace_running.abandoned) == (False, frozenset())
    abandoned = judge(att, GRACE, last_notice=GRACE - 12 * H)
    assert (abandoned.process, abandoned.why, abandoned.abandoned, abandoned.late_notice,
            abandoned.civil_disorder, abandoned.next_look) == \
        (False, Why.ABANDONED, frozenset({"Venice"}), True, frozenset(), None)
    assert not judge(att, GRACE + 100 * H).process


def test_processing_nmr_abandons_a_day_early_then_civil_disorder() -> None:
    # If the game is set "NMR," the power will be deemed abandoned if orders have not been
    # received by 24 hours *before* the end of the grace period. ... At the end of the
    # grace period, if complete orders still have not been received, ... the power will be
    # declared in "Civil Disorder" and the phase will be processed with incomplete orders.
    att = attendance({"Austria"})
    day_before = judge(att, GRACE - 24 * H, NMR)
    assert (day_before.process, day_before.why, day_before.abandoned) == \
        (False, Why.LATE, frozenset({"France", "Venice"}))
    assert judge(att, GRACE - 25 * H, NMR).abandoned == frozenset()
    expired = judge(att, GRACE, NMR)
    assert (expired.process, expired.why, expired.civil_disorder) == \
        (True, Why.GRACE_EXPIRED, frozenset({"France", "Venice"}))


def test_processing_late_orders_arriving_in_the_grace_process() -> None:
    arrived = judge(attendance(ready=DEADLINE + 30 * H), DEADLINE + 31 * H, NMR)
    assert (arrived.process, arrived.why) == (True, Why.DEADLINE_ALL_IN)


def test_processing_grace_zero() -> None:
    # grace zero: the grace ends at the deadline
    clock = PhaseClock(DEADLINE, DEADLINE, START)
    att = attendance({"Austria", "France"})
    nmr = judge(att, DEADLINE, NMR, clock)
    assert (nmr.process, nmr.why, nmr.civil_disorder, nmr.late_notice) == \
        (True, Why.GRACE_EXPIRED, frozenset({"Venice"}), True)
    nonmr = judge(att, DEADLINE, NONMR, clock)
    assert (nonmr.process, nonmr.why, nonmr.abandoned) == \
        (False, Why.ABANDONED, frozenset({"Venice"}))


def test_processing_every_power_late() -> None:
    nobody = attendance(frozenset())
    verdict = judge(nobody, GRACE, NMR)
    assert (verdict.process, verdict.civil_disorder) == (True, POWERS)


def test_processing_manual_process_and_pause() -> None:
    # SET [NO] MANUAL PROCESS: the turn will only occur when the moderator executes the
    # 'PROCESS' command.
    manual = DeadlinePolicy(manual_process=True)
    ready = attendance(ready=START)
    assert (judge(ready, START + H, manual).process, judge(ready, START + H, manual).why) == \
        (False, Why.MANUAL)
    assert not judge(attendance({"Austria"}), GRACE, DeadlinePolicy(nmr=True,
                                                                    manual_process=True)).process
    # PAUSE: No game processing or deadline expiration will occur.
    paused = judge(attendance({"Austria"}), GRACE, NMR, paused=True)
    assert (paused.process, paused.why, paused.late) == (False, Why.PAUSED, frozenset())


def test_processing_uses_the_phase_kind_delay() -> None:
    slow = DeadlinePolicy(adjustment=Schedule(delay_hours=3.0))
    att = attendance(ready=START)
    verdict = judge_phase(slow, PhaseKind.ADJUSTMENT, CLOCK, att, START + 2 * H)
    assert (verdict.process, verdict.next_look) == (False, START + 3 * H)
    assert judge_phase(slow, MOVE, CLOCK, att, START + 2 * H).process
