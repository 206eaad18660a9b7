"""Seed 003's High Seas (option ``high_seas``): the space and its adjacency (BAR-14.3,
BAR-1.4) and the winter sweep (BAR-14.3, BAR-17.7)."""

from __future__ import annotations

import re

from machiavelli.core.high_seas import (
    HIGH_SEAS,
    board_in_play,
    has_high_seas,
    sea_areas,
    with_high_seas,
)
from machiavelli.core.maps import load_board
from machiavelli.core.option_commands import apply_set_command
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS, options_in_force
from machiavelli.core.orders import Build
from machiavelli.core.rules import rules_of
from machiavelli.core.state import State, Unit
from machiavelli.game.adjustments import resolve_adjustments
from machiavelli.game.high_seas import sweep_high_seas
from machiavelli.game.process import process_phase
from machiavelli.game.scenario import load_scenario
from machiavelli.money.peace import bordering, controllers, sharing
from machiavelli.movement.bribe_reach import BORDERS, HIGH_SEAS_BRIBE, bribe_reach_problem
from machiavelli.movement.builds import build_problem
from machiavelli.movement.legal_lists import legal_orders
from machiavelli.render.geometry import geometry_for, high_seas_points
from machiavelli.render.picture import draw_map
from machiavelli.text.notation import format_order, parse_orders

CLASSIC = load_board("classic")
B = with_high_seas(CLASSIC)
POWERS = ["Milan", "Venice", "Turkey", "Naples"]


def test_bar_14_3_the_high_seas_touch_every_sea_area_and_nothing_else() -> None:
    assert not has_high_seas(CLASSIC) and has_high_seas(B)
    seas = set(sea_areas(CLASSIC))
    assert seas and set(B.fleet_adj[HIGH_SEAS]) == seas
    for sea in seas:
        assert B.fleet_adjacent(sea, HIGH_SEAS) and B.fleet_adjacent(HIGH_SEAS, sea)
    coastal = [p for p in CLASSIC.provinces if CLASSIC.is_coastal(p)]
    assert coastal and not any(B.fleet_adjacent(c, HIGH_SEAS) for c in coastal)
    assert HIGH_SEAS not in B.army_adj and not any(HIGH_SEAS in n for n in B.army_adj.values())
    hs = B.provinces[HIGH_SEAS]
    assert hs.sea and hs.city is None and hs.home is None
    assert not any(HIGH_SEAS in (s.controller, *s.ends) for s in B.straits)


def test_bar_14_3_the_high_seas_by_their_names_and_the_board_otherwise_unchanged() -> None:
    for name in ("hs", "High Seas", "ALTOMARE", "the high seas"):
        assert B.lookup(name) == HIGH_SEAS
    assert with_high_seas(B) is B
    assert {p: v for p, v in B.provinces.items() if p != HIGH_SEAS} == CLASSIC.provinces
    assert B.army_adj == CLASSIC.army_adj
    for loc, near in CLASSIC.fleet_adj.items():
        assert B.fleet_adj[loc] - {HIGH_SEAS} == near


def fall(units: list[Unit], options: dict[str, bool]) -> State:
    """A Fall campaign in which every power keeps its capital (nobody is eliminated)."""
    capitals = {"Milan": "mil", "Venice": "ven", "Turkey": "dur", "Naples": "nap"}
    held = {c: p for p, c in capitals.items()}
    return State(board="classic", year=1455, season="fall", phase="movement",
                 powers=list(POWERS), units=units, options=options,
                 province_owner=dict(held), city_owner=dict(held),
                 home_countries={p: (c,) for p, c in capitals.items()},
                 home={p: (c,) for p, c in capitals.items()},
                 treasury=dict.fromkeys(POWERS, 0))


def test_bar_1_4_bar_14_3_several_fleets_of_several_powers_swept() -> None:
    units = [Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Turkey", HIGH_SEAS),
             Unit("F", "Venice", HIGH_SEAS), Unit("F", "Venice", "uas")]
    after, lines = sweep_high_seas(B, fall(units, {"high_seas": True}))
    assert after.units == [Unit("F", "Venice", "uas")]
    assert lines == ["Turkey's fleet on the High Seas is destroyed by the winter (BAR-14.3).",
                     "Turkey's fleet on the High Seas is destroyed by the winter (BAR-14.3).",
                     "Venice's fleet on the High Seas is destroyed by the winter (BAR-14.3)."]
    # without the option nothing is swept (and no unit can be there)
    off = fall(units, {})
    assert sweep_high_seas(B, off) == (off, [])


