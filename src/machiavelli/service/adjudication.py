"""Processing a phase: one transaction keyed by (game, phase), done once.

:func:`process` runs inside a transaction that holds the game's row (``BEGIN
IMMEDIATE`` on SQLite, ``SELECT ... FOR UPDATE`` on PostgreSQL).  It reads the pending
phase's position and every power's stored orders, asks the game's kind to advance
(:meth:`~machiavelli.service.port.GameKind.advance`; Machiavelli's is the engine's
``process_phase``, pure and seeded: the same phase always gives the same result),
writes the next phase as a new row and moves the game's counter on; the caller commits
all of it at once.  A crash before the commit leaves the game at the old phase with its
orders; after it, at the new one.

The phase to process is a key: a caller names the phase it means (``expected``), and
when the game has already moved past it, because another process, the sweeper or a
double click got there first, nothing happens and the answer says so
(:attr:`Processed.already`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service import standing_orders
from machiavelli.service.absence import expire
from machiavelli.service.deadlines import policy, set_clock
from machiavelli.service.games import (
    DamagedGame,
    journal,
    kind_of,
    live_phase,
    phase_row,
    phase_state,
)
from machiavelli.service.later import apply_due
from machiavelli.service.port import BadAnswer, Position, Step
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, Notice, Phase
from machiavelli.service.sheets import pending_sheets, sheet, submit
from machiavelli.service.visibility import Viewer


@dataclass(frozen=True)
class Processed:
    """What processing did: the phase processed (or found processed already) and the next."""

    game: str
    phase: int  # the number of the phase asked for
    label: str  # its label
    already: bool = False  # True: it had been processed before; nothing was done now
    next_label: str = ""
    result: Step | None = None
    civil_disorder: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        if self.already:
            return (f"{self.label} (phase {self.phase}) was processed already: "
                    f"the game is at {self.next_label}; nothing done")
        return f"{self.label} processed; next: {self.next_label}"


def process(session: Session, game: Game, now: datetime, *, expected: int | None = None,
            who: str = "judge", civil_disorder: tuple[str, ...] = ()) -> Processed | Refused:
    """Process ``game``'s pending phase (``expected``: only if it is still that one)."""
    if expected is not None and expected != game.phase:
        if expected > game.phase or expected < 0:
            return Refused(f"{game.name} has no phase {expected}: it is at phase {game.phase}")
        done = live_phase(session, game, expected)
        current = live_phase(session, game)
        return Processed(game.name, expected, done.label, already=True,
                         next_label=current.label)
    if game.status == "over":
        return Refused(f"the game is over: {game.outcome or 'ended'}")
    if game.status == "forming":
        return Refused(f"{game.name} has not started")
    row = live_phase(session, game)
    kind = kind_of(game)
    result = _advance(session, game, row, phase_state(game, row))
    label, next_label = row.label, kind.label(result.position)
    number = game.phase
    session.add(phase_row(game, number + 1, result.position, result.report, result.private,
                          now))
    game.phase = number + 1
    game.winners = list(result.winners)
    if result.winners:
        game.status = "over"
        game.outcome = f"{', '.join(result.winners)} won"
    game.votes = {}
    game.updated_at = now
    if game.status == "over":
        game.clock = {}
    else:
        expire(game, now)
        set_clock(game, result.position, now)
        session.flush()
        apply_due(session, game, result.position, now)
    session.add(Notice(game_id=game.id, phase=number, to="all", kind="results",
                       body=f"{game.name}: {label} processed; next {next_label}",
                       created_at=now, delivered_at=None))
    journal(session, game, who, f"processed phase {number} ({label})", now)
    return Processed(game.name, number, label, next_label=next_label,
                     result=result, civil_disorder=list(civil_disorder))


