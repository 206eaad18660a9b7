"""Sieges: what a besieging unit besieges, and the orders the siege rules impose.

001 SIEGES: a garrison is displaced only by two consecutive besieges from an army
or fleet in its province; in the campaign after a first besiege the besieger
may only besiege, hold or lift the siege, any other order becoming hold
(SIEGE-8); a besiege against one's own garrison becomes hold (SIEGE-12), or
lift siege when bribes made it one's own in mid-siege (SIEGE-13).  The
targeted player also puts down a rebelling city by besieging it (REB-RM-8.1).

Machiavelli 2 (option ``mach2``, docs/mach2.md M5; rules.machiavelli2 "MOVEMENT":
no lift siege is needed to move away): SIEGE-8 does not apply; every order is
obeyed and only a besiege keeps the siege going (:func:`siege_after`).
"""

from __future__ import annotations

from typing import Literal

from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import Besiege, Hold, LiftSiege, UnitOrder, UnitRef
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import State, Unit

SiegeTarget = Literal["garrison", "rebels"]
#: the orders a second campaign of a siege leaves as they are (a tuple for isinstance:
#: ``A | B`` makes a union object at every call)
_SIEGE_GOES_ON = (Besiege, Hold, LiftSiege)


def besieged_by(state: State, unit: Unit, where: Occupancy | None = None) -> SiegeTarget | None:
    """What an army or fleet besieges in its province's city, if anything.

    ``where``: the position's units by province, when already at hand.
    """
    if unit.kind == "G":
        return None
    garrison = (where or state).unit_in(unit.province, garrison=True)
    if garrison is not None:
        return "garrison" if garrison.owner != unit.owner else None
    rebellion = state.rebellions.get(unit.province)
    if rebellion is not None and rebellion.in_city and rebellion.against == unit.owner:
        return "rebels"
    return None


def forced_siege_order(
    state: State,
    unit: Unit,
    order: UnitOrder,
    where: Occupancy | None = None,
    rules: Rules | None = None,
) -> tuple[UnitOrder, str]:
    """The order the siege rules make of ``order``, with the reason when it changed."""
    if unit.kind == "G" or (not unit.siege and not isinstance(order, Besiege)):
        return order, ""
    ref = UnitRef(unit.kind, unit.province, unit.coast)
    target = besieged_by(state, unit, where)
    if isinstance(order, Besiege) and target is None:
        if unit.siege:
            return LiftSiege(ref), "the garrison is now the besieger's own (SIEGE-13)"
        return Hold(ref), "nothing to besiege: changed to hold (SIEGE-12)"
    if (
        unit.siege
        and target is not None
        and not isinstance(order, _SIEGE_GOES_ON)
        and not (rules or rules_of(state.options)).mach2
    ):
        return Hold(ref), "second campaign of a siege: changed to hold (SIEGE-8)"
    return order, ""


def siege_after(state: State, unit: Unit, order: UnitOrder, rules: Rules | None = None) -> int:
    """The siege mark of a unit that kept its space after ``order`` (not a besiege).

    A hold keeps a half-done siege (ruling SIEGE-8); under ``mach2`` any order but
    a besiege ends it (M5), and under ``bar`` too (seed 003 8.4, BAR-8.4: "either an
    another besiege order or a hold order may be given to the besieger. The siege fails
    in the latter case"; a lift siege is a hold, BAR-8.1).  Other orders end it.
    """
    held = rules or rules_of(state.options)
    if unit.kind == "G" or held.mach2 or held.bar:
        return 0
    if isinstance(order, Hold) and unit.siege:
        return unit.siege
    return 0
