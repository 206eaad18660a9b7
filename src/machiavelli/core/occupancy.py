"""Who stands where: the units of a position by province, built once and looked up.

:class:`Occupancy` answers what :meth:`machiavelli.core.state.State.unit_in`
answers, by look-up instead of a walk through the unit list: build one per
position (or per phase) and ask it as often as needed.  It does not follow
later changes of the unit list.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.state import Unit


class Occupancy:
    """The units by province: the army or fleet, the garrison, and the first of either."""

    def __init__(self, units: Sequence[Unit]) -> None:
        self.units = units
        field: dict[str, Unit] = {}
        city: dict[str, Unit] = {}
        for i in range(len(units) - 1, -1, -1):  # the first in a place wins, as in State.unit_in
            u = units[i]
            if u.kind == "G":
                city[u.province] = u
            else:
                field[u.province] = u
        self.field = field
        self.city = city
        self._first: dict[str, Unit] | None = None

    @property
    def first(self) -> dict[str, Unit]:
        """The first unit in each province, of any kind."""
        if self._first is None:
            self._first = {}
            for u in reversed(self.units):
                self._first[u.province] = u
        return self._first

    def unit_in(self, province: str, garrison: bool | None = None) -> Unit | None:
        """The army/fleet (garrison=False), the garrison (True) or either (None) in a province."""
        if garrison is None:
            return self.first.get(province)
        return self.city.get(province) if garrison else self.field.get(province)

    def get(self, key: tuple[str, bool]) -> Unit | None:
        """The unit at (province, is garrison): :data:`UnitIndex`'s look-up."""
        return self.city.get(key[0]) if key[1] else self.field.get(key[0])
