"""What one power may see: the position and the last phase, as the judge shows them to it.

:func:`observe` is the one place a bot's view is made.  It follows the judge's
privacy rule (:mod:`machiavelli.core.privacy`; docs/rulings.md, "What each power
sees"), the position through the service's own rule
(:func:`machiavelli.service.kinds.machiavelli.sight.redacted`, what the service's
``view`` hands a player):

- the position with every other power's treasury, loans, chits and default taken
  out; the board (units, control, rebellions, famine, assassinations) is public;
- the last phase's results: everyone's public results, with the public part of
  their notes, and the power's own private results (money orders, private notes);
- the public events and the power's own private events; the public dice and its own;
- the public report and the power's own private part.

Nothing else in the bots reads another power's money.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from machiavelli.core.dice import Roll
from machiavelli.core.privacy import is_private, public_note, sees_roll
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.game.process import PhaseResult
from machiavelli.service.kinds.machiavelli.sight import redacted as service_redacted
from machiavelli.service.port import Sight
from machiavelli.text.notation import format_order


class LastPhase:
    """Everything a processed phase produced, for every viewer (the master's view).

    Made from a :class:`~machiavelli.game.process.PhaseResult` (:meth:`of`), its
    results, report and private parts are taken from it when first read: a bot that
    reads only the position never pays for the phase's text."""

    def __init__(self, results: tuple[OrderResult, ...] = (), events: tuple[str, ...] = (),
                 private_events: dict[str, list[str]] | None = None,
                 rolls: tuple[Roll, ...] = (), report: str = "",
                 private: dict[str, str] | None = None) -> None:
        self._source: PhaseResult | None = None
        self._results: tuple[OrderResult, ...] | None = results
        self.events = events
        self.private_events: dict[str, list[str]] = (
            private_events if private_events is not None else {})
        self.rolls = rolls
        self._report: str | None = report
        self._private: dict[str, str] | None = private if private is not None else {}

    @classmethod
    def of(cls, result: PhaseResult) -> LastPhase:
        """What ``result`` produced, its text written when first read."""
        last = cls(events=tuple(result.events),
                   private_events={p: list(v) for p, v in result.private_events.items()},
                   rolls=tuple(result.rolls))
        last._source, last._results, last._report, last._private = result, None, None, None
        return last

    @property
    def results(self) -> tuple[OrderResult, ...]:
        if self._results is None:
            assert self._source is not None
            self._results = tuple(self._source.results)
        return self._results

    @property
    def report(self) -> str:
        if self._report is None:
            assert self._source is not None
            self._report = self._source.report
        return self._report

    @property
    def private(self) -> dict[str, str]:
        if self._private is None:
            assert self._source is not None
            self._private = dict(self._source.private)
        return self._private

    def copy(self) -> LastPhase:
        """A copy whose private events are its own (the phase's text shared)."""
        twin = LastPhase(events=self.events, rolls=self.rolls)
        twin._source, twin._results = self._source, self._results
        twin._report, twin._private = self._report, self._private
        twin.private_events = {p: list(v) for p, v in self.private_events.items()}
        return twin


class Observation:
    """What ``power`` may see now (see the module's doc).

    Made by :func:`observe`, the results, events, dice, report and private part are
    sifted from the last phase when first read (the position at once)."""

    def __init__(self, power: str, state: State, results: tuple[OrderResult, ...] = (),
                 events: tuple[str, ...] = (), rolls: tuple[Roll, ...] = (),
                 report: str = "", private: str = "") -> None:
        self.power = power
        self.state = state
        self._last: LastPhase | None = None
        self._viewer: str | None = None
        self._results: tuple[OrderResult, ...] | None = results
        self._events: tuple[str, ...] | None = events
        self._rolls: tuple[Roll, ...] | None = rolls
        self._report: str | None = report
        self._private: str | None = private

    @classmethod
    def seen(cls, state: State, last: LastPhase, power: str | None) -> Observation:
        """``power``'s view (None: the public's) of ``state`` and ``last``, sifted later."""
        made = cls(power or "", state)
        made._last, made._viewer = last, power
        made._results = made._events = made._rolls = made._report = made._private = None
        return made

    @property
    def results(self) -> tuple[OrderResult, ...]:
        if self._results is None:
            assert self._last is not None
            viewer = self._viewer
            self._results = tuple(r for r in (_seen(x, viewer) for x in self._last.results)
                                  if r is not None)
        return self._results

    @property
    def events(self) -> tuple[str, ...]:
        if self._events is None:
            assert self._last is not None
            viewer = self._viewer
            own = self._last.private_events.get(viewer, []) if viewer is not None else []
            self._events = (*self._last.events, *own)
        return self._events

    @property
    def rolls(self) -> tuple[Roll, ...]:
        if self._rolls is None:
            assert self._last is not None
            self._rolls = tuple(r for r in self._last.rolls if sees_roll(r, self._viewer))
        return self._rolls

    @property
    def report(self) -> str:
        if self._report is None:
            assert self._last is not None
            self._report = self._last.report
        return self._report

    @property
    def private(self) -> str:
        if self._private is None:
            assert self._last is not None
            viewer = self._viewer
            self._private = self._last.private.get(viewer, "") if viewer is not None else ""
        return self._private

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        return {
            "power": self.power,
            "state": self.state.to_dict(),
            "results": [{"power": r.power, "order": format_order(r.order),
                         "outcome": r.outcome, "note": r.note} for r in self.results],
            "events": list(self.events),
            "rolls": [str(r) for r in self.rolls],
            "report": self.report,
            "private": self.private,
        }


def redacted(state: State, power: str | None) -> State:
    """The position with the money of every power but ``power`` taken out: the service's
    rule (:func:`machiavelli.service.kinds.machiavelli.sight.redacted`) for that power's
    player, or for the public."""
    viewer = Sight.of_seat(power) if power is not None else Sight.public()
    return service_redacted(state, viewer)


def _seen(result: OrderResult, power: str | None) -> OrderResult | None:
    if result.power == power and power is not None:
        return result
    if is_private(result):
        return None
    note = public_note(result)
    return result if note == result.note else replace(result, note=note, public_note=None)


def observe(state: State, last: LastPhase, power: str | None) -> Observation:
    """What ``power`` may see (None: the public) of the position and the last phase (its
    results, events, dice and text sifted when first read)."""
    return Observation.seen(redacted(state, power), last, power)


__all__ = ["LastPhase", "Observation", "observe", "redacted"]
