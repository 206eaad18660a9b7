"""Writing SVG by hand: escaping, numbers, elements and path data."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

Point = tuple[float, float]


def num(x: float) -> str:
    """A coordinate with at most one decimal, no trailing zeros: ``12``, ``12.5``."""
    text = f"{x:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def attrs(values: dict[str, object]) -> str:
    """`` key="value"`` for each value not None; floats as :func:`num`; ``_`` -> ``-``."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        if isinstance(value, float):
            value = num(value)
        name = key.rstrip("_").replace("_", "-")
        parts.append(f" {name}={quoteattr(str(value))}")
    return "".join(parts)


def tag(name: str, body: str | None = None, **values: object) -> str:
    """One element; ``body`` is already SVG (escape text with :func:`text`)."""
    if body is None:
        return f"<{name}{attrs(values)}/>"
    return f"<{name}{attrs(values)}>{body}</{name}>"


def text(content: str) -> str:
    return escape(content)


def group(children: Iterable[str], **values: object) -> str:
    inner = "".join(children)
    return tag("g", inner, **values) if inner else ""


def path_data(rings: Iterable[Sequence[Point]]) -> str:
    """Closed rings as one path's ``d``."""
    out = []
    for ring in rings:
        if not ring:
            continue
        head, *rest = ring
        out.append(f"M{num(head[0])} {num(head[1])}")
        out.append("".join(f"L{num(x)} {num(y)}" for x, y in rest))
        out.append("Z")
    return "".join(out)


def polyline(points: Sequence[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)
