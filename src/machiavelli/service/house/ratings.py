"""Ratings points and Skill Ratings (seed 000, Optional rules XI), pure.

* XI: "Only games with four or more players that are finished are counted"
  (:data:`MIN_PLAYERS`; the host gives only finished games).
* XI-A: the order of finishing is by the cities each power controls at the end; the
  Ratings Chart (:func:`chart_row`) gives the points of each place; tied places "add the
  ratings points and divide by the number of tied players" (:func:`places`).
* XI-B: the points are accumulated from game to game; the Skill Rating is the points
  divided by the games played (:class:`Rating`).
* XI-C: shown as "games-rating", e.g. "32-5.7" (:attr:`Rating.shown`).
* XI-D: a player holding several powers: each power finishes on its own, and the
  player's score is the sum of its powers' points (:func:`game_points`), which decides
  the winner among players (:func:`player_order`).

The seed gives two rows of the chart (four players: 10, 7, ...; five: 10, 8, 6, 4, 2).
The rest are this judge's rulings (``docs/rulings.md``, "Ratings"): four players 10, 7,
4, 1 (steps of three, the last still scoring, as in the five-player row); more than five
finishers, the five-player row and then 1 for every further place.  A game's winners (by
victory, the power conceded to, the powers sharing a draw) finish ahead of the others;
inside each group, cities decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

#: XI: "Only games with four or more players that are finished are counted."
MIN_PLAYERS = 4
#: The chart's rows the seed gives (XI-A).
SEED_ROWS: Mapping[int, tuple[int, ...]] = {4: (10, 7, 4, 1), 5: (10, 8, 6, 4, 2)}
#: The largest row the chart shows on the site.
LARGEST_ROW = 12


def chart_row(finishers: int) -> tuple[int, ...]:
    """The ratings points of each place, first to last, for ``finishers`` powers; empty
    below four (not rated).  Four and five are 000's rows (four: ruled past second);
    more: the five-player row, then 1 point a place (a ruling)."""
    if finishers < MIN_PLAYERS:
        return ()
    if finishers in SEED_ROWS:
        return SEED_ROWS[finishers]
    return SEED_ROWS[5] + (1,) * (finishers - 5)


def chart(largest: int = LARGEST_ROW) -> list[tuple[int, tuple[int, ...]]]:
    """The Ratings Chart: (finishers, points per place) from four up to ``largest``."""
    return [(n, chart_row(n)) for n in range(MIN_PLAYERS, largest + 1)]


@dataclass(frozen=True)
class Finisher:
    """A power at the end of a finished game: its player, the cities it controls, and
    whether it is one of the game's winners (victory, concession, draw)."""

    power: str
    player: str
    cities: float
    winner: bool = False


def places(finishers: Sequence[Finisher]) -> dict[str, float]:
    """Each power's ratings points (XI-A): winners first, then by cities, most first;
    tied powers share the points of the places they fill."""
    row = chart_row(len(finishers))
    if not row:
        return {}
    ranked = sorted(finishers, key=lambda f: (not f.winner, -f.cities, f.power))
    points: dict[str, float] = {}
    start = 0
    while start < len(ranked):
        key = (ranked[start].winner, ranked[start].cities)
        end = start
        while end < len(ranked) and (ranked[end].winner, ranked[end].cities) == key:
            end += 1
        share = sum(row[start:end]) / (end - start)
        for finisher in ranked[start:end]:
            points[finisher.power] = share
        start = end
    return points


def players_in(finishers: Iterable[Finisher]) -> set[str]:
    return {f.player for f in finishers}


def game_points(finishers: Sequence[Finisher]) -> dict[str, float]:
    """Each player's ratings points for one finished game (XI-D: the sum of its powers'),
    or nothing when fewer than four players finished it (XI)."""
    if len(players_in(finishers)) < MIN_PLAYERS:
        return {}
    by_power = places(finishers)
    points: dict[str, float] = {}
    for finisher in finishers:
        points[finisher.player] = points.get(finisher.player, 0.0) + by_power[finisher.power]
    return points


def player_order(finishers: Sequence[Finisher]) -> list[tuple[str, float]]:
    """The players by their points in the game, most first (XI-D: the most wins)."""
    return sorted(game_points(finishers).items(), key=lambda item: (-item[1], item[0]))


@dataclass(frozen=True)
class Rating:
    """A player's accumulated ratings points over the rated games played (XI-B)."""

    player: str
    games: int
    points: float

    @property
    def skill(self) -> float:
        """The Skill Rating: the points divided by the games played."""
        return self.points / self.games if self.games else 0.0

    @property
    def shown(self) -> str:
        """"games-rating", e.g. "32-5.7" (XI-C)."""
        return f"{self.games}-{self.skill:.1f}"


def ratings(games: Iterable[Sequence[Finisher]]) -> list[Rating]:
    """Every rated player's Rating over ``games`` (each a finished game's powers), the
    best Skill Rating first (then the more games, then the name)."""
    points: dict[str, float] = {}
    played: dict[str, int] = {}
    for finishers in games:
        for player, got in game_points(finishers).items():
            points[player] = points.get(player, 0.0) + got
            played[player] = played.get(player, 0) + 1
    found = [Rating(p, played[p], points[p]) for p in points]
    return sorted(found, key=lambda r: (-r.skill, -r.games, r.player))
