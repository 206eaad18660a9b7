"""Self-play made faster plays the same games: fixed seeds give the digests recorded
before the speed work (docs/speed.md, "Self-play").

Two digests: the records of four games of ``play_game`` (greedy, random and hold on
classic 1454, with plague and storms in one, and struggle 1499), and every position and
every order of one game driven through :class:`~machiavelli.bots.env.Env` as a bot would (the
observation, the legal orders, the step).  A change that alters a single die, order,
ducat or unit changes them; a change that is only faster does not.
"""

from __future__ import annotations

import hashlib
import json
import random

from machiavelli.bots.env import Env
from machiavelli.bots.roster import player_named
from machiavelli.bots.selfplay import GameConfig, play_game, seats
from machiavelli.text.notation import format_order

RECORDS = "60a6adf46ab9eb3b"
POSITIONS = "0d70077f3d63da37"


def records_digest() -> str:
    plan = [GameConfig(0, "classic_1454", ("greedy", "random"), "digest-0", 3),
            GameConfig(1, "classic_1454", ("greedy", "random", "hold"), "digest-1", 3),
            GameConfig(2, "struggle_1499", ("random", "greedy"), "digest-2", 2),
            GameConfig(3, "classic_1454", ("greedy", "random"), "digest-3", 2,
                       ("plague", "storms"))]
    digest = hashlib.sha256()
    for config in plan:
        data = play_game(config).to_dict()
        data.pop("seconds")
        digest.update(json.dumps(data, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def positions_digest() -> str:
    env = Env()
    env.reset("classic_1454", (), "digest-env", max_years=3)
    players = {p: player_named(b) for p, b in seats(env.powers(), ("greedy", "random"),
                                                           1).items()}
    rng = random.Random("digest-env/orders")
    board = env.board
    assert board is not None
    digest = hashlib.sha256()
    while not env.done:
        orders = {p: players[p].choose(board, env.observation(p), env.legal_orders(p), rng)
                  for p in env.deciding()}
        digest.update(json.dumps({p: [format_order(o) for o in os]
                                  for p, os in orders.items()}, sort_keys=True).encode())
        env.step(orders)
        digest.update(json.dumps(env.state().to_dict(), sort_keys=True).encode())
    digest.update(json.dumps(env.returns(), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def test_fixed_seed_self_play_gives_the_recorded_games() -> None:
    assert records_digest() == RECORDS


def test_fixed_seed_env_game_gives_the_recorded_positions_and_orders() -> None:
    assert positions_digest() == POSITIONS
