"""Build tool: schematic geometry for the maps that have no drawn one.

    python tools/schematic_maps.py [MAP ...]      (``make schematic-maps``)

writes ``src/machiavelli/data/geometry/<map>.json`` for every board that has no
drawn geometry (the classic map's comes from nJudge's PostScript map).  Pure
Python and deterministic: the same board gives the same file, byte for byte.

How a map is drawn from its adjacency graph alone:

1. the graph: army and fleet adjacency between provinces, plus a few layout
   hints for spaces that have no adjacency (Switzerland is impassable);
2. the layout: stress majorization (SMACOF) of the graph distances, started
   from a seeded random placement, the best of a few seeds, and turned upright;
   a map whose provinces are nearly all the classic map's (Machiavelli 2's) starts
   from the classic map's label points instead and is turned to match them, so
   that it looks like Italy; then a gentle spreading so that no two points crowd
   each other;
3. the shapes: each province's Voronoi cell among the layout's points, clipped
   to a disc around its point (so the map's edge is round, not a box);
4. the anchors: the label above the point, the army or fleet on it, the city
   beside it.

The file has the format of the classic map's (see :mod:`machiavelli.render.geometry`),
with ``"kind": "schematic"``, and no original texts: names are written at ``label``.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from machiavelli.core.board import Board  # noqa: E402
from machiavelli.core.maps import load_board  # noqa: E402

OUT = ROOT / "src" / "machiavelli" / "data" / "geometry"
SCHEMATIC = ("machiavelli2", "machfive", "dipmach", "standard")
EDGE = 100.0  # the length of an edge in the layout, in map units
SEEDS = (1, 2, 3, 4)
# spaces without adjacency (impassable) are placed beside their real neighbours
LAYOUT_HINTS = {
    "standard": [("swi", p) for p in ("mar", "bur", "mun", "tyr", "pie")],
    "dipmach": [("swi", p) for p in ("mar", "bur", "mun", "tyr", "pie")],
}

Point = tuple[float, float]


def graph(board: Board) -> dict[str, set[str]]:
    """Province -> neighbouring provinces (armies' and fleets' moves, and the hints)."""
    edges: dict[str, set[str]] = {p: set() for p in sorted(board.provinces)}
    for a, targets in board.army_adj.items():
        edges[a].update(targets)
    for loc, targets in board.fleet_adj.items():
        a = loc.split("/")[0]
        for t in targets:
            edges[a].add(t.split("/")[0])
    for a, b in LAYOUT_HINTS.get(board.name, []):
        if a in edges and b in edges:
            edges[a].add(b)
            edges[b].add(a)
    for a in edges:
        edges[a].discard(a)
        for b in edges[a]:
            edges[b].add(a)
    return edges


def distances(edges: dict[str, set[str]]) -> dict[str, dict[str, int]]:
    """Graph distances by breadth-first search (unreached pairs: one more than the longest)."""
    found: dict[str, dict[str, int]] = {}
    for start in edges:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            v = queue.popleft()
            for w in sorted(edges[v]):
                if w not in seen:
                    seen[w] = seen[v] + 1
                    queue.append(w)
        found[start] = seen
    longest = max(max(d.values()) for d in found.values()) + 1
    return {a: {b: found[a].get(b, longest) for b in edges} for a in edges}


def stress(pos: dict[str, Point], dist: dict[str, dict[str, int]]) -> float:
    names = sorted(pos)
    total = 0.0
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            d = dist[a][b] * EDGE
            gap = math.dist(pos[a], pos[b]) - d
            total += gap * gap / (d * d)
    return total


def smacof(dist: dict[str, dict[str, int]], seed: int, rounds: int = 300,
           start: dict[str, Point] | None = None) -> dict[str, Point]:
    """Stress majorization with weights 1/d^2 (Gansner, Koren and North).

    From ``start`` where given, the other points at seeded random places near it.
    """
    names = sorted(dist)
    rng = random.Random(seed)
    n = len(names)
    scale = EDGE * math.sqrt(n)
    start = start or {}
    x = [start[a][0] if a in start else rng.uniform(-scale, scale) for a in names]
    y = [start[a][1] if a in start else rng.uniform(-scale, scale) for a in names]
    d = [[dist[a][b] * EDGE for b in names] for a in names]
    w = [[0.0 if i == j else 1.0 / (d[i][j] * d[i][j]) for j in range(n)] for i in range(n)]
    wsum = [sum(row) for row in w]
    for _ in range(rounds):
        nx, ny = [0.0] * n, [0.0] * n
        for i in range(n):
            sx = sy = 0.0
            xi, yi = x[i], y[i]
            for j in range(n):
                if i == j:
                    continue
                dx, dy = xi - x[j], yi - y[j]
                norm = math.hypot(dx, dy) or 1e-9
                wij = w[i][j]
                sx += wij * (x[j] + d[i][j] * dx / norm)
                sy += wij * (y[j] + d[i][j] * dy / norm)
            nx[i], ny[i] = sx / wsum[i], sy / wsum[i]
        x, y = nx, ny
    return {a: (x[i], y[i]) for i, a in enumerate(names)}


def spread(pos: dict[str, Point], rounds: int = 60) -> dict[str, Point]:
    """Push apart points closer than 0.8 of an edge (Gauss-Seidel, in name order)."""
    names = sorted(pos)
    p = {a: list(pos[a]) for a in names}
    least = 0.8 * EDGE
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                dx, dy = p[b][0] - p[a][0], p[b][1] - p[a][1]
                gap = math.hypot(dx, dy)
                if gap < least:
                    if gap < 1e-6:
                        dx, dy, gap = 1.0, 0.0, 1.0
                    push = (least - gap) / 2 / gap
                    p[a][0] -= dx * push
                    p[a][1] -= dy * push
                    p[b][0] += dx * push
                    p[b][1] += dy * push
                    moved = True
        if not moved:
            break
    return {a: (p[a][0], p[a][1]) for a in names}


def upright(pos: dict[str, Point]) -> dict[str, Point]:
    """Turn the layout so that its long axis is vertical (principal axes), then shift to 0."""
    names = sorted(pos)
    mx = sum(pos[a][0] for a in names) / len(names)
    my = sum(pos[a][1] for a in names) / len(names)
    sxx = sum((pos[a][0] - mx) ** 2 for a in names)
    syy = sum((pos[a][1] - my) ** 2 for a in names)
    sxy = sum((pos[a][0] - mx) * (pos[a][1] - my) for a in names)
    angle = 0.5 * math.atan2(2 * sxy, sxx - syy)  # the long axis' direction
    turn = math.pi / 2 - angle
    c, s = math.cos(turn), math.sin(turn)
    return {
        a: ((pos[a][0] - mx) * c - (pos[a][1] - my) * s,
            (pos[a][0] - mx) * s + (pos[a][1] - my) * c)
        for a in names
    }


def reference(board: Board, edges: dict[str, set[str]]) -> dict[str, Point]:
    """The classic map's label points of this board's provinces, scaled to the layout's
    edge, if nearly all of its provinces are the classic map's; else nothing."""
    path = OUT / "classic.json"
    if board.name == "classic" or not path.is_file():
        return {}
    labels = {pid: tuple(a["label"]) for pid, a in json.loads(path.read_text())["areas"].items()}
    shared = {pid: (float(p[0]), float(p[1])) for pid, p in labels.items() if pid in edges}
    if len(shared) < 0.8 * len(edges):
        return {}
    lengths = sorted(math.dist(shared[a], shared[b]) for a in shared for b in edges[a]
                     if b in shared)
    k = EDGE / lengths[len(lengths) // 2]
    return {pid: (p[0] * k, p[1] * k) for pid, p in shared.items()}


def align(pos: dict[str, Point], ref: dict[str, Point]) -> dict[str, Point]:
    """``pos`` turned (and mirrored if that fits better) to match ``ref`` (Procrustes)."""
    common = sorted(set(pos) & set(ref))
    px = sum(pos[a][0] for a in common) / len(common)
    py = sum(pos[a][1] for a in common) / len(common)
    rx = sum(ref[a][0] for a in common) / len(common)
    ry = sum(ref[a][1] for a in common) / len(common)
    best: tuple[float, float, float] | None = None  # (score, angle, mirror)
    for mirror in (1.0, -1.0):
        sxx = sum((pos[a][0] - px) * (ref[a][0] - rx) for a in common)
        syy = sum(mirror * (pos[a][1] - py) * (ref[a][1] - ry) for a in common)
        sxy = sum((pos[a][0] - px) * (ref[a][1] - ry) for a in common)
        syx = sum(mirror * (pos[a][1] - py) * (ref[a][0] - rx) for a in common)
        angle = math.atan2(sxy - syx, sxx + syy)
        score = (sxx + syy) * math.cos(angle) + (sxy - syx) * math.sin(angle)
        if best is None or score > best[0]:
            best = (score, angle, mirror)
    assert best is not None
    _, angle, mirror = best
    c, s = math.cos(angle), math.sin(angle)
    out = {}
    for a, (x, y) in pos.items():
        dx, dy = x - px, mirror * (y - py)
        out[a] = (dx * c - dy * s, dx * s + dy * c)
    return out


def layout(board: Board) -> dict[str, Point]:
    edges = graph(board)
    dist = distances(edges)
    ref = reference(board, edges)
    if ref:
        return align(spread(smacof(dist, SEEDS[0], start=ref)), ref)
    best = min((smacof(dist, seed) for seed in SEEDS), key=lambda p: stress(p, dist))
    return upright(spread(best))


# -- shapes ------------------------------------------------------------------------------


def clip(polygon: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman)."""
    out: list[Point] = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def cell(name: str, pos: dict[str, Point], radius: float, sides: int = 28) -> list[Point]:
    """The Voronoi cell of ``name`` clipped to a polygonal disc of ``radius``."""
    cx, cy = pos[name]
    polygon = [
        (cx + radius * math.cos(2 * math.pi * k / sides),
         cy + radius * math.sin(2 * math.pi * k / sides))
        for k in range(sides)
    ]
    for other in sorted(pos):
        if other == name:
            continue
        ox, oy = pos[other]
        if math.dist((cx, cy), (ox, oy)) > 2 * radius:
            continue
        # points nearer to name than to other: (o - p) . x <= (|o|^2 - |p|^2) / 2
        a, b = ox - cx, oy - cy
        c = (ox * ox + oy * oy - cx * cx - cy * cy) / 2
        polygon = clip(polygon, a, b, c)
    return polygon


def inner_radius(point: Point, polygon: list[Point]) -> float:
    """The distance from ``point`` to the nearest edge of ``polygon``."""
    best = math.inf
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        dx, dy = q[0] - p[0], q[1] - p[1]
        length2 = dx * dx + dy * dy or 1e-9
        t = max(0.0, min(1.0, ((point[0] - p[0]) * dx + (point[1] - p[1]) * dy) / length2))
        best = min(best, math.dist(point, (p[0] + t * dx, p[1] + t * dy)))
    return best


def geometry(board: Board) -> dict[str, object]:
    pos = layout(board)
    margin = EDGE * 0.9
    radius = EDGE * 0.95
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    dx, dy = margin - min(xs), margin - min(ys)
    pos = {a: (x + dx, y + dy) for a, (x, y) in pos.items()}
    width = max(xs) - min(xs) + 2 * margin
    height = max(ys) - min(ys) + 2 * margin
    areas: dict[str, object] = {}
    for name in sorted(pos):
        polygon = cell(name, pos, radius)
        x, y = pos[name]
        r = inner_radius((x, y), polygon)
        prov = board.provinces[name]
        unit = (x - 0.22 * r, y + 0.15 * r)
        area: dict[str, object] = {
            "type": "sea" if prov.sea else "land",
            "shape": {"type": "Polygon", "coordinates": [[_pt(p) for p in [*polygon, polygon[0]]]]},
            "label": _pt((x, y - 0.5 * r)),
            "unit": _pt(unit),
        }
        if prov.city is not None:
            area["city"] = {"at": _pt((x + 0.42 * r, y + 0.2 * r)), "kind": prov.city.kind,
                            "port": prov.city.port}
        if prov.coasts:
            area["coasts"] = {c: _pt(_toward_seas(board, pos, f"{name}/{c}", unit, 0.55 * r))
                              for c in prov.coasts}
        areas[name] = area
    return {
        "map": board.name,
        "kind": "schematic",
        "source": "drawn by tools/schematic_maps.py from the map's adjacency graph",
        "coordinates": {"width": round(width, 1), "height": round(height, 1), "y_axis": "down"},
        "areas": areas,
    }


def _toward_seas(board: Board, pos: dict[str, Point], location: str, start: Point,
                 step: float) -> Point:
    """A coast's point: from the unit point towards the seas that coast touches."""
    seas = [pos[t.split("/")[0]] for t in sorted(board.fleet_adj.get(location, ()))]
    if not seas:
        return start
    sx, sy = sum(p[0] for p in seas) / len(seas), sum(p[1] for p in seas) / len(seas)
    gap = math.dist(start, (sx, sy)) or 1.0
    return (start[0] + (sx - start[0]) * step / gap, start[1] + (sy - start[1]) * step / gap)


def _pt(p: Point) -> list[float]:
    return [round(p[0], 1), round(p[1], 1)]


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names or SCHEMATIC:
        data = geometry(load_board(name))
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{path.relative_to(ROOT)}: {len(data['areas'])} areas")  # type: ignore[arg-type]


if __name__ == "__main__":
    main(sys.argv[1:])
