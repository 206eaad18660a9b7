"""The players by name, as ``machiavelli selfplay --bots`` and the web judge name them."""

from __future__ import annotations

from collections.abc import Callable

from machiavelli.bots.greedy import Greedy
from machiavelli.bots.players import HoldAndSave, Player, RandomLegal

MAKERS: dict[str, Callable[[], Player]] = {
    "random": RandomLegal,
    "hold": HoldAndSave,
    "greedy": Greedy,
}
PLAYER_NAMES = tuple(MAKERS)


def player_named(name: str) -> Player:
    """A new player called ``name`` (``random``, ``hold``, ``greedy``)."""
    if name not in MAKERS:
        raise ValueError(f"unknown bot {name!r}: the bots are {', '.join(PLAYER_NAMES)}")
    return MAKERS[name]()


__all__ = ["MAKERS", "PLAYER_NAMES", "player_named"]
