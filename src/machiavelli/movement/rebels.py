"""Rebellions (001, REBELLIONS j/k and EFFECTS OF REBELLIONS 1-8).

Placing one (:func:`start_rebellion`, for the expenses j and k and for the
assassination rolls): a rebellion is directed against whoever controls the
province (REB-EFF-3) and does not change control (REB-EFF-2).  Rebels stand in
the province and, when it is not garrisoned at that moment, in its fortified
city (a fortress only when fortresses are in use, REB-EFF-4); a city garrisoned
when the rebellion starts never rebels, even once the garrison is gone
(REB-EFF-3B).  Venice: none while any unit is there (VEN-G); a single rebel, in
the city (VEN-H).  No rebels at sea.

During movement (:mod:`machiavelli.movement.moves`): the city gates shut to the
targeted power's conversions (CONV-2A, REB-EFF-5.3), rebel support and the
Venice rebel's bounce (resolver), then, once the rebels have given their
support (REB-RM-8.0), :func:`rebellions_after_movement`: liberation by another
power's unit entering the province (REB-RM-8.3) and the targeted power putting
a province rebellion down by holding there with an army or fleet for a campaign
(REB-RM-8.2; not with the forced holds of an assassinated power, ASN-EFF-1B).
The targeted power's siege of a rebelling city (REB-RM-8.1) is
:mod:`machiavelli.movement.sieges`'s; completing it removes the province rebellion too.

Removal by money: :func:`pacify_rebellion` (expense b, REB-RM-8.5) and
:func:`liberate_on_purchase` (a bribe that buys the targeted power's unit there,
REB-RM-8.4).  Income (REB-EFF-7) is :mod:`machiavelli.money.income`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.homes import held_home_provinces
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import (
    Hold,
    SupportArea,
    SupportHold,
    SupportMove,
    UnitOrder,
    UnitRef,
)
from machiavelli.core.rules import rules_of
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.movement.bar_control import (
    controller_of,
    power_words,
    rebels_against,
    victim_of,
)
from machiavelli.movement.geography import can_hold_garrison

#: (a tuple for isinstance: ``A | B`` makes a union object at every call)
_SUPPORTS = (SupportHold, SupportMove, SupportArea)


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
    The units of a power assassinated this campaign (``state.assassinated``)
    only hold because they must, which puts nothing down (ASN-EFF-1B).
    """
    rebellions = dict(state.rebellions)
    notes: list[str] = []
    bar: bool | None = None  # (seed 003's rules, looked up when a hold puts one down)
    for power, province in entered:
        rebellion = rebellions.get(province)
        if rebellion is not None and power is not None and power != rebellion.against:
            del rebellions[province]
            notes.append(f"{province}: rebellion liberated by {power} (REB-RM-8.3)")
    for unit in held:
        rebellion = rebellions.get(unit.province)
        if rebellion is None or not rebellion.in_province or not rebels_against(unit, rebellion):
            continue
        if unit.owner in state.assassinated:
            continue
        if bar is None:
            bar = rules_of(state.options).bar
        if bar:  # seed 003: the hold puts down the city's rebellion too (BAR-10.5)
            del rebellions[unit.province]
            notes.append(f"{unit.province}: rebellion put down by "
                         f"{power_words(controller_of(unit))}'s hold, in the province and its "
                         f"city ({'BAR-16.3' if unit.owner is None else 'BAR-10.5'})")
            continue
        if rebellion.in_city:
            rebellions[unit.province] = Rebellion(rebellion.province, rebellion.against, False,
                                                  rebellion.in_city)
        else:
            del rebellions[unit.province]
        notes.append(f"{unit.province}: province rebellion put down by {unit.owner} (REB-RM-8.2)")
    return rebellions, notes


def liberated_after_retreats(board: Board, before: State, after: State) -> tuple[State, list[str]]:
    """Seed 003's liberation (003 10.3, 2 H.3.1; BAR-10.6), under ``bar`` with the judge's
    retreats: "The rebellion is liberated, if a military unit not belonging to the victim
    advances or retreats into the rebelling province ... The liberation takes place in Phase
    H.3", after the retreats, so that the victim cannot retreat into the province its
    attacker entered (003's Example 2).  ``before``: the position the units moved from;
    ``after``: after the retreats (a retreat into a rebelling province liberates it there).
    The rebellions liberated end, in province and city; the public events say so."""
    if not after.rebellions:
        return after, []
    rebellions = dict(after.rebellions)
    events: list[str] = []
    for province, rebellion in after.rebellions.items():
        unit = after.unit_in(province, garrison=False)
        if unit is None or controller_of(unit) == rebellion.against:
            continue
        was = before.unit_in(province, garrison=False)
        if was is not None and was.owner == unit.owner and was.kind == unit.kind:
            continue  # (it did not enter)
        del rebellions[province]
        events.append(f"The rebellion in {board.display_name(province)} against "
                      f"{power_words(rebellion.against)} is liberated by "
                      f"{power_words(controller_of(unit))}'s {unit.kind} (BAR-10.6).")
    if not events:
        return after, []
    return after.but(rebellions=rebellions), events


# ----------------------------------------------------------------------
# Starting a rebellion
# ----------------------------------------------------------------------
def is_home_province(board: Board, state: State, power: str, province: str) -> bool:
    """Part of a home country ``power`` holds now (:mod:`machiavelli.core.homes`).

    Decides expense j (9 ducats) against k (15) and the assassination rolls
    (ASN-EFF-4A/4B against 4C/4D).
    """
    return province in held_home_provinces(board, state, power)


