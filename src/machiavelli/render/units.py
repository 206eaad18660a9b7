"""Units, dislodged units and their retreats, sieges, and the rebellion, famine and plague marks."""

from __future__ import annotations

from collections.abc import Collection

from machiavelli.core.board import Board
from machiavelli.core.high_seas import HIGH_SEAS
from machiavelli.core.state import Dislodged, State, Unit
from machiavelli.movement.retreats import conversion_problem, retreat_destinations
from machiavelli.render.areas import label_size, label_width
from machiavelli.render.colours import FAIL, INK
from machiavelli.render.geometry import MapGeometry, city_point, coast_point, high_seas_points
from machiavelli.render.seed003 import owner_name
from machiavelli.render.svg import Point, group, num, tag, text
from machiavelli.render.tokens import SPECIAL_NAMES, badge, cross, siege_ring, unit_token

KIND_NAMES = {"A": "Army", "F": "Fleet", "G": "Garrison"}
RETREAT = "#E8710A"  # the dotted lines to where a dislodged unit may go
ABUNDANCE = "\u273f"  # seed 003's Abundance marker (a flower)


def unit_point(board: Board, geo: MapGeometry, kind: str, location: str) -> Point:
    """Where a unit stands: garrisons on their city, fleets on their coast."""
    province = location.split("/")[0]
    if kind == "G":
        return city_point(geo, province)
    return coast_point(board, geo, location)


def dislodged_point(board: Board, geo: MapGeometry, unit: Unit) -> Point:
    """A dislodged unit stands aside, up and right of where it was."""
    x, y = unit_point(board, geo, unit.kind, unit.location)
    s = geo.unit_size
    return (x + 0.75 * s, y - 0.75 * s)


def describe(board: Board, unit: Unit, nobody: str = "Autonomous") -> str:
    kind = KIND_NAMES[unit.kind]
    if unit.special:
        kind = f"{SPECIAL_NAMES.get(unit.special, unit.special)} {kind.lower()}"
    where = board.provinces[unit.province].name + (f" ({unit.coast})" if unit.coast else "")
    return f"{unit.owner or nobody}: {kind} {where}"


def _token(board: Board, unit: Unit, at: Point, s: float, colours: dict[str, str],
           css: str, outline: str = INK, nobody: str = "Autonomous") -> str:
    colour = colours.get(unit.owner) if unit.owner else None
    return tag(
        "g",
        tag("title", text(describe(board, unit, nobody))) + unit_token(
            unit.kind, at, s, colour, unit.special, outline=outline),
        class_=css,
        data_owner=unit.owner or "autonomous",
        data_kind=unit.kind,
        data_province=unit.province,
        data_coast=unit.coast,
        data_special=unit.special,
    )


def unit_layer(board: Board, geo: MapGeometry, state: State, colours: dict[str, str]) -> str:
    s = geo.unit_size
    out = []
    nobody = owner_name(state)  # (seed 003's independent units: BAR-1.2)
    # seed 003's High Seas hold any number of fleets (BAR-1.4): drawn side by side
    on_high_seas = [u for u in state.units if u.province == HIGH_SEAS]
    spread = iter(high_seas_points(geo, len(on_high_seas)) if on_high_seas else ())
    for unit in sorted(state.units, key=lambda u: (u.province, u.kind)):
        if unit.province not in geo.areas:
            continue
        at = (next(spread) if unit.province == HIGH_SEAS
              else unit_point(board, geo, unit.kind, unit.location))
        out.append(_token(board, unit, at, s, colours, "unit", nobody=nobody))
    return group(out, id="layer-units")


def siege_layer(board: Board, geo: MapGeometry, state: State, colours: dict[str, str]) -> str:
    """A siege in progress (an army or fleet with a campaign of siege done): rings on the city."""
    s = geo.unit_size
    out = []
    for unit in state.units:
        if unit.kind != "G" and unit.siege and unit.province in geo.areas:
            colour = colours.get(unit.owner, INK) if unit.owner else INK
            out.append(tag("g", siege_ring(city_point(geo, unit.province), s, colour, unit.siege),
                           class_="siege", data_province=unit.province,
                           data_besieger=unit.owner))
    return group(out, id="layer-sieges")


