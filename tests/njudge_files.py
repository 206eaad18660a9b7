"""nJudge's data files from the local mirror, for tests that check our data against them.

A test that needs a file the machine does not have is skipped, not failed: the mirror
(``fetch github:jonmarkgo/njudge``) is a witness, not part of the project.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from machiavelli.board import Board

NJUDGE = Path("/work/.mirror/jonmarkgo+njudge/repo")


def njudge(path: str) -> str:
    """The text of ``path`` (e.g. ``"data/map.dipmach"``) in the mirror, or skip the test."""
    if not (NJUDGE / "HEAD").exists() and not (NJUDGE / ".git").exists():
        pytest.skip("the nJudge mirror is not on this machine")
    done = subprocess.run(["git", "-C", str(NJUDGE), "show", f"HEAD:{path}"],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        pytest.skip(f"cannot read {path} from the nJudge mirror")
    return done.stdout


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
