"""The map picture: well-formed SVG, one element per area, every layer, every viewer.

Golden files: ``tests/golden/*.svg`` hold the pictures of the classic 1454 start and of
a spring with every kind of order; run ``UPDATE_GOLDEN=1 pytest tests/test_render.py``
to write them again after a deliberate change (and look at the screenshots the tests
leave in ``tests/screenshots/``).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from render_fixtures import every_order_phase, every_order_position, orders_of, retreat_phase

from machiavelli.core.maps import load_board
from machiavelli.core.state import Rebellion
from machiavelli.game.scenario import available_scenarios, load_scenario
from machiavelli.render import MASTER, MapViewer, draw_map, load_geometry
from machiavelli.render.colours import PALETTE, power_colours
from machiavelli.render.units import struck_by

GOLDEN = Path(__file__).parent / "golden"
SCREENSHOTS = Path(__file__).parent / "screenshots"
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def ids(root: ET.Element) -> list[str]:
    return [e.attrib["id"] for e in root.iter() if "id" in e.attrib]


def area(root: ET.Element, pid: str) -> ET.Element:
    [found] = [e for e in root.iter(f"{SVG}path") if e.attrib.get("id") == pid]
    return found


def classes(root: ET.Element) -> list[str]:
    return [e.attrib["class"] for e in root.iter() if "class" in e.attrib]


def check_golden(name: str, svg: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert path.is_file(), f"{path} missing: run UPDATE_GOLDEN=1 pytest {__file__}"
    assert svg == path.read_text(encoding="utf-8"), (
        f"{name} changed: look at the picture, then UPDATE_GOLDEN=1 to accept it")


# -- every scenario draws -------------------------------------------------------------------


@pytest.mark.parametrize("name", available_scenarios())
def test_every_scenario_start_draws_with_each_area_once(name: str) -> None:
    board, state = load_scenario(name)
    root = parse(draw_map(board, state))
    found = ids(root)
    assert len(found) == len(set(found)), "an id used twice"
    for pid in board.provinces:
        assert area(root, pid).attrib["data-name"] == board.provinces[pid].name
    units = [e for e in root.iter(f"{SVG}g") if e.attrib.get("class") == "unit"]
    assert len(units) == len(state.units)
    assert root.attrib["viewBox"].startswith("0 ")


def test_every_map_has_a_geometry_with_every_province() -> None:
    for name in ("classic", "machiavelli2", "machfive", "dipmach", "standard"):
        geo = load_geometry(name)
        assert set(geo.areas) == set(load_board(name).provinces), name
        assert geo.schematic == (name != "classic")
        assert all(shape.rings for shape in geo.areas.values())


def test_the_schematic_maps_are_what_the_build_tool_makes() -> None:
    import json
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
    from schematic_maps import OUT, geometry

    made = geometry(load_board("standard"))
    shipped = json.loads((OUT / "standard.json").read_text())
    assert made == shipped


# -- the layers -----------------------------------------------------------------------------


def test_areas_carry_their_facts_for_the_web_judge() -> None:
    board, state = load_scenario("classic_1454")
    root = parse(draw_map(board, state))
    ven = area(root, "ven")
    assert ven.attrib["data-controller"] == "Venice"
    assert ven.attrib["data-city"] == "fortified" and ven.attrib["data-port"] == "true"
    assert ven.attrib["data-home"] == "Venice" and ven.attrib["data-type"] == "land"
    assert area(root, "uas").attrib["data-type"] == "sea"
    assert "data-controller" not in area(root, "sav").attrib  # nobody's
    assert area(root, "psa").attrib["data-name"] == "Pisa"


def test_areas_are_coloured_by_controller_and_seas_stay_blue() -> None:
    board, state = load_scenario("classic_1454")
    root = parse(draw_map(board, state))
    fills = {pid: area(root, pid).attrib["fill"] for pid in ("ven", "pad", "mil", "uas", "sav")}
    assert fills["ven"] == fills["pad"] != fills["mil"]
    assert len({fills["ven"], fills["mil"], fills["uas"], fills["sav"]}) == 4


def test_power_colours_are_distinct_and_stable_on_every_board() -> None:
    for name in available_scenarios():
        board, state = load_scenario(name)
        colours = power_colours(board, tuple(state.powers))
        mine = [colours[p] for p in state.powers]
        assert len(set(mine)) == len(mine), name
        assert set(mine) <= set(PALETTE)
        if "Venice" in colours:
            assert colours["Venice"] == "#882255"


def test_units_by_kind_special_units_and_autonomous_garrisons() -> None:
    board, state, _, _ = every_order_phase()
    root = parse(draw_map(board, state))
    units = [e for e in root.iter(f"{SVG}g") if e.attrib.get("class") == "unit"]
    kinds = {(u.attrib["data-province"], u.attrib["data-kind"]): u for u in units}
    assert kinds[("pav", "A")].attrib["data-special"] == "elite_mercenary"
    assert kinds[("bol", "A")].attrib["data-special"] == "militia"
    assert kinds[("rme", "A")].attrib["data-special"] == "elite_professional"
    assert kinds[("uas", "F")].attrib["data-owner"] == "Papacy"
    assert kinds[("ven", "G")].attrib["data-owner"] == "Venice"
    assert kinds[("man", "G")].attrib["data-owner"] == "autonomous"


def test_sieges_rebellions_famine_and_plague_are_marked() -> None:
    board, state = every_order_position()
    state.rebellions["mon"] = Rebellion("mon", "Milan", in_province=False, in_city=True)
    root = parse(draw_map(board, state, plague=["spo"]))
    sieges = [e for e in root.iter() if e.attrib.get("class") == "siege"]
    assert sorted(e.attrib["data-province"] for e in sieges) == ["mod", "rag"]
    marks = {(e.attrib["data-province"], e.attrib["data-marker"]) for e in root.iter()
             if e.attrib.get("class") == "marker"}
    assert marks == {("sav", "rebellion"), ("mon", "rebellion"), ("urb", "famine"),
                     ("spo", "plague")}


def test_plague_is_read_from_the_report_that_announced_it() -> None:
    board = load_board("classic")
    report = "Plague roll 3 + 4 = 7: a bad year.\nPlague strikes Milan, Pisa, Venice.\n"
    assert struck_by(board, "Plague", report) == ["mil", "psa", "ven"]
    assert struck_by(board, "Plague", "Famine strikes Milan.") == []


def test_every_order_kind_is_drawn_with_its_outcome() -> None:
    board, state, results, _ = every_order_phase()
    found = classes(parse(draw_map(board, state, results=results)))
    for wanted in ("order move succeeds", "order move bounced", "order hold dislodged",
                   "order supportmove cut", "order supportmove succeeds",
                   "order supporthold succeeds", "order convoy succeeds",
                   "order besiege succeeds", "order liftsiege succeeds",
                   "order convert succeeds", "order supportmove fails"):
        assert wanted in found, wanted


def test_dislodged_units_show_where_they_may_retreat() -> None:
    board, after = retreat_phase()
    root = parse(draw_map(board, after))
    [pad] = [e for e in root.iter() if e.attrib.get("class") == "dislodged"]
    assert pad.attrib["data-province"] == "pad"
    assert pad.attrib["data-retreats"] == "trv vic"


def test_retreats_builds_and_removals_are_drawn() -> None:
    board, after = retreat_phase()
    orders = orders_of(board, after, {"Venice": "A pad - vic\n"})
    found = classes(parse(draw_map(board, after, viewer="Venice", pending=orders)))
    assert "order retreat pending" in found
    board, state = load_scenario("classic_1454")
    state.season, state.phase = "winter", "adjustment"
    orders = orders_of(board, state, {"Milan": "build A mil\nremove A cre\n"})
    found = classes(parse(draw_map(board, state, viewer="Milan", pending=orders)))
    assert "order build pending" in found


# -- who sees what --------------------------------------------------------------------------


def _private_picture(viewer: MapViewer) -> str:
    board, state, results, _ = every_order_phase()
    state.loans = {}
    pending = orders_of(board, state, {
        "Venice": "A ver - man\nexpense 2: 3 ducats famine relief urb\n",
        "Milan": "A pav - for\npay 5 ducats to Venice\n",
    })
    return draw_map(board, state, results=results, viewer=viewer, pending=pending)


def test_the_public_picture_never_shows_private_data() -> None:
    svg = _private_picture(None)
    for secret in ("ducats", "treasury", "Treasury", "expense", "borrow", "chits", "pending",
                   "private", "cause rebellion", "Loan", "loan"):
        assert secret not in svg, secret
    words = " ".join(e.text or "" for e in parse(svg).iter())
    assert "31" not in words and "27" not in words  # Venice's and Milan's treasuries


def test_a_power_sees_its_own_orders_money_and_treasury_only() -> None:
    venice = _private_picture("Venice")
    assert "Venice (private): treasury 31 ducats" in venice
    assert "expense 1: 6 ducats counter-bribe A pad (succeeds)" in venice
    assert "borrow 10 ducats for 1 year (succeeds)" in venice
    assert "expense 2: 3 ducats famine relief" in venice  # pending
    root = parse(venice)
    pending = [e for e in root.iter() if "pending" in e.attrib.get("class", "")]
    assert pending and all(e.attrib.get("data-power") in (None, "Venice") for e in pending)
    for secret in ("Milan (private)", "treasury 27", "cause rebellion", "pay 5 ducats"):
        assert secret not in venice, secret
    milan = _private_picture("Milan")
    assert "Milan (private): treasury 27 ducats" in milan and "pay 5 ducats to Venice" in milan
    assert "counter-bribe" not in milan and "treasury 31" not in milan


def test_a_player_holding_two_powers_sees_both_ones_orders_and_treasuries_only() -> None:
    """A variant that deals a player two powers (classic 1454 for three): the map drawn for
    the player shows each held power's pending orders, money and treasury, and no other's."""
    both = _private_picture(("Milan", "Venice"))
    assert "Venice (private): treasury 31 ducats" in both
    assert "Milan (private): treasury 27 ducats" in both and "pay 5 ducats to Venice" in both
    assert "Milan and Venice's view" in both and 'data-viewer="Milan Venice"' in both
    one = _private_picture(("Naples", "Venice"))
    assert "Venice (private): treasury 31 ducats" in one
    pending = [e for e in parse(one).iter() if "pending" in e.attrib.get("class", "")]
    assert pending and all(e.attrib.get("data-power") in (None, "Venice") for e in pending)
    for secret in ("Milan (private)", "treasury 27", "pay 5 ducats"):
        assert secret not in one, secret


def test_the_game_master_sees_everything() -> None:
    svg = _private_picture(MASTER)
    assert "Venice (private)" in svg and "Milan (private)" in svg
    assert "game master" in svg


# -- golden files and screenshots ---------------------------------------------------------


def test_golden_classic_1454_start() -> None:
    board, state = load_scenario("classic_1454")
    svg = draw_map(board, state)
    check_golden("classic_1454_start.svg", svg)
    screenshot("classic_1454_start", svg)


def test_golden_a_spring_with_every_order() -> None:
    board, state, results, after = every_order_phase()
    svg = draw_map(board, state, results=results)
    check_golden("classic_every_order.svg", svg)
    screenshot("classic_every_order", svg)
    screenshot("classic_every_order_venice", draw_map(board, state, results=results,
                                                      viewer="Venice"))
    screenshot("classic_retreats", draw_map(board, after))


def test_screenshots_of_the_schematic_maps() -> None:
    for name in ("mach2_1454", "machfive_3001", "dipmach_1901"):
        board, state = load_scenario(name)
        screenshot(name, draw_map(board, state))


def screenshot(name: str, svg: str) -> None:
    """A PNG for a person to look at (tests/screenshots/, not committed)."""
    import cairosvg  # type: ignore[import-untyped]

    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(path), output_width=1600)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
