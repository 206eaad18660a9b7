"""The master's console: start, process now, extend, pause and resume, roll back, seat,
eject or replace a player, seat or unseat a bot, and act as any power (orders, readiness,
press)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import HTMLResponse

from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer
from machiavelli.web import creation
from machiavelli.web.game_pages import game_context, phase_names, seen_or_404
from machiavelli.web.seated_bots import seat_bot, seated_rows, unseat_bot
from machiavelli.web.seen import Seen, check_lines
from machiavelli.web.site import (
    CheckedForm,
    Site,
    back,
    render,
    signed_in,
    site_of,
    text_field,
)

router = APIRouter(include_in_schema=False)
ACTIONS = ("start", "process", "extend", "pause", "resume", "rollback", "eject", "replace",
           "seat", "bot", "unseat")


def master_seen(request: Request, name: str, *, history: bool = False) -> Seen:
    signed_in(request)
    seen = seen_or_404(request, name, history=history)
    if not seen.viewer.is_master:
        raise HTTPException(403, "Only the game's master may use the console.")
    return seen


@router.get("/games/{name}/master", response_class=HTMLResponse)
def console(request: Request, name: str, power: str | None = None) -> Response:
    seen = master_seen(request, name, history=True)
    context = game_context(request, seen, None)
    acting = power if power in seen.view.powers else None
    sheet = seen.view.orders.get(acting) if acting else None
    checks = check_lines(site_of(request).judge, seen, acting, "\n".join(sheet.lines)) \
        if acting and sheet else []
    bots = [{"power": r.power, "bot": r.bot} for r in seated_rows(site_of(request), name)]
    return render(request, "master.html", **context, acting=acting, sheet=sheet,
                  checks=checks, journal_note="", bots=bots)


def master_act(judge: Judge, name: str, actor: Viewer, action: str,
               field: dict[str, str], site: Site | None = None) -> str | Refused:
    """One master action; the answer says what was done (the page and the API share it)."""
    if action == "bot" and site is not None:
        return seat_bot(site, name, field.get("power", ""), field.get("bot", "greedy"))
    if action == "unseat" and site is not None:
        return unseat_bot(site, name, field.get("power", ""), actor)
    if action == "start":
        started = judge.start(name)
        return started if isinstance(started, Refused) else f"{name} has started."
    if action == "process":
        done = judge.process(name, who=actor.name)
        return done if isinstance(done, Refused) else "The phase is processed."
    if action == "extend":
        hours = creation.duration_hours(field.get("hours", "24") or "24")
        if hours is None:
            return Refused("the extension is a duration: 1d, 2d 12h, 36h or 90m")
        moved = judge.extend(name, actor, hours)
        return moved if isinstance(moved, Refused) else \
            f"Deadline moved by {creation.duration_text(hours)}."
    if action in ("pause", "resume"):
        paused = judge.pause(name, actor, action == "pause")
        return paused if isinstance(paused, Refused) else f"{name} is {paused.status}."
    if action == "rollback":
        try:
            number = int(field.get("phase", ""))
        except ValueError:
            return Refused("roll back to which phase? (a number)")
        rolled = judge.rollback(name, actor, number)
        return rolled if isinstance(rolled, Refused) else f"Rolled back to phase {number}."
    if action == "eject":
        seat = judge.eject(name, actor, field.get("who", ""))
        return seat if isinstance(seat, Refused) else f"{seat.name} was ejected."
    if action == "replace":
        taken = judge.take_over(name, field.get("user", "").strip(), field.get("power", ""))
        return taken if isinstance(taken, Refused) else f"{taken.name} now plays {taken.power}."
    if action == "seat":
        wanted = [w for w in field.get("want", "").replace(",", " ").split() if w]
        seat = judge.join(name, field.get("user", "").strip(),
                          field.get("role", "player") or "player", wanted, by_master=True)
        return seat if isinstance(seat, Refused) else f"{seat.name} is seated as {seat.role}."
    return Refused(f"no master action {action!r}: {', '.join(ACTIONS)}")


#: The console's actions that are asked again before they are done (a page with a
#: second form: it works without JavaScript; the API does them at once).
CONFIRMED = ("process", "rollback")


def confirmation(request: Request, seen: Seen, action: str, field: dict[str, str]
                 ) -> Response:
    """The page that asks again: what will happen, Yes (the same form, confirmed) or
    Cancel."""
    view = seen.view
    carried = {k: v for k, v in field.items() if k not in ("csrf", "confirm")}
    if action == "process":
        powers = [p for p in view.state.powers if p not in view.state.eliminated]
        missing = [p for p in powers if p not in view.submitted]
        question, yes = f"Process {view.label} now?", "Yes, process now"
        details = [f"Orders are in from: {', '.join(view.submitted) or 'nobody'}.",
                   f"Not in: {', '.join(missing)} (processed as they stand now)."
                   if missing else "Every power's orders are in."]
        warning = ("Everyone sees the results at once; Roll back can undo the phase, not "
                   "what the players saw.")
    else:
        phase = rolled_to(view, carried.get("phase", ""))
        question, yes = f"Roll back to phase {phase}?", f"Yes, roll back to phase {phase}"
        details = [f"The game goes back to phase {phase}, to be played again: every phase "
                   f"processed since, and the orders written since, are undone (now: "
                   f"{view.label}, phase {view.phase + 1})."]
        warning = "The phases undone cannot be brought back."
    return render(request, "confirm.html", view=view, action=action, carried=carried,
                  question=question, yes=yes, details=details, warning=warning)


@router.post("/games/{name}/master/{action}")
def act(request: Request, name: str, action: str,
        form: CheckedForm) -> Response:
    field = {k: text_field(form, k) for k in form}
    seen = master_seen(request, name, history=action == "rollback")
    if action in CONFIRMED and field.get("confirm") != "yes":
        return confirmation(request, seen, action, field)
    site = site_of(request)
    said = master_act(site.judge, name, seen.viewer, action, field, site)
    if isinstance(said, Refused):
        return back(f"/games/{name}/master", bad=said.reason)
    if action == "rollback":
        said = f"Rolled back to phase {rolled_to(seen.view, field.get('phase', ''))}."
    return back(f"/games/{name}/master", said=said)  # a master goes on from the console


def rolled_to(view: GameView, number: str) -> str:
    """The phase a roll back to the service's pending phase ``number`` (0: the start)
    plays again, as the game page numbers and names it: ``2 (Spring 1454 retreat)``."""
    if not number.strip().isdigit():
        return number
    at = int(number) + 1
    names = phase_names(view)
    return f"{at} ({names[at]})" if at < len(names) else str(at)
