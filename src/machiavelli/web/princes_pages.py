"""The pages of a *Princes of the Renaissance* game (spec princes.md section 4.6): making
one, and its game page.

Everything goes through the service's :class:`~machiavelli.service.judge.Judge` and the
game port: the board in words is the kind's sight of the position
(``view.state["board"]``, as the viewer may see it), the choices are the port's ``legal``
and the command box is checked line by line with its ``read`` (``/games/{name}/check``,
shared with Machiavelli's page) before it is sent.  An answer is stored with the seat's
earlier lines for the same decision (a free act, such as a bank exchange, waits for the
line that takes the decision), and a decision with one owner is resolved the moment it
is complete.

The page polls ``/games/{name}/live`` every few seconds: nothing comes back while the
game waits for the same decision, and the board with the next decision when it has
moved on (a live auction is followed without reloading the page).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import HTMLResponse

from machiavelli.service.games import NewGame, Settings
from machiavelli.service.house.deadlines import DeadlinePolicy
from machiavelli.service.judge import Judge
from machiavelli.service.port import Choice
from machiavelli.service.refusal import Refused
from machiavelli.web.press_view import press_context
from machiavelli.web.seen import Seen, deadline_of, free_powers, look
from machiavelli.web.site import (
    CheckedForm,
    back,
    render,
    signed_in,
    site_of,
    text_field,
    user_of,
)

router = APIRouter(include_in_schema=False)

KIND = "princes"
#: the acts that do not take the decision: written with the line that does
FREE_ACTS = frozenset({"bank_exchange", "give", "play_steal", "lucrezia_steal",
                       "free_traitor", "declare_war_card"})
#: a group with more fixed lines than this is a list to choose from, not buttons
BUTTONS = 6
#: the schedules of a Princes game's decisions, with their titles (spec section 4.4.2)
SCHEDULES = (("action", "Action"), ("bid", "Bid"), ("reaction", "Reaction"))
POLL_SECONDS = 2
AMOUNT = "{n}"


def page_of(name: str) -> str:
    return f"/games/{name}"


# ----------------------------------------------------------------------
# Making a game
# ----------------------------------------------------------------------
def setup_rows() -> list[dict[str, Any]]:
    """The Princes set-ups a game starts from (start auction on side A or B, or the
    beginners' set-up), as the create form lists them."""
    return [{"name": s.name, "title": s.title, "players": list(s.players),
             "options": dict(s.options)} for s in Judge.setups(KIND)]


def _hours(field: dict[str, str], key: str) -> float | None | Refused:
    text = field.get(key, "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        return Refused(f"{key.replace('_', ' ')}: {text!r} is not a number of hours")
    if not 0 < value <= 24 * 30:
        return Refused(f"{key.replace('_', ' ')}: {value:g} hours is out of range "
                       "(more than 0, at most 720)")
    return value


def form_game(field: dict[str, str]) -> NewGame | Refused:
    """The Princes game the create form asks for (``name``, ``setup``, ``players``,
    ``open_money``, the hours of each decision's deadline, ``private``,
    ``invite_only``)."""
    players_text = field.get("players", "").strip()
    deadlines: dict[str, Any] = {}
    for schedule, _ in SCHEDULES:
        hours = _hours(field, f"{schedule}_hours")
        if isinstance(hours, Refused):
            return hours
        if hours is not None:
            deadlines[schedule] = {"next": hours}
    bank = _hours(field, "bank_hours")
    if isinstance(bank, Refused):
        return bank
    if bank is not None:
        deadlines["bank_hours"] = bank
    return new_game(field.get("name", ""), field.get("setup", ""),
                    int(players_text) if players_text.isdigit() else None,
                    open_money=field.get("open_money") == "on", deadlines=deadlines,
                    private=field.get("private") == "on",
                    invite_only=field.get("invite_only") == "on",
                    catalogue=field.get("catalogue", ""))


def new_game(name: str, setup: str, players: int | None, *, open_money: bool = False,
             deadlines: dict[str, Any] | None = None, private: bool = False,
             invite_only: bool = False, catalogue: str = "") -> NewGame | Refused:
    """A new Princes game (the create form's and the API's), its settings checked;
    ``catalogue``: a catalogue override as JSON text (the kind reads and checks it when
    the game is made: the option ``catalogue {...}``)."""
    if setup not in {s["name"] for s in setup_rows()}:
        return Refused(f"choose a set-up: {', '.join(s['name'] for s in setup_rows())}")
    if players is None or not 3 <= players <= 6:
        return Refused("a Princes game has 3 to 6 players")
    try:
        settings = Settings(private=private, invite_only=invite_only,
                            deadlines=DeadlinePolicy.from_dict(deadlines or {}).to_dict())
    except (ValueError, TypeError, KeyError) as err:
        return Refused(str(err).strip("'\""))
    flags: tuple[str, ...] = ("open money",) if open_money else ()
    if catalogue.strip():
        flags += (f"catalogue {catalogue.strip()}",)
    return NewGame(name.strip(), setup, players, flags, settings=settings, kind=KIND)


def _create_form(request: Request, field: dict[str, str], problem: str = "",
                 status: int = 200) -> Response:
    return render(request, "princes_create.html", status=status, setups=setup_rows(),
                  schedules=SCHEDULES, defaults=DeadlinePolicy(), field=field,
                  problem=problem)


@router.get("/games/new/princes", response_class=HTMLResponse)
def create_page(request: Request) -> Response:
    signed_in(request)
    return _create_form(request, {})


@router.post("/games/new/princes")
def create(request: Request, form: CheckedForm) -> Response:
    user = signed_in(request)
    field = {k: text_field(form, k) for k in form}
    new = form_game(field)
    made = site_of(request).judge.create_game(new, master=user, start=False) \
        if not isinstance(new, Refused) else new
    if isinstance(made, Refused):
        return _create_form(request, field, made.reason, 400)
    return back(page_of(made.name), said="The game is made: players may join it now; "
                                         "start it from the master's console.")


# ----------------------------------------------------------------------
# The game page
# ----------------------------------------------------------------------
def amount_template(choice: Choice) -> str | None:
    """A ranged choice's line with its amount as ``{n}`` (``BID 6`` -> ``BID {n}``)."""
    if choice.low is None or choice.high is None:
        return None
    words = choice.line.split(" ")
    for i in range(len(words) - 1, -1, -1):
        if words[i].isdigit() and choice.low <= int(words[i]) <= choice.high:
            return " ".join([*words[:i], AMOUNT, *words[i + 1:]])
    return None


def subject(about: str) -> str:
    """What a choice is about, its item left out (``auction city doge``: ``auction
    city``): the items of one kind are chosen from one list."""
    words = about.split(" ")
    return " ".join(words[:2]) if words[0] == "auction" else about


def choice_groups(choices: list[Choice]) -> list[dict[str, Any]]:
    """The seat's legal choices as the page offers them: per subject, buttons, a list
    to choose from, or an amount between its bounds (with a list of the items it may be
    bid on); the free acts last."""
    groups: dict[str, dict[str, Any]] = {}
    for choice in choices:
        key = subject(choice.about)
        group = groups.setdefault(key, {
            "about": key.replace("_", " "), "free": choice.about in FREE_ACTS,
            "lines": [], "amounts": []})
        template = amount_template(choice)
        if template is None:
            group["lines"].append(choice.line)
        elif all(a["template"] != template for a in group["amounts"]):
            group["amounts"].append({"template": template, "low": choice.low,
                                     "high": choice.high,
                                     "label": template.replace(AMOUNT, "…")})
    out = sorted(groups.values(), key=lambda g: g["free"])
    for group in out:
        group["list"] = len(group["lines"]) > BUTTONS
        amounts = group["amounts"]
        group["low"] = min((a["low"] for a in amounts), default=0)
        group["high"] = max((a["high"] for a in amounts), default=0)
    return out


def _own(seen: Seen) -> str | None:
    viewer = seen.viewer
    return viewer.power if viewer.role == "player" else None


def context(request: Request, seen: Seen) -> dict[str, Any]:
    view = seen.view
    board = view.state.get("board") if isinstance(view.state, dict) else None
    own = _own(seen)
    decision = view.decision
    owes = bool(own and decision is not None and own in decision.seats
                and view.status == "playing")
    choices: list[Choice] = []
    if owes and own is not None:
        found = site_of(request).judge.legal(view.name, seen.viewer, own)
        choices = [] if isinstance(found, Refused) else found
    families = board["families"] if board else []
    mine = next((f for f in families if f["seat"] == own), None)
    user = user_of(request)
    answer = view.orders.get(own) if own else None
    standing: tuple[str, ...] | Refused = ()
    if own is not None and view.status in ("playing", "paused"):
        standing = site_of(request).judge.standing_orders(view.name, seen.viewer, own)
    return {
        "seen": seen, "view": view, "board": board, "own": own, "mine": mine,
        "viewer": seen.viewer, "is_master": seen.viewer.is_master,
        "decision": decision, "owes": owes, "groups": choice_groups(choices),
        "answer": answer, "deadline": deadline_of(view), "free": free_powers(view),
        "private": view.private.get(own, "") if own else "",
        "waiting": _waiting(view.decision, families),
        "may_join": user is not None and not seen.seated and view.status == "forming",
        "may_take": user is not None and not seen.seated and not seen.settings.invite_only,
        "joined": seen.seated and view.status == "forming",
        "by_mail": seen.seated and seen.viewer.role != "observer",
        "sign_on": _sign_on(seen), "poll": POLL_SECONDS, "live_key": live_key(seen),
        "standing": () if isinstance(standing, Refused) else standing,
        "bank": bank_left(view.clock.get("bank"), families),
        **press_context(view, seen.viewer, seen.settings, own),
    }


def bank_left(bank: object, families: list[dict[str, Any]]) -> list[str]:
    """Each seat's time bank left, in words (a live game's; empty without one)."""
    if not isinstance(bank, dict) or not isinstance(bank.get("left"), dict):
        return []
    titles = {f["seat"]: f["title"] for f in families}
    out = []
    for seat, seconds in sorted(bank["left"].items()):
        minutes = int(float(seconds)) // 60
        out.append(f"{titles.get(seat, seat)}: {minutes // 60} h {minutes % 60:02d} min")
    return out


def _waiting(decision: Any, families: list[dict[str, Any]]) -> str:
    """Whose decision it is, in words (every seat, for a simultaneous one)."""
    if decision is None:
        return ""
    if decision.simultaneous:
        return "every seat (sealed answers)"
    titles = {f["seat"]: f["title"] for f in families}
    return ", ".join(titles.get(s, s) for s in decision.seats)


def _sign_on(seen: Seen) -> str | None:
    """How the visitor signs on by mail: the seat's number and the game
    (``SIGN ON 2game``), ``mgame`` for a master."""
    if seen.viewer.is_master:
        return f"SIGN ON m{seen.view.name}"
    own = _own(seen)
    if own is None:
        return None
    number = next((k for k, p in Judge.power_letters(seen.view).items() if p == own), None)
    return f"SIGN ON {number}{seen.view.name}" if number else None


def live_key(seen: Seen) -> str:
    """What the page was drawn from: the decision pending and the game's status."""
    return f"{seen.view.phase}-{seen.view.status}"


def game_page(request: Request, seen: Seen) -> Response:
    return render(request, "princes_game.html", **context(request, seen))


def seen_of(request: Request, name: str) -> Seen:
    seen = look(site_of(request).judge, name, user_of(request))
    if isinstance(seen, Refused):
        raise HTTPException(404, seen.reason)
    if seen.view.kind != KIND:
        raise HTTPException(404, f"{name} is not a Princes game")
    return seen


@router.get("/games/{name}/live", response_class=HTMLResponse)
def live(request: Request, name: str, key: str = "") -> Response:
    """The live part of the page once the game has moved on from ``key`` (else 204:
    nothing to change)."""
    seen = seen_of(request, name)
    if key == live_key(seen):
        return Response(status_code=204)
    return render(request, "princes_live.html", **context(request, seen))


def answer_text(form: dict[str, Any]) -> str:
    """The lines a form sends: the command box, a button's line, or an amount put into
    its line (``BID {n}`` with 12: ``BID 12``)."""
    template = text_field(form, "template")
    if template:
        amount = text_field(form, "amount").strip()
        if not re.fullmatch(r"\d{1,6}", amount):
            return template.replace(AMOUNT, amount or "(no amount)")
        return template.replace(AMOUNT, amount)
    return text_field(form, "line") or text_field(form, "orders")


@router.post("/games/{name}/act")
def act(request: Request, name: str, form: CheckedForm) -> Response:
    """A seat's answer to the pending decision (a master names the seat it acts for)."""
    signed_in(request)
    seen = seen_of(request, name)
    power = text_field(form, "power").strip() or None if seen.viewer.is_master else None
    text = answer_text(form)
    if not text.strip():
        return back(page_of(name), bad="Nothing to send: choose or write an answer.")
    stored = site_of(request).judge.submit_orders(name, seen.viewer, power, text,
                                                  phase=seen.view.phase, refused_keeps=True)
    if isinstance(stored, Refused):
        return back(page_of(name), bad=stored.reason)
    if stored.standing is not None and not stored.resolved and not \
            [e for e in stored.errors if e.line > 0]:
        return back(page_of(name), said=f"{stored.power}: standing orders: "
                    + ("; ".join(stored.standing) or "none") + ".")
    return _said(name, stored.power, stored.resolved, stored.lines, stored.errors)


def _said(name: str, seat: str, resolved: str, lines: list[str], errors: list[Any]
          ) -> Response:
    """Back to the page, saying what became of the answer."""
    to = page_of(name)
    refused = [e for e in errors if e.line > 0]
    if refused:
        return back(to, bad="Refused: " + "; ".join(f"line {e.line} ({e.text}): {e.reason}"
                                                   for e in refused))
    if resolved:
        return back(to, said=f"{seat}: {'; '.join(lines)}. {resolved}.")
    if errors:
        return back(to, said=f"{seat}: kept {'; '.join(lines)}; {errors[0].reason}: send "
                             "the line that takes the decision.")
    return back(to, said=f"{seat}: your answer is in ({'; '.join(lines)}); waiting for the "
                         "other seats or the deadline.")


def is_princes(judge: Judge, name: str) -> bool:
    """Whether game ``name`` is a Princes game (its pages are this module's)."""
    return judge.game_kind(name) == KIND
