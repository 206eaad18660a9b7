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

Who sees what (docs/rulings.md, "What each power sees"): a unit removed at the start
is public; each power's income, dice, upkeep and starting treasury are its own.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.options import money_in_play
from machiavelli.core.privacy import sees_roll, tell
from machiavelli.core.results import Adjudication
from machiavelli.core.state import State, Unit
from machiavelli.game.adjustments import civil_disorder_order
from machiavelli.money.income import income
from machiavelli.money.specials import unit_upkeep
from machiavelli.text.report import private_report, rolls_lines, unit_text


def start_treasuries(
    board: Board, state: State, dice: Dice, powers: Collection[str]
) -> Adjudication:
    """Income less upkeep for each of ``powers`` (000 Advanced A).

    Public events: the units removed; private events: each power's income and upkeep.
    """
    powers = [p for p in state.powers if p in powers]
    if not money_in_play(state) or not powers:
        return Adjudication(state)
    paid_in = income(board, state, dice, powers)
    state, events, private = paid_in.state, list(paid_in.events), paid_in.private_events
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
                    f"{power}'s {unit_text(board, unit)} is removed at the start: {power}"
                    " cannot maintain it."
                )
        tell(
            private, power,
            f"{power} pays {paid} ducats for {kept} units; starting treasury "
            f"{treasury.get(power, 0)}."
        )
    units = [u for u in state.units if not any(u is r for r in removed)]
    return Adjudication(state.but(treasury=treasury, units=units), [], events, private)


@dataclass
class GameStart:
    """What happened at a game's start: the public report and each power's private part."""

    report: str = ""  # "" when nothing happened (no money, or every treasury given)
    private: dict[str, str] = field(default_factory=dict)


def start_game(
    board: Board, state: State, seed: str, unfunded: Collection[str]
) -> tuple[State, GameStart]:
    """A new game's starting treasuries (dice from ``<seed>/start``) and their reports."""
    dice = Dice(f"{seed}/start")
    done = start_treasuries(board, state, dice, unfunded)
    state = done.state
    if not done.events and not done.private_events:
        return state, GameStart()
    lines = [f"Game start ({state.label}): starting treasuries (000 Advanced Game, Income A)"]
    lines += [f"  {event}" for event in done.events]
    lines.append("  Each power's own figures are in its private part.")
    public_rolls = [r for r in dice.rolls if sees_roll(r, None)]
    if public_rolls:
        lines += rolls_lines(public_rolls)
    private = {p: private_report(state, p, events=lines_of, rolls=dice.rolls)
               for p, lines_of in done.private_events.items()}
    return state, GameStart("\n".join(lines), private)


__all__ = ["GameStart", "start_game", "start_treasuries"]
