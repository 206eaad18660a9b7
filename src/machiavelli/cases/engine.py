"""The parts of the judge a test case runs through (see :mod:`machiavelli.cases.runner`).

:func:`default_engine` gives the judge's own parts; tests replace them with small fakes
(an :class:`Engine` is a plain value).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from machiavelli.core import maps
from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import Order
from machiavelli.core.results import Adjudication
from machiavelli.core.state import Dislodged, PhaseKind, State
from machiavelli.movement import moves, retreats
from machiavelli.text import notation


class SubmissionLike(Protocol):
    """What :func:`machiavelli.text.notation.parse_orders` returns."""

    @property
    def orders(self) -> Sequence[Order]: ...

    @property
    def errors(self) -> Sequence[object]: ...


class OrderParser(Protocol):
    def __call__(self, text: str, board: Board, state: State, power: str) -> SubmissionLike: ...


class PhaseResolver(Protocol):
    def __call__(
        self, board: Board, state: State, orders: Mapping[str, Sequence[Order]]
    ) -> Adjudication: ...


class DiceStep(Protocol):
    """A step that may roll dice: the campaign, the income (001's money steps)."""

    def __call__(
        self, board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Adjudication: ...


class CampaignEnd(Protocol):
    """Seed 003's H.3.2-H.3.4 (and H.3.5, and the winter after a Fall)."""

    def __call__(self, board: Board, state: State, dice: Dice, season: str,
                 renegade: str | None, eliminations: bool) -> tuple[State, list[str]]: ...


@dataclass(frozen=True)
class Engine:
    """The parts of the judge a case runs through (replaceable in tests)."""

    load_board: Callable[[str], Board]
    parse_orders: OrderParser
    resolvers: Mapping[PhaseKind, PhaseResolver]
    # Whether a dislodged unit has anywhere to retreat (None: assume it has).
    can_retreat: Callable[[Board, State, Dislodged], bool] | None = None
    # Machiavelli: a movement phase is a whole campaign (banking, expenses,
    # assassinations, then movement); an adjustment phase with money starts with
    # the income.  None: the plain resolvers above.
    campaign: DiceStep | None = None
    income: DiceStep | None = None
    # Seed 003's end of a campaign (CAMPAIGN_END): the position after the phase, the
    # season that ended, the renegades' area (RENEGADE) and whether to check eliminations
    # (a SCENARIO case) -> the position and its events.
    campaign_end: CampaignEnd | None = None


def default_engine() -> Engine:
    """The judge's own parts."""
    return Engine(
        load_board=maps.load_board,
        parse_orders=notation.parse_orders,
        resolvers={
            "movement": moves.resolve_movement,
            "retreat": retreats.resolve_retreats,
            "adjustment": _adjustments,
        },
        can_retreat=_can_retreat,
        campaign=_campaign,
        income=_income,
        campaign_end=_campaign_end,
    )


# Machiavelli's campaign, its adjustments and income (and the money steps they bring)
# are imported by the first case that needs them: a Diplomacy case file never does,
# and the import is a sixth of a one-case command's start (docs/speed.md).
def _campaign(board: Board, state: State, orders: Mapping[str, Sequence[Order]],
              dice: Dice) -> Adjudication:
    from machiavelli.game.campaign import resolve_campaign

    return resolve_campaign(board, state, orders, dice)


def _income(board: Board, state: State, orders: Mapping[str, Sequence[Order]],
            dice: Dice) -> Adjudication:
    from machiavelli.money.income import collect_income

    return collect_income(board, state, orders, dice)


def _campaign_end(board: Board, state: State, dice: Dice, season: str,
                  renegade: str | None, eliminations: bool) -> tuple[State, list[str]]:
    from machiavelli.core.rules import rules_of
    from machiavelli.game.bar_campaign import campaign_end, winter
    from machiavelli.game.elimination import eliminations as eliminate

    rules = rules_of(state.options)
    state, events = campaign_end(board, state, rules)
    if eliminations:
        state, more = eliminate(board, state, fall_end=season == "fall", rules=rules)
        events += more
    if season == "fall":
        state, more = winter(board, state, dice, rules, renegade)
        events += more
    return state, events


def _adjustments(board: Board, state: State,
                 orders: Mapping[str, Sequence[Order]]) -> Adjudication:
    from machiavelli.game.adjustments import resolve_adjustments

    return resolve_adjustments(board, state, orders)


class MissingStep(Exception):
    """A part of the judge a case needs is not in the engine it runs on (a test's fake)."""


def _can_retreat(board: Board, state: State, dislodged: Dislodged) -> bool:
    """Any retreat open to ``dislodged``: a destination, or conversion into its city."""
    return bool(retreats.can_retreat(board, state, dislodged))
