"""Starting positions: read a scenario file (TOML) into a board and its first State.

Scenario files live in ``machiavelli/data/scenarios/<name>.toml``.  The format, also
written at the top of every file::

    board = "classic"                 # data/maps/<board>.toml
    title = "Machiavelli 1454: Balance of Power"
    year = 1454
    season = "spring"                 # spring | summer | fall | winter
    phase = "movement"                # movement | retreat | adjustment

    [options]                         # State.options
    famine = true

    [powers.Venice]                   # one table per power in play, in play order
    units = ["F dal", "A pad", "G ven"]   # A army / F fleet in the province proper,
                                          # G garrison in its city; "F stp/sc" for a
                                          # fleet in a province with coasts
    owns = ["ber", "bre"]             # provinces controlled without a unit there

    [autonomous]
    units = ["G fer", "G gen"]        # autonomous garrisons (no owner)

A power controls every province where it has a unit or that it owns, and the city in
each; its home country is the board's provinces with its home letter.  Treasuries are
not part of the format yet.  A problem raises :class:`ScenarioError` naming the file,
the entry and the problem.
"""

from __future__ import annotations

import functools
import os
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, cast

from machiavelli.board import Board, BoardError, space_of
from machiavelli.maps import load_board
from machiavelli.state import SEASONS, PhaseKind, Season, State, Unit, UnitKind

PHASES: tuple[PhaseKind, ...] = ("movement", "retreat", "adjustment")
TOP_KEYS = frozenset(
    {"board", "title", "year", "season", "phase", "options", "powers", "autonomous"}
)
_NAME = re.compile(r"[a-z0-9_]+")
_UNIT = re.compile(r"([AFG])\s+([a-z]{3})(?:/([a-z]{2}))?")


class ScenarioError(BoardError):
    """A scenario file is wrong: names the file, the entry and the problem."""


def load_scenario(name: str) -> tuple[Board, State]:
    """The board and a fresh starting State of ``data/scenarios/<name>.toml``."""
    board, state = _load_packaged(name)
    return board, state.copy()


def load_scenario_file(path: str | os.PathLike[str]) -> tuple[Board, State]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{p}: cannot read: {exc}") from exc
    return parse_scenario(text, str(p))


def available_scenarios() -> list[str]:
    folder = resources.files("machiavelli").joinpath("data", "scenarios")
    return sorted(f.name[: -len(".toml")] for f in folder.iterdir() if f.name.endswith(".toml"))


@functools.cache
def _load_packaged(name: str) -> tuple[Board, State]:
    if not _NAME.fullmatch(name):
        raise ScenarioError(f"{name!r}: not a scenario name")
    res = resources.files("machiavelli").joinpath("data", "scenarios", f"{name}.toml")
    if not res.is_file():
        known = ", ".join(available_scenarios()) or "none"
        raise ScenarioError(f"{name}.toml: no such scenario (available: {known})")
    return parse_scenario(res.read_text(encoding="utf-8"), f"{name}.toml")


def parse_scenario(text: str, source: str) -> tuple[Board, State]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: TOML syntax error: {exc}") from exc
    return _ScenarioReader(source).read(data)


