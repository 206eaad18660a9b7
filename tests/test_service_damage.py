"""Stored data that fails its own checks is refused with a message, never used or repaired
(reliability probe, findings 1, 7, 8 and 10, in the database)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import update

from machiavelli.cli.main import main
from machiavelli.service import adjudication, games
from machiavelli.service.games import DamagedGame, NewGame
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import OrderSheet, Phase
from machiavelli.service.visibility import GameView, Viewer

MASTER = Viewer.master()
NOW = datetime(2026, 11, 2, 12, tzinfo=UTC)


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    judge = Judge(f"sqlite:///{tmp_path}/judge.db")
    assert isinstance(judge.create_game(NewGame("g", "classic_1454", seed="1")), GameView)
    assert not isinstance(judge.submit_orders("g", MASTER, "Milan", "A pav - for"), Refused)
    return judge


def test_a_reader_during_processing_sees_the_old_phase_and_changes_nothing(
        judge: Judge) -> None:
    with judge.db.writing() as session:  # a process between its writes and its commit
        game = games.find_game(session, "g", lock=True)
        assert not isinstance(game, Refused)
        assert not isinstance(adjudication.process(session, game, NOW), Refused)
        session.flush()
        for _ in range(3):  # `show` and `history` meanwhile
            seen = judge.view("g", MASTER, history=True)
            assert isinstance(seen, GameView) and seen.phase == 0 and seen.history == []
            assert seen.orders["Milan"].lines == ["A pav - for"]
    after = judge.view("g", MASTER, history=True)
    assert isinstance(after, GameView) and after.phase == 1 and len(after.history) == 1
    assert after.history[0].orders == {"Milan": "A pav - for\n"}


def test_a_changed_phase_is_refused_everywhere(judge: Judge, tmp_path: Path) -> None:
    judge.process("g")
    with judge.db.writing() as session:
        session.execute(update(Phase).where(Phase.number == 1).values(
            report="Results for Spring 1454 movement\n\n(rewritten)"))
    with pytest.raises(DamagedGame, match="checksum"):
        judge.view("g", MASTER, history=True)
    with pytest.raises(DamagedGame, match="checksum"):
        judge.process("g")


def test_stored_orders_that_do_not_read_back_stop_processing(judge: Judge) -> None:
    with judge.db.writing() as session:
        session.execute(update(OrderSheet).values(text="A pav - for\nA m\n"))
    with pytest.raises(DamagedGame, match="do not read back"):
        judge.process("g")
    view = judge.view("g", MASTER)
    assert isinstance(view, GameView) and view.phase == 0  # nothing processed, nothing lost


def test_the_command_line_says_what_is_damaged(tmp_path: Path) -> None:
    game = tmp_path / "game"
    runner = CliRunner()
    assert runner.invoke(main, ["new", "classic_1454", str(game), "--seed", "1"]).exit_code == 0
    with Judge.in_folder(game) as judge, judge.db.writing() as session:
        session.execute(update(Phase).values(state='{"broken": true}'))
    for command in (["show", str(game)], ["history", str(game)], ["process", str(game)]):
        result = runner.invoke(main, command)
        assert result.exit_code == 1 and "checksum" in result.output, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
