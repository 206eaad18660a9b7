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

import gzip
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Hashable

from fastapi import Request, Response

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.seen import Seen


def render_name(viewer: Viewer) -> str | None:
    """Who a map is drawn for: a power's name (every power a player holds, by spaces), the
    master (``*``), or the public (None)."""
    if viewer.is_master:
        return "*"
    if viewer.role != "player":
        return None
    return " ".join(sorted(viewer.held)) if len(viewer.held) > 1 else viewer.power


KEPT = 64  # maps kept (some 100 kB each)
_kept: OrderedDict[Hashable, str] = OrderedDict()
_packed: OrderedDict[str, bytes] = OrderedDict()  # an SVG's ETag -> the SVG gzipped
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
                   "position": _plain(row.position)}
        return ("done", view.name, view.scenario, view.players, who, phase, row.label,
                row.created_at.isoformat(), _digest(written))
    shown = {"state": _plain(view.state), "status": view.status,
             "orders": {p: s.lines for p, s in view.orders.items()},
             "plague": _plague(seen, len(view.history) + 1) if view.status != "forming"
             else []}
    return ("pending", view.name, view.scenario, view.players, who, _digest(shown))


def _digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def _plain(position: object) -> object:
    """A position as plain data (Machiavelli's ``State.to_dict``; another kind's view is
    plain data already)."""
    to_dict = getattr(position, "to_dict", None)
    return to_dict() if callable(to_dict) else position


def draw_picture(judge: Judge, seen: Seen, phase: int | None = None) -> str | None:
    """:func:`map_picture`, drawn anew by the service."""
    svg = judge.picture(seen.view.name, seen.viewer, phase, results=phase is not None)
    return None if isinstance(svg, Refused) else svg


def _plague(seen: Seen, number: int) -> list[str]:
    """What the plague marks on the map of phase ``number`` depend on: the report that
    led to its position, when that position is a summer movement."""
    view = seen.view
    shown = view.start_position if number <= 1 else view.history[number - 2].position
    if getattr(shown, "season", None) != "summer" or getattr(shown, "phase", None) != "movement":
        return []
    return [view.start if number <= 1 else view.history[number - 2].report]


def map_answer(request: Request, judge: Judge, seen: Seen, phase: int | None = None
               ) -> Response | None:
    """The map of ``phase`` (None: the pending one) as an HTTP answer, or None when there
    is no such phase.

    - **Compressed**: gzipped (some 120 kB to 20 kB) when the browser accepts it, each
      map gzipped once (the last :data:`KEPT` kept, under their ETag).
    - **Cacheable per phase**: an ``ETag`` (the SVG's digest; ``If-None-Match`` is
      answered ``304``).  A map drawn for a seat (a power's player, an observer's seat,
      the master) is ``private``: a browser keeps it, a shared cache never.  The public's
      map of a processed phase is ``public`` for a minute (a roll back writes the phase
      anew, and its ETag changes); the pending phase's is asked again each time
      (``no-cache``: the ETag saves the drawing and the transfer).
    """
    svg = map_picture(judge, seen, phase)
    if svg is None:
        return None
    packs = "gzip" in request.headers.get("accept-encoding", "").lower()
    tag = '"' + hashlib.sha256(svg.encode()).hexdigest()[:32] + ('-gz"' if packs else '"')
    seat = seen.seated or seen.viewer.role != "public" or seen.settings.private
    headers = {"etag": tag, "vary": "Accept-Encoding, Cookie, Authorization",
               "cache-control": ("private, no-cache" if seat
                                 else "public, max-age=60" if phase is not None
                                 else "public, no-cache")}
    if tag in _tags(request.headers.get("if-none-match", "")):
        return Response(status_code=304, headers=headers)
    if not packs:
        return Response(svg, media_type="image/svg+xml", headers=headers)
    with _keeping:
        body = _packed.get(tag)
        if body is not None:
            _packed.move_to_end(tag)
    if body is None:
        body = gzip.compress(svg.encode(), compresslevel=6, mtime=0)
        with _keeping:
            _packed[tag] = body
            while len(_packed) > KEPT:
                _packed.popitem(last=False)
    return Response(body, media_type="image/svg+xml",
                    headers={**headers, "content-encoding": "gzip"})


def _tags(header: str) -> set[str]:
    """The ETags an ``If-None-Match`` header names (weak ones as strong)."""
    return {t.strip().removeprefix("W/") for t in header.split(",") if t.strip()}
