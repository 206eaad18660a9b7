"""The small pictures: unit tokens, city markers, badges, crosses and bars.

Every function takes the centre point and ``s``, the map's unit size, and returns
SVG text; the legend draws the same pictures as the map.
"""

from __future__ import annotations

from machiavelli.render.colours import AUTONOMOUS, FAIL, INK, ink_on
from machiavelli.render.svg import Point, num, tag, text

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SPECIAL_LETTERS = {"militia": "M", "elite_mercenary": "E", "elite_professional": "P"}
SPECIAL_NAMES = {"militia": "militia", "elite_mercenary": "elite mercenary",
                 "elite_professional": "elite professional"}


def _d(points: list[Point], at: Point, s: float) -> str:
    """Path data of a polygon given in units of ``s`` around ``at``."""
    x, y = at
    return "M" + "L".join(f"{num(x + px * s)} {num(y + py * s)}" for px, py in points) + "Z"


ARMY = [(-0.55, -0.38), (0.55, -0.38), (0.55, 0.38), (-0.55, 0.38)]
FLEET = [(-0.62, -0.3), (0.62, -0.3), (0.38, 0.36), (-0.38, 0.36)]
GARRISON = [(-0.4, -0.42), (-0.24, -0.42), (-0.24, -0.28), (-0.08, -0.28), (-0.08, -0.42),
            (0.08, -0.42), (0.08, -0.28), (0.24, -0.28), (0.24, -0.42), (0.4, -0.42),
            (0.4, 0.4), (-0.4, 0.4)]
SHAPES = {"A": ARMY, "F": FLEET, "G": GARRISON}


def unit_token(kind: str, at: Point, s: float, colour: str | None, special: str | None = None,
               outline: str = INK, dashed: bool = False) -> str:
    """A unit: army a box, fleet a hull, garrison a tower, with its letter; autonomous grey.

    Special units carry a badge with their letter; the elite units (strength 2) a
    double outline.
    """
    fill = colour or AUTONOMOUS
    x, y = at
    parts = []
    if special in ("elite_mercenary", "elite_professional"):
        parts.append(tag("path", d=_d(SHAPES[kind], at, s * 1.25), fill="#FFFFFF",
                         stroke=outline, stroke_width=s * 0.06))
    parts.append(tag("path", d=_d(SHAPES[kind], at, s), fill=fill, stroke=outline,
                     stroke_width=s * 0.07, stroke_linejoin="round",
                     stroke_dasharray=f"{num(s * 0.15)} {num(s * 0.1)}" if dashed else None,
                     fill_opacity=0.45 if dashed else None))
    dy = 0.05 if kind == "G" else 0.0
    parts.append(tag("text", text(kind), x=x, y=y + (0.19 + dy) * s, font_size=s * 0.52,
                     font_weight="bold", text_anchor="middle", fill=ink_on(fill)))
    if special is not None:
        parts.append(badge(SPECIAL_LETTERS.get(special, "?"), (x + 0.55 * s, y - 0.42 * s),
                           s * 0.62, "#FFFFFF", INK))
    return "".join(parts)


def badge(letter: str, at: Point, size: float, fill: str, ink: str) -> str:
    """A round badge with one sign in it (rebellion +, famine %, special units...)."""
    x, y = at
    return (tag("circle", cx=x, cy=y, r=size / 2, fill=fill, stroke=ink,
                stroke_width=size * 0.08)
            + tag("text", text(letter), x=x, y=y + size * 0.3, font_size=size * 0.78,
                  font_weight="bold", text_anchor="middle", fill=ink))


def city_marker(kind: str, at: Point, s: float, owner_colour: str | None, port: bool,
                port_at: Point | None = None) -> str:
    """Unfortified city a disc, fortified city a square, fortress a castle; ports an anchor."""
    x, y = at
    c = s * 0.46
    fill = owner_colour or "#FFFFFF"
    w = s * 0.07
    if kind == "unfortified":
        mark = tag("circle", cx=x, cy=y, r=c / 2, fill=fill, stroke=INK, stroke_width=w)
    elif kind == "fortified":
        mark = tag("rect", x=x - c / 2, y=y - c / 2, width=c, height=c, fill=fill, stroke=INK,
                   stroke_width=w)
    else:
        mark = (tag("rect", x=x - c * 0.65, y=y - c * 0.65, width=c * 1.3, height=c * 1.3,
                    fill="#FFFFFF", stroke=INK, stroke_width=w * 1.6)
                + tag("rect", x=x - c * 0.3, y=y - c * 0.3, width=c * 0.6, height=c * 0.6,
                      fill=fill, stroke=INK, stroke_width=w))
    if port:
        mark += anchor_sign(port_at or (x - c * 1.35, y), c)
    return mark


def anchor_sign(at: Point, c: float) -> str:
    """A small anchor: ring, shank, stock and the curved arms."""
    x, y = at
    w = c * 0.16
    d = (f"M{num(x)} {num(y - c * 0.35)}V{num(y + c * 0.5)}"
         f"M{num(x - c * 0.28)} {num(y - c * 0.15)}H{num(x + c * 0.28)}"
         f"M{num(x - c * 0.45)} {num(y + c * 0.15)}"
         f"Q{num(x - c * 0.4)} {num(y + c * 0.55)} {num(x)} {num(y + c * 0.5)}"
         f"Q{num(x + c * 0.4)} {num(y + c * 0.55)} {num(x + c * 0.45)} {num(y + c * 0.15)}")
    return (tag("circle", cx=x, cy=y - c * 0.5, r=c * 0.15, fill="none", stroke=INK,
                stroke_width=w)
            + tag("path", d=d, fill="none", stroke=INK, stroke_width=w,
                  stroke_linecap="round"))


def cross(at: Point, size: float, colour: str = FAIL) -> str:
    """A bold X (failed, cut, dislodged, removed), white-edged so it shows on anything."""
    x, y = at
    h = size / 2
    d = (f"M{num(x - h)} {num(y - h)}L{num(x + h)} {num(y + h)}"
         f"M{num(x - h)} {num(y + h)}L{num(x + h)} {num(y - h)}")
    return (tag("path", d=d, stroke="#FFFFFF", stroke_width=size * 0.42, stroke_linecap="round")
            + tag("path", d=d, stroke=colour, stroke_width=size * 0.24, stroke_linecap="round"))


def siege_ring(at: Point, s: float, colour: str, done: int = 0) -> str:
    """A dashed ring round a city: a siege (one campaign done: a second, inner ring)."""
    x, y = at
    out = tag("circle", cx=x, cy=y, r=s * 0.62, fill="none", stroke=colour,
              stroke_width=s * 0.14, stroke_dasharray=f"{num(s * 0.2)} {num(s * 0.14)}")
    if done:
        out += tag("circle", cx=x, cy=y, r=s * 0.44, fill="none", stroke=colour,
                   stroke_width=s * 0.08)
    return out
