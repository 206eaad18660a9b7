"""A tiny board and a fake adjudicator for the case-file tests.

They let the reader, writer, checker and command be tested without the real
map, parser or resolver.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from machiavelli.cases.engine import Engine
from machiavelli.core.board import Board, City, Province
from machiavelli.core.orders import Hold, Move, Order, UnitRef
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import Dislodged, PhaseKind, State


def _sym(pairs: list[tuple[str, str]]) -> dict[str, frozenset[str]]:
    adj: dict[str, set[str]] = {}
    for a, b in pairs:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return {k: frozenset(v) for k, v in adj.items()}


def tiny_board(name: str = "classic") -> Board:
    """Genoa (port city), Milan (city), Modena, Pisa (port), Venice, the Ligurian Sea,
    and Spain with two coasts."""
    fortified = City("fortified", port=False, income=1)
    port = City("fortified", port=True, income=1)
    provinces = {
        "gen": Province("gen", "Genoa", False, home="M", city=port),
        "mil": Province("mil", "Milan", False, home="M", city=fortified),
        "mod": Province("mod", "Modena", False),
        "pis": Province("pis", "Pisa", False, home="F", city=port),
        "ven": Province("ven", "Venice", False, home="V", city=port, venice=True),
        "lig": Province("lig", "Ligurian Sea", True),
        "spa": Province("spa", "Spain", False, coasts=("nc", "sc")),
    }
    army = _sym(
        [
            ("gen", "mil"),
            ("gen", "mod"),
            ("mil", "mod"),
            ("mod", "pis"),
            ("gen", "pis"),
            ("mod", "ven"),
            ("mil", "ven"),
            ("gen", "spa"),
        ]
    )
    fleet = _sym(
        [("gen", "lig"), ("pis", "lig"), ("gen", "pis"), ("lig", "spa/sc"), ("ven", "ven")]
    )
    aliases = {}
    for pid, p in provinces.items():
        aliases[pid] = pid
        aliases[p.name.lower()] = pid
    return Board(
        name=name,
        title="tiny",
        powers={"M": "Milan", "F": "Florence", "V": "Venice"},
        provinces=provinces,
        army_adj=army,
        fleet_adj=fleet,
        aliases=aliases,
    )


@dataclass
class FakeSubmission:
    orders: list[Order] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def fake_parse_orders(text: str, board: Board, state: State, power: str) -> FakeSubmission:
    """Reads only ``A gen-mod`` / ``A gen - mod`` and ``A gen H``."""
    sub = FakeSubmission()
    for line in text.splitlines():
        m = re.fullmatch(r"\s*([AFG])\s+(\w+)(?:/\w\w)?\s*(?:-\s*(\w+)|(H|hold))\s*", line, re.I)
        if m is None:
            sub.errors.append(f"cannot read {line.strip()!r}")
            continue
        src = board.lookup(m.group(2))
        if src is None:
            sub.errors.append(f"unknown place in {line.strip()!r}")
            continue
        unit = UnitRef(m.group(1).upper(), src)  # type: ignore[arg-type]
        dest = board.lookup(m.group(3)) if m.group(3) else None
        sub.orders.append(Move(unit, dest) if dest else Hold(unit))
    return sub


def fake_movement(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]]
) -> Adjudication:
    """Just enough movement for the tests: two moves to one place bounce (and
    contest it); a move onto a unit that does not move away dislodges it when the
    mover's power has more units on the board than the occupant's, else bounces."""
    moves: dict[str, tuple[str, Move]] = {}
    results: list[OrderResult] = []
    targets: dict[str, int] = {}
    for power, os in orders.items():
        for o in os:
            if isinstance(o, Move):
                moves[o.unit.province] = (power, o)
                targets[o.dest] = targets.get(o.dest, 0) + 1
            else:
                results.append(OrderResult(power, o, "succeeds"))
    units = list(state.units)
    dislodged: list[Dislodged] = []
    contested: list[str] = []
    for src, (power, o) in moves.items():
        occupant = state.unit_in(o.dest, garrison=False)
        strong = len(state.units_of(power)) > (
            len(state.units_of(occupant.owner)) if occupant else 0
        )
        if targets[o.dest] > 1:
            results.append(OrderResult(power, o, "bounced"))
            contested.append(o.dest)
            continue
        if occupant is not None and (o.dest not in moves) and not strong:
            results.append(OrderResult(power, o, "bounced"))
            continue
        if occupant is not None and o.dest not in moves:
            units.remove(occupant)
            dislodged.append(Dislodged(occupant, src))
        mover = next(u for u in units if u.province == src and u.kind == o.unit.kind)
        units[units.index(mover)] = replace(mover, province=o.dest)
        results.append(OrderResult(power, o, "succeeds"))
    phase: PhaseKind = "retreat" if dislodged else "movement"
    new = replace(
        state,
        units=units,
        dislodged=dislodged,
        contested=contested if dislodged else [],
        phase=phase,
    )
    return Adjudication(new, results)


def fake_retreats(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]]
) -> Adjudication:
    units = list(state.units)
    results: list[OrderResult] = []
    for power, os in orders.items():
        for o in os:
            if isinstance(o, Move):
                d = next((d for d in state.dislodged if d.unit.province == o.unit.province), None)
                if d and o.dest not in state.contested and o.dest != d.attacker_from:
                    units.append(replace(d.unit, province=o.dest))
                    results.append(OrderResult(power, o, "succeeds"))
                else:
                    results.append(OrderResult(power, o, "fails"))
    return Adjudication(replace(state, units=units, dislodged=[], contested=[]), results)


def fake_engine(board: Board | None = None) -> Engine:
    b = board or tiny_board()
    return Engine(
        load_board=lambda name: replace(b, name=name),
        parse_orders=fake_parse_orders,
        resolvers={
            "movement": fake_movement,
            "retreat": fake_retreats,
            "adjustment": fake_retreats,
        },
    )
