"""001 Appendix 1, the map file (MAPF-1..6): nJudge's map.machiavelli read as 001 explains it.

Appendix 1 is a player aid, not a rule: what it states is checked by reading nJudge's
``data/map.machiavelli`` (the witness copy beside the project, ``../shared/witnesses``) the
way the appendix describes, and comparing what each line says with our classic board, which
was made from that file (its quirks are listed at the top of data/maps/classic.toml).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import pytest
from njudge_files import WITNESSES, sections, table_ids, variable_income_rows

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.core.state import Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.money.income import fixed_income

MAP_FILE = WITNESSES / "njudge" / "data" / "map.machiavelli"
# the adjacency section's own names for three provinces (classic.toml's header)
ADJACENCY_NAMES = {"slr": "sle", "slz": "slu", "las": "low"}
CITY_TYPES = {"P": ("fortified", True), "p": ("unfortified", True),
              "f": ("fortified", False), ".": ("unfortified", False)}


@dataclass(frozen=True)
class ProvinceLine:
    """``full name, terrain|ownership city-income city-type abbreviations`` (MAPF-2)."""

    name: str
    terrain: str  # "x" neutral, "l" land, "w" water, or the initial of the power owning it
    income: int
    city_type: str
    venice: bool
    abbreviations: tuple[str, ...]


def read_province_line(line: str) -> ProvinceLine:
    name, rest = line.split(",", 1)
    flags, *abbreviations = rest.split()
    found = re.fullmatch(r"([A-Za-z])(\d)([Ppf.])(V?)", flags)
    assert found, line
    terrain, income, city_type, venice = found.groups()
    return ProvinceLine(name.strip(), terrain, int(income), city_type, venice == "V",
                        tuple(abbreviations))


@pytest.fixture(scope="module")
def text() -> str:
    assert MAP_FILE.is_file(), f"{MAP_FILE} is missing"
    return MAP_FILE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("classic")


@pytest.fixture(scope="module")
def provinces(text: str) -> list[ProvinceLine]:
    lines = [read_province_line(line) for line in sections(text)[0]]
    return [p for p in lines if p.abbreviations[0] != "xxx"]  # the placeholder line


def test_mapf_1_provinces_then_moves_then_the_tables_and_orderings(
    text: str, board: Board
) -> None:
    first, second, third = sections(text)[:3]
    assert all("," in line for line in first)  # province lines
    assert all(re.match(r"[a-z]{3}-[a-z]{2}:", line) for line in second)  # move/convoy data
    headings = [line.split(":")[0].strip() for line in third if not line[0].isspace()]
    assert headings[:3] == ["Famine", "Plague", "Variable Income"]
    assert "Ownership (city) ordering" in headings
    assert "Center (province) order for summary report" in headings
    # the tables at the end are the board's
    assert table_ids(board, text, "Famine") == board.famine_table
    assert table_ids(board, text, "Plague") == board.plague_table
    rows = {row[0]: (int(row[1]), tuple(int(n) for n in row[2:8]))
            for row in variable_income_rows(text)}
    assert rows["Florence"] == board.variable_income["Florence"]
    assert rows["Genoa"] == board.variable_income["gen"]
    assert rows["Marseilles"] == board.variable_income["France"]  # ruling on ambiguity 8
    assert len(rows) == len(board.variable_income) == 9


def test_mapf_2_each_province_line_gives_name_terrain_owner_and_abbreviations(
    provinces: list[ProvinceLine], board: Board
) -> None:
    assert len(provinces) == len(board.provinces) == 81
    for line in provinces:
        pid = line.abbreviations[0]
        province = board.provinces[pid]
        assert all(board.lookup(a) == pid for a in line.abbreviations), line
        assert board.lookup(line.name) == pid, line
        assert province.sea == (line.terrain == "w"), line
        if line.terrain in "xlw":
            assert province.home is None, line
        else:  # the initial of the power that owns it at the start: its home country
            assert province.home == line.terrain and line.terrain in board.powers, line
    terrains = {line.terrain for line in provinces}
    assert terrains == {"x", "w", *board.powers}


def test_mapf_3_city_income_and_type_fortresses_and_no_city(
    provinces: list[ProvinceLine], board: Board
) -> None:
    for line in provinces:
        city = board.provinces[line.abbreviations[0]].city
        assert 0 <= line.income <= 3, line
        if line.terrain == "w" or (line.income == 0 and line.city_type == "."):
            assert city is None, line  # "0." means no city
        elif line.income == 0:  # zero income with a city type: a fortress
            assert city is not None and city.kind == "fortress", line
            assert city.port == (line.city_type == "P"), line
        else:
            assert city is not None, line
            assert (city.kind, city.port) == CITY_TYPES[line.city_type], line
            assert city.income == line.income, line
    types = {line.city_type for line in provinces if line.income}
    assert types == set(CITY_TYPES)


def test_mapf_4_water_gives_one_ducat(provinces: list[ProvinceLine], board: Board) -> None:
    """Water lines say 0 (``w0.``); the judge pays 1 ducat for a fleet there all the same."""
    assert all(line.income == 0 for line in provinces if line.terrain == "w")
    _, start = load_scenario("classic_1454")
    seas = [p for p, x in board.provinces.items() if x.sea]
    state = replace(start, units=[Unit("F", "Venice", sea) for sea in seas],
                    province_owner={}, city_owner={})
    assert fixed_income(board, state)["Venice"].seas == len(seas) == 11


def test_mapf_5_the_trailing_v_gives_venice_its_rules(
    provinces: list[ProvinceLine], board: Board
) -> None:
    flagged = [line.abbreviations[0] for line in provinces if line.venice]
    assert flagged == ["ven"]
    assert [p for p, x in board.provinces.items() if x.venice] == ["ven"]


def test_mapf_6_adjacency_types_mv_xc_coasts_and_cc(text: str, board: Board) -> None:
    def ids(words: list[str]) -> set[str]:
        return {ADJACENCY_NAMES.get(w, w) for w in words}

    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    straits: set[frozenset[str]] = set()
    for line in sections(text)[1]:
        head, rest = line.split(":", 1)
        prov, kind = head.split("-")
        prov = ADJACENCY_NAMES.get(prov, prov)
        words = [w.split("/cc")[0] for w in rest.split()]
        if prov == "xxx":
            continue
        if kind == "mv":  # armies
            army.setdefault(prov, set()).update(ids(words))
        elif kind in ("xc", "xv"):  # fleets and convoys, one coast ("uas-xv" is a typo)
            fleet.setdefault(prov, set()).update(ids(words))
        elif kind in ("nc", "sc", "ec", "wc"):  # divided coasts
            fleet.setdefault(f"{prov}/{kind}", set()).update(ids(words))
        else:
            assert kind == "cc", line  # a strait that can be blocked
            straits |= {frozenset((prov, w)) for w in ids(words)}
    for prov, targets in army.items():
        assert set(board.army_adj[prov]) == targets, prov
    for loc, targets in fleet.items():
        assert set(board.fleet_adj[loc]) == targets, loc
    assert {"cro/nc", "cro/sc", "pro/nc", "pro/sc"} <= set(fleet)
    assert straits == {frozenset(s.ends) for s in board.straits} == {
        frozenset(("psa", "ets")), frozenset(("gon", "ion"))}
