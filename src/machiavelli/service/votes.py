"""Draw votes, stored on the game; :mod:`machiavelli.service.draws` decides.

A vote holds for the pending phase (processing clears them).  After every vote the
rule is asked whether a draw (DIAS: every survivor voted; NoDIAS: the largest draw
every survivor approves) now ends the game: if so the game is over at once, drawn
between those powers.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service.draws import (
    NO_VOTES,
    DrawPolicy,
    Votes,
    draw_passed,
    vote_draw,
    withdraw_draw,
)
from machiavelli.service.games import Settings, journal, live_phase, phase_state, power_of
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game
from machiavelli.service.sheets import acting_power, check_phase
from machiavelli.service.visibility import Viewer


def vote(session: Session, game: Game, actor: Viewer, power: str | None, wanted: bool,
         now: datetime, draw_list: Collection[str] = ()) -> str | Refused:
    """``power`` votes for a draw (``wanted``; in a NoDIAS game between ``draw_list``) or
    withdraws its vote; the answer says what happened, and whether the game is drawn."""
    state = phase_state(live_phase(session, game))
    refused = check_phase(game, None, state.label)
    if refused is not None:
        return refused
    who = acting_power(game, state, actor, power)
    if isinstance(who, Refused):
        return who
    listed = set()
    for written in draw_list:
        named = power_of(game, state.powers, written)
        if isinstance(named, Refused):
            return named
        listed.add(named)
    policy = DrawPolicy.from_dict(Settings.from_dict(game.settings).draws)
    ballots = Votes.from_dict(game.votes) if game.votes else NO_VOTES
    survivors = frozenset(p for p in state.powers if p not in state.eliminated)
    changed = (vote_draw(policy, ballots, who, frozenset(listed) or None, survivors)
               if wanted else withdraw_draw(policy, ballots, who, survivors))
    if isinstance(changed, Refused):
        return changed
    game.votes = changed.to_dict()
    game.updated_at = now
    said = f"{who} {'votes for a draw' if wanted else 'withdraws its vote for a draw'}."
    journal(session, game, actor.name, said, now)
    end = draw_passed(policy, changed, survivors)
    if end is None:
        return said
    drawn = ", ".join(sorted(end.powers))
    game.status = "over"
    game.outcome = f"conceded to {drawn}" if end.concession else f"drawn between {drawn}"
    game.clock = {}
    journal(session, game, "judge", f"the game is {game.outcome}", now)
    return f"{said} The game is {game.outcome}."
