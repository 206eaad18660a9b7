"""The position as the host holds it: the scenario's board, the engine's ``State`` on it
and the victory set for the game, made from a set-up and stored as the engine's JSON.

A game's set-up (:class:`~machiavelli.service.port.Setup`) names the scenario, the
variant for a number of players and, in ``options``, the master's ``SET`` words
(``"flags"``) and the cities that win (``"victory_cities"``; None: the scenario's).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace

from machiavelli.core.board import Board
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.option_commands import apply_set_command
from machiavelli.core.options import assassinations_in_play, money_in_play
from machiavelli.core.state import State
from machiavelli.game.scenario import load_scenario, scenario_board
from machiavelli.service.port import Setup


@dataclass(frozen=True)
class Table:
    """The board a game is played on and the position on it."""

    board: Board
    state: State
    victory_cities: int | None = None
    scenario: str = ""

    def with_state(self, state: State) -> Table:
        return replace(self, state=state)


def flags_of(setup: Setup) -> tuple[str, ...]:
    flags = setup.options.get("flags", ())
    return tuple(str(f) for f in flags) if isinstance(flags, Sequence) else ()


def victory_of(setup: Setup) -> int | None:
    cities = setup.options.get("victory_cities")
    return cities if isinstance(cities, int) else None


def setup_of(scenario: str, players: int | None, flags: Sequence[str] = (),
             victory_cities: int | None = None, seed: str = "") -> Setup:
    """The set-up of a game as its row records it."""
    return Setup.recorded(scenario, players, flags, victory_cities, seed)


def deal_start(state: State) -> None:
    """Treasuries and chits as the options want them (ASN-1)."""
    if money_in_play(state):
        for power in state.powers:
            state.treasury.setdefault(power, 0)
    else:
        state.treasury = {}
    if not assassinations_in_play(state):
        state.chits = {}
    elif not state.chits:
        state.chits = {p: [q for q in state.powers if q != p] for p in state.powers}


def set_up(setup: Setup) -> Table | str:
    """The scenario's board and position with the set-up's options, or why not."""
    victory = victory_of(setup)
    if victory is not None and victory < 1:
        return f"victory needs at least one city, not {victory}"
    try:
        options = load_scenario(setup.name, setup.players)[1].options
        for flag in flags_of(setup):
            changed = apply_set_command(options, flag if flag.startswith("set") else
                                        f"set {flag}")
            if isinstance(changed, str):
                return changed
            options = changed
        board, state = load_scenario(setup.name, setup.players, options=options)
    except (KeyError, ValueError) as err:
        return str(err).strip("'\"")
    deal_start(state)
    return Table(board, state, victory, setup.name)


def state_text(state: State) -> str:
    """The position as stored (the digests of phase rows are taken over this text)."""
    return json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))


def state_of(text: str) -> State:
    return State.from_dict(json.loads(text))


def load(text: str, setup: Setup) -> Table:
    """The stored position back on the board of the game's set-up."""
    state = state_of(text)
    return Table(board_in_play(scenario_board(setup.name, setup.players), state.options), state,
                 victory_of(setup), setup.name)


def as_table(position: object) -> Table:
    if not isinstance(position, Table):
        raise TypeError(f"not a Machiavelli position: {type(position).__name__}")
    return position
