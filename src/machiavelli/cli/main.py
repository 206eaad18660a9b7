"""The ``machiavelli`` command.

Each subcommand's module is imported only when that subcommand runs (or help is
asked for), so that ``machiavelli adjudicate`` does not pay for the game
master's commands or the bench.
"""

from __future__ import annotations

import importlib

import click

#: subcommand -> (module, attribute)
COMMANDS: dict[str, tuple[str, str]] = {
    "adjudicate": ("machiavelli.cli.adjudicate", "adjudicate"),
    "bench": ("machiavelli.cli.tools", "bench"),
    "demo": ("machiavelli.cli.tools", "demo"),
    "scenarios": ("machiavelli.cli.scenarios", "scenarios"),
    "new": ("machiavelli.cli.game_master", "new_game"),
    "orders": ("machiavelli.cli.game_master", "store_orders"),
    "process": ("machiavelli.cli.game_master", "process"),
    "show": ("machiavelli.cli.game_master", "show"),
    "history": ("machiavelli.cli.game_master", "history"),
}


class _Commands(click.Group):
    """The subcommands, each imported when first needed."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = COMMANDS.get(cmd_name)
        if found is None:
            return None
        command = getattr(importlib.import_module(found[0]), found[1])
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_Commands)
@click.version_option(package_name="machiavelli-judge")
def main() -> None:
    """machiavelli-judge: adjudicate Machiavelli and Diplomacy."""


if __name__ == "__main__":
    main()
