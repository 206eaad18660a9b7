"""Deadlines and the judge's dates, by the examples of nJudge's help file ``deadlines``."""

from __future__ import annotations

import re
from datetime import UTC, datetime, time
from zoneinfo import ZoneInfo

from njudge_quotes import QUOTES, unquoted

from machiavelli.service.house.dates import read_date
from machiavelli.service.house.deadlines import (
    SET_COMMANDS,
    DeadlinePolicy,
    PhaseClock,
    PhaseKind,
    Schedule,
    date_default_time,
    may_set_wait,
    next_phase_clock,
    nmr_grace_warning,
    set_deadline,
    set_grace,
    set_schedule,
    set_start,
)
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role

MOVE, RETREAT, ADJUST = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT
DEFAULT = DeadlinePolicy()


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0,
       zone: ZoneInfo | None = None) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=zone or UTC)


def policy(kind: PhaseKind = MOVE, **settings: str) -> DeadlinePolicy:
    changed = set_schedule(DEFAULT, kind, settings.items())
    assert isinstance(changed, DeadlinePolicy), changed
    return changed


# ----------------------------------------------------------------------
# The help file itself
# ----------------------------------------------------------------------


def test_deadlines_help_describes_every_set_command_implemented_as_quoted() -> None:
    assert unquoted(SET_COMMANDS) == []


def test_deadlines_help_default_table_is_the_default_policy_as_quoted() -> None:
    # Move    clock 1410 min 12.00 next  71.00 grace 167.00 delay 0.50 days -MTWTF-
    rows = re.findall(r"^(Move|Retreat|Adjust)\s+clock\s+(-?\d+)\s+min\s+([\d.]+)\s+next\s+"
                      r"([\d.]+)\s+grace\s+([\d.]+)\s+delay\s+([\d.]+)\s+days\s+(\S+)",
                      "\n".join(QUOTES["deadlines"]), re.MULTILINE)
    table = {kind: Schedule(int(c), float(m), float(n), float(g), float(d), days)
             for kind, c, m, n, g, d, days in rows}
    assert table == {"Move": DEFAULT.movement, "Retreat": DEFAULT.retreat,
                     "Adjust": DEFAULT.adjustment}
    # If the game is set "NoNMR" (the default) ...
    assert not DEFAULT.nmr and not DEFAULT.strict_grace and not DEFAULT.strict_wait


# ----------------------------------------------------------------------
# next, clock, days, min, grace
# ----------------------------------------------------------------------
def test_deadlines_next_71_and_clock_land_on_thursday() -> None:
    # If the Spring 1901 phase is processed, for example, at 11:35 pm Monday, then a
    # "next 72.0" setting would require the next deadline to be at 11:35 pm Thursday;
    # but, since "clock" requires that the deadline be exactly at 11:30 pm, this would
    # push the deadline forward to Friday.
    monday = at(2006, 7, 3, 23, 35)
    assert next_phase_clock(DEFAULT, MOVE, monday).deadline == at(2006, 7, 6, 23, 30)
    assert next_phase_clock(policy(next="72"), MOVE, monday).deadline == at(2006, 7, 7, 23, 30)


def test_deadlines_weekend_slides_to_monday() -> None:
    # because of the setting of days, if this falls on a weekend it will slide to Monday.
    thursday = at(2006, 7, 6, 23, 35)
    assert next_phase_clock(DEFAULT, MOVE, thursday).deadline == at(2006, 7, 10, 23, 30)


def test_deadlines_clock_minus_one_is_exactly_next_hours_after() -> None:
    # If negative, ... the new deadline is set at exactly "next" hours after the time the
    # previous phase was processed.
    tuesday = at(2006, 7, 4, 10, 17)
    assert next_phase_clock(DEFAULT, RETREAT, tuesday).deadline == at(2006, 7, 5, 9, 17)


def test_deadlines_clock_time_still_to_come_is_the_same_day() -> None:
    early = policy(next="0")
    assert next_phase_clock(early, MOVE, at(2006, 7, 4, 8, 0)).deadline == at(2006, 7, 4, 23, 30)
    # exactly at the clock time: stays
    assert next_phase_clock(early, MOVE, at(2006, 7, 4, 23, 30)).deadline == \
        at(2006, 7, 4, 23, 30)


