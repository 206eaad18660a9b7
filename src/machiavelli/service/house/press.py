"""Press: which letters a game allows, who receives them, and what each reader sees.

nJudge's help file ``press`` (and the press commands of ``index``):

* colours: ``None`` (no press, except to and from the Master), ``White``, ``Grey``,
  ``White/Grey`` (both, white by default), ``Grey/White`` (both, grey by default).
  White press shows its sender; grey press is anonymous to its readers, but the Master
  is always told the truth;
* observers: ``any`` (the players' restrictions, the default), ``partial`` (broadcast
  and partial press even where players may only broadcast), ``white`` (never grey; in
  a grey-only game their press shows up white), ``none`` (only to the Master);
* ``Partial Allowed`` or ``No Partial`` (only broadcasts, except press to the Master);
* fakes: ``No Fake``, ``Partial may be Faked`` (a letter may claim to be a broadcast or
  to go to other powers), ``Partial Fakes Broadcast by default``, ``Partial Fakes
  Broadcast`` (every letter claims to be a broadcast).  Press to the Master is never
  faked;
* ``PostalPress``: signed broadcasts held until the phase is processed;
* ``TO list`` / ``TO ALL BUT list`` name the powers, the Master and the Observers; the
  history (what observers read) keeps every letter observers receive;
* press to the Master only, and any press from a Master, is always allowed;
* from ``index``: ``[NO] MINOR PRESS`` (press in retreat and adjustment phases),
  ``[NO] LATE PRESS`` (late players may press), ``[NO] GRACE PRESS`` (press while a
  player is late), ``[NO] MUST ORDER`` (orders before press), ``[NO] BLANK PRESS``,
  ``[NO] TOUCH PRESS`` (partial press only to neighbours, one broadcast a turn, none to
  observers), ``ALL PRESS`` (a Master, or an observer if ``WATCH ALL PRESS``, gets a
  copy of all partial press), ``[NO] BROADCAST`` (an observer or Master stops
  receiving broadcasts).

:func:`judge_letter` says whether a letter may go (and how), :func:`deliver` who gets
it and what each reader is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role, Seat
from machiavelli.service.stored import only_fields

#: The press settings this module implements, each with the help file that describes it.
SET_COMMANDS: tuple[tuple[str, str], ...] = (
    ("SET NO PRESS", "index"),
    ("SET WHITE [PRESS]", "index"),
    ("SET GREY [PRESS]", "index"),
    ("SET WHITE/GREY [PRESS]", "index"),
    ("SET GREY/WHITE [PRESS]", "index"),
    ("Observer any", "press"),
    ("Observer partial", "press"),
    ("Observer white", "press"),
    ("Observer none", "press"),
    ("Partial Allowed", "press"),
    ("No Partial", "press"),
    ("No Fake", "press"),
    ("Partial may be Faked", "press"),
    ("Partial Fakes Broadcast by default", "press"),
    ("Partial Fakes Broadcast", "press"),
    ("PostalPress", "press"),
    ("SET [NO] MINOR PRESS", "index"),
    ("SET [NO] LATE PRESS", "index"),
    ("SET [NO] GRACE PRESS", "index"),
    ("SET [NO] MUST ORDER", "index"),
    ("SET [NO] BLANK PRESS", "index"),
    ("SET [NO] TOUCH PRESS", "index"),
    ("SET [NO] WATCH ALL PRESS", "index"),
    ("SET ALL PRESS", "master"),
    ("SET [NO] BROADCAST [PRESS]", "index"),
)


class PressColours(StrEnum):
    """The colours of press a game allows (and its default)."""

    NONE = "none"
    WHITE = "white"
    GREY = "grey"
    WHITE_GREY = "white/grey"
    GREY_WHITE = "grey/white"


class Colour(StrEnum):
    """A letter's colour: white shows the sender, grey does not."""

    WHITE = "white"
    GREY = "grey"


class ObserverPress(StrEnum):
    """What observers may post."""

    ANY = "any"
    PARTIAL = "partial"
    WHITE = "white"
    NONE = "none"


class FakePress(StrEnum):
    """Whether a letter may claim other addressees than its real ones."""

    NO_FAKE = "no fake"
    MAY_BE_FAKED = "partial may be faked"
    FAKES_BROADCAST_BY_DEFAULT = "partial fakes broadcast by default"
    FAKES_BROADCAST = "partial fakes broadcast"


