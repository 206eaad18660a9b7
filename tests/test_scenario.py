"""Starting positions: every scenario and variant (000, 004, nJudge) and Diplomacy 1901."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.core.board import Board, space_of
from machiavelli.core.dice import LoadedDice
from machiavelli.core.homes import (
    home_country_holders,
    original_home_countries,
    update_home_countries,
)
from machiavelli.core.maps import load_board
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import (
    ScenarioInfo,
    available_scenarios,
    list_scenarios,
    load_scenario,
    load_scenario_file,
    scenario_info,
)
from machiavelli.game.scenario.checks import ScenarioError
from machiavelli.money.income import roll_variable_income

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
    assert state.dislodged == [] and set(state.treasury.values()) == {0}


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


def _power_matches_004(classic: tuple[Board, State], power: str) -> None:
    """One power of 004's "Judge Information": its units, provinces, cities, home country."""
    board, state = classic
    units, owned = _setup_004(board)
    assert {(u.owner, u.kind, u.province) for u in state.units if u.owner == power} == {
        u for u in units if u[0] == power}
    provinces = owned[power]
    assert {p for p, o in state.province_owner.items() if o == power} == provinces
    assert set(state.home[power]) == provinces
    cities = {p for p in provinces if board.provinces[p].city is not None}
    assert {p for p, o in state.city_owner.items() if o == power} == cities


def test_d004_3_france(classic: tuple[Board, State]) -> None:
    _power_matches_004(classic, "France")  # A Avignon, A Swiss, F Marseille; Provence


def test_d004_4_florence(classic: tuple[Board, State]) -> None:
    _power_matches_004(classic, "Florence")  # A Arezzo, A Florence, F Pisa; Pistoia


def test_d004_5_milan_with_004s_fornoa_and_piancenza(classic: tuple[Board, State]) -> None:
    board, _ = classic
    assert board.lookup("Fornoa") == board.lookup("Fornova") == "for"  # 004's spellings read
    assert board.lookup("Piancenza") == board.lookup("Piacenza") == "pia"
    _power_matches_004(classic, "Milan")  # A Cremona, A Milan, A Pavia; Como, Fornova, ...


def test_d004_6_naples(classic: tuple[Board, State]) -> None:
    _power_matches_004(classic, "Naples")  # A Bari, A Messina, F Naples, F Palermo; ...


def test_d004_7_papacy_without_tivoli(classic: tuple[Board, State]) -> None:
    board, state = classic
    _power_matches_004(classic, "Papacy")
    assert "tiv" not in state.home["Papacy"] and board.provinces["tiv"].home is None


def test_d004_8_turkey(classic: tuple[Board, State]) -> None:
    _power_matches_004(classic, "Turkey")  # A Albania, F Durazzo, F Tunis; Bosnia, ...


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


# -- every scenario, every variant ---------------------------------------------------

ALL = available_scenarios()
VARIANTS = [
    (info.name, v.players, v.option) for info in list_scenarios() for v in info.variants
]


def _on_board(board: Board, province: str) -> bool:
    return bool(board.army_adj.get(province)) or bool(board.fleet_locations(province))


