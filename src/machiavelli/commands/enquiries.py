"""The commands anyone may use to ask the judge something: ``LIST``, ``HISTORY``,
``SUMMARY``, ``WHOIS``, ``WHO GAME``, ``HELP``, ``GET``, ``VERSION`` and ``MAP``.

Every answer is made from the service's view for the asker: the signed-on viewer for
the game signed on to, the public (an observer's view, for ``HISTORY``: "all the
messages that an observer would have seen") for any other game.  ``WHOIS`` shows a
registration's name, site, country, time zone and level, never the rest of the form.
The help files are this judge's own (``data/help``), written after nJudge's.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from importlib import resources

from machiavelli.commands.command import Command
from machiavelli.commands.desk import (
    VERSION,
    Desk,
    clock_of,
    refusal,
)
from machiavelli.commands.game_settings import press_summary, schedule_line
from machiavelli.commands.outcome import Outcome, Why
from machiavelli.commands.reply import judge_time
from machiavelli.commands.signing import game_named
from machiavelli.commands.variants import variant_name
from machiavelli.service.house.dates import read_date
from machiavelli.service.house.deadlines import MACHIAVELLI_PHASES, DeadlinePolicy, PhaseKind
from machiavelli.service.house.draws import DrawPolicy
from machiavelli.service.house.press import PressPolicy
from machiavelli.service.judge import Judge
from machiavelli.service.ratings import RatingView
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

WHOIS_FIELDS = ("name", "site", "country", "timezone", "level")
MAX_LINES = 1000


def help_file(name: str) -> str | None:
    """One of the judge's help files (``info``, ``index``, ``press`` ...), or None."""
    wanted = {"syntax": "orders", "help": "info", "package": "info"}.get(name, name)
    if not wanted.isalnum():
        return None
    found = resources.files("machiavelli").joinpath("data", "help", f"{wanted}.txt")
    return found.read_text(encoding="utf-8") if found.is_file() else None


def help_command(desk: Desk, command: Command) -> Outcome:
    text = help_file("info")
    assert text is not None
    return Outcome.done(*text.rstrip().splitlines())


def get(desk: Desk, command: Command) -> Outcome:
    name = command.args.strip().lower().removeprefix("me ").strip() or "flist"
    text = help_file(name.split()[0])
    if text is None:
        return Outcome.refused(Why.SYNTAX, f"No file named '{name}' (GET flist lists them).")
    return Outcome.done(*text.rstrip().splitlines())


def version(desk: Desk, command: Command) -> Outcome:
    return Outcome.done(f"The Machiavelli judge (machiavelli-judge {VERSION}), speaking "
                        "nJudge's command language.")


def _view(desk: Desk, name: str, *, history: bool = False) -> GameView | Outcome:
    """Game ``name`` as the asker may see it: as signed on, if it is the desk's game."""
    viewer = desk.viewer if name == desk.game else Viewer.public()
    view = desk.view(name, viewer, history=history)
    if isinstance(view, Refused) and isinstance(stored := game_named(desk, name), str) \
            and stored != name:  # a name written without its capitals
        view = desk.view(stored, desk.viewer if stored == desk.game else Viewer.public(),
                         history=history)
    if isinstance(view, Refused):
        return Outcome.refused(Why.NO_SUCH_GAME, f"No such game '{name}'.")
    return view


def list_command(desk: Desk, command: Command) -> Outcome:
    words = command.args.split()
    if words and words[0].lower() != "full":
        view = _view(desk, words[0].lower())
        return view if isinstance(view, Outcome) else Outcome.done(*game_listing(desk, view))
    if not words and desk.game is not None:
        view = _view(desk, desk.game)
        return view if isinstance(view, Outcome) else Outcome.done(*game_listing(desk, view))
    names = desk.judge.game_names(desk.viewer or Viewer.public())
    lines: list[str] = []
    for name in names:
        found = desk.view(name, Viewer.public())
        if isinstance(found, GameView):
            lines += game_listing(desk, found) + [""] if words else [_short(found)]
    if not names:
        lines.append("No games are listed.")
    lines += ["", "Use 'list name' or 'list full' for more information on these games."]
    return Outcome.done(*lines)


def _short(view: GameView) -> str:
    players = sum(1 for s in view.seats if s.role == "player")
    return (f"{view.name:<9}{view.status:<9}{view.label:<26}{variant_name(view.scenario):<16}"
            f"{players} player{'s' * (players != 1)}")


