"""Returns: what a game (or the position so far) is worth to each power; pluggable.

A scoring is any function ``(board, state, winners) -> {power: float}`` over every
power of the position.  Two are given:

- :func:`city_share` (the default): the winners share 1; without a winner each power
  still in the game scores its share of the cities the powers control (its cities
  divided by all the powers' cities, 001's count: fortresses only when in use,
  supply centres under Diplomacy); an eliminated power scores 0;
- :func:`win_loss`: 1 for a winner, -1 for an eliminated power, 0 for the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from machiavelli.core.board import Board
from machiavelli.core.state import State
from machiavelli.game.victory import cities_controlled


class Scoring(Protocol):
    def __call__(self, board: Board, state: State, winners: Sequence[str]) -> dict[str, float]:
        ...


def cities_held(board: Board, state: State) -> dict[str, int]:
    """The cities each power controls (0 for an eliminated power)."""
    return {p: 0 if p in state.eliminated else len(cities_controlled(board, state, p))
            for p in state.powers}


def city_share(board: Board, state: State, winners: Sequence[str]) -> dict[str, float]:
    if winners:
        return {p: 1.0 / len(winners) if p in winners else 0.0 for p in state.powers}
    held = cities_held(board, state)
    total = sum(held.values())
    return {p: held[p] / total if total else 0.0 for p in state.powers}


def win_loss(board: Board, state: State, winners: Sequence[str]) -> dict[str, float]:
    return {p: 1.0 if p in winners else -1.0 if p in state.eliminated else 0.0
            for p in state.powers}


SCORINGS: dict[str, Scoring] = {"city_share": city_share, "win_loss": win_loss}

__all__ = ["SCORINGS", "Scoring", "cities_held", "city_share", "win_loss"]