def test_deadlines_never_earlier_than_the_last_processed_deadline() -> None:
    # if the moderator manually extends the current deadline for two weeks ... but then the
    # turn is processed because the absent player was nice enough to submit orders before
    # he left, the next deadline will still be approximately two weeks away
    processed = at(2006, 7, 3, 12, 0)
    extended = PhaseClock(at(2006, 7, 17, 23, 30), at(2006, 7, 24, 22, 30), at(2006, 7, 1))
    clock = next_phase_clock(DEFAULT, MOVE, processed, extended)
    assert clock.deadline == at(2006, 7, 17, 23, 30)
    # As with the deadline, the program should never set a grace period that is earlier
    # than the grace period from the last processed season.
    assert clock.grace == at(2006, 7, 24, 22, 30)


def test_deadlines_lowercase_day_means_after_noon() -> None:
    # If the letter is lowercase, then the deadline is delayed until after noon.
    mornings = policy(RETREAT, days="-mTWTF-")
    sunday = at(2006, 7, 9, 6, 0)   # + 23 hours: Monday 5:00
    assert next_phase_clock(mornings, RETREAT, sunday).deadline == at(2006, 7, 10, 12, 0)


def test_deadlines_min_is_the_earliest_processing() -> None:
    # there will be at least 12 hours after a build or retreat phase before the movement
    # orders will be processed
    processed = at(2006, 7, 4, 10, 0)
    assert next_phase_clock(DEFAULT, MOVE, processed).start == at(2006, 7, 4, 22, 0)
    assert next_phase_clock(DEFAULT, RETREAT, processed).start == processed


def test_deadlines_grace_is_moved_to_an_allowed_day_unless_strict() -> None:
    # Unless the "StrictGrace" flag has been set, the grace period also will be extended
    # to a day that is valid for the initial deadline.
    friday = at(2006, 7, 7, 10, 0)          # retreat deadline: Saturday 9:00 -> Monday 0:00
    clock = next_phase_clock(DEFAULT, RETREAT, friday)
    assert clock.deadline == at(2006, 7, 10, 0, 0)
    assert clock.grace == at(2006, 7, 12, 23, 0)     # + 71 hours: a Wednesday
    weekend = policy(RETREAT, grace="120")   # Monday 0:00 + 120 h = Saturday 0:00
    assert next_phase_clock(weekend, RETREAT, friday).grace == at(2006, 7, 17, 0, 0)
    strict = DeadlinePolicy(retreat=weekend.retreat, strict_grace=True)
    assert next_phase_clock(strict, RETREAT, friday).grace == at(2006, 7, 15, 0, 0)


def test_deadlines_grace_default_is_a_week_after_the_move_deadline() -> None:
    # In the default case, a grace period of one week after the initial deadline is allowed.
    clock = next_phase_clock(DEFAULT, MOVE, at(2006, 7, 3, 23, 35))
    assert clock.grace == at(2006, 7, 13, 22, 30)   # 167 hours after Thursday 23:30


def test_deadlines_clock_is_wall_time_across_summer_time() -> None:
    # All times are based on the time zone of the adjudicator.
    york = ZoneInfo("America/New_York")
    friday = at(2006, 10, 27, 23, 35, york)   # summer time ends on Sunday October 29
    deadline = next_phase_clock(DEFAULT, MOVE, friday).deadline
    assert deadline == at(2006, 10, 30, 23, 30, york)
    assert (deadline.hour, deadline.minute) == (23, 30)


# ----------------------------------------------------------------------
# SET MOVE|RETREAT|ADJUST, SET DEADLINE, SET GRACE, SET START, SET WAIT
# ----------------------------------------------------------------------
def test_deadlines_set_moves_and_builds() -> None:
    # SET MOVES NEXT 48.0 DELAY 1.0
    # SET BUILDS DELAY 1.0
    moves = set_schedule(DEFAULT, MOVE, [("NEXT", "48.0"), ("DELAY", "1.0")])
    assert isinstance(moves, DeadlinePolicy)
    builds = set_schedule(moves, ADJUST, [("DELAY", "1.0")])
    assert isinstance(builds, DeadlinePolicy)
    assert (builds.movement.next_hours, builds.movement.delay_hours) == (48.0, 1.0)
    assert builds.adjustment.delay_hours == 1.0
    assert builds.retreat == DEFAULT.retreat


def test_deadlines_set_schedule_refuses_bad_values() -> None:
    for settings in ([("days", "-MTWTFX")], [("days", "-------")], [("clock", "1440")],
                     [("next", "-1")], [("grace", "soon")], [("speed", "2")],
                     [("clock", "600"), ("days", "smtwtfs")]):
        assert isinstance(set_schedule(DEFAULT, MOVE, settings), Refused), settings