def _check_position(board: Board, state: State) -> None:
    """Units legal where they stand, one per space, homes sound (the checks every
    scenario and variant must pass)."""
    forts = state.option("fortresses")
    spaces: dict[str, Unit] = {}
    for u in state.units:
        prov = board.provinces[u.province]
        assert not prov.sea or u.kind == "F", u
        assert _on_board(board, u.province), f"{u} is off the board"
        if u.kind == "A":
            assert not prov.sea and u.coast is None, u
        elif u.kind == "F":
            assert u.location in board.fleet_adj, u
        else:
            assert prov.garrisonable and u.coast is None, u
            assert forts or prov.city is not None and prov.city.kind != "fortress", u
        assert u.owner is None or u.owner in state.powers, u
        space = space_of(board, u.province, u.kind == "G")
        assert space not in spaces, f"{u} and {spaces[space]} share {space}"
        spaces[space] = u
    # every power has a home country, home countries do not overlap, the board agrees
    seen: dict[str, str] = {}
    for power in state.powers:
        assert state.home_countries.get(power), f"{power} has no home country"
        assert set(state.home_countries[power]) <= set(state.home[power])
    for country, provinces in state.home_countries.items():
        letter = next(k for k, v in board.powers.items() if v == country)
        for pid in provinces:
            assert pid not in seen, f"{pid} is in {seen.get(pid)} and {country}"
            seen[pid] = country
            assert board.provinces[pid].home == letter, (country, pid)
            assert _on_board(board, pid), (country, pid)
    assert {p for p, x in board.provinces.items() if x.home} == set(seen)
    # control: a unit's province is its owner's (or split with a garrison in the city)
    for u in state.units:
        if u.owner is not None and u.kind != "G" and not board.provinces[u.province].sea:
            assert state.province_owner[u.province] == u.owner, u
    for pid, owner in [*state.province_owner.items(), *state.city_owner.items()]:
        assert owner in state.powers and _on_board(board, pid), pid
    # every home country is held by its setup holder: nothing changes hands at the start
    assert update_home_countries(board, state) == (state, [])
    holders = home_country_holders(board, state)
    assert all(holders[c] in state.powers for c in state.home_countries)
    assert State.from_json(state.to_json()) == state


def test_every_scenario_is_listed_and_loads_as_a_full_game() -> None:
    infos = list_scenarios()
    assert sorted(i.name for i in infos) == ALL
    for info in infos:
        board, state = load_scenario(info.name)
        assert board.name == info.map == state.board
        assert state.powers == list(info.powers)
        assert state.year == info.year and (state.season, state.phase) == ("spring", "movement")
        _check_position(board, state)


@pytest.mark.parametrize(("name", "players", "option"), VARIANTS)
def test_every_variant_loads_with_legal_units_and_home_countries(
    name: str, players: int, option: int
) -> None:
    board, state = load_scenario(name, players, option=option)
    _check_position(board, state)
    variant = scenario_info(name).variant(players, option)
    assert state.powers == list(variant.powers)
    assert len(variant.sides) == players
    named = [p for side in variant.sides for p in side if p != "*"]
    free = sum(side.count("*") for side in variant.sides)
    assert len(set(named)) == len(named) and set(named) <= set(state.powers)
    info = scenario_info(name)
    assert len(named) + free == len(state.powers) - len(info.unplayed)
    assert set(info.unplayed).isdisjoint(named)
    for power in variant.neutral:  # 000 Basic VII.8: the neutral power's provinces are gone
        assert power not in state.powers and power not in state.home_countries
        assert not any(u.owner == power for u in state.units)
    if option > 1:
        assert load_scenario(f"{name}:{option}", players)[1] == state


def test_expected_scenarios_and_player_counts() -> None:
    counts = {i.name: i.player_counts for i in list_scenarios()}
    assert counts == {
        "classic_1454": (2, 3, 4, 5, 6, 7, 8),
        "dipmach_1901": (7,),
        "expansion_1385": (2, 3, 4),
        "expansion_1385_este": (5,),
        "struggle_1499": (3, 4, 5, 6),
        "struggle_1513": (4, 5, 6),
        "struggle_1513_njudge": (6,),
        "spanish_1521": (2, 3, 4, 5, 6),
        "spanish_1521_njudge": (6,),
        "standard_1901": (7,),
        "mach2_0725": (4,),
        "mach2_1051": (7,),
        "mach2_1177": (4, 5),
        "mach2_1253": (7,),
        "mach2_1454": (8,),
        "mach2_1499": (6,),
        "mach2_1513": (6,),
        "mach2_1521": (6,),
        "communes_1335": (9,),
        "communes_1335_v2": (9,),
        "machfive_3001": (5,),
    }
    options = {(i.name, v.players): v.option for i in list_scenarios() for v in i.variants}
    assert options[("classic_1454", 2)] == 2 and options[("classic_1454", 3)] == 2
    assert options[("struggle_1499", 3)] == 2


@pytest.mark.parametrize(("name", "players"), [
    ("classic_1454", 1), ("classic_1454", 9), ("expansion_1385", 5), ("struggle_1513", 3),
    ("standard_1901", 3), ("mach2_1454", 2),
])  # fmt: skip
def test_impossible_player_count_is_a_clear_error(name: str, players: int) -> None:
    with pytest.raises(ValueError, match=f"{name}: .*{players} players"):
        load_scenario(name, players)


