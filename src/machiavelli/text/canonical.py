"""The parser's fast path: unit orders of a movement phase in their usual forms.

:func:`read_canonical` reads the forms :func:`~machiavelli.text.notation.format_order`
writes and the DATC's (``A gen H``, ``A lvp-iri``, ``F nth convoys A yor - lon``,
``F spa/nc supports F mar-gol``, ``A nap - ion - tun via convoy``, ``G cro C
F/sc``, ``A gen B``, ``A gen L``) with a few dictionary look-ups, and gives
exactly the order the full reader (:class:`~machiavelli.text.order_reader.OrderReader`)
gives.  Anything else, and anything the full reader would refuse, comes back
as ``None``: the full reader then reads it and says what is wrong.
``tests/test_canonical.py`` checks the two agree on generated orders.  The orders of
the plainest forms are kept and given again when equal ones are read (as
:func:`ref_of` keeps the unit references): orders are immutable.

The fast path takes only what cannot be read two ways: a unit type first
(never a special unit's word), places of one word that begin no longer place
name, coasts written ``/nc``, keywords whose first word no other group of the
same position starts.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.orders import (
    Besiege,
    Convert,
    Convoy,
    Hold,
    LiftSiege,
    Move,
    Order,
    SupportHold,
    SupportMove,
    UnitRef,
)
from machiavelli.core.state import Unit, UnitKind
from machiavelli.text.order_words import (
    COAST_WORDS,
    SPECIALS,
    TYPES,
    names_of,
    tokens,
)

# the keywords after the unit, one word each (two-word spellings begin with these too)
_HOLD = frozenset({"h", "hold", "holds", "stand", "stands"})
_MOVE = frozenset({"-", "m", "move", "moves"})
_SUPPORT = frozenset({"s", "support", "supports"})
_CONVOY = frozenset({"t", "transport", "transports", "convoy", "convoys"})
_CONVERT = frozenset({"convert", "converts"})
_BESIEGE = frozenset({"b", "besiege", "besieges", "siege"})
_LIFT = frozenset({"l", "lift", "lifts"})
_CITY = frozenset({"g", "garrison", "city"})
_COASTS = frozenset({"nc", "sc", "ec", "wc"})
# words that may start a coast written without a slash, or a special unit's type
_COAST_STARTS = frozenset(w[0] for w in COAST_WORDS)
_SPECIAL_STARTS = frozenset(w[0] for w in SPECIALS) | {"elite"}

Form = str | None  # "AF", "G" or None, as in the full reader


@dataclass(frozen=True)
class _Places:
    """A board's one-word place names that begin no longer name: id by word."""

    single: dict[str, str]


def _places(board: Board) -> _Places:
    names = names_of(board)
    longer = {words[0] for words in names.places if len(words) > 1}
    single = {words[0]: pid for words, pid in names.places.items()
              if len(words) == 1 and words[0] not in longer}
    return _Places(single)


_PLACES: PerBoard[_Places] = PerBoard(_places)


#: the board whose places were asked for last, and its places
_LAST_PLACES: list[tuple[Board, dict[str, str]]] = []


def single_places(board: Board) -> dict[str, str]:
    """The board's one-word place names that begin no longer name: id by word."""
    if _LAST_PLACES and _LAST_PLACES[0][0] is board:  # the powers of a phase, in turn
        return _LAST_PLACES[0][1]
    single = _PLACES(board).single
    _LAST_PLACES[:] = [(board, single)]
    return single


_ODD = re.compile(r"[():.,>]")  # what only the regular expression splits well


def quick_tokens(text: str) -> list[str]:
    """What :func:`tokens` gives, split without the regular expression when it can be."""
    low = text.lower()
    if _ODD.search(low) is not None:
        return tokens(text)
    if "-" in low:
        low = low.replace("-", " - ")
    if "/" in low:
        low = low.replace("/", " / ")
    return low.split()


_REFS: dict[tuple[str, str, str | None], UnitRef] = {}


def ref_of(kind: UnitKind, province: str, coast: str | None = None) -> UnitRef:
    """``UnitRef(kind, province, coast)``, an equal one made before when there is one."""
    key = (kind, province, coast)
    ref = _REFS.get(key)
    if ref is None:
        if len(_REFS) >= 1 << 16:
            _REFS.clear()
        ref = _REFS[key] = UnitRef(kind, province, coast)
    return ref


class UnitsAt:
    """The units of a position by province, in the position's order."""

    def __init__(self, units: Sequence[Unit]) -> None:
        self.units = list(units)  # as they were when indexed
        found: dict[str, list[Unit]] = {}
        for u in units:
            here = found.get(u.province)
            if here is None:
                found[u.province] = [u]
            else:
                here.append(u)
        self.by_province = found

    def at(self, province: str) -> list[Unit]:
        return self.by_province.get(province, [])