@dataclass(frozen=True)
class PressPolicy:
    """A game's press settings; the defaults are nJudge's ("White, Partial Allowed, No
    Fake, No PostalPress"; observers any; minor, late and grace press allowed; blank,
    must-order and touch press off)."""

    colours: PressColours = PressColours.WHITE
    partial: bool = True
    fake: FakePress = FakePress.NO_FAKE
    observers: ObserverPress = ObserverPress.ANY
    postal: bool = False
    minor_phases: bool = True
    late_press: bool = True
    grace_press: bool = True
    must_order: bool = False
    blank: bool = False
    touch: bool = False
    watch_all_press: bool = False

    @property
    def has_press(self) -> bool:
        """Whether players may press at all (absences read this, help file ``absence``)."""
        return self.colours is not PressColours.NONE

    def to_dict(self) -> dict[str, Any]:
        return {"colours": self.colours.value, "partial": self.partial,
                "fake": self.fake.value, "observers": self.observers.value,
                "postal": self.postal, "minor_phases": self.minor_phases,
                "late_press": self.late_press, "grace_press": self.grace_press,
                "must_order": self.must_order, "blank": self.blank, "touch": self.touch,
                "watch_all_press": self.watch_all_press}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PressPolicy:
        d = cls()
        only_fields(data, d.to_dict(), cls.__name__)
        flags = {k: bool(data.get(k, getattr(d, k))) for k in (
            "partial", "postal", "minor_phases", "late_press", "grace_press", "must_order",
            "blank", "touch", "watch_all_press")}
        return cls(colours=PressColours(data.get("colours", d.colours.value)),
                   fake=FakePress(data.get("fake", d.fake.value)),
                   observers=ObserverPress(data.get("observers", d.observers.value)), **flags)


@dataclass(frozen=True)
class Addressees:
    """A letter's list: ``TO list`` or, with ``all_but``, ``TO ALL BUT list``.

    The list names powers, the Master (M) and the Observers (O).
    """

    powers: frozenset[str] = frozenset()
    master: bool = False
    observers: bool = False
    all_but: bool = False

    @property
    def master_only(self) -> bool:
        """Press to the Master only."""
        return self.master and not self.powers and not self.observers and not self.all_but

    @property
    def empty(self) -> bool:
        return not self.all_but and not self.master and not self.observers and not self.powers

    def reaches(self, seat: Seat) -> bool:
        """Whether the list sends the letter to ``seat``."""
        named = {Role.PLAYER: seat.name in self.powers, Role.MASTER: self.master,
                 Role.OBSERVER: self.observers}[seat.role]
        return named != self.all_but

    def to_dict(self) -> dict[str, Any]:
        return {"powers": sorted(self.powers), "master": self.master,
                "observers": self.observers, "all_but": self.all_but}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Addressees:
        only_fields(data, {"powers", "master", "observers", "all_but"}, cls.__name__)
        return cls(frozenset(data.get("powers", ())), bool(data.get("master", False)),
                   bool(data.get("observers", False)), bool(data.get("all_but", False)))


@dataclass(frozen=True)
class Letter:
    """A letter as its sender asks for it.

    ``to``: the real addressees (None: a broadcast to all).  ``colour``: None for the
    game's default.  ``fake_broadcast``: True for ``FAKE BROADCAST``, False for ``NO
    FAKE``, None when not said.  ``fake_to``: the addressees to claim (``FAKE TO``).
    ``postal``: ``POSTAL PRESS``.  ``blank``: the text is empty.
    """

    sender: Seat
    to: Addressees | None = None
    colour: Colour | None = None
    fake_broadcast: bool | None = None
    fake_to: Addressees | None = None
    postal: bool = False
    blank: bool = False


