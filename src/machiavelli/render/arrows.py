"""The phase's orders as arrows, with their outcomes.

Each order is drawn in its power's colour, on a casing (white under dark colours,
dark under light ones) so that it shows on any area:

- move: a solid arrow (convoyed: through its route, if written); retreat: the same
  from the dislodged unit; convert: a short curved arrow between province and city,
  with the new kind's letter;
- support: a dashed line to the unit held (ending in a ring) or to the move supported
  (ending in a dot on the arrow); convoy: a dotted line to the convoyed move;
- besiege: a dashed ring round the city; lift siege: the same with an L;
- hold: a thin ring round the unit;
- build: the new unit's token, dashed, with a green +; remove and disband: a red X.

Outcomes (``machiavelli.core.results``): ``bounced`` puts a red bar across the
arrow's head; ``cut``, ``fails`` and ``void`` a red X on the line; ``dislodged`` a
red X on the unit.  Orders not yet processed (pending) have no outcome.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from machiavelli.core.board import Board
from machiavelli.core.high_seas import HIGH_SEAS, fleet_number
from machiavelli.core.orders import (
    INDEPENDENT,
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Convoy,
    Disband,
    Excommunicate,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Old,
    Order,
    Pay,
    Permit,
    Remove,
    Retreat,
    SupportArea,
    SupportHold,
    SupportMove,
    Tax,
    Transport,
    UnitRef,
    Waive,
)
from machiavelli.core.results import Outcome
from machiavelli.core.state import State
from machiavelli.game.bar_end import capitals
from machiavelli.render.colours import FAIL, INK, ink_on
from machiavelli.render.geometry import MapGeometry, city_point, high_seas_points
from machiavelli.render.seed003 import excommunication_badges
from machiavelli.render.svg import Point, num, tag, text
from machiavelli.render.tokens import badge, cross, unit_token
from machiavelli.render.units import dislodged_point, unit_point

FAILED: tuple[Outcome, ...] = ("fails", "void", "cut")


@dataclass
class Drawing:
    """Three heights: lines under the units, marks over them, badges on top."""

    lines: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)


def _toward(p: Point, q: Point, step: float) -> Point:
    gap = math.dist(p, q) or 1.0
    return (p[0] + (q[0] - p[0]) * step / gap, p[1] + (q[1] - p[1]) * step / gap)


def _control(p: Point, q: Point, bend: float) -> Point:
    """The control point of a quadratic curve from p to q, bent to the left by ``bend``."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    dx, dy = q[0] - p[0], q[1] - p[1]
    return (mx + dy * bend, my - dx * bend)


def _on_curve(p: Point, c: Point, q: Point, t: float) -> Point:
    a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
    return (a * p[0] + b * c[0] + d * q[0], a * p[1] + b * c[1] + d * q[1])


def _head(tip: Point, back: Point, size: float) -> str:
    """The points of an arrowhead at ``tip`` pointing away from ``back``."""
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    gap = math.hypot(dx, dy) or 1.0
    ux, uy = dx / gap, dy / gap
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    w = size * 0.55
    return " ".join(f"{num(x)},{num(y)}" for x, y in (
        tip, (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)))


def move_curve(start: Point, end: Point, s: float) -> tuple[Point, Point, Point]:
    """The ends and control point of a move's arrow between two unit points."""
    p, q = _toward(start, end, 0.55 * s), _toward(end, start, 0.6 * s)
    return p, _control(p, q, MOVE_BEND), q


MOVE_BEND = 0.12


