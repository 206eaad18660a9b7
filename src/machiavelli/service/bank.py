"""The time bank of a live Princes game (spec princes.md section 4.4.7).

With ``DeadlinePolicy.bank_hours`` H > 0, each seat has H hours per epoch of its kind (a
Princes decade) for the decisions it owns alone: the time from the moment such a decision
is asked until it is taken is taken from the owner's bank, and the decision's deadline is
the earlier of its schedule's and the moment the owner's bank runs out.  When the bank is
empty, every decision the seat owns takes the default at once (at the next sweep).
Simultaneous decisions (sealed bids, reaction windows) follow their schedule and draw on
no bank.  At the start of an epoch every bank is full again.

The bank is kept on the game's clock (``game.clock["bank"]``: the epoch, each seat's
seconds left, the owners of the pending decision and when it was asked); it is public
(a chess clock's time is), and the pages show it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from machiavelli.service.games import kind_of
from machiavelli.service.house.deadlines import PhaseClock
from machiavelli.service.port import Position, StandingKind
from machiavelli.service.schema import Game

BANK = "bank"


def bank_clock(game: Game, position: Position, clock: PhaseClock, now: datetime,
               hours: float) -> tuple[PhaseClock, dict[str, Any] | None]:
    """The pending decision's clock with the time bank applied, and the bank to keep
    (None: no bank in this game)."""
    kind = kind_of(game)
    if hours <= 0 or not isinstance(kind, StandingKind):
        return clock, None
    epoch = kind.epoch(position)
    was: dict[str, Any] = dict(game.clock.get(BANK) or {})
    full = hours * 3600.0
    left: dict[str, float] = {s: float(v) for s, v in (was.get("left") or {}).items()}
    if was.get("since"):  # the decision just taken drew on its owners' banks
        used = (now - datetime.fromisoformat(str(was["since"]))).total_seconds()
        for seat in was.get("owners") or []:
            left[seat] = max(0.0, left.get(seat, full) - max(0.0, used))
    if was.get("epoch") != epoch:
        left = {seat: full for seat in kind.seats(position)}
    decision = kind.pending(position)
    owners = [] if decision is None or decision.simultaneous else list(decision.seats)
    bank = {"epoch": epoch, "left": left, "owners": owners, "since": now.isoformat()}
    if not owners:
        return clock, bank
    runs_out = now + timedelta(seconds=min(left.get(s, full) for s in owners))
    if runs_out >= clock.deadline:
        return clock, bank
    return replace(clock, deadline=runs_out, grace=min(clock.grace, runs_out),
                   start=min(clock.start, runs_out)), bank
