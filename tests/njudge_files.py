"""nJudge's data files from the local mirror, for tests that check our data against them.

A test that needs a file the machine does not have is skipped, not failed: the mirror
(``fetch github:jonmarkgo/njudge``) is a witness, not part of the project.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

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
