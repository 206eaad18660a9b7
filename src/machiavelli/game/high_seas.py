"""The winter sweep of the High Seas (option ``high_seas``; BAR-14.3, BAR-17.5, BAR-17.7).

003 14.3: "All fleet units on the High Seas are destroyed at the beginning of the Spring
Season"; 003 17 (A.1, the winter storm): "The fleet units in the High Seas are always
destroyed, even if randomness is excluded from the game."  The judge sweeps them when the
Fall campaign ends, in 001's storm step (j), dice or no dice.
"""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.state import State


def sweep_high_seas(board: Board, state: State) -> tuple[State, list[str]]:
    """Every unit on the High Seas destroyed, each named in the report (BAR-14.3, BAR-17.7).

    Nothing when the option is off or nothing is there."""
    if not state.option("high_seas"):
        return state, []
    doomed = [u for u in state.units if u.province == HIGH_SEAS]
    if not doomed:
        return state, []
    kept = [u for u in state.units if u.province != HIGH_SEAS]
    name = board.provinces[HIGH_SEAS].name if HIGH_SEAS in board.provinces else "High Seas"
    events = [
        f"{u.owner or 'Independent'}'s fleet on the {name} is destroyed by the winter "
        "(BAR-14.3)."
        for u in doomed
    ]
    return state.with_units(kept), events


__all__ = ["sweep_high_seas"]
