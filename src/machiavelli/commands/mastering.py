"""The Master's commands (help files ``index`` and ``master``), on the service.

``BECOME power`` (the orders, press and ``SET`` that follow are that power's),
``PROCESS [season year phase]`` (naming the phase guards against processing twice:
a phase already processed is not processed again), ``PREDICT``, ``ROLLBACK [turn]``
(a processed phase's number; by default the one before the pending phase), ``PAUSE``,
``RESUME``, ``TERMINATE``, ``EJECT power|address``, ``PROMOTE address`` and ``FORCE
BEGIN``.  The result mails of a processed phase are sent from the service's notices,
so a phase processed here, by the sweeper or by the deadline is told the same way.
"""

from __future__ import annotations

from machiavelli.commands.command import Command, PhaseRef
from machiavelli.commands.desk import Desk, refusal
from machiavelli.commands.outcome import Outcome, Why
from machiavelli.commands.playing import tell_everyone
from machiavelli.commands.starting import start_game
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer


def _master(desk: Desk) -> Viewer | Outcome:
    viewer = desk.viewer
    if viewer is None or not viewer.is_master:
        return Outcome.refused(Why.NOT_ALLOWED, "Only the game's Master may use this command.")
    if desk.acting is not None:
        return after_become(desk)
    return viewer


def after_become(desk: Desk) -> Outcome:
    """Help file ``master``: after ``BECOME`` "no other Master-only commands will be
    processed ... all commands will be interpreted as if they came from the power"."""
    return Outcome.refused(Why.NOT_ALLOWED, f"You act as {desk.acting} since BECOME: no "
                           "Master-only command is processed after it in this message "
                           "(send it in another message).")


def _pending(desk: Desk) -> GameView | Outcome:
    view = desk.view()
    if isinstance(view, Refused):
        return refusal(view)
    return view


def _master_and_view(desk: Desk) -> tuple[Viewer, GameView] | Outcome:
    """The Master acting and the game as the Master sees it, or why not."""
    master = _master(desk)
    if isinstance(master, Outcome):
        return master
    view = _pending(desk)
    if isinstance(view, Outcome):
        return view
    return master, view


def become(desk: Desk, command: Command) -> Outcome:
    if desk.acting is not None:
        return Outcome.refused(Why.NOT_ALLOWED, f"You act as {desk.acting} already: only one "
                               "BECOME per message (help file master: the first power "
                               "could see what you do for the second).")
    master = _master(desk)
    if isinstance(master, Outcome):
        if command.args.strip().lower() == "master":
            return Outcome.refused(Why.NOT_ALLOWED, "Every game here has its Master from its "
                                   "creation; a Master may PROMOTE an observer.")
        return master
    assert desk.game is not None
    written = command.args.strip()
    if written.lower() == "master":
        return Outcome.refused(Why.NOT_ALLOWED, "Every game here has its Master from its "
                               "creation (BECOME MASTER is not needed: docs/rulings.md).")
    power = desk.judge.power_named(desk.game, written)
    if isinstance(power, Refused):
        return refusal(power, Why.SYNTAX)
    told = desk.judge.become(desk.game, master, power, now=desk.now)
    if isinstance(told, Refused):
        return refusal(told, Why.NOT_ALLOWED)
    desk.acting = power
    return Outcome.done(f"You are now acting as {power}: orders, press and SET are for it "
                        f"until the end of this message; {power}'s player is told.")


def process(desk: Desk, command: Command) -> Outcome:
    both = _master_and_view(desk)
    if isinstance(both, Outcome):
        return both
    master, view = both
    if view.status == "paused":
        return Outcome.refused(Why.NOT_NOW, f"Game '{view.name}' is paused: no phase is "
                               "processed until it is resumed (RESUME).")
    expected = view.phase
    named = command.detail
    if isinstance(named, PhaseRef):
        season = "winter" if named.kind == "adjustment" else named.season
        state = view.state
        if (season, named.year) != (state.season, state.year) or \
                (named.kind is not None and named.kind != state.phase):
            return Outcome.refused(Why.NOT_NOW, f"The pending phase is {state.label}, not "
                                   f"{named}: nothing processed.")
    assert desk.game is not None
    done = desk.judge.process(desk.game, expected=expected, who=master.name, now=desk.now)
    if isinstance(done, Refused):
        return refusal(done, Why.NOT_NOW)
    return Outcome.done(done.message[:1].upper() + done.message[1:] + ".")


