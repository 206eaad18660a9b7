"""The benefits of peace (seed 003 5.4; option ``peace``, on under ``bar``; BAR-5.4).

Two major powers are at peace in a campaign if and only if

1. the areas they control share a border in phase D (the position the orders were
   written on): a province or sea area of one adjacent, for an army or a fleet, to one of
   the other's; a rebelling province is nobody's (BAR-4.3), a sea area is its fleet's;
2. no unit of one shares a province with a unit of the other in phase D;
3. no province's control passes from one to the other between phase D and the end of
   the moves (003 F to H.1: bribes, rebellions and moves; not the retreats of H.2);
4. in the moves (H.1) no unit of either takes part in an operation directed at an area
   the other controls, or in a conflict with a unit of the other.

Condition 4 is read operation by operation (:func:`breaches`): an advance into an area,
or a support given into it, is *against* the area's controller, the units that stay in
it and the powers whose units also advance into it, but never against the powers of its
own force, the operation's owner and those supporting it (003 1.3: units "of the same
force in a military operation" are friendly; 5.4: "the cases described in 13.4.2 do not
commit a breach of peace between friendly forces", ruling A-5).  A unit that leaves the
area in the same moves is in no conflict there (Example 1); transports, holds, sieges and
conversions are directed at the unit's own place and break no peace (5.4: "neither does
transportation").  Peace is symmetric (ruling A-6): a breach by either ends it.

The pairs at peace are kept per campaign (``State.peace``) and paid at the next income
(:func:`peace_bonus`, ruling A-7): 1 ducat each for the Fall, 2 for Summer and Fall, 3 for
the three campaigns; then the record is cleared.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from machiavelli.core.board import Board, province_of
from machiavelli.core.board_index import PerBoard
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.orders import Move, SupportHold, SupportMove
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State

#: the campaigns, in the order of the year
SEASONS = ("spring", "summer", "fall")


def pair_key(a: str, b: str) -> str:
    """``"Milan/Venice"``: a pair of powers as ``State.peace`` keeps it (sorted)."""
    first, second = sorted((a, b))
    return f"{first}/{second}"


def pair_of(key: str) -> tuple[str, str]:
    first, _, second = key.partition("/")
    return first, second


def _neighbours(board: Board) -> dict[str, frozenset[str]]:
    """Each area's neighbours, for an army or for a fleet (any coast)."""
    out: dict[str, set[str]] = {name: set(board.army_adj.get(name, ())) for name in board.provinces}
    for location, targets in board.fleet_adj.items():
        out.setdefault(province_of(location), set()).update(province_of(t) for t in targets)
    return {name: frozenset(found - {name}) for name, found in out.items()}


NEIGHBOURS: PerBoard[dict[str, frozenset[str]]] = PerBoard(_neighbours)


def controllers(board: Board, state: State) -> dict[str, str]:
    """Area -> the major power controlling it: its provinces (not rebelling, BAR-4.3) and
    the sea areas its fleets hold."""
    out: dict[str, str] = {}
    for province, owner in state.province_owner.items():
        rebellion = state.rebellions.get(province)
        if board.is_sea(province) or (rebellion is not None and rebellion.in_province):
            continue
        out[province] = owner
    for unit in state.units:
        if (unit.kind == "F" and unit.owner is not None and board.is_sea(unit.province)
                and unit.province != HIGH_SEAS):  # nobody controls the High Seas (BAR-14.3)
            out[unit.province] = unit.owner
    return out


def bordering(board: Board, state: State) -> set[str]:
    """The pairs whose controlled areas share a border (condition 1)."""
    owner = controllers(board, state)
    near = NEIGHBOURS(board)
    pairs: set[str] = set()
    for area, power in owner.items():
        for other in near.get(area, frozenset()):
            them = owner.get(other)
            if them is not None and them != power:
                pairs.add(pair_key(power, them))
    return pairs


def sharing(state: State) -> set[str]:
    """The pairs with units in one province (condition 2); fleets on the High Seas are
    next to no unit, not even each other (003 11, BAR-14.3)."""
    found: dict[str, set[str]] = {}
    for unit in state.units:
        if unit.owner is not None and unit.province != HIGH_SEAS:
            found.setdefault(unit.province, set()).add(unit.owner)
    return {pair_key(a, b) for owners in found.values() for a in owners for b in owners if a < b}


def control_shifts(board: Board, before: State, after: State) -> set[str]:
    """The pairs between which a province's control passed (condition 3; a rebelling
    province is nobody's, Example 1)."""
    old_owner, new_owner = controllers(board, before), controllers(board, after)
    pairs: set[str] = set()
    for province, old in old_owner.items():
        new = new_owner.get(province)
        if new is not None and new != old and not board.is_sea(province):
            pairs.add(pair_key(old, new))
    return pairs


