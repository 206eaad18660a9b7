"""Who sees what: :func:`view`, the one place that decides.

Every read of a game (the CLI's ``show`` and ``history``, the web's pages and API, the
mail judge's replies, a bot's observation) is a :class:`GameView` made by :func:`view`
for a :class:`Viewer`:

- everyone sees the public board: the units, who controls what, rebellions, famine,
  the seats, every phase's public report (the engine keeps each power's private part
  apart: :mod:`machiavelli.core.privacy`) and the press sent to everyone;
- a player also sees its own power's treasury, loans, chits and defaults, its own
  orders and messages, the private part of each report for its power (its expenses,
  loans, income) and the letters it sent or received (a grey letter's sender is
  hidden from everyone but the master);
- an observer sees the public board and the press sent to everyone or to observers;
- a master sees everything: every power's money, orders and private parts, every
  letter with its real sender and addressees, and who has orders in.

The position handed out is a copy of the stored one with the other powers' money taken
out, so a front end cannot leak what it never received.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service.games import (
    DamagedGame,
    NewGame,
    Settings,
    kind_of,
    live_phases,
    phase_state,
    places_of,
    seats,
    set_up,
    setup_of,
)
from machiavelli.service.house.draws import DrawPolicy, Votes, votes_seen
from machiavelli.service.port import Decision, Sight
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import (
    Game,
    LaterOrders,
    Letter,
    Notice,
    OrderSheet,
    Phase,
    Seat,
    User,
)

ViewerRole = Literal["player", "observer", "master", "public"]
ANONYMOUS = "(anonymous)"


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a power's player, an observer, a master, or anyone (public).

    A player who holds several powers (a variant where each player takes two or more)
    acts for ``power`` unless it names another of ``powers`` (all it holds, ``power``
    first); it sees the secrets of each."""

    role: ViewerRole
    power: str | None = None
    name: str = ""
    powers: tuple[str, ...] = ()

    @classmethod
    def master(cls, name: str = "master") -> Viewer:
        return cls("master", None, name)

    @classmethod
    def player(cls, power: str, name: str = "", also: Sequence[str] = ()) -> Viewer:
        """The player of ``power`` (and of the powers ``also``, when it holds several)."""
        held = tuple(dict.fromkeys((power, *also)))
        return cls("player", power, name or power, held if len(held) > 1 else ())

    @classmethod
    def observer(cls, name: str = "observer") -> Viewer:
        return cls("observer", None, name)

    @classmethod
    def public(cls) -> Viewer:
        return cls("public", None, "")

    @property
    def is_master(self) -> bool:
        return self.role == "master"

    @property
    def held(self) -> tuple[str, ...]:
        """Every power this viewer plays (none unless a player)."""
        if self.role != "player" or self.power is None:
            return ()
        return self.powers or (self.power,)

    def holds(self, power: str | None) -> bool:
        """Whether this viewer plays ``power``."""
        return power is not None and power in self.held

    def may_see_power(self, power: str) -> bool:
        """Whether this viewer may read ``power``'s money, orders and private reports."""
        return self.is_master or self.holds(power)

    @property
    def sight(self) -> Sight:
        """This viewer as the game's kind sees it (the seats whose secrets it may read)."""
        if self.is_master:
            return Sight.of_master()
        if self.held:
            return Sight.of_seat(*self.held)
        return Sight.public()


@dataclass(frozen=True)
class OrdersView:
    power: str
    lines: list[str]
    messages: list[dict[str, object]]
    wait: bool
    updated_at: datetime
    ready: bool = False  # said ready (its orders, even none or partly refused, are final)


@dataclass(frozen=True)
class PhaseView:
    """A processed phase (``number`` >= 1) or the start (0), as the viewer may read it."""

    number: int
    label: str  # the position this row holds ("Summer 1454 movement")
    report: str  # the public report of the phase processed to reach it
    private: dict[str, str]  # power -> its private part (the viewer's own, or all)
    orders: dict[str, str]  # the orders processed to reach it (own, or all for a master)
    # the position reached as the viewer may see it (the kind's sight of it; Machiavelli:
    # the engine's State, other powers' money taken out)
    position: Any
    created_at: datetime


