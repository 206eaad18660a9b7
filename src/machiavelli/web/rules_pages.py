"""The rules page: the rule index, one anchor per rule id (``/rules#EXP-D``), which the
order checker's and the reports' reasons link to."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from machiavelli.service.judge import Judge
from machiavelli.web.site import render

router = APIRouter(include_in_schema=False)


@router.get("/rules", response_class=HTMLResponse)
def rules(request: Request) -> HTMLResponse:
    sections: dict[str, list[dict[str, str]]] = {}
    for section, rule_id, text, source in Judge.rules():
        sections.setdefault(section, []).append({"id": rule_id, "text": text,
                                                 "source": source})
    return render(request, "rules.html", sections=sections)
