"""Seed 003's tax income (003 5.1, 4.1; BAR-5.1, BAR-4.2), under ``bar``.

003 5.1: "A major power receives ducats in Phase B.1 as follows: One ducat for each
controlled sea area.  One ducat for each province, which is controlled or occupied by a
military unit of the major power, unless the province is in rebellion.  One ducat for each
city, which is controlled or occupied by a garrison unit of that major power, unless the
city is under siege.  Major cities produce ... the number ... in the city symbol.  Famine
nullifies this income both in the province and in the city."

So, place by place (:func:`bar_fixed_income`):

- a sea area: 1 to the owner of the fleet there (nobody controls the High Seas, BAR-14.3);
- a land province: 1 to the owner of the army or fleet in it, else to its controller;
  nothing when it rebels or famine strikes it (BAR-4.2: with a hostile garrison in the
  city, the army's owner still gets the province's ducat);
- a city: its value (1, a major city its number; a fortress nothing without fortresses,
  BAR-1.1) to the owner of the garrison in it, else to its controller; nothing when it is
  besieged, when famine strikes the province (a garrison does not help, unlike 001's
  FAM-E), or when, ungarrisoned, a rebellion is there (003 4.1: "No one controls a
  rebelling province and an ungarrisoned city within");
- Avignon pays nothing (BAR-14.2); an independent unit's places pay nobody.

003's trade income (5.2) needs 003's own figures: on the classic board 001's variable
income stands in for it (docs/balance-at-risk.md, BAR-5.2).
"""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.homes import playing
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.state import INDEPENDENT_CONTROL, State

#: the classic board's Avignon (BAR-14.2): no tax income under ``bar``
AVIGNON = "avi"


def bar_tax(board: Board, state: State) -> dict[str, tuple[int, int, int]]:
    """Each major power's (seas, provinces, cities) ducats by 003 5.1, every power that
    gets some (playing or not: the caller keeps those playing)."""
    where = Occupancy(state.units)
    famine = set(state.famine)
    rebellions = state.rebellions
    seas: dict[str, int] = {}
    provinces: dict[str, int] = {}
    cities: dict[str, int] = {}
    for unit in state.units:
        if (unit.kind == "F" and unit.owner is not None and unit.province != HIGH_SEAS
                and board.provinces[unit.province].sea):
            seas[unit.owner] = seas.get(unit.owner, 0) + 1
    for pid, prov in board.provinces.items():
        if prov.sea or pid in famine or pid == AVIGNON:
            continue
        rebellion = rebellions.get(pid)
        field = where.unit_in(pid, garrison=False)
        payer = field.owner if field is not None else state.province_owner.get(pid)
        rebels = rebellion is not None and (
            rebellion.in_province or prov.venice
            or (prov.city is not None and prov.city.kind == "unfortified"))
        if payer is not None and not rebels:
            provinces[payer] = provinces.get(payer, 0) + 1
        city = prov.city
        if city is None or city.kind == "fortress" or city.income <= 0:
            continue
        garrison = where.unit_in(pid, garrison=True)
        if garrison is not None:
            besieger = field if field is not None and field.siege >= 1 else None
            if besieger is not None and besieger.owner != garrison.owner:
                continue  # a besieged garrison earns nothing
            payer = garrison.owner
        elif rebellion is not None:
            continue  # nobody's: an ungarrisoned city where a rebellion is
        else:
            payer = state.city_owner.get(pid)
        if payer is not None:
            cities[payer] = cities.get(payer, 0) + city.income
    return {
        p: (seas.get(p, 0), provinces.get(p, 0), cities.get(p, 0))
        for p in sorted(set(seas) | set(provinces) | set(cities))
        if playing(state, p) and p != INDEPENDENT_CONTROL  # (independents pay nobody)
    }


__all__ = ["AVIGNON", "bar_tax"]