def test_unknown_option_of_a_variant_is_a_clear_error() -> None:
    with pytest.raises(ScenarioError, match="has option 1, not 2"):
        load_scenario("classic_1454", 4, option=2)
    with pytest.raises(ScenarioError, match="needs a number of players"):
        load_scenario("classic_1454:2")
    with pytest.raises(ScenarioError, match="not a scenario name"):
        load_scenario("classic_1454:x")


# -- the rulebook's set ups (000 III), as printed with OCR slips corrected -----------

SETUP_000 = {
    "expansion_1385": {  # III.A
        "Milan": "Pavia (A), Milan (A), Cremona (A), Como, Bologna (A), Genoa (F)",
        "Venice": "Dalmatia (F), Venice (G), Ragusa (F)",
        "Naples": "Bari (A), Aquila (A), Naples (F), Salerno (F), Otranto, Capua",
        "Florence": "Pistoia (A), Florence (A), Pisa (F)",
    },
    "classic_1454": {  # III.B
        "Milan": "Pavia (A), Cremona (A), Como, Fornova, Piancenza, Parma, Milan (A)",
        "Venice": "Padua (A), Verona (A), Venice (G), Dalmatia (F), Brescia, Bergamo, "
        "Vicenza, Treviso, Friuli, Istria",
        "Florence": "Arezzo (A), Florence (A), Pisa (F), Pistoia",
        "Papacy": "Bologna (A), Ancona (F), Perugia (A), Rome (A), Patrimony, Spoleto, "
        "Urbino, Romagna",
        "Naples": "Bari (A), Naples (F), Messina (A), Palermo (F), Otranto, Salerno, "
        "Aquila, Capua",
        "Turkey": "Albania (A), Durazzo (F), Tunis (F), Herzegovina, Bosnia",
        "Austria": "Hungary (A), Austria (A), Tyrolea (A), Carinthia",
        "France": "Swiss (A), Avignon (A), Marseille (F), Provence",
    },
    "struggle_1499": {  # III.C part one ("Arrezzo", "Treviso (A)'")
        "France": "Avignon (A), Marseille (F), Provence, Milan (A), Genoa (F), Naples (A), "
        "Bari (A), Saluzzo (A)",
        "Austria": "Tyrolea (A), Austria (A), Hungary, Carinthia, Swiss (A), Sardinia (F), "
        "Palermo (F), Messina (A)",
        "Papacy": "Bologna (A), Perugia (A), Rome (A), Ancona (F), Patrimony, Tivoli, "
        "Spoleto, Urbino, Romagna",
        "Florence": "Arezzo (A), Florence (A), Pisa (F), Pistoia",
        "Venice": "Treviso (A), Padua (A), Venice (G), Dalmatia (F), Istria, Bergamo, "
        "Brescia, Verona, Vicenza, Friuli",
        "Turkey": "Tunis (F), Albania (A), Durazzo (F), Herzegovina, Bosnia",
    },
    "struggle_1513": {  # III.C part two ("Avignon (Al", "Milan IG)", "Hungary (AJ")
        "France": "Avignon (A), Marseille (F), Provence, Saluzzo (A), Milan (G)",
        "Turkey": "Durazzo (A), Albania (F), Tunis (F), Herzegovina, Bosnia, Hungary (A)",
        "Milan": "Pavia (A), Cremona (A), Swiss (A), Modena (A), Ferrara (A)",
        "Austria": "Tyrolea (A), Austria (A), Carinthia, Palermo (F), Messina (A), "
        "Naples (F), Bari (A), Capua, Aquila, Salerno, Otranto, Sardinia (F), Milan (A)",
        "Papacy": "Ancona (F), Perugia (A), Rome (A), Bologna (A), Patrimony, Spoleto, "
        "Urbino, Romagna, Tivoli",
        "Venice": "Padua (A), Treviso (A), Venice (G), Dalmatia (F), Istria, Bergamo, "
        "Brescia, Verona, Vicenza, Friuli",
    },
    "spanish_1521": {  # III.D
        "France": "Swiss (A), Avignon (A), Marseille (F), Saluzzo (A), Provence",
        "Austria": "Tyrolea (A), Austria (A), Carinthia, Carniola, Milan (A), Bari (A), "
        "Messina (A), Palermo (F), Naples (A), Capua, Aquila, Salerno, Otranto, "
        "Sardinia (F)",
        "Papacy": "Bologna (A), Perugia (A), Rome (A), Ancona (F), Romagna, Urbino, "
        "Spoleto, Tivoli, Patrimony",
        "Florence": "Arezzo (A), Florence (A), Pisa (F), Pistoia",
        "Venice": "Padua (A), Treviso (A), Venice (F), Dalmatia (F), Bergamo, Brescia, "
        "Verona, Vicenza, Friuli, Istria",
        "Turkey": "Albania (A), Durazzo (F), Tunis (F), Herzegovina, Bosnia, Hungary (A)",
    },
}
AUTONOMOUS_000 = {
    "classic_1454": "Savoy, Montferrat, Saluzzo, Genoa, Trent, Ferrara, Mantua, Modena, "
    "Lucca, Piombino, Sienna, Ragusa",
    "struggle_1499": "Savoy, Turin, Montferrat, Pavia, Cremona, Trent, Mantua, Modena, "
    "Lucca, Piombino, Sienna, Ragusa",
    "struggle_1513": "Savoy, Turin, Montferrat, Genoa, Trent, Mantua, Lucca, Pisa, "
    "Florence, Arezzo, Piombino, Sienna, Ragusa",
    "spanish_1521": "Savoy, Turin, Montferrat, Genoa, Pavia, Cremona, Trent, Mantua, "
    "Ferrara, Modena, Lucca, Piombino, Sienna",
}
NOT_HOME_000 = {"struggle_1499": {"mil", "gen", "nap", "bar", "slu"}, "struggle_1513": {"mil"}}


