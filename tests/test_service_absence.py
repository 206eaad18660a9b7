"""Absences, by the examples of nJudge's help file ``absence``."""

from __future__ import annotations

from datetime import UTC, datetime

from njudge_quotes import quoted, unquoted

from machiavelli.service.house.absence import (
    ABSENCE_SLOTS,
    SET_COMMANDS,
    START_TIME,
    Absence,
    AbsenceForMaster,
    AbsencePolicy,
    absence_days,
    absence_extends,
    cancel_absence,
    expire_absences,
    read_absence_dates,
    request_absence,
    set_max_absence,
)
from machiavelli.service.house.dates import read_date
from machiavelli.service.house.deadlines import (
    DeadlinePolicy,
    PhaseClock,
    PhaseKind,
    next_phase_clock,
)
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role

MOVE, RETREAT = PhaseKind.MOVEMENT, PhaseKind.RETREAT
POLICY = AbsencePolicy()
DEADLINES = DeadlinePolicy()


def at(month: int, day: int, hour: int = 0, minute: int = 0, year: int = 2006) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


# Assume the current deadline is Friday, June 30 at 23:30 local Judge time, the default
# deadline settings apply, and the following commands are issued, in order, by one player
# on June 29:
NOW = at(6, 29, 10, 0)
CURRENT = PhaseClock(at(6, 30, 23, 30), at(7, 7, 22, 30), at(6, 26, 12, 0))
PROCESSED = at(6, 30, 23, 30)


def absent(text: str, pending: tuple[Absence, ...] = (), role: Role = Role.PLAYER,
           now: datetime = NOW) -> tuple[Absence, ...]:
    dates = read_absence_dates(text, now)
    assert not isinstance(dates, Refused), dates
    done = request_absence(pending, *dates, now, POLICY, role=role)
    assert isinstance(done, tuple), done
    return done


def next_deadline(absences: tuple[Absence, ...], kind: PhaseKind = MOVE) -> datetime:
    return next_phase_clock(DEADLINES, kind, PROCESSED, CURRENT, absences).deadline


def test_absence_help_describes_every_set_command_implemented_as_quoted() -> None:
    assert unquoted(SET_COMMANDS) == []
    assert "only a maximum of 3 (three) absences can be pending" in quoted("absence")
    assert ABSENCE_SLOTS == 3


def test_absence_example_1_a_day_from_midnight() -> None:
    # (1)  set absence 29 Jun
    #      By default, sets a 24-hour absence from June 29 0:00 to June 30 0:00.  Since the
    #      end of this absence is before the current deadline, it will not have any
    #      practical effect on the game.
    pending = absent("29 Jun")
    assert pending == (Absence(at(6, 29), at(6, 30)),)
    assert next_deadline(pending) == next_deadline(()) == at(7, 3, 23, 30)


def test_absence_example_2_noabsence_clears_it() -> None:
    # (2)  set noabsence 29 Jun
    #      Clears the absence set in step (1).
    day = read_date("29 Jun", NOW, START_TIME)
    assert not isinstance(day, Refused)
    assert cancel_absence(absent("29 Jun"), day) == ()


def test_absence_example_3_pushes_the_next_deadline() -> None:
    # (3)  set absence 3 Jul 12:00
    #      Sets a 24-hour absence from (Monday) July 3 12:00 to (Tuesday) July 4 12:00.
    #      Since the next deadline under the default game settings will be at 23:30 on
    #      Monday, July 3, which is during the requested absence period, the absence will
    #      push the deadline
    pending = absent("3 Jul 12:00")
    assert pending == (Absence(at(7, 3, 12), at(7, 4, 12)),)
    assert next_deadline(()) == at(7, 3, 23, 30)
    assert next_deadline(pending) == at(7, 4, 23, 30)


def test_absence_example_4_end_of_absence_then_clock_and_days() -> None:
    # (4)  set absence 3 Jul to 7 Jul
    #      Sets an absence from Monday July 3 0:00 to Friday July 7 23:59. ... extend the
    #      next deadline to the end of that absence period, which is Friday July 7 at
    #      23:59, and then due to the clock and days parameters set the deadline on Monday,
    #      July 10. If the deadline were a retreat (clock parameter of -1), then the
    #      deadline would be set on Friday, July 7, at 23:59.
    pending = absent("3 Jul to 7 Jul")
    assert pending == (Absence(at(7, 3), at(7, 7, 23, 59)),)
    assert next_deadline(pending) == at(7, 10, 23, 30)
    assert next_deadline(pending, RETREAT) == at(7, 7, 23, 59)


def test_absence_example_5_overlapping_absences_both_count() -> None:
    # (5)  Set Absence 6 Jul 16:00 to 10 Jul 20:00
    #      Sets an absence overlapping the one set in step (4).  When the current phase is
    #      processed on June 30, both absences would be triggered and the next deadline
    #      would be set for Monday, July 10 at 23:30. Though, once again, if the clock
    #      parameter were -1, then the deadline would be set for July 10 at 20:00.
    pending = absent("6 Jul 16:00 to 10 Jul 20:00", absent("3 Jul to 7 Jul"))
    assert len(pending) == 2
    assert next_deadline(pending) == at(7, 10, 23, 30)
    assert next_deadline(pending, RETREAT) == at(7, 10, 20, 0)
    assert next_deadline(pending[::-1], RETREAT) == at(7, 10, 20, 0)


def test_absence_example_6_noabsence_clears_the_first_that_includes_the_date() -> None:
    # (6)  set noabsence 6 Jul
    #      Clears the absence set in step (4), because it is the first one for which the
    #      specified date falls within the requested absence period.
    four = absent("3 Jul to 7 Jul")
    five = absent("6 Jul 16:00 to 10 Jul 20:00", four)
    day = read_date("6 Jul", NOW, START_TIME)
    assert not isinstance(day, Refused)
    assert cancel_absence(five, day) == five[1:]
    assert isinstance(cancel_absence((), day), Refused)


