"""The classic map's geometry (package data ``data/geometry/classic.json``, built by
``tools/build_geometry.py`` from nJudge's ``machiavelli.ps``) against the classic board."""

from __future__ import annotations

import itertools
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import shapely
from shapely.geometry import LinearRing, MultiPolygon, Point, Polygon, shape

import machiavelli
from machiavelli.core.board import Board, province_of
from machiavelli.core.maps import load_board

GEOMETRY_DIR = resources.files("machiavelli").joinpath("data", "geometry")
GEOMETRY: dict[str, Any] = json.loads(
    GEOMETRY_DIR.joinpath("classic.json").read_text(encoding="utf-8")
)
AREAS: dict[str, dict[str, Any]] = GEOMETRY["areas"]
SHAPES: dict[str, Polygon | MultiPolygon] = {a: shape(e["shape"]) for a, e in AREAS.items()}

# Areas drawn in several pieces: Piombino "includes the offshore island of Elba" (001,
# STR-0A); the channel between them belongs to the Eastern Tyrrhenian Sea.
MULTIPART = {"pio": 2}

# Pairs of areas adjacent on the board (by army or fleet) that share no border on the map,
# or share a border but are not adjacent.  None are needed, and each exception that one
# would expect is checked below instead:
# - straits: Piombino's (Pisa - Eastern Tyrrhenian Sea) runs through the channel behind
#   Elba, which is part of the Eastern Tyrrhenian Sea and touches Pisa's coast; Messina's
#   (Gulf of Naples - Ionian Sea) is a short sea border drawn from Messina to Otranto;
# - islands: Corsica, Sardinia and Venice have no army adjacency and touch only the seas
#   they have fleet adjacency with; Sicily (Palermo, Messina) likewise with its seas;
#   Elba is part of Piombino and gives it its border with the Western Tyrrhenian Sea;
# - Istria and Dalmatia (MAP-IST-1, a "land bridge" for armies): the channel behind the
#   Dalmatian islands, inside the map's dotted line, is Dalmatia's and touches Istria;
# - sea borders that the map leaves to its frame (the Western Mediterranean's, the Bay of
#   Tunis's, the Ionian Sea's) close on the frame.
EXCEPTIONS: dict[tuple[str, str], str] = {}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("classic")


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _border(a: str, b: str) -> float:
    """Length of the border two areas share (0 when they meet at a point or not at all)."""
    if not SHAPES[a].intersects(SHAPES[b]):
        return 0.0
    return float(SHAPES[a].boundary.intersection(SHAPES[b].boundary).length)


def _map_borders() -> set[tuple[str, str]]:
    tree = shapely.STRtree(list(SHAPES.values()))
    names = list(SHAPES)
    pairs = set()
    for a, geom in SHAPES.items():
        for k in tree.query(geom):
            b = names[int(k)]
            if a < b and _border(a, b) > 0:
                pairs.add((a, b))
    return pairs


def _board_adjacency(board: Board) -> set[tuple[str, str]]:
    pairs = {_pair(a, b) for a, ns in board.army_adj.items() for b in ns}
    pairs |= {_pair(province_of(a), province_of(b))
              for a, ns in board.fleet_adj.items() for b in ns}
    return pairs


def _inside(area: str, xy: list[float]) -> bool:
    return SHAPES[area].contains(Point(xy))


# -- shapes ------------------------------------------------------------------------------

def test_gen_6_every_area_of_the_board_has_exactly_one_shape(board: Board) -> None:
    assert set(AREAS) == set(board.provinces)
    land = [a for a, e in AREAS.items() if e["type"] == "land"]
    sea = [a for a, e in AREAS.items() if e["type"] == "sea"]
    assert (len(land), len(sea)) == (70, 11)
    assert all(board.provinces[a].sea == (e["type"] == "sea") for a, e in AREAS.items())


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_shape_is_a_valid_closed_polygon(area: str) -> None:
    geo = AREAS[area]["shape"]
    polygons = geo["coordinates"] if geo["type"] == "MultiPolygon" else [geo["coordinates"]]
    assert geo["type"] == ("MultiPolygon" if area in MULTIPART else "Polygon")
    assert len(polygons) == MULTIPART.get(area, 1)
    for rings in polygons:
        for ring in rings:
            assert len(ring) >= 4 and ring[0] == ring[-1]  # closed
            assert LinearRing(ring).is_simple  # does not cross itself
    assert SHAPES[area].is_valid, shapely.is_valid_reason(SHAPES[area])


def test_the_shapes_cover_the_map_without_overlapping() -> None:
    width, height = GEOMETRY["coordinates"]["width"], GEOMETRY["coordinates"]["height"]
    for a, b in itertools.combinations(SHAPES, 2):
        if SHAPES[a].intersects(SHAPES[b]):
            assert SHAPES[a].intersection(SHAPES[b]).area == pytest.approx(0, abs=1e-6), (a, b)
    whole = shapely.union_all(list(SHAPES.values()))
    assert whole.area == pytest.approx(width * height)
    assert whole.equals(shapely.box(0, 0, width, height))


# -- borders -----------------------------------------------------------------------------