def test_bar_17_7_the_high_seas_swept_when_the_fall_ends_even_without_dice() -> None:
    options = dict(BAR_DEFAULTS, high_seas=True, dice=False)
    state = fall([Unit("F", "Turkey", HIGH_SEAS), Unit("A", "Milan", "mil")], options)
    done = process_phase(B, state, {}, seed="s")
    assert not any(u.province == HIGH_SEAS for u in done.after.units)
    assert "Turkey's fleet on the High Seas is destroyed by the winter" in done.report
    # at the end of the Spring campaign it stays
    spring = process_phase(B, state.but(season="spring"), {}, seed="s")
    assert any(u.province == HIGH_SEAS for u in spring.after.units)


def test_bar_14_3_nobody_controls_the_high_seas_and_fleets_there_share_no_area() -> None:
    """003 14.3 and 11: nobody controls the High Seas; fleets there are next to no unit,
    not even each other (peace's conditions 1 and 2, BAR-5.4)."""
    state = fall([Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Venice", HIGH_SEAS),
                  Unit("F", "Milan", "gon")], {"high_seas": True, "peace": True})
    assert HIGH_SEAS not in controllers(B, state)
    assert controllers(B, state)["gon"] == "Milan"
    assert sharing(state) == set()
    # Milan's Gulf of Lions touches the High Seas, held by nobody: no border with Turkey
    assert not any("Turkey" in pair for pair in bordering(B, state.but(province_owner={},
                                                                        city_owner={})))


def test_bar_14_3_no_bribe_reaches_a_fleet_on_the_high_seas_nor_comes_from_there() -> None:
    venice_fleet = Unit("F", "Venice", HIGH_SEAS)
    state = fall([Unit("F", "Turkey", HIGH_SEAS), venice_fleet, Unit("F", "Milan", "uas"),
                  Unit("F", "Turkey", "ion")], {"high_seas": True})
    # Turkey's fleet shares the High Seas and the Ionian Sea touches it: no reach
    assert bribe_reach_problem(B, state, "Turkey", venice_fleet, ()) == HIGH_SEAS_BRIBE
    # a fleet on the High Seas gives no reach to the Upper Adriatic (a sea it touches)
    milan_fleet = state.units[2]
    found = bribe_reach_problem(B, state.with_units(state.units[:3]), "Turkey", milan_fleet, ())
    assert found is not None and "Turkey" in found
    assert HIGH_SEAS not in BORDERS(B)["uas"] and HIGH_SEAS not in BORDERS(B)


def test_bar_14_3_the_board_in_play_has_the_high_seas_with_the_option_alone() -> None:
    assert board_in_play(CLASSIC, {}) is CLASSIC
    assert board_in_play(CLASSIC, {"high_seas": False}) is CLASSIC
    assert board_in_play(CLASSIC, {"high_seas": True}) is B  # made once per board


def winter(options: dict[str, bool]) -> State:
    """Turkey and Venice raising units, each with a home city and 9 ducats."""
    held = {"dur": "Turkey", "ven": "Venice"}
    return State(board="classic", year=1455, season="winter", phase="adjustment",
                 powers=["Turkey", "Venice"], units=[], options=dict(options),
                 province_owner=dict(held), city_owner=dict(held),
                 home_countries={"Turkey": ("dur",), "Venice": ("ven",)},
                 home={"Turkey": ("dur",), "Venice": ("ven",)},
                 treasury={"Turkey": 9, "Venice": 9})


