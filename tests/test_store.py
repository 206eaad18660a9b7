"""The game directory: atomic phases, damage detected and refused, crashes recovered."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from machiavelli.cli.store import GameDir, GameDirError, GameSettings, state_text
from machiavelli.core.state import State
from machiavelli.game.scenario import load_scenario


def new_game(tmp_path: Path) -> tuple[GameDir, State]:
    _, state = load_scenario("classic_1454")
    game = GameDir(tmp_path / "g")
    game.create(GameSettings(scenario="classic_1454", seed="s"), state)
    return game, state


def advance(game: GameDir, state: State) -> State:
    settings, _ = game.open()
    after = replace(state, season="summer")
    game.save_phase(settings, state, after, {"Milan": "A mil H\n"}, "report", {"Milan": "p"})
    return after


def test_create_and_open(tmp_path: Path) -> None:
    game, state = new_game(tmp_path)
    settings, opened = game.open()
    assert opened == state and settings.phases == 0 and settings.seed == "s"


def test_refuses_a_non_empty_directory(tmp_path: Path) -> None:
    game, _ = new_game(tmp_path)
    with pytest.raises(GameDirError, match="not empty"):
        game.create(GameSettings(scenario="x", seed="s"), load_scenario("classic_1454")[1])


def test_a_processed_phase_is_recorded_and_orders_cleared(tmp_path: Path) -> None:
    game, state = new_game(tmp_path)
    game.store_orders("Milan", "A mil H\n")
    after = advance(game, state)
    settings, opened = game.open()
    assert opened == after and settings.phases == 1
    assert game.stored_orders() == {}
    entry = game.history_entries()[0]
    assert (entry / "orders" / "Milan.txt").read_text() == "A mil H\n"
    assert (entry / "private" / "Milan.txt").read_text() == "p"


def test_changed_state_file_is_refused(tmp_path: Path) -> None:
    game, _ = new_game(tmp_path)
    path = game.path / "state.json"
    data = json.loads(path.read_text())
    data["state"]["year"] = 1999
    path.write_text(json.dumps(data))
    with pytest.raises(GameDirError, match="checksum"):
        game.open()


def test_truncated_state_file_is_refused(tmp_path: Path) -> None:
    game, _ = new_game(tmp_path)
    path = game.path / "state.json"
    path.write_text(path.read_text()[:100])
    with pytest.raises(GameDirError, match="damaged"):
        game.open()


def test_missing_history_file_is_refused(tmp_path: Path) -> None:
    game, state = new_game(tmp_path)
    advance(game, state)
    (game.history_entries()[0] / "report.txt").unlink()
    with pytest.raises(GameDirError, match="incomplete"):
        game.open()


def test_crash_before_the_state_moved_on_is_undone(tmp_path: Path) -> None:
    game, state = new_game(tmp_path)
    advance(game, state)
    # simulate a crash while saving phase 2: its history folder is written, nothing else
    settings, current = game.open()
    entry = game.path / "history" / "0002"
    entry.mkdir()
    (entry / "before.json").write_text((game.path / "state.json").read_text())
    (entry / "after.json").write_text(state_text(replace(current, season="fall")))
    (entry / "report.txt").write_text("r")
    settings2, reopened = game.open()
    assert settings2.phases == 1 and reopened == current
    assert not entry.exists()


def test_crash_before_the_count_is_finished(tmp_path: Path) -> None:
    game, state = new_game(tmp_path)
    after = advance(game, state)
    data = json.loads((game.path / "game.json").read_text())
    data["phases"] = 0  # game.json not yet updated when the crash came
    (game.path / "game.json").write_text(json.dumps(data))
    settings, opened = game.open()
    assert settings.phases == 1 and opened == after


def test_state_that_disagrees_with_history_is_refused(tmp_path: Path) -> None:
    game, state = new_game(tmp_path)
    advance(game, state)
    other = replace(state, year=1460)
    (game.path / "state.json").write_text(state_text(other))
    with pytest.raises(GameDirError, match="not the position"):
        game.open()


def test_missing_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GameDirError, match="no such game"):
        GameDir(tmp_path / "nothing").open()
