"""A Master's SET commands routed to the service's rule functions and 001's options."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from machiavelli.commands.game_settings import Rules, apply_clock, apply_rule, press_summary
from machiavelli.commands.settings import Setting, read_set
from machiavelli.core.options import MACH1_DEFAULTS, flag
from machiavelli.service.house.deadlines import PhaseClock, PhaseKind
from machiavelli.service.house.draws import Votes
from machiavelli.service.house.press import FakePress, PressColours
from machiavelli.service.refusal import Refused

ZONE = ZoneInfo("Europe/Rome")
NOW = datetime(2024, 6, 3, 10, 0, tzinfo=ZONE)  # a Monday


def one(words: str) -> Setting:
    settings = read_set(words)
    assert not isinstance(settings, Refused), settings
    [setting] = settings
    return setting


def apply(rules: Rules, words: str, started: bool = False) -> Rules:
    settings = read_set(words)
    assert not isinstance(settings, Refused), settings
    for setting in settings:
        done = apply_rule(rules, setting, started=started)
        assert not isinstance(done, Refused), done
        rules = done[0]
    return rules


def test_flag_machiavelli_flags_go_through_core_options() -> None:
    rules = apply(Rules(options=dict(MACH1_DEFAULTS)), "nofamine, forts")
    assert not flag(rules.options, "famine") and flag(rules.options, "fortresses")
    done = apply_rule(rules, one("nodice"), started=False)
    assert not isinstance(done, Refused)
    assert "loans is now off" in done[1] and not flag(done[0].options, "loans")
    assert isinstance(apply_rule(rules, one("plague"), started=True), Refused)


def test_press_settings_go_through_the_press_policy() -> None:
    rules = apply(Rules(), "grey, partial fakes broadcast")
    assert rules.press.colours is PressColours.GREY
    assert rules.press.fake is FakePress.FAKES_BROADCAST
    assert press_summary(Rules().press) == "White, Partial Allowed, No Fake"
    minor = apply_rule(Rules(), one("no minor press"), started=True)
    assert isinstance(minor, Refused)


def test_draw_settings_clear_votes_on_a_change_of_dias() -> None:
    voted = Rules(votes=Votes(draws={"Milan": frozenset()}))
    rules = apply(voted, "nodias")
    assert not rules.draws.dias and not rules.votes.draws
    rules = apply(rules, "dias")
    assert isinstance(apply_rule(apply(Rules(), "nodias"), one("concessions"), started=True),
                      Refused)


def test_deadline_schedules_and_flags_go_through_the_deadline_rules() -> None:
    rules = apply(Rules(), "moves next 48 delay 1, nmr")
    assert rules.deadlines.movement.next_hours == 48 and rules.deadlines.movement.delay_hours == 1
    done = apply_rule(Rules(), one("nmr"), started=True)
    assert not isinstance(done, Refused) and done[0].deadlines.nmr
    short = apply_rule(apply(Rules(), "retreat grace 12"), one("nmr"), started=True)
    assert not isinstance(short, Refused) and "at least 24 hours" in short[1]
    for bad in ("moves next", "moves next -4", "adjust days XXXXXXX", "max absence 40"):
        settings = read_set(bad)
        assert isinstance(settings, Refused) or isinstance(
            apply_rule(Rules(), settings[0], started=True), Refused), bad
    assert apply(Rules(), "max absence 5").absence.max_absence_days == 5


def test_the_pending_phases_dates_go_through_the_deadline_rules() -> None:
    clock = PhaseClock(datetime(2024, 6, 4, 23, 30, tzinfo=ZONE),
                       datetime(2024, 6, 11, 23, 30, tzinfo=ZONE), NOW)
    policy = Rules().deadlines
    done = apply_clock(clock, one("deadline Thu 22:00"), policy, PhaseKind.MOVEMENT, NOW)
    assert not isinstance(done, Refused)
    assert done[0].deadline == datetime(2024, 6, 6, 22, 0, tzinfo=ZONE)
    assert "Thu Jun 06 2024 22:00:00 +0200" in done[1]
    past = apply_clock(clock, one("deadline 1 Jun 2024"), policy, PhaseKind.MOVEMENT, NOW)
    assert isinstance(past, Refused)
    early = apply_clock(clock, one("grace 4 Jun 2024 12:00"), policy, PhaseKind.MOVEMENT, NOW)
    assert isinstance(early, Refused)
    start = apply_clock(clock, one("start Fri"), policy, PhaseKind.MOVEMENT, NOW)
    assert not isinstance(start, Refused) and start[0].deadline >= start[0].start
