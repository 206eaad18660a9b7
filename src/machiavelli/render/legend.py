"""The title above the map, the legend below it, and a power's private panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.privacy import is_money_order, is_private
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.game.victory import cities_controlled
from machiavelli.render.colours import FAIL, INK, NEUTRAL_LAND, SEA, SEA_EDGE, tint
from machiavelli.render.seed003 import (
    CROSS,
    EXCOMMUNICATED,
    INDEPENDENT_NAME,
    owner_name,
    peace_lines,
    seed_003_shown,
    support_for,
    transport_for,
    two_colours,
)
from machiavelli.render.svg import Point, num, tag, text
from machiavelli.render.tokens import FONT, badge, city_marker, cross, siege_ring, unit_token
from machiavelli.render.units import ABUNDANCE, RETREAT
from machiavelli.text.notation import format_order

Draw = Callable[[Point, float], str]


@dataclass
class Flow:
    """Items laid out left to right, wrapping to a new row at ``width``."""

    width: float
    s: float
    top: float
    x: float = 0.0
    rows: int = 1
    parts: list[str] = field(default_factory=list)

    @property
    def row_height(self) -> float:
        return self.s * 1.35

    @property
    def y(self) -> float:
        return self.top + (self.rows - 0.5) * self.row_height

    @property
    def font(self) -> float:
        return self.s * 0.55

    def margin(self) -> float:
        return self.s * 0.6

    def newline(self) -> None:
        self.rows += 1
        self.x = self.margin()

    def item(self, label: str, draw: Draw | None = None, bold: bool = False,
             colour: str = INK) -> None:
        """A picture (drawn at a point, 1.2 s wide) then its words."""
        words = (0.64 if bold else 0.6) * self.font * len(label)
        wide = (self.s * 2.0 if draw else 0.0) + words + self.s * 0.9
        if self.x == 0.0:
            self.x = self.margin()
        elif self.x + wide > self.width - self.margin():
            self.newline()
        if draw is not None:
            self.parts.append(draw((self.x + self.s * 0.75, self.y), self.s))
            self.x += self.s * 2.0
        self.parts.append(tag("text", text(label), x=self.x, y=self.y + self.font * 0.35,
                              font_size=self.font, font_weight="bold" if bold else None,
                              fill=colour))
        self.x += words + self.s * 0.9

    @property
    def height(self) -> float:
        return self.rows * self.row_height


def title_band(board: Board, state: State, width: float, s: float, view: str,
               heading: str | None) -> tuple[str, float]:
    """The title: the board (or scenario), the phase, whose view."""
    height = s * 2.4
    big, small = s * 0.95, s * 0.6
    phase = f"{state.season.capitalize()} {state.year}, {state.phase}"
    parts = [
        tag("rect", x=0, y=-height, width=width, height=height, fill="#FBF8F1"),
        tag("text", text(heading or board.title), x=s * 0.6, y=-height + s * 1.15,
            font_size=big, font_weight="bold", fill=INK),
        tag("text", text(f"{phase} \u2014 {view}"), x=s * 0.6, y=-height + s * 1.95,
            font_size=small, fill="#444444"),
    ]
    return tag("g", "".join(parts), id="layer-title", font_family=FONT), height


def _swatch(colour: str) -> Draw:
    def draw(at: Point, s: float) -> str:
        x, y = at
        return tag("rect", x=x - s * 0.45, y=y - s * 0.32, width=s * 0.9, height=s * 0.64,
                   fill=tint(colour, 0.5), stroke=colour, stroke_width=s * 0.12)
    return draw


def _line(dash: str | None, head: bool, end: str = "") -> Draw:
    def draw(at: Point, s: float) -> str:
        x, y = at
        x1, x2 = x - s * 0.55, x + s * 0.55
        out = tag("path", d=f"M{num(x1)} {num(y)}L{num(x2 - (s * 0.2 if head else 0))} {num(y)}",
                  stroke="#555555", stroke_width=s * 0.12, fill="none",
                  stroke_dasharray=dash)
        if head:
            out += tag("polygon", points=f"{num(x2)},{num(y)} {num(x2 - s * 0.3)},"
                       f"{num(y - s * 0.18)} {num(x2 - s * 0.3)},{num(y + s * 0.18)}",
                       fill="#555555")
        if end == "ring":
            out += tag("circle", cx=x2, cy=y, r=s * 0.2, fill="none", stroke="#555555",
                       stroke_width=s * 0.08)
        elif end == "dot":
            out += tag("circle", cx=x2, cy=y, r=s * 0.13, fill="#555555")
        elif end == "bar":
            out += tag("path", d=f"M{num(x2)} {num(y - s * 0.35)}V{num(y + s * 0.35)}",
                       stroke=FAIL, stroke_width=s * 0.14)
        return out
    return draw


def legend_band(board: Board, state: State, colours: dict[str, str], width: float, top: float,
                s: float, private_lines: Sequence[str]) -> tuple[str, float]:
    """The powers (with their cities), then what every sign on the map means."""
    flow = Flow(width, s * 0.8, top + s * 0.3)
    for power in state.powers:
        cities = len(cities_controlled(board, state, power))
        gone = " (out)" if power in state.eliminated else ""
        if power in state.excommunications:  # seed 003's (BAR-15.2)
            gone += " (excommunicated)"
        flow.item(f"{power}: {cities} {'city' if cities == 1 else 'cities'}{gone}",
                  _swatch(colours[power]), bold=True)
    flow.newline()
    flow.item("army", lambda at, s: unit_token("A", at, s, "#FFFFFF"))
    flow.item("fleet", lambda at, s: unit_token("F", at, s, "#FFFFFF"))
    flow.item("garrison", lambda at, s: unit_token("G", at, s, "#FFFFFF"))
    nobody = "independent garrison" if owner_name(state) == INDEPENDENT_NAME else "autonomous"
    flow.item(nobody, lambda at, s: unit_token("G", at, s, None))
    flow.item("militia", lambda at, s: unit_token("A", at, s, "#FFFFFF", "militia"))
    flow.item("elite mercenary", lambda at, s: unit_token("A", at, s, "#FFFFFF",
                                                           "elite_mercenary"))
    flow.item("elite professional", lambda at, s: unit_token("A", at, s, "#FFFFFF",
                                                              "elite_professional"))
    flow.item("city", lambda at, s: city_marker("unfortified", at, s * 1.3, None, False))
    flow.item("fortified city", lambda at, s: city_marker("fortified", at, s * 1.3, None, False))
    flow.item("fortress", lambda at, s: city_marker("fortress", at, s * 1.3, None, False))
    flow.item("port", lambda at, s: city_marker("unfortified", (at[0] + s * 0.3, at[1]),
                                                s * 1.3, None, True))
    flow.item("sea", _area(SEA, SEA_EDGE))
    flow.item("nobody's land", _area(NEUTRAL_LAND, "#5A5046"))
    flow.newline()
    flow.item("rebellion", lambda at, s: badge("+", at, s * 0.7, FAIL, "#FFFFFF"))
    flow.item("famine", lambda at, s: badge("%", at, s * 0.7, "#F2C14E", INK))
    flow.item("plague", lambda at, s: badge("\u2620", at, s * 0.7, "#3B3B3B", "#FFFFFF"))
    flow.item("siege (ring: besieged one campaign)",
              lambda at, s: siege_ring(at, s * 0.8, "#555555", 1))
    flow.item("dislodged, may retreat", _dislodged)
    flow.newline()
    flow.item("move", _line(None, True))
    flow.item("support", _line(f"{num(flow.s * 0.3)} {num(flow.s * 0.18)}", False, "dot"))
    flow.item("convoy", _line(f"{num(flow.s * 0.02)} {num(flow.s * 0.2)}", False, "ring"))
    flow.item("support hold", _support_hold)
    flow.item("convoyed move", _line(f"{num(flow.s * 0.5)} {num(flow.s * 0.2)}", True))
    flow.item("bounced", _line(None, False, "bar"))
    flow.item("failed or cut", lambda at, s: cross(at, s * 0.6))
    flow.item("dislodged: X on the unit", lambda at, s: unit_token("A", at, s, "#FFFFFF")
              + cross(at, s * 0.8))
    flow.item("build", lambda at, s: unit_token("A", at, s, "#FFFFFF", dashed=True))
    flow.item("convert", lambda at, s: badge("G", at, s * 0.6, "#FFFFFF", "#555555"))
    flow.item("lift siege", lambda at, s: badge("L", at, s * 0.6, "#FFFFFF", "#555555"))
    if seed_003_shown(state):
        _seed_003_items(flow, state, colours)
    if private_lines:
        flow.newline()
        for line in private_lines:
            flow.item(line, colour="#5B3A00")
            flow.newline()
        flow.rows -= 1
    height = flow.height + s * 0.6
    back = tag("rect", x=0, y=top, width=width, height=height, fill="#FBF8F1")
    edge = tag("path", d=f"M0 {num(top)}H{num(width)}", stroke="#999999",
               stroke_width=s * 0.04)
    return tag("g", back + edge + "".join(flow.parts), id="layer-legend",
               font_family=FONT), height


def _seed_003_items(flow: Flow, state: State, colours: dict[str, str]) -> None:
    """Seed 003's signs (:mod:`machiavelli.render.seed003`), then each pair at peace."""
    flow.newline()
    flow.item("independent army", lambda at, s: unit_token("A", at, s, None))
    flow.item("independent fleet", lambda at, s: unit_token("F", at, s, None))
    flow.item("support of an area for a power (its initial)", support_for)
    flow.item("transport for a power", transport_for)
    flow.item("forced taxation", lambda at, s: badge("T", at, s * 0.6, "#F2C14E", INK))
    flow.item("abundance", lambda at, s: badge(ABUNDANCE, at, s * 0.7, "#7FB069", INK))
    flow.item("excommunicated (on its capitals)",
              lambda at, s: badge(CROSS, at, s * 0.6, EXCOMMUNICATED, "#FFFFFF"))
    for first, second, words in peace_lines(state):
        flow.item(words, two_colours(colours.get(first, "#FFFFFF"),
                                     colours.get(second, "#FFFFFF")))


