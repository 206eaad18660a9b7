"""The order of phases in a year."""

from __future__ import annotations

from machiavelli.core.rules import Rules
from machiavelli.core.state import PhaseKind, Season, State


def campaigns(state: State, rules: Rules | None = None) -> tuple[Season, ...]:
    """The seasons with a movement phase: Diplomacy has no summer; Machiavelli may drop it."""
    if rules is not None:
        without_summer = rules.diplomacy or not rules.summer
    else:
        without_summer = state.option("diplomacy") or not state.options.get("summer", True)
    return ("spring", "fall") if without_summer else ("spring", "summer", "fall")


def following_phase(state: State, rules: Rules | None = None) -> tuple[int, Season, PhaseKind]:
    """The year, season and kind of the phase after the state's movement or retreat phase
    (or adjustment)."""
    if state.phase == "adjustment":
        return state.year + 1, "spring", "movement"
    seasons = campaigns(state, rules)
    if state.season == seasons[-1]:
        return state.year, "winter", "adjustment"
    following = seasons[seasons.index(state.season) + 1] if state.season in seasons else "fall"
    return state.year, following, "movement"


def next_phase(state: State, rules: Rules | None = None) -> State:
    """The state moved on to the phase after its movement or retreat phase (or adjustment).

    A campaign's assassinations (ASN-EFF-1) end with it.
    """
    year, season, phase = following_phase(state, rules)
    if state.assassinated:
        return state.but(year=year, season=season, phase=phase, dislodged=[], contested=[],
                       assassinated=[])
    return state.but(year=year, season=season, phase=phase, dislodged=[], contested=[])
