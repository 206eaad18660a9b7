"""The PettingZoo wrapper (the rl extra): PettingZoo's own API test, masks, a whole game."""

from __future__ import annotations

import numpy as np
from pettingzoo.test import parallel_api_test

from machiavelli.bots.rl import MAX_OPTIONS, MAX_SLOTS, MachiavelliParallelEnv


def test_pettingzoo_parallel_api_test_passes() -> None:
    parallel_api_test(MachiavelliParallelEnv("standard_1901", max_years=2), num_cycles=40)


def test_masked_random_actions_play_a_game_with_money_to_its_end() -> None:
    env = MachiavelliParallelEnv("classic_1454", max_years=2, seed=3)
    observations, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps, rewards = 0, {}
    while env.agents:
        actions = {}
        for agent in env.agents:
            obs = observations[agent]
            assert env.observation_space(agent).contains(obs)
            mask = obs["action_mask"]
            assert len(mask) == MAX_SLOTS and all(len(row) == MAX_OPTIONS for row in mask)
            actions[agent] = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        observations, rewards, terminations, _, _ = env.step(actions)
        steps += 1
    assert steps >= 8 and env.env.years == 2
    assert abs(sum(rewards.values()) - 1.0) < 1e-6
    assert not env.env.winners


def test_the_observation_holds_only_the_agents_own_treasury() -> None:
    env = MachiavelliParallelEnv("classic_1454", max_years=1)
    observations, _ = env.reset(seed=1)
    treasury_feature = {a: float(o["observation"][-3]) for a, o in observations.items()}
    state = env.env.state()
    for agent, value in treasury_feature.items():
        assert abs(value - min(state.treasury[agent] / 100, 1.0)) < 1e-6