def predict(desk: Desk, command: Command) -> Outcome:
    master = _master(desk)
    if isinstance(master, Outcome):
        return master
    assert desk.game is not None
    result = desk.judge.predict(desk.game, master)
    if isinstance(result, Refused):
        return refusal(result, Why.NOT_NOW)
    return Outcome.done("Prediction (nothing is processed):", "", *result.report.splitlines())


def rollback(desk: Desk, command: Command) -> Outcome:
    both = _master_and_view(desk)
    if isinstance(both, Outcome):
        return both
    master, view = both
    words = command.args.split()
    if words and (not (words[0].isascii() and words[0].isdigit()) or int(words[0]) < 1):
        return Outcome.refused(Why.SYNTAX, "ROLLBACK takes a turn number, 1 or more: the game "
                               "goes back to just before that turn was processed (ROLLBACK 1: "
                               "the start; HISTORY shows the turns).")
    # help file ``master``: "ROLLBACK n" goes back to the state just before turn n (turn 1
    # is the first phase processed); the service counts the phases processed before it
    number = int(words[0]) - 1 if words else view.phase - 1
    assert desk.game is not None
    done = desk.judge.rollback(desk.game, master, number, now=desk.now)
    if isinstance(done, Refused):
        return refusal(done, Why.NOT_NOW)
    # everyone is told by the service's notice
    return Outcome.done(f"Game '{desk.game}' rolled back to just before turn {number + 1} "
                        "was processed.")


def pause(desk: Desk, command: Command) -> Outcome:
    return _pause(desk, True)


def resume(desk: Desk, command: Command) -> Outcome:
    return _pause(desk, False)


def _pause(desk: Desk, paused: bool) -> Outcome:
    both = _master_and_view(desk)
    if isinstance(both, Outcome):
        return both
    master, view = both
    assert desk.game is not None
    done = desk.judge.pause(desk.game, master, paused, now=desk.now)
    if isinstance(done, Refused):
        return refusal(done, Why.NOT_NOW)
    said = f"Game '{desk.game}' is {'paused' if paused else 'resumed'}."  # a notice to all
    return Outcome.done(said)


def terminate(desk: Desk, command: Command) -> Outcome:
    both = _master_and_view(desk)
    if isinstance(both, Outcome):
        return both
    master, view = both
    assert desk.game is not None
    done = desk.judge.terminate(desk.game, master, now=desk.now)
    if isinstance(done, Refused):
        return refusal(done, Why.NOT_NOW)
    tell_everyone(desk, view, "Terminated", f"The Master ended game '{desk.game}'.")
    return Outcome.done(f"Game '{desk.game}' is over: terminated by the Master.")


def eject(desk: Desk, command: Command) -> Outcome:
    both = _master_and_view(desk)
    if isinstance(both, Outcome):
        return both
    master, view = both
    assert desk.game is not None
    written = command.args.strip()
    if not written:
        return Outcome.refused(Why.SYNTAX, "EJECT takes a power or an address.")
    who = written.lower() if "@" in written else desk.judge.power_named(desk.game, written)
    if isinstance(who, Refused):
        return refusal(who, Why.SYNTAX)
    seat = desk.judge.eject(desk.game, master, who, now=desk.now)
    if isinstance(seat, Refused):
        return refusal(seat, Why.SYNTAX)
    said = f"{seat.name} ({seat.power or seat.role}) was ejected from game '{desk.game}'."
    tell_everyone(desk, view, f"Ejected: {seat.power or seat.role}", said)
    return Outcome.done(said)


def promote(desk: Desk, command: Command) -> Outcome:
    master = _master(desk)
    if isinstance(master, Outcome):
        return master
    assert desk.game is not None
    seat = desk.judge.promote(desk.game, master, command.args.strip().lower(), now=desk.now)
    if isinstance(seat, Refused):
        return refusal(seat, Why.SYNTAX)
    desk.send(seat.address, f"{desk.config.judge}:{desk.game} Promoted",
              f"You are now a Master of game '{desk.game}' (SIGN ON m{desk.game} with your "
              "observer's password).")
    return Outcome.done(f"{seat.name} is now a Master of game '{desk.game}'.")


def force_begin(desk: Desk, command: Command) -> Outcome:
    master = _master(desk)
    if isinstance(master, Outcome):
        return master
    assert desk.game is not None
    return start_game(desk, desk.game)


def unsupported(desk: Desk, command: Command) -> Outcome:
    return Outcome.refused(Why.UNSUPPORTED, f"{command.verb.value.upper()} is not a command "
                           "of this judge.")
