"""The JSON API, ``/api/v1``: what the pages do, for programs (bots are API clients).

A program authenticates with ``Authorization: Bearer <key>`` (keys are made on the
account page); reading a public game needs no key.  Every read goes through
:func:`~machiavelli.web.seen.look`, the same door as the pages, so an answer holds
exactly what the service's view gives that user.  A request the rules refuse is
answered ``400`` with ``{"detail": reason}``; an unknown game (or a private one the
user has no seat in) ``404``; a missing or wrong key ``401``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Header, HTTPException, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from machiavelli.service.games import MAX_PLAYERS, MAX_VICTORY_CITIES
from machiavelli.service.house.deadlines import MAX_HOURS
from machiavelli.service.refusal import NoGame, NotStarted, Outdated, Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web import creation, idempotency, princes_pages
from machiavelli.web.api_keys import KeyUser, MaybeUser
from machiavelli.web.master_pages import master_act, rolled_to
from machiavelli.web.pictures import map_answer
from machiavelli.web.seen import (
    Seen,
    check_lines,
    free_powers,
    ledger_data,
    ledgers_of,
    legal_for,
    letter_data,
    line_results,
    look,
    phase_data,
    summary,
    view_data,
)
from machiavelli.web.site import clock, site_of

router = APIRouter(prefix="/api/v1", tags=["judge"])
MAX_PHASE = 1_000_000  # no game has more phases
T = TypeVar("T")
TEXT = 100_000  # the longest orders or letter, in characters


IdempotencyKey = Annotated[str | None, Header(alias=idempotency.HEADER,
                                              description=idempotency.DESCRIPTION)]


def once(request: Request, key: str | None, body: Any, run: Callable[[], T],
         status: int = 200) -> T | Response:
    """A write, done once per ``Idempotency-Key`` of the key's user (web/idempotency.py)."""
    return idempotency.once(request, getattr(request.state, "api_user_id", None), key,
                            idempotency.fingerprint(request, body), clock(), run, status)


def refusal(found: Any) -> Any:
    """What the service answered, or the refusal as an HTTP error: 409 for what waits
    for the game's start (a game still forming), 400 for the rest."""
    if isinstance(found, Refused):
        raise HTTPException(409 if isinstance(found, NotStarted) else 400, found.reason)
    return found


def seen_of(request: Request, name: str, user: str | None, *, history: bool = False) -> Seen:
    seen = look(site_of(request).judge, name, user, history=history)
    if isinstance(seen, Refused):
        raise HTTPException(404, seen.reason)
    return seen


def viewer_in(request: Request, name: str, user: str) -> Viewer:
    """The viewer ``user`` is in game ``name`` (the public without a seat), without
    reading the whole view: for the requests that change something (the service checks
    what the viewer may do); 404 for an unknown game."""
    judge = site_of(request).judge
    found = judge.viewer_for(name, user)
    if isinstance(found, Viewer):
        return found
    settings = judge.settings(name)
    if isinstance(settings, Refused):
        raise HTTPException(404, settings.reason)
    return Viewer.public()


def acting(request: Request, name: str, viewer: Viewer, power: str | None) -> str | None:
    """The power a request's ``power`` field names for the service: a master's choice; a
    player's own power (any of those it holds, when the variant gave it several), or none:
    the player's first; any other is ``403`` (never ignored, so that a request meant for
    another power does not act on the caller's own)."""
    if power is None or viewer.is_master:
        return power
    named = site_of(request).judge.power_named(name, power, eliminated=True)
    if viewer.role == "player" and isinstance(named, str) and viewer.holds(named):
        return named
    raise HTTPException(403, f"you may not act for {power!r}: a player acts for its own "
                             "power only (a master for any)")


