"""The Princes PettingZoo wrapper (the rl extra): PettingZoo's own API test, masks, a game."""

from __future__ import annotations

import numpy as np
from pettingzoo.test import api_test

from machiavelli.bots.princes_rl import MAX_ACTIONS, PrincesAECEnv


def test_pettingzoo_api_test_passes() -> None:
    api_test(PrincesAECEnv(players=3, seed=1), num_cycles=200)


def test_masked_random_actions_play_a_game_to_its_end() -> None:
    env = PrincesAECEnv(players=4, side="B", seed=7)
    env.reset()
    rng = np.random.default_rng(7)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert env.observation_space(agent).contains(obs)
        mask = obs["action_mask"]
        assert mask.shape == (MAX_ACTIONS,) and mask.sum() >= 1
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 50 and env.game.done
    assert sum(env.game.returns().values()) == 1.0
