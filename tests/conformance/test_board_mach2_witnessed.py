"""The Machiavelli 2 board (data/maps/machiavelli2.toml) against nJudge's data/map.machiavelli2:
every province line, abbreviation, move and table.  make test checks the same facts against
the repository's record of them (tests/golden/witnessed/, tests/test_witnessed_facts.py)."""

from __future__ import annotations

import pytest
from njudge_files import njudge

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board


@pytest.fixture(scope="module")
def m2() -> Board:
    return load_board("machiavelli2")


def _map_file() -> str:
    return njudge("data/map.machiavelli2")


def _sections(text: str) -> tuple[list[tuple[str, str, list[str]]], list[str], list[str]]:
    """Province lines (name, flags, abbreviations), adjacency lines, the rest."""
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("XXXXXX")) + 1
    provinces = []
    while lines[i].strip() != "-1":
        name, rest = lines[i].split(",", 1)
        flags, *abbrs = rest.split()
        provinces.append((name.strip(), flags, abbrs))
        i += 1
    i += 1
    adjacency = []
    while lines[i].strip() != "-1":
        if ":" in lines[i] and not lines[i].startswith(("#", "xxx")):
            adjacency.append(lines[i].strip())
        i += 1
    return provinces, adjacency, lines[i + 1:]


def test_machiavelli2_cities_follow_the_map_file(m2: Board) -> None:
    provinces, _, _ = _sections(_map_file())
    for name, flags, abbrs in provinces:
        pid = m2.lookup(abbrs[0])
        assert pid is not None, name
        prov = m2.provinces[pid]
        assert prov.name == name
        assert prov.sea == (flags[0] == "w")
        assert prov.home == (flags[0] if flags[0] not in "xw" else None)
        income, kind = int(flags[1]), flags[2]
        if prov.sea or (income == 0 and kind == "."):
            assert prov.city is None, name
            continue
        assert prov.city is not None, name
        assert prov.city.income == income
        assert prov.city.port == (kind in "Pp")
        assert prov.city.fortified == (kind in "Pf")
        assert prov.venice == flags.endswith("V")


def test_machiavelli2_every_njudge_abbreviation_resolves(m2: Board) -> None:
    provinces, _, _ = _sections(_map_file())
    for name, _, abbrs in provinces:
        pid = m2.lookup(name)
        assert pid is not None, name
        for abbr in abbrs:
            assert m2.lookup(abbr) == pid, abbr
        if not m2.provinces[pid].sea:
            assert m2.lookup(name[:5]) == pid  # ORD-ABBR-1


def test_machiavelli2_adjacency_follows_the_map_file(m2: Board) -> None:
    _, adjacency, _ = _sections(_map_file())
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for line in adjacency:
        head, targets = line.split(":", 1)
        src, kind = head.split("-")
        pid = m2.lookup(src)
        assert pid is not None, line
        ids = {m2.lookup(t.split("/")[0]) for t in targets.split()}
        if kind == "mv":
            army.setdefault(pid, set()).update(i for i in ids if i)
        elif kind == "xc":
            fleet.setdefault(pid, set()).update(i for i in ids if i)
    for pid, prov in m2.provinces.items():
        if not prov.sea:
            assert m2.army_adj[pid] == army.get(pid, set()), pid
        assert m2.fleet_adj.get(pid, frozenset()) == fleet.get(pid, set()), pid


def _njudge_table(m2: Board, rest: list[str], title: str) -> tuple[tuple[str | None, ...], ...]:
    start = next(k for k, line in enumerate(rest) if line.startswith(title + ":"))
    rows = []
    for line in rest[start + 1:start + 12]:
        cells = line.split(":", 1)[1].split()
        assert len(cells) == 11
        row = tuple(None if c.startswith("---") else m2.lookup(c) for c in cells)
        named = [c for c in cells if not c.startswith("---")]
        assert len([c for c in row if c]) == len(named), named  # every name resolves
        rows.append(row)
    return tuple(rows)


@pytest.mark.parametrize(
    ("title", "attr"),
    [("Famine", "famine_table"), ("Plague", "plague_table"), ("Storms", "storm_table")],
)
def test_machiavelli2_tables_follow_the_map_file(m2: Board, title: str, attr: str) -> None:
    _, _, rest = _sections(_map_file())
    assert getattr(m2, attr) == _njudge_table(m2, rest, title)
