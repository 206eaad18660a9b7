"""Seed 003's signs on the map (Balance at Risk, docs/balance-at-risk.md).

- An excommunication in force (BAR-15.2; ``State.excommunications``): a purple badge with a
  cross on each capital of the power (:func:`~machiavelli.game.bar_end.capitals`), and the
  Papacy's ``excommunicate <power>`` order drawn the same way where it is shown.
- The pairs of powers at peace this year (BAR-5.4; ``State.peace``): a line of the legend
  per pair, with the campaigns, in both powers' colours.
- Independent units (BAR-1.2, BAR-16): grey, like 001's autonomous garrisons, and named
  "Independent" under ``bar``; the legend shows an independent army and fleet.
- The legend's row of seed 003's signs: the support of an area for a power (the ring, with
  the initial of the power favoured), the transport for a power, the forced taxation's
  coin, the Abundance marker (drawn by :func:`~machiavelli.render.units.marker_layer`),
  the excommunication's badge.
"""

from __future__ import annotations

from collections.abc import Callable

from machiavelli.core.board import Board
from machiavelli.core.options import BAR_FLAGS, rules_of
from machiavelli.core.state import State
from machiavelli.game.bar_end import capitals
from machiavelli.render.colours import INK
from machiavelli.render.geometry import MapGeometry, city_point
from machiavelli.render.svg import Point, group, num, tag, text
from machiavelli.render.tokens import badge, unit_token

#: the excommunication's badge: a white cross on purple
EXCOMMUNICATED = "#6A3D9A"
CROSS = "\u271d"
#: what an independent unit is called under ``bar`` (001's word: autonomous)
INDEPENDENT_NAME = "Independent"


def seed_003_shown(state: State) -> bool:
    """Whether the map shows seed 003's signs: ``bar`` or one of its six flags is on."""
    return state.option("bar") or any(state.option(name) for name in BAR_FLAGS)


def owner_name(state: State) -> str:
    """The name of a unit nobody owns: independent under ``bar``, else autonomous."""
    return INDEPENDENT_NAME if rules_of(state.options).bar else "Autonomous"


def excommunication_badges(board: Board, geo: MapGeometry, state: State, power: str,
                           what: str, css: str) -> list[str]:
    """The badge of ``power``'s excommunication on each of its capitals, titled ``what``."""
    s = geo.unit_size
    found = []
    for province in capitals(board, state, power):
        if province not in geo.areas:
            continue
        x, y = city_point(geo, province)
        coin = badge(CROSS, (x - 0.55 * s, y - 0.55 * s), s * 0.55, EXCOMMUNICATED, "#FFFFFF")
        found.append(tag("g", tag("title", text(what)) + coin, class_=css,
                         data_province=province, data_power=power))
    return found


def excommunication_layer(board: Board, geo: MapGeometry, state: State) -> str:
    """Every excommunication in force (BAR-15.2), on the power's capitals."""
    out: list[str] = []
    for power in sorted(state.excommunications):
        out += excommunication_badges(
            board, geo, state, power,
            f"{power} is excommunicated: gives and receives no ducats at the next transfer "
            "(BAR-15.2)", "marker excommunicated")
    return group(out, id="layer-excommunications")


def peace_lines(state: State) -> list[tuple[str, str, str]]:
    """(power, power, "Milan and Venice at peace: spring, summer") for each pair at peace
    this year (BAR-5.4), in the pairs' order."""
    found = []
    for pair, campaigns in sorted(state.peace.items()):
        first, _, second = pair.partition("/")
        if campaigns:
            found.append((first, second,
                          f"{first} and {second} at peace: {', '.join(campaigns)}"))
    return found


def two_colours(first: str, second: str) -> Callable[[Point, float], str]:
    """A legend picture: two discs side by side, in two powers' colours."""
    def draw(at: Point, s: float) -> str:
        x, y = at
        return (tag("circle", cx=x - s * 0.22, cy=y, r=s * 0.32, fill=first, stroke=INK,
                    stroke_width=s * 0.05)
                + tag("circle", cx=x + s * 0.22, cy=y, r=s * 0.32, fill=second, stroke=INK,
                      stroke_width=s * 0.05))
    return draw


def support_for(at: Point, s: float) -> str:
    """The legend's support of an area for a power: a dashed ring and an initial."""
    x, y = at
    return (tag("circle", cx=x, cy=y, r=s * 0.4, fill="none", stroke="#555555",
                stroke_width=s * 0.08, stroke_dasharray=f"{num(s * 0.22)} {num(s * 0.12)}")
            + badge("M", (x + s * 0.38, y - s * 0.3), s * 0.42, "#FFFFFF", INK))


def transport_for(at: Point, s: float) -> str:
    """The legend's transport for a power: a dotted ring round a fleet, and an initial."""
    x, y = at
    return (unit_token("F", at, s * 0.6, "#FFFFFF")
            + tag("circle", cx=x, cy=y, r=s * 0.45, fill="none", stroke="#555555",
                  stroke_width=s * 0.07, stroke_dasharray=f"{num(s * 0.02)} {num(s * 0.12)}")
            + badge("F", (x + s * 0.4, y - s * 0.32), s * 0.42, "#FFFFFF", INK))


__all__ = [
    "CROSS",
    "EXCOMMUNICATED",
    "INDEPENDENT_NAME",
    "excommunication_badges",
    "excommunication_layer",
    "owner_name",
    "peace_lines",
    "seed_003_shown",
    "support_for",
    "transport_for",
    "two_colours",
]
