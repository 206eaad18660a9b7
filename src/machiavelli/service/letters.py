"""Press: letters between powers, to observers and the master, white or grey.

A letter goes to a list of powers (and ``master``/``observers``) or to everyone
(broadcast).  White press shows its sender; grey press hides the sender from its
readers (never from the master, who is always reachable and reads everything).  Which
letters a game allows is its press policy's (:mod:`machiavelli.service.press`); who
reads a stored letter is :func:`machiavelli.service.visibility.reaches`'.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service.games import live_phase, match_power, phase_state
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, Letter
from machiavelli.service.visibility import Viewer

TO_EVERYONE = ("all", "everyone", "broadcast")
SPECIAL = ("master", "observers")


def recipients(powers: list[str], to: list[str]) -> tuple[bool, list[str]] | Refused:
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
        power = match_power(powers, written)
        if isinstance(power, Refused):
            return power
        found.append(power)
    return False, sorted(set(found))


def send(session: Session, game: Game, sender: Viewer, to: list[str], body: str,
         now: datetime, *, grey: bool = False, as_power: str | None = None) -> Letter | Refused:
    """Store a letter from ``sender`` (a master may write as a power: ``as_power``)."""
    if not body.strip():
        return Refused("the letter is empty")
    state = phase_state(live_phase(session, game))
    name, role = sender.name, sender.role
    if sender.role == "player":
        if sender.power in state.eliminated:
            return Refused(f"{sender.power} has been eliminated")
        name = sender.power or ""
    elif sender.is_master and as_power is not None:
        power = match_power(state.powers, as_power)
        if isinstance(power, Refused):
            return power
        name, role = power, "player"
    elif sender.role == "public":
        return Refused("only the game's players, observers and masters send press")
    shown = recipients(state.powers, to)
    if isinstance(shown, Refused):
        return shown
    broadcast, names = shown
    letter = Letter(game_id=game.id, phase=game.phase, sender=name[:64], sender_role=role,
                    grey=grey, broadcast=broadcast, recipients=names, body=body,
                    sent_at=now)
    session.add(letter)
    return letter
