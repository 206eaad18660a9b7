"""Machfive against nJudge's data/map.machfive and seed.machfive, line by line: the board
(data/maps/machfive.toml) and the scenario's set up (data/scenarios/machfive_3001.toml).
make test checks the same facts against the repository's record of them
(tests/golden/witnessed/, tests/test_witnessed_facts.py)."""

from __future__ import annotations

import pytest
from njudge_files import njudge, sections, table_ids, variable_income_rows
from test_machfive import LETTERS, ORDINALS, POWERS

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.game.scenario import load_scenario


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("machfive")


def test_every_fact_of_njudge_map_machfive(board: Board) -> None:
    provinces, adjacency, specials, *_ = sections(njudge("data/map.machfive"))
    provinces = [x for x in provinces if not x.startswith("XXXXXX")]
    assert len(provinces) == len(board.provinces)
    for line in provinces:
        name, rest = line.split(",", 1)
        code, *abbrevs = rest.split()
        pid = board.lookup(name.strip())
        assert pid is not None, name
        p = board.provinces[pid]
        assert p.name == name.strip()
        assert p.sea == (code[0] == "w") and p.home == LETTERS.get(code[0]), pid
        for abbrev in abbrevs:  # nJudge's look-up: the first line with it (cap1: Capitanata)
            first = next(x for x in provinces if abbrev in x.split(",", 1)[1].split()[1:])
            assert board.lookup(abbrev) == board.lookup(first.split(",")[0]), abbrev
        income, mark = int(code[1]), code[2]
        if mark == ".":
            assert p.city is None if income == 0 else p.city is not None, pid
        else:
            assert p.city is not None, pid
            kind = "fortress" if income == 0 else "fortified"
            assert (p.city.kind, p.city.income, p.city.port) == (kind, income, mark == "P")
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for line in adjacency:
        head, targets = line.split(":", 1)
        name, kind = head.split("-")
        if name == "xxx":
            continue
        pid = board.lookup(name)
        assert pid is not None, line
        found = {board.lookup(t) for t in targets.split()}
        assert None not in found, line
        (army if kind == "mv" else fleet).setdefault(pid, set()).update(
            t for t in found if t is not None)
    for pid, p in board.provinces.items():
        if not p.sea:
            army.setdefault(pid, set())  # the islands: no "-mv" line
    assert {p: set(t) for p, t in board.army_adj.items()} == army
    assert {p: set(t) for p, t in board.fleet_adj.items()} == fleet
    text = "\n".join(specials)
    for key, table in [("Famine", board.famine_table), ("Plague", board.plague_table),
                       ("Storms", board.storm_table)]:
        assert table == table_ids(board, text, key), key
    rows = variable_income_rows(text)
    assert rows
    for city, dice, *nums in rows:
        naples = board.lookup(city)
        assert naples is not None
        home = board.provinces[naples].home
        assert home is not None
        roll = (int(dice), tuple(int(n) for n in nums[:6]))
        assert board.variable_income[POWERS[home]] == roll
        assert int(nums[6]) == 0  # "Initial": nothing to carry over


def test_njudge_seed_is_the_scenario() -> None:
    seed = sections(njudge("data/seed.machfive"))[0][1:]
    board, state = load_scenario("machfive_3001")
    number = {name: str(i) for i, name in enumerate(ORDINALS, 1)}
    ours = sorted((number.get(u.owner or "", "&"), u.kind, u.location) for u in state.units)
    theirs: list[tuple[str, str, str]] = []
    for line in seed:
        who, kind, place = line.split(maxsplit=2)
        pid = board.lookup(place)
        assert pid is not None, line
        theirs.append((who[0], kind, pid))
    assert ours == sorted(theirs)
