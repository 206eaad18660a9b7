"""``machiavelli adjudicate``: run case files, print results or check them."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from machiavelli.cli.adjudicate_run import adjudicate_files


@click.command()
@click.argument(
    "files",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)
@click.option(
    "--check",
    is_flag=True,
    help="Compare each result with the case's expected one: print PASS or FAIL per case.",
)
@click.option(
    "-k",
    "--select",
    "select",
    metavar="TEXT",
    help="Only the cases whose name contains TEXT (any case).",
)
def adjudicate(files: tuple[Path, ...], check: bool, select: str | None) -> None:
    """Adjudicate the test cases in FILE... (DATC format, see docs/case-format.md).

    Without --check, print each case's adjudicated position. With --check, print
    PASS or FAIL per case and a closing "N passed, M failed" line; the exit status
    is non-zero when any case failed or could not be read.
    """
    status = adjudicate_files(files, check, select, _click_echo)
    if status:
        sys.exit(status)


def _click_echo(text: str, err: bool = False) -> None:
    click.echo(text, err=err)