def game_listing(desk: Desk, view: GameView) -> list[str]:
    """nJudge's full listing of a game: its clock, its rules, its players, its board."""
    lines = [f"Game '{view.name}': {view.title} ({view.scenario}), {view.status}, "
             f"{view.label}."]
    if view.outcome:
        lines.append(f"The game is over: {view.outcome}.")
    clock = clock_of(view)
    if clock is not None:
        lines += [f"Deadline {judge_time(clock.deadline)}; grace period to "
                  f"{judge_time(clock.grace)}; earliest processing {judge_time(clock.start)}."]
    settings = desk.judge.settings(view.name)
    if not isinstance(settings, Refused):
        deadlines = DeadlinePolicy.from_dict(settings.deadlines)
        draws = DrawPolicy.from_dict(settings.draws)
        lines += ["", f"The parameters for '{view.name}' are as follows:"]
        lines += [f"  {schedule_line(deadlines, kind)}" for kind in (
            MACHIAVELLI_PHASES if view.kind == "machiavelli" else DECISIONS)]
        flags = ["NMR" if deadlines.nmr else "NoNMR",
                 "NoList" if settings.private else "List",
                 "DIAS" if draws.dias else "NoDIAS",
                 "Concessions" if draws.concessions else "NoConcessions"]
        flags += [name for on, name in ((deadlines.strict_grace, "StrictGrace"),
                                        (deadlines.strict_wait, "StrictWait"),
                                        (deadlines.manual_process, "ManualProcess"),
                                        (settings.quiet, "Quiet")) if on]
        lines += [f"    Flags:  {', '.join(flags)}.",
                  f"    Press:  {press_summary(PressPolicy.from_dict(settings.press))}."]
        if settings.quorum:
            lines.append(f"  Number of Players: {settings.quorum}.")
    lines.append("  Options:  " + _options(desk, view) + ".")
    lines += ["", f"The following players are signed up for game '{view.name}':"]
    rated = desk.judge.ratings_of([s.name for s in view.seats if s.role == "player"])
    for seat in view.seats:
        rating = f"  (rating {rated[seat.name].shown})" if seat.name in rated else ""
        lines.append(f"   {(seat.power or seat.role.capitalize()):<12} {seat.name}{rating}")
    if view.standing:
        lines.append("   " + "; ".join(f"{p}: {how}" for p, how in sorted(view.standing.items())))
    lines += ["", f"Status of {view.label} ({view.name}.{view.phase:03d}):", "",
              *view.position.rstrip().splitlines()]
    if view.kind != "machiavelli" and isinstance(view.state, dict):
        if view.state.get("provisional"):
            lines += ["", "Provisional values: some printed numbers in play are not the "
                      "rulebook's (the catalogue marks them provisional)."]
        if view.decision is not None:
            lines += ["", f"Waiting for: {view.decision.label}."]
    for _power, text in sorted(view.private.items()):  # the viewer's own (a Master's: all)
        lines += ["", *text.rstrip().splitlines()]
    for power, orders in sorted(view.orders.items()):
        lines += ["", f"Orders of {power} for {view.label}:",
                  *(f"  {line}" for line in orders.lines or ["(none)"])]
    return lines


#: the deadline schedules of a Princes game's decisions (its spec, section 4.4.2)
DECISIONS = (PhaseKind.ACTION, PhaseKind.BID, PhaseKind.REACTION)


def _options(desk: Desk, view: GameView) -> str:
    """The game's options in force: Machiavelli's flags, another kind's own words."""
    if view.kind == "machiavelli":
        return ", ".join(f"{name.replace('_', ' ')}" if on else f"no {name.replace('_', ' ')}"
                         for name, on in Judge.options_in_force(view).items())
    found = desk.judge.options(view.name)
    return "" if isinstance(found, Refused) else ", ".join(
        f"{name} {value}" for name, value in found.items())


def history(desk: Desk, command: Command) -> Outcome:
    words = command.args.split()
    keys = {"from", "to", "lines", "exclstart", "exclend", "broad"}
    name = desk.game
    if words and words[0].lower() not in keys:
        name = words.pop(0).lower()
    if name is None:
        return Outcome.refused(Why.SYNTAX, "HISTORY needs a game's name (or a SIGN ON).")
    given: dict[str, str] = {}
    key = ""
    for word in words:
        if word.lower() in keys:
            key = word.lower()
            given.setdefault(key, "")
        elif key:
            given[key] = f"{given[key]} {word}".strip()
    view = _view(desk, name, history=True) if name == desk.game else \
        _observed(desk, name)
    if isinstance(view, Outcome):
        return view
    start = _moment(given.get("from"), desk.now)
    end = _moment(given.get("to"), desk.now)
    if isinstance(start, Refused) or isinstance(end, Refused):
        return refusal(start if isinstance(start, Refused) else end,  # type: ignore[arg-type]
                       Why.SYNTAX)
    first = int(given["exclstart"]) + 1 if _count(given.get("exclstart", "")) else 1
    last = int(given["exclend"]) - 1 if _count(given.get("exclend", "")) else view.phase
    limit = int(given["lines"]) if _count(given.get("lines", "")) else MAX_LINES
    lines = [f"History of game '{view.name}':", ""]
    for phase in view.history:
        if not first <= phase.number <= last or (start and phase.created_at < start) or \
                (end and phase.created_at > end):
            continue
        lines += [f"Phase {phase.number} ({view.name}.{phase.number:03d}), processed "
                  f"{judge_time(phase.created_at)}:", *phase.report.rstrip().splitlines()]
        lines += [f"{p}: {text}" for p, text in sorted(phase.private.items())]
        lines.append("")
    for letter in view.press:
        if letter.to == ["all"] or "observers" in letter.to or desk.game == name:
            lines += [f"Press of {judge_time(letter.sent_at)} from {letter.sender} to "
                      f"{' '.join(letter.to)}:", *letter.body.splitlines(), ""]
    if len(lines) > limit:
        lines = lines[:limit] + [f"(cut at {limit} lines: use LINES n for more)"]
    return Outcome.done(*lines)


