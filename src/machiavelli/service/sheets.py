"""Orders: stored per (game, phase, power), read by the game's kind.

A submission is read by the kind (:meth:`~machiavelli.service.port.GameKind.read`;
Machiavelli's is the engine's order parser) against the pending phase's position:
accepted orders are merged into the power's stored orders (a later order for the same
unit, expense number or payee replaces the earlier one) and kept in canonical text;
each refused line comes back as a message with its number.
The whole is one transaction on the game's locked row, so an order is either stored
for the phase the reply names, and then processed with it, or refused with a message:
never lost, and never played in a phase it was not written for (a submission naming
a phase that has been processed is refused).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service import standing_orders
from machiavelli.service.games import Settings, kind_of, live_phase, phase_state, power_of
from machiavelli.service.house.deadlines import DeadlinePolicy, may_set_wait
from machiavelli.service.port import LineError, Position, StandingOrder
from machiavelli.service.refusal import NotStarted, Outdated, Refused
from machiavelli.service.roles import Role
from machiavelli.service.schema import Game, OrderSheet
from machiavelli.service.visibility import Viewer


@dataclass(frozen=True)
class Stored:
    """The reply to a submission: the orders now stored and the lines refused."""

    power: str
    phase: int
    label: str
    lines: list[str]
    errors: list[LineError] = field(default_factory=list)
    #: the lines stored that the adjudicator will fail or void, and why (Reading.warnings)
    warnings: list[LineError] = field(default_factory=list)
    #: notes on lines taken (``{3: "replaces line 1"}``)
    notes: dict[int, str] = field(default_factory=dict)
    #: the decision the answer resolved at once, in words (a single-owner decision:
    #: Princes' actions and bids), or "" when it waits for the deadline or other seats
    resolved: str = ""
    #: the seat's standing orders after the submission, when it gave some (Princes')
    standing: tuple[str, ...] | None = None


def acting_power(game: Game, state: Position, actor: Viewer, written: str | None
                 ) -> str | Refused:
    """The power ``actor`` acts for: a player's own, or any a master names."""
    kind = kind_of(game)
    powers = list(kind.seats(state))
    if actor.role == "player":
        power = actor.power or ""
        if written is not None:
            named = power_of(game, powers, written)
            if isinstance(named, Refused) or not actor.holds(named):
                return Refused(f"you play {' and '.join(actor.held) or actor.power}; you "
                               f"cannot act for {written}")
            power = named
    elif actor.is_master:
        if written is None:
            return Refused("name the power the master acts for")
        named = power_of(game, powers, written)
        if isinstance(named, Refused):
            return named
        power = named
    else:
        return Refused("an observer gives no orders")
    if power in kind.eliminated(state):
        return Refused(f"{power} has been eliminated")
    return power


def sheet(session: Session, game: Game, phase: int, power: str) -> OrderSheet | None:
    return session.scalars(select(OrderSheet).where(
        OrderSheet.game_id == game.id, OrderSheet.phase == phase, OrderSheet.power == power,
        OrderSheet.superseded_at.is_(None))).first()


def pending_sheets(session: Session, game: Game) -> list[OrderSheet]:
    return list(session.scalars(select(OrderSheet).where(
        OrderSheet.game_id == game.id, OrderSheet.phase == game.phase,
        OrderSheet.superseded_at.is_(None)).order_by(OrderSheet.power)))


def not_started(game: Game) -> NotStarted:
    return NotStarted(f"game {game.name} has not started: it is still forming, so there "
                      "are no orders, readiness or draws yet (its master starts it when "
                      "the players are seated)")


def check_phase(game: Game, phase: int | None, label: str) -> Refused | None:
    if game.status == "over":
        return Refused(f"the game is over: {game.outcome or 'ended'}")
    if game.status == "forming":
        return not_started(game)
    if phase is not None and phase < game.phase:
        return Outdated(f"these orders were written for phase {phase}, which has been "
                        f"processed: the game is now at {label} (phase {game.phase}), and "
                        "nothing was stored; read the results, then write orders for the "
                        "new phase", game.phase, label)
    if phase is not None and phase != game.phase:
        return Refused(f"phase {phase} is not the pending phase: the game is at phase "
                       f"{game.phase}, {label}; nothing was stored")
    return None