@dataclass(frozen=True)
class LetterView:
    id: int
    phase: int
    sender: str  # ANONYMOUS for a grey letter, except to its sender and the master
    sender_role: str
    to: list[str]  # ["all"] for a broadcast
    grey: bool
    body: str
    sent_at: datetime
    postal: bool = False  # postal press: delivered with the phase's results


@dataclass(frozen=True)
class SeatView:
    """A seat: in a :class:`GameView`, its name, role, power (and preferences, for a
    master); in the judge's own records (:meth:`~machiavelli.service.judge.Judge.seats`,
    the seat a sign-on or a join gives), also its mail address, user and dates."""

    name: str
    role: str
    power: str | None
    preferences: list[str]
    address: str | None = None
    user_id: int | None = None
    joined_at: datetime | None = None
    left_at: datetime | None = None
    left_how: str | None = None
    #: the mails its user asked for (accounts.ALERTS), and the user's address for them
    alerts: tuple[str, ...] = ()
    alert_to: str | None = None

    @classmethod
    def record(cls, seat: Seat, user: User | None = None) -> SeatView:
        """The judge's own record of ``seat`` (its address too: never shown as it is);
        with its ``user``, the mails they asked for."""
        asked = tuple(user.alerts or ()) if user is not None and user.email else ()
        return cls(seat.name, seat.role, seat.power, list(seat.preferences), seat.address,
                   seat.user_id, seat.joined_at, seat.left_at, seat.left_how, asked,
                   user.email if asked and user is not None else None)

    def mail_to(self, kind: str) -> str | None:
        """Where a mail of ``kind`` (``results``, a notice's kind) for this seat goes: the
        seat's own address (a player by mail gets every one), else its user's if they asked
        for that kind on the web."""
        return self.address or (self.alert_to if kind in self.alerts else None)


@dataclass(frozen=True)
class UserView:
    """A user of the judge: name, mail address, registration form (never the password)."""

    id: int
    name: str
    email: str | None
    created_at: datetime
    profile: dict[str, Any] | None = None
    alerts: tuple[str, ...] = ()  # the mails they asked for (accounts.ALERTS)

    @classmethod
    def of(cls, user: User) -> UserView:
        return cls(user.id, user.name, user.email, user.created_at,
                   dict(user.profile) if user.profile is not None else None,
                   tuple(user.alerts or ()))


@dataclass(frozen=True)
class SentLetter:
    """A letter as its sender (or the master who sent it) knows it: its real addressees."""

    id: int
    phase: int
    sender: str
    sender_role: str
    grey: bool
    broadcast: bool
    recipients: list[str]
    body: str
    sent_at: datetime
    postal: bool = False
    shown_to: dict[str, Any] | None = None  # how its readers see it addressed (None: all)

    @classmethod
    def of(cls, letter: Letter) -> SentLetter:
        return cls(letter.id, letter.phase, letter.sender, letter.sender_role, letter.grey,
                   letter.broadcast, list(letter.recipients), letter.body, letter.sent_at,
                   letter.postal, dict(letter.shown_to) if letter.shown_to is not None
                   else None)


@dataclass(frozen=True)
class NoticeView:
    """A notice the judge owes a reader (``to``: a power, "master" or "all"): results,
    reminders, late notices; the front end that delivers it says so."""

    id: int
    phase: int
    to: str
    kind: str
    body: str
    created_at: datetime
    delivered_at: datetime | None = None

    @classmethod
    def of(cls, notice: Notice) -> NoticeView:
        return cls(notice.id, notice.phase, notice.to, notice.kind, notice.body,
                   notice.created_at, notice.delivered_at)


@dataclass(frozen=True)
class LaterView:
    """Orders kept for a later phase, submitted when the game reaches it."""

    power: str
    season: str
    year: int
    kind: str
    text: str
    created_at: datetime

    @classmethod
    def of(cls, later: LaterOrders) -> LaterView:
        return cls(later.power, later.season, later.year, later.kind, later.text,
                   later.created_at)


