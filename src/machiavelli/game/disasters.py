"""Famine, plague and storms (001 Adjustment phases 1, Movement phases 1, steps h-k).

One procedure picks the places a disaster strikes (:func:`strike`, FAM-SEV,
PLG-2, ruling "ambiguity 7" in docs/rulings.md):

1. the *severity*: 2d6, read with the judge's coded values (FAM-SEV-1..4,
   FAM-SEV-TN): 2-3 no disaster, 4 or 6 a good year (row only), 5 or 7 a good
   year (column only), 8-12 a bad year (row and column).  Under ``mach2`` the
   judge rolls one die instead: 1 none, 2-3 row only, 4-5 column only, 6 row
   and column;
2. a row and/or a column, each its own 2d6 (row first);
3. every province named in the whole row, in the whole column, or in both
   (the cross of the row and the column), on the disaster's 11 x 11 table of the
   board (``famine_table``, ``plague_table``, ``storm_table``).  Famine and
   plague strike only land, storms only seas.

What each disaster does:

- :func:`famine` (step k after fall, the adjustment phase's famine step 1):
  markers in ``state.famine`` for the year to come, but where seed 003's Abundance
  markers (``state.abundance``, BAR-12.2) spare a province; those markers then all go;
  the famine markers cut income
  (FAM-D, FAM-E, :mod:`machiavelli.money.income`) and builds (FAM-B) and are lifted by
  famine relief (EXP-A, :mod:`machiavelli.money.expenses`);
- :func:`famine_removals` (step h2, after the spring campaign): every unit in a
  famine province, garrisons included, is eliminated (FAM-A), control stays as
  it is (FAM-C); then every marker goes: the famine has done its harm;
- :func:`plague` (summer, before orders, PLG-1..4): every unit in a plagued
  province and its city is eliminated, nothing stays on the map, then control
  adjudication 6 (CTRL-6);
- :func:`storms` (step j after fall): fleets in the struck seas sink, then
  control adjudication 7 (CTRL-7).

Every die goes through ``dice.roll`` with its purpose ("famine severity",
"famine row", "famine column", "plague ...", "storm ...").  Rebellions are
not units: no disaster touches them (000, Effects of rebellions 4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.dice import Dice
from machiavelli.core.state import State, Unit
from machiavelli.movement.control import update_control

Disaster = Literal["famine", "plague", "storm"]
Band = Literal["none", "row", "column", "row and column"]
Table = tuple[tuple[str | None, ...], ...]

# FAM-SEV-1..4 with the judge's values (FAM-SEV-TN): 2d6 total -> band.
SEVERITY: dict[int, Band] = {
    2: "none",
    3: "none",
    4: "row",
    6: "row",
    5: "column",
    7: "column",
    **{total: "row and column" for total in range(8, 13)},
}
# The judge's Machiavelli 2 coding: one die (ruling "ambiguity 7").
SEVERITY_MACH2: dict[int, Band] = {
    1: "none",
    2: "row",
    3: "row",
    4: "column",
    5: "column",
    6: "row and column",
}
KIND_NAMES = {"A": "army", "F": "fleet", "G": "garrison"}
TITLES: dict[Disaster, str] = {"famine": "Famine", "plague": "Plague", "storm": "Storm"}


# -- options ------------------------------------------------------------------------------


def _dice_on(state: State) -> bool:
    """Random events are on (``dice``; off by default in Diplomacy).  ``nodice`` turns
    famine, plague and storms off (FLAG-DICE-1; nJudge clears storms too)."""
    return state.options.get("dice", not state.option("diplomacy"))


def famine_in_play(state: State) -> bool:
    """``famine`` (on by default except in Diplomacy, FLAG-FAMINE, FLAG-DEF-*)."""
    return state.options.get("famine", not state.option("diplomacy")) and _dice_on(state)


def plague_in_play(state: State) -> bool:
    """``plague`` (off by default, FLAG-PLAGUE)."""
    return state.option("plague") and _dice_on(state)


def storms_in_play(state: State) -> bool:
    """``storm`` (off by default, FLAG-STORM)."""
    return state.option("storm") and _dice_on(state)


# -- the shared procedure ------------------------------------------------------------------


def severity_band(total: int, mach2: bool = False) -> Band:
    """The band of a severity roll: 2d6 total (FAM-SEV-1..4), or one die under ``mach2``."""
    bands = SEVERITY_MACH2 if mach2 else SEVERITY
    if total not in bands:
        raise ValueError(f"no severity band for a roll of {total}")
    return bands[total]


def table_of(board: Board, disaster: Disaster) -> Table:
    return {
        "famine": board.famine_table,
        "plague": board.plague_table,
        "storm": board.storm_table,
    }[disaster]


def cells(table: Table, row: int | None, column: int | None) -> set[str]:
    """The provinces named in the row and/or the column (2d6 totals 2..12)."""
    named: list[str | None] = []
    if row is not None:
        named.extend(table[row - 2])
    if column is not None:
        named.extend(line[column - 2] for line in table)
    return {p for p in named if p}


@dataclass(frozen=True, slots=True)
class Strike:
    """What one severity roll and its row/column rolls struck."""

    disaster: Disaster
    severity: tuple[int, ...]
    band: Band
    row: int | None = None
    column: int | None = None
    provinces: tuple[str, ...] = ()  # board order

    def describe(self, board: Board) -> list[str]:
        shown = " + ".join(str(d) for d in self.severity)
        total = sum(self.severity)
        head = f"{TITLES[self.disaster]} roll {shown}" + (
            f" = {total}" if len(self.severity) > 1 else ""
        )
        if self.band == "none":
            return [f"{head}: no disaster."]
        if self.band == "row":
            what = f"a good year, row {self.row} only"
        elif self.band == "column":
            what = f"a good year, column {self.column} only"
        else:
            what = f"a bad year, row {self.row} and column {self.column}"
        names = ", ".join(board.display_name(p) for p in self.provinces)
        struck = f"{TITLES[self.disaster]} strikes {names}." if names else (
            f"{TITLES[self.disaster]} strikes no province."
        )
        return [f"{head}: {what}.", struck]


def strike(board: Board, state: State, dice: Dice, disaster: Disaster) -> Strike:
    """Roll the severity and the row and/or column of a disaster (FAM-SEV, PLG-2)."""
    mach2 = state.option("mach2")
    severity = dice.roll(1 if mach2 else 2, f"{disaster} severity")
    band = severity_band(sum(severity), mach2)
    row = sum(dice.roll(2, f"{disaster} row")) if band in ("row", "row and column") else None
    column = (
        sum(dice.roll(2, f"{disaster} column")) if band in ("column", "row and column") else None
    )
    hit = cells(table_of(board, disaster), row, column)
    at_sea = disaster == "storm"
    where = board.provinces
    provinces = tuple(_in_board_order(
        board, [p for p in hit if p in where and where[p].sea == at_sea]))
    return Strike(disaster, severity, band, row, column, provinces)


def _in_board_order(board: Board, provinces: Iterable[str]) -> list[str]:
    """Provinces of the board in the board's order."""
    return sorted(provinces, key=_ORDER(board).__getitem__)


