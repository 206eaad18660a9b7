"""Seed 003 on the map (issue 40, item 6): the picture of a Balance at Risk game draws the
support of an area in favour of a power (BAR-8.5), the transport for a power (BAR-8.6),
the pairs at peace (BAR-5.4), excommunications ordered and in force (BAR-15.1, BAR-15.2)
and independent units (BAR-1.2), and its legend says what each sign means."""

from __future__ import annotations

import re
from functools import cache

from machiavelli.core.board import Board
from machiavelli.core.options import BAR_DEFAULTS
from machiavelli.core.orders import Excommunicate, SupportArea, Transport, UnitRef
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.render.picture import draw_map


@cache
def bar_start() -> tuple[Board, State]:
    """Classic 1454 under ``bar``, a Milanese army in Lucca by Florence's fleet in Pisa and
    an independent army in Urbino."""
    board, state = load_scenario("classic_1454")
    return board, state.but(options=dict(BAR_DEFAULTS), units=[
        *state.units, Unit("A", "Milan", "luc"), Unit("A", None, "urb")])


def legend(svg: str) -> str:
    found = re.search(r'<g id="layer-legend".*?</g>(?=<text|$)', svg, re.S)
    assert found, "no legend"
    return found.group(0)


def test_bar_8_5_bar_8_6_supports_and_transports_for_a_power_are_drawn_with_its_initial(
        ) -> None:
    board, state = bar_start()
    pending = {"Venice": [SupportArea(UnitRef("A", "ver"), "man", "Milan")],
               "Florence": [Transport(UnitRef("F", "psa"), "Milan")]}
    venice = draw_map(board, state, viewer="Venice", pending=pending)
    assert "<title>for Milan</title>" in venice  # the initial of the power favoured
    florence_own = draw_map(board, state, viewer="Florence", pending=pending)
    assert "<title>for Milan</title>" in florence_own
    public = draw_map(board, state, pending=pending)  # another's pending orders: unseen
    assert "<title>for Milan</title>" not in public
    done = draw_map(board, state, results=[
        OrderResult("Venice", SupportArea(UnitRef("A", "ver"), "man", "Milan"), "succeeds"),
        OrderResult("Florence", Transport(UnitRef("F", "psa"), "Milan"), "fails")])
    assert done.count("<title>for Milan</title>") == 2  # results are public
    for sign in ("support of an area for a power (its initial)", "transport for a power"):
        assert sign in legend(done)


def test_bar_5_4_the_pairs_at_peace_are_in_the_legend() -> None:
    board, state = bar_start()
    svg = draw_map(board, state.but(peace={"Milan/Venice": ["spring", "summer"],
                                           "Florence/Papacy": ["spring"]}))
    shown = legend(svg)
    assert "Milan and Venice at peace: spring, summer" in shown
    assert "Florence and Papacy at peace: spring" in shown
    assert "at peace" not in legend(draw_map(board, state))


def test_bar_15_2_an_excommunication_in_force_is_marked_on_the_power_s_capitals() -> None:
    board, state = bar_start()
    svg = draw_map(board, state.but(excommunications={"Milan": "pending", "Austria": "pending"}))
    marks = re.findall(r'<g class="marker excommunicated" data-province="(\w+)" '
                       r'data-power="(\w+)"', svg)
    assert sorted(marks) == [("aus", "Austria"), ("hun", "Austria"), ("mil", "Milan"),
                             ("tyr", "Austria")]
    assert "Milan is excommunicated" in svg
    assert "Milan: " in legend(svg) and "(excommunicated)" in legend(svg)
    assert 'id="layer-excommunications"' not in draw_map(board, state)


def test_bar_15_1_the_papacy_s_excommunication_and_crusade_orders_are_drawn() -> None:
    board, state = bar_start()
    svg = draw_map(board, state, results=[
        OrderResult("Papacy", Excommunicate("Milan"), "succeeds"),
        OrderResult("Papacy", Excommunicate("Turkey"), "succeeds")])
    assert re.search(r'<g class="order[^"]*" data-province="mil" data-power="Milan">'
                     r'<title>excommunicate Milan</title>', svg)
    assert re.search(r'data-province="tun" data-power="Turkey"><title>crusade against '
                     r'Turkey</title>', svg)


def test_bar_1_2_independent_units_are_drawn_grey_and_named_independent() -> None:
    board, state = bar_start()
    svg = draw_map(board, state)
    assert "<title>Independent: Army Urbino</title>" in svg
    assert "<title>Independent: Garrison Ferrara</title>" in svg
    assert 'data-owner="autonomous" data-kind="A" data-province="urb"' in svg
    assert all(f">independent {what}<" in legend(svg) for what in ("army", "fleet", "garrison"))
    plain = draw_map(board, load_scenario("classic_1454")[1])  # 001's word, 001's legend
    assert "<title>Autonomous: Garrison Ferrara</title>" in plain
    assert ">autonomous<" in legend(plain) and "independent" not in legend(plain)


def test_bar_12_2_an_abundance_marker_is_drawn_by_the_province_s_name() -> None:
    board, state = bar_start()
    svg = draw_map(board, state.but(abundance=["pav"]))
    assert re.search(r'<g class="marker" data-province="pav" data-marker="abundance">'
                     r'<title>abundance \(the next famine spares it\)</title>', svg)
    assert "abundance" in legend(svg)
    assert 'data-marker="abundance"' not in draw_map(board, state)
