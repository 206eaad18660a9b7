"""The pending phase: who owes orders in it, and the phase processed.

Every phase is simultaneous: each power orders in secret, and the phase is processed
when all are in or the deadline passes.  Its schedule is the phase's kind (movement,
retreat, adjustment: the deadline schedules of
:mod:`machiavelli.service.house.deadlines`).  Processing is the engine's
(:func:`~machiavelli.game.process.process_phase`, pure and seeded), with the phases
after it that need no orders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.options import money_in_play
from machiavelli.game.adjustments import allowance
from machiavelli.game.process import PhaseResult, process_phase
from machiavelli.money.peace import NEIGHBOURS
from machiavelli.service.kinds.machiavelli.orders import answers_of
from machiavelli.service.kinds.machiavelli.table import Table
from machiavelli.service.port import BadAnswer, Decision, Step

SEASONS = ("spring", "summer", "fall", "winter")
PHASES = ("movement", "retreat", "adjustment")


def course(table: Table) -> tuple[int, int, int]:
    """The order of phases: year, season, then movement, retreat, adjustment (the
    adjustments are winter's)."""
    state = table.state
    season = "winter" if state.phase == "adjustment" else state.season
    return state.year, SEASONS.index(season), PHASES.index(state.phase)


def owes_orders(table: Table, power: str) -> bool:
    """Whether ``power`` has a decision to make in the pending phase: in a movement one
    every power with units; in a retreat those with units dislodged; in an adjustment
    those with units or (money in play) three ducats, or (without money) whose units
    differ from their allowance."""
    board, state = table.board, table.state
    if power in state.eliminated:
        return False
    if state.phase == "movement":
        return any(u.owner == power for u in state.units)
    if state.phase == "retreat":
        return any(d.unit.owner == power for d in state.dislodged)
    if money_in_play(state):
        return bool(state.units_of(power)) or state.treasury.get(power, 0) >= 3
    return allowance(board, state, power) != len(state.units_of(power))


def touching(table: Table, power: str) -> frozenset[str]:
    """The powers ``power`` touches (touch press, help file ``index``: "defined as a legal
    Wing move"): those with a unit in or next to (by an army's or a fleet's move) an
    area where ``power`` has a unit."""
    near = NEIGHBOURS(table.board)
    reach: set[str] = set()
    for unit in table.state.units_of(power):
        reach |= {unit.province} | near.get(unit.province, frozenset())
    return frozenset(u.owner for u in table.state.units
                     if u.owner and u.owner != power and u.province in reach)


def pending(table: Table) -> Decision:
    """The pending phase as a decision every power owing orders makes at once."""
    state = table.state
    return Decision(str(state.phase), tuple(p for p in state.powers if owes_orders(table, p)),
                    True, str(state.phase), state.label)


def process(table: Table, answers: Mapping[str, Sequence[str]], seed: str) -> PhaseResult:
    """The engine's processing of the pending phase with ``answers`` (canonical lines);
    a power without orders holds (the engine's default)."""
    orders, damaged = answers_of(table, answers)
    if damaged:
        power, reason = next(iter(damaged.items()))
        raise BadAnswer(power, reason)
    return process_phase(table.board, table.state, orders, seed, table.victory_cities)


def advance(table: Table, answers: Mapping[str, Sequence[str]], seed: str) -> Step:
    result = process(table, answers, seed)
    return Step(table.with_state(result.after), result.report, dict(result.private),
                winners=tuple(result.winners), detail=result)