@dataclass(frozen=True)
class GameStatus:
    """Where a game stands after a master's action: its status, pending phase, clock,
    winners and outcome."""

    name: str
    status: str
    phase: int
    clock: dict[str, Any]
    winners: list[str]
    outcome: str | None

    @classmethod
    def of(cls, game: Game) -> GameStatus:
        return cls(game.name, game.status, game.phase, dict(game.clock), list(game.winners),
                   game.outcome)


@dataclass(frozen=True)
class GameView:
    """Everything one viewer may see of a game."""

    viewer: Viewer
    name: str
    scenario: str
    players: int | None  # the scenario's variant
    victory_cities: int | None  # None: the scenario's
    title: str
    status: str
    phase: int  # the number of the pending phase (phases processed so far)
    label: str  # "Spring 1454 movement"
    # the position as the viewer may see it (the kind's sight of it; Machiavelli: the
    # engine's State with other powers' money taken out)
    state: Any
    position: str  # the public position as text
    private: dict[str, str]  # power -> treasury, loans and chits (own, or all for a master)
    orders: dict[str, OrdersView]  # the pending phase's orders (own, or all for a master)
    submitted: list[str]  # the powers with orders in (master only; empty otherwise)
    seats: list[SeatView]
    winners: list[str]
    outcome: str | None
    clock: dict[str, object]
    standing: dict[str, str]
    start: str  # the game start's public report ("" if nothing happened then)
    start_private: dict[str, str]  # power -> its private part of the start (own, or all)
    start_position: Any  # the position at the start, as seen (None while forming)
    history: list[PhaseView] = field(default_factory=list)
    press: list[LetterView] = field(default_factory=list)
    kind: str = "machiavelli"  # the kind of game (games.kind)
    powers: tuple[str, ...] = ()  # every seat of the game, in the kind's order
    eliminated: tuple[str, ...] = ()  # the seats out of the game
    decision: Decision | None = None  # what the game waits for (None: forming or over)
    places: int = 0  # how many players the game's variant is played by
    # the pending phase's draw votes and concessions in words, by power: the viewer's own
    # (all for a master, or in a game whose draw votes are public)
    votes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class StandingRow:
    """One power's holdings in a position (public: the map shows them)."""

    power: str
    cities: int  # the cities that count for victory
    provinces: int
    armies: int
    fleets: int
    garrisons: int

    @property
    def units(self) -> int:
        return self.armies + self.fleets + self.garrisons


@dataclass(frozen=True)
class StandingsView:
    """Every power's holdings in a position, most cities first, and the victory goal in
    force (``"Victory: 15 cities, including 2 home countries."``)."""

    rows: tuple[StandingRow, ...]
    goal: str


@dataclass(frozen=True)
class VariantView:
    """One way to play a scenario: how many players, its option number, the powers in
    play and the side each player takes (``"*"``: any one power no side names)."""

    players: int
    option: int
    powers: tuple[str, ...]
    sides: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class ScenarioView:
    """A scenario as the front ends list it: its name, title, powers and variants."""

    name: str
    title: str
    powers: tuple[str, ...]
    variants: tuple[VariantView, ...]


@dataclass(frozen=True)
class LedgerView:
    """A power's ducats through one processed phase: ``start``, each line (what, +/-
    ducats: loans, payments, gifts received, expenses, income, upkeep, other) and ``end``
    (``start`` + the lines).  Its power's and the master's only."""

    power: str
    phase: int  # the processed phase (1: the first), as PhaseView.number
    label: str  # the phase processed ("Spring 1454 movement")
    start: int
    lines: tuple[tuple[str, int], ...]
    end: int


@dataclass(frozen=True)
class OptionFlags:
    """The options a game of this kind may set (in the kind's order) and their defaults
    for each family of rules (``mach1``, ``mach2``, ``basic``, ``diplomacy``, ``bar``)."""

    flags: tuple[str, ...]
    defaults: dict[str, dict[str, bool]]


