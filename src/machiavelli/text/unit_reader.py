"""Reading the units an order names, and the phase it belongs to: the part of the order
reader (:mod:`machiavelli.text.order_reader`) that looks at the position.

A unit of the power's own (``unit_ref``: by type and place, a numbered fleet on the High
Seas, a unit bought in the same orders), a unit supported or convoyed (``target``, filled
from the position), the coast a fleet moves to, and the phase an order needs.
"""

from __future__ import annotations

from typing import Literal

from machiavelli.core.high_seas import HIGH_SEAS, fleet_coast, fleet_number
from machiavelli.core.orders import Order, UnitRef
from machiavelli.core.state import PhaseKind, Unit, UnitKind
from machiavelli.text.order_words import (
    COAST_NAMES,
    KIND_NAMES,
    OrderSyntaxError,
    a_or_an,
    describe,
    unit_of_kind,
)
from machiavelli.text.word_reader import Place, WordReader

__all__ = ["Form", "UnitReader"]

#: which of two units in one province an order means when its type is not written: an
#: army or fleet ("AF"), the garrison ("G"), or no preference (None)
Form = Literal["AF", "G"] | None


class UnitReader(WordReader):
    """The units and phases of :class:`~machiavelli.text.order_reader.OrderReader`."""

    # -- units -------------------------------------------------------------
    def not_garrison(self, head: tuple[UnitKind | None, Place], verb: str) -> UnitRef:
        unit = self.own(head, "AF")
        if unit.kind == "G":
            raise OrderSyntaxError(f"a garrison cannot {verb}")
        return unit

    def own(
        self,
        head: tuple[UnitKind | None, Place],
        form: Form,
        pool: list[Unit] | None = None,
    ) -> UnitRef:
        written, place = head
        pool = self.state.units if pool is None else pool
        what = "a dislodged unit" if pool is not self.state.units else "a unit"
        return self.unit_ref(what, pool, form, "", written, place)

    def unit_ref(
        self,
        what: str,
        pool: list[Unit],
        form: Form,
        after: str,
        written: UnitKind | None = None,
        place: Place | None = None,
    ) -> UnitRef:
        """The power's own unit named by ``written``/``place`` (read here when not given)."""
        if place is None:
            self.take_special()
            written = self.take_type()
            place = self.take_place(after)
        prov, name = place.province, self.name(place.province)
        here = [u for u in pool if u.province == prov]
        if not here:
            raise OrderSyntaxError(f"no {what[2:]} in {name}")
        if prov == HIGH_SEAS:  # any number of fleets there (BAR-1.4): the power's own
            return self.high_seas_ref(here, place, written)
        if written is not None:
            unit = unit_of_kind(here, written, name)
        elif len(here) == 1:
            unit = here[0]
        elif form is not None:
            unit = next((u for u in here if (u.kind == "G") == (form == "G")), here[0])
        else:
            both = " and ".join(a_or_an(KIND_NAMES[u.kind]) for u in here)
            raise OrderSyntaxError(f"{name} holds {both}: write the unit type")
        if unit.owner != self.power and (unit.province, unit.kind) not in self.bought:
            if unit.owner is None and self.state.options.get("bar"):
                raise OrderSyntaxError(
                    f"the independent {KIND_NAMES[unit.kind]} in {name} is not yours: an "
                    f"order for it needs an operate bribe on it in the same orders "
                    f"(expense N: 3 ducats operate {unit.kind} {unit.province}, BAR-11.6)")
            raise OrderSyntaxError(f"the {KIND_NAMES[unit.kind]} in {name} is not yours")
        return UnitRef(unit.kind, unit.province, unit.coast)

    def high_seas_ref(self, here: list[Unit], place: Place, written: UnitKind | None) -> UnitRef:
        """The power's fleet on the High Seas that ``place`` numbers (ruling A-25):
        ``hs`` or ``hs/1`` its first there, ``hs/2`` its second, in the unit list's order."""
        number = fleet_number(place.coast)
        name = self.name(HIGH_SEAS)
        if written is not None and written != "F":
            raise OrderSyntaxError(f"there is no {KIND_NAMES[written]} on the {name}")
        mine = [u for u in here if u.owner == self.power]
        if not mine and (HIGH_SEAS, "F") in self.bought and number == 1:
            return UnitRef("F", HIGH_SEAS)  # (another's fleet the power may order)
        if not mine:
            raise OrderSyntaxError(f"you have no fleet on the {name}")
        if number > len(mine):
            count = "one fleet" if len(mine) == 1 else f"{len(mine)} fleets"
            raise OrderSyntaxError(
                f"you have {count} on the {name}: there is no {HIGH_SEAS}/{number}")
        return UnitRef("F", HIGH_SEAS, fleet_coast(number))

    def target(self, written: UnitKind | None, place: Place, form: Form, verb: str) -> UnitRef:
        """A supported or convoyed unit: filled from the position where it can be."""
        prov = place.province
        here = [u for u in self.state.units if u.province == prov]
        if written is not None:
            for u in here:
                if u.kind == written:
                    return UnitRef(u.kind, prov, u.coast)
            coast = place.coast if written == "F" else None
            return UnitRef(written, prov, coast)
        if not here:
            if verb == "convoy":
                return UnitRef("A", prov)
            raise OrderSyntaxError(f"no unit in {self.name(prov)} to {verb}: write its type")
        if len(here) == 1:
            u = here[0]
        else:
            u = next((x for x in here if (x.kind == "G") == (form == "G")), here[0])
        return UnitRef(u.kind, prov, u.coast)

    def move_coast(self, unit: UnitRef, dest: Place) -> str | None:
        if unit.kind != "F":
            return None
        if dest.coast is not None:
            return self.dest_coast(dest)
        if not self.board.provinces[dest.province].coasts:
            return None
        reach = self.board.fleet_reaches(unit.location, dest.province)
        if len(reach) == 1:
            return reach[0].split("/", 1)[1]
        return None

    def dest_coast(self, dest: Place) -> str | None:
        coasts = self.board.provinces[dest.province].coasts
        if dest.coast is not None and dest.coast not in coasts:
            raise OrderSyntaxError(self._no_coast(dest.province, dest.coast))
        return dest.coast

    def _no_coast(self, province: str, coast: str) -> str:
        name = self.name(province)
        if not self.board.provinces[province].coasts:
            return f"{name} has no separate coasts"
        return f"{name} has no {COAST_NAMES.get(coast, coast)}"

    # -- phases ------------------------------------------------------------
    def need(self, what: str, phase: PhaseKind = "movement") -> None:
        if self.phase != phase:
            raise self.wrong_phase(what, phase)

    def in_phase(self, order: Order, phase: PhaseKind) -> Order:
        if self.phase != phase:
            raise self.wrong_phase(describe(order), phase)
        return order

