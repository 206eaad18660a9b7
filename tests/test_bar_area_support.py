"""Seed 003's support of an area and transport named for a power (option ``area_support``,
on under ``bar``): BAR-8.5, BAR-8.6, ruling A-12.

The rules themselves are in cases/balance_at_risk/area_support.txt; here the orders'
reading (the exact syntax of the specification), the errors a bad one gets, the checks
with their reasons, the bots' lists, the map, and that nothing changes without the option.
"""

from __future__ import annotations

import pytest

from machiavelli.bots.menu import legal_orders
from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.orders import (
    INDEPENDENT,
    SupportArea,
    SupportHold,
    Transport,
    UnitRef,
)
from machiavelli.core.state import State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.movement.legality import check_order
from machiavelli.render import arrows
from machiavelli.render.colours import power_colours
from machiavelli.render.geometry import geometry_for
from machiavelli.text.notation import OrderSyntaxError, format_order, parse_order, parse_orders

B = load_board("classic")
BOL = UnitRef("A", "bol")
ETS = UnitRef("F", "ets")


def position(options: dict[str, bool]) -> State:
    return State(board="classic", year=1454, season="spring", phase="movement",
                 powers=["Milan", "Papacy", "Florence", "Naples"],
                 units=[Unit("A", "Milan", "par"), Unit("A", "Papacy", "bol"),
                        Unit("A", "Florence", "mod"), Unit("A", "Florence", "psa"),
                        Unit("F", "Naples", "ets"), Unit("G", None, "luc")],
                 options=dict(options))


BAR = position(BAR_DEFAULTS)
MACH1 = position(MACH1_DEFAULTS)


@pytest.mark.parametrize(("line", "order"), [
    ("A bol S mod for Milan", SupportArea(BOL, "mod", "Milan")),
    ("A bol S mod (Milan)", SupportArea(BOL, "mod", "Milan")),
    ("A bol supports Modena in favour of Milan", SupportArea(BOL, "mod", "Milan")),
    ("A bol S mod", SupportArea(BOL, "mod")),
    ("bol s mod for mil", SupportArea(BOL, "mod", "Milan")),
    ("A bol S luc for independent", SupportArea(BOL, "luc", INDEPENDENT)),
    ("A bol S mod for the Papacy", SupportArea(BOL, "mod", "Papacy")),
])
def test_bar_8_5_read_and_written(line: str, order: SupportArea) -> None:
    assert parse_order(line, B, BAR, "Papacy") == order
    assert parse_order(format_order(order), B, BAR, "Papacy") == order


def test_bar_8_5_a_support_naming_a_unit_stays_diplomacy_s() -> None:
    # read as written; the movement reads it as the area's support for the unit's owner
    assert parse_order("A bol S A mod", B, BAR, "Papacy") == SupportHold(BOL, UnitRef("A", "mod"))


@pytest.mark.parametrize(("line", "order"), [
    ("F ets T for Florence", Transport(ETS, "Florence")),
    ("F ets transports (Florence)", Transport(ETS, "Florence")),
    ("F ets T", Transport(ETS)),
    ("ets t", Transport(ETS)),
])
def test_bar_8_6_read_and_written(line: str, order: Transport) -> None:
    assert parse_order(line, B, BAR, "Naples") == order
    assert parse_order(format_order(order), B, BAR, "Naples") == order


def test_bar_8_5_bad_supports_get_a_line_precise_error_and_change_nothing() -> None:
    submission = parse_orders("A bol H\nA bol S mod for Atlantis\nA bol S mod for", B, BAR,
                              "Papacy")
    assert [(e.line, e.reason) for e in submission.errors] == [
        (2, "unknown power 'atlantis'"), (3, "the power in whose favour is missing")]
    with pytest.raises(OrderSyntaxError, match="only a fleet can transport"):
        parse_order("A bol T for Milan", B, BAR, "Papacy")


def test_bar_8_5_without_the_option_a_power_is_refused_and_supports_stay_diplomacy_s() -> None:
    with pytest.raises(OrderSyntaxError, match="does not have the option area_support"):
        parse_order("A bol S mod for Milan", B, MACH1, "Papacy")
    with pytest.raises(OrderSyntaxError, match="needs the option area_support"):
        parse_order("F ets T", B, MACH1, "Naples")
    assert parse_order("A bol S mod", B, MACH1, "Papacy") == SupportHold(BOL, UnitRef("A", "mod"))
    assert check_order(B, MACH1, "Papacy", SupportArea(BOL, "mod", "Milan")) == (
        "a support or transport in favour of a power is seed 003's (BAR-8.5, BAR-8.6): this "
        "game does not have the option area_support")


def test_bar_8_5_checked_with_the_reason() -> None:
    assert check_order(B, BAR, "Papacy", SupportArea(BOL, "mod", "Milan")) is None
    assert check_order(B, BAR, "Papacy", SupportArea(BOL, "par", "Milan")) == (
        "the army in Bologna could not advance to Parma, so cannot support there (BAR-8.5)")
    assert check_order(B, BAR, "Papacy", SupportArea(BOL, "bol")) == (
        "a unit cannot support into the province it is in")
    assert check_order(B, BAR, "Papacy", SupportArea(BOL, "mod", "Atlantis")) == (
        "unknown power 'Atlantis'")
    assert check_order(B, BAR, "Milan", SupportArea(BOL, "mod")) == (
        "the army in Bologna is not yours")
    assert check_order(B, BAR, "Naples", Transport(ETS, INDEPENDENT)) == (
        "an independent army never advances (BAR-16.5), so is never transported")


def test_bar_8_5_the_results_name_the_order_as_written() -> None:
    done = adjudicate(B, BAR, {"Milan": [parse_order("A par - mod", B, BAR, "Milan")],
                               "Papacy": [SupportArea(BOL, "mod", "Milan")]}, "t")
    assert "A bol S mod for Milan" in done.report
    assert {(format_order(r.order), r.outcome) for r in done.results} >= {
        ("A bol S mod for Milan", "succeeds"), ("A par - mod", "succeeds")}


def test_bar_8_5_and_8_6_offered_to_bots_under_the_option_only() -> None:
    papal = [o for options in legal_orders(B, BAR, "Papacy").units.values() for o in options]
    assert SupportArea(BOL, "mod", "Milan") in papal
    assert SupportArea(BOL, "mod") in papal
    assert SupportArea(BOL, "luc", INDEPENDENT) in papal
    naples = [o for options in legal_orders(B, BAR, "Naples").units.values() for o in options]
    assert {Transport(ETS), Transport(ETS, "Florence")} <= set(naples)
    plain = [o for options in legal_orders(B, MACH1, "Papacy").units.values() for o in options]
    assert not any(isinstance(o, SupportArea | Transport) for o in plain)


def test_bar_8_5_the_map_names_the_power_favoured() -> None:
    painter = arrows.OrderPainter(B, geometry_for(B), BAR, power_colours(B, tuple(BAR.powers)))
    painter.paint(SupportArea(BOL, "mod", "Milan"), "Papacy", None)
    painter.paint(Transport(ETS, "Florence"), "Naples", "fails")
    marks = "".join(painter.drawing.marks)
    assert "for Milan" in marks and "for Florence" in marks
    assert painter.drawing.lines
