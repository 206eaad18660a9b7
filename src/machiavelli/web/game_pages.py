"""The players' pages: the lobby, creating and joining a game, and the game page with its
orders, ready toggle, press, draw votes, resignation, the seat's password for playing by
mail and the history of results."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import HTMLResponse

from machiavelli.commands.reader import sign_on_password
from machiavelli.service.house.deadlines import DeadlinePolicy
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, SeatView, Viewer
from machiavelli.web import creation, princes_pages
from machiavelli.web.press_view import press_context
from machiavelli.web.seen import (
    Seen,
    check_lines,
    deadline_of,
    free_powers,
    grace_of,
    ledgers_of,
    look,
    pending_expenses,
    summary,
)
from machiavelli.web.site import (
    CheckedForm,
    back,
    list_field,
    render,
    signed_in,
    site_of,
    text_field,
    user_of,
)

router = APIRouter(include_in_schema=False)


def page_of(name: str) -> str:
    return f"/games/{name}"


def seen_or_404(request: Request, name: str, *, history: bool = False) -> Seen:
    seen = look(site_of(request).judge, name, user_of(request), history=history)
    if isinstance(seen, Refused):
        raise HTTPException(404, seen.reason)
    return seen


# ----------------------------------------------------------------------
# The lobby and creating games
# ----------------------------------------------------------------------
@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> Response:
    judge = site_of(request).judge
    user = user_of(request)
    groups: dict[str, list[dict[str, Any]]] = {"forming": [], "playing": [], "over": []}
    for name in judge.game_names(Viewer("observer", None, user) if user else None):
        seen = look(judge, name, user)
        if isinstance(seen, Refused):
            continue
        row = summary(seen.view, seen.settings)
        row["mine"] = seen.seated
        groups["playing" if row["status"] == "paused" else row["status"]].append(row)
    return render(request, "lobby.html", groups=groups)


@router.get("/games/new", response_class=HTMLResponse)
def create_page(request: Request) -> Response:
    signed_in(request)
    return render(request, "create.html", setups=creation.setup_choices(),
                  flags=creation.flag_rows(), policies=creation.policy_defaults(),
                  field={})


@router.post("/games/new")
def create(request: Request, form: CheckedForm) -> Response:
    user = signed_in(request)
    field = {k: text_field(form, k) for k in form}
    new = creation.form_game(field)
    made = site_of(request).judge.create_game(new, master=user, start=False) \
        if not isinstance(new, Refused) else new
    if isinstance(made, Refused):
        return render(request, "create.html", status=400, setups=creation.setup_choices(),
                      flags=creation.flag_rows(), policies=creation.policy_defaults(),
                      field=field, problem=made.reason)
    return back(page_of(made.name), said="The game is made: players may join it now; "
                                         "start it from the master's console.")


# ----------------------------------------------------------------------
# The game page
# ----------------------------------------------------------------------
def seat_rows(seats: list[SeatView]) -> list[dict[str, Any]]:
    """The seats as the page lists them: one row per participant and role, with every
    power they hold (a variant may deal a player several, one seat each)."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for seat in seats:
        row = rows.setdefault((seat.name, seat.role),
                              {"name": seat.name, "role": seat.role, "powers": []})
        if seat.power:
            row["powers"].append(seat.power)
    return list(rows.values())


