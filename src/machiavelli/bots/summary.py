"""The figures of a self-play run: per bot and overall.

Per bot, over its seats (a seat is one power in one game): games won, the share of all
wins, wins per seat, the mean share of the cities held at the end (its cities over
all the powers' cities), eliminations.  Overall: games, phases, time, games and phases
per second, crashes and broken invariants.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from machiavelli.bots.selfplay import GameRecord


@dataclass
class BotFigures:
    bot: str
    seats: int = 0
    wins: int = 0
    eliminated: int = 0
    city_share_sum: float = 0.0

    @property
    def wins_per_seat(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def city_share(self) -> float:
        return self.city_share_sum / self.seats if self.seats else 0.0


@dataclass
class Summary:
    games: int = 0
    phases: int = 0
    years: int = 0
    won: int = 0
    crashes: int = 0
    invariants: int = 0
    seconds: float = 0.0  # wall clock of the run, set by the caller
    bots: dict[str, BotFigures] = field(default_factory=dict)
    case_files: list[str] = field(default_factory=list)
    scenarios: dict[str, int] = field(default_factory=dict)

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.phases += record.phases
        self.years += record.years
        self.won += bool(record.winners)
        self.crashes += record.crash is not None
        self.invariants += bool(record.problems)
        self.scenarios[record.scenario] = self.scenarios.get(record.scenario, 0) + 1
        if record.case_file:
            self.case_files.append(record.case_file)
        total = sum(record.cities.values())
        for power, bot in record.seats.items():
            figures = self.bots.setdefault(bot, BotFigures(bot))
            figures.seats += 1
            figures.wins += power in record.winners
            figures.eliminated += power in record.eliminated
            figures.city_share_sum += record.cities.get(power, 0) / total if total else 0.0

    def win_share(self, bot: str) -> float:
        wins = sum(b.wins for b in self.bots.values())
        return self.bots[bot].wins / wins if wins else 0.0

    def seat_share(self, bot: str) -> float:
        seats = sum(b.seats for b in self.bots.values())
        return self.bots[bot].seats / seats if seats else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def phases_per_second(self) -> float:
        return self.phases / self.seconds if self.seconds else 0.0


def summarize(records: Iterable[GameRecord], seconds: float = 0.0) -> Summary:
    summary = Summary(seconds=seconds)
    for record in records:
        summary.add(record)
    return summary


__all__ = ["BotFigures", "Summary", "summarize"]