# ----------------------------------------------------------------------
# Bodies
# ----------------------------------------------------------------------
class CreateGame(BaseModel):
    name: str = Field(max_length=64)
    kind: Literal["machiavelli", "princes"] = Field(
        "machiavelli", description="the game: Machiavelli, or Princes of the Renaissance "
        "(its `scenario` is a set-up: princes_A, princes_B, princes_beginner; `players` 3 "
        "to 6; `flags` may hold \"open money\"; `deadlines` per decision: action, bid, "
        "reaction)")
    scenario: str = Field(max_length=64, examples=["classic_1454"])
    players: int | None = Field(None, ge=1, le=MAX_PLAYERS)
    flags: list[str] = Field(default_factory=list, max_length=40,
                             examples=[["nomoney", "plague"]])
    victory_cities: int | None = Field(None, ge=1, le=MAX_VICTORY_CITIES)
    deadlines: dict[str, Any] = Field(default_factory=dict,
                                      examples=[{"movement": {"next": 48, "grace": 24},
                                                 "nmr": True}])
    press: dict[str, Any] = Field(default_factory=dict, examples=[{"colours": "white/grey"}])
    draws: dict[str, Any] = Field(default_factory=dict, examples=[{"dias": True}])
    private: bool = False
    invite_only: bool = False
    zone: str = Field("UTC", max_length=64)
    catalogue: dict[str, Any] | None = Field(
        None, description="Princes only: printed values overriding the catalogue's for this "
        "game, in the scenario format's `catalogue` shape (`troops`, `city_tiles`, `events`, "
        "`families`); provisional unless marked", examples=[{"troops": {"pikemen": {
            "attack": 1, "defence": 2}}}])


class Join(BaseModel):
    role: str = Field("player", pattern="^(player|observer)$")
    powers: list[str] = Field(default_factory=list, max_length=20,
                              description="powers wanted, best first")


class Orders(BaseModel):
    text: str = Field(max_length=TEXT, examples=["A pav - for\nF gen H"])
    power: str | None = Field(None, description="the power a master acts for (a player may "
                              "name only its own, or one of those it holds; any other is "
                              "403)")
    phase: int | None = Field(None, description="the number of the phase the orders are "
                              "written for (the game's `phase`): if it has been processed "
                              "meanwhile, the orders are refused (409) and nothing is "
                              "stored; without it, the pending phase")
    mode: Literal["replace", "append"] = Field(
        "replace", description="`replace`: the accepted lines become the power's orders "
        "(an empty text clears them); `append`: they are added to the stored orders, an "
        "order for a unit already ordered replacing that unit's. Either way, a text whose "
        "every line is refused is refused whole (400) and changes nothing.")
    replace: bool | None = Field(None, json_schema_extra={"deprecated": True},
                                 description="the old spelling of `mode`: true is "
                                 "`replace`, false `append`")

    def replaces(self) -> bool:
        if self.replace is not None and "mode" in self.model_fields_set \
                and self.replace != (self.mode == "replace"):
            raise HTTPException(422, "`replace` and `mode` disagree: send `mode` alone")
        return self.replace if self.replace is not None else self.mode == "replace"


class Ready(BaseModel):
    ready: bool = True
    power: str | None = None


class Press(BaseModel):
    to: list[str] = Field(min_length=1, max_length=30, examples=[["Venice", "Milan"]])
    body: str = Field(max_length=TEXT)
    grey: bool = False
    power: str | None = Field(None, description="the power a master writes as")


class Vote(BaseModel):
    vote: bool = True
    power: str | None = None


class TakeOver(BaseModel):
    power: str


class MasterAction(BaseModel):
    hours: float | None = Field(None, ge=-MAX_HOURS, le=MAX_HOURS, allow_inf_nan=False,
                                description="extend: hours (negative: earlier)")
    phase: int | None = Field(None, ge=0, le=MAX_PHASE, description=(
        "rollback: the phase to play again, counted as the pages count them: n is the n-th "
        "phase of the game (1: the first, so 1 and 0 go back to the start), as the mail's "
        "ROLLBACK n; none: the last phase processed"))
    who: str | None = None
    user: str | None = None
    power: str | None = None
    role: str | None = None
    want: list[str] = Field(default_factory=list, max_length=20)
    bot: str | None = Field(None, description="bot: greedy, random or hold")


# ----------------------------------------------------------------------
# Answers
# ----------------------------------------------------------------------
class Name(BaseModel):
    name: str


