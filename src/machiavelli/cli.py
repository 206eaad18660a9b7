"""The ``machiavelli`` command."""

from __future__ import annotations

import click


@click.group()
@click.version_option(package_name="machiavelli-judge")
def main() -> None:
    """machiavelli-judge: adjudicate Machiavelli and Diplomacy."""
