"""Absences of a game's players, stored in its settings; the rules are
:mod:`machiavelli.service.house.absence`'s (``SET ABSENCE``, ``SET NOABSENCE``).

An absence is asked for in the judge's date words ("15 Dec to 20 Dec"); one longer than
the game's limit goes to the master instead (a notice), who may set it.  Pending
absences push the next deadline (:func:`machiavelli.service.deadlines.absences`);
those ended are dropped when a phase is processed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service.deadlines import local
from machiavelli.service.games import Settings, journal, kind_of, live_phase, phase_state
from machiavelli.service.house.absence import (
    Absence,
    AbsenceForMaster,
    AbsencePolicy,
    cancel_absence,
    expire_absences,
    read_absence_dates,
    request_absence,
)
from machiavelli.service.house.dates import read_date
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role
from machiavelli.service.schema import Game
from machiavelli.service.sheets import acting_power
from machiavelli.service.visibility import Viewer


def pending(game: Game, power: str) -> tuple[Absence, ...]:
    return tuple(Absence.from_dict(a) for a in Settings.from_dict(game.settings)
                 .absent.get(power, []))


def _store(game: Game, power: str, absences: tuple[Absence, ...]) -> None:
    settings = Settings.from_dict(game.settings)
    settings.absent = {**settings.absent, power: [a.to_dict() for a in absences]}
    if not settings.absent[power]:
        del settings.absent[power]
    game.settings = settings.to_dict()


@dataclass(frozen=True)
class ForMaster(Refused):
    """An absence the player may not take alone: refused, and ``request`` goes to the
    Master (:meth:`~machiavelli.service.judge.Judge.set_absence` writes the notice after
    the refusal has rolled back)."""

    request: str = ""


def set_absence(session: Session, game: Game, actor: Viewer, power: str | None, dates: str,
                now: datetime) -> tuple[Absence, ...] | Refused:
    """``power``'s pending absences with the one ``dates`` asks for."""
    state = phase_state(game, live_phase(session, game))
    who = acting_power(game, state, actor, power)
    if isinstance(who, Refused):
        return who
    moment = local(game, now)
    read = read_absence_dates(dates, moment)
    if isinstance(read, Refused):
        return read
    start, end = read
    policy = AbsencePolicy.from_dict(Settings.from_dict(game.settings).absence)
    asked = request_absence(pending(game, who), start, end, moment, policy, role=Role.PLAYER,
                            active=who not in kind_of(game).eliminated(state),
                            by_master=actor.is_master)
    if isinstance(asked, AbsenceForMaster):  # the notice outlives the refusal's rollback
        return ForMaster(f"{asked.reason} The request was sent to the master.",
                         f"{game.name}: {who} asks for an absence from {asked.absence.start} "
                         f"to {asked.absence.end}: {asked.reason}\nA Master grants it with "
                         f"BECOME {who} and SET ABSENCE (or machiavelli absence).")
    if isinstance(asked, Refused):
        return asked
    _store(game, who, asked)
    journal(session, game, actor.name, f"absence for {who}: {dates}", now)
    return asked


def cancel(session: Session, game: Game, actor: Viewer, power: str | None, date: str,
           now: datetime) -> tuple[Absence, ...] | Refused:
    """``SET NOABSENCE date``: the first of ``power``'s absences including ``date`` goes."""
    state = phase_state(game, live_phase(session, game))
    who = acting_power(game, state, actor, power)
    if isinstance(who, Refused):
        return who
    moment = read_date(date, local(game, now))
    if isinstance(moment, Refused):
        return moment
    left = cancel_absence(pending(game, who), moment)
    if isinstance(left, Refused):
        return left
    _store(game, who, left)
    return left


def expire(game: Game, now: datetime) -> None:
    """Drop the absences that ended before ``now`` (a phase is being processed)."""
    settings = Settings.from_dict(game.settings)
    if not settings.absent:
        return
    for power in list(settings.absent):
        _store(game, power, expire_absences(pending(game, power), now))