class LineVerdict(BaseModel):
    """One line of a text of orders and its verdict."""
    line: int = Field(description="its number, from 1")
    text: str
    ok: bool = Field(description="✓: taken, and nothing known now will make it fail")
    reason: str | None = Field(None, description="why it is refused, or why it will fail "
                               "(ok false)")
    blank: bool = Field(False, description="a blank or comment line")
    will_fail: bool = Field(False, description="taken (stored), but the adjudicator will "
                            "fail or void it for the reason given")
    rules: list[str] = Field(default_factory=list, description="the ids of the rules the "
                             "reason rests on (their text: /rules#ID)")
    note: str | None = Field(None, description='a note on a line taken: "replaces line 1"')
    replaced_by: int | None = Field(None, description="the later line of the text that "
                                    "replaces this one (only the later order counts)")


class Checked(BaseModel):
    power: str
    lines: list[LineVerdict]


class Legal(BaseModel):
    power: str
    phase: int
    label: str
    orders: dict[str, list[str]] = Field(description="every legal order, by unit")


class StoredOrders(BaseModel):
    power: str
    phase: int
    label: str
    stored: list[str] = Field(description="the power's orders now stored")
    lines: list[LineVerdict] = Field(description="each line sent, with its verdict")
    errors: int = Field(description="how many lines were refused")


class ReadyState(BaseModel):
    power: str
    phase: int
    ready: bool


class LetterSent(BaseModel):
    id: int
    phase: int
    grey: bool
    to: list[str]


class Said(BaseModel):
    said: str = Field(description="what the judge says it did")


class Joined(BaseModel):
    name: str
    role: str
    preferences: list[str]


class TookOver(BaseModel):
    name: str
    power: str | None


class Resigned(BaseModel):
    name: str
    left: str


class Alerts(BaseModel):
    alerts: list[str] = Field(description="the mails about their games the user wants, "
                              "sent by the judge's mail room: 'results' (each phase's "
                              "results, when processed), 'reminder' (24 hours before a "
                              "deadline their orders are not in for); [] for none")


# ----------------------------------------------------------------------
# Games
# ----------------------------------------------------------------------
@router.get("/me")
def me(user: KeyUser) -> Name:
    """Who the key belongs to."""
    return Name(name=user)


@router.get("/me/alerts", response_model=Alerts)
def my_alerts(request: Request, user: KeyUser) -> Alerts:
    """The mails about their games the key's user asked for."""
    found = site_of(request).judge.user(request.state.api_user_id)
    return Alerts(alerts=list(found.alerts) if found is not None else [])


@router.put("/me/alerts", response_model=Alerts)
def set_my_alerts(request: Request, body: Alerts, user: KeyUser) -> Alerts:
    """Ask for these mails from now on (the account page's choice)."""
    done = refusal(site_of(request).judge.set_alerts(request.state.api_user_id, body.alerts))
    return Alerts(alerts=list(done.alerts))


@router.get("/scenarios")
def scenarios() -> dict[str, Any]:
    """The scenarios and their variants (``setup`` values: ``scenario@players``), the
    rule flags with their defaults per rules family; ``princes``: the set-ups of a
    Princes of the Renaissance game (``kind`` princes)."""
    return {"setups": [{"group": g, "choices": [c.__dict__ for c in cs]}
                       for g, cs in creation.setup_choices()],
            "flags": creation.flag_rows(), "princes": princes_pages.setup_rows()}


@router.get("/games")
def lobby(request: Request, user: MaybeUser) -> list[dict[str, Any]]:
    """The games this user may see: forming, running and finished."""
    judge = site_of(request).judge
    rows = []
    for name in judge.game_names(Viewer("observer", None, user) if user else None):
        seen = look(judge, name, user)
        if not isinstance(seen, Refused):
            rows.append({**summary(seen.view, seen.settings), "mine": seen.seated})
    return rows


@router.post("/games", status_code=201, response_model=dict[str, Any])
def create(request: Request, body: CreateGame, user: KeyUser,
           idempotency_key: IdempotencyKey = None) -> dict[str, Any] | Response:
    """A new game, forming; its creator is its master."""
    return once(request, idempotency_key, body, lambda: _create(request, body, user), 201)