def rebellion_problem(
    board: Board,
    state: State,
    province: str,
    by: str | None = None,
    where: Occupancy | None = None,
) -> str | None:
    """Why no rebellion can start in ``province`` now, or None.

    ``by``: the power paying for it (expenses j/k): it must be another power
    than the controller ("an enemy-controlled province").  ``where``: the units by
    province, when the caller has them.
    """
    prov = board.provinces.get(province)
    if prov is None:
        return f"no province {province!r}"
    if prov.sea:
        return f"{prov.name} is a sea: rebels cannot be placed there"
    bar = rules_of(state.options).bar
    existing = state.rebellions.get(province)
    if bar:  # seed 003: the victim is the occupier, else the controller (BAR-10.1)
        if existing is not None and existing.in_province:
            return f"{prov.name} is already in rebellion: one rebellion at a time (BAR-10.1)"
        controller = victim_of(where or state, state.province_owner, province)
    else:
        controller = state.province_owner.get(province)
    if controller is None:
        return f"nobody controls {prov.name}: a rebellion is directed against its controller"
    if by is not None and by == controller:
        return f"{prov.name} is {by}'s own: only an enemy-controlled province can rebel"
    if prov.venice and bar:
        return f"{prov.name} never rebels (BAR-14.1)"
    if prov.venice and (where or state).unit_in(province) is not None:
        return f"there is a unit in {prov.name}: no rebellion while one is there (VEN-G)"
    if existing is not None and (existing.in_province or prov.venice):
        return f"{prov.name} is already in rebellion"
    return None


def new_rebellion(
    board: Board, state: State, province: str, where: Occupancy | None = None
) -> Rebellion:
    """The rebels placed in ``province`` now (no checks: see :func:`rebellion_problem`).

    ``where``: the units by province, when the caller has them."""
    prov = board.provinces[province]
    if rules_of(state.options).bar:  # seed 003's victim (BAR-10.1)
        against = victim_of(where or state, state.province_owner, province)
        assert against is not None  # (rebellion_problem says so)
    else:
        against = state.province_owner[province]
    if prov.venice:  # VEN-H: one rebel, in the city
        return Rebellion(province, against, in_province=False, in_city=True)
    existing = state.rebellions.get(province)
    ungarrisoned = (where or state).unit_in(province, garrison=True) is None
    in_city = (existing is not None and existing.in_city) or (
        ungarrisoned and can_hold_garrison(board, state, province)
    )
    return Rebellion(province, against, in_province=True, in_city=in_city)


def start_rebellion(
    board: Board, state: State, province: str, by: str | None = None
) -> State | str:
    """The state with a rebellion started in ``province``, or why it cannot start.

    A province whose city still rebels after its own rebellion was put down
    (REB-RM-8.2) rebels again in the province; its city stays in rebellion.
    """
    problem = rebellion_problem(board, state, province, by)
    if problem is not None:
        return problem
    rebellions = dict(state.rebellions)
    rebellions[province] = new_rebellion(board, state, province)
    return state.but(rebellions=rebellions)


def describe(board: Board, rebellion: Rebellion) -> str:
    """``"Milan (province and city) against Milan"``."""
    where = [w for w, on in (("province", rebellion.in_province), ("city", rebellion.in_city))
             if on]
    name = board.provinces[rebellion.province].name
    return f"{name} ({' and '.join(where)}) against {rebellion.against}"


# ----------------------------------------------------------------------
# Removal by money
# ----------------------------------------------------------------------
def pacify_rebellion(state: State, province: str) -> State | str:
    """Expense b (REB-RM-8.5): the rebellion ends in the province and its city."""
    if province not in state.rebellions:
        return f"there is no rebellion in {province}"
    rebellions = {k: v for k, v in state.rebellions.items() if k != province}
    return state.but(rebellions=rebellions)


def liberate_on_purchase(state: State, unit: Unit, buyer: str) -> tuple[State, str | None]:
    """REB-RM-8.4: buying the targeted power's unit in a rebelling province liberates it.

    ``unit`` is the bought unit as it was before the purchase.  City and
    province are both liberated; nothing happens when the buyer is the targeted
    power or the unit was not the targeted power's (an autonomous garrison, a
    third power's unit).  Returns the state and a note when a rebellion ended.
    """
    rebellion = state.rebellions.get(unit.province)
    if rebellion is None or buyer == rebellion.against or unit.owner != rebellion.against:
        return state, None
    rebellions = {k: v for k, v in state.rebellions.items() if k != unit.province}
    note = (f"{unit.province}: rebellion liberated by {buyer}, who bought the unit there"
            " (REB-RM-8.4)")
    return state.but(rebellions=rebellions), note


__all__ = [
    "city_in_rebellion",
    "describe",
    "is_home_province",
    "liberate_on_purchase",
    "liberated_after_retreats",
    "new_rebellion",
    "pacify_rebellion",
    "rebellion_problem",
    "rebellions_after_movement",
    "start_rebellion",
]


#: why a victim's support in its rebelling province is not given (seed 003 10.2)
NO_SUPPORT_AMID_REBELS = ("the province rebels against its owner: its army or fleet gives "
                          "no support (BAR-10.3)")


def victims_supports(units: Sequence[Unit], orders: list[UnitOrder | None],
                     rebellions: Mapping[str, Rebellion]) -> list[int]:
    """Seed 003 (BAR-10.3): the victim's army or fleet in a province rebelling against it
    cannot support.  Each such support made a hold; returns the units concerned."""
    found: list[int] = []
    for i, unit in enumerate(units):
        order = orders[i]
        if unit.kind == "G" or not isinstance(order, _SUPPORTS):
            continue
        rebellion = rebellions.get(unit.province)
        if rebellion is not None and rebellion.in_province and rebels_against(unit, rebellion):
            orders[i] = Hold(UnitRef(unit.kind, unit.province, unit.coast))
            found.append(i)
    return found
