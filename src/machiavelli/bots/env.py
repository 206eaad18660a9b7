"""The environment: one seeded game of Machiavelli (or Diplomacy) that a program drives.

::

    env = Env()
    env.reset("classic_1454", flags=["noplague"], seed=7)
    while not env.done:
        orders = {p: my_bot(env.observation(p), env.legal_orders(p)) for p in env.deciding()}
        env.step(orders)
    print(env.returns())

- :meth:`Env.reset` sets a scenario up as the service does for a new game
  (:func:`machiavelli.service.games.set_up`: the options with 001's ``set`` words,
  treasuries and chits dealt), with the starting treasuries of the powers the scenario
  does not fund;
- :meth:`Env.legal_orders` lists a power's choices (:mod:`machiavelli.bots.menu`);
- :meth:`Env.step` processes one phase with everything 001 attaches to it
  (:func:`machiavelli.game.process.process_phase`: the campaign with its money steps,
  retreats, adjustments, disasters, income, eliminations, victory; phases in which
  nobody decides follow at once).  Its dice are seeded by the game's seed and the
  phase, so the same seed and orders give the same game;
- :meth:`Env.observation` is what one power may see (:func:`machiavelli.bots.view.observe`);
- :meth:`Env.returns` scores the position (:mod:`machiavelli.bots.scoring`);
- :meth:`Env.clone` and :meth:`Env.to_json` / :meth:`Env.from_json` copy and keep it.

A game ends with a winner, when fewer than two powers are left, or, with
``max_years``, when that many years have been played (the bound of self-play).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from machiavelli.bots.menu import LegalOrders, legal_orders
from machiavelli.bots.scoring import SCORINGS, Scoring, city_share
from machiavelli.bots.view import LastPhase, Observation, observe
from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.state import State
from machiavelli.game.process import PhaseResult, process_phase
from machiavelli.game.scenario import scenario_info, unfunded_powers
from machiavelli.game.start import start_game
from machiavelli.movement.retreats import can_retreat
from machiavelli.service.kinds import MACHIAVELLI, kind_named
from machiavelli.service.kinds.machiavelli.table import Table
from machiavelli.service.port import Setup

Orders = Mapping[str, Sequence[Order]]


class SetupError(ValueError):
    """A scenario, variant or flag the judge does not know."""


@dataclass(frozen=True)
class GameSpec:
    """What a game is set up from; with the position, everything :class:`Env` keeps."""

    scenario: str = "classic_1454"
    flags: tuple[str, ...] = ()
    seed: str = "0"
    players: int | None = None
    victory_cities: int | None = None
    max_years: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "flags": list(self.flags), "seed": self.seed,
                "players": self.players, "victory_cities": self.victory_cities,
                "max_years": self.max_years}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSpec:
        return cls(data["scenario"], tuple(data.get("flags", ())), str(data["seed"]),
                   data.get("players"), data.get("victory_cities"), data.get("max_years"))


def set_up(spec: GameSpec) -> tuple[Board, State, str]:
    """The board, the first position and the game start's report of ``spec``, as the
    service sets a game up (:func:`machiavelli.service.games.set_up`: the Machiavelli
    kind's set-up of the game's recorded set-up) and starts it.  (The kind is asked
    directly: the service's games module brings the storage, a quarter of a second of
    imports for every self-play worker.)"""
    made = kind_named(MACHIAVELLI).set_up(Setup.recorded(
        spec.scenario, spec.players, spec.flags, spec.victory_cities, spec.seed))
    if isinstance(made, str):
        raise SetupError(made)
    assert isinstance(made, Table)
    board, state = made.board, made.state
    state, start = start_game(board, state, spec.seed,
                              unfunded_powers(spec.scenario, spec.players))
    return board, state, start.report


class Env:
    """One game, driven phase by phase (see the module's doc)."""

    def __init__(self, scoring: Scoring | str = city_share) -> None:
        self.scoring: Scoring = SCORINGS[scoring] if isinstance(scoring, str) else scoring
        self.spec = GameSpec()
        self.board: Board | None = None
        self._state: State | None = None
        self.start_year = 0
        self.phases = 0
        self.winners: list[str] = []
        self.last = LastPhase()
        self.unplayed: tuple[str, ...] = ()

    # -- setting up ------------------------------------------------------------------
    def reset(self, scenario: str = "classic_1454", flags: Sequence[str] = (),
              seed: int | str = 0, *, players: int | None = None,
              victory_cities: int | None = None, max_years: int | None = None) -> State:
        """A new game; returns the first position (the master's view)."""
        self.spec = GameSpec(scenario, tuple(flags), str(seed), players, victory_cities,
                             max_years)
        self.board, self._state, report = set_up(self.spec)
        self.start_year = self._state.year
        self.phases = 0
        self.winners = []
        self.last = LastPhase(report=report)
        self.unplayed = scenario_info(scenario).unplayed
        return self._state.copy()

    @property
    def _game(self) -> tuple[Board, State]:
        if self.board is None or self._state is None:
            raise RuntimeError("Env.reset() first")
        return self.board, self._state

    # -- reading ---------------------------------------------------------------------
    def state(self) -> State:
        """The whole position (the game master's view), a copy."""
        return self._game[1].copy()

    def powers(self) -> list[str]:
        """The powers still in the game that players take (unplayed powers only hold)."""
        state = self._game[1]
        return [p for p in state.powers if p not in state.eliminated and p not in self.unplayed]

    def deciding(self) -> list[str]:
        """The powers with something to decide in this phase."""
        board, state = self._game
        if state.phase == "retreat":
            return [p for p in self.powers()
                    if any(d.unit.owner == p and can_retreat(board, state, d)
                           for d in state.dislodged)]
        if state.phase == "adjustment":  # units to keep or remove, home cities to build in
            return [p for p in self.powers() if state.units_of(p) or state.home.get(p)]
        return [p for p in self.powers() if state.units_of(p)]

    def legal_orders(self, power: str) -> LegalOrders:
        board, state = self._game
        return legal_orders(board, state, power)

    def observation(self, power: str | None) -> Observation:
        """What ``power`` may see now (None: the public)."""
        return observe(self._game[1], self.last, power)

    @property
    def years(self) -> int:
        return self._game[1].year - self.start_year

    @property
    def done(self) -> bool:
        state = self._game[1]
        alive = [p for p in state.powers if p not in state.eliminated]
        bound = self.spec.max_years
        return bool(self.winners) or len(alive) < 2 or (
            bound is not None and self.years >= bound)

    def returns(self) -> dict[str, float]:
        board, state = self._game
        return self.scoring(board, state, self.winners)

    # -- playing ---------------------------------------------------------------------
    def step(self, orders: Orders) -> PhaseResult:
        """Process the current phase with ``orders`` (power -> order objects)."""
        board, state = self._game
        if self.done:
            raise RuntimeError("the game is over")
        given = {p: list(o) for p, o in orders.items() if p in state.powers}
        result = process_phase(board, state, given, self.spec.seed, self.spec.victory_cities)
        self._state = result.after
        self.phases += 1
        self.winners = list(result.winners)
        self.last = LastPhase.of(result)  # its text written when a viewer reads it
        return result

    # -- copies ----------------------------------------------------------------------
    def clone(self) -> Env:
        """An independent copy: stepping one never changes the other."""
        twin = Env(self.scoring)
        twin.spec, twin.board, twin.unplayed = self.spec, self.board, self.unplayed
        twin._state = self._game[1].copy()
        twin.start_year, twin.phases, twin.winners = self.start_year, self.phases, list(
            self.winners)
        twin.last = self.last.copy()
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON data: its spec, position, progress and last reports."""
        return {"spec": self.spec.to_dict(), "state": self._game[1].to_dict(),
                "start_year": self.start_year, "phases": self.phases,
                "winners": list(self.winners), "report": self.last.report,
                "private": dict(self.last.private),
                "private_events": {p: list(v) for p, v in self.last.private_events.items()},
                "events": list(self.last.events)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], scoring: Scoring | str = city_share) -> Env:
        env = cls(scoring)
        env.spec = GameSpec.from_dict(data["spec"])
        env.board = set_up(env.spec)[0]
        env._state = State.from_dict(data["state"])
        env.start_year, env.phases = data["start_year"], data["phases"]
        env.winners = list(data["winners"])
        env.unplayed = scenario_info(env.spec.scenario).unplayed
        # results and rolls are kept as text in the reports; events and reports as given
        env.last = LastPhase(events=tuple(data.get("events", ())),
                             private_events={p: list(v) for p, v in
                                             data.get("private_events", {}).items()},
                             report=data.get("report", ""),
                             private=dict(data.get("private", {})))
        return env

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str, scoring: Scoring | str = city_share) -> Env:
        return cls.from_dict(json.loads(text), scoring)


__all__ = ["Env", "GameSpec", "Orders", "SetupError", "set_up"]