def _order(board: Board) -> dict[str, int]:
    return {p: i for i, p in enumerate(board.provinces)}


_ORDER: PerBoard[dict[str, int]] = PerBoard(_order)


# -- eliminations --------------------------------------------------------------------------


def describe_unit(board: Board, unit: Unit) -> str:
    kind = KIND_NAMES[unit.kind]
    if unit.special:
        kind = f"{unit.special.replace('_', ' ')} {kind}"
    where = board.display_name(unit.province)
    if unit.owner is None:
        return f"the autonomous {kind} in {where}"
    return f"{unit.owner}'s {kind} in {where}"


def _eliminate(
    board: Board, state: State, doomed: list[Unit], how: str
) -> tuple[State, list[str]]:
    gone = {id(u) for u in doomed}  # the very objects of state.units
    kept = [u for u in state.units if id(u) not in gone]
    events = [f"{_capital(describe_unit(board, u))} is {how}." for u in doomed]
    return state.with_units(kept), events


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


# -- the four steps ------------------------------------------------------------------------


def famine(board: Board, state: State, dice: Dice) -> tuple[State, list[str]]:
    """Step k after fall: roll the famine and mark the provinces struck (FAM-1, FAM-SEV).

    The markers join ``state.famine`` (after the spring removals the list is empty,
    so these are the coming year's).  Nothing happens with famine off or on a
    board without a famine table.
    """
    if not famine_in_play(state) or not board.famine_table:
        return (state.but(abundance=[]) if state.abundance else state), []
    hit = strike(board, state, dice, "famine")
    where = board.provinces
    spared = set(state.abundance)  # seed 003's Abundance markers (BAR-12.2)
    markers = _in_board_order(board, {p for p in [*state.famine, *hit.provinces]
                                       if p in where and p not in spared})
    events = hit.describe(board) + [
        f"The Abundance marker in {board.display_name(p)} spares it from famine (BAR-12.2)."
        for p in _in_board_order(board, spared & set(hit.provinces))]
    if spared:
        return state.but(famine=markers, abundance=[]), events
    return state.but(famine=markers), events


