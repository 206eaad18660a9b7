"""Where seed 004 (the judge's 1454 info page) differs from 001 (RULES.md "Differences in 004").

001 is the primary spec and wins where the two disagree (../shared/seeds/README.md); where 004
only adds a fact (its setup, its tables) the classic scenario follows it.  Further D004 ids
are checked where their subject is: the setup (tests/test_scenario.py, D004-1..10), victory
(tests/test_victory.py, D004-14), the case files (D004-16..31, D004-36), adjustments
(tests/test_money_adjustments.py, D004-17, D004-22), the command line (D004-11).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from machiavelli.core.board import Board
from machiavelli.core.option_commands import apply_set_command
from machiavelli.core.options import options_in_force
from machiavelli.core.orders import Convert, Expense, Move, UnitRef
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.legality import check_order
from machiavelli.movement.moves import resolve_movement
from machiavelli.text.notation import parse_order, parse_orders

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"


def seed_004() -> str:
    (path,) = SEEDS.glob("004_*.txt")
    return path.read_text(encoding="utf-8")


def classic() -> tuple[Board, State]:
    return load_scenario("classic_1454")


def table_004(title: str) -> list[list[str]]:
    """004's famine or plague table: 11 rows of 11 cells (5-letter names or "-----")."""
    lines = seed_004().splitlines()
    start = next(i for i, line in enumerate(lines) if title in line)
    rows = [line for line in lines[start:] if re.match(r"\s*\d+: ", line)]
    return [row.split(":", 1)[1].split() for row in rows[:11]]


def test_d004_12_fortresses_are_not_used_in_the_1454_scenario() -> None:
    board, state = classic()
    assert not state.option("fortresses")
    fortresses = [p for p, x in board.provinces.items()
                  if x.city is not None and x.city.kind == "fortress"]
    assert fortresses
    for prov in fortresses:
        army = replace(state, units=[Unit("A", "Milan", prov)])
        assert check_order(board, army, "Milan", Convert(UnitRef("A", prov), "G")) is not None


def test_d004_13_variable_income_dice_and_values() -> None:
    """One die each for the Papacy, Naples, Milan, France, Austria and Turkey, two for
    Florence and Venice, one for the owner of Genoa's city (001); 004's values are 001's."""
    board, _ = classic()
    income = board.variable_income
    assert {k: dice for k, (dice, _) in income.items()} == {
        "Austria": 1, "Florence": 2, "France": 1, "gen": 1, "Milan": 1, "Naples": 1,
        "Papacy": 1, "Turkey": 1, "Venice": 2,
    }  # fmt: skip
    text = seed_004()
    printed = text[text.index("The variable income in ducats"):text.index("3) Military")]
    rows = {}
    for line in printed.splitlines():
        name, _, numbers = line.partition(":")
        if numbers and name.strip().isalpha():
            rows[name.strip()] = tuple(int(n) for n in numbers.split()[:6])
    assert "(some scenarios only)" in printed  # Genoa's row; the 1454 scenario has it
    assert {name: income["gen" if name == "Genoa" else name][1] for name in rows} == rows
    assert len(rows) == 9


def test_d004_15_a_support_is_for_a_unit_not_for_a_powers_action() -> None:
    """The judge's supports name the supported unit and its destination (Diplomacy), not a
    power's action in a province: Piacenza's support of Pavia's move to Fornova does not
    help Parma's move there, which bounces with France's."""
    board, state = classic()
    units = [Unit("A", "Milan", "pav"), Unit("A", "Milan", "pia"), Unit("A", "Milan", "par"),
             Unit("A", "France", "mon")]
    state = replace(state, units=units)
    france = {"France": [Move(UnitRef("A", "mon"), "for")]}
    supported = parse_orders("A pav - for\nA pia S A pav - for", board, state, "Milan").orders
    after = resolve_movement(board, state, {"Milan": supported, **france}).state
    assert Unit("A", "Milan", "for") in after.units
    other = parse_orders("A par - for\nA pia S A pav - for", board, state, "Milan").orders
    after = resolve_movement(board, state, {"Milan": other, **france}).state
    assert not any(u.province == "for" for u in after.units)
    assert Unit("A", "Milan", "par") in after.units and Unit("A", "France", "mon") in after.units


def test_d004_32_convert_names_a_coast_and_expense_none_is_an_order() -> None:
    """004's syntax has no <coast> in the convert form and no "none" etype (though its
    example uses "Expense 2: none"); 001 has both, and the judge reads both, and 004's
    coastless form where no coast is needed."""
    board, state = load_scenario("dipmach_1901")
    garrison = replace(state, units=[Unit("G", "Russia", "stp")])
    assert parse_order("G stp C F/nc", board, garrison, "Russia") == Convert(
        UnitRef("G", "stp"), "F", "nc")
    assert parse_order("G stp convert to F/sc", board, garrison, "Russia") == Convert(
        UnitRef("G", "stp"), "F", "sc")
    board, state = classic()
    army = replace(state, units=[Unit("A", "Milan", "pav")])
    assert parse_order("A pav C G", board, army, "Milan") == Convert(UnitRef("A", "pav"), "G")
    read = parse_orders("Expense 2: none", board, state, "Florence")
    assert read.orders == [Expense(2, 0, "none")] and not read.errors


def test_d004_34_two_orders_on_one_line_separated_by_a_semicolon() -> None:
    board, state = classic()
    read = parse_orders("Army Arezzo -> Sienna; Army Florence -> Arezzo", board, state,
                        "Florence")
    assert read.orders == [Move(UnitRef("A", "are"), "sie"), Move(UnitRef("A", "flo"), "are")]
    assert not read.errors


def test_d004_35_004s_seven_flags_and_001s_others() -> None:
    """004 lists famine, plague, loans, assassinations, dice, special and adjacency, all on
    by default but plague; 001 has more flags and the bank/bankers aliases, all read."""
    _, state = classic()
    held = options_in_force(state.options)
    for flag in ("famine", "loans", "assassinations", "dice", "special", "adjacency"):
        assert held[flag], flag
    assert not held["plague"]
    for flag in ("famine", "plague", "loans", "assassinations", "dice", "special",
                 "adjacency", "mach2", "summer", "garrisons", "storm", "fortresses", "money",
                 "coastal_convoys", "disband"):
        changed = apply_set_command(state.options, f"set no{flag}")
        assert isinstance(changed, dict) and not changed[flag], flag
    for alias in ("bank", "bankers"):
        changed = apply_set_command(state.options, f"set no{alias}")
        assert isinstance(changed, dict) and not changed["loans"], alias


def test_d004_37_plague_table_typos_fruil_and_cermo_the_rest_is_001s() -> None:
    board, _ = classic()
    typos = {"Fruil": "fri", "Cermo": "cre"}
    for title, table in (("Famine Table", board.famine_table),
                         ("separate plague table", board.plague_table)):
        cells = table_004(title)
        assert len(cells) == 11 and all(len(row) == 11 for row in cells), title
        read = tuple(tuple(None if c.startswith("-") else typos.get(c) or board.lookup(c)
                           for c in row) for row in cells)
        assert read == table, title
    plague = table_004("separate plague table")
    assert plague[2][3] == "Fruil" and plague[6][5] == "Cermo"  # row 4 col 5, row 8 col 7
    assert board.lookup("Fruil") is None and board.lookup("Cermo") is None
