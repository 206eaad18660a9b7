"""The scenarios carried over from nJudge against its files: "Expansion of States with Este"
(map.mach_este, seed.mach_este), "Empire and Invaders" (map.mach2_eai, seed.mach2_eai) and
the special-unit limits of the other Machiavelli 2 scenarios' maps.  make test checks the
same facts against the repository's record of them (tests/test_scenarios_njudge.py's
literals, tests/golden/witnessed/, tests/test_witnessed_facts.py)."""

from __future__ import annotations

import pytest
from njudge_files import njudge
from test_scenarios_njudge import (
    EAI,
    EAI_LETTERS,
    EAI_OFF,
    ESTE,
    MACH2_LIMITS,
    MACH2_MAPS,
    SPECIAL_KINDS,
)

from machiavelli.core.board import Board
from machiavelli.game.scenario import load_scenario

# -- nJudge's files ----------------------------------------------------------------------------


def seed_units(text: str, board: Board, letters: dict[str, str]) -> set[tuple[str | None, str]]:
    """A seed file's units: (power or None for autonomous, "<kind> <province id>")."""
    out: set[tuple[str | None, str]] = set()
    for line in text.splitlines()[1:]:
        if line.startswith("-1"):
            break
        owner, kind, name = line[0], line[3], line[5:].strip()
        pid = board.lookup(name)
        assert pid is not None, name
        out.add((None if owner == "&" else letters[owner], f"{kind} {pid}"))
    return out


def map_provinces(text: str, board: Board) -> dict[str, str]:
    """A map file's land provinces: our id -> nJudge's code (home letter, income, city)."""
    out: dict[str, str] = {}
    for line in text.split("\n-1")[0].splitlines():
        name, _, rest = line.partition(",")
        fields = rest.split()
        if len(fields) < 2 or fields[0].startswith("w") or fields[1] == "xxx":
            continue
        pid = board.lookup(fields[1]) or board.lookup(name)
        assert pid is not None, line
        out[pid] = fields[0]
    return out


def map_variable_income(text: str) -> dict[str, tuple[int, tuple[int, ...], int]]:
    """Row name -> (dice, ducats for 1..6, the "Initial" column or 0)."""
    out: dict[str, tuple[int, tuple[int, ...], int]] = {}
    lines = text.split("Variable Income:")[1].splitlines()[1:]
    for line in lines:
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            break
        numbers = [int(f) for f in fields[1:]]
        out[fields[0]] = (numbers[0], tuple(numbers[1:7]), numbers[7] if len(numbers) > 7 else 0)
    return out


def map_special_limits(text: str) -> dict[str, tuple[str, ...]]:
    """Power letter -> the special kinds its armies may be built as ("x" or "b")."""
    block = text.split("Limits for Units Types:")[1].split("#end of limit")[0]
    out: dict[str, tuple[str, ...]] = {}
    for line in block.split("\n"):
        fields = line.split()
        if len(fields) == 4:
            army = fields[1]
            out[fields[0]] = tuple(k for k, c in zip(SPECIAL_KINDS, army[1:], strict=True)
                                   if c in "xb")
    return out


def njudge_treasuries(map_text: str, seed_text: str, board: Board) -> dict[str, int]:
    """What nJudge's first adjustment leaves each power: its "Initial" money in place of
    the first variable-income roll, plus income from its home letters (a province, its
    city, a fleet at sea) less 3 ducats a unit (never below 0: nJudge lets the first turn
    overspend)."""
    provinces = map_provinces(map_text, board)
    total: dict[str, int] = {}
    for code in provinces.values():
        if code[0] != "x":
            total[code[0]] = total.get(code[0], 0) + 1 + int(code[1])
    for row, (_, _, initial) in map_variable_income(map_text).items():
        pid = board.lookup(row)
        assert pid is not None
        letter = provinces[pid][0]
        if letter != "x":  # (Rome's row: whoever holds its city; no one at the start)
            total[letter] += initial
    for line in seed_text.splitlines()[1:]:
        if line.startswith("-1"):
            break
        if line[0] != "&":
            pid = board.lookup(line[5:].strip())
            assert pid is not None
            sea = 1 if board.provinces[pid].sea else 0
            total[line[0]] += sea - 3
    return {letter: max(0, n) for letter, n in total.items()}


def test_este_units_are_njudges_seed() -> None:
    board, state = load_scenario(ESTE)
    letters = {"E": "Este", "L": "Florence", "I": "Milan", "N": "Naples", "V": "Venice"}
    ours = {(u.owner, f"{u.kind} {u.province}") for u in state.units}
    assert ours == seed_units(njudge("data/seed.mach_este"), board, letters)


