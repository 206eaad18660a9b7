"""Making a game from a form or a JSON body: scenario and variant, rule flags, deadlines
per kind of phase, grace, NMR, press, draws, private and invite-only.

The choices offered come from the service: the scenarios and their variants
(:meth:`~machiavelli.service.judge.Judge.scenarios`), the flags and their defaults per
rules family (:meth:`~machiavelli.service.judge.Judge.option_flags`), the deadline, press and
draw policies with their defaults (:mod:`machiavelli.service.house.deadlines`,
:mod:`~machiavelli.service.house.press`, :mod:`~machiavelli.service.house.draws`).  A choice the
rules refuse comes back as a :class:`~machiavelli.service.refusal.Refused`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from machiavelli.service.games import NewGame, Settings
from machiavelli.service.house.deadlines import DeadlinePolicy, PhaseKind
from machiavelli.service.house.draws import DrawPolicy
from machiavelli.service.house.press import FakePress, ObserverPress, PressColours, PressPolicy
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused

FAMILIES = {"mach1": "Machiavelli", "mach2": "Machiavelli 2", "basic": "Basic",
            "diplomacy": "Diplomacy", "bar": "Balance at Risk"}
#: the flags that set a family's defaults: the form sends them before the others, which
#: then change those defaults (``bar, famine``)
FAMILY_FLAGS = ("mach2", "bar")
FLAG_NOTES = {
    "mach2": "the 1995 rules", "summer": "a summer campaign each year",
    "money": "ducats, bribes and income", "dice": "dice for income and disasters",
    "loans": "the bank of Florence lends", "famine": "famine strikes", "plague": "plague",
    "storm": "storms at sea", "assassinations": "assassins", "garrisons": "garrisons in cities",
    "special": "special units (mercenaries, militia ...)",
    "fortresses": "autonomous garrisons in fortresses",
    "adjacency": "strict adjacency", "coastal_convoys": "convoys along coasts",
    "disband": "disband at any time",
    "bar": "Balance at Risk (seed 003): its rules and defaults",
    "area_support": "support of an area and transport for a power",
    "auto_retreat": "the judge makes every retreat",
    "forced_tax": "forced taxation in the adjustments",
    "peace": "ducats for the benefits of peace",
    "excommunication": "the Papacy excommunicates",
    "high_seas": "the High Seas, next to every sea",
}
KINDS = (("movement", "Movement"), ("retreat", "Retreat"), ("adjustment", "Adjustment"))


@dataclass(frozen=True)
class SetupChoice:
    value: str  # "scenario@players" (scenario may carry ":option")
    label: str


#: the scenario the create form offers first and preselects (its variant for the most
#: players): the classic game of 1454
FIRST_SCENARIO = "classic_1454"


def default_setup() -> str:
    """The create form's preselected choice: classic 1454 with every power."""
    info = next((i for i in Judge.scenarios() if i.name == FIRST_SCENARIO), None)
    if info is None or not info.variants:
        return ""
    full = max(info.variants, key=lambda v: (v.players, -v.option))
    name = f"{info.name}:{full.option}" if full.option > 1 else info.name
    return f"{name}@{full.players}"


def setup_choices() -> list[tuple[str, list[SetupChoice]]]:
    """Every scenario with its variants, as the create form lists them: classic 1454
    first."""
    groups = []
    for info in sorted(Judge.scenarios(), key=lambda i: i.name != FIRST_SCENARIO):
        choices = []
        for variant in info.variants:
            several = sum(1 for v in info.variants if v.players == variant.players) > 1
            name = f"{info.name}:{variant.option}" if variant.option > 1 else info.name
            label = f"{variant.players} players"
            if several:
                label += f", option {variant.option}"
            label += f": {', '.join(variant.powers)}"
            if any(len(side) > 1 for side in variant.sides):  # a player takes several
                label += " (each player takes " + " | ".join(
                    " + ".join("any" if p == "*" else p for p in side)
                    for side in variant.sides) + ")"
            choices.append(SetupChoice(f"{name}@{variant.players}", label))
        groups.append((f"{info.title} ({info.name})", choices))
    return groups


def flag_rows() -> list[dict[str, Any]]:
    """Each rule flag with its default in every rules family."""
    known = Judge.option_flags()
    return [{"name": flag, "note": FLAG_NOTES.get(flag, ""),
             "defaults": {FAMILIES[f]: known.defaults[f].get(flag, False)
                          for f in FAMILIES}} for flag in known.flags]


def policy_defaults() -> dict[str, Any]:
    return {"deadlines": DeadlinePolicy(), "press": PressPolicy(), "draws": DrawPolicy(),
            "colours": [c.value for c in PressColours],
            "observers": [o.value for o in ObserverPress],
            "fakes": [f.value for f in FakePress], "kinds": KINDS,
            "duration": duration_text, "setup": default_setup()}


DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*(days?|hours?|min(?:utes?)?|d|h|m)", re.I)


def duration_hours(text: str) -> float | None:
    """A duration as people write it, in hours: ``2d 12h`` (60), ``36h``, ``90m`` (1.5),
    ``1d``; a bare number is hours (``0.5``).  None when it is not one."""
    text = text.strip().lower()
    try:
        return float(text)
    except ValueError:
        pass
    parts = DURATION.findall(text)
    if not parts or DURATION.sub("", text).strip(" ,+"):
        return None
    per = {"d": 24.0, "h": 1.0, "m": 1 / 60}
    return sum(float(n) * per[unit[0]] for n, unit in parts)


