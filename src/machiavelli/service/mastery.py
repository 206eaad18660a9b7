"""What a master may do to a game: pause and resume, extend, roll back, eject, and the
player's own resign and take-over of a power left without a player.

Acting as a power needs nothing here: a master's :class:`~machiavelli.service.visibility.Viewer`
may give orders, set the wait flag and write press for any power (``as_power``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from machiavelli.service import standing_orders
from machiavelli.service.deadlines import current_clock, phase_kind, policy, set_clock
from machiavelli.service.games import (
    journal,
    kind_of,
    live_phase,
    phase_state,
    power_of,
    seats,
)
from machiavelli.service.house.deadlines import (
    DeadlinePolicy,
    PhaseClock,
    PhaseKind,
    hours_problem,
)
from machiavelli.service.notices import notify
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, OrderSheet, Phase, Seat
from machiavelli.service.visibility import Viewer

ABANDONED = "abandoned"


def only_masters(actor: Viewer, what: str) -> Refused | None:
    return None if actor.is_master else Refused(f"only a master may {what}")


def pause(session: Session, game: Game, actor: Viewer, now: datetime,
          paused: bool = True) -> Game | Refused:
    refused = only_masters(actor, "pause or resume a game")
    if refused is not None:
        return refused
    if paused and game.status != "playing":
        return Refused(f"{game.name} is {game.status}: only a game in play is paused")
    if not paused and game.status != "paused":
        return Refused(f"{game.name} is not paused")
    game.status = "paused" if paused else "playing"
    game.updated_at = now
    clock = {k: v for k, v in game.clock.items() if k != "paused_notice"}
    game.clock = {**clock, "paused_notice": now.isoformat()} if paused else clock
    journal(session, game, actor.name, "paused" if paused else "resumed", now)
    notify(session, game, "all", "pause" if paused else "resume",
           f"Game '{game.name}' is {'paused' if paused else 'resumed'} by the Master.", now)
    return game


def extend(session: Session, game: Game, actor: Viewer, hours: float,
           now: datetime) -> Game | Refused:
    """Move the pending phase's deadline and grace ``hours`` later (earlier if negative,
    but not before now)."""
    refused = only_masters(actor, "extend a deadline")
    if refused is not None:
        return refused
    problem = hours_problem("extension", hours, signed=True)
    if problem is not None:
        return Refused(problem)
    clock = current_clock(game)
    if clock is None:
        return Refused(f"{game.name}'s pending phase has no deadline")
    moved = timedelta(hours=hours)
    if clock.deadline + moved < now:
        return Refused("the deadline would be in the past")
    later = replace(clock, deadline=clock.deadline + moved, grace=clock.grace + moved)
    game.clock = {**game.clock, "clock": later.to_dict()}
    game.updated_at = now
    journal(session, game, actor.name, f"moved the deadline by {hours:g} hours", now)
    notify(session, game, "all", "extend",
           f"The Master moved the deadline of game '{game.name}' by {hours:g} hours: "
           f"deadline {later.deadline:%a %b %d %Y %H:%M %Z}, grace period to "
           f"{later.grace:%a %b %d %Y %H:%M %Z}.", now)
    return game


def terminate(session: Session, game: Game, actor: Viewer, now: datetime) -> Game | Refused:
    """The master declares the game over (a forming game ends before it starts)."""
    refused = only_masters(actor, "terminate a game")
    if refused is not None:
        return refused
    if game.status == "over":
        return Refused(f"{game.name} is over already: {game.outcome or 'ended'}")
    game.status = "over"
    game.outcome = "terminated by the master"
    game.clock = {}
    game.updated_at = now
    journal(session, game, actor.name, "terminated the game", now)
    return game


def promote(session: Session, game: Game, actor: Viewer, name: str,
            now: datetime) -> Seat | Refused:
    """An observer becomes a master of the game too (nJudge's ``PROMOTE``)."""
    refused = only_masters(actor, "promote an observer")
    if refused is not None:
        return refused
    seat = next((s for s in seats(session, game) if s.name == name), None)
    if seat is None or seat.role != "observer":
        return Refused(f"{name} is no observer of {game.name}")
    seat.role = "master"
    game.updated_at = now
    journal(session, game, actor.name, f"promoted {name} to master", now)
    return seat


def change_clock(session: Session, game: Game, actor: Viewer,
                 change: Callable[[PhaseClock, DeadlinePolicy, PhaseKind], PhaseClock | Refused],
                 now: datetime) -> PhaseClock | Refused:
    """The master moves the pending phase's deadline, grace or earliest processing
    (``change`` is one of :mod:`~machiavelli.service.house.deadlines`' ``set_*`` rules)."""
    refused = only_masters(actor, "change a deadline")
    if refused is not None:
        return refused
    clock = current_clock(game)
    if clock is None or game.status not in ("playing", "paused"):
        return Refused(f"{game.name} has no pending deadline")
    changed = change(clock, policy(game),
                     phase_kind(game, phase_state(game, live_phase(session, game))))
    if isinstance(changed, Refused):
        return changed
    game.clock = {**game.clock, "clock": changed.to_dict()}
    game.updated_at = now
    journal(session, game, actor.name, f"set the deadline to {changed.deadline}", now)
    return changed


def rollback(session: Session, game: Game, actor: Viewer, number: int,
             now: datetime) -> Game | Refused:
    """Go back to phase ``number``: the later phases and their orders are kept, marked
    superseded, and the orders of phase ``number`` are pending again; the standing orders
    are those the seats held then (:func:`~machiavelli.service.standing_orders.roll_back`)."""
    refused = only_masters(actor, "roll a game back")
    if refused is not None:
        return refused
    if not 0 <= number <= game.phase:
        return Refused(f"{game.name} has phases 0 to {game.phase}, not {number}")
    if number == game.phase:
        return Refused(f"{game.name} is at phase {number} already")
    target = live_phase(session, game, number)
    session.execute(update(Phase).where(
        Phase.game_id == game.id, Phase.number > number, Phase.superseded_at.is_(None)
    ).values(superseded_at=now))
    session.execute(update(OrderSheet).where(
        OrderSheet.game_id == game.id, OrderSheet.phase > number,
        OrderSheet.superseded_at.is_(None)).values(superseded_at=now))
    standing_orders.roll_back(session, game, number)
    session.flush()
    game.phase = number
    game.winners = []
    game.outcome = None
    game.status = "playing"
    game.votes = {}
    game.updated_at = now
    set_clock(game, phase_state(game, target), now)
    journal(session, game, actor.name, f"rolled back to phase {number} ({target.label})", now)
    notify(session, game, "all", "rollback",
           f"The Master rolled game '{game.name}' back to {target.label}: its orders are "
           "pending again.", now)
    return game


def leave(session: Session, game: Game, actor: Viewer, who: str, how: str,
          now: datetime) -> Seat | Refused:
    """A player resigns (``how="resigned"``) or a master ejects a seat (``"ejected"``):
    its power is abandoned, free for a take-over."""
    if how == "ejected":
        refused = only_masters(actor, "eject a player")
        if refused is not None:
            return refused
    present = seats(session, game)
    seat = next((s for s in present if s.name == who or s.power == who), None)
    if seat is None and game.status != "forming":
        state = phase_state(game, live_phase(session, game))
        power = power_of(game, list(kind_of(game).seats(state)), who)
        if not isinstance(power, Refused):
            seat = next((s for s in present if s.power == power), None)
    if seat is None:
        return Refused(f"nobody named {who!r} sits in {game.name}")
    if how == "resigned" and not actor.is_master and not (
            actor.role == "player" and seat.power == actor.power or seat.name == actor.name):
        return Refused("a player resigns only their own seat")
    # named by their name, a player dealt several powers leaves with every one of them
    leaving = [seat, *(s for s in present if s is not seat and who == seat.name
                       and s.name == seat.name and s.role == seat.role)]
    for gone in leaving:
        gone.left_at = now
        gone.left_how = how
        if gone.power is not None:
            standing = dict(game.standing)
            standing[gone.power] = ABANDONED
            game.standing = standing
        journal(session, game, actor.name, f"{gone.name} ({gone.power or gone.role}) {how}",
                now)
    game.updated_at = now
    return seat


def take_over(session: Session, game: Game, name: str, power: str, now: datetime,
              user_id: int | None = None, *, returned: bool = False) -> Seat | Refused:
    """``name`` takes the seat of ``power``, which has no player (resigned, ejected, or
    never dealt) or whose player abandoned it (late at the end of the grace: help file
    ``deadlines``, "may be taken over ... merely by signing on with any password"; the
    late player's seat is then left).  ``returned``: ``name`` is the player who left it.
    Everyone is told (a notice to all)."""
    if game.status not in ("playing", "paused"):
        return Refused(f"{game.name} is {game.status}")
    state = phase_state(game, live_phase(session, game))
    found = power_of(game, list(kind_of(game).seats(state)), power)
    if isinstance(found, Refused):
        return found
    if found in kind_of(game).eliminated(state):
        return Refused(f"{found} has been eliminated")
    present = seats(session, game)
    holder = next((s for s in present if s.power == found), None)
    abandoned = game.standing.get(found) == ABANDONED
    if holder is not None and not abandoned:
        return Refused(f"{found} has a player")
    if any(s.name == name and s is not holder for s in present):
        return Refused(f"{name} has a seat in {game.name} already")
    if holder is not None:  # help file ``deadlines``: an abandoned power is free to take
        holder.left_at = now
        holder.left_how = ABANDONED
        session.flush()
    seat = Seat(game_id=game.id, user_id=user_id, name=name, role="player", power=found,
                preferences=[found], joined_at=now)
    session.add(seat)
    standing = dict(game.standing)
    standing.pop(found, None)
    game.standing = standing
    game.updated_at = now
    journal(session, game, name, f"took over {found}", now)
    if returned:
        notify(session, game, "all", "returned",
               f"{game.name}: {name} has returned as {found}.", now)
    else:
        notify(session, game, "all", "takeover",
               f"{game.name}: {name} has taken over the abandoned {found}.", now)
    return seat


def become(session: Session, game: Game, actor: Viewer, power: str,
           now: datetime) -> str | Refused:
    """The Master acts for ``power`` (nJudge's ``BECOME``): its player is told."""
    refused = only_masters(actor, "act for a power")
    if refused is not None:
        return refused
    journal(session, game, actor.name, f"acted as {power}", now)
    notify(session, game, power, "become",
           f"{game.name}: the Master is acting for {power} (BECOME): the orders, press "
           f"and settings the Master gives in that message are {power}'s.", now)
    return power


def signed_on(session: Session, game: Game, power: str, now: datetime) -> bool:
    """A valid sign-on by ``power``'s player: its civil-disorder or abandoned mark is
    cleared (help file ``deadlines``); True if there was one."""
    if power not in game.standing:
        return False
    was = game.standing[power]
    game.standing = {p: how for p, how in game.standing.items() if p != power}
    game.updated_at = now
    journal(session, game, power, f"signed on: no longer {was}", now)
    notify(session, game, "all", "returned",
           f"{game.name}: {power}'s player has signed on; {power} is no longer {was}.", now)
    return True


def seated_power(session: Session, game: Game, name: str) -> str | None:
    return session.scalars(select(Seat.power).where(
        Seat.game_id == game.id, Seat.name == name, Seat.left_at.is_(None))).first()
