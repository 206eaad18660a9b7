"""The map on the game page and in the API, as the viewer may see it.

The service draws it (:meth:`~machiavelli.service.judge.Judge.picture`):

- the pending phase: the position of the viewer's view (other powers' money taken out by
  the service) with the viewer's own orders not yet processed;
- a processed phase ``n``: the position before it, as the viewer's view holds it, with
  the results of the orders processed then, adjudicated again from the recorded
  position, the orders and the game's seed; the viewer is shown only the moves everyone
  learns from the results, and its own expenses.

A map takes some ten milliseconds to draw, a past phase's a few more (its orders are
adjudicated again), and a browser asks for one with every page: the last
:data:`KEPT` maps are kept, each under everything it is drawn from.  A past phase's map
never changes: its key is the phase's row (number, label, when it was written, a
digest of its report, orders and position: a rollback writes new rows) and the viewer it
is drawn for.  The pending phase's key is a
digest of the position as the viewer sees it, the orders it may see, the plague and the
viewer; so a map is only ever shown again to a viewer shown the same things.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Hashable

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.seen import Seen


def render_name(viewer: Viewer) -> str | None:
    """Who a map is drawn for: a power's name, the master (``*``), or the public (None)."""
    if viewer.is_master:
        return "*"
    return viewer.power if viewer.role == "player" else None


KEPT = 64  # maps kept (some 100 kB each)
_kept: OrderedDict[Hashable, str] = OrderedDict()
_keeping = threading.Lock()


def map_picture(judge: Judge, seen: Seen, phase: int | None = None) -> str | None:
    """The SVG of the pending phase (``phase`` None) or of processed phase ``phase``
    (1 to the game's phase); None when there is no such phase.  (Only Machiavelli's
    maps are kept: another kind's picture is small and drawn anew.)"""
    key = picture_key(seen, phase) if seen.view.kind == "machiavelli" else None
    if key is not None:
        with _keeping:
            found = _kept.get(key)
            if found is not None:
                _kept.move_to_end(key)
                return found
    svg = draw_picture(judge, seen, phase)
    if key is not None and svg is not None:
        with _keeping:
            _kept[key] = svg
            while len(_kept) > KEPT:
                _kept.popitem(last=False)
    return svg


def picture_key(seen: Seen, phase: int | None) -> Hashable | None:
    """Everything the map of ``phase`` (None: the pending one) is drawn from, for this
    viewer (None: not kept)."""
    view = seen.view
    who = render_name(seen.viewer)
    if phase is not None:
        if not 1 <= phase <= len(view.history):
            return None
        row = view.history[phase - 1]
        written = {"report": row.report, "orders": row.orders,
                   "position": row.position.to_dict()}
        return ("done", view.name, view.scenario, view.players, who, phase, row.label,
                row.created_at.isoformat(), _digest(written))
    shown = {"state": view.state.to_dict(), "status": view.status,
             "orders": {p: s.lines for p, s in view.orders.items()},
             "plague": _plague(seen, len(view.history) + 1) if view.status != "forming"
             else []}
    return ("pending", view.name, view.scenario, view.players, who, _digest(shown))


def _digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def draw_picture(judge: Judge, seen: Seen, phase: int | None = None) -> str | None:
    """:func:`map_picture`, drawn anew by the service."""
    svg = judge.picture(seen.view.name, seen.viewer, phase, results=phase is not None)
    return None if isinstance(svg, Refused) else svg


def _plague(seen: Seen, number: int) -> list[str]:
    """What the plague marks on the map of phase ``number`` depend on: the report that
    led to its position, when that position is a summer movement."""
    view = seen.view
    shown = view.start_position if number <= 1 else view.history[number - 2].position
    if shown is None or not (shown.season == "summer" and shown.phase == "movement"):
        return []
    return [view.start if number <= 1 else view.history[number - 2].report]
