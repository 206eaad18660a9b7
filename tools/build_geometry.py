"""Build the classic map's geometry from nJudge's PostScript map (Lowe, 1991).

    python tools/build_geometry.py [PS_FILE] [OUT_JSON]      (or: make geometry)

Reads ``../shared/witnesses/njudge/data/machiavelli.ps`` (relative to the repository) and
writes ``src/machiavelli/data/geometry/classic.json``: one polygon (or multipolygon) per
area of the classic board, with a label point, the city marker, a unit point, a point per
coast where a province has several, and the original's texts.  A build tool only: it needs
shapely (the ``maps`` extra); the judge never imports it.

How: a small PostScript interpreter runs the map's drawing procedures and collects the
black strokes (coastline, islands, borders, sea borders; dotted sea borders too), the
city/port/fortress markers and the texts.  Border ends that stop just short of (or a bit
past) another line are snapped onto it, the line network is polygonized, and each face
goes to the area whose name is printed inside it (names resolved through the board's
aliases).  Faces without a name: islands inside one face join that face's area; the few
others are given by ``HINTS`` below.  Coordinates are turned to SVG's (y down).
"""

from __future__ import annotations

import json
import math
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, mapping
from shapely.ops import nearest_points, polylabel

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "src"))

from machiavelli.core.board import Board  # noqa: E402
from machiavelli.core.maps import load_board  # noqa: E402

PS_FILE = REPO.parent / "shared" / "witnesses" / "njudge" / "data" / "machiavelli.ps"
OUT_FILE = REPO / "src" / "machiavelli" / "data" / "geometry" / "classic.json"
NOTICE_FILE = OUT_FILE.parent / "NOTICE"

WIDTH, HEIGHT = 2841, 3600  # the PostScript's /xdot and /ydot
SNAP = 12.0  # a border end this close to another line is joined to it
SNAP_VERTEX = 3.0  # ... at that line's vertex when it is this little further than the line
SLIVER = 60.0  # an unnamed face smaller than this (square units) is a snapping artefact

# Times-Roman advance widths (Adobe AFM, 1/1000 em) for characters 32..126: text extents.
_TIMES = (
    "250 333 408 500 500 833 778 333 333 333 500 564 250 333 250 278 500 500 500 500 500 500 "
    "500 500 500 500 278 278 564 564 564 444 921 722 667 667 722 611 556 722 722 333 389 722 "
    "611 889 722 722 556 722 667 556 611 722 722 944 722 722 611 333 278 333 469 500 333 444 "
    "500 444 500 444 333 500 500 278 278 500 278 778 500 500 500 500 333 389 278 500 500 722 "
    "500 500 444 480 200 480 541"
)
TIMES_WIDTHS = [int(w) for w in _TIMES.split()]

# Printed texts that name no area: the title block.
NOT_LABELS = {
    "Machiavelli",
    "Copyright 1991, Lowe.",
    "Permission to copy for non-profit purposes granted.",
    "Machiavelli is a trademark of the Avalon Hill game Company,",
    "Baltimore, Maryland, all rights reserved.",
    "Revised Jul 23, 1991",
}
COAST_TEXTS = {"North Coast": "nc", "South Coast": "sc"}
# Names printed outside their area: "Venice" stands in the Lagoon, under the city's island.
LABEL_OUTSIDE = {"ven"}
# Unnamed faces, by a point inside them (PostScript coordinates, y up) -> area.
HINTS: list[tuple[float, float, str]] = [
    (2056, 2672, "ven"),  # the island of Venice (its "3" city box), inside the Lagoon
    (1200, 2300, "pio"),  # Elba: "the province includes the offshore island of Elba" (001)
    (1290, 2250, "ets"),  # the channel between Elba and Piombino, inside dotted lines: "the
    #                       straits in-between ... are part of the Eastern Tyrrhenian Sea"
    (2330, 2200, "dal"),  # the channel behind the Dalmatian islands, inside the dotted line
    #                       (with the islands, the "land bridge" from Istria, MAP-IST-1)
    (2425, 2400, "cro"),  # Croatia's waters off its south coast, cut off by a dotted line
]


