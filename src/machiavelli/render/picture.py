"""The whole picture: :func:`draw_map`."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.orders import Order
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.render.areas import abbreviation_layer, area_layer, city_layer, label_layer
from machiavelli.render.arrows import OrderPainter
from machiavelli.render.colours import SEA, power_colours
from machiavelli.render.geometry import MapGeometry, geometry_for
from machiavelli.render.legend import legend_band, private_lines, title_band
from machiavelli.render.seed003 import excommunication_layer
from machiavelli.render.svg import group, num, tag, text
from machiavelli.render.units import dislodged_layer, marker_layer, siege_layer, unit_layer
from machiavelli.render.view import (
    MASTER,
    MapViewer,
    private_powers,
    visible_pending,
    visible_results,
)


def view_name(viewer: MapViewer) -> str:
    if viewer is None:
        return "public view"
    if viewer == MASTER:
        return "game master's view"
    if isinstance(viewer, tuple):
        return f"{' and '.join(viewer)}'s view"
    return f"{viewer}'s view"


def draw_map(
    board: Board,
    state: State,
    *,
    geometry: MapGeometry | None = None,
    results: Sequence[OrderResult] = (),
    viewer: MapViewer = None,
    pending: Mapping[str, Sequence[Order]] | None = None,
    plague: Collection[str] = (),
    title: str | None = None,
) -> str:
    """The SVG picture of ``state`` as ``viewer`` may see it.

    ``results``: the orders of the phase that started from ``state`` and how each
    ended (a processed phase); ``pending``: orders given for ``state``'s phase and not
    yet processed, per power (only the viewer's own are drawn); ``plague``: the
    provinces the plague struck as this phase began; ``viewer``: ``None`` for the
    public, a power's name, the powers one player holds (a tuple), or
    :data:`~machiavelli.render.view.MASTER`.
    """
    geo = geometry or geometry_for(board)
    s = geo.unit_size
    colours = power_colours(board, tuple(state.powers))
    shown = visible_results(results, viewer)
    own = visible_pending(pending, viewer)
    painter = OrderPainter(board, geo, state, colours)
    for r in shown:
        painter.paint(r.order, r.power, r.outcome)
    for power, orders in own.items():
        for order in orders:
            painter.paint(order, power, None)
    drawing = painter.drawing
    head, head_height = title_band(board, state, geo.width, s, view_name(viewer), title)
    powers = private_powers(state.powers, viewer)
    legend, legend_height = legend_band(board, state, colours, geo.width, geo.height, s,
                                        private_lines(state, powers, shown, own))
    top, height = -head_height, geo.height + head_height + legend_height
    body = "".join([
        tag("rect", x=0, y=0, width=geo.width, height=geo.height, fill=SEA),
        area_layer(board, geo, state, colours),
        city_layer(board, geo, state, colours),
        siege_layer(board, geo, state, colours),
        label_layer(board, geo),
        group(drawing.lines, id="layer-orders"),
        unit_layer(board, geo, state, colours),
        dislodged_layer(board, geo, state, colours),
        group(drawing.marks, id="layer-outcomes"),
        marker_layer(board, geo, state, plague),
        excommunication_layer(board, geo, state),
        abbreviation_layer(board, geo),
        head,
        legend,
        _notice(geo.notice, geo.width, geo.height + legend_height, s),
    ])
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + tag(
            "svg",
            tag("title", text(f"{board.title}: {state.label} ({view_name(viewer)})")) + body,
            xmlns="http://www.w3.org/2000/svg",
            viewBox=f"0 {num(top)} {num(geo.width)} {num(height)}",
            class_="machiavelli-map",
            data_map=board.name,
            data_phase=state.label,
            data_viewer=" ".join(viewer) if isinstance(viewer, tuple)
            else viewer if viewer is not None else "public",
            font_family="DejaVu Sans, Verdana, Arial, sans-serif",
        )
        + "\n"
    )


def _notice(notice: str, width: float, bottom: float, s: float) -> str:
    """The map's credit, small, at the bottom right."""
    if not notice:
        return ""
    first = notice.strip().splitlines()[0]
    return tag("text", text(f"Map: {first}"), x=width - s * 0.3, y=bottom - s * 0.25,
               font_size=s * 0.32, text_anchor="end", fill="#777777", id="map-notice")
