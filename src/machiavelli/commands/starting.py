"""A game's start by mail: when the message that fills it is done, or at ``FORCE BEGIN``.

nJudge starts a forming game when enough players have signed on (its number of powers,
or the number ``SET PLAYERS`` gave), after the rest of that message (so a ``SET
PREFERENCE`` after the sign-on counts), and mails everyone their part: the power each
was dealt, who plays what, the starting position and the first deadline.  Each mail is
made from the service's view for its reader, so a power's starting treasury goes to
that power (and the Master) only.
"""

from __future__ import annotations

from machiavelli.commands.desk import Desk, clock_of, refusal
from machiavelli.commands.desk import viewer_of as seat_viewer
from machiavelli.commands.outcome import Outcome, Why
from machiavelli.commands.reply import judge_time
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer


def start_if_full(desk: Desk) -> None:
    """Start the game the message joined, if it now has its players."""
    name = desk.joined
    if name is None:
        return
    view = desk.view(name, Viewer.public())
    settings = desk.judge.settings(name)
    if isinstance(view, Refused) or isinstance(settings, Refused) or view.status != "forming":
        return
    players = sum(1 for s in view.seats if s.role == "player")
    if players >= (settings.quorum or view.places or len(view.powers)):
        # the start's mails tell of the last sign-on (as nJudge's do)
        desk.mails = [m for m in desk.mails if "New Player Signon" not in m.subject]
        start_game(desk, name)


def start_game(desk: Desk, name: str) -> Outcome:
    started = desk.judge.start(name, now=desk.now)
    if isinstance(started, Refused):
        return refusal(started, Why.NOT_NOW)
    announce_start(desk, name)
    clock = clock_of(started)
    deadline = f" The deadline for the first orders is {judge_time(clock.deadline)}." \
        if clock is not None else ""
    return Outcome.done(f"Game '{name}' has started: {started.label}.{deadline}")


def announce_start(desk: Desk, name: str) -> None:
    seats = desk.judge.seats(name)
    if isinstance(seats, Refused):
        return
    for seat in seats:
        viewer = seat_viewer(seat)
        view = desk.view(name, viewer)
        if not seat.address or isinstance(view, Refused):
            continue
        desk.send(seat.address, desk.subject(view, "Game Starting"), start_text(view, viewer),
                  desk.picture(name, viewer, f"{name}-start") if desk.config.maps else None)


def start_text(view: GameView, viewer: Viewer) -> str:
    role = viewer.power or ("Master" if viewer.is_master else "an Observer")
    lines = [f"You have been selected as {role} in game '{view.name}' of {view.title}.", "",
             "The following players are in this game:"]
    for seat in view.seats:
        part = seat.power or seat.role.capitalize()
        lines.append(f"     {part + ':':<25} {seat.name}")
    lines += ["", f"Starting position for {view.label}.", "", view.position.rstrip(), ""]
    if view.start.strip():
        lines += [view.start.rstrip(), ""]
    for title, parts in (("at the start", view.start_private), ("now", view.private)):
        for power, text in sorted(parts.items()):
            lines += [f"{power} {title} (only {power} and the Master see this):",
                      text.rstrip(), ""]
    clock = clock_of(view)
    if clock is not None:
        lines.append(f"The deadline for the first orders is {judge_time(clock.deadline)}.")
    return "\n".join(lines) + "\n"