# -- reading the PostScript --------------------------------------------------------------

@dataclass
class Text:
    text: str
    size: int
    angle: float  # degrees counter-clockwise (PostScript)
    x: float
    y: float

    def width(self) -> float:
        return sum(TIMES_WIDTHS[ord(c) - 32] for c in self.text) * self.size / 1000

    def _at(self, u: float, v: float) -> tuple[float, float]:
        a = math.radians(self.angle)
        return (self.x + u * math.cos(a) - v * math.sin(a),
                self.y + u * math.sin(a) + v * math.cos(a))

    def centre(self) -> tuple[float, float]:
        return self._at(self.width() / 2, self.size * 0.33)

    def outline(self) -> Polygon:
        """The text's box (baseline to cap height), PostScript coordinates."""
        w, h = self.width(), self.size * 0.68
        return Polygon([self._at(0, 0), self._at(w, 0), self._at(w, h), self._at(0, h)])


@dataclass
class Drawing:
    lines: list[tuple[list[tuple[int, int]], bool, bool]] = field(default_factory=list)
    markers: list[tuple[str, int, int, str]] = field(default_factory=list)  # kind, x, y, text
    texts: list[Text] = field(default_factory=list)
    notice: str = ""


_TOKEN = re.compile(r"\((?:[^()\\]|\\.)*\)|[\[\]{}]|[^\s\[\]{}()]+")


def read_ps(text: str) -> Drawing:
    """Run the map's procedures p0, p1, ... in order, as /map does."""
    bodies: dict[int, str] = {}
    for m in re.finditer(r"/p(\d+)\s*\{(.*?)\}\s*def", text, re.S):
        bodies[int(m.group(1))] = m.group(2)
    program = " ".join(bodies[i] for i in sorted(bodies))
    d = Drawing(notice=read_notice(text))
    stack: list[object] = []
    path: list[tuple[list[tuple[int, int]], bool]] = []  # subpaths (points, closed)
    gray, dash = 0.0, False
    saved: list[tuple[float, bool]] = []
    for tok in _TOKEN.findall(program):
        if tok.startswith("("):
            stack.append(tok[1:-1])
        elif re.fullmatch(r"-?\d+(\.\d+)?", tok):
            stack.append(float(tok) if "." in tok else int(tok))
        elif tok == "[":
            stack.append("[")
        elif tok == "]":
            i = len(stack) - 1 - stack[::-1].index("[")
            arr = stack[i + 1:]
            del stack[i:]
            stack.append(arr)
        elif tok == "m":
            y, x = stack.pop(), stack.pop()
            path.append(([(int(x), int(y))], False))  # type: ignore[call-overload]
        elif tok == "l":
            y, x = stack.pop(), stack.pop()
            path[-1][0].append((int(x), int(y)))  # type: ignore[call-overload]
        elif tok == "closepath":
            path[-1] = (path[-1][0], True)
        elif tok == "stroke":
            if gray == 0:  # white strokes only clear the coast under a name: no border
                d.lines += [(pts, closed, dash) for pts, closed in path if len(pts) > 1]
            path = []
        elif tok in ("fill", "tline", "fline", "wgray", "mgray"):
            pass  # fills sit inside gsave/grestore: the path is stroked afterwards
        elif tok == "gsave":
            saved.append((gray, dash))
        elif tok == "grestore":
            gray, dash = saved.pop()
        elif tok == "setgray":
            gray = float(stack.pop())  # type: ignore[arg-type]
        elif tok == "setdash":
            stack.pop()
            dash = bool(stack.pop())
        elif re.fullmatch(r"f\d+", tok):
            stack.append(int(tok[1:]))
        elif tok in ("cb", "cr", "cf", "cp"):
            y, x = stack.pop(), stack.pop()
            d.markers.append((tok, int(x), int(y), ""))  # type: ignore[call-overload]
        elif tok == "cn":
            y, x, s = stack.pop(), stack.pop(), stack.pop()
            d.markers.append((tok, int(x), int(y), str(s)))  # type: ignore[call-overload]
        elif tok == "s":
            y, x, angle, size, s = (stack.pop() for _ in range(5))
            d.texts.append(Text(str(s), int(size), float(angle), float(x), float(y)))  # type: ignore[arg-type]
        else:
            raise SystemExit(f"unknown PostScript word in the map: {tok!r}")
    if stack:
        raise SystemExit(f"values left on the PostScript stack: {stack[:5]}")
    return d