def _create(request: Request, body: CreateGame, user: str) -> dict[str, Any]:
    if body.kind == "princes":
        made = princes_pages.new_game(
            body.name, body.scenario, body.players, open_money="open money" in body.flags,
            deadlines=body.deadlines, private=body.private, invite_only=body.invite_only,
            catalogue="" if body.catalogue is None else json.dumps(body.catalogue))
        view = refusal(site_of(request).judge.create_game(refusal(made), master=user,
                                                          start=False))
        return view_data(seen_of(request, view.name, user))
    setup = body.scenario + (f"@{body.players}" if body.players else "")
    new = refusal(creation.new_game(
        body.name, setup, body.flags,
        victory="" if body.victory_cities is None else str(body.victory_cities),
        deadlines=body.deadlines, press=body.press, draws=body.draws, private=body.private,
        invite_only=body.invite_only, zone=body.zone))
    view = refusal(site_of(request).judge.create_game(new, master=user, start=False))
    seen = seen_of(request, view.name, user)
    return view_data(seen)


@router.post("/games/{name}/join", response_model=Joined)
def join(request: Request, name: str, body: Join, user: KeyUser,
         idempotency_key: IdempotencyKey = None) -> Joined | Response:
    def run() -> Joined:
        seen_of(request, name, user)
        seat = refusal(site_of(request).judge.join(name, user, body.role, body.powers))
        return Joined(name=seat.name, role=seat.role, preferences=list(seat.preferences))
    return once(request, idempotency_key, body, run)


@router.post("/games/{name}/takeover", response_model=TookOver)
def take_over(request: Request, name: str, body: TakeOver, user: KeyUser,
              idempotency_key: IdempotencyKey = None) -> TookOver | Response:
    """Take a power nobody plays (not in a game by invitation)."""
    def run() -> TookOver:
        seen = seen_of(request, name, user)
        if seen.settings.invite_only:
            raise HTTPException(400, "this game is by invitation: the master seats players")
        if body.power not in free_powers(seen.view):
            raise HTTPException(400, f"{body.power} is not free")
        seat = refusal(site_of(request).judge.take_over(name, user, body.power))
        return TookOver(name=seat.name, power=seat.power)
    return once(request, idempotency_key, body, run)


@router.get("/games/{name}")
def game(request: Request, name: str, user: MaybeUser, history: bool = False) -> dict[str, Any]:
    """The game as this user may see it (``history``: with every past phase)."""
    return view_data(seen_of(request, name, user, history=history))


@router.get("/games/{name}/phases")
def phases(request: Request, name: str, user: MaybeUser
           ) -> list[dict[str, Any]]:
    """Every processed phase: its report (public part, and the user's private part).
    One phase (``/phases/{number}``) adds the ``ledger``: the ducats of each power the
    user may read (its own; a master's, all), line by line."""
    return [phase_data(p) for p in seen_of(request, name, user, history=True).view.history]


@router.get("/games/{name}/phases/{number}")
def phase(request: Request, name: str, number: Annotated[int, Path(ge=0, le=MAX_PHASE)],
          user: MaybeUser
          ) -> dict[str, Any]:
    seen = seen_of(request, name, user, history=True)
    found = [p for p in seen.view.history if p.number == number]
    if not found:
        raise HTTPException(404, f"no processed phase {number}")
    return {**phase_data(found[0]), "ledger": [
        ledger_data(x) for x in ledgers_of(site_of(request).judge, seen, number)]}


SVG: dict[int | str, dict[str, Any]] = {200: {"content": {"image/svg+xml": {}}}}


@router.get("/games/{name}/map.svg", response_class=Response, responses=SVG)
def game_map(request: Request, name: str, user: MaybeUser) -> Response:
    """The map of the pending phase as this user may see it (with its own orders)."""
    seen = seen_of(request, name, user, history=True)
    answer = map_answer(request, site_of(request).judge, seen)
    assert answer is not None
    return answer


