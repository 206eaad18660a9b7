"""A command imports what it uses: the engine's commands stay clear of the web stack, the
storage and, where they do not need it, the case harness.

Each command runs in a process of its own, as a user runs it, and writes the modules it
ended with (``sys.modules``) as it exits.  What a command costs to start is measured by
``machiavelli bench`` ("start-up", docs/speed.md).
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from machiavelli.cli.bench import write_cases
from machiavelli.cli.bench_bots import MESSAGE
from machiavelli.cli.bench_phases import random_phases
from machiavelli.game.scenario import load_scenario

#: the command run, then the modules it exits with written, a line each, to the file
#: named first
RUN = """
import atexit, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write("\\n".join(sorted(sys.modules))))
from machiavelli.cli.main import main
main(sys.argv[2:], prog_name="machiavelli")
"""
#: the same, started as the installed ``machiavelli`` script starts (the plain
#: ``adjudicate`` without click)
RUN_AS_SCRIPT = RUN.replace(
    'from machiavelli.cli.main import main\nmain(sys.argv[2:], prog_name="machiavelli")',
    'from machiavelli.cli.start import run\nsys.argv = ["machiavelli", *sys.argv[2:]]\nrun()')
WEB = ("fastapi", "starlette", "uvicorn", "jinja2", "machiavelli.web")
STORAGE = ("sqlalchemy", "alembic", "machiavelli.service.database")
HARNESS = ("machiavelli.cases",)


def modules_after(tmp_path: Path, *args: str, stdin: str = "", run: str = RUN,
                  env: dict[str, str] | None = None) -> set[str]:
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", run, str(out), *args], input=stdin.encode(),
                   cwd=tmp_path, stdout=subprocess.DEVNULL, check=True, env=env)
    return set(out.read_text(encoding="utf-8").splitlines())


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
    # the replies go to a folder: no SMTP client, no event loop (a quarter of the command)
    assert imported(modules, ("aiosmtplib", "asyncio", "ssl")) == []


def test_adjudicate_of_a_diplomacy_case_leaves_machiavellis_money_unimported(
        tmp_path: Path, one_case: Path) -> None:
    """A Standard case needs no campaign, adjustments or income: the case engine imports
    them when a Machiavelli case first asks (a sixth of the one-case command's start)."""
    modules = modules_after(tmp_path, "adjudicate", str(one_case))
    assert "machiavelli.movement.moves" in modules
    assert imported(modules, ("machiavelli.game.campaign", "machiavelli.game.adjustments",
                              "machiavelli.money.income", "machiavelli.money.expenses",
                              "machiavelli.money.bribes", "machiavelli.money.finance")) == []


def test_a_plain_adjudicate_starts_without_click_pathlib_json_or_the_toml_reader(
        tmp_path: Path, one_case: Path) -> None:
    """``machiavelli adjudicate FILE`` as the installed script runs it, its start cache
    written (:mod:`machiavelli.core.start_cache`, as after a first run): no click, no
    pathlib, no JSON, no TOML reader (the board's TOML comes parsed from the cache), no
    importlib.resources, no random (no die is rolled), no threading: each was one to a
    few per cent of the command's start
    (docs/speed.md, "A command's start-up")."""
    writes = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    modules_after(tmp_path, "adjudicate", str(one_case), run=RUN_AS_SCRIPT, env=writes)
    modules = modules_after(tmp_path, "adjudicate", str(one_case), run=RUN_AS_SCRIPT)
    assert "machiavelli.cases.engine" in modules
    assert imported(modules, ("click", "pathlib", "json", "tomllib", "difflib",
                              "importlib.resources", "random", "threading")) == []
    assert imported(modules, WEB + STORAGE) == []


@pytest.mark.parametrize("command", [
    ["selfplay", "--games", "1", "--years", "1", "--out", "games.jsonl"],
    ["bench-parse", "--lines", "1000"],
])
def test_engine_commands_stay_clear_of_the_web_and_the_storage(
        tmp_path: Path, command: list[str]) -> None:
    """The commands that play or read with the engine alone (no game in a database)."""
    modules = modules_after(tmp_path, *command)
    assert "machiavelli.movement.moves" in modules or "machiavelli.text.notation" in modules
    assert imported(modules, WEB + STORAGE) == []


def test_the_command_runs_with_the_collector_working(monkeypatch: pytest.MonkeyPatch) -> None:
    """The start holds the cyclic garbage collector back while it imports the command,
    then freezes what the imports made and lets the collector work again for the command
    itself (a long ``selfplay`` or ``web`` collects as usual)."""
    from machiavelli.cli import main as main_module
    from machiavelli.cli import start

    seen: list[bool] = []
    monkeypatch.setattr(main_module, "main", lambda: seen.append(gc.isenabled()))
    monkeypatch.setattr(sys, "argv", ["machiavelli", "scenarios"])
    try:
        start.run()
    finally:
        gc.enable()
        gc.unfreeze()
    assert seen == [True]
