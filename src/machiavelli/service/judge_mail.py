"""The doors of the judge by mail: registration forms, sign-ons (wrong passwords
counted, :mod:`~machiavelli.service.guesses`), a seat's password, address and
preferences, the seats with their addresses, orders kept for a later phase, letters with
every option of nJudge's ``PRESS`` and concessions.  :class:`MailDoors` is inherited by
:class:`~machiavelli.service.judge.Judge`; each door is one transaction
(:class:`~machiavelli.service.judge_base.JudgeBase`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from machiavelli.service import credentials, draws, games, guesses, later, press
from machiavelli.service.house.press import Addressees, Colour
from machiavelli.service.judge_base import JudgeBase, Refusal, clock, letter_view, mapped
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, Seat, User
from machiavelli.service.visibility import LaterView, SeatView, SentLetter, UserView, Viewer


class MailDoors(JudgeBase):
    """The judge by mail's doors (see the module's docstring)."""

    # -- the judge by mail: registrations, seats, later orders -------------------
    def register(self, address: str, form: Sequence[tuple[str, str]],
                 now: datetime | None = None) -> tuple[UserView, bool] | Refused:
        """File a registration form for ``address`` (again: the form is updated)."""
        try:
            with self.db.writing() as session:
                done = credentials.register(session, address, form, now or clock())
                if isinstance(done, Refused):
                    raise Refusal(done)
                session.flush()
                return UserView.of(done[0]), done[1]
        except Refusal as refusal:
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
        found = self._read(name, lambda s, g: mapped(s, credentials.sign_on(
            s, g, role, password, power=power, name=seat_name, left=left), SeatView.record))
        if isinstance(found, Refused) and counted and not left:
            with self.db.writing() as session:
                guesses.failed(session, counters, moment)
        return found

    def update_seat(self, name: str, seat_name: str, *, password: str | None = None,
                    address: str | None = None) -> SeatView | Refused:
        """A participant's own password or mail address."""
        return self._write(name, lambda s, g: mapped(s, credentials.update_seat(
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
        return self._write(name, lambda s, g: mapped(s, games.set_preferences(
            s, g, seat_name, list(preferences), now or clock()), SeatView.record))

    def hold_orders(self, name: str, actor: Viewer, power: str | None, season: str,
                    year: int, kind: str, text: str,
                    now: datetime | None = None) -> LaterView | Refused:
        """Keep orders for a later phase, submitted when the game reaches it."""
        return self._write(name, lambda s, g: mapped(s, later.hold(
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
        return self._write(name, lambda s, g: mapped(s, press.send_draft(
            s, g, sender, to, body, now or clock(), colour=colour,
            fake_broadcast=fake_broadcast, fake_to=fake_to, postal=postal, as_power=as_power),
            letter_view))

    def concede(self, name: str, actor: Viewer, power: str | None, to: str | None,
                now: datetime | None = None) -> str | Refused:
        """``SET CONCEDE power`` (``to`` None: ``SET NO CONCEDE``)."""
        return self._write(name, lambda s, g: draws.concede(s, g, actor, power, to,
                                                            now or clock()))


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
