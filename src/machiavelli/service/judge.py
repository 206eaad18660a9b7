"""The judge: the one door front ends use to games, users, orders, press and votes.

:class:`Judge` opens a database (:func:`~machiavelli.service.database.open_database`)
and runs every operation as one transaction: it reads or locks the game, calls the
module that knows the rule, and commits, or rolls back when the answer is a
:class:`~machiavelli.service.refusal.Refused` (a request the rules turn down is a value
with its reason, never an exception).  Every operation that depends on the time takes
``now`` (default: the clock), so that tests and replays are deterministic.

The doors come in families, each a class :class:`Judge` inherits: the transactions
(:mod:`~machiavelli.service.judge_base`), a master's doors
(:mod:`~machiavelli.service.judge_master`), the judge by mail's
(:mod:`~machiavelli.service.judge_mail`) and those that only look
(:mod:`~machiavelli.service.lookups`); this module keeps users, games, seats, orders,
processing, press, absences, draws, archives, the sweeper and notices.

Failures of the storage raise :class:`~machiavelli.service.database.StorageError`, and
stored data that fails its own checks :class:`~machiavelli.service.games.DamagedGame`:
both carry a message for the user.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

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
    OutOfBounds,
    StorageError,
    folder_url,
    open_database,
    upgrade_database,
)
from machiavelli.service.games import DamagedGame, NewGame, Settings
from machiavelli.service.house.absence import Absence
from machiavelli.service.judge_base import Refusal, clock, letter_view, mapped
from machiavelli.service.judge_mail import MailDoors
from machiavelli.service.judge_master import MasterDoors
from machiavelli.service.lookups import Lookups
from machiavelli.service.notices import notify
from machiavelli.service.refusal import NoGame, Refused
from machiavelli.service.schema import Game, Notice, Seat, User
from machiavelli.service.sheets import Stored
from machiavelli.service.transfer import export_game, import_game, unreadable_orders
from machiavelli.service.visibility import (
    GameStatus,
    GameView,
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

class Judge(MasterDoors, MailDoors, Lookups):
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

    # -- users --------------------------------------------------------------
    def add_user(self, name: str, password: str | None = None, email: str | None = None,
                 now: datetime | None = None) -> UserView | Refused:
        try:
            with self.db.writing() as session:
                made = accounts.add_user(session, name, password, email, now or clock())
                if isinstance(made, Refused):
                    raise Refusal(made)
                session.flush()
                return UserView.of(made)
        except Refusal as refusal:
            return refusal.refused

    def set_email(self, user_id: int, email: str) -> UserView | Refused:
        """A mail address the user has shown they read becomes theirs (their mail
        identity: the sender of their commands through the web's ``/judge``)."""
        try:
            with self.db.writing() as session:
                done = accounts.set_email(session, user_id, email)
                if isinstance(done, Refused):
                    raise Refusal(done)
                return UserView.of(done)
        except Refusal as refusal:
            return refusal.refused

    def sign_in(self, name: str, password: str) -> UserView | Refused:
        with self.db.reading() as session:
            return mapped(session, accounts.sign_in(session, name, password), UserView.of)

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
                    raise Refusal(done)
                return UserView.of(done)
        except Refusal as refusal:
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
                    raise Refusal(game)
                session.flush()
                if start:
                    _first_clock(session, game, moment)
                return view(session, game, Viewer.master(master or "master"))
        except Refusal as refusal:
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
        return self._write(name, lambda s, g: _submit(
            s, g, actor, power, text, moment, phase=phase, replace=replace,
            refused_keeps=refused_keeps))

    def submit_seat_orders(self, name: str, seat_name: str, text: str, *,
                           phase: int | None = None, replace: bool = False,
                           refused_keeps: bool = False, now: datetime | None = None
                           ) -> Stored | Refused:
        """:meth:`submit_orders` for the power of ``seat_name``'s seat, its viewer found in
        the same transaction (the public's without a seat); no game of that name:
        :class:`~machiavelli.service.refusal.NoGame`."""
        moment = now or clock()
        found: list[bool] = []

        def act(session: Session, game: Game) -> Stored | Refused:
            found.append(True)
            viewer = seated_viewer(session, game, seat_name)
            return _submit(session, game, viewer if isinstance(viewer, Viewer)
                           else Viewer.public(), None, text, moment, phase=phase,
                           replace=replace, refused_keeps=refused_keeps)
        done = self._write(name, act)
        return NoGame(done.reason) if isinstance(done, Refused) and not found else done

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
        return self._write(name, lambda s, g: mapped(s, press.send(
            s, g, sender, list(to), body, now or clock(), grey=grey, as_power=as_power),
            letter_view))

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
        return self._write(name, lambda s, g: mapped(s, mastery.leave(
            s, g, actor, who or actor.power or actor.name, "resigned", now or clock()),
            SeatView.record))

    def eject(self, name: str, actor: Viewer, who: str,
              now: datetime | None = None) -> SeatView | Refused:
        return self._write(name, lambda s, g: mapped(s, mastery.leave(
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
                    raise Refusal(game)
                session.flush()
                return GameStatus.of(game)
        except Refusal as refusal:
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


def _submit(session: Session, game: Game, actor: Viewer, power: str | None, text: str,
            moment: datetime, *, phase: int | None, replace: bool, refused_keeps: bool
            ) -> Stored | Refused:
    """A seat's orders stored, and the decisions they complete resolved."""
    stored = sheets.submit(session, game, actor, power, text, moment, phase=phase,
                           replace=replace, refused_keeps=refused_keeps)
    if isinstance(stored, Refused):
        return stored
    done = adjudication.resolve_answered(session, game, stored.power, moment,
                                         who=actor.name or stored.power)
    adjudication.resolve_standing(session, game, moment)  # Princes' standing orders
    return stored if done is None else dataclasses.replace(stored, resolved=done.message)


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