def game_context(request: Request, seen: Seen, phase: int | None) -> dict[str, Any]:
    view = seen.view
    viewer = seen.viewer
    own = viewer.power if viewer.role == "player" else None
    held = list(viewer.held)
    history = view.history
    chosen = next((p for p in history if p.number == phase), history[-1] if history else None)
    judge = site_of(request).judge
    user = user_of(request)
    notices = site_of(request).judge.notices_for(view.name, viewer)
    names = phase_names(view)
    return {
        "seen": seen, "view": view, "viewer": viewer, "own": own,
        "notices": [] if isinstance(notices, Refused) else list(reversed(notices)),
        "is_master": viewer.is_master, "summary": summary(view, seen.settings),
        "deadline": deadline_of(view), "grace": grace_of(view), "free": free_powers(view),
        "private": view.private.get(own, "") if own else "",
        "expenses": pending_expenses(view, own) if own else [],
        "orders": view.orders.get(own) if own else None,
        # each power the player holds (two or more where the variant deals so), apart
        "mine": [{"power": p, "private": view.private.get(p, ""),
                  "expenses": pending_expenses(view, p), "orders": view.orders.get(p)}
                 for p in held],
        "held": held,
        "seat_rows": seat_rows(view.seats),
        **press_context(view, viewer, seen.settings, own),
        "history": history, "chosen": chosen,
        "ledgers": ledgers_of(judge, seen, chosen.number if chosen else 0),
        "phase_names": names,
        "head_label": head_label(view, names),
        "standings": judge.standings(view, view.state) if view.status != "forming" else None,
        "chosen_standings": judge.standings(view, chosen.position) if chosen else None,
        # the rules in force (Machiavelli's flags line: "Balance at Risk: nofamine, ..."),
        # then the deadlines
        "schedule": ([judge.options_listing(view)] if view.kind == "machiavelli" else [])
        + creation.schedule_summary(DeadlinePolicy.from_dict(seen.settings.deadlines)),
        "may_join": user is not None and not seen.seated and view.status == "forming",
        "may_take": user is not None and not seen.seated and not seen.settings.invite_only,
        "joined": seen.seated and view.status == "forming",
        "by_mail": seen.seated and viewer.role != "observer" and view.status != "over",
        "ending": ending(view),
        "sign_on": sign_on_line(seen),
        "public_votes": bool(seen.settings.draws.get("public")),
    }


def ending(view: GameView) -> str:
    """How a finished game was won, in the judge's words: the last report's victory line
    (under ``bar`` with why, BAR-4.4); empty while it is played, or when it ended
    otherwise (the outcome says how: a draw, a concession, the master's end)."""
    if view.status != "over" or not view.history:
        return ""
    said = [line for line in view.history[-1].report.splitlines()
            if line.startswith("Victory: ")]
    return said[-1] if said else ""


def head_label(view: GameView, names: list[str]) -> str:
    """The phase the header names: the pending one while the game is played; once it is
    over, the last phase played (the position after it is never played); none while it
    forms, or when it ended before any phase was played."""
    if view.status == "forming":
        return ""
    if view.status == "over":
        return f"ended after {names[-1]}" if view.history else ""
    return view.label


def phase_names(view: GameView) -> list[str]:
    """The name of each processed phase by its number (1: the first phase played; 0 is
    left empty): the label of the position it was played from.  Phase ``n``'s row holds
    its results and the position they led to, so the history, the map's ``?phase=n``,
    the API's ``/phases/n`` and the report's "Results for ..." name the same phase."""
    start = getattr(view.start_position, "label", "") or "the start"
    return ["", start, *(p.label for p in view.history[:-1])]


def sign_on_line(seen: Seen) -> str | None:
    """How the visitor's seat signs on by mail (``SIGN ON vgame``, the power's letter and
    the game; ``mgame`` for a master), or None while it has no power."""
    viewer = seen.viewer
    if viewer.is_master:
        return f"SIGN ON m{seen.view.name}"
    if viewer.role == "player" and viewer.power:
        letter = next((k for k, p in Judge.power_letters(seen.view).items()
                       if p == viewer.power), None)
        if letter is not None:
            return f"SIGN ON {letter.lower()}{seen.view.name}"
    return None


def set_mail_password(judge: Judge, seen: Seen, user: str, password: str
                      ) -> SeatView | Refused:
    """``user``'s seat gets ``password`` for signing on by mail (the service's seat
    password, which ``SIGN ON`` checks; letters and digits, as the mail judge reads them)."""
    if not seen.seated:
        return Refused(f"you have no seat in {seen.view.name}")
    if not sign_on_password(password) or len(password) > 64:
        return Refused("a password for signing on by mail has letters and digits only "
                       "(1 to 64 of them)")
    return judge.update_seat(seen.view.name, user, password=password)