def read_notice(text: str) -> str:
    """The file's own notice: its comment lines from the copyright to the credit."""
    lines = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("%")]
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Copyright"))
    end = next(i for i, ln in enumerate(lines) if ln.endswith("authors."))
    paras: list[list[str]] = [[]]
    for ln in lines[start:end + 1]:
        if ln:
            paras[-1].append(ln)
        elif paras[-1]:
            paras.append([])
    return "\n\n".join(" ".join(p) for p in paras)


# -- lines to faces ----------------------------------------------------------------------

def snap_ends(lines: list[tuple[list[tuple[int, int]], bool]]) -> list[str]:
    """Join each loose end of a border to the nearest other line (in place)."""
    notes: list[str] = []
    for i, (pts, closed) in enumerate(lines):
        if closed:
            continue
        for end in (0, -1):
            p = pts[end]
            if p in (pts[1:] if end == 0 else pts[:-1]):
                continue  # the border closes on itself (Trent)
            best: tuple[float, int, int, tuple[float, float]] | None = None
            for j, (other, oclosed) in enumerate(lines):
                if j == i:
                    continue
                segs = list(zip(other, other[1:] + ([other[0]] if oclosed else []), strict=False))
                for k, (a, b) in enumerate(segs):
                    q, dist = _project(p, a, b)
                    if best is None or dist < best[0]:
                        best = (dist, j, k, q)
            if best is None or best[0] == 0 or best[0] > SNAP:
                if best is not None and best[0] > SNAP:
                    notes.append(f"loose end {p} ({best[0]:.1f} from the nearest line)")
                continue
            dist, j, k, q = best
            other = lines[j][0]
            vertex = min(other, key=lambda v: math.dist(p, v))
            if math.dist(p, vertex) <= dist + SNAP_VERTEX:
                target = vertex
            else:
                target = (round(q[0]), round(q[1]))
                if target not in other:
                    other.insert(k + 1, target)
            pts[end] = target
    return notes


def _project(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]
             ) -> tuple[tuple[float, float], float]:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    q = (ax + t * dx, ay + t * dy)
    return q, math.dist(p, q)


def faces_of(d: Drawing) -> tuple[list[Polygon], list[str]]:
    frame = [(0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT)]
    lines = [(list(pts), closed) for pts, closed, _dash in d.lines] + [(frame, True)]
    notes = snap_ends(lines)
    geoms = [LineString(pts + ([pts[0]] if closed else [])) for pts, closed in lines]
    noded = shapely.union_all(geoms)
    polys, cuts, dangles, invalid = shapely.polygonize_full([noded])
    if not shapely.is_empty(invalid) or not shapely.is_empty(cuts):
        notes.append(f"cut edges or invalid rings: {cuts} {invalid}")
    for g in getattr(dangles, "geoms", []):
        if g.length > 5:  # longer than an island's closing stub
            notes.append(f"dangling line of length {g.length:.1f} near {g.coords[0]}")
    return list(polys.geoms), notes


# -- names to areas ----------------------------------------------------------------------

@dataclass
class Label:
    area: str
    lines: list[Text]
    coast: str | None = None


def read_labels(texts: list[Text], board: Board) -> list[Label]:
    """Group the printed lines into names and resolve them with the board's aliases."""
    labels: list[Label] = []
    i = 0
    while i < len(texts):
        t = texts[i]
        if t.text in NOT_LABELS:
            i += 1
            continue
        if t.text in COAST_TEXTS:
            labels.append(Label("", [t], COAST_TEXTS[t.text]))
            i += 1
            continue
        for n in (1, 2, 3):
            group = texts[i:i + n]
            if len(group) < n or any(g.size != t.size for g in group):
                break
            name = " ".join(g.text for g in group).replace("- ", "")
            area = board.lookup(name) or board.lookup(name.removesuffix(" Sea"))
            if area:
                labels.append(Label(area, group))
                i += n
                break
        else:
            raise SystemExit(f"printed text names no area of the board: {t.text!r}")
    return labels