def _read_000(board: Board, text: str) -> tuple[set[tuple[str, str]], set[str]]:
    units: set[tuple[str, str]] = set()
    provinces: set[str] = set()
    for item in text.split(", "):
        name, _, kind = item.partition(" (")
        pid = board.lookup(name)
        assert pid is not None, name
        provinces.add(pid)
        if kind:
            units.add((kind.rstrip(")"), pid))
    return units, provinces


@pytest.mark.parametrize("name", sorted(SETUP_000))
def test_scenarios_match_the_rulebook_set_ups(name: str) -> None:
    board, state = load_scenario(name)
    if name != "classic_1454":  # (which keeps 004's order)
        assert list(SETUP_000[name]) == state.powers  # the rulebook's order of the powers
    assert set(SETUP_000[name]) == set(state.powers)
    for power, text in SETUP_000[name].items():
        units, provinces = _read_000(board, text)
        assert {(u.kind, u.province) for u in state.units_of(power)} == units, power
        held = {p for p, o in state.province_owner.items() if o == power}
        held |= {p for p, o in state.city_owner.items() if o == power}
        assert held == provinces, power
        # 000 Basic V.D: the provinces controlled at the start are the home country
        assert set(state.home_countries[power]) == provinces - NOT_HOME_000.get(name, set())
    if name in AUTONOMOUS_000:
        _, garrisons = _read_000(board, AUTONOMOUS_000[name])
        assert {u.province for u in state.units_of(None)} == garrisons
        assert all(u.kind == "G" for u in state.units_of(None))
    assert set(state.treasury.values()) <= {0}  # 000: computed at the start, never given


def test_1385_autonomous_garrisons_in_every_other_fortified_place() -> None:
    # 000 III.A.3 and 4d: all fortified cities and fortresses outside the home countries
    board, state = load_scenario("expansion_1385")
    homes = {p for v in state.home_countries.values() for p in v}
    fortified = {
        p for p, x in board.provinces.items()
        if x.garrisonable and p not in homes and _on_board(board, p)
    }  # fmt: skip
    assert {u.province for u in state.units_of(None)} == fortified
    assert len(fortified) == 33 and state.option("fortresses")


