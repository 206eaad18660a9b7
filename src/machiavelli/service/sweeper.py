"""The sweeper: every game whose deadline, grace or all-ready condition holds is
processed, and the late notices and reminders it owes are written.

``machiavelli sweep`` runs it once (from cron, say every few minutes); the web server
will run it in a loop.  Each game is swept in its own transaction on its locked row, so
two sweepers at once (or a sweeper and a master's ``process``) never process a phase
twice: the second finds the phase processed and does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service import adjudication
from machiavelli.service.deadlines import (
    CIVIL_DISORDER,
    attendance,
    current_clock,
    local,
    policy,
    verdict,
)
from machiavelli.service.games import find_game, journal, live_phase, phase_state
from machiavelli.service.house.processing import Why
from machiavelli.service.notices import notify
from machiavelli.service.port import Position
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, Notice

REMINDER_BEFORE = timedelta(hours=24)  # a reminder to the powers still missing
ABANDONED = "abandoned"
MISSED = "missed"  # "missed 2": a seat's decisions taken by default twice in a row


@dataclass(frozen=True)
class Swept:
    """What the sweeper did to one game."""

    game: str
    label: str
    processed: bool
    why: str
    notices: int = 0


#: a paused game reminds everyone of it this often (help file ``index``, PAUSE: "Periodic
#: messages will be sent to remind of the pause state")
PAUSED_EVERY = timedelta(days=1)


def games_to_sweep(session: Session) -> list[str]:
    return list(session.scalars(select(Game.name).where(
        Game.status.in_(("playing", "paused"))).order_by(Game.name)))


def _paused(session: Session, game: Game, now: datetime) -> Swept:
    """A paused game: nothing is processed; a reminder of the pause once a day."""
    last = game.clock.get("paused_notice")
    since = datetime.fromisoformat(last) if isinstance(last, str) else None
    if since is not None and now - since < PAUSED_EVERY:
        return Swept(game.name, "", False, "the game is paused")
    notify(session, game, "all", "paused",
           f"Game '{game.name}' is still paused by the Master: no phase is processed and "
           "no deadline passes until it is resumed.", now)
    game.clock = {**game.clock, "paused_notice": now.isoformat()}
    return Swept(game.name, "", False, "the game is paused", 1)


def sweep_game(session: Session, name: str, now: datetime) -> Swept | Refused:
    """One game's sweep, inside the caller's transaction (the game's row is locked)."""
    game = find_game(session, name, lock=True)
    if isinstance(game, Refused):
        return game
    if game.status == "paused":
        return _paused(session, game, now)
    if game.status != "playing":
        return Swept(name, "", False, f"the game is {game.status}")
    row = live_phase(session, game)
    position, label = phase_state(game, row), row.label
    found = verdict(session, game, position, now)
    if found is None:
        return Swept(name, label, False, "the game has no deadline")
    sent = 0
    standing = dict(game.standing)
    newly = sorted(p for p in found.abandoned if standing.get(p) not in (CIVIL_DISORDER,
                                                                         ABANDONED))
    for power in newly:
        standing[power] = ABANDONED
    if newly:
        which = ", ".join(newly)
        more = ("They go into civil disorder at the end of the grace period unless their "
                "players return or they are taken over." if policy(game).nmr else
                "No orders will be processed until the late power returns or is taken over.")
        notify(session, game, "all", "abandoned",
               f"{game.name}: {which} {'has' if len(newly) == 1 else 'have'} been abandoned "
               f"in {label}. Any registered user may take "
               f"{'it' if len(newly) == 1 else 'one'} over by signing on with any password "
               f"(SIGN ON <letter>{game.name} password).\n{more}", now)
        journal(session, game, "sweeper", f"abandoned: {which}", now)
        sent += 1
    if found.late_notice:
        late = ", ".join(sorted(found.late))
        for power in sorted(found.late):
            sent += _notice(session, game, power, "late",
                            f"{game.name}: your orders for {label} are late.", now)
        sent += _notice(session, game, "all", "late",
                        f"{game.name}: {label} waits for {late}.", now)
        game.clock = {**game.clock, "last_notice": local(game, now).isoformat()}
    sent += _reminders(session, game, position, label, now)
    if not found.process:
        game.standing = standing
        return Swept(name, label, False, found.why.value, sent)
    disorder = set(found.civil_disorder)
    if found.why is Why.DEFAULTED:
        disorder |= missed(standing, found.late, policy(game).nmr_limit)
    newly_cd = sorted(p for p in disorder if standing.get(p) != CIVIL_DISORDER)
    for power in disorder:
        standing[power] = CIVIL_DISORDER
    game.standing = standing
    if newly_cd:
        which = ", ".join(newly_cd)
        why = ("decisions in a row were taken by default" if found.why is Why.DEFAULTED
               else "the grace period ended without orders")
        notify(session, game, "all", "civil disorder",
               f"{game.name}: {which} {'is' if len(newly_cd) == 1 else 'are'} in civil "
               f"disorder from {label} on ({why}). A "
               "valid SIGN ON clears the mark; any registered user may take over a power "
               "left without a player.", now)
        sent += 1
    if disorder:
        journal(session, game, "sweeper", f"civil disorder: {', '.join(sorted(disorder))}",
                now)
    done = adjudication.process(session, game, now, expected=game.phase, who="sweeper",
                                civil_disorder=tuple(sorted(disorder)))
    if isinstance(done, Refused):
        return done
    adjudication.resolve_standing(session, game, now)  # Princes' standing orders
    return Swept(name, label, not done.already, found.why.value, sent + 1)


def missed(standing: dict[str, str], late: frozenset[str], limit: int) -> set[str]:
    """Count one more default in a row for each ``late`` seat (``standing``: ``"missed
    N"``; its own answer clears the mark, :func:`~machiavelli.service.sheets.player_returns`)
    and give the seats that reach ``limit`` (``SET NMR LIMIT``, spec princes.md section
    4.4.3): they go into civil disorder, every decision they own taking the default."""
    reached = set()
    for seat in late:
        mark = standing.get(seat, "")
        count = int(mark.split()[1]) if mark.startswith(MISSED) and mark[len(MISSED):].strip(
            ).isdigit() else 0
        standing[seat] = f"{MISSED} {count + 1}"
        if count + 1 >= limit:
            reached.add(seat)
    return reached


def _reminders(session: Session, game: Game, position: Position, label: str,
               now: datetime) -> int:
    """One reminder a phase, a day before the deadline, to the powers still missing."""
    clock = current_clock(game)
    if clock is None or game.clock.get("reminded") == game.phase:
        return 0
    if now < clock.deadline - REMINDER_BEFORE or now >= clock.deadline:
        return 0
    missing = attendance(session, game, position).missing
    for power in sorted(missing):
        _notice(session, game, power, "reminder",
                f"{game.name}: orders for {label} are due by {clock.deadline}.", now)
    game.clock = {**game.clock, "reminded": game.phase}
    return len(missing)


def _notice(session: Session, game: Game, to: str, kind: str, body: str,
            now: datetime) -> int:
    session.add(Notice(game_id=game.id, phase=game.phase, to=to, kind=kind, body=body,
                       created_at=now, delivered_at=None))
    return 1
