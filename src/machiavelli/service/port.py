"""The game port: everything the host needs from a kind of game, and nothing more.

The host (games, seats, deadlines, press, votes, storage, the front ends) knows no game's
rules.  It keeps a game as a row that names its kind (``games.kind``: ``machiavelli``,
``princes``) and, for every step of play, the position reached, the public report and each
seat's private part.  Everything else it asks the kind, through a :class:`GameKind`:

- :meth:`~GameKind.set_up` and :meth:`~GameKind.new_game`: the position a set-up (a
  scenario, a number of players, options) gives before the start (a forming game shows
  it and deals its seats from it), and the first position with the game's seed;
  :meth:`~GameKind.title_of` and :meth:`~GameKind.aliases`: the title a game of it is
  shown under and the other names of its seats;
- :meth:`~GameKind.label`, :meth:`~GameKind.course`, :meth:`~GameKind.eliminated`: a
  position in a few words, where it stands in the game's course, the seats out of it;
- :meth:`~GameKind.pending` (and :meth:`~GameKind.owes`, for one seat): who must decide
  what now: one seat, several or every seat,
  simultaneously (Machiavelli's phases, Princes' sealed bids and reaction windows) or one
  in turn (Princes' actions and auction bids), and which deadline schedule the decision
  follows;
- :meth:`~GameKind.read`: a seat's submission read into canonical lines plus line-precise
  errors, merged with what the seat had already submitted for the same decision (a later
  line may replace an earlier one, and says so);
- :meth:`~GameKind.legal`: the legal choices of a seat, for order boxes, buttons and bots;
- :meth:`~GameKind.advance`: the decision resolved from the answers in; a seat that gave
  none gets the kind's default (Machiavelli's units hold, Princes' seat passes); an
  answer stored by the host that no longer reads is :class:`BadAnswer` (damage);
- :meth:`~GameKind.sight`, :meth:`~GameKind.position_text` and
  :meth:`~GameKind.private_parts`: what a viewer may see of a position (another seat's
  money, hand and orders taken out), as a value for the front ends, as public text, and
  each seat's private part it may read;
- :meth:`~GameKind.picture`: the position drawn for a viewer (SVG);
- :meth:`~GameKind.standing`: the scores, the winners, and what a draw means;
- :meth:`~GameKind.options` and :meth:`~GameKind.set_options`: the kind's own options
  (Machiavelli's ``SET`` flags), which a Master may change.

A position is opaque to the host: it only passes it back to its kind, and stores it as the
kind's text (:meth:`~GameKind.dump` / :meth:`~GameKind.load`, which also takes the game's
:class:`Setup` as its row records it: Machiavelli's board is the scenario's, its victory
the game's).  What :meth:`~GameKind.sight` gives is for the front ends and is never
passed back.  The kinds are registered
by name in :mod:`machiavelli.service.kinds`; inside the service, only their adapters
import an engine.

One step of play is one resolved decision: a Machiavelli phase, a Princes action, bid or
reaction.  A game whose decisions have one owner resolves each the moment its owner's
valid answer arrives; a simultaneous one waits, as Machiavelli's phases do, for every
answer or the deadline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

#: a position as the host holds it: a value only its kind reads
Position = object


@dataclass(frozen=True)
class Sight:
    """Who looks at a position: the seats whose private parts they may read, or the master.

    A player holding two powers sees both; an observer and the public see no seat's
    private part; the master sees everything."""

    seats: frozenset[str] = frozenset()
    master: bool = False

    @classmethod
    def of_master(cls) -> Sight:
        return cls(frozenset(), True)

    @classmethod
    def of_seat(cls, *seats: str) -> Sight:
        return cls(frozenset(seats), False)

    @classmethod
    def public(cls) -> Sight:
        return cls()

    def may_see(self, seat: str) -> bool:
        """Whether this viewer may read ``seat``'s money, hand, orders and private reports."""
        return self.master or seat in self.seats


@dataclass(frozen=True)
class SetupInfo:
    """One set-up a game of this kind can start from, as a lobby lists it."""

    name: str  # "classic_1454"
    title: str  # "Machiavelli 1454: The Balance of Power"
    seats: tuple[str, ...]  # the powers or families in play with every seat taken
    players: tuple[int, ...]  # the numbers of players it plays with
    options: Mapping[str, str] = field(default_factory=dict)  # option -> what it does