def test_1385_neutral_france_and_austria_are_off_the_board() -> None:
    board, state = load_scenario("expansion_1385")
    off = {"avi", "mar", "pro", "swi", "tyr", "aus", "cri", "hun"}
    for pid in off:
        assert not _on_board(board, pid) and board.provinces[pid].home is None
    for pid, targets in board.army_adj.items():
        assert not targets & off, pid
    for loc, targets in board.fleet_adj.items():
        assert not {t.split("/")[0] for t in targets} & off, loc
    assert board.army_adj["tur"] == load_board("classic").army_adj["tur"] - off
    assert board.army_adj["tur"] == {"com", "mon", "pav", "sav", "slu"}
    # the Papacy and Turkey have no home country in 1385
    assert set(state.home_countries) == {"Milan", "Venice", "Naples", "Florence"}
    assert board.provinces["rme"].home is None and board.provinces["gen"].home == "I"


def test_1385_variable_income_rolls_and_rome() -> None:
    board, state = load_scenario("expansion_1385")
    assert board.variable_income == {
        "Florence": (1, (1, 2, 3, 3, 4, 5)),
        "Milan": (1, (2, 3, 3, 4, 4, 5)),
        "Naples": (1, (1, 2, 2, 3, 3, 4)),
        "rme": (1, (2, 3, 3, 4, 5, 6)),  # the Papacy's row
        "Venice": (1, (2, 3, 3, 4, 4, 5)),
    }
    rolls = roll_variable_income(board, state, LoadedDice("t", values=[1, 2, 3, 4, 5]))
    assert [(r.source, r.power, r.ducats) for r in rolls] == [
        ("Florence", "Florence", 1), ("Milan", "Milan", 3), ("Naples", "Naples", 2),
        ("Venice", "Venice", 4),
    ]  # fmt: skip  (Rome is autonomous: nobody rolls for it yet)
    state.city_owner["rme"] = "Naples"
    rolls = roll_variable_income(board, state, LoadedDice("t", values=[1, 1, 1, 6, 1]))
    assert ("rme", "Naples", 6) in [(r.source, r.power, r.ducats) for r in rolls]


def test_1454_variants_neutral_powers_and_genoa() -> None:
    classic = load_board("classic")
    board, state = load_scenario("classic_1454", 8)
    assert board is classic and state == load_scenario("classic_1454")[1]
    board, state = load_scenario("classic_1454", 5)
    assert state.powers == ["Florence", "Milan", "Naples", "Papacy", "Venice"]
    for pid in ("alb", "dur", "tun", "her", "bos", "aus", "hun", "tyr", "cri", "avi"):
        assert not _on_board(board, pid)
    assert "Turkey" not in board.variable_income and "gen" in board.variable_income
    board, state = load_scenario("classic_1454:2", 3)  # 000 III.B.5b option 2
    assert state.powers[-1] == "Genoa" and board.powers["G"] == "Genoa"
    assert state.home_countries["Genoa"] == ("gen",) and state.unit_in("gen") == Unit(
        "G", "Genoa", "gen"
    )
    assert state.city_owner["gen"] == "Genoa" and board.provinces["gen"].home == "G"
    assert len(state.units_of(None)) == 11


def test_1499_french_conquests_are_not_home() -> None:
    board, state = load_scenario("struggle_1499")
    assert state.home_countries["France"] == ("avi", "mar", "pro")
    for pid in ("mil", "gen", "nap", "bar", "slu"):
        assert state.province_owner[pid] == "France" and board.provinces[pid].home is None
    assert state.home_countries["Papacy"] == (
        "anc", "bol", "pat", "per", "rma", "rme", "spo", "tiv", "urb"
    )
    assert list(board.variable_income) == [
        "Austria", "Florence", "France", "nap", "mil", "Papacy", "Turkey", "Venice",
    ]  # fmt: skip
    assert board.variable_income["France"][0] == 2
    _, state = load_scenario("struggle_1499", 5)
    assert "Turkey" not in state.powers and state.unit_in("tun") is None


