"""The judge by mail through the JSON API: ``POST /api/v1/games/{name}/password`` (the
password a seat signs on with by mail) and ``POST /api/v1/judge`` (nJudge's command
language, as in a mail to the judge, for the key's user)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from machiavelli.commands.interpreter import judge_text
from machiavelli.service.refusal import Refused
from machiavelli.web.api import TEXT, IdempotencyKey, once, seen_of
from machiavelli.web.api_keys import KeyUser
from machiavelli.web.game_pages import set_mail_password, sign_on_line
from machiavelli.web.sessions import user_named
from machiavelli.web.site import site_of

router = APIRouter(prefix="/api/v1", tags=["judge"])


class MailSeat(BaseModel):
    name: str
    role: str
    sign_on: str = Field(description="the SIGN ON line of the seat's mails")


class JudgeReply(BaseModel):
    reply: str


class MailPassword(BaseModel):
    password: str = Field(max_length=64, description="1 to 64 letters and digits")


@router.post("/games/{name}/password")
def mail_password(request: Request, name: str, body: MailPassword, user: KeyUser
                  ) -> MailSeat:
    """Set (or reset) the password the user's seat signs on with by mail (``SIGN ON``)."""
    seen = seen_of(request, name, user)
    seat = set_mail_password(site_of(request).judge, seen, user, body.password)
    if isinstance(seat, Refused):
        raise HTTPException(400 if seen.seated else 403, seat.reason)
    return MailSeat(name=seat.name, role=seat.role, sign_on=sign_on_line(seen) or "")


class JudgeText(BaseModel):
    text: str = Field(max_length=TEXT)


@router.post("/judge", response_model=JudgeReply)
def judge_commands(request: Request, body: JudgeText, user: KeyUser,
                   idempotency_key: IdempotencyKey = None) -> JudgeReply | Response:
    """nJudge's command language, as in a mail to the judge (``SIGN ON``, orders,
    ``PRESS``, ``SET`` ...): the commands of ``text`` carried out for the key's user (its
    address is the sender; its name when it has none) and the judge's reply."""
    site = site_of(request)
    account = user_named(site.judge.db, user)
    sender = account.email if account is not None and account.email else user
    source = f"web:{request.client.host if request.client else '?'}"
    return once(request, idempotency_key, body, lambda: JudgeReply(
        reply=judge_text(site.judge, sender, body.text, source=source)))
