"""Reading one order: the recursive-descent reader behind :func:`~.notation.parse_order`.

The syntax and the choices it makes are described in :mod:`machiavelli.text.notation`.
"""

from __future__ import annotations

from machiavelli.core.options import flag
from machiavelli.core.orders import (
    ALL,
    INDEPENDENT,
    Ally,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Excommunicate,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Old,
    Order,
    Permit,
    Remove,
    Retreat,
    SupportArea,
    SupportHold,
    SupportMove,
    Tax,
    Transport,
    Waive,
)
from machiavelli.core.state import Unit, UnitKind
from machiavelli.text.money_reader import EXPENSE_GLUED, read_money
from machiavelli.text.order_words import (
    ALLIES,
    BESIEGES,
    BRIBE_WORDS,
    BUILDS,
    C_WORD,
    CITY_WORDS,
    COAST_WORDS,
    CONVERTS,
    CONVOYS,
    DISBANDS,
    EXCOMMUNICATES,
    EXPENDITURE_WORDS,
    FAVOURS,
    HOLDS,
    INDEPENDENT_WORDS,
    KEYWORDS,
    KIND_NAMES,
    LIFTS,
    MAINTAINS,
    MOVES,
    OLDS,
    PERMITS,
    REMOVES,
    RETREATS,
    SHORT_COASTS,
    SIEGE_WORD,
    SUPPORTS,
    TAXES,
    TYPES,
    UNALLIES,
    VIA_CONVOY,
    WAIVES,
    ZERO,
    OrderSyntaxError,
    a_or_an,
    describe,
    phase_of,
)
from machiavelli.text.unit_reader import Form, UnitReader
from machiavelli.text.word_reader import Place

__all__ = ["OrderReader", "a_or_an", "describe", "phase_of"]


