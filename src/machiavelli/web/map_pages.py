"""The map on the game page: the picture (gzipped, cacheable per phase), and the legal
orders that click-to-order lists (``static/mapview.js``).

- ``GET /games/NAME/map.svg`` (``?phase=N``: processed phase N) is the picture drawn for
  the visitor (:func:`~machiavelli.web.pictures.map_answer`: ETag, gzip, ``private`` for a
  seat's view).
- ``GET /games/NAME/legal.json`` is the API's ``/legal`` for the browser's session: the
  visitor's power's legal orders by unit (a master names the power it acts for), the
  same list (:func:`~machiavelli.web.seen.legal_for`), nothing for anyone else.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import JSONResponse

from machiavelli.service.refusal import Refused
from machiavelli.web.pictures import map_answer
from machiavelli.web.seen import Seen, legal_for, look
from machiavelli.web.site import site_of, user_of

router = APIRouter(include_in_schema=False)


def _seen(request: Request, name: str) -> Seen:
    seen = look(site_of(request).judge, name, user_of(request), history=True)
    if isinstance(seen, Refused):
        raise HTTPException(404, seen.reason)
    return seen


@router.get("/games/{name}/map.svg")
def map_svg(request: Request, name: str, phase: int | None = None) -> Response:
    """The map as this visitor may see it: the pending phase, or processed ``phase``."""
    answer = map_answer(request, site_of(request).judge, _seen(request, name), phase)
    if answer is None:
        raise HTTPException(404, f"no processed phase {phase}")
    return answer


@router.get("/games/{name}/legal.json")
def legal_json(request: Request, name: str, power: str | None = None) -> Response:
    """The legal orders of the visitor's power in the pending phase, by what they are
    about (``unit ver AF``: the unit in Verona, army or fleet; ``unit ven G``: its
    garrison; ``ally Milan``...).  A master names the power (``?power=``), a player may
    name one it orders for (else its own); anyone else gets an empty list."""
    seen = _seen(request, name)
    viewer = seen.viewer
    chosen = power if viewer.is_master else None
    if viewer.role == "player":  # its own power, or another it may order for
        chosen = power if power and viewer.may_see_power(power) else viewer.power
    orders: dict[str, list[str]] = {}
    if chosen in seen.view.powers and seen.view.status in ("playing", "paused"):
        orders = legal_for(site_of(request).judge, seen, chosen)
    return JSONResponse({"power": chosen if orders else None, "phase": seen.view.phase,
                         "label": seen.view.label, "orders": orders},
                        headers={"cache-control": "private, no-store"})
