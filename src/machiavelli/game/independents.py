"""Seed 003's end-of-campaign step H.3.2: independent garrisons spring up (option ``bar``).

003 16 (BAR-16.1, BAR-10.7): when a campaign ends, a new independent garrison springs up
in every fortified city that

- no unit occupies (no garrison in it),
- no major power controls (``State.city_owner`` names no power: a power's army or fleet in
  the province, or a power's control kept from before, holds it; a rebelling city is
  nobody's, BAR-4.3; independent control is no player's, BAR-1.3),
- is not rebelling against the independent power, and
- lies in a province no independent unit occupies.

A rebellion whose city is so garrisoned ends (003 16: "which liberates the rebellion
immediately").  The garrison is autonomous (owner None, as 001's autonomous garrisons)
and controls its city for nobody.  On the classic board under ``bar`` a fortress is no
city (BAR-1.1: no fortresses).  This runs after the campaign's retreats (H.2) and
before the eliminations and the victory check (H.3.5).
"""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.rules import Rules
from machiavelli.core.state import INDEPENDENT_CONTROL, State, Unit
from machiavelli.movement.control import update_control
from machiavelli.movement.geography import can_hold_garrison


def spring_up(board: Board, state: State, rules: Rules) -> tuple[State, list[str]]:
    """The position after H.3.2, and one public line per garrison that sprang up."""
    garrisoned = {u.province for u in state.units if u.kind == "G"}
    independent = {u.province for u in state.units if u.owner is None}
    held = {u.province for u in state.units if u.kind != "G" and u.owner is not None}
    rebellions = dict(state.rebellions)
    new: list[Unit] = []
    lines: list[str] = []
    for province in board.provinces:
        if province in garrisoned or province in independent:
            continue
        if not can_hold_garrison(board, rules, province):
            continue
        rebellion = rebellions.get(province)
        if rebellion is not None and rebellion.against not in state.powers:
            continue  # rebelling against the independent power
        rebelling = rebellion is not None and rebellion.in_city
        owner = state.city_owner.get(province, INDEPENDENT_CONTROL)
        if (owner != INDEPENDENT_CONTROL or province in held) and not rebelling:
            continue  # a power's (a rebelling city is nobody's, BAR-4.3)
        new.append(Unit("G", None, province))
        name = board.provinces[province].name
        line = f"An independent garrison springs up in {name} (BAR-16.1)"
        if rebellion is not None:
            del rebellions[province]
            line += f"; the rebellion against {rebellion.against} ends (BAR-10.7)"
        lines.append(line + ".")
    if not new:
        return state, []
    done = state.but(units=[*state.units, *new], rebellions=rebellions)
    return update_control(board, done, rules=rules), lines


__all__ = ["spring_up"]
