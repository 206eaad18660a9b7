"""The parts of the judge a test case runs through (see :mod:`machiavelli.cases.runner`).

:func:`default_engine` imports each part when it is first used, so that a part
of the judge that is missing (or being written) fails only the cases that need
it.  Tests replace the parts with small fakes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import Borrow, Expense, GiveChit, Order, Pay
from machiavelli.core.results import Adjudication
from machiavelli.core.state import Dislodged, PhaseKind, State


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


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """A function of ``module`` imported on first call, so that a missing part of
    the judge fails the cases that need it, not the import of this module."""

    found: list[Callable[..., Any]] = []  # the function, once imported

    def call(*args: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args)

    call.__name__ = f"{module}.{name}"
    return call


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


if TYPE_CHECKING:  # the real parts must fit the protocols (checked by mypy only)
    from machiavelli.core import maps
    from machiavelli.game import adjustments, campaign
    from machiavelli.money import income
    from machiavelli.movement import moves as movement
    from machiavelli.movement import retreats
    from machiavelli.text import notation

    _load_board: Callable[[str], Board] = maps.load_board
    _parse_orders: OrderParser = notation.parse_orders
    _resolvers: tuple[PhaseResolver, ...] = (
        movement.resolve_movement,
        retreats.resolve_retreats,
        adjustments.resolve_adjustments,
    )
    _steps: tuple[DiceStep, ...] = (campaign.resolve_campaign, income.collect_income)


#: the income step that opens an adjustment phase with money (001 SEQ-ADJ-1)
INCOME_STEP = ("machiavelli.money.income", "collect_income")


def default_engine() -> Engine:
    """The judge's own parts, each imported when first used."""
    return Engine(
        load_board=_lazy("machiavelli.core.maps", "load_board"),
        parse_orders=_lazy("machiavelli.text.notation", "parse_orders"),
        resolvers={
            "movement": _lazy("machiavelli.movement.moves", "resolve_movement"),
            "retreat": _lazy("machiavelli.movement.retreats", "resolve_retreats"),
            "adjustment": _lazy("machiavelli.game.adjustments", "resolve_adjustments"),
        },
        can_retreat=_can_retreat,
        campaign=_campaign,
        income=_lazy(*INCOME_STEP),
    )


class MissingStep(Exception):
    """A part of the judge a case needs is not there (yet)."""


def _missing_money_steps() -> list[str]:
    """The campaign's money steps that cannot be loaded, with the reason."""
    campaign = importlib.import_module("machiavelli.game.campaign")
    missing = []
    for module, name in campaign.MONEY_STEPS:
        try:
            getattr(importlib.import_module(module), name)
        except Exception as exc:  # not written yet, or broken while being written
            missing.append(f"{module}.{name} ({type(exc).__name__}: {exc})")
    return missing


def _has_money(state: State, orders: Mapping[str, Sequence[Order]]) -> bool:
    """Anything for the money steps of a campaign to do: money orders or loans."""
    kinds = (Borrow, Pay, GiveChit, Expense)
    has_orders = any(isinstance(o, kinds) for seq in orders.values() for o in seq)
    return has_orders or any(state.loans.values())


def _campaign(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice
) -> Adjudication:
    """``campaign.resolve_campaign``: a Machiavelli movement phase with its money steps.

    While a money step's module is missing, a case with nothing for the money
    steps to do (no money orders, no loans) runs the movement alone, which is
    all the campaign would do for it; a case that needs them fails, naming them.
    """
    options = importlib.import_module("machiavelli.core.options")
    if options.money_in_play(state):
        missing = _missing_money_steps()
        if missing and _has_money(state, orders):
            raise MissingStep("the campaign's money steps are missing: " + "; ".join(missing))
        if missing:
            movement = importlib.import_module("machiavelli.movement.moves")
            moved: Adjudication = movement.resolve_movement(board, state, orders)
            return moved
    campaign = importlib.import_module("machiavelli.game.campaign")
    done: Adjudication = campaign.resolve_campaign(board, state, orders, dice)
    return done


def _can_retreat(board: Board, state: State, dislodged: Dislodged) -> bool:
    """Any retreat open to ``dislodged``: a destination, or conversion into its city."""
    retreats = importlib.import_module("machiavelli.movement.retreats")
    return bool(retreats.can_retreat(board, state, dislodged))