def _area(fill: str, stroke: str) -> Draw:
    def draw(at: Point, s: float) -> str:
        return tag("rect", x=at[0] - s * 0.5, y=at[1] - s * 0.35, width=s, height=s * 0.7,
                   fill=fill, stroke=stroke, stroke_width=s * 0.06)
    return draw


def _support_hold(at: Point, s: float) -> str:
    return tag("circle", cx=at[0], cy=at[1], r=s * 0.45, fill="none", stroke="#555555",
               stroke_width=s * 0.08, stroke_dasharray=f"{num(s * 0.3)} {num(s * 0.18)}")


def _dislodged(at: Point, s: float) -> str:
    x, y = at
    return (tag("line", x1=x, y1=y, x2=x + s * 0.9, y2=y, stroke=RETREAT, stroke_width=s * 0.09,
                stroke_dasharray=f"{num(s * 0.05)} {num(s * 0.16)}", stroke_linecap="round")
            + tag("circle", cx=x, cy=y, r=s * 0.55, fill="#FFFFFF", stroke=FAIL,
                  stroke_width=s * 0.1)
            + unit_token("A", at, s * 0.7, "#FFFFFF"))


def private_lines(state: State, powers: Sequence[str], results: Sequence[OrderResult],
                  pending: dict[str, list[Order]]) -> list[str]:
    """What the viewer alone may read: treasury, loans, chits, its money orders."""
    lines = []
    for power in powers:
        facts = [f"treasury {state.treasury[power]} ducats"] if power in state.treasury else []
        for loan in state.loans.get(power, []):
            facts.append(f"loan {loan.principal}+{loan.interest} due "
                         f"{loan.due_season} {loan.due_year}")
        if state.chits.get(power):
            facts.append("chits: " + ", ".join(state.chits[power]))
        money = [f"{format_order(r.order)} ({r.outcome})" for r in results
                 if r.power == power and is_private(r)]
        money += [format_order(o) for o in pending.get(power, []) if is_money_order(o)]
        facts.extend(money)
        if facts:
            lines.append(f"{power} (private): " + "; ".join(facts))
    return lines
