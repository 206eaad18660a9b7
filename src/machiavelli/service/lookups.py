"""What the front ends ask of a game's kind through the judge: orders read without storing
them, legal choices, pictures, options, and the kinds' set-ups and rules.

:class:`Lookups` holds these doors of :class:`~machiavelli.service.judge.Judge` (which
inherits them): each reads in one transaction (the judge's ``_read``), asks the game's
kind (:mod:`machiavelli.service.port`), and changes nothing.  The static ones need no
game: a kind's set-ups, Machiavelli's scenarios and option words, and what a view
already holds, in the kind's words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from sqlalchemy.orm import Session

from machiavelli.service import games, standing_orders
from machiavelli.service.database import Database
from machiavelli.service.house.ratings import chart
from machiavelli.service.kinds import MACHIAVELLI, kind_named
from machiavelli.service.kinds.machiavelli import fronts
from machiavelli.service.port import (
    Choice,
    GameKind,
    Position,
    Reading,
    Setup,
    SetupInfo,
    StandingKind,
)
from machiavelli.service.ratings import (
    PlayerRecord,
    RatingView,
    all_ratings,
    ratings_for,
    record_of,
)
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game
from machiavelli.service.visibility import (
    GameView,
    LedgerView,
    OptionFlags,
    PhaseView,
    ScenarioView,
    StandingsView,
    Viewer,
    view,
)

T = TypeVar("T")


class Lookups:
    """The judge's doors that only look (see the module's docstring)."""

    db: Database

    def _read(self, name: str, act: Callable[[Session, Game], T]) -> T | Refused:
        raise NotImplementedError  # the judge's own: one reading transaction

    def standing_orders(self, name: str, viewer: Viewer, power: str
                        ) -> tuple[str, ...] | Refused:
        """``power``'s standing orders in force (its own player's and the master's to
        read: they are private), oldest first."""
        def find(session: Session, game: Game) -> tuple[str, ...] | Refused:
            found = _pending(session, game, viewer, power)
            if isinstance(found, Refused):
                return found
            kind, position = found
            if not isinstance(kind, StandingKind):
                return ()
            epoch = kind.epoch(position)
            return tuple(r.text for r in standing_orders.rows(session, game, power)
                         if r.year in (standing_orders.LASTING, epoch))
        return self._read(name, find)

    def game_kind(self, name: str) -> str | Refused:
        """The kind of game ``name`` is (``machiavelli``, ``princes``), so that a front end
        picks its pages before it reads the game."""
        return self._read(name, lambda session, game: games.kind_of(game).name)

    # -- the ratings (seed 000 XI: :mod:`machiavelli.service.ratings`) -----------
    def ratings(self) -> list[RatingView]:
        """Every rated player's rating, the best Skill Rating first."""
        with self.db.reading() as session:
            return all_ratings(session)

    def player_record(self, player: str) -> PlayerRecord | Refused:
        """``player``'s rating and finished games."""
        with self.db.reading() as session:
            found = record_of(session, player)
        return found if found is not None else Refused(
            f"{player} has finished no game here")

    def ratings_of(self, names: Sequence[str]) -> dict[str, RatingView]:
        """The ratings of those of ``names`` (players' names or users' mail addresses)
        who have one."""
        with self.db.reading() as session:
            return ratings_for(session, names)

    @staticmethod
    def ratings_chart() -> list[tuple[int, tuple[int, ...]]]:
        """The Ratings Chart: (powers finishing, points of each place, first to last)."""
        return chart()

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
            if not isinstance(kind, StandingKind):
                return kind.read(position, power, text)
            rest, _, refused = standing_orders.split(kind, position, power, text)
            reading = kind.read(position, power, rest)  # standing orders are kept apart
            return Reading(reading.lines, tuple(sorted([*reading.errors, *refused],
                                                       key=lambda e: e.line)), reading.notes)
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

    def ledgers(self, name: str, viewer: Viewer, phase: int) -> list[LedgerView] | Refused:
        """The ledgers of processed phase ``phase`` (1: the first) that ``viewer`` may
        read: a player its own power's, the master every power's, anyone else none."""
        return self._read(name, lambda s, g: _ledgers(s, g, viewer, phase))

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
    def rules() -> list[tuple[str, str, str, str]]:
        """Machiavelli's rule index: (section, id, text, source in 001) for every rule
        the checker's and the reports' reasons cite by id."""
        return fronts.rules()

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
    def standings(seen: GameView, position: object) -> StandingsView | None:
        """Every power's cities, provinces and units in ``position`` (the view's pending
        position, or a phase's), with the victory goal; None for a kind without them."""
        if seen.kind != MACHIAVELLI or position is None:
            return None
        return fronts.standings(_board(seen), position, seen.victory_cities)  # type: ignore[arg-type]

    @staticmethod
    def random_orders(seen: GameView, rng: random.Random) -> dict[str, list[str]]:
        """Random legal orders for every power of the viewed position, as lines."""
        return fronts.random_lines(_board(seen), seen.state, rng)


def _board(seen: GameView) -> fronts.Board:
    return fronts.board_of(seen.scenario, seen.players, seen.state.options)


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
    if game.kind != MACHIAVELLI:  # another kind draws its pending position itself
        if phase is not None:
            return Refused(f"{game.name}: no picture of a past phase for this kind of game")
        found = _position(session, game)
        if isinstance(found, Refused):
            return found
        kind, position = found
        return kind.picture(position, viewer.sight)
    seen = view(session, game, viewer, history=True, press=False)
    board = fronts.board_of(game.scenario, game.players, seen.state.options)
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


def _ledgers(session: Session, game: Game, viewer: Viewer, phase: int
             ) -> list[LedgerView] | Refused:
    """:meth:`Judge.ledgers`."""
    if games.kind_of(game).name != MACHIAVELLI:
        return []
    whole = view(session, game, Viewer.master(), history=True, press=False)
    if not 1 <= phase <= len(whole.history):
        return Refused(f"{game.name} has no processed phase {phase}")
    readable = [p for p in whole.powers if viewer.is_master or (
        viewer.role == "player" and viewer.may_see_power(p))]
    if not readable:
        return []
    before = whole.start_position if phase == 1 else whole.history[phase - 2].position
    after = whole.history[phase - 1].position
    if before is None or after is None:
        return []
    found = fronts.ledgers(fronts.board_of(game.scenario, game.players, before.options),
                           before, after,
                           whole.history[phase - 1].orders, game.seed, phase)
    return [ledger for ledger in found if ledger.power in readable]


def _results(session: Session, game: Game, phase: int) -> list[fronts.OrderResult]:
    """Every order processed in ``phase`` and how it ended (the picture shows the viewer
    its share), adjudicated again from the whole recorded position."""
    whole = view(session, game, Viewer.master(), history=True, press=False)
    before = whole.start_position if phase == 1 else whole.history[phase - 2].position
    if before is None:
        return []
    return fronts.results(fronts.board_of(game.scenario, game.players, before.options), before,
                          whole.history[phase - 1].orders, game.seed)
