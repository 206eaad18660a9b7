"""A command imports what it uses: the engine's commands stay clear of the web stack, the
storage and, where they do not need it, the case harness.

Each command runs in a process of its own, as a user runs it, and writes the modules it
ended with (``sys.modules``) as it exits.  What a command costs to start is measured by
``machiavelli bench`` ("start-up", docs/speed.md).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from machiavelli.cli.bench import write_cases
from machiavelli.cli.bench_bots import MESSAGE
from machiavelli.cli.bench_phases import random_phases
from machiavelli.game.scenario import load_scenario

#: the command run, then the modules it exits with written to the file named first
RUN = """
import atexit, json, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
from machiavelli.cli.main import main
main(sys.argv[2:], prog_name="machiavelli")
"""
WEB = ("fastapi", "starlette", "uvicorn", "jinja2", "machiavelli.web")
STORAGE = ("sqlalchemy", "alembic", "machiavelli.service.database")
HARNESS = ("machiavelli.cases",)


def modules_after(tmp_path: Path, *args: str, stdin: str = "") -> set[str]:
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", RUN, str(out), *args], input=stdin.encode(),
                   cwd=tmp_path, stdout=subprocess.DEVNULL, check=True)
    return set(json.loads(out.read_text(encoding="utf-8")))


def imported(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


@pytest.fixture(scope="module")
def one_case(tmp_path_factory: pytest.TempPathFactory) -> Path:
    board, start = load_scenario("standard_1901")
    path = tmp_path_factory.mktemp("case") / "one.txt"
    write_cases(random_phases(board, start, 1, 1), path)
    return path


def test_adjudicate_imports_the_engine_and_its_cases_only(tmp_path: Path, one_case: Path) -> None:
    modules = modules_after(tmp_path, "adjudicate", str(one_case))
    assert "machiavelli.cases.engine" in modules  # (what it runs: the case harness)
    assert imported(modules, WEB + STORAGE) == []


def test_scenarios_imports_no_case_harness(tmp_path: Path) -> None:
    modules = modules_after(tmp_path, "scenarios")
    assert imported(modules, WEB + STORAGE + HARNESS) == []


@pytest.mark.parametrize("command", [["mail", "--check", "--outbox", "out"],
                                     ["judge", "--check"]])
def test_reading_commands_without_carrying_them_out_needs_no_storage(
        tmp_path: Path, command: list[str]) -> None:
    """``mail --check`` (the mail judge's dry run, once a message) and ``judge --check``
    read the commands and say how they were read: no database, no web, no cases."""
    text = MESSAGE if command[0] == "mail" else MESSAGE.split("\n\n", 1)[1]
    modules = modules_after(tmp_path, *command, stdin=text)
    assert "machiavelli.commands.reader" in modules
    assert imported(modules, WEB + STORAGE + HARNESS) == []


def test_adjudicate_of_a_diplomacy_case_leaves_machiavellis_money_unimported(
        tmp_path: Path, one_case: Path) -> None:
    """A Standard case needs no campaign, adjustments or income: the case engine imports
    them when a Machiavelli case first asks (a sixth of the one-case command's start)."""
    modules = modules_after(tmp_path, "adjudicate", str(one_case))
    assert "machiavelli.movement.moves" in modules
    assert imported(modules, ("machiavelli.game.campaign", "machiavelli.game.adjustments",
                              "machiavelli.money.income", "machiavelli.money.expenses",
                              "machiavelli.money.bribes", "machiavelli.money.finance")) == []
