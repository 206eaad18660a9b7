"""What the conformance tests compare with, outside the repository.

Other judges' files (``../shared/witnesses/``: nJudge's data, help files and test mails,
godip's DATC copy) and the project's shared folder (``../shared``: the rule index
``RULES.md`` and the seeds).  ``make conformance`` reads them there, or where
``MACHIAVELLI_WITNESSES`` and ``MACHIAVELLI_SHARED`` say; ``make test`` never does (it
checks the same facts against records kept in the repository, tests/golden/).  A missing
file fails the test that needs it: it is never skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from machiavelli.core.board import Board

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("MACHIAVELLI_SHARED") or ROOT.parent / "shared")
WITNESSES = Path(os.environ.get("MACHIAVELLI_WITNESSES") or SHARED / "witnesses")


def shared(path: str) -> Path:
    """A file of the shared folder, e.g. ``"RULES.md"``; fails if it is missing."""
    file = SHARED / path
    if not file.exists():
        pytest.fail(f"{path} is missing: expected at {file} (../shared/, MACHIAVELLI_SHARED)")
    return file


def witness(path: str) -> str:
    """The text of a witness file, e.g. ``"godip/datc_v2.4_06.txt"``; fails if it is missing."""
    file = WITNESSES / path
    if not file.is_file():
        pytest.fail(f"witness {path} is missing: expected at {file} "
                    "(../shared/witnesses/, MACHIAVELLI_WITNESSES)")
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
