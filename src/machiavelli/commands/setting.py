"""``SET``: each setting of a line carried out on the service, in order.

The players' own (``WAIT``, ``DRAW``, ``CONCEDE``, ``ABSENCE``, ``PASSWORD``,
``ADDRESS``, ``PREFERENCE``) act for the signed-on power (a Master's, for the power he
has become).  The Master's rules go through the service's rule functions
(:func:`~machiavelli.commands.game_settings.apply_rule` for deadline schedules, press and
draws; :func:`~machiavelli.commands.game_settings.apply_clock` for the pending phase's
deadline, grace and start); the game's own (``PLAYERS``, ``VARIANT``, ``CENTERS``,
the Machiavelli flags) change a forming game (:meth:`~machiavelli.service.judge.Judge.
reshape`).  A line's outcome is refused if any of its settings is, each setting saying
what became of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from machiavelli.commands.command import Command
from machiavelli.commands.desk import Desk
from machiavelli.commands.game_settings import Rules, apply_clock, apply_rule
from machiavelli.commands.outcome import Outcome, Status, Why
from machiavelli.commands.settings import SetGroup, SetLine, Setting
from machiavelli.commands.variants import scenario_named
from machiavelli.commands.words import Who
from machiavelli.service.games import Settings, Shape
from machiavelli.service.house.absence import AbsencePolicy
from machiavelli.service.house.deadlines import DeadlinePolicy, PhaseClock, PhaseKind
from machiavelli.service.house.draws import DrawPolicy
from machiavelli.service.house.press import PressPolicy
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

Said = Outcome  # one setting's outcome


def set_command(desk: Desk, command: Command) -> Outcome:
    line = command.detail
    assert isinstance(line, SetLine)
    outcomes = [_one(desk, setting) for setting in line.settings]
    lines = [text for outcome in outcomes for text in
             ((f"Refused: {outcome.lines[0]}", *outcome.lines[1:])
              if outcome.status is Status.REFUSED and len(outcomes) > 1 else outcome.lines)]
    refused = next((o for o in outcomes if o.status is Status.REFUSED), None)
    if refused is not None and refused.why is not None:
        if len(outcomes) == 1:
            return refused
        return Outcome.refused(refused.why, *lines)
    return Outcome.done(*lines)


def _one(desk: Desk, setting: Setting) -> Said:
    viewer = desk.viewer
    assert viewer is not None and desk.game is not None
    if setting.who in (Who.MODERATOR, Who.MASTER, Who.ADMIN) and not viewer.is_master:
        return Outcome.refused(Why.NOT_ALLOWED, f"Only the Master may SET "
                               f"{setting.text.upper()}.")
    if setting.who in (Who.MODERATOR, Who.MASTER, Who.ADMIN) and desk.acting is not None:
        return Outcome.refused(Why.NOT_ALLOWED, f"You act as {desk.acting} since BECOME: "
                               f"SET {setting.text.upper()} is the Master's, and no "
                               "Master-only command is processed after BECOME in a message.")
    handler = _GROUPS[setting.group]
    return handler(desk, viewer, setting)


def _refused(found: Refused, why: Why = Why.RULES) -> Said:
    reason = found.reason
    return Outcome.refused(why, reason[:1].upper() + reason[1:])


# -- the players' own -------------------------------------------------------------------
def _player(desk: Desk, viewer: Viewer, setting: Setting) -> Said:
    game, power, name = desk.game, desk.acting, setting.name
    assert game is not None
    judge = desk.judge
    if name in ("password", "address"):
        seat = desk.seat
        assert seat is not None
        changed = (judge.update_seat(game, seat.name, password=setting.value.split()[0])
                   if name == "password" else
                   judge.update_seat(game, seat.name, address=setting.value or desk.sender))
        if isinstance(changed, Refused):
            return _refused(changed, Why.SYNTAX)
        return Outcome.done("Password changed." if name == "password" else
                            f"Your mail for '{game}' now goes to {changed.address}.")
    if name == "preference":
        return _preference(desk, setting)
    if name == "broadcast":
        done = judge.set_broadcast(game, viewer, setting.on, now=desk.now)
        if isinstance(done, Refused):
            return _refused(done, Why.NOT_ALLOWED)
        return Outcome.done("You will receive broadcast press." if setting.on else
                            "You will receive no broadcast press (SET BROADCAST undoes it).")
    if viewer.role == "observer":
        return Outcome.refused(Why.NOT_ALLOWED, f"Observers may not SET {name.upper()}.")
    if name == "wait":
        stored = judge.set_wait(game, viewer, power, setting.on, now=desk.now)
        if isinstance(stored, Refused):
            return _refused(stored, Why.NOT_NOW)
        return Outcome.done(f"Wait flag set for {stored.power}." if setting.on else
                            f"Wait flag cleared for {stored.power}: its orders are final.")
    if name in ("draw", "concede"):
        if name == "draw":
            listed = _powers_of(desk, setting.value) if setting.on else []
            if isinstance(listed, Refused):
                return _refused(listed, Why.SYNTAX)
            said = judge.vote_draw(game, viewer, power, setting.on, listed, now=desk.now)
        else:
            said = judge.concede(game, viewer, power, setting.value if setting.on else None,
                                 now=desk.now)
        if isinstance(said, Refused):
            return _refused(said, Why.RULES)
        return Outcome.done(said)  # a draw or concession that ends the game: a notice to all
    if name == "absence":
        found = (judge.set_absence(game, viewer, power, setting.value, now=desk.now)
                 if setting.on else
                 judge.cancel_absence(game, viewer, power, setting.value, now=desk.now))
        if isinstance(found, Refused):
            return _refused(found, Why.RULES)
        pending = "; ".join(f"{a.start:%a %b %d %Y %H:%M} to {a.end:%a %b %d %Y %H:%M}"
                            for a in found) or "none"
        return Outcome.done(f"Absences now: {pending}.")
    if name == "all press":
        return Outcome.refused(Why.UNSUPPORTED, "The Master gets a copy of every letter "
                               "already; observers get the letters sent to them.")
    return Outcome.refused(Why.UNSUPPORTED, f"SET {setting.text.upper()}: this judge keeps "
                           "no such setting for a participant.")


def _powers_of(desk: Desk, words: str) -> list[str] | Refused:
    """Powers named by letters run together (``FGR``) or by names."""
    view = desk.view()
    if isinstance(view, Refused):
        return view
    letters = Judge.power_letters(view)
    text = words.replace(",", " ").strip()
    if not text:
        return []
    if " " not in text and all(c.upper() in letters for c in text if c not in "[]*"):
        return [letters[c.upper()] for c in text if c not in "[]*"]
    return text.split()


def _preference(desk: Desk, setting: Setting) -> Said:
    assert desk.game is not None and desk.seat is not None
    wanted = _powers_of(desk, setting.value)
    if isinstance(wanted, Refused):
        return _refused(wanted, Why.SYNTAX)
    seat = desk.judge.set_preferences(desk.game, desk.seat.name, wanted, now=desk.now)
    if isinstance(seat, Refused):
        return _refused(seat, Why.NOT_NOW)
    return Outcome.done(f"Preference list '{setting.value}' set: "
                        f"{', '.join(seat.preferences) or 'any power'}.")


# -- the Master's rules -------------------------------------------------------------------
def _rules(settings: Settings) -> Rules:
    return Rules(DeadlinePolicy.from_dict(settings.deadlines),
                 PressPolicy.from_dict(settings.press), DrawPolicy.from_dict(settings.draws),
                 AbsencePolicy.from_dict(settings.absence))


def _rule(desk: Desk, viewer: Viewer, setting: Setting) -> Said:
    assert desk.game is not None
    if setting.group is SetGroup.DEADLINE and setting.name in ("deadline", "grace", "start"):
        return _clock(desk, viewer, setting)
    said: list[str] = []

    def change(settings: Settings, started: bool) -> Settings | Refused:
        done = apply_rule(_rules(settings), setting, started=started)
        if isinstance(done, Refused):
            return done
        rules, sentence = done
        said.append(sentence)
        return replace(settings, deadlines=rules.deadlines.to_dict(),
                       press=rules.press.to_dict(), draws=rules.draws.to_dict(),
                       absence=rules.absence.to_dict())
    changed = desk.judge.change_settings(desk.game, viewer, change, now=desk.now,
                                         announce=_told(desk, setting, said))
    if isinstance(changed, Refused):
        return _refused(changed)
    return Outcome.done(*said)


def _told(desk: Desk, setting: Setting, said: list[str]) -> Callable[[], str | None]:
    """What the players are told of a Master's SET (help file ``index``: every SET but
    the password and WAIT is announced)."""
    def text() -> str | None:
        if desk.game is None or not said:
            return None
        return (f"The Master of game '{desk.game}' set {setting.text.upper()}:\n"
                + "\n".join(said))
    return text


def _clock(desk: Desk, viewer: Viewer, setting: Setting) -> Said:
    assert desk.game is not None
    said: list[str] = []

    def change(clock: PhaseClock, policy: DeadlinePolicy, kind: PhaseKind
               ) -> PhaseClock | Refused:
        done = apply_clock(clock, setting, policy, kind, desk.now)
        if isinstance(done, Refused):
            return done
        said.append(done[1])
        return done[0]
    changed = desk.judge.change_clock(desk.game, viewer, change, now=desk.now,
                                      announce=_told(desk, setting, said))
    if isinstance(changed, Refused):
        return _refused(changed, Why.NOT_NOW)
    return Outcome.done(*said)


# -- the game's own: variant, players, victory, flags (before the start) -----------------
def _reshape(desk: Desk, viewer: Viewer, change: Callable[[Shape], Shape | Refused]
             ) -> Shape | Refused:
    assert desk.game is not None
    return desk.judge.reshape(desk.game, viewer, change, now=desk.now)


def _flags(desk: Desk, viewer: Viewer, setting: Setting) -> Said:
    before = desk.view()
    shaped = _reshape(desk, viewer, lambda s: replace(s, flags=(*s.flags, setting.text)))
    if isinstance(shaped, Refused):
        return _refused(shaped, Why.NOT_NOW if "started" in shaped.reason else Why.SYNTAX)
    after = desk.view()
    if isinstance(before, GameView) and isinstance(after, GameView):
        changes = Judge.option_changes(before.state.options, after.state.options)
        return Outcome.done(f"Options: {'; '.join(changes) or 'no option changed'}.")
    return Outcome.done(f"Options: {setting.text}.")


def _game(desk: Desk, viewer: Viewer, setting: Setting) -> Said:
    assert desk.game is not None
    name, value = setting.name, setting.value.strip()
    if name == "players":
        return _players(desk, viewer, value)
    if name == "variant" and setting.on:
        scenario = scenario_named(value)
        if isinstance(scenario, Refused):
            return _refused(scenario, Why.SYNTAX)
        shaped = _reshape(desk, viewer, lambda s: replace(s, scenario=scenario, players=None))
        if isinstance(shaped, Refused):
            return _refused(shaped, Why.NOT_NOW)
        return Outcome.done(f"Variant for game '{desk.game}' set to {scenario}.")
    if name == "centers":
        if not value.isdigit():
            return Outcome.refused(Why.SYNTAX, f"'{value}' is not a number of cities.")
        shaped = _reshape(desk, viewer, lambda s: replace(s, victory_cities=int(value)))
        if isinstance(shaped, Refused):
            return _refused(shaped, Why.NOT_NOW)
        return Outcome.done(f"Winning cities for game '{desk.game}' set to {value}.")
    if name == "list":
        changed = desk.judge.change_settings(
            desk.game, viewer, lambda s, _: replace(s, private=not setting.on), now=desk.now)
        if isinstance(changed, Refused):
            return _refused(changed)
        return Outcome.done(f"Game '{desk.game}' is {'listed' if setting.on else 'unlisted'}.")
    if name == "quiet":
        changed = desk.judge.change_settings(
            desk.game, viewer, lambda s, _: replace(s, quiet=setting.on), now=desk.now)
        if isinstance(changed, Refused):
            return _refused(changed)
        return Outcome.done(f"Game '{desk.game}' is {'' if setting.on else 'not '}quiet: "
                            "abandonments and take-overs are "
                            f"{'not ' if setting.on else ''}announced to the others.")
    if name == "rated":
        if setting.on:
            return Outcome.done(f"Game '{desk.game}' is rated: every game here that finishes "
                                "with four or more players counts in the ratings "
                                "(000 XI; see /players).")
        return Outcome.refused(Why.RULES, "SET UNRATED: this judge rates every game that "
                               "finishes with four or more players, as the rulebook's "
                               "ratings (000 XI) count them; a game cannot be left out "
                               "(a ruling of this judge, docs/rulings.md).")
    if name == "moderated" and setting.on:
        return Outcome.done(f"Game '{desk.game}' is moderated (every game here is).")
    return Outcome.refused(Why.UNSUPPORTED, f"SET {setting.text.upper()}: this judge keeps "
                           "no such setting.")


def _players(desk: Desk, viewer: Viewer, value: str) -> Said:
    """``SET PLAYERS n``: the scenario's variant for n players (as the web and the command
    line mean it: each player takes the powers the variant gives it); a scenario with no
    variant for n starts with n players, the other powers in civil disorder."""
    assert desk.game is not None
    view = desk.view()
    if isinstance(view, Refused):
        return _refused(view)
    if not value.isdigit() or int(value) < 1:
        return Outcome.refused(Why.SYNTAX, f"'{value}' is not a number of players.")
    wanted = int(value)
    [info] = Judge.scenarios([view.scenario.partition(":")[0]])
    variant = next((v for v in info.variants if v.players == wanted), None)
    players: int | None = wanted if variant is not None else view.players
    if variant is not None and len(info.variants) == 1 and all(
            len(side) == 1 for side in variant.sides) and wanted == len(info.powers):
        players = None  # the full game
    shaped = _reshape(desk, viewer, lambda s: replace(s, players=players))
    if isinstance(shaped, Refused):
        return _refused(shaped, Why.NOT_NOW)
    after = desk.view()
    powers = len(after.powers) if isinstance(after, GameView) else wanted
    if variant is None and wanted > powers:
        return Outcome.refused(Why.RULES, f"Game '{desk.game}' has {powers} powers: it "
                               f"cannot have {wanted} players.")
    quorum = None if variant is not None or wanted == powers else wanted
    changed = desk.judge.change_settings(desk.game, viewer,
                                         lambda s, _: replace(s, quorum=quorum), now=desk.now)
    if isinstance(changed, Refused):
        return _refused(changed)
    said = f"Number of Players for game '{desk.game}' set to {wanted}."
    if variant is not None and any(len(side) > 1 for side in variant.sides):
        said += (" Each player takes the powers the scenario's variant gives: "
                 + "; ".join(" + ".join("any" if p == "*" else p for p in side)
                             for side in variant.sides) + ".")
    if quorum is not None:
        said += (f" The game starts when {wanted} have joined; the other powers are in "
                 "civil disorder until someone takes them over.")
    return Outcome.done(said)


def _unsupported(desk: Desk, viewer: Viewer, setting: Setting) -> Said:
    return Outcome.refused(Why.UNSUPPORTED, f"SET {setting.text.upper()}: this judge has no "
                           "such rule (dedication ratings, site access, transformations and "
                           "the like).")


_GROUPS: dict[SetGroup, Callable[[Desk, Viewer, Setting], Said]] = {
    SetGroup.PLAYER: _player, SetGroup.DEADLINE: _rule, SetGroup.PRESS: _rule,
    SetGroup.DRAWS: _rule, SetGroup.FLAGS: _flags, SetGroup.GAME: _game,
    SetGroup.UNSUPPORTED: _unsupported,
}
