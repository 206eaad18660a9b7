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
    #: what every power may read of the note (None: all of it); the ordering power and
    #: the game master read ``note`` (:mod:`machiavelli.core.privacy`)
    public_note: str | None = None
    #: the whole result is the ordering power's business (money orders are, always)
    private: bool = False


@dataclass
class Adjudication:
    state: State
    results: list[OrderResult] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # what happened beyond the orders
    #: what happened that only one power (and the game master) may know: power -> lines
    private_events: dict[str, list[str]] = field(default_factory=dict)

    def outcome_of(self, order: Order) -> Outcome | None:
        for r in self.results:
            if r.order == order:
                return r.outcome
        return None