def test_deadlines_nmr_with_short_grace_is_warned() -> None:
    # If you are running an NMR game, therefore, your grace periods must be at least 24
    # hours and normally should be at least 48.
    assert nmr_grace_warning(DEFAULT) is None
    short = DeadlinePolicy(retreat=Schedule(-1, 0, 23, 12, 0.5), nmr=True)
    assert nmr_grace_warning(short) is not None
    assert nmr_grace_warning(DeadlinePolicy(nmr=True)) is None


def test_deadlines_set_deadline_later_extends_grace_earlier_does_not() -> None:
    # if SET DEADLINE is used to extend the deadline into the future, the grace period will
    # automatically be extended to the appropriate interval after the new deadline.  The
    # reverse is not true, however
    now = at(2006, 7, 3, 9, 0)
    clock = PhaseClock(at(2006, 7, 6, 23, 30), at(2006, 7, 13, 22, 30), at(2006, 7, 3, 21, 0))
    later = set_deadline(clock, at(2006, 7, 12, 23, 30), DEFAULT, MOVE, now)
    assert later == PhaseClock(at(2006, 7, 12, 23, 30), at(2006, 7, 19, 22, 30), clock.start)
    earlier = set_deadline(clock, at(2006, 7, 4, 23, 30), DEFAULT, MOVE, now)
    assert earlier == PhaseClock(at(2006, 7, 4, 23, 30), clock.grace, clock.start)
    assert isinstance(set_deadline(clock, at(2006, 7, 3, 8, 0), DEFAULT, MOVE, now), Refused)


def test_deadlines_set_start_after_the_deadline_moves_the_deadline() -> None:
    # If SET START is used with a date later than the current deadline, the deadline will
    # automatically be reset to the specified date.
    now = at(2006, 7, 3, 9, 0)
    clock = PhaseClock(at(2006, 7, 6, 23, 30), at(2006, 7, 13, 22, 30), at(2006, 7, 3, 21, 0))
    moved = set_start(clock, at(2006, 7, 20, 12, 0), DEFAULT, MOVE, now)
    assert isinstance(moved, PhaseClock)
    assert moved.start == moved.deadline == at(2006, 7, 20, 12, 0)
    assert moved.grace == at(2006, 7, 27, 11, 0)
    kept = set_start(clock, at(2006, 7, 5, 12, 0), DEFAULT, MOVE, now)
    assert kept == PhaseClock(clock.deadline, clock.grace, at(2006, 7, 5, 12, 0))


def test_deadlines_set_grace_not_before_the_deadline() -> None:
    now = at(2006, 7, 3, 9, 0)
    clock = PhaseClock(at(2006, 7, 6, 23, 30), at(2006, 7, 13, 22, 30), at(2006, 7, 3, 21, 0))
    assert isinstance(set_grace(clock, at(2006, 7, 5, 23, 30), now), Refused)
    assert set_grace(clock, at(2006, 7, 7, 23, 30), now) == \
        PhaseClock(clock.deadline, at(2006, 7, 7, 23, 30), clock.start)


def test_deadlines_set_wait_strict_wait() -> None:
    # If STRICTWAIT is set, only players who have moves currently required will be allowed
    # to set wait.  If NOSTRICTWAIT is set (default), any currently active player can set
    # wait.
    strict = DeadlinePolicy(strict_wait=True)
    assert may_set_wait(DEFAULT, Role.PLAYER, owes_orders=False) is None
    assert isinstance(may_set_wait(strict, Role.PLAYER, owes_orders=False), Refused)
    assert may_set_wait(strict, Role.PLAYER, owes_orders=True) is None
    assert may_set_wait(strict, Role.MASTER, owes_orders=False) is None
    assert isinstance(may_set_wait(DEFAULT, Role.OBSERVER, owes_orders=False), Refused)
    assert isinstance(may_set_wait(DEFAULT, Role.PLAYER, owes_orders=False, active=False),
                      Refused)


