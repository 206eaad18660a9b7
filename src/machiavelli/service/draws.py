"""Draw votes, stored on the game; :mod:`machiavelli.service.house.draws` decides.

A vote holds for the pending phase (processing clears them).  After every vote the
rule is asked whether a draw (DIAS: every survivor voted; NoDIAS: the largest draw
every survivor approves) now ends the game: if so the game is over at once, drawn
between those powers.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service.games import (
    Settings,
    journal,
    kind_of,
    power_of,
)
from machiavelli.service.house.draws import (
    NO_VOTES,
    DrawPolicy,
    GameEnd,
    Votes,
    draw_passed,
    game_end,
    vote_concession,
    vote_draw,
    withdraw_concession,
    withdraw_draw,
)
from machiavelli.service.notices import notify
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game
from machiavelli.service.sheets import pending_power
from machiavelli.service.visibility import Viewer


def vote(session: Session, game: Game, actor: Viewer, power: str | None, wanted: bool,
         now: datetime, draw_list: Collection[str] = ()) -> str | Refused:
    """``power`` votes for a draw (``wanted``; in a NoDIAS game between ``draw_list``) or
    withdraws its vote; the answer says what happened, and whether the game is drawn."""
    box = _ballot_box(session, game, actor, power)
    if isinstance(box, Refused):
        return box
    who, powers, policy, ballots, survivors = (box.who, box.powers, box.policy, box.ballots,
                                               box.survivors)
    listed = set()
    for written in draw_list:
        named = power_of(game, powers, written)
        if isinstance(named, Refused):
            return named
        listed.add(named)
    changed = (vote_draw(policy, ballots, who, frozenset(listed) or None, survivors)
               if wanted else withdraw_draw(policy, ballots, who, survivors))
    if isinstance(changed, Refused):
        return changed
    game.votes = changed.to_dict()
    game.updated_at = now
    said = f"{who} {'votes for a draw' if wanted else 'withdraws its vote for a draw'}."
    journal(session, game, actor.name, said, now)
    return _ended(session, game, draw_passed(policy, changed, survivors), said, now)


def concede(session: Session, game: Game, actor: Viewer, power: str | None, to: str | None,
            now: datetime) -> str | Refused:
    """``power`` concedes the game to ``to`` (the largest power, by cities), or with
    ``to`` None withdraws its concession; a concession every other survivor made ends
    the game."""
    box = _ballot_box(session, game, actor, power)
    if isinstance(box, Refused):
        return box
    who, powers, policy, ballots, survivors = (box.who, box.powers, box.policy, box.ballots,
                                               box.survivors)
    # Machiavelli's scores: the cities each power controls
    sizes = {p: int(box.scores.get(p, 0)) for p in survivors}
    if to is None:
        changed: Votes | Refused = withdraw_concession(ballots, who)
        said = f"{who} withdraws its concession."
    else:
        named = power_of(game, powers, to)
        if isinstance(named, Refused):
            return named
        changed = vote_concession(policy, ballots, who, named, survivors, sizes)
        said = f"{who} concedes the game to {named}."
    if isinstance(changed, Refused):
        return changed
    game.votes = changed.to_dict()
    game.updated_at = now
    journal(session, game, actor.name, said, now)
    return _ended(session, game, game_end(policy, changed, survivors, sizes), said, now)


@dataclass(frozen=True)
class _BallotBox:
    """What a vote or a concession is cast in: the voter, the game's seats, its draw rules,
    the votes so far, the survivors and the standing's scores."""

    who: str
    powers: list[str]
    policy: DrawPolicy
    ballots: Votes
    survivors: frozenset[str]
    scores: Mapping[str, float]


def _ballot_box(session: Session, game: Game, actor: Viewer, power: str | None
                ) -> _BallotBox | Refused:
    acting = pending_power(session, game, actor, power)
    if isinstance(acting, Refused):
        return acting
    state, who = acting
    kind = kind_of(game)
    standing = kind.standing(state)
    if not standing.draw:
        return Refused(f"{kind.title} has no draws nor concessions: only a master may "
                       "end the game")
    powers, eliminated = list(kind.seats(state)), kind.eliminated(state)
    return _BallotBox(who, powers, DrawPolicy.from_dict(Settings.from_dict(game.settings).draws),
                      Votes.from_dict(game.votes) if game.votes else NO_VOTES,
                      frozenset(p for p in powers if p not in eliminated), standing.scores)


def _ended(session: Session, game: Game, end: GameEnd | None, said: str,
           now: datetime) -> str:
    if end is None:
        return said
    drawn = ", ".join(sorted(end.powers))
    game.status = "over"
    game.winners = sorted(end.powers)  # the power conceded to, or the powers sharing a draw
    game.outcome = f"conceded to {drawn}" if end.concession else f"drawn between {drawn}"
    game.clock = {}
    journal(session, game, "judge", f"the game is {game.outcome}", now)
    notify(session, game, "all", "concession" if end.concession else "draw",
           f"Game '{game.name}' is over: {game.outcome}.", now)
    return f"{said} The game is {game.outcome}."
