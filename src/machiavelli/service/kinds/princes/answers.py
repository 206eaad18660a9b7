"""The pending decision (spec section 4.3), a seat's answer read and checked against it,
its legal choices, and the decision resolved.

A seat's answer is a list of lines of the Princes command language (spec section 4.5,
:mod:`machiavelli.princes.text`), each read against the position the lines before it
reached and kept as the canonical line its formatter writes; they are applied in order by
the engine: the free acts (a bank exchange, a gift, a steal in one's own turn) and then the
line that takes the decision.  An answer is *complete* when its lines take the
decision; until then (free acts only) the reading says so with an error at line 0, and
the lines wait for the rest.  Lines after the one that takes the decision are refused
(they belong to a decision that is not pending yet).  In a simultaneous decision a
later answer replaces an earlier one.

Resolving applies the answers (one seat: its lines; simultaneous: every seat's in turn
order) and, for a seat that gave none or an incomplete one, the engine's default
(:func:`~machiavelli.princes.decisions.default_action`); the engine then runs on to the
next decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from machiavelli.princes.decisions import default_action, expand, legal_actions
from machiavelli.princes.engine import ACCEPTS, apply
from machiavelli.princes.state import Event, Illegal, State
from machiavelli.princes.text import Act, read_line
from machiavelli.princes.textfmt import format_action
from machiavelli.service.port import BadAnswer, Choice, Decision, LineError, Reading

#: the deadline schedule of each decision (spec section 4.4.2)
SCHEDULES: dict[str, str] = {
    "order_bid": "bid", "family_raise": "bid", "auction_bid": "bid",
    "war_reaction": "reaction", "holy_league": "reaction", "bribe": "reaction",
    "reroll": "reaction",
}
#: how many values of a range :func:`legal` lists
RANGE_VALUES = 3


def pending(state: State) -> Decision | None:
    p = state.pending
    if state.stage == "over" or not p.seats:
        return None
    seats = tuple(state.order) if p.simultaneous else p.seats
    return Decision(p.kind, seats, p.simultaneous, SCHEDULES.get(p.kind, "action"),
                    label(state))


def label(state: State) -> str:
    """The position in a few words: the stage or decade and the pending decision."""
    p = state.pending
    when = {"order_bids": "Start", "family_auction": "Start", "family_choice": "Start",
            "over": "Game over"}.get(state.stage, f"Decade {state.decade}")
    if state.stage == "over":
        return when
    if not p.seats:
        return f"{when}: waiting for the players"
    who = "all" if p.simultaneous else ", ".join(
        f"{s} ({state.seats[s].family})" if state.seats[s].family else s for s in p.seats)
    what = p.kind.replace("_", " ")
    if p.kind == "war_reaction" and state.war is not None:
        what = f"war reaction round {state.war.reaction_round}"
    return f"{when}: {what} by {who}"


def action_of(state: State, seat: str, line: str) -> dict[str, Any] | Illegal | None:
    """``line`` read as an action of ``seat`` in ``state`` (None: blank or a comment), or
    why it is refused.  Standing orders are the host's (:mod:`.standing`: it takes them
    out of a submission before it is read); a setting or an enquiry is no answer."""
    try:
        command = read_line(line, state, seat)
    except Illegal as refused:
        return refused
    if command is None or isinstance(command, Act):
        return None if command is None else command.action
    return Illegal("§4.5", "this is no answer to a decision: standing orders are kept "
                   "apart (see the reply), SET WAIT is the judge's setting, and LIST (by "
                   "mail) or the game page shows the board")


def line_of(action: dict[str, Any], state: State) -> str:
    """An action as its canonical line, written in the position it is taken in (the
    engine's default for an event's placement names no event: the pending one's)."""
    if action.get("act") == "place_event" and "event" not in action:
        action = {**action, "event": state.pending.context.get("event")}
    try:
        return format_action(action, state)
    except (Illegal, KeyError, TypeError):
        return " ".join([str(action.get("act")), *(f"{k}={v}" for k, v in action.items()
                                                   if k != "act")])


def owes(state: State, seat: str) -> bool:
    decision = pending(state)
    return decision is not None and seat in decision.seats


def _owner_in_engine(state: State, seat: str) -> bool:
    return seat in state.pending.seats


def _merged(state: State, seat: str, new: list[tuple[int, str]], earlier: Sequence[str]
            ) -> tuple[list[tuple[int | None, str]], dict[int, str]]:
    """The earlier lines and the new, a simultaneous answer's later line for the
    decision replacing the earlier one."""
    out: list[tuple[int | None, str]] = [(None, line) for line in earlier]
    notes: dict[int, str] = {}
    if not state.pending.simultaneous:
        return out + [(n, line) for n, line in new], notes
    answers = ACCEPTS.get(state.pending.kind, ())
    for number, line in new:
        action = action_of(state, seat, line)
        if isinstance(action, dict) and action["act"] in answers:
            for i, (was, old) in enumerate(out):
                found = action_of(state, seat, old)
                if isinstance(found, dict) and found["act"] in answers:
                    notes[number] = ("replaces line " + str(was) if was is not None
                                     else "replaces the answer given before")
                    del out[i]
                    break
        out.append((number, line))
    return out, notes


def read(state: State, seat: str, text: str, earlier: Sequence[str] = ()) -> Reading:
    """``seat``'s answer to the pending decision, merged with ``earlier`` lines."""
    written = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
               if line.strip()]
    if not _owner_in_engine(state, seat):
        decision = pending(state)
        why = (f"refused: PR-TURN.2 it is not {seat}'s decision: waiting for "
               f"{decision.label}" if decision is not None else "the game is over")
        return Reading(tuple(earlier), tuple(LineError(n, line, why, "PR-TURN.2")
                                             for n, line in written))
    merged, notes = _merged(state, seat, written, earlier)
    kept: list[str] = []
    errors: list[LineError] = []
    position = state
    taken_by: int | None = None
    for number, line in merged:
        if taken_by is not None:
            if number is not None:
                by = f"line {taken_by}" if taken_by else "the answer given before"
                errors.append(LineError(number, line, f"the decision is taken by {by}: "
                                        "send this when it is asked", "PR-TURN.2"))
            continue
        action = action_of(position, seat, line)
        if action is None:
            continue
        try:
            if isinstance(action, Illegal):
                raise action
            canonical = line_of(action, position)
            after, _ = apply(position, seat, action)
        except Illegal as refused:
            if number is not None:
                errors.append(LineError(number, line, str(refused), refused.rule))
            continue
        kept.append(canonical)
        if _answers(position, after, seat):
            taken_by = number if number is not None else 0
        position = after
    if taken_by is None and not errors and kept:
        errors.append(LineError(0, "", f"{seat} has still to answer "
                                f"{state.pending.kind.replace('_', ' ')}", "PR-TURN.2"))
    return Reading(tuple(kept), tuple(errors), notes)


