"""Self-play of *Princes of the Renaissance*: whole games bot against bot, every decision
checked against the invariants (spec section 4.2: statuses within bounds, city tile limits,
one troop per type, hand limits, cannon, tiles, troops and traitor cards conserved, no
negative money, money conserved by gifts, steals and the Banker; at the end the VP
recomputed from the final position).

A game is a :class:`~machiavelli.bots.selfplay.GameConfig` whose ``game`` is ``princes``;
its ``scenario`` reads ``princes-<n>p-<side>``. The record uses the Machiavelli record's
fields: ``years`` are the decades played, ``phases`` the decisions, ``cities`` the city
tiles each seat holds, ``ducats`` its gold, ``returns`` the win share and ``vp`` the
final VP.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Sequence

from machiavelli.bots.princes_env import PrincesEnv, final_problems, step_problems
from machiavelli.bots.princes_players import PLAYERS
from machiavelli.bots.selfplay import GameConfig, GameRecord, seats
from machiavelli.princes.state import Rules

MAX_DECISIONS = 20_000
PLAYER_COUNTS = (3, 4, 5, 6)


def princes_scenario(players: int, side: str = "A") -> str:
    return f"princes-{players}p-{side}"


def parse_scenario(name: str) -> tuple[int, str]:
    """``princes-4p-B`` -> (4, "B")."""
    parts = name.split("-")
    if len(parts) != 3 or parts[0] != "princes" or not parts[1].endswith("p") or \
            parts[2] not in ("A", "B") or not parts[1][:-1].isdigit() or \
            not 3 <= int(parts[1][:-1]) <= 6:
        raise ValueError(f"not a Princes game: {name!r} (princes-<3..6>p-<A|B>)")
    return int(parts[1][:-1]), parts[2]


def princes_scenarios(players: Sequence[int] = PLAYER_COUNTS,
                      sides: Sequence[str] = ("A", "B")) -> list[str]:
    return [princes_scenario(n, s) for s in sides for n in players]


def play_princes_game(config: GameConfig) -> GameRecord:
    """Play one Princes game to its end (see the module's doc)."""
    start = time.perf_counter()
    players, side = parse_scenario(config.scenario)
    env = PrincesEnv(Rules(players=players, side=side, start="auction"), seed=config.seed)
    record = GameRecord(config.index, config.scenario, config.seed,
                        seats(env.names, config.bots, config.index))
    choose = {s: PLAYERS[b] for s, b in record.seats.items()}
    rng = random.Random(f"{config.seed}/decisions")
    while not env.done and env.decisions < MAX_DECISIONS:
        _kind, deciding = env.pending()
        seat = deciding[0]
        before = env.state
        action = choose[seat](before, seat, rng)
        try:
            events = env.step(seat, action)
        except Exception as exc:  # the engine failed or refused a legal-looking action
            record.crash = f"{type(exc).__name__}: {exc} (seat {seat}, action {action})"
            record.problems = traceback.format_exc().splitlines()[-4:]
            break
        if config.check:
            record.problems = step_problems(before, seat, action, env.state, events)
            if record.problems:
                break
    if env.done and config.check and not record.failed:
        record.problems = final_problems(env.state)
    state = env.state
    record.winners = list(state.final["winner"]) if state.final else []
    record.years = state.decade
    record.phases = env.decisions
    record.end = state.stage if env.done else f"bound of {MAX_DECISIONS} decisions"
    record.cities = {s: len(h.city_tiles) for s, h in state.seats.items()}
    record.ducats = {s: h.gold for s, h in state.seats.items()}
    record.returns = env.returns()
    record.vp = env.final_vp()
    record.seconds = round(time.perf_counter() - start, 3)
    return record


__all__ = ["MAX_DECISIONS", "parse_scenario", "play_princes_game", "princes_scenario",
           "princes_scenarios"]
