"""The commands for players and masters, and games in a shared database (--db)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None
        ) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin, env=env)
    return result.exit_code, result.output


def test_victory_cities_must_be_positive(tmp_path: Path) -> None:
    code, out = run("new", "classic_1454", str(tmp_path / "g"), "--victory-cities", "-3")
    assert code == 2 and "-3" in out
    assert not (tmp_path / "g").exists()


def test_many_games_in_one_shared_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/judge.db"
    assert run("new", "classic_1454", "first", "--seed", "1", "--db", url)[0] == 0
    assert run("new", "standard_1901", "second", "--seed", "2",
               env={"MACHIAVELLI_DB": url})[0] == 0
    code, out = run("orders", "first", "Milan", "-", "--db", url, stdin="A pav - for\n")
    assert code == 0 and "Orders of Milan for Spring 1454 movement" in out
    code, out = run("show", "second", env={"MACHIAVELLI_DB": url})
    assert code == 0 and "Diplomacy" in out or "standard_1901" in out
    code, out = run("show", "nothing", "--db", url)
    assert code == 1 and "no game named 'nothing'" in out
    code, out = run("new", "classic_1454", "first", "--db", url)
    assert code == 1 and "exists already" in out


def test_process_with_a_phase_is_done_once(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    run("new", "classic_1454", game, "--seed", "1")
    code, out = run("process", game, "--phase", "0")
    assert code == 0 and "Next: Summer 1454 movement" in out
    code, out = run("process", game, "--phase", "0")
    assert code == 0 and "processed already" in out and "nothing done" in out
    assert "1 phases processed" in run("show", game)[1]


def test_orders_for_a_processed_phase_are_refused(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    run("new", "classic_1454", game, "--seed", "1")
    run("process", game)
    code, out = run("orders", game, "Milan", "-", "--phase", "0", stdin="A mil H\n")
    assert code == 1 and "nothing was stored" in out


@pytest.fixture
def forming(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path}/judge.db"
    assert run("new", "classic_1454", "g", "--seed", "1", "--db", url)[0] == 0
    return url


def test_players_press_ready_draw_resign_and_takeover(forming: str, tmp_path: Path) -> None:
    db = ("--db", forming)
    code, out = run("join", "g", "cy", "--role", "observer", *db)
    assert code == 0 and "cy joins g as observer" in out
    code, out = run("press", "g", "-", "--as", "Milan", "--to", "Venice", *db, stdin="hello")
    assert code == 0 and "White press from Milan to Venice sent." in out
    code, out = run("press", "g", "-", "--as", "Milan", "--to", "Venice", "--grey", *db,
                    stdin="boo")
    assert code == 1 and "grey" in out.lower()
    code, out = run("ready", "g", "Milan", *db)
    assert code == 0 and "Milan is ready (Spring 1454 movement)." in out
    code, out = run("ready", "g", "Venice", "--wait", *db)
    assert code == 0 and "waits for the deadline" in out
    code, out = run("draw", "g", "Milan", *db)
    assert code == 0 and "Milan votes for a draw." in out
    code, out = run("draw", "g", "Milan", "--no", *db)
    assert code == 0 and "withdraws" in out
    code, out = run("resign", "g", "Milan", *db)
    assert code == 1 and "nobody named 'Milan'" in out  # the master plays it: no seat
    code, out = run("takeover", "g", "ann", "Milan", *db)
    assert code == 0 and "ann now plays Milan." in out
    code, out = run("resign", "g", "Milan", *db)
    assert code == 0 and "ann (Milan) resigned." in out
    code, out = run("eject", "g", "cy", *db)
    assert code == 0 and "ejected" in out


def test_pause_extend_rollback_and_sweep(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/judge.db"
    db = ("--db", url)
    assert run("new", "classic_1454", "g", "--seed", "1", "--deadlines", *db)[0] == 0
    code, out = run("pause", "g", *db)
    assert code == 0 and "g paused." in out
    code, out = run("pause", "g", *db)
    assert code == 1 and "paused" in out
    assert run("pause", "g", "--resume", *db)[0] == 0
    code, out = run("extend", "g", "12", *db)
    assert code == 0 and "extended by 12 hours" in out
    code, out = run("sweep", *db)
    assert code == 0 and "g: Spring 1454 movement waits" in out
    run("process", "g", *db)
    run("process", "g", *db)
    code, out = run("rollback", "g", "1", *db)
    assert code == 0 and "back at phase 1, Summer 1454 movement" in out
    code, out = run("history", "g", *db)
    assert out.splitlines()[-1].startswith("0001")
    code, out = run("rollback", "g", "5", *db)
    assert code == 1 and "not 5" in out


def test_sweep_a_game_folder(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    assert run("new", "classic_1454", game, "--seed", "1")[0] == 0
    code, out = run("sweep", "--folder", game)
    assert code == 0 and "g: Spring 1454 movement waits" in out
    code, out = run("sweep")
    assert code == 1 and "--db" in out


def test_db_upgrade(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    run("new", "classic_1454", game, "--seed", "1")
    code, out = run("db", "upgrade", game)
    assert code == 0 and "up to date" in out
    code, out = run("db", "upgrade", "--db", f"sqlite:///{tmp_path}/new.db")
    assert code == 0 and "upgraded" in out


def test_refused_lines_are_echoed_without_control_characters(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    run("new", "classic_1454", game, "--seed", "1")
    result = CliRunner(mix_stderr=False).invoke(main, ["orders", game, "Milan", "-"],
                                                input="A mil H\nxy\x1b[31mz\u202e\x00\n")
    assert result.exit_code == 1
    assert "\x1b" not in result.stderr and "\u202e" not in result.stderr
    assert "\\x1b" in result.stderr
