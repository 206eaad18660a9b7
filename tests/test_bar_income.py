"""Seed 003's income under ``bar``: Avignon pays no tax income (BAR-14.2); every power's
income is public, its treasury private (BAR-2.2).

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


def test_bar_2_2_incomes_public_treasuries_private() -> None:
    from machiavelli.core.dice import Dice
    from machiavelli.money.income import income

    bar = position(BAR_DEFAULTS).but(treasury={"France": 5})
    done = income(B, bar, Dice("s"))
    told = [e for e in done.events if e.startswith("France's income this year: ")]
    assert len(told) == 1 and told[0].endswith("ducats (BAR-2.2).")
    assert not any("treasury" in e for e in done.events)
    assert any("treasury" in e for e in done.private_events["France"])
    plain = income(B, position(MACH1_DEFAULTS), Dice("s"))
    assert not any("income this year" in e for e in plain.events)