@dataclass(frozen=True)
class PressMoment:
    """What of the game's state bears on press when the letter is sent.

    ``minor_phase``: a retreat or adjustment phase is pending.  ``game_over``: the game
    has ended (no lateness, order or touch rules then).  ``sender_late``: the sender
    owes orders and the deadline has passed.  ``sender_without_orders``: the sender owes
    orders and has none complete in.  ``anyone_late``: some power is late.
    ``neighbours``: the powers the sender touches (touch press).  ``broadcast_sent``:
    the sender already sent its broadcast this phase (touch press).
    """

    minor_phase: bool = False
    game_over: bool = False
    sender_late: bool = False
    sender_without_orders: bool = False
    anyone_late: bool = False
    neighbours: frozenset[str] = frozenset()
    broadcast_sent: bool = False


@dataclass(frozen=True)
class Cleared:
    """A letter the judge lets go: its colour, the addressees its readers are shown
    (None: a broadcast), whether it waits for the processing (postal), and notes for
    the sender."""

    colour: Colour
    shown_to: Addressees | None
    postal: bool = False
    notes: tuple[str, ...] = ()


def judge_letter(policy: PressPolicy, letter: Letter,
                 moment: PressMoment | None = None) -> Cleared | Refused:
    """Whether ``letter`` may be sent under ``policy`` (and how), or why not.

    ``moment`` is the game's state when it is sent (None: a movement phase, nobody late).
    """
    moment = moment or PressMoment()
    sender, to = letter.sender, letter.to
    if letter.fake_broadcast is not None and letter.fake_to is not None:
        return Refused("Conflicting fake options in the press command.")
    if to is not None and to.empty:
        return Refused("The press command names nobody to send the letter to.")
    if letter.postal:
        return _postal(policy, letter)
    if sender.role is Role.MASTER:
        return Cleared(letter.colour or Colour.WHITE, _shown(letter, policy, master=True))
    if to is not None and to.master_only:
        scolding = ("Press to the Master is never faked: sent as it is.",) \
            if letter.fake_broadcast or letter.fake_to else ()
        return Cleared(Colour.WHITE, to, notes=scolding)
    observer = sender.role is Role.OBSERVER
    refused = (_who_may_press(policy, observer, moment)
               or _late_rules(policy, moment)
               or _partial_rules(policy, letter, observer)
               or _fake_rules(policy, letter)
               or _touch_rules(policy, letter, moment))
    if refused:
        return refused
    if letter.blank and not policy.blank:
        return Refused("This game does not allow blank press.")
    colour = _colour(policy, letter.colour, observer)
    if isinstance(colour, Refused):
        return colour
    notes: tuple[str, ...] = ()
    if moment.sender_late and not moment.game_over:
        notes = ("You are marked as late and should really have corrected this before "
                 "sending press.",)
    return Cleared(colour, _shown(letter, policy, master=False), notes=notes)


def _postal(policy: PressPolicy, letter: Letter) -> Cleared | Refused:
    if not policy.postal:
        return Refused("This game does not allow postal press.")
    if letter.to is not None or letter.colour or letter.fake_broadcast is not None \
            or letter.fake_to is not None:
        return Refused("Postal press takes no options: it goes to everybody, signed.")
    if letter.sender.role is Role.OBSERVER and policy.observers is ObserverPress.NONE:
        return Refused("This game does not allow observer press, except to the Master.")
    return Cleared(Colour.WHITE, None, postal=True)


def _who_may_press(policy: PressPolicy, observer: bool, moment: PressMoment) -> Refused | None:
    if not policy.has_press:
        return Refused("No press at all is allowed in this game, except press to and from "
                       "the Master.")
    if observer and policy.observers is ObserverPress.NONE:
        return Refused("Observers cannot post press in this game, except to the Master.")
    if moment.minor_phase and not policy.minor_phases:
        return Refused("This game does not allow press in retreat and adjustment phases.")
    return None


def _late_rules(policy: PressPolicy, moment: PressMoment) -> Refused | None:
    if moment.game_over:
        return None
    if policy.must_order and moment.sender_without_orders:
        return Refused("This game does not allow press (except to the Master) from players "
                       "who have not sent complete orders.")
    if not policy.grace_press and moment.anyone_late:
        return Refused("One or more players are late, so no press is allowed (except to "
                       "the Master).")
    if not policy.late_press and moment.sender_late:
        return Refused("This game does not allow press from late players (except to the "
                       "Master): submit orders for all your units first.")
    return None


