"""The map in a result mail: the service's picture for one viewer, attached.

:func:`attach_map` attaches the map the service drew for the mail's reader
(:meth:`machiavelli.service.judge.Judge.picture`: the public view, a power's, or the
Master's) to the mail: as PNG when cairosvg and the system's cairo library are
installed (the ``png`` extra), else as the SVG itself, which every mail reader with a
browser behind it shows.
"""

from __future__ import annotations

import importlib
from email.message import EmailMessage

from machiavelli.mail.envelope import attach_png

#: The width in pixels of a PNG map.
PNG_WIDTH = 1400


def svg_to_png(svg: str) -> bytes | None:
    """The picture as PNG, or None when cairosvg (or cairo) is not installed."""
    try:
        cairosvg = importlib.import_module("cairosvg")
        data = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=PNG_WIDTH)
    except (ImportError, OSError):
        return None
    return bytes(data)


def attach_map(message: EmailMessage, svg: str, *, name: str = "map") -> EmailMessage:
    """``message`` with the map ``svg`` (as PNG where cairo is installed)."""
    png = svg_to_png(svg)
    if png is not None:
        return attach_png(message, png, f"{name}.png")
    message.add_attachment(svg.encode("utf-8"), maintype="image", subtype="svg+xml",
                           filename=f"{name}.svg")
    return message
