"""``machiavelli map``: the picture of a game's phase from its directory, SVG or PNG."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.fixture
def game(tmp_path: Path) -> str:
    where = str(tmp_path / "game")
    assert run("new", "classic_1454", where, "--seed", "7")[0] == 0
    orders = "A pav - for\nA mil - pia\nexpense 1: 3 ducats famine relief mil\n"
    assert run("orders", where, "Milan", "-", stdin=orders)[0] == 0
    return where


def test_the_current_phase_public_and_for_a_power(game: str, tmp_path: Path) -> None:
    code, out = run("map", game)
    assert code == 0, out
    root = ET.fromstring(out.encode())
    assert root.attrib["data-viewer"] == "public" and "pending" not in out
    assert "Machiavelli 1454: The Balance of Power" in out
    code, out = run("map", game, "--power", "mil", "-o", str(tmp_path / "milan.svg"))
    assert code == 0, out
    milan = (tmp_path / "milan.svg").read_text()
    assert 'data-viewer="Milan"' in milan
    assert "order move pending" in milan and "famine relief" in milan


def test_a_processed_phase_with_its_results(game: str) -> None:
    assert run("process", game)[0] == 0
    code, out = run("map", game, "--phase", "1")
    assert code == 0, out
    assert 'data-phase="Spring 1454 movement"' in out
    assert "order move succeeds" in out
    assert "famine relief" not in out  # Milan's expense is not public
    code, out = run("map", game, "--phase", "1", "--power", "Milan")
    assert "famine relief mil (void)" in out  # no famine there: void, ducats spent
    code, out = run("map", game, "--phase", "2")
    assert code != 0 and "no phase 2: the processed phases are 1 to 1" in out


def test_mistakes_are_messages(game: str, tmp_path: Path) -> None:
    code, out = run("map", game, "--power", "Spain")
    assert code != 0 and "unknown power 'Spain'" in out
    code, out = run("map", str(tmp_path / "nothing"))
    assert code != 0 and "no such game directory" in out
    code, out = run("map", game, "--phase", "1")
    assert code != 0 and "no phase has been processed yet" in out


def test_png(game: str, tmp_path: Path) -> None:
    target = tmp_path / "map.png"
    code, out = run("map", game, "--png", "-o", str(target))
    assert code == 0, out
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_without_cairosvg_says_what_to_install(game: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now fails
    code, out = run("map", game, "--png", "-o", "x.png")
    assert code != 0 and "pip install 'machiavelli-judge[png]'" in out


@pytest.mark.parametrize("scenario", ["standard_1901", "machfive_3001", "mach2_1051"])
def test_other_maps_draw_from_the_command_line(tmp_path: Path, scenario: str) -> None:
    where = str(tmp_path / scenario)
    assert run("new", scenario, where, "--seed", "1")[0] == 0
    code, out = run("map", where)
    assert code == 0, out
    ET.fromstring(out.encode())
