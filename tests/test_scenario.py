"""Starting positions: the classic 1454 scenario (004) and Diplomacy 1901."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from machiavelli.board import Board
from machiavelli.scenario import (
    ScenarioError,
    available_scenarios,
    load_scenario,
    load_scenario_file,
)
from machiavelli.state import State, Unit

# 004 "Judge Information", as printed (its own spellings)
SETUP_004 = {
    "Austria": "A-Austria, Carinthia, A-Hungary, A-Tyrolea",
    "France": "A-Avignon, F-Marseille, Provence, A-Swiss",
    "Florence": "A-Arezzo, A-Florence, F-Pisa, Pistoia",
    "Milan": "Como, A-Cremona, Fornoa, A-Milan, Parma, A-Pavia, Piancenza",
    "Naples": "Aquila, A-Bari, Capua, A-Messina, F-Naples, Otranto, F-Palermo, Salerno",
    "Papacy": "F-Ancona, A-Bologna, Patrimony, A-Perugia, Romagna, A-Rome, Spoleto, Urbino",
    "Turkey": "A-Albania, Bosnia, F-Durazzo, Herzegovina, F-Tunis",
    "Venice": "Bergamo, Brescia, F-Dalmatia, Friuli, Istria, A-Padua, Treviso, G-Venice, "
    "A-Verona, Vicenza",
    None: "G-Ferrara, G-Genoa, G-Lucca, G-Mantua, G-Modena, G-Montferrat, G-Piombino, "
    "G-Ragusa, G-Saluzzo, G-Savoy, G-Sienna, G-Trent",
}


@pytest.fixture(scope="module")
def classic() -> tuple[Board, State]:
    return load_scenario("classic_1454")


@pytest.fixture(scope="module")
def standard() -> tuple[Board, State]:
    return load_scenario("standard_1901")


def _setup_004(board: Board) -> tuple[set[tuple[str | None, str, str]], dict[str, set[str]]]:
    """(owner, kind, province) of every 004 unit, and each power's provinces."""
    units: set[tuple[str | None, str, str]] = set()
    owned: dict[str, set[str]] = {}
    for power, text in SETUP_004.items():
        for item in text.split(", "):
            kind, _, name = item.rpartition("-")
            pid = board.lookup(name)
            assert pid is not None, name
            if kind:
                units.add((power, kind, pid))
            if power is not None:
                owned.setdefault(power, set()).add(pid)
    return units, owned


def test_scenarios_shipped() -> None:
    assert {"classic_1454", "standard_1901"} <= set(available_scenarios())


def test_d004_1_classic_starts_spring_1454(classic: tuple[Board, State]) -> None:
    board, state = classic
    assert board.name == "classic" and state.board == "classic"
    assert (state.year, state.season, state.phase) == (1454, "spring", "movement")
    assert state.powers == [
        "Austria", "France", "Florence", "Milan", "Naples", "Papacy", "Turkey", "Venice",
    ]  # fmt: skip
    assert state.dislodged == [] and state.treasury == {}


def test_classic_unit_counts_per_power(classic: tuple[Board, State]) -> None:
    _, state = classic
    counts = Counter(u.owner for u in state.units)
    assert counts == {
        "Austria": 3, "France": 3, "Florence": 3, "Milan": 3, "Naples": 4,
        "Papacy": 4, "Turkey": 3, "Venice": 4, None: 12,
    }  # fmt: skip


def test_d004_2_to_10_units_match_004(classic: tuple[Board, State]) -> None:
    board, state = classic
    units, _ = _setup_004(board)
    assert {(u.owner, u.kind, u.province) for u in state.units} == units
    assert all(u.coast is None and u.special is None and u.siege == 0 for u in state.units)


def test_d004_2_to_9_control_matches_004_and_home_countries(
    classic: tuple[Board, State],
) -> None:
    board, state = classic
    _, owned = _setup_004(board)
    for power, provinces in owned.items():
        assert {p for p, o in state.province_owner.items() if o == power} == provinces
        assert set(state.home[power]) == provinces
        cities = {p for p in provinces if board.provinces[p].city is not None}
        assert {p for p, o in state.city_owner.items() if o == power} == cities


def test_d004_10_autonomous_garrisons(classic: tuple[Board, State]) -> None:
    board, state = classic
    autonomous = [u for u in state.units if u.owner is None]
    assert all(u.kind == "G" for u in autonomous)
    assert {u.province for u in autonomous} == {
        "fer", "gen", "luc", "man", "mod", "mon", "pio", "rag", "slu", "sav", "sie", "trt",
    }  # fmt: skip
    for u in autonomous:
        assert board.provinces[u.province].garrisonable
        assert u.province not in state.province_owner
        assert u.province not in state.city_owner


def test_d004_9_venice_garrison_in_venice(classic: tuple[Board, State]) -> None:
    _, state = classic
    assert state.unit_in("ven") == Unit("G", "Venice", "ven")
    assert state.unit_in("ven", garrison=False) is None
    assert state.unit_in("psa") == Unit("F", "Florence", "psa")  # D004-4: F-Pisa
    assert state.unit_in("dal") == Unit("F", "Venice", "dal")