class _ScenarioReader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, entry: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: {entry}: {problem}")

    def read(self, data: dict[str, Any]) -> tuple[Board, State]:
        unknown = sorted(set(data) - TOP_KEYS)
        if unknown:
            raise self.fail("(top level)", f"unknown key {unknown[0]!r}")
        board_name = data.get("board")
        if not isinstance(board_name, str):
            raise self.fail("board", "missing (the name of a board)")
        try:
            board = load_board(board_name)
        except BoardError as exc:
            raise self.fail("board", str(exc)) from exc
        year = data.get("year")
        if not isinstance(year, int) or isinstance(year, bool):
            raise self.fail("year", f"must be a whole number, not {year!r}")
        season = data.get("season")
        if season not in SEASONS:
            raise self.fail("season", f"must be one of {', '.join(SEASONS)}, not {season!r}")
        phase = data.get("phase")
        if phase not in PHASES:
            raise self.fail("phase", f"must be one of {', '.join(PHASES)}, not {phase!r}")
        options = self.options(data.get("options", {}))
        state = State(
            board=board.name,
            year=year,
            season=cast(Season, season),
            phase=cast(PhaseKind, phase),
            options=options,
        )
        powers = data.get("powers")
        if not isinstance(powers, dict) or not powers:
            raise self.fail("powers", "missing (one table per power)")
        known = set(board.powers.values())
        for power, raw in powers.items():
            entry = f"powers.{power}"
            if power not in known:
                raise self.fail(entry, f"not a power of board {board.name!r}")
            table = self.table(entry, raw, {"units", "owns"})
            state.powers.append(power)
            letter = next(k for k, v in board.powers.items() if v == power)
            state.home[power] = [p for p, prov in board.provinces.items() if prov.home == letter]
            for unit in self.units(board, f"{entry}.units", table.get("units", []), power):
                state.units.append(unit)
                self.control(board, state, entry, unit.province, power)
            for pid in self.strings(f"{entry}.owns", table.get("owns", [])):
                if pid not in board.provinces or board.provinces[pid].sea:
                    raise self.fail(f"{entry}.owns", f"{pid!r} is not a land province")
                self.control(board, state, entry, pid, power)
        auto = self.table("autonomous", data.get("autonomous", {}), {"units"})
        for unit in self.units(board, "autonomous.units", auto.get("units", []), None):
            if unit.kind != "G":
                raise self.fail("autonomous.units", "autonomous units are garrisons (G)")
            state.units.append(unit)
        self.check_spaces(board, state)
        return board, state

    def table(self, entry: str, raw: object, allowed: set[str]) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(entry, f"must be a table, not {raw!r}")
        unknown = sorted(set(raw) - allowed)
        if unknown:
            raise self.fail(entry, f"unknown key {unknown[0]!r}")
        return raw

    def strings(self, entry: str, raw: object) -> list[str]:
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self.fail(entry, f"must be a list of strings, not {raw!r}")
        return list(raw)

    def options(self, raw: object) -> dict[str, bool]:
        if not isinstance(raw, dict):
            raise self.fail("options", f"must be a table, not {raw!r}")
        table: dict[str, Any] = raw
        for key, value in table.items():
            if not isinstance(value, bool):
                raise self.fail(f"options.{key}", f"must be true or false, not {value!r}")
        return dict(table)

    def units(self, board: Board, entry: str, raw: object, owner: str | None) -> list[Unit]:
        out: list[Unit] = []
        for spec in self.strings(entry, raw):
            m = _UNIT.fullmatch(spec.strip())
            if not m:
                example = '"A gen", "F cro/nc" or "G ven"'
                raise self.fail(entry, f"{spec!r}: expected a unit such as {example}")
            kind, pid, coast = cast(UnitKind, m[1]), m[2], m[3]
            prov = board.provinces.get(pid)
            if prov is None:
                raise self.fail(entry, f"{spec!r}: unknown province {pid!r}")
            if kind == "F":
                location = f"{pid}/{coast}" if coast else pid
                if location not in board.fleet_adj:
                    raise self.fail(entry, f"{spec!r}: a fleet cannot stand at {location!r}")
            elif coast:
                raise self.fail(entry, f"{spec!r}: only a fleet names a coast")
            elif kind == "A":
                if prov.sea or (not board.army_adj.get(pid) and not board.fleet_locations(pid)):
                    raise self.fail(entry, f"{spec!r}: an army cannot stand in {pid!r}")
            elif not prov.garrisonable:
                raise self.fail(entry, f"{spec!r}: {pid!r} has no fortified city")
            out.append(Unit(kind, owner, pid, coast))
        return out

    def control(self, board: Board, state: State, entry: str, pid: str, power: str) -> None:
        other = state.province_owner.get(pid)
        if other is not None and other != power:
            raise self.fail(entry, f"{pid!r} is already controlled by {other}")
        state.province_owner[pid] = power
        if board.provinces[pid].city is not None:
            state.city_owner[pid] = power

    def check_spaces(self, board: Board, state: State) -> None:
        seen: dict[str, Unit] = {}
        for unit in state.units:
            space = space_of(board, unit.province, unit.kind == "G")
            if space in seen:
                first = seen[space]
                entry = f"powers.{unit.owner}" if unit.owner else "autonomous"
                raise self.fail(
                    entry,
                    f"{unit.kind} {unit.location} and {first.kind} {first.location} "
                    f"({first.owner or 'autonomous'}) share one space",
                )
            seen[space] = unit