def _partial_rules(policy: PressPolicy, letter: Letter, observer: bool) -> Refused | None:
    partial = letter.to is not None or letter.fake_to is not None
    if not partial or policy.partial:
        return None
    if observer and policy.observers is ObserverPress.PARTIAL and letter.fake_to is None:
        return None
    return Refused("Only broadcast messages to all players can be sent in this game "
                   "(and press to the Master only).")


def _fake_rules(policy: PressPolicy, letter: Letter) -> Refused | None:
    fake = policy.fake
    if letter.fake_broadcast is False and fake is FakePress.FAKES_BROADCAST:
        return Refused("This game only lets press appear as a broadcast.")
    if letter.fake_broadcast and fake is FakePress.NO_FAKE:
        return Refused("This game does not allow fake press.")
    if letter.fake_to is not None:
        if fake is FakePress.NO_FAKE:
            return Refused("This game does not allow fake press.")
        if fake is FakePress.FAKES_BROADCAST:
            return Refused("This game only lets press appear as a broadcast.")
    return None


def _touch_rules(policy: PressPolicy, letter: Letter, moment: PressMoment) -> Refused | None:
    if not policy.touch or moment.game_over:
        return None
    to = letter.to
    if to is None:
        if moment.broadcast_sent:
            return Refused("Touch press: only one broadcast message per turn (a turn is a phase "
                           "here: a ruling of this judge).")
        return None
    if to.all_but:
        return Refused("Touch press: name the neighbours you write to (no TO ALL BUT).")
    if to.observers:
        return Refused("Touch press: no press to observers.")
    far = sorted(to.powers - moment.neighbours)
    if far:
        return Refused(f"Touch press: you are not currently adjacent to {', '.join(far)}.")
    return None


def _colour(policy: PressPolicy, asked: Colour | None, observer: bool) -> Colour | Refused:
    observer_white = observer and policy.observers is ObserverPress.WHITE
    colours = policy.colours
    if asked is None:
        if observer_white:
            return Colour.WHITE
        grey = colours in (PressColours.GREY, PressColours.GREY_WHITE)
        return Colour.GREY if grey else Colour.WHITE
    if asked is Colour.GREY:
        if colours is PressColours.WHITE:
            return Refused("This game does not allow grey press.")
        if observer_white:
            return Refused("This game does not allow grey press from observers.")
    elif colours is PressColours.GREY and not observer_white:
        return Refused("This game does not allow white press.")
    return asked


def _shown(letter: Letter, policy: PressPolicy, *, master: bool) -> Addressees | None:
    """The addressees a letter's readers are shown (None: a broadcast)."""
    if letter.fake_to is not None:
        return letter.fake_to
    if letter.fake_broadcast:
        return None
    if (letter.to is not None and letter.fake_broadcast is None and not master
            and policy.fake in (FakePress.FAKES_BROADCAST_BY_DEFAULT,
                                FakePress.FAKES_BROADCAST)):
        return None
    return letter.to


# ----------------------------------------------------------------------
# Delivery
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class Audience:
    """Who is in the game to read press.

    ``all_press``: the Masters (and observers, in a ``WATCH ALL PRESS`` game) who asked
    for a copy of all partial press (``SET ALL PRESS``).  ``no_broadcast``: the observers
    and Masters who turned broadcasts off (``SET NO BROADCAST``).
    """

    seats: frozenset[Seat] = frozenset()
    all_press: frozenset[Seat] = field(default_factory=frozenset)
    no_broadcast: frozenset[Seat] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Delivery:
    """One reader's copy of a letter and what it shows.

    ``sender``: the sender as shown (None: anonymous).  ``shown_to``: the addressees as
    shown (None: a broadcast).  A Master's copy tells the truth: ``sender`` is the real
    sender and ``really_to`` the real addressees (None: everybody).  ``copy``: sent by
    ``SET ALL PRESS``, not as an addressee.
    """

    reader: Seat
    sender: Seat | None
    shown_to: Addressees | None
    really_to: Addressees | None = None
    copy: bool = False