def test_1513_milan_city_french_province_austrian() -> None:
    board, state = load_scenario("struggle_1513")
    assert state.unit_in("mil", garrison=True) == Unit("G", "France", "mil")
    assert state.unit_in("mil", garrison=False) == Unit("A", "Austria", "mil")
    assert state.province_owner["mil"] == "Austria" and state.city_owner["mil"] == "France"
    assert all("mil" not in v for v in state.home_countries.values())
    assert board.provinces["mil"].home is None
    assert "Florence" not in state.powers
    assert {"flo", "psa", "are"} <= {u.province for u in state.units_of(None)}
    assert board.variable_income["Austria"][0] == 2 and "flo" in board.variable_income


def test_1521_variants_florence_dropped_and_florence_with_genoa() -> None:
    _, state = load_scenario("spanish_1521", 2)  # 000 III.D.5a
    assert "Florence" not in state.powers and "Florence" not in state.home_countries
    for pid in ("are", "flo", "psa"):
        assert state.unit_in(pid) == Unit("G", None, pid)
        assert pid not in state.province_owner
    board, state = load_scenario("spanish_1521", 4)  # 000 III.D.5c
    assert state.unit_in("gen") == Unit("F", "Florence", "gen")
    assert state.unit_in("gen", garrison=True) is None
    assert state.province_owner["gen"] == state.city_owner["gen"] == "Florence"
    assert "gen" not in state.home_countries["Florence"] and board.provinces["gen"].home is None


def test_njudge_naples_is_a_home_country_held_by_austria() -> None:
    for name in ("struggle_1513_njudge", "spanish_1521_njudge", "mach2_1513", "mach2_1521"):
        board, state = load_scenario(name)
        naples = ["aqu", "bar", "cap", "mes", "nap", "otr", "pal", "sle"]
        assert state.home_countries["Naples"] == tuple(naples)
        assert "Naples" not in state.powers and "Naples" not in state.home
        assert set(naples) <= set(state.home["Austria"])
        assert "sar" not in state.home["Austria"] and board.provinces["sar"].home is None
        assert original_home_countries(board, state)["Naples"] == naples
        holders = home_country_holders(board, state)
        assert holders["Naples"] == "Austria" and holders["Austria"] == "Austria"
        assert board.provinces["nap"].home == "N" and "Naples" in board.variable_income


def test_original_home_countries_come_from_the_state_when_set() -> None:
    board, state = load_scenario("expansion_1385")
    assert original_home_countries(board, state) == {
        c: list(v) for c, v in state.home_countries.items()}
    plain = load_board("classic")  # the map's letters would say otherwise
    assert original_home_countries(plain, state)["Milan"] == [
        "bol", "com", "cre", "gen", "mil", "pav",
    ]  # fmt: skip
    state.home_countries = {}
    assert "Papacy" in original_home_countries(plain, state)


def test_mach2_scenarios_start_with_treasuries_and_mach2_rules() -> None:
    _, state = load_scenario("mach2_1454")
    assert state.treasury == {
        "Austria": 1, "France": 2, "Florence": 6, "Milan": 6,
        "Naples": 4, "Papacy": 4, "Turkey": 4, "Venice": 9,
    }  # fmt: skip
    assert state.option("mach2") and not state.option("coastal_convoys", default=True)
    board, state = load_scenario("mach2_1177", 4)  # nJudge's mach2_pa
    assert state.powers == ["Empire", "Milan", "Papacy", "Venice"]
    assert board.army_adjacent("sla", "bos") and board.army_adjacent("bos", "sla")
    assert not _on_board(board, "cro") and board.provinces["flo"].city is not None
    assert board.provinces["flo"].city.income == 2
    board, state = load_scenario("mach2_1177", 5)
    assert not board.army_adjacent("sla", "bos") and state.powers[2] == "Mongols"
    board, state = load_scenario("mach2_1253")
    assert board.powers["A"] == "Aragon" and board.powers["G"] == "Genoa"
    assert "Austria" not in board.powers.values() and not _on_board(board, "aus")
    board, state = load_scenario("mach2_0725")
    assert board.powers["L"] == "Lombardy" and board.powers["B"] == "Byzantium"
    cities = {p: board.provinces[p].city for p in ("flo", "ven", "psa")}
    assert {p: c.income for p, c in cities.items() if c} == {"flo": 1, "ven": 2, "psa": 2}


