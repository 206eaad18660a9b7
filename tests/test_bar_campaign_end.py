"""Seed 003's end of a campaign (003 2 H.3; BAR-2.10, BAR-2.5, BAR-17.4; rulings A-14,
A-14b): the steps themselves.  The cases are in cases/balance_at_risk/campaign_end.txt."""

from __future__ import annotations

import pytest

from machiavelli.cases.files import parse_cases
from machiavelli.core.dice import LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.core.rules import rules_of
from machiavelli.core.state import INDEPENDENT_CONTROL, Rebellion, State, Unit
from machiavelli.game.bar_campaign import disaster_removals
from machiavelli.game.disasters import plague

B = load_board("classic")


def summer(**fields: object) -> State:
    state = State(board="classic", year=1455, season="summer", phase="movement",
                  powers=list(B.powers.values()), options={"bar": True, "dice": True,
                                                           "plague": True})
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def test_ruling_a_14b_plague_ends_a_rebellion_and_no_major_power_gets_it_back() -> None:
    """The rebellion against Florence in Pistoia ends with the plague; the province comes
    under independent control (BAR-1.3), no major power's; the marker goes."""
    state = summer(rebellions={"pst": Rebellion("pst", "Florence", True, False)},
                   province_owner={"pst": "Florence", "flo": "Florence"}, plague=["pst"])
    after, events = disaster_removals(B, state, rules_of(state.options))
    assert after.rebellions == {} and after.plague == []
    assert after.province_owner == {"flo": "Florence", "pst": INDEPENDENT_CONTROL}
    assert any("A-14b" in e for e in events)


def test_bar_2_5_the_summer_plague_leaves_its_markers_under_bar_only() -> None:
    """001's plague (a row and a column of the classic table) kills at once; under `bar`
    its markers stay (BAR-2.5), outside it none does (PLG-3)."""
    dice = [5, 5, 4, 4, 4, 4]  # severity 10 (row and column), row 8, column 8
    state = summer(units=[Unit("A", "Milan", "mil")])
    after, _ = plague(B, state, LoadedDice("t", values=list(dice)))
    assert after.plague and all(p in B.provinces for p in after.plague)
    plain = summer()
    plain.options = {"dice": True, "plague": True}
    after, _ = plague(B, plain, LoadedDice("t", values=list(dice)))
    assert after.plague == []


def test_bar_17_4_units_in_the_plague_markers_die_at_the_end_of_the_summer() -> None:
    state = summer(units=[Unit("A", "Milan", "pav"), Unit("G", "Milan", "pav"),
                          Unit("A", "Milan", "mil")], plague=["pav"])
    after, events = disaster_removals(B, state, rules_of(state.options))
    assert after.units == [Unit("A", "Milan", "mil")]
    assert sum("eliminated by plague" in e for e in events) == 2


@pytest.mark.parametrize(("lines", "problem"), [
    ("CAMPAIGN_END now\n", "CAMPAIGN_END takes no value"),
    ("RENEGADE pav\n", "RENEGADE needs CAMPAIGN_END in a Fall case"),
    ("CAMPAIGN_END\nRENEGADE narnia\n", "unknown place"),
    ("POSTSTATE_PLACES\n", ":9: expected a place"),
    ("PRESTATE_OPTIONS nobar\nCAMPAIGN_END\n", "option bar"),
])
def test_bar_2_10_the_case_lines_of_the_end_of_a_campaign_refuse_bad_input(
        lines: str, problem: str) -> None:
    """A bad `CAMPAIGN_END`, `RENEGADE` or `POSTSTATE_PLACES` line makes the case an error
    naming the line (docs/case-format.md), never a crash."""
    text = ("VARIANT_ALL Machiavelli\nOPTIONS_ALL bar\nCASE x\n"
            "PRESTATE_SETPHASE Fall 1455, Movement\nPRESTATE\n\tMilan: A mil\nORDERS\n"
            f"\tMilan: A mil H\n{lines}END\n")
    [case] = parse_cases(text)
    assert case.error is not None and problem in case.error


def test_bar_2_5_the_plague_markers_are_shown_in_the_position_and_on_the_map() -> None:
    from machiavelli.render.geometry import geometry_for
    from machiavelli.render.units import marker_layer
    from machiavelli.text.report import position_text

    state = summer(plague=["pav"])
    assert "  Plague: Pavia" in position_text(B, state)
    assert 'data-marker="plague"' in marker_layer(B, geometry_for(B), state)