def pending_power(session: Session, game: Game, actor: Viewer, power: str | None,
                  phase: int | None = None) -> tuple[Position, str] | Refused:
    """The pending phase's position and the power ``actor`` acts for in it, or why not."""
    if game.status == "forming":  # no phase yet: nothing is pending
        return not_started(game)
    row = live_phase(session, game)
    state = phase_state(game, row)
    refused = check_phase(game, phase, row.label)
    if refused is not None:
        return refused
    who = acting_power(game, state, actor, power)
    if isinstance(who, Refused):
        return who
    return state, who


def player_returns(game: Game, actor: Viewer, power: str) -> None:
    """A power's own player acting again clears its abandoned or civil-disorder mark.

    nJudge: a power marked CD is not waited for "until a SIGNON clears the mark"; a
    player who orders or says it is ready has signed on.  A master acting for the
    power clears nothing.
    """
    if actor.role == "player" and power in game.standing:
        game.standing = {p: how for p, how in game.standing.items() if p != power}


def submit(session: Session, game: Game, actor: Viewer, power: str | None, text: str,
           now: datetime, *, phase: int | None = None, replace: bool = False,
           refused_keeps: bool = False) -> Stored | Refused:
    """Check ``text`` and store its accepted orders for the pending phase
    (``refused_keeps``: a submission whose every line is refused is refused whole, and
    the stored orders stay as they were)."""
    acting = pending_power(session, game, actor, power, phase=phase)
    if isinstance(acting, Refused):
        return acting
    state, who = acting
    player_returns(game, actor, who)
    kind = kind_of(game)
    standing = standing_orders.standing_kind(game)
    orders: list[StandingOrder] = []
    refused: list[LineError] = []
    if standing is not None:  # a seat's standing orders are kept apart from its answer
        text, orders, refused = standing_orders.split(standing, state, who, text)
    row = sheet(session, game, game.phase, who)
    earlier = [] if row is None else row.text.splitlines()
    reading = kind.read(state, who, text, earlier, replace=replace)
    errors = sorted([*reading.errors, *refused], key=lambda e: e.line)
    if refused_keeps and errors and not orders and not kind.read(state, who, text).lines:
        return Refused("every line was refused, so the stored orders are unchanged: "
                       + "; ".join(f"line {e.line} ({e.text}): {e.reason}" for e in errors))
    held = None if standing is None or not orders else standing_orders.keep(
        session, game, standing, state, who, orders, actor.name or who, now)
    if orders and not text.strip():  # standing orders alone: the answer is untouched
        return Stored(who, game.phase, kind.label(state),
                      row.text.splitlines() if row is not None else [], errors, standing=held)
    lines = list(reading.lines)
    messages = [{"line": e.line, "text": e.text, "reason": e.reason} for e in errors]
    if row is None:
        row = OrderSheet(game_id=game.id, phase=game.phase, power=who, wait=False,
                         ready=False, superseded_at=None)
        session.add(row)
    row.text = "".join(line + "\n" for line in lines)
    row.messages = messages
    row.written_by = (actor.name or who)[:64]
    row.updated_at = now
    return Stored(who, game.phase, kind.label(state), lines, errors,
                  list(reading.warnings), dict(reading.notes), standing=held)


def set_wait(session: Session, game: Game, actor: Viewer, power: str | None, wait: bool,
             now: datetime) -> Stored | Refused:
    """A power is ready (its orders, even none, are final) or, with ``wait``, asks the
    judge to wait for the deadline (nJudge's ``SET WAIT``; ``SET NOWAIT`` is ready)."""
    acting = pending_power(session, game, actor, power)
    if isinstance(acting, Refused):
        return acting
    state, who = acting
    if wait and actor.role != "master":
        policy = DeadlinePolicy.from_dict(Settings.from_dict(game.settings).deadlines)
        refused = may_set_wait(policy, Role.PLAYER, owes_orders=kind_of(game).owes(state, who))
        if refused is not None:
            return refused
    player_returns(game, actor, who)
    row = sheet(session, game, game.phase, who)
    if row is None:
        row = OrderSheet(game_id=game.id, phase=game.phase, power=who, text="", messages=[],
                         written_by=(actor.name or who)[:64], superseded_at=None)
        session.add(row)
    row.wait = wait
    row.ready = not wait
    row.updated_at = now
    return Stored(who, game.phase, kind_of(game).label(state), row.text.splitlines())
