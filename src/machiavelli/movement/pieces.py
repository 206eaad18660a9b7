"""The units and their orders as the resolver sees them: parallel lists of integers.

One *piece* per unit, numbered as the units are; each property is a list indexed
by that number (:class:`Pieces`).  A piece's order is reduced to one of four
kinds:

- ``HOLD``: hold, besiege, lift siege, a conversion in Venice, and every order
  that came to nothing (a support of a move not made, a convoy of an army that
  does not go by sea);
- ``MOVE``: a move, or a conversion between a province and its city (a move
  between two spaces, 001 Conversion tech note);
- ``SUPPORT`` and ``CONVOY``, with the supported or convoyed piece.

Places are the board index's numbers (:mod:`machiavelli.core.board_index`):
spaces (a province ``i``, its city ``P + i``, Venice's city ``i``), provinces,
fleet locations.  Powers are numbered too, ``-1`` standing for autonomous.

:func:`make_pieces` also links supports and convoys to what they support and
decides which moves go by convoy (DATC 4.A.3, 6.G.8); a support or convoy that
does not match an order given becomes a hold, with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from machiavelli.core.board_index import BoardIndex
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.names import LIMIT
from machiavelli.core.orders import Convert, Convoy, Move, SupportHold, SupportMove, UnitOrder
from machiavelli.core.rules import Rules
from machiavelli.core.state import FLEET, GARRISON, NATIVE, Rebellion, Unit

HOLD: Final = 0
MOVE: Final = 1
SUPPORT: Final = 2
CONVOY: Final = 3

#: no pieces (shared, never changed): the moves into a space no piece moves into, ...
NO_PIECES: Final[list[int]] = []
#: no number for any name (shared, never changed): as ``BoardIndex.by_power`` for powers
#: numbered otherwise than the board's
NO_NUMBERS: Final[list[int]] = [-1] * LIMIT

NOT_MADE_CONVOY = "the convoyed army does not make that move"
NOT_BY_CONVOY = "the army does not go by convoy"
NOT_HOLDING = "the supported unit does not hold"
NOT_MADE_MOVE = "the supported unit does not make that move"


class Blanks:
    """Blank lists to copy a phase's per-piece lists from.  A slice of one costs less than
    ``[x] * count`` compiled, which makes and frees a one-item list first (for lists as
    long as the board's spaces, ``[x] * count`` stays the cheaper).  Never changed: only
    copied."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.zeros: list[int] = [0] * length
        self.ones: list[int] = [1] * length
        self.minus_ones: list[int] = [-1] * length
        self.falses: list[bool] = [False] * length
        self.nones: list[str | None] = [None] * length
        self.no_pieces: list[list[int]] = [NO_PIECES] * length


#: the blank lists, made longer when a phase has more pieces than they have items
_BLANKS: Final[list[Blanks]] = [Blanks(64)]
#: (a tuple for isinstance: ``A | B`` makes a union object at every call)
_SUPPORTS = (SupportMove, SupportHold)


def blanks(count: int) -> Blanks:
    """Blank lists of at least ``count`` items."""
    found = _BLANKS[0]
    if found.length < count:
        found = _BLANKS[0] = Blanks(2 * count)
    return found


class Powers:
    """Power names as numbers (-1: autonomous), numbered as first met.

    ``known``: numbers already given to the board's powers (shared, never changed here:
    a name it lacks is numbered in a copy of it).
    """

    def __init__(self, names: Sequence[str], known: dict[str, int] | None = None) -> None:
        if known is not None and _all_in(names, known):
            self.numbers = known
            self._own = False
        else:
            self.numbers = {name: i for i, name in enumerate(names)}
            self._own = True

    def number(self, name: str | None) -> int:
        if name is None:
            return -1
        found = self.numbers.get(name)
        if found is None:
            if not self._own:
                self.numbers = dict(self.numbers)
                self._own = True
            found = self.numbers[name] = len(self.numbers)
        return found


def _all_in(names: Sequence[str], known: dict[str, int]) -> bool:
    if NATIVE:  # a native loop
        for name in names:  # noqa: SIM110 (all() of a generator is not native)
            if name not in known:
                return False
        return True
    return all(map(known.__contains__, names))  # (no Python frame per name)


class Pieces:
    """Every unit's piece: one list per property, indexed by the unit's number.

    Made as holds; :func:`set_piece` gives a piece its order and :func:`link_pieces`
    links supports and convoys once every piece has one.  What few pieces have (a
    convoy route written, the reason a support became a hold, ...) is kept by number
    in a dictionary or set.
    """

    def __init__(self, ix: BoardIndex, units: list[Unit], powers: Powers) -> None:
        self.ix = ix
        self.units = units
        count = self.count = len(units)
        number = ix.number
        numbers = powers.numbers
        blank = blanks(count)
        zeros, minus_ones, falses = blank.zeros, blank.minus_ones, blank.falses
        self.kind: list[int] = zeros[:count]  # (HOLD is 0: tests/test_pieces_blanks.py)
        self.power: list[int] = minus_ones[:count]
        self.space: list[int] = zeros[:count]
        self.fleet: list[bool] = falses[:count]
        self.garrison: list[bool] = falses[:count]
        self.location: list[int] = minus_ones[:count]  # a fleet's location, else -1
        self.strength: list[int] = blank.ones[:count]
        #: the piece in each space (-1: none); the first listed, as in
        #: :class:`~machiavelli.core.occupancy.Occupancy`
        #: (one more at the end, -1 for ever: what the number -1 of a name the board does not
        #: know finds there)
        self.occupant: list[int] = [-1] * (ix.space_count + 1)
        self.crowded = False  # two units in one space (a position no game reaches)
        self.besieging = False  # some army or fleet besieges a city (SIEGE-*)
        occupant = self.occupant
        city_space, location_number = ix.city_space, ix.location_number
        plain_location = ix.plain_location
        space, power = self.space, self.power
        fleet, garrison = self.fleet, self.garrison
        location, strength = self.location, self.strength
        garrisons: list[tuple[int, int]] = []  # (piece, province): not their space
        by_place = ix.by_place
        # (the board's numbers for its powers, when the pieces' powers are numbered so)
        by_power = ix.by_power if numbers is ix.power_numbers else NO_NUMBERS
        for i in range(count - 1, -1, -1):  # backwards: the first in a place wins
            u = units[i]
            prov = by_place[u.place_id]
            if prov < 0:  # (a place not numbered: its name decides)
                prov = number[u.province]
            owner_number = by_power[u.owner_id]
            if owner_number < 0 and u.owner is not None:  # (a power not numbered so)
                owner_number = powers.number(u.owner)
            power[i] = owner_number
            kind = u.kind_no
            if kind == GARRISON:
                garrison[i] = True
                garrisons.append((i, prov))
                at = city_space[prov]
            else:
                at = prov
                if kind == FLEET:
                    fleet[i] = True
                    coast = u.coast
                    if coast is None:
                        loc = plain_location[prov]
                        location[i] = loc if loc >= 0 else location_number[u.province]
                    else:
                        location[i] = location_number[u.province + "/" + coast]
            space[i] = at
            if occupant[at] >= 0:
                self.crowded = True
            occupant[at] = i
            if u.special is not None and u.special != "militia":
                strength[i] = u.strength
            if u.siege:
                self.besieging = True
        #: each unit's province (its space but for a garrison: the very list then, since
        #: neither changes once made)
        self.province: list[int] = space
        #: seed 003's High Seas (BAR-14.3): their space (-1: not on this board) and the
        #: pieces there, any number (BAR-1.4)
        hs = self.high_seas = number.get(HIGH_SEAS, -1)
        self.at_high_seas: list[int] = (
            [i for i in range(count) if space[i] == hs] if hs >= 0 else [])
        if garrisons:
            province = self.province = space[:]
            for i, prov in garrisons:
                province[i] = prov
        #: a move's destination space; the space a support goes to (a support of a move:
        #: the one it names until linked, -2 for none on the board); else -1
        self.dest: list[int] = minus_ones[:count]
        #: a fleet's move: the coast it takes
        self.dest_coast: list[str | None] = blank.nones[:count]
        self.convoyed: list[bool] = falses[:count]  # an army's move that goes by convoy
        self.target: list[int] = minus_ones[:count]  # the piece supported or convoyed
        self.rebel_support: list[bool] = falses[:count]  # may draw on rebels (REB-EFF-6)
        self.venice_bounces: list[bool] = falses[:count]  # bounced by Venice's rebel (VEN-I)
        #: a convoy route written, provinces
        self.route: dict[int, tuple[int, ...]] = {}
        #: a unit that is a fleet after its move when it is not one now, or the other way
        #: round (a conversion)
        self.becomes_fleet: dict[int, bool] = {}
        #: why a support or convoy became a hold
        self.void_note: dict[int, str] = {}
        #: the supports of a unit that holds; the coast a support of a move names
        self.support_holds: set[int] = set()
        self.support_coast: dict[int, str] = {}
        #: adjacent moves written "via convoy"
        self.explicit: set[int] = set()
        self.convoying = False  # some piece convoys
        # made once the pieces are linked (link_pieces); NO_PIECES where there are none:
        self.moves_to: list[list[int]] = [NO_PIECES] * ix.space_count  # space -> moves into it
        self.destinations: list[int] = []  # the spaces moved into, as first met
        self.supports: list[list[int]] = blank.no_pieces[:count]  # piece -> the supports it gets
        self.convoys: list[list[int]] = blank.no_pieces[:count]  # army -> the fleets convoying it
        #: destination -> the powers that try to use rebel support there (REB-EFF-6.4)
        self.rebel_users: dict[int, set[int]] = {}

    def number_at(self, province: str, garrison: bool, power: str | None = None,
                  nth: int = 1) -> int:
        """The number of the army or fleet (or garrison) in ``province``, or -1.  On the
        High Seas (several fleets): ``power``'s ``nth`` fleet there (ruling A-25)."""
        if power is not None and province == HIGH_SEAS and self.at_high_seas:
            units = self.units
            mine = [i for i in self.at_high_seas if units[i].owner == power]
            return mine[nth - 1] if nth <= len(mine) else -1
        ix = self.ix
        p = ix.number.get(province, -1)
        if p < 0:
            return -1
        i = self.occupant[ix.city_space[p] if garrison else p]
        return i if i >= 0 and self.garrison[i] == garrison else -1

    def steps_to_province(self, i: int) -> bool:
        """Whether piece ``i`` is a fleet moving to another province (its step may cross a
        strait), not into its city."""
        return self.fleet[i] and self.kind[i] == MOVE and self.dest[i] < self.ix.count

    def fleet_after(self, i: int) -> bool:
        """Whether piece ``i`` is a fleet after its move."""
        found = self.becomes_fleet.get(i)
        return self.fleet[i] if found is None else found


def make_pieces(
    ix: BoardIndex,
    rules: Rules,
    units: list[Unit],
    orders: list[UnitOrder | None],
    rebellions: dict[str, Rebellion],
    powers: Powers,
) -> Pieces:
    """The pieces of ``units`` carrying out ``orders`` (None: a hold), linked."""
    pieces = Pieces(ix, units, powers)
    for i, order in enumerate(orders):
        if order is not None:
            set_piece(pieces, i, order, rebellions)
    link_pieces(pieces, orders)
    return pieces


def set_piece(
    pieces: Pieces, i: int, order: UnitOrder, rebellions: dict[str, Rebellion]
) -> None:
    """Piece ``i`` (a hold as made) carrying out ``order``."""
    ix = pieces.ix
    if isinstance(order, _SUPPORTS):
        aim_support(pieces, i, order)
        return
    if isinstance(order, Move):
        d = pieces.dest[i] = ix.number[order.dest]
        pieces.kind[i] = MOVE
        if pieces.fleet[i]:
            _fleet_move(pieces, i, d, order.dest_coast)
        elif not pieces.garrison[i]:
            via = order.via
            if via:
                number = ix.number
                pieces.route[i] = tuple(number[p] for p in via)
            adjacent = d in ix.army_near[pieces.province[i]]
            pieces.convoyed[i] = bool(via) or not adjacent
            if adjacent and order.convoy:
                pieces.explicit.add(i)
    elif isinstance(order, Convert):
        prov = pieces.province[i]
        if ix.venice[prov]:
            return  # converted in place after the moves (001 Venice d, e)
        pieces.kind[i] = MOVE
        if pieces.garrison[i]:
            pieces.dest[i] = prov
            if order.to == "F":
                pieces.becomes_fleet[i] = True
        else:
            pieces.dest[i] = ix.city_space[prov]
            if pieces.fleet[i]:
                pieces.becomes_fleet[i] = False
    elif isinstance(order, Convoy):
        pieces.kind[i] = CONVOY
        pieces.convoying = True
        return
    else:
        return
    owner = pieces.units[i].owner
    if rebellions and owner is not None:
        mark_rebels(pieces, i, owner, rebellions)


def aim_support(pieces: Pieces, i: int, order: SupportHold | SupportMove) -> None:
    """Piece ``i`` supporting: the piece it names (Venice: whatever unit is there), and
    for a move the destination it names; :func:`link_pieces` checks they match."""
    pieces.kind[i] = SUPPORT
    named = order.target
    pieces.target[i] = _target(pieces, named.province, named.kind == "G")
    if isinstance(order, SupportMove):
        pieces.dest[i] = pieces.ix.number.get(order.dest, -2)
        if order.dest_coast is not None:
            pieces.support_coast[i] = order.dest_coast
    else:
        pieces.support_holds.add(i)


def reset_piece(pieces: Pieces, i: int) -> None:
    """Piece ``i`` back to the hold it was made as."""
    pieces.kind[i] = HOLD
    pieces.dest[i] = -1
    pieces.dest_coast[i] = None
    pieces.convoyed[i] = False
    pieces.target[i] = -1
    pieces.rebel_support[i] = False
    pieces.venice_bounces[i] = False
    pieces.route.pop(i, None)
    pieces.becomes_fleet.pop(i, None)
    pieces.void_note.pop(i, None)
    pieces.support_holds.discard(i)
    pieces.support_coast.pop(i, None)
    pieces.explicit.discard(i)


def link_pieces(pieces: Pieces, orders: list[UnitOrder | None]) -> None:
    """Supports and convoys attached to what they support, the moves by convoy decided
    (:func:`_link_convoys`), then the moves into each space and the supports and convoys
    each piece gets.  A support or convoy of an order not given becomes a hold."""
    if pieces.convoying:
        _link_convoys(pieces, orders)
    kind, dest, target, space = pieces.kind, pieces.dest, pieces.target, pieces.space
    moves_to, supports = pieces.moves_to, pieces.supports
    rebel_support, destinations = pieces.rebel_support, pieces.destinations
    support_holds = pieces.support_holds
    for i in range(pieces.count):
        k = kind[i]
        if k == HOLD:
            continue
        if k == MOVE:
            d = dest[i]
            found = moves_to[d]
            if found is NO_PIECES:
                moves_to[d] = [i]
                destinations.append(d)
            else:
                found.append(i)
            if rebel_support[i]:
                pieces.rebel_users.setdefault(d, set()).add(pieces.power[i])
        elif k == SUPPORT:
            t = target[i]
            if i in support_holds:
                ok = t >= 0 and kind[t] != MOVE and t != i
                if ok:
                    dest[i] = space[t]
            else:
                if t >= 0 and space[t] == pieces.high_seas and dest[t] != dest[i]:
                    # one of the fleets on the High Seas: the one making that move (BAR-14.3)
                    t = target[i] = next((j for j in pieces.at_high_seas
                                          if kind[j] == MOVE and dest[j] == dest[i]), t)
                ok = t >= 0 and kind[t] == MOVE and dest[t] == dest[i] and (
                    not pieces.support_coast or _same_coast(pieces, i, t))
            if ok:
                found = supports[t]
                if found is NO_PIECES:
                    supports[t] = [i]
                else:
                    found.append(i)
            else:
                kind[i] = HOLD
                dest[i] = target[i] = -1
                pieces.void_note[i] = NOT_HOLDING if i in support_holds else NOT_MADE_MOVE
        elif k == CONVOY:
            t = target[i]
            found = pieces.convoys[t]
            if found is NO_PIECES:
                pieces.convoys[t] = [i]
            else:
                found.append(i)


def _fleet_move(pieces: Pieces, i: int, dest: int, coast: str | None) -> None:
    """A fleet's move: the coast it takes (the only one it can reach when none is
    written)."""
    ix = pieces.ix
    if coast is None and ix.province_locations[dest]:
        reach = ix.reachable(pieces.location[i], dest)
        if len(reach) == 1:
            coast = ix.location_coast[reach[0]]
    pieces.dest_coast[i] = coast


def mark_rebels(pieces: Pieces, i: int, owner: str, rebellions: dict[str, Rebellion]) -> None:
    """Rebel support and the Venice rebel's bounce (001 REB-EFF-6, VEN-I)."""
    ix = pieces.ix
    dest = pieces.dest[i]
    if dest < 0 or ix.is_city(dest):
        return
    rebellion = rebellions.get(ix.provinces[dest])
    if rebellion is None:
        return
    if rebellion.against == owner:
        pieces.venice_bounces[i] = ix.venice[dest]
    else:
        pieces.rebel_support[i] = True


def _target(pieces: Pieces, province: str, garrison: bool) -> int:
    """The piece a support or convoy names (Venice: whatever unit is there), or -1."""
    ix = pieces.ix
    prov = ix.number.get(province, -1)
    if prov < 0:
        return -1
    return pieces.occupant[ix.city_space[prov] if garrison else prov]


def _link_convoys(pieces: Pieces, orders: list[UnitOrder | None]) -> None:
    """Attach convoys to the armies they convoy; decide which moves go by convoy.

    An army next to its destination goes by convoy if a fleet of its own power convoys
    it, or if it says "via convoy" and some fleet convoys it (DATC 4.A.3, 6.G.8).  A
    convoy of a move not made, or of an army that does not go by convoy, is a hold."""
    kind = pieces.kind
    number = pieces.ix.number
    explicit = pieces.explicit
    convoying = [i for i in range(pieces.count) if kind[i] == CONVOY]
    for i in convoying:
        order = orders[i]
        if not isinstance(order, Convoy):
            continue
        t = _target(pieces, order.target.province, order.target.kind == "G")
        if (
            t >= 0
            and kind[t] == MOVE
            and not pieces.fleet[t]
            and not pieces.garrison[t]
            and pieces.dest[t] == number.get(order.dest, -2)
        ):
            pieces.target[i] = t
            if pieces.power[t] == pieces.power[i] or t in explicit:
                pieces.convoyed[t] = True
        else:
            kind[i] = HOLD
            pieces.void_note[i] = NOT_MADE_CONVOY
    for i in convoying:
        if kind[i] == CONVOY and not pieces.convoyed[pieces.target[i]]:
            pieces.target[i] = -1
            kind[i] = HOLD
            pieces.void_note[i] = NOT_BY_CONVOY


def _same_coast(pieces: Pieces, i: int, target: int) -> bool:
    """A support naming a coast supports only a move to that coast (DATC 6.B.9)."""
    coast = pieces.support_coast.get(i)
    if coast is None or not pieces.fleet[target]:
        return True
    found = pieces.dest_coast[target]
    return found is None or found == coast


def strait_candidates(pieces: Pieces, controllers: frozenset[int],
                      mach2: bool) -> dict[int, list[int]]:
    """Each strait's candidates, in the pieces' order: the fleet in its controlling
    province, and (but under mach2) the pieces moving there that are fleets after."""
    candidates: dict[int, list[int]] = {}
    if pieces.crowded:  # a space may hold two fleets: every piece looked at
        kind, dest, space = pieces.kind, pieces.dest, pieces.space
        for i in range(pieces.count):
            if pieces.fleet[i] and space[i] in controllers:
                candidates.setdefault(space[i], []).append(i)
            if (not mach2 and kind[i] == MOVE and dest[i] in controllers
                    and pieces.fleet_after(i)):
                candidates.setdefault(dest[i], []).append(i)
        return candidates
    fleet, occupant = pieces.fleet, pieces.occupant
    for at in controllers:
        i = occupant[at]
        if i >= 0 and fleet[i]:
            candidates[at] = [i]
    if not mach2:
        moves_to = pieces.moves_to
        for d in pieces.destinations:
            if d in controllers:
                arriving = [j for j in moves_to[d] if pieces.fleet_after(j)]
                if arriving:
                    found = candidates.get(d)
                    candidates[d] = arriving if found is None else sorted(found + arriving)
    return candidates