@router.get("/games/{name}", response_class=HTMLResponse)
def game_page(request: Request, name: str, phase: int | None = None) -> Response:
    if princes_pages.is_princes(site_of(request).judge, name):  # its own page
        return princes_pages.game_page(request, princes_pages.seen_of(request, name))
    seen = seen_or_404(request, name, history=True)
    return render(request, "game.html", **game_context(request, seen, phase))


@router.get("/games/{name}/phase", response_class=HTMLResponse)
def phase_part(request: Request, name: str, phase: int | None = None) -> Response:
    """The results of one past phase (the history slider's fragment)."""
    seen = seen_or_404(request, name, history=True)
    return render(request, "phase_part.html", **game_context(request, seen, phase))


@router.get("/games/{name}/watch", response_class=HTMLResponse)
def watch(request: Request, name: str, phase: int = 0, status: str = "") -> Response:
    """The page's watch on the game (htmx polls it every few seconds): the same small
    fragment while the game stands where the page shows it, else a banner that the phase
    was processed (or the game started, ended, paused), with a link to the results."""
    seen = seen_or_404(request, name)
    view = seen.view
    moved = view.phase != phase or (status and view.status != status)
    return render(request, "watch_part.html", view=view, phase=phase, was=status,
                  moved=moved)


def _acting(seen: Seen, form: dict[str, Any]) -> str | None:
    """The power a master acts for, or the one of a player's powers its form names (a
    player holding one power always acts for it)."""
    power = text_field(form, "power").strip()
    if seen.viewer.is_master:
        return power or None
    return power if seen.viewer.holds(power) else None


def _phase(form: dict[str, Any]) -> int | None:
    """The phase a form was written for (its hidden ``phase``), if it says."""
    written = text_field(form, "phase").strip()
    return int(written) if written.isdigit() else None


def _back_to(form: dict[str, Any], name: str) -> str:
    """Where a form goes back to: the page it names, if it is this game's."""
    to = text_field(form, "back")
    return to if to.startswith(f"/games/{name}/") or to == page_of(name) else page_of(name)


@router.post("/games/{name}/check", response_class=HTMLResponse)
def check(request: Request, name: str, form: CheckedForm
          ) -> Response:
    """Each line of the order box with the parser's verdict (as the player types)."""
    seen = seen_or_404(request, name)
    power = _acting(seen, form)
    if power is None and seen.viewer.role == "player":
        power = seen.viewer.power
    if power is None or power not in seen.view.powers:
        return HTMLResponse("")
    results = check_lines(site_of(request).judge, seen, power, text_field(form, "orders"))
    return render(request, "check_part.html", results=results)


@router.post("/games/{name}/orders")
def submit_orders(request: Request, name: str,
                  form: CheckedForm) -> Response:
    signed_in(request)
    seen = seen_or_404(request, name)
    to = _back_to(form, name)
    written = _phase(form)
    stored = site_of(request).judge.submit_orders(
        name, seen.viewer, _acting(seen, form), text_field(form, "orders"), replace=True,
        phase=seen.view.phase if written is None else written)
    if isinstance(stored, Refused):
        return back(to, bad=stored.reason[:1].upper() + stored.reason[1:] + ".")
    said = f"{stored.power}: {len(stored.lines)} order(s) stored for {stored.label}."
    if stored.warnings:  # taken, but the adjudicator will void or fail them (the checker)
        said += " Will fail: " + "; ".join(f"{w.text}: {w.reason}" for w in stored.warnings)
    if stored.errors:
        said += " Refused: " + "; ".join(f"line {e.line} ({e.text}): {e.reason}"
                                         for e in stored.errors)
        return back(to, bad=said)
    return back(to, bad=said) if stored.warnings else back(to, said=said)


@router.post("/games/{name}/ready")
def ready(request: Request, name: str, form: CheckedForm
          ) -> Response:
    signed_in(request)
    seen = seen_or_404(request, name)
    wait = text_field(form, "wait") == "on"
    done = site_of(request).judge.set_wait(name, seen.viewer, _acting(seen, form), wait)
    if isinstance(done, Refused):
        return back(_back_to(form, name), bad=done.reason)
    return back(_back_to(form, name), said=f"{done.power} waits for the deadline." if wait else
                f"{done.power} is ready: the judge may process once everyone is in.")