def deliver(policy: PressPolicy, letter: Letter, cleared: Cleared,
            audience: Audience) -> tuple[Delivery, ...]:
    """Who receives a cleared letter, and what each of them is shown (sorted by reader)."""
    to = letter.to
    private = to is not None and (to.master_only or (
        letter.sender.role is Role.MASTER and not to.all_but and not to.observers
        and not to.master and len(to.powers) == 1))
    out: list[Delivery] = []
    for seat in sorted(audience.seats):
        if seat == letter.sender:
            continue
        if to is None:
            if seat in audience.no_broadcast and not cleared.postal:
                continue
            copy = False
        elif to.reaches(seat):
            copy = False
        elif (seat in audience.all_press and not private
              and (seat.role is Role.MASTER or policy.watch_all_press)):
            copy = True
        else:
            continue
        out.append(_view(letter, cleared, seat, copy))
    return tuple(out)


def _view(letter: Letter, cleared: Cleared, reader: Seat, copy: bool) -> Delivery:
    if reader.role is Role.MASTER:
        return Delivery(reader, letter.sender, cleared.shown_to, letter.to, copy)
    sender = letter.sender if cleared.colour is Colour.WHITE else None
    return Delivery(reader, sender, cleared.shown_to, None, copy)


def archived(letter: Letter) -> bool:
    """Whether the letter goes into the game's history: "all press that can be read by
    Observers is archived", so a player left out may still read it there."""
    return letter.to is None or letter.to.reaches(Seat(Role.OBSERVER, ""))


# ----------------------------------------------------------------------
# SET commands
# ----------------------------------------------------------------------
_SETTINGS: dict[str, dict[str, Any]] = {
    "white": {"colours": PressColours.WHITE}, "no grey": {"colours": PressColours.WHITE},
    "grey": {"colours": PressColours.GREY}, "no white": {"colours": PressColours.GREY},
    "white/grey": {"colours": PressColours.WHITE_GREY},
    "grey/white": {"colours": PressColours.GREY_WHITE},
    "no press": {"colours": PressColours.NONE}, "none": {"colours": PressColours.NONE},
    "press none": {"colours": PressColours.NONE},
    "partial": {"partial": True}, "no partial": {"partial": False, "fake": FakePress.NO_FAKE},
    "no fake": {"fake": FakePress.NO_FAKE}, "no fake broadcast": {"fake": FakePress.NO_FAKE},
    "partial may be faked": {"fake": FakePress.MAY_BE_FAKED, "partial": True},
    "partial may": {"fake": FakePress.MAY_BE_FAKED, "partial": True},
    "partial fakes broadcast by default": {"fake": FakePress.FAKES_BROADCAST_BY_DEFAULT,
                                           "partial": True},
    "partial fakes broadcast": {"fake": FakePress.FAKES_BROADCAST, "partial": True},
    "observer any": {"observers": ObserverPress.ANY},
    "observer partial": {"observers": ObserverPress.PARTIAL},
    "observer white": {"observers": ObserverPress.WHITE},
    "observer none": {"observers": ObserverPress.NONE},
    "observer no": {"observers": ObserverPress.NONE},
}
_FLAGS: dict[str, str] = {
    "postal press": "postal", "postalpress": "postal", "minor press": "minor_phases",
    "late press": "late_press", "grace press": "grace_press", "must order": "must_order",
    "blank press": "blank", "touch press": "touch", "watch all press": "watch_all_press",
}


def set_press(policy: PressPolicy, words: str, *, game_started: bool = False
              ) -> PressPolicy | Refused:
    """A press ``SET`` command (the words after SET), e.g. ``"grey, partial fakes broadcast"``.

    Several settings may be given, separated by commas (as in the help's "SET GREY,
    PARTIAL FAKES BROADCAST").  ``MINOR PRESS`` "cannot be changed once the game is in
    progress".
    """
    for part in words.split(","):
        key = " ".join(part.lower().replace("gray", "grey").split())
        if key.endswith(" press") and key[:-6] in _SETTINGS:
            key = key[:-6]
        if key in _SETTINGS:
            policy = replace(policy, **_SETTINGS[key])
            continue
        on = not key.startswith("no ")
        flag = _FLAGS.get(key if on else key[3:])
        if flag is None:
            return Refused(f"Unknown press setting '{part.strip()}'.")
        if flag == "minor_phases" and game_started:
            return Refused("Minor press cannot be changed once the game is in progress.")
        change: dict[str, Any] = {flag: on}
        policy = replace(policy, **change)
    return policy
