"""A damaged cell is reported by game, phase and table, never with the cell's contents
and never with a traceback (issue 38, N8): bytes in a pending orders row, a bit flip that
leaves a phase's position no UTF-8, a JSON cell that does not parse.  SQLite only:
PostgreSQL keeps only valid text and JSON."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    done = CliRunner().invoke(main, list(args), input=stdin)
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.output


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "g"
    assert run("new", "classic_1454", str(folder))[0] == 0
    assert run("orders", str(folder), "Milan", "-", stdin="A mil H\n")[0] == 0
    return folder


def _sql(folder: Path, statement: str, *args: object) -> None:
    with sqlite3.connect(folder / "game.db") as db:
        db.execute(statement, args)


@pytest.mark.parametrize("command", [["process"], ["show", "--power", "Milan"], ["history"],
                                     ["orders", "Milan", "-"]])
def test_bytes_in_a_pending_orders_row_are_reported_by_place_N8(game: Path,
                                                               command: list[str]) -> None:
    _sql(game, "update orders set text = X'41206D696C20FF48'")
    code, out = run(command[0], str(game), *command[1:], stdin="A mil H\n")
    if command[0] != "history":  # history reads no pending orders
        assert code == 1, out
        assert "game g, phase 0, table orders, power Milan: the column text is damaged" in out
    assert "Traceback" not in out and "\\xff" not in out and "mil" not in out.split(":")[-1]


def test_a_flipped_bit_in_a_phase_names_the_phase_not_the_row_N8(game: Path) -> None:
    with sqlite3.connect(game / "game.db") as db:
        state: str = db.execute("select state from phases").fetchone()[0]
        flipped = state.encode().replace(b"Milan", b"Mi\xffan", 1)
        db.execute("update phases set state = cast(? as text)", (flipped,))
    for command in ("show", "history", "process"):
        code, out = run(command, str(game))
        assert code == 1 and "game g, phase 0, table phases: the column state is damaged" \
            in out, out
        assert "Could not decode" not in out and '"year"' not in out and len(out) < 300


def test_json_that_does_not_parse_is_reported_N8(game: Path) -> None:
    _sql(game, "update orders set messages = '[{\"line\": 1, '")
    code, out = run("show", str(game), "--power", "Milan")
    assert code == 1 and "table orders, power Milan: the column messages is damaged (not " \
        "JSON)" in out, out
