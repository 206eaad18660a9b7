"""Games: created from a scenario with its options, their settings, seats and the start.

A game is created ``forming`` (players join, naming the powers they would like, best
first) or started at once (the game master's CLI: the master plays every power).
Starting deals the powers to the players as the set-up's variant says (:func:`deal_sides`:
the kind's sides, one list of powers per player, ``"*"`` any power no side names; each
player in the order they joined gets the side holding the first power of their list, and
fills its free choices with the powers of their list still free, the others by lot with
the game's seed); a player dealt several powers holds one seat row per power, under the
same name.  Then it writes phase 0, the start position, with the game start's report
(starting treasuries).  Every function here works inside the caller's transaction and
returns a :class:`~machiavelli.service.refusal.Refused` for a request the rules turn
down; the caller (:class:`~machiavelli.service.judge.Judge`) commits or rolls back.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from sqlalchemy import select
from sqlalchemy.orm import Session

from machiavelli.service.kinds import MACHIAVELLI, kind_named
from machiavelli.service.port import GameKind, Position, Setup, Step
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import NAME, Game, Journal, Phase, Seat

ROLES = ("player", "observer", "master")
ANY_POWER = "*"  # in a side: any one power that no side names
_GAME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class DamagedGame(Exception):
    """A game's stored data fails its own checks (a checksum, a missing phase): our data,
    not a player's error, so processing stops with this message."""


@dataclass
class Settings:
    """A game's settings, stored as JSON in ``games.settings``.

    ``private``: not listed to those who are not in it.  ``invite_only``: players join
    only when a master seats them.  ``deadlines``, ``press``, ``draws`` and ``absence``:
    the policies of :mod:`machiavelli.service.house.deadlines`, ``press``, ``draws`` and
    ``absence`` as their ``to_dict`` gives them (empty: their defaults).  ``quorum``:
    the number of players the game starts with when fewer than its powers (nJudge's
    ``SET PLAYERS``); the powers nobody was dealt are then in civil disorder, open to a
    take-over.  ``quiet``: nJudge's ``SET QUIET`` (help file ``index``): abandonments,
    take-overs and the like are not announced to the other players and observers, and
    every absence moves the deadline (help file ``absence``).
    """

    private: bool = False
    invite_only: bool = False
    zone: str = "UTC"
    deadlines: dict[str, Any] = field(default_factory=dict)
    press: dict[str, Any] = field(default_factory=dict)
    draws: dict[str, Any] = field(default_factory=dict)
    absence: dict[str, Any] = field(default_factory=dict)
    absent: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # power -> absences
    quorum: int | None = None
    #: the observers and masters who asked for no broadcast press (``SET NO BROADCAST``)
    no_broadcast: list[str] = field(default_factory=list)
    quiet: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


@dataclass(frozen=True)
class NewGame:
    """What a game is made of: scenario, variant, options, dice seed, victory, settings."""

    name: str
    scenario: str
    players: int | None = None
    flags: tuple[str, ...] = ()
    seed: str | None = None
    victory_cities: int | None = None
    settings: Settings = field(default_factory=Settings)
    kind: str = MACHIAVELLI

    @property
    def setup(self) -> Setup:
        return Setup.recorded(self.scenario, self.players, self.flags, self.victory_cities,
                              self.seed or "")


# ----------------------------------------------------------------------
# The game's kind, and the positions kept in phase rows
# ----------------------------------------------------------------------
def kind_of(game: Game) -> GameKind:
    """The kind of game ``game`` is (its row's ``kind``)."""
    return kind_named(game.kind or MACHIAVELLI)


def setup_of(game: Game) -> Setup:
    """The set-up ``game``'s row records, as its kind reads positions in it."""
    return Setup.recorded(game.scenario, game.players, tuple(game.flags),
                          game.victory_cities, game.seed)


