"""``machiavelli princes``: the *Princes of the Renaissance* engine from the command line."""

from __future__ import annotations

from pathlib import Path

import click

from machiavelli.princes.scenario import check_file


@click.group()
def princes() -> None:
    """Princes of the Renaissance (seed 002)."""


@princes.command("check")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--verbose", "-v", is_flag=True, help="Every difference, not only the first.")
def check(files: tuple[Path, ...], verbose: bool) -> None:
    """Play acceptance scenarios (princes-scenarios.md) and compare their expectations."""
    agree = 0
    for path in files:
        outcome = check_file(path)
        if outcome.agree:
            agree += 1
            click.echo(f"agree     {path}: {outcome.id}")
        else:
            notes = outcome.notes if verbose else outcome.notes[:1]
            extra = f" (+{len(outcome.notes) - 1} more)" if len(outcome.notes) > 1 and \
                not verbose else ""
            click.echo(f"DISAGREE  {path}: {outcome.id}: {'; '.join(notes)}{extra}")
    click.echo(f"{agree}/{len(files)} scenarios agree")
    if agree != len(files):
        raise SystemExit(1)


@princes.command("catalogue")
@click.option("--provisional", is_flag=True, help="Only the provisional values.")
def catalogue(provisional: bool) -> None:
    """The printed numbers the engine uses, each with its provenance (seed, review or
    provisional: a provisional number is NOT the rulebook's)."""
    from machiavelli.princes.catalogue import packaged

    cat = packaged()
    shown = 0
    for section, entries in cat.sections.items():
        for eid, entry in entries.items():
            for name, value in entry.values.items():
                if provisional and value.provenance != "provisional":
                    continue
                number = "no symbol" if value.value is None else value.value
                click.echo(f"{section}.{eid}.{name} = {number}  [{value.provenance}]")
                shown += 1
    left = len(cat.provisional())
    click.echo(f"{shown} values shown; {left} provisional values in the catalogue"
               + (" (provisional values: not from the rulebook)" if left else ""))