@router.get("/games/{name}/phases/{number}/map.svg", response_class=Response, responses=SVG)
def phase_map(request: Request, name: str, number: Annotated[int, Path(ge=0, le=MAX_PHASE)],
              user: MaybeUser) -> Response:
    """The map of processed phase ``number``: the position before it with the results
    of the orders processed then, as this user may see them."""
    seen = seen_of(request, name, user, history=True)
    answer = map_answer(request, site_of(request).judge, seen, number)
    if answer is None:
        raise HTTPException(404, f"no processed phase {number}")
    return answer


@router.get("/games/{name}/legal")
def legal(request: Request, name: str, user: KeyUser, power: str | None = None) -> Legal:
    """Every legal order of the power's units in the pending phase, by unit."""
    seen = seen_of(request, name, user)
    chosen = acting(request, name, seen.viewer, power)  # another power than its own: 403
    if seen.viewer.role == "player" and chosen is None:
        chosen = seen.viewer.power
    if chosen is None or not seen.viewer.may_see_power(chosen) \
            or chosen not in seen.view.powers:
        raise HTTPException(403, "legal orders are for your own power (a master: any)")
    return Legal(power=chosen, phase=seen.view.phase, label=seen.view.label,
                 orders=legal_for(site_of(request).judge, seen, chosen))


@router.post("/games/{name}/check")
def check(request: Request, name: str, body: Orders, user: KeyUser) -> Checked:
    """Each line's verdict, without storing anything."""
    seen = seen_of(request, name, user)
    chosen = acting(request, name, seen.viewer, body.power)
    if seen.viewer.role == "player" and chosen is None:
        chosen = seen.viewer.power
    if chosen is None or chosen not in seen.view.powers:
        raise HTTPException(403, "orders are for your own power (a master: name one)")
    return Checked(power=chosen, lines=[
        LineVerdict(**x) for x in check_lines(site_of(request).judge, seen, chosen, body.text)])


@router.post("/games/{name}/orders", response_model=StoredOrders)
def orders(request: Request, name: str, body: Orders, user: KeyUser,
           idempotency_key: IdempotencyKey = None) -> StoredOrders | Response:
    """Store orders for the pending phase (``mode``: replace or append): each line comes
    back with its verdict.  A text whose every line is refused changes nothing (400)."""
    judge = site_of(request).judge
    replace = body.replaces()
    if body.power is None:  # the seat's own power: its viewer is found in the write
        def submit() -> Any:
            found = judge.submit_seat_orders(name, user, body.text, replace=replace,
                                             refused_keeps=True, phase=body.phase)
            if isinstance(found, NoGame):
                raise HTTPException(404, found.reason)
            return found
    else:
        viewer = viewer_in(request, name, user)
        power = acting(request, name, viewer, body.power)

        def submit() -> Any:
            return judge.submit_orders(name, viewer, power, body.text, replace=replace,
                                       refused_keeps=True, phase=body.phase)

    def run() -> StoredOrders:
        stored = submit()
        if isinstance(stored, Outdated):  # written for a phase processed meanwhile
            raise HTTPException(409, stored.reason)
        stored = refusal(stored)
        return StoredOrders(power=stored.power, phase=stored.phase, label=stored.label,
                            stored=stored.lines, errors=len(stored.errors),
                            lines=[LineVerdict(**x)
                                   for x in line_results(body.text, stored.errors,
                                                         stored.warnings, stored.notes)])
    return once(request, idempotency_key, body, run)


@router.post("/games/{name}/ready", response_model=ReadyState)
def ready(request: Request, name: str, body: Ready, user: KeyUser,
          idempotency_key: IdempotencyKey = None) -> ReadyState | Response:
    """Ready (the judge may process once all are in) or wait for the deadline."""
    viewer = viewer_in(request, name, user)
    power = acting(request, name, viewer, body.power)

    def run() -> ReadyState:
        done = refusal(site_of(request).judge.set_wait(name, viewer, power, not body.ready))
        return ReadyState(power=done.power, phase=done.phase, ready=body.ready)
    return once(request, idempotency_key, body, run)


