"""The phase machine: one phase processed, with everything 001 attaches to it.

001, SEQUENCE OF PLAY AND ORDER RESOLUTION, as this module runs it:

- a movement phase: the campaign's steps a-f (:mod:`machiavelli.game.campaign`);
- a retreat phase: step h, retreats, with control adjudication 4;
- when a campaign ends (after its moves if nobody retreats, else after the
  retreats): after spring, units in famine provinces are removed (h2); after
  fall, storms sink fleets (j) and famine strikes (k); then eliminations and
  the victory check (under seed 003's ``bar``: its H.3.2-H.3.5, then after the Fall
  its winter, :mod:`machiavelli.game.bar_campaign`);
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

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, Roll
from machiavelli.core.options import money_in_play
from machiavelli.core.orders import Order
from machiavelli.core.privacy import PrivateEvents, add_private, private_results
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import State
from machiavelli.game.adjustments import allowance, resolve_adjustments
from machiavelli.game.bar_campaign import campaign_end, winter
from machiavelli.game.campaign import resolve_campaign
from machiavelli.game.disasters import famine, famine_removals, plague, storms
from machiavelli.game.elimination import eliminations
from machiavelli.game.high_seas import sweep_high_seas
from machiavelli.game.victory import victory_report, winners
from machiavelli.money.income import income
from machiavelli.money.ledger import ledgers
from machiavelli.movement.control import update_control
from machiavelli.movement.retreats import resolve_retreats
from machiavelli.text.report import phase_report, private_report

Orders = Mapping[str, Sequence[Order]]
MAX_CHAINED = 8  # phases processed in one go when nobody has anything to decide
Disaster = Callable[[Board, State], tuple[State, list[str]]]


class PhaseResult:
    """One processed phase (and any phases after it that needed no orders).

    ``report`` is public; ``private`` holds each power's private part, for it and the
    game master.  ``results`` and ``rolls`` hold everything (each says who may see
    it); ``events`` are the public events, ``private_events`` each power's own.

    The report and the private parts are written when first asked for, and so are
    the results when the adjudication left them to be written (a bot that reads only
    ``after`` never pays for text).
    """

    def __init__(
        self,
        before: State,
        after: State,
        results: list[OrderResult] | None = None,
        events: list[str] | None = None,
        rolls: list[Roll] | None = None,
        report: str | None = None,
        private: dict[str, str] | None = None,
        winners: list[str] | None = None,
        private_events: PrivateEvents | None = None,
        *,
        board: Board | None = None,
        steps: Sequence[_Step] = (),
    ) -> None:
        self.before = before
        self.after = after
        self.events: list[str] = events if events is not None else []
        self.rolls: list[Roll] = rolls if rolls is not None else []
        self.winners: list[str] = winners if winners is not None else []
        self.private_events: PrivateEvents = private_events if private_events is not None else {}
        self._results = results
        self._report = report
        self._private = private
        self._board = board
        self._steps = list(steps)

    @property
    def results(self) -> list[OrderResult]:
        if self._results is None:
            self._results = [r for step in self._steps for r in step.adjudication.results]
        return self._results

    @results.setter
    def results(self, value: list[OrderResult]) -> None:
        self._results = value

    @property
    def report(self) -> str:
        """The public results of every phase processed, then the victory if any."""
        if self._report is None:
            reports = [step.report(self._board) for step in self._steps]
            if self.winners:
                reports.append(victory_report(self._board, self.after, self.winners))
            self._report = "\n\n".join(reports)
        return self._report

    @report.setter
    def report(self, value: str) -> None:
        self._report = value

    @property
    def private(self) -> dict[str, str]:
        """Each power's private part: its money (with money in play), its own results,
        events and dice."""
        if self._private is None:
            after, results, events = self.after, self.results, self.private_events
            money = money_in_play(after)
            books = ledgers(self.before, after, results, events) if money else {}
            self._private = {
                p: private_report(after, p, results, events.get(p, []), self.rolls,
                                  books[p].text() if p in books and books[p].lines else None)
                for p in after.powers if p not in after.eliminated and (
                    money or private_results(results, p) or p in events)}
        return self._private

    @private.setter
    def private(self, value: dict[str, str]) -> None:
        self._private = value

    def __reduce__(self) -> tuple[type[PhaseResult], tuple[
            State, State, list[OrderResult], list[str], list[Roll], str, dict[str, str],
            list[str], PrivateEvents]]:
        # pickled and copied with its text written (a compiled PhaseResult cannot be made
        # empty and filled in: machiavelli.core.pickling)
        return (PhaseResult, (self.before, self.after, self.results, self.events, self.rolls,
                              self.report, self.private, self.winners, self.private_events))


class _Step:
    """One phase adjudicated: what its report is written from."""

    def __init__(self, before: State, adjudication: Adjudication, rolls: Sequence[Roll]) -> None:
        self.before = before
        self.adjudication = adjudication
        self.rolls = rolls

    def report(self, board: Board | None) -> str:
        assert board is not None
        return phase_report(board, self.before, self.adjudication, self.rolls)


def adjudicate_phase(
    board: Board, state: State, orders: Orders, dice: Dice, rules: Rules | None = None
) -> Adjudication:
    """The orders of the current phase, adjudicated (no end-of-campaign steps).

    ``rules``: the rules of ``state.options``, when the caller has them already."""
    if state.phase == "movement":
        return resolve_campaign(board, state, orders, dice, rules)
    if state.phase == "retreat":
        return resolve_retreats(board, state, orders)
    return resolve_adjustments(board, state, orders, rules)


def adjudicate(
    board: Board,
    state: State,
    orders: Orders,
    seed: str = "",
    victory_cities: int | None = None,
) -> PhaseResult:
    """One phase, for bots: the position and order objects in, the next position out.

    Everything 001 attaches to the phase is done (money steps, end of campaign,
    plague, income, eliminations, victory) as :func:`process_phase` does, but
    for this phase only, and no text is written unless asked for
    (``report``, ``private``, the results' notes).  ``seed`` seeds the phase's
    dice.  The new position (``after``) shares nothing with ``state``.
    """
    result = _one_phase(board, state, orders, seed, victory_cities)
    result.after = result.after.unshared(state)
    return result


def _one_phase(
    board: Board, current: State, orders: Orders, seed: str, victory_cities: int | None
) -> PhaseResult:
    dice = Dice.for_phase(seed, current)
    rules = rules_of(current.options)  # (taken once: no step of a phase changes an option)
    done = adjudicate_phase(board, current, orders, dice, rules)
    after = done.state
    events = done.events[:]
    private: PrivateEvents = {}
    add_private(private, done.private_events)
    won: list[str] = []
    if current.phase in ("movement", "retreat") and after.phase != "retreat":
        after = _end_of_campaign(board, current.season, after, dice, events, rules)
        won = winners(board, after, victory_cities, fall_end=current.season == "fall",
                      rules=rules)
        if rules.bar and current.season == "fall" and not won:
            # seed 003's winter comes after the Fall's checks (H.3.5, then A.1-A.3)
            after = _record(winter(board, after, dice, rules), events)
    elif current.phase == "adjustment":
        after = update_control(board, after, rules=rules)  # units removed or built change it
    after = _enter_phase(board, after, dice, events, private, rules)
    step = _Step(current, Adjudication.joined(after, [done], events), dice.rolls)
    return PhaseResult(current, after, None, events, dice.rolls, winners=won,
                       private_events=private, board=board, steps=[step])


def process_phase(
    board: Board,
    state: State,
    orders: Orders,
    seed: str,
    victory_cities: int | None = None,
) -> PhaseResult:
    """Process the current phase and every following one that needs no orders."""
    steps: list[_Step] = []
    events: list[str] = []
    rolls: list[Roll] = []
    private: PrivateEvents = {}
    won: list[str] = []
    current, current_orders = state, orders
    while True:
        one = _one_phase(board, current, current_orders, seed, victory_cities)
        steps.extend(one._steps)
        events.extend(one.events)
        rolls.extend(one.rolls)
        add_private(private, one.private_events)
        won = one.winners
        current = one.after
        if won or needs_orders(board, current) or len(steps) >= MAX_CHAINED:
            break  # (a board with no units left would otherwise never need orders again)
        current_orders = {}
    # the new position shares nothing with the position it was given
    return PhaseResult(state, current.unshared(state), None, events, rolls, winners=won,
                       private_events=private, board=board, steps=steps)


def _end_of_campaign(
    board: Board, season: str, state: State, dice: Dice, events: list[str], rules: Rules
) -> State:
    """001 steps h2, j and k, then eliminations (a campaign has just ended).

    Under ``bar`` 003's H.3.2-H.3.4 instead (independent garrisons spring up, famine and
    plague remove units and rebellions, their markers go:
    :func:`machiavelli.game.bar_campaign.campaign_end`), then the eliminations (H.3.5);
    003's winter (A.1-A.3) comes after the victory check (:func:`_one_phase`)."""
    if rules.bar:
        state = _record(campaign_end(board, state, rules), events)
        return _record(eliminations(board, state, fall_end=season == "fall", rules=rules),
                       events)
    if season == "spring":
        state = _record(famine_removals(board, state), events)
    if season == "fall":
        state = _record(storms(board, state, dice), events)
        state = _record(sweep_high_seas(board, state), events)  # BAR-14.3, BAR-17.7
        state = _record(famine(board, state, dice), events)
    # eliminations begins with the control adjudication (under mach2 the only one, after
    # fall: M1)
    return _record(eliminations(board, state, fall_end=season == "fall", rules=rules), events)


def _enter_phase(
    board: Board, state: State, dice: Dice, events: list[str], private: PrivateEvents,
    rules: Rules,
) -> State:
    """What happens before orders: plague entering summer, income entering adjustments."""
    if state.phase == "movement" and state.season == "summer":
        state = _record(plague(board, state, dice), events)
    if state.phase == "adjustment" and rules.money:
        paid = income(board, state, dice, rules=rules)
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
