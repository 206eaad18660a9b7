"""Debug view of a geometry file: an SVG of the areas, their ids and anchor points.

    python tools/render_geometry.py [GEOMETRY_JSON] [OUT_SVG]

Defaults: the package's classic.json, /tmp/classic_geometry.svg.  Areas get a colour each
(seas blue-grey); ids at the label points; red dot = unit, black square = city (hollow:
fortress), blue ring = port symbol, green dots = coasts; the original's water dashed
blue.  Turn it into a PNG with any SVG
tool (rsvg-convert, cairosvg).  Throw-away: no dependency beyond the standard library.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO / "src" / "machiavelli" / "data" / "geometry" / "classic.json"


def path_d(shape: dict) -> str:
    polys = shape["coordinates"] if shape["type"] == "MultiPolygon" else [shape["coordinates"]]
    out = []
    for poly in polys:
        for ring in poly:
            out.append("M" + "L".join(f"{x} {y}" for x, y in ring) + "Z")
    return "".join(out)


def colour(i: int, sea: bool) -> str:
    if sea:
        return f"hsl(205,{25 + (i * 17) % 30}%,{78 + (i * 7) % 12}%)"
    return f"hsl({(i * 47) % 360},55%,{72 + (i * 5) % 14}%)"


def render(geo: dict) -> str:
    w, h = geo["coordinates"]["width"], geo["coordinates"]["height"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
             f'width="{w // 2}" height="{h // 2}">',
             f'<rect width="{w}" height="{h}" fill="white"/>']
    for i, (aid, a) in enumerate(sorted(geo["areas"].items())):
        parts.append(f'<path d="{path_d(a["shape"])}" fill="{colour(i, a["type"] == "sea")}" '
                     f'fill-rule="evenodd" stroke="black" stroke-width="2">'
                     f'<title>{aid}</title></path>')
    if "water" in geo:  # the original's coastline, over the areas
        parts.append(f'<path d="{path_d(geo["water"])}" fill="#3060c0" fill-opacity="0.12" '
                     f'fill-rule="evenodd" stroke="#3060c0" stroke-width="3" '
                     f'stroke-dasharray="12 6"/>')
    for aid, a in geo["areas"].items():
        for t in a["text"]:
            rot = f' transform="rotate({t["rotate"]} {t["x"]} {t["y"]})"' if "rotate" in t else ""
            parts.append(f'<text x="{t["x"]}" y="{t["y"]}" font-family="Times" '
                         f'font-size="{t["size"]}" fill="#555"{rot}>{t["s"]}</text>')
        x, y = a["label"]
        parts.append(f'<text x="{x}" y="{y}" font-size="34" font-family="sans-serif" '
                     f'font-weight="bold" text-anchor="middle" dominant-baseline="middle" '
                     f'fill="black">{aid}</text>')
        ux, uy = a["unit"]
        parts.append(f'<circle cx="{ux}" cy="{uy}" r="12" fill="red"/>')
        if "city" in a:
            cx, cy = a["city"]["at"]
            fill = "none" if a["city"]["kind"] == "fortress" else "black"
            parts.append(f'<rect x="{cx - 10}" y="{cy - 10}" width="20" height="20" '
                         f'fill="{fill}" stroke="black" stroke-width="3"/>')
            if "port_symbol" in a["city"]:
                px, py = a["city"]["port_symbol"]
                parts.append(f'<circle cx="{px}" cy="{py}" r="10" fill="none" stroke="blue" '
                             f'stroke-width="4"/>')
        for coast, (x, y) in a.get("coasts", {}).items():
            parts.append(f'<circle cx="{x}" cy="{y}" r="10" fill="green"/>'
                         f'<text x="{x + 14}" y="{y}" font-size="24" fill="green">{coast}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else DEFAULT
    out = Path(argv[2]) if len(argv) > 2 else Path("/tmp/classic_geometry.svg")
    out.write_text(render(json.loads(src.read_text(encoding="utf-8"))), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
