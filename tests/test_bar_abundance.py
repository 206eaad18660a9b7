"""Seed 003's preventive famine relief (003 12, 2 A.3; BAR-12.2): a Fall relief of 1 ducat
places an Abundance marker; the next famine spares the province; then all markers go.

The order itself is in cases/balance_at_risk/abundance.txt; here the famine step and the
position's record of the markers."""

from __future__ import annotations

from machiavelli.core.dice import LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.core.state import State
from machiavelli.game.disasters import famine

B = load_board("classic")
# the classic famine table's row 8 (a roll of 4 + 4 for the row)
ROW_8 = {"fer", "rme", "pav", "are", "bre", "slu", "alb", "gen"}


def fall(abundance: list[str], **options: bool) -> State:
    return State(board="classic", year=1455, season="fall", phase="movement",
                 powers=["Milan", "Venice"], abundance=list(abundance),
                 options={"dice": True, "famine": True, "bar": True, **options})


def test_bar_12_2_bar_2_1_an_abundance_marker_spares_its_province_then_all_go() -> None:
    """A famine of row 8 only (severity 3 + 3) strikes row 8 but Pavia, which has an
    Abundance marker; every marker, Pavia's and Milan's, is removed after the step."""
    after, events = famine(B, fall(["pav", "mil"]), LoadedDice("t", values=[3, 3, 4, 4]))
    assert set(after.famine) == ROW_8 - {"pav"}
    assert after.abundance == []
    assert "The Abundance marker in Pavia spares it from famine (BAR-12.2)." in events
    assert not any("Milan" in e and "Abundance" in e for e in events)  # (not struck)


def test_bar_12_2_the_markers_go_even_without_a_famine_roll() -> None:
    """With dice (or famine) off no famine is rolled; the markers still go (003 2 A.3)."""
    after, _ = famine(B, fall(["pav"], dice=False), LoadedDice("t", values=[]))
    assert after.abundance == [] and after.famine == []


def test_bar_12_2_the_markers_are_kept_by_the_position() -> None:
    """Kept through a JSON round trip and a copy; a position without them writes none."""
    state = fall(["pav"])
    assert State.from_json(state.to_json()).abundance == ["pav"]
    assert state.copy().abundance == ["pav"] and state.copy().abundance is not state.abundance
    assert "abundance" not in fall([]).to_dict()


def test_bar_12_2_read_as_famine_relief_by_its_other_names() -> None:
    """`prevent famine <province>` and `abundance <province>` are famine relief (the
    Fall makes it the preventive one); written back as `famine relief`."""
    from machiavelli.core.orders import Expense
    from machiavelli.text.notation import format_order, parse_order

    state = fall([])
    for line in ("expense 1: 1 ducat prevent famine pav", "expense 1: 1 d abundance pav",
                 "expense 1: 1 ducat famine relief pav"):
        order = parse_order(line, B, state, "Milan")
        assert order == Expense(1, 1, "famine_relief", None, "pav")
        assert format_order(order) == "expense 1: 1 ducat famine relief pav"


def test_bar_12_2_the_bots_are_offered_preventive_relief_in_the_fall() -> None:
    """The bots' expense ideas hold a 1-ducat relief for each city province the power
    controls, in the Fall under bar only."""
    from machiavelli.core.options import BAR_DEFAULTS
    from machiavelli.game.random_orders import expense_targets

    state = fall([]).but(options=dict(BAR_DEFAULTS), province_owner={"pav": "Milan",
                                                                      "com": "Milan"})
    ideas = expense_targets(B, state, "Milan", [])
    assert ("famine_relief", None, "pav", None, 1) in ideas
    assert ("famine_relief", None, "com", None, 1) not in ideas  # (no city)
    spring = expense_targets(B, state.but(season="spring"), "Milan", [])
    assert not any(i[0] == "famine_relief" for i in spring)
