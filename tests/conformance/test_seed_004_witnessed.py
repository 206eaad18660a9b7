"""Seed 004 (../shared/seeds/004_*.txt, the judge's 1454 info page) against the classic
scenario: its variable income values and its famine and plague tables.  make test checks the
same facts against the values recorded here and in tests/golden/witnessed/ (tests/
test_seed_004.py, tests/test_witnessed_facts.py)."""

from __future__ import annotations

import re

from njudge_files import shared
from test_seed_004 import INCOME_004, TYPOS_004, classic


def seed_004() -> str:
    (path,) = shared("seeds").glob("004_*.txt")
    return path.read_text(encoding="utf-8")


def table_004(title: str) -> list[list[str]]:
    """004's famine or plague table: 11 rows of 11 cells (5-letter names or "-----")."""
    lines = seed_004().splitlines()
    start = next(i for i, line in enumerate(lines) if title in line)
    rows = [line for line in lines[start:] if re.match(r"\s*\d+: ", line)]
    return [row.split(":", 1)[1].split() for row in rows[:11]]


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


def test_d004_13_d004_37_the_records_make_test_reads_are_004s() -> None:
    text = seed_004()
    printed = text[text.index("The variable income in ducats"):text.index("3) Military")]
    rows = {}
    for line in printed.splitlines():
        name, _, numbers = line.partition(":")
        if numbers and name.strip().isalpha():
            rows[name.strip()] = tuple(int(n) for n in numbers.split()[:6])
    assert rows == INCOME_004
    plague = table_004("separate plague table")
    assert {typo: plague[row - 2][column - 2] for typo, (_, row, column) in TYPOS_004.items()
            } == {typo: typo for typo in TYPOS_004}