def _answers(before: State, after: State, seat: str) -> bool:
    """Whether the action that led from ``before`` to ``after`` took ``seat``'s part of
    the pending decision (a free act leaves it pending)."""
    if before.pending.simultaneous:
        return not (after.pending.kind == before.pending.kind
                    and after.pending.context == before.pending.context
                    and seat in after.pending.seats)
    return (after.pending.kind, after.pending.seats, after.pending.context) != \
        (before.pending.kind, before.pending.seats, before.pending.context) or \
        after.stage != before.stage


def legal(state: State, seat: str) -> list[Choice]:
    """Every legal answer of ``seat`` now, a range listed by its ends and middle (a
    Choice keeps the bounds)."""
    out: list[Choice] = []
    for template in legal_actions(state, seat):
        low = high = None
        if template.ranges:
            low, high = next(iter(template.ranges.values()))
        about = template.act
        item = template.fixed.get("item")
        if isinstance(item, dict):
            about = f"auction {item.get('kind')} {item.get('id', '')}".strip()
        for action in expand(template, RANGE_VALUES):
            out.append(Choice(line_of(action, state), about, low, high))
    return out


def advance(state: State, answers: Mapping[str, Sequence[str]]
            ) -> tuple[State, list[Event], dict[str, str]]:
    """The pending decision resolved with ``answers``: the position after it, the
    events, and the default line applied for each seat that gave no complete answer."""
    p = state.pending
    events: list[Event] = []
    defaults: dict[str, str] = {}
    seats = list(state.order) if p.simultaneous else list(p.seats)
    position = state
    for seat in seats:
        if seat not in position.pending.seats:
            continue
        before = position
        for line in answers.get(seat, ()):
            if not line.strip():
                continue
            action = action_of(position, seat, line)
            if action is None:
                continue
            if isinstance(action, Illegal):
                raise BadAnswer(seat, str(action))
            try:
                position, done = apply(position, seat, action)
            except Illegal as refused:
                raise BadAnswer(seat, str(refused)) from None
            events += done
            if _answers(before, position, seat):
                break
        if not _answers(before, position, seat) and seat in position.pending.seats:
            action = default_action(position, seat)
            defaults[seat] = line_of(action, position)
            position, done = apply(position, seat, action)
            events += done
    return position, events, defaults
