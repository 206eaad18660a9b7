"""A stored game's clock: the deadline rules (:mod:`~machiavelli.service.house.deadlines`,
:mod:`~machiavelli.service.house.processing`, :mod:`~machiavelli.service.house.absence`) applied to
what the database holds.

- :func:`set_clock` gives the pending phase its deadline, grace and earliest
  processing when a game starts and after each processing, from the game's
  :class:`~machiavelli.service.house.deadlines.DeadlinePolicy` and its players' absences.
- :func:`attendance` says who owes orders in the pending phase (a power with a unit to
  order, a unit to retreat or an adjustment to make), who is in (a power with orders
  stored whose last submission had no refused line, or that said it is ready with
  nothing to order: ``ready``), who asked to wait, and who is in civil disorder.
- :func:`verdict` asks :func:`~machiavelli.service.house.processing.judge_phase` what to do now.

The rules want times in the judge's zone (``Settings.zone``, default UTC); the
database keeps UTC.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.orm import Session

from machiavelli.service.bank import BANK, bank_clock
from machiavelli.service.games import Settings, kind_of
from machiavelli.service.house.absence import Absence, absence_extends
from machiavelli.service.house.deadlines import (
    DeadlinePolicy,
    PhaseClock,
    PhaseKind,
    next_phase_clock,
)
from machiavelli.service.house.press import PressPolicy
from machiavelli.service.house.processing import Attendance, Verdict, judge_phase
from machiavelli.service.port import Position
from machiavelli.service.schema import Game
from machiavelli.service.sheets import pending_sheets

CIVIL_DISORDER = "civil disorder"


def zone(game: Game) -> ZoneInfo:
    name = Settings.from_dict(game.settings).zone
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local(game: Game, now: datetime) -> datetime:
    """``now`` in the judge's zone, as the rules want it."""
    return now.astimezone(zone(game))


def policy(game: Game) -> DeadlinePolicy:
    return DeadlinePolicy.from_dict(Settings.from_dict(game.settings).deadlines)


def phase_kind(game: Game, position: Position) -> PhaseKind:
    """The deadline schedule the pending decision follows (its kind's ``schedule``)."""
    decision = kind_of(game).pending(position)
    return PhaseKind(decision.schedule if decision is not None else "movement")


def owes_orders(game: Game, position: Position, power: str) -> bool:
    """Whether ``power`` has a decision to make in the pending phase (the kind says:
    Machiavelli's movement, every power with units; retreats, those dislodged;
    adjustments, those with a change to make or money to spend)."""
    return kind_of(game).owes(position, power)


def absences(game: Game, position: Position) -> list[Absence]:
    """The pending absences that may move the next deadline (help file ``absence``)."""
    settings = Settings.from_dict(game.settings)
    press = PressPolicy.from_dict(settings.press)
    found = []
    for power, stored in settings.absent.items():
        for data in stored:
            absence = Absence.from_dict(data)
            if absence_extends(absence, owes_orders=owes_orders(game, position, power),
                               game_has_press=press.has_press,
                               strict_wait=policy(game).strict_wait, quiet=settings.quiet):
                found.append(absence)
    return found


def current_clock(game: Game) -> PhaseClock | None:
    data: dict[str, Any] = game.clock.get("clock") or {}
    return PhaseClock.from_dict(data) if data else None


def set_clock(game: Game, position: Position, now: datetime, *,
              first: bool = False) -> PhaseClock:
    """The new pending phase's clock, stored on the game (no notices sent yet)."""
    previous = None if first else current_clock(game)
    clock = next_phase_clock(policy(game), phase_kind(game, position), local(game, now),
                             previous, absences(game, position))
    clock, bank = bank_clock(game, position, clock, now, policy(game).bank_hours)
    game.clock = {"clock": clock.to_dict(), **({BANK: bank} if bank is not None else {})}
    return clock


def attendance(session: Session, game: Game, position: Position) -> Attendance:
    kind = kind_of(game)
    due = frozenset(p for p in kind.seats(position) if kind.owes(position, p))
    submitted: set[str] = set()
    waiting: set[str] = set()
    last: datetime | None = None
    for sheet in pending_sheets(session, game):
        if sheet.wait:
            waiting.add(sheet.power)
        if sheet.ready or (sheet.text.strip() and not sheet.messages):
            submitted.add(sheet.power)
            if sheet.power in due:
                last = sheet.updated_at if last is None else max(last, sheet.updated_at)
    disorder = frozenset(p for p, how in game.standing.items() if how == CIVIL_DISORDER)
    return Attendance(due, frozenset(submitted), frozenset(waiting), disorder,
                      local(game, last) if last is not None else None)


def verdict(session: Session, game: Game, position: Position,
            now: datetime) -> Verdict | None:
    """What the judge does with the pending phase now (None: the game has no clock)."""
    clock = current_clock(game)
    if clock is None or game.status not in ("playing", "paused"):
        return None
    notice = game.clock.get("last_notice")
    return judge_phase(policy(game), phase_kind(game, position), clock,
                       attendance(session, game, position), local(game, now),
                       paused=game.status == "paused",
                       last_notice=datetime.fromisoformat(notice) if notice else None)
