"""The judge: the one door front ends use to games, users, orders, press and votes.

:class:`Judge` opens a database (:func:`~machiavelli.service.database.open_database`)
and runs every operation as one transaction: it reads or locks the game, calls the
module that knows the rule, and commits, or rolls back when the answer is a
:class:`~machiavelli.service.refusal.Refused` (a request the rules turn down is a value
with its reason, never an exception).  Every operation that depends on the time takes
``now`` (default: the clock), so that tests and replays are deterministic.

Failures of the storage raise :class:`~machiavelli.service.database.StorageError`, and
stored data that fails its own checks :class:`~machiavelli.service.games.DamagedGame`:
both carry a message for the user.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from machiavelli.service import (
    absence,
    accounts,
    adjudication,
    credentials,
    deadlines,
    draws,
    games,
    later,
    mastery,
    press,
    sheets,
    sweeper,
)
from machiavelli.service.adjudication import Processed
from machiavelli.service.archive import Archive, read_archive, write_archive
from machiavelli.service.database import (
    GAME_FILE,
    Database,
    StorageError,
    folder_url,
    open_database,
    upgrade_database,
)
from machiavelli.service.games import DamagedGame, NewGame, Settings, Shape
from machiavelli.service.house import press as press_rules
from machiavelli.service.house.absence import Absence
from machiavelli.service.house.deadlines import DeadlinePolicy, PhaseClock, PhaseKind
from machiavelli.service.house.press import Addressees, Colour
from machiavelli.service.kinds import MACHIAVELLI, kind_named
from machiavelli.service.kinds.machiavelli import fronts
from machiavelli.service.port import (
    Choice,
    GameKind,
    Position,
    Reading,
    Setup,
    SetupInfo,
    Step,
)
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, Letter, Notice, Seat, User
from machiavelli.service.sheets import Stored
from machiavelli.service.transfer import export_game, import_game, unreadable_orders
from machiavelli.service.visibility import (
    GameStatus,
    GameView,
    LaterView,
    Look,
    NoticeView,
    OptionFlags,
    PhaseView,
    ScenarioView,
    SeatView,
    SentLetter,
    UserView,
    Viewer,
    look,
    seat_viewer,
    view,
)

#: what the front ends catch: the storage failed (with a message for the user), stored
#: data failed its own checks; and the name of a game folder's database file
__all__ = ["GAME_FILE", "DamagedGame", "Judge", "Refused", "StorageError", "clock"]

T = TypeVar("T")
R = TypeVar("R")


def clock() -> datetime:
    return datetime.now(UTC)


class _Refusal(Exception):
    """Carries a refusal out of a transaction so that it rolls back."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.reason)
        self.refused = refused


