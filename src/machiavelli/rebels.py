"""Rebellions as the movement phase meets them (001, Effects of rebellions 5, 6 and 8).

Rebel support and the Venice rebel's bounce are resolver matters (see
:mod:`machiavelli.movement`); here: the city gates shut to conversions
(CONV-2A, REB-EFF-5.3), liberation by another power's unit entering the
province (REB-RM-8.3) and the targeted power putting a province rebellion down
by holding there with an army or fleet for a campaign (REB-RM-8.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from machiavelli.state import Rebellion, State, Unit


def city_in_rebellion(state: State, province: str) -> bool:
    rebellion = state.rebellions.get(province)
    return rebellion is not None and rebellion.in_city


def rebellions_after_movement(
    state: State,
    entered: Iterable[tuple[str | None, str]],
    held: Iterable[Unit],
) -> tuple[dict[str, Rebellion], list[str]]:
    """The rebellions left after the moves, and a note for each one that ended.

    ``entered``: (power, province) for each unit that moved into a province;
    ``held``: the armies and fleets that stayed in their province all campaign.
    """
    rebellions = dict(state.rebellions)
    notes: list[str] = []
    for power, province in entered:
        rebellion = rebellions.get(province)
        if rebellion is not None and power is not None and power != rebellion.against:
            del rebellions[province]
            notes.append(f"{province}: rebellion liberated by {power} (REB-RM-8.3)")
    for unit in held:
        rebellion = rebellions.get(unit.province)
        if rebellion is None or not rebellion.in_province or unit.owner != rebellion.against:
            continue
        if rebellion.in_city:
            rebellions[unit.province] = replace(rebellion, in_province=False)
        else:
            del rebellions[unit.province]
        notes.append(f"{unit.province}: province rebellion put down by {unit.owner} (REB-RM-8.2)")
    return rebellions, notes
