"""Where a new unit may be built: one check for every kind of game.

001, SEQUENCE OF PLAY FOR ADJUSTMENT PHASES 3 a)-i) (RULES.md ADJ-A..ADJ-F, OWN-7,
FAM-B, REB-EFF-5.5/5.6, FORT-B, VEN-A/B, UNIT-4), for Machiavelli with or without
money; ``set nomoney`` games on the Diplomacy map (option ``diplomacy``) build as in
Diplomacy: in an owned home supply centre that is empty.

:func:`build_problem` answers only what the position decides (the place, the kind of
unit, special units).  How many units a power may build, and paying for them, is the
adjustment's business (:mod:`machiavelli.game.adjustments`,
:mod:`machiavelli.money.money_adjustments`); one new unit per province is checked
there too, since it depends on the other orders.

Scenario rules read from the board (``Board.build_anywhere``, ``Board.no_fleets``):
a power of ``build_anywhere`` may build in any city it controls, home or not (Empire
and Invaders: the Normans; docs/rulings.md "Scenario rules"); a power of ``no_fleets``
never builds fleets.
"""

from __future__ import annotations

from collections.abc import Collection

from machiavelli.core.board import Board
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.homes import held_home_provinces, home_centres
from machiavelli.core.occupancy import Occupancy
from machiavelli.core.options import garrisons_in_play
from machiavelli.core.orders import Build, Old
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import SPECIAL_KINDS, State
from machiavelli.movement.geography import NO_ARMY_IN_VENICE, can_hold_garrison, no_army_in

#: the power that may raise a fleet on the High Seas (003 14.3)
TURKEY = "Turkey"


def build_problem(
    board: Board,
    state: State,
    power: str,
    order: Build,
    *,
    held: Collection[str] | None = None,
    where: Occupancy | None = None,
    rules: Rules | None = None,
) -> str | None:
    """Why ``power`` may not build this unit now, or None.

    ``held``: the power's :func:`~machiavelli.core.homes.held_home_provinces`,
    ``where``: the position's units by province, and ``rules``: the rules of
    ``state.options``, when the caller has them already (several builds judged on one
    position).
    """
    p = order.province
    prov = board.provinces.get(p)
    if prov is None:
        return f"unknown province {p!r}"
    if state.option("diplomacy"):
        return _diplomacy_problem(board, state, power, order)
    if p == HIGH_SEAS:
        return high_seas_build_problem(state, power, order)
    if rules is None:
        rules = rules_of(state.options)
    city = prov.city
    if city is None or (city.kind == "fortress" and not rules.fortresses):
        return f"{prov.name} has no city to build in (ADJ-A)"
    if rules.bar and p == "avi" and order.kind == "A":
        return "no army is raised in Avignon (BAR-14.2)"
    if power not in board.build_anywhere and p not in (
            held_home_provinces(board, state, power, rules.fortresses) if held is None
            else held):
        return f"{prov.name} is not in a home country {power} holds (ADJ-A)"
    if state.city_owner.get(p) != power or state.province_owner.get(p) != power:
        return f"{power} must control both {prov.name} and its city (OWN-7)"
    if p in state.famine:
        return f"{prov.name} is struck by famine (FAM-B)"
    rebellion = state.rebellions.get(p)
    if rebellion is not None and (
        rebellion.in_city or order.kind != "G" or prov.venice
    ):  # REB-EFF-5.6: a garrison only needs a quiet city
        return f"{prov.name} is in rebellion (ADJ-E, REB-EFF-5.5)"
    why = _special_problem(board, rules, power, order)
    if why is None:
        why = _kind_problem(board, state, rules, power, order)
    if why is not None:
        return why
    units: Occupancy | State = state if where is None else where
    if prov.venice and units.unit_in(p) is not None:
        return "Venice held a unit when the phase began (VEN-A, VEN-B)"
    old = units.unit_in(p, garrison=order.kind == "G")
    if old is not None and not (rules.bar and rules.money and old.owner == power):
        # (seed 003 trades one's old unit for a new one of any type there, BAR-6.2: the
        # build takes the old unit's order key, so the old unit, not paid for, goes; a
        # trade of unit payments: without money nothing is paid and nothing traded)
        space = "the city of " + prov.name if order.kind == "G" else prov.name
        return f"{space} held a unit when the phase began: no trading old for new (ADJ-D)"
    return None


def high_seas_build_problem(state: State, power: str, order: Build) -> str | None:
    """003 14.3 (BAR-14.3): "When raising new military units, Turkey may raise one fleet
    unit onto the High Seas, too."  One a phase (one new unit per place, checked by the
    adjustment), among its new units and paid as they are; fleets there do not stop it
    (any number may be there)."""
    if not state.option("high_seas"):
        return "there are no High Seas in this game (option high_seas)"
    if power != TURKEY:
        return f"only {TURKEY} raises a fleet on the High Seas, not {power} (BAR-14.3)"
    if order.kind != "F" or order.special is not None:
        return "only a fleet is raised on the High Seas (BAR-14.3)"
    return None