class Judge:
    """Games kept in one database (``url``: ``sqlite:///FILE`` or ``postgresql://...``)."""

    def __init__(self, url: str, *, upgrade: bool = True, create: bool = True,
                 check: bool = True) -> None:
        self.url = url
        self.db: Database = open_database(url, upgrade=upgrade, create=create, check=check)

    @classmethod
    def in_folder(cls, folder: str | Path, *, create: bool = False) -> Judge:
        """The judge of the game kept in ``folder`` (its own SQLite database)."""
        return cls(folder_url(folder), create=create)

    def close(self) -> None:
        self.db.dispose()

    def upgrade_database(self) -> bool:
        """Apply the service's missing migrations (a judge opened with ``upgrade=False``,
        ``check=False``); True if any was applied."""
        return upgrade_database(self.db)

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- transactions -------------------------------------------------------
    def _write(self, name: str, act: Callable[[Session, Game], T | Refused]) -> T | Refused:
        """``act`` on the locked game, committed unless it refuses."""
        try:
            with self.db.writing() as session:
                game = games.find_game(session, name, lock=True)
                if isinstance(game, Refused):
                    raise _Refusal(game)
                done = act(session, game)
                if isinstance(done, Refused):
                    raise _Refusal(done)
                return done
        except _Refusal as refusal:
            return refusal.refused

    def _read(self, name: str, act: Callable[[Session, Game], T]) -> T | Refused:
        with self.db.reading() as session:
            game = games.find_game(session, name)
            if isinstance(game, Refused):
                return game
            return act(session, game)

    # -- users --------------------------------------------------------------
    def add_user(self, name: str, password: str | None = None, email: str | None = None,
                 now: datetime | None = None) -> UserView | Refused:
        try:
            with self.db.writing() as session:
                made = accounts.add_user(session, name, password, email, now or clock())
                if isinstance(made, Refused):
                    raise _Refusal(made)
                session.flush()
                return UserView.of(made)
        except _Refusal as refusal:
            return refusal.refused

    def sign_in(self, name: str, password: str) -> UserView | Refused:
        with self.db.reading() as session:
            return _mapped(session, accounts.sign_in(session, name, password), UserView.of)

    def user(self, user_id: int) -> UserView | None:
        """The user of ``user_id``, if there is one."""
        with self.db.reading() as session:
            found = session.get(User, user_id)
            return UserView.of(found) if found is not None else None

    def user_named(self, name_or_address: str) -> UserView | None:
        """The user with this name, or this mail address (the first registered)."""
        wanted = name_or_address.strip()
        if not wanted:
            return None
        with self.db.reading() as session:
            found = session.scalars(select(User).where(
                or_(User.name == wanted, func.lower(User.email) == wanted.lower()))
                .order_by(User.id)).first()
            return UserView.of(found) if found is not None else None

    # -- games --------------------------------------------------------------
    def create_game(self, new: NewGame, *, master: str | None = "master", start: bool = True,
                    now: datetime | None = None) -> GameView | Refused:
        """A new game; started at once (``start``) or forming, waiting for players."""
        moment = now or clock()
        try:
            with self.db.writing() as session:
                game = games.create_game(session, new, master=master, start=start,
                                         now=moment)
                if isinstance(game, Refused):
                    raise _Refusal(game)
                session.flush()
                if start:
                    _first_clock(session, game, moment)
                return view(session, game, Viewer.master(master or "master"))
        except _Refusal as refusal:
            return refusal.refused

    def game_names(self, viewer: Viewer | None = None, *, everything: bool = False
                   ) -> list[str]:
        """The games ``viewer`` may know of: a private game only to those seated in it
        (``everything``: every game, for the judge's own keeper at the shell)."""
        with self.db.reading() as session:
            names = []
            for game in session.scalars(select(Game).order_by(Game.name)):
                private = games.Settings.from_dict(game.settings).private
                if private and not everything and (
                        viewer is None or games.seat_of(session, game, viewer.name) is None):
                    continue
                names.append(game.name)
            return names

    def view(self, name: str, viewer: Viewer, *, history: bool = False) -> GameView | Refused:
        """What ``viewer`` may see of game ``name``: every read goes through here."""
        return self._read(name, lambda s, g: view(s, g, viewer, history=history))

    def settings(self, name: str) -> Settings | Refused:
        """The game's settings: its deadline, press, draw and absence rules (what nJudge's
        LIST shows; the absences in it are for the judge's own use)."""
        return self._read(name, lambda s, g: Settings.from_dict(g.settings))

    def seed(self, name: str) -> str | Refused:
        """The game's dice seed (the game master's secret: no view shows it)."""
        return self._read(name, lambda s, g: g.seed)

    def power_named(self, name: str, written: str, *, eliminated: bool = False
                    ) -> str | Refused:
        """The power ``written`` names in game ``name`` (a prefix or its letter will do),
        if still in play (or, with ``eliminated``, even if not)."""
        def find(session: Session, game: Game) -> str | Refused:
            kind = games.kind_of(game)
            state = games.phase_state(game, games.live_phase(session, game))
            power = games.power_of(game, list(kind.seats(state)), written)
            if isinstance(power, Refused):
                return power
            if power in kind.eliminated(state) and not eliminated:
                return Refused(f"{power} has been eliminated")
            return power
        return self._read(name, find)

    def viewer_for(self, name: str, seat_name: str) -> Viewer | Refused:
        """The viewer a seated participant is (a player sees as its power)."""
        return self._read(name, lambda s, g: seat_viewer(g, games.seat_of(s, g, seat_name),
                                                         seat_name, games.seats(s, g)))

    def look(self, name: str, seat_name: str | None, *, history: bool = False
             ) -> Look | Refused:
        """What ``seat_name`` (None: anyone) may see of game ``name``, as the viewer its
        seat makes it (the public without one), with the game's settings, in one read."""
        return self._read(name, lambda s, g: look(s, g, seat_name, history=history))

    def join(self, name: str, seat_name: str, role: str = "player",
             preferences: Sequence[str] = (), *, by_master: bool = False,
             password: str | None = None, address: str | None = None,
             user_id: int | None = None, now: datetime | None = None
             ) -> SeatView | Refused:
        """Seat ``seat_name`` (with its own sign-on ``password`` and mail ``address``)."""
        def act(session: Session, game: Game) -> SeatView | Refused:
            seat = games.join(session, game, seat_name, role, list(preferences),
                              now or clock(), by_master=by_master, user_id=user_id)
            return seat if isinstance(seat, Refused) else _credentials(session, seat, password,
                                                                       address)
        return self._write(name, act)

    def start(self, name: str, now: datetime | None = None) -> GameView | Refused:
        def act(session: Session, game: Game) -> GameView | Refused:
            started = games.start_play(session, game, now or clock())
            if isinstance(started, Refused):
                return started
            session.flush()
            _first_clock(session, game, now or clock())
            return view(session, game, Viewer.master())
        return self._write(name, act)

    # -- the game's engine, as the front ends ask it ---------------------------
    def check_orders(self, name: str, viewer: Viewer, power: str, text: str
                     ) -> Reading | Refused:
        """``power``'s orders in ``text`` read against the pending position as ``viewer``
        sees it: the canonical lines and each refused line with its reason.  Nothing is
        stored (:meth:`submit_orders` stores)."""
        def read(session: Session, game: Game) -> Reading | Refused:
            found = _pending(session, game, viewer, power)
            if isinstance(found, Refused):
                return found
            kind, position = found
            return kind.read(position, power, text)
        return self._read(name, read)

    def legal(self, name: str, viewer: Viewer, power: str) -> list[Choice] | Refused:
        """Every legal order of ``power``'s units in the pending phase, grouped by unit
        (:attr:`~machiavelli.service.port.Choice.about`), as ``viewer`` may ask them."""
        def find(session: Session, game: Game) -> list[Choice] | Refused:
            found = _pending(session, game, viewer, power)
            if isinstance(found, Refused):
                return found
            kind, position = found
            return sorted(kind.legal(position, power), key=lambda c: c.about.split(" "))
        return self._read(name, find)

    def picture(self, name: str, viewer: Viewer, phase: int | None = None, *,
                results: bool = False, marks: bool = True) -> str | Refused:
        """The map of game ``name`` as ``viewer`` may see it, an SVG document:

        - ``phase`` None: the pending position, with the orders ``viewer`` may see drawn
          on it, the plague that struck as it began and the scenario's title;
        - ``phase`` n with ``results``: processed phase n (1 to the game's phase): the
          position before it with the results of the orders processed then (adjudicated
          again from the position, the orders and the game's seed; ``viewer`` is shown
          its share only);
        - ``phase`` n without ``results``: the position reached after n phases (0: the
          start).

        ``marks=False``: the bare position (no title, orders or plague), as result mails
        attach it."""
        return self._read(name, lambda s, g: _picture(s, g, viewer, phase, results, marks))

    def options(self, name: str) -> Mapping[str, str] | Refused:
        """The game's options in force, each in words (Machiavelli's: ``on``, ``off``)."""
        def find(session: Session, game: Game) -> Mapping[str, str] | Refused:
            found = _position(session, game)
            if isinstance(found, Refused):
                return found
            kind, position = found
            return kind.options(position)
        return self._read(name, find)

    # -- the kinds' set-ups and rules, without a game -----------------------------
    @staticmethod
    def setups(kind: str = MACHIAVELLI) -> list[SetupInfo]:
        """The set-ups a new game of ``kind`` may start from (a scenario and its numbers
        of players), as a lobby lists them."""
        return list(kind_named(kind).setups())

    @staticmethod
    def scenarios(names: Sequence[str] | None = None) -> list[ScenarioView]:
        """Machiavelli's scenarios (every one, or those ``names``) with their variants."""
        return fronts.scenarios(names)

    @staticmethod
    def scenario_names() -> list[str]:
        return fronts.scenario_names()

    @staticmethod
    def option_flags() -> OptionFlags:
        """The flags a game may set and their defaults per family of rules."""
        return fronts.option_flags()

    @staticmethod
    def option_words(text: str) -> tuple[tuple[str, bool], ...] | None:
        """The options a master's ``SET`` names, in order, or None: not options."""
        return fronts.option_words(text)

    @staticmethod
    def set_option_words(options: Mapping[str, bool], text: str, *, started: bool
                         ) -> dict[str, bool] | Refused:
        """``options`` after a master's ``SET`` (``"nofamine, forts"``), or why not."""
        done = fronts.set_options(options, text, started=started)
        return Refused(done) if isinstance(done, str) else done

    @staticmethod
    def option_changes(before: Mapping[str, bool], after: Mapping[str, bool]) -> list[str]:
        """One sentence per option whose value in force changed (``famine is now off``)."""
        return fronts.option_changes(before, after)

    # -- what a view already holds, in the kind's words ---------------------------
    @staticmethod
    def options_in_force(seen: GameView) -> dict[str, bool]:
        """Every option of the viewed game with its value in force."""
        return fronts.options_held(seen.state.options)

    @staticmethod
    def options_listing(seen: GameView) -> str:
        """The viewed game's options in one line (nJudge's: ``Mach1: famine, ...``)."""
        return fronts.options_listing(seen.state.options)

    @staticmethod
    def board(seen: GameView) -> fronts.Board:
        """The viewed game's board, as its kind holds it (for a caller that hands it back
        to the engine, as a bot or a test does; the front ends only pass it on)."""
        return _board(seen)

    @staticmethod
    def power_letters(seen: GameView) -> dict[str, str]:
        """The viewed game's power letters (``SIGN ON``): letter -> power (the kind's
        aliases of its seats)."""
        return dict(kind_named(seen.kind).aliases(Setup.recorded(seen.scenario, seen.players)))

    @staticmethod
    def cities(seen: GameView, phase: PhaseView, power: str) -> int:
        """How many cities that count ``power`` held after ``phase`` of the viewed game."""
        return fronts.cities(_board(seen), phase.position, power)

    @staticmethod
    def random_orders(seen: GameView, rng: random.Random) -> dict[str, list[str]]:
        """Random legal orders for every power of the viewed position, as lines."""
        return fronts.random_lines(_board(seen), seen.state, rng)

    # -- orders -------------------------------------------------------------
    def submit_orders(self, name: str, actor: Viewer, power: str | None, text: str, *,
                      phase: int | None = None, replace: bool = False,
                      refused_keeps: bool = False, now: datetime | None = None
                      ) -> Stored | Refused:
        return self._write(name, lambda s, g: sheets.submit(
            s, g, actor, power, text, now or clock(), phase=phase, replace=replace,
            refused_keeps=refused_keeps))

    def set_wait(self, name: str, actor: Viewer, power: str | None, wait: bool,
                 now: datetime | None = None) -> Stored | Refused:
        return self._write(name, lambda s, g: sheets.set_wait(
            s, g, actor, power, wait, now or clock()))

    # -- processing ---------------------------------------------------------
    def process(self, name: str, *, expected: int | None = None, who: str = "master",
                now: datetime | None = None) -> Processed | Refused:
        """Process the pending phase (``expected``: only if it is still that phase)."""
        return self._write(name, lambda s, g: adjudication.process(
            s, g, now or clock(), expected=expected, who=who))

    # -- press --------------------------------------------------------------
    def send_press(self, name: str, sender: Viewer, to: Sequence[str], body: str, *,
                   grey: bool = False, as_power: str | None = None,
                   now: datetime | None = None) -> SentLetter | Refused:
        return self._write(name, lambda s, g: _mapped(s, press.send(
            s, g, sender, list(to), body, now or clock(), grey=grey, as_power=as_power),
            _sent))

    # -- settings -------------------------------------------------------------
    def change_settings(self, name: str, actor: Viewer,
                        change: Callable[[Settings, bool], Settings | Refused],
                        now: datetime | None = None) -> Settings | Refused:
        """A master changes the game's settings: ``change(settings, started)`` gives the
        new ones (or a refusal), e.g. with :func:`machiavelli.service.house.press.set_press`."""
        def act(session: Session, game: Game) -> Settings | Refused:
            if not actor.is_master:
                return Refused("only a master changes a game's settings")
            changed = change(Settings.from_dict(game.settings), game.status != "forming")
            if isinstance(changed, Refused):
                return changed
            game.settings = changed.to_dict()
            game.updated_at = now or clock()
            games.journal(session, game, actor.name, "changed the settings", now or clock())
            return changed
        return self._write(name, act)

    def set_press(self, name: str, actor: Viewer, words: str,
                  now: datetime | None = None) -> Settings | Refused:
        """nJudge's press ``SET`` commands ("grey, no partial"), for a master."""
        def change(settings: Settings, started: bool) -> Settings | Refused:
            policy = press_rules.set_press(press_rules.PressPolicy.from_dict(settings.press), words,
                                     game_started=started)
            if isinstance(policy, Refused):
                return policy
            return replace(settings, press=policy.to_dict())
        return self.change_settings(name, actor, change, now)

    # -- absences -----------------------------------------------------------
    def set_absence(self, name: str, actor: Viewer, power: str | None, dates: str,
                    now: datetime | None = None) -> tuple[Absence, ...] | Refused:
        """``SET ABSENCE dates`` ("15 Dec to 20 Dec"): the power's pending absences."""
        return self._write(name, lambda s, g: absence.set_absence(s, g, actor, power, dates,
                                                               now or clock()))

    def cancel_absence(self, name: str, actor: Viewer, power: str | None, date: str,
                       now: datetime | None = None) -> tuple[Absence, ...] | Refused:
        return self._write(name, lambda s, g: absence.cancel(s, g, actor, power, date,
                                                          now or clock()))

    # -- draws --------------------------------------------------------------
    def vote_draw(self, name: str, actor: Viewer, power: str | None, vote: bool,
                  draw_list: Sequence[str] = (), now: datetime | None = None) -> str | Refused:
        """A power votes for a draw (DIAS: of the survivors; NoDIAS: between
        ``draw_list``) or withdraws its vote; a draw every survivor approves ends the game."""
        return self._write(name, lambda s, g: draws.vote(s, g, actor, power, vote,
                                                         now or clock(), draw_list))

    # -- seats --------------------------------------------------------------
    def resign(self, name: str, actor: Viewer, who: str | None = None,
               now: datetime | None = None) -> SeatView | Refused:
        return self._write(name, lambda s, g: _mapped(s, mastery.leave(
            s, g, actor, who or actor.power or actor.name, "resigned", now or clock()),
            SeatView.record))

    def eject(self, name: str, actor: Viewer, who: str,
              now: datetime | None = None) -> SeatView | Refused:
        return self._write(name, lambda s, g: _mapped(s, mastery.leave(
            s, g, actor, who, "ejected", now or clock()), SeatView.record))

    def take_over(self, name: str, seat_name: str, power: str, *,
                  password: str | None = None, address: str | None = None,
                  user_id: int | None = None, now: datetime | None = None
                  ) -> SeatView | Refused:
        def act(session: Session, game: Game) -> SeatView | Refused:
            seat = mastery.take_over(session, game, seat_name, power, now or clock(), user_id)
            return seat if isinstance(seat, Refused) else _credentials(session, seat, password,
                                                                       address)
        return self._write(name, act)

    # -- master actions -----------------------------------------------------
    def pause(self, name: str, actor: Viewer, paused: bool = True,
              now: datetime | None = None) -> GameStatus | Refused:
        return self._write(name, lambda s, g: _mapped(s,
            mastery.pause(s, g, actor, now or clock(), paused), GameStatus.of))

    def extend(self, name: str, actor: Viewer, hours: float,
               now: datetime | None = None) -> GameStatus | Refused:
        return self._write(name, lambda s, g: _mapped(s,
            mastery.extend(s, g, actor, hours, now or clock()), GameStatus.of))

    def rollback(self, name: str, actor: Viewer, number: int,
                 now: datetime | None = None) -> GameStatus | Refused:
        return self._write(name, lambda s, g: _mapped(s,
            mastery.rollback(s, g, actor, number, now or clock()), GameStatus.of))

    def terminate(self, name: str, actor: Viewer, now: datetime | None = None
                  ) -> GameStatus | Refused:
        return self._write(name, lambda s, g: _mapped(s,
            mastery.terminate(s, g, actor, now or clock()), GameStatus.of))

    def promote(self, name: str, actor: Viewer, seat_name: str,
                now: datetime | None = None) -> SeatView | Refused:
        """An observer becomes a master too."""
        return self._write(name, lambda s, g: _mapped(s,
            mastery.promote(s, g, actor, seat_name, now or clock()), SeatView.record))

    def change_clock(self, name: str, actor: Viewer,
                     change: Callable[[PhaseClock, DeadlinePolicy, PhaseKind],
                                      PhaseClock | Refused],
                     now: datetime | None = None) -> PhaseClock | Refused:
        """The master moves the pending phase's deadline, grace or start (``change``:
        a rule of :mod:`~machiavelli.service.house.deadlines`, such as ``set_deadline``)."""
        return self._write(name, lambda s, g: mastery.change_clock(s, g, actor, change,
                                                                   now or clock()))

    def reshape(self, name: str, actor: Viewer, change: Callable[[Shape], Shape | Refused],
                now: datetime | None = None) -> Shape | Refused:
        """A master changes a forming game's scenario, variant, options or victory."""
        def act(session: Session, game: Game) -> Shape | Refused:
            if not actor.is_master:
                return Refused("only a master changes a game's variant and options")
            shape = change(games.shape_of(game))
            if isinstance(shape, Refused):
                return shape
            return games.reshape(session, game, shape, now or clock())
        return self._write(name, act)

    def predict(self, name: str, actor: Viewer) -> Step | Refused:
        """What processing now would give: the step with its report (a master's look;
        nothing is written)."""
        if not actor.is_master:
            return Refused("only a master may predict a phase")
        return self._read(name, adjudication.predict)

    # -- the judge by mail: registrations, seats, later orders -------------------
    def register(self, address: str, form: Sequence[tuple[str, str]],
                 now: datetime | None = None) -> tuple[UserView, bool] | Refused:
        """File a registration form for ``address`` (again: the form is updated)."""
        try:
            with self.db.writing() as session:
                done = credentials.register(session, address, form, now or clock())
                if isinstance(done, Refused):
                    raise _Refusal(done)
                session.flush()
                return UserView.of(done[0]), done[1]
        except _Refusal as refusal:
            return refusal.refused

    def registered(self, address: str) -> UserView | None:
        with self.db.reading() as session:
            found = credentials.registered(session, address)
            return UserView.of(found) if found is not None else None

    def sign_on(self, name: str, role: str, password: str, *, power: str | None = None,
                seat_name: str | None = None, left: bool = False) -> SeatView | Refused:
        """The seat of ``power`` (a player), ``seat_name`` (an observer or a master) or
        any of ``role``, if ``password`` is its sign-on password (``left``: the last
        player of ``power``, who left)."""
        return self._read(name, lambda s, g: _mapped(s, credentials.sign_on(
            s, g, role, password, power=power, name=seat_name, left=left), SeatView.record))

    def update_seat(self, name: str, seat_name: str, *, password: str | None = None,
                    address: str | None = None) -> SeatView | Refused:
        """A participant's own password or mail address."""
        return self._write(name, lambda s, g: _mapped(s, credentials.update_seat(
            s, g, seat_name, password=password, address=address), SeatView.record))

    def seats(self, name: str, *, present: bool = True) -> list[SeatView] | Refused:
        """Every seat with its address (the judge's own records: for its mail, never
        shown as they are; ``present=False``: with those who left)."""
        return self._read(name, lambda s, g: [SeatView.record(seat) for seat in
                                              games.seats(s, g, present=present)])

    def set_preferences(self, name: str, seat_name: str, preferences: Sequence[str],
                        now: datetime | None = None) -> SeatView | Refused:
        return self._write(name, lambda s, g: _mapped(s, games.set_preferences(
            s, g, seat_name, list(preferences), now or clock()), SeatView.record))

    def hold_orders(self, name: str, actor: Viewer, power: str | None, season: str,
                    year: int, kind: str, text: str,
                    now: datetime | None = None) -> LaterView | Refused:
        """Keep orders for a later phase, submitted when the game reaches it."""
        return self._write(name, lambda s, g: _mapped(s, later.hold(
            s, g, actor, power, season, year, kind, text, now or clock()), LaterView.of))

    def clear_later(self, name: str, actor: Viewer, power: str | None,
                    now: datetime | None = None) -> int | Refused:
        return self._write(name, lambda s, g: later.clear(s, g, actor, power, now or clock()))

    def send_letter(self, name: str, sender: Viewer, to: Addressees | None, body: str, *,
                    colour: Colour | None = None, fake_broadcast: bool | None = None,
                    fake_to: Addressees | None = None, postal: bool = False,
                    as_power: str | None = None, now: datetime | None = None
                    ) -> SentLetter | Refused:
        """A letter with every option of nJudge's ``PRESS`` (``to`` None: everybody)."""
        return self._write(name, lambda s, g: _mapped(s, press.send_draft(
            s, g, sender, to, body, now or clock(), colour=colour,
            fake_broadcast=fake_broadcast, fake_to=fake_to, postal=postal, as_power=as_power),
            _sent))

    def concede(self, name: str, actor: Viewer, power: str | None, to: str | None,
                now: datetime | None = None) -> str | Refused:
        """``SET CONCEDE power`` (``to`` None: ``SET NO CONCEDE``)."""
        return self._write(name, lambda s, g: draws.concede(s, g, actor, power, to,
                                                            now or clock()))

    # -- archives -----------------------------------------------------------
    def export_game(self, name: str, folder: str | Path) -> Archive | Refused:
        """Write game ``name`` into ``folder`` (the folder layout, with checksums)."""
        archive = self._read(name, export_game)
        if not isinstance(archive, Refused):
            write_archive(archive, Path(folder))
        return archive

    def import_game(self, folder: str | Path, name: str,
                    now: datetime | None = None) -> GameStatus | Refused:
        """The game archived in ``folder`` as a new game ``name`` (every file checked)."""
        return self.import_archive(read_archive(Path(folder)), name, now)

    def import_archive(self, archive: Archive, name: str,
                       now: datetime | None = None) -> GameStatus | Refused:
        """An archive already read (:func:`~machiavelli.service.archive.read_archive`)
        as a new game ``name``."""
        problem = unreadable_orders(archive)
        if problem is not None:
            return problem
        try:
            with self.db.writing() as session:
                game = import_game(session, archive, name, now or clock())
                if isinstance(game, Refused):
                    raise _Refusal(game)
                session.flush()
                return GameStatus.of(game)
        except _Refusal as refusal:
            return refusal.refused

    # -- the sweeper -----------------------------------------------------------
    def sweep(self, names: Sequence[str] = (), now: datetime | None = None
              ) -> list[sweeper.Swept | Refused]:
        """Process every game (or those named) whose deadline, grace or all-ready
        condition holds, and write the notices owed; one transaction per game."""
        moment = now or clock()
        if not names:
            with self.db.reading() as session:
                names = sweeper.games_to_sweep(session)
        done: list[sweeper.Swept | Refused] = []
        for name in names:
            done.append(self._write(name, lambda s, g: sweeper.sweep_game(s, g.name, moment)))
        return done

    # -- notices ------------------------------------------------------------
    def delivered(self, name: str, ids: Sequence[int],
                  now: datetime | None = None) -> int | Refused:
        """Mark notices delivered (the front end that sent them says so); how many."""
        def act(session: Session, game: Game) -> int:
            found = list(session.scalars(select(Notice).where(
                Notice.game_id == game.id, Notice.id.in_(list(ids)),
                Notice.delivered_at.is_(None))))
            for notice in found:
                notice.delivered_at = now or clock()
            return len(found)
        return self._write(name, act)

    def notices(self, name: str, *, undelivered: bool = True) -> list[NoticeView] | Refused:
        def find(session: Session, game: Game) -> list[NoticeView]:
            query = select(Notice).where(Notice.game_id == game.id)
            if undelivered:
                query = query.where(Notice.delivered_at.is_(None))
            return [NoticeView.of(n) for n in session.scalars(query.order_by(Notice.id))]
        return self._read(name, find)


