"""A game out of the database into a folder (:mod:`~machiavelli.service.archive`'s
layout) and back in: ``machiavelli export`` and ``machiavelli import``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service.archive import Archive, ArchivedPhase
from machiavelli.service.games import (
    _GAME_NAME,
    journal,
    kind_of,
    live_phases,
    phase_row,
    phase_state,
    seats,
)
from machiavelli.service.kinds import kind_named
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, LaterOrders, Letter, OrderSheet, Seat


def export_game(session: Session, game: Game) -> Archive:
    rows = live_phases(session, game)
    kind = kind_of(game)
    states = [kind.dump(phase_state(game, row)) for row in rows]
    sheets: dict[int, dict[str, str]] = {}
    for sheet in session.scalars(select(OrderSheet).where(
            OrderSheet.game_id == game.id, OrderSheet.superseded_at.is_(None))):
        if sheet.text:
            sheets.setdefault(sheet.phase, {})[sheet.power] = sheet.text
    phases = [ArchivedPhase(row.number, states[i - 1], states[i], row.report,
                            sheets.get(row.number - 1, {}), dict(row.private))
              for i, row in enumerate(rows) if row.number > 0]
    service: dict[str, Any] = {
        "flags": list(game.flags), "settings": dict(game.settings), "status": game.status,
        "outcome": game.outcome, "clock": dict(game.clock), "standing": dict(game.standing),
        "votes": dict(game.votes),
        "seats": [{"name": s.name, "role": s.role, "power": s.power,
                   "preferences": list(s.preferences), "joined_at": s.joined_at.isoformat()}
                  for s in seats(session, game)],
        "press": [{"phase": x.phase, "sender": x.sender, "sender_role": x.sender_role,
                   "grey": x.grey, "broadcast": x.broadcast, "recipients": list(x.recipients),
                   "body": x.body, "sent_at": x.sent_at.isoformat()}
                  for x in session.scalars(select(Letter).where(Letter.game_id == game.id)
                                           .order_by(Letter.id))],
        "later_orders": [_later_data(x) for x in session.scalars(select(LaterOrders).where(
            LaterOrders.game_id == game.id).order_by(LaterOrders.id))],
    }
    return Archive(game.scenario, game.seed, game.players, game.victory_cities,
                   list(game.winners), states[0], rows[0].report, phases,
                   sheets.get(game.phase, {}), service, dict(rows[0].private), game.kind,
                   tuple(game.flags))


def import_game(session: Session, archive: Archive, name: str, now: datetime) -> Game | Refused:
    """The archived game as a new game ``name``."""
    if not _GAME_NAME.fullmatch(name):
        return Refused(f"{name!r} is not a game name: letters, digits, '_', '.', '-'")
    if session.scalars(select(Game.id).where(Game.name == name)).first() is not None:
        return Refused(f"a game named {name!r} exists already")
    extra = archive.service
    over = bool(archive.winners)
    game = Game(name=name, kind=archive.kind, scenario=archive.scenario, players=archive.players,
                seed=archive.seed, victory_cities=archive.victory_cities,
                flags=list(extra.get("flags", [])), settings=dict(extra.get("settings", {})),
                status="over" if over else str(extra.get("status", "playing")),
                phase=len(archive.phases), winners=list(archive.winners),
                outcome=extra.get("outcome") or (f"{', '.join(archive.winners)} won"
                                                 if over else None),
                clock=dict(extra.get("clock", {})), standing=dict(extra.get("standing", {})),
                votes=dict(extra.get("votes", {})), created_at=now, updated_at=now)
    session.add(game)
    session.flush()
    kind, setup = kind_named(archive.kind), archive.setup
    session.add(phase_row(game, 0, kind.load(archive.start_state, setup), archive.start_report,
                          archive.start_private, now))
    for phase in archive.phases:
        session.add(phase_row(game, phase.number, kind.load(phase.after, setup), phase.report,
                              phase.private, now))
        for power, text in phase.orders.items():
            session.add(_sheet(game, phase.number - 1, power, text, now))
    for power, text in archive.pending.items():
        session.add(_sheet(game, game.phase, power, text, now))
    for seat in extra.get("seats", []):
        session.add(Seat(game_id=game.id, user_id=None, name=str(seat["name"]),
                         role=str(seat["role"]), power=seat.get("power"),
                         preferences=list(seat.get("preferences", [])),
                         joined_at=datetime.fromisoformat(seat["joined_at"])))
    for letter in extra.get("press", []):
        session.add(Letter(game_id=game.id, phase=int(letter["phase"]),
                           sender=str(letter["sender"]), sender_role=str(letter["sender_role"]),
                           grey=bool(letter["grey"]), broadcast=bool(letter["broadcast"]),
                           recipients=list(letter["recipients"]), body=str(letter["body"]),
                           sent_at=datetime.fromisoformat(letter["sent_at"])))
    for later in extra.get("later_orders", []):
        session.add(_later_row(game, later))
    journal(session, game, "import", f"imported with {len(archive.phases)} phases", now)
    return game


def _later_data(row: LaterOrders) -> dict[str, Any]:
    """A later order (nJudge's ``PHASE``) or a standing order (Princes'), as exported:
    those used up too, with their phases, so that a rollback after the import gives them
    back as it would have before."""
    return {"power": row.power, "season": row.season, "year": row.year, "kind": row.kind,
            "text": row.text, "written_by": row.written_by,
            "created_at": row.created_at.isoformat(),
            "applied_at": row.applied_at.isoformat() if row.applied_at else None,
            "given_phase": row.given_phase, "used_phase": row.used_phase}


def _later_row(game: Game, data: dict[str, Any]) -> LaterOrders:
    def phase(key: str) -> int | None:
        value = data.get(key)
        return None if value is None else int(value)
    applied = data.get("applied_at")
    return LaterOrders(game_id=game.id, power=str(data["power"]), season=str(data["season"]),
                       year=int(data["year"]), kind=str(data["kind"]), text=str(data["text"]),
                       written_by=str(data["written_by"]),
                       created_at=datetime.fromisoformat(data["created_at"]),
                       applied_at=datetime.fromisoformat(applied) if applied else None,
                       given_phase=phase("given_phase"), used_phase=phase("used_phase"))


def _sheet(game: Game, phase: int, power: str, text: str, now: datetime) -> OrderSheet:
    return OrderSheet(game_id=game.id, phase=phase, power=power, text=text, messages=[],
                      wait=False, ready=False, written_by="import", updated_at=now,
                      superseded_at=None)


def unreadable_orders(archive: Archive) -> Refused | None:
    """A refusal naming the first pending order the judge cannot read back (the files
    were changed by hand or damaged), or None."""
    kind = kind_named(archive.kind)
    state = kind.load(archive.state, archive.setup)
    for power, text in archive.pending.items():
        if power not in kind.seats(state):
            return Refused(f"orders/{power}.txt: {power} is not a power of this game")
        # an error at line 0 says the answer is not complete yet (it waits for more)
        errors = [e for e in kind.read(state, power, text).errors if e.line > 0]
        if errors:
            first = errors[0]
            return Refused(f"orders/{power}.txt, line {first.line}: {first.reason}: the "
                           "stored orders are damaged")
    return None