def breaches(board: Board, start: State, results: Sequence[OrderResult]) -> set[str]:
    """The pairs that break peace in the moves (condition 4; the module's doc).

    ``start``: the position the moves start from (after the expenditures); ``results``:
    the moves' results (an order of a unit its power does not command, or a void one,
    is no operation)."""
    owner = controllers(board, start)
    field: dict[str, str | None] = {}  # the army or fleet in each province at the start
    for piece in start.units:
        if piece.kind != "G":
            field[piece.province] = piece.owner
    done: list[tuple[str, str, str]] = []  # (acting power, area, the force's owner)
    left: set[str] = set()  # provinces whose unit moved away
    entering: dict[str, set[str]] = {}  # area -> powers advancing into it
    for r in results:
        order, power = r.order, r.power
        if power is None or r.outcome == "void":
            continue
        unit = getattr(order, "unit", None)
        if unit is None or unit.kind == "G" or field.get(unit.province) != power:
            continue
        if isinstance(order, Move):
            done.append((power, order.dest, power))
            entering.setdefault(order.dest, set()).add(power)
            if r.outcome == "succeeds":
                left.add(unit.province)
        elif isinstance(order, SupportMove):
            done.append((power, order.dest, field.get(order.target.province) or power))
        elif isinstance(order, SupportHold):
            target = order.target.province
            done.append((power, target, field.get(target) or power))
    forces: dict[tuple[str, str], set[str]] = {}  # (area, force owner) -> its powers
    for power, area, owner_of_force in done:
        forces.setdefault((area, owner_of_force), {owner_of_force}).add(power)
    pairs: set[str] = set()
    for power, area, owner_of_force in done:
        against: set[str] = set()
        holder = owner.get(area)
        if holder is not None:
            against.add(holder)
        stays = field.get(area)
        if stays is not None and area not in left:
            against.add(stays)
        against |= entering.get(area, set())
        against -= forces[(area, owner_of_force)]
        pairs |= {pair_key(power, other) for other in against if other != power}
    return pairs


def at_peace(
    board: Board, phase_d: State, start: State, results: Sequence[OrderResult], after: State,
) -> list[str]:
    """The pairs of playing powers at peace in the campaign just moved, sorted.

    ``phase_d``: the position the orders were written on; ``start``: after the
    expenditures; ``results``: the moves'; ``after``: the position after the moves
    (before any retreat)."""
    playing = [p for p in phase_d.powers if p not in phase_d.eliminated]
    wanted = {pair_key(a, b) for a in playing for b in playing if a < b}
    peace = (bordering(board, phase_d) & wanted) - sharing(phase_d)
    peace -= control_shifts(board, phase_d, after)
    peace -= breaches(board, start, results)
    return sorted(peace)


def record_peace(state: State, pairs: Iterable[str], season: str) -> State:
    """``state`` with ``season`` added to each pair's campaigns at peace (a spring starts
    the year's record afresh: the income clears it, but a game without money has none)."""
    kept = {} if season == "spring" else {k: v[:] for k, v in state.peace.items()}
    for key in pairs:
        seasons = kept.setdefault(key, [])
        if season not in seasons:
            seasons.append(season)
            seasons.sort(key=SEASONS.index)
    return state.but(peace=kept)


def peace_bonus(seasons: Iterable[str]) -> int:
    """Ducats each power of a pair gains (ruling A-7): 1 for the Fall, 2 if also the
    Summer, 3 if all three campaigns; nothing without the Fall."""
    held = set(seasons)
    if "fall" not in held:
        return 0
    if "summer" not in held:
        return 1
    return 3 if "spring" in held else 2


def pay_peace(state: State) -> tuple[State, list[str]]:
    """The income's peace bonus paid to each pair (BAR-5.4), the record cleared, and the
    public lines saying so."""
    if not state.peace:
        return state, []
    treasury = dict(state.treasury)
    lines: list[str] = []
    for key in sorted(state.peace):
        seasons = state.peace[key]
        bonus = peace_bonus(seasons)
        if not bonus:
            continue
        a, b = pair_of(key)
        for power in (a, b):
            if power in state.powers and power not in state.eliminated:
                treasury[power] = treasury.get(power, 0) + bonus
        lines.append(f"{a} and {b} were at peace ({', '.join(seasons)}): "
                     f"{bonus} {'ducat' if bonus == 1 else 'ducats'} each (BAR-5.4).")
    return state.but(treasury=treasury, peace={}), lines


__all__ = [
    "NEIGHBOURS",
    "SEASONS",
    "at_peace",
    "bordering",
    "breaches",
    "control_shifts",
    "controllers",
    "pair_key",
    "pair_of",
    "pay_peace",
    "peace_bonus",
    "record_peace",
    "sharing",
]
