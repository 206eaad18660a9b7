"""A PettingZoo ``AECEnv`` of *Princes of the Renaissance*, with action masks.

The ``rl`` extra (numpy, gymnasium, pettingzoo), as :mod:`machiavelli.bots.rl`; nothing
else in the judge imports this module.

- **Agents**: the seats ``P1``..``Pn``. The game is a sequence of decisions, so the
  environment is turn-based (AEC): ``agent_selection`` is the first seat the pending
  decision waits for; a simultaneous decision (sealed order bids, reaction rounds) asks
  its seats one after another, each unaware of the others' answers.
- **Actions**: ``Discrete(MAX_ACTIONS)``: action ``i`` is the ``i``-th concrete legal
  action of the seat (:meth:`PrincesEnv.actions` with ``PER_RANGE`` values per bid range:
  its ends and middle). An action outside the mask falls back to action 0.
- **Observations**: ``{"observation": Box, "action_mask": Box}``: the seat's view as
  numbers in [0, 1]: each city's status over 10 and status events; the cannon, decade
  and stage; the seat's own gold and influence (over 100) and hand size; per seat in
  order its city tiles, troops, events, triumphs and projected VP (over 60); the pending
  decision's kind (one-hot).
- **Rewards**: 0 until the end, then the win share (:meth:`PrincesEnv.returns`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from machiavelli.bots.princes_env import PrincesEnv, projected_vp
from machiavelli.princes.catalogue import CITIES
from machiavelli.princes.engine import ACCEPTS
from machiavelli.princes.state import Rules

MAX_ACTIONS = 256
PER_RANGE = 3
KINDS = tuple(ACCEPTS)
STAGES = ("order_bids", "family_auction", "family_choice", "play", "scoring", "over")


class PrincesAECEnv(AECEnv):  # type: ignore[misc]
    """The game as a PettingZoo AEC environment (see the module's doc)."""

    metadata = {"name": "princes_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, players: int = 4, side: str = "A", seed: str | int = 0) -> None:
        super().__init__()
        self.rules = Rules(players=players, side=side, start="auction")
        self.seed = str(seed)
        self.game = PrincesEnv(self.rules, seed=self.seed)
        self.possible_agents: list[str] = list(self.game.names)
        self.agents: list[str] = []
        self.render_mode = None
        size = 2 * len(CITIES) + 3 + len(STAGES) + 3 + 5 * players + len(KINDS)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (MAX_ACTIONS,), np.int8),
        })
        self._action_space = spaces.Discrete(MAX_ACTIONS)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # -- the API ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.seed = str(seed)
        self.game = PrincesEnv(self.rules, seed=self.seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._deciding()

    def _deciding(self) -> str:
        seats = self.game.state.pending.seats
        return seats[0] if seats else self.possible_agents[0]

    def legal(self, agent: str) -> list[dict[str, Any]]:
        if self.game.done or agent not in self.game.state.pending.seats:
            return []
        return self.game.actions(agent, PER_RANGE)[:MAX_ACTIONS]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        legal = self.legal(agent)
        self._cumulative_rewards[agent] = 0.0
        if legal:
            pick = int(action) if action is not None else 0
            self.game.step(agent, legal[pick] if 0 <= pick < len(legal) else legal[0])
        if self.game.done:
            returns = self.game.returns()
            self.rewards = {a: float(returns.get(a, 0.0)) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = self._deciding()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.zeros(MAX_ACTIONS, np.int8)
        mask[:len(self.legal(agent))] = 1
        return {"observation": self._features(agent), "action_mask": mask}

    def _features(self, agent: str) -> Any:
        s = self.game.state
        h = s.seats[agent]
        vp = projected_vp(s)
        rows: list[float] = []
        rows += [s.status[c] / 10 for c in CITIES]
        rows += [min(len(s.status_events.get(c, [])) / 3, 1.0) for c in CITIES]
        rows += [s.cannon / 5, s.decade / 3, 1.0 if s.pope_holder == agent else 0.0]
        rows += [1.0 if s.stage == st else 0.0 for st in STAGES]
        rows += [min(h.gold / 100, 1.0), min(h.influence / 100, 1.0), len(h.traitors) / 5]
        for seat in self.possible_agents:
            o = s.seats[seat]
            rows += [len(o.city_tiles) / 6, len(o.troops) / 8, len(o.events) / 12,
                     min(o.triumphs / 6, 1.0), min(max(vp.get(seat, 0), 0) / 60, 1.0)]
        rows += [1.0 if s.pending.kind == k else 0.0 for k in KINDS]
        return np.asarray(rows, dtype=np.float32)

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None


__all__ = ["MAX_ACTIONS", "PER_RANGE", "PrincesAECEnv"]