def test_este_home_letters_cities_and_rows_are_njudges_map() -> None:
    board, state = load_scenario(ESTE)
    text = njudge("data/map.mach_este")
    provinces = map_provinces(text, board)
    home = {p: power for power, ps in state.home_countries.items() for p in ps}
    for pid, code in provinces.items():
        letter = code[0]
        assert home.get(pid) == (None if letter == "x" else board.powers[letter]), pid
        city = board.provinces[pid].city
        assert (city.income if city else 0) == int(code[1]), pid
    gone = {p for p in board.provinces if not board.provinces[p].sea} - set(provinces)
    assert gone == {"avi", "mar", "pro", "swi", "tyr", "aus", "cri", "hun"}
    rows = map_variable_income(text)
    assert rows["Ferrara"][:2] == board.variable_income["Este"]
    assert rows["Rome"][:2] == board.variable_income["rme"]
    for power in ("Florence", "Milan", "Naples", "Venice"):
        assert rows[power][:2] == board.variable_income[power]


def test_este_treasuries_are_what_njudges_first_adjustment_leaves() -> None:
    board, state = load_scenario(ESTE)
    letters = {"E": "Este", "L": "Florence", "I": "Milan", "N": "Naples", "V": "Venice"}
    money = njudge_treasuries(njudge("data/map.mach_este"), njudge("data/seed.mach_este"), board)
    assert {letters[k]: v for k, v in money.items()} == state.treasury


def test_eai_units_and_homes_are_njudges_seed() -> None:
    board, state = load_scenario(EAI)
    text = njudge("data/seed.mach2_eai")
    ours = {(u.owner, f"{u.kind} {u.province}") for u in state.units}
    assert ours == seed_units(text, board, EAI_LETTERS)
    provinces = map_provinces(njudge("data/map.mach2_eai"), board)
    home = {p: power for power, ps in state.home_countries.items() for p in ps}
    for pid, code in provinces.items():
        assert home.get(pid) == (None if code[0] == "x" else EAI_LETTERS[code[0]]), pid
        city = board.provinces[pid].city
        assert (city.income if city else 0) == int(code[1]), pid


def test_eai_off_board_tables_and_limits_are_njudges_map() -> None:
    board, _ = load_scenario(EAI)
    text = njudge("data/map.mach2_eai")
    loops = set()
    for line in text.splitlines():
        head, _, rest = line.partition("-mv:")
        if rest and rest.split() == [head] and head != "xxx":
            loops.add(board.lookup(head))
    assert loops == set(EAI_OFF)
    rows = map_variable_income(text)
    home_row = {"Byzantium": "Durazzo", "Empire": "Milan", "Turkey": "Tunis",
                "Normans": "Naples", "Papacy": "Rome", "Pisa": "Pisa", "Venice": "Venice"}
    for power, row in home_row.items():
        assert rows[row][:2] == board.variable_income[power], power
    assert rows["Bari"][1] == (0,) * 6  # Lombardy's row pays nothing
    limits = {EAI_LETTERS[k]: v for k, v in map_special_limits(text).items()}
    assert limits == board.special_limits


def test_eai_treasuries_are_the_info_files() -> None:
    """nJudge's first adjustment leaves the info file's initial incomes but two: the
    Normans' 10 (its stand-in for building anywhere; we keep the original 4) and Pisa's 5
    (the "Initial" column was set for a one-ducat Pisa; we keep the info's 4)."""
    board, state = load_scenario(EAI)
    money = njudge_treasuries(njudge("data/map.mach2_eai"), njudge("data/seed.mach2_eai"),
                              board)
    theirs = {EAI_LETTERS[k]: v for k, v in money.items()}
    assert theirs["Normans"] == 10 and state.treasury["Normans"] == 4
    assert theirs["Pisa"] == 5 and state.treasury["Pisa"] == 4
    theirs["Normans"], theirs["Pisa"] = 4, 4
    assert theirs == state.treasury


@pytest.mark.parametrize("name", sorted(MACH2_LIMITS))
def test_mach2_scenarios_special_limits_are_njudges_maps(name: str) -> None:
    board, _ = load_scenario(name)
    for source in MACH2_MAPS[name]:
        table = map_special_limits(njudge("data/" + source))
        for letter, kinds in table.items():
            power = board.powers[letter]
            expected = None if kinds == SPECIAL_KINDS else kinds  # any: not listed
            assert board.special_limits.get(power) == expected, (source, power)
