"""Who is writing: ``REGISTER``, ``SIGN ON`` (a power, an observer, the Master, a forming
game), ``OBSERVE`` and ``CREATE``, after the help file ``index``.

- ``REGISTER ... END`` files the sender's form (a ``Name:`` is required).
- ``SIGN ON xgame password``: the power whose letter is x, with its seat's password.
  A power without a player may be taken back by the player who left it (with its old
  password: "You have returned") or taken over by any registered user, whose password
  it then is.
- ``SIGN ON ogame password`` / ``OBSERVE game password``: the sender's observer seat,
  made on the first sign-on with that password.  ``SIGN ON mgame password``: a Master.
- ``SIGN ON ?game password``: a registered sender joins a forming game (``SIGN ON ?
  password``: the first listed forming game with room).  The game starts at the end
  of the message that fills it (so a ``SET PREFERENCE`` after the sign-on counts).
- ``CREATE ?game password [variant] [options]``: a registered sender makes a forming
  game and is its Master; the options are Machiavelli flags.

A failed sign-on makes the judge skip the rest of the message, as nJudge does.
"""

from __future__ import annotations

from dataclasses import replace

from machiavelli.commands.command import Command, Registration, SignOn, SignOnKind
from machiavelli.commands.desk import Desk, code_of, refusal
from machiavelli.commands.outcome import Outcome, Why
from machiavelli.commands.variants import scenario_named
from machiavelli.service.games import NewGame, Settings
from machiavelli.service.refusal import Refused, TooMany
from machiavelli.service.visibility import GameView, SeatView, Viewer


def register(desk: Desk, command: Command) -> Outcome:
    form = command.detail
    assert isinstance(form, Registration)
    if not form.get("name"):
        return Outcome.refused(Why.SYNTAX, "A registration needs a 'Name:' line (GET form).")
    done = desk.judge.register(desk.sender, form.fields, now=desk.now)
    if isinstance(done, Refused):
        return refusal(done, Why.SYNTAX)
    return Outcome.done("Registration processed." if done[1] else "Registration updated.")


def sign_on(desk: Desk, command: Command) -> Outcome:
    asked = command.detail
    assert isinstance(asked, SignOn)
    if asked.kind not in (SignOnKind.ANY_GAME, SignOnKind.CREATE):
        stored = game_named(desk, asked.game)
        if isinstance(stored, Refused):
            desk.skipping = True
            return Outcome.refused(Why.NO_SUCH_GAME, stored.reason)
        asked = replace(asked, game=stored)
    outcome = _SIGN_ONS[asked.kind](desk, asked)
    if outcome.why is not None and outcome.why is not Why.ONE_SIGN_ON:
        desk.skipping = True
    return outcome


def _game(desk: Desk, name: str) -> GameView | Outcome:
    view = desk.view(name, Viewer.public())
    if isinstance(view, Refused):
        return Outcome.refused(Why.NO_SUCH_GAME, f"No such game '{name}'.")
    return view


def _bad(asked: SignOn, refused: object = None) -> Outcome:
    if isinstance(refused, TooMany):  # the password was not looked at
        return Outcome.refused(Why.BAD_SIGN_ON, refused.reason)
    return Outcome.refused(Why.BAD_SIGN_ON, "Invalid password or power ID specified for "
                           f"game '{asked.game}'.")


def _power(desk: Desk, asked: SignOn) -> Outcome:
    view = _game(desk, asked.game)
    if isinstance(view, Outcome):
        return view
    if view.status == "forming":
        return Outcome.refused(Why.NOT_NOW, f"Game '{asked.game}' has not started: no power "
                               f"is dealt yet (SIGN ON ?{asked.game} password to join).")
    power = desk.judge.power_named(asked.game, asked.letter, eliminated=True)
    if isinstance(power, Refused) or len(asked.letter) != 1:
        return _bad(asked)
    seat = desk.judge.sign_on(asked.game, "player", asked.password, power=power,
                              source=desk.source, now=desk.now)
    if isinstance(seat, TooMany):
        return _bad(asked, seat)
    if isinstance(seat, SeatView):
        was = view.standing.get(power)
        desk.judge.signed_on(asked.game, power, now=desk.now)
        cleared = (f"{power} is no longer {was}.",) if was else ()
        return _signed(desk, asked.game, seat, f"Signed on as {power} in game "
                       f"'{asked.game}'.", *cleared)
    if any(s.power == power for s in view.seats if s.role == "player") and \
            view.standing.get(power) != "abandoned":
        return _bad(asked)
    if power in view.eliminated:
        return Outcome.refused(Why.NOT_NOW, f"{power} has been eliminated from "
                               f"'{asked.game}'.")
    return _take_over(desk, view, asked, power)