def test_bar_14_3_turkey_raises_one_fleet_on_the_high_seas() -> None:
    state = winter(dict(BAR_DEFAULTS, high_seas=True))
    read = parse_orders("build F hs\nbuild F hs\nbuild A dur", B, state, "Turkey")
    assert read.errors == []
    orders = {"Turkey": read.orders}
    done = resolve_adjustments(B, state, orders, rules_of(state.options))
    assert sorted((u.owner, u.kind, u.province) for u in done.state.units) == [
        ("Turkey", "A", "dur"), ("Turkey", "F", HIGH_SEAS)]
    outcomes = [(format_order(r.order), r.outcome) for r in done.results if r.power == "Turkey"]
    # one order per place: the second "build F hs" replaces the first (one fleet a phase)
    assert outcomes == [("build F hs", "succeeds"), ("build A dur", "succeeds")]
    assert done.state.treasury["Turkey"] == 9 - 2 * 3  # paid as any new unit


def test_bar_14_3_only_turkey_only_a_fleet_only_with_the_option() -> None:
    state = winter(dict(BAR_DEFAULTS, high_seas=True))
    assert build_problem(B, state, "Venice", Build("F", HIGH_SEAS)) == (
        "only Turkey raises a fleet on the High Seas, not Venice (BAR-14.3)")
    assert build_problem(B, state, "Turkey", Build("A", HIGH_SEAS)) == (
        "only a fleet is raised on the High Seas (BAR-14.3)")
    assert build_problem(B, state, "Turkey", Build("F", HIGH_SEAS)) is None
    off = winter(dict(BAR_DEFAULTS, high_seas=False))
    assert build_problem(B, off, "Turkey", Build("F", HIGH_SEAS)) == (
        "there are no High Seas in this game (option high_seas)")


def test_bar_1_4_bar_14_3_the_map_draws_the_high_seas_and_every_fleet_there() -> None:
    """The painter's box for the High Seas (open sea on the classic map), its name, and
    several fleets of several powers side by side in it."""
    state = fall([Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Venice", HIGH_SEAS),
                  Unit("F", "Turkey", HIGH_SEAS)], {"high_seas": True})
    svg = draw_map(B, state)
    assert ">High Seas<" in svg
    tokens = re.findall(r'<g class="unit"[^>]*data-province="hs"', svg)
    assert len(tokens) == 3
    points = high_seas_points(geometry_for(B), 3)
    assert len(set(points)) == 3  # side by side, not on top of each other
    assert "hs" not in geometry_for(CLASSIC).areas  # the board without them: no box


def moves(units: list[Unit], orders: dict[str, str]) -> tuple[list[tuple[str, str, str]], str]:
    """A Fall campaign under bar with the High Seas: the units after it and the report."""
    state = fall(units, dict(BAR_DEFAULTS, high_seas=True)).but(season="spring")
    given = {}
    for power, text in orders.items():
        read = parse_orders(text, B, state, power)
        assert read.errors == [], read.errors
        given[power] = read.orders
    done = process_phase(B, state, given, seed="s")
    return sorted((u.owner or "", u.kind, u.province) for u in done.after.units
                  if u.kind != "G"), done.report


def test_bar_1_4_bar_14_3_any_number_of_fleets_enter_the_high_seas_without_conflict() -> None:
    after, report = moves(
        [Unit("F", "Turkey", "ion"), Unit("F", "Venice", "uas"), Unit("F", "Milan", HIGH_SEAS),
         Unit("F", "Venice", "low")],
        {"Turkey": "F ion - hs", "Venice": "F uas - hs\nF low - hs"})
    assert after == [("Milan", "F", "hs"), ("Turkey", "F", "hs"), ("Venice", "F", "hs"),
                     ("Venice", "F", "hs")]
    assert "dislodged" not in report


