"""The phase machine: one phase processed, with everything 001 attaches to it.

001, SEQUENCE OF PLAY AND ORDER RESOLUTION, as this module runs it:

- a movement phase: the campaign's steps a-f (:mod:`machiavelli.game.campaign`);
- a retreat phase: step h, retreats, with control adjudication 4;
- when a campaign ends (after its moves if nobody retreats, else after the
  retreats): after spring, units in famine provinces are removed (h2); after
  fall, storms sink fleets (j) and famine strikes (k); then eliminations and
  the victory check;
- entering the summer movement phase: plague, before orders (PLG-1);
- entering the adjustment phase: income (with money), before orders;
- an adjustment phase: builds, maintenance and removals.

Phases in which nobody has anything to decide are processed at once with no
orders.  Every die comes from one :class:`~machiavelli.core.dice.Dice` seeded by the
game's seed and the phase, and is shown in the report (a power's own dice in its
private part).  The result keeps the public report apart from each power's private
part (:mod:`machiavelli.core.privacy`; docs/rulings.md, "What each power sees").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, Roll
from machiavelli.core.options import money_in_play
from machiavelli.core.orders import Order
from machiavelli.core.privacy import PrivateEvents, add_private, private_results
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import State
from machiavelli.game.adjustments import allowance, resolve_adjustments
from machiavelli.game.campaign import resolve_campaign
from machiavelli.game.disasters import famine, famine_removals, plague, storms
from machiavelli.game.elimination import eliminations
from machiavelli.game.victory import winners
from machiavelli.money.income import income
from machiavelli.movement.control import update_control
from machiavelli.movement.retreats import resolve_retreats
from machiavelli.text.report import phase_report, private_report

Orders = Mapping[str, Sequence[Order]]
MAX_CHAINED = 8  # phases processed in one go when nobody has anything to decide
Disaster = Callable[[Board, State], tuple[State, list[str]]]


@dataclass
class PhaseResult:
    """One processed phase (and any phases after it that needed no orders).

    ``report`` is public; ``private`` holds each power's private part, for it and the
    game master.  ``results`` and ``rolls`` hold everything (each says who may see
    it); ``events`` are the public events, ``private_events`` each power's own.
    """

    before: State
    after: State
    results: list[OrderResult] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    report: str = ""
    private: dict[str, str] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    private_events: PrivateEvents = field(default_factory=dict)


def adjudicate_phase(board: Board, state: State, orders: Orders, dice: Dice) -> Adjudication:
    """The orders of the current phase, adjudicated (no end-of-campaign steps)."""
    if state.phase == "movement":
        return resolve_campaign(board, state, orders, dice)
    if state.phase == "retreat":
        return resolve_retreats(board, state, orders)
    return resolve_adjustments(board, state, orders)


def process_phase(
    board: Board,
    state: State,
    orders: Orders,
    seed: str,
    victory_cities: int | None = None,
) -> PhaseResult:
    """Process the current phase and every following one that needs no orders."""
    result = PhaseResult(before=state, after=state)
    reports: list[str] = []
    current, current_orders = state, orders
    while True:
        dice = Dice.for_phase(seed, current)
        done = adjudicate_phase(board, current, current_orders, dice)
        after = done.state
        events = list(done.events)
        add_private(result.private_events, done.private_events)
        if current.phase in ("movement", "retreat") and after.phase != "retreat":
            after = _end_of_campaign(board, current.season, after, dice, events)
            result.winners = winners(board, after, victory_cities,
                                     fall_end=current.season == "fall")
        elif current.phase == "adjustment":
            after = update_control(board, after)  # units removed or built change control
        after = _enter_phase(board, after, dice, events, result.private_events)
        reports.append(phase_report(board, current, Adjudication(after, done.results, events),
                                    dice.rolls))
        result.results.extend(done.results)
        result.events.extend(events)
        result.rolls.extend(dice.rolls)
        current = after
        if result.winners or needs_orders(board, current) or len(reports) >= MAX_CHAINED:
            break  # (a board with no units left would otherwise never need orders again)
        current_orders = {}
    if result.winners:
        reports.append("Victory: " + ", ".join(result.winners) + " won the game.")
    result.after = current.copy()  # shares nothing with the position it was given
    result.report = "\n\n".join(reports)
    result.private = {
        p: private_report(current, p, result.results, result.private_events.get(p, []),
                          result.rolls)
        for p in current.powers if p not in current.eliminated and (
            money_in_play(current) or private_results(result.results, p)
            or p in result.private_events)}
    return result


def _end_of_campaign(
    board: Board, season: str, state: State, dice: Dice, events: list[str]
) -> State:
    """001 steps h2, j and k, then eliminations (a campaign has just ended)."""
    if season == "spring":
        state = _record(famine_removals(board, state), events)
    if season == "fall":
        state = _record(storms(board, state, dice), events)
        state = _record(famine(board, state, dice), events)
    fall_end = season == "fall"  # under mach2 the only control adjudication (M1)
    state = update_control(board, state, fall_end=fall_end)
    return _record(eliminations(board, state, fall_end=fall_end), events)


def _enter_phase(
    board: Board, state: State, dice: Dice, events: list[str], private: PrivateEvents
) -> State:
    """What happens before orders: plague entering summer, income entering adjustments."""
    if state.phase == "movement" and state.season == "summer":
        state = _record(plague(board, state, dice), events)
    if state.phase == "adjustment" and money_in_play(state):
        paid = income(board, state, dice)
        events.extend(paid.events)
        add_private(private, paid.private_events)
        state = paid.state
    return state


def _record(done: tuple[State, list[str]], events: list[str]) -> State:
    state, new_events = done
    events.extend(new_events)
    return state


def needs_orders(board: Board, state: State) -> bool:
    """Whether any power has a decision to make in this phase."""
    playing = [p for p in state.powers if p not in state.eliminated]
    if state.phase == "movement":
        return any(u.owner in playing for u in state.units)
    if state.phase == "retreat":
        return bool(state.dislodged)
    if money_in_play(state):
        return any(u.owner in playing for u in state.units) or any(
            state.treasury.get(p, 0) >= 3 for p in playing)
    return any(allowance(board, state, p) != len(state.units_of(p)) for p in playing)
