"""A Master's ``SET`` commands applied to a game's rules, by the service's own rule functions.

The deadline, press, draw and absence settings are the service's pure rule modules'
(:func:`~machiavelli.service.house.deadlines.set_schedule`,
:func:`~machiavelli.service.house.deadlines.set_deadline`,
:func:`~machiavelli.service.house.press.set_press`,
:func:`~machiavelli.service.house.draws.set_dias`,
:func:`~machiavelli.service.house.absence.set_max_absence` ...), the Machiavelli flags
:meth:`machiavelli.service.judge.Judge.set_option_words`: this module only routes a
:class:`~machiavelli.commands.settings.Setting` to them and says, in a sentence, what changed.

:class:`Rules` is what a game's settings hold; :func:`apply_rule` changes it,
:func:`apply_clock` changes the pending phase's deadline, grace or start.  Who may use a
setting is the caller's to check (:attr:`~machiavelli.commands.settings.Setting.who`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from machiavelli.commands.reply import judge_time
from machiavelli.commands.settings import SetGroup, Setting
from machiavelli.service.house.absence import AbsencePolicy, set_max_absence
from machiavelli.service.house.dates import read_date
from machiavelli.service.house.deadlines import (
    KIND_WORDS,
    DeadlinePolicy,
    PhaseClock,
    PhaseKind,
    date_default_time,
    hours_problem,
    nmr_grace_warning,
    set_deadline,
    set_grace,
    set_schedule,
    set_start,
)
from machiavelli.service.house.draws import NO_VOTES, DrawPolicy, Votes, set_concessions, set_dias
from machiavelli.service.house.press import PressPolicy, set_press
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused


@dataclass(frozen=True)
class Rules:
    """A game's settings that ``SET`` changes (and the votes a change of DIAS clears)."""

    deadlines: DeadlinePolicy = field(default_factory=DeadlinePolicy)
    press: PressPolicy = field(default_factory=PressPolicy)
    draws: DrawPolicy = field(default_factory=DrawPolicy)
    absence: AbsencePolicy = field(default_factory=AbsencePolicy)
    options: Mapping[str, bool] = field(default_factory=dict)
    votes: Votes = NO_VOTES


_FLAGS_BEFORE_START = ("The Machiavelli flags can only be set before the game starts "
                       "(help file 'index': mod/mac).")


def apply_rule(rules: Rules, setting: Setting, *, started: bool) -> tuple[Rules, str] | Refused:
    """``rules`` after ``setting`` and a sentence saying what changed, or the refusal.

    For the settings of :class:`Rules` only (deadline schedules and flags, press, draws,
    the maximum absence, the Machiavelli flags); :func:`apply_clock` does the pending
    phase's dates.
    """
    group, name = setting.group, setting.name
    if group is SetGroup.FLAGS:
        if started:
            return Refused(_FLAGS_BEFORE_START)
        options = Judge.set_option_words(rules.options, setting.text, started=started)
        if isinstance(options, Refused):
            return options
        changes = Judge.option_changes(rules.options, options)
        said = "; ".join(changes) if changes else "no option changed"
        return replace(rules, options=options), f"Options: {said}."
    if group is SetGroup.PRESS:
        press = set_press(rules.press, name, game_started=started)
        if isinstance(press, Refused):
            return press
        return replace(rules, press=press), f"Press is now: {press_summary(press)}."
    if group is SetGroup.DRAWS:
        if name == "dias":
            draws, votes = set_dias(rules.draws, rules.votes, setting.on)
            return (replace(rules, draws=draws, votes=votes),
                    "Draws must include all survivors (DIAS)." if setting.on
                    else "Draws need not include all survivors (NoDIAS).")
        allowed = set_concessions(rules.draws, setting.on)
        if isinstance(allowed, Refused):
            return allowed
        return (replace(rules, draws=allowed),
                f"Concessions are {'allowed' if setting.on else 'not allowed'}.")
    if group is SetGroup.DEADLINE:
        return _deadline_rule(rules, setting)
    return Refused(f"SET {setting.text.upper()} is not a rule of the game's settings.")


