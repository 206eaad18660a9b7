"""What adjudication returns: the new position and the outcome of every order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from machiavelli.core.orders import Order
from machiavelli.core.state import State

Outcome = Literal["succeeds", "fails", "bounced", "cut", "dislodged", "void"]


class AdjudicationError(Exception):
    """A bug in the engine, not a player's error: an adjudication that cannot be applied
    (two units ending in one space).  The message names the orders involved."""


@dataclass(frozen=True, slots=True)
class OrderResult:
    power: str | None
    order: Order
    outcome: Outcome
    note: str = ""


@dataclass
class Adjudication:
    state: State
    results: list[OrderResult] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # what happened beyond the orders

    def outcome_of(self, order: Order) -> Outcome | None:
        for r in self.results:
            if r.order == order:
                return r.outcome
        return None
