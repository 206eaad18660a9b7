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
    # the generator, seeded when the first die is rolled (most phases roll none)
    _rng: random.Random | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._rng = None  # (set here too: a compiled dataclass leaves init=False fields unset)

    @classmethod
    def for_phase(cls, game_seed: str | int, state: State) -> Dice:
        return cls(f"{game_seed}/{state.year}/{state.season}/{state.phase}")

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        """Roll ``count`` six-sided dice and record them."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        values = tuple(rng.randint(1, 6) for _ in range(count))
        self.rolls.append(Roll(purpose, values))
        return values


@dataclass
class LoadedDice(Dice):
    """Dice that give fixed values in order (tests and case files); recorded all the same."""

    values: list[int] = field(default_factory=list)

    def roll(self, count: int, purpose: str) -> tuple[int, ...]:
        if len(self.values) < count:
            raise ValueError(f"loaded dice ran out for {purpose!r}")
        taken = tuple(self.values[:count])
        del self.values[:count]
        self.rolls.append(Roll(purpose, taken))
        return taken