def checksum(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def row_checksum(state: str, report: str, private: dict[str, str]) -> str:
    """The SHA-256 of everything a phase row records."""
    return checksum("\0".join((state, report, json.dumps(private, sort_keys=True))))


def phase_state(game: Game, phase: Phase) -> Position:
    """The position a phase row holds, read back by the game's kind, after checking the
    row's checksum."""
    if row_checksum(phase.state, phase.report, phase.private) != phase.checksum:
        raise DamagedGame(f"phase {phase.number} ({phase.label}): the stored phase does not "
                          "match its checksum: it was changed outside the judge")
    try:
        return kind_of(game).load(phase.state, setup_of(game))
    except (ValueError, TypeError, KeyError, AttributeError) as err:
        raise DamagedGame(f"phase {phase.number}: not a valid position ({err})") from None


def phase_row(game: Game, number: int, position: Position, report: str,
              private: Mapping[str, str], now: datetime) -> Phase:
    """A new phase row: the position as the kind stores it, the public report and each
    seat's private part (Machiavelli: its treasury, loans and chits, its money orders,
    income and dice), as the kind wrote them."""
    kind = kind_of(game)
    text = kind.dump(position)
    return Phase(game_id=game.id, number=number, label=kind.label(position), state=text,
                 checksum=row_checksum(text, report, dict(private)), report=report,
                 private=dict(private), created_at=now, superseded_at=None)


def pending_position(session: Session, game: Game) -> Position:
    """The pending decision's position (the current phase row's)."""
    return phase_state(game, live_phase(session, game))


def live_phase(session: Session, game: Game, number: int | None = None) -> Phase:
    """The live phase row ``number`` (default: the current one)."""
    wanted = game.phase if number is None else number
    row = session.scalars(select(Phase).where(
        Phase.game_id == game.id, Phase.number == wanted,
        Phase.superseded_at.is_(None))).first()
    if row is None:
        raise DamagedGame(f"game {game.name}: phase {wanted} is missing")
    return row


def live_phases(session: Session, game: Game) -> list[Phase]:
    return list(session.scalars(select(Phase).where(
        Phase.game_id == game.id, Phase.superseded_at.is_(None)).order_by(Phase.number)))


def journal(session: Session, game: Game, who: str, what: str, now: datetime) -> None:
    session.add(Journal(game_id=game.id, at=now, who=who[:NAME], what=what))


# ----------------------------------------------------------------------
# Creating and starting
# ----------------------------------------------------------------------
def set_up(new: NewGame) -> Position | Refused:
    """The position ``new`` sets up with its options, before the game's start, or why not."""
    made = kind_named(new.kind).set_up(new.setup)
    return Refused(made) if isinstance(made, str) else made


def find_game(session: Session, name: str, *, lock: bool = False) -> Game | Refused:
    query = select(Game).where(Game.name == name)
    if lock:
        query = query.with_for_update()
    game = session.scalars(query).first()
    return game if game is not None else Refused(f"no game named {name!r}")


#: the bounds of a new game's numbers and seed, the same on every database
MAX_PLAYERS = 20
MAX_VICTORY_CITIES = 1000
MAX_SEED = 256


def new_game_problem(new: NewGame) -> Refused | None:
    """Why a new game's numbers or seed are out of bounds, or None."""
    if new.players is not None and not 1 <= new.players <= MAX_PLAYERS:
        return Refused(f"players: 1 to {MAX_PLAYERS}, not {_short(new.players)}")
    if new.victory_cities is not None and not 1 <= new.victory_cities <= MAX_VICTORY_CITIES:
        return Refused(f"victory cities: 1 to {MAX_VICTORY_CITIES}, not "
                       f"{_short(new.victory_cities)}")
    if new.seed is not None and len(new.seed) > MAX_SEED:
        return Refused(f"a seed of at most {MAX_SEED} characters, not {len(new.seed)}")
    return None


def _short(number: int) -> str:
    text = str(number) if abs(number) < 10**30 else f"a number of {len(str(abs(number)))} digits"
    return text


def create_game(session: Session, new: NewGame, *, master: str | None, start: bool,
                now: datetime) -> Game | Refused:
    """A new game (started at once when ``start``), its creator seated as master."""
    if not _GAME_NAME.fullmatch(new.name):
        return Refused(f"{new.name!r} is not a game name: letters, digits, '_', '.', '-', "
                       "up to 64")
    bounds = new_game_problem(new)
    if bounds is not None:
        return bounds
    made = set_up(new)
    if isinstance(made, Refused):
        return made
    if session.scalars(select(Game.id).where(Game.name == new.name)).first() is not None:
        return Refused(f"a game named {new.name!r} exists already")
    game = Game(name=new.name, kind=new.kind, scenario=new.scenario, players=new.players,
                seed=new.seed or secrets.token_hex(8), victory_cities=new.victory_cities,
                flags=list(new.flags), settings=new.settings.to_dict(), status="forming",
                phase=0, winners=[], outcome=None, clock={}, standing={}, votes={},
                created_at=now, updated_at=now)
    session.add(game)
    session.flush()
    if master is not None:
        session.add(Seat(game_id=game.id, user_id=None, name=master[:NAME], role="master",
                         power=None, preferences=[], joined_at=now))
    journal(session, game, master or "judge", f"created ({new.scenario})", now)
    if start:
        started = start_play(session, game, now)
        if isinstance(started, Refused):
            return started
    return game


def start_play(session: Session, game: Game, now: datetime) -> Step | Refused:
    """Deal the seats and write phase 0; the step's report is the game start's."""
    if game.status != "forming":
        return Refused(f"game {game.name} has started already")
    kind = kind_of(game)
    made = kind.new_game(setup_of(game))
    if isinstance(made, str):
        return Refused(made)
    powers = list(kind.seats(made.position))
    players = [s for s in seats(session, game) if s.role == "player"]
    dealt = deal_sides(powers, sides_of(game), [(s.name, s.preferences) for s in players],
                       game.seed)
    for seat in players:
        held = dealt.get(seat.name, [])
        if not held:
            continue
        seat.power = held[0]
        for other in held[1:]:  # one seat row per power, the same player's
            session.add(Seat(game_id=game.id, user_id=seat.user_id, name=seat.name,
                             role="player", power=other, preferences=list(seat.preferences),
                             joined_at=seat.joined_at, address=seat.address,
                             password_hash=seat.password_hash))
    taken = {p for held in dealt.values() for p in held}
    if Settings.from_dict(game.settings).quorum is not None:
        game.standing = {p: "civil disorder" for p in powers if p not in taken}
    session.add(phase_row(game, 0, made.position, made.report, made.private, now))
    game.status = "playing"
    game.phase = 0
    game.updated_at = now
    journal(session, game, "judge", "started", now)
    return made


def deal_powers(powers: list[str], players: list[tuple[str, list[str]]],
                seed: str) -> dict[str, str]:
    """One power each: each player, in the order they joined, gets the first power of
    their list still free; the others a free power drawn with the game's seed."""
    dealt = deal_sides(powers, [(p,) for p in powers], players, seed)
    return {name: held[0] for name, held in dealt.items()}


def deal_sides(powers: Sequence[str], sides: Sequence[Sequence[str]],
               players: Sequence[tuple[str, Sequence[str]]], seed: str
               ) -> dict[str, list[str]]:
    """The powers each player holds, as ``sides`` deal them (one list per player; a
    ``"*"`` is any one of ``powers`` that no side names).

    Each player, in the order they joined, takes the side that names the first power of
    their list still to be had (a side with a free choice, for a power no side names);
    the players left take the sides left, drawn with the game's seed.  Then the free
    choices are filled a round at a time, each player in turn taking the first power of
    their list still free, else one drawn.  A side nobody takes leaves its powers
    undealt (a game started with fewer players)."""
    draw = random.Random(f"{seed}/powers")
    named = {p for side in sides for p in side if p != ANY_POWER}
    pool = [p for p in powers if p not in named]
    free_sides = list(range(len(sides)))
    side_of: dict[str, int] = {}
    unplaced: list[str] = []
    for name, wanted in players:
        if not free_sides:
            break
        choice = None
        for power in wanted:
            choice = next((i for i in free_sides if power in sides[i]), None)
            if choice is None and power in pool:
                choice = next((i for i in free_sides if ANY_POWER in sides[i]), None)
            if choice is not None:
                break
        if choice is None:
            unplaced.append(name)
            continue
        side_of[name] = choice
        free_sides.remove(choice)
    for name in unplaced:
        if not free_sides:
            break
        choice = draw.choice(free_sides)
        side_of[name] = choice
        free_sides.remove(choice)
    dealt = {name: [p for p in sides[i] if p != ANY_POWER] for name, i in side_of.items()}
    rounds = max((list(side).count(ANY_POWER) for side in sides), default=0)
    wishes = dict(players)
    for round_ in range(rounds):
        for name, i in side_of.items():
            if list(sides[i]).count(ANY_POWER) <= round_ or not pool:
                continue
            picked = next((p for p in wishes.get(name, ()) if p in pool), None)
            if picked is None:
                picked = draw.choice(pool)
            dealt[name].append(picked)
            pool.remove(picked)
    return {name: dealt[name] for name, _ in players if name in dealt}


@runtime_checkable
class DealsSides(Protocol):
    """A kind whose set-ups may give a player several seats (Machiavelli's variants)."""

    def sides(self, setup: Setup) -> tuple[tuple[str, ...], ...]:
        ...


def sides_of(game: Game) -> list[tuple[str, ...]]:
    """What each player of ``game`` takes, as its kind deals a set-up (one seat each for a
    kind that says nothing of sides)."""
    return sides_in(kind_of(game), setup_of(game), lambda: powers_of(game))


def sides_in(kind: GameKind, setup: Setup, powers: Callable[[], Sequence[str]]
             ) -> list[tuple[str, ...]]:
    """The kind's sides for ``setup``, else one of ``powers()`` (asked only then) each."""
    if isinstance(kind, DealsSides):
        try:
            found = kind.sides(setup)
        except ValueError:
            found = ()
        if found:
            return [tuple(side) for side in found]
    return [(p,) for p in powers()]


def places_of(game: Game) -> int:
    """How many players ``game`` is played by (its variant's number of sides)."""
    return len(sides_of(game))


# ----------------------------------------------------------------------
# Seats
# ----------------------------------------------------------------------
def seats(session: Session, game: Game, *, present: bool = True) -> list[Seat]:
    query = select(Seat).where(Seat.game_id == game.id)
    if present:
        query = query.where(Seat.left_at.is_(None))
    return list(session.scalars(query.order_by(Seat.id)))


def seat_of(session: Session, game: Game, name: str) -> Seat | None:
    return next((s for s in seats(session, game) if s.name == name), None)


def player_of(session: Session, game: Game, power: str) -> Seat | None:
    return next((s for s in seats(session, game) if s.role == "player" and s.power == power),
                None)


def powers_of(game: Game) -> list[str]:
    """Every seat of ``game`` as its set-up deals them."""
    kind = kind_of(game)
    made = kind.set_up(setup_of(game))
    if isinstance(made, str):
        raise DamagedGame(f"{game.name}: {made}")
    return list(kind.seats(made))


def power_count(game: Game) -> int:
    return len(powers_of(game))


def join(session: Session, game: Game, name: str, role: str, preferences: list[str],
         now: datetime, *, by_master: bool = False, user_id: int | None = None) -> Seat | Refused:
    """Seat ``name`` in ``game`` as player (with the powers wanted), observer or master."""
    if role not in ROLES:
        return Refused(f"a role is player, observer or master, not {role!r}")
    if not name or len(name) > NAME:
        return Refused("a name of 1 to 64 characters is needed")
    if seat_of(session, game, name) is not None:
        return Refused(f"{name} has a seat in {game.name} already")
    if role == "master" and not by_master:
        return Refused("only a master seats another master")
    if role == "player":
        if game.status != "forming":
            return Refused(f"{game.name} has started: a power left by its player may be "
                           "taken over (takeover)")
        if Settings.from_dict(game.settings).invite_only and not by_master:
            return Refused(f"{game.name} is by invitation: a master seats its players")
        players = [s for s in seats(session, game) if s.role == "player"]
        if len(players) >= places_of(game):
            return Refused(f"{game.name} is full: its variant is played by "
                           f"{places_of(game)} players")
        powers = powers_of(game)
        wanted = []
        for written in preferences:
            power = power_of(game, powers, written)
            if isinstance(power, Refused):
                return power
            wanted.append(power)
        preferences = wanted
    seat = Seat(game_id=game.id, user_id=user_id, name=name, role=role, power=None,
                preferences=preferences if role == "player" else [], joined_at=now)
    session.add(seat)
    journal(session, game, name, f"joined as {role}", now)
    return seat


def set_preferences(session: Session, game: Game, name: str, preferences: list[str],
                    now: datetime) -> Seat | Refused:
    """A player of a forming game changes the powers it would like, best first."""
    seat = seat_of(session, game, name)
    if seat is None or seat.role != "player":
        return Refused(f"{name} is no player of {game.name}")
    if game.status != "forming":
        return Refused(f"the powers of {game.name} have been dealt already")
    powers = powers_of(game)
    wanted: list[str] = []
    for written in preferences:
        power = power_of(game, powers, written)
        if isinstance(power, Refused):
            return power
        if power not in wanted:
            wanted.append(power)
    seat.preferences = wanted
    game.updated_at = now
    return seat


@dataclass(frozen=True)
class Shape:
    """What a forming game is made of, which its master may still change."""

    scenario: str
    players: int | None
    flags: tuple[str, ...]
    victory_cities: int | None


def reshape(session: Session, game: Game, shape: Shape, now: datetime) -> Shape | Refused:
    """Change a forming game's scenario, variant, options or victory (checked as a new
    game would be)."""
    if game.status != "forming":
        return Refused(f"{game.name} has started: its variant and options are set")
    made = set_up(NewGame(game.name, shape.scenario, shape.players, shape.flags, game.seed,
                          shape.victory_cities, kind=game.kind))
    if isinstance(made, Refused):
        return made
    joined = len([s for s in seats(session, game) if s.role == "player"])
    kind = kind_named(game.kind)
    places = len(sides_in(kind, NewGame(game.name, shape.scenario, shape.players,
                                        shape.flags, kind=game.kind).setup,
                          lambda: kind.seats(made)))
    if joined > places:
        return Refused(f"{joined} players have joined {game.name}: more than its variant's "
                       f"{places}")
    game.scenario, game.players = shape.scenario, shape.players
    game.flags, game.victory_cities = list(shape.flags), shape.victory_cities
    game.updated_at = now
    return shape


def shape_of(game: Game) -> Shape:
    return Shape(game.scenario, game.players, tuple(game.flags), game.victory_cities)


def power_of(game: Game, powers: list[str], written: str) -> str | Refused:
    """The power ``written`` names in ``game``: in full, by a prefix, or by its letter."""
    return match_power(powers, written, kind_of(game).aliases(setup_of(game)))


def match_power(powers: list[str], written: str,
                letters: Mapping[str, str] | None = None) -> str | Refused:
    """A power named in full, by a prefix of two letters or more that fits only one, or
    by its letter on the board (``letters``: 004, "These letters are used for signing
    on": Milan I, Florence L)."""
    wanted = written.strip().lower()
    matches = [p for p in powers if p.lower() == wanted]
    if not matches and len(wanted) == 1 and letters:
        matches = [p for letter, p in letters.items() if letter.lower() == wanted and p in powers]
    if not matches and len(wanted) >= 2:
        matches = [p for p in powers if p.lower().startswith(wanted)]
    if len(matches) != 1:
        return Refused(f"unknown power {written!r}: the powers are {', '.join(powers)}")
    return matches[0]
