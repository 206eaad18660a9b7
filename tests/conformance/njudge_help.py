"""nJudge's help files, read from the witnesses beside the repository.

The help files (``deadlines``, ``absence``, ``draws``, ``press``, ``index``, ``master``,
...) sit in ``<repo>/../shared/witnesses/njudge/data/`` (or under ``MACHIAVELLI_WITNESSES``,
as :mod:`njudge_files` reads it).  ``make conformance`` needs them: a missing file fails the
test that reads it; it is never skipped.
"""

from __future__ import annotations

from njudge_files import WITNESSES

HELP_DIR = WITNESSES / "njudge" / "data"


def help_text(name: str) -> str:
    """The text of nJudge's help file ``name`` (fails when the file is missing)."""
    path = HELP_DIR / name
    assert path.is_file(), f"nJudge's help file {name} is missing from {HELP_DIR}"
    return path.read_text(encoding="latin-1")


def flat(text: str) -> str:
    """``text`` in lowercase with every run of white space made one space."""
    return " ".join(text.lower().split())


def undescribed(commands: tuple[tuple[str, str], ...]) -> list[str]:
    """The (command, help file) claims whose command the named help file does not describe."""
    return [f"{command!r} not in {name}" for command, name in commands
            if flat(command) not in flat(help_text(name))]
