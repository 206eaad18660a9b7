"""What a visitor sees of a game: the viewer they are, and the view made into data.

:func:`look` is the only way the pages and the API read a game: it decides which
:class:`~machiavelli.service.visibility.Viewer` the visitor is (the seat they hold, else
the public) and asks :meth:`~machiavelli.service.judge.Judge.view` for that viewer, the
service's one rule of who sees what.  A private game is unknown to those not seated in
it.  :func:`view_data` turns the view into plain data for the templates and the JSON
API alike, so both show exactly what the view holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from markupsafe import Markup, escape

from machiavelli.service.games import Settings
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, LedgerView, LetterView, PhaseView, Viewer

MONEY_WORDS = ("borrow", "pay", "give", "expense", "loan")


@dataclass(frozen=True)
class Seen:
    """A visitor's look at a game: who they are in it and what they may see."""

    viewer: Viewer
    view: GameView
    settings: Settings
    seated: bool  # the visitor holds a seat (a player before the start has no power yet)

    @property
    def board(self) -> object:
        """The game's board, as the service holds it (the web never reads it; a bot or a
        test hands it back to the engine)."""
        return Judge.board(self.view)


def viewer_of(judge: Judge, game: str, user: str | None) -> tuple[Viewer, bool]:
    """The viewer ``user`` is in ``game`` (the public when not seated), and whether seated."""
    if not user:
        return Viewer.public(), False
    found = judge.viewer_for(game, user)
    if isinstance(found, Refused):
        seated = "has not started" in found.reason
        return Viewer.public(), seated
    return found, True


def look(judge: Judge, game: str, user: str | None, *, history: bool = False
         ) -> Seen | Refused:
    """What ``user`` (None: anyone) may see of ``game`` (one read of the service's)."""
    found = judge.look(game, user, history=history)
    if isinstance(found, Refused):
        return found
    view = found.view
    return Seen(found.viewer, view, found.settings, found.seated)


# ----------------------------------------------------------------------
# The view as data
# ----------------------------------------------------------------------
def deadline_of(view: GameView) -> str | None:
    clock = view.clock.get("clock")
    if isinstance(clock, dict) and view.status == "playing":
        value = clock.get("deadline")
        return str(value) if value else None
    return None


def grace_of(view: GameView) -> str | None:
    """When the pending phase's grace period ends (late powers are then abandoned or put
    in civil disorder, and the phase processed), while the game is playing."""
    clock = view.clock.get("clock")
    if isinstance(clock, dict) and view.status == "playing":
        value = clock.get("grace")
        return str(value) if value else None
    return None


def free_powers(view: GameView) -> list[str]:
    """The powers in play that nobody plays (a visitor may take one over)."""
    if view.status not in ("playing", "paused"):
        return []
    taken = {s.power for s in view.seats if s.role == "player" and s.power}
    return [p for p in view.powers if p not in taken and p not in view.eliminated]


def summary(view: GameView, settings: Settings) -> dict[str, Any]:
    """A game as the lobby lists it."""
    players = [s for s in view.seats if s.role == "player"]
    return {
        "name": view.name, "scenario": view.scenario, "title": view.title,
        "status": view.status, "phase": view.phase, "label": view.label,
        "players": len(players), "powers": len(view.powers),
        "masters": [s.name for s in view.seats if s.role == "master"],
        "free_powers": free_powers(view), "deadline": deadline_of(view),
        "grace": grace_of(view),
        "schedule": view.decision.schedule if view.decision is not None else None,
        "private": settings.private, "invite_only": settings.invite_only,
        "outcome": view.outcome,
    }


def letter_data(letter: LetterView) -> dict[str, Any]:
    return {"id": letter.id, "phase": letter.phase, "sender": letter.sender,
            "sender_role": letter.sender_role, "to": list(letter.to), "grey": letter.grey,
            "body": letter.body, "sent_at": letter.sent_at.isoformat()}


def phase_data(phase: PhaseView) -> dict[str, Any]:
    return {"number": phase.number, "label": phase.label, "report": phase.report,
            "private": dict(phase.private), "orders": dict(phase.orders),
            "created_at": phase.created_at.isoformat()}


def view_data(seen: Seen) -> dict[str, Any]:
    """Everything the viewer may see, as plain data (the JSON API's answer)."""
    view = seen.view
    state = view.state
    return {
        **summary(view, seen.settings),
        "viewer": {"role": view.viewer.role, "power": view.viewer.power,
                   "name": view.viewer.name, **({"powers": list(view.viewer.held)}
                                                if len(view.viewer.held) > 1 else {})},
        "position": view.position,
        # Machiavelli's position has its own data; another kind's sight is data already
        "board": state.to_dict() if view.kind == "machiavelli" else state,
        "options": Judge.options_listing(view) if view.kind == "machiavelli" else "",
        "private": dict(view.private),
        "orders": {p: {"lines": o.lines, "messages": o.messages, "wait": o.wait, "ready": o.ready,
                       "updated_at": o.updated_at.isoformat()} for p, o in view.orders.items()},
        "submitted": list(view.submitted),
        "seats": [{"name": s.name, "role": s.role, "power": s.power,
                   "preferences": s.preferences} for s in view.seats],
        "winners": list(view.winners),
        "clock": {k: v for k, v in view.clock.items() if k == "clock"},
        "standing": dict(view.standing),
        "votes": dict(view.votes),
        "start": view.start,
        "history": [phase_data(p) for p in view.history],
        "decision": None if view.decision is None else {
            "kind": view.decision.kind, "seats": list(view.decision.seats),
            "simultaneous": view.decision.simultaneous,
            "schedule": view.decision.schedule, "label": view.decision.label},
        "press": [letter_data(x) for x in view.press],
    }