def duration_text(hours: float) -> str:
    """Hours as the form shows them: ``72`` -> ``3d``, ``60`` -> ``2d 12h``, ``0.2`` ->
    ``12m``."""
    minutes = round(hours * 60)
    days, minutes = divmod(minutes, 24 * 60)
    whole, minutes = divmod(minutes, 60)
    words = [f"{days}d" if days else "", f"{whole}h" if whole else "",
             f"{minutes}m" if minutes else ""]
    return " ".join(w for w in words if w) or "0h"


def _number(text: str, what: str) -> float | Refused:
    value = duration_hours(text)
    if value is None:
        return Refused(f"{what}: {text!r} is not a duration (write it as 2d 12h, 36h, "
                       "90m or a number of hours)")
    if not 0 <= value <= 24 * 365:
        return Refused(f"{what}: {duration_text(value)} is out of range (at most 365d)")
    return value


def _clock(text: str) -> int | Refused:
    """``HH:MM`` -> minutes past midnight; empty -> -1 (no fixed time of day)."""
    text = text.strip()
    if not text:
        return -1
    try:
        hours, minutes = (int(x) for x in text.split(":"))
    except ValueError:
        return Refused(f"a time of day is written HH:MM, not {text!r}")
    if not (0 <= hours < 24 and 0 <= minutes < 60):
        return Refused(f"no time of day {text!r}")
    return hours * 60 + minutes


def form_deadlines(field: dict[str, str]) -> dict[str, Any] | Refused:
    """The deadline policy of the create form (``movement_next``, ``movement_grace``,
    ``movement_clock``, ..., ``days``, ``nmr``, ``manual``)."""
    policy: dict[str, Any] = {}
    days = field.get("days", "").strip() or "-MTWTF-"
    for kind, title in KINDS:
        schedule: dict[str, Any] = {"days": days}
        for setting in ("next", "grace", "min", "delay"):
            text = field.get(f"{kind}_{setting}", "").strip()
            if text:
                value = _number(text, f"{title} {setting}")
                if isinstance(value, Refused):
                    return value
                schedule[setting] = value
        clock = _clock(field.get(f"{kind}_clock", ""))
        if isinstance(clock, Refused):
            return clock
        if field.get(f"{kind}_clock", "").strip() or kind != "movement":
            schedule["clock"] = clock
        policy[kind] = schedule
    policy["nmr"] = field.get("nmr") == "on"
    policy["manual_process"] = field.get("manual") == "on"
    return policy


def form_flags(field: dict[str, str]) -> list[str]:
    """``set`` words for the flags the form changed (``flag_money=off`` -> ``nomoney``)."""
    words = []
    flags = Judge.option_flags().flags
    for flag in sorted(flags, key=lambda f: f not in FAMILY_FLAGS):
        chosen = field.get(f"flag_{flag}", "")
        if chosen == "on":
            words.append(flag)
        elif chosen == "off":
            words.append(f"no{flag}")
    return words


def new_game(name: str, setup: str, flags: list[str], *, victory: str = "",
             deadlines: dict[str, Any] | None = None, press: dict[str, Any] | None = None,
             draws: dict[str, Any] | None = None, private: bool = False,
             invite_only: bool = False, zone: str = "UTC") -> NewGame | Refused:
    """The game asked for, every policy checked by its own ``from_dict``."""
    scenario, _, players_text = setup.partition("@")
    players = None
    if players_text:
        if not (players_text.isascii() and players_text.isdigit()):
            return Refused(f"{players_text!r} is not a number of players")
        players = int(players_text)
    victory_cities = None
    if victory.strip():
        if not (victory.strip().isascii() and victory.strip().isdigit()):
            return Refused(f"{victory!r} is not a number of cities")
        victory_cities = int(victory)
    try:
        checked = Settings(
            private=private, invite_only=invite_only, zone=zone or "UTC",
            deadlines=DeadlinePolicy.from_dict(deadlines or {}).to_dict(),
            press=PressPolicy.from_dict(press or {}).to_dict(),
            draws=DrawPolicy.from_dict(draws or {}).to_dict())
    except (ValueError, TypeError, KeyError) as err:
        return Refused(str(err).strip("'\""))
    return NewGame(name.strip(), scenario.strip(), players, tuple(flags),
                   victory_cities=victory_cities, settings=checked)


def form_game(field: dict[str, str]) -> NewGame | Refused:
    """The game the create form asks for."""
    deadlines = form_deadlines(field)
    if isinstance(deadlines, Refused):
        return deadlines
    press = {"colours": field.get("colours", PressColours.WHITE.value),
             "partial": field.get("partial") == "on",
             "fake": field.get("fake", FakePress.NO_FAKE.value),
             "observers": field.get("observers", ObserverPress.ANY.value),
             "postal": field.get("postal") == "on"}
    return new_game(field.get("name", ""), field.get("setup", ""), form_flags(field),
                    victory=field.get("victory", ""), deadlines=deadlines, press=press,
                    draws={"dias": field.get("dias") == "on",
                           "public": field.get("public_votes") == "on"},
                    private=field.get("private") == "on",
                    invite_only=field.get("invite_only") == "on",
                    zone=field.get("zone", "UTC").strip())


def schedule_summary(policy: DeadlinePolicy) -> list[str]:
    """The deadline table in words, for the game page."""
    lines = []
    for kind, title in KINDS:
        s = policy.schedule(PhaseKind(kind))
        at = f" at {s.clock // 60:02d}:{s.clock % 60:02d}" if s.clock >= 0 else ""
        lines.append(f"{title}: {duration_text(s.next_hours)}{at}, grace "
                     f"{duration_text(s.grace_hours)}, days {s.days}")
    lines.append("NMR: late powers go into civil disorder" if policy.nmr
                 else "No NMR: the judge waits for late powers")
    if policy.manual_process:
        lines.append("Processed by the master only")
    return lines
