"""Two ``process`` at once process one phase (issue 38, N11): a plain ``process`` pins
the phase pending when it starts, so one that finds it processed by another in the
meantime says so and does nothing, instead of processing the next phase too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.service.judge import Judge


def run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(main, list(args))
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.output


def test_a_process_overtaken_by_another_does_nothing_N11(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    game = tmp_path / "g"
    assert run("new", "classic_1454", str(game))[0] == 0
    real = Judge.process
    overtaken: list[bool] = []

    def other_process_first(self: Judge, name: str, **options: Any) -> Any:
        if not overtaken:  # the other `process`, started at the same moment, wins the lock
            overtaken.append(True)
            assert not isinstance(real(self, name, who="other"), str)
        return real(self, name, **options)

    monkeypatch.setattr(Judge, "process", other_process_first)
    code, out = run("process", str(game))
    assert code == 0 and "was processed already" in out, out
    monkeypatch.undo()
    code, out = run("history", str(game))
    assert out.count("\n0001 ") + out.count("\n0002 ") == 1, out  # one phase, not two