def _take_over(desk: Desk, view: GameView, asked: SignOn, power: str) -> Outcome:
    """A power without a player: its last player returns, or a registered user takes it."""
    left = desk.judge.sign_on(asked.game, "player", asked.password, power=power, left=True)
    returned = isinstance(left, SeatView) and (left.address or left.name).lower() == desk.sender
    user = desk.judge.registered(desk.sender)
    if not returned and user is None:
        return Outcome.refused(Why.NOT_REGISTERED, f"{desk.sender} is not a registered user: "
                               "only registered users may take over an abandoned power "
                               "(REGISTER first, GET form).")
    seat = desk.judge.take_over(asked.game, desk.sender, power, password=asked.password,
                                address=desk.sender, user_id=user.id if user else None,
                                returned=returned, now=desk.now)
    if isinstance(seat, Refused):
        return refusal(seat, Why.NOT_ALLOWED)
    said = (f"You have returned as {power} in {asked.game}." if returned else
            f"Take over of abandoned {power} in game '{asked.game}' accepted.")
    # everyone, the sender too, hears of it through the service's notice
    return _signed(desk, asked.game, seat, said, "The deadline stays where it was: nJudge "
                   "would move it and set a WAIT for everyone, this judge does not (a "
                   "ruling of this judge, docs/rulings.md).")


def _observer(desk: Desk, asked: SignOn) -> Outcome:
    view = _game(desk, asked.game)
    if isinstance(view, Outcome):
        return view
    seat = desk.judge.sign_on(asked.game, "observer", asked.password, seat_name=desk.sender,
                              source=desk.source, now=desk.now)
    if isinstance(seat, SeatView):
        return _signed(desk, asked.game, seat, f"Signed on as an Observer in game "
                       f"'{asked.game}'.")
    if isinstance(seat, TooMany):
        return _bad(asked, seat)
    if any(s.name == desk.sender for s in view.seats):
        return _bad(asked)
    seat = desk.judge.join(asked.game, desk.sender, "observer", password=asked.password,
                           address=desk.sender, now=desk.now)
    if isinstance(seat, Refused):
        return refusal(seat, Why.NOT_ALLOWED)
    _announce(desk, view, "New Player Signon: O", f"{desk.sender} has signed on as an "
              f"Observer in game '{asked.game}'.")
    return _signed(desk, asked.game, seat, f"You are now an Observer in game '{asked.game}'.")


def _master(desk: Desk, asked: SignOn) -> Outcome:
    view = _game(desk, asked.game)
    if isinstance(view, Outcome):
        return view
    seat = desk.judge.sign_on(asked.game, "master", asked.password, seat_name=desk.sender,
                              source=desk.source, now=desk.now, counted=False)
    if not isinstance(seat, SeatView) and not isinstance(seat, TooMany):
        seat = desk.judge.sign_on(asked.game, "master", asked.password, source=desk.source,
                                  now=desk.now)
    if not isinstance(seat, SeatView):
        return _bad(asked, seat)
    return _signed(desk, asked.game, seat, f"Signed on as Master of game '{asked.game}'.")


def _join(desk: Desk, asked: SignOn) -> Outcome:
    view = _game(desk, asked.game)
    if isinstance(view, Outcome):
        return view
    if desk.judge.registered(desk.sender) is None:
        return Outcome.refused(Why.NOT_REGISTERED, f"{desk.sender} is not a registered "
                               "user: only registered users may join a forming game "
                               "(REGISTER first, GET form).")
    if view.status != "forming":
        return Outcome.refused(Why.NOT_NOW, f"Game '{asked.game}' has started already: "
                               "sign on to a power left without a player to take it over.")
    if asked.variant:
        wanted = scenario_named(asked.variant)
        if isinstance(wanted, Refused) or wanted != view.scenario:
            return Outcome.refused(Why.RULES, f"Game '{asked.game}' is {view.scenario}, "
                                   f"not {asked.variant}.")
    user = desk.judge.registered(desk.sender)
    seat = desk.judge.join(asked.game, desk.sender, "player", password=asked.password,
                           address=desk.sender, user_id=user.id if user else None,
                           now=desk.now)
    if isinstance(seat, Refused):
        return refusal(seat, Why.NOT_ALLOWED)
    players = sum(1 for s in view.seats if s.role == "player") + 1
    count = f"Game '{asked.game}' now has {players} player{'s' * (players != 1)}."
    _announce(desk, view, f"New Player Signon: #{players}",
              f"{desk.sender} has signed up to play a power in game '{asked.game}'.\n{count}")
    desk.joined = asked.game
    return _signed(desk, asked.game, seat,
                   f"You've been selected to play a power in game '{asked.game}'.", count)


