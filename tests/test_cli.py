"""The ``machiavelli adjudicate`` command, run on a tiny board with a fake adjudicator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from case_fakes import fake_engine
from click.testing import CliRunner

from machiavelli.cases.engine import Engine
from machiavelli.cli import adjudicate as cli_adjudicate
from machiavelli.cli import adjudicate_run
from machiavelli.cli.main import main
from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.results import Adjudication
from machiavelli.core.state import State

GOOD = """\
CASE good move
PRESTATE
\tMilan: A gen
ORDERS
\tMilan: A gen-mod
POSTSTATE
\tMilan: A mod
END
"""

WRONG = """\
CASE wrong expectation
PRESTATE
\tMilan: A gen
ORDERS
\tMilan: A gen-mod
POSTSTATE_SAME
END
"""

UNREADABLE = """\
CASE unreadable
PRESTATE
\tMilan: A nowhere
END
"""


@pytest.fixture(autouse=True)
def fake(monkeypatch: pytest.MonkeyPatch) -> Engine:
    engine = fake_engine()
    monkeypatch.setattr(adjudicate_run, "default_engine", lambda: engine)
    return engine


def write(tmp_path: Path, text: str, name: str = "cases.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_adjudicate_prints_each_result(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + GOOD.replace("good move", "again"))
    result = CliRunner().invoke(main, ["adjudicate", path])
    assert result.exit_code == 0, result.output
    assert result.output == (
        "CASE good move\nPOSTSTATE\n\tMilan: A mod\nEND\n\n"
        "CASE again\nPOSTSTATE\n\tMilan: A mod\nEND\n\n"
    )


def test_adjudicate_reports_an_unreadable_case_and_goes_on(tmp_path: Path) -> None:
    path = write(tmp_path, UNREADABLE + GOOD)
    result = CliRunner(mix_stderr=False).invoke(main, ["adjudicate", path])
    assert result.exit_code == 1
    assert result.stdout == "CASE good move\nPOSTSTATE\n\tMilan: A mod\nEND\n\n"
    assert result.stderr == f"ERROR unreadable: {path}:3: unknown place 'nowhere'\n"


def test_check_all_pass(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    result = CliRunner().invoke(main, ["adjudicate", "--check", path])
    assert result.exit_code == 0
    assert result.output == "PASS good move\n1 passed, 0 failed\n"


def test_check_failures_give_non_zero_exit_and_the_others_still_run(tmp_path: Path) -> None:
    first = write(tmp_path, WRONG + UNREADABLE, "a.txt")
    second = write(tmp_path, GOOD, "b.txt")
    result = CliRunner().invoke(main, ["adjudicate", "--check", first, second])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "FAIL wrong expectation: POSTSTATE missing Milan: A gen; POSTSTATE extra Milan: A mod",
        f"FAIL unreadable: {first}:10: unknown place 'nowhere'",
        "PASS good move",
        "1 passed, 2 failed",
    ]


def test_check_an_exception_in_the_resolver_is_a_failure(
    tmp_path: Path, fake: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = fake.resolvers["movement"]

    def flaky(board: Board, state: State, orders: Mapping[str, Sequence[Order]]) -> Adjudication:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("resolver bug")
        return real(board, state, orders)

    engine = Engine(fake.load_board, fake.parse_orders, {"movement": flaky})
    monkeypatch.setattr(adjudicate_run, "default_engine", lambda: engine)
    path = write(tmp_path, GOOD.replace("good move", "first") + GOOD)
    result = CliRunner().invoke(main, ["adjudicate", "--check", path])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "FAIL first: adjudicating the movement phase: RuntimeError: resolver bug",
        "PASS good move",
        "1 passed, 1 failed",
    ]


def test_expected_sections_are_read_only_with_check(tmp_path: Path) -> None:
    bad_expectation = GOOD.replace("\tMilan: A mod\nEND", "\tMilan: A nowhere\nEND")
    path = write(tmp_path, bad_expectation)
    plain = CliRunner().invoke(main, ["adjudicate", path])
    assert plain.exit_code == 0
    assert plain.output == "CASE good move\nPOSTSTATE\n\tMilan: A mod\nEND\n\n"
    checked = CliRunner().invoke(main, ["adjudicate", "--check", path])
    assert checked.exit_code == 1
    assert checked.output.splitlines() == [
        f"FAIL good move: {path}:7: unknown place 'nowhere'", "0 passed, 1 failed"]


def test_output_is_written_in_large_pieces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writes: list[str] = []
    real_echo = cli_adjudicate.click.echo

    def counting_echo(message: str | None = None, **kwargs: object) -> None:
        writes.append(message or "")
        real_echo(message, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cli_adjudicate.click, "echo", counting_echo)
    cases = "".join(GOOD.replace("good move", f"case {n}") for n in range(50))
    result = CliRunner().invoke(main, ["adjudicate", write(tmp_path, cases)])
    assert result.exit_code == 0 and result.output.count("POSTSTATE") == 50
    assert len(writes) == 1


def test_select_runs_matching_cases_only(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + WRONG)
    result = CliRunner().invoke(main, ["adjudicate", "--check", "-k", "GOOD", path])
    assert result.exit_code == 0
    assert result.output == "PASS good move\n1 passed, 0 failed\n"


def test_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(tmp_path / "none.txt")])
    assert result.exit_code == 2
    assert "does not exist" in result.output


def test_help_names_the_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    assert "adjudicate" in result.output


def test_every_subcommand_is_found_by_its_name() -> None:
    """The command list of machiavelli.cli.main (imported when run) matches the commands."""
    import importlib

    import click

    from machiavelli.cli.main import COMMANDS

    for name, (module, attribute) in COMMANDS.items():
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command) and command.name == name, name
    result = CliRunner().invoke(main, ["--help"])
    assert all(name in result.output for name in COMMANDS)
