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

import dataclasses
from collections.abc import Callable, Sequence
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
    cells,  # noqa: F401  (every row is checked as it loads: service/cells.py)
    credentials,
    deadlines,
    draws,
    games,
    guesses,
    later,
    mastery,
    press,
    sheets,
    sweeper,
)
from machiavelli.service.adjudication import Processed
from machiavelli.service.archive import Archive, read_archive, write_archive
from machiavelli.service.config import fixed_now
from machiavelli.service.database import (
    GAME_FILE,
    Database,
    OutOfBounds,
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
from machiavelli.service.lookups import Lookups
from machiavelli.service.notices import notify
from machiavelli.service.port import (
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
    SeatView,
    SentLetter,
    UserView,
    Viewer,
    look,
    seated_viewer,
    view,
)

#: what the front ends catch: the storage failed (with a message for the user), stored
#: data failed its own checks; and the name of a game folder's database file
__all__ = ["GAME_FILE", "DamagedGame", "Judge", "OutOfBounds", "Refused", "StorageError",
           "clock"]

T = TypeVar("T")
R = TypeVar("R")


def clock() -> datetime:
    """Now: the time ``MACHIAVELLI_NOW`` fixes (:func:`~machiavelli.service.config.fixed_now`),
    else the wall clock.  Every operation's ``now`` defaults to it."""
    return fixed_now() or datetime.now(UTC)


class _Refusal(Exception):
    """Carries a refusal out of a transaction so that it rolls back."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.reason)
        self.refused = refused


class Judge(Lookups):
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

    def set_email(self, user_id: int, email: str) -> UserView | Refused:
        """A mail address the user has shown they read becomes theirs (their mail
        identity: the sender of their commands through the web's ``/judge``)."""
        try:
            with self.db.writing() as session:
                done = accounts.set_email(session, user_id, email)
                if isinstance(done, Refused):
                    raise _Refusal(done)
                return UserView.of(done)
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

    def set_alerts(self, user_id: int, alerts: Sequence[str]) -> UserView | Refused:
        """The mails a user asks for (:data:`~machiavelli.service.accounts.ALERTS`)."""
        try:
            with self.db.writing() as session:
                done = accounts.set_alerts(session, user_id, list(alerts))
                if isinstance(done, Refused):
                    raise _Refusal(done)
                return UserView.of(done)
        except _Refusal as refusal:
            return refusal.refused

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

    def status(self, name: str) -> GameStatus | Refused:
        """Where game ``name`` stands (its status and pending phase), read at once."""
        return self._read(name, lambda s, g: GameStatus.of(g))

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
        return self._read(name, lambda s, g: seated_viewer(s, g, seat_name))

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

    # -- orders -------------------------------------------------------------
    def submit_orders(self, name: str, actor: Viewer, power: str | None, text: str, *,
                      phase: int | None = None, replace: bool = False,
                      refused_keeps: bool = False, now: datetime | None = None
                      ) -> Stored | Refused:
        """Store a seat's orders or answer for the pending decision; a decision with one
        owner (Princes') is resolved at once by its owner's complete answer
        (:attr:`~machiavelli.service.sheets.Stored.resolved` says so)."""
        moment = now or clock()

        def act(session: Session, game: Game) -> Stored | Refused:
            stored = sheets.submit(session, game, actor, power, text, moment, phase=phase,
                                   replace=replace, refused_keeps=refused_keeps)
            if isinstance(stored, Refused):
                return stored
            done = adjudication.resolve_answered(session, game, stored.power, moment,
                                                 who=actor.name or stored.power)
            adjudication.resolve_standing(session, game, moment)  # Princes' standing orders
            return stored if done is None else dataclasses.replace(stored, resolved=done.message)
        return self._write(name, act)

    def set_wait(self, name: str, actor: Viewer, power: str | None, wait: bool,
                 now: datetime | None = None) -> Stored | Refused:
        return self._write(name, lambda s, g: sheets.set_wait(
            s, g, actor, power, wait, now or clock()))

    # -- processing ---------------------------------------------------------
    def process(self, name: str, *, expected: int | None = None, who: str = "master",
                now: datetime | None = None) -> Processed | Refused:
        """Process the pending phase (``expected``: only if it is still that phase)."""
        def act(session: Session, game: Game) -> Processed | Refused:
            done = adjudication.process(session, game, now or clock(), expected=expected,
                                        who=who)
            adjudication.resolve_standing(session, game, now or clock())
            return done
        return self._write(name, act)

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
                        now: datetime | None = None,
                        announce: Callable[[], str | None] | None = None
                        ) -> Settings | Refused:
        """A master changes the game's settings: ``change(settings, started)`` gives the
        new ones (or a refusal), e.g. with :func:`machiavelli.service.house.press.set_press`;
        ``announce`` gives what the players are told of it (a notice to all; help file
        ``index``: every SET but the password and WAIT is announced)."""
        def act(session: Session, game: Game) -> Settings | Refused:
            if not actor.is_master:
                return Refused("only a master changes a game's settings")
            changed = change(Settings.from_dict(game.settings), game.status != "forming")
            if isinstance(changed, Refused):
                return changed
            game.settings = changed.to_dict()
            game.updated_at = now or clock()
            games.journal(session, game, actor.name, "changed the settings", now or clock())
            _announce(session, game, announce, now or clock())
            return changed
        return self._write(name, act)

    def set_broadcast(self, name: str, actor: Viewer, on: bool,
                      now: datetime | None = None) -> Settings | Refused:
        """``SET [NO] BROADCAST``: an observer or master receives broadcast press or not
        (help file ``index``: "Only possible for observers or moderators")."""
        def act(session: Session, game: Game) -> Settings | Refused:
            if actor.role == "player":
                return Refused("only observers and the Master may SET [NO] BROADCAST: a "
                               "power receives every broadcast")
            settings = Settings.from_dict(game.settings)
            quiet = [n for n in settings.no_broadcast if n != actor.name]
            changed = replace(settings, no_broadcast=quiet if on else [*quiet, actor.name])
            game.settings = changed.to_dict()
            game.updated_at = now or clock()
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
        """``SET ABSENCE dates`` ("15 Dec to 20 Dec"): the power's pending absences (one
        beyond the game's limits is refused, and the request goes to the Master)."""
        done = self._write(name, lambda s, g: absence.set_absence(s, g, actor, power, dates,
                                                                  now or clock()))
        if isinstance(done, absence.ForMaster):
            request = done.request
            self._write(name, lambda s, g: notify(s, g, "master", "absence", request,
                                                  now or clock()))
        return done

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
                  user_id: int | None = None, returned: bool = False,
                  now: datetime | None = None) -> SeatView | Refused:
        """``seat_name`` takes ``power``, left without a player or abandoned (``returned``:
        its last player takes it back); a notice tells everyone."""
        def act(session: Session, game: Game) -> SeatView | Refused:
            seat = mastery.take_over(session, game, seat_name, power, now or clock(), user_id,
                                     returned=returned)
            return seat if isinstance(seat, Refused) else _credentials(session, seat, password,
                                                                       address)
        return self._write(name, act)

    def become(self, name: str, actor: Viewer, power: str, now: datetime | None = None
               ) -> str | Refused:
        """A Master acts for ``power`` (``BECOME``); its player is told by a notice."""
        return self._write(name, lambda s, g: mastery.become(s, g, actor, power,
                                                             now or clock()))

    def signed_on(self, name: str, power: str, now: datetime | None = None
                  ) -> bool | Refused:
        """``power``'s player signed on with its password: a civil-disorder or abandoned
        mark is cleared (True if there was one)."""
        return self._write(name, lambda s, g: mastery.signed_on(s, g, power, now or clock()))

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
                     now: datetime | None = None,
                     announce: Callable[[], str | None] | None = None
                     ) -> PhaseClock | Refused:
        """The master moves the pending phase's deadline, grace or start (``change``:
        a rule of :mod:`~machiavelli.service.house.deadlines`, such as ``set_deadline``);
        ``announce`` gives what everyone is told of it (a notice)."""
        def act(session: Session, game: Game) -> PhaseClock | Refused:
            done = mastery.change_clock(session, game, actor, change, now or clock())
            if not isinstance(done, Refused):
                _announce(session, game, announce, now or clock())
            return done
        return self._write(name, act)

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
                seat_name: str | None = None, left: bool = False, source: str | None = None,
                now: datetime | None = None, counted: bool = True) -> SeatView | Refused:
        """The seat of ``power`` (a player), ``seat_name`` (an observer or a master) or
        any of ``role``, if ``password`` is its sign-on password (``left``: the last
        player of ``power``, who left).  Wrong passwords are counted (unless not
        ``counted``: a first try of two) per seat and per
        ``source`` (the sender's address): past a few, the next sign-on waits, doubling
        (:class:`~machiavelli.service.guesses.TooMany`; :mod:`~machiavelli.service.guesses`).
        """
        moment = now or clock()
        counters = guesses.keys(name, role, power, seat_name, source)
        if not left:
            with self.db.reading() as session:
                stop = guesses.waiting(session, counters, moment)
            if stop is not None:
                return stop
        found = self._read(name, lambda s, g: _mapped(s, credentials.sign_on(
            s, g, role, password, power=power, name=seat_name, left=left), SeatView.record))
        if isinstance(found, Refused) and counted and not left:
            with self.db.writing() as session:
                guesses.failed(session, counters, moment)
        return found

    def update_seat(self, name: str, seat_name: str, *, password: str | None = None,
                    address: str | None = None) -> SeatView | Refused:
        """A participant's own password or mail address."""
        return self._write(name, lambda s, g: _mapped(s, credentials.update_seat(
            s, g, seat_name, password=password, address=address), SeatView.record))

    def seats(self, name: str, *, present: bool = True) -> list[SeatView] | Refused:
        """Every seat with its address (the judge's own records: for its mail, never
        shown as they are; ``present=False``: with those who left)."""
        def find(session: Session, game: Game) -> list[SeatView]:
            found = games.seats(session, game, present=present)
            return [SeatView.record(seat, users.get(seat.user_id or seat.name))
                    for users in [_users_of(session, found)] for seat in found]
        return self._read(name, find)

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

    def import_game(self, folder: str | Path, name: str, now: datetime | None = None, *,
                    verify: bool = True) -> GameStatus | Refused:
        """The game archived in ``folder`` as a new game ``name`` (every file checked;
        a folder without checksums only when not ``verify``)."""
        return self.import_archive(read_archive(Path(folder), verify=verify), name, now)

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

    def notices_for(self, name: str, viewer: Viewer) -> list[NoticeView] | Refused:
        """The notices ``viewer`` may read, delivered or not (the same statements the mail
        judge mails): those to all, a player's to its power, a Master's every one."""
        def find(session: Session, game: Game) -> list[NoticeView]:
            query = select(Notice).where(Notice.game_id == game.id)
            if not viewer.is_master:
                readers = ["all", *([viewer.power] if viewer.role == "player" and
                                    viewer.power else [])]
                query = query.where(Notice.to.in_(readers))
            return [NoticeView.of(n) for n in session.scalars(query.order_by(Notice.id))
                    if n.kind != "results"]
        return self._read(name, find)

    def notices(self, name: str, *, undelivered: bool = True) -> list[NoticeView] | Refused:
        def find(session: Session, game: Game) -> list[NoticeView]:
            query = select(Notice).where(Notice.game_id == game.id)
            if undelivered:
                query = query.where(Notice.delivered_at.is_(None))
            return [NoticeView.of(n) for n in session.scalars(query.order_by(Notice.id))]
        return self._read(name, find)


