"""The shapes of a map: one area per province, with label, unit, city and coast points.

A geometry file is package data, ``machiavelli/data/geometry/<board>.json`` (the
file's own ``fields`` entry says what each field means)::

    {"map": "classic", "kind": "schematic" (only for a drawn-from-the-graph map),
     "notice": "credit and licence of the source, if any",
     "coordinates": {"width": W, "height": H, "y_axis": "down"},
     "water": <GeoJSON Polygon or MultiPolygon>,          (optional)
     "areas": {"<province id>": {
         "type": "land" | "sea",
         "shape": <GeoJSON Polygon or MultiPolygon>,
         "label": [x, y], "unit": [x, y],
         "city": {"at": [x, y], "kind": ..., "port": ..., "port_symbol": [x, y]},
         "coasts": {"nc": [x, y], ...},
         "text": [{"s": "Gulf of", "x": .., "y": .., "size": .., "rotate": ..}, ...]}}}

Coordinates are SVG's (y grows downwards).  ``city`` only where the province has
a city; ``text`` (the original's words, baseline start, in Times-Roman) where the
map was drawn by hand, else the name is written at ``label``.  The classic map's
file is built from nJudge's PostScript map (``tools/build_geometry.py``); the other
maps' are schematic, drawn from their adjacency graph (``tools/schematic_maps.py``).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import statistics
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from machiavelli.core.board import Board, province_of
from machiavelli.core.high_seas import HIGH_SEAS

Point = tuple[float, float]
Ring = tuple[Point, ...]


class GeometryError(Exception):
    """A geometry file is missing or wrong: the message names it and the problem."""


@dataclass(frozen=True)
class Words:
    """One of the original map's texts: baseline start, size, rotation (degrees)."""

    s: str
    x: float
    y: float
    size: float
    rotate: float = 0.0
    coast: str | None = None


@dataclass(frozen=True)
class AreaShape:
    id: str
    rings: tuple[Ring, ...]
    label: Point
    unit: Point
    city: Point | None = None
    port_symbol: Point | None = None
    coasts: dict[str, Point] = field(default_factory=dict)
    words: tuple[Words, ...] = ()


@dataclass(frozen=True)
class MapGeometry:
    name: str
    width: float
    height: float
    areas: dict[str, AreaShape]
    schematic: bool = False
    notice: str = ""
    water: tuple[Ring, ...] = ()

    @functools.cached_property
    def unit_size(self) -> float:
        """The width of a unit's token: a quarter of a typical area's breadth."""
        sizes = sorted(math.sqrt(max(ring_area(max(a.rings, key=ring_area)), 1.0))
                       for a in self.areas.values() if a.rings)
        return round(0.25 * statistics.median(sizes), 1) if sizes else 20.0


def ring_area(ring: Ring) -> float:
    pairs = zip(ring, ring[1:] + ring[:1], strict=True)
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in pairs)) / 2


def _point(value: Any, where: str) -> Point:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) for v in value)):
        raise GeometryError(f"{where}: not a point [x, y]: {value!r}")
    return (float(value[0]), float(value[1]))


def _ring(points: Any, where: str) -> Ring:
    if not isinstance(points, list):
        raise GeometryError(f"{where}: not a ring of points")
    ring = tuple(_point(p, where) for p in points)
    return ring[:-1] if len(ring) > 1 and ring[0] == ring[-1] else ring  # closing point


def _rings(shape: Any, where: str) -> tuple[Ring, ...]:
    """Every ring (outlines and holes) of a GeoJSON Polygon or MultiPolygon."""
    if not isinstance(shape, dict) or shape.get("type") not in ("Polygon", "MultiPolygon"):
        raise GeometryError(f"{where}: not a GeoJSON Polygon or MultiPolygon")
    polygons = shape["coordinates"] if shape["type"] == "MultiPolygon" else [shape["coordinates"]]
    return tuple(_ring(ring, where) for polygon in polygons for ring in polygon if ring)


def _area(pid: str, entry: Any, where: str) -> AreaShape:
    if not isinstance(entry, dict) or "shape" not in entry or "label" not in entry:
        raise GeometryError(f"{where}: an area needs a shape and a label")
    label = _point(entry["label"], where + ".label")
    city = entry.get("city")
    words = tuple(
        Words(str(w["s"]), float(w["x"]), float(w["y"]), float(w["size"]),
              float(w.get("rotate", 0.0)), w.get("coast"))
        for w in entry.get("text", [])
    )
    return AreaShape(
        id=pid,
        rings=_rings(entry["shape"], where + ".shape"),
        label=label,
        unit=_point(entry["unit"], where + ".unit") if "unit" in entry else label,
        city=_point(city["at"], where + ".city") if city else None,
        port_symbol=(_point(city["port_symbol"], where + ".city.port_symbol")
                     if city and "port_symbol" in city else None),
        coasts={c: _point(p, f"{where}.coasts.{c}")
                for c, p in entry.get("coasts", {}).items()},
        words=words,
    )