def assign(faces: list[Polygon], labels: list[Label], board: Board
           ) -> tuple[dict[str, Polygon | MultiPolygon], list[str]]:
    notes: list[str] = []
    owner: dict[int, str] = {}
    hints = [(Point(t.centre()), lb.area) for lb in labels if lb.area and
             lb.area not in LABEL_OUTSIDE for t in lb.lines]
    hints += [(Point(x, y), area) for x, y, area in HINTS]
    tree = shapely.STRtree(faces)
    for pt, area in hints:
        hits = [int(k) for k in tree.query(pt, predicate="within")]
        if len(hits) != 1:
            raise SystemExit(f"{area}: its point {pt} is in {len(hits)} faces")
        k = hits[0]
        if owner.get(k, area) != area:
            raise SystemExit(f"one face holds the names of {owner[k]} and {area}")
        owner[k] = area
    # unnamed faces: islands inside one face, then slivers next to a named face
    for _ in range(3):
        for k, f in enumerate(faces):
            if k in owner:
                continue
            around = [int(j) for j in tree.query(f, predicate="touches") if int(j) in owner]
            hole_of = [j for j in around if Polygon(faces[j].exterior).contains(f)]
            if hole_of:
                owner[k] = owner[hole_of[0]]
                notes.append(f"island at {_pt(f)} joins {owner[k]}")
            elif f.area < SLIVER and around:
                best = max(around, key=lambda j: f.boundary.intersection(faces[j].boundary).length)
                owner[k] = owner[best]
                notes.append(f"sliver of {f.area:.1f} at {_pt(f)} joins {owner[k]}")
    for k, f in enumerate(faces):
        if k not in owner:
            raise SystemExit(f"a face has no area: {f.area:.0f} square units at {_pt(f)}")
    areas: dict[str, Polygon | MultiPolygon] = {}
    for area in {a for a in owner.values()}:
        merged = shapely.union_all([faces[k] for k, a in owner.items() if a == area])
        areas[area] = merged
    missing = set(board.provinces) - set(areas)
    if missing:
        raise SystemExit(f"areas without a shape: {sorted(missing)}")
    return areas, notes


def _pt(g: Polygon) -> str:
    p = g.representative_point()
    return f"({p.x:.0f}, {p.y:.0f})"


# -- anchors -----------------------------------------------------------------------------

def inside_point(shape: Polygon | MultiPolygon, avoid: Polygon | MultiPolygon) -> Point:
    """A point well inside the shape's largest part, clear of ``avoid`` where it can be."""
    for region in (shape.difference(avoid), shape):
        parts = [g for g in getattr(region, "geoms", [region]) if isinstance(g, Polygon)]
        if parts and max(p.area for p in parts) > 300:
            return polylabel(max(parts, key=lambda p: p.area), tolerance=1.0)
    return shape.representative_point()


def water_of(d: Drawing) -> Polygon | MultiPolygon:
    """The original's water: the big grey polygon less the islands drawn in it."""
    rings = [Polygon(pts) for pts, closed, _ in d.lines if closed and len(pts) > 2]
    sea = max(rings, key=lambda r: r.area)
    islands = [r.buffer(0) for r in rings if r is not sea]
    return sea.buffer(0).difference(shapely.union_all(islands))


def read_cities(d: Drawing, areas: dict[str, Polygon | MultiPolygon]
                ) -> dict[str, dict[str, object]]:
    """City markers by area: fortified (square), unfortified (circle), fortress (hollow
    square), a major city's box with its printed income; a port's anchor goes to the
    nearest city."""
    kinds = {"cb": "fortified", "cn": "fortified", "cr": "unfortified", "cf": "fortress"}
    cities: dict[str, dict[str, object]] = {}
    for kind, x, y, s in d.markers:
        if kind == "cp":
            continue
        area = next((a for a, shp in areas.items() if shp.contains(Point(x, y))), None)
        if area is None or area in cities:
            raise SystemExit(f"city marker {kind} at ({x}, {y}): in no area or a second one")
        cities[area] = {"at": [x, y], "kind": kinds[kind], "port": False}
        if s:
            cities[area]["income"] = int(s)
    for kind, x, y, _s in d.markers:
        if kind == "cp":
            near = min(cities, key=lambda a: math.dist(cities[a]["at"], (x, y)))  # type: ignore[arg-type]
            if cities[near]["port"]:
                raise SystemExit(f"{near}: two port markers")
            cities[near]["port"] = True
            cities[near]["port_symbol"] = [x, y]
    return cities


