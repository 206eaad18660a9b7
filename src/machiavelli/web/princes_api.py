"""The JSON API's doors of a game that decides one decision at a time (Princes of the
Renaissance, spec princes.md section 4.6): ``POST /api/v1/games/{name}/act`` sends one
answer (the command language's lines; a free act waits for the line that takes the
decision; standing orders are kept apart) and answers with what became of it and the
decision pending now; ``GET /api/v1/games/{name}/standing`` gives the caller's standing
orders.  The view, legal choices and checks are the common doors (``/games/{name}``,
``/legal``, ``/check``: :mod:`machiavelli.web.api`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from machiavelli.service.refusal import Refused
from machiavelli.web.api import TEXT, IdempotencyKey, acting, once, refusal, seen_of
from machiavelli.web.api_keys import KeyUser
from machiavelli.web.site import site_of

router = APIRouter(prefix="/api/v1", tags=["princes"])


class Act(BaseModel):
    text: str = Field(max_length=TEXT, examples=["EXCHANGE 3 GOLD FOR INFLUENCE\nBID 14"])
    power: str | None = Field(None, description="the seat a master acts for")


class Pending(BaseModel):
    kind: str
    seats: list[str]
    simultaneous: bool
    label: str


class Acted(BaseModel):
    seat: str
    stored: list[str] = Field(description="the seat's answer lines kept so far")
    errors: list[dict[str, Any]] = Field(description="each refused line: line, text, "
                                         "reason (line 0: the decision still waits)")
    resolved: str = Field(description="the decision the answer took, in words (\"\": it "
                          "waits for the other seats or the deadline)")
    standing: list[str] | None = Field(None, description="the seat's standing orders, "
                                       "when the text gave some")
    pending: Pending | None = Field(description="the decision pending now")


def _pending(request: Request, name: str, user: str) -> Pending | None:
    decision = seen_of(request, name, user).view.decision
    return None if decision is None else Pending(
        kind=decision.kind, seats=list(decision.seats), simultaneous=decision.simultaneous,
        label=decision.label)


@router.post("/games/{name}/act", response_model=Acted)
def act(request: Request, name: str, body: Act, user: KeyUser,
        idempotency_key: IdempotencyKey = None) -> Acted | Response:
    """One answer to the pending decision (a text whose every line is refused: 400)."""
    seen = seen_of(request, name, user)
    power = acting(request, name, seen.viewer, body.power)

    def run() -> Acted:
        stored = refusal(site_of(request).judge.submit_orders(
            name, seen.viewer, power, body.text, refused_keeps=True))
        return Acted(seat=stored.power, stored=stored.lines, resolved=stored.resolved,
                     errors=[{"line": e.line, "text": e.text, "reason": e.reason}
                             for e in stored.errors],
                     standing=None if stored.standing is None else list(stored.standing),
                     pending=_pending(request, name, user))
    return once(request, idempotency_key, body, run)


@router.get("/games/{name}/standing")
def standing(request: Request, name: str, user: KeyUser, power: str | None = None
             ) -> dict[str, Any]:
    """The caller's standing orders (a master: ``?power=``'s)."""
    seen = seen_of(request, name, user)
    chosen = acting(request, name, seen.viewer, power)  # another seat than its own: 403
    seat = seen.viewer.power if seen.viewer.role == "player" else chosen
    if seat is None:
        raise HTTPException(403, "standing orders are for your own seat (a master: name one)")
    found = site_of(request).judge.standing_orders(name, seen.viewer, seat)
    if isinstance(found, Refused):
        raise HTTPException(403, found.reason)
    return {"seat": seat, "standing": list(found)}
