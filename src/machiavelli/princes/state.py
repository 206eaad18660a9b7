"""The position: plain dataclasses, copied whole by :func:`copy_state` so that ``apply`` is
pure (the caller's state is never changed)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .catalogue import Catalogue

Seat = str
Event = dict[str, Any]


class Illegal(ValueError):
    """An action the rules refuse; ``rule`` names the rule (``PR-AUC.6``)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"refused: {rule} {message}")
        self.rule = rule


class NotImplementedRule(Illegal):
    """A rule the engine does not implement yet: refused, never guessed."""


@dataclass
class Rules:
    players: int
    side: str = "A"                     # "A" normal game, "B" alternative game
    start: str = "auction"              # "auction" or "beginner"
    vp_fields: tuple[int, ...] = (10, 7, 5, 3, 2)
    money: str = "closed"

    def wars_per_decade(self, cat: Catalogue) -> int:
        return cat.rule("wars_small") if self.players <= 4 else cat.rule("wars_large")


@dataclass
class Holdings:
    family: str | None = None
    gold: int = 0
    influence: int = 0
    troops: list[str] = field(default_factory=list)
    city_tiles: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    traitors: list[str] = field(default_factory=list)
    triumphs: int = 0
    war_pay: int = 0
    used: list[str] = field(default_factory=list)
    baglioni_currency: str | None = None
    drawn: list[str] = field(default_factory=list)      # Bentivoglio: two cards to keep one of
    last_drawn: str | None = None


@dataclass
class Auction:
    kind: str                    # city | event | pope | condottiere
    item: str                    # tile id, event id, "pope", "attacker" | "defender"
    currency: str
    opener: Seat
    eligible: list[Seat]         # in turn order
    minimum: int = 0
    high: int | None = None
    leader: Seat | None = None
    passed: list[Seat] = field(default_factory=list)
    frozen: list[Seat] = field(default_factory=list)
    froze_this_turn: bool = False
    cardinal: list[Seat] = field(default_factory=list)
    to_act: Seat | None = None
    place_city: str | None = None   # a status event's placement, once won
    won: bool = False


@dataclass
class War:
    attacker: str
    defender: str
    started_by: Seat
    by_card: bool = False
    step: str = "reaction"
    reaction_round: int = 1
    answers: dict[Seat, dict[str, Any]] = field(default_factory=dict)
    weather: dict[str, int] = field(default_factory=dict)
    vetoed: bool = False
    condottiere: dict[str, Seat | None] = field(default_factory=dict)
    league: str | None = None
    league_seat: Seat | None = None
    bribed: list[list[str]] = field(default_factory=list)     # [seat, troop]
    bribe_queue: list[Seat] = field(default_factory=list)
    round: int = 0
    dice: list[int] = field(default_factory=list)             # this round's pair
    strengths: list[list[int]] = field(default_factory=list)
    outcome: str | None = None


@dataclass
class Pending:
    kind: str
    seats: tuple[Seat, ...]
    simultaneous: bool = False
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class State:
    rules: Rules
    catalogue: Catalogue
    seats: dict[Seat, Holdings]
    order: list[Seat]                        # turn order (set-up: join order)
    stage: str = "play"
    decade: int = 1
    turn: Seat = ""
    cannon: int = 0
    status: dict[str, int] = field(default_factory=dict)
    status_events: dict[str, list[str]] = field(default_factory=dict)
    events_open: list[str] = field(default_factory=list)
    events_later: dict[int, list[str]] = field(default_factory=dict)
    pope_holder: Seat | None = None
    display: dict[str, list[str]] = field(default_factory=dict)
    out_of_game: list[str] = field(default_factory=list)
    troop_supply: dict[str, int] = field(default_factory=dict)
    traitor_deck: list[str] = field(default_factory=list)
    traitor_discard: list[str] = field(default_factory=list)
    auction: Auction | None = None
    war: War | None = None
    pending: Pending = field(default_factory=lambda: Pending("none", ()))
    main_done: bool = False
    decade_ends: bool = False        # the last event of the decade was put up this turn
    war_by_card_done: bool = False
    queued_war: list[str] | None = None   # a Declaration of War for the end of the turn
    turn_closed: bool = False        # the end-of-turn window was answered
    compensation: Seat | None = None
    declared: bool = False           # Baglioni B's decade declaration asked this decade
    seed: str = "0"
    rolls: int = 0                   # dice rolled so far (the next roll's index)
    script: list[int] = field(default_factory=list)   # injected dice (tests), used first
    script_only: bool = False        # the injected dice are all there is (scenarios)
    shuffles: int = 0
    log: list[Event] = field(default_factory=list)
    last_war: dict[str, Any] | None = None
    final: dict[str, Any] | None = None
    # set-up
    join_order: list[Seat] = field(default_factory=list)
    bids: dict[Seat, int] = field(default_factory=dict)          # order bids, then family bids
    family_passed: list[Seat] = field(default_factory=list)      # in the order they passed
    tie_ranking: list[str] | None = None
    # the game's catalogue override (the scenario format's ``catalogue``), kept with the
    # position so that it is read back with it (:func:`~.serial.from_data`)
    catalogue_override: dict[str, Any] | None = None

    def holder(self, seat: Seat) -> Holdings:
        return self.seats[seat]

    def next_seat(self, seat: Seat) -> Seat:
        i = self.order.index(seat)
        return self.order[(i + 1) % len(self.order)]

    def from_seat(self, seat: Seat) -> list[Seat]:
        """All seats in turn order, starting with ``seat``."""
        i = self.order.index(seat)
        return self.order[i:] + self.order[:i]

    def note(self, event_type: str, **data: Any) -> None:
        self.log.append({"type": event_type, **data})


def copy_state(state: State) -> State:
    """A deep copy, except that the log's events (written once, never changed) are
    shared: copying the whole log at every action made a game quadratic in its length."""
    memo: dict[int, Any] = {id(state.log): list(state.log)}
    return copy.deepcopy(state, memo)
