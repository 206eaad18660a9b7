"""Seed 003's Comtat Venaissin (BAR-14.2): under ``bar`` Avignon pays no tax income.

The forced taxation there (ruling A-13) and the builds are in
cases/balance_at_risk/avignon.txt.
"""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.state import State
from machiavelli.money.income import city_income, fixed_income, province_income

B = load_board("classic")


def position(options: dict[str, bool]) -> State:
    return State(board="classic", year=1455, season="winter", phase="adjustment",
                 powers=["France"], options=dict(options),
                 province_owner={"avi": "France", "mar": "France"},
                 city_owner={"avi": "France", "mar": "France"})


def test_bar_14_2_avignon_pays_no_tax_income() -> None:
    bar, mach1 = position(BAR_DEFAULTS), position(MACH1_DEFAULTS)
    assert province_income(B, bar, "avi") == city_income(B, bar, "avi") == 0
    assert province_income(B, mach1, "avi") == 1 and city_income(B, mach1, "avi") == 1
    with_avignon = fixed_income(B, mach1)["France"]
    without = fixed_income(B, bar)["France"]
    assert (with_avignon.provinces - without.provinces, with_avignon.cities - without.cities) == (
        1, 1)