def _mapped(session: Session, found: T | Refused, make: Callable[[T], R]) -> R | Refused:
    """A row the service found or wrote made into its view (written first, so that it
    has its id); a refusal as it is."""
    if isinstance(found, Refused):
        return found
    session.flush()
    return make(found)


def _sent(letter: Letter) -> SentLetter:
    return SentLetter.of(letter)


def _credentials(session: Session, seat: Seat, password: str | None, address: str | None
                 ) -> SeatView | Refused:
    if address is not None:
        seat.address = address
    if password is not None:
        problem = credentials.set_password(seat, password)
        if problem is not None:
            return problem
    session.flush()
    return SeatView.record(seat)


def _board(seen: GameView) -> fronts.Board:
    return fronts.board_of(seen.scenario, seen.players)


def _position(session: Session, game: Game) -> tuple[GameKind, Position] | Refused:
    """The game's kind and its pending position, as the kind holds it."""
    kind = games.kind_of(game)
    if game.status == "forming":  # the set-up, before the start
        made = kind.set_up(games.setup_of(game))
        return Refused(made) if isinstance(made, str) else (kind, made)
    return kind, games.pending_position(session, game)


def _pending(session: Session, game: Game, viewer: Viewer, power: str
             ) -> tuple[GameKind, Position] | Refused:
    """:func:`_position`, if ``viewer`` may see ``power``'s orders and it is in play."""
    if not viewer.may_see_power(power):
        return Refused(f"{power}'s orders are for {power} and the master only")
    found = _position(session, game)
    if isinstance(found, Refused):
        return found
    if power not in found[0].seats(found[1]):
        return Refused(f"{game.name} has no power {power}")
    return found