def _any_game(desk: Desk, asked: SignOn) -> Outcome:
    for name in desk.judge.game_names(Viewer.public()):
        view = desk.view(name, Viewer.public())
        if isinstance(view, GameView) and view.status == "forming" and \
                sum(1 for s in view.seats if s.role == "player") < len(view.powers):
            return _join(desk, SignOn(SignOnKind.JOIN, name, asked.password))
    return Outcome.refused(Why.NO_SUCH_GAME, "No game is forming now: CREATE one, or LIST "
                           "the games.")


def create(desk: Desk, asked: SignOn) -> Outcome:
    if desk.judge.registered(desk.sender) is None:
        return Outcome.refused(Why.NOT_REGISTERED, f"{desk.sender} is not a registered "
                               "user: only registered users may create a game (REGISTER "
                               "first, GET form).")
    new = princes_game(asked) if asked.variant.startswith("princes") else None
    if new is None:
        scenario = scenario_named(asked.variant or desk.config.default_variant)
        if isinstance(scenario, Refused):
            return refusal(scenario, Why.SYNTAX)
        new = NewGame(asked.game, scenario, flags=asked.options, settings=Settings())
    if isinstance(new, Refused):
        return refusal(new, Why.SYNTAX)
    made = desk.judge.create_game(new, master=desk.sender, start=False, now=desk.now)
    if isinstance(made, Refused):
        why = Why.NOT_ALLOWED if "exists" in made.reason else Why.SYNTAX
        return refusal(made, why)
    seat = desk.judge.update_seat(asked.game, desk.sender, password=asked.password,
                                  address=desk.sender)
    if isinstance(seat, Refused):
        return refusal(seat, Why.SYNTAX)
    powers = len(made.powers)
    return _signed(desk, asked.game, seat,
                   f"You've been selected to play Master in game '{asked.game}' "
                   f"({made.scenario}).",
                   f"You'll be notified when {powers} more players sign on.")


#: ``CREATE ?game password princes [n]``: the Princes set-ups by mail
PRINCES_SETUPS = {"princes": "princes_A", "princes_a": "princes_A", "princes_b": "princes_B",
                  "princes_beginner": "princes_beginner"}


def princes_game(asked: SignOn) -> NewGame | Refused:
    """A Princes of the Renaissance game by mail: ``CREATE ?game password princes 4``
    (``princes_b``: side B; ``princes_beginner``: the beginners' set-up; 3 to 6
    players; the option ``open`` shows every family's money)."""
    setup = PRINCES_SETUPS.get(asked.variant)
    if setup is None:
        return Refused(f"No Princes set-up '{asked.variant}': write one of "
                       f"{', '.join(PRINCES_SETUPS)}.")
    numbers = [int(o) for o in asked.options if o.isdigit()]
    others = [o for o in asked.options if not o.isdigit() and o != "open"]
    if len(numbers) != 1 or not 3 <= numbers[0] <= 6 or others:
        return Refused(f"Name the number of players, 3 to 6: CREATE ?{asked.game} "
                       f"password {asked.variant} 4 (and 'open' for open money).")
    flags = ("open money",) if "open" in asked.options else ()
    return NewGame(asked.game, setup, numbers[0], flags, settings=Settings(), kind="princes")


def _signed(desk: Desk, game: str, seat: SeatView, *said: str) -> Outcome:
    desk.sign(game, seat)
    return Outcome.done(*said)


def _announce(desk: Desk, view: GameView, what: str, text: str, *,
              sender_too: bool = False) -> None:
    """A sign-on, take-over or return told to the game's participants (the sender too
    for a take-over or return, as nJudge does)."""
    seats = desk.judge.seats(view.name)
    if isinstance(seats, Refused):
        return
    subject = f"{desk.config.judge}:{view.name} - {code_of(view.state)} {what}"
    for seat in seats:
        if sender_too or seat.name != desk.sender:
            desk.send(seat.address, subject, text)


_SIGN_ONS = {SignOnKind.POWER: _power, SignOnKind.OBSERVER: _observer,
             SignOnKind.MASTER: _master, SignOnKind.JOIN: _join,
             SignOnKind.ANY_GAME: _any_game, SignOnKind.CREATE: create}


def game_named(desk: Desk, written: str) -> str | Refused:
    """The stored name of the game ``written`` names: the game of that very name, or else
    the one game whose name differs in capitals only (mail judges' names are lower case,
    the web's may not be).  Unknown names come back as written (the caller says "No such
    game"); two games that differ in capitals only need the capitals."""
    names = desk.judge.game_names(everything=True)
    if written in names:
        return written
    alike = [n for n in names if n.lower() == written.lower()]
    if len(alike) > 1:
        return Refused(f"Several games are named '{written}' but for capitals: write the "
                       "name with its capitals, as the game's page shows it.")
    return alike[0] if alike else written
