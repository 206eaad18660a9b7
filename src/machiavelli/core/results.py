"""What adjudication returns: the new position and the outcome of every order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from machiavelli.core.orders import Order
from machiavelli.core.pickling import picklable
from machiavelli.core.state import NATIVE, State

_set = object.__setattr__

Outcome = Literal["succeeds", "fails", "bounced", "cut", "dislodged", "void"]

#: The notes of the results the judge writes for a unit its power gave no order (a report
#: names such a power as one that sent nothing): a dislodged unit disbanded, the judge's
#: own retreats (BAR-13.5), a unit not maintained (ADJ-ORD-1), a removal in civil disorder.
NO_RETREAT_ORDERED = "no retreat ordered"
JUDGE_RETREAT = "retreat made by the judge (BAR-13.5)"
NO_RETREAT = "no retreat open: eliminated (BAR-13.5)"
NOT_MAINTAINED = "no maintain order: removed (ADJ-ORD-1)"
CIVIL_DISORDER_REMOVAL = "civil disorder"
UNORDERED_NOTES = frozenset({NO_RETREAT_ORDERED, JUDGE_RETREAT, NO_RETREAT, NOT_MAINTAINED,
                             CIVIL_DISORDER_REMOVAL})


class AdjudicationError(Exception):
    """A bug in the engine, not a player's error: an adjudication that cannot be applied
    (two units ending in one space).  The message names the orders involved."""


@dataclass(frozen=True, slots=True)
class OrderResult:
    """What became of one order: its outcome and a note."""

    power: str | None
    order: Order
    outcome: Outcome
    note: str = ""
    #: what every power may read of the note (None: all of it); the ordering power and
    #: the game master read ``note`` (:mod:`machiavelli.core.privacy`)
    public_note: str | None = None
    #: the whole result is the ordering power's business (money orders are, always)
    private: bool = False

    def __init__(
        self,
        power: str | None,
        order: Order,
        outcome: Outcome,
        note: str = "",
        public_note: str | None = None,
        private: bool = False,
    ) -> None:
        # written out so that a compiled build makes it native (machiavelli.core.state.NATIVE)
        if NATIVE:
            self.power = power  # type: ignore[misc]
            self.order = order  # type: ignore[misc]
            self.outcome = outcome  # type: ignore[misc]
            self.note = note  # type: ignore[misc]
            self.public_note = public_note  # type: ignore[misc]
            self.private = private  # type: ignore[misc]
        else:
            _set(self, "power", power)
            _set(self, "order", order)
            _set(self, "outcome", outcome)
            _set(self, "note", note)
            _set(self, "public_note", public_note)
            _set(self, "private", private)


picklable(OrderResult)  # (machiavelli.core.pickling)


class Adjudication:
    """The new position, the outcome of every order and what happened beyond the orders.

    The results may be left to be written on first use (``write``): an engine
    that only wants the new position never builds them.
    """

    def __init__(
        self,
        state: State,
        results: list[OrderResult] | None = None,
        events: list[str] | None = None,
        private_events: dict[str, list[str]] | None = None,
        *,
        write: Callable[[], list[OrderResult]] | None = None,
    ) -> None:
        self.state = state
        self._results = results if results is not None or write is not None else []
        self._write = write
        self.events: list[str] = events if events is not None else []  # beyond the orders
        #: what happened that only one power (and the game master) may know: power -> lines
        self.private_events: dict[str, list[str]] = (
            private_events if private_events is not None else {})

    @property
    def results(self) -> list[OrderResult]:
        found = self._results
        if found is None:
            assert self._write is not None
            found = self._results = self._write()
            self._write = None
        return found

    @results.setter
    def results(self, value: list[OrderResult]) -> None:
        self._results, self._write = value, None

    @staticmethod
    def joined(
        state: State,
        parts: Sequence[Adjudication],
        events: list[str],
        private_events: dict[str, list[str]] | None = None,
    ) -> Adjudication:
        """The results of ``parts`` one after the other (written when first asked for).

        (Made by the class's own name, not through cls: a compiled build calls it
        natively.)"""
        if len(parts) == 1:  # the usual case: the part's results, written as it writes them
            # (were the part asked for its results too, they would be written twice, equal)
            part = parts[0]
            return Adjudication(state, part._results, events, private_events,
                                write=part._write)
        if all(part._results is not None for part in parts):
            return Adjudication(state, [r for part in parts for r in part.results], events,
                                private_events)
        return Adjudication(state, None, events, private_events,
                            write=lambda: [r for p in parts for r in p.results])

    def outcome_of(self, order: Order) -> Outcome | None:
        for r in self.results:
            if r.order == order:
                return r.outcome
        return None

    def __reduce__(self) -> tuple[type[Adjudication], tuple[
            State, list[OrderResult], list[str], dict[str, list[str]]]]:
        # pickled and copied with its results written (machiavelli.core.pickling: a
        # compiled Adjudication cannot be made empty and filled in)
        return (Adjudication, (self.state, self.results, self.events, self.private_events))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Adjudication):
            return NotImplemented
        return (self.state, self.results, self.events, self.private_events) == (
            other.state, other.results, other.events, other.private_events)

    def __repr__(self) -> str:
        return (f"Adjudication(state={self.state!r}, results={self.results!r}, "
                f"events={self.events!r}, private_events={self.private_events!r})")