def test_deadlines_policy_and_clock_json_round_trip() -> None:
    changed = DeadlinePolicy(retreat=Schedule(600, 1, 30, 48, 0.25, "SMTWTFs"), nmr=True,
                             strict_grace=True, strict_wait=True, manual_process=True)
    for value in (DEFAULT, changed):
        assert DeadlinePolicy.from_dict(value.to_dict()) == value
    assert DeadlinePolicy.from_dict({}) == DEFAULT
    partial = DeadlinePolicy.from_dict({"movement": {"next": 48.0}})
    assert partial.movement == Schedule(1410, 12.0, 48.0, 167.0, 0.5, "-MTWTF-")
    clock = PhaseClock(at(2006, 7, 6, 23, 30, ZoneInfo("Europe/Rome")), at(2006, 7, 13, 22, 30),
                       at(2006, 7, 3, 21, 0))
    assert PhaseClock.from_dict(clock.to_dict()) == clock


# ----------------------------------------------------------------------
# HOW THE JUDGE INTERPRETS DATES
# ----------------------------------------------------------------------
def test_dates_elements_in_any_order() -> None:
    # so "SET DEADLINE Jun 15" and "SET DEADLINE 15 Jun" are equally valid; in fact, even
    # "SET DEADLINE Jun 23:30 15" will work.
    now = at(2006, 6, 1, 10, 0)
    expected = at(2006, 6, 15, 23, 30)
    for text in ("Jun 15", "15 Jun", "Jun 23:30 15", "JUN 15", "jun 15, 2006"):
        assert read_date(text, now) == expected, text


def test_dates_day_of_week_is_the_next_one() -> None:
    # So, if today is a Tuesday, "SET DEADLINE Tue" will set the deadline one week from today.
    tuesday = at(2006, 7, 4, 10, 0)
    assert read_date("Tue", tuesday) == at(2006, 7, 11, 23, 30)
    assert read_date("thu 12:00", tuesday) == at(2006, 7, 6, 12, 0)
    # If the day of the week is used, then the month and numeric day may not be used.
    assert isinstance(read_date("Tue 11 Jul", tuesday), Refused)


def test_dates_next_occurrence_within_120_days() -> None:
    # So, if it is currently December, "SET DEADLINE 10 Jan" will advance the deadline to
    # the next year, but if it is currently February, the same command will return an
    # error message.
    assert read_date("10 Jan", at(2006, 12, 20)) == at(2007, 1, 10, 23, 30)
    assert isinstance(read_date("10 Jan", at(2006, 2, 20)), Refused)
    assert read_date("10 Jan 2007", at(2006, 2, 20)) == at(2007, 1, 10, 23, 30)


def test_dates_day_without_month() -> None:
    # If today is June 1, then "SET DEADLINE 15" will advance the deadline to June 15.  If
    # today is June 20, however, the same command will advance the deadline to July 15.
    assert read_date("15", at(2006, 6, 1)) == at(2006, 6, 15, 23, 30)
    assert read_date("15", at(2006, 6, 20)) == at(2006, 7, 15, 23, 30)
    assert read_date("31", at(2006, 6, 20)) == at(2006, 7, 31, 23, 30)


def test_dates_month_without_day_and_no_date_at_all() -> None:
    # If a month but no day is specified, the last day of the month will be assumed.
    assert read_date("Feb", at(2007, 1, 10)) == at(2007, 2, 28, 23, 30)
    # If no month, day, or year is specified, the current day is assumed.
    assert read_date("18:00", at(2006, 6, 20, 9, 0)) == at(2006, 6, 20, 18, 0)


def test_dates_time_defaults_to_the_phase_clock_or_23_30() -> None:
    # If no time is specified, the "clock" setting for the currently pending phase is
    # assumed (if the "clock" setting is -1, then 23:30 is assumed).
    eleven = policy(clock="660")
    assert date_default_time(eleven, MOVE) == time(11, 0)
    assert date_default_time(DEFAULT, RETREAT) == time(23, 30)
    assert read_date("15 Jun", at(2006, 6, 1), date_default_time(eleven, MOVE)) == \
        at(2006, 6, 15, 11, 0)


def test_dates_refuse_what_is_not_a_date() -> None:
    # BE CAREFUL - only use initials ... (a date has the same spirit: only the help's words)
    now = at(2006, 6, 1)
    for text in ("", "Turkey", "June 15", "25:00", "15 16", "Jun Jul", "30 Feb 2007", "2007"):
        assert isinstance(read_date(text, now), Refused), text


def test_dates_need_the_judge_zone() -> None:
    naive = datetime(2006, 6, 1, 10, 0)
    try:
        read_date("15 Jun", naive)
    except ValueError:
        pass
    else:
        raise AssertionError("a naive now was accepted")
