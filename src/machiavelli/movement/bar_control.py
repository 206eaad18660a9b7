"""Seed 003's control of provinces and cities (003 1.3, 4.1, 10.1-10.3; BAR-1.3, BAR-4.1,
BAR-4.2, BAR-4.3, BAR-10.1, BAR-10.3), under ``bar``.

003 4.1: "A major power controls a province and any city within, if a military unit of that
major power alone occupies or was the last to occupy the province ... Independent military
units establish independent control in the same way."  On this judge independent control is
the owner :data:`~machiavelli.core.state.INDEPENDENT_CONTROL` in ``State.province_owner``
and ``State.city_owner`` (case files write it ``Autonomous`` or ``Independent``); it is never
a power of the game, so it earns nothing, wins nothing and eliminates nobody (ruling A-20).

The control adjudication under ``bar`` (:func:`bar_control_after`), which replaces 001's:

- an army or fleet claims its province, and its city when no garrison is there; a garrison
  its city, and its province when no army or fleet is there; an independent unit claims
  them for the independents (001's autonomous garrison leaves them nobody's, OWN-3A);
- "If there is a garrison unit in a fortified city and another military unit in the
  surrounding province, and these units are hostile to each other, then no one controls
  the city or the province" (BAR-4.2; two independent units are hostile, ruling A-17);
- "No one controls a rebelling province and an ungarrisoned city within.  A garrisoned city
  is controlled by the owner of the garrison unit even if the province is rebelling"
  (BAR-4.3): a rebelling province, and its rebelling city, are nobody's whatever units stand
  there.  The rebellion keeps its victim (``Rebellion.against``, 003's control marker),
  which "points out who gets the control back, if the rebellion is finished": a rebellion
  that ends with no unit to claim the place gives it back to its victim
  (:func:`restore_control`); one that famine ends leaves it independent (BAR-17.2).

The victim of a new rebellion (003 10.1, :func:`victim_of`): "the owner of the military
unit in the province, or the owner of a garrison, if there is one in the city of that
province, which is unoccupied in this latter case"; in a province nobody occupies, its
controller (the control marker).  An independent unit, or independent control, makes the
independent power the victim (BAR-10.1: 3 ducats).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.state import INDEPENDENT_CONTROL, Rebellion, State, Unit


def controller_of(unit: Unit) -> str:
    """Whom ``unit`` makes controller: its power, or the independents (BAR-1.3)."""
    return INDEPENDENT_CONTROL if unit.owner is None else unit.owner


def bar_control_after(
    board: Board,
    units: Sequence[Unit],
    province_owner: Mapping[str, str],
    city_owner: Mapping[str, str],
    rebellions: Mapping[str, Rebellion],
) -> tuple[dict[str, str], dict[str, str]]:
    """The province and city owners after a control adjudication under ``bar`` (module
    doc)."""
    garrisons: dict[str, str] = {}
    fields: dict[str, str] = {}
    for u in units:
        (garrisons if u.kind == "G" else fields)[u.province] = controller_of(u)
    provinces = dict(province_owner)
    cities = dict(city_owner)
    where = board.provinces
    for prov, owner in fields.items():
        place = where.get(prov)
        if place is None or place.sea:
            continue
        provinces[prov] = owner
        if place.city is not None and prov not in garrisons:
            cities[prov] = owner
    for prov, owner in garrisons.items():
        cities[prov] = owner
        if prov not in fields:
            provinces[prov] = owner
        elif fields[prov] != owner or owner == INDEPENDENT_CONTROL:  # hostile (BAR-4.2)
            provinces.pop(prov, None)
            cities.pop(prov, None)
    for prov, rebellion in rebellions.items():  # nobody's while it rebels (BAR-4.3)
        if rebellion.in_province:
            provinces.pop(prov, None)
        if rebellion.in_city and prov not in garrisons:
            cities.pop(prov, None)
    return provinces, cities


def restore_control(state: State, ended: Iterable[Rebellion]) -> State:
    """The position with the control of the places of rebellions that ended given back to
    their victims where nobody holds them (003 4.1: the control marker "points out who gets
    the control back, if the rebellion is finished"); a unit there then claims them at the
    next control adjudication."""
    provinces = dict(state.province_owner)
    cities = dict(state.city_owner)
    playing = set(state.powers) - set(state.eliminated)
    for rebellion in ended:
        victim = rebellion.against
        if victim != INDEPENDENT_CONTROL and victim not in playing:
            continue  # (the victim's elimination ends its rebellions: nobody's)
        prov = rebellion.province
        if rebellion.in_province and prov not in provinces:
            provinces[prov] = victim
        if rebellion.in_city and prov not in cities:
            cities[prov] = victim
    return state.but(province_owner=provinces, city_owner=cities)


def victim_of(state: State | Occupancy, province_owner: Mapping[str, str],
              province: str) -> str | None:
    """Whom a rebellion started in ``province`` now is directed at (003 10.1), or None when
    nobody occupies or controls it."""
    field = state.unit_in(province, garrison=False)
    if field is not None:
        return controller_of(field)
    garrison = state.unit_in(province, garrison=True)
    if garrison is not None:
        return controller_of(garrison)
    return province_owner.get(province)


def power_words(power: str) -> str:
    """A rebellion's victim as a sentence names it."""
    return "the independents" if power == INDEPENDENT_CONTROL else power


def rebels_against(unit: Unit, rebellion: Rebellion | None) -> bool:
    """Whether ``rebellion`` is directed against ``unit``'s power (independents' included)."""
    return rebellion is not None and rebellion.against == controller_of(unit)


__all__ = [
    "bar_control_after",
    "controller_of",
    "power_words",
    "rebels_against",
    "restore_control",
    "victim_of",
]
