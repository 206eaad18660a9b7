"""Dice: seeded per game and phase, every roll recorded for the report.

Same seed and phase, same rolls: processing a phase again gives the same result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from machiavelli.core.state import State


@dataclass(frozen=True, slots=True)
class Roll:
    purpose: str  # what the roll decides, e.g. "famine severity", "assassination of Milan"
    dice: tuple[int, ...]
    to: str | None = None  # the one power that may see the roll (None: everyone)

    @property
    def total(self) -> int:
        return sum(self.dice)

    def __str__(self) -> str:
        shown = " + ".join(str(d) for d in self.dice)
        return f"{self.purpose}: {shown}" + (f" = {self.total}" if len(self.dice) > 1 else "")


@dataclass
class Dice:
    seed: str
    rolls: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    @classmethod
    def for_phase(cls, game_seed: str | int, state: State) -> Dice:
        return cls(f"{game_seed}/{state.year}/{state.season}/{state.phase}")

    def roll(self, count: int, purpose: str, to: str | None = None) -> tuple[int, ...]:
        """Roll ``count`` six-sided dice and record them (``to``: seen by that power only)."""
        values = tuple(self._rng.randint(1, 6) for _ in range(count))
        self.rolls.append(Roll(purpose, values, to))
        return values


@dataclass
class LoadedDice(Dice):
    """Dice that give fixed values in order (tests and case files); recorded all the same."""

    values: list[int] = field(default_factory=list)

    def roll(self, count: int, purpose: str, to: str | None = None) -> tuple[int, ...]:
        if len(self.values) < count:
            raise ValueError(f"loaded dice ran out for {purpose!r}")
        taken = tuple(self.values[:count])
        del self.values[:count]
        self.rolls.append(Roll(purpose, taken, to))
        return taken
