"""Dipmach against nJudge's data/map.dipmach and seed.dipmach, line by line: the board
(data/maps/dipmach.toml) and the scenario's set up (data/scenarios/dipmach_1901.toml).
make test checks the same facts against the repository's record of them
(tests/golden/witnessed/, tests/test_witnessed_facts.py)."""

from __future__ import annotations

import pytest
from njudge_files import njudge, sections, table_ids, variable_income_rows
from test_dipmach import INITIAL, POWERS

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.game.scenario import load_scenario


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("dipmach")


def test_every_fact_of_njudge_map_dipmach(board: Board) -> None:
    provinces, adjacency, specials, *_ = sections(njudge("data/map.dipmach"))
    for line in provinces:
        name, rest = line.split(",", 1)
        code, pid, *abbrevs = rest.split()
        p = board.provinces[pid]
        assert p.name == name.strip()
        assert p.sea == (code[0] == "w") and p.home == (code[0] if code[0] in POWERS else None)
        for abbrev in abbrevs:
            assert board.lookup(abbrev) == pid, abbrev
        if code[2] == ".":
            assert p.city is None, pid
        else:
            assert p.city is not None and p.city.fortified, pid
            assert (p.city.income, p.city.port) == (int(code[1]), code[2] == "P"), pid
    assert len(provinces) == len(board.provinces)
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for line in adjacency:
        head, targets = line.split(":", 1)
        pid, kind = head.split("-")
        if kind == "mv":
            army.setdefault(pid, set()).update(targets.split())
        else:
            loc = pid if kind == "xc" else f"{pid}/{kind}"
            fleet.setdefault(loc, set()).update(targets.split())
    army["swi"] = set()  # "swi-mv: swi": impassable here
    assert {p: set(t) for p, t in board.army_adj.items()} == army
    assert {p: set(t) for p, t in board.fleet_adj.items()} == fleet
    text = "\n".join(specials)
    for key, table in [("Famine", board.famine_table), ("Plague", board.plague_table),
                       ("Storms", board.storm_table)]:
        assert table == table_ids(board, text, key), key
    rows = variable_income_rows(text)
    assert rows
    for city, dice, *nums in rows:
        found = board.lookup(city)
        assert found is not None
        home = board.provinces[found].home
        key = POWERS[home] if home else found
        assert board.variable_income[key] == (int(dice), tuple(int(n) for n in nums[:6]))
        assert INITIAL.get(key, 0) == int(nums[6])


def test_njudge_seed_is_the_scenario() -> None:
    seed = sections(njudge("data/seed.dipmach"))[0][1:]
    board, state = load_scenario("dipmach_1901")
    letters: dict[str | None, str] = {v: k for k, v in POWERS.items()}
    letters[None] = "&"
    ours = sorted((letters[u.owner], u.kind, u.location) for u in state.units)
    theirs: list[tuple[str, str, str]] = []
    for line in seed:
        who, kind, place = line.split(maxsplit=2)
        name, _, coast = place.partition("/")
        pid = board.lookup(name)
        assert pid is not None, line
        theirs.append((who[0], kind, f"{pid}/{coast}" if coast else pid))
    assert ours == sorted(theirs)
