"""Dates as the judge reads them, and the clock arithmetic the deadline rules need.

nJudge's help file ``deadlines``, section "HOW THE JUDGE INTERPRETS DATES", is the rule
for the dates of ``SET DEADLINE``, ``SET GRACE``, ``SET START`` and ``SET ABSENCE``:

* a date is made of a day of the week (``sun`` ... ``sat``), a month (``jan`` ...
  ``dec``), a day of the month (1 to 31), a four-digit year and a time ``hh:mm``, in
  any order and any case ("SET DEADLINE Jun 23:30 15" works);
* a day of the week excludes the month and the day of the month, and means the next
  such day *after* today (on a Tuesday, ``Tue`` is one week from today);
* without a year, the next occurrence of the date is meant; if that is more than 120
  days ahead the date is refused, asking for year, month and day;
* a day without a month is the next date with that day number, a month without a day
  is the last day of that month, and without month, day or year today is meant;
* without a time the caller's default applies (the pending phase's ``clock``, or
  23:30 when it has none; 0:00 for an absence's start and 23:59 for its end).

"Next occurrence" is counted in days: a date falling today is today's (the help's own
absence example reads "set absence 29 Jun", sent on June 29, as June 29 0:00).  Whether
a moment already past is acceptable is for the command to say (docs/service.md).

All times are the judge's local times ("All times are based on the time zone of the
adjudicator"): every datetime given to the service's rule functions must be aware, in
the judge's zone, and the results come back in the zone of the ``now`` (or processing
time) they were computed from.  Hours (``next``, ``grace``, ``delay``, ``min``) are
real elapsed hours; clock times and days of the week are read on the local wall clock,
so a deadline at 23:30 stays at 23:30 across a change of summer time.
"""

from __future__ import annotations

import calendar
import re
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from machiavelli.service.refusal import Refused

#: The help's three-letter days of the week, in Python's weekday order (Monday first).
WEEKDAYS: tuple[str, ...] = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
#: The help's three-letter months.
MONTHS: tuple[str, ...] = (
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
)
#: How far ahead an assumed date may fall before the judge asks for year, month and day.
LOOKAHEAD_DAYS = 120
#: The time of day a date without one gets when the phase has no ``clock`` (23:30).
DEFAULT_TIME = time(23, 30)

_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")


