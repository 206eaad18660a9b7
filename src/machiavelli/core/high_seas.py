"""Seed 003's High Seas ("Altomare", option ``high_seas``; BAR-14.3, BAR-1.4).

003 14.3: "There is an extra sea area, the High Seas ("Altomare"), which is connected to
every other sea area."  The space is board-independent: :func:`with_high_seas` adds it to
any board as the sea ``hs``, a fleet's step from every sea area of that board and from
nothing else (not a coastal province: 003 names sea areas only), with no city, no home
country and no strait.  Armies never reach it.  Nobody ever controls it (003 10 and 14.3).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from machiavelli.core.board import Board, Province
from machiavelli.core.board_index import PerBoard
from machiavelli.core.state import Unit

#: the High Seas' id on every board it is added to
HIGH_SEAS = "hs"
HIGH_SEAS_NAME = "High Seas"
#: the other names a player may write for it
HIGH_SEAS_ALIASES: tuple[str, ...] = ("high seas", "altomare", "the high seas")


def fleet_number(coast: str | None) -> int:
    """Which of a power's fleets on the High Seas a unit reference names (ruling A-25):
    ``F hs`` is ``F hs/1``, the first; ``F hs/2`` the second, in the order of the game's
    unit list.  The number rides in the reference's coast (the High Seas have none)."""
    return int(coast) if coast is not None and coast.isdigit() else 1


def fleet_coast(number: int) -> str | None:
    """The reference's coast for a power's ``number``-th fleet on the High Seas (the first
    is written plainly, ``F hs``)."""
    return None if number <= 1 else str(number)


def own_fleets(units: Sequence[Unit], power: str | None) -> list[int]:
    """The numbers (in ``units``) of ``power``'s fleets on the High Seas, in order."""
    return [i for i, u in enumerate(units) if u.province == HIGH_SEAS and u.owner == power]


def has_high_seas(board: Board) -> bool:
    """Whether the board holds the High Seas."""
    return HIGH_SEAS in board.provinces


def sea_areas(board: Board) -> tuple[str, ...]:
    """Every sea area of the board but the High Seas, in the board's order."""
    return tuple(p for p, prov in board.provinces.items() if prov.sea and p != HIGH_SEAS)


def with_high_seas(board: Board) -> Board:
    """The board with the High Seas added (the same board when it has them already).

    ``hs`` is fleet-adjacent to every sea area and to nothing else, both ways (BAR-14.3).
    The board made is kept: asked again for one board, the same object comes back (what
    is derived from a board, as its index, is kept per board object).
    """
    if has_high_seas(board):
        return board
    return _ADDED(board)


def board_in_play(board: Board, options: Mapping[str, bool]) -> Board:
    """The board a game with these options is played on: with the High Seas when the
    option ``high_seas`` is on, else the board itself."""
    return with_high_seas(board) if options.get("high_seas", False) else board


def _added(board: Board) -> Board:
    seas = sea_areas(board)
    provinces = dict(board.provinces)
    provinces[HIGH_SEAS] = Province(id=HIGH_SEAS, name=HIGH_SEAS_NAME, sea=True)
    fleet_adj = {
        loc: (near | {HIGH_SEAS}) if loc in seas else near
        for loc, near in board.fleet_adj.items()
    }
    fleet_adj[HIGH_SEAS] = frozenset(seas)
    aliases = dict(board.aliases)
    for name in (HIGH_SEAS, HIGH_SEAS_NAME.lower(), *HIGH_SEAS_ALIASES):
        aliases.setdefault(name, HIGH_SEAS)
    return dataclasses.replace(
        board, provinces=provinces, fleet_adj=fleet_adj, aliases=aliases
    )


_ADDED: PerBoard[Board] = PerBoard(_added)


__all__ = [
    "HIGH_SEAS",
    "HIGH_SEAS_ALIASES",
    "HIGH_SEAS_NAME",
    "board_in_play",
    "fleet_coast",
    "fleet_number",
    "own_fleets",
    "has_high_seas",
    "sea_areas",
    "with_high_seas",
]
