"""Self-play: whole games played bot against bot, every phase checked.

:func:`play_game` plays one :class:`GameConfig` to its end (a winner, one power left,
or the bound on years) and gives a :class:`GameRecord` (one JSON line): the winners,
the years and phases played, each power's bot, cities and ducats, the returns, and
whether the engine failed.  After every phase the invariants of
:func:`machiavelli.bots.invariants.phase_problems` are checked; an exception in the
engine or a broken invariant stops the game and saves the position before the phase,
the orders given and the game's seed as a case file
(:func:`machiavelli.cases.game_cases.game_case`) that ``machiavelli adjudicate``
replays.

Seats: the bots named are dealt to the powers in turn, starting one further for each
game, so that over many games every bot plays every power.  A game's seed and the
bots' draws both come from the config's seed, so a game is repeatable on its own.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from machiavelli.bots.env import Env
from machiavelli.bots.invariants import phase_problems
from machiavelli.bots.players import Player
from machiavelli.bots.roster import player_named
from machiavelli.bots.scoring import cities_held
from machiavelli.cases.game_cases import game_case
from machiavelli.core.orders import Order
from machiavelli.core.state import State
from machiavelli.game.scenario import available_scenarios
from machiavelli.text.notation import format_order

DEFAULT_YEARS = 10


@dataclass(frozen=True)
class GameConfig:
    """One game to play."""

    index: int
    scenario: str
    bots: tuple[str, ...]
    seed: str
    max_years: int = DEFAULT_YEARS
    flags: tuple[str, ...] = ()
    failures: str | None = None  # where a failure's case file goes (None: not saved)
    check: bool = True
    game: str = "machiavelli"  # or "princes" (machiavelli.bots.princes_selfplay)


@dataclass
class GameRecord:
    """How one game went (one line of the JSON Lines output)."""

    index: int
    scenario: str
    seed: str
    seats: dict[str, str] = field(default_factory=dict)  # power -> bot
    winners: list[str] = field(default_factory=list)
    years: int = 0
    phases: int = 0
    end: str = ""
    cities: dict[str, int] = field(default_factory=dict)
    ducats: dict[str, int] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)
    returns: dict[str, float] = field(default_factory=dict)
    crash: str | None = None  # the engine's exception
    problems: list[str] = field(default_factory=list)  # invariants broken
    case_file: str | None = None
    seconds: float = 0.0
    vp: dict[str, int] = field(default_factory=dict)  # Princes: the final VP

    @property
    def failed(self) -> bool:
        return self.crash is not None or bool(self.problems)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        return cls(**data)


def configs(games: int, scenarios: Sequence[str], bots: Sequence[str], seed: str,
            max_years: int = DEFAULT_YEARS, flags: Sequence[str] = (),
            failures: str | None = None) -> list[GameConfig]:
    """``games`` games over ``scenarios`` in turn (``all``: every shipped scenario)."""
    names = available_scenarios() if list(scenarios) == ["all"] else list(scenarios)
    return [GameConfig(i, names[i % len(names)], tuple(bots), f"{seed}-{i}", max_years,
                       tuple(flags), failures) for i in range(games)]


def seats(powers: Sequence[str], bots: Sequence[str], index: int) -> dict[str, str]:
    """The bots dealt to the powers in turn, starting at bot ``index``."""
    return {p: bots[(index + i) % len(bots)] for i, p in enumerate(powers)}


def play_game(config: GameConfig) -> GameRecord:
    """Play one game to its end (see the module's doc)."""
    start = time.perf_counter()
    env = Env()
    env.reset(config.scenario, config.flags, config.seed, max_years=config.max_years)
    record = GameRecord(config.index, config.scenario, config.seed,
                        seats(env.powers(), config.bots, config.index))
    players: dict[str, Player] = {p: player_named(b) for p, b in record.seats.items()}
    rng = random.Random(f"{config.seed}/orders")
    board = env.board
    assert board is not None
    while not env.done:
        before = env.state()
        orders: dict[str, list[Order]] = {
            p: players[p].choose(board, env.observation(p), env.legal_orders(p), rng)
            for p in env.deciding() if p in players}
        try:
            result = env.step(orders)
        except Exception as exc:  # the engine failed: the game stops, the case is kept
            record.crash = f"{type(exc).__name__}: {exc}"
            _save(config, record, before, orders, traceback.format_exc().splitlines()[-6:])
            break
        if config.check:
            record.problems = phase_problems(board, before, orders, result,
                                             victory_cities=env.spec.victory_cities)
            if record.problems:
                _save(config, record, before, orders, record.problems)
                break
    _finish(env, record)
    record.seconds = round(time.perf_counter() - start, 3)
    return record


def _finish(env: Env, record: GameRecord) -> None:
    board = env.board
    assert board is not None
    state = env.state()
    record.winners = list(env.winners)
    record.years = env.years
    record.phases = env.phases
    record.end = state.label
    record.cities = cities_held(board, state)
    record.ducats = dict(state.treasury)
    record.eliminated = list(state.eliminated)
    record.returns = {p: round(v, 4) for p, v in env.returns().items()}


def _save(config: GameConfig, record: GameRecord, before: State,
          orders: Mapping[str, Sequence[Order]], why: Sequence[str]) -> None:
    if config.failures is None:
        return
    folder = Path(config.failures)
    folder.mkdir(parents=True, exist_ok=True)
    kind = "crash" if record.crash else "invariant"
    name = f"{config.scenario}-{config.seed}-{before.year}-{before.season}-{before.phase}"
    text = game_case(
        f"SELFPLAY {kind} in {config.scenario}, game seed {config.seed}, {before.label}",
        before, {p: [format_order(o) for o in os] for p, os in orders.items()},
        scenario=config.scenario, seed=config.seed,
        comments=[f"self-play game {config.index}: bots {record.seats}",
                  f"flags {list(config.flags)}", *why])
    path = folder / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    record.case_file = str(path)


__all__ = ["DEFAULT_YEARS", "GameConfig", "GameRecord", "configs", "play_game", "seats"]