def _picture(session: Session, game: Game, viewer: Viewer, phase: int | None,
             results: bool, marks: bool) -> str | Refused:
    """:meth:`Judge.picture`."""
    seen = view(session, game, viewer, history=True, press=False)
    board = fronts.board_of(game.scenario, game.players)
    sight = viewer.sight
    title = fronts.title_of(seen.scenario) if marks else None
    processed = len(seen.history)
    if phase is None:
        if not marks or seen.status == "forming":
            return fronts.picture(board, seen.state, sight, title=title)
        pending = {power: "".join(line + "\n" for line in sheet.lines)
                   for power, sheet in seen.orders.items()}
        return fronts.picture(board, seen.state, sight, title=title, pending=pending,
                              plague=_plague(board, seen, processed + 1))
    if results:
        if not 1 <= phase <= processed:
            return Refused(f"{game.name} has no processed phase {phase}")
        shown = seen.start_position if phase == 1 else seen.history[phase - 2].position
        if shown is None:
            return Refused(f"{game.name} has no processed phase {phase}")
        return fronts.picture(board, shown, sight, results=_results(session, game, phase),
                              plague=_plague(board, seen, phase), title=title)
    position = seen.start_position if phase == 0 else next(
        (p.position for p in seen.history if p.number == phase), None)
    if position is None:
        return Refused(f"{game.name} has no phase {phase}")
    return fronts.picture(board, position, sight, title=title,
                          plague=_plague(board, seen, phase + 1) if marks else ())


def _plague(board: fronts.Board, seen: GameView, number: int) -> list[str]:
    """The provinces the plague struck as the position drawn for phase ``number`` began
    (the report that led to it says; the pending phase is ``len(history) + 1``)."""
    shown = seen.start_position if number <= 1 else seen.history[number - 2].position
    report = seen.start if number <= 1 else seen.history[number - 2].report
    return fronts.plague_marks(board, shown, report)


def _results(session: Session, game: Game, phase: int) -> list[fronts.OrderResult]:
    """Every order processed in ``phase`` and how it ended (the picture shows the viewer
    its share), adjudicated again from the whole recorded position."""
    whole = view(session, game, Viewer.master(), history=True, press=False)
    before = whole.start_position if phase == 1 else whole.history[phase - 2].position
    if before is None:
        return []
    return fronts.results(fronts.board_of(game.scenario, game.players), before,
                          whole.history[phase - 1].orders, game.seed)


def _first_clock(session: Session, game: Game, now: datetime) -> None:
    state = games.phase_state(game, games.live_phase(session, game))
    deadlines.set_clock(game, state, now, first=True)
