"""What ``machiavelli bench`` measures on: random phases, a tiled board, the reference.

- :func:`random_position` and :func:`random_phases`: movement-phase positions
  with units placed at random and random legal orders (untimed);
- :func:`tiled_board`: several copies of a board side by side, for the scaling
  figures (hundreds of units on one board);
- :func:`campaign_phases`: the phases of random games of a scenario, money
  and all;
- :class:`Reference`: the same positions and orders in the `diplomacy`
  package, whose ``Game.process()`` the figures are compared with.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from machiavelli.core.board import Board, Province, Strait
from machiavelli.core.orders import Move, Order
from machiavelli.core.state import State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.game.random_orders import random_orders
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.random_moves import random_phase_orders
from machiavelli.text.notation import format_order

Orders = dict[str, list[Order]]


@dataclass(frozen=True)
class Phase:
    """A movement phase to adjudicate: the position, its orders and their text."""

    name: str
    board: Board
    state: State
    orders: Orders
    texts: dict[str, str]


def random_position(
    board: Board,
    template: State,
    units: int,
    rng: random.Random,
    provinces: Sequence[str] | None = None,
) -> State:
    """A movement-phase position with ``units`` armies, fleets and garrisons placed at random.

    Units are placed in ``provinces`` (default: the whole board).
    """
    powers = template.powers
    garrisons = template.option("garrisons", default=not template.option("diplomacy"))
    placed: list[Unit] = []
    free = sorted(provinces if provinces is not None else board.provinces)
    rng.shuffle(free)
    for prov_id in free:
        if len(placed) >= units:
            break
        prov = board.provinces[prov_id]
        if not prov.sea and not board.army_adj.get(prov_id) and not board.is_coastal(prov_id):
            continue  # impassable
        owner = rng.choice(powers)
        if prov.sea:
            placed.append(Unit("F", owner, prov_id))
            continue
        locations = board.fleet_locations(prov_id)
        if locations and (rng.random() < 0.3 or prov.venice):
            coast = locations[0].split("/", 1)[1] if "/" in locations[0] else None
            placed.append(Unit("F", owner, prov_id, coast))
        elif board.army_adj.get(prov_id):
            placed.append(Unit("A", owner, prov_id))
        if (garrisons and prov.garrisonable and not prov.venice and len(placed) < units
                and rng.random() < 0.3):
            placed.append(Unit("G", owner, prov_id))
    return replace(template.copy(), units=placed, phase="movement", season="spring",
                   dislodged=[], contested=[])


def random_phases(
    board: Board, template: State, count: int, seed: int, units: tuple[int, int] = (14, 38)
) -> list[Phase]:
    """``count`` random positions (``units`` from ... to, 26 on average) with random orders."""
    rng = random.Random(seed)
    phases = []
    for n in range(count):
        state = random_position(board, template, rng.randint(*units), rng)
        orders = random_phase_orders(board, state, rng)
        phases.append(_phase(f"random {seed}.{n + 1}", board, state, orders))
    return phases


def _phase(name: str, board: Board, state: State, orders: Orders) -> Phase:
    texts = {power: "\n".join(format_order(o) for o in seq) for power, seq in orders.items()}
    return Phase(name, board, state, orders, texts)


def tile(pid: str, k: int) -> str:
    """Province ``pid`` of copy ``k`` of a tiled board."""
    return pid if k == 0 else f"{pid}{k}"


def tiled_board(board: Board, copies: int) -> Board:
    """``copies`` copies of ``board`` side by side (province ``lon`` of copy 3 is ``lon3``).

    The copies are not joined: the scaling figures ask for many units on one
    board, not for new geography.  The powers are the board's own.
    """

    def place(location: str, k: int) -> str:
        pid, slash, coast = location.partition("/")
        return tile(pid, k) + slash + coast

    provinces: dict[str, Province] = {}
    army_adj: dict[str, frozenset[str]] = {}
    fleet_adj: dict[str, frozenset[str]] = {}
    straits: list[Strait] = []
    for k in range(copies):
        for pid, prov in board.provinces.items():
            name = prov.name if k == 0 else f"{prov.name} {k}"
            provinces[tile(pid, k)] = replace(prov, id=tile(pid, k), name=name)
        for pid, near in board.army_adj.items():
            army_adj[tile(pid, k)] = frozenset(tile(q, k) for q in near)
        for loc, near in board.fleet_adj.items():
            fleet_adj[place(loc, k)] = frozenset(place(q, k) for q in near)
        straits += [Strait((place(s.ends[0], k), place(s.ends[1], k)), tile(s.controller, k),
                           s.mach2) for s in board.straits]
    return Board(
        name=f"{board.name}x{copies}",
        title=f"{board.title}, {copies} copies",
        powers=dict(board.powers),
        provinces=provinces,
        army_adj=army_adj,
        fleet_adj=fleet_adj,
        straits=tuple(straits),
        aliases={pid: pid for pid in provinces},
    )


def tiled_phases(
    board: Board, template: State, copies: int, used: int, per_copy: int, count: int, seed: int
) -> list[Phase]:
    """Positions on ``copies`` copies of a board, ``per_copy`` units on each of ``used``
    copies, with random orders.  The copies used turn from one position to the next, so
    that positions of few units stand all over the board as those of many do."""
    tiled = tiled_board(board, copies)
    start = replace(template, board=tiled.name)
    rng = random.Random(seed)
    phases = []
    for n in range(count):
        units: list[Unit] = []
        for k in (n * used + j for j in range(used)):
            provinces = [tile(p, k % copies) for p in board.provinces]
            units += random_position(tiled, start, per_copy, rng, provinces).units
        state = replace(start.copy(), units=units)
        orders = random_phase_orders(tiled, state, rng)
        phases.append(_phase(f"tiled {n + 1}", tiled, state, orders))
    return phases


@dataclass(frozen=True)
class CampaignPhase:
    state: State
    orders: Orders
    seed: str


def campaign_phases(scenario: str, games: int, phases: int, seed: int) -> list[CampaignPhase]:
    """Every phase of ``games`` random games of ``scenario`` (money orders and all)."""
    recorded: list[CampaignPhase] = []
    for g in range(games):
        board, state = load_scenario(scenario)
        rng = random.Random(f"{seed}-{g}")
        for n in range(phases):
            orders = random_orders(board, state, rng)
            recorded.append(CampaignPhase(state, orders, f"{seed}-{g}-{n}"))
            done = adjudicate(board, state, orders, recorded[-1].seed)
            if done.winners:
                break
            state = done.after
    return recorded


# ----------------------------------------------------------------------
# The reference: the `diplomacy` package
# ----------------------------------------------------------------------
_ALIASES = {"NOR": "NWY"}  # our Norway is the diplomacy package's NWY


def diplomacy_place(text: str) -> str:
    """A location as the `diplomacy` package names it: ``"stp/sc"`` -> ``"STP/SC"``."""
    province, slash, coast = text.upper().partition("/")
    return _ALIASES.get(province, province) + slash + coast


def diplomacy_order(order: Order) -> str:
    """An order as the `diplomacy` package writes it: ``"A LON - NWY VIA"``."""
    words = format_order(order).split()
    if isinstance(order, Move) and order.convoy:
        words = words[:-2] + ["VIA"]  # "via convoy"
    return " ".join(w if w in ("-", "H", "S", "C", "VIA") or len(w) == 1 else diplomacy_place(w)
                    for w in words)


class Reference:
    """The `diplomacy` package's ``Game``, set up with our positions and orders."""

    def __init__(self) -> None:
        self.module: Any = importlib.import_module("diplomacy")

    @staticmethod
    def available() -> bool:
        try:
            importlib.import_module("diplomacy")
        except ImportError:
            return False
        return True

    def game(self, state: State, orders: Mapping[str, Sequence[Order]]) -> tuple[Any, int]:
        """A game in this position with these orders set, and how many orders it took."""
        game = self.module.Game()
        game.clear_units()
        season = "S" if state.season == "spring" else "F"
        game.set_current_phase(f"{season}{state.year}M")
        by_power: dict[str, list[str]] = {p.upper(): [] for p in game.powers}
        for u in state.units:
            if u.owner is not None:
                unit = f"{u.kind} {diplomacy_place(u.location)}"
                by_power.setdefault(u.owner.upper(), []).append(unit)
        for power, units in by_power.items():
            game.set_units(power, units, reset=True)
        taken = 0
        for power, seq in orders.items():
            game.set_orders(power.upper(), [diplomacy_order(o) for o in seq])
            taken += len(game.get_orders(power.upper()))
        return game, taken
