"""The start of a game with money: each power's first treasury (000, Advanced Game,
Income A "GAME START").

Where a scenario gives no starting treasury, the set up counts as the first
adjustment and income phase: each power collects its income in the normal way
(variable income included, dice recorded), then pays the upkeep of every unit it was
given (3 ducats, more for special units: ADJ-1); what is left is its treasury.  No unit
may be built.  A power whose income does not cover all its units removes the excess
(control does not change): the judge keeps them nearest home first (the order of
civil disorder, read backwards) and removes the rest, since no player has given orders
yet (docs/rulings.md, "Game start").  Powers whose treasury the scenario gives keep
it and pay nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.options import money_in_play
from machiavelli.core.state import State, Unit
from machiavelli.game.adjustments import civil_disorder_order
from machiavelli.money.income import income
from machiavelli.money.specials import unit_upkeep
from machiavelli.text.report import rolls_lines


def start_treasuries(
    board: Board, state: State, dice: Dice, powers: Collection[str]
) -> tuple[State, list[str]]:
    """Income less upkeep for each of ``powers`` (000 Advanced A); events say what happened."""
    powers = [p for p in state.powers if p in powers]
    if not money_in_play(state) or not powers:
        return state, []
    state, events = income(board, state, dice, powers)
    treasury = dict(state.treasury)
    removed: list[Unit] = []
    for power in powers:
        paid, kept = 0, 0
        for unit in reversed(civil_disorder_order(board, state, power)):
            cost = unit_upkeep(unit)
            if cost <= treasury.get(power, 0):
                treasury[power] = treasury.get(power, 0) - cost
                paid += cost
                kept += 1
            else:
                removed.append(unit)
                events.append(
                    f"{power} cannot pay for its {unit.kind} {board.display_name(unit.province)}"
                    ": removed at the start."
                )
        events.append(
            f"{power} pays {paid} ducats for {kept} units; starting treasury "
            f"{treasury.get(power, 0)}."
        )
    units = [u for u in state.units if not any(u is r for r in removed)]
    return replace(state, treasury=treasury, units=units), events


def start_game(
    board: Board, state: State, seed: str, unfunded: Collection[str]
) -> tuple[State, str]:
    """A new game's starting treasuries (dice from ``<seed>/start``) and their report.

    The report is "" when nothing happened (no money, or every treasury given).
    """
    dice = Dice(f"{seed}/start")
    state, events = start_treasuries(board, state, dice, unfunded)
    if not events:
        return state, ""
    lines = [f"Game start ({state.label}): starting treasuries (000 Advanced Game, Income A)"]
    lines += [f"  {event}" for event in events]
    if dice.rolls:
        lines += rolls_lines(dice.rolls)
    return state, "\n".join(lines)


__all__ = ["start_game", "start_treasuries"]
