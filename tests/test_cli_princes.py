"""Princes of the Renaissance from the command line (issue 35 item 6): the game master's
commands on a game directory (``new princes_A DIR --players 3``, ``orders``, ``process``,
``show``) and ``machiavelli judge`` with the mail judge's commands."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from machiavelli.cli.main import main


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None
        ) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin, env=env)
    return result.exit_code, result.output


def test_a_princes_game_in_a_directory(tmp_path: Path) -> None:
    game = str(tmp_path / "princes")
    code, out = run("new", "princes_A", game, "--players", "3", "--seed", "s1")
    assert code == 0, out
    assert "Princes of the Renaissance" in out and "Waiting for: Start: order bid by all" in out
    for seat, bid in (("P1", 4), ("P2", 2), ("P3", 1)):
        code, out = run("orders", game, seat, "-", stdin=f"order bid {bid}\n")
        assert code == 0 and f"ORDER BID {bid}" in out, out
    code, out = run("orders", game, "P2", "-", stdin="BID UP TO 5\nORDER BID 99\n")
    assert code == 1 and "Standing orders of P2: BID UP TO 5" in out and "line 2" in out
    code, out = run("process", game)
    assert code == 0 and "order bids" in out and "Next: Start:" in out, out
    code, out = run("show", game, "--power", "P1")
    assert code == 0 and "P1: 45 gold" in out, out


def test_machiavelli_judge_speaks_princes(tmp_path: Path) -> None:
    env = {"MACHIAVELLI_DB": f"sqlite:///{tmp_path}/judge.db",
           "MACHIAVELLI_OUTBOX": str(tmp_path / "outbox")}
    for name in ("gm", "ann", "bob", "cy"):
        code, out = run("judge", "--as", f"{name}@x.org", stdin=f"REGISTER\nName: {name}\nEND\n",
                        env=env)
        assert code == 0, out
    code, out = run("judge", "--as", "gm@x.org", stdin="CREATE ?pr sesame princes 3\n", env=env)
    assert "You've been selected to play Master in game 'pr'" in out, out
    for name in ("ann", "bob", "cy"):
        code, out = run("judge", "--as", f"{name}@x.org", stdin=f"SIGN ON ?pr {name}pw\n",
                        env=env)
        assert "selected to play a power" in out, out
    code, out = run("judge", "--as", "gm@x.org", stdin="SIGN ON mpr sesame\nLIST\n", env=env)
    assert "Waiting for: Start: order bid by all" in out and "Provisional values" in out