def _observed(desk: Desk, name: str) -> GameView | Outcome:
    view = desk.view(name, Viewer.observer("history"), history=True)
    if isinstance(view, Refused) and isinstance(stored := game_named(desk, name), str) \
            and stored != name:  # a name written without its capitals
        view = desk.view(stored, Viewer.observer("history"), history=True)
    if isinstance(view, Refused):
        return Outcome.refused(Why.NO_SUCH_GAME, f"No such game '{name}'.")
    return view


def _moment(text: str | None, now: datetime) -> datetime | None | Refused:
    if not text:
        return None
    return read_date(text, now)


def summary(desk: Desk, command: Command) -> Outcome:
    name = command.args.split()[0].lower() if command.args.split() else desk.game
    if name is None:
        return Outcome.refused(Why.SYNTAX, "SUMMARY needs a game's name (or a SIGN ON).")
    view = _observed(desk, name)
    if isinstance(view, Outcome):
        return view
    powers = [p for p in view.powers]
    lines = [f"Summary of game '{view.name}' ({view.scenario}), {view.status}, "
             f"{view.label}.", "", "The players:"]
    lines += [f"   {(s.power or s.role.capitalize()):<12} {s.name}" for s in view.seats]
    lines += ["", "Cities controlled, year by year:", "      " + " ".join(
        f"{p[:8]:>8}" for p in powers)]
    years = [p for p in view.history if p.position.phase == "adjustment"] or view.history[-1:]
    for phase in years:
        counts = " ".join(f"{Judge.cities(view, phase, p):>8}" for p in powers)
        lines.append(f"{phase.position.year:<6}{counts}")
    if view.outcome:
        lines += ["", f"The game is over: {view.outcome}."]
    return Outcome.done(*lines)


def whois(desk: Desk, command: Command) -> Outcome:
    asked = command.args.replace(",", " ").split() or [desk.sender]
    lines: list[str] = []
    for address in asked:
        user = desk.judge.registered(address)
        if user is None:
            lines.append(f"{address}: not registered.")
            continue
        profile = {k.lower(): v for k, v in (user.profile or {}).items()}
        lines.append(f"{address}:")
        lines += [f"   {key.capitalize() + ':':<10} {profile[key]}" for key in WHOIS_FIELDS
                  if profile.get(key)]
        lines.append(f"   {'Rating:':<10} {_rating(desk.judge.ratings_of([user.name]), user.name)}")
    return Outcome.done(*lines)


def _rating(ratings: Mapping[str, RatingView], who: str) -> str:
    """A player's rating as 000 XI-C writes it ("games-rating"), or that there is none."""
    rating = ratings.get(who)
    if rating is None:
        return "none yet (no finished game with four or more players)"
    return f"{rating.shown} ({rating.points:g} ratings points in {rating.games} games)"


def who_game(desk: Desk, command: Command) -> Outcome:
    words = [w.lower() for w in command.args.split()]
    full = "full" in words
    names = [w for w in words if w != "full"]
    name = names[0] if names else desk.game
    if name is None:
        return Outcome.refused(Why.SYNTAX, "WHO GAME needs a game's name (or a SIGN ON).")
    view = _view(desk, name)
    if isinstance(view, Outcome):
        return view
    return Outcome.done(*[f"   {(s.power or s.role.capitalize()):<12} {s.name}"
                          for s in view.seats if full or s.role != "observer"])


def map_command(desk: Desk, command: Command) -> Outcome:
    name = command.args.split()[0].lower() if command.args.split() else desk.game
    if name is None:
        return Outcome.refused(Why.SYNTAX, "MAP needs a game's name (or a SIGN ON).")
    view = _view(desk, name)
    if isinstance(view, Outcome):
        return view
    if view.status == "forming":
        return Outcome.refused(Why.NOT_NOW, f"Game '{name}' has not started.")
    desk.send(desk.sender, desk.subject(view, "Map"), f"The map of '{name}', {view.label}, "
              "as you may see it, is attached.\n",
              desk.picture(view.name, view.viewer, name))
    return Outcome.done(f"The map of '{name}' is sent in a mail of its own.")


def not_kept(desk: Desk, command: Command) -> Outcome:
    return Outcome.refused(Why.UNSUPPORTED, f"{command.verb.value.upper()}: this judge keeps "
                           "one address per registration and no dedication ratings.")


def _count(text: str) -> bool:
    """Whether ``text`` is a count in ASCII digits, of a size a history can have."""
    return text.isascii() and text.isdigit() and len(text) <= 9
