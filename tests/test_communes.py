"""Age of Communes (nJudge's mach_aoc, v3, and mach_aoc2, v2): the scenario's cities,
disaster tables, the plague's first year and the fortresses' garrisons."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from njudge_files import njudge

from machiavelli.board import City
from machiavelli.cli import main
from machiavelli.dice import LoadedDice
from machiavelli.disasters import plague
from machiavelli.maps import load_board
from machiavelli.scenario import load_scenario

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


def _cities_in(text: str) -> dict[str, str]:
    """nJudge's province lines: first abbreviation -> the city code (e.g. "A2f")."""
    out: dict[str, str] = {}
    for line in text.split("\n-1")[0].splitlines():
        parts = line.split(",", 1)
        if len(parts) == 2 and parts[1].split():
            fields = parts[1].split()
            if len(fields) >= 2:
                out[fields[1]] = fields[0]
    return out


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_communes_cities_agree_with_njudges_map(name: str) -> None:
    board, state = load_scenario(name)
    codes = _cities_in(njudge("data/" + SOURCES[name]))
    for abbr, code in codes.items():
        pid = board.lookup(abbr)
        if pid is None or board.provinces[pid].sea:
            continue
        city = board.provinces[pid].city
        income, kind = int(code[1]), code[2]
        if pid == "mar" and name == "communes_1335_v2":
            continue  # nJudge's map: an unfortified port; the set up garrisons it (note)
        if kind == "." and income == 0:
            assert city is None or city.kind == "fortress", pid
            continue
        assert city is not None, pid
        assert city.income == income, pid
        assert city.port == (kind in "Pp"), pid
        fortified = kind in "fP"
        assert (city.kind != "unfortified") == fortified, pid


def _table_in(text: str, title: str) -> list[list[str]]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    return [line.split(":", 1)[1].split() for line in lines[start + 1:start + 12]]


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize(("title", "attr"), [
    ("Famine:", "famine_table"), ("Plague:", "plague_table"), ("Storms:", "storm_table"),
])
def test_communes_disaster_tables_are_njudges(name: str, title: str, attr: str) -> None:
    board, _ = load_scenario(name)
    theirs = _table_in(njudge("data/" + SOURCES[name]), title)
    ours = getattr(board, attr)
    for r in range(11):
        for c in range(11):
            cell = theirs[r][c]
            want = None if cell.startswith("---") else board.lookup(cell)
            assert ours[r][c] == want, (r + 2, c + 2, cell)


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
