"""A PettingZoo ``ParallelEnv`` of the bots' environment, with action masks.

The ``rl`` extra (``pip install 'machiavelli-judge[rl]'``: numpy, gymnasium,
pettingzoo); nothing else in the judge imports this module, so the core stays free
of numpy.

- **Agents**: the powers players take; an eliminated power leaves ``agents``.
- **Actions**: ``MultiDiscrete([MAX_OPTIONS] * MAX_SLOTS)``.  A *slot* is one decision:
  each unit or build place of the power in order (:meth:`LegalOrders.unit_keys`),
  then, in a movement phase with money, two expenses, a loan and a repayment.  Option
  ``i`` of a slot is the slot's ``i``-th choice (:func:`slot_choices`); for build
  places and money slots choice 0 is "nothing".  An action outside the mask falls
  back to choice 0.
- **Observations**: ``{"observation": Box, "action_mask": Tuple}``; the mask holds one
  array of ``MAX_OPTIONS`` flags per slot, as ``MultiDiscrete.sample(mask=...)`` takes
  it.  The observation is the power's view (:meth:`Env.observation`: no other power's
  money) as numbers in [0, 1]: per province in board order its controller, its city's
  owner, the army or fleet there (owner, kind) and the garrison's owner (power numbers
  over the number of powers, 0 for none); then the season, the phase, the years played
  over the bound, the power's treasury and debt over 100 (at most 1) and its chits over
  the number of powers.
- **Rewards**: 0 until the game ends, then :meth:`Env.returns` (the city share by
  default); **terminations** when the game ends; **truncations** never (the bound on
  years ends the game).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from machiavelli.bots.env import Env
from machiavelli.bots.menu import LegalOrders, numbered
from machiavelli.core.orders import Build, Expense, Order
from machiavelli.core.state import SEASONS, State
from machiavelli.money.finance import owed

MAX_SLOTS = 48
MAX_OPTIONS = 96
PHASES = ("movement", "retreat", "adjustment")
Choice = Order | None


def slot_choices(legal: LegalOrders) -> list[list[Choice]]:
    """The slots of a power's decision and each slot's choices (see the module's doc)."""
    slots: list[list[Choice]] = []
    for key in legal.unit_keys():
        options: list[Choice] = list(legal.units[key])
        if options and isinstance(options[0], Build):
            options = [None, *options]
        slots.append(options)
    menu = legal.money
    if menu.spending():  # (seed 003's gifts of the adjustment phase are no slot)
        slots += [[None, *menu.expenses], [None, *menu.expenses], [None, *menu.borrow],
                  [None, *menu.repay]]
    return [s[:MAX_OPTIONS] for s in slots[:MAX_SLOTS]]


def decode(slots: list[list[Choice]], action: Any) -> list[Order]:
    """The orders an action picks (choice 0 where it picks outside the mask)."""
    chosen = np.asarray(action, dtype=np.int64).reshape(-1)
    orders: list[Order] = []
    expenses: list[Expense] = []
    for index, choices in enumerate(slots):
        pick = int(chosen[index]) if index < chosen.size else 0
        order = choices[pick] if 0 <= pick < len(choices) else choices[0]
        if order is None:
            continue
        if isinstance(order, Expense):
            expenses.append(order)
        else:
            orders.append(order)
    seen: list[Expense] = []
    for expense in expenses:  # the same expense twice: once
        if expense not in seen:
            seen.append(expense)
    return orders + list(numbered(seen))


class MachiavelliParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The game as a PettingZoo parallel environment (see the module's doc)."""

    metadata = {"name": "machiavelli_v0", "render_modes": []}

    def __init__(self, scenario: str = "classic_1454", flags: tuple[str, ...] = (),
                 max_years: int = 10, seed: int | str = 0) -> None:
        self.env = Env()
        self.scenario, self.flags, self.max_years, self.seed = scenario, flags, max_years, seed
        self.env.reset(scenario, flags, seed, max_years=max_years)
        board = self.env.board
        assert board is not None
        self.provinces = sorted(board.provinces)
        self.possible_agents: list[str] = list(self.env.powers())
        self.agents: list[str] = list(self.possible_agents)
        self.render_mode = None
        size = 5 * len(self.provinces) + 6
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Tuple([spaces.Box(0, 1, (MAX_OPTIONS,), np.int8)
                                         for _ in range(MAX_SLOTS)]),
        })
        self._action_space = spaces.MultiDiscrete([MAX_OPTIONS] * MAX_SLOTS)
        self._slots: dict[str, list[list[Choice]]] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # -- the API ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        if seed is not None:
            self.seed = seed
        self.env.reset(self.scenario, self.flags, self.seed, max_years=self.max_years)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        deciding = set(self.env.deciding())
        orders = {a: decode(self._slots.get(a, []), actions[a]) for a in self.agents
                  if a in actions and a in deciding}
        self.env.step(orders)
        done = self.env.done
        living = set(self.env.powers())
        rewards = self.env.returns() if done else {}
        acting = list(self.agents)
        terminations = {a: done or a not in living for a in acting}
        truncations = {a: False for a in acting}
        observations = self._observations(acting)
        infos: dict[str, dict[str, Any]] = {a: {"phase": self.env.state().label}
                                            for a in acting}
        self.agents = [] if done else [a for a in acting if a in living]
        return (observations, {a: float(rewards.get(a, 0.0)) for a in acting}, terminations,
                truncations, infos)

    # -- observations ----------------------------------------------------------------
    def _observations(self, agents: list[str] | None = None) -> dict[str, Any]:
        return {a: self._observe(a) for a in (self.agents if agents is None else agents)}

    def _observe(self, agent: str) -> dict[str, Any]:
        legal = self.env.legal_orders(agent)
        slots = slot_choices(legal)
        self._slots[agent] = slots
        mask = np.zeros((MAX_SLOTS, MAX_OPTIONS), np.int8)
        for index in range(MAX_SLOTS):
            mask[index, :len(slots[index]) if index < len(slots) else 1] = 1
        seen = self.env.observation(agent).state
        return {"observation": self._features(seen, agent), "action_mask": tuple(mask)}

    def _features(self, state: State, agent: str) -> Any:
        powers = {p: i + 1 for i, p in enumerate(state.powers)}
        scale = float(len(powers) + 1)
        units = {(u.province, u.kind == "G"): u for u in state.units}
        rows: list[float] = []
        for province in self.provinces:
            mobile = units.get((province, False))
            garrison = units.get((province, True))
            rows += [powers.get(state.province_owner.get(province, ""), 0) / scale,
                     powers.get(state.city_owner.get(province, ""), 0) / scale,
                     powers.get(mobile.owner or "", 0) / scale if mobile else 0.0,
                     (1.0 if mobile.kind == "A" else 0.5) if mobile else 0.0,
                     powers.get(garrison.owner or "", 0) / scale if garrison else 0.0]
        debt = owed(state.loans.get(agent, []))
        rows += [SEASONS.index(state.season) / 3, PHASES.index(state.phase) / 2,
                 min(self.env.years / max(self.max_years, 1), 1.0),
                 min(max(state.treasury.get(agent, 0), 0) / 100, 1.0), min(debt / 100, 1.0),
                 len(state.chits.get(agent, [])) / scale]
        return np.asarray(rows, dtype=np.float32)


__all__ = ["MAX_OPTIONS", "MAX_SLOTS", "MachiavelliParallelEnv", "decode", "slot_choices"]