def test_absence_three_slots_then_expiry_frees_one() -> None:
    # Only a maximum of 3 (three) absences can be pending at any given time for a single
    # player.  Once an absence expires, however, it is removed from memory and its "slot"
    # becomes available for another request.
    three = absent("10 Jul", absent("3 Jul", absent("29 Jun")))
    dates = read_absence_dates("17 Jul", NOW)
    assert not isinstance(dates, Refused)
    assert isinstance(request_absence(three, *dates, NOW, POLICY, role=Role.PLAYER), Refused)
    # Each time a turn is processed, any absence that was set to end before the current
    # date/time is expired and removed from memory.
    later = expire_absences(three, PROCESSED)
    assert later == three[1:]
    assert len(absent("17 Jul", later, now=PROCESSED)) == 3


def test_absence_who_may_set_one() -> None:
    # Observers and inactive (eliminated) players cannot use the SET ABSENCE command.
    start, end = at(7, 3), at(7, 4)
    assert isinstance(request_absence((), start, end, NOW, POLICY, role=Role.OBSERVER), Refused)
    assert isinstance(request_absence((), start, end, NOW, POLICY, role=Role.PLAYER,
                                      active=False), Refused)
    master = request_absence((), start, end, NOW, POLICY, role=Role.MASTER)
    assert master == (Absence(start, end, master=True),)


def test_absence_dates_not_in_the_past_end_after_start() -> None:
    # Neither start_date nor end_date can be before the current date.  If end_date is
    # before start_date, the command will be ignored.
    for start, end in ((at(6, 28, 12), at(7, 2)), (at(7, 5), at(7, 3))):
        assert isinstance(request_absence((), start, end, NOW, POLICY, role=Role.PLAYER),
                          Refused)
    # today is the current date: allowed even at an hour already past
    assert request_absence((), at(6, 29, 1), None, NOW, POLICY, role=Role.PLAYER) == \
        (Absence(at(6, 29, 1), at(6, 30, 1)),)


def test_absence_over_the_game_limit_goes_to_the_master() -> None:
    # If an absence request exceeds the game limit (see command "SET MAXABSENCE" in file
    # 'index'), a message will be sent to the Master who must manually activate the
    # absence for it to take effect. ... The MAXABSENCE setting is ignored if the absence
    # is set by a Master, even using BECOME.
    fifteen = (at(7, 1), at(7, 15, 23, 59))
    sixteen = (at(7, 1), at(7, 16, 23, 59))
    assert absence_days(Absence(*fifteen)) == 15
    assert isinstance(request_absence((), *fifteen, NOW, POLICY, role=Role.PLAYER), tuple)
    held = request_absence((), *sixteen, NOW, POLICY, role=Role.PLAYER)
    assert isinstance(held, AbsenceForMaster) and held.absence == Absence(*sixteen)
    assert request_absence((), *sixteen, NOW, POLICY, role=Role.PLAYER, by_master=True) == \
        (Absence(*sixteen),)


def test_absence_max_absence_bounds() -> None:
    # SET MAX ABSENCE number ... Default is 15. ... can be set no higher than 31 and no
    # lower than 0.
    assert POLICY.max_absence_days == 15
    assert set_max_absence(POLICY, 31) == AbsencePolicy(31)
    assert isinstance(set_max_absence(POLICY, 32), Refused)
    assert isinstance(set_max_absence(POLICY, -1), Refused)


def test_absence_never_extends_the_current_deadline() -> None:
    # IMPORTANT: Setting an absence never extends the *current* deadline; it only takes
    # effect when a turn is processed, if the *next* deadline using the normal settings
    # would fall after start_date.
    over_current = absent("30 Jun to 1 Jul")
    assert next_deadline(over_current) == at(7, 3, 23, 30)


def test_absence_every_power_absent_takes_the_last_return() -> None:
    # Note: The deadline will be adjusted to be equal to the last end_date requested.
    everyone = (Absence(at(7, 2), at(7, 5, 18)), Absence(at(7, 5), at(7, 12, 9)),
                Absence(at(7, 12), at(7, 14, 10)))
    assert next_deadline(everyone, RETREAT) == at(7, 14, 10)
    assert next_deadline(everyone) == at(7, 14, 23, 30)


def test_absence_which_absences_extend_the_deadline() -> None:
    # - a Master requested the absence
    # - Player has a move to make and game is either StrictWait or NoPress
    # - Game has press and is not StrictWait
    # - The game is set to 'quiet' mode.
    player, master = Absence(at(7, 3), at(7, 4)), Absence(at(7, 3), at(7, 4), master=True)

    def extends(a: Absence, owes: bool, press: bool, strict: bool, quiet: bool = False) -> bool:
        return absence_extends(a, owes_orders=owes, game_has_press=press, strict_wait=strict,
                               quiet=quiet)

    assert extends(master, False, False, True)
    assert extends(player, True, False, False)
    assert extends(player, True, True, True)
    assert not extends(player, False, True, True)
    assert not extends(player, False, False, False)
    assert extends(player, False, True, False)
    assert extends(player, False, False, True, quiet=True)


def test_absence_json_round_trip() -> None:
    for value in (Absence(at(7, 3), at(7, 7, 23, 59)), Absence(at(7, 3), at(7, 4), True)):
        assert Absence.from_dict(value.to_dict()) == value
    assert AbsencePolicy.from_dict(AbsencePolicy(3).to_dict()) == AbsencePolicy(3)
    assert AbsencePolicy.from_dict({}) == POLICY
