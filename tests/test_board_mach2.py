"""The Machiavelli 2 board (1995 edition): data/maps/machiavelli2.toml against its facts.

Facts: nJudge's data/map.machiavelli2 and rules.machiavelli2; 001 GEN-6 (64 provinces
and 9 seas), STR-MACH2-2 (only Messina's strait), FLAG-PLAGUE-TN.  The map file line by
line: tests/conformance/test_board_mach2_witnessed.py (make conformance), and its record
here (tests/test_witnessed_facts.py).
"""

from __future__ import annotations

from collections import Counter

import pytest

from machiavelli.core.board import Board
from machiavelli.core.maps import available_boards, load_board


@pytest.fixture(scope="module")
def m2() -> Board:
    return load_board("machiavelli2")


# -- counts and provinces ----------------------------------------------------------


def test_gen_6_machiavelli2_has_64_provinces_and_9_seas(m2: Board) -> None:
    assert "machiavelli2" in available_boards()
    assert load_board("machiavelli2") is m2
    assert sum(not p.sea for p in m2.provinces.values()) == 64
    assert sorted(p.id for p in m2.provinces.values() if p.sea) == [
        "bot", "egl", "gon", "ion", "low", "tyn", "uas", "wgl", "wms"
    ]


def test_machiavelli2_powers_and_home_countries(m2: Board) -> None:
    classic = load_board("classic")
    assert m2.powers == classic.powers
    homes = Counter(m2.powers[p.home] for p in m2.provinces.values() if p.home)
    assert homes == {
        "Austria": 4, "France": 4, "Florence": 4, "Milan": 6,
        "Naples": 8, "Papacy": 7, "Turkey": 5, "Venice": 8,
    }


def test_machiavelli2_cities_no_fortresses(m2: Board) -> None:
    kinds = Counter(p.city.kind for p in m2.provinces.values() if p.city is not None)
    assert "fortress" not in kinds
    assert m2.provinces["aqu"].city is None  # a fortress on the classic board
    assert m2.provinces["ver"].city is None
    flo, gen, nap = (m2.provinces[p].city for p in ("flo", "gen", "nap"))
    assert flo is not None and (flo.kind, flo.port, flo.income) == ("fortified", False, 3)
    assert gen is not None and (gen.kind, gen.port, gen.income) == ("fortified", True, 3)
    assert nap is not None and (nap.kind, nap.port, nap.income) == ("fortified", True, 2)
    sar, cor = m2.provinces["sar"].city, m2.provinces["cor"].city
    assert sar is not None and (sar.kind, sar.port) == ("unfortified", True)
    assert cor is not None and (cor.kind, cor.port) == ("unfortified", False)


def test_machiavelli2_venice_is_reached_only_by_fleets(m2: Board) -> None:
    ven = m2.provinces["ven"]
    assert ven.venice and ven.city is not None and ven.city.income == 3 and ven.city.port
    assert m2.army_adj["ven"] == frozenset()
    assert m2.fleet_adj["ven"] == {"pad", "trv", "fri", "uas"}
    assert "lag" not in m2.provinces


def test_machiavelli2_ids_match_the_classic_board(m2: Board) -> None:
    assert m2.lookup("slr") == "sle" and m2.lookup("Salerno") == "sle"
    assert m2.lookup("slz") == "slu" and m2.lookup("saluz") == "slu"
    assert m2.lookup("car") == "cri" and m2.lookup("pis") == "pst"  # ORD-ABBR-5
    assert m2.lookup("psa") == "psa" and m2.lookup("crn") == "crn"
    assert m2.lookup("Tyrrhenian Sea") == "tyn" and m2.lookup("ts") == "tyn"
    assert m2.lookup("Central Mediterranean") == "bot" and m2.lookup("cms") == "bot"
    assert m2.lookup("lig") == "egl" and m2.lookup("gol") == "wgl" and m2.lookup("las") == "low"
    shared = set(m2.provinces) & set(load_board("classic").provinces)
    assert len(shared) == 72  # all but the Tyrrhenian Sea


# -- adjacency ---------------------------------------------------------------------


def test_machiavelli2_adjacency_is_symmetric(m2: Board) -> None:
    for a, targets in m2.army_adj.items():
        assert all(a in m2.army_adj[b] for b in targets)
    for a, targets in m2.fleet_adj.items():
        assert all(a in m2.fleet_adj[b] for b in targets)


def test_machiavelli2_map_changes_of_the_1995_edition(m2: Board) -> None:
    # rules.machiavelli2 "IMPORTANT MAP CHANGES" 1 and 2
    assert m2.army_adjacent("cor", "sar") and m2.fleet_adjacent("cor", "sar")
    assert m2.army_adjacent("mes", "otr") and m2.fleet_adjacent("mes", "otr")
    assert not m2.provinces["cro"].coasts and not m2.provinces["pro"].coasts
    assert m2.fleet_adj["tyn"] >= {"pio", "sie", "pat", "rme", "cap", "nap", "gon", "cor"}
    assert m2.army_adj["tun"] == frozenset()
    assert m2.is_coastal("urb") and not m2.is_coastal("mil")


def test_str_mach2_2_only_messina_has_a_strait(m2: Board) -> None:
    assert len(m2.straits) == 1
    strait = m2.straits[0]
    assert set(strait.ends) == {"gon", "ion"} and strait.controller == "mes"
    assert m2.strait_between("gon", "ion") is strait
    assert m2.strait_between("psa", "pio") is None


# -- tables ------------------------------------------------------------------------


def test_flag_plague_tn_mach2_plague_table_has_the_four_missing_provinces(m2: Board) -> None:
    plagued = {c for row in m2.plague_table for c in row if c}
    assert {"are", "pio", "pst", "rag"} <= plagued
    classic = {c for row in load_board("classic").plague_table for c in row if c}
    assert not {"are", "pio", "pst", "rag"} & classic


def test_machiavelli2_famine_table_cells(m2: Board) -> None:
    assert m2.famine_table[0][2] == "pro"  # row 2, column 4
    assert m2.famine_table[2][0] == "per"  # row 4, column 2: Perugia (Tivoli on classic)
    assert m2.famine_table[9][2] == "ven"
    storms = {c for row in m2.storm_table for c in row if c}
    assert storms == {"low", "tyn", "bot", "uas", "wms", "egl", "gon", "wgl", "ion"}


def test_machiavelli2_variable_income_as_classic(m2: Board) -> None:
    assert m2.variable_income == load_board("classic").variable_income
    assert m2.variable_income["Venice"] == (2, (2, 3, 3, 4, 4, 5))