@dataclass(frozen=True)
class Setup:
    """What a new game is made from: a set-up, its variant for a number of players, the
    options chosen, and the game's seed (every die of the game follows from it)."""

    name: str
    seed: str
    players: int | None = None  # None: every seat played
    variant: int | None = None  # the set-up's option for that number of players
    options: Mapping[str, object] = field(default_factory=dict)

    @classmethod
    def recorded(cls, name: str, players: int | None, flags: Sequence[str] = (),
                 victory_cities: int | None = None, seed: str = "") -> Setup:
        """The set-up a game's row records: its scenario, variant, the master's option
        words (``options["flags"]``) and the cities that win
        (``options["victory_cities"]``; None: the scenario's)."""
        return cls(name, seed, players,
                   options={"flags": tuple(flags), "victory_cities": victory_cities})


@dataclass(frozen=True)
class Decision:
    """What the game waits for now.

    ``seats`` must answer; ``simultaneous`` says whether each answers in secret and the
    decision resolves when all are in (or the deadline passes), or one seat answers and
    the decision resolves on its answer.  ``schedule`` names the deadline schedule it
    follows (Machiavelli: ``movement``, ``retreat``, ``adjustment``; Princes: ``action``,
    ``bid``, ``reaction``), ``label`` says it in words ("Spring 1454 movement",
    "Malatesta bids on the Doge")."""

    kind: str
    seats: tuple[str, ...]
    simultaneous: bool
    schedule: str
    label: str


@dataclass(frozen=True)
class LineError:
    """A line of a submission that was not taken: where, what, why (and the rule's id)."""

    line: int  # 1-based, in the submission as written
    text: str
    reason: str
    rule: str | None = None


