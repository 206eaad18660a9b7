"""The ratings (seed 000 XI) read from the games the judge keeps.

A rated game is a finished Machiavelli game: over with winners (a victory, a concession
or a draw; a game the Master terminated is not finished by play).  Its last position
gives the cities each power controls, its row the winners (a victory, the power conceded
to, the powers sharing a draw), its seats each power's player at the end.  A player is
known by its user's name (a seat with a user, or a mail seat whose address a user
registered), else by its seat's name.  A power without a player at the end (civil
disorder, abandoned, never dealt) takes no place: it finishes for no one.  The rules
themselves are :mod:`machiavelli.service.house.ratings` (pure).

Every finished game counts in the ratings; a private game's name is not shown on a
player's record (:attr:`GameRecord.private`: the front ends write "a private game").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service.games import Settings, kind_of, live_phase, phase_state, seats
from machiavelli.service.house.ratings import (
    Finisher,
    Rating,
    game_points,
    places,
    player_order,
    ratings,
)
from machiavelli.service.kinds import MACHIAVELLI
from machiavelli.service.schema import Game, Seat, User


@dataclass(frozen=True)
class RatingView:
    """A player's rating: the rated games played, the points, the Skill Rating and its
    "games-rating" form (XI-C)."""

    player: str
    games: int
    points: float
    skill: float
    shown: str

    @classmethod
    def of(cls, rating: Rating) -> RatingView:
        return cls(rating.player, rating.games, rating.points, round(rating.skill, 2),
                   rating.shown)


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a player: its powers, their points, the player's sum and
    place among the players (XI-D), and whether the game counts (four players or more)."""

    game: str
    outcome: str
    powers: tuple[tuple[str, float], ...]
    points: float
    place: int
    players: int
    rated: bool
    private: bool = False


@dataclass(frozen=True)
class PlayerRecord:
    """A player's page: the rating (None before a rated game) and the finished games."""

    player: str
    rating: RatingView | None
    games: tuple[GameRecord, ...]


@dataclass(frozen=True)
class _Finished:
    game: Game
    finishers: tuple[Finisher, ...]


def _player_names(session: Session) -> tuple[dict[int, str], dict[str, str]]:
    """Users by id, and users' names by their mail address (lower case)."""
    users = list(session.scalars(select(User)))
    return ({u.id: u.name for u in users},
            {u.email.lower(): u.name for u in users if u.email})


def player_name(seat: Seat, by_id: dict[int, str], by_mail: dict[str, str]) -> str:
    """Who holds ``seat``: its user's name, the user of its address, or its own name."""
    if seat.user_id is not None and seat.user_id in by_id:
        return by_id[seat.user_id]
    for address in (seat.address, seat.name):
        if address and address.lower() in by_mail:
            return by_mail[address.lower()]
    return seat.name


def _finished(session: Session) -> list[_Finished]:
    by_id, by_mail = _player_names(session)
    found = []
    for game in session.scalars(select(Game).where(Game.status == "over").order_by(Game.id)):
        if (game.kind or MACHIAVELLI) != MACHIAVELLI or not game.winners:
            continue
        kind = kind_of(game)
        scores = kind.standing(phase_state(game, live_phase(session, game))).scores
        winners = set(game.winners or ())
        finishers = tuple(
            Finisher(seat.power, player_name(seat, by_id, by_mail),
                     scores.get(seat.power, 0.0), seat.power in winners)
            for seat in seats(session, game)
            if seat.role == "player" and seat.power)
        found.append(_Finished(game, finishers))
    return found


def all_ratings(session: Session) -> list[RatingView]:
    """Every rated player's rating, the best Skill Rating first."""
    return [RatingView.of(r) for r in ratings(f.finishers for f in _finished(session))]


def record_of(session: Session, player: str) -> PlayerRecord | None:
    """``player``'s finished games and rating (None: no finished game of theirs)."""
    games: list[GameRecord] = []
    for done in _finished(session):
        mine = [f for f in done.finishers if f.player == player]
        if not mine:
            continue
        by_power = places(done.finishers)
        order = player_order(done.finishers)  # XI-D: the players by their points
        points = game_points(done.finishers)
        rated = bool(points)
        games.append(GameRecord(
            done.game.name, done.game.outcome or "over",
            tuple((f.power, by_power.get(f.power, 0.0)) for f in mine),
            points.get(player, 0.0),
            1 + sum(1 for _, got in order if got > points[player]) if rated else 0,
            len({f.player for f in done.finishers}), rated,
            Settings.from_dict(done.game.settings).private))
    if not games:
        return None
    rating = next((r for r in all_ratings(session) if r.player == player), None)
    return PlayerRecord(player, rating, tuple(games))


def ratings_for(session: Session, names: Iterable[str]) -> dict[str, RatingView]:
    """The ratings of those of ``names`` who have one, each name a player's name or a
    registered user's mail address (a seat's name by mail)."""
    _, by_mail = _player_names(session)
    rated = {r.player: r for r in all_ratings(session)}
    found = {name: rated.get(by_mail.get(name.lower(), name)) for name in names}
    return {name: rating for name, rating in found.items() if rating is not None}