@router.post("/games/{name}/press")
def press(request: Request, name: str, form: CheckedForm
          ) -> Response:
    signed_in(request)
    seen = seen_or_404(request, name)
    to = list_field(form, "to")
    body = text_field(form, "body")
    letter = site_of(request).judge.send_press(
        name, seen.viewer, to, body, grey=text_field(form, "grey") == "on",
        as_power=_acting(seen, form))
    if isinstance(letter, Refused):
        return back(page_of(name) + "#press", bad=letter.reason)
    return back(page_of(name) + "#press", said="Letter sent.")


@router.post("/games/{name}/draw")
def draw(request: Request, name: str, form: CheckedForm
         ) -> Response:
    signed_in(request)
    seen = seen_or_404(request, name)
    chosen = _acting(seen, form)
    # a player holding several powers votes with each, unless the form names one
    powers: list[str | None] = [chosen] if chosen or len(seen.viewer.held) < 2 \
        else list(seen.viewer.held)
    told = []
    for power in powers:
        said = site_of(request).judge.vote_draw(name, seen.viewer, power,
                                                text_field(form, "vote") != "no")
        if isinstance(said, Refused):
            return back(page_of(name), bad=said.reason)
        told.append(said)
    return back(page_of(name), said=" ".join(told))


@router.post("/games/{name}/resign")
def resign(request: Request, name: str, form: CheckedForm
           ) -> Response:
    user = signed_in(request)
    seen = seen_or_404(request, name)
    if text_field(form, "sure") != "yes":
        return back(page_of(name), bad="Tick the box to confirm that you resign.")
    held = list(seen.viewer.held) or [user]  # every power the player holds
    for who in held:
        done = site_of(request).judge.resign(name, seen.viewer, who)
        if isinstance(done, Refused):
            return back(page_of(name), bad=done.reason)
    return back(page_of(name), said=f"{user} resigned" + (
        f" ({', '.join(held)})." if seen.viewer.held else "."))


@router.post("/games/{name}/password")
def mail_password(request: Request, name: str, form: CheckedForm) -> Response:
    """Set (or reset) the visitor's seat's password for signing on by mail."""
    user = signed_in(request)
    seen = seen_or_404(request, name)
    seat = set_mail_password(site_of(request).judge, seen, user, text_field(form, "password"))
    if isinstance(seat, Refused):
        return back(page_of(name) + "#mail", bad=seat.reason)
    line = sign_on_line(seen)
    return back(page_of(name) + "#mail", said="Your password for playing by mail is set" + (
        f": sign on with '{line} <password>'." if line else "."))


@router.post("/games/{name}/join")
def join(request: Request, name: str, form: CheckedForm
         ) -> Response:
    user = signed_in(request)
    seen = seen_or_404(request, name)
    role = "observer" if text_field(form, "role") == "observer" else "player"
    wanted = [p for p in list_field(form, "want") if p in seen.view.powers]
    seat = site_of(request).judge.join(name, user, role, list(dict.fromkeys(wanted)))
    if isinstance(seat, Refused):
        return back(page_of(name), bad=seat.reason)
    return back(page_of(name), said=f"You joined {name} as {seat.role}.")


@router.post("/games/{name}/takeover")
def take_over(request: Request, name: str, form: CheckedForm
              ) -> Response:
    """A visitor takes a power nobody plays (not in a game by invitation)."""
    user = signed_in(request)
    seen = seen_or_404(request, name)
    if seen.settings.invite_only:
        return back(page_of(name), bad="This game is by invitation: the master seats players.")
    power = text_field(form, "power")
    if power not in free_powers(seen.view):
        return back(page_of(name), bad=f"{power or 'That power'} is not free.")
    seat = site_of(request).judge.take_over(name, user, power)
    if isinstance(seat, Refused):
        return back(page_of(name), bad=seat.reason)
    return back(page_of(name), said=f"You play {seat.power} now.")
