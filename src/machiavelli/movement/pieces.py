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
from machiavelli.core.orders import Convert, Convoy, Move, SupportHold, SupportMove, UnitOrder
from machiavelli.core.rules import Rules
from machiavelli.core.state import Rebellion, Unit

HOLD: Final = 0
MOVE: Final = 1
SUPPORT: Final = 2
CONVOY: Final = 3

NOT_MADE_CONVOY = "the convoyed army does not make that move"
NOT_BY_CONVOY = "the army does not go by convoy"
NOT_HOLDING = "the supported unit does not hold"
NOT_MADE_MOVE = "the supported unit does not make that move"


class Powers:
    """Power names as numbers (-1: autonomous), numbered as first met."""

    def __init__(self, names: Sequence[str]) -> None:
        self.numbers: dict[str, int] = {name: i for i, name in enumerate(names)}

    def number(self, name: str | None) -> int:
        if name is None:
            return -1
        found = self.numbers.get(name)
        if found is None:
            found = self.numbers[name] = len(self.numbers)
        return found


class Pieces:
    """Every unit's piece: one list per property, indexed by the unit's number.

    Made as holds; :func:`set_piece` gives a piece its order and :func:`link_pieces`
    links supports and convoys once every piece has one.
    """

    def __init__(self, ix: BoardIndex, units: list[Unit], powers: Powers) -> None:
        self.ix = ix
        self.units = units
        count = self.count = len(units)
        number = ix.number
        numbers = powers.numbers
        self.kind: list[int] = [HOLD] * count
        self.power: list[int] = [-1] * count
        self.province: list[int] = [0] * count  # the unit's province
        self.space: list[int] = [0] * count
        self.fleet: list[bool] = [False] * count
        self.garrison: list[bool] = [False] * count
        self.location: list[int] = [-1] * count  # a fleet's location, else -1
        self.strength: list[int] = [1] * count
        #: province -> the number of its army or fleet, of the garrison of its city (the
        #: first listed, as :class:`~machiavelli.core.occupancy.Occupancy` has them)
        self.field_index: dict[str, int] = {}
        self.city_index: dict[str, int] = {}
        field_index, city_index = self.field_index, self.city_index
        city_space, location_number = ix.city_space, ix.location_number
        province, space, power = self.province, self.space, self.power
        fleet, garrison = self.fleet, self.garrison
        location, strength = self.location, self.strength
        for i in range(count - 1, -1, -1):  # backwards: the first in a place wins
            u = units[i]
            where = u.province
            prov = number[where]
            province[i] = prov
            owner = u.owner
            if owner is not None:
                found = numbers.get(owner)
                power[i] = found if found is not None else powers.number(owner)
            kind = u.kind
            if kind == "G":
                garrison[i] = True
                space[i] = city_space[prov]
                city_index[where] = i
            else:
                space[i] = prov
                field_index[where] = i
                if kind == "F":
                    fleet[i] = True
                    coast = u.coast
                    location[i] = location_number[
                        where if coast is None else where + "/" + coast]
            if u.special is not None and u.special != "militia":
                strength[i] = u.strength
        #: a move's destination space; the space a support goes to; else -1
        self.dest: list[int] = [-1] * count
        #: a fleet's move: the province it steps to (for straits) and the coast it takes
        self.step_to: list[int] = [-1] * count
        self.dest_coast: list[str | None] = [None] * count
        self.convoyed: list[bool] = [False] * count  # an army's move that goes by convoy
        self.route: list[tuple[int, ...]] = [()] * count  # a convoy route written, provinces
        self.target: list[int] = [-1] * count  # the piece supported or convoyed
        self.rebel_support: list[bool] = [False] * count  # may draw on rebels (REB-EFF-6)
        self.venice_bounces: list[bool] = [False] * count  # bounced by Venice's rebel (VEN-I)
        self.becomes_fleet: list[bool] = list(self.fleet)  # a fleet after the move
        #: why a support or convoy became a hold ("" when it did not)
        self.void_note: list[str] = [""] * count
        #: the piece in each space
        self.occupant: dict[int, int] = dict(zip(space, range(count), strict=True))
        #: adjacent moves written "via convoy"
        self.explicit: set[int] = set()
        # made once the pieces are linked (link_pieces):
        self.moves_to: dict[int, list[int]] = {}  # space -> the moves into it
        self.supports: dict[int, list[int]] = {}  # piece -> the supports it gets
        self.convoys: dict[int, list[int]] = {}  # army's piece -> the fleets convoying it
        #: destination -> the powers that try to use rebel support there (REB-EFF-6.4)
        self.rebel_users: dict[int, set[int]] = {}


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
    if isinstance(order, SupportMove | SupportHold):
        pieces.kind[i] = SUPPORT
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
            pieces.becomes_fleet[i] = order.to == "F"
        else:
            pieces.dest[i] = ix.city_space[prov]
            pieces.becomes_fleet[i] = False
    elif isinstance(order, Convoy):
        pieces.kind[i] = CONVOY
        return
    else:
        return
    owner = pieces.units[i].owner
    if rebellions and owner is not None:
        mark_rebels(pieces, i, owner, rebellions)