def area_entry(area: str, shape: Polygon | MultiPolygon, board: Board, labels: list[Label],
               city: dict[str, object] | None, drawn: Polygon | MultiPolygon,
               water: Polygon | MultiPolygon) -> dict[str, object]:
    """One area's record (still in PostScript coordinates but for the shape)."""
    rounded = shapely.normalize(shapely.set_precision(shape, 0.1))
    if not rounded.is_valid:
        raise SystemExit(f"{area}: shape not valid after rounding")
    entry: dict[str, object] = {"type": "sea" if board.provinces[area].sea else "land",
                                "shape": _svg_geometry(mapping(rounded))}
    own = [t for lb in labels if lb.area == area and not lb.coast for t in lb.lines]
    centre = shapely.union_all([t.outline() for t in own]).centroid if own else None
    if centre is None or area in LABEL_OUTSIDE or not shape.contains(centre):
        centre = inside_point(shape, drawn)
    entry["label"] = _xy(centre)
    land = shape.difference(water) if not board.provinces[area].sea else shape
    entry["unit"] = _xy(inside_point(land if land.area > 300 else shape, drawn))
    if city:
        entry["city"] = {k: (_xy(Point(v)) if k in ("at", "port_symbol") else v)  # type: ignore[arg-type]
                         for k, v in city.items()}
    coast_labels = [lb for lb in labels if lb.area == area and lb.coast]
    if coast_labels:
        coastline = shape.difference(water).boundary.intersection(water.boundary)
        coasts: dict[str, object] = {}
        for lb in sorted(coast_labels, key=lambda lb: str(lb.coast)):
            centre = Point(lb.lines[0].centre())
            near = nearest_points(coastline, centre)[0]
            coasts[str(lb.coast)] = _xy(inside_point(shape.intersection(near.buffer(80)), drawn))
        entry["coasts"] = coasts
    entry["text"] = [_text(t, lb.coast) for lb in labels if lb.area == area for t in lb.lines]
    return entry


def _text(t: Text, coast: str | None) -> dict[str, object]:
    out: dict[str, object] = {"s": t.text, "x": _n(t.x), "y": _n(HEIGHT - t.y), "size": t.size}
    if t.angle:
        out["rotate"] = _n(-t.angle)
    if coast:
        out["coast"] = coast
    return out