class OrderPainter:
    def __init__(self, board: Board, geo: MapGeometry, state: State,
                 colours: dict[str, str]) -> None:
        self.board, self.geo, self.state, self.colours = board, geo, state, colours
        self.s = geo.unit_size
        self.drawing = Drawing()
        self.power: str | None = None  # the power whose order is painted

    # -- where ---------------------------------------------------------------------------
    def at(self, ref: UnitRef) -> Point:
        if ref.province == HIGH_SEAS and ref.province in self.geo.areas:
            return self._on_high_seas(ref)
        return unit_point(self.board, self.geo, ref.kind, ref.location)

    def _on_high_seas(self, ref: UnitRef) -> Point:
        """The painted power's fleet on the High Seas that ``ref`` numbers (ruling A-25),
        where the unit layer draws it (side by side, in the position's order)."""
        there = [u for u in self.state.units if u.province == HIGH_SEAS]
        mine = [i for i, u in enumerate(there) if u.owner == self.power]
        number = fleet_number(ref.coast)
        points = high_seas_points(self.geo, len(there))
        if not points:
            return unit_point(self.board, self.geo, ref.kind, HIGH_SEAS)
        return points[mine[number - 1]] if number <= len(mine) else points[0]

    def dest(self, kind: str, province: str, coast: str | None = None) -> Point:
        location = f"{province}/{coast}" if coast else province
        if kind == "F" and not coast:
            locations = self.board.fleet_locations(province)
            location = locations[0] if len(locations) == 1 else province
        return unit_point(self.board, self.geo, "A" if kind == "G" else kind, location)

    def dislodged_at(self, ref: UnitRef) -> Point:
        for d in self.state.dislodged:
            if d.unit.province == ref.province and d.unit.kind == ref.kind:
                return dislodged_point(self.board, self.geo, d.unit)
        return self.at(ref)

    # -- how -----------------------------------------------------------------------------
    def _stroke(self, power: str | None) -> tuple[str, str]:
        colour = self.colours.get(power, INK) if power else INK
        casing = "#FFFFFF" if ink_on(colour) == "#FFFFFF" else "#333333"
        return colour, casing

    def line(self, points: list[Point], power: str | None, width: float, css: str,
             dash: str | None = None, head: bool = True, bend: float = 0.12) -> Point:
        """A curve through ``points`` (2 or more), with its head; returns its middle."""
        colour, casing = self._stroke(power)
        s = self.s
        if len(points) == 2:
            p, q = points
            c = _control(p, q, bend)
            d = f"M{num(p[0])} {num(p[1])}Q{num(c[0])} {num(c[1])} {num(q[0])} {num(q[1])}"
            back, middle = c, _on_curve(p, c, q, 0.5)
        else:
            d = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in points)
            back, middle = points[-2], points[len(points) // 2]
        tip = points[-1]
        cap = "butt" if dash else "round"
        parts = [tag("path", d=d, fill="none", stroke=casing, stroke_width=width + s * 0.08,
                     stroke_linecap=cap, stroke_dasharray=dash, stroke_opacity=0.75),
                 tag("path", d=d, fill="none", stroke=colour, stroke_width=width,
                     stroke_linecap=cap, stroke_dasharray=dash)]
        if head:
            size = width * 3.2
            parts.append(tag("polygon", points=_head(tip, back, size), fill=colour,
                             stroke=casing, stroke_width=s * 0.04, stroke_linejoin="round"))
        self.drawing.lines.append(tag("g", "".join(parts), class_=css, data_power=power))
        return middle

    def bar(self, tip: Point, back: Point) -> None:
        """The bounced mark: a red bar across the arrow's head."""
        dx, dy = tip[0] - back[0], tip[1] - back[1]
        gap = math.hypot(dx, dy) or 1.0
        ux, uy = dx / gap, dy / gap
        h = self.s * 0.42
        d = (f"M{num(tip[0] - uy * h)} {num(tip[1] + ux * h)}"
             f"L{num(tip[0] + uy * h)} {num(tip[1] - ux * h)}")
        self.drawing.marks.append(
            tag("path", d=d, stroke="#FFFFFF", stroke_width=self.s * 0.24, stroke_linecap="round")
            + tag("path", d=d, stroke=FAIL, stroke_width=self.s * 0.14, stroke_linecap="round"))

    def mark(self, at: Point, size: float = 0.55) -> None:
        self.drawing.marks.append(cross(at, self.s * size))

    # -- what ----------------------------------------------------------------------------
    def paint(self, order: Order, power: str | None, outcome: Outcome | None) -> None:
        self.power = power  # (whose fleets on the High Seas the orders number)
        state = "pending" if outcome is None else outcome
        css = f"order {type(order).__name__.lower()} {state}"
        PAINTERS.get(type(order), OrderPainter._nothing)(self, order, power, outcome, css)

    def _nothing(self, order: Order, power: str | None, outcome: Outcome | None,
                 css: str) -> None:
        """An order with no place on the map (the legend lists the viewer's money orders)."""

    def _retreat(self, order: Retreat, power: str | None, outcome: Outcome | None,
                 css: str) -> None:
        s = self.s
        start = self.dislodged_at(order.unit)
        if order.to == "G":
            end = city_point(self.geo, order.dest)
        else:
            end = self.dest(order.unit.kind, order.dest, order.dest_coast)
        p, q = _toward(start, end, 0.7 * s), _toward(end, start, 0.55 * s)
        self.line([p, q], power, s * 0.14, css)
        if outcome in ("bounced", "fails", "void"):
            self.bar(q, p)

    def _support_hold(self, order: SupportHold, power: str | None, outcome: Outcome | None,
                      css: str) -> None:
        middle = self._support_ring(self.at(order.unit), self.at(order.target), power, css)
        self._outcome_on_line(order.unit, outcome, middle)

    def _support_ring(self, start: Point, end: Point, power: str | None, css: str) -> Point:
        """A dashed support line from ``start`` to a dashed ring round ``end``; its middle."""
        s = self.s
        p, q = _toward(start, end, 0.55 * s), _toward(end, start, 0.72 * s)
        middle = self.line([p, q], power, s * 0.09, css, dash=self._dash(0.3, 0.18),
                           head=False, bend=0.08)
        colour, _ = self._stroke(power)
        self.drawing.lines.append(tag("circle", cx=end[0], cy=end[1], r=s * 0.72,
                                      fill="none", stroke=colour, stroke_width=s * 0.09,
                                      stroke_dasharray=self._dash(0.3, 0.18), class_=css))
        return middle

    def _support_move(self, order: SupportMove, power: str | None, outcome: Outcome | None,
                      css: str) -> None:
        s = self.s
        start = self.at(order.unit)
        mover = self.at(order.target)
        goal = self.dest(order.target.kind, order.dest)
        aim = _on_curve(*move_curve(mover, goal, s), 0.7)
        p = _toward(start, aim, 0.55 * s)
        middle = self.line([p, aim], power, s * 0.09, css, dash=self._dash(0.3, 0.18),
                           head=False, bend=0.1)
        colour, casing = self._stroke(power)
        self.drawing.lines.append(tag("circle", cx=aim[0], cy=aim[1], r=s * 0.14,
                                      fill=colour, stroke=casing, stroke_width=s * 0.04))
        self._outcome_on_line(order.unit, outcome, middle)

    def _convoy(self, order: Convoy, power: str | None, outcome: Outcome | None,
                css: str) -> None:
        s = self.s
        start = self.at(order.unit)
        army = self.at(order.target)
        goal = self.dest("A", order.dest)
        aim = _on_curve(*move_curve(army, goal, s), 0.5)
        p = _toward(start, aim, 0.55 * s)
        middle = self.line([p, aim], power, s * 0.1, css, dash=self._dash(0.02, 0.2),
                           head=False, bend=0.0)
        colour, _ = self._stroke(power)
        self.drawing.lines.append(tag("circle", cx=aim[0], cy=aim[1], r=s * 0.2,
                                      fill="none", stroke=colour, stroke_width=s * 0.08))
        self._outcome_on_line(order.unit, outcome, middle)

    def _support_area(self, order: SupportArea, power: str | None, outcome: Outcome | None,
                      css: str) -> None:
        """Seed 003's support of an area (BAR-8.5): a dashed line to the area, ringed, with
        the initial of the power in whose favour when it is not the supporter's own."""
        s = self.s
        end = self.dest("A", order.area)
        middle = self._support_ring(self.at(order.unit), end, power, css)
        self._favour(order.power, (end[0] + 0.6 * s, end[1] - 0.6 * s), css)
        self._outcome_on_line(order.unit, outcome, middle)

    def _transport(self, order: Transport, power: str | None, outcome: Outcome | None,
                   css: str) -> None:
        """Seed 003's transport named for a power (BAR-8.6): a dotted ring round the
        fleet, with the initial of the power carried when it is not the fleet's own."""
        s = self.s
        at = self.at(order.unit)
        colour, _ = self._stroke(power)
        self.drawing.lines.append(tag("circle", cx=at[0], cy=at[1], r=s * 0.85, fill="none",
                                      stroke=colour, stroke_width=s * 0.1,
                                      stroke_dasharray=self._dash(0.02, 0.2), class_=css))
        self._favour(order.power, (at[0] + 0.7 * s, at[1] - 0.7 * s), css)
        if outcome in FAILED:
            self.mark(at, 0.5)
        self._dislodged(order.unit, outcome)

    def _favour(self, favoured: str | None, at: Point, css: str) -> None:
        """The initial of the power a support or transport favours (none: its own)."""
        if favoured is None:
            return
        if favoured == INDEPENDENT:
            letter, fill = "I", "#FFFFFF"
        else:
            letter, fill = favoured[:1].upper(), self._stroke(favoured)[0]
        coin = badge(letter, at, self.s * 0.5, fill, ink_on(fill))
        self.drawing.marks.append(tag("g", tag("title", text(f"for {favoured}")) + coin,
                                      class_=css))

    def _siege(self, order: Besiege | LiftSiege, power: str | None, outcome: Outcome | None,
               css: str) -> None:
        s = self.s
        start = self.at(order.unit)
        city = city_point(self.geo, order.unit.province)
        colour, _ = self._stroke(power)
        ring = tag("circle", cx=city[0], cy=city[1], r=s * 0.62, fill="none", stroke=colour,
                   stroke_width=s * 0.14, stroke_dasharray=self._dash(0.2, 0.14))
        self.drawing.lines.append(tag("g", ring, class_=css, data_power=power))
        if isinstance(order, LiftSiege):  # the ring, with a white L
            self.drawing.marks.append(badge("L", (city[0] + s * 0.55, city[1] - s * 0.55),
                                            s * 0.5, "#FFFFFF", self._letter(power)))
        elif outcome in FAILED or outcome == "bounced":
            self.mark(_toward(start, city, 0.5 * math.dist(start, city)))
        self._dislodged(order.unit, outcome)

    def _hold(self, order: Hold, power: str | None, outcome: Outcome | None, css: str) -> None:
        s = self.s
        at = self.at(order.unit)
        colour, _ = self._stroke(power)
        self.drawing.lines.append(tag("circle", cx=at[0], cy=at[1], r=s * 0.78, fill="none",
                                      stroke=colour, stroke_width=s * 0.07, class_=css))
        self._dislodged(order.unit, outcome)

    def _disband(self, order: Disband, power: str | None, outcome: Outcome | None,
                 css: str) -> None:
        self.mark(self.dislodged_at(order.unit), 0.8)

    def _remove(self, order: Remove, power: str | None, outcome: Outcome | None,
                css: str) -> None:
        self.mark(self.at(order.unit), 0.8)

    def _letter(self, power: str | None) -> str:
        """The power's colour for a letter on white, or ink where it is too light."""
        colour, _ = self._stroke(power)
        return colour if ink_on(colour) == "#FFFFFF" else INK

    def _dash(self, on: float, off: float) -> str:
        return f"{num(self.s * on)} {num(self.s * off)}"

    def _dislodged(self, ref: UnitRef, outcome: Outcome | None) -> None:
        if outcome == "dislodged":
            self.mark(self.at(ref), 0.9)

    def _outcome_on_line(self, ref: UnitRef, outcome: Outcome | None, middle: Point) -> None:
        if outcome in FAILED or outcome == "bounced" or outcome == "dislodged":
            self.mark(middle, 0.5)
        self._dislodged(ref, outcome)

    def _move(self, order: Move, power: str | None, outcome: Outcome | None, css: str) -> None:
        s = self.s
        start = self.at(order.unit)
        end = self.dest(order.unit.kind, order.dest, order.dest_coast)
        route = [self.geo.areas[v].label for v in order.via if v in self.geo.areas]
        points = [start, *route, end]
        points[0] = _toward(start, points[1], 0.55 * s)
        points[-1] = _toward(end, points[-2], 0.6 * s)
        convoyed = order.convoy or bool(order.via) or (
            order.unit.kind == "A" and not self.board.army_adjacent(order.unit.province,
                                                                    order.dest))
        middle = self.line(points, power, s * 0.15, css,
                           dash=self._dash(0.5, 0.2) if convoyed else None, bend=MOVE_BEND)
        back = _control(points[0], points[1], MOVE_BEND) if len(points) == 2 else points[-2]
        if outcome == "bounced" or outcome == "dislodged":
            self.bar(points[-1], back)
        elif outcome in ("fails", "void"):
            self.mark(middle)
        self._dislodged(order.unit, outcome)

    def _convert(self, order: Convert, power: str | None, outcome: Outcome | None,
                 css: str) -> None:
        s = self.s
        province = order.unit.province
        start = self.at(order.unit)
        if order.to == "G":
            end = city_point(self.geo, province)
        else:
            end = self.dest(order.to, province, order.coast)
        if math.dist(start, end) < 1.6 * s:  # side by side: loop out and back
            p, q = _toward(start, end, 0.3 * s), _toward(end, start, 0.3 * s)
        else:
            p, q = _toward(start, end, 0.55 * s), _toward(end, start, 0.55 * s)
        self.line([p, q], power, s * 0.12, css, bend=0.9)
        c = _control(p, q, 0.9)
        top = _on_curve(p, c, q, 0.5)
        self.drawing.marks.append(badge(order.to, top, s * 0.5, "#FFFFFF", self._letter(power)))
        if outcome in FAILED or outcome == "bounced":
            self.mark(top, 0.5)
        self._dislodged(order.unit, outcome)

    def _build(self, order: Build, power: str | None, outcome: Outcome | None,
               css: str) -> None:
        s = self.s
        if order.kind == "G":
            at = city_point(self.geo, order.province)
        else:
            at = self.dest(order.kind, order.province, order.coast)
        colour = self.colours.get(power) if power else None
        token = unit_token(order.kind, at, s, colour, order.special, dashed=True)
        plus = badge("+", (at[0] - 0.6 * s, at[1] - 0.45 * s), s * 0.5, "#2E7D32", "#FFFFFF")
        self.drawing.marks.append(tag("g", token + plus, class_=css, data_power=power))
        if outcome in FAILED or outcome == "bounced":
            self.mark(at, 0.8)

    def _old(self, order: Old, power: str | None, outcome: Outcome | None,
             css: str) -> None:
        """Seed 003's old unit (BAR-3.3): drawn as a unit built."""
        self._build(Build(order.kind, order.province, order.coast), power, outcome, css)

    def _tax(self, order: Tax, power: str | None, outcome: Outcome | None,
             css: str) -> None:
        """Seed 003's forced taxation (BAR-5.3): a coin marked "T" on the province."""
        if order.province not in self.geo.areas:
            return
        s = self.s
        x, y = self.geo.areas[order.province].unit
        at = (x - 0.75 * s, y + 0.55 * s)
        coin = badge("T", at, s * 0.55, "#F2C14E", INK)
        self.drawing.marks.append(tag("g", tag("title", text(f"tax {order.province}")) + coin,
                                      class_=css, data_power=power))
        if outcome in FAILED:
            self.mark(at, 0.45)

    def _excommunicate(self, order: Excommunicate, power: str | None,
                       outcome: Outcome | None, css: str) -> None:
        """Seed 003's excommunication (BAR-15.1): the excommunication's badge on the
        capitals of the power named (a crusade: Turkey's)."""
        what = ("crusade against Turkey" if order.power == "Turkey"
                else f"excommunicate {order.power}")
        badges = excommunication_badges(self.board, self.geo, self.state, order.power, what,
                                        css)
        self.drawing.marks.extend(badges)
        if outcome in FAILED:
            for province in capitals(self.board, self.state, order.power):
                if province in self.geo.areas:
                    x, y = city_point(self.geo, province)
                    self.mark((x - 0.55 * self.s, y - 0.55 * self.s), 0.45)

    def _expense(self, order: Expense, power: str | None, outcome: Outcome | None,
                 css: str) -> None:
        """A gold coin on the province the money goes to, with the expense's number."""
        if order.province is None or order.province not in self.geo.areas:
            return
        s = self.s
        if order.unit_kind == "G":
            x, y = city_point(self.geo, order.province)
        else:
            x, y = self.geo.areas[order.province].unit
        at = (x - 0.75 * s, y + 0.55 * s)
        coin = badge(str(order.number), at, s * 0.55, "#F2C14E", INK)
        what = f"expense {order.number}: {order.amount} ducats {order.kind.replace('_', ' ')}"
        self.drawing.marks.append(tag("g", tag("title", text(what)) + coin,
                                      class_="order expense"))
        if outcome in FAILED:
            self.mark(at, 0.45)


#: the painter of each kind of order, by its class (every class of
#: :data:`machiavelli.core.order_kinds.ORDER_KINDS`: tests/test_order_kinds.py); an order
#: with no place on the map is painted by ``_nothing``, said here
PAINTERS: dict[type, Callable[[OrderPainter, Any, str | None, Outcome | None, str], None]] = {
    Hold: OrderPainter._hold,
    Move: OrderPainter._move,
    SupportHold: OrderPainter._support_hold,
    SupportMove: OrderPainter._support_move,
    SupportArea: OrderPainter._support_area,  # seed 003 (BAR-8.5)
    Transport: OrderPainter._transport,  # seed 003 (BAR-8.6)
    Convoy: OrderPainter._convoy,
    Convert: OrderPainter._convert,
    Besiege: OrderPainter._siege,
    LiftSiege: OrderPainter._siege,
    Ally: OrderPainter._nothing,  # between powers, no place
    Retreat: OrderPainter._retreat,
    Disband: OrderPainter._disband,
    Build: OrderPainter._build,
    Remove: OrderPainter._remove,
    Maintain: OrderPainter._nothing,  # the unit stays as it is
    Waive: OrderPainter._nothing,  # no place
    Borrow: OrderPainter._nothing,  # money between a power and the bank: the legend's
    Pay: OrderPainter._nothing,  # (the legend's)
    GiveChit: OrderPainter._nothing,  # (the legend's)
    Expense: OrderPainter._expense,  # a coin on the province the money goes to
    Tax: OrderPainter._tax,  # a coin on the province taxed by force
    Old: OrderPainter._old,  # seed 003's old unit, as a unit built
    Excommunicate: OrderPainter._excommunicate,  # a badge on the power's capitals
    Permit: OrderPainter._nothing,  # between powers (the bribe it allows has its coin)
}
