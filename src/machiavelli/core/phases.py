"""The order of phases in a year."""

from __future__ import annotations

from dataclasses import replace

from machiavelli.core.state import Season, State


def campaigns(state: State) -> tuple[Season, ...]:
    """The seasons with a movement phase: Diplomacy has no summer; Machiavelli may drop it."""
    if state.option("diplomacy") or not state.options.get("summer", True):
        return ("spring", "fall")
    return ("spring", "summer", "fall")


def next_phase(state: State) -> State:
    """The state moved on to the phase after its movement or retreat phase (or adjustment).

    A campaign's assassinations (ASN-EFF-1) end with it.
    """
    state = replace(state, assassinated=[]) if state.assassinated else state
    if state.phase == "adjustment":
        return replace(state, year=state.year + 1, season="spring", phase="movement",
                       dislodged=[], contested=[])
    seasons = campaigns(state)
    if state.season == seasons[-1]:
        return replace(state, season="winter", phase="adjustment", dislodged=[], contested=[])
    following = seasons[seasons.index(state.season) + 1] if state.season in seasons else "fall"
    return replace(state, season=following, phase="movement", dislodged=[], contested=[])
