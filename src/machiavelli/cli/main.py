"""The ``machiavelli`` command.

Each subcommand's module is imported only when that subcommand runs (or help is
asked for), so that ``machiavelli adjudicate`` does not pay for the game
master's commands, the service, the web judge or the bench.
"""

from __future__ import annotations

import importlib

import click

#: subcommand -> (module, attribute); tests/test_cli.py checks it against the modules
COMMANDS: dict[str, tuple[str, str]] = {
    "adjudicate": ("machiavelli.cli.adjudicate", "adjudicate"),
    "backup": ("machiavelli.cli.backup", "backup"),
    "bench": ("machiavelli.cli.tools", "bench"),
    "bench-parse": ("machiavelli.cli.bench_parse", "bench_parse"),
    "demo": ("machiavelli.cli.tools", "demo"),
    "mail": ("machiavelli.cli.mail", "mail"),
    "judge": ("machiavelli.cli.mail", "judge"),
    "map": ("machiavelli.cli.map_picture", "map_command"),
    "princes": ("machiavelli.cli.princes", "princes"),
    "scenarios": ("machiavelli.cli.scenarios", "scenarios"),
    "selfplay": ("machiavelli.cli.selfplay", "selfplay"),
    "web": ("machiavelli.cli.web", "web"),
    "worker": ("machiavelli.cli.worker", "worker"),
    # the game master's commands on a game directory
    "new": ("machiavelli.cli.game_master", "new_game"),
    "orders": ("machiavelli.cli.game_master", "store_orders"),
    "process": ("machiavelli.cli.game_master", "process"),
    "show": ("machiavelli.cli.game_master", "show"),
    "history": ("machiavelli.cli.game_master", "history"),
    # seats, press and the games of the service
    "join": ("machiavelli.cli.seats", "join"),
    "takeover": ("machiavelli.cli.seats", "takeover"),
    "press": ("machiavelli.cli.seats", "press"),
    "ready": ("machiavelli.cli.seats", "ready"),
    "draw": ("machiavelli.cli.seats", "draw"),
    "absence": ("machiavelli.cli.seats", "absence"),
    "resign": ("machiavelli.cli.seats", "resign"),
    "eject": ("machiavelli.cli.seats", "eject"),
    "pause": ("machiavelli.cli.seats", "pause"),
    "extend": ("machiavelli.cli.seats", "extend"),
    "rollback": ("machiavelli.cli.seats", "rollback"),
    "export": ("machiavelli.cli.seats", "export"),
    "import": ("machiavelli.cli.seats", "import_"),
    "sweep": ("machiavelli.cli.seats", "sweep"),
    "db": ("machiavelli.cli.seats", "database"),
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
    """machiavelli-judge: adjudicate Machiavelli and Diplomacy.

    MACHIAVELLI_NOW=2026-12-01T23:30:00Z (ISO 8601, with its zone) makes every command
    act at that time (tests, replays, rehearsals); without it, the wall clock."""
    from machiavelli.service.config import fixed_now
    try:
        fixed_now()
    except ValueError as err:
        raise click.UsageError(str(err)) from None


if __name__ == "__main__":
    main()
