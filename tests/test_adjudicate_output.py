"""What ``machiavelli adjudicate FILE`` prints, byte for byte, on a few case files.

Golden files: ``tests/golden/adjudicate/*.out`` hold the output (and the error lines)
of the command on the DATC file, two Machiavelli files, two money files, random
standard movement phases (``random_phases.txt``, written by ``machiavelli bench
--save``) and odd forms of the case format (``odd_forms.txt``: comments, blank lines,
``;``, coasts, unreadable cases, a line ending in CR LF).  The speed work on the
command's path (reading, parsing, writing) must leave them as they are.  When a case
file changes on purpose, ``UPDATE_GOLDEN=1 pytest tests/test_adjudicate_output.py``
writes them again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "adjudicate"
FILES = [
    ROOT / "cases" / "datc_v2.4_06.txt",
    ROOT / "cases" / "machiavelli" / "conversion.txt",
    ROOT / "cases" / "machiavelli" / "rebels.txt",
    ROOT / "cases" / "money" / "assassination.txt",
    ROOT / "cases" / "money" / "bribes.txt",
    GOLDEN / "random_phases.txt",
    GOLDEN / "odd_forms.txt",
]


def golden_name(path: Path) -> str:
    return path.stem + ".out"


def printed(exit_code: int, stdout: str, stderr: str) -> str:
    """The golden file's text: the exit status, the error lines, then the output."""
    return f"exit {exit_code}\n-- stderr\n{stderr}-- stdout\n{stdout}"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"{path} missing: run UPDATE_GOLDEN=1 pytest {__file__}"
    assert text == path.read_text(encoding="utf-8"), (
        f"the output on {name} changed: if on purpose, UPDATE_GOLDEN=1 to accept it")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_output_is_unchanged(path: Path) -> None:
    path_text = os.path.relpath(path, ROOT)
    cwd = Path.cwd()
    os.chdir(ROOT)  # file names in messages are as given on the command line
    try:
        result = CliRunner(mix_stderr=False).invoke(main, ["adjudicate", path_text])
    finally:
        os.chdir(cwd)
    check_golden(golden_name(path), printed(result.exit_code, result.stdout, result.stderr))


@pytest.mark.parametrize("start", ["machiavelli.cli.main", "machiavelli.cli.start"])
def test_the_command_as_a_process_prints_the_same(start: str) -> None:
    """Run as ``python -m machiavelli.cli.main`` (click), and as the installed script and
    the bench run it (``machiavelli.cli.start``: the plain ``adjudicate`` without click)."""
    path = GOLDEN / "odd_forms.txt"
    done = subprocess.run(
        [sys.executable, "-m", start, "adjudicate", os.path.relpath(path, ROOT)],
        cwd=ROOT, capture_output=True, check=False,
    )
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    check_golden(golden_name(path), printed(done.returncode, out, err))