def reset_piece(pieces: Pieces, i: int) -> None:
    """Piece ``i`` back to the hold it was made as."""
    pieces.kind[i] = HOLD
    pieces.dest[i] = -1
    pieces.step_to[i] = -1
    pieces.dest_coast[i] = None
    pieces.convoyed[i] = False
    pieces.route[i] = ()
    pieces.target[i] = -1
    pieces.rebel_support[i] = False
    pieces.venice_bounces[i] = False
    pieces.becomes_fleet[i] = pieces.fleet[i]
    pieces.void_note[i] = ""
    pieces.explicit.discard(i)


def link_pieces(pieces: Pieces, orders: list[UnitOrder | None]) -> None:
    """Supports and convoys attached to what they support (:func:`_link`), then the moves
    into each space and the supports and convoys each piece gets."""
    kind = pieces.kind
    active = [i for i, k in enumerate(kind) if k != HOLD]
    _link(pieces, orders, active)
    dest, target = pieces.dest, pieces.target
    moves_to, supports, convoys = pieces.moves_to, pieces.supports, pieces.convoys
    rebel_support = pieces.rebel_support
    for i in active:
        k = kind[i]
        if k == MOVE:
            d = dest[i]
            found = moves_to.get(d)
            if found is None:
                moves_to[d] = [i]
            else:
                found.append(i)
            if rebel_support[i]:
                pieces.rebel_users.setdefault(d, set()).add(pieces.power[i])
        elif k == SUPPORT:
            supports.setdefault(target[i], []).append(i)
        elif k == CONVOY:
            convoys.setdefault(target[i], []).append(i)


def _fleet_move(pieces: Pieces, i: int, dest: int, coast: str | None) -> None:
    """A fleet's move: the province it steps to, and the coast it takes (the only one it
    can reach when none is written)."""
    ix = pieces.ix
    pieces.step_to[i] = dest
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


def _target(pieces: Pieces, by_space: dict[int, int], province: str, garrison: bool) -> int:
    """The piece a support or convoy names (Venice: whatever unit is there), or -1."""
    ix = pieces.ix
    prov = ix.number.get(province)
    if prov is None:
        return -1
    return by_space.get(ix.city_space[prov] if garrison else prov, -1)


def _link(pieces: Pieces, orders: list[UnitOrder | None], active: list[int]) -> None:
    """Attach supports and convoys to what they support; decide which moves go by convoy.

    ``active``: the pieces that are not holds, in order."""
    kind = pieces.kind
    has_convoys = CONVOY in kind
    if not has_convoys and SUPPORT not in kind:
        return
    by_space = pieces.occupant
    number = pieces.ix.number
    explicit = pieces.explicit
    # an army next to its destination goes by convoy if a fleet of its own power convoys
    # it, or if it says "via convoy" and some fleet convoys it (DATC 4.A.3, 6.G.8)
    if has_convoys:
        for i in active:
            order = orders[i]
            if kind[i] != CONVOY or not isinstance(order, Convoy):
                continue
            t = _target(pieces, by_space, order.target.province, order.target.kind == "G")
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
    for i in active:
        k = kind[i]
        order = orders[i]
        if k == CONVOY:
            if not pieces.convoyed[pieces.target[i]]:
                pieces.target[i] = -1
                kind[i] = HOLD
                pieces.void_note[i] = NOT_BY_CONVOY
        elif k != SUPPORT:
            continue
        elif isinstance(order, SupportHold):
            t = _target(pieces, by_space, order.target.province, order.target.kind == "G")
            if t >= 0 and kind[t] != MOVE and t != i:
                pieces.target[i] = t
                pieces.dest[i] = pieces.space[t]
            else:
                kind[i] = HOLD
                pieces.void_note[i] = NOT_HOLDING
        elif isinstance(order, SupportMove):
            t = _target(pieces, by_space, order.target.province, order.target.kind == "G")
            dest = number.get(order.dest, -2)
            if t >= 0 and kind[t] == MOVE and pieces.dest[t] == dest and _same_coast(
                pieces, order.dest_coast, t
            ):
                pieces.target[i] = t
                pieces.dest[i] = dest
            else:
                kind[i] = HOLD
                pieces.void_note[i] = NOT_MADE_MOVE


def _same_coast(pieces: Pieces, coast: str | None, target: int) -> bool:
    """A support naming a coast supports only a move to that coast (DATC 6.B.9)."""
    if coast is None or not pieces.fleet[target]:
        return True
    found = pieces.dest_coast[target]
    return found is None or found == coast