_LAST: list[UnitsAt] = []


def units_at(units: Sequence[Unit]) -> UnitsAt:
    """The units by province; the powers of one position, read in turn, share one index.

    The last index is kept while the units are the same objects in the same order
    (checked in full: a position's list may have been changed in place).
    """
    if _LAST:
        last = _LAST[0]
        if last.units == units:
            return last
        _LAST.clear()
    made = UnitsAt(units)
    _LAST.append(made)
    return made


class _Reader:
    def __init__(
        self, toks: list[str], board: Board, places: dict[str, str], units: UnitsAt,
        power: str, bought: Collection[tuple[str, UnitKind]],
    ) -> None:
        self.toks = toks
        self.n = len(toks)
        self.i = 0
        self.board = board
        self.places = places
        self.units = units
        self.power = power
        self.bought = bought

    def place(self) -> tuple[str, str | None] | None:
        """A place of one word and its coast written ``/nc``; None: not this simple."""
        i = self.i
        if i >= self.n:
            return None
        pid = self.places.get(self.toks[i])
        if pid is None:
            return None
        i += 1
        coast: str | None = None
        if i < self.n:
            tok = self.toks[i]
            if tok == "/":
                if i + 1 >= self.n or self.toks[i + 1] not in _COASTS:
                    return None
                coast = self.toks[i + 1]
                i += 2
            elif tok == "(" or tok in _COAST_STARTS:
                return None
        self.i = i
        return pid, coast

    def own(self, written: UnitKind | None, province: str, form: Form) -> UnitRef | None:
        """The power's unit named at the head of the order (full reader: ``unit_ref``)."""
        here = self.units.at(province)
        if not here:
            return None
        if written is not None:
            unit = next((u for u in here if u.kind == written), None)
            if unit is None:
                return None
        elif len(here) == 1:
            unit = here[0]
        elif form is not None:
            unit = next((u for u in here if (u.kind == "G") == (form == "G")), here[0])
        else:
            return None
        if unit.owner != self.power and (unit.province, unit.kind) not in self.bought:
            return None
        return ref_of(unit.kind, unit.province, unit.coast)

    def target(
        self, written: UnitKind | None, province: str, coast: str | None, form: Form, verb: str
    ) -> UnitRef | None:
        """A supported or convoyed unit (full reader: ``target``)."""
        here = self.units.at(province)
        if written is not None:
            for u in here:
                if u.kind == written:
                    return ref_of(u.kind, province, u.coast)
            return ref_of(written, province, coast if written == "F" else None)
        if not here:
            return ref_of("A", province) if verb == "convoy" else None
        if len(here) == 1:
            u = here[0]
        else:
            u = next((x for x in here if (x.kind == "G") == (form == "G")), here[0])
        return ref_of(u.kind, province, u.coast)

    def word(self) -> str | None:
        return self.toks[self.i] if self.i < self.n else None

    def move_word(self) -> bool:
        """Take ``-``, ``m``, ``move`` or ``moves`` (with ``to``), as the full reader does."""
        tok = self.word()
        if tok not in _MOVE:
            return False
        self.i += 1
        if tok in ("move", "moves") and self.word() == "to":
            self.i += 1
        return True

    def type_word(self) -> UnitKind | None:
        tok = self.word()
        if tok is None:
            return None
        kind = TYPES.get(tok)
        if kind is not None:
            self.i += 1
        return kind

    def read(self) -> Order | None:
        toks = self.toks
        if self.n < 2:
            return None
        written = TYPES.get(toks[0])
        if written is None:
            return None
        self.i = 1
        head = self.place()
        if head is None:
            return None
        province = head[0]
        verb = self.word()
        if verb is None:
            unit = self.own(written, province, None)
            return None if unit is None else Hold(unit)
        self.i += 1
        if verb in _HOLD:
            if self.i != self.n:
                return None
            unit = self.own(written, province, None)
            return None if unit is None else Hold(unit)
        if verb in _MOVE:
            self.i -= 1
            self.move_word()
            return self.move(written, province)
        if verb in _SUPPORT:
            return self.support(written, province)
        if verb in _CONVOY:
            return self.convoy(written, province)
        if verb in _CONVERT:
            if self.word() == "to":
                self.i += 1
            return self.convert(written, province)
        if verb == "c":
            j = self.i
            if j < self.n and toks[j] in TYPES:
                j += 1
            if j < self.n and toks[j] in self.places:
                return self.convoy(written, province)
            if j < self.n and toks[j] not in TYPES and toks[j] not in ("/", "("):
                return None  # perhaps a place of several words: the full reader decides
            return self.convert(written, province)
        if verb in _BESIEGE:
            if self.word() in _CITY:
                self.i += 1
            if self.i != self.n:
                return None
            unit = self.own(written, province, "AF")
            return None if unit is None or unit.kind == "G" else Besiege(unit)
        if verb in _LIFT:
            if self.word() == "siege":
                self.i += 1
            if self.i != self.n:
                return None
            unit = self.own(written, province, "AF")
            return None if unit is None or unit.kind == "G" else LiftSiege(unit)
        return None

    def move(self, written: UnitKind | None, province: str) -> Order | None:
        chain: list[tuple[str, str | None]] = []
        while True:
            place = self.place()
            if place is None:
                return None
            chain.append(place)
            if not self.move_word():
                break
        by_convoy = False
        if self.word() in ("via", "by"):
            if self.i + 1 < self.n and self.toks[self.i + 1] == "convoy":
                self.i += 2
                by_convoy = True
            else:
                return None
        if self.i != self.n:
            return None
        unit = self.own(written, province, "AF")
        if unit is None or unit.kind == "G":
            return None
        dest, dest_coast = chain[-1]
        coast: str | None = None
        if unit.kind == "F":
            coasts = self.board.provinces[dest].coasts
            if dest_coast is not None:
                if dest_coast not in coasts:
                    return None
                coast = dest_coast
            elif coasts:
                reach = self.board.fleet_reaches(unit.location, dest)
                if len(reach) == 1:
                    coast = reach[0].split("/", 1)[1]
        via = tuple(p for p, _ in chain[:-1])
        return Move(unit, dest, coast, via, by_convoy)

    def support(self, written: UnitKind | None, province: str) -> Order | None:
        tok = self.word()
        if tok is None or tok in _SPECIAL_STARTS:
            return None
        t_kind = self.type_word()
        target = self.place()
        if target is None:
            return None
        dest: tuple[str, str | None] | None = None
        if self.move_word():
            dest = self.place()
            if dest is None:
                return None
        if self.i != self.n:
            return None
        if dest is None:
            t_form: Form
            s_form: Form
            if target[0] == province:
                if written is not None:
                    t_form, s_form = ("G" if written != "G" else "AF"), None
                else:
                    t_form, s_form = ("G", "AF") if t_kind == "G" else ("AF", "G")
            else:
                t_form, s_form = "AF", "AF"
            unit = self.own(written, province, s_form)
            if unit is None:
                return None
            ref = self.target(t_kind, target[0], target[1], t_form, "support")
            return None if ref is None else SupportHold(unit, ref)
        s_form = "G" if dest[0] == province else "AF"
        t_form = "G" if dest[0] == target[0] else "AF"
        unit = self.own(written, province, s_form)
        if unit is None:
            return None
        ref = self.target(t_kind, target[0], target[1], t_form, "support")
        return None if ref is None else SupportMove(unit, ref, dest[0], dest[1])

    def convoy(self, written: UnitKind | None, province: str) -> Order | None:
        tok = self.word()
        if tok is None or tok in _SPECIAL_STARTS:
            return None
        t_kind = self.type_word()
        target = self.place()
        if target is None or not self.move_word():
            return None
        dest = self.place()
        if dest is None or self.i != self.n:
            return None
        unit = self.own(written, province, "AF")
        if unit is None or unit.kind != "F":
            return None
        ref = self.target(t_kind, target[0], target[1], "AF", "convoy")
        return None if ref is None else Convoy(unit, ref, dest[0])

    def convert(self, written: UnitKind | None, province: str) -> Order | None:
        to = self.type_word()
        if to is None:
            return None
        coast: str | None = None
        if self.word() == "/":
            if self.i + 1 >= self.n or self.toks[self.i + 1] not in _COASTS:
                return None
            coast = self.toks[self.i + 1]
            self.i += 2
        if self.i != self.n:
            return None
        unit = self.own(written, province, "AF" if to == "G" else "G")
        if unit is None:
            return None
        if to == "F" and coast is not None:
            if coast not in self.board.provinces[unit.province].coasts:
                return None
        elif to != "F":
            coast = None
        return Convert(unit, to, coast)


