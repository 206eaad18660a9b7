"""*Princes of the Renaissance* as the host sees it: :class:`PrincesKind`, the port's
operations over the engine (see :mod:`machiavelli.service.port`).

One step of play is one resolved decision (spec section 4.1): an action, a bid, a
reaction window.  Most decisions have one owner and resolve on its answer; the sealed
order bids and the war reaction windows are simultaneous (every seat is asked, so being
asked reveals no hand, section 4.4.5).  Princes has no draws (section 4.4.8): its
standing's ``draw`` is ``""``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from machiavelli.princes.engine import advance as run_on
from machiavelli.princes.scoring import final_scoring
from machiavelli.princes.state import State, copy_state
from machiavelli.service.kinds.princes import answers, sight, table
from machiavelli.service.kinds.princes import standing as standing_orders
from machiavelli.service.kinds.princes.table import as_state
from machiavelli.service.port import (
    Choice,
    Decision,
    LineError,
    Position,
    Reading,
    Setup,
    SetupInfo,
    Sight,
    Standing,
    StandingOrder,
    Step,
)

#: the seed a forming game's set-up is shown with (its seats only matter)
SETUP_SEED = "set-up"


class PrincesKind:
    """Princes of the Renaissance: one decision at a time, a position per decision."""

    name = "princes"
    title = "Princes of the Renaissance"

    def setups(self) -> Sequence[SetupInfo]:
        return table.setups()

    def set_up(self, setup: Setup) -> State | str:
        return table.start(setup, SETUP_SEED)

    def title_of(self, setup: Setup) -> str:
        found = table.SETUPS.get(setup.name)
        return found[2] if found else self.title

    def aliases(self, setup: Setup) -> Mapping[str, str]:
        """Seat ``P3`` is also ``3`` (the join slot, spec section 4.5)."""
        return {str(n): f"P{n}" for n in range(1, (setup.players or 0) + 1)}

    def new_game(self, setup: Setup) -> Step | str:
        state = table.start(setup, setup.seed)
        if isinstance(state, str):
            return state
        state = _run_on(state)
        return Step(state, sight.report(state.log, {}),
                    sight.private_parts(state, Sight.of_master()))

    def seats(self, position: Position) -> tuple[str, ...]:
        return tuple(as_state(position).seats)

    def pending(self, position: Position) -> Decision | None:
        return answers.pending(as_state(position))

    def owes(self, position: Position, seat: str) -> bool:
        return answers.owes(as_state(position), seat)

    def read(self, position: Position, seat: str, text: str,
             earlier: Sequence[str] = (), *, replace: bool = False) -> Reading:
        return answers.read(as_state(position), seat, text, () if replace else earlier)

    def legal(self, position: Position, seat: str) -> Sequence[Choice]:
        return answers.legal(as_state(position), seat)

    def advance(self, position: Position, answers_in: Mapping[str, Sequence[str]],
                seed: str) -> Step:
        """The decision resolved (the dice follow the position's own seed, set from the
        game's at its start)."""
        state, events, defaults = answers.advance(as_state(position), answers_in)
        winners = tuple(state.final.get("winner", ())) if state.final else ()
        return Step(state, sight.report(events, defaults),
                    sight.private_parts(state, Sight.of_master()), winners=winners,
                    detail=events)

    def sight(self, position: Position, viewer: Sight) -> dict[str, Any]:
        return sight.visible(as_state(position), viewer)

    def position_text(self, position: Position, viewer: Sight) -> str:
        return sight.words(as_state(position), viewer)

    def private_parts(self, position: Position, viewer: Sight) -> Mapping[str, str]:
        return sight.private_parts(as_state(position), viewer)

    def picture(self, position: Position, viewer: Sight,
                answers: Mapping[str, Sequence[str]] | None = None, *,
                seed: str = "", resolved: bool = True) -> str:
        state = as_state(position)
        return sight.picture(state, viewer, f"{self.title}: {self.label(state)}")

    def options(self, position: Position) -> Mapping[str, str]:
        state = as_state(position)
        rules = state.rules
        found = {"side": rules.side, "start": rules.start, "money": rules.money}
        if state.catalogue_override:
            found["catalogue"] = "overridden: " + ", ".join(sorted(state.catalogue_override))
        return found

    def set_options(self, position: Position, words: str) -> tuple[Position, str] | str:
        return "a Princes game's options (side, start, money) are set when it is created"

    def standing(self, position: Position) -> Standing:
        """Victory points per seat: the final scoring once over, else what it would give
        now; the winners at the end (PR-END); no draws."""
        state = as_state(position)
        if state.final is not None:
            vp = state.final.get("vp", {})
            return Standing({s: float(vp.get(s, 0)) for s in state.seats},
                            tuple(state.final.get("winner", ())), True, "")
        if state.stage != "play":
            return Standing({s: 0.0 for s in state.seats}, (), False, "")
        now = final_scoring(copy_state(state))
        return Standing({s: float(now["vp"].get(s, 0)) for s in state.seats}, (), False, "")

    def label(self, position: Position) -> str:
        return answers.label(as_state(position))

    def course(self, position: Position) -> tuple[int, ...]:
        state = as_state(position)
        return state.decade, len(state.log), state.rolls

    def eliminated(self, position: Position) -> tuple[str, ...]:
        return ()

    # -- standing orders (the port's StandingKind) ---------------------------------
    def standing_order(self, position: Position, seat: str, line: str
                       ) -> StandingOrder | LineError | None:
        return standing_orders.standing_order(as_state(position), seat, line)

    def standing_answer(self, position: Position, seat: str, orders: Sequence[str]
                        ) -> tuple[str | None, tuple[str, ...]]:
        return standing_orders.standing_answer(as_state(position), seat, orders)

    def epoch(self, position: Position) -> int:
        """Standing orders lapse at the end of the decade."""
        return as_state(position).decade

    def touching(self, position: Position, seat: str) -> frozenset[str]:
        return frozenset(s for s in self.seats(position) if s != seat)

    def dump(self, position: Position) -> str:
        return table.dump(as_state(position))

    def load(self, text: str, setup: Setup) -> State:
        return table.load(text)


def _run_on(state: State) -> State:
    """The engine run on to its first decision."""
    ready = copy_state(state)
    run_on(ready)
    return ready
