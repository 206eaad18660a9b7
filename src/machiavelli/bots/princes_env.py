"""The bots' environment for *Princes of the Renaissance* (spec section 4.7).

:class:`PrincesEnv` wraps the pure engine: ``reset()``, ``pending()`` (kind and seats),
``legal_actions(seat)`` (templates, bids as ranges), ``actions(seat, max_per_range)`` (the
templates expanded into concrete actions), ``step(seat, action)`` or ``step({seat:
action, ...})`` for the simultaneous decisions, ``observation(seat)`` (the seat's view plus
derived features: its bid ceiling and the VP projection), ``returns()``, ``clone()`` and
``replay(log)``. Every step can be checked against the invariants (:func:`step_problems`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from machiavelli.princes.catalogue import Catalogue
from machiavelli.princes.decisions import Template, expand, legal_actions
from machiavelli.princes.engine import advance, apply
from machiavelli.princes.invariants import broken
from machiavelli.princes.scoring import final_scoring
from machiavelli.princes.setup import new_game
from machiavelli.princes.state import Event, Rules, Seat, State
from machiavelli.princes.view import view

Action = dict[str, Any]
#: acts that only move money between seats (or between a seat's two currencies)
TRANSFERS = {"give": "each", "play_steal": "each", "lucrezia_steal": "each",
             "bank_exchange": "sum"}


def seat_names(players: int) -> list[Seat]:
    return [f"P{i}" for i in range(1, players + 1)]


class PrincesEnv:
    """One game of Princes for bots (see the module's doc)."""

    def __init__(self, rules: Rules, catalogue: Catalogue | None = None, seed: str = "0",
                 names: Sequence[Seat] | None = None) -> None:
        self.rules = rules
        self.catalogue = catalogue
        self.seed = seed
        self.names = list(names) if names else seat_names(rules.players)
        self.state: State = self.reset()
        self.history: list[tuple[Seat, Action]] = []

    # -- the game ---------------------------------------------------------------------
    def reset(self) -> State:
        self.state = new_game(self.rules, list(self.names), self.seed, self.catalogue)
        advance(self.state)
        self.history = []
        self.decisions = 0
        return self.state

    @property
    def done(self) -> bool:
        return self.state.stage == "over"

    def seats(self) -> list[Seat]:
        return list(self.state.order)

    def pending(self) -> tuple[str, tuple[Seat, ...]]:
        p = self.state.pending
        return p.kind, tuple(p.seats)

    def legal_actions(self, seat: Seat) -> list[Template]:
        return legal_actions(self.state, seat)

    def actions(self, seat: Seat, max_per_range: int = 3) -> list[Action]:
        """Every concrete legal action of ``seat`` (ranges: their ends and middle)."""
        return [a for t in legal_actions(self.state, seat) for a in expand(t, max_per_range)]

    def step(self, seat: Seat | Mapping[Seat, Action], action: Action | None = None
             ) -> list[Event]:
        """Apply one action, or a dict of answers (simultaneous decisions) in order."""
        answers = dict(seat) if isinstance(seat, Mapping) else {seat: action or {}}
        events: list[Event] = []
        for who, act in answers.items():
            self.state, new = apply(self.state, who, act)
            self.history.append((who, act))
            self.decisions += 1
            events += new
        return events

    def observation(self, seat: Seat | None) -> dict[str, Any]:
        """The seat's view of the position, plus derived features."""
        out = view(self.state, seat)
        out["projected_vp"] = projected_vp(self.state)
        if seat is not None:
            out["ceilings"] = {_key(t): {k: hi for k, (_, hi) in t.ranges.items()}
                               for t in legal_actions(self.state, seat) if t.ranges}
        return out

    def returns(self) -> dict[Seat, float]:
        """The win share: 1/k to each of k winners (none before the end)."""
        final = self.state.final
        if not final:
            return dict.fromkeys(self.state.order, 0.0)
        winners = list(final["winner"])
        return {s: (1.0 / len(winners) if s in winners else 0.0) for s in self.state.order}

    def final_vp(self) -> dict[Seat, int]:
        final = self.state.final
        return dict(final["vp"]) if final else projected_vp(self.state)

    def clone(self) -> PrincesEnv:
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
        other.history = list(self.history)
        return other

    def replay(self, log: Sequence[tuple[Seat, Action]]) -> State:
        """The game from its start with the decisions of ``log``."""
        self.reset()
        for seat, act in log:
            self.step(seat, act)
        return self.state


def _key(t: Template) -> str:
    """``auction city doge``, ``bid``, ``bank_exchange gold_to_influence``..."""
    item = t.fixed.get("item")
    if isinstance(item, dict):
        return " ".join(["auction", *(str(v) for v in item.values())])
    return " ".join([t.act, *(str(v) for v in t.fixed.values())])


def projected_vp(state: State) -> dict[Seat, int]:
    """The VP each seat would score if the game ended now (PR-END)."""
    if state.stage in ("order_bids", "family_auction", "family_choice"):
        return dict.fromkeys(state.order, 0)
    probe = copy.copy(state)
    probe.log = []
    return dict(final_scoring(probe)["vp"])


#: events that move money from or to the supply (the engine may run on to them after a
#: transfer: a steal that ends the turn and the decade is followed by the income)
SUPPLY_EVENTS = {"income", "payment", "auction_won", "final_scoring"}


def step_problems(before: State, seat: Seat, action: Action, after: State,
                  events: Sequence[Event] = ()) -> list[str]:
    """The invariants after one step: the position's own (spec section 4.2), and money
    conserved by the acts that only move it (gifts, steals, the Banker) when nothing
    else in the step touched the supply."""
    out = broken(after)
    kind = TRANSFERS.get(str(action.get("act")))
    if kind is not None and not any(e.get("type") in SUPPLY_EVENTS for e in events):
        def totals(s: State) -> tuple[int, int]:
            return (sum(h.gold for h in s.seats.values()),
                    sum(h.influence for h in s.seats.values()))
        (g0, i0), (g1, i1) = totals(before), totals(after)
        if (kind == "each" and (g0, i0) != (g1, i1)) or (kind == "sum" and g0 + i0 != g1 + i1):
            out.append(f"{action['act']} by {seat} changed the money: gold {g0}->{g1}, "
                       f"influence {i0}->{i1}")
    return out


def final_problems(state: State) -> list[str]:
    """At the end: the VP recomputed from the final position agree with the scoring."""
    if state.final is None:
        return []
    again = projected_vp(state)
    if again != state.final["vp"]:
        return [f"VP recomputed {again} differ from the final scoring {state.final['vp']}"]
    return []


__all__ = ["PrincesEnv", "final_problems", "projected_vp", "seat_names", "step_problems"]
