"""Machiavelli as the host sees it: :class:`MachiavelliKind`, the port's operations over
the engine (see :mod:`machiavelli.service.port`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.option_commands import apply_set_command, describe_changes
from machiavelli.core.options import options_in_force
from machiavelli.core.state import State
from machiavelli.game.scenario import (
    list_scenarios,
    scenario_board,
    scenario_info,
    unfunded_powers,
)
from machiavelli.game.start import start_game
from machiavelli.service.kinds.machiavelli import orders, phases, sight, standing, table
from machiavelli.service.kinds.machiavelli.table import Table, as_table
from machiavelli.service.port import (
    Choice,
    Decision,
    Position,
    Reading,
    Setup,
    SetupInfo,
    Sight,
    Standing,
    Step,
)


class MachiavelliKind:
    """Machiavelli: simultaneous phases (movement, retreat, adjustment), a position per
    phase on the scenario's board."""

    name = "machiavelli"
    title = "Machiavelli"

    def setups(self) -> Sequence[SetupInfo]:
        return [SetupInfo(info.name, info.title, info.powers, info.player_counts)
                for info in list_scenarios()]

    def set_up(self, setup: Setup) -> Table | str:
        """The scenario's position with the set-up's options, before the game's start."""
        return table.set_up(setup)

    def title_of(self, setup: Setup) -> str:
        return scenario_board(setup.name, setup.players).title

    def sides(self, setup: Setup) -> tuple[tuple[str, ...], ...]:
        """What each player takes in ``setup``'s variant, as the scenario's data says
        (000 "VARIANTS"): one list of powers per player, ``"*"`` any one power no side
        names; a full game, one power each."""
        scenario, _, option = setup.name.partition(":")
        info = scenario_info(scenario)
        return tuple(tuple(side) for side in info.variant(
            setup.players, int(option) if option.isdigit() else None).sides)

    def aliases(self, setup: Setup) -> Mapping[str, str]:
        return dict(scenario_board(setup.name, setup.players).powers)

    def new_game(self, setup: Setup) -> Step | str:
        made = table.set_up(setup)
        if isinstance(made, str):
            return made
        state, start = start_game(made.board, made.state, setup.seed,
                                  unfunded_powers(setup.name, setup.players))
        return Step(made.with_state(state), start.report, dict(start.private))

    def seats(self, position: Position) -> tuple[str, ...]:
        return tuple(as_table(position).state.powers)

    def pending(self, position: Position) -> Decision | None:
        """The pending phase (never None: a Machiavelli position does not know the game
        ended, its row does)."""
        return phases.pending(as_table(position))

    def owes(self, position: Position, seat: str) -> bool:
        return phases.owes_orders(as_table(position), seat)

    def touching(self, position: Position, seat: str) -> frozenset[str]:
        return phases.touching(as_table(position), seat)

    def read(self, position: Position, seat: str, text: str,
             earlier: Sequence[str] = (), *, replace: bool = False) -> Reading:
        return orders.read(as_table(position), seat, text, earlier, replace=replace)

    def legal(self, position: Position, seat: str) -> Sequence[Choice]:
        return orders.legal(as_table(position), seat)

    def advance(self, position: Position, answers: Mapping[str, Sequence[str]],
                seed: str) -> Step:
        return phases.advance(as_table(position), answers, seed)

    def sight(self, position: Position, viewer: Sight) -> State:
        return sight.redacted(as_table(position).state, viewer)

    def position_text(self, position: Position, viewer: Sight) -> str:
        return sight.words(as_table(position))

    def private_parts(self, position: Position, viewer: Sight) -> Mapping[str, str]:
        return sight.private_parts(as_table(position), viewer)

    def picture(self, position: Position, viewer: Sight,
                answers: Mapping[str, Sequence[str]] | None = None, *,
                seed: str = "", resolved: bool = True) -> str:
        held = as_table(position)
        title = scenario_info(held.scenario).title if held.scenario else held.board.title
        if answers is None:
            return sight.picture(held, viewer, title=title)
        if resolved:
            return sight.picture(held, viewer, resolved=sight.results(held, answers, seed),
                                 title=title)
        return sight.picture(held, viewer, pending=answers, title=title)

    def options(self, position: Position) -> Mapping[str, str]:
        held = options_in_force(as_table(position).state.options)
        return {name.replace("_", " "): "on" if on else "off" for name, on in held.items()}

    def set_options(self, position: Position, words: str) -> tuple[Position, str] | str:
        held = as_table(position)
        before = held.state.options
        changed = apply_set_command(before, words, started=True)
        if isinstance(changed, str):
            return changed
        state = held.state.copy()
        state.options = changed
        said = describe_changes(before, changed)
        return held.with_state(state), "; ".join(said) if said else "nothing changed"

    def standing(self, position: Position) -> Standing:
        return standing.standing(as_table(position))

    def label(self, position: Position) -> str:
        return as_table(position).state.label

    def course(self, position: Position) -> tuple[int, ...]:
        return phases.course(as_table(position))

    def eliminated(self, position: Position) -> tuple[str, ...]:
        return tuple(as_table(position).state.eliminated)

    def dump(self, position: Position) -> str:
        return table.state_text(as_table(position).state)

    def load(self, text: str, setup: Setup) -> Table:
        return table.load(text, setup)
