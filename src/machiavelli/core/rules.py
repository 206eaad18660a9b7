"""The rules in force for one phase: the options read once, as a frozen snapshot.

:func:`rules_of` turns a game's stored options (``State.options``, possibly
partial) into a :class:`Rules` with every option's value in force, couplings
applied (:func:`machiavelli.core.options.flag`).  The snapshot is taken once per
phase and handed down: nothing below ``resolve_movement`` reads the options
again.  Equal option dictionaries share one snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from machiavelli.core.options import DIPLOMACY, flag


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option (:data:`machiavelli.core.options.OPTION_NAMES`) as it holds."""

    diplomacy: bool
    mach2: bool
    summer: bool
    money: bool
    dice: bool
    loans: bool
    famine: bool
    plague: bool
    storm: bool
    assassinations: bool
    garrisons: bool
    special: bool
    fortresses: bool
    adjacency: bool
    coastal_convoys: bool
    disband: bool


def _snapshot(options: Mapping[str, bool]) -> Rules:
    return Rules(
        diplomacy=flag(options, DIPLOMACY),
        mach2=flag(options, "mach2"),
        summer=flag(options, "summer"),
        money=flag(options, "money"),
        dice=flag(options, "dice"),
        loans=flag(options, "loans"),
        famine=flag(options, "famine"),
        plague=flag(options, "plague"),
        storm=flag(options, "storm"),
        assassinations=flag(options, "assassinations"),
        garrisons=flag(options, "garrisons"),
        special=flag(options, "special"),
        fortresses=flag(options, "fortresses"),
        adjacency=flag(options, "adjacency"),
        coastal_convoys=flag(options, "coastal_convoys"),
        disband=flag(options, "disband"),
    )


_SNAPSHOTS: dict[frozenset[tuple[str, bool]], Rules] = {}
_LAST: list[tuple[dict[str, bool], Rules]] = []  # the options last asked for, as they were


def rules_of(options: Mapping[str, bool]) -> Rules:
    """The rules a game's options put in force (cached per distinct dictionary)."""
    if _LAST and _LAST[0][0] == options:
        return _LAST[0][1]
    key = frozenset(options.items())
    found = _SNAPSHOTS.get(key)
    if found is None:
        if len(_SNAPSHOTS) > 256:  # games with odd options: keep the cache small
            _SNAPSHOTS.clear()
        found = _SNAPSHOTS[key] = _snapshot(options)
    _LAST[:] = [(dict(options), found)]
    return found