# ----------------------------------------------------------------------
# Clock arithmetic on aware datetimes
# ----------------------------------------------------------------------
def require_aware(moment: datetime, what: str = "time") -> None:
    """Refuse a naive datetime: the rules never guess the judge's zone."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"the {what} {moment!r} has no time zone (give the judge's zone)")


def zone_of(moment: datetime) -> tzinfo:
    """The zone of an aware datetime."""
    require_aware(moment)
    assert moment.tzinfo is not None
    return moment.tzinfo


def utc(moment: datetime) -> datetime:
    """The same instant in UTC (comparisons and sums are made there)."""
    require_aware(moment)
    return moment.astimezone(UTC)


def hours_after(moment: datetime, hours: float) -> datetime:
    """The instant ``hours`` real hours after ``moment`` (UTC)."""
    return utc(moment) + timedelta(hours=hours)


def local_at(day: date, at: time, zone: tzinfo) -> datetime:
    """The instant the judge's wall clock shows ``at`` on ``day`` (UTC).

    A wall time skipped by a change to summer time is read with the offset in force
    before the change, so it lands just after the change.
    """
    return datetime.combine(day, at, tzinfo=zone).astimezone(UTC)


def in_zone(moment: datetime, zone: tzinfo) -> datetime:
    """``moment`` shown in ``zone``."""
    return moment.astimezone(zone)


def minutes_of_day(minutes: int) -> time:
    """The time of day ``minutes`` past midnight (0 to 1439)."""
    return time(minutes // 60, minutes % 60)


# ----------------------------------------------------------------------
# Reading a date
# ----------------------------------------------------------------------
def read_date(text: str, now: datetime, default_time: time = DEFAULT_TIME) -> datetime | Refused:
    """The moment ``text`` names, read at ``now`` in ``now``'s zone, or why it cannot be read.

    ``default_time`` is the time of day used when ``text`` gives none.
    """
    zone = zone_of(now)
    weekday: int | None = None
    month: int | None = None
    day: int | None = None
    year: int | None = None
    at: time | None = None
    words = text.replace(",", " ").split()
    if not words:
        return Refused("No date given.")
    for word in words:
        low = word.lower()
        clock = _CLOCK.fullmatch(low)
        if low in WEEKDAYS:
            if weekday is not None:
                return Refused(f"Two days of the week in '{text}'.")
            weekday = WEEKDAYS.index(low)
        elif low in MONTHS:
            if month is not None:
                return Refused(f"Two months in '{text}'.")
            month = MONTHS.index(low) + 1
        elif clock:
            hours, minutes = int(clock.group(1)), int(clock.group(2))
            if at is not None:
                return Refused(f"Two times of day in '{text}'.")
            if hours > 23 or minutes > 59:
                return Refused(f"'{word}' is not a time of day (hh:mm on the 24-hour clock).")
            at = time(hours, minutes)
        elif low.isdigit() and len(low) == 4:
            if year is not None:
                return Refused(f"Two years in '{text}'.")
            year = int(low)
        elif low.isdigit() and 1 <= int(low) <= 31:
            if day is not None:
                return Refused(f"Two days of the month in '{text}'.")
            day = int(low)
        else:
            return Refused(f"'{word}' is not part of a date (days and months are "
                           "three-letter abbreviations, years have four digits, "
                           "times are hh:mm).")
    today = in_zone(now, zone).date()
    found = _the_day(today, weekday, month, day, year)
    if isinstance(found, Refused):
        return found
    return in_zone(local_at(found, at or default_time, zone), zone)


def _the_day(today: date, weekday: int | None, month: int | None, day: int | None,
             year: int | None) -> date | Refused:
    if weekday is not None:
        if month is not None or day is not None or year is not None:
            return Refused("If the day of the week is used, then the month and numeric "
                           "day may not be used.")
        return today + timedelta(days=(weekday - today.weekday()) % 7 or 7)
    if year is not None:
        if month is None:
            return Refused("Give the month (and the day) with the year.")
        return _valid(year, month, day if day is not None else _last_day(year, month))
    found: date | None
    if month is not None and day is not None:
        found = next((d for y in range(today.year, today.year + 5)
                      if (d := _maybe(y, month, day)) is not None and d >= today), None)
    elif month is not None:
        found = date(today.year, month, _last_day(today.year, month))
        if found < today:
            found = date(today.year + 1, month, _last_day(today.year + 1, month))
    elif day is not None:
        found = next((d for k in range(13)
                      if (d := _maybe(*_month_plus(today, k), day)) is not None
                      and d >= today), None)
    else:
        found = today
    if found is None:
        return Refused(f"There is no such date: day {day} of month {month}.")
    if found - today > timedelta(days=LOOKAHEAD_DAYS):
        return Refused(f"The assumed date, {found.isoformat()}, is more than "
                       f"{LOOKAHEAD_DAYS} days in the future. If this is what you want, "
                       "then specify all of year, month and day.")
    return found


def _last_day(year: int, month: int) -> int:
    return calendar.monthrange(year, month)[1]


def _maybe(year: int, month: int, day: int) -> date | None:
    return date(year, month, day) if day <= _last_day(year, month) else None


def _valid(year: int, month: int, day: int) -> date | Refused:
    found = _maybe(year, month, day)
    if found is None:
        return Refused(f"There is no day {day} in {MONTHS[month - 1].capitalize()} {year}.")
    return found


def _month_plus(today: date, k: int) -> tuple[int, int]:
    index = today.month - 1 + k
    return today.year + index // 12, index % 12 + 1
