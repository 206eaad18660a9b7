"""Orders for a later phase (nJudge's ``PHASE season year phase``), and ``CLEAR``.

"To specify that any following orders should be held until the specified phase before
processing" (help file ``index``): the orders are kept as written, since the position
they are for does not exist yet, and submitted as the power's orders when processing
reaches that phase, then read like any other (a line the order language refuses gets
its message then; a later order for a unit replaces an earlier one).  Orders held for
a phase the game passes without reaching (a retreat phase that never came) lapse.
``CLEAR`` drops every order a power holds for later phases ("there is no way to clear
orders entered for the current phase"), and its standing orders.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service.games import kind_of
from machiavelli.service.port import Position
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, LaterOrders
from machiavelli.service.sheets import Stored, pending_power, submit
from machiavelli.service.standing_orders import STANDING
from machiavelli.service.visibility import Viewer

SEASONS = ("spring", "summer", "fall", "winter")
KINDS = ("movement", "retreat", "adjustment")


def phase_key(season: str, year: int, kind: str) -> tuple[int, int, int]:
    """The order of phases: year, season, then movement, retreat, adjustment."""
    if kind == "adjustment":
        season = "winter"
    return year, SEASONS.index(season), KINDS.index(kind)


def state_key(game: Game, state: Position) -> tuple[int, ...]:
    """Where ``state`` stands among the phases (its kind says: year, season, phase)."""
    return kind_of(game).course(state)


def hold(session: Session, game: Game, actor: Viewer, power: str | None, season: str,
         year: int, kind: str, text: str, now: datetime) -> LaterOrders | Refused:
    """Keep ``text`` as ``power``'s orders for a phase after the pending one."""
    if season not in SEASONS or kind not in KINDS:
        return Refused(f"no such phase: {season} {year} {kind}")
    acting = pending_power(session, game, actor, power)
    if isinstance(acting, Refused):
        return acting
    state, who = acting
    if phase_key(season, year, kind) <= state_key(game, state):
        return Refused(f"{season.capitalize()} {year} {kind} is not after the pending phase, "
                       f"{kind_of(game).label(state)}")
    row = LaterOrders(game_id=game.id, power=who, season=season if kind != "adjustment"
                      else "winter", year=year, kind=kind, text=text,
                      written_by=(actor.name or who)[:64], created_at=now, applied_at=None)
    session.add(row)
    return row


def pending(session: Session, game: Game, power: str | None = None, *,
            standing: bool = False) -> list[LaterOrders]:
    """The orders held for later phases (``standing``: and the standing orders,
    :mod:`~machiavelli.service.standing_orders`, which ``CLEAR`` drops too)."""
    query = select(LaterOrders).where(LaterOrders.game_id == game.id,
                                      LaterOrders.applied_at.is_(None))
    if not standing:
        query = query.where(LaterOrders.kind != STANDING)
    if power is not None:
        query = query.where(LaterOrders.power == power)
    return list(session.scalars(query.order_by(LaterOrders.id)))


def clear(session: Session, game: Game, actor: Viewer, power: str | None,
          now: datetime) -> int | Refused:
    """Drop every order ``power`` holds for later phases; how many sets were dropped."""
    acting = pending_power(session, game, actor, power)
    if isinstance(acting, Refused):
        return acting
    state, who = acting
    rows = pending(session, game, who, standing=True)
    for row in rows:
        session.delete(row)
    return len(rows)


def apply_due(session: Session, game: Game, state: Position, now: datetime
              ) -> list[Stored]:
    """Submit the orders held for the phase ``state`` is at (the game's new pending
    phase); orders held for a phase now past lapse."""
    done: list[Stored] = []
    here = state_key(game, state)
    eliminated = kind_of(game).eliminated(state)
    for row in pending(session, game):
        key = phase_key(row.season, row.year, row.kind)
        if key > here:
            continue
        row.applied_at = now
        if key < here or row.power in eliminated:
            continue
        stored = submit(session, game, Viewer.master(row.written_by), row.power, row.text, now)
        if not isinstance(stored, Refused):
            done.append(stored)
    return done
