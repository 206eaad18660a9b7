"""The account pages: sign up, log in (password or mailed link), log out, API keys, the
mails about their games a player asks for (results, reminders: sent by the mail judge)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from machiavelli.service.accounts import ALERTS
from machiavelli.service.backoff import in_words
from machiavelli.service.refusal import Refused
from machiavelli.web import sessions
from machiavelli.web.site import (
    CheckedForm,
    back,
    clock,
    list_field,
    render,
    set_session_cookie,
    signed_in,
    site_of,
    text_field,
    visitor_of,
)

router = APIRouter(include_in_schema=False)


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _signed_in_as(request: Request, user_id: int, to: str, said: str = "") -> Response:
    """A new session for ``user_id`` (the old one is ended: no session fixation)."""
    site = site_of(request)
    visitor = visitor_of(request)
    token, _ = sessions.sign_in_session(site.judge.db, visitor.token if visitor else None,
                                        user_id, clock())
    response = back(to, said=said)
    set_session_cookie(response, token, site.config)
    return response


def _safe_next(value: str) -> str:
    return value if value.startswith("/") and not value.startswith("//") else "/"


@router.get("/signup")
def signup_page(request: Request) -> Response:
    return render(request, "signup.html", name="", email="")


@router.post("/signup")
def signup(request: Request, form: CheckedForm) -> Response:
    site = site_of(request)
    name, email = text_field(form, "name").strip(), text_field(form, "email").strip()
    password = text_field(form, "password")
    if password != text_field(form, "again"):
        return render(request, "signup.html", status=400, name=name, email=email,
                      problem="The two passwords differ.")
    if email and ("@" not in email or len(email) > 256 or any(c.isspace() for c in email)):
        return render(request, "signup.html", status=400, name=name, email=email,
                      problem="That is not a mail address.")
    # the address is the user's only once they follow the link mailed to it
    user = site.judge.add_user(name, password, None)
    if isinstance(user, Refused):
        return render(request, "signup.html", status=400, name=name, email=email,
                      problem=user.reason)
    if email:
        sessions.mail_address_check(site.judge.db, user.id, user.name, email,
                                    site.config.base_url, clock())
    return _signed_in_as(request, user.id, "/", said=f"Welcome, {user.name}." + (
        f" A link to confirm {email} is on its way to it." if email else ""))


@router.get("/login")
def login_page(request: Request, next: str = "/") -> Response:
    return render(request, "login.html", name="", next=_safe_next(next))


@router.post("/login")
def login(request: Request, form: CheckedForm) -> Response:
    site = site_of(request)
    name, password = text_field(form, "name").strip(), text_field(form, "password")
    to = _safe_next(text_field(form, "next", "/"))
    counters = sessions.login_counters(name, _address(request))
    now = clock()
    wait = sessions.wait_for(site.judge.db, "login", counters, now)
    if wait:
        page = render(request, "login.html", status=429, name=name, next=to,
                      problem=f"Too many failed log-ins from here: try again in "
                              f"{in_words(wait)}, or ask for a log-in link by mail.")
        page.headers["retry-after"] = str(max(1, int(wait.total_seconds())))
        return page
    user = site.judge.sign_in(name, password)
    keys = [key for key, _ in counters]
    if isinstance(user, Refused):
        sessions.record_attempt(site.judge.db, "login", keys, now)
        return render(request, "login.html", status=401, name=name, next=to,
                      problem="Unknown user or wrong password.")
    sessions.forget_attempts(site.judge.db, "login", keys[:1])
    return _signed_in_as(request, user.id, to)


@router.post("/logout")
def logout(request: Request, form: CheckedForm) -> Response:
    visitor = visitor_of(request)
    sessions.end_session(site_of(request).judge.db, visitor.token if visitor else None)
    response = back("/", said="Signed out.")
    response.delete_cookie("machiavelli_session", path="/")
    return response


@router.get("/login/link")
def link_page(request: Request) -> Response:
    return render(request, "login_link.html")


@router.post("/login/link")
def ask_link(request: Request, form: CheckedForm) -> Response:
    """Mail a log-in link; the answer is the same whether the user exists or not."""
    site = site_of(request)
    wanted = text_field(form, "who").strip()
    keys = sessions.attempt_keys(wanted, _address(request))
    now = clock()
    if sessions.too_many(site.judge.db, "link", keys, now, limit=3):
        return render(request, "login_link.html", status=429,
                      problem="Too many links asked for: wait a quarter of an hour.")
    sessions.record_attempt(site.judge.db, "link", keys, now)
    user = sessions.user_named(site.judge.db, wanted)
    if user is not None:
        sessions.mail_login_link(site.judge.db, user, site.config.base_url, now)
    return render(request, "login_link.html", sent=True)


@router.get("/login/link/{token}")
def use_link(request: Request, token: str) -> Response:
    """Following a link shows a button: a GET changes nothing (mail scanners follow
    links), the POST signs in."""
    return render(request, "login_link.html", token=token)


@router.post("/login/link/{token}")
def sign_in_by_link(request: Request, token: str,
                    form: CheckedForm) -> Response:
    user_id = sessions.use_login_link(site_of(request).judge.db, token, clock())
    if user_id is None:
        return render(request, "login_link.html", status=400,
                      problem="This link has expired or has been used: ask for a new one.")
    return _signed_in_as(request, user_id, "/", said="Signed in.")


@router.get("/account/address/{token}")
def address_page(request: Request, token: str) -> Response:
    """The link mailed to a new address: a button (a GET verifies nothing, since mail
    scanners follow links)."""
    return render(request, "address.html", token=token)


@router.post("/account/address/{token}")
def verify_address(request: Request, token: str, form: CheckedForm) -> Response:
    site = site_of(request)
    found = sessions.use_address_check(site.judge.db, token, clock())
    if found is None:
        return render(request, "address.html", status=400,
                      problem="This link has expired or has been used.")
    done = site.judge.set_email(found[0], found[1])
    if isinstance(done, Refused):
        return render(request, "address.html", status=400, problem=done.reason)
    return render(request, "address.html", verified=found[1])


def _account_page(request: Request, new_key: str | None = None) -> Response:
    name = signed_in(request)
    site = site_of(request)
    visitor = visitor_of(request)
    assert visitor is not None and visitor.user_id is not None
    keys = sessions.api_keys(site.judge.db, visitor.user_id)
    user = sessions.user_by_id(site.judge.db, visitor.user_id)
    pending = sessions.pending_address(site.judge.db, visitor.user_id, clock())
    return render(request, "account.html", name=name, keys=keys,
                  email=user.email if user else None, pending=pending, new_key=new_key,
                  offered=ALERTS, alerts=user.alerts if user else ())


@router.get("/account")
async def account(request: Request) -> Response:
    return await run_in_threadpool(_account_page, request)


@router.post("/account/keys")
def make_key(request: Request, form: CheckedForm) -> Response:
    signed_in(request)
    site = site_of(request)
    visitor = visitor_of(request)
    assert visitor is not None and visitor.user_id is not None
    key = sessions.make_api_key(site.judge.db, visitor.user_id, text_field(form, "label"),
                                clock())
    return _account_page(request, key)


@router.post("/account/alerts")
def set_alerts(request: Request, form: CheckedForm) -> Response:
    """The mails about their games the user asks for (none: the boxes left empty)."""
    signed_in(request)
    visitor = visitor_of(request)
    assert visitor is not None and visitor.user_id is not None
    done = site_of(request).judge.set_alerts(visitor.user_id, list_field(form, "alerts"))
    if isinstance(done, Refused):
        return back("/account#mail", bad=f"Not changed: {done.reason}.")
    said = ("Saved: mail me " + "; ".join(ALERTS[a] for a in done.alerts) + "."
            if done.alerts else "You will get no mail about your games.")
    return back("/account#mail", said=said)


@router.post("/account/keys/{key_id}/revoke")
def revoke_key(request: Request, key_id: int,
               form: CheckedForm) -> Response:
    signed_in(request)
    visitor = visitor_of(request)
    assert visitor is not None and visitor.user_id is not None
    done = sessions.revoke_key(site_of(request).judge.db, visitor.user_id, key_id)
    return back("/account", said="Key revoked." if done else "",
                bad="" if done else "No such key.")