def test_bar_14_3_a_swap_with_the_high_seas_of_equal_forces_stays() -> None:
    after, _ = moves([Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Venice", "ion")],
                     {"Turkey": "F hs - ion", "Venice": "F ion - hs"})
    assert after == [("Turkey", "F", "hs"), ("Venice", "F", "ion")]


def test_bar_14_3_the_weaker_force_on_the_high_seas_stays_the_stronger_advances() -> None:
    after, report = moves(
        [Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Venice", "ion"), Unit("F", "Venice", "low")],
        {"Turkey": "F hs - ion", "Venice": "F ion - hs\nF low S F ion - hs"})
    assert after == [("Turkey", "F", "hs"), ("Venice", "F", "hs"), ("Venice", "F", "low")]
    assert "dislodged" not in report


def test_bar_14_3_the_stronger_force_on_the_high_seas_advances_and_dislodges() -> None:
    after, report = moves(
        [Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Turkey", "low"), Unit("F", "Venice", "ion")],
        {"Turkey": "F hs - ion\nF low S F hs - ion", "Venice": "F ion - hs"})
    assert ("Turkey", "F", "ion") in after and ("Venice", "F", "hs") not in after
    assert ("Turkey", "F", "hs") not in after


def test_bar_14_3_fleets_on_the_high_seas_support_into_one_sea_uncut() -> None:
    """Several fleets there support into one sea; an advance into the High Seas cuts no
    support given from there."""
    after, _ = moves(
        [Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Naples", HIGH_SEAS),
         Unit("F", "Turkey", "low"), Unit("F", "Venice", "ion"), Unit("F", "Venice", "uas")],
        {"Turkey": "F hs S F low - ion\nF low - ion", "Naples": "F hs S F low - ion",
         "Venice": "F uas - hs"})
    assert ("Turkey", "F", "ion") in after and ("Venice", "F", "ion") not in after
    assert ("Venice", "F", "hs") in after and ("Turkey", "F", "hs") in after


def test_bar_14_3_ruling_a_24_retreats_into_the_high_seas() -> None:
    """Ruling A-24: the High Seas take any number of retreats, fleets there or advancing
    there or not; never the retreat of a fleet attacked from there.  Sea areas come first
    (the board's order, ruling A-1, puts the High Seas last)."""
    # Venice's fleet in the Lagoon dislodged from the Upper Adriatic, every coast next to
    # it held; a fleet on the High Seas and one advancing there
    around = [Unit("A", "Milan", "fri"), Unit("A", "Milan", "pad"), Unit("A", "Milan", "trv"),
              Unit("G", "Venice", "ven")]
    after, report = moves(
        [Unit("F", "Venice", "lag"), Unit("F", "Turkey", "uas"), Unit("F", "Turkey", HIGH_SEAS),
         Unit("F", "Naples", "ets"), *around],
        {"Turkey": "F uas - lag\nF hs S F uas - lag", "Naples": "F ets - hs"})
    assert ("Venice", "F", "hs") in after and ("Turkey", "F", "lag") in after, report
    assert after.count(("Naples", "F", "hs")) == 1
    # attacked from the High Seas: not there, so eliminated
    after, report = moves(
        [Unit("F", "Venice", "lag"), Unit("F", "Turkey", "uas"), Unit("F", "Turkey", HIGH_SEAS),
         *around],
        {"Turkey": "F hs - lag\nF uas S F hs - lag"})
    assert ("Turkey", "F", "lag") in after and ("Venice", "F", "hs") not in after, report
    assert not any(u[:2] == ("Venice", "F") for u in after)


def test_bar_14_3_bar_5_4_a_swap_with_the_high_seas_breaks_peace() -> None:
    """003 14.3: "The opposing major powers in these conflicts have not been at peace"."""
    units = [Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Venice", "ion")]
    state = fall(units, dict(BAR_DEFAULTS, high_seas=True)).but(season="spring")

    def peace_after(orders: dict[str, str]) -> dict[str, list[str]]:
        given = {p: parse_orders(t, B, state, p).orders for p, t in orders.items()}
        return process_phase(B, state, given, seed="s").after.peace

    # Venice's Ionian Sea borders Turkey's Durazzo: at peace while both hold
    assert "Turkey/Venice" in peace_after({})
    assert "Turkey/Venice" not in peace_after({"Turkey": "F hs - ion", "Venice": "F ion - hs"})


def test_bar_14_3_the_bots_lists_offer_the_high_seas() -> None:
    """Advances into and out of the High Seas, supports from there, Turkey's build."""
    state = fall([Unit("F", "Turkey", "ion"), Unit("F", "Turkey", HIGH_SEAS)],
                 dict(BAR_DEFAULTS, high_seas=True))
    lines = {format_order(o) for found in legal_orders(B, state, "Turkey").values()
             for o in found}
    assert {"F ion - hs", "F hs - bot", "F hs H", "F hs S F ion - low"} <= lines
    builds = legal_orders(B, winter(dict(BAR_DEFAULTS, high_seas=True)), "Turkey")
    assert Build("F", HIGH_SEAS) in [o for found in builds.values() for o in found]
    venice = legal_orders(B, winter(dict(BAR_DEFAULTS, high_seas=True)), "Venice")
    assert Build("F", HIGH_SEAS) not in [o for found in venice.values() for o in found]


def test_bar_14_3_high_seas_on_under_bar_and_on_any_board() -> None:
    """The option is built: on under bar, accepted on its own; the classic scenario with it
    is played on the board with the High Seas."""
    assert BAR_DEFAULTS["high_seas"]
    assert options_in_force(apply_set_command(dict(MACH1_DEFAULTS), "set high seas"))[
        "high_seas"]
    board, _ = load_scenario("classic_1454", options=dict(BAR_DEFAULTS))
    assert has_high_seas(board)
    assert not has_high_seas(load_scenario("classic_1454")[0])


def test_bar_1_4_ruling_a_25_fleets_on_the_high_seas_named_by_number() -> None:
    """A power's fleets on the High Seas are ``F hs`` (= ``F hs/1``), ``F hs/2``...: each
    takes its own order, a later order for one replaces only its own, the formatter writes
    the number back, and a number past the power's fleets is refused with its line."""
    units = [Unit("F", "Venice", HIGH_SEAS), Unit("F", "Turkey", HIGH_SEAS),
             Unit("F", "Venice", HIGH_SEAS)]
    for options in (dict(BAR_DEFAULTS, high_seas=True), {"high_seas": True}):
        state = fall(units, options)
        text = "F hs - wts\nF hs/2 - ion\nF hs/1 - low\nF hs/3 - bot"
        got = parse_orders(text, B, state, "Venice")
        assert sorted(format_order(o) for o in got.orders) == ["F hs - low", "F hs/2 - ion"]
        assert [e.line for e in got.errors] == [4]
        assert "no hs/3" in got.errors[0].reason
        turkey = parse_orders("F hs/2 H", B, state, "Turkey")
        assert not turkey.orders and "one fleet" in turkey.errors[0].reason


def test_bar_1_4_ruling_a_25_the_lists_offer_each_fleet_on_the_high_seas() -> None:
    """The bots' lists give each of the power's fleets on the High Seas its own list."""
    state = fall([Unit("F", "Turkey", HIGH_SEAS), Unit("F", "Turkey", HIGH_SEAS)],
                 dict(BAR_DEFAULTS, high_seas=True))
    lists = legal_orders(B, state, "Turkey")
    first = [format_order(o) for o in lists[("unit", HIGH_SEAS, "AF")]]
    second = [format_order(o) for o in lists[("unit", HIGH_SEAS, "AF", "2")]]
    assert "F hs - bot" in first and "F hs/2 - bot" in second
    assert len(first) == len(set(first)) == len(second)


def test_bar_1_4_ruling_a_25_the_map_starts_each_order_at_its_own_fleet() -> None:
    """An order of `F hs/2` starts at the power's second fleet in the High Seas' box."""
    from machiavelli.core.orders import Move, UnitRef
    from machiavelli.render.arrows import OrderPainter

    state = fall([Unit("F", "Venice", HIGH_SEAS), Unit("F", "Turkey", HIGH_SEAS),
                  Unit("F", "Venice", HIGH_SEAS)], {"high_seas": True})
    geo = geometry_for(B)
    points = high_seas_points(geo, 3)
    painter = OrderPainter(B, geo, state, {})
    painter.paint(Move(UnitRef("F", HIGH_SEAS, "2"), "ion"), "Venice", None)
    assert painter.at(UnitRef("F", HIGH_SEAS, "2")) == points[2]
    assert painter.at(UnitRef("F", HIGH_SEAS)) == points[0]
    painter.paint(Move(UnitRef("F", HIGH_SEAS), "ion"), "Turkey", None)
    assert painter.at(UnitRef("F", HIGH_SEAS)) == points[1]
    assert "</svg>" in draw_map(  # (drawn whole)
        B, state, pending={"Venice": [Move(UnitRef("F", HIGH_SEAS, "2"), "ion")]})