def pending_expenses(view: GameView, power: str) -> list[str]:
    """The money orders ``power`` has given for the pending phase (its own view only)."""
    orders = view.orders.get(power)
    if orders is None:
        return []
    return [line for line in orders.lines if line.split(" ", 1)[0].lower() in MONEY_WORDS]


# ----------------------------------------------------------------------
# Orders: the service's reading, against the position the viewer sees
# ----------------------------------------------------------------------
def check_lines(judge: Judge, seen: Seen, power: str, text: str) -> list[dict[str, Any]]:
    """Each line of ``text`` with its verdict: ``ok`` (✓), ``blank``, refused with the
    reader's reason, or taken but ``will_fail`` with the adjudicator's reason and rule
    ids, and a ``note`` such as "replaces line 1"
    (:meth:`~machiavelli.service.judge.Judge.check_orders`: nothing is stored)."""
    found = judge.check_orders(seen.view.name, seen.viewer, power, text)
    if isinstance(found, Refused):
        return line_results(text, ())
    return line_results(text, found.errors, found.warnings, found.notes)


def line_results(text: str, errors: Sequence[Any], warnings: Sequence[Any] = (),
                 notes: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """The verdict of each line of ``text`` (see :func:`check_lines`)."""
    reasons: dict[int, list[str]] = {}
    rules: dict[int, list[str]] = {}
    failing: dict[int, list[str]] = {}
    for error in errors:
        reasons.setdefault(error.line, []).append(error.reason)
    for warning in warnings:
        failing.setdefault(warning.line, []).append(warning.reason)
    for error in (*errors, *warnings):
        ids = [r.strip() for r in (getattr(error, "rule", None) or "").split(",") if r.strip()]
        rules.setdefault(error.line, []).extend(ids)
    replaced: dict[int, int] = {}  # an earlier line of the text -> the line replacing it
    for number, said in (notes or {}).items():
        found = re.fullmatch(r"replaces line (\d+)", said)
        if found:
            replaced[int(found.group(1))] = number
    results = []
    for number, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0].strip()
        note = (notes or {}).get(number)
        ids = list(dict.fromkeys(rules.get(number, [])))
        if number in reasons:
            results.append({"line": number, "text": line, "ok": False,
                            "reason": "; ".join(reasons[number]), "rules": ids})
        elif number in replaced:
            results.append({"line": number, "text": line, "ok": False, "will_fail": True,
                            "reason": f"replaced by line {replaced[number]}: only the later "
                                      "order counts", "replaced_by": replaced[number]})
        elif number in failing:
            results.append({"line": number, "text": line, "ok": False, "will_fail": True,
                            "reason": "will fail: " + "; ".join(failing[number]),
                            "rules": ids, "note": note})
        else:
            results.append({"line": number, "text": line, "ok": True,
                            "reason": None, "blank": not body, "note": note})
    return results


def ledgers_of(judge: Judge, seen: Seen, phase: int) -> list[LedgerView]:
    """The ledgers of processed phase ``phase`` the viewer may read (its own power's; a
    master's, every power's); none for anyone else or before the first phase."""
    viewer = seen.viewer
    if phase < 1 or not (viewer.is_master or (viewer.role == "player" and viewer.power)):
        return []
    found = judge.ledgers(seen.view.name, viewer, phase)
    return [] if isinstance(found, Refused) else found


def ledger_data(ledger: LedgerView) -> dict[str, Any]:
    """A ledger as plain data (the JSON API's)."""
    return {"power": ledger.power, "phase": ledger.phase, "label": ledger.label,
            "start": ledger.start, "end": ledger.end,
            "lines": [{"what": what, "ducats": ducats} for what, ducats in ledger.lines]}


def legal_for(judge: Judge, seen: Seen, power: str) -> dict[str, list[str]]:
    """Every legal order of ``power``'s units in the pending phase, by unit."""
    found = judge.legal(seen.view.name, seen.viewer, power)
    by_unit: dict[str, list[str]] = {}
    for choice in [] if isinstance(found, Refused) else found:
        by_unit.setdefault(choice.about, []).append(choice.line)
    return by_unit


def moment(value: datetime | str | None) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.strftime("%a %d %b %Y, %H:%M %Z").strip()


#: a rule id in a report's text (``EXP-C``, ``LOAN-13``, ``ADJTAB-C``)
_RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+(?:\.[0-9]+)*)+\b")


def rule_links(text: str) -> Markup:
    """``text`` escaped, each rule id the rule index holds made a link to its text on the
    rules page (``/rules#EXP-C``): the reports' rule ids, readable in words one click away."""
    known = _rule_ids()
    escaped = str(escape(text))
    return Markup(_RULE_ID.sub(
        lambda m: (f'<a class="rule" href="/rules#{m.group(0)}" title="{known[m.group(0)]}">'
                   f"{m.group(0)}</a>") if m.group(0) in known else m.group(0), escaped))


@cache
def _rule_ids() -> dict[str, str]:
    """Each rule id of the index with its text, escaped for a title attribute."""
    return {rule_id: str(escape(text)) for _, rule_id, text, _ in Judge.rules()}

