"""``machiavelli adjudicate``'s work, without click: run case files, print results or check
them.

The click command (:mod:`machiavelli.cli.adjudicate`) and the start-up's plain path
(:mod:`machiavelli.cli.start`, which runs the usual ``machiavelli adjudicate [--check]
FILE...`` without importing click) both call :func:`adjudicate_files`, and differ only in
how a line is written (:data:`Echo`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from machiavelli.cases.engine import default_engine
from machiavelli.cases.files import iter_cases
from machiavelli.cases.runner import check_case, format_result, run_case

if TYPE_CHECKING:
    from pathlib import Path

#: writes one line (and its newline) to standard output, or with ``err`` to standard error
Echo = Callable[[str, bool], None]


def plain_echo(text: str, err: bool = False) -> None:
    """A line written and flushed, as ``click.echo`` writes plain text."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


def adjudicate_files(files: Sequence[str | Path], check: bool, select: str | None,
                     echo: Echo = plain_echo) -> int:
    """Adjudicate the cases of ``files`` (see :func:`machiavelli.cli.adjudicate.adjudicate`);
    returns the exit status: 1 when any case failed or could not be read."""
    engine = default_engine()
    out = _Buffered(echo)
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
                echo(f"ERROR {case.name}: {run.error}", True)
                failed += 1
            else:
                out.line(format_result(case, run))
                passed += 1
    if check:
        out.line(f"{passed} passed, {failed} failed")
    out.flush()
    return 1 if failed else 0


class _Buffered:
    """Lines collected and written in large pieces (one write per ~64 kB, not per case)."""

    LIMIT = 1 << 16

    def __init__(self, echo: Echo) -> None:
        self.echo = echo
        self.lines: list[str] = []
        self.size = 0

    def line(self, text: str) -> None:
        self.lines.append(text)
        self.size += len(text)
        if self.size >= self.LIMIT:
            self.flush()

    def flush(self) -> None:
        if self.lines:
            self.echo("\n".join(self.lines), False)
            self.lines, self.size = [], 0
