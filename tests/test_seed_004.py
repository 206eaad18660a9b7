"""Where seed 004 (the judge's 1454 info page) differs from 001 (RULES.md "Differences in 004").

001 is the primary spec and wins where the two disagree (../shared/seeds/README.md); where 004
only adds a fact (its setup, its tables) the classic scenario follows it.  Further D004 ids
are checked where their subject is: the setup (tests/test_scenario.py, D004-1..10), victory
(tests/test_victory.py, D004-14), the case files (D004-16..31, D004-36), adjustments
(tests/test_money_adjustments.py, D004-17, D004-22), the command line (D004-11).
"""

from __future__ import annotations

from dataclasses import replace

from machiavelli.core.board import Board
from machiavelli.core.option_commands import apply_set_command
from machiavelli.core.options import options_in_force
from machiavelli.core.orders import Convert, Expense, Move, UnitRef
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.legality import check_order
from machiavelli.movement.moves import resolve_movement
from machiavelli.text.notation import parse_order, parse_orders


def classic() -> tuple[Board, State]:
    return load_scenario("classic_1454")


# 004's variable income table as it prints it, ducats for a roll of 1 to 6 (make conformance
# checks this record against the seed: tests/conformance/test_seed_004_witnessed.py)
INCOME_004 = {
    "Austria": (1, 2, 3, 3, 4, 4), "Florence": (1, 2, 3, 3, 4, 5), "France": (1, 2, 3, 4, 5, 6),
    "Genoa": (1, 2, 2, 3, 3, 4), "Milan": (2, 3, 3, 4, 4, 5), "Naples": (1, 2, 2, 3, 3, 4),
    "Papacy": (2, 3, 3, 4, 5, 6), "Turkey": (1, 2, 3, 4, 5, 6), "Venice": (2, 3, 3, 4, 4, 5),
}  # fmt: skip
# the two names of 004's plague table that are no province's: typos (D004-37), and the
# cells they stand in (row, column, as printed), which hold Friuli and Cremona
TYPOS_004 = {"Fruil": ("fri", 4, 5), "Cermo": ("cre", 8, 7)}


def test_d004_12_fortresses_are_not_used_in_the_1454_scenario() -> None:
    board, state = classic()
    assert not state.option("fortresses")
    fortresses = [p for p, x in board.provinces.items()
                  if x.city is not None and x.city.kind == "fortress"]
    assert fortresses
    for prov in fortresses:
        army = replace(state, units=[Unit("A", "Milan", prov)])
        assert check_order(board, army, "Milan", Convert(UnitRef("A", prov), "G")) is not None


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


def test_d004_13_variable_income_dice_and_values_as_recorded() -> None:
    """One die each for the Papacy, Naples, Milan, France, Austria and Turkey, two for
    Florence and Venice, one for the owner of Genoa's city (001); 004's values are 001's."""
    board, _ = classic()
    income = board.variable_income
    assert {k: dice for k, (dice, _) in income.items()} == {
        "Austria": 1, "Florence": 2, "France": 1, "gen": 1, "Milan": 1, "Naples": 1,
        "Papacy": 1, "Turkey": 1, "Venice": 2,
    }  # fmt: skip
    rows = INCOME_004
    assert {name: income["gen" if name == "Genoa" else name][1] for name in rows} == rows
    assert len(rows) == 9


def test_d004_37_plague_table_typos_fruil_and_cermo_as_recorded() -> None:
    """The famine and plague tables are 001's (004's whole tables: make conformance, and the
    classic board's record, tests/golden/witnessed/classic.json); 004's two typos."""
    board, _ = classic()
    for typo, (pid, row, column) in TYPOS_004.items():
        assert board.lookup(typo) is None, typo
        assert board.plague_table[row - 2][column - 2] == pid, typo
