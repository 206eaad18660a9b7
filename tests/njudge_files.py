"""Other judges' files (``../shared/witnesses/``), for tests that check our data against them.

The witnesses sit beside the project on every machine and in CI
(``../shared/witnesses/README.md`` lists them); ``MACHIAVELLI_WITNESSES`` may point
elsewhere.  A missing witness fails the test that needs it: it is never skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from machiavelli.core.board import Board

ROOT = Path(__file__).resolve().parent.parent
WITNESSES = Path(os.environ.get("MACHIAVELLI_WITNESSES") or ROOT.parent / "shared" / "witnesses")


def witness(path: str) -> str:
    """The text of a witness file, e.g. ``"godip/datc_v2.4_06.txt"``; fails if it is missing."""
    file = WITNESSES / path
    if not file.is_file():
        pytest.fail(f"witness {path} is missing: expected at {file} (../shared/witnesses/)")
    return file.read_text(encoding="latin-1")


def njudge(path: str) -> str:
    """The text of one of nJudge's files, e.g. ``"data/map.dipmach"``."""
    return witness(f"njudge/{path}")


def sections(text: str) -> list[list[str]]:
    """A map file's sections (split at the ``-1`` lines), without comments and blank lines."""
    out: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.startswith("-1"):
            out.append([])
        elif line.strip() and not line.startswith("#"):
            out[-1].append(line)
    return out


def table_cells(text: str, title: str) -> list[list[str]]:
    """The 11 rows of cells under a map file's ``Famine:``, ``Plague:`` or ``Storms:`` line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{title}:"))
    return [line.split(":", 1)[1].split() for line in lines[start + 1:start + 12]]


def table_ids(board: Board, text: str, title: str) -> tuple[tuple[str | None, ...], ...]:
    """That table as our boards hold it: province ids, None for an empty cell ("-----")."""
    return tuple(
        tuple(None if cell.startswith("-") else board.lookup(cell) for cell in row)
        for row in table_cells(text, title)
    )


def variable_income_rows(text: str) -> list[list[str]]:
    """The rows under a map file's ``Variable Income:`` line, split into words."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Variable Income:"))
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if not line.strip() or not line[0].isspace():
            break
        rows.append(line.split())
    return rows