@router.get("/games/{name}/press")
def letters(request: Request, name: str, user: MaybeUser
            ) -> list[dict[str, Any]]:
    """The letters this user may read."""
    return [letter_data(x) for x in seen_of(request, name, user).view.press]


@router.get("/games/{name}/notices")
def notices(request: Request, name: str, user: MaybeUser) -> list[dict[str, Any]]:
    """The judge's notices this user may read (abandonments, civil disorder, take-overs,
    BECOME, SET, draws, the Master's pause, resume, extend and rollback; reminders and
    late notices): the same statements the mail judge mails."""
    viewer = viewer_in(request, name, user) if user else Viewer.public()
    found = site_of(request).judge.notices_for(name, viewer)
    if isinstance(found, Refused):
        raise HTTPException(404, found.reason)
    return [{"id": n.id, "phase": n.phase, "to": n.to, "kind": n.kind, "text": n.body,
             "at": n.created_at.isoformat()} for n in found]


@router.post("/games/{name}/press", status_code=201, response_model=LetterSent)
def press(request: Request, name: str, body: Press, user: KeyUser,
          idempotency_key: IdempotencyKey = None) -> LetterSent | Response:
    viewer = viewer_in(request, name, user)
    power = acting(request, name, viewer, body.power)

    def run() -> LetterSent:
        letter = refusal(site_of(request).judge.send_press(
            name, viewer, body.to, body.body, grey=body.grey, as_power=power))
        return LetterSent(id=letter.id, phase=letter.phase, grey=letter.grey,
                          to=["all"] if letter.broadcast else list(letter.recipients))
    return once(request, idempotency_key, body, run, 201)


@router.post("/games/{name}/draw", response_model=Said)
def draw(request: Request, name: str, body: Vote, user: KeyUser,
         idempotency_key: IdempotencyKey = None) -> Said | Response:
    viewer = viewer_in(request, name, user)
    power = acting(request, name, viewer, body.power)
    return once(request, idempotency_key, body, lambda: Said(said=refusal(
        site_of(request).judge.vote_draw(name, viewer, power, body.vote))))


@router.post("/games/{name}/resign", response_model=Resigned)
def resign(request: Request, name: str, user: KeyUser,
           idempotency_key: IdempotencyKey = None) -> Resigned | Response:
    def run() -> Resigned:
        viewer = viewer_in(request, name, user)
        seat = refusal(site_of(request).judge.resign(name, viewer, viewer.power or user))
        return Resigned(name=seat.name, left="resigned")
    return once(request, idempotency_key, None, run)


@router.post("/games/{name}/master/{action}", response_model=Said)
def master(request: Request, name: str, action: str, body: MasterAction,
           user: KeyUser, idempotency_key: IdempotencyKey = None) -> Said | Response:
    """start, process, extend (hours), pause, resume, rollback (phase: the n-th phase
    of the game is played again, as the pages and the mail's ROLLBACK n count), eject (who),
    replace (user, power), seat (user, role, want), bot (power, bot), unseat (power: the
    bot playing it leaves the seat)."""
    seen = seen_of(request, name, user, history=action == "rollback")
    if not seen.viewer.is_master:
        raise HTTPException(403, "only the game's master")
    field = {k: str(v) for k, v in body.model_dump().items() if v is not None
             and k != "want"}
    field["want"] = " ".join(body.want)
    if action == "rollback":  # the n-th phase, as the pages and the mail count them
        field["phase"] = str(rollback_to(seen.view.phase, body.phase))
    site = site_of(request)

    def act() -> Said:
        said = refusal(master_act(site.judge, name, seen.viewer, action, field, site))
        if action == "rollback":
            said = f"Rolled back to phase {rolled_to(seen.view, field['phase'])}."
        return Said(said=said)
    return once(request, idempotency_key, body, act)


def rollback_to(pending: int, phase: int | None) -> int:
    """The service's number of the position a rollback to the ``phase``-th phase goes back
    to (the position it was played from: ``phase - 1``; 0, the start, for 0 or 1); no
    ``phase``: the last processed one (``ROLLBACK`` alone)."""
    if phase is None:
        return pending - 1
    return max(phase - 1, 0) if phase >= 0 else phase
