"""Seed 003's reach of a bribe (003 11.1; BAR-11.1, BAR-11.2), under ``bar``.

A bribe may target a unit

(a) in the briber's current home country;
(b) in the same or a neighbouring area as one of the briber's own units (any type,
    garrisons included, whatever rebellions or sieges);
(c) in the same or a neighbouring area as a third power's unit, when that power permits
    it with the operation orders: ``permit <power> bribe <type> <place>``, ``permit all
    bribe <type> <place>``, or ``permit <power>/all bribe <power>`` (that power's units next
    to the permitting power's);
(d) next to an independent unit on which the briber bought a permission this campaign
    (``expense N: 3 ducats permission <type> <place>``, BAR-11.6).

A bribe failing them all is charged (ruling A-3: "a missing third-party permission").
Neighbouring: across any border, land or sea (:func:`machiavelli.money.bribes.borders`'s
reading: a strait is a border, 003 14.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from machiavelli.core.board import Board, province_of
from machiavelli.core.board_index import PerBoard
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.homes import held_home_provinces
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.orders import (
    ALL,
    Convoy,
    Hold,
    Order,
    Permit,
    SupportArea,
    SupportHold,
    SupportMove,
    Transport,
)
from machiavelli.core.state import State, Unit

KIND_NAMES = {"A": "army", "F": "fleet", "G": "garrison"}

NO_REACH = ("{name} is not in {power}'s home country nor in or next to a unit of {power}'s "
            "or of a power permitting the bribe (BAR-11.1)")


def permit_problem(board: Board, state: State, power: str, order: Permit,
                   bar: bool) -> str | None:
    """Why ``power`` may not give the permission (None: it may)."""
    if not bar:
        return "a permission to bribe is seed 003's order (option bar, BAR-11.2)"
    named = [order.to] + ([order.power] if order.power is not None else [])
    for who in named:
        if who != ALL and state.powers and who not in state.powers:
            return f"unknown power '{who}'"
    if order.to == power:
        return "a power needs no permission to bribe next to its own units"
    if order.province is not None:
        if order.province not in board.provinces:
            return f"unknown place '{order.province}'"
        if not any(u.province == order.province and u.kind == order.unit_kind
                   for u in state.units):
            return f"there is no such unit in {board.display_name(order.province)}"
    elif order.power is None:
        return "a permission names a unit or a power"
    return None


def _borders(board: Board) -> dict[str, set[str]]:
    table: dict[str, set[str]] = {p: set() for p in board.provinces}
    for p, adj in board.army_adj.items():
        table.setdefault(p, set()).update(adj)
    for loc, adj in board.fleet_adj.items():
        table.setdefault(province_of(loc), set()).update(province_of(n) for n in adj)
    # fleets on the High Seas are next to no unit, not even each other (003 11, BAR-14.3)
    table.pop(HIGH_SEAS, None)
    for near in table.values():
        near.discard(HIGH_SEAS)
    return table


#: 003 14.3: "Bribes may neither be directed at fleet units there, nor given from there."
HIGH_SEAS_BRIBE = "no bribe reaches a fleet on the High Seas (BAR-14.3)"

#: each province's neighbours, per board
BORDERS: PerBoard[dict[str, set[str]]] = PerBoard(_borders)


def bribe_reach_problem(
    board: Board, state: State, power: str, target: Unit,
    permits: Iterable[tuple[str, Permit]], permissions: Sequence[str] = (),
) -> str | None:
    """Why ``power`` may not bribe ``target`` (None: it may): the module doc's (a) to (d).
    ``permits``: (permitting power, order); ``permissions``: the provinces of the
    independent units ``power`` bought a permission on."""
    province = target.province
    if province == HIGH_SEAS:
        return HIGH_SEAS_BRIBE
    if province in held_home_provinces(board, state, power):
        return None
    near = {province} | BORDERS(board).get(province, set())
    if any(u.owner == power and u.province in near for u in state.units):
        return None
    for giver, permit in permits:
        if giver == power or permit.to not in (power, ALL):
            continue
        if permit.province is not None:
            allowed = permit.province == province and permit.unit_kind == target.kind
        else:
            allowed = permit.power == target.owner
        if allowed and any(u.owner == giver and u.province in near for u in state.units):
            return None
    if any(p in near for p in permissions):
        return None
    return NO_REACH.format(name=board.display_name(province), power=power)


def operated_unit(occupancy: Occupancy, operated: Mapping[tuple[str, bool], str], power: str,
                  order: Order) -> Unit | str | None:
    """The independent unit ``power`` bribed to obey it (BAR-11.6), or why it may not be
    given ``order``: it never advances (BAR-16.5); an army holds or supports, a fleet also
    transports, a garrison only holds.  None: no such unit."""
    ref = order.unit  # type: ignore[union-attr]
    unit = occupancy.get((ref.province, ref.kind == "G"))
    if unit is None or unit.owner is not None or operated.get(
            (ref.province, ref.kind == "G")) != power:
        return None
    allowed: tuple[type, ...] = (Hold,) if unit.kind == "G" else (
        Hold, SupportHold, SupportMove, SupportArea)
    if unit.kind == "F":
        allowed += (Convoy, Transport)
    if not isinstance(order, allowed):
        return (f"an operated independent {KIND_NAMES[unit.kind]} only "
                f"{'holds' if unit.kind == 'G' else 'holds, supports or transports'} "
                "(BAR-11.6, BAR-16.5)")
    return unit
