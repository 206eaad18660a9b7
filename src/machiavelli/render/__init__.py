"""The map: an SVG picture of a position for one viewer, with the phase's orders and results.

Pure functions from (board, geometry, position, results, viewer, pending orders) to
SVG text, with nothing but the standard library: :func:`draw_map` is the door.  The
geometry of each map (its areas' shapes, label, unit and city points) is package data
read by :mod:`~machiavelli.render.geometry`.  What a viewer may see is decided by
:mod:`~machiavelli.render.view`: the public picture never shows treasuries, loans,
chits, expenses nor anybody's orders not yet processed.

May import core, text, movement, money, game and cases; never cli nor any service
(which stand above it and call it).
"""

from machiavelli.render.geometry import MapGeometry, load_geometry
from machiavelli.render.picture import draw_map
from machiavelli.render.view import MASTER, PUBLIC, MapViewer

__all__ = ["MASTER", "PUBLIC", "MapGeometry", "MapViewer", "draw_map", "load_geometry"]