def view(session: Session, game: Game, viewer: Viewer, *, history: bool = False,
         press: bool = True, present: list[Seat] | None = None) -> GameView:
    """What ``viewer`` may see of ``game`` (with ``history``: every phase's report;
    ``present``: the game's seats, when the caller has read them already)."""
    rows = live_phases(session, game) if history else _current_rows(session, game)
    kind = kind_of(game)
    sight = viewer.sight
    if rows:
        state = phase_state(game, rows[-1])
    else:  # forming: the scenario's set up, before the game start
        made = set_up(NewGame(game.name, game.scenario, game.players, tuple(game.flags),
                              kind=game.kind))
        if isinstance(made, Refused):
            raise DamagedGame(f"{game.name}: {made.reason}")
        state = made
    sheets = list(session.scalars(select(OrderSheet).where(
        OrderSheet.game_id == game.id, OrderSheet.superseded_at.is_(None),
        OrderSheet.phase == game.phase)))
    orders = {s.power: OrdersView(s.power, s.text.splitlines(), list(s.messages), s.wait,
                                  s.updated_at, s.ready)
              for s in sheets if viewer.may_see_power(s.power)}
    shown = kind.sight(state, sight)
    private = dict(kind.private_parts(state, sight))
    start_row = rows[0] if rows and rows[0].number == 0 else None
    return GameView(
        viewer=viewer, name=game.name, scenario=game.scenario, players=game.players,
        victory_cities=game.victory_cities, title=kind.title_of(setup_of(game)),
        status=game.status, phase=game.phase, label=kind.label(state), state=shown,
        position=kind.position_text(state, sight), private=private, orders=orders,
        submitted=sorted(s.power for s in sheets if s.text.strip()) if viewer.is_master
        else [],
        seats=[SeatView(s.name, s.role, s.power, list(s.preferences) if viewer.is_master
                        else []) for s in (present if present is not None
                                           else seats(session, game))],
        winners=list(game.winners), outcome=game.outcome, clock=dict(game.clock),
        standing=dict(game.standing),
        start=start_row.report if start_row is not None else "",
        start_private=_private_of(start_row, viewer) if start_row is not None else {},
        start_position=kind.sight(phase_state(game, start_row), sight)
        if start_row is not None else None,
        history=[_phase_view(session, game, row, viewer) for row in rows if row.number > 0]
        if history else [],
        press=letters_for(session, game, viewer) if press else [],
        kind=kind.name, powers=tuple(kind.seats(state)), eliminated=kind.eliminated(state),
        decision=kind.pending(state) if game.status in ("playing", "paused") else None,
        places=places_of(game),
        votes=_votes(game, viewer),
    )


def _votes(game: Game, viewer: Viewer) -> dict[str, str]:
    """The draw votes ``viewer`` may see (:func:`~machiavelli.service.house.draws.votes_seen`)."""
    if not game.votes:
        return {}
    policy = DrawPolicy.from_dict(dict(game.settings or {}).get("draws", {}) or {})
    return votes_seen(Votes.from_dict(game.votes), policy,
                      viewer.power if viewer.role == "player" else None, viewer.is_master)


def seat_viewer(game: Game, seat: Seat | None, seat_name: str,
                present: Sequence[Seat] = ()) -> Viewer | Refused:
    """The viewer a seat makes its holder (a player sees as its power, and as every other
    power its holder plays: one seat row per power, the same name, among ``present``)."""
    if seat is None:
        return Refused(f"{seat_name} has no seat in {game.name}")
    if seat.role == "player":
        if seat.power is None:
            return Refused(f"{game.name} has not started: {seat_name} has no power yet")
        also = [s.power for s in present if s.role == "player" and s.name == seat.name
                and s.power is not None and s.left_at is None]
        return Viewer.player(seat.power, seat.name, also)
    return Viewer.master(seat.name) if seat.role == "master" else Viewer.observer(seat.name)


@dataclass(frozen=True)
class Look:
    """What one participant (or anyone) may see of a game, read at once: the viewer
    their seat makes them (the public without one, and a player before the start),
    whether they hold a seat, the view for that viewer and the game's settings."""

    viewer: Viewer
    seated: bool
    view: GameView
    settings: Settings


