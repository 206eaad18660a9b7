"""Age of Communes (communes_1335, communes_1335_v2) against nJudge's mach_aoc and mach_aoc2
files: the cities, the disaster tables, the moves, the set up and the variable income.
make test checks the same facts against the repository's record of them
(tests/golden/witnessed/, tests/test_witnessed_facts.py)."""

from __future__ import annotations

import pytest
from njudge_files import njudge, sections, table_cells
from test_communes import SOURCES

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.game.scenario import load_scenario


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


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize(("title", "attr"), [
    ("Famine:", "famine_table"), ("Plague:", "plague_table"), ("Storms:", "storm_table"),
])
def test_communes_disaster_tables_are_njudges(name: str, title: str, attr: str) -> None:
    board, _ = load_scenario(name)
    theirs = table_cells(njudge("data/" + SOURCES[name]), title.rstrip(":"))
    ours = getattr(board, attr)
    for r in range(11):
        for c in range(11):
            cell = theirs[r][c]
            want = None if cell.startswith("---") else board.lookup(cell)
            assert ours[r][c] == want, (r + 2, c + 2, cell)


def _moves(board: Board, text: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """A map file's army moves and fleet moves (location -> locations, coasts kept)."""
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for line in sections(text)[1]:
        head, targets = line.split(":", 1)
        src, kind = head.split("-")
        pid = board.lookup(src)
        if pid is None or kind == "cc":
            continue
        where = pid if kind in ("mv", "xc") else f"{pid}/{kind}"
        found: set[str] = set()
        for target in targets.split():
            name, _, coast = target.partition("/")
            tid = board.lookup(name)
            if tid is not None and coast != "cc":
                found.add(f"{tid}/{coast}" if coast else tid)
        (army if kind == "mv" else fleet).setdefault(where, set()).update(found)
    return army, fleet


def _differences(board: Board, text: str) -> set[tuple[str, str, frozenset[str]]]:
    theirs = _moves(board, text)
    ours = (board.army_adj, board.fleet_adj)
    out: set[tuple[str, str, frozenset[str]]] = set()
    for kind, mine, file in zip(("army", "fleet"), ours, theirs, strict=True):
        for loc in set(file) | {k for k, v in mine.items() if v}:
            a, b = frozenset(mine.get(loc, frozenset())), frozenset(file.get(loc, set()))
            if a != b:
                out.add((kind, loc, a ^ b))
    return out


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_communes_moves_are_njudges(name: str) -> None:
    """The scenario's moves differ from its nJudge map file only where the classic board
    differs from nJudge's classic map file (its straits and one typo): the impassable
    provinces aside, the scenario changes no move (no army_adjacency needed)."""
    board, _ = load_scenario(name)
    classic = load_board("classic")
    assert _differences(board, njudge("data/" + SOURCES[name])) == _differences(
        classic, njudge("data/map.machiavelli"))
    off = {"alb", "aus", "bos", "dur", "her", "hun", "sla", "swi"}
    for pid, targets in board.army_adj.items():
        assert targets == (frozenset() if pid in off else classic.army_adj[pid] - off), pid


SEEDS = {"communes_1335": "seed.mach_aoc", "communes_1335_v2": "seed.mach_aoc2"}


def _seed_records(name: str, board: Board) -> dict[str, dict[str, str]]:
    """The seed's O (owner) and H (home) records: province id -> power letter."""
    provinces = [line.split(",", 1)[1].split()[1]
                 for line in sections(njudge("data/" + SOURCES[name]))[0]][1:]  # no XXXXXX
    records = {line[0]: line[3:] for line in njudge("data/" + SEEDS[name]).splitlines()
               if line[:2] in ("O:", "H:")}
    out: dict[str, dict[str, str]] = {}
    for key, letters in records.items():
        ids = [board.lookup(p) for p in provinces]
        out[key] = {pid: c for pid, c in zip(ids, letters, strict=False) if c != "." and pid}
    return out


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_communes_owners_and_homes_as_the_seed_says(name: str) -> None:
    board, state = load_scenario(name)
    letter = {power: code for code, power in board.powers.items()}
    seed = _seed_records(name, board)
    owners = {pid: letter[p] for pid, p in state.province_owner.items()}
    homes = {pid: letter[c] for c, provinces in state.home_countries.items()
             for pid in provinces}
    assert homes.pop("mar") == homes.pop("pro") == "F"  # nJudge's Provence (R): France's
    assert seed["H"].pop("mar") == seed["H"].pop("pro") == "R"
    if name == "communes_1335":  # the seed's records: Pontremoli, a v2 leftover (note)
        assert seed["O"].pop("pon") == seed["H"].pop("pon") == "G"
        assert owners.pop("mon") == homes.pop("mon") == "G"
    assert owners == seed["O"]
    assert homes == seed["H"]


def _info_variable_income(text: str) -> list[tuple[int, tuple[int, ...]]]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Variable income:"))
    rows: list[tuple[int, tuple[int, ...]]] = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        numbers = [int(w) for w in line.split() if w.isdigit()][:7]
        rows.append((numbers[0], tuple(numbers[1:])))
    return rows


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_communes_variable_income_as_the_info_file_says(name: str) -> None:
    board, _ = load_scenario(name)
    info = njudge("data/" + SOURCES[name].replace("map.", "info."))
    assert list(board.variable_income.values()) == _info_variable_income(info)
    assert board.variable_income["mar"] == (1, (0, 0, 0, 1, 0, 0))
