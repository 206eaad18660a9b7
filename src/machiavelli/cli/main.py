"""The ``machiavelli`` command."""

from __future__ import annotations

import click

from machiavelli.cli.adjudicate import adjudicate
from machiavelli.cli.bench_parse import bench_parse
from machiavelli.cli.game_master import COMMANDS as GAME_COMMANDS
from machiavelli.cli.mail import judge, mail
from machiavelli.cli.map_picture import map_command
from machiavelli.cli.scenarios import scenarios
from machiavelli.cli.seats import COMMANDS as SEAT_COMMANDS
from machiavelli.cli.selfplay import selfplay
from machiavelli.cli.tools import bench, demo
from machiavelli.cli.web import web


@click.group()
@click.version_option(package_name="machiavelli-judge")
def main() -> None:
    """machiavelli-judge: adjudicate Machiavelli and Diplomacy."""


main.add_command(adjudicate)
main.add_command(bench)
main.add_command(bench_parse)
main.add_command(demo)
main.add_command(mail)
main.add_command(judge)
main.add_command(map_command)
main.add_command(scenarios)
main.add_command(selfplay)
main.add_command(web)
for command in (*GAME_COMMANDS, *SEAT_COMMANDS):
    main.add_command(command)