def seated_viewer(session: Session, game: Game, seat_name: str) -> Viewer | Refused:
    """The viewer ``seat_name``'s seat in ``game`` makes it (:func:`seat_viewer`), from one
    read of the seats present."""
    present = seats(session, game)
    seat = next((s for s in present if s.name == seat_name), None)
    return seat_viewer(game, seat, seat_name, present)


def look(session: Session, game: Game, seat_name: str | None, *,
         history: bool = False) -> Look:
    """``seat_name``'s :class:`Look` at ``game`` (None: anyone's)."""
    present = seats(session, game)
    seat = next((s for s in present if s.name == seat_name), None) if seat_name else None
    found = seat_viewer(game, seat, seat_name or "", present)
    viewer = found if isinstance(found, Viewer) else Viewer.public()
    return Look(viewer, seat is not None,
                view(session, game, viewer, history=history, present=present),
                Settings.from_dict(game.settings))


def _current_rows(session: Session, game: Game) -> list[Phase]:
    """The start and the pending phase's rows (none while the game is forming)."""
    if game.status == "forming":
        return []
    found = list(session.scalars(select(Phase).where(
        Phase.game_id == game.id, Phase.superseded_at.is_(None),
        Phase.number.in_({0, game.phase})).order_by(Phase.number)))
    if not found or found[-1].number != game.phase:
        raise DamagedGame(f"game {game.name}: phase {game.phase} is missing")
    return found


def _private_of(row: Phase, viewer: Viewer) -> dict[str, str]:
    return {p: text for p, text in row.private.items() if viewer.may_see_power(p) and text}


def _phase_view(session: Session, game: Game, row: Phase, viewer: Viewer) -> PhaseView:
    position = phase_state(game, row)  # checks the row's checksum
    processed = list(session.scalars(select(OrderSheet).where(
        OrderSheet.game_id == game.id, OrderSheet.superseded_at.is_(None),
        OrderSheet.phase == row.number - 1)))
    return PhaseView(
        number=row.number, label=row.label, report=row.report,
        private=_private_of(row, viewer),
        orders={s.power: s.text for s in processed if viewer.may_see_power(s.power)},
        position=kind_of(game).sight(position, viewer.sight), created_at=row.created_at)


def letters_for(session: Session, game: Game, viewer: Viewer) -> list[LetterView]:
    """The press this viewer may read, oldest first, as it is shown to that viewer."""
    found = []
    for letter in session.scalars(select(Letter).where(Letter.game_id == game.id)
                                  .order_by(Letter.id)):
        own = (letter.sender_role == "player" and viewer.holds(letter.sender)) or (
            letter.sender_role == viewer.role and letter.sender == viewer.name)
        if not (own or reaches(letter, viewer)):
            continue
        if letter.postal and not (own or viewer.is_master) and game.phase <= letter.phase:
            continue  # postal press is delivered when its phase is processed
        truth = viewer.is_master or own
        sender = letter.sender if (truth or not letter.grey) else ANONYMOUS
        found.append(LetterView(letter.id, letter.phase, sender,
                                letter.sender_role if sender != ANONYMOUS else "",
                                _addressed(letter, truth), letter.grey, letter.body,
                                letter.sent_at, letter.postal))
    return found


def _addressed(letter: Letter, truth: bool) -> list[str]:
    """The addressees as this reader is shown them (["all"] for a broadcast)."""
    if truth:
        return ["all"] if letter.broadcast else list(letter.recipients)
    shown = letter.shown_to
    if shown is None:
        return ["all"]
    names = [*sorted(shown.get("powers", [])), *(["master"] if shown.get("master") else []),
             *(["observers"] if shown.get("observers") else [])]
    return (["all but", *names] if shown.get("all_but") else names)


def reaches(letter: Letter, viewer: Viewer) -> bool:
    """Whether ``viewer`` may read ``letter``: its sender, its recipients, the master."""
    if viewer.is_master:
        return True
    if viewer.role == "player":
        if letter.sender_role == "player" and viewer.holds(letter.sender):
            return True
        return letter.broadcast or any(p in letter.recipients for p in viewer.held)
    if viewer.role == "observer":
        if letter.sender_role == "observer" and letter.sender == viewer.name:
            return True
        return letter.broadcast or "observers" in letter.recipients
    return False
