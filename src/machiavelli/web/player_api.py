"""The players' ratings in the JSON API (seed 000 XI): ``GET /api/v1/players``, every
rated player; ``GET /api/v1/players/{name}``, a player's rating and finished games;
``GET /api/v1/ratings/chart``, the Ratings Chart.  Public: ratings are the site's."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from machiavelli.service.judge import Judge
from machiavelli.service.ratings import RatingView
from machiavelli.service.refusal import Refused
from machiavelli.web.site import site_of

router = APIRouter(prefix="/api/v1", tags=["players"])


class PlayerRating(BaseModel):
    """A player's rating (000 XI-B, XI-C)."""

    player: str
    games: int = Field(description="rated games played (finished, four or more players)")
    points: float = Field(description="ratings points accumulated")
    skill: float = Field(description="Skill Rating: points divided by games")
    shown: str = Field(description='"games-rating", e.g. "32-5.7"')

    @classmethod
    def of(cls, rating: RatingView) -> PlayerRating:
        return cls(player=rating.player, games=rating.games, points=rating.points,
                   skill=rating.skill, shown=rating.shown)


class PowerPoints(BaseModel):
    power: str
    points: float


class PlayerGame(BaseModel):
    """One finished game of the player (a private game's name and outcome withheld)."""

    game: str | None
    outcome: str | None
    powers: list[PowerPoints]
    points: float = Field(description="the player's points: the sum of its powers' (XI-D)")
    place: int | None = Field(description="the player's place among the players, if rated")
    players: int
    rated: bool


class PlayerRecord(BaseModel):
    player: str
    rating: PlayerRating | None
    games: list[PlayerGame]


class ChartRow(BaseModel):
    powers: int = Field(description="the number of powers finishing")
    points: list[int] = Field(description="the points of each place, first to last")


@router.get("/players", response_model=list[PlayerRating])
def players(request: Request) -> list[PlayerRating]:
    """Every rated player, the best Skill Rating first."""
    return [PlayerRating.of(r) for r in site_of(request).judge.ratings()]


@router.get("/players/{name}", response_model=PlayerRecord)
def player(request: Request, name: str) -> PlayerRecord:
    """A player's rating and finished games."""
    record = site_of(request).judge.player_record(name)
    if isinstance(record, Refused):
        raise HTTPException(404, record.reason)
    return PlayerRecord(
        player=record.player,
        rating=PlayerRating.of(record.rating) if record.rating else None,
        games=[PlayerGame(game=None if g.private else g.game,
                          outcome=None if g.private else g.outcome,
                          powers=[PowerPoints(power=p, points=x) for p, x in g.powers],
                          points=g.points, place=g.place if g.rated else None,
                          players=g.players, rated=g.rated) for g in record.games])


@router.get("/ratings/chart", response_model=list[ChartRow])
def ratings_chart() -> list[ChartRow]:
    """The Ratings Chart (four and five from the rulebook; the other rows ruled)."""
    return [ChartRow(powers=n, points=list(row)) for n, row in Judge.ratings_chart()]
