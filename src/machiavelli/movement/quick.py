"""The usual orders of a movement phase, checked and made pieces in one step.

Most orders of a movement phase are a hold, a move to a neighbour (or an army's
move along some chain of fleets), a support into a neighbour, or a conversion between a
province and its city (:func:`_conversion`), by a unit that besieges nothing.
:func:`take_orders` recognises such an order with a few look-ups by number
(:mod:`machiavelli.core.board_index`), knows it legal, and gives its unit's piece the
order at once (as
:func:`machiavelli.movement.pieces.set_piece` would).  Anything else is handed,
in its turn, to the full check (:class:`machiavelli.movement.legality.Checker`) and
the general rules.  An order is taken here only if the full check finds it legal, and
its piece is given what ``set_piece`` gives it, so the phase comes out the same either
way (``tests/test_quick.py``).

A support is aimed at once at the piece it names (as
:func:`machiavelli.movement.pieces.aim_support` aims it, written out here), and linked to
it later, once every piece has its order (:func:`machiavelli.movement.pieces.link_pieces`).
An army's move to a province it does not border asks
:class:`~machiavelli.movement.fleet_chains.FleetChains` for a chain of fleets.  A fleet's
move to a province of one coast (or none) that it reaches needs no coast found or checked
(``BoardIndex.plain_reaches``).

The checks are written out in one loop over a power's orders, the board's and the
pieces' tables at hand: this is the hottest loop of a phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from machiavelli.core.orders import (
    MONEY_TYPES,
    Convert,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
)
from machiavelli.core.rules import Rules
from machiavelli.core.state import ARMY, GARRISON, Rebellion
from machiavelli.movement.fleet_chains import FleetChains
from machiavelli.movement.outcome import Orders
from machiavelli.movement.pieces import MOVE, SUPPORT, Pieces, mark_rebels

#: what the orders that are not usual ones are handed to: (power, order)
OtherOrder = Callable[[str, Order], None]


def take_orders(
    pieces: Pieces,
    chains: FleetChains,
    rebellions: dict[str, Rebellion],
    given: Orders,
    general: list[int],
    by_power: Iterable[tuple[str, Sequence[Order]]],
    other: OtherOrder,
    rules: Rules | None = None,
) -> bool:
    """Each power's orders in turn, the powers in the order given: a usual one gives its
    unit's piece its order at once (noted in ``given``; a second order for a unit adds it
    to ``general``: its piece is made again), any other but a money order (its own step's)
    is handed to ``other``.  (One call
    for all the powers: the tables are taken in hand once a phase.)  Conversions are taken
    only given ``rules`` (with garrisons); returns whether some conversion was taken."""
    ix = pieces.ix
    number, by_place = ix.number, ix.by_place
    occupant, units, kind, dest = pieces.occupant, pieces.units, pieces.kind, pieces.dest
    location, aimed = pieces.location, pieces.target
    # (the High Seas' fleets, several of one power perhaps, are the full check's: ruling A-25)
    high_seas = pieces.high_seas
    army_borders, reaches, provinces = ix.army_borders, ix.reaches, ix.provinces
    plain_reaches, city_space = ix.plain_reaches, ix.city_space
    # (read as objects: only compared with None, and a compiled build checks no type)
    written: list[object] = given.written  # type: ignore[assignment]
    if rules is not None and not rules.garrisons:
        rules = None  # (no conversion without garrisons)
    converted = False  # some conversion taken
    for power, power_orders in by_power:
        # a list, walked as one (a compiled build walks a list fastest)
        seq: list[Order] = (power_orders if isinstance(power_orders, list)
                            else list(power_orders))
        for order in seq:
            t = type(order)
            i = -1
            try:  # (a name the board does not know: the full check says why)
                if t is Move:
                    move: Move = order  # type: ignore[assignment]
                    ref = move.unit
                    rk = ref.kind_no
                    if rk != GARRISON and not move.via:
                        # (-1 for a place not numbered, or not on the board: the full check
                        # decides by its name; occupant[-1] is -1)
                        prov = by_place[ref.place_id]
                        j = occupant[prov] if prov != high_seas else -1
                        if j >= 0:
                            unit = units[j]
                            if unit.owner == power and unit.kind_no == rk and not unit.siege:
                                d = by_place[move.dest_id]
                                if d < 0:
                                    pass  # (not numbered, or not on the board: the full check)
                                elif rk == ARMY:
                                    if ((not move.convoy and army_borders[prov][d])
                                            or _army_by_sea(pieces, chains, j, prov, d)):
                                        i = j
                                elif not move.convoy and d != prov:
                                    # (a province of one coast: no coast to find or check)
                                    plain = (move.dest_coast is None
                                             and plain_reaches[location[j]][d])
                                    i = j if plain else _fleet_move(pieces, j, d, move)
                                if i >= 0:
                                    kind[i] = MOVE
                                    dest[i] = d
                                    if rebellions and provinces[d] in rebellions:
                                        mark_rebels(pieces, i, power, rebellions)
                elif t is SupportMove or t is SupportHold:
                    support: SupportMove | SupportHold = order  # type: ignore[assignment]
                    ref = support.unit
                    target = support.target
                    rk = ref.kind_no
                    if (rk != GARRISON and target.kind_no != GARRISON
                            and target.province != ref.province):
                        prov = by_place[ref.place_id]
                        j = occupant[prov] if prov != high_seas else -1
                        if j >= 0:
                            unit = units[j]
                            if unit.owner == power and unit.kind_no == rk and not unit.siege:
                                named = by_place[target.place_id]
                                if named < 0:
                                    named = number.get(target.province, -1)
                                if t is SupportMove:
                                    of_move: SupportMove = order  # type: ignore[assignment]
                                    to = (-1 if of_move.dest == target.province else
                                          by_place[of_move.dest_id])
                                else:
                                    to = named
                                if to >= 0 and to != prov and (
                                        army_borders[prov][to] if rk == ARMY
                                        else reaches[location[j]][to]):
                                    # (aim_support, written out: the piece named is in its
                                    # province's own space, -1 when there is none)
                                    kind[j] = SUPPORT
                                    aimed[j] = occupant[named]
                                    if t is SupportMove:
                                        dest[j] = to
                                        coast = of_move.dest_coast
                                        if coast is not None:
                                            pieces.support_coast[j] = coast
                                    else:
                                        pieces.support_holds.add(j)
                                    i = j
                elif t is Hold:
                    hold: Hold = order  # type: ignore[assignment]
                    ref = hold.unit
                    rk = ref.kind_no
                    prov = by_place[ref.place_id]
                    j = occupant[city_space[prov] if rk == GARRISON and prov >= 0 else prov]
                    if j >= 0 and prov != high_seas:
                        unit = units[j]
                        if unit.owner == power and unit.kind_no == rk and not unit.siege:
                            i = j
                elif t is Convert and rules is not None:
                    i = _conversion(pieces, order, power,  # type: ignore[arg-type]
                                    rebellions, rules)
                    converted = converted or i >= 0
            except KeyError:
                i = -1
            if i < 0:
                if t not in MONEY_TYPES:  # (a money order is its own step's: nothing to do)
                    other(power, order)
                continue
            if written[i] is not None:  # a second order for the unit: its piece is made again
                general.append(i)
            # (given by the unit's owner: given.power stays None)
            written[i] = order
    return converted


def _conversion(
    pieces: Pieces, order: Convert, power: str, rebellions: dict[str, Rebellion], rules: Rules
) -> int:
    """A conversion between a province and its city (outside Venice, which converts in
    place): the unit's number once its piece is given the move it makes, or -1 when the
    full check and the general rules are to take it.  Taken only when the full check finds
    it legal (CONV-*, SIEGE-6) and no siege or rebellion rule may change it."""
    ix = pieces.ix
    ref = order.unit
    prov = ix.number.get(ref.province, -1)
    if prov < 0 or ix.venice[prov]:
        return -1
    city = ix.cities[prov]
    occupant, units = pieces.occupant, pieces.units
    if ref.kind == "G":  # out of the city: into the province
        i = occupant[ix.city_space[prov]]
        if i < 0:
            return -1
        unit = units[i]
        if unit.owner != power or unit.kind != "G" or order.coast is not None:
            return -1
        besieger = occupant[prov]
        if besieger >= 0 and units[besieger].siege and units[besieger].owner != power:
            return -1  # a besieged garrison cannot convert (SIEGE-6)
        if order.to == "F":  # a port on one coast, for a power that may have fleets
            if (city is None or not city.port or ix.plain_location[prov] < 0
                    or power in ix.board.no_fleets):
                return -1
            pieces.becomes_fleet[i] = True
        elif order.to != "A":
            return -1
        pieces.kind[i] = MOVE
        pieces.dest[i] = prov
        if rebellions and ix.provinces[prov] in rebellions:
            mark_rebels(pieces, i, power, rebellions)
        return i
    # into the city: an army, or a fleet in a port, besieging nothing; a fortified city (a
    # fortress only with fortresses), no garrison there, no rebellion (its gates, REB-*)
    i = occupant[prov]
    if i < 0 or order.to != "G" or rebellions and ix.provinces[prov] in rebellions:
        return -1
    unit = units[i]
    if unit.owner != power or unit.kind != ref.kind or unit.siege:
        return -1
    if (city is None or not city.fortified or (city.kind == "fortress" and not rules.fortresses)
            or (unit.kind == "F" and not city.port) or occupant[ix.city_space[prov]] >= 0):
        return -1
    pieces.kind[i] = MOVE
    pieces.dest[i] = ix.city_space[prov]
    if unit.kind == "F":
        pieces.becomes_fleet[i] = False
    return i


def _army_by_sea(pieces: Pieces, chains: FleetChains, i: int, prov: int, d: int) -> bool:
    """An army's move by convoy (to a province it does not border, or written "via
    convoy"): usual when some chain of fleets links the two coasts."""
    ix = pieces.ix
    if (d == prov or ix.sea[d] or not ix.coastal[prov] or not ix.coastal[d]
            or not chains.links(prov, d)):
        return False
    if ix.army_borders[prov][d]:
        pieces.explicit.add(i)
    else:
        pieces.convoyed[i] = True
    return True


def _fleet_move(pieces: Pieces, i: int, d: int, move: Move) -> int:
    """A fleet's move to a province it reaches (the coast it takes found, or the one named
    checked): ``i``, or -1 when it is not a usual one."""
    ix = pieces.ix
    loc = pieces.location[i]
    if not ix.reaches[loc][d]:
        return -1
    coast = move.dest_coast
    if coast is not None:
        at = ix.location_number.get(move.dest_location, -1)
        if at < 0 or at not in ix.fleet_near[loc]:
            return -1
    elif len(ix.province_locations[d]) > 1:
        reach = ix.reachable(loc, d)
        if len(reach) != 1:
            return -1
        coast = ix.location_coast[reach[0]]
    pieces.dest_coast[i] = coast
    return i
