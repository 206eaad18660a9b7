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


def test_bar_5_1_bar_4_2_tax_by_occupation_and_control() -> None:
    """003 5.1: a province occupied by one's army or fleet pays its owner, whoever controls
    it; an independent army's province pays nobody; fleets on the High Seas earn nothing
    (nobody controls them, BAR-14.3); a sea area with one's fleet pays 1."""
    from machiavelli.core.high_seas import HIGH_SEAS
    from machiavelli.core.state import Unit

    state = State(board="classic", year=1455, season="winter", phase="adjustment",
                  powers=["Milan", "Venice"], options=dict(BAR_DEFAULTS),
                  units=[Unit("A", "Venice", "pav"), Unit("A", None, "cre"),
                         Unit("F", "Milan", HIGH_SEAS), Unit("F", "Milan", "gon")],
                  province_owner={"pav": "Milan", "cre": "Milan", "mil": "Milan"},
                  city_owner={"mil": "Milan"})
    got = fixed_income(B, state)
    assert (got["Milan"].seas, got["Milan"].provinces, got["Milan"].cities) == (1, 1, 3)
    assert (got["Venice"].seas, got["Venice"].provinces, got["Venice"].cities) == (0, 1, 0)
    plain = fixed_income(B, state.but(options=dict(MACH1_DEFAULTS),  # 001: by control
                                      units=[u for u in state.units if u.province != HIGH_SEAS]))
    assert plain["Milan"].provinces == 3 and "Venice" not in plain
