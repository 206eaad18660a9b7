"""Archives carry the game's kind: export writes it, import reads it back, and a folder
that names none (written before kinds) imports as Machiavelli."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from machiavelli.service.archive import MANIFEST, ArchiveError, read_archive
from machiavelli.service.games import NewGame
from machiavelli.service.judge import Judge
from machiavelli.service.kinds import MACHIAVELLI
from machiavelli.service.visibility import Viewer

GM = Viewer.master()


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    judge = Judge(f"sqlite:///{tmp_path}/j.db")
    try:
        judge.create_game(NewGame("g", "classic_1454", seed="a1", flags=("money",)))
        judge.submit_orders("g", GM, "Milan", "A pav - for\n")
        judge.process("g", expected=0)
        folder = tmp_path / "archive"
        archive = judge.export_game("g", folder)
    finally:
        judge.close()
    assert getattr(archive, "kind", None) == MACHIAVELLI
    return folder


def test_export_names_the_kind(exported: Path) -> None:
    assert json.loads((exported / "game.json").read_text())["kind"] == MACHIAVELLI
    assert read_archive(exported).kind == MACHIAVELLI


def test_a_folder_naming_no_kind_is_machiavelli(exported: Path, tmp_path: Path) -> None:
    data = json.loads((exported / "game.json").read_text())
    del data["kind"]
    (exported / "game.json").write_text(json.dumps(data))
    (exported / MANIFEST).unlink()  # as the folders before the database: no manifest
    assert read_archive(exported, verify=False).kind == MACHIAVELLI
    judge = Judge(f"sqlite:///{tmp_path}/k.db")
    try:
        judge.import_game(exported, "copy", verify=False)
        view = judge.view("copy", GM, history=True)
        assert getattr(view, "kind", None) == MACHIAVELLI
        assert getattr(view, "phase", None) == 1
    finally:
        judge.close()


def test_a_kind_this_judge_does_not_play_is_refused(exported: Path) -> None:
    data = json.loads((exported / "game.json").read_text())
    data["kind"] = "chess"
    (exported / "game.json").write_text(json.dumps(data))
    (exported / MANIFEST).unlink()
    with pytest.raises(ArchiveError, match="'chess' is not one this judge plays"):
        read_archive(exported, verify=False)