def _users_of(session: Session, seats: Sequence[Seat]) -> dict[int | str, User]:
    """The users ``seats`` are, by id (a seat joined by mail names its user) and by name
    (a seat taken on the web bears its user's name)."""
    ids = {s.user_id for s in seats if s.user_id is not None}
    names = {s.name for s in seats if s.user_id is None}
    found: dict[int | str, User] = {}
    for user in session.scalars(select(User).where(or_(User.id.in_(ids),
                                                       User.name.in_(names)))):
        found[user.id] = user
        found[user.name] = user
    return found


def _mapped(session: Session, found: T | Refused, make: Callable[[T], R]) -> R | Refused:
    """A row the service found or wrote made into its view (written first, so that it
    has its id); a refusal as it is."""
    if isinstance(found, Refused):
        return found
    session.flush()
    return make(found)


def _announce(session: Session, game: Game, announce: Callable[[], str | None] | None,
              now: datetime) -> None:
    """A setting's change told to everyone in the game (nothing to tell: no notice)."""
    text = announce() if announce is not None else None
    if text:
        notify(session, game, "all", "set", text, now)


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


def _first_clock(session: Session, game: Game, now: datetime) -> None:
    state = games.phase_state(game, games.live_phase(session, game))
    deadlines.set_clock(game, state, now, first=True)
