"""Who stands where: the units of a position by province, built once and looked up.

:class:`Occupancy` answers what :meth:`machiavelli.core.state.State.unit_in`
answers, by look-up instead of a walk through the unit list: build one per
position (or per phase) and ask it as often as needed.  It does not follow
later changes of the unit list.  It also gives a unit's number (its place in
the unit list), which the movement phase numbers its pieces by.
"""

from __future__ import annotations

from machiavelli.core.state import Unit

#: the units last indexed (a copy of their list) with their field and city indexes
#: (shared by the occupancies of equal unit lists: the indexes are only read)
_LAST: list[tuple[list[Unit], dict[str, int], dict[str, int]]] = []


class Occupancy:
    """The units by province: the army or fleet, the garrison, and the first of either.

    The look-ups are built when first asked for (a movement phase whose orders are all
    usual ones never asks).
    """

    def __init__(
        self,
        units: list[Unit],
        field: dict[str, int] | None = None,
        city: dict[str, int] | None = None,
    ) -> None:
        """``field`` and ``city``: the numbers by province, when already made (as
        :attr:`field_index` and :attr:`city_index` would be)."""
        self.units = units
        self._field = field
        self._city = city
        self._first: dict[str, Unit] | None = None

    def _index(self) -> tuple[dict[str, int], dict[str, int]]:
        units = self.units
        if _LAST:  # often asked again about the same units within a phase
            last = _LAST[0]
            if last[0] == units:
                self._field, self._city = last[1], last[2]
                return last[1], last[2]
        field: dict[str, int] = {}
        city: dict[str, int] = {}
        for i in range(len(units) - 1, -1, -1):  # the first in a place wins, as in unit_in
            u = units[i]
            if u.kind == "G":
                city[u.province] = i
            else:
                field[u.province] = i
        self._field, self._city = field, city
        _LAST[:] = [(units[:], field, city)]
        return field, city

    @property
    def field_index(self) -> dict[str, int]:
        """province -> the number of its army or fleet"""
        found = self._field
        return found if found is not None else self._index()[0]

    @property
    def city_index(self) -> dict[str, int]:
        """province -> the number of the garrison of its city"""
        found = self._city
        return found if found is not None else self._index()[1]

    def number(self, province: str, garrison: bool) -> int:
        """The number of the army or fleet (or garrison) in ``province``, or -1."""
        return (self.city_index if garrison else self.field_index).get(province, -1)

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
        i = (self.city_index if garrison else self.field_index).get(province, -1)
        return None if i < 0 else self.units[i]

    def get(self, key: tuple[str, bool]) -> Unit | None:
        """The unit at (province, is garrison): :data:`UnitIndex`'s look-up."""
        i = (self.city_index if key[1] else self.field_index).get(key[0], -1)
        return None if i < 0 else self.units[i]
