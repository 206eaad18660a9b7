"""Standing orders on the host (a kind's :class:`~machiavelli.service.port.StandingKind`:
Princes' proxy bids, passes, next action and ``SET REACT``; its spec, section 4.4.6).

A seat's submission may hold standing orders among its answer's lines: the kind reads
each line (:meth:`~machiavelli.service.port.StandingKind.standing_order`); those that are
standing orders are taken out (the line numbers of the rest hold) and kept, private to
the seat and the master, as rows of ``later_orders`` of kind ``standing``: a later order
of the same key replaces an earlier one, ``CLEAR`` drops them all.  An order lasts the
kind's epoch it was given in (Princes: the decade; its row's ``year``), or the whole
game (``year`` -1).  :func:`machiavelli.service.adjudication.resolve_standing` turns them
into answers when the seat must decide.

An order gone (used up, replaced, cleared or lapsed) is not deleted but retired: its row
keeps the phase it went at (``used_phase``) beside the one it was given at
(``given_phase``), so that a rollback to phase N (:func:`roll_back`) gives back the
orders retired after N and drops those given after N: the seats hold the standing orders
they held when phase N was pending.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service.games import kind_of
from machiavelli.service.port import (
    CLEAR_ALL,
    LineError,
    Position,
    StandingKind,
    StandingOrder,
)
from machiavelli.service.schema import Game, LaterOrders

#: a standing order's ``later_orders.kind``
STANDING = "standing"
#: its ``year`` when it lasts the whole game
LASTING = -1


def standing_kind(game: Game) -> StandingKind | None:
    kind = kind_of(game)
    return kind if isinstance(kind, StandingKind) else None


def split(kind: StandingKind, position: Position, seat: str, text: str
          ) -> tuple[str, list[StandingOrder], list[LineError]]:
    """``text`` without its standing orders (their lines left blank, so that the others
    keep their numbers), the standing orders, and the lines the kind refused as such."""
    kept: list[str] = []
    orders: list[StandingOrder] = []
    errors: list[LineError] = []
    for number, line in enumerate(text.splitlines(), 1):
        found = kind.standing_order(position, seat, line) if line.strip() else None
        if found is None:
            kept.append(line)
            continue
        kept.append("")
        if isinstance(found, LineError):
            errors.append(replace(found, line=number))
        else:
            orders.append(found)
    return "\n".join(kept), orders, errors


def rows(session: Session, game: Game, seat: str) -> list[LaterOrders]:
    """``seat``'s standing orders, oldest first."""
    return list(session.scalars(select(LaterOrders).where(
        LaterOrders.game_id == game.id, LaterOrders.power == seat,
        LaterOrders.kind == STANDING, LaterOrders.applied_at.is_(None))
        .order_by(LaterOrders.id)))


def retire(game: Game, row: LaterOrders, now: datetime) -> None:
    """``row`` is gone at the pending phase (kept for a rollback: :func:`roll_back`)."""
    row.applied_at = now
    row.used_phase = game.phase


def current(session: Session, game: Game, kind: StandingKind, position: Position,
            seat: str, now: datetime) -> list[LaterOrders]:
    """``seat``'s standing orders in force: those of an epoch gone lapse (are retired)."""
    epoch = kind.epoch(position)
    found = []
    for row in rows(session, game, seat):
        if row.year not in (LASTING, epoch):
            retire(game, row, now)
        else:
            found.append(row)
    return found


def keep(session: Session, game: Game, kind: StandingKind, position: Position, seat: str,
         orders: list[StandingOrder], by: str, now: datetime) -> tuple[str, ...]:
    """Store ``orders`` for ``seat`` (each replacing the one of its key; ``CLEAR`` drops
    them all); the seat's standing orders after them."""
    held = current(session, game, kind, position, seat, now)
    for order in orders:
        if order.key == CLEAR_ALL:
            for row in held:
                retire(game, row, now)
            held = []
            continue
        for row in list(held):
            found = kind.standing_order(position, seat, row.text)
            if not isinstance(found, StandingOrder) or found.key == order.key:
                retire(game, row, now)
                held.remove(row)
        row = LaterOrders(game_id=game.id, power=seat, season="", kind=STANDING,
                          year=LASTING if order.lasting else kind.epoch(position),
                          text=order.line, written_by=by[:64], created_at=now,
                          applied_at=None, given_phase=game.phase, used_phase=None)
        session.add(row)
        held.append(row)
    session.flush()
    return tuple(row.text for row in held)


def replace_orders(game: Game, held: list[LaterOrders], kept: tuple[str, ...],
                   now: datetime) -> None:
    """Retire the orders a decision used up (those of ``held`` not ``kept``)."""
    left = list(kept)
    for row in held:
        if row.text in left:
            left.remove(row.text)
        else:
            retire(game, row, now)


def roll_back(session: Session, game: Game, number: int) -> None:
    """The game goes back to phase ``number``: the standing orders given after it are
    dropped, those retired after it are in force again (the orders of a seat are those it
    held while phase ``number`` was pending, before it was answered)."""
    for row in session.scalars(select(LaterOrders).where(
            LaterOrders.game_id == game.id, LaterOrders.kind == STANDING)):
        if row.given_phase is not None and row.given_phase > number:
            session.delete(row)
        elif row.used_phase is not None and row.used_phase > number:
            row.used_phase = None
            row.applied_at = None