def build(ps_path: Path) -> tuple[dict[str, object], list[str]]:
    board = load_board("classic")
    d = read_ps(ps_path.read_text(encoding="latin-1"))
    faces, notes = faces_of(d)
    labels = read_labels(d.texts, board)
    areas, more = assign(faces, labels, board)
    notes += more
    for lb in labels:
        if lb.coast:  # a coast's name belongs to the province it is printed in
            lb.area = next((a for a, shp in areas.items()
                            if shp.contains(Point(lb.lines[0].centre()))), "")
            if not lb.area:
                raise SystemExit(f"coast name {lb.lines[0].text!r} is in no area")
    cities = read_cities(d, areas)
    for area, p in board.provinces.items():
        if (p.city is None) != (area not in cities):
            raise SystemExit(f"{area}: the board and the map disagree on its city")
    # what a unit's point keeps clear of: every text, city marker and anchor
    drawn = shapely.union_all(
        [t.outline().buffer(6) for lb in labels for t in lb.lines]
        + [Point(c["at"]).buffer(30) for c in cities.values()]  # type: ignore[arg-type]
        + [Point(c["port_symbol"]).buffer(28) for c in cities.values() if c["port"]]  # type: ignore[arg-type]
    )
    water = water_of(d)
    out = {area: area_entry(area, areas[area], board, labels, cities.get(area), drawn, water)
           for area in sorted(areas)}
    geometry: dict[str, object] = {
        "map": "classic",
        "source": "nJudge data/machiavelli.ps: the Machiavelli map by Lowe, 1991 "
                  "(revised Jul 23, 1991)",
        "notice": d.notice,
        "coordinates": {
            "width": WIDTH,
            "height": HEIGHT,
            "y_axis": "down",
            "note": "SVG user units: origin at the top left, x to the right, y downward "
                    "(the PostScript original has y up: y = height - y_ps). Shapes are "
                    "GeoJSON-style geometry objects in these units; points are [x, y].",
        },
        "fields": {
            "shape": "the area: a Polygon, or a MultiPolygon for an area in several pieces "
                     "(Piombino with Elba)",
            "label": "a point inside the area for its name (the centre of the original's "
                     "name, where that lies inside)",
            "unit": "where an army or fleet in the area stands, clear of texts and markers",
            "city": "the city: 'at' its marker (a garrison stands there), its kind and port "
                    "as the original draws them, 'income' where the map prints it, "
                    "'port_symbol' where the anchor is drawn (often in the water)",
            "coasts": "a point per coast (nc, sc) of a province with several, for a fleet",
            "text": "the original's texts: s, x, y (baseline start), size (Times-Roman), "
                    "rotate (degrees, SVG sense), coast (the name of a coast)",
            "water": "the original's water (grey in the PostScript), for drawing: the "
                     "channel behind the Dalmatian islands and Croatia's south-coast waters "
                     "are water inside land areas",
        },
        "water": _svg_geometry(mapping(shapely.normalize(shapely.set_precision(water, 0.1)))),
        "areas": out,
    }
    return geometry, notes


def _n(v: float) -> float | int:
    r = round(v, 1)
    return int(r) if r == int(r) else r


def _xy(p: Point) -> list[float | int]:
    return [_n(p.x), _n(HEIGHT - p.y)]


def _svg_geometry(geo: dict[str, object]) -> dict[str, object]:
    """GeoJSON coordinates in SVG sense, rounded to 0.1."""

    def conv(c: object) -> object:
        if isinstance(c, tuple | list) and c and isinstance(c[0], int | float):
            return [_n(c[0]), _n(HEIGHT - c[1])]
        return [conv(x) for x in c]  # type: ignore[union-attr]

    return {"type": geo["type"], "coordinates": conv(geo["coordinates"])}


def write(geometry: dict[str, object], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    areas = geometry["areas"]
    head = {k: v for k, v in geometry.items() if k not in ("areas", "water")}
    parts = [json.dumps(head, indent=1, ensure_ascii=False)[:-2] + ",\n"
             + ' "water": ' + json.dumps(geometry["water"], separators=(",", ":")) + ","
             + '\n "areas": {']
    rows = [f'  "{a}": ' + json.dumps(e, separators=(",", ":"), ensure_ascii=False)
            for a, e in areas.items()]  # type: ignore[attr-defined]
    parts.append(",\n".join(rows))
    parts.append(" }\n}\n")
    out.write_text("\n".join(parts), encoding="utf-8")


NOTICE_HEAD = """\
The classic map's geometry (classic.json in this folder) is derived from the
PostScript map of Machiavelli shipped with nJudge (data/machiavelli.ps),
drawn by Lowe in 1991 (revised Jul 23, 1991).  Its notice, kept as its
licence asks:

"""


def main(argv: list[str]) -> int:
    ps = Path(argv[1]) if len(argv) > 1 else PS_FILE
    out = Path(argv[2]) if len(argv) > 2 else OUT_FILE
    geometry, notes = build(ps)
    for n in notes:
        print("note:", n)
    write(geometry, out)
    notice = "\n\n".join(textwrap.fill(p, 79) for p in str(geometry["notice"]).split("\n\n"))
    (out.parent / "NOTICE").write_text(NOTICE_HEAD + notice + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes, {len(geometry['areas'])} areas)")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
