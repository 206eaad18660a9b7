"""Draw votes, stored on the game: the rule that decides is :mod:`machiavelli.service.draws`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service.games import journal, live_phase, phase_state
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game
from machiavelli.service.sheets import acting_power, check_phase
from machiavelli.service.visibility import Viewer


def vote(session: Session, game: Game, actor: Viewer, power: str | None, wanted: bool,
         now: datetime) -> str | Refused:
    state = phase_state(live_phase(session, game))
    refused = check_phase(game, None, state.label)
    if refused is not None:
        return refused
    who = acting_power(state, actor, power)
    if isinstance(who, Refused):
        return who
    ballots = dict(game.votes)
    if wanted:
        ballots[who] = True
    else:
        ballots.pop(who, None)
    game.votes = ballots
    journal(session, game, actor.name, f"{who} {'votes for' if wanted else 'withdraws'} a draw",
            now)
    return f"{who} {'votes for a draw' if wanted else 'withdraws its vote'}."