def retreat_options(board: Board, state: State, dislodged: Dislodged) -> list[str]:
    """Where a dislodged unit may go: locations, and its own city (``"<prov>#"``)."""
    options = list(retreat_destinations(board, state, dislodged))
    if dislodged.unit.kind != "G" and conversion_problem(board, state, dislodged) is None:
        options.append(dislodged.unit.province + "#")
    return options


def dislodged_layer(board: Board, geo: MapGeometry, state: State,
                    colours: dict[str, str]) -> str:
    """Each dislodged unit aside, ringed in red, dotted lines to every retreat it has."""
    s = geo.unit_size
    out = []
    for d in state.dislodged:
        unit = d.unit
        if unit.province not in geo.areas:
            continue
        at = dislodged_point(board, geo, unit)
        options = retreat_options(board, state, d)
        lines = []
        for option in options:
            if option.endswith("#"):
                end = city_point(geo, option[:-1])
            else:
                end = unit_point(board, geo, unit.kind, option)
            lines.append(tag("line", x1=at[0], y1=at[1], x2=end[0], y2=end[1],
                             stroke=RETREAT, stroke_width=s * 0.09,
                             stroke_dasharray=f"{num(s * 0.05)} {num(s * 0.16)}",
                             stroke_linecap="round"))
            lines.append(tag("circle", cx=end[0], cy=end[1], r=s * 0.16, fill=RETREAT))
        ring = tag("circle", cx=at[0], cy=at[1], r=s * 0.78, fill="#FFFFFF",
                   fill_opacity=0.7, stroke=FAIL, stroke_width=s * 0.1)
        out.append(tag(
            "g", "".join(lines) + ring + _token(board, unit, at, s, colours, "dislodged-unit",
                                                    nobody=owner_name(state)),
            class_="dislodged", data_province=unit.province,
            data_retreats=" ".join(options) or "none",
        ))
    return group(out, id="layer-dislodged")


def marker_layer(board: Board, geo: MapGeometry, state: State,
                 plague: Collection[str] = ()) -> str:
    """Badges after a province's name: + rebellion (REB-MARK), % famine (FAM-MARK), plague,
    seed 003's Abundance (BAR-12.2).

    A rebellion in the city (only) is marked on the city.
    """
    s = geo.unit_size
    size = label_size(geo)
    out = []
    for pid in sorted(board.provinces):
        shape = geo.areas.get(pid)
        if shape is None:
            continue
        signs: list[tuple[str, str, str, str]] = []  # sign, fill, ink, what
        rebellion = state.rebellions.get(pid)
        if rebellion is not None and rebellion.in_province:
            signs.append(("+", FAIL, "#FFFFFF", f"rebellion against {rebellion.against}"))
        if pid in state.famine:
            signs.append(("%", "#F2C14E", INK, "famine"))
        if pid in plague or pid in state.plague:  # (seed 003's markers stay, BAR-2.5)
            signs.append(("\u2620", "#3B3B3B", "#FFFFFF", "plague"))
        if pid in state.abundance:  # seed 003's Abundance marker (BAR-12.2)
            signs.append((ABUNDANCE, "#7FB069", INK, "abundance (the next famine spares it)"))
        x = shape.label[0] + label_width(board.provinces[pid].name, size) / 2 + s * 0.35
        y = shape.label[1]
        for sign, fill, ink, what in signs:
            out.append(tag("g", tag("title", text(what)) + badge(sign, (x, y), s * 0.6, fill, ink),
                           class_="marker", data_province=pid, data_marker=what.split()[0]))
            x += s * 0.65
        if rebellion is not None and rebellion.in_city and not rebellion.in_province:
            cx, cy = city_point(geo, pid)
            out.append(tag("g", badge("+", (cx + s * 0.45, cy - s * 0.45), s * 0.5, FAIL,
                                      "#FFFFFF"),
                           class_="marker", data_province=pid, data_marker="rebellion"))
    return group(out, id="layer-markers")


def x_mark(at: Point, s: float) -> str:
    return cross(at, s * 0.7)


def struck_by(board: Board, disaster: str, report: str) -> list[str]:
    """The provinces a report says ``disaster`` struck ("Plague strikes Milan, Genoa.")."""
    found: list[str] = []
    head = f"{disaster} strikes "
    for line in report.splitlines():
        line = line.strip()
        if line.startswith(head) and line.endswith("."):
            for name in line[len(head):-1].split(", "):
                pid = board.lookup(name)
                if pid is not None and pid not in found:
                    found.append(pid)
    return found
