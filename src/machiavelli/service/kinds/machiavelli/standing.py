"""Where a game stands: the cities each power controls (its score), the winners by the
victory in force, and the draw: shared between the survivors who vote for it (DIAS)."""

from __future__ import annotations

from machiavelli.game.victory import cities_controlled, winners
from machiavelli.service.kinds.machiavelli.table import Table
from machiavelli.service.port import Standing


def cities(table: Table) -> dict[str, float]:
    """The cities each power controls."""
    return {p: float(len(cities_controlled(table.board, table.state, p)))
            for p in table.state.powers}


def standing(table: Table) -> Standing:
    """The cities per power; the winners as the victory in force would find them were a
    campaign to end on this position (the host keeps, on the game's row, the winners
    processing found: :attr:`~machiavelli.service.port.Step.winners`)."""
    won = tuple(winners(table.board, table.state, table.victory_cities))
    return Standing(cities(table), won, bool(won), "shared")
