"""Seed 003's end of a campaign and its winter (option ``bar``; 003 2 H.3 and A).

003's phase H.3, after the moves and the judge's retreats (H.1, H.2), in this order
(BAR-2.10):

- H.3.1: the rebellions put down or liberated in the moves are removed (the moves do
  it: :func:`machiavelli.movement.rebels.rebellions_after_movement`);
- H.3.2: independent garrisons spring up (:func:`machiavelli.game.independents.spring_up`);
- H.3.3 (:func:`disaster_removals`): "Military units and rebellion units in provinces
  stricken by famine or plague are removed" -- famine's markers are there in the Spring,
  plague's in the Summer (BAR-2.5, BAR-17.4: the plague rages the whole Summer).  A
  rebellion so ended leaves its province (and its city, if the city rebelled) to no major
  power: the victim does not get its control back (rulings A-14, A-14b);
- H.3.4: every famine and plague marker is removed;
- H.3.5: control, elimination and victory (:mod:`machiavelli.game.elimination`,
  :mod:`machiavelli.game.victory`, run by the phase machine).

003's winter, between the Fall and the Spring (:func:`winter`, BAR-2.1): A.1 the storms
(001's storm table when the game master sets ``storm``) and the High Seas swept
(BAR-14.3, BAR-17.7); A.2 the renegades (:func:`renegades`, BAR-17.6); A.3 the famine
(Abundance markers spare a province, then all go: BAR-12.2).

The renegades (003 17.2): "One area is determined with a 3d6 and in case it is unoccupied
by an independent military unit but occupied by a committed military unit, the latter is
changed into an independent one ... In case of two committed units, the unit which
becomes independent is the Garrison unit."  The area comes from the board's Renegade
Table (``Board.renegade_table``, 3d6, no row for a major city); the classic board has none,
so on it no unit renegades unless a case names the area (``RENEGADE <area>``,
docs/case-format.md).  Dice off (``nodice``), no roll is made (BAR-17.7).  A counter-bribe
protects only in its own campaign, never in the winter (ruling A-15).
"""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.rules import Rules
from machiavelli.core.state import INDEPENDENT_CONTROL, Rebellion, State, Unit
from machiavelli.game.disasters import describe_unit, famine, storms
from machiavelli.game.high_seas import sweep_high_seas
from machiavelli.game.independents import spring_up
from machiavelli.movement.control import update_control

#: the 3d6 totals of 003's Renegade Table
RENEGADE_LOWEST = 3


def campaign_end(board: Board, state: State, rules: Rules) -> tuple[State, list[str]]:
    """003 H.3.2-H.3.4 (BAR-2.10): independent garrisons spring up, then famine and plague
    remove units and rebellions, then their markers go."""
    state, events = spring_up(board, state, rules)
    state, more = disaster_removals(board, state, rules)
    return state, events + more


def disaster_removals(board: Board, state: State, rules: Rules) -> tuple[State, list[str]]:
    """003 H.3.3 and H.3.4: units and rebellions in famine or plague provinces removed,
    then every famine and plague marker (BAR-2.5, BAR-17.4; rulings A-14, A-14b)."""
    if not state.famine and not state.plague:
        return state, []
    struck: dict[str, str] = dict.fromkeys(state.famine, "famine")
    struck.update((p, "plague") for p in state.plague if p not in struck)
    events: list[str] = []
    kept: list[Unit] = []
    for u in state.units:
        cause = struck.get(u.province)
        if cause is None:
            kept.append(u)
        else:
            text = describe_unit(board, u)
            events.append(f"{text[0].upper()}{text[1:]} is eliminated by {cause} (003 H.3.3).")
    rebellions: dict[str, Rebellion] = {}
    province_owner = dict(state.province_owner)
    city_owner = dict(state.city_owner)
    for province, rebellion in state.rebellions.items():
        cause = struck.get(province)
        if cause is None:
            rebellions[province] = rebellion
            continue
        # (rulings A-14, A-14b) the province, with its city when the city rebelled, comes
        # under independent control (BAR-1.3)
        if rebellion.in_province:
            province_owner[province] = INDEPENDENT_CONTROL
        if rebellion.in_city:
            city_owner[province] = INDEPENDENT_CONTROL
        events.append(f"The {cause} in {board.display_name(province)} ends the rebellion "
                      f"against {rebellion.against}; the province is independent "
                      f"({'BAR-17.2, A-14' if cause == 'famine' else 'BAR-17.4, A-14b'}).")
    for province in sorted(struck, key=list(board.provinces).index):
        events.append(f"The {struck[province]} marker in {board.display_name(province)} is "
                      "removed (003 H.3.4).")
    done = state.but(units=kept, rebellions=rebellions, province_owner=province_owner,
                     city_owner=city_owner, famine=[], plague=[])
    return update_control(board, done, rules=rules), events


def renegades(board: Board, state: State, dice: Dice, rules: Rules,
              area: str | None = None) -> tuple[State, list[str]]:
    """003's A.2 (BAR-17.6): one committed unit in the area struck turns independent.

    ``area``: the area struck (a case's ``RENEGADE``); without it the board's Renegade
    Table is rolled on (3d6), when there is one and dice are on."""
    if area is None:
        if not board.renegade_table or not rules.dice:
            return state, []
        total = sum(dice.roll(3, "renegades"))
        area = board.renegade_table[total - RENEGADE_LOWEST]
        if area is None:
            return state, [f"The renegades' roll of {total} strikes no area (BAR-17.6)."]
    name = board.display_name(area)
    city = board.provinces[area].city
    if city is not None and city.income > 1:
        return state, [f"The renegades strike {name}, a major city's province: nobody "
                       "renegades (003 17.2: the table has no row for one)."]
    there = [u for u in state.units if u.province == area]
    if not there or any(u.owner is None for u in there):
        why = "no committed unit" if not there else "an independent unit is there"
        return state, [f"The renegades strike {name}: {why}, nobody renegades (BAR-17.6)."]
    turning = next((u for u in there if u.kind == "G"), there[0]) if len(there) > 1 else there[0]
    units = [Unit(u.kind, None, u.province, u.coast, u.special, u.siege) if u is turning else u
             for u in state.units]
    text = describe_unit(board, turning)
    event = (f"The renegades strike {name}: {text} turns independent (BAR-17.6).")
    # the independent unit establishes independent control (003 4.1): no major power
    # controls what it held (its province, and the city if no garrison is there; a
    # garrison its city, and the province if no army or fleet is there)
    others = [u for u in there if u is not turning]
    province_owner, city_owner = dict(state.province_owner), dict(state.city_owner)
    if turning.kind != "G" or not others:
        province_owner.pop(area, None)
    if turning.kind == "G" or not others:
        city_owner.pop(area, None)
    done = state.but(units=units, province_owner=province_owner, city_owner=city_owner)
    return update_control(board, done, rules=rules), [event]


def winter(board: Board, state: State, dice: Dice, rules: Rules,
           renegade: str | None = None) -> tuple[State, list[str]]:
    """003's winter effects after the Fall (BAR-2.1): A.1 storms and the High Seas swept,
    A.2 renegades, A.3 famine.  ``renegade``: the area the renegades strike (a case's)."""
    state, events = storms(board, state, dice)
    state, more = sweep_high_seas(board, state)
    events += more
    state, more = renegades(board, state, dice, rules, renegade)
    events += more
    state, more = famine(board, state, dice)
    return state, events + more


__all__ = ["campaign_end", "disaster_removals", "renegades", "winter"]