def _special_problem(board: Board, rules: Rules, power: str, order: Build) -> str | None:
    if order.special is None:
        return None
    if order.special not in SPECIAL_KINDS:
        return f"unknown special unit {order.special!r}"
    if not rules.money:
        return "no special units without money (GEN-2)"
    if not rules.special:
        return "there are no special units in this game"
    allowed = board.special_limits.get(power) if rules.mach2 else None
    if allowed is not None and order.special not in allowed:  # a Machiavelli 2 rule (M9)
        kind = order.special.replace("_", " ")
        return f"{power} may not build {kind} units in this game (Machiavelli 2, M9)"
    return None


def _kind_problem(
    board: Board, state: State, rules: Rules, power: str, order: Build
) -> str | None:
    """The unit's kind against the place: garrisons, fleets, armies, coasts."""
    p = order.province
    prov = board.provinces[p]
    city = prov.city
    assert city is not None  # checked by the caller
    if order.kind != "F" and order.coast is not None:
        return "only a fleet is built on a coast"
    if order.kind == "G":
        if city.kind == "fortress":
            return "no garrison may be built in a fortress (FORT-B)"
        if not rules.garrisons or not can_hold_garrison(board, rules, p):
            return f"a garrison needs a fortified city, and {prov.name} has none (ADJ-A2)"
    elif order.kind == "F":
        if power in board.no_fleets:
            return f"{power} may never build fleets in this scenario"
        if not city.port or not board.fleet_locations(p):
            return f"a fleet can be built only in a port city, not in {prov.name} (ADJ-A3)"
        return _coast_problem(board, order)
    elif prov.sea:
        return "an army cannot be built at sea"
    elif no_army_in(board, rules, p):
        return NO_ARMY_IN_VENICE
    return None


def _coast_problem(board: Board, order: Build) -> str | None:
    prov = board.provinces[order.province]
    if prov.coasts and order.coast not in prov.coasts:
        return f"the coast of {prov.name} must be given"
    if not prov.coasts and order.coast is not None:
        return f"{prov.name} has no separate coasts"
    return None


def _diplomacy_problem(board: Board, state: State, power: str, order: Build) -> str | None:
    """Diplomacy: an owned, empty home supply centre; fleets on a coast."""
    p = order.province
    prov = board.provinces[p]
    city = prov.city
    if city is None or p not in home_centres(board, state, power):
        return f"{prov.name} is not one of your home supply centres"
    if state.city_owner.get(p) != power:
        return f"you do not control {prov.name}"
    if order.special is not None:
        return "no special units without money (GEN-2)"
    if state.unit_in(p) is not None:
        return f"{prov.name} is occupied"
    if order.kind == "G":
        if not garrisons_in_play(state) or not can_hold_garrison(board, state, p):
            return f"a garrison cannot be built in {prov.name}"
        return None if city.kind != "fortress" else "no garrison in a fortress (FORT-B)"
    if order.kind == "F":
        if not board.is_coastal(p):
            return f"{prov.name} is not on the coast"
        return _coast_problem(board, order)
    if order.coast is not None:
        return "only a fleet is built on a coast"
    if prov.sea:
        return "an army cannot be built at sea"
    return None


__all__ = ["build_problem"]


# ----------------------------------------------------------------------
# Seed 003's old unit of the first Spring (BAR-3.3)
# ----------------------------------------------------------------------
def first_spring(state: State) -> bool:
    """Seed 003's first Spring (BAR-3.1, BAR-3.3): the adjustment phase in which no power
    has a unit yet (the game starts at the income with no units)."""
    return state.phase == "adjustment" and all(u.owner is None for u in state.units)


def old_problem(board: Board, state: State, power: str, order: Old, rules: Rules) -> str | None:
    """Why ``power`` may not place this old unit (None: it may): anywhere in its home
    country, a province without a city too, the unit fitting the place."""
    if not rules.bar:
        return "an old unit is seed 003's order (option bar, BAR-3.3)"
    if not first_spring(state):
        return ("an old unit is placed only in the first Spring, before any power has a unit "
                "(BAR-3.3)")
    prov = board.provinces.get(order.province)
    if prov is None:
        return f"unknown province {order.province!r}"
    home = state.home_countries.get(power) or state.home.get(power) or ()
    if order.province not in home:
        return f"{prov.name} is not in {power}'s home country (BAR-3.3)"
    if order.kind == "G" and not can_hold_garrison(board, rules, order.province):
        return f"{prov.name} has no fortified city for a garrison"
    if order.kind == "A" and (prov.sea or no_army_in(board, rules, order.province)):
        return NO_ARMY_IN_VENICE if not prov.sea else "an army cannot stand at sea"
    if order.kind == "F":
        if not board.fleet_locations(order.province):
            return f"a fleet cannot stand in {prov.name}"
        if prov.coasts and order.coast not in prov.coasts:
            return f"the coast of {prov.name} must be given"
    if any(u.province == order.province and (u.kind == "G") == (order.kind == "G")
           for u in state.units):
        return f"{prov.name} is occupied"
    return None