class OrderReader(UnitReader):
    """The grammar of one order, on the units of :class:`UnitReader`."""

    # -- the order ------------------------------------------------------
    def read(self) -> Order:
        if not self.toks:
            raise OrderSyntaxError("empty order")
        if self.toks[0] in EXPENDITURE_WORDS or EXPENSE_GLUED.fullmatch(self.toks[0]):
            return read_money(self)
        if self.take(UNALLIES):
            return self.ally(False)
        if self.take(ALLIES):
            return self.ally(True)
        if self.take(WAIVES):
            self.end()
            return Waive()
        if self.take(BUILDS):
            return self.build()
        if self.place_at(self.i) is None and self.take(TAXES):
            return self.tax()
        if self.place_at(self.i) is None and self.take(OLDS):
            return self.old()
        if self.place_at(self.i) is None and self.take(EXCOMMUNICATES):
            return self.excommunicate()
        if self.place_at(self.i) is None and self.take(PERMITS):
            return self.permit()
        if self.take(MAINTAINS):
            ref = self.unit_ref("a unit", self.state.units, None, "maintain")
            self.end()
            return Maintain(ref)
        removal = self.match(REMOVES)
        if removal is not None:
            word = " ".join(removal)
            self.i += len(removal)
            if self.phase == "adjustment":
                ref = self.unit_ref("a unit", self.state.units, None, word)
                self.end()
                return Remove(ref)
            if self.phase == "movement" and word in ("r", "remove", "removes"):
                raise self.wrong_phase("a removal", "adjustment")
            return self.disband(word)
        return self.unit_order()

    def ally(self, allow: bool) -> Ally:
        words = self.toks[self.i:]
        if not words:
            raise OrderSyntaxError("a power is missing")
        self.i = len(self.toks)
        return Ally(self.find_power(" ".join(words)), allow)


    def build(self) -> Build:
        special = self.take_special()
        if special == "elite":
            raise OrderSyntaxError("'elite' alone: write elite mercenary or elite professional")
        kind = self.take_type()
        if kind is None:
            tok = self.peek()
            if tok is not None and self.place_at(self.i) is None and tok not in KEYWORDS:
                raise OrderSyntaxError(f"unknown word '{tok}'")
            raise OrderSyntaxError("a build must name the unit type (army, fleet or garrison)")
        place = self.take_place("build")
        self.end()
        coast = self.dest_coast(place) if kind == "F" else None
        return Build(kind, place.province, coast, special)

    def excommunicate(self) -> Excommunicate:
        """``excommunicate <power>`` (``crusade Turkey``): seed 003's excommunication."""
        if self.phase == "retreat":
            raise OrderSyntaxError("an excommunication is ordered only in a movement or an "
                                   "adjustment phase, not in the retreat phase")
        words = self.toks[self.i:]
        if not words:
            raise OrderSyntaxError("a power is missing")
        self.i = len(self.toks)
        return Excommunicate(self.find_power(" ".join(words)))

    def permit(self) -> Permit:
        """``permit <power>|all bribe <type> <place>`` or ``... bribe <power>``: seed 003's
        permission to bribe (BAR-11.2)."""
        self.need("a permission to bribe")
        at = next((j for j in range(self.i, len(self.toks))
                   if self.match(BRIBE_WORDS, j) is not None), -1)
        if at < 0:
            raise OrderSyntaxError("write 'permit <power> bribe <unit>' or 'permit all bribe "
                                   "<power>'")
        who = " ".join(self.toks[self.i:at])
        if not who:
            raise OrderSyntaxError("the power permitted is missing (or 'all')")
        to = ALL if who in ("all", "everybody", "everyone") else self.find_power(who)
        self.i = at
        self.take(BRIBE_WORDS)
        if self.at_end():
            raise OrderSyntaxError("the unit or power that may be bribed is missing")
        written = self.take_type()
        rest = " ".join(self.toks[self.i:])
        powers = {p.lower() for p in (self.state.powers or self.board.powers.values())}
        if written is None and (rest.removeprefix("the ") in powers
                                or self.place_at(self.i) is None):
            power = self.find_power(rest)  # (a power's name before a place's: "Milan")
            self.i = len(self.toks)
            return Permit(to, power=power)
        place = self.take_place("bribe")
        self.end()
        here = [u for u in self.state.units if u.province == place.province]
        if written is None:
            if not here:
                raise OrderSyntaxError(f"no unit in {self.name(place.province)}: write its type")
            written = sorted(here, key=lambda u: u.kind == "G")[0].kind
        return Permit(to, written, place.province)

    def old(self) -> Old:
        """``old <type> <place>``: seed 003's old unit of the first Spring (BAR-3.3)."""
        self.need("an old unit", "adjustment")
        kind = self.take_type()
        if kind is None:
            raise OrderSyntaxError("the old unit's type is missing: army, fleet or garrison")
        place = self.take_place("old")
        self.end()
        coast = self.dest_coast(place) if kind == "F" else None
        return Old(kind, place.province, coast)

    def tax(self) -> Tax:
        """``tax <province>``: seed 003's forced taxation (BAR-5.3)."""
        if self.phase is not None and self.phase != "adjustment":
            raise self.wrong_phase("a forced taxation", "adjustment")
        place = self.take_place("tax")
        self.end()
        return Tax(place.province)

    def disband(self, word: str) -> Disband:
        pool = self.pool_for_disband()
        ref = self.unit_ref("a unit", pool, None, word)
        self.end()
        return Disband(ref)

    def pool_for_disband(self) -> list[Unit]:
        if self.phase == "retreat":
            return [d.unit for d in self.state.dislodged]
        if self.phase == "movement" and not self.state.option("disband"):
            raise OrderSyntaxError(
                "disbanding a unit in a movement phase needs the 'disband' option"
            )
        return self.state.units

    # -- unit orders -----------------------------------------------------
    def unit_order(self) -> Order:
        special = self.take_special()
        written = self.take_type()
        tok = self.peek()
        if tok is None or (tok in KEYWORDS and self.place_at(self.i) is None):
            raise OrderSyntaxError("the unit's place is missing")
        if self.place_at(self.i) is None:
            after = self.peek(1)
            known = written or special or (after is not None and after in KEYWORDS)
            raise OrderSyntaxError(f"unknown place '{tok}'" if known else f"unknown word '{tok}'")
        place = self.take_place("the unit")
        head = (written, place)
        if self.at_end():
            if self.phase != "movement":
                raise OrderSyntaxError("the order is missing after the unit")
            return Hold(self.own(head, None))
        if self.take(HOLDS):
            self.end()
            self.need("a hold")
            return Hold(self.own(head, None))
        if self.phase == "adjustment":
            return self.adjustment_suffix(head)
        if self.take(MOVES):
            return self.move(head)
        if self.take(RETREATS):
            return self.retreat(head)
        if self.take(SUPPORTS):
            return self.support(head)
        if self.take(CONVOYS):
            return self.convoy(head)
        if self.take(CONVERTS):
            return self.convert(head)
        if self.peek() == "c":
            self.i += 1
            return self.convoy(head) if self.place_follows() else self.convert(head)
        if self.take(BESIEGES):
            return self.besiege(head)
        if self.take(LIFTS):
            self.take(SIEGE_WORD)
            self.end()
            self.need("lifting a siege")
            return LiftSiege(self.not_garrison(head, "lift a siege"))
        if self.take(DISBANDS) or self.take(ZERO):
            self.end()
            pool = self.pool_for_disband()
            return Disband(self.own(head, None, pool))
        tok = self.peek() or ""
        if tok in KEYWORDS or self.place_at(self.i) is not None:
            raise OrderSyntaxError(f"unexpected '{tok}' after the unit")
        raise OrderSyntaxError(f"unknown word '{tok}'")

    def adjustment_suffix(self, head: tuple[UnitKind | None, Place]) -> Order:
        if self.take(MAINTAINS) and self.at_end():
            return Maintain(self.own(head, None))
        if self.take(REMOVES) and self.at_end():
            return Remove(self.own(head, None))
        raise OrderSyntaxError(
            "only builds, removals and maintenance are ordered in the adjustment phase"
        )

    def place_follows(self) -> bool:
        """After ``c``: does a place follow (a convoy) rather than a type alone (convert)?"""
        j = self.i
        if j < len(self.toks) and self.toks[j] in TYPES:
            j += 1
        return j < len(self.toks) and self.place_at(j) is not None

    def move(self, head: tuple[UnitKind | None, Place]) -> Order:
        chain = [self.take_place("-")]
        while self.take(MOVES):
            chain.append(self.take_place("-"))
        by_convoy = self.take(VIA_CONVOY)
        self.end()
        if self.phase == "retreat":
            if len(chain) > 1 or by_convoy:
                raise OrderSyntaxError("a retreat cannot go by convoy")
            return self.make_retreat(head, chain[0])
        unit = self.not_garrison(head, "move")
        dest = chain[-1]
        coast = self.move_coast(unit, dest)
        via = tuple(p.province for p in chain[:-1])
        return self.in_phase(Move(unit, dest.province, coast, via, by_convoy), "movement")

    def retreat(self, head: tuple[UnitKind | None, Place]) -> Order:
        if self.take(CITY_WORDS):
            self.end()
            if self.phase != "retreat":
                raise self.wrong_phase("a retreat", "retreat")
            unit = self.own(head, "AF", self.dislodged())
            return Retreat(unit, unit.province, None, "G")
        dest = self.take_place("retreat")
        self.end()
        if self.phase != "retreat":
            raise self.wrong_phase("a retreat", "retreat")
        return self.make_retreat(head, dest)

    def make_retreat(self, head: tuple[UnitKind | None, Place], dest: Place) -> Retreat:
        unit = self.own(head, "AF", self.dislodged())
        if unit.kind == "G":
            raise OrderSyntaxError("a garrison cannot retreat")
        return Retreat(unit, dest.province, self.move_coast(unit, dest))

    def dislodged(self) -> list[Unit]:
        return [d.unit for d in self.state.dislodged]

    # -- seed 003's support and transport in favour of a power (BAR-8.5, BAR-8.6) ------
    def area_support(self) -> bool:
        """Whether the game has seed 003's support of an area (option ``area_support``)."""
        return flag(self.state.options, "area_support")

    def in_favour_of(self) -> str | None:
        """``for <power>``, ``in favour of <power>`` or ``(<power>)`` at the end of a
        support or transport: the power (:data:`INDEPENDENT` for ``independent``), or None
        when the order names none.  Raises when a power is named and the game has no
        ``area_support``."""
        if not self.take(FAVOURS):
            return None
        words = self.toks[self.i:]
        if not words:
            raise OrderSyntaxError("the power in whose favour is missing")
        if not self.area_support():
            raise OrderSyntaxError(
                "a support or transport in favour of a power is seed 003's (BAR-8.5, "
                "BAR-8.6): this game does not have the option area_support")
        self.i = len(self.toks)
        written = " ".join(words)
        if written.removeprefix("an ") in INDEPENDENT_WORDS:
            return INDEPENDENT
        return self.find_power(written)

    def bracketed_power(self) -> None:
        """``(Milan)`` at the end of the order read as ``for Milan`` (a coast in brackets,
        ``(nc)``, is left alone)."""
        toks = self.toks
        if len(toks) < 3 or toks[-1] != ")" or "(" not in toks[self.i:]:
            return
        at = len(toks) - 1 - toks[::-1].index("(")
        inside = tuple(toks[at + 1:-1])
        if inside and inside not in COAST_WORDS and inside[0] not in SHORT_COASTS:
            self.toks = [*toks[:at], "for", *inside]

    def support_area(self, head: tuple[UnitKind | None, Place], area: Place) -> Order:
        """``A bol S mod [for Milan]``: a support of an area (BAR-8.5)."""
        power = self.in_favour_of()
        self.end()
        self.need("a support")
        unit = self.own(head, "G" if area.province == head[1].province else "AF")
        return SupportArea(unit, area.province, power)

    def transport(self, head: tuple[UnitKind | None, Place]) -> Order:
        """``F ets T [for Florence]``: a transport named for a power (BAR-8.6)."""
        power = self.in_favour_of()
        self.end()
        self.need("a transport")
        unit = self.own(head, "AF")
        if unit.kind != "F":
            raise OrderSyntaxError(
                f"only a fleet can transport, not {a_or_an(KIND_NAMES[unit.kind])}")
        return Transport(unit, power)

    def support(self, head: tuple[UnitKind | None, Place]) -> Order:
        self.bracketed_power()
        self.take_special()
        t_kind = self.take_type()
        if t_kind is None and self.area_support():
            j = self.i
            area = self.take_place("support")
            if self.at_end() or self.match(FAVOURS) is not None:
                return self.support_area(head, area)
            self.i = j
        target = self.take_place("support")
        dest: Place | None = None
        converting = False
        if self.take(MOVES):
            dest = self.take_place("-")
        elif self.take(CONVERTS) or self.take(C_WORD):
            to = self.take_type()
            if to not in ("A", "F"):
                raise OrderSyntaxError("only a garrison converting out can be supported")
            self.take_coast()
            converting = True
        if self.match(FAVOURS) is not None:
            self.in_favour_of()  # (refused without area_support)
            raise OrderSyntaxError("a support of a unit names no power; a support of an area "
                                   "does: 'S mod for Milan' (BAR-8.5)")
        self.end()
        self.need("a support")
        own_prov = head[1].province
        if converting:
            dest = Place(target.province, None, target.words)
            t_kind = t_kind or "G"
        if dest is None:
            if target.province == own_prov:
                if head[0] is not None:
                    t_form: Form = "G" if head[0] != "G" else "AF"
                    s_form: Form = None
                else:
                    t_form, s_form = ("G", "AF") if t_kind == "G" else ("AF", "G")
            else:
                t_form, s_form = "AF", "AF"
            unit = self.own(head, s_form)
            ref = self.target(t_kind, target, t_form, "support")
            return self.in_phase(SupportHold(unit, ref), "movement")
        s_form = "G" if dest.province == own_prov else "AF"
        t_form = "G" if dest.province == target.province else "AF"
        unit = self.own(head, s_form)
        ref = self.target(t_kind, target, t_form, "support")
        return self.in_phase(SupportMove(unit, ref, dest.province, dest.coast), "movement")

    def convoy(self, head: tuple[UnitKind | None, Place]) -> Order:
        self.bracketed_power()
        self.take_special()
        t_kind = self.take_type()
        if t_kind is None and (self.at_end() or self.match(FAVOURS) is not None):
            if not self.area_support() and self.at_end():
                raise OrderSyntaxError(
                    "a convoy names the army and where it goes ('C A ven - apu'); a "
                    "transport named for a power ('T for Milan') is seed 003's and needs "
                    "the option area_support")
            return self.transport(head)
        target = self.take_place("convoy")
        if not self.take(MOVES):
            raise OrderSyntaxError("a convoy must name where the army goes ('- place')")
        dest = self.take_place("-")
        self.end()
        self.need("a convoy")
        unit = self.own(head, "AF")
        if unit.kind != "F":
            kind = a_or_an(KIND_NAMES[unit.kind])
            raise OrderSyntaxError(f"only a fleet can convoy, not {kind}")
        ref = self.target(t_kind, target, "AF", "convoy")
        return self.in_phase(Convoy(unit, ref, dest.province), "movement")

    def convert(self, head: tuple[UnitKind | None, Place]) -> Order:
        to = self.take_type()
        if to is None:
            tok = self.peek()
            raise OrderSyntaxError(
                f"unknown unit type '{tok}'" if tok else "convert to what: army, fleet or garrison?"
            )
        coast = self.take_coast()
        self.end()
        if self.phase == "retreat":
            if to != "G":
                raise OrderSyntaxError("a retreat can only convert into a garrison")
            unit = self.own(head, "AF", self.dislodged())
            return Retreat(unit, unit.province, None, "G")
        unit = self.own(head, "AF" if to == "G" else "G")
        if to == "F" and coast is not None:
            coasts = self.board.provinces[unit.province].coasts
            if coast not in coasts:
                raise OrderSyntaxError(self._no_coast(unit.province, coast))
        elif to != "F":
            coast = None
        return self.in_phase(Convert(unit, to, coast), "movement")

    def besiege(self, head: tuple[UnitKind | None, Place]) -> Order:
        self.take(CITY_WORDS)
        if not self.at_end():
            where = self.take_place("besiege")
            if where.province != head[1].province:
                raise OrderSyntaxError("a unit can only besiege the city of its own province")
        self.end()
        self.need("a siege")
        return self.in_phase(Besiege(self.not_garrison(head, "besiege")), "movement")
