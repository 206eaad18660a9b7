"""A player's commands: orders, ``PHASE``, ``CLEAR``, press and ``RESIGN``.

- Order lines go to the service as the power's submission (the order language reads
  them; each refused line is answered with its number in the message and the reason;
  a later order for a unit replaces an earlier one).  After ``PHASE season year
  phase`` they are held for that phase (:meth:`~machiavelli.service.judge.Judge.
  hold_orders`), unless it is the pending one.  A Master orders for the power he has
  become (``BECOME``).
- ``PRESS`` and ``BROADCAST`` make the service's letter from their options
  (:mod:`~machiavelli.commands.press_options`); the press policy clears it; each reader
  then gets a mail showing the letter as the service's view shows it to that reader
  (a grey letter's sender hidden, a fake's claimed addressees).  ``POSTAL PRESS`` is
  a signed broadcast held until the phase is processed.
- ``RESIGN`` leaves the game; the others are told.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from machiavelli.commands.command import Command, OrderLines, PhaseRef, Verb
from machiavelli.commands.desk import Desk, refusal, viewer_of
from machiavelli.commands.outcome import Outcome, Why
from machiavelli.commands.press_options import PressRequest, addressees_of
from machiavelli.service.judge import Judge
from machiavelli.service.port import LineError
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, SentLetter, Viewer


def acting_power(desk: Desk) -> str | None | Outcome:
    """The power the desk's orders are for (None: the player's own), or why none."""
    viewer = desk.viewer
    if viewer is None:
        return Outcome.refused(Why.SIGN_ON_FIRST, "Sign on first.")
    if viewer.role == "observer":
        return Outcome.refused(Why.NOT_ALLOWED, "Observers give no orders.")
    if viewer.is_master:
        if desk.acting is None:
            return Outcome.refused(Why.NOT_ALLOWED, "The Master orders for a power after "
                                   "BECOME power.")
        return desk.acting
    if viewer.power is None:
        return Outcome.refused(Why.NOT_NOW, "The powers are not dealt yet.")
    return None


def orders(desk: Desk, command: Command) -> Outcome:
    given = command.detail
    assert isinstance(given, OrderLines)
    power = acting_power(desk)
    if isinstance(power, Outcome):
        return power
    assert desk.game is not None
    view = desk.view()
    if isinstance(view, Refused):
        return refusal(view)
    copied = _copied_refusal(desk, given)
    if copied is not None:
        return copied
    text = "\n".join(line for _, line in given.lines)
    if given.phase is not None and not _is_pending(given.phase, view):
        kind = given.phase.kind or "movement"
        held = desk.judge.hold_orders(desk.game, _viewer(desk), power, given.phase.season,
                                      given.phase.year, kind, text, now=desk.now)
        if isinstance(held, Refused):
            return refusal(held, Why.NOT_NOW)
        return Outcome.done(f"Held for {given.phase.season.capitalize()} {given.phase.year} "
                            f"{kind}: {len(given.lines)} line(s), read when that phase comes.")
    stored = desk.judge.submit_orders(desk.game, _viewer(desk), power, text, now=desk.now)
    if isinstance(stored, Refused):
        return refusal(stored, Why.NOT_NOW)
    desk.ordered = True
    errors = [f"Line {given.lines[e.line - 1][0]}: {e.text}: {e.reason}"
              for e in stored.errors if 0 < e.line <= len(given.lines)]
    accepted = len(given.lines) - len(errors)
    if errors and not accepted:
        return Outcome.refused(Why.SYNTAX, *errors)
    # a decision with one owner (Princes') is taken at once by a complete answer; an
    # answer of free acts only waits for the line that takes it (the kind says so)
    waiting = [f"{e.reason[:1].upper()}{e.reason[1:]}: send the line that takes it."
               for e in stored.errors if e.line == 0]
    taken = [f"Taken: {stored.resolved}."] if stored.resolved else []
    if stored.standing is not None:
        taken.insert(0, f"Standing orders of {stored.power}: "
                     + ("; ".join(stored.standing) or "none") + ".")
    return Outcome.done(f"Accepted for {stored.power}, {stored.label}: {accepted} order(s).",
                        *errors, *_checked(given, stored.warnings, stored.notes),
                        *waiting, *taken)


def _copied_refusal(desk: Desk, given: OrderLines) -> Outcome | None:
    """Seed 003 18.4: "The judge ignores all orders but those which have been sent solely
    to her": in a game of the ``bar`` family a message also sent to another address
    carries no orders (BAR-18.4); each order line is refused, the other commands stand."""
    if not desk.copied or desk.game is None:
        return None
    options = desk.judge.options(desk.game)
    if isinstance(options, Refused) or options.get("bar") != "on":
        return None
    others = ", ".join(desk.copied)
    why = (f"orders are read only from a message sent to the judge alone (BAR-18.4); this "
           f"one was also sent to {others}")
    return Outcome.refused(Why.NOT_ALLOWED,
                           *(f"Line {n}: {line}: {why}" for n, line in given.lines))


def _checked(given: OrderLines, warnings: Sequence[LineError], notes: Mapping[int, str]
             ) -> list[str]:
    """The lines taken that will fail (and why, with the rules' ids) and those that
    replace an earlier order, numbered as the message numbers them."""
    def where(line: int) -> str:
        return (f"Line {given.lines[line - 1][0]}" if 0 < line <= len(given.lines)
                else "Stored before")
    def numbered(note: str) -> str:  # "replaces line 1" of the text: the message's number
        found = re.fullmatch(r"replaces line (\d+)", note)
        return note if found is None else f"replaces {where(int(found.group(1))).lower()}"
    said = [f"{where(w.line)}: {w.text}: will fail: {w.reason}"
            + (f" ({w.rule})" if w.rule else "") for w in warnings]
    return said + [f"{where(line)}: {numbered(note)}." for line, note in sorted(notes.items())
                   if 0 < line <= len(given.lines)]


def _viewer(desk: Desk) -> Viewer:
    assert desk.viewer is not None
    return desk.viewer


def _is_pending(phase: PhaseRef, view: GameView) -> bool:
    state = view.state
    season = "winter" if phase.kind == "adjustment" else phase.season
    return (season, phase.year, phase.kind or "movement") == (state.season, state.year,
                                                              state.phase)


def phase(desk: Desk, command: Command) -> Outcome:
    given = command.detail
    assert isinstance(given, PhaseRef)
    return Outcome.done(f"The orders that follow are for {given}.")


def clear(desk: Desk, command: Command) -> Outcome:
    power = acting_power(desk)
    if isinstance(power, Outcome):
        return power
    assert desk.game is not None
    dropped = desk.judge.clear_later(desk.game, _viewer(desk), power, now=desk.now)
    if isinstance(dropped, Refused):
        return refusal(dropped, Why.NOT_NOW)
    return Outcome.done(f"Orders held for later phases cleared ({dropped} set(s)).")


def press(desk: Desk, command: Command) -> Outcome:
    assert desk.game is not None
    view = desk.view()
    if isinstance(view, Refused):
        return refusal(view)
    viewer = _viewer(desk)
    if viewer.role == "player" and viewer.power is None:
        return Outcome.refused(Why.NOT_NOW, "Players write press once the powers are dealt; "
                               "until then only the Master and observers do.")
    body = "\n".join(command.body)
    if command.verb is Verb.DIARY:
        return Outcome.refused(Why.UNSUPPORTED, "Diaries are not kept by this judge.")
    request = command.detail if isinstance(command.detail, PressRequest) else PressRequest()
    letters = _letters(view)
    to = fake = None
    if request.to is not None:
        found = addressees_of(request.to, letters)
        if isinstance(found, Refused):
            return refusal(found, Why.SYNTAX)
        to = found
    if request.fake_to is not None:
        faked = addressees_of(request.fake_to, letters)
        if isinstance(faked, Refused):
            return refusal(faked, Why.SYNTAX)
        fake = faked
    letter = desk.judge.send_letter(
        desk.game, viewer, to, body, colour=request.colour,
        fake_broadcast=request.fake_broadcast, fake_to=fake,
        postal=command.verb is Verb.POSTAL_PRESS, as_power=desk.acting, now=desk.now)
    if isinstance(letter, Refused):
        return refusal(letter, Why.RULES)
    if not letter.postal:
        deliver_letter(desk, view, letter)
    if letter.broadcast:
        return Outcome.done("Broadcast message sent." if not letter.postal
                           else "Postal press kept: it goes out with the phase's results.")
    return Outcome.done(f"Message sent to {', '.join(letter.recipients)}.")


def _letters(view: GameView) -> dict[str, str]:
    """The game's power letters (004: Milan I, Florence L), for its powers in play."""
    return {letter: power for letter, power in Judge.power_letters(view).items()
            if power in view.powers}


def deliver_letter(desk: Desk, view: GameView, letter: SentLetter) -> None:
    """A mail to each reader, showing the letter as the service shows it to that reader."""
    seats = desk.judge.seats(view.name)
    if isinstance(seats, Refused):
        return
    sender_seat = desk.seat.name if desk.seat is not None and desk.seat.role != "master" \
        else ""  # a Master gets his own letters too, as nJudge sends them
    settings = desk.judge.settings(view.name)
    quiet = set(settings.no_broadcast) if not isinstance(settings, Refused) else set()
    for seat in seats:
        if seat.name == sender_seat or not seat.address:
            continue
        if letter.broadcast and seat.name in quiet and seat.role != "player":
            continue  # SET NO BROADCAST
        shown = desk.view(view.name, viewer_of(seat))
        if isinstance(shown, Refused):
            continue
        found = next((p for p in shown.press if p.id == letter.id), None)
        if found is None:
            continue
        to = "everybody" if found.to == ["all"] else " ".join(found.to)
        kind = "Broadcast" if found.to == ["all"] else "Press"
        desk.send(seat.address, desk.subject(shown, f"{kind} from {found.sender}"),
                  f"Message from {found.sender} to {to} in '{view.name}':\n\n{found.body}\n")


def resign(desk: Desk, command: Command) -> Outcome:
    assert desk.game is not None
    viewer = _viewer(desk)
    if viewer.is_master:
        return Outcome.refused(Why.NOT_ALLOWED, "The Master does not resign: EJECT yourself "
                               "(EJECT address) to leave the game.")
    view = desk.view()
    seat = desk.judge.resign(desk.game, viewer, now=desk.now)
    if isinstance(seat, Refused):
        return refusal(seat, Why.NOT_ALLOWED)
    desk.resigned = True
    who = seat.power or "Observer"
    said = f"{desk.sender} has resigned as {who} in game '{desk.game}'."
    if not isinstance(view, Refused):
        tell_everyone(desk, view, f"Resignation: {who}", said)
    return Outcome.done(f"{who} has resigned from game '{desk.game}'.")


def tell_everyone(desk: Desk, view: GameView, what: str, text: str) -> None:
    seats = desk.judge.seats(view.name)
    if isinstance(seats, Refused):
        return
    for seat in seats:
        if seat.name != desk.sender:
            desk.send(seat.address, desk.subject(view, what), text)