@dataclass(frozen=True)
class Reading:
    """A submission read: the seat's canonical lines for the decision after it (the earlier
    ones it kept, merged with the new), each refused line with its reason, and the notes
    on lines taken (``{3: "replaces line 1"}``), and the lines taken that the kind's
    adjudicator will fail or void for a reason the seat can know now (``warnings``: the
    line, its text, why in words and the rule ids, comma-separated; line 0: an order
    given before)."""

    lines: tuple[str, ...]
    errors: tuple[LineError, ...] = ()
    notes: Mapping[int, str] = field(default_factory=dict)
    warnings: tuple[LineError, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class Choice:
    """One legal choice of a seat, as a canonical line, grouped by what it is about (a
    unit, an expense, an auction), for order boxes, buttons and bots.  ``low`` and
    ``high`` bound an amount where the line takes one (a bid: ``bid {n}``)."""

    line: str
    about: str = ""
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Step:
    """A decision resolved: the position reached, the public report (every die rolled is in
    it) and each seat's private part; ``winners``: the seats that won with it (the game
    is then over); ``detail``: the kind's own account of it, for its own pictures and
    bots (Machiavelli: the engine's ``PhaseResult``), opaque to the host."""

    position: Position
    report: str
    private: Mapping[str, str] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    detail: object = None


class BadAnswer(ValueError):
    """A seat's stored answer does not read back against its position: the host's data
    is damaged (the canonical lines were written by :meth:`GameKind.read`)."""

    def __init__(self, seat: str, reason: str) -> None:
        super().__init__(f"{seat}: {reason}")
        self.seat = seat
        self.reason = reason


@dataclass(frozen=True)
class Standing:
    """Where a game stands: each seat's score (cities, victory points), the winners once it
    is over, and what a draw means in this kind (``"shared"``: the draw is shared between
    the survivors who vote for it; ``""``: the kind has no draws, only a master may end
    the game)."""

    scores: Mapping[str, float]
    winners: tuple[str, ...] = ()
    over: bool = False
    draw: str = "shared"


@runtime_checkable
class GameKind(Protocol):
    """A kind of game as the host sees it (see the module's docstring)."""

    #: the name stored on a game's row
    name: str
    #: the kind in words
    title: str

    def setups(self) -> Sequence[SetupInfo]:
        """The set-ups a new game may start from."""
        ...

    def set_up(self, setup: Setup) -> Position | str:
        """The position ``setup`` gives before the game's start (a forming game shows it
        and deals its seats from it), or why the set-up is wrong."""
        ...

    def title_of(self, setup: Setup) -> str:
        """The title a game of ``setup`` is shown under (Machiavelli: its map's)."""
        ...

    def aliases(self, setup: Setup) -> Mapping[str, str]:
        """Other names a seat may be called by in a game of ``setup`` (Machiavelli: the
        powers' letters for signing on), each to its seat."""
        ...

    def new_game(self, setup: Setup) -> Step | str:
        """The first position and the report of the start, or why the set-up is wrong."""
        ...

    def seats(self, position: Position) -> tuple[str, ...]:
        """Every seat of the game (powers, families), in the kind's order."""
        ...

    def pending(self, position: Position) -> Decision | None:
        """The decision the game waits for; None once it is over."""
        ...

    def read(self, position: Position, seat: str, text: str,
             earlier: Sequence[str] = (), *, replace: bool = False) -> Reading:
        """``seat``'s submission for the pending decision, merged with ``earlier`` lines
        (``replace``: the submission replaces them, but for those the game keeps once given:
        Machiavelli under seed 003's ``bar``, its ducat transfers, BAR-18.1)."""
        ...

    def legal(self, position: Position, seat: str) -> Sequence[Choice]:
        """Every legal choice of ``seat`` for the pending decision."""
        ...

    def advance(self, position: Position, answers: Mapping[str, Sequence[str]],
                seed: str) -> Step:
        """The pending decision resolved with ``answers`` (canonical lines per seat, as
        :meth:`read` made them); a seat with no answer gets the kind's default."""
        ...

    def sight(self, position: Position, viewer: Sight) -> object:
        """The position as ``viewer`` may see it, other seats' secrets taken out: a value
        for the front ends and bots, in the kind's own terms (Machiavelli: the engine's
        ``State``), never passed back to the kind."""
        ...

    def position_text(self, position: Position, viewer: Sight) -> str:
        """The position in words, as ``viewer`` may read it."""
        ...

    def picture(self, position: Position, viewer: Sight,
                answers: Mapping[str, Sequence[str]] | None = None, *,
                seed: str = "", resolved: bool = True) -> str:
        """The position drawn for ``viewer``: an SVG document; with ``answers``, what they
        did drawn on it too: the lines resolved from this position with the game's
        ``seed`` (``resolved``), or the answers given so far and not yet resolved (only
        the viewer's own are drawn)."""
        ...

    def options(self, position: Position) -> Mapping[str, str]:
        """The kind's options in force (a Master's ``SET``), each in words."""
        ...

    def set_options(self, position: Position, words: str) -> tuple[Position, str] | str:
        """A Master's ``SET`` of the kind's options: the position with them and the
        changes in words, or why not."""
        ...

    def standing(self, position: Position) -> Standing:
        """The scores, the winners and what a draw means."""
        ...

    def label(self, position: Position) -> str:
        """The position in a few words, as a phase row is labelled ("Spring 1454
        movement")."""
        ...

    def course(self, position: Position) -> tuple[int, ...]:
        """Where the position stands in the game's course: later positions compare greater
        (Machiavelli: year, season, phase; orders held for a later phase wait for it)."""
        ...

    def eliminated(self, position: Position) -> tuple[str, ...]:
        """The seats out of the game: they decide nothing more."""
        ...

    def owes(self, position: Position, seat: str) -> bool:
        """Whether ``seat`` must decide in the pending decision (a seat owing nothing
        does not hold up the deadline nor is an absence counted against it)."""
        ...

    def touching(self, position: Position, seat: str) -> frozenset[str]:
        """The other seats ``seat`` touches now (nJudge's touch press: "defined as a legal
        Wing move"; a kind without a map: every other seat)."""
        ...

    def private_parts(self, position: Position, viewer: Sight) -> Mapping[str, str]:
        """Each seat's private part of the position (money, hand) ``viewer`` may read."""
        ...

    def dump(self, position: Position) -> str:
        """The position as stored text (JSON)."""
        ...

    def load(self, text: str, setup: Setup) -> Position:
        """A position back from :meth:`dump`'s text, in the game of ``setup`` (the host
        keeps a game's set-up on its row: Machiavelli's board is the scenario's)."""
        ...


#: the key of ``CLEAR`` among standing orders: it drops them all
CLEAR_ALL = "clear"


@dataclass(frozen=True)
class StandingOrder:
    """A standing order read (Princes' proxy bids, passes, next action, ``SET REACT``):
    its canonical ``line``, what it replaces (a later order of the same ``key`` replaces
    an earlier one; ``CLEAR`` drops them all) and whether it lasts the whole game
    (``lasting``; else it lapses when the kind's epoch, Princes' decade, ends)."""

    line: str
    key: str
    lasting: bool = False


@runtime_checkable
class StandingKind(GameKind, Protocol):
    """A kind whose seats may give standing orders, kept by the host and turned into
    the seat's answer when it must decide (spec princes.md section 4.4.6), so that a
    game by mail ends in weeks."""

    def standing_order(self, position: Position, seat: str, line: str
                       ) -> StandingOrder | LineError | None:
        """``line`` read as a standing order of ``seat``, why it is refused (its
        ``line`` field 0), or None: it is no standing order."""
        ...

    def standing_answer(self, position: Position, seat: str, orders: Sequence[str]
                        ) -> tuple[str | None, tuple[str, ...]]:
        """The line ``orders`` answer ``seat``'s part of the pending decision with (None:
        the seat is asked) and the orders kept after it (a ``NEXT ACTION`` is used up)."""
        ...

    def epoch(self, position: Position) -> int:
        """The stretch of the game standing orders last for (Princes: the decade)."""
        ...