def test_two_areas_share_a_border_iff_the_board_makes_them_adjacent(board: Board) -> None:
    on_map, on_board = _map_borders(), _board_adjacency(board)
    assert on_map ^ on_board == set(EXCEPTIONS), (
        f"only on the map: {sorted(on_map - on_board)}; "
        f"only on the board: {sorted(on_board - on_map)}"
    )


def test_str_0a_piombino_includes_elba_and_the_channel_is_the_eastern_tyrrhenian_sea() -> None:
    mainland, elba = sorted(SHAPES["pio"].geoms, key=lambda p: -p.area)  # type: ignore[union-attr]
    assert elba.area < mainland.area / 3
    assert elba.distance(mainland) > 0  # the channel lies between them
    for sea in ("wts", "ets"):
        assert elba.boundary.intersection(SHAPES[sea].boundary).length > 0, sea
    # Pisa's coast reaches the channel: the strait Piombino controls (STR-A2)
    assert 0 < _border("psa", "ets") < 100
    assert _border("pio", "ets") > 0


def test_str_0b_the_strait_of_messina_is_a_short_border_of_the_gulf_and_the_ionian() -> None:
    assert 0 < _border("gon", "ion") < 100
    strait = SHAPES["gon"].boundary.intersection(SHAPES["ion"].boundary)
    assert strait.distance(SHAPES["mes"]) == 0 and strait.distance(SHAPES["otr"]) == 0


def test_map_ist_1_istria_touches_dalmatia() -> None:
    assert _border("ist", "dal") > 0


def test_ven_0_venice_is_an_island_in_the_lagoon() -> None:
    neighbours = {a for a in SHAPES if a != "ven" and _border("ven", a) > 0}
    assert neighbours == {"lag"}
    lagoon = SHAPES["lag"]
    assert isinstance(lagoon, Polygon) and len(lagoon.interiors) == 1
    assert Polygon(lagoon.interiors[0]).equals(SHAPES["ven"])


# -- points ------------------------------------------------------------------------------

@pytest.mark.parametrize("area", sorted(AREAS))
def test_label_unit_and_city_points_lie_inside_their_area(area: str) -> None:
    entry = AREAS[area]
    assert _inside(area, entry["label"])
    assert _inside(area, entry["unit"])
    if "city" in entry:
        assert _inside(area, entry["city"]["at"])
    for coast, xy in entry.get("coasts", {}).items():
        assert _inside(area, xy), coast


def test_the_cities_are_drawn_as_the_board_has_them(board: Board) -> None:
    drawn = {a for a, e in AREAS.items() if "city" in e}
    assert drawn == {a for a, p in board.provinces.items() if p.city}
    for area in sorted(drawn):
        city, on_board = AREAS[area]["city"], board.provinces[area].city
        assert on_board is not None
        assert (city["kind"], city["port"]) == (on_board.kind, on_board.port), area
        assert ("port_symbol" in city) == on_board.port, area
        # the map prints the income of the major cities; the others are worth 1 (0 a fortress)
        printed = city.get("income", 0 if city["kind"] == "fortress" else 1)
        assert printed == on_board.income, area


def test_map_cro_1_provinces_with_coasts_have_a_point_per_coast(board: Board) -> None:
    for area, entry in AREAS.items():
        assert set(entry.get("coasts", {})) == set(board.provinces[area].coasts), area
    assert {a for a, e in AREAS.items() if "coasts" in e} == {"cro", "pro"}


def test_texts_and_water_are_well_formed() -> None:
    for area, entry in AREAS.items():
        assert entry["text"], area
        for t in entry["text"]:
            assert set(t) <= {"s", "x", "y", "size", "rotate", "coast"}
    water = shape(GEOMETRY["water"])
    assert water.is_valid and water.area > 0
    assert water.contains(Point(AREAS["uas"]["unit"]))  # a sea's fleet is in the water
    assert not water.contains(Point(AREAS["flo"]["unit"]))


# -- file --------------------------------------------------------------------------------

def test_coordinates_are_svg_ready() -> None:
    coords = GEOMETRY["coordinates"]
    assert (coords["width"], coords["height"], coords["y_axis"]) == (2841, 3600, "down")
    # y down: Avignon (top left of the original) is near the top, Tunis near the bottom
    assert AREAS["avi"]["label"][1] < 300 < 2500 < AREAS["tun"]["label"][1]


def test_the_original_notice_is_kept_in_the_file_and_beside_it() -> None:
    notice = GEOMETRY["notice"]
    assert "Copyright 1991, Lowe." in notice
    assert "non-profit purposes" in notice and "due credit" in notice
    beside = " ".join(GEOMETRY_DIR.joinpath("NOTICE").read_text(encoding="utf-8").split())
    assert " ".join(notice.split()) in beside


def test_the_judge_never_imports_shapely() -> None:
    package = Path(machiavelli.__file__).parent
    importing = [str(p.relative_to(package)) for p in package.rglob("*.py")
                 if re.search(r"^\s*(import|from)\s+shapely", p.read_text(encoding="utf-8"),
                              re.M)]
    assert importing == []
