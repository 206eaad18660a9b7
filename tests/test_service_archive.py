"""export and import: a game as a folder of files (the old layout), every file checked on
the way in, links refused, nothing repaired or deleted (reliability probe, findings 7, 8,
9, 10 and 11)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.service.archive import MANIFEST, ArchiveError, read_archive


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    """A game of two processed phases with orders pending, exported."""
    game = str(tmp_path / "game")
    assert run("new", "classic_1454", game, "--seed", "7")[0] == 0
    for orders in ("A pav - for\nA mil H\n", "A for - par\n"):
        assert run("orders", game, "Milan", "-", stdin=orders)[0] == 0
        assert run("process", game)[0] == 0
    for power, text in (("Milan", "A mil H\n"), ("Venice", "A pad H\n")):
        assert run("orders", game, power, "-", stdin=text)[0] == 0
    assert run("press", game, "--as", "Milan", "--to", "Venice", "-", stdin="hi")[0] == 0
    folder = tmp_path / "archive"
    code, out = run("export", game, str(folder))
    assert code == 0, out
    return folder


def test_export_writes_the_old_layout_with_a_manifest(exported: Path) -> None:
    names = {p.relative_to(exported).as_posix() for p in exported.rglob("*") if p.is_file()}
    assert {"game.json", "state.json", "start.txt", MANIFEST, "service.json",
            "orders/Milan.txt", "orders/Venice.txt", "history/0001/before.json",
            "history/0002/after.json", "history/0001/orders/Milan.txt",
            "history/0002/report.txt"} <= names
    assert json.loads((exported / "game.json").read_text())["phases"] == 2


def test_import_gives_back_the_same_game(exported: Path, tmp_path: Path) -> None:
    code, out = run("import", str(exported), str(tmp_path / "copy"))
    assert code == 0, out
    original = run("history", str(tmp_path / "game"), "--full")[1]
    assert run("history", str(tmp_path / "copy"), "--full")[1] == original
    shown = run("show", str(tmp_path / "copy"), "--power", "Milan")[1]
    assert shown == run("show", str(tmp_path / "game"), "--power", "Milan")[1]
    assert "A mil H" in shown
    again = tmp_path / "again"
    assert run("export", str(tmp_path / "copy"), str(again))[0] == 0
    for name in ("game.json", "state.json", "history/0002/report.txt", "service.json"):
        assert (again / name).read_text() == (exported / name).read_text()


def test_a_changed_file_is_refused(exported: Path, tmp_path: Path) -> None:
    report = exported / "history" / "0002" / "report.txt"
    report.write_text(report.read_text().replace("Results", "Resulst"))
    code, out = run("import", str(exported), str(tmp_path / "copy"))
    assert code == 1 and "changed since the export" in out and "Traceback" not in out
    assert not (tmp_path / "copy").exists()


def test_an_order_file_linked_to_a_system_file_is_refused(exported: Path,
                                                          tmp_path: Path) -> None:
    target = exported / "orders" / "Milan.txt"
    target.unlink()
    os.symlink("/etc/passwd", target)
    code, out = run("import", str(exported), str(tmp_path / "copy"))
    assert code == 1 and "symbolic link" in out and "root:" not in out


def test_a_linked_folder_is_refused(exported: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (exported / "orders").rename(elsewhere)
    os.symlink(elsewhere, exported / "orders")
    with pytest.raises(ArchiveError, match="symbolic link"):
        read_archive(exported)


def test_an_unlisted_or_missing_file_is_refused(exported: Path) -> None:
    (exported / "orders" / "Papacy.txt").write_text("A rme H\n")
    with pytest.raises(ArchiveError, match="not listed"):
        read_archive(exported)
    (exported / "orders" / "Papacy.txt").unlink()
    (exported / "history" / "0001" / "report.txt").unlink()
    with pytest.raises(ArchiveError, match="missing"):
        read_archive(exported)


def _legacy(folder: Path) -> Path:
    """The folder as the game folders were before the database: no manifest."""
    (folder / MANIFEST).unlink()
    (folder / "service.json").unlink()
    return folder


def test_an_old_game_folder_imports_in_place(exported: Path) -> None:
    folder = _legacy(exported)
    code, out = run("show", str(folder))
    assert code == 1 and "machiavelli import" in out
    code, out = run("import", "--no-verify", str(folder))
    assert code == 0, out
    code, out = run("show", str(folder), "--power", "Venice")
    assert code == 0 and "2 phases processed" in out and "A pad H" in out


def test_an_old_folder_one_phase_behind_is_refused_and_nothing_deleted(exported: Path) -> None:
    folder = _legacy(exported)
    data = json.loads((folder / "game.json").read_text())
    data["phases"] -= 1
    (folder / "game.json").write_text(json.dumps(data))
    code, out = run("import", "--no-verify", str(folder))
    assert code == 1 and "counts 1 phases but history has 2" in out
    assert sorted(p.name for p in (folder / "orders").iterdir()) == ["Milan.txt", "Venice.txt"]
    assert (folder / "history" / "0002").is_dir()


def test_damaged_stored_orders_are_refused_not_dropped(exported: Path) -> None:
    folder = _legacy(exported)
    (folder / "orders" / "Milan.txt").write_text("A mil H\nA m")
    code, out = run("import", "--no-verify", str(folder))
    assert code == 1 and "orders/Milan.txt, line 2" in out and "damaged" in out


def test_bad_utf8_in_a_stored_file_is_a_message(exported: Path) -> None:
    folder = _legacy(exported)
    with open(folder / "history" / "0001" / "report.txt", "ab") as f:
        f.write(b"\xff\xfe")
    code, out = run("import", "--no-verify", str(folder))
    assert code == 1 and "not UTF-8" in out and "Traceback" not in out


def test_a_flipped_position_in_the_history_is_refused(exported: Path) -> None:
    folder = _legacy(exported)
    path = folder / "history" / "0001" / "before.json"
    path.write_text(path.read_text().replace('"year": 1454', '"year": 1455', 1))
    with pytest.raises(ArchiveError, match="checksum"):
        read_archive(folder, verify=False)


def test_a_folder_without_its_manifest_is_refused_unless_not_verified_N6(
        exported: Path, tmp_path: Path) -> None:
    """N6: deleting SHA256SUMS let a tampered export import, forged orders and all; now
    the import is refused, and only --no-verify reads such a folder."""
    (exported / MANIFEST).unlink()
    forged = exported / "history" / "0001" / "orders" / "Milan.txt"
    if forged.exists():
        forged.write_text(forged.read_text().replace("A mil H", "A mil - pav"))
    code, out = run("import", str(exported), str(tmp_path / "new"))
    assert code == 1 and "SHA256SUMS: missing" in out and "--no-verify" in out
    assert not (tmp_path / "new").exists()
    with pytest.raises(ArchiveError, match="SHA256SUMS: missing"):
        read_archive(exported)
    code, out = run("import", "--no-verify", str(exported), str(tmp_path / "trusted"))
    assert code == 0, out
