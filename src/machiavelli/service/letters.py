"""Press: letters between powers, observers and masters, as the game's press policy
allows (:mod:`machiavelli.service.press` decides: colours, partial press, fakes, late
press, postal press; the master is always reachable).

A letter is stored with its real sender and addressees and with what its readers are
shown (``shown_to``: the addressees a fake claims; grey press hides the sender).  Who
reads it is :func:`machiavelli.service.visibility.reaches`'.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.core.state import State
from machiavelli.service.games import Settings, board_of, live_phase, phase_state, power_of
from machiavelli.service.press import (
    Addressees,
    Cleared,
    Colour,
    PressMoment,
    PressPolicy,
    judge_letter,
)
from machiavelli.service.press import Letter as Draft
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Seat
from machiavelli.service.schema import Game, Letter
from machiavelli.service.timekeeping import attendance, current_clock
from machiavelli.service.visibility import Viewer

TO_EVERYONE = ("all", "everyone", "broadcast")
SPECIAL = ("master", "observers")


def recipients(game: Game, powers: list[str], to: list[str]
               ) -> tuple[bool, list[str]] | Refused:
    """(broadcast, the recipients) as written: powers by name or prefix, ``master``,
    ``observers``, or ``all``."""
    if not to:
        return Refused("a letter needs recipients: powers, master, observers or all")
    found: list[str] = []
    for written in to:
        word = written.strip().lower()
        if word in TO_EVERYONE:
            return True, []
        if word in SPECIAL:
            found.append(word)
            continue
        power = power_of(game, powers, written)
        if isinstance(power, Refused):
            return power
        found.append(power)
    return False, sorted(set(found))


def _moment(session: Session, game: Game, state: State, power: str | None,
            now: datetime) -> PressMoment:
    """The game's state as the press rules read it when the letter is sent."""
    board = board_of(game)
    present = attendance(session, game, board, state)
    clock = current_clock(game)
    late = present.missing if clock is not None and now >= clock.deadline else frozenset()
    return PressMoment(minor_phase=state.phase != "movement", game_over=game.status == "over",
                       sender_late=power in late,
                       sender_without_orders=power in present.missing,
                       anyone_late=bool(late))


def send(session: Session, game: Game, sender: Viewer, to: list[str], body: str,
         now: datetime, *, grey: bool = False, as_power: str | None = None) -> Letter | Refused:
    """Store a letter from ``sender`` (a master may write as a power: ``as_power``)."""
    state = phase_state(live_phase(session, game))
    seat: Seat
    if sender.role == "player":
        if sender.power in state.eliminated:
            return Refused(f"{sender.power} has been eliminated")
        seat = Seat.player(sender.power or "")
    elif sender.is_master and as_power is not None:
        power = power_of(game, state.powers, as_power)
        if isinstance(power, Refused):
            return power
        seat = Seat.player(power)
    elif sender.is_master:
        seat = Seat.master(sender.name)
    elif sender.role == "observer":
        seat = Seat.observer(sender.name)
    else:
        return Refused("only the game's players, observers and masters send press")
    shown = recipients(game, state.powers, to)
    if isinstance(shown, Refused):
        return shown
    broadcast, names = shown
    addressees = None if broadcast else Addressees(
        frozenset(n for n in names if n not in SPECIAL), "master" in names, "observers" in names)
    draft = Draft(seat, addressees, Colour.GREY if grey else None, blank=not body.strip())
    cleared = judge_letter(PressPolicy.from_dict(Settings.from_dict(game.settings).press),
                           draft, _moment(session, game, state, seat.power, now))
    if isinstance(cleared, Refused):
        return cleared
    return _store(session, game, seat, broadcast, names, cleared, body, now)


def _store(session: Session, game: Game, seat: Seat, broadcast: bool, names: list[str],
           cleared: Cleared, body: str, now: datetime) -> Letter:
    letter = Letter(game_id=game.id, phase=game.phase, sender=seat.name[:64],
                    sender_role=seat.role.value, grey=cleared.colour is Colour.GREY,
                    broadcast=broadcast, recipients=names,
                    shown_to=None if cleared.shown_to is None else cleared.shown_to.to_dict(),
                    postal=cleared.postal, body=body, sent_at=now)
    session.add(letter)
    return letter

