"""The ``machiavelli`` command."""

from __future__ import annotations

import click

from machiavelli.cli_adjudicate import adjudicate
from machiavelli.cli_tools import bench, demo


@click.group()
@click.version_option(package_name="machiavelli-judge")
def main() -> None:
    """machiavelli-judge: adjudicate Machiavelli and Diplomacy."""


main.add_command(adjudicate)
main.add_command(bench)
main.add_command(demo)