def test_classic_options_are_mach1_defaults(classic: tuple[Board, State]) -> None:
    _, state = classic
    assert not state.option("diplomacy")
    for on in ("famine", "loans", "assassinations", "dice", "special", "adjacency", "money"):
        assert state.option(on), on
    for off in ("plague", "fortresses", "storm", "mach2", "disband"):
        assert not state.option(off, default=True), off
    assert state.option("summer") and state.option("garrisons")


def test_standard_1901(standard: tuple[Board, State]) -> None:
    board, state = standard
    assert board.name == "standard"
    assert (state.year, state.season, state.phase) == (1901, "spring", "movement")
    assert state.options == {"diplomacy": True}
    counts = Counter(u.owner for u in state.units)
    assert counts == {
        "Austria": 3, "England": 3, "France": 3, "Germany": 3,
        "Italy": 3, "Russia": 4, "Turkey": 3,
    }  # fmt: skip
    assert {u.location for u in state.units if u.kind == "F"} == {
        "tri", "edi", "lon", "bre", "kie", "nap", "sev", "stp/sc", "ank",
    }  # fmt: skip
    assert state.unit_in("stp") == Unit("F", "Russia", "stp", "sc")
    assert all(u.kind != "G" for u in state.units)


def test_standard_1901_supply_centres(standard: tuple[Board, State]) -> None:
    board, state = standard
    assert Counter(state.city_owner.values()) == {
        "Austria": 3, "England": 3, "France": 3, "Germany": 3,
        "Italy": 3, "Russia": 4, "Turkey": 3,
    }  # fmt: skip
    centres = {p for p, x in board.provinces.items() if x.city is not None}
    assert len(centres - set(state.city_owner)) == 12  # the neutral centres
    for power, homes in state.home.items():
        assert {p for p, o in state.province_owner.items() if o == power} == set(homes)


def test_load_scenario_gives_a_fresh_state() -> None:
    _, first = load_scenario("classic_1454")
    first.units.clear()
    first.province_owner.clear()
    _, second = load_scenario("classic_1454")
    assert len(second.units) == 39 and len(second.province_owner) == 50


def test_scenario_state_round_trips_through_json(classic: tuple[Board, State]) -> None:
    _, state = classic
    assert State.from_json(state.to_json()) == state


def test_unknown_scenario() -> None:
    with pytest.raises(ScenarioError, match="nosuch.toml"):
        load_scenario("nosuch")


# -- errors ------------------------------------------------------------------------

TINY = """board = "classic"
title = "test"
year = 1454
season = "spring"
phase = "movement"

[powers.Venice]
units = ["G ven", "A pad"]
owns = ["vic"]

[autonomous]
units = ["G fer"]
"""


def _error(tmp_path: Path, text: str) -> str:
    path = tmp_path / "scen.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario_file(path)
    message = str(info.value)
    assert str(path) in message
    return message


def test_tiny_scenario_loads(tmp_path: Path) -> None:
    path = tmp_path / "scen.toml"
    path.write_text(TINY, encoding="utf-8")
    _, state = load_scenario_file(path)
    assert state.powers == ["Venice"] and len(state.units) == 3
    assert state.province_owner == {"ven": "Venice", "pad": "Venice", "vic": "Venice"}
    assert state.city_owner == {"ven": "Venice", "pad": "Venice", "vic": "Venice"}


@pytest.mark.parametrize(
    ("old", "new", "entry", "problem"),
    [
        ("[powers.Venice]", "[powers.Genoa]", "powers.Genoa", "not a power"),
        ('"A pad"]', '"A lag"]', "powers.Venice.units", "an army cannot stand"),
        ('"A pad"]', '"F mil"]', "powers.Venice.units", "a fleet cannot stand"),
        ('"A pad"]', '"F cro"]', "powers.Venice.units", "a fleet cannot stand at 'cro'"),
        ('"A pad"]', '"G cri"]', "powers.Venice.units", "no fortified city"),
        ('"A pad"]', '"A zzz"]', "powers.Venice.units", "unknown province 'zzz'"),
        ('"A pad"]', '"X pad"]', "powers.Venice.units", "expected a unit"),
        ('"A pad"]', '"A ven"]', "powers.Venice", "share one space"),
        ('["G fer"]', '["G ven"]', "autonomous", "share one space"),
        ('["G fer"]', '["A fer"]', "autonomous.units", "garrisons"),
        ('owns = ["vic"]', 'owns = ["ets"]', "powers.Venice.owns", "not a land province"),
        ('season = "spring"', 'season = "autumn"', "season", "must be one of"),
        ('board = "classic"', 'board = "nosuch"', "board", "no such board"),
    ],
)
def test_scenario_errors_name_file_entry_and_problem(
    tmp_path: Path, old: str, new: str, entry: str, problem: str
) -> None:
    assert old in TINY
    message = _error(tmp_path, TINY.replace(old, new, 1))
    assert f": {entry}: " in message
    assert problem in message


def test_province_controlled_twice_is_an_error(tmp_path: Path) -> None:
    text = TINY.replace("[autonomous]", '[powers.Milan]\nunits = ["A vic"]\n\n[autonomous]')
    message = _error(tmp_path, text)
    assert ": powers.Milan: " in message and "already controlled by Venice" in message