def parse_geometry(data: Any, source: str) -> MapGeometry:
    if not isinstance(data, dict) or not isinstance(data.get("areas"), dict):
        raise GeometryError(f"{source}: no areas")
    size = data.get("coordinates", {})
    try:
        width, height = float(size["width"]), float(size["height"])
    except (KeyError, TypeError, ValueError):
        raise GeometryError(f"{source}: coordinates: no width and height") from None
    if size.get("y_axis", "down") != "down":
        raise GeometryError(f"{source}: coordinates: y must grow downwards")
    return MapGeometry(
        name=str(data.get("map", "")),
        width=width,
        height=height,
        areas={pid: _area(pid, e, f"{source}: areas.{pid}") for pid, e in data["areas"].items()},
        schematic=data.get("kind") == "schematic",
        notice=str(data.get("notice", "")),
        water=_rings(data["water"], f"{source}: water") if data.get("water") else (),
    )


@functools.cache
def load_geometry(name: str, path: str | None = None) -> MapGeometry:
    """The geometry shipped for board ``name`` (or read from ``path``), cached."""
    if path is not None:
        text = Path(path).read_text(encoding="utf-8")
        source = path
    else:
        res = resources.files("machiavelli").joinpath("data", "geometry", f"{name}.json")
        if not res.is_file():
            raise GeometryError(f"{name}.json: no geometry for the map {name!r}")
        text = res.read_text(encoding="utf-8")
        source = f"{name}.json"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise GeometryError(f"{source}: not JSON ({err})") from None
    return parse_geometry(data, source)


def geometry_for(board: Board) -> MapGeometry:
    """The geometry of the board's map, with the High Seas' box when the board has them."""
    geo = load_geometry(board.name)
    if HIGH_SEAS in board.provinces and HIGH_SEAS not in geo.areas:
        return _high_seas_geometry(geo)
    return geo


#: the geometries with the High Seas' box added, by map name (a map's geometry is loaded
#: once: see load_geometry)
_WITH_HIGH_SEAS: dict[str, MapGeometry] = {}


def _high_seas_geometry(geo: MapGeometry) -> MapGeometry:
    """Seed 003's High Seas (BAR-14.3) on any map: a box in the map's bottom-left corner
    (open sea on the classic map), eight units wide, its name at the top, its fleets
    side by side along the middle (:func:`high_seas_points`)."""
    found = _WITH_HIGH_SEAS.get(geo.name)
    if found is not None:
        return found
    s = geo.unit_size
    w, h = 8 * s, 3.5 * s
    x0, y0 = round(0.015 * geo.width, 1), round(geo.height - h - 0.01 * geo.height, 1)
    ring: Ring = ((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h))
    box = AreaShape(id=HIGH_SEAS, rings=(ring,), label=(x0 + w / 2, y0 + 0.8 * s),
                    unit=(x0 + w / 2, y0 + 2.2 * s))
    made = dataclasses.replace(geo, areas={**geo.areas, HIGH_SEAS: box})
    _WITH_HIGH_SEAS[geo.name] = made
    return made


def high_seas_points(geo: MapGeometry, count: int) -> list[Point]:
    """Where ``count`` fleets on the High Seas stand: side by side in its box, from the
    middle out (a row as wide as the box holds, then overlapping)."""
    x, y = geo.areas[HIGH_SEAS].unit
    s = geo.unit_size
    step = min(1.1 * s, 7 * s / max(count - 1, 1))
    return [(x + (k - (count - 1) / 2) * step, y) for k in range(count)]


# -- anchors ------------------------------------------------------------------------------


def coast_point(board: Board, geometry: MapGeometry, location: str) -> Point:
    """Where a fleet stands: the unit point, moved towards the seas a coast touches."""
    province = province_of(location)
    shape = geometry.areas[province]
    if location == province:
        return shape.unit
    coast = location.split("/", 1)[1]
    if coast in shape.coasts:
        return shape.coasts[coast]
    seas = [geometry.areas[province_of(t)].label
            for t in sorted(board.fleet_adj.get(location, ()))
            if province_of(t) in geometry.areas]
    if not seas:
        return shape.unit
    sx = sum(p[0] for p in seas) / len(seas)
    sy = sum(p[1] for p in seas) / len(seas)
    ux, uy = shape.unit
    gap = math.dist((ux, uy), (sx, sy)) or 1.0
    step = min(1.4 * geometry.unit_size, 0.45 * gap)
    return (ux + (sx - ux) * step / gap, uy + (sy - uy) * step / gap)


def city_point(geometry: MapGeometry, province: str) -> Point:
    shape = geometry.areas[province]
    if shape.city is not None:
        return shape.city
    s = geometry.unit_size
    return (shape.unit[0] + 1.2 * s, shape.unit[1])
