"""The interpreter's desk: what it knows while it carries out one message.

A :class:`Desk` holds the judge (the service's :class:`~machiavelli.service.judge.Judge`),
the sender's address, the time, the judge's own settings (:class:`Config`), and what the
message has done so far: the game signed on to, the seat and the
:class:`~machiavelli.service.visibility.Viewer` it gives, the power a Master acts as
(``BECOME``), whether a sign-on failed (nJudge then skips the rest), and the mails the
judge owes others (:class:`OutMail`: announcements, press, a copy of the reply).  Every
read of a game goes through the service's view for the desk's viewer, so a reply holds
only what its reader may see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from machiavelli.commands.outcome import Outcome, Why
from machiavelli.commands.reply import phase_code
from machiavelli.service.config import HostSettings
from machiavelli.service.house.deadlines import PhaseClock
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, SeatView, Viewer

VERSION = "0.1.0"


@dataclass(frozen=True)
class Config:
    """The judge's own settings: its code in headers (nJudge's ``JUDGE_CODE``), its
    address, the variant ``CREATE`` makes when none is named, whether result mails
    carry the map, and the web judge's address for the links in mails to web players
    (empty: no links)."""

    judge: str = "MACH"
    address: str = HostSettings.address
    default_variant: str = "machiavelli"
    maps: bool = True
    web: str = ""


@dataclass(frozen=True)
class Picture:
    """A map to attach: the SVG the service drew for its reader
    (:meth:`~machiavelli.service.judge.Judge.picture`), and the attachment's name."""

    svg: str
    name: str = "map"


class Dated(Protocol):
    """A position as far as its phase code goes (``S1454M``)."""

    @property
    def season(self) -> str: ...
    @property
    def year(self) -> int: ...
    @property
    def phase(self) -> str: ...


@dataclass(frozen=True)
class OutMail:
    """A mail the judge sends besides its reply."""

    to: str
    subject: str
    text: str
    picture: Picture | None = None


@dataclass
class Desk:
    """One message being carried out."""

    judge: Judge
    sender: str
    now: datetime
    config: Config = field(default_factory=Config)
    game: str | None = None
    seat: SeatView | None = None
    viewer: Viewer | None = None
    acting: str | None = None  # the power a Master acts as (BECOME)
    skipping: bool = False  # a sign-on failed: the rest is not looked at
    ordered: bool = False  # orders were stored: the reply's end lists them
    joined: str | None = None  # a game joined: started at the end if full
    resigned: bool = False  # RESIGN "must be the LAST command in the message"
    mails: list[OutMail] = field(default_factory=list)
    source: str | None = None  # where the message came from, for SIGN ON's backoff
    #: the other addresses the message was sent to (seed 003 reads no orders then, BAR-18.4)
    copied: tuple[str, ...] = ()

    @property
    def signed(self) -> bool:
        return self.game is not None and self.viewer is not None

    def sign(self, game: str, seat: SeatView) -> None:
        self.game, self.seat, self.viewer = game, seat, viewer_of(seat)

    def view(self, game: str | None = None, viewer: Viewer | None = None,
             *, history: bool = False) -> GameView | Refused:
        """The game as the desk's viewer (or ``viewer``) may see it."""
        name = game or self.game
        if name is None:
            return Refused("No game named: sign on, or name the game.")
        return self.judge.view(name, viewer or self.viewer or Viewer.public(), history=history)

    def send(self, to: str | None, subject: str, text: str,
             picture: Picture | None = None) -> None:
        if to:
            self.mails.append(OutMail(to, subject, text, picture))

    def picture(self, game: str, viewer: Viewer, name: str, phase: int | None = None
                ) -> Picture | None:
        """The map of ``game`` as ``viewer`` may see it, to attach (the pending position,
        or the one reached after ``phase`` phases); None if there is none."""
        svg = self.judge.picture(game, viewer, phase, marks=False)
        return None if isinstance(svg, Refused) else Picture(svg, name)

    def subject(self, view: GameView, what: str) -> str:
        """nJudge's subject line: ``MACH:game - S1454M what``."""
        return f"{self.config.judge}:{view.name} - {code_of(view.state)} {what}".rstrip()


def viewer_of(seat: SeatView) -> Viewer:
    """The viewer a seat is: a player sees as its power (before the deal, as nobody)."""
    if seat.role == "master":
        return Viewer.master(seat.name)
    if seat.role == "observer":
        return Viewer.observer(seat.name)
    return Viewer("player", seat.power, seat.name)


def code_of(state: Dated | Mapping[str, object]) -> str:
    """The phase code in subjects (``S1454M``); another kind's position, which the view
    gives as data, by its decade (Princes: ``D2``; ``D0`` before its start)."""
    if isinstance(state, Mapping):
        stage = state.get("stage")
        return f"D{state.get('decade', 0)}" if stage not in (
            "order_bids", "family_auction", "family_choice") else "D0"
    return phase_code(state.season, state.year, state.phase)


def clock_of(view: GameView) -> PhaseClock | None:
    """The pending phase's deadline, grace and start, as the view shows them."""
    data = view.clock.get("clock")
    return PhaseClock.from_dict(data) if isinstance(data, dict) and data else None


def refusal(found: Refused, why: Why = Why.RULES) -> Outcome:
    """A service's refusal as a command's outcome."""
    reason = found.reason
    return Outcome.refused(why, reason[:1].upper() + reason[1:] + (
        "" if reason.endswith((".", "!", "?", ")")) else "."))
