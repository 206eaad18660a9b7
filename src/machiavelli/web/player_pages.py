"""The players' ratings (seed 000 XI): ``/players``, the table of every rated player and
the Ratings Chart; ``/players/{name}``, a player's rating and finished games."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import HTMLResponse

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.web.site import render, site_of

router = APIRouter()


@router.get("/players", response_class=HTMLResponse)
def players_page(request: Request) -> Response:
    return render(request, "players.html", ratings=site_of(request).judge.ratings(),
                  chart=Judge.ratings_chart())


@router.get("/players/{name}", response_class=HTMLResponse)
def player_page(request: Request, name: str) -> Response:
    record = site_of(request).judge.player_record(name)
    if isinstance(record, Refused):
        raise HTTPException(404, record.reason)
    return render(request, "player.html", record=record)
