"""A game folder this process may not write is still readable (issue 38, N7): ``show``,
``history`` and ``export`` read it (SQLite opened read-only and immutable: no ``-shm``
file is needed beside it), and a command that writes says the database cannot be
written, without a traceback.

The folder is made read-only for real: a read-only bind mount when the tests run as root
(root writes through any file mode), else the files' modes."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main


def run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(main, list(args))
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.output


@pytest.fixture
def read_only_game(tmp_path: Path) -> Iterator[Path]:
    game = tmp_path / "game"
    code, out = run("new", "classic_1454", str(game))
    assert code == 0, out
    assert run("orders", str(game), "Venice", "-")[0] in (0, 1)
    if os.geteuid() != 0:
        (game / "game.db").chmod(0o444)
        game.chmod(0o555)
        yield game
        game.chmod(0o755)
        return
    mount = tmp_path / "mounted"
    mount.mkdir()
    subprocess.run(["mount", "--bind", str(game), str(mount)], check=True)
    try:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(mount)], check=True)
        with pytest.raises(OSError):
            (mount / "probe").write_text("x")
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_a_read_only_game_folder_is_readable_N7(read_only_game: Path, tmp_path: Path) -> None:
    code, out = run("show", str(read_only_game))
    assert code == 0 and "0 phases processed" in out, out
    code, out = run("history", str(read_only_game))
    assert code == 0 and "Game start" in out, out
    code, out = run("export", str(read_only_game), str(tmp_path / "copy"))
    assert code == 0 and (tmp_path / "copy" / "SHA256SUMS").is_file(), out
    code, out = run("process", str(read_only_game))
    assert code == 1 and "cannot be written" in out
    assert not (read_only_game / "game.db-shm").exists()