def famine_removals(board: Board, state: State) -> tuple[State, list[str]]:
    """Step h2 after the spring campaign: famine eliminates units, then its markers go.

    Every unit in a famine province or its city is eliminated, autonomous garrisons
    included (FAM-A); control does not change (FAM-C).  The markers are removed
    (the famine has run its year: nJudge does the same).  Markers that famine
    relief lifted earlier are already gone.  Works whether the option is on or
    not: markers on the map are a famine in effect.
    """
    if not state.famine:
        return state, []
    famished = set(state.famine)
    doomed = [u for u in state.units if u.province in famished]
    new, events = _eliminate(board, state, doomed, "eliminated by famine")
    return new.but(famine=[]), events


def plague(board: Board, state: State, dice: Dice) -> tuple[State, list[str]]:
    """The summer plague, before orders (PLG-1..4), then control adjudication 6.

    Only in the summer (a game without summer has no plague); nothing with
    plague off or on a board without a plague table, nor before the year the
    scenario lets plague begin (``Board.plague_from``).  No marker stays (PLG-3), but
    under seed 003's ``bar``: its markers (``State.plague``) stay until the Summer
    campaign ends, and kill the units then there too (BAR-2.5, BAR-17.4,
    :mod:`machiavelli.game.bar_campaign`).
    """
    if not plague_in_play(state) or state.season != "summer" or not board.plague_table:
        return state, []
    if board.plague_from is not None and state.year < board.plague_from:
        return state, []
    hit = strike(board, state, dice, "plague")
    events = hit.describe(board)
    struck = set(hit.provinces)
    doomed = [u for u in state.units if u.province in struck]
    new, deaths = _eliminate(board, state, doomed, "eliminated by plague")
    if state.option("bar") and struck:  # seed 003: the markers stay all Summer (BAR-2.5)
        new = new.but(plague=_in_board_order(board, struck | set(state.plague)))
    return update_control(board, new), events + deaths  # CTRL-6


def storms(board: Board, state: State, dice: Dice) -> tuple[State, list[str]]:
    """Step j after fall: fleets in the seas a storm strikes sink, then control adjudication 7.

    The storm is rolled like famine (severity, then row and/or column) on the
    board's storm table (nJudge's procedure; 001 gives only the flag).  Nothing
    with storms off or on a board without a storm table.
    """
    if not storms_in_play(state) or not board.storm_table:
        return state, []
    hit = strike(board, state, dice, "storm")
    events = hit.describe(board)
    struck = set(hit.provinces)
    doomed = [u for u in state.units if u.kind == "F" and u.province in struck]
    new, deaths = _eliminate(board, state, doomed, "sunk by the storm")
    return update_control(board, new), events + deaths  # CTRL-7


__all__ = [
    "SEVERITY",
    "SEVERITY_MACH2",
    "Strike",
    "cells",
    "describe_unit",
    "famine",
    "famine_in_play",
    "famine_removals",
    "plague",
    "plague_in_play",
    "severity_band",
    "storms",
    "storms_in_play",
    "strike",
    "table_of",
]