# -- the command -----------------------------------------------------------------------


def test_scenarios_command_lists_every_scenario_with_powers_and_players() -> None:
    result = CliRunner().invoke(main, ["scenarios"])
    assert result.exit_code == 0, result.output
    for info in list_scenarios():
        assert info.name in result.output and info.title in result.output
        assert ", ".join(info.powers) in result.output
    assert "players: 2 (2 options), 3 (2 options), 4, 5, 6, 7, 8" in result.output
    assert "players: 2, 3, 4\n" in result.output


def test_scenarios_command_shows_one_scenario_s_variants() -> None:
    result = CliRunner().invoke(main, ["scenarios", "spanish_1521"])
    assert result.exit_code == 0, result.output
    assert "France + Turkey + any | Austria + any" in result.output
    assert "Florence (units become autonomous)" in result.output
    result = CliRunner().invoke(main, ["scenarios", "classic_1454"])
    assert "neutral: Turkey, Austria, France" in result.output
    assert "classic_1454:2 DIR --players 3" in result.output
    result = CliRunner().invoke(main, ["scenarios", "nosuch"])
    assert result.exit_code != 0 and "no such scenario" in result.output


def test_scenario_info_of_a_scenario_without_variants() -> None:
    info: ScenarioInfo = scenario_info("standard_1901")
    assert info.player_counts == (7,) and info.victory is None
    assert info.variant(7).sides == tuple((p,) for p in info.powers)
    assert load_scenario("standard_1901", 7)[1] == load_scenario("standard_1901")[1]


# -- format errors of the new keys --------------------------------------------------------

VARIANT = TINY + """
[[variants]]
players = 1
sides = [["Venice"]]
"""


