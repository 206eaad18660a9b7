"""The map on the game page, as the viewer may see it.

Until the map renderer (``render/``, issue 9) is merged into this branch, the page
shows the position as text, from the same view; :func:`map_picture` answers None.
"""

from __future__ import annotations

from machiavelli.web.seen import Seen


def map_picture(seen: Seen, phase: int | None = None) -> str | None:
    """The SVG of the pending phase (or of past phase ``phase``) for the viewer."""
    return None
