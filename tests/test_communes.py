"""Age of Communes (nJudge's mach_aoc, v3, and mach_aoc2, v2): the scenario's cities,
disaster tables, the plague's first year, the fortresses' garrisons, moves, set up and
variable income, and games through the command line.  Against nJudge's files themselves
(../shared/witnesses/njudge): tests/conformance/test_communes_witnessed.py (make
conformance); against the record of what they say: tests/test_witnessed_facts.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.core.board import City
from machiavelli.core.dice import LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.game.disasters import plague
from machiavelli.game.scenario import load_scenario, unfunded_powers

SOURCES = {"communes_1335": "map.mach_aoc", "communes_1335_v2": "map.mach_aoc2"}


CHANGED = {
    "cor": City("fortified", True, 1),
    "nap": City("fortified", True, 1),
    "pal": City("fortified", True, 2),
    "sle": City("fortified", True, 1),
    "tun": City("unfortified", True, 1),
    "ver": City("fortified", False, 2),
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_communes_cities_as_the_info_files_rules_say(name: str) -> None:
    board, _ = load_scenario(name)
    classic = load_board("classic")
    expected = dict(CHANGED)
    if name == "communes_1335":  # v3 rules 10 and 11
        expected["ber"] = City("fortified", False, 1)
        expected["tyr"] = City("fortress", False, 0)
    for pid, city in expected.items():
        assert board.provinces[pid].city == city, pid
    others = [p for p in board.provinces if p not in expected]
    assert all(board.provinces[p].city == classic.provinces[p].city for p in others)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_communes_plague_only_from_1348(name: str) -> None:
    board, state = load_scenario(name)
    assert board.plague_from == 1348
    state.season = "summer"
    before, events = plague(board, state, LoadedDice("x", values=[6, 6] + [3] * 4))
    assert events == [] and before.units == state.units
    state.year = 1348
    _, events = plague(board, state, LoadedDice("x", values=[6, 6] + [3] * 4))
    assert events and events[0].startswith("Plague roll")


def test_communes_fortress_garrisons_only_with_fortresses() -> None:
    _, plain = load_scenario("communes_1335")
    _, forts = load_scenario("communes_1335", options={"fortresses": True})
    added = {u.province for u in forts.units} - {u.province for u in plain.units}
    assert added == {"for", "par", "pat", "spo", "rma", "urb", "tiv", "tyr"}
    _, forts2 = load_scenario("communes_1335_v2", options={"fortresses": True})
    _, plain2 = load_scenario("communes_1335_v2")
    added2 = {u.province for u in forts2.units} - {u.province for u in plain2.units}
    assert added2 == {"ber", "for", "par", "rma", "spo", "tiv", "urb"}


def test_communes_game_through_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    result = CliRunner().invoke(main, ["new", "communes_1335", game, "--seed", "1",
                                       "--set", "fortresses"])
    assert result.exit_code == 0, result.output
    assert "Garrison Tyrolea" in result.output and "Game start" in result.output
    for _ in range(3):
        result = CliRunner().invoke(main, ["process", game])
        assert result.exit_code == 0, result.output


# -- more of nJudge's files: cells, moves, set up, variable income ------------------


@pytest.mark.parametrize(("name", "table", "row", "column", "pid"), [
    ("communes_1335", "famine", 2, 12, "pal"),  # v3: moved from row 3 (the classic cell)
    ("communes_1335", "famine", 11, 3, "pio"),
    ("communes_1335", "plague", 7, 12, "ber"),
    ("communes_1335", "storm", 2, 12, "uas"),  # v3: UAS moved away from row 10's ION
    ("communes_1335_v2", "famine", 3, 12, "pal"),
    ("communes_1335_v2", "plague", 3, 12, "tyr"),
    ("communes_1335_v2", "storm", 4, 3, "uas"),
    ("communes_1335_v2", "storm", 2, 12, None),
])
def test_communes_table_cells(
    name: str, table: str, row: int, column: int, pid: str | None
) -> None:
    """A sample of cells, copied here (the whole tables are checked above)."""
    board, _ = load_scenario(name)
    assert getattr(board, table + "_table")[row - 2][column - 2] == pid


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_communes_treasuries_by_000s_start(name: str) -> None:
    """Neither version gives a starting treasury for the classic board (note in the file)."""
    _, state = load_scenario(name)
    assert unfunded_powers(name) == tuple(state.powers)


def test_communes_v2_no_plague_before_1348_through_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "g")
    result = CliRunner().invoke(main, ["new", "communes_1335_v2", game, "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Garrison Tyrolea" in result.output and "Garrison Bergamo" not in result.output
    outputs = []
    for _ in range(40):  # with no orders, the units go at the first adjustment: fast years
        result = CliRunner().invoke(main, ["process", game])
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
        if "Results for Summer 1348" in result.output:
            break
    text = "".join(outputs)
    assert "Results for Summer 1347 movement" in text
    first = text.index("Plague roll")  # the plague of summer 1348, before its orders
    assert text.index("Results for Spring 1348 movement") < first
    assert first < text.index("Results for Summer 1348 movement")
