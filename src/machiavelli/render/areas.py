"""The areas (one clickable element per province), their names, and the cities."""

from __future__ import annotations

import math

from machiavelli.core.board import Board, Province
from machiavelli.core.state import State
from machiavelli.render.colours import (
    INK,
    NEUTRAL_LAND,
    OFF_BOARD,
    SEA,
    SEA_EDGE,
    tint,
)
from machiavelli.render.geometry import MapGeometry, city_point
from machiavelli.render.svg import group, num, path_data, tag, text
from machiavelli.render.tokens import FONT, city_marker

LAND_TINT = 0.45  # how much white is mixed into a controller's colour on its land


def off_board(board: Board, province: str) -> bool:
    """Out of play: impassable, or off the board in this scenario (no moves at all)."""
    p = board.provinces[province]
    return not p.sea and not board.army_adj.get(province) and not board.fleet_locations(province)


def _home_country(state: State, province: str) -> str | None:
    for country, provinces in sorted(state.home_countries.items()):
        if province in provinces:
            return country
    return None


def area_fill(board: Board, state: State, province: str, colours: dict[str, str]) -> str:
    if board.provinces[province].sea:
        return SEA
    if off_board(board, province):
        return OFF_BOARD
    owner = state.province_owner.get(province)
    return tint(colours[owner], LAND_TINT) if owner in colours else NEUTRAL_LAND


def area_layer(board: Board, geo: MapGeometry, state: State, colours: dict[str, str]) -> str:
    """One ``<path id="<province>">`` per province, with its facts in ``data-`` attributes."""
    s = geo.unit_size
    seas: list[str] = []
    lands: list[str] = []
    for pid in sorted(board.provinces):
        shape = geo.areas.get(pid)
        if shape is None:
            continue
        prov = board.provinces[pid]
        element = tag(
            "path",
            tag("title", text(prov.name)),
            id=pid,
            class_="area sea" if prov.sea else "area land",
            d=path_data(shape.rings),
            fill=area_fill(board, state, pid, colours),
            fill_rule="evenodd",
            stroke=SEA_EDGE if prov.sea else "#5A5046",
            stroke_width=s * (0.04 if prov.sea else 0.06),
            stroke_linejoin="round",
            **_data(board, state, prov),
        )
        (seas if prov.sea else lands).append(element)
    water = tag("path", d=path_data(geo.water), fill=SEA, fill_rule="evenodd",
                pointer_events="none") if geo.water else ""
    # the water over the land (channels between islands), the seas over the water
    return tag("g", "".join(lands) + water + "".join(seas), id="layer-areas")


def _data(board: Board, state: State, prov: Province) -> dict[str, object]:
    pid = prov.id
    values: dict[str, object] = {
        "data_name": prov.name,
        "data_type": "sea" if prov.sea else "land",
        "data_controller": state.province_owner.get(pid),
        "data_home": _home_country(state, pid),
        "data_off_board": "true" if not prov.sea and off_board(board, pid) else None,
    }
    if prov.city is not None:
        values.update(
            data_city=prov.city.kind,
            data_port="true" if prov.city.port else "false",
            data_income=prov.city.income,
            data_city_owner=state.city_owner.get(pid),
        )
    if pid in state.famine:
        values["data_famine"] = "true"
    if pid in state.rebellions:
        values["data_rebellion"] = state.rebellions[pid].against
    return values


def label_size(geo: MapGeometry) -> float:
    return geo.unit_size * 0.5


def label_width(name: str, size: float) -> float:
    """A guess at the width of a name in the labels' font."""
    return 0.58 * size * len(name)


TIMES_EM = 0.46  # the average advance of a Times-Roman letter, in ems


def label_layer(board: Board, geo: MapGeometry) -> str:
    """The provinces' names, dark on a white halo; seas in blue italics.

    A hand-drawn map's own texts are kept where they were (centred on the place
    the original's Times-Roman put them, whatever font draws them); a schematic
    map's names are written at the label point.
    """
    size = label_size(geo)
    out = []
    for pid in sorted(board.provinces):
        shape = geo.areas.get(pid)
        if shape is None:
            continue
        prov = board.provinces[pid]
        fill = "#1F4E79" if prov.sea else INK
        style = "italic" if prov.sea else None
        if shape.words:
            for w in shape.words:
                half = TIMES_EM * w.size * len(w.s) / 2
                rad = math.radians(w.rotate)
                x = w.x + half * math.cos(rad)
                y = w.y + half * math.sin(rad)
                turn = f"rotate({num(w.rotate)} {num(x)} {num(y)})" if w.rotate else None
                out.extend(_halo_text(w.s, x, y, w.size * 0.9, fill, style, turn))
        else:
            x, y = shape.label
            out.extend(_halo_text(prov.name, x, y + size * 0.35, size, fill, style, None))
    return group(out, id="layer-names", font_family=FONT)


def abbreviation_layer(board: Board, geo: MapGeometry) -> str:
    """Each province's abbreviation (the order language's ``flo``), on a white tag below
    its label point: hidden (``display="none"``) until a viewer turns the layer on (the
    web page's toggle); ``data-province`` on each tag."""
    size = label_size(geo) * 0.9
    out = []
    for pid in sorted(board.provinces):
        shape = geo.areas.get(pid)
        if shape is None or off_board(board, pid):
            continue
        x, y = shape.label[0], shape.label[1] + size * 1.5
        wide = label_width(pid, size) + size * 0.5
        out.append(tag(
            "g",
            tag("rect", x=x - wide / 2, y=y - size * 0.95, width=wide, height=size * 1.25,
                rx=size * 0.3, fill="#FFFFFF", stroke=INK, stroke_width=size * 0.06,
                opacity=0.9)
            + tag("text", text(pid), x=x, y=y, font_size=size, text_anchor="middle",
                  font_weight="bold", fill=INK),
            class_="abbreviation", data_province=pid))
    return group(out, id="layer-abbreviations", font_family=FONT, display="none",
                 pointer_events="none")


def _halo_text(words: str, x: float, y: float, size: float, fill: str, style: str | None,
               transform: str | None) -> list[str]:
    """The words twice: a white halo (a wide white stroke) under them, then the words."""
    return [
        tag("text", text(words), x=x, y=y, font_size=size, font_style=style,
            text_anchor="middle", transform=transform, fill="#FFFFFF", stroke="#FFFFFF",
            stroke_width=size * 0.25, stroke_linejoin="round", opacity=0.85),
        tag("text", text(words), x=x, y=y, font_size=size, font_style=style,
            text_anchor="middle", transform=transform, fill=fill),
    ]


def city_layer(board: Board, geo: MapGeometry, state: State, colours: dict[str, str]) -> str:
    """Each city coloured by its owner (white: nobody's); ports with an anchor."""
    s = geo.unit_size
    out = []
    for pid in sorted(board.provinces):
        prov = board.provinces[pid]
        if prov.city is None or pid not in geo.areas or off_board(board, pid):
            continue
        owner = state.city_owner.get(pid)
        out.append(city_marker(prov.city.kind, city_point(geo, pid), s,
                               colours.get(owner) if owner else None, prov.city.port,
                               geo.areas[pid].port_symbol))
    return group(out, id="layer-cities")