def resolve_answered(session: Session, game: Game, seat: str, now: datetime, *,
                     who: str = "judge") -> Processed | None:
    """The pending decision resolved the moment its owner's answer is in, when it has one
    owner (Princes' actions, bids, decisions), ``seat`` is that owner and its stored
    answer is complete (no line refused, nothing still to answer); else None, and the
    decision waits as a Machiavelli phase does.  A paused game, or one under ``SET
    MANUAL PROCESS``, resolves nothing by itself."""
    if game.status != "playing" or policy(game).manual_process:
        return None
    position = phase_state(game, live_phase(session, game))
    decision = kind_of(game).pending(position)
    if decision is None or decision.simultaneous or seat not in decision.seats:
        return None
    answer = sheet(session, game, game.phase, seat)
    if answer is None or not answer.text.strip() or answer.messages:
        return None
    done = process(session, game, now, expected=game.phase, who=who)
    return done if isinstance(done, Processed) else None


def predict(session: Session, game: Game) -> Step | Refused:
    """What processing the pending phase now would give, with the orders stored so far
    (nJudge's ``PREDICT``); nothing is written.  The dice are the game's, so the
    prediction is what processing now would do."""
    if game.status not in ("playing", "paused"):
        return Refused(f"{game.name} is {game.status}: there is no phase to predict")
    row = live_phase(session, game)
    return _advance(session, game, row, phase_state(game, row))


def stored_answers(session: Session, game: Game, position: Position) -> dict[str, list[str]]:
    """Every seat's stored lines for the pending decision (seats of the game only)."""
    seats = set(kind_of(game).seats(position))
    return {sheet.power: sheet.text.splitlines() for sheet in pending_sheets(session, game)
            if sheet.power in seats and sheet.text.strip()}


def _advance(session: Session, game: Game, row: Phase, position: Position) -> Step:
    """The pending decision resolved by the game's kind with the stored answers."""
    try:
        return kind_of(game).advance(position, stored_answers(session, game, position),
                                     game.seed)
    except BadAnswer as bad:  # the text was written by the judge: damage, not a player's
        raise DamagedGame(f"{game.name}: the stored orders of {bad.seat} for {row.label} "
                          f"do not read back ({bad.reason})") from None


#: the most decisions standing orders take in a row (a guard: each takes one decision)
STANDING_STEPS = 200
#: who wrote an answer standing orders gave
BY_STANDING = "standing orders"


def resolve_standing(session: Session, game: Game, now: datetime) -> int:
    """The pending decision answered from the standing orders of the seats that owe it
    (:mod:`~machiavelli.service.standing_orders`), again and again while they answer:
    a decision with one owner resolves on its answer; a simultaneous one (a reaction
    window) when every seat's answer came from its standing orders (``SET REACT AUTO``
    all round: the window closes at once, and nobody learns who is on AUTO), else it
    waits for the others as before.  How many decisions were resolved so."""
    kind = standing_orders.standing_kind(game)
    resolved = 0
    if kind is None:
        return resolved
    for _ in range(STANDING_STEPS):
        if game.status != "playing" or policy(game).manual_process:
            return resolved
        position = phase_state(game, live_phase(session, game))
        decision = kind.pending(position)
        if decision is None:
            return resolved
        answered: list[str] = []
        for seat in decision.seats:
            given = sheet(session, game, game.phase, seat)
            if not kind.owes(position, seat) or (given is not None and given.text.strip()):
                continue
            held = standing_orders.current(session, game, kind, position, seat, now)
            line, kept = kind.standing_answer(position, seat, [r.text for r in held])
            standing_orders.replace_orders(game, held, kept, now)
            if line is None or kind.read(position, seat, line).errors:
                continue
            stored = submit(session, game, Viewer.master(BY_STANDING), seat, line, now)
            if not isinstance(stored, Refused) and not stored.errors:
                answered.append(seat)
                if not decision.simultaneous:
                    break
        if not answered and not decision.simultaneous:
            return resolved
        if decision.simultaneous and not all(
                (given := sheet(session, game, game.phase, s)) is not None
                and given.text.strip() and given.written_by == BY_STANDING
                and not given.wait for s in decision.seats if kind.owes(position, s)):
            return resolved  # a seat answers itself, or SET WAIT: the window waits
        done = process(session, game, now, expected=game.phase, who=BY_STANDING)
        if isinstance(done, Refused) or done.already:
            return resolved
        resolved += 1
    return resolved
