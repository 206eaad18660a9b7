"""Seed 003's ten powers without a board (data/boardless/balance_at_risk_1486.toml).

BAR-3.2, BAR-3.4 to BAR-3.6: the home countries, city values, ports, trade income,
capitals and independents 003 gives, checked against 003's own figures: each power's tax
income, trade income and what is "left in treasury" after raising the most new units
(003 chapter 3).  No adjacency is stored: 003 gives none to build a map from.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.game.scenario import list_scenarios, load_scenario
from machiavelli.game.scenario.boardless import boardless_names, load_boardless
from machiavelli.game.scenario.checks import ScenarioError

BAR = load_boardless("balance_at_risk_1486")

# 003 chapter 3, word for word in figures: power -> (tax, trade, left in treasury)
SEED_003 = {
    "France": (11, 4, 3), "Liguria": (13, 4, 2), "Hungary": (13, 4, 2), "Milan": (15, 3, 3),
    "Venice": (20, 4, 3), "Emilian League": (13, 5, 3), "Florence": (13, 5, 3),
    "Papacy": (14, 3, 2), "Naples": (14, 3, 2), "Turkey": (12, 5, 2),
}


def test_bar_3_4_ten_powers_in_003_s_order() -> None:
    assert [p.name for p in BAR.powers] == list(SEED_003)
    assert sum(len(p.provinces) for p in BAR.powers) == 69  # the 69 home provinces


@pytest.mark.parametrize("name", list(SEED_003))
def test_bar_3_4_income_and_left_in_treasury_follow_from_the_lists(name: str) -> None:
    power = BAR.power(name)
    tax, trade, left = SEED_003[name]
    assert (power.stated.tax, power.stated.trade, power.stated.left) == (tax, trade, left)
    # computed from the provinces, not read from the stated figures
    assert power.tax_income == tax
    assert power.trade_income == trade
    assert power.left_after_most_units == left


def test_bar_3_2_most_new_units() -> None:
    """4 for France, 7 for Venice, 5 for every other power (003 chapter 3)."""
    most = {p.name: p.most_new_units for p in BAR.powers}
    assert most.pop("France") == 4 and most.pop("Venice") == 7
    assert set(most.values()) == {5}


def test_bar_3_5_capitals() -> None:
    capitals = {p.name: p.capitals for p in BAR.powers}
    assert capitals["France"] == ("Marseille", "Lyons")
    assert capitals["Emilian League"] == ("Mantova", "Ferrara", "Bologna")
    assert all(len(c) == 1 for n, c in capitals.items() if n not in ("France", "Emilian League"))


def test_bar_3_6_independents() -> None:
    assert len(BAR.garrisons) == 20
    majors = {g.name: g.major for g in BAR.garrisons if g.major}
    assert majors == {"Torino": 2, "Palermo": 2, "Tunis": 2}
    assert BAR.unfortified == ("Piemonte", "Schweiz", "Tirol", "Bolzano", "Sfax")
    assert BAR.no_tax == ("Avignon",)


def test_bar_data_has_no_board() -> None:
    assert "balance_at_risk_1486" in boardless_names()
    assert "balance_at_risk_1486" not in [i.name for i in list_scenarios()]
    with pytest.raises(ScenarioError, match="waiting for its map"):
        load_scenario("balance_at_risk_1486")


def test_scenarios_lists_balance_at_risk_as_waiting_for_its_map() -> None:
    result = CliRunner().invoke(main, ["scenarios"])
    assert result.exit_code == 0, result.output
    assert "Balance at Risk (10 powers)" in result.output
    assert "waiting for its map" in result.output
    shown = CliRunner().invoke(main, ["scenarios", "balance_at_risk_1486"])
    assert shown.exit_code == 0, shown.output
    assert "missing:" in shown.output and "Area Preference List" in shown.output
    assert "Venice: 11 provinces, tax 20 d, trade 4 d, capitals Venezia" in shown.output
