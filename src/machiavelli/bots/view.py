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

from dataclasses import dataclass, field, replace
from typing import Any

from machiavelli.core.dice import Roll
from machiavelli.core.privacy import is_private, public_note, sees_roll
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.service.kinds.machiavelli.sight import redacted as service_redacted
from machiavelli.service.port import Sight
from machiavelli.text.notation import format_order


@dataclass(frozen=True)
class LastPhase:
    """Everything a processed phase produced, for every viewer (the master's view)."""

    results: tuple[OrderResult, ...] = ()
    events: tuple[str, ...] = ()
    private_events: dict[str, list[str]] = field(default_factory=dict)
    rolls: tuple[Roll, ...] = ()
    report: str = ""
    private: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Observation:
    """What ``power`` may see now (see the module's doc)."""

    power: str
    state: State
    results: tuple[OrderResult, ...] = ()
    events: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = ()
    report: str = ""
    private: str = ""

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
    """What ``power`` may see (None: the public) of the position and the last phase."""
    results = tuple(r for r in (_seen(x, power) for x in last.results) if r is not None)
    own = last.private_events.get(power, []) if power is not None else []
    return Observation(
        power=power or "",
        state=redacted(state, power),
        results=results,
        events=(*last.events, *own),
        rolls=tuple(r for r in last.rolls if sees_roll(r, power)),
        report=last.report,
        private=last.private.get(power, "") if power is not None else "",
    )


__all__ = ["LastPhase", "Observation", "observe", "redacted"]
