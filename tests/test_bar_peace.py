"""Seed 003's benefits of peace (option ``peace``, on under ``bar``): BAR-5.4, rulings
A-5, A-6 and A-7 (docs/rulings.md, "Balance at Risk (seed 003)").

The positions are on the classic board; each test plays one movement phase through the
campaign (machiavelli.game.campaign) and reads the pairs recorded in ``State.peace``.
"""

from __future__ import annotations

from machiavelli.core.dice import Dice
from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.campaign import resolve_campaign
from machiavelli.money.income import income
from machiavelli.money.peace import pay_peace, peace_bonus
from machiavelli.text.notation import parse_orders

B = load_board("classic")
POWERS = ["Milan", "Venice", "Austria", "Papacy"]


def position(units: list[Unit], owners: dict[str, str], *, season: str = "fall",
             options: dict[str, bool] | None = None, **kw: object) -> State:
    return State(board="classic", year=1455, season=season, phase="movement",  # type: ignore[arg-type]
                 powers=list(POWERS), units=units, province_owner=dict(owners),
                 options=dict(BAR_DEFAULTS if options is None else options),
                 treasury=dict.fromkeys(POWERS, 0), **kw)  # type: ignore[arg-type]


def play(state: State, orders: dict[str, str]) -> State:
    parsed = {p: parse_orders(text, B, state, p).orders for p, text in orders.items()}
    return resolve_campaign(B, state, parsed, Dice("peace", [])).state


def example_1(trent: list[Unit]) -> State:
    """003 5.4 Example 1: a Milanese army in Cremona, a Venetian one in Brescia, which
    rebels against Venice; Venice also holds Bergamo, next to Cremona."""
    return position(
        [Unit("A", "Milan", "cre"), Unit("A", "Venice", "bre"), *trent],
        {"cre": "Milan", "bre": "Venice", "ber": "Venice"},
        rebellions={"bre": Rebellion("bre", "Venice")})


def test_bar_5_4_example_1_no_conflict_no_breach() -> None:
    after = play(example_1([]), {"Venice": "A bre - trt", "Milan": "A cre - bre"})
    assert after.peace == {"Milan/Venice": ["fall"]}


def test_bar_5_4_example_1_failed_advance_breaks_peace() -> None:
    """"Not so in a situation where the Venetian army tried to advance into Trent but
    didn't succeed": Milan's army then advances against it."""
    after = play(example_1([Unit("A", "Austria", "trt")]),
                 {"Venice": "A bre - trt", "Milan": "A cre - bre"})
    assert "Milan/Venice" not in after.peace


def test_bar_5_4_condition_1_no_common_border_no_peace() -> None:
    after = play(position([Unit("A", "Milan", "mil")], {"mil": "Milan", "fer": "Venice"}), {})
    assert after.peace == {}


def test_bar_5_4_condition_2_units_in_one_province() -> None:
    state = position([Unit("G", "Milan", "cre"), Unit("A", "Venice", "cre")],
                     {"cre": "Venice", "mil": "Milan"})
    assert play(state, {}).peace == {}


def test_bar_5_4_condition_4_advance_into_the_other_s_area() -> None:
    """Milan advances into Bergamo, which Venice controls and nobody occupies."""
    state = position([Unit("A", "Milan", "cre")], {"cre": "Milan", "ber": "Venice",
                                                   "bre": "Venice"})
    after = play(state, {"Milan": "A cre - ber"})
    assert "Milan/Venice" not in after.peace


def test_bar_5_4_ruling_a_6_peace_is_symmetric() -> None:
    """Only Venice breaks it (a support into Milan's Cremona): neither is at peace."""
    state = position([Unit("A", "Milan", "cre"), Unit("A", "Venice", "ber"),
                      Unit("A", "Austria", "man")],
                     {"cre": "Milan", "ber": "Venice", "man": "Austria", "mil": "Milan"})
    after = play(state, {"Venice": "A ber S A man - cre", "Austria": "A man - cre"})
    assert "Milan/Venice" not in after.peace


def test_bar_5_4_ruling_a_5_friendly_forces_keep_peace() -> None:
    """Example 4 (which 5.4 calls "Example 3", ruling A-5): Venice's army in Ferrara
    supports Milan's from Parma into Mantua, held by Venice's own army; Austria's army
    from Verona also advances there.  Venice and Milan, one force, stay at peace;
    Austria is at peace with neither."""
    state = position(
        [Unit("A", "Venice", "man"), Unit("A", "Venice", "fer"), Unit("A", "Milan", "par"),
         Unit("A", "Austria", "ver")],
        {"man": "Venice", "fer": "Venice", "par": "Milan", "ver": "Austria"})
    after = play(state, {"Venice": "A fer S A par - man", "Milan": "A par - man",
                         "Austria": "A ver - man"})
    assert after.peace == {"Milan/Venice": ["fall"]}


def test_bar_5_4_peace_kept_per_campaign_and_cleared_in_spring() -> None:
    state = position([Unit("A", "Milan", "cre")], {"cre": "Milan", "ber": "Venice"},
                     season="summer", peace={"Milan/Venice": ["spring"]})
    assert play(state, {}).peace == {"Milan/Venice": ["spring", "summer"]}
    spring = position([Unit("A", "Milan", "cre")], {"cre": "Milan"}, season="spring",
                      peace={"Milan/Venice": ["fall"]})  # a year without income
    assert play(spring, {}).peace == {}


def test_bar_5_4_ruling_a_7_the_bonus() -> None:
    assert peace_bonus(["fall"]) == 1
    assert peace_bonus(["summer", "fall"]) == 2
    assert peace_bonus(["spring", "summer", "fall"]) == 3
    assert peace_bonus(["spring", "fall"]) == 1  # a gap: the Fall alone counts
    assert peace_bonus(["spring", "summer"]) == 0  # no peace in the Fall: nothing


def test_bar_5_4_paid_at_the_income_then_cleared() -> None:
    state = position([], {}, peace={"Milan/Venice": ["summer", "fall"],
                                    "Austria/Papacy": ["spring"]})
    state = state.but(phase="adjustment", season="winter")  # type: ignore[arg-type]
    paid, lines = pay_peace(state)
    assert paid.treasury == {"Milan": 2, "Venice": 2, "Austria": 0, "Papacy": 0}
    assert paid.peace == {}
    assert lines == ["Milan and Venice were at peace (summer, fall): 2 ducats each (BAR-5.4)."]
    done = income(B, state, Dice("income", []))
    assert done.state.peace == {} and lines[0] in done.events


def test_bar_5_4_flag_off_nothing_recorded() -> None:
    state = position([Unit("A", "Milan", "cre")], {"cre": "Milan", "ber": "Venice"},
                     options=dict(MACH1_DEFAULTS))
    after = play(state, {})
    assert after.peace == {} and "peace" not in after.to_dict()
