"""Press: letters between powers, observers and masters, as the game's press policy
allows (:mod:`machiavelli.service.house.press` decides: colours, partial press, fakes, late
press, postal press; the master is always reachable).

A letter is stored with its real sender and addressees and with what its readers are
shown (``shown_to``: the addressees a fake claims; grey press hides the sender).  Who
reads it is :func:`machiavelli.service.visibility.reaches`'.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service.deadlines import attendance, current_clock
from machiavelli.service.games import (
    DamagedGame,
    NewGame,
    Settings,
    kind_of,
    live_phase,
    phase_state,
    power_of,
    set_up,
)
from machiavelli.service.house.press import (
    Addressees,
    Cleared,
    Colour,
    PressMoment,
    PressPolicy,
    judge_letter,
)
from machiavelli.service.house.press import Letter as Draft
from machiavelli.service.port import Position
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Seat
from machiavelli.service.schema import Game, Letter
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


def _moment(session: Session, game: Game, state: Position, power: str | None,
            now: datetime) -> PressMoment:
    """The game's state as the press rules read it when the letter is sent (a minor
    phase: a decision off the main schedule, Machiavelli's retreats and adjustments)."""
    present = attendance(session, game, state)
    clock = current_clock(game)
    late = present.missing if clock is not None and now >= clock.deadline else frozenset()
    kind = kind_of(game)
    decision = kind.pending(state)
    minor = decision is not None and decision.schedule != "movement"
    touch = PressPolicy.from_dict(Settings.from_dict(game.settings).press).touch
    return PressMoment(minor_phase=minor, game_over=game.status == "over",
                       sender_late=power in late,
                       sender_without_orders=power in present.missing,
                       anyone_late=bool(late),
                       neighbours=kind.touching(state, power) if touch and power
                       else frozenset(),
                       broadcast_sent=touch and power is not None
                       and _broadcast_this_phase(session, game, power))


def _broadcast_this_phase(session: Session, game: Game, power: str) -> bool:
    """Whether ``power`` sent a broadcast in the pending phase (touch press: one a turn)."""
    return session.scalar(select(Letter.id).where(
        Letter.game_id == game.id, Letter.phase == game.phase, Letter.sender == power,
        Letter.broadcast.is_(True)).limit(1)) is not None


def send(session: Session, game: Game, sender: Viewer, to: list[str], body: str,
         now: datetime, *, grey: bool = False, as_power: str | None = None) -> Letter | Refused:
    """Store a letter from ``sender`` (a master may write as a power: ``as_power``)."""
    state = position(session, game)
    shown = recipients(game, list(kind_of(game).seats(state)), to)
    if isinstance(shown, Refused):
        return shown
    broadcast, names = shown
    addressees = None if broadcast else Addressees(
        frozenset(n for n in names if n not in SPECIAL), "master" in names, "observers" in names)
    return send_draft(session, game, sender, addressees, body, now,
                      colour=Colour.GREY if grey else None, as_power=as_power)


def position(session: Session, game: Game) -> Position:
    """The pending phase's position (a forming game's: its set up, before the start)."""
    if game.status == "forming":
        made = set_up(NewGame(game.name, game.scenario, game.players, tuple(game.flags),
                              kind=game.kind))
        if isinstance(made, Refused):
            raise DamagedGame(f"{game.name}: {made.reason}")
        return made
    return phase_state(game, live_phase(session, game))


def send_draft(session: Session, game: Game, sender: Viewer, to: Addressees | None,
               body: str, now: datetime, *, colour: Colour | None = None,
               fake_broadcast: bool | None = None, fake_to: Addressees | None = None,
               postal: bool = False, as_power: str | None = None) -> Letter | Refused:
    """Store a letter with every option of nJudge's ``PRESS`` (``to`` None: everybody;
    ``to.all_but``: everybody but those named; the fakes), if the press policy clears it."""
    state = position(session, game)
    kind = kind_of(game)
    powers, eliminated = list(kind.seats(state)), kind.eliminated(state)
    seat: Seat
    if sender.role == "player":
        writer = sender.power or ""
        if as_power is not None:  # a player holding several powers writes as one of them
            named = power_of(game, powers, as_power)
            if isinstance(named, Refused) or not sender.holds(named):
                return Refused(f"you play {' and '.join(sender.held)}; you cannot write "
                               f"as {as_power}")
            writer = named
        if writer in eliminated:
            return Refused(f"{writer} has been eliminated")
        seat = Seat.player(writer)
    elif sender.is_master and as_power is not None:
        power = power_of(game, powers, as_power)
        if isinstance(power, Refused):
            return power
        seat = Seat.player(power)
    elif sender.is_master:
        seat = Seat.master(sender.name)
    elif sender.role == "observer":
        seat = Seat.observer(sender.name)
    else:
        return Refused("only the game's players, observers and masters send press")
    draft = Draft(seat, to, colour, fake_broadcast, fake_to, postal, blank=not body.strip())
    cleared = judge_letter(PressPolicy.from_dict(Settings.from_dict(game.settings).press),
                           draft, _moment(session, game, state, seat.power, now))
    if isinstance(cleared, Refused):
        return cleared
    if to is None:
        return _store(session, game, seat, True, [], cleared, body, now)
    names = sorted(to.powers) + ["master"] * to.master + ["observers"] * to.observers
    if to.all_but:
        names = [p for p in powers if p not in to.powers and p not in eliminated]
        names += ["master"] * (not to.master) + ["observers"] * (not to.observers)
    return _store(session, game, seat, False, names, cleared, body, now)


def _store(session: Session, game: Game, seat: Seat, broadcast: bool, names: list[str],
           cleared: Cleared, body: str, now: datetime) -> Letter:
    letter = Letter(game_id=game.id, phase=game.phase, sender=seat.name[:64],
                    sender_role=seat.role.value, grey=cleared.colour is Colour.GREY,
                    broadcast=broadcast, recipients=names,
                    shown_to=None if cleared.shown_to is None else cleared.shown_to.to_dict(),
                    postal=cleared.postal, body=body, sent_at=now)
    session.add(letter)
    return letter