def _deadline_rule(rules: Rules, setting: Setting) -> tuple[Rules, str] | Refused:
    policy, name, on = rules.deadlines, setting.name, setting.on
    if name == "schedule":
        kind_word, *words = setting.value.split()
        if not words or len(words) % 2:
            return Refused("Write SET MOVE|RETREAT|ADJUST followed by setting and value pairs "
                           "(CLOCK, MIN, NEXT, GRACE, DELAY, DAYS).")
        kind = KIND_WORDS[kind_word]
        pairs = [(words[i], words[i + 1]) for i in range(0, len(words), 2)]
        changed = set_schedule(policy, kind, pairs)
        if isinstance(changed, Refused):
            return changed
        return replace(rules, deadlines=changed), schedule_line(changed, kind)
    if name == "max absence":
        try:
            days = int(setting.value)
        except ValueError:
            return Refused(f"'{setting.value}' is not a number of days.")
        absence = set_max_absence(rules.absence, days)
        if isinstance(absence, Refused):
            return absence
        return replace(rules, absence=absence), f"Maximum absence: {days} days."
    if name == "time bank":
        return _time_bank(rules, setting)
    fields = {"nmr": "nmr", "strict grace": "strict_grace", "strict wait": "strict_wait",
              "manual process": "manual_process"}
    if name not in fields:
        return Refused(f"SET {setting.text.upper()} changes the pending phase: see apply_clock.")
    change: dict[str, Any] = {fields[name]: on}
    changed = replace(policy, **change)
    said = {"nmr": ("NMR: late powers go into civil disorder at the end of the grace.",
                    "NoNMR: the judge waits for late powers."),
            "strict grace": ("StrictGrace: the grace is an absolute interval.",
                             "NoStrictGrace: the grace ends on a processing day."),
            "strict wait": ("StrictWait: only players with orders due may wait.",
                            "NoStrictWait: any active player may wait."),
            "manual process": ("ManualProcess: only the Master's PROCESS processes.",
                               "AutoProcess: the judge processes by itself.")}[name]
    sentence = said[0] if on else said[1]
    warning = nmr_grace_warning(changed)
    return replace(rules, deadlines=changed), sentence + (f" {warning}" if warning else "")


def _time_bank(rules: Rules, setting: Setting) -> tuple[Rules, str] | Refused:
    """``SET TIME BANK h`` (hours per decade for each seat's own decisions, Princes' time
    bank, spec princes.md section 4.4.2); ``SET NO TIME BANK`` or 0: none."""
    text = setting.value.strip().lower() if setting.on else "0"
    for unit in ("hours", "hour", "h"):
        text = text.removesuffix(unit).strip()
    if len(text) > 12:
        return Refused(f"Bad time bank time specification: '{setting.value[:20]}...' is too "
                       "long for a number of hours.")
    try:
        hours = float(text)
    except ValueError:
        return Refused(f"Bad time bank time specification: '{setting.value}' (a number of "
                       "hours, as SET TIME BANK 2).")
    problem = hours_problem("time bank", hours)
    if problem is not None:
        return Refused(problem)
    changed = replace(rules.deadlines, bank_hours=hours)
    return replace(rules, deadlines=changed), (
        f"Time bank: {hours:g} hours a decade for each seat's own decisions." if hours
        else "No time bank: each decision keeps its own deadline.")


def apply_clock(clock: PhaseClock, setting: Setting, policy: DeadlinePolicy,
                kind: PhaseKind, now: datetime) -> tuple[PhaseClock, str] | Refused:
    """``SET DEADLINE``, ``SET GRACE`` or ``SET START`` on the pending phase's times."""
    moment = read_date(setting.value, now, date_default_time(policy, kind))
    if isinstance(moment, Refused):
        return moment
    if setting.name == "deadline":
        changed = set_deadline(clock, moment, policy, kind, now)
    elif setting.name == "grace":
        changed = set_grace(clock, moment, now)
    elif setting.name == "start":
        changed = set_start(clock, moment, policy, kind, now)
    else:
        return Refused(f"SET {setting.text.upper()} is not a date of the pending phase.")
    if isinstance(changed, Refused):
        return changed
    return changed, (f"Deadline {judge_time(changed.deadline)}, grace "
                     f"{judge_time(changed.grace)}, earliest processing "
                     f"{judge_time(changed.start)}.")


def schedule_line(policy: DeadlinePolicy, kind: PhaseKind) -> str:
    """One line of nJudge's table of deadline settings."""
    s = policy.schedule(kind)
    title = {PhaseKind.MOVEMENT: "Move", PhaseKind.RETREAT: "Retreat",
             PhaseKind.ADJUSTMENT: "Adjust", PhaseKind.ACTION: "Action", PhaseKind.BID: "Bid",
             PhaseKind.REACTION: "React"}[kind]
    return (f"{title:<7} clock {s.clock:>4} min {s.min_hours:5.2f} next {s.next_hours:6.2f} "
            f"grace {s.grace_hours:6.2f} delay {s.delay_hours:4.2f} days {s.days}")


def press_summary(press: PressPolicy) -> str:
    """The press settings as nJudge's LIST words them: ``White, Partial Allowed, No Fake``."""
    colours = {"none": "None", "white": "White", "grey": "Grey", "white/grey": "White/Grey",
               "grey/white": "Grey/White"}[press.colours.value]
    words = [colours, "Partial Allowed" if press.partial else "No Partial",
             press.fake.value.title().replace("By Default", "by default")]
    if press.observers.value != "any":
        words.append(f"Observer {press.observers.value}")
    for on, word in ((press.postal, "PostalPress"), (not press.minor_phases, "No Minor Press"),
                     (not press.late_press, "No Late Press"),
                     (not press.grace_press, "No Grace Press"),
                     (press.must_order, "Must Order"), (press.blank, "Blank Press"),
                     (press.touch, "Touch Press"), (press.watch_all_press, "Watch All Press")):
        if on:
            words.append(word)
    return ", ".join(words)
