"""Who sees what on the map.

A viewer is ``PUBLIC`` (``None``: anybody), a power's name (that power's player), the
names of the powers one player holds (a tuple: a variant that deals two a player) or
``MASTER`` (the game master, who sees everything).  The public picture shows the
position and the processed orders that move, hold, support, convoy, besiege or
convert units, retreat, build or remove them: what every player learns from the
results.  It never shows a treasury, a loan, a chit, an expense, a payment, an
order not yet processed.  A power's picture adds its own: its pending orders, its
expenses and payments (processed or pending) and its treasury.  Which processed
results are private is :mod:`machiavelli.core.privacy`'s rule, the same as the
reports'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.orders import Order
from machiavelli.core.privacy import is_private
from machiavelli.core.results import OrderResult

#: who a map is drawn for (the module's doc)
MapViewer = str | tuple[str, ...] | None
PUBLIC: MapViewer = None
MASTER = "*"


def sees_private(viewer: MapViewer, power: str | None) -> bool:
    if isinstance(viewer, tuple):  # the powers one player holds
        return power in viewer
    return viewer == MASTER or (viewer is not None and viewer == power)


def visible_results(results: Sequence[OrderResult], viewer: MapViewer) -> list[OrderResult]:
    """The processed orders the viewer may see."""
    return [r for r in results if not is_private(r) or sees_private(viewer, r.power)]


def visible_pending(
    pending: Mapping[str, Sequence[Order]] | None, viewer: MapViewer
) -> dict[str, list[Order]]:
    """The orders not yet processed that the viewer may see: only its own."""
    if not pending or viewer is None:
        return {}
    return {power: list(orders) for power, orders in sorted(pending.items())
            if sees_private(viewer, power)}


def private_powers(powers: Sequence[str], viewer: MapViewer) -> list[str]:
    """The powers whose treasury the viewer may see."""
    return [p for p in powers if sees_private(viewer, p)]
