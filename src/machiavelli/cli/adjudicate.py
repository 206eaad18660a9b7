"""``machiavelli adjudicate``: run case files, print results or check them."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from machiavelli.cases.engine import default_engine
from machiavelli.cases.files import iter_cases
from machiavelli.cases.runner import check_case, format_result, run_case


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
    engine = default_engine()
    out = _Buffered()
    passed = failed = 0
    for path in files:
        for case in iter_cases(path, engine.load_board, expected=check):
            if select and select.lower() not in case.name.lower():
                continue
            run = run_case(case, engine, before=check)
            if check:
                try:
                    verdict = check_case(case, run, engine)
                    ok, message = verdict.passed, verdict.message
                except Exception as exc:  # a broken check must not stop the others
                    ok, message = False, f"FAIL {case.name}: checking: {exc}"
                out.line(message)
                passed, failed = passed + ok, failed + (not ok)
            elif run.state is None:
                out.flush()
                click.echo(f"ERROR {case.name}: {run.error}", err=True)
                failed += 1
            else:
                out.line(format_result(case, run))
                passed += 1
    if check:
        out.line(f"{passed} passed, {failed} failed")
    out.flush()
    if failed:
        sys.exit(1)


class _Buffered:
    """Lines collected and written in large pieces (one write per ~64 kB, not per case)."""

    LIMIT = 1 << 16

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.size = 0

    def line(self, text: str) -> None:
        self.lines.append(text)
        self.size += len(text)
        if self.size >= self.LIMIT:
            self.flush()

    def flush(self) -> None:
        if self.lines:
            click.echo("\n".join(self.lines))
            self.lines, self.size = [], 0
