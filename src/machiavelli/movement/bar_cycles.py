"""Seed 003's cycles of decisions that are not circular movement (BAR-13.4), under ``bar``.

Under ``bar`` a unit forced to retreat has no effect at all (003 13.5: its order "isn't put
into effect, even momentarily", BAR-13.4): its failed advance stands nobody off.  So
whether an advance is stood off in one area depends on whether the other advancing unit
is dislodged from the area it tried to leave, which depends on whether that unit's advance
succeeds: a cycle of decisions with no circular movement in it.  Two advances into
Perugia, one of them by Lombardy's army in Rome, which a stronger Papal garrison converting
out of Rome's city dislodges if it stays: Lombardy's army is stood off and dislodged, so
it stands nobody off, and the Papal advance enters (the one outcome in which every order
has the effect the rules give it).

:func:`settle_cycle` first tries every decision of the cycle true: when that holds
together (each decision, worked out from the others, comes out as assumed) the resolver's
own rule settles the cycle, every advance in it succeeding: circular movement, and 003's
Example 7 (BAR-13.7: a ring of supported attacks, each support cut only by an attacker
that is not itself dislodged).  Otherwise it tries every outcome (each decision true or
false) and keeps the one that holds together, when exactly one does (BAR-13.4 read as it
is written).  When none does, or several do (two advances into one area, each dislodged
from where it stands if it stays, each entering if the other is dislodged), 003 is silent
and the advances of the cycle fail: a standoff among them, as two equal forces make one
(003 13.2); a stronger attack on a unit left behind then dislodges it as usual.
"""

from __future__ import annotations

from itertools import product
from typing import Final, Protocol

from machiavelli.movement.pieces import MOVE

#: the most decisions a cycle may have for every outcome of it to be tried (2 ** MOST)
MOST: Final = 10

_UNRESOLVED: Final = 0  # (the resolver's decision states)
_RESOLVED: Final = 2


class Resolver(Protocol):
    """What is read and set of :class:`machiavelli.movement.resolver.Resolver` (which
    imports this module)."""

    bar: bool
    count: int
    kind: list[int]
    state: list[int]
    resolution: list[bool]
    pending: list[int]
    frames: list[set[int] | None]
    no_convoy: set[int]
    strait_decisions: dict[tuple[int, int], int]
    strait_keys: dict[int, tuple[int, int]]

    def _adjudicate(self, i: int) -> bool: ...


class _Saved:
    """The resolver's decisions as they stand, to try an outcome and go back."""

    def __init__(self, r: Resolver) -> None:
        self.state = r.state[:]
        self.resolution = r.resolution[:]
        self.pending = r.pending[:]
        self.frames = [None if f is None else set(f) for f in r.frames]
        self.no_convoy = set(r.no_convoy)
        self.strait_decisions = dict(r.strait_decisions)
        self.strait_keys = dict(r.strait_keys)

    def restore(self, r: Resolver) -> None:
        r.state[:] = self.state
        r.resolution[:] = self.resolution
        r.pending[:] = self.pending
        r.frames[:] = [None if f is None else set(f) for f in self.frames]
        r.no_convoy = set(self.no_convoy)
        r.strait_decisions = dict(self.strait_decisions)
        r.strait_keys = dict(self.strait_keys)


def _holds_together(r: Resolver, cycle: list[int], values: tuple[bool, ...],
                    saved: _Saved) -> bool:
    """Whether each decision of the cycle, worked out from the others set to ``values``,
    comes out as set (the resolver put back as ``saved`` first)."""
    saved.restore(r)
    for j, value in zip(cycle, values, strict=True):
        r.resolution[j] = value
        r.state[j] = _RESOLVED
    return all(r._adjudicate(j) == value for j, value in zip(cycle, values, strict=True))


def settle_cycle(r: Resolver, cycle: list[int]) -> bool:
    """Settle a cycle with no convoy or strait in it under ``bar`` (module doc); False when
    every decision true holds together (circular movement, Example 7) or the cycle is too
    long to try: the resolver's rule then."""
    if not r.bar or len(cycle) > MOST:
        return False
    saved = _Saved(r)
    if _holds_together(r, cycle, (True,) * len(cycle), saved):
        saved.restore(r)
        return False
    found: list[tuple[bool, ...]] = []
    for values in product((False, True), repeat=len(cycle)):
        if _holds_together(r, cycle, values, saved):
            found.append(values)
            if len(found) > 1:
                break
    saved.restore(r)
    if len(found) == 1:
        for j, value in zip(cycle, found[0], strict=True):
            r.resolution[j] = value
            r.state[j] = _RESOLVED
        return True
    for j in cycle:  # no one outcome: the cycle's advances stand each other off
        if j < r.count and r.kind[j] == MOVE:
            r.resolution[j] = False
            r.state[j] = _RESOLVED
        else:
            r.state[j] = _UNRESOLVED
    return True