def read_canonical(
    text: str,
    board: Board,
    units: UnitsAt,
    power: str,
    bought: Collection[tuple[str, UnitKind]] = (),
    places: dict[str, str] | None = None,
) -> Order | None:
    """A movement phase's unit order in a usual form, or None (then read it in full).

    ``places``: :func:`single_places` of the board, when at hand."""
    toks = quick_tokens(text)
    if places is None:
        places = _PLACES(board).single
    order = plainest(toks, board, places, units, power, bought)
    if order is not None:
        return order
    return read_words(toks, board, places, units, power, bought)


def read_words(
    toks: list[str], board: Board, places: dict[str, str], units: UnitsAt, power: str,
    bought: Collection[tuple[str, UnitKind]],
) -> Order | None:
    """:func:`read_canonical` of an order's words (:func:`quick_tokens`) that
    :func:`plainest` did not read: the other usual forms, or None."""
    return _Reader(toks, board, places, units, power, bought).read()


#: the orders :func:`plainest` reads
UsualOrder = Hold | Move | SupportHold | SupportMove | Convoy


def plainest(
    toks: list[str], board: Board, places: dict[str, str], units: UnitsAt, power: str,
    bought: Collection[tuple[str, UnitKind]],
) -> UsualOrder | None:
    """The forms :func:`~machiavelli.text.notation.format_order` writes, every unit's type
    given and no coast written: ``a gen``, ``a gen h``, ``a gen - mil``, ``a gen s a mil``,
    ``a gen s a mil - tus``, ``f lyo c a gen - tun``.  The order :class:`_Reader` reads
    from them, or None: then ``_Reader`` reads them (and says None when it must)."""
    n = len(toks)
    if n < 2 or n > 7:
        return None
    written = TYPES.get(toks[0])
    if written is None:
        return None
    province = places.get(toks[1])
    if province is None:
        return None
    verb = toks[2] if n > 2 else "h"
    if verb == "-":
        if n != 4:
            return None
        dest = places.get(toks[3])
        if dest is None:
            return None
        unit = _own(units, written, province, power, bought)
        if unit is None or unit.kind == "G":
            return None
        coast: str | None = None
        if unit.kind == "F" and board.provinces[dest].coasts:
            reach = board.fleet_reaches(unit.location, dest)
            if len(reach) == 1:
                coast = reach[0].split("/", 1)[1]
        key: _Key = ("-", unit.kind, unit.province, unit.coast, dest, coast)
        order = _USUAL.get(key)
        return order if order is not None else _keep(key, Move(unit, dest, coast, (), False))
    if verb == "h":
        if n > 3:
            return None
        unit = _own(units, written, province, power, bought)
        if unit is None:
            return None
        key = ("H", unit.kind, unit.province, unit.coast)
        order = _USUAL.get(key)
        return order if order is not None else _keep(key, Hold(unit))
    if (verb != "s" and verb != "c") or (n != 5 and n != 7):
        return None
    kind = TYPES.get(toks[3])
    target = places.get(toks[4])
    if kind is None or target is None or target == province:
        return None
    to: str | None = None
    if n == 7:
        to = places.get(toks[6])
        if toks[5] != "-" or to is None:
            return None
    unit = _own(units, written, province, power, bought)
    if unit is None:
        return None
    ref = _target(units, kind, target)
    if verb == "c" and (to is None or unit.kind != "F"):
        return None
    key = (verb, unit.kind, unit.province, unit.coast, ref.kind, ref.province, ref.coast, to)
    order = _USUAL.get(key)
    if order is None:
        made: UsualOrder
        if verb == "s":
            made = SupportHold(unit, ref) if to is None else SupportMove(unit, ref, to, None)
        else:
            assert to is not None
            made = Convoy(unit, ref, to)
        order = _keep(key, made)
    return order