@pytest.mark.parametrize(
    ("old", "new", "entry", "problem"),
    [
        ('sides = [["Venice"]]', 'sides = [["Milan"]]', "variants[1].sides", "not a power in play"),
        ('sides = [["Venice"]]', 'sides = [["*", "*"]]', "variants[1].sides", "free choices"),
        ('sides = [["Venice"]]', "sides = [[], []]", "variants[1].sides", "one list of powers"),
        ("players = 1", 'players = 1\nneutral = ["Milan"]', "variants[1].neutral",
         "not a power of the scenario"),
        ("players = 1", 'players = 1\nremove_autonomous = ["gen"]',
         "variants[1].remove_autonomous", "no autonomous garrison"),
        ("players = 1", "players = 1\nfoo = 1", "variants[1]", "unknown key 'foo'"),
        ('[powers.Venice]', '[powers.Genoa]\nletter = "V"\nunits = ["G gen"]\n\n[powers.Venice]',
         "powers.Genoa.letter", "is Venice's"),
        ("[autonomous]", '[variable_income]\nrme = 1\n\n[autonomous]', "variable_income.rme.row",
         "no variable-income row 'rme'"),
        ("[autonomous]", '[countries.Milan]\nprovinces = ["mil"]\nholder = "Naples"\n\n'
         "[autonomous]", "countries.Milan.holder", "not a power of the scenario"),
        ('season = "spring"', 'season = "spring"\noff_board = ["pad"]', "powers.Venice.units",
         "off the board"),
        ('season = "spring"', 'season = "spring"\nnot_home = ["ven", "pad", "vic"]',
         "powers.Venice", "has no home country"),
        ('season = "spring"', 'season = "spring"\ncity_income = { ber = 2 }',
         "city_income.ber", "no city that pays income"),
        ("[powers.Venice]", "[options]\nforts = true\n\n[powers.Venice]", "options.forts",
         "fortresses"),
        ("[powers.Venice]", "[options]\nfog = true\n\n[powers.Venice]", "options.fog",
         "not an option"),
    ],
)  # fmt: skip
def test_variant_and_format_errors_name_the_entry(
    tmp_path: Path, old: str, new: str, entry: str, problem: str
) -> None:
    assert old in VARIANT
    path = tmp_path / "scen.toml"
    path.write_text(VARIANT.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario_file(path, 1)
    message = str(info.value)
    assert f": {entry}: " in message and problem in message, message


def test_a_new_power_with_a_letter_and_a_starting_treasury(tmp_path: Path) -> None:
    text = TINY.replace(
        "[autonomous]",
        '[powers.Genoa]\nletter = "G"\nunits = ["F gen"]\ntreasury = 7\n\n[autonomous]',
    )
    path = tmp_path / "scen.toml"
    path.write_text(text, encoding="utf-8")
    board, state = load_scenario_file(path)
    assert state.powers == ["Venice", "Genoa"] and state.treasury == {"Genoa": 7, "Venice": 0}
    assert board.powers["G"] == "Genoa" and board.provinces["gen"].home == "G"
    assert state.home_countries == {"Venice": ("pad", "ven", "vic"), "Genoa": ("gen",)}


def test_asn_1_each_power_starts_with_a_chit_for_every_other_power() -> None:
    _, state = load_scenario("classic_1454")
    for power in state.powers:
        assert sorted(state.chits[power]) == sorted(p for p in state.powers if p != power)
        assert state.treasury[power] >= 0
    _, diplomacy = load_scenario("standard_1901")
    assert diplomacy.chits == {} and diplomacy.treasury == {}


# nJudge's info.mach_aoc and info.mach_aoc2 (Age of Communes v3 and v2), as printed:
# A = army, F = fleet, G = garrison, a bare name = controlled without a unit.
COMMUNES = {
    "communes_1335": {
        "Scaligeri": "A ver, A pad, A vic, trv, bre",
        "Pisa": "F pio, G psa, A luc",
        "Genoa": "F gen, F cor, A mon",
        "Milan": "A mil, A cre, A ber, pia, com",
        "Florence": "A flo, G per, A are, pst",
        "Naples": "F bar, F nap, G mar, A sle, aqu, pro",
        "Savoy": "A slu, A avi, A tur",
        "Trinacria": "F mes, F pal, F tun",  # info: G tun; Tunis is unfortified (rule 8)
        "Venice": "F lag, A dal, F rag, ven",
        None: "G anc, G bol, G fer, G man, G mod, G pav, G rme, G sav, G sie, G trt",
    },
    "communes_1335_v2": {
        "Scaligeri": "A ver, A pad, A vic, trv, bre",
        "Pisa": "F pio, G psa, A luc",
        "Genoa": "F gen, F cor, A pon",
        "Milan": "A mil, A cre, A com, pia",
        "Florence": "A flo, G flo, A are, pst",
        "Naples": "F bar, F nap, G mar, aqu, pro, sle",
        "Papacy": "A rme, A avi, G per, pat",
        "Trinacria": "F mes, F pal, A tun",
        "Venice": "F lag, A dal, F rag, ven",
        None: "G anc, G bol, G fer, G man, G mod, G mon, G pav, G slu, G sav, G sie, "
        "G trt, G tur, G tyr",
    },
}


@pytest.mark.parametrize("name", sorted(COMMUNES))
def test_age_of_communes_matches_njudge_info(name: str) -> None:
    board, state = load_scenario(name)
    _check_position(board, state)
    setup = COMMUNES[name]
    assert state.powers == [p for p in setup if p is not None]
    assert (state.year, state.season, state.phase) == (1335, "spring", "movement")
    want_units: set[tuple[str | None, str, str]] = set()
    for power, text in setup.items():
        items = [t.strip() for t in text.split(",")]
        for item in items:
            if " " in item:
                kind, pid = item.split()
                want_units.add((power, kind, pid))
            else:
                assert power is not None
                assert state.province_owner[item] == power, (name, item)
        if power is not None:
            provinces = {i.split()[-1] for i in items} - {"lag"}  # a sea: nobody's
            assert set(state.home[power]) == provinces, (name, power)
    assert {(u.owner, u.kind, u.province) for u in state.units} == want_units
    # Provence and Marseille: a conquered home country held by Naples
    assert sorted(state.home_countries["France"]) == ["mar", "pro"]
    assert home_country_holders(board, state)["France"] == "Naples"
    for pid in ("alb", "aus", "bos", "dur", "her", "hun", "sla", "swi"):  # impassable
        assert not _on_board(board, pid), pid
    assert state.option("fortresses") is False