_Key = tuple[str | None, ...]
#: the orders :func:`plainest` made, by what they are made of: an equal one made before
#: is given again (orders are immutable, and making one costs more than finding one)
_USUAL: dict[_Key, UsualOrder] = {}


def _keep(key: _Key, order: UsualOrder) -> UsualOrder:
    if len(_USUAL) >= 1 << 16:
        _USUAL.clear()
    _USUAL[key] = order
    return order


def _own(
    units: UnitsAt, written: UnitKind, province: str, power: str,
    bought: Collection[tuple[str, UnitKind]],
) -> UnitRef | None:
    """``_Reader.own`` with the unit's type written."""
    here = units.by_province.get(province)
    if not here:
        return None
    for unit in here:
        if unit.kind == written:
            if unit.owner != power and (unit.province, unit.kind) not in bought:
                return None
            ref = _REFS.get((written, province, unit.coast))  # ref_of, at hand
            return ref if ref is not None else ref_of(written, province, unit.coast)
    return None


def _target(units: UnitsAt, written: UnitKind, province: str) -> UnitRef:
    """``_Reader.target`` with the unit's type written and no coast."""
    for u in units.by_province.get(province, ()):
        if u.kind == written:
            ref = _REFS.get((written, province, u.coast))  # ref_of, at hand
            return ref if ref is not None else ref_of(written, province, u.coast)
    return ref_of(written, province, None)
